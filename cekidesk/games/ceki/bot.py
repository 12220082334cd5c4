"""The Ceki heuristic bot.

It reads only its :class:`~cekidesk.games.ceki.CekiView` and plays by a hand evaluation:

* **Live cards.**  For every value (group) it counts the copies it has not seen — not in its hand,
  its face-down cards, the discard pile or the cards others are publicly known to hold.  Only those
  can still come to it.
* **Hand value** ``V``: the hand is worth the sum, over every way of finishing it as three sets, of
  ``Π comb(live, missing) · ALPHA^missing`` — a cheap stand-in for "how likely and how soon".  Sets
  and pairs with live copies count most, dead values (no copies left) count nothing; a hand that
  would call *ceki* is worth only its outs (the live copies of its pair value).  Each set is weighted
  a little by its points (three 9s score 27, three 1s 3) as a tie-break.
* **Danger.**  Only the next player can take a discard.  If they have called, the chance that a value
  is their pair is estimated from the copies that may be face-down before them (``comb(copies,
  face-down count)``): dead values are safe, values with many copies in sight are safer, and so are
  values the caller is known to be not waiting for — the bot remembers the discards of its own that
  the caller let go (taking it would have won) and, heads-up, the drawn cards the caller threw.
  A card that completes them costs ×1 if it is the card just drawn (a *plain* win) and ×2 if it was
  held (*double*), so a risky fresh card is thrown at once rather than kept.
* **Discard**: the card whose removal leaves the best ``V``, discounted by its danger.
* **Draw or take**: take the discard when the best hand after taking beats the expected hand after a
  stock draw (each value drawn with the chance of its unseen share).  A caller always takes a winning
  discard.

The decision uses nothing but the view (see ``tests/test_bots.py``), and takes well under a millisecond.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import cast

from cekidesk.engine.bot import Bot
from cekidesk.engine.cards import ALL_KINDS, Counting, Kind
from cekidesk.engine.core import Action

from .rules import DISCARD, DRAW, GAME_ID, PHASE_DRAW, SET_GROUPS, TAKE, CekiView, pair_group

# Tuning (measured with cekidesk-sim, see the module's tests and bench/README.md).
ALPHA = 0.015        # weight of each card still missing from a target (smaller: closer targets count more)
POINTS_WEIGHT = 0.25  # a set of 9s weighs 1 + POINTS_WEIGHT, a set of 1s about 1 + POINTS_WEIGHT / 9
DANGER = 3.0         # how strongly a discard that may complete the next (called) player is avoided
TAKE_MARGIN = 0.0    # take the discard when it beats the expected draw by this fraction
DRAW_CANDIDATES = 3  # discards considered for each possible stock card

_MAX_NEED = 6
_MAX_LIVE = 25


def _group_table(iyo_one_rank: bool) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    groups = SET_GROUPS[iyo_one_rank]  # the game's own rule for which cards make a set
    n = max(groups) + 1
    points = [0] * n
    for k in ALL_KINDS:  # a group's points per card (iyo: all 1)
        points[groups[k.value]] = k.value_in(Counting.CEKI)
    return tuple(groups), n, tuple(points)


_TABLES = {flag: _group_table(flag) for flag in (False, True)}

# _WEIGHT[need][live] = comb(live, need) * ALPHA**need
_WEIGHT = [[math.comb(live, need) * ALPHA ** need for live in range(_MAX_LIVE)]
           for need in range(_MAX_NEED + 1)]


class _Table:
    """Per-decision facts about the values: live copies, set factors, danger of each value."""

    __slots__ = ("group", "n_groups", "live", "total_live", "f1", "f2", "w", "danger")

    def __init__(self, view: CekiView, safe: frozenset[int] = frozenset()):
        group, n, points = _TABLES[view.options.iyo_one_rank]
        self.group = group
        self.n_groups = n
        unseen = [4] * 30
        for k in view.hand:
            unseen[k] -= 1
        for k in view.facedown:
            unseen[k] -= 1
        for k in view.discards:
            unseen[k] -= 1
        me = view.viewer
        for q, ks in enumerate(view.known):
            if q != me:
                for k in ks:
                    unseen[k] -= 1
        live = [0] * n
        for i in range(30):
            live[group[i]] += unseen[i]
        self.live = live
        self.total_live = sum(live)
        w = [1.0 + POINTS_WEIGHT * points[g] / 9.0 for g in range(n)]
        self.w = w
        f1, f2 = [], []
        for g in range(n):
            lv, wg = live[g], w[g]
            f1.append([(_WEIGHT[3 - c][lv] * wg if c < 3 else wg) for c in range(10)])
            wg2 = wg * wg
            f2.append([(_WEIGHT[6 - c][lv] * wg2 if c < 6 else wg2) for c in range(10)])
        self.f1, self.f2 = f1, f2
        self.danger = self._danger(view, unseen, safe)

    def _danger(self, view: CekiView, unseen: list[int], safe: frozenset[int]) -> list[float]:
        """For each value, the chance that a discard of it lets the next player win.  ``safe``:
        values the next player is known not to be waiting for."""
        n = self.n_groups
        nxt = (view.viewer + 1) % view.n_players
        if nxt == view.viewer or not view.called[nxt]:
            return [0.0] * n
        group = self.group
        fd = view.facedown_counts[nxt] or 2
        # copies that may lie face-down before the caller: those I have not seen, and those the
        # caller was seen taking (a known card may have gone face-down with the pair)
        avail = [0] * n
        for k in range(30):
            avail[group[k]] += unseen[k]
        for k in view.known[nxt]:
            avail[group[k]] += 1
        weights = [0.0 if g in safe or avail[g] < fd else float(math.comb(avail[g], fd))
                   for g in range(n)]
        total = sum(weights)
        if total <= 0:
            return [0.0] * n
        return [x / total for x in weights]

    def value(self, counts: Sequence[int]) -> float:
        """``V`` of a hand given as card counts per value (see the module docstring)."""
        if sum(counts) == 8:
            g = pair_group(counts)
            if g >= 0:  # the hand calls: it is frozen and waits for its pair's third card
                v = self.live[g] * ALPHA
                w = self.w
                for h, c in enumerate(counts):
                    if c >= 3:
                        v *= w[h] ** (c // 3)
                return v * w[g]
        f1, f2 = self.f1, self.f2
        s1 = s2 = s3 = 0.0
        for g, c in enumerate(counts):
            a = f1[g][c]
            b = f2[g][c]
            s3 += s2 * a + s1 * b
            s2 += s1 * a + b
            s1 += a
        return s3


class CekiHeuristicBot(Bot[CekiView]):
    game_id = GAME_ID
    level = "normal"
    view_type = CekiView

    def __init__(self, seat: int | None = None, game_id: str | None = None, budget: float | None = None):
        super().__init__(seat, game_id, budget)
        # Memory, built only from the views this bot was shown (reset at each new hand):
        self._hand_key: tuple[int, int] | None = None  # (dealer, stock count) of the last view
        self._safe: set[int] = set()      # values the next player, a caller, is known not to wait for
        # (value, stock count, place in the pile) of my discards the next player, a caller, may take
        self._pending: list[tuple[int, int, int]] = []
        self._top_is_callers = False      # 2 players: the next top discard is the caller's throw

    def _remember(self, view: CekiView) -> frozenset[int]:
        """Update the memory from ``view``; the values the next player cannot be waiting for."""
        dealer, stock = view.dealer, view.stock_count
        if self._hand_key is None or self._hand_key[0] != dealer or stock > self._hand_key[1]:
            self._safe, self._pending, self._top_is_callers = set(), [], False  # a new hand
        self._hand_key = (dealer, stock)
        nxt = (view.viewer + 1) % view.n_players
        if not view.called[nxt]:
            return frozenset()
        # A caller who let my discard go (and drew: the stock went down) is not waiting for it.  Only
        # the next player may take my discard, and for a caller taking it wins, so while the hand goes
        # on my card stays at its place in the pile (which also guards against a decision of mine
        # that the table did not play).
        group = _TABLES[view.options.iyo_one_rank][0]
        pile = view.discards
        keep = []
        for g, at, place in self._pending:
            if stock < at:
                if place < len(pile) and group[pile[place]] == g:
                    self._safe.add(g)
            else:
                keep.append((g, at, place))
        self._pending = keep
        # Heads-up, the discard on top when my turn starts is the caller's: a drawn card they threw.
        if self._top_is_callers and view.phase == PHASE_DRAW and view.discards and view.last_fresh:
            self._safe.add(_TABLES[view.options.iyo_one_rank][0][view.discards[-1]])
        self._top_is_callers = False
        return frozenset(self._safe)

    def choose(self, view: CekiView, rng: random.Random) -> Action:
        self.check_view(view)
        safe = self._remember(view)
        action = scores(view, safe)[0][0]
        nxt = (view.viewer + 1) % view.n_players
        if action.verb == DISCARD and view.called[nxt]:
            group = _TABLES[view.options.iyo_one_rank][0]
            self._pending.append((group[cast(Kind, action.card)], view.stock_count, len(view.discards)))
            self._top_is_callers = view.n_players == 2
        return action


def scores(view: CekiView, safe: frozenset[int] = frozenset()) -> list[tuple[Action, float]]:
    """The heuristic's score of each of the viewer's legal actions, best first (the first is what
    :class:`CekiHeuristicBot` plays; ``safe``: values the next player, a caller, is known not to wait
    for).  A discard scores the hand value it leaves, discounted by its danger; a take scores the
    value after taking and a draw the expected value after a stock draw.  Moves the bot never makes
    (a draw while a winning discard waits for a caller) score minus infinity."""
    legal = view.legal
    me = view.viewer
    if len(legal) == 1:
        return [(legal[0], 0.0)]
    if view.phase != PHASE_DRAW:
        return _discard_scores(view, safe)
    take = Action(me, TAKE)
    draw = Action(me, DRAW)
    if take not in legal:
        return [(draw, 0.0)] + [(a, float("-inf")) for a in legal if a != draw]
    if view.called[me] or draw not in legal:  # a caller is offered the discard only when it wins
        return [(take, 0.0)] + [(a, float("-inf")) for a in legal if a != take]
    take_value, draw_value = _take_and_draw(view, safe)
    if take_value > draw_value:
        return [(take, take_value), (draw, draw_value)]
    return [(draw, draw_value), (take, take_value)]


def _discard_scores(view: CekiView, safe: frozenset[int] = frozenset()) -> list[tuple[Action, float]]:
    t = _Table(view, safe)
    group = t.group
    counts = [0] * t.n_groups
    for k in view.hand:
        counts[group[k]] += 1
    drawn = view.drawn
    keyed = []
    cache: dict[int, float] = {}
    for a in view.legal:
        if a.verb != DISCARD:
            continue
        k = cast(Kind, a.card)   # a Ceki discard names a Ceki kind
        g = group[k]
        v = cache.get(g)
        if v is None:
            counts[g] -= 1
            v = cache[g] = t.value(counts)
            counts[g] += 1
        fresh = drawn is not None and k == drawn
        score = v * math.exp(-DANGER * t.danger[g] * (1 if fresh else 2))
        # ties: the fresh card, then the lower value (keep the high cards), then the lower code
        keyed.append(((score, fresh, -g, -int(k)), a))
    keyed.sort(key=lambda x: x[0], reverse=True)
    return [(a, key[0]) for key, a in keyed] or [(view.legal[0], 0.0)]


def _take_and_draw(view: CekiView, safe: frozenset[int] = frozenset()) -> tuple[float, float]:
    """The value of the best hand after taking the top discard, and the expected value after a stock
    draw (times the taking margin): the bot takes when the first is larger."""
    t = _Table(view, safe)
    group, n = t.group, t.n_groups
    counts = [0] * n
    for k in view.hand:
        counts[group[k]] += 1
    danger = t.danger
    value = t.value

    # after taking: the best discard (the taken kind may not be thrown back)
    top = view.discards[-1]
    tg = group[top]
    counts[tg] += 1
    throwable = {group[k] for k in view.hand}
    if sum(1 for k in view.hand if group[k] == tg and k != top) == 0:
        throwable.discard(tg)
    take_value = 0.0
    for g in throwable:
        counts[g] -= 1
        v = value(counts) * math.exp(-DANGER * danger[g] * 2)
        counts[g] += 1
        if v > take_value:
            take_value = v
    counts[tg] -= 1

    # after a stock draw: each value with the chance of its live share
    total = t.total_live
    if total <= 0:
        return take_value, 0.0
    present = [g for g in range(n) if counts[g]]
    ranked = []
    for g in present:
        counts[g] -= 1
        ranked.append((value(counts), g))
        counts[g] += 1
    ranked.sort(reverse=True)
    cands = [g for _, g in ranked[:DRAW_CANDIDATES]]
    keep_value = value(counts)
    expected = 0.0
    live = t.live
    for g in range(n):
        lv = live[g]
        if not lv:
            continue
        best = keep_value * math.exp(-DANGER * danger[g])  # throw the drawn card at once
        counts[g] += 1
        for d in cands:
            if d == g:
                continue
            counts[d] -= 1
            v = value(counts) * math.exp(-DANGER * danger[d] * 2)
            counts[d] += 1
            if v > best:
                best = v
        counts[g] -= 1
        expected += lv * best
    expected /= total
    return take_value, expected * (1.0 + TAKE_MARGIN)


__all__ = ["CekiHeuristicBot", "Kind", "scores"]
