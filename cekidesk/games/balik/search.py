"""What the searching players need of the Balik Satu family (:class:`~cekidesk.engine.search.SearchHooks`).

* The **playout policy** plays a hand out in microseconds from the acting player's own cards and
  the pile only: it wins, claims and calls whenever it may; it takes the discard when the card
  finishes a set of its group (or, in the *metu* games, wins), else draws; it throws a card of a
  group that is furthest from a set (a lone card first; among those, the kind it holds fewest of,
  so pairs of one kind stay for a mata); a caller throws the card just drawn if that keeps the
  wait, else the first discard that does.
* ``rank`` is the Normal bot's scoring; ``reasons`` name the move in the family's codes
  (``balik.*``).
"""
from __future__ import annotations

import random
from typing import cast

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, GameState, View
from cekidesk.engine.search import SearchHooks

from . import bot
from .rules import (
    _DISCARD,
    _SIMPLE,
    CALL,
    CLAIM,
    DISCARD,
    DRAW,
    GOT_PILE,
    GOT_STOCK,
    NO_CALL,
    PHASE_CALL,
    PHASE_CLAIM,
    PHASE_DRAW,
    TAKE,
    WIN,
    BalikState,
    BalikView,
    shape_of,
)

_DRAW_A, _TAKE_A, _WIN_A = _SIMPLE[DRAW], _SIMPLE[TAKE], _SIMPLE[WIN]
_CALL_A, _CLAIM_A, _PASS_A = _SIMPLE[CALL], _SIMPLE[CLAIM], _SIMPLE["pass"]


def playout(state: GameState, rng: random.Random) -> Action:
    """The playout policy (see the module docstring)."""
    s = cast(BalikState, state)
    phase = s.phase
    if phase == PHASE_CLAIM:
        return s.legal_actions(s.claimer)[0]          # claim when it may, else pass
    p = s.current
    if phase == PHASE_CALL:
        return _CALL_A[p]
    if phase == PHASE_DRAW:
        return _draw_or_take(s, p)
    if s._may_win(p):
        return _WIN_A[p]
    return _DISCARD[p][_throw(s, p)]


def _draw_or_take(s: BalikState, p: int) -> Action:
    if not s.pile or s.throwers[-1] == p:
        return _DRAW_A[p]
    t = s.pile[-1] % 30
    shp = s.shape
    counts = s.counts[p]
    g = shp.group[t]
    total = 0
    for k in shp.members[g]:
        total += counts[k]
    if total % shp.s != shp.s - 1:
        return _DRAW_A[p]
    if s.calls[p] is not None:
        # a caller takes only what wins (metu) or what the rules let it take
        counts[t] += 1
        wins = s.metu and shp.is_winning(counts)
        counts[t] -= 1
        return _TAKE_A[p] if wins else _DRAW_A[p]
    return _TAKE_A[p]


def _throw(s: BalikState, p: int) -> int:
    if s.calls[p] is not None:
        # the card just drawn keeps a caller waiting (the hand is as it was before the draw)
        if s.got == GOT_STOCK and s.counts[p][s.got_kind] > s._locked(p, s.got_kind):
            return s.got_kind
        return s._discards(p)[0]
    shp = s.shape
    counts = s.counts[p]
    took = s.got_kind if s.got == GOT_PILE else -1
    exposed = s.exposed[p]
    best, low = -1, (99, 99)
    for ks in shp.members:
        total = 0
        for k in ks:
            total += counts[k]
        if not total:
            continue
        r = total % shp.s
        rank = r if r else shp.s + total  # a lone card first, a made set last
        for k in ks:
            c = counts[k]
            if c and k != took and not (exposed and c <= 3 * exposed.count(k)):
                key = (rank, c)
                if key < low:
                    low, best = key, k
    return best if best >= 0 else s._discards(p)[0]


def rank(view: View) -> list[tuple[Action, float]]:
    return bot.scores(cast(BalikView, view))


def plausible(view: View) -> list[Action]:
    """A beginner's moves: it always wins, claims and calls; otherwise the better half by Normal."""
    ranked = [a for a, _v in bot.scores(cast(BalikView, view))]
    if ranked[0].verb in (WIN, CLAIM, CALL):
        return ranked[:1]
    return ranked[:max(1, (len(ranked) + 1) // 2)]


def reasons(view: View, action: Action) -> tuple[tuple[str, dict], ...]:
    """Why ``action`` is good, as codes: ``balik.win``, ``balik.claim`` {kind}, ``balik.call``
    {call}, ``balik.no_call_dead`` (a wait with no winning card left to come), ``balik.take`` {kind}
    (another card of its group in hand), ``balik.draw`` {kind} (the discard let go, when the
    heuristic values a stock card above it), ``balik.waits`` {n}
    (live outs after the move), ``balik.dead`` {kind} (no copy of its group left to come),
    ``balik.lone`` {kind} (a card in no set), ``balik.few_live`` {kind, n} (a card of an unfinished
    set: the cards of its group still to come)."""
    v = cast(BalikView, view)
    verb = action.verb
    if verb == WIN:
        return (("balik.win", {}),)
    if verb == CLAIM and v.claim is not None:
        return (("balik.claim", {"kind": v.claim[0].code}),)
    if verb == CALL:
        counts = [0] * 30
        for k in v.hand:
            counts[k] += 1
        return (("balik.call", {"call": shape_of(v.game_id, v.options).call_kind(counts)}),)
    if verb == NO_CALL:
        # the heuristic keeps quiet only on a wait none of whose cards is left to come
        live = bot.live_kinds(v)
        return (("balik.no_call_dead", {}),) if v.waits and not any(live[k] for k in v.waits) else ()
    if verb == TAKE and v.top_discard is not None:
        shp = shape_of(v.game_id, v.options)
        group = shp.members[shp.group[v.top_discard]]
        return (("balik.take", {"kind": v.top_discard.code}),) if any(k in group for k in v.hand) else ()
    if verb == DRAW:
        if v.top_discard is None or not any(a.verb == TAKE for a in v.legal):
            return ()
        ranked = [a.verb for a, _score in bot.scores(v)]
        return (("balik.draw", {"kind": v.top_discard.code}),) if ranked.index(DRAW) < ranked.index(TAKE) else ()
    if verb != DISCARD:
        return ()
    card = cast(Kind, action.card)
    shp = shape_of(v.game_id, v.options)
    live = bot.live_kinds(v)
    counts = [0] * 30
    for k in v.hand:
        counts[k] += 1
    counts[card] -= 1
    out: list[tuple[str, dict]] = []
    waits = shp.waits(counts)
    if waits:
        out.append(("balik.waits", {"n": sum(live[k] for k in waits)}))
    to_come = sum(live[k] for k in shp.members[shp.group[card]])
    if not to_come:
        out.append(("balik.dead", {"kind": card.code}))
    elif sum(counts[k] for k in shp.members[shp.group[card]]) % shp.s == 0:
        out.append(("balik.lone", {"kind": card.code}))
    else:
        out.append(("balik.few_live", {"kind": card.code, "n": to_come}))
    return tuple(out)


HOOKS = SearchHooks(playout=playout, rank=rank, reasons=reasons, plausible=plausible, beginner_mistakes=0.5,
                    steps_per_second=95_000.0, world_cost=12, clone_cost=4)

__all__ = ["HOOKS", "plausible", "playout", "rank", "reasons"]
