"""Ceki (Kowah): the namesake game, 2–6 players, two packs (120 cards).

Rules as read by RULINGS §2 (source: ``ceki-kowah.txt``):

* A random dealer deals two cards at a time, four times, clockwise (8 each); the player on the
  dealer's left starts.  Seats are numbered clockwise, so the next player is ``(p + 1) % n`` and a
  player may take only the last discard, which is always the previous player's.
* A turn: ``draw`` from the stock or ``take`` the last discard, then ``discard`` one card (8 remain).
  A card drawn from the stock may be thrown at once.  **(house)** A card taken from the discard pile
  may not be thrown back in the same turn (that would be a pass), so its kind is not offered.
* Sets are three cards of one value, suits ignored.  Honours (WF, RF, OT) make sets only with their
  own kind; option ``iyo_one_rank``: the six *iyo* cards (WF, RF, OT, C1, S1, M1) are one value.
* **(house, forced by the arithmetic)** A player who ends a turn, or the deal, with two sets and a pair
  calls *ceki* automatically: the pair (with a set of the same value: all five cards) goes face-down,
  the two sets are frozen.  From then on the caller's only play is to draw and throw the drawn card,
  or to take the last discard when it completes the hand.
* Only a caller can win, with the third card of the pair: the sum of the nine cards (honours 1 each)
  ×1 (*plain*: the previous player's discard of a card they had just drawn), ×2 (*double*: the previous
  player's discard of a card they had held), ×3 (*triple*: drawn from the stock).  Only the winner scores.
* **(house)** When the stock is empty the hand is drawn — unless the next player has called and the
  last discard completes their hand, in which case they may still take it.
* **(house, RULINGS §2: a hand cannot loop forever)** When :data:`NO_DRAW_TURNS` turns in a row end
  without anyone drawing from the stock (every one of them took the last discard), the hand is drawn
  at the end of that turn, with the same exception: a caller whom that discard completes may still
  take it (the stock is closed to them) — in practice moot, as a caller's every turn is a draw or a
  win, so with a caller at the table no round passes without a draw.  A draw from the stock starts
  the count again; ``view.turns_without_draw`` shows it.  Measured over thousands of simulated
  hands, heuristic players reach at most 6–8 such turns in a row and random players 17; only players
  who just pass cards back and forth reach 30.  So a hand is at most :func:`max_hand_actions` long.
* **(house)** The deal passes clockwise after every hand.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, cast

from pydantic import BaseModel, ConfigDict, Field

from cekidesk.engine.cards import ALL_KINDS, Card, Counting, Kind, ceki_deck
from cekidesk.engine.core import (
    Action,
    Event,
    GameState,
    HandResult,
    OptionsError,
    View,
)
from cekidesk.engine.hidden import Copies, Slot, blanks, deal_unseen, keeping, slots, unseen_counts

GAME_ID = "ceki"
DRAW, TAKE, DISCARD = "draw", "take", "discard"
PHASE_DRAW, PHASE_DISCARD, PHASE_OVER = "draw", "discard", "over"
WIN_PLAIN, WIN_DOUBLE, WIN_TRIPLE = "plain", "double", "triple"
MULTIPLIER = {WIN_PLAIN: 1, WIN_DOUBLE: 2, WIN_TRIPLE: 3}
HAND_SIZE = 8
DECK_SIZE = 120
#: (house) the hand is drawn after this many turns in a row without a draw from the stock
NO_DRAW_TURNS = 30
#: why a hand was drawn (``result.details["drawn_by"]``; the event of the same name ends it)
DRAWN_STOCK_EMPTY, DRAWN_NO_DRAW = "exhausted", "no_draw"


class CekiOptions(BaseModel):
    """The table's choices for Ceki."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    iyo_one_rank: bool = Field(
        False,
        title="ceki.option.iyo_one_rank",
        description="ceki.option.iyo_one_rank.help",
    )


# Group ("value") of each kind for forming sets, for each option setting.
def _groups(iyo_one_rank: bool) -> tuple[int, ...]:
    out = []
    for k in ALL_KINDS:
        if k.is_honour:
            out.append(0 if iyo_one_rank else 9 + (k.value - 27))
        else:
            out.append(k.pips - 1)
    return tuple(out)


