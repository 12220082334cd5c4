"""What the searching players need of Ceki (:class:`~cekidesk.engine.search.SearchHooks`).

* The **playout policy** plays a hand out fast and plausibly, from the acting player's own cards
  and the table only: a caller takes the discard that completes them and otherwise draws; any
  other player takes the discard when it makes a set of three, or a pair with three outs or more
  (not when the hand holds a set and two pairs already; a value they hold three of, never), else
  draws (Normal's choice, in a rule of thumb that agrees with it 94 % of the time); it throws a lone card
  first (the one whose value has fewest copies left out of sight), then a pair that can no longer
  become a set, never a card of a made set while another can go.
* The **evidence** the Expert reads (:class:`CekiEvidence`): between two of its turns in which
  nobody took from the pile, the pile tells who threw what; each player who drew let the card
  before theirs go.  A caller who let a card go is unlikely to wait for its value (they would have
  won); a player who threw a value is unlikely to hold two more of it; a player who took a card
  probably holds another of its value.  Imagined deals are weighted by these facts.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, GameState, HandResult, View
from cekidesk.engine.search import SearchHooks

from . import bot
from .rules import _DISCARD, _DRAW, _TAKE, PHASE_DRAW, SET_GROUPS, CekiState, CekiView, unseen_kinds

#: how much less likely an imagined deal is for each fact of the table it goes against
PASSED_UP = 0.15     # a caller waiting for a value they let go
THREW_PAIR = 0.5     # a player holding two more of a value they threw
TOOK_ALONE = 0.6     # a player holding nothing else of a value they took


#: how many cards each value has, by the number of values (12, or 9 with the iyo as one)
_GROUP_SIZE = {n: tuple(4 * sum(1 for g in SET_GROUPS[iyo] if g == v) for v in range(n))
               for iyo, n in ((False, 12), (True, 9))}


def playout(state: GameState, rng: random.Random) -> Action:
    """The playout policy (see the module docstring)."""
    s = cast(CekiState, state)
    p = s.current
    group = s.group
    if s.phase == PHASE_DRAW:
        top = s.discards[-1] if s.discards else -1
        if top >= 0:
            g = group[top % 30]
            if s.called[p]:
                return _TAKE[p] if g == s.call_group[p] else _DRAW[p]
            counts = s.counts[p]
            c = counts[g]
            if c == 2 or s._stock_closed():
                return _TAKE[p]
            if c == 1 and _takes_for_a_pair(s, g, counts):
                return _TAKE[p]
        return _DRAW[p]
    acts = _DISCARD[p]
    if s.called[p]:
        return acts[s.drawn % 30]
    counts = s.counts[p]
    took = s.took % 30 if s.took >= 0 else -1
    # the copies of each value in hand still live for this player: not in sight on the pile
    gone = [0] * s.n_groups
    for u in s.discards:
        gone[group[u % 30]] += 1
    size = _GROUP_SIZE[s.n_groups]
    best: list[int] = []
    low = 1e9
    for u in s.hands[p]:
        k = u % 30
        if k == took:
            continue
        g = group[k]
        c = counts[g]
        live = size[g] - c - gone[g]
        keep = 100.0 if c >= 3 else (3.0 + live if live > 0 else 0.5) if c == 2 else 1.0 + 0.1 * live
        if keep < low:
            low, best = keep, [k]
        elif keep == low and k not in best:
            best.append(k)
    return acts[best[rng.randrange(len(best))] if len(best) > 1 else best[0]]


def _takes_for_a_pair(s: CekiState, g: int, counts: list[int]) -> bool:
    """Whether to take a discard that pairs a lone card of value ``g``: when the pair has three
    outs or more (copies not in sight on the pile), unless the hand already has a set and two pairs
    (one of them would have to go).  This agrees with Normal's choice 94 % of the time."""
    group = s.group
    gone = 0
    for u in s.discards:
        if group[u % 30] == g:
            gone += 1
    if _GROUP_SIZE[s.n_groups][g] - 1 - gone < 3:
        return False
    pairs = sets = 0
    for x in counts:
        if x == 2:
            pairs += 1
        elif x >= 3:
            sets += 1
    return pairs < 2 or not sets


