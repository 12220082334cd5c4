"""Statistics over finished hands, for the simulator's report (no Qt, no game).

The simulator (:mod:`cekidesk.sim`) plays a match and hands a :class:`SimSummary` to the game's
``Game.statistics`` hook, which returns the report's lines about the hands (win kinds, scoring
combinations …).  A game without a hook gets :func:`outcome_lines`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .protocol import HandResult


@dataclass
class SimSummary:
    """What a simulated match produced: the results of its hands and the totals per seat."""

    game_id: str
    n_players: int
    rounds: int
    results: Sequence[HandResult]
    wins: list[int]
    points: list[int]
    payments: list[int]
    pot: int = 0
    outcomes: Counter = field(default_factory=Counter)


def pct(part: int, whole: int) -> str:
    """``part`` as a percentage of ``whole`` with one decimal ("-" when ``whole`` is 0)."""
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def count_details(results: Sequence[HandResult], key: str) -> Counter:
    """How often each value of ``details[key]`` occurs in ``results`` (hands without it are skipped)."""
    out: Counter = Counter()
    for res in results:
        value = res.details.get(key)
        if value is not None:
            out[value] += 1
    return out


def won_lines(s: SimSummary) -> list[str]:
    """"hands won: …" — the hands someone won."""
    n_wins = sum(s.wins)
    return [f"hands won: {n_wins} ({pct(n_wins, s.rounds)})"]


def drawn_lines(s: SimSummary, ordinary: Sequence[str] = ("win", "draw")) -> list[str]:
    """"drawn hands: …" (with the game's ``drawn_by`` codes) and any outcome not in ``ordinary``."""
    drawn = [r for r in s.results if not r.winners]
    why_count = count_details(drawn, "drawn_by")
    why = ", ".join(f"{k} {v}" for k, v in sorted(why_count.items()))
    lines = [f"drawn hands: {len(drawn)} ({pct(len(drawn), s.rounds)})" + (f"; why: {why}" if why else "")]
    return lines + other_outcome_lines(s, ordinary)


def other_outcome_lines(s: SimSummary, ordinary: Sequence[str]) -> list[str]:
    other = {k: v for k, v in s.outcomes.items() if k not in ordinary}
    if not other:
        return []
    return ["other outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(other.items()))]


def outcome_lines(s: SimSummary) -> list[str]:
    """The generic report lines: hands won, drawn hands (and why), other outcomes."""
    return won_lines(s) + drawn_lines(s)