_GROUPS = {False: _groups(False), True: _groups(True)}
#: public: the set "value" of each kind (indexed by Kind) for ``iyo_one_rank`` False / True
SET_GROUPS = _GROUPS
_N_GROUPS = {False: 12, True: 9}
#: the kinds of each set value, for ``iyo_one_rank`` False / True
_KINDS_OF = {flag: tuple(tuple(k for k, g in enumerate(groups) if g == v) for v in range(_N_GROUPS[flag]))
             for flag, groups in _GROUPS.items()}
_POINTS = tuple(k.value_in(Counting.CEKI) for k in ALL_KINDS)

# Cached action values: legal_actions builds lists of these instead of new tuples.
_DRAW = [Action(p, DRAW) for p in range(6)]
_TAKE = [Action(p, TAKE) for p in range(6)]
_DISCARD = [[Action(p, DISCARD, k) for k in ALL_KINDS] for p in range(6)]


class Throw(NamedTuple):
    """One card thrown onto the pile, as every player saw it: who threw which kind, and who took it
    back up (-1: nobody; only the next player can, and only while it is the last discard)."""

    thrower: int
    kind: Kind
    taker: int = -1


# Cached throws, by thrower, kind and taker + 1: recording a throw on the fast path costs an index.
_THROW = [[[Throw(p, k, t) for t in range(-1, 6)] for k in ALL_KINDS] for p in range(6)]


def pair_group(counts: Sequence[int]) -> int:
    """If group ``counts`` (of an 8-card hand) form two sets and a pair, the pair's group, else -1."""
    found = -1
    for g, c in enumerate(counts):
        r = c % 3
        if r == 1:
            return -1
        if r == 2:
            if found >= 0:
                return -1
            found = g
    return found


@dataclass(frozen=True)
class CekiView(View):
    """Everything one player at a Ceki table can see (immutable; equal views compare equal)."""

    viewer: int
    n_players: int
    dealer: int
    options: CekiOptions
    current: int
    phase: str
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    hand: tuple[Kind, ...]                 # the viewer's hand (sorted), face-down cards excluded
    facedown: tuple[Kind, ...]             # the viewer's own face-down cards
    drawn: Kind | None                     # the card the viewer drew this turn (in ``hand`` too)
    hand_counts: tuple[int, ...]           # cards in each player's hand (face-down excluded)
    facedown_counts: tuple[int, ...]
    called: tuple[bool, ...]
    known: tuple[tuple[Kind, ...], ...]    # per player: kinds seen taken from the pile, still held
                                           # (in the hand or, after a call, possibly face-down)
    discards: tuple[Kind, ...]             # the discard pile, bottom → top
    last_fresh: bool                       # the top discard was drawn and thrown in the same turn
    stock_count: int
    result: HandResult | None
    turns_without_draw: int = 0            # turns in a row that ended without a stock draw
                                           # (the hand is drawn at NO_DRAW_TURNS)
    throws: tuple[Throw, ...] = ()         # every card thrown this hand, oldest first, and who took
                                           # it: public, the same in every player's view

    game_id = GAME_ID

    @property
    def top_discard(self) -> Kind | None:
        return self.discards[-1] if self.discards else None

    @property
    def top_thrower(self) -> int | None:
        """Who threw the top discard: the pile is the throws nobody took, in order."""
        return next((t.thrower for t in reversed(self.throws) if t.taker < 0), None)

    def thrown_by(self, seat: int) -> tuple[Throw, ...]:
        """The cards ``seat`` threw this hand, oldest first."""
        return tuple(t for t in self.throws if t.thrower == seat)


