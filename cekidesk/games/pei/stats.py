"""Pèi's lines of the simulator's report: every hand is scored, so the report gives the mean points,
the pot left in the middle and how often each scoring combination was made."""
from __future__ import annotations

from collections import Counter

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
