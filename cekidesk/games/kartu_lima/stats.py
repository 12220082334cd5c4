"""Kartu Lima's lines of the simulator's report: streaks (the winners' runs of hands in a row: 1
banjiran, 2 mbanjir, 3 and more ladhu), instant wins and *mraji papat*, roosters that killed, how
often the last trick was led with a *dika* (what *pethitan* pays on), and the pot at the end."""
from __future__ import annotations

from collections import Counter

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import HandResult
from cekidesk.engine.stats import SimSummary, count_details, other_outcome_lines, pct, won_lines

from .rules import DIKA, GROUP_NAME, streak_name


def streak_lengths(winners: list[int]) -> Counter:
    """How many runs of each length the sequence of hand winners holds."""
    runs: Counter = Counter()
    length = 0
    for i, w in enumerate(winners):
        length = length + 1 if i and winners[i - 1] == w else 1
        if i == len(winners) - 1 or winners[i + 1] != w:
            runs[length] += 1
    return runs


def statistics(s: SimSummary) -> list[str]:
    lines = won_lines(s)
    winners = [r.details["winner"] for r in s.results]
    runs = streak_lengths(winners)
    if runs:
        lines.append("streaks (hands in a row): " + ", ".join(f"{n} {c}" for n, c in sorted(runs.items())))
        reached = Counter(streak_name(min(n, 3)) for n, c in runs.items() for _ in range(c))
        lines.append("longest name reached: " + ", ".join(f"{k} {reached.get(k, 0)}"
                                                          for k in ("banjiran", "mbanjir", "ladhu")))
    instant = count_details(s.results, "instant")
    papat = sum(1 for r in s.results if r.details.get("papat") is not None)
    lines.append("instant wins: " + (", ".join(f"{k} {v} ({pct(v, s.rounds)})" for k, v in sorted(instant.items()))
                                     or "none") + f"; mraji papat {papat} ({pct(papat, s.rounds)})")
    kills = sum(len(r.details.get("kills", ())) for r in s.results)
    if any("roosters" in r.details for r in s.results):
        lines.append(f"roosters that killed: {kills}")
    dika_last = sum(1 for r in s.results if r.details.get("last_lead")
                    and GROUP_NAME[Kind.parse(r.details["last_lead"])] == DIKA)
    lines.append(f"last trick led with a dika: {dika_last} ({pct(dika_last, s.rounds)})")
    lines.append(f"pot at the end: {s.pot} (payments + pot = {sum(s.payments) + s.pot})")
    return lines + other_outcome_lines(s, ("win",))

#: how a hand is won: the fifth trick, the fifth trick after showing *mraji papat*, or at once with a
#: dealt hand (the ``instant`` codes)
WIN_KINDS = ("trick", "papat", "five_myriads", "five_cina_cilik")


def win_kind(result: HandResult, seat: int) -> str | None:
    """How ``seat`` won the hand (None: it did not)."""
    d = result.details
    if d.get("winner") != seat:
        return None
    if d.get("instant"):
        return str(d["instant"])
    return "papat" if d.get("papat") == seat else "trick"
