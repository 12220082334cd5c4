"""Ce Pe's lines of the simulator's report: how hands ended (last standing, instant win, a loss
before a redeal), the eliminations (per seat, and who went out first … last), the hand lengths in
turns and the stock rebuilds."""
from __future__ import annotations

from collections import Counter

from cekidesk.engine.core import HandResult
from cekidesk.engine.stats import SimSummary, count_details, other_outcome_lines, pct, won_lines


def _spread(values: list[int]) -> str:
    """"mean m, median x, p95 y, max z" of ``values``."""
    if not values:
        return "-"
    ordered = sorted(values)
    at = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return f"mean {sum(ordered) / len(ordered):.1f}, median {at(0.5)}, p95 {at(0.95)}, max {ordered[-1]}"


def statistics(s: SimSummary) -> list[str]:
    lines = won_lines(s)
    reasons = count_details(s.results, "reason")
    lines.append("hands ended by: " + ", ".join(f"{k} {v} ({pct(v, s.rounds)})" for k, v in sorted(reasons.items())))
    per_seat: Counter = Counter()
    by_place: list[Counter] = []
    for r in s.results:
        for i, p in enumerate(r.details["order"]):
            per_seat[p] += 1
            while len(by_place) <= i:
                by_place.append(Counter())
            by_place[i][p] += 1
    total = sum(per_seat.values())
    lines.append(f"eliminations: {total} ({total / s.rounds:.2f} per hand); per seat: "
                 + ", ".join(f"{p} {per_seat[p]}" for p in range(s.n_players)))
    for i, c in enumerate(by_place):
        lines.append(f"  out {i + 1}{'st' if i == 0 else 'nd' if i == 1 else 'rd' if i == 2 else 'th'}: "
                     + ", ".join(f"seat {p} {c[p]}" for p in range(s.n_players)))
    lines.append("hand length (turns): " + _spread([r.details["turns"] for r in s.results]))
    shuffles = [r.details["reshuffles"] for r in s.results]
    rebuilt = sum(1 for x in shuffles if x)
    lines.append(f"stock rebuilt: {_spread(shuffles)}; hands with a rebuild {rebuilt} ({pct(rebuilt, s.rounds)})")
    return lines + other_outcome_lines(s, ("win", "loss"))

#: how a hand is won: the last player left in, or an instant win (the rule set's exact count)
WIN_KINDS = ("last_standing", "instant_win")


def win_kind(result: HandResult, seat: int) -> str | None:
    """How ``seat`` won the hand (None: it did not; a loss before a redeal is nobody's win)."""
    return str(result.details.get("reason")) if seat in result.winners else None
