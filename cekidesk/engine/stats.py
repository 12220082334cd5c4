"""Statistics over finished hands, for the simulator's report (no Qt, no game).

The simulator (:mod:`cekidesk.sim`) plays a match and hands a :class:`SimSummary` to the game's
``Game.statistics`` hook, which returns the report's lines about the hands (win kinds, scoring
combinations …).  A game without a hook gets :func:`outcome_lines`.
"""
from __future__ import annotations

import marshal
import zlib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

from .protocol import Data, HandResult

#: one result as plain values: outcome, points, winners, details
_Row = tuple[str, tuple[int, ...], tuple[int, ...], Data]


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


class CompactResults(Sequence[HandResult]):
    """Every hand's result of a long simulation, held in little memory: the results are kept as plain
    values (``marshal``, which keeps tuples tuples) in zlib-compressed blocks of :attr:`BLOCK` hands
    and made into :class:`HandResult` again when read, so 5,000 hands of a game with rich details
    cost a few hundred kilobytes instead of tens of megabytes.  Reading is sequential-friendly (one
    block is unpacked at a time) and gives equal, not identical, objects.  In memory only, never
    written to a file."""

    BLOCK = 256

    def __init__(self) -> None:
        self._blocks: list[bytes] = []
        self._open: list[_Row] = []
        self._cached: tuple[int, list[HandResult]] | None = None

    def append(self, result: HandResult) -> None:
        self._open.append((result.outcome, tuple(result.points), tuple(result.winners), result.details))
        if len(self._open) == self.BLOCK:
            self._blocks.append(zlib.compress(marshal.dumps(self._open), 6))
            self._open = []

    def __len__(self) -> int:
        return len(self._blocks) * self.BLOCK + len(self._open)

    def _block(self, b: int) -> list[HandResult]:
        raw: list[_Row]
        if b == len(self._blocks):
            raw = self._open
        elif self._cached is not None and self._cached[0] == b:
            return self._cached[1]
        else:
            raw = marshal.loads(zlib.decompress(self._blocks[b]))
        out = [HandResult(outcome, points, winners, details) for outcome, points, winners, details in raw]
        if b < len(self._blocks):
            self._cached = (b, out)
        return out

    @overload
    def __getitem__(self, i: int) -> HandResult: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[HandResult]: ...

    def __getitem__(self, i: int | slice) -> HandResult | Sequence[HandResult]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("result index out of range")
        return self._block(i // self.BLOCK)[i % self.BLOCK]

    def __iter__(self) -> Iterator[HandResult]:
        for b in range(len(self._blocks) + 1):
            yield from self._block(b)


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
