"""Ceki's lines of the simulator's report: how the hands were won (plain, double, triple)."""
from __future__ import annotations

from cekidesk.engine.core import HandResult
from cekidesk.engine.stats import SimSummary, count_details, drawn_lines, pct, won_lines

from .rules import WIN_DOUBLE, WIN_PLAIN, WIN_TRIPLE


def statistics(s: SimSummary) -> list[str]:
    lines = won_lines(s)
    kinds = count_details(s.results, "win_kind")
    if kinds:
        order = [WIN_PLAIN, WIN_DOUBLE, WIN_TRIPLE]
        names = order + sorted(k for k in kinds if k not in order)
        n_wins = sum(s.wins)
        lines.append("win kinds: " + ", ".join(f"{k} {kinds.get(k, 0)} ({pct(kinds.get(k, 0), n_wins)})"
                                               for k in names))
    # why a hand was drawn: "exhausted" (the stock ran out), "no_draw" (the bound on turns without
    # a stock draw)
    return lines + drawn_lines(s)

#: the win kinds, by what the winning card was (see ``rules``): the player's statistics count them
WIN_KINDS = (WIN_PLAIN, WIN_DOUBLE, WIN_TRIPLE)


def win_kind(result: HandResult, seat: int) -> str | None:
    """The kind of ``seat``'s win (plain, double, triple); None if it did not win the hand."""
    return result.details.get("win_kind") if seat in result.winners else None
