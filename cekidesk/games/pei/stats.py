"""Pèi's lines of the simulator's report: every hand is scored, so the report gives the mean points,
the pot left in the middle and how often each scoring combination was made."""
from __future__ import annotations

from collections import Counter

from cekidesk.engine.core import HandResult
from cekidesk.engine.stats import SimSummary, other_outcome_lines, pct


def statistics(s: SimSummary) -> list[str]:
    means = "  ".join(f"seat {p} {s.points[p] / s.rounds:.1f}" for p in range(s.n_players))
    lines = [
        "wins: hands as the top scorer (ngeté)",
        f"mean points per hand: {means}",
        f"pot at the end: {s.pot} (payments + pot = {sum(s.payments) + s.pot})",
    ]
    combos: Counter = Counter()
    for res in s.results:
        for arrangement in res.details.get("arrangements", ()):
            for combo in arrangement.get("combos", ()):
                combos[combo[0]] += 1
    if combos:
        seat_hands = s.rounds * s.n_players
        parts = [f"{code} {n} ({pct(n, seat_hands)})" for code, n in
                 sorted(combos.items(), key=lambda kv: (-kv[1], kv[0]))]
        lines.append("combinations per player-hand: " + ", ".join(parts))
    return lines + other_outcome_lines(s, ("scored",))

#: every round ranks all three players: the place is what the player's statistics count (the ngeté
#: is the round's winner)
WIN_KINDS = ("ngete", "tengah", "kete")


def win_kind(result: HandResult, seat: int) -> str | None:
    """``seat``'s place in the round: ngeté (the top score, the winner), tengah or kete."""
    ranking = result.details.get("ranking", ())
    return WIN_KINDS[ranking.index(seat)] if seat in ranking else None
