"""What the searching players need of Pèi (:class:`~cekidesk.engine.search.SearchHooks`).

* The **playout policy** plays a hand out fast and plausibly, from the acting player's own cards and
  the table only: play the hand card that captures the most (a card's value, more for a card of a
  combination), or, when nothing captures, the card worth least; of several pool cards of the rank,
  capture the one worth most.
* The **evidence** the Expert reads (:class:`PeiEvidence`): a rank that lay in the pool all the
  time between two of the Expert's turns, while an opponent played without capturing anything, is
  probably a rank that opponent does not hold (playing it would have captured).  A hand only
  shrinks in Pèi (drawn cards go to the pool), so what they did not hold then they do not hold now.
  Imagined deals that give them such a rank are less likely.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from cekidesk.engine.cards import ALL_KINDS, Kind
from cekidesk.engine.core import Action, GameState, HandResult, View
from cekidesk.engine.search import SearchHooks

from . import bot
from .rules import (
    _CAPTURE,
    _DRAW,
    _PLAY,
    _VALUE,
    COMBO_CARDS,
    PHASE_CAPTURE,
    PHASE_DRAW,
    PHASE_PLAY,
    PeiState,
    PeiView,
    rank_of,
)

#: what a card is worth to the playout policy: its value, more when it belongs to a combination
_COMBO = {k for cards in COMBO_CARDS.values() for k in cards}
_WORTH = tuple(_VALUE[k] + (10 if k in _COMBO else 0) for k in range(len(ALL_KINDS)))
#: how much less likely an imagined deal is for each rank an opponent holds against the evidence
HELD_ANYWAY = 0.3
#: what finishing first is worth beside the points (the stakes pay the winner most)
WIN_BONUS = 20.0


def playout(state: GameState, rng: random.Random) -> Action:
    """The playout policy (see the module docstring)."""
    s = cast(PeiState, state)
    p = s.current
    phase = s.phase
    if phase == PHASE_DRAW:
        return _DRAW[p]
    pool, rank = s.pool, s.rank
    if phase == PHASE_CAPTURE:
        bucket = pool[rank[s.pending % 30]]
        return _CAPTURE[p][max((u % 30 for u in bucket), key=_WORTH.__getitem__)]
    best_k, best = -1, -1
    low_k, low = -1, 99
    for u in s.hands[p]:
        k = u % 30
        bucket = pool[rank[k]]
        if bucket:
            gain = _WORTH[k] + max(_WORTH[c % 30] for c in bucket)
            if gain > best:
                best_k, best = k, gain
        elif _WORTH[k] < low:
            low_k, low = k, _WORTH[k]
    return _PLAY[p][best_k if best_k >= 0 else low_k]


def plausible(view: View) -> list[Action]:
    """A beginner's moves: a card that captures whenever one does (any capture, not the best)."""
    v = cast(PeiView, view)
    if v.phase != PHASE_PLAY:
        return list(v.legal)
    ranks = {rank_of(k, v.options) for k in v.pool}
    captures = [a for a in v.legal if a.card is not None and rank_of(cast(Kind, a.card), v.options) in ranks]
    return captures or list(v.legal)


def rank(view: View) -> Sequence[tuple[Action, float]]:
    return bot.scores(cast(PeiView, view))


def utility(result: HandResult, seat: int) -> float:
    """The seat's points over the table's average, and a bonus for finishing first."""
    pts = result.points
    return pts[seat] - sum(pts) / len(pts) + (WIN_BONUS if seat in result.winners else 0.0)


class PeiEvidence:
    """See the module docstring."""

    def __init__(self) -> None:
        self._last: PeiView | None = None
        self.lacks: dict[int, set[int]] = {}   # opponent → ranks they probably do not hold

    def observe(self, view: View) -> None:
        v = cast(PeiView, view)
        last = self._last
        if last is None or v.turn < last.turn or v.dealer != last.dealer or v.roles != last.roles:
            self.lacks = {}   # a new hand
            last = None
        if v.phase != PHASE_PLAY or v.current != v.viewer:
            return
        if last is not None:
            self._read(v, last)
        self._last = v

    def _read(self, v: PeiView, last: PeiView) -> None:
        opts = v.options
        ranks_then = {rank_of(k, opts) for k in last.pool}
        ranks_now = {rank_of(k, opts) for k in v.pool}
        taken = set()
        for q in range(v.n_players):
            for k in v.captured[q][len(last.captured[q]):]:
                taken.add(rank_of(k, opts))
        steady = (ranks_then & ranks_now) - taken
        if not steady:
            return
        for q in range(v.n_players):
            if q != v.viewer and len(v.captured[q]) == len(last.captured[q]) and v.hand_counts[q] < last.hand_counts[q]:
                self.lacks.setdefault(q, set()).update(steady)

    def weight(self, state: GameState) -> float:
        s = cast(PeiState, state)
        w = 1.0
        rank = s.rank
        for q, ranks in self.lacks.items():
            held = {rank[u % 30] for u in s.hands[q]}
            for _ in held & ranks:
                w *= HELD_ANYWAY
        return w


