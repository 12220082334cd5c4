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
    asked about the combination cards alone: few distinct piles, whose totals the engine's bounded
    cache (:func:`~cekidesk.games.pei.score_total`) remembers.
    """

    def __init__(self, options) -> None:
        self.options = options
        self.rank = [rank_of(k, options) for k in ALL_KINDS]
        self.value = [score_cards([k], options).total for k in ALL_KINDS]
        combo_kinds = set(_RUN)
        for cards in COMBO_CARDS.values():
            combo_kinds.update(cards)
        self.combo = [k in combo_kinds for k in ALL_KINDS]
        self.combos = [(code, tuple(dict.fromkeys(cards))) for code, cards in COMBO_CARDS.items()]
        # what completing each combination adds over its cards' loose values
        self.bonus = {code: score_cards(cards, options).total - sum(self.value[k] for k in cards)
                      for code, cards in self.combos}

    def total(self, counts: Sequence[int]) -> int:
        key = bytearray(_N)
        loose = 0
        for k in range(_N):
            c = counts[k]
            if c:
                if self.combo[k]:
                    key[k] = c
                else:
                    loose += c * self.value[k]
        return loose + score_total(bytes(key), self.options)


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
    """The facts of one decision and the evaluation of the positions its actions lead to."""

    def __init__(self, view: PeiView, w: Weights) -> None:
        self.view = view
        self.w = w
        opts = view.options
        self.sc = sc = _scorer(opts)
        self.rank = sc.rank
        n_ranks = max(sc.rank) + 1
        self.of_rank: list[list[int]] = [[] for _ in range(n_ranks)]
        for k in range(_N):
            self.of_rank[sc.rank[k]].append(k)
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

        # captured piles and the value functions of each seat
        self.caps = [_counts(c) for c in view.captured]
        self.base_value = [self._value(c) for c in self.caps]
        self._gain: dict[tuple, float] = {}
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
        # how many more turns I have after this one, for the ticket value of hand cards
        self.turns_left = max(0, base // 3)

    # -- values -------------------------------------------------------------------------------
    def _value(self, counts: Sequence[int]) -> float:
        v = float(self.sc.total(counts))
        if self.w.pot:
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
            v += self.w.pot * pot
        return v

    def gain(self, seat: int, added: tuple[int, ...]) -> float:
        """What capturing ``added`` is worth to ``seat``."""
        if not added:
            return 0.0
        key = (seat, tuple(sorted(added)))
        g = self._gain.get(key)
        if g is None:
            c = list(self.caps[seat])
            for k in added:
                c[k] += 1
            g = self._gain[key] = self._value(c) - self.base_value[seat]
        return g

    # -- the pool -----------------------------------------------------------------------------
    def group(self, pool: Sequence[int], r: int) -> tuple[int, ...]:
        """The pool cards of rank ``r`` as a tuple of kinds (with repeats)."""
        out: list[int] = []
        for k in self.of_rank[r]:
            out.extend([k] * pool[k])
        return tuple(out)

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
            best = max(self.gain(o, (k,)) for k in kinds)
            if len(g) == 1:
                v += left * p * best
                left *= 1.0 - p
            else:
                v += p * best
        if r == self.end_rank:
            survive = left if len(g) == 1 else 1.0
            v += self.w.end * survive * max(self.gain(self.unyik, (k,)) for k in kinds)
        self._loss[key] = v
        return v

    def survive(self, r: int, g: tuple[int, ...]) -> float:
        s = 1.0
        for _, probs in self.claims:
            s *= 1.0 - probs[r]
        if len(g) > 1:
            s = 1.0 - (1.0 - s) ** len(g)
        return s

    def future(self, r: int, g: tuple[int, ...], hand: Sequence[int]) -> float:
        """My next-turn capture from group ``g`` with a hand card of rank ``r``."""
        if not g or not self.next_turn:
            return 0.0
        mine = tuple(k for k in self.of_rank[r] if hand[k])
        if not mine:
            return 0.0
        key = (r, g, mine)
        v = self._fut.get(key)
        if v is None:
            best = max(self.gain(self.me, (h, k)) for h in mine for k in set(g))
            v = self._fut[key] = self.survive(r, g) * best
        return v

    def position(self, pool: Sequence[int], hand: Sequence[int]) -> float:
        """Exposure and own future of the pool ``pool`` with my hand ``hand`` after my action."""
        loss = 0.0
        futs = []
        for r in range(len(self.of_rank)):
            g = self.group(pool, r)
            if not g:
                continue
            loss += self.loss(r, g)
            f = self.future(r, g, hand)
            if f > 0:
                futs.append(f)
        fut = 0.0
        if futs:
            futs.sort(reverse=True)
            fut = self.w.mine * futs[0] + self.w.mine_rest * sum(futs[1:])
        return fut - self.w.opp * loss

    def draw_value(self, pool: Sequence[int], hand: Sequence[int]) -> float:
        """The expected result of my draw from the bottom of the stock onto ``pool``."""
        x = self.known.get(self.view.stock_count)
        if x is not None:
            dist: Iterable[tuple[int, float]] = ((x, 1.0),)
        elif self.U:
            dist = ((k, c / self.U) for k, c in enumerate(self.unseen) if c)
        else:
            return 0.0
        total = 0.0
        cache: dict[tuple, float] = {}
        for d, p in dist:
            r = self.rank[d]
            g = self.group(pool, r)
            key = (d, g)
            v = cache.get(key)
            if v is None:
                before = self.w.mine * self.future(r, g, hand) - self.w.opp * self.loss(r, g)
                if g:
                    v = max(self.gain(self.me, (d, c)) + self._after(r, g, c, hand) - before
                            for c in set(g))
                else:
                    ng = (d,)
                    v = self.w.mine * self.future(r, ng, hand) - self.w.opp * self.loss(r, ng)
                cache[key] = v
            total += p * v
        return total

    def _after(self, r: int, g: tuple[int, ...], taken: int, hand: Sequence[int]) -> float:
        lst = list(g)
        lst.remove(taken)
        ng = tuple(lst)
        return self.w.mine * self.future(r, ng, hand) - self.w.opp * self.loss(r, ng)

    def ticket(self, k: int, hand: Sequence[int]) -> float:
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
        return self.w.reserve * self.gain(self.me, (k, x))

    # -- actions ------------------------------------------------------------------------------
    def capture_value(self, card: int, taken: int, pool: Sequence[int], hand: Sequence[int],
                      with_draw: bool) -> float:
        p = list(pool)
        p[taken] -= 1
        v = self.gain(self.me, (card, taken)) + self.position(p, hand)
        if with_draw:
            v += self.w.draw * self.draw_value(p, hand)
        return v

    def play_value(self, k: int) -> float:
        hand = list(self.hand)
        hand[k] -= 1
        r = self.rank[k]
        g = self.group(self.pool, r)
        if g:
            v = max(self.capture_value(k, c, self.pool, hand, True) for c in set(g))
        else:
            p = list(self.pool)
            p[k] += 1
            v = self.position(p, hand) + self.w.draw * self.draw_value(p, hand)
        # what the kept cards are worth later: the card played gives up its own ticket
        v -= self.ticket(k, hand)
        v -= self.reserve_cost(k)
        return v


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
            score = ev.capture_value(view.pending, card, ev.pool, ev.hand, view.pending_from == "hand")
        else:
            score = float("-inf")
        keyed.append(((score, -int(card) if card is not None else 0), a))
    keyed.sort(key=lambda x: x[0], reverse=True)
    return [(a, key[0]) for key, a in keyed]


__all__ = ["PeiHeuristicBot", "Weights", "scores"]