class CekiState(GameState[CekiOptions]):
    game_id = GAME_ID
    options: CekiOptions

    def __init__(
        self,
        n_players: int,
        options: CekiOptions,
        seed: int,
        dealer: int = 0,
        deck: Sequence[Card] | None = None,
    ):
        """Deal a hand.  ``deck`` (top card first) stacks the deck for tests; otherwise it is
        shuffled from ``seed``."""
        if not 2 <= n_players <= 6:
            raise OptionsError(f"Ceki is played by 2–6 players, not {n_players}")
        if not 0 <= dealer < n_players:
            raise OptionsError(f"there is no seat {dealer} to deal")
        super().__init__(n_players, options, seed)
        self.group = _GROUPS[options.iyo_one_rank]
        self.n_groups = _N_GROUPS[options.iyo_one_rank]
        self.dealer = dealer
        if deck is None:
            order = [c.uid for c in ceki_deck(4)]
            self.rng.shuffle(order)
        else:
            order = [c.uid for c in deck]
            if sorted(order) != list(range(DECK_SIZE)):
                raise OptionsError("a stacked Ceki deck must hold each of the 120 cards once")
        order.reverse()  # the top of the stock is the end of the list
        self.stock: list[int] = order
        self.hands: list[list[int]] = [[] for _ in range(n_players)]
        self.counts: list[list[int]] = [[0] * self.n_groups for _ in range(n_players)]
        self.facedown: list[list[int]] = [[] for _ in range(n_players)]
        self.called = [False] * n_players
        self.call_group = [-1] * n_players
        self.known: list[list[int]] = [[] for _ in range(n_players)]  # kinds, public
        self.discards: list[int] = []
        self.throws: list[Throw] = []   # public: who threw what and who took it (see CekiView)
        self.last_fresh = False
        self.drawn = -1   # uid drawn from the stock this turn
        self.took = -1    # uid taken from the discard pile this turn
        self.turns_without_draw = 0
        self.current = (dealer + 1) % n_players
        self.phase = PHASE_DRAW
        self._result: HandResult | None = None
        self.deal_events: list[Event] = []
        first = self.current
        for _ in range(4):
            for i in range(n_players):
                p = (first + i) % n_players
                for _ in range(2):
                    self._receive(p, self.stock.pop())
        for i in range(n_players):
            p = (first + i) % n_players
            self.deal_events.append(Event(
                "deal", p, {"count": HAND_SIZE, "dealer": dealer, "stock": len(self.stock)},
                {"cards": [Kind(u % 30).code for u in self.hands[p]]}, frozenset({p})))
        for i in range(n_players):
            self._maybe_call((first + i) % n_players, self.deal_events)

    # -- helpers ----------------------------------------------------------------------------
    def _receive(self, p: int, uid: int) -> None:
        self.hands[p].append(uid)
        self.counts[p][self.group[uid % 30]] += 1

    def _maybe_call(self, p: int, events: list[Event] | None) -> None:
        if self.called[p]:
            return
        g = pair_group(self.counts[p])
        if g < 0:
            return
        grp = self.group
        down = [u for u in self.hands[p] if grp[u % 30] == g]
        self.hands[p] = [u for u in self.hands[p] if grp[u % 30] != g]
        self.facedown[p] = down
        self.counts[p][g] = 0
        self.called[p] = True
        self.call_group[p] = g
        # ``known`` stays as it is: a card seen taken is still held, in the hand or face-down, and
        # others cannot tell which (dropping it here would reveal the pair's value).
        if events is not None:
            events.append(Event("call", p, {"facedown": len(down)},
                                {"cards": [Kind(u % 30).code for u in down]}, frozenset({p})))

    def _win(self, p: int, uid: int, kind: str, events: list[Event] | None) -> None:
        cards = self.hands[p] + self.facedown[p] + [uid]
        base = sum(_POINTS[u % 30] for u in cards)
        mult = MULTIPLIER[kind]
        score = base * mult
        self.hands[p].append(uid)
        self.phase = PHASE_OVER
        points = [0] * self.n_players
        points[p] = score
        details = {
            "win_kind": kind,
            "card": Kind(uid % 30).code,
            "base": base,
            "multiplier": mult,
            "score": score,
            "sets": self._sets_of(p),
            "hands": [[Kind(u % 30).code for u in self.hands[q] + self.facedown[q]]
                      for q in range(self.n_players)],
        }
        self._result = HandResult("win", tuple(points), (p,), details)
        if events is not None:
            events.append(Event("win", p, dict(details)))

    def _sets_of(self, p: int) -> list[list[str]]:
        by_group: dict[int, list[int]] = {}
        for u in sorted(self.hands[p] + self.facedown[p], key=lambda u: (u % 30, u)):
            by_group.setdefault(self.group[u % 30], []).append(u)
        sets = []
        for cards in by_group.values():
            for i in range(0, len(cards), 3):
                sets.append([Kind(u % 30).code for u in cards[i:i + 3]])
        return sets

    def _end_drawn(self, why: str, events: list[Event] | None) -> None:
        """End the hand drawn; ``why`` is :data:`DRAWN_STOCK_EMPTY` or :data:`DRAWN_NO_DRAW`."""
        self.phase = PHASE_OVER
        data = {"turns": NO_DRAW_TURNS} if why == DRAWN_NO_DRAW else {}
        self._result = HandResult(
            "draw", (0,) * self.n_players, (),
            {"hands": [[Kind(u % 30).code for u in self.hands[q] + self.facedown[q]]
                       for q in range(self.n_players)], "drawn_by": why, **data})
        if events is not None:
            events.append(Event(why, None, data))

    def _stock_closed(self) -> bool:
        """The stock is empty, or the turns without a draw from it have reached the bound."""
        return not self.stock or self.turns_without_draw >= NO_DRAW_TURNS

    def _wins_with(self, p: int, uid: int) -> bool:
        return self.called[p] and self.group[uid % 30] == self.call_group[p]

    # -- protocol ---------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == PHASE_OVER else (self.current,)

    def legal_actions(self, player: int) -> list[Action]:
        if player != self.current or self.phase == PHASE_OVER:
            return []
        if self.phase == PHASE_DRAW:
            out = []
            if not self._stock_closed():
                out.append(_DRAW[player])
            if self.discards and (not self.called[player] or self._wins_with(player, self.discards[-1])):
                out.append(_TAKE[player])
            return out
        acts = _DISCARD[player]
        if self.called[player]:
            return [acts[self.drawn % 30]]
        took = self.took % 30 if self.took >= 0 else -1
        # in kind order, so that the view does not depend on the order the cards arrived in
        return [acts[k] for k in sorted({u % 30 for u in self.hands[player]}) if k != took]

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        p = action.player
        verb = action.verb
        if verb == DRAW:
            uid = self.stock.pop()
            self.turns_without_draw = 0
            if events is not None:
                events.append(Event("draw", p, {"stock": len(self.stock)},
                                    {"card": Kind(uid % 30).code}, frozenset({p})))
            if self._wins_with(p, uid):
                self._win(p, uid, WIN_TRIPLE, events)
                return
            self._receive(p, uid)
            self.drawn, self.took = uid, -1
            self.phase = PHASE_DISCARD
        elif verb == TAKE:
            uid = self.discards.pop()
            # the last discard is always the newest throw (every take is followed by a throw)
            thrower = self.throws[-1].thrower
            self.throws[-1] = _THROW[thrower][uid % 30][p + 1]
            if events is not None:
                events.append(Event("take", p, {"card": Kind(uid % 30).code}))
            if self.called[p]:
                self._win(p, uid, WIN_PLAIN if self.last_fresh else WIN_DOUBLE, events)
                return
            self._receive(p, uid)
            self.known[p].append(uid % 30)
            self.drawn, self.took = -1, uid
            self.phase = PHASE_DISCARD
        else:  # DISCARD
            k = cast(Kind, action.card).value  # a legal discard names a Kind
            hand = self.hands[p]
            if self.drawn >= 0 and self.drawn % 30 == k:
                uid = self.drawn  # throwing the drawn card at once is the gentler choice
            else:
                uid = max(u for u in hand if u % 30 == k)
            hand.remove(uid)
            self.counts[p][self.group[k]] -= 1
            fresh = uid == self.drawn
            if self.drawn < 0:
                self.turns_without_draw += 1
            if k in self.known[p]:
                self.known[p].remove(k)
            self.discards.append(uid)
            self.throws.append(_THROW[p][k][0])
            self.last_fresh = fresh
            self.drawn = self.took = -1
            if events is not None:
                events.append(Event("discard", p, {"card": Kind(k).code, "fresh": fresh}))
            self._maybe_call(p, events)
            nxt = (p + 1) % self.n_players
            self.current = nxt
            self.phase = PHASE_DRAW
            if self._stock_closed() and not self._wins_with(nxt, uid):
                self._end_drawn(DRAWN_STOCK_EMPTY if not self.stock else DRAWN_NO_DRAW, events)

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def result(self) -> HandResult:
        if self._result is None:
            raise ValueError("the hand is not over")
        return self._result

    def view(self, player: int) -> CekiView:
        n = self.n_players
        return CekiView(
            viewer=player,
            n_players=n,
            dealer=self.dealer,
            options=self.options,
            current=self.current,
            phase=self.phase,
            to_act=self.to_act(),
            legal=tuple(self.legal_actions(player)),
            # (each kind by its index: calling the enum class for each card is a slow lookup; the
            # indices sorted are the kinds sorted)
            hand=tuple([ALL_KINDS[k] for k in sorted([u % 30 for u in self.hands[player]])]),
            facedown=tuple([ALL_KINDS[k] for k in sorted([u % 30 for u in self.facedown[player]])]),
            drawn=ALL_KINDS[self.drawn % 30] if self.drawn >= 0 and self.current == player else None,
            hand_counts=tuple(len(h) for h in self.hands),
            facedown_counts=tuple(len(f) for f in self.facedown),
            called=tuple(self.called),
            known=tuple(tuple([ALL_KINDS[k] for k in sorted(self.known[q])]) for q in range(n)),
            discards=tuple([ALL_KINDS[u % 30] for u in self.discards]),
            last_fresh=self.last_fresh,
            stock_count=len(self.stock),
            result=self._result,
            turns_without_draw=self.turns_without_draw,
            throws=tuple(self.throws),
        )

    def _copy_into(self, o: CekiState) -> None:
        o.group, o.n_groups, o.dealer = self.group, self.n_groups, self.dealer
        o.stock = self.stock[:]
        o.hands = [h[:] for h in self.hands]
        o.counts = [c[:] for c in self.counts]
        o.facedown = [f[:] for f in self.facedown]
        o.called = self.called[:]
        o.call_group = self.call_group[:]
        o.known = [k[:] for k in self.known]
        o.discards = self.discards[:]
        o.throws = self.throws[:]
        o.last_fresh, o.drawn, o.took = self.last_fresh, self.drawn, self.took
        o.turns_without_draw = self.turns_without_draw
        o.current, o.phase, o._result = self.current, self.phase, self._result
        o.deal_events = self.deal_events

    # -- accounting and tests ---------------------------------------------------------------
    def all_cards(self) -> list[int]:
        """Every card uid wherever it is (stock, hands, face-down, discards): 120 when sound."""
        out = self.stock + self.discards
        for p in range(self.n_players):
            out = out + self.hands[p] + self.facedown[p]
        return out

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> CekiState:
        if not isinstance(view, CekiView):
            raise TypeError(f"a CekiState is made from a CekiView, not a {type(view).__name__}")
        return determinize(view, rng)

    def hidden_slots(self, viewer: int) -> list[Slot]:
        """Hidden from ``viewer``: the others' hands and face-down cards but for the cards the
        viewer saw them take (``known``: still held, in the hand or face-down), and the stock."""
        out: list[Slot] = []
        for q in range(self.n_players):
            if q != viewer:
                out += keeping((self.hands[q], self.facedown[q]), self.known[q], _kind_of, self.drawn)
        return out + slots(self.stock)

    def _redealt(self, viewer: int) -> None:
        for q in range(self.n_players):
            counts = [0] * self.n_groups
            for u in self.hands[q]:
                counts[self.group[u % 30]] += 1
            self.counts[q] = counts
        if self.drawn >= 0 and self.current != viewer:
            self.drawn = self.hands[self.current][-1]