def reasons(view: View, action: Action) -> tuple[tuple[str, dict], ...]:
    """Why ``action`` is good, in Pèi's terms (for the hint)."""
    v = cast(PeiView, view)
    card = cast(Kind | None, action.card)   # a Pèi action names a Ceki kind, or none (a draw)
    if card is None:
        return ()
    opts = v.options
    r = rank_of(card, opts)
    out: list[tuple[str, dict]] = []
    if action.verb == "capture":
        # the pool card worth most: the heuristic's first capture
        best = next((a for a, _score in bot.scores(v) if a.verb == "capture"), None)
        if best == action:
            out.append(("pei.capture", {"kind": card.code}))
    elif any(rank_of(k, opts) == r for k in v.pool):
        out.append(("pei.captures", {"kind": card.code}))
    else:
        pool_ranks = {rank_of(k, opts) for k in v.pool}
        if not any(rank_of(k, opts) in pool_ranks for k in v.hand):
            # nothing captures: the card the heuristic lays first is the one that costs least
            first = bot.scores(v)[0][0]
            out.append(("pei.lays", {"kind": card.code}) if first == action else
                       ("pei.nothing_captures", {}))
        same = sum(1 for k in v.hand if rank_of(k, opts) == r)
        if same > 1:
            out.append(("pei.keeps_rank", {"n": same - 1}))
    return tuple(out) + _combo_reasons(v, _gained(v, action))


def _gained(v: PeiView, action: Action) -> frozenset[Kind]:
    """The cards ``action`` surely brings into the viewer's captures: a chosen capture and the card
    that makes it, or a card played onto the one pool kind of its rank (with several kinds the
    choice comes later, so none is sure)."""
    card = cast(Kind, action.card)
    if action.verb == "capture":
        return frozenset(k for k in (card, v.pending) if k is not None)
    r = rank_of(card, v.options)
    matches = {k for k in v.pool if rank_of(k, v.options) == r}
    return frozenset({card, *matches}) if len(matches) == 1 else frozenset()


def _combo_reasons(v: PeiView, gained: frozenset[Kind]) -> tuple[tuple[str, dict], ...]:
    """What the ``gained`` cards do to the combinations: complete one of the viewer's
    (``pei.completes``), or bring it to two of its three cards (``pei.combo``: ``n`` of ``of``) —
    the one that gains most —, and take a card an opponent lacks to complete one (``pei.denies``)."""
    mine = set(v.captured[v.viewer])
    best: tuple[tuple[int, int], tuple[str, dict]] | None = None
    denied: list[tuple[str, dict]] = []
    for code, base in COMBO_CARDS.items():
        if not gained & set(base):
            continue
        before = sum(k in mine for k in base)
        after = sum(k in mine or k in gained for k in base)
        if before < after and after >= 2:
            done = after == len(base)
            reason = ("pei.completes", {"combo": code}) if done else \
                ("pei.combo", {"combo": code, "n": after, "of": len(base)})
            if best is None or (done, after) > best[0]:
                best = ((done, after), reason)
        if not denied and any(len(lack := set(base) - set(v.captured[q])) == 1 and lack <= gained
                              for q in range(v.n_players) if q != v.viewer):
            denied.append(("pei.denies", {"combo": code}))
    return ((best[1],) if best else ()) + tuple(denied)


HOOKS = SearchHooks(playout=playout, rank=rank, utility=utility, evidence=PeiEvidence, reasons=reasons,
                    plausible=plausible, beginner_mistakes=1.0,
                    steps_per_second=285_000.0, world_cost=10, clone_cost=40)

__all__ = ["HOOKS", "PeiEvidence", "plausible", "playout", "rank", "reasons", "utility"]
