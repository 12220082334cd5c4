"""The Balik Satu family's lines of the simulator's report (``cekidesk-sim --game balik-satu`` and
each family game): how the hands were won (on one's own draw, a *sampei* claim, a discard taken, a
dealt hand — *kandang tangan*), from which source, replays; the calls of the winners (*tan* /
*ceki*) and the *ayam* / *kandang* bonuses; the build-up items' totals; the scores and payments."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from cekidesk.engine.core import HandResult
from cekidesk.engine.stats import SimSummary, count_details, drawn_lines, pct, won_lines


def statistics(s: SimSummary) -> list[str]:
    won = [r for r in s.results if r.details.get("winner") is not None]   # replays too
    lines = won_lines(s)
    how = count_details([r for r in won if r.winners], "how")
    lines.append("wins by: " + (", ".join(f"{k} {v} ({pct(v, s.rounds)})" for k, v in sorted(how.items()))
                                or "none")
                 + f"; kandang tangan (dealt) {how.get('dealt', 0)}")
    replays = sum(1 for r in won if r.details.get("replay"))
    lines.append(f"replays (a turned yu card): {replays} ({pct(replays, s.rounds)})")
    calls = Counter(r.details.get("call") or "none" for r in won if not r.details.get("replay"))
    lines.append("winner's call: " + ", ".join(f"{k} {v}" for k, v in sorted(calls.items())))
    items: Counter = Counter()
    counted: Counter = Counter()
    for r in won:
        for code, points in r.details.get("score", ()):
            items[code] += points
            counted[code] += 1
    if items:
        lines.append("score items (hands, points): " + ", ".join(
            f"{k} {counted[k]}/{items[k]}" for k in sorted(items)))
    if "ayam" in counted or "kandang" in counted:
        lines.append(f"ayam {counted.get('ayam', 0)}, kandang {counted.get('kandang', 0)}")
    totals = [r.details.get("total", 0) for r in won if not r.details.get("replay")]
    if totals:
        lines.append(f"score per won hand: mean {sum(totals) / len(totals):.2f}, max {max(totals)}")
    tokens = count_details(won, "tokens")
    if tokens:
        lines.append("tokens: " + ", ".join(f"{k} {v}" for k, v in sorted(tokens.items())))
    lines.append("points per seat: " + " ".join(str(p) for p in s.points))
    lines.append("payments per seat: " + " ".join(str(p) for p in s.payments)
                 + (f"; pot at the end: {s.pot}" if s.pot else ""))
    # a replayed hand is nobody's win and no drawn hand either: it is counted above
    return lines + drawn_lines(replace(s, results=[r for r in s.results if r.outcome != "replay"]),
                               ("win", "draw", "replay"))

#: how a hand is won: on one's own stock draw, a *sampèi* claim of another player's stock draw, on a
#: discard (claimed or taken), or dealt (*kandang tangan*)
WIN_KINDS = ("self", "claim", "discard", "dealt")


def win_kind(result: HandResult, seat: int) -> str | None:
    """How ``seat`` won the hand (None: it did not; a replay is nobody's win)."""
    if seat not in result.winners:
        return None
    d = result.details
    if d.get("how") in ("self", "dealt"):
        return str(d["how"])
    return "discard" if d.get("how") == "take" or d.get("source") == "discard" else "claim"