def _kind_of(uid: int) -> int:
    return uid % 30


def unseen_kinds(view: CekiView) -> dict[Kind, int]:
    """How many copies of each kind the viewer has not seen (in others' hands, face-down or stock)."""
    seen = list(view.hand) + list(view.facedown) + list(view.discards)
    for q, ks in enumerate(view.known):
        if q != view.viewer:
            seen.extend(ks)
    return unseen_counts(ALL_KINDS, 4, seen)


def determinize(view: CekiView, rng: random.Random) -> CekiState:
    """A full state consistent with ``view``: the unseen cards are dealt at random to the places
    the viewer cannot see.  For bots that search; it never looks at the real state."""
    n = view.n_players
    state = object.__new__(CekiState)
    GameState.__init__(state, n, view.options, rng.randrange(2**31))
    state.group = _GROUPS[view.options.iyo_one_rank]
    state.n_groups = _N_GROUPS[view.options.iyo_one_rank]
    state.dealer = view.dealer
    copies = Copies(30, 4)
    take = copies.take
    hands: list[list] = [[] for _ in range(n)]
    facedown: list[list] = [[] for _ in range(n)]
    hands[view.viewer] = [take(k) for k in view.hand]
    facedown[view.viewer] = [take(k) for k in view.facedown]
    discards = [take(k) for k in view.discards]
    known = [[k.value for k in ks] for ks in view.known]
    hidden: list[Slot] = []
    # the others' callers last, so that the cards seen taken by the rest are already placed
    others = [q for q in range(n) if q != view.viewer]
    others.sort(key=lambda q: view.called[q])
    for q in others:
        # a caller in mid-turn keeps one hand place for the unseen card it drew
        room = view.hand_counts[q]
        if q == view.current and view.phase == PHASE_DISCARD and view.called[q]:
            room -= 1
        later = [k.value for c in others if c > q and view.called[c] for k in view.known[c]] \
            if view.called[q] else []
        made = _caller_cards(view, q, room, copies, rng, later) if view.called[q] else None
        if made is not None:
            hands[q] = made[0] + [None] * (view.hand_counts[q] - room)
            facedown[q] = made[1]
        else:
            # cards seen taken are still held: in the hand, or (after a call) face-down
            seen = [take(k) for k in view.known[q]]
            in_hand, face_down = seen[:room], seen[room:]
            hands[q] = in_hand + [None] * (view.hand_counts[q] - len(in_hand))
            facedown[q] = face_down + [None] * (view.facedown_counts[q] - len(face_down))
        hidden += blanks(hands[q]) + blanks(facedown[q])
    stock: list = [None] * view.stock_count
    deal_unseen(hidden + blanks(stock), copies, rng)
    state.stock = stock
    state.hands, state.facedown, state.discards, state.known = hands, facedown, discards, known
    state.throws = list(view.throws)
    state.counts = []
    for q in range(n):
        c = [0] * state.n_groups
        for u in hands[q]:
            c[state.group[u % 30]] += 1
        state.counts.append(c)
    state.called = list(view.called)
    state.call_group = [state.group[facedown[q][0] % 30] if view.called[q] and facedown[q] else -1
                        for q in range(n)]
    if view.called[view.viewer] and view.facedown:
        state.call_group[view.viewer] = state.group[view.facedown[0].value]
    state.last_fresh = view.last_fresh
    state.turns_without_draw = view.turns_without_draw
    state.current, state.phase, state._result = view.current, view.phase, view.result
    state.drawn = -1
    state.took = -1
    me = view.viewer
    if view.drawn is not None:
        state.drawn = next(u for u in hands[me] if u % 30 == view.drawn.value)
    elif view.phase == PHASE_DISCARD and view.current == me and not view.called[me]:
        # the viewer took the last discard: its kind is the one kind in hand they may not throw
        allowed = {a.card for a in view.legal}
        took = next((k for k in view.hand if k not in allowed), None)
        if took is not None:
            state.took = next(u for u in hands[me] if u % 30 == took.value)
    elif view.phase == PHASE_DISCARD and view.called[view.current]:
        # another caller in mid-turn drew a card (callers take only to win): say which one
        state.drawn = hands[view.current][-1]
    state.deal_events = []
    return state


