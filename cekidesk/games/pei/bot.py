"""The Pèi heuristic bot.

It reads only its :class:`~cekidesk.games.pei.PeiView` and chooses by a one-turn evaluation of each
legal action, in points:

* **Capture value.**  A seat's captured cards are worth ``score_cards(cards).total`` (the engine's
  best arrangement) plus a *potential* for unfinished combinations: for each combination of which the
  seat holds one or two of the three base kinds, the bonus the combination would add (its points
  minus the loose values of its cards) times the chance of getting each missing kind, estimated from
  the copies still *live* (not captured by anyone: unseen, in the pool, in the bot's hand).  A
  capture is worth the change of that value (both cards).
* **Exposure.**  Every card left in the pool may be taken by the next players before the bot moves
  again.  For each rank the chance that the next player (then the one after) takes a card of it is
  estimated from the unseen copies of that rank, their hand size and their draw; the loss is what the
  card they would pick is worth to *them* (their own captured cards are public, so a card that
  completes an opponent's combination is expensive to leave and valuable to take: denial).
* **Own future.**  A pool rank the bot still holds a card of may survive until its next turn; the
  best such capture counts, discounted by the chance the opponents take it first.
* **The draw.**  After a play, the bottom stock card is expected over the unseen cards (or is known:
  the face-up last card, and the patih's / la pêche unyik's peek): it may capture, or it joins the
  pool and is exposed.
* **The last stock cards.**  A seat that knows its own final draw (the unyik: the face-up last card,
  la pêche: its peek; the patih: its peek) keeps one hand card of that rank for its last play: if the
  pool then has no card of the rank, the kept card joins it and the known draw takes it; otherwise
  the kept card captures.  Playing that reserve early costs what the final pair is worth.  The
  others treat a pool card of the face-up last card's rank as given to the unyik at the end.
* **Capture choices** (several kinds of the rank in the pool) use the same evaluation.

The only legal ``draw`` is returned at once.  The decision uses nothing but the view (see
``tests/test_pei_bot.py``) and is deterministic: the random generator is not used.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from cekidesk.engine.bot import Bot
from cekidesk.engine.cards import ALL_KINDS, Kind
from cekidesk.engine.core import Action

from .rules import (
    CAPTURE,
    COMBO_CARDS,
    DRAW,
    GAME_ID,
    PATIH,
    PHASE_CAPTURE,
    PHASE_PLAY,
    PLAY,
    UNYIK,
    PeiView,
    rank_of,
    score_cards,
    score_total,
    unseen_kinds,
)


@dataclass(frozen=True)
class Weights:
    """The tuning of the evaluation (measured with cekidesk-sim against random players and against
    itself; see the module's tests)."""

    opp: float = 1.0        # what a card left in the pool is worth to the opponents who may take it
    mine: float = 0.5       # the bot's own next-turn capture from the pool (best rank)
    mine_rest: float = 0.2  # … and each further rank it could capture later
    draw: float = 1.0       # the expected result of the bot's own draw after a play
    pot: float = 1.0        # the potential of unfinished combinations
    live_q: float = 0.15    # chance of getting any one live copy of a missing combination card
    hand_play: float = 0.6  # chance that an opponent holding a card of a pool rank plays it on that rank
    reserve: float = 1.0    # the pair a kept card makes with the bot's known final draw
    end: float = 0.5        # the unyik's last card taking a pool card of its rank at the end
    ticket: float = 0.15    # keeping a hand card whose rank may come into the pool later


_N = len(ALL_KINDS)
#: every coin can extend bunci ireng, so coins never count as plain loose cards
_RUN = frozenset(k for k in ALL_KINDS if k.suit.value == "C")


class _Scorer:
    """Fast totals of ``score_cards`` for one set of options.

    Cards in no combination (and no coin run) only ever add their own value, so the engine is
    asked about the combination cards alone, and about each *part* of them on its own: kinds that
    share no combination score independently (bunci abang; pang keyang; the coins, whose runs
    join pang picis and macan through C8 and C9).  Few distinct parts occur, and the engine's
    bounded cache (:func:`~cekidesk.games.pei.score_total`) remembers their totals.
    """

    def __init__(self, options) -> None:
        self.options = options
        self.rank = [rank_of(k, options) for k in ALL_KINDS]
        self.value = [score_cards([k], options).total for k in ALL_KINDS]
        self.parts = _parts()
        #: the part of each kind, or -1 for a kind that only adds its own value
        self.part_of = [-1] * _N
        for i, part in enumerate(self.parts):
            for k in part:
                self.part_of[k] = i
        self.combos = [(code, tuple(dict.fromkeys(cards))) for code, cards in COMBO_CARDS.items()]
        #: the kinds whose presence changes the potential of an unfinished combination
        self.in_combo = [any(k in cards for _, cards in self.combos) for k in ALL_KINDS]
        # what completing each combination adds over its cards' loose values
        self.bonus = {code: score_cards(cards, options).total - sum(self.value[k] for k in cards)
                      for code, cards in self.combos}
        #: the kinds of each rank, in the order of the kinds
        self.of_rank: list[list[int]] = [[] for _ in range(max(self.rank) + 1)]
        for k in range(_N):
            self.of_rank[self.rank[k]].append(k)

    def total(self, counts: Sequence[int]) -> int:
        return _Pile(self, counts).total


class _Pile:
    """A pile of captured cards scored part by part, so that the pile with a card or two more is
    scored by asking the engine about the parts those cards belong to only."""

    def __init__(self, sc: _Scorer, counts: Sequence[int]) -> None:
        self.sc = sc
        self.keys = [bytearray(_N) for _ in sc.parts]
        loose = 0
        for k in range(_N):
            c = counts[k]
            if c:
                i = sc.part_of[k]
                if i < 0:
                    loose += c * sc.value[k]
                else:
                    self.keys[i][k] = c
        self.part_totals = [score_total(bytes(key), sc.options) for key in self.keys]
        self.total = loose + sum(self.part_totals)

    def total_with(self, added: Iterable[int]) -> int:
        """The total of the pile with the cards ``added``."""
        sc = self.sc
        total = self.total
        touched: dict[int, bytearray] = {}
        for k in added:
            i = sc.part_of[k]
            if i < 0:
                total += sc.value[k]
            else:
                key = touched.get(i)
                if key is None:
                    key = touched[i] = bytearray(self.keys[i])
                key[k] += 1
        for i, key in touched.items():
            total += score_total(bytes(key), sc.options) - self.part_totals[i]
        return total


def _parts() -> list[tuple[int, ...]]:
    """The combination kinds (and the coins of the runs) in groups joined by shared kinds."""
    parts: list[set[int]] = []
    for cards in (_RUN, *COMBO_CARDS.values()):
        joined = {int(k) for k in cards}
        for part in [p for p in parts if p & joined]:
            joined |= part
            parts.remove(part)
        parts.append(joined)
    return [tuple(sorted(p)) for p in parts]


_SCORERS: dict[object, _Scorer] = {}


def _scorer(options) -> _Scorer:
    key: object = options
    try:
        hash(options)
    except TypeError:
        key = options.model_dump_json()
    sc = _SCORERS.get(key)
    if sc is None:
        sc = _SCORERS[key] = _Scorer(options)
    return sc


def _counts(kinds: Iterable[Kind]) -> list[int]:
    c = [0] * _N
    for k in kinds:
        c[k] += 1
    return c


class _Eval:
    """The facts of one decision and the evaluation of the positions its actions lead to.

    An action changes the pool and the hand in one rank only (the rank of the card played or
    captured), and every term of a position's value (what the opponents may take, the bot's own
    next capture, its draw) is a sum over ranks of what that rank's pool group and the bot's hand
    cards of the rank are worth.  So the terms of the position before the action are computed
    once, and each action works out its one rank, remembered by group for the other actions.
    """

    def __init__(self, view: PeiView, w: Weights) -> None:
        self.view = view
        self.w = w
        opts = view.options
        self.sc = sc = _scorer(opts)
        self.rank = sc.rank
        self.of_rank = sc.of_rank
        n_ranks = len(sc.of_rank)
        me = view.viewer
        self.me = me
        roles = view.roles
        i = roles.index(me)
        self.role = i
        self.opps = (roles[(i + 1) % 3], roles[(i + 2) % 3])
        self.unyik = roles[UNYIK]

        unseen = [0] * _N
        for k, c in unseen_kinds(view).items():
            unseen[k] = c
        self.unseen = unseen
        self.U = sum(unseen)
        self.u_rank = [sum(unseen[k] for k in self.of_rank[r]) for r in range(n_ranks)]
        self.hand = _counts(view.hand)
        self.pool = _counts(view.pool)
        live = [unseen[k] + self.pool[k] + self.hand[k] for k in range(_N)]
        if view.pending is not None:
            live[view.pending] += 1
        self.live = live
        # the chance of getting one live copy falls as the hand runs out
        q = w.live_q * (view.stock_count + 6) / 48
        self.get = [1.0 - (1.0 - q) ** c for c in range(max(live) + 2)]
        # per rank, before my action: the pool group and my hand cards
        self.groups = [self.group(self.pool, r) for r in range(n_ranks)]
        self.mines = [self.mine(self.hand, r) for r in range(n_ranks)]

        # the stock count when the next player starts: my own draw may still be to come
        my_draw = view.phase == PHASE_PLAY or (view.phase == PHASE_CAPTURE and view.pending_from == "hand")
        self.my_draw = my_draw
        base = view.stock_count - (1 if my_draw else 0)
        self.base = base
        # which stock positions (1 = the last card drawn) this viewer knows
        known: dict[int, int] = {}
        if view.last_card is not None:
            known[1] = view.last_card
        if view.peek is not None:
            known[1 if opts.variant == "la_peche" else 2] = view.peek
        self.known = known
        # my own last draw, if I know it: the position my last turn draws from
        self.final_draw: int | None = known.get({UNYIK: 1, PATIH: 2}.get(i, 0))
        self.draws, self.n_draws = self._draws()

        # captured piles and the value functions of each seat
        self.caps = [_counts(c) for c in view.captured]
        self.piles = [_Pile(sc, c) for c in self.caps]
        self.pots = [self._pot(c) for c in self.caps]
        self.base_value = [self._value(s, ()) for s in range(len(self.caps))]
        self._gain1: list[list[float | None]] = [[None] * _N for _ in self.caps]
        self._gain2: dict[int, float] = {}
        # the opponents who move before my next turn, with their chance to take each rank
        self.claims: list[tuple[int, list[float]]] = []
        for j, o in enumerate(self.opps):
            pos = base - j  # the stock position their draw comes from
            if pos < 1:
                break
            h = view.hand_counts[o]
            probs = []
            for r in range(n_ranks):
                if self.U:
                    f = self.u_rank[r] / self.U
                    ph = 1.0 - (1.0 - f) ** h
                else:
                    f = ph = 0.0
                x = known.get(pos)
                pd = (1.0 if self.rank[x] == r else 0.0) if x is not None else f
                probs.append(1.0 - (1.0 - w.hand_play * ph) * (1.0 - pd))
            self.claims.append((o, probs))
        self.next_turn = base >= 3  # I move again
        # the unyik's face-up last card takes what is left of its rank at the very end
        self.end_rank: int | None = None
        if view.last_card is not None and self.unyik != me and base > 2:
            self.end_rank = self.rank[view.last_card]
        self._loss: dict[tuple, float] = {}
        self._fut: dict[tuple, float] = {}
        self._draw: dict[tuple, list[float]] = {}
        # per rank, the loss and own future of the pool before my action, and my draw's terms
        self.losses = [self.loss(r, g) for r, g in enumerate(self.groups)]
        self.futures = [self.future(r, g, m) for r, (g, m) in enumerate(zip(self.groups, self.mines, strict=True))]
        self._draw_terms: list[float] | None = None
        # how many more turns I have after this one, for the ticket value of hand cards
        self.turns_left = max(0, base // 3)

    def _draws(self) -> tuple[list[list[tuple[int, int, float]]], int]:
        """Per rank, what my draw after a play may be, as (place in the sum, kind, chance): the
        card itself where I know it, else each unseen kind, the places in the order of the kinds
        (the sum adds them in that order, as it always did); and the number of places."""
        x = self.known.get(self.view.stock_count)
        dist = [(x, 1.0)] if x is not None else [(k, c / self.U) for k, c in enumerate(self.unseen) if c]
        out: list[list[tuple[int, int, float]]] = [[] for _ in self.of_rank]
        for i, (k, p) in enumerate(dist):
            out[self.rank[k]].append((i, k, p))
        return out, len(dist)

    # -- values -------------------------------------------------------------------------------
    def _pot(self, counts: Sequence[int]) -> float:
        """The potential of the unfinished combinations of a pile (see the module docstring)."""
        pot = 0.0
        get, live = self.get, self.live
        for code, base in self.sc.combos:
            have = 0
            p = 1.0
            for k in base:
                if counts[k]:
                    have += 1
                else:
                    p *= get[live[k]]
            if have < len(base):
                pot += self.sc.bonus[code] * p
        return pot

    def _value(self, seat: int, added: tuple[int, ...]) -> float:
        """What ``seat``'s captured cards with ``added`` are worth."""
        v = float(self.piles[seat].total_with(added))
        if self.w.pot:
            pot = self.pots[seat]
            if any(self.sc.in_combo[k] for k in added):
                c = self.caps[seat].copy()
                for k in added:
                    c[k] += 1
                pot = self._pot(c)
            v += self.w.pot * pot
        return v

    def gain(self, seat: int, k: int) -> float:
        """What capturing the one card ``k`` is worth to ``seat``."""
        row = self._gain1[seat]
        g = row[k]
        if g is None:
            g = row[k] = self._value(seat, (k,)) - self.base_value[seat]
        return g

    def pair(self, a: int, b: int) -> float:
        """What capturing the cards ``a`` and ``b`` is worth to me."""
        key = a * _N + b if a <= b else b * _N + a
        g = self._gain2.get(key)
        if g is None:
            me = self.me
            g = self._gain2[key] = self._value(me, (a, b)) - self.base_value[me]
        return g

    # -- the pool -----------------------------------------------------------------------------
    def group(self, pool: Sequence[int], r: int) -> tuple[int, ...]:
        """The pool cards of rank ``r`` as a tuple of kinds (with repeats, in the order of kinds)."""
        out: list[int] = []
        for k in self.of_rank[r]:
            out.extend([k] * pool[k])
        return tuple(out)

    def mine(self, hand: Sequence[int], r: int) -> tuple[int, ...]:
        """The kinds of rank ``r`` in ``hand``."""
        return tuple(k for k in self.of_rank[r] if hand[k])

    def loss(self, r: int, g: tuple[int, ...]) -> float:
        """What the opponents are expected to take from pool group ``g`` (rank ``r``) before my next
        turn (and, for the last card's rank, at the end)."""
        if not g:
            return 0.0
        key = (r, g)
        v = self._loss.get(key)
        if v is not None:
            return v
        v = 0.0
        left = 1.0  # chance that a lone card is still there
        kinds = set(g)
        for o, probs in self.claims:
            p = probs[r]
            if p <= 0:
                continue
            best = max(self.gain(o, k) for k in kinds)
            if len(g) == 1:
                v += left * p * best
                left *= 1.0 - p
            else:
                v += p * best
        if r == self.end_rank:
            survive = left if len(g) == 1 else 1.0
            v += self.w.end * survive * max(self.gain(self.unyik, k) for k in kinds)
        self._loss[key] = v
        return v

    def survive(self, r: int, g: tuple[int, ...]) -> float:
        s = 1.0
        for _, probs in self.claims:
            s *= 1.0 - probs[r]
        if len(g) > 1:
            s = 1.0 - (1.0 - s) ** len(g)
        return s

    def future(self, r: int, g: tuple[int, ...], mine: tuple[int, ...]) -> float:
        """My next-turn capture from group ``g`` (rank ``r``) with one of my cards ``mine`` of the rank."""
        if not g or not mine or not self.next_turn:
            return 0.0
        key = (r, g, mine)
        v = self._fut.get(key)
        if v is None:
            best = max(self.pair(h, k) for h in mine for k in set(g))
            v = self._fut[key] = self.survive(r, g) * best
        return v

    def position(self, r: int, g: tuple[int, ...], mine: tuple[int, ...]) -> float:
        """Exposure and own future of the pool after my action, which leaves group ``g`` in rank
        ``r`` and my cards ``mine`` of that rank (the other ranks as they are)."""
        losses = self.losses.copy()
        losses[r] = self.loss(r, g)
        futures = self.futures.copy()
        futures[r] = self.future(r, g, mine)
        futs = [f for f in futures if f > 0]
        fut = 0.0
        if futs:
            futs.sort(reverse=True)
            fut = self.w.mine * futs[0] + self.w.mine_rest * _sum(futs[1:])
        return fut - self.w.opp * _sum(losses)

    def draw_value(self, r: int, g: tuple[int, ...], mine: tuple[int, ...]) -> float:
        """The expected result of my draw from the bottom of the stock after my action (which
        leaves group ``g`` and my cards ``mine`` in rank ``r``)."""
        if not self.n_draws:
            return 0.0
        if self._draw_terms is None:   # the terms of the ranks the action leaves as they are
            self._draw_terms = [0.0] * self.n_draws
            for q, (g0, m0) in enumerate(zip(self.groups, self.mines, strict=True)):
                for (i, _, _), t in zip(self.draws[q], self._draw_rank(q, g0, m0), strict=True):
                    self._draw_terms[i] = t
        terms = self._draw_terms.copy()
        for (i, _, _), t in zip(self.draws[r], self._draw_rank(r, g, mine), strict=True):
            terms[i] = t
        return _sum(terms)

    def _draw_rank(self, r: int, g: tuple[int, ...], mine: tuple[int, ...]) -> list[float]:
        """The terms of my draw's expectation for the cards of rank ``r`` I may draw (chance times
        result) when the pool holds group ``g`` of the rank and I hold ``mine``."""
        draws = self.draws[r]
        if not draws:
            return []
        key = (r, g, mine)
        terms = self._draw.get(key)
        if terms is not None:
            return terms
        w = self.w
        before = w.mine * self.future(r, g, mine) - w.opp * self.loss(r, g)
        # what the group is worth after my drawn card took each of its kinds (the same for any draw)
        after = [(c, self._after(r, g, c, mine)) for c in set(g)]
        terms = []
        for _, d, p in draws:
            if g:
                v = max(self.pair(d, c) + a - before for c, a in after)
            else:
                ng = (d,)
                v = w.mine * self.future(r, ng, mine) - w.opp * self.loss(r, ng)
            terms.append(p * v)
        self._draw[key] = terms
        return terms

    def _after(self, r: int, g: tuple[int, ...], taken: int, mine: tuple[int, ...]) -> float:
        ng = _without(g, taken)
        return self.w.mine * self.future(r, ng, mine) - self.w.opp * self.loss(r, ng)

    def ticket(self, k: int) -> float:
        """What keeping hand card ``k`` is worth for later turns (its rank may come into the pool)."""
        if not self.turns_left or not self.U:
            return 0.0
        r = self.rank[k]
        f = min(1.0, self.u_rank[r] * self.turns_left * 2.0 / self.U)
        return self.w.ticket * f * self.sc.value[k]

    def reserve_cost(self, k: int) -> float:
        """The cost of playing ``k`` now if it is the one card kept for my known final draw."""
        x = self.final_draw
        if x is None or len(self.view.hand) <= 1:
            return 0.0
        r = self.rank[x]
        if self.rank[k] != r:
            return 0.0
        if sum(self.hand[h] for h in self.of_rank[r]) > 1:
            return 0.0
        return self.w.reserve * self.pair(k, x)

    # -- actions ------------------------------------------------------------------------------
    def capture_value(self, card: int, taken: int, mine: tuple[int, ...], with_draw: bool) -> float:
        """Capturing pool card ``taken`` with ``card``, my cards of the rank being ``mine`` after."""
        r = self.rank[taken]
        g = _without(self.groups[r], taken)
        v = self.pair(card, taken) + self.position(r, g, mine)
        if with_draw:
            v += self.w.draw * self.draw_value(r, g, mine)
        return v

    def play_value(self, k: int) -> float:
        hand = self.hand.copy()
        hand[k] -= 1
        r = self.rank[k]
        mine = self.mine(hand, r)
        g = self.groups[r]
        if g:
            v = max(self.capture_value(k, c, mine, True) for c in set(g))
        else:
            g = (k,)
            v = self.position(r, g, mine) + self.w.draw * self.draw_value(r, g, mine)
        # what the kept cards are worth later: the card played gives up its own ticket
        v -= self.ticket(k)
        v -= self.reserve_cost(k)
        return v


def _sum(terms: Iterable[float]) -> float:
    """``terms`` added one by one, in their order: the last bits of a score, and so the ties
    between moves, stay those of the first version of the heuristic on every Python (``sum``
    adds floats more precisely from Python 3.12 on)."""
    total = 0.0
    for t in terms:
        total += t
    return total


def _without(g: tuple[int, ...], taken: int) -> tuple[int, ...]:
    """Pool group ``g`` after ``taken`` is captured from it."""
    i = g.index(taken)
    return g[:i] + g[i + 1:]


class PeiHeuristicBot(Bot[PeiView]):
    game_id = GAME_ID
    level = "normal"
    view_type = PeiView
    weights = Weights()

    def choose(self, view: PeiView, rng: random.Random) -> Action:
        self.check_view(view)
        return scores(view, self.weights)[0][0]


def scores(view: PeiView, weights: Weights = Weights()) -> list[tuple[Action, float]]:
    """The heuristic's score of each of the viewer's legal actions in points, best first (the first
    is what :class:`PeiHeuristicBot` plays; ties go to the lower card code).  The only legal draw
    scores 0."""
    legal = view.legal
    if len(legal) == 1:
        return [(legal[0], 0.0)]
    for a in legal:
        if a.verb == DRAW:
            return [(a, 0.0)] + [(b, float("-inf")) for b in legal if b != a]
    ev = _Eval(view, weights)
    keyed = []
    for a in legal:
        card = cast(Kind | None, a.card)   # a Pèi action names a Ceki kind, or none (a draw)
        if a.verb == PLAY and card is not None:
            score = ev.play_value(card)
        elif a.verb == CAPTURE and view.pending is not None and card is not None:
            score = ev.capture_value(view.pending, card, ev.mines[ev.rank[card]], view.pending_from == "hand")
        else:
            score = float("-inf")
        keyed.append(((score, -int(card) if card is not None else 0), a))
    keyed.sort(key=lambda x: x[0], reverse=True)
    return [(a, key[0]) for key, a in keyed]


__all__ = ["PeiHeuristicBot", "Weights", "scores"]
