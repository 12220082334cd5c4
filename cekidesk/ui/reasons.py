"""Why a computer player chose its move, in one line for the hint (a placeholder: the wording of the
reasons' codes lands with the games' texts)."""
from __future__ import annotations

from collections.abc import Callable, Sequence


def describe_reasons(reasons: Sequence[tuple[str, dict]], namer: Callable[[str], str]) -> str:
    """One line saying why, from a decision's ``reasons``; "" when there is nothing to say."""
    return ""