def plausible(view: View) -> list[Action]:
    """A beginner's moves: take only a discard that wins or makes a set, throw no card of a made set
    (unless every card is in one)."""
    v = cast(CekiView, view)
    groups = SET_GROUPS[v.options.iyo_one_rank]
    counts: dict[int, int] = {}
    for k in v.hand:
        counts[groups[k]] = counts.get(groups[k], 0) + 1
    if v.phase == PHASE_DRAW:
        out = [a for a in v.legal if a.verb != "take" or v.called[v.viewer]
               or counts.get(groups[v.discards[-1]], 0) >= 2]
        return out or list(v.legal)
    loose = [a for a in v.legal if a.card is not None and counts.get(groups[cast(Kind, a.card)], 0) < 3]
    return loose or list(v.legal)


def rank(view: View) -> Sequence[tuple[Action, float]]:
    return bot.scores(cast(CekiView, view))


def utility(result: HandResult, seat: int) -> float:
    """Money at a stake of one per point: the winner takes the score from each of the others."""
    pts = result.points
    if not result.winners:
        return 0.0
    w = result.winners[0]
    return pts[w] * (len(pts) - 1) if seat == w else -pts[w]


class CekiEvidence:
    """See the module docstring."""

    def __init__(self) -> None:
        self._last: CekiView | None = None
        self._mine = -1                        # where my last discard lies in the pile
        self.passed: dict[int, set[int]] = {}  # caller → values they let go while calling
        self.threw: dict[int, set[int]] = {}   # player → values they threw

    def observe(self, view: View) -> None:
        v = cast(CekiView, view)
        last = self._last
        groups = SET_GROUPS[v.options.iyo_one_rank]
        if last is None or v.stock_count > last.stock_count or v.dealer != last.dealer:
            self.passed, self.threw, self._mine = {}, {}, -1  # a new hand
        elif v.phase == PHASE_DRAW and v.current == v.viewer and self._mine >= 0:
            self._read_pile(v, last, groups)
        if v.phase != PHASE_DRAW and v.current == v.viewer:
            self._mine = len(v.discards)   # my discard will lie here
        self._last = v

    def _read_pile(self, v: CekiView, last: CekiView, groups: Sequence[int]) -> None:
        """The turns since my last discard, read from the pile when nobody took from it: each of the
        others drew (the stock went down by one each) and threw the next card of the pile."""
        n = v.n_players
        others = n - 1
        start = self._mine
        if last.stock_count - v.stock_count != others + (1 if last.phase == PHASE_DRAW else 0):
            return
        if len(v.discards) != start + 1 + others or start >= len(v.discards):
            return
        for i in range(others):
            q = (v.viewer + 1 + i) % n
            before = v.discards[start + i]
            thrown = v.discards[start + i + 1]
            if last.called[q]:
                self.passed.setdefault(q, set()).add(groups[before])
            else:
                self.threw.setdefault(q, set()).add(groups[thrown])

    def weight(self, state: GameState) -> float:
        s = cast(CekiState, state)
        w = 1.0
        group = s.group
        for q, gs in self.passed.items():
            if s.call_group[q] in gs:
                w *= PASSED_UP
        for q, gs in self.threw.items():
            counts = s.counts[q]
            for g in gs:
                if counts[g] >= 2:
                    w *= THREW_PAIR
        for q, ks in enumerate(s.known):
            for k in ks:
                if s.counts[q][group[k]] + sum(1 for u in s.facedown[q] if group[u % 30] == group[k]) < 2:
                    w *= TOOK_ALONE
        return w