def _caller_cards(view: CekiView, q: int, room: int, copies: Copies, rng: random.Random,
                  reserved: Sequence[int] = ()) -> tuple[list[int], list[int]] | None:
    """For ``q``, a caller the viewer cannot see into: a hand of ``room`` cards that is whole sets
    and face-down cards of one value (the pair, with a set of its value when five lie there), drawn
    from the copies the viewer has not seen, each value as likely as the ways its cards can be
    chosen, holding every card ``q`` was seen taking.  The cards are taken from ``copies``.  None
    when no such cards are found (the caller's cards are then dealt like any others)."""
    fd = view.facedown_counts[q]
    if room % 3 or fd not in (2, 5):
        return None
    iyo = view.options.iyo_one_rank
    group, n_groups = _GROUPS[iyo], _N_GROUPS[iyo]
    left = [copies.per_kind - t for t in copies.taken]
    for k in reserved:         # seen taken by another caller, still to be placed
        left[k] -= 1
    avail = [0] * n_groups
    for k, c in enumerate(left):
        avail[group[k]] += c
    known = [k.value for k in view.known[q]]
    must = [0] * n_groups                      # cards seen taken, by value
    for k in known:
        must[group[k]] += 1
    n_sets = room // 3
    # the face-down value: as likely as the ways to choose its cards, among the values that leave
    # room in the sets for the cards seen taken
    weights = []
    for g in range(n_groups):
        rest = sum(-(-(m - (fd if h == g else 0)) // 3) for h, m in enumerate(must) if m > (fd if h == g else 0))
        weights.append(math.comb(avail[g], fd) if rest <= n_sets else 0)
    if not sum(weights):
        return None
    call = rng.choices(range(n_groups), weights)[0]
    a = avail[:]
    a[call] -= fd
    need = [call]
    for h, m in enumerate(must):               # the sets that hold the cards seen taken
        m -= fd if h == call else 0
        while m > 0:
            need.append(h)
            a[h] -= 3
            m -= 3
    while len(need) < 1 + n_sets:              # the other sets
        weights = [math.comb(x, 3) if x >= 3 else 0 for x in a]
        if not sum(weights):
            return None
        h = rng.choices(range(n_groups), weights)[0]
        a[h] -= 3
        need.append(h)
    if min(a) < 0:
        return None
    blocks = [[g] * (fd if i == 0 else 3) for i, g in enumerate(need)]
    if not _place_known(known, blocks, group):
        return None
    return _fill_blocks(blocks, known, left, copies, _KINDS_OF[iyo], rng)


def _place_known(known: Sequence[int], blocks: list[list[int]], group: Sequence[int]) -> bool:
    """Put each known kind into a free place of its value in ``blocks`` (a place holds its value,
    or a kind once filled, as ``-1 - kind``); False if one does not fit."""
    for k in known:
        for block in blocks:
            if group[k] in block:
                block[block.index(group[k])] = -1 - k
                break
        else:
            return False
    return True


def _fill_blocks(blocks: list[list[int]], known: Sequence[int], left: list[int], copies: Copies,
                 kinds_of: Sequence[Sequence[int]], rng: random.Random) -> tuple[list[int], list[int]]:
    """The cards of ``blocks``: the known kinds, then kinds of each place's value drawn in
    proportion to their copies left."""
    left = left[:]
    for k in known:
        left[k] -= 1
    out: list[list[int]] = []
    for block in blocks:
        cards = []
        for place in block:
            if place < 0:
                cards.append(copies.take(-1 - place))
                continue
            kinds = kinds_of[place]
            k = rng.choices(kinds, [left[x] for x in kinds])[0]
            left[k] -= 1
            cards.append(copies.take(k))
        out.append(cards)
    return [u for block in out[1:] for u in block], out[0]


def new_hand(options: CekiOptions, n_players: int, seed: int, dealer: int = 0,
             deck: Sequence[Card] | None = None) -> CekiState:
    return CekiState(n_players, options, seed, dealer, deck)


def settle(result: HandResult, options: CekiOptions, stake_cents: int = 0, pot: int = 0,
           carry: None = None) -> tuple[int, ...]:
    """Each loser pays the winner the score × the stake per point (Ceki has no pot and no carry:
    the game's ``settle`` is this function, with the one signature every game's has)."""
    n = len(result.points)
    if not result.winners:
        return (0,) * n
    w = result.winners[0]
    pay = result.points[w] * stake_cents
    return tuple(pay * (n - 1) if p == w else -pay for p in range(n))


def next_dealer(result: HandResult, dealer: int, n_players: int) -> int:
    return (dealer + 1) % n_players


def max_hand_actions(n_players: int, options: CekiOptions | None = None) -> int:
    """The most actions a hand can have: each of the stock's cards is drawn at most once, at most
    ``NO_DRAW_TURNS - 1`` turns without a draw come before each draw (or ``NO_DRAW_TURNS`` end the
    hand), every turn is two actions, and a waiting caller may take the last discard."""
    stock = DECK_SIZE - HAND_SIZE * n_players
    return 2 * NO_DRAW_TURNS * stock + 1