def reasons(view: View, action: Action) -> tuple[tuple[str, dict], ...]:
    """Why ``action`` is good, in Ceki's terms (for the hint).  Every reason is a claim about the
    viewer's hand that holds in ``view`` (tests/test_hint_claims.py checks each one):

    * a take: ``ceki.take_wins`` (a caller: the discard completes the hand), ``ceki.take_set`` (two
      of its value in hand: a set of three), ``ceki.take_pair`` (one: a pair), ``ceki.take_adds``
      (a set of its value in hand already), ``ceki.take_only`` (none, and the stock is closed);
    * a draw: ``ceki.draw_no_win`` (a caller: the discard does not complete the hand), else
      ``ceki.draw`` when the heuristic values a stock card above the discard;
    * a throw: ``ceki.caller_throws`` (a caller throws the card drawn), ``ceki.dead`` (a lone card
      whose other copies all lie in the pile), ``ceki.lone``, ``ceki.breaks`` (one of two pairs or
      more, the one with fewest copies unseen, and no lone card to throw instead),
      ``ceki.breaks_pair`` (another pair), ``ceki.breaks_set`` (one of a set of three),
      ``ceki.spare`` (a fourth card or more: the set stays);
    * ``ceki.live_pairs`` {n}: the pairs the hand keeps through the move (not one it makes or breaks)
      with a copy still unseen;
      ``ceki.unseen`` {kind, n, of}: the copies of the thrown card's value still unseen."""
    v = cast(CekiView, view)
    groups = SET_GROUPS[v.options.iyo_one_rank]
    counts: dict[int, int] = {}
    for k in v.hand:
        counts[groups[k]] = counts.get(groups[k], 0) + 1
    unseen = [0] * (max(groups) + 1)
    for k, c in unseen_kinds(v).items():
        unseen[groups[k]] += c
    called = v.called[v.viewer]
    top = v.discards[-1] if v.discards else None
    out: list[tuple[str, dict]] = []
    card = cast(Kind | None, action.card)   # a Ceki action names a Ceki kind, or none
    if action.verb == "take" and top is not None:
        out.extend(_take_reasons(v, top, counts.get(groups[top], 0), called))
    elif action.verb == "draw" and top is not None:
        out.extend(_draw_reasons(v, top, called))
    elif card is not None:
        out.extend(_throw_reasons(v, card, counts, unseen, called))
    if called:
        return tuple(out)
    after = dict(counts)
    if card is not None:
        after[groups[card]] -= 1
    elif action.verb == "take" and top is not None:
        after[groups[top]] = after.get(groups[top], 0) + 1
    made = groups[card] if card is not None else groups[top] if action.verb == "take" and top is not None else -1
    pairs = sum(1 for g, c in after.items() if c == 2 and unseen[g] > 0 and g != made)   # (kept, not made)
    if pairs:
        out.append(("ceki.live_pairs", {"n": pairs}))
    if card is not None and unseen[groups[card]]:
        out.append(("ceki.unseen", {"kind": card.code, "n": unseen[groups[card]],
                                    "of": _GROUP_SIZE[len(unseen)][groups[card]]}))
    return tuple(out)


def _take_reasons(v: CekiView, top: Kind, held: int, called: bool) -> list[tuple[str, dict]]:
    """Why to take the discard ``top`` when the hand holds ``held`` cards of its value."""
    kind = {"kind": top.code}
    if called:
        return [("ceki.take_wins", kind)]
    if held >= 3:
        return [("ceki.take_adds", kind)]
    if held == 2:
        return [("ceki.take_set", kind)]
    if held == 1:
        return [("ceki.take_pair", kind)]
    if not any(a.verb == "draw" for a in v.legal):
        return [("ceki.take_only", kind)]
    return []


def _draw_reasons(v: CekiView, top: Kind, called: bool) -> list[tuple[str, dict]]:
    """Why to draw rather than take ``top``: a caller's discard that does not win; otherwise only
    when the heuristic values a fresh card above the discard."""
    if called:
        take = any(a.verb == "take" for a in v.legal)   # a caller is offered the discard only when it wins
        return [] if take else [("ceki.draw_no_win", {"kind": top.code})]
    ranked = [a.verb for a, _score in bot.scores(v)]
    if "take" in ranked and ranked.index("draw") < ranked.index("take"):
        return [("ceki.draw", {"kind": top.code})]
    return []


def _throw_reasons(v: CekiView, card: Kind, counts: dict[int, int], unseen: list[int],
                   called: bool) -> list[tuple[str, dict]]:
    """What throwing ``card`` does to the hand (see :func:`reasons`)."""
    kind = {"kind": card.code}
    if called:
        return [("ceki.caller_throws", kind)]
    groups = SET_GROUPS[v.options.iyo_one_rank]
    g = groups[card]
    held = counts.get(g, 0)
    if held == 1:
        in_pile = sum(1 for k in v.discards if groups[k] == g)
        mine = sum(1 for k in v.facedown if groups[k] == g)
        if _GROUP_SIZE[len(unseen)][g] - 1 - in_pile - mine == 0:
            return [("ceki.dead", kind)]
        return [("ceki.lone", kind)]
    if held == 2:
        pairs = [h for h, c in counts.items() if c == 2]
        lone = any(c == 1 for c in counts.values())
        if len(pairs) >= 2 and not lone and unseen[g] == min(unseen[h] for h in pairs):
            return [("ceki.breaks", kind)]
        return [("ceki.breaks_pair", kind)]
    if held == 3:
        return [("ceki.breaks_set", kind)]
    return [("ceki.spare", kind)]


HOOKS = SearchHooks(playout=playout, rank=rank, utility=utility, evidence=CekiEvidence, reasons=reasons,
                    plausible=plausible, beginner_mistakes=0.5, steps_per_second=250_000.0, world_cost=22,
                    clone_cost=9)

__all__ = ["HOOKS", "CekiEvidence", "plausible", "playout", "rank", "reasons", "utility"]
