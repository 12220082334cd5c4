"""The rules of the Balik Satu family: Balik Satu, Chaqui, Balik Lima Belas, Chot, Gonggong,
Tantanan and Cekèn, one state for all seven (RULINGS §5, ``balik-satu.txt``; the contract with the
scoring and the window is ``p13-design.md``).

* **The deal.**  The deck (:func:`.family.half_packs`) is shuffled; seats are numbered in play order
  (anticlockwise at the table), the first player is the dealer's next and gets one card more (15,
  or 6 in the pair games) than the others (14, or 5); the deal goes in one go from the top of the
  deck (the source's 7 + 1 + 7 is only its order): the first player's cards first, then each next
  seat's.  The first player starts by discarding.
* **Kandang tangan.**  A first player dealt a winning hand wins at once; **(house, as Kartu Lima's
  instant wins)** the win is then their only legal action (``win``), so nobody forgets it.
  **(house)** Only the first player can be dealt a winning hand (everyone else holds 14 / 5).
* **A turn.**  ``draw`` from the stock or ``take`` the last discard (always the previous player's),
  then ``discard`` a kind in hand — **(house)** not the kind just taken from the pile, and never a
  card of an exposed *olo* — or ``win`` with a winning hand (:meth:`.family.Shape.is_winning`)
  whose last card came from the player's own stock draw; in Gonggong, Tantanan and Cekèn also from
  the discard taken (*metu*) **(house)**.  **(house)** Anyone may win on their own stock draw,
  called or not.
* **Calls.**  After a discard that leaves the hand waiting, a player who has not called decides
  ``call`` or ``no_call`` (the call is *tan* when the hand holds a mata, else *ceki*).  A caller's
  discards must keep the hand waiting **(house)**; a caller may ``take`` only when some discard then
  keeps it waiting (or the take wins).  A *ceki* caller whose hand comes to hold a mata is *tan*
  from then on (event ``call_changed``).
* **Revealed draws and sampei.**  Once anyone has called, every stock draw is shown.  The drawer
  who can win with it is offered ``win`` first; otherwise the first caller whose waits include it, in
  play order from the drawer **(house)**, takes it: "the calling player takes it and wins the round"
  (``claim``, a win, ``how="claim"``, their only legal action; issue 32).  In Gonggong, Tantanan and
  Cekèn **(house)** a discard is claimable, after the discarder's call decision, by each caller it
  completes in play order, who may ``claim`` it or ``pass``; if all pass the next player plays on.
* **Chaqui.**  Taking a discard that makes a kind's third (sixth) copy exposes those three (an
  *olo*, event ``expose``); exposed cards stay in the hand and cannot be discarded.
* **Tantanan and Cekèn** **(house)**: the source's extra card is the first player's sixth: the deal
  gives everyone five, the first player six, and a turn is draw-or-take then discard, as in the
  other games; the hand wins at six cards (three pairs, one identical).
* **Deviations from the design** (p13-design.md), both to hide what a viewer cannot see: the ``call``
  event tells the number of waits (``waits``) to the caller alone; the view has a ``known`` field
  (per seat, the kinds seen arriving and still held) and ``got_from``, which determinize needs.
* **The end.**  A win is scored by :func:`.scoring.score_win` (turning cards from the top of the
  stock, which stay there); the stock found empty by the player to draw ends the hand drawn
  (``exhausted``), and **(house, a hand cannot loop)** so do :data:`NO_DRAW_TURNS` turns in a row
  without a stock draw (``no_draw``).  The dealer passes to the next seat, but a replayed hand is
  dealt again by the same dealer.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from cekidesk.engine.cards import Card, Kind
from cekidesk.engine.core import Action, Data, Event, GameState, HandResult, OptionsError, View
from cekidesk.engine.hidden import Copies, Slot, blanks, deal_unseen, keeping, slots

from . import scoring
from .family import METU_GAMES, PLAYERS, Shape, half_packs, shape
from .options import (
    OPTIONS,
    BalikLimaBelasOptions,
    BalikOptions,
    BalikSatuOptions,
    CallBonus,
    ChaquiOptions,
    ChotOptions,
    DeckColumn,
    GonggongOptions,
    TantananOptions,
    rules_of,
)

DRAW, TAKE, DISCARD, WIN, CALL, NO_CALL, CLAIM, PASS = (
    "draw", "take", "discard", "win", "call", "no_call", "claim", "pass")
PHASE_DRAW, PHASE_DISCARD, PHASE_CALL, PHASE_CLAIM, PHASE_OVER = "draw", "discard", "call", "claim", "over"
TAN, CEKI = "tan", "ceki"
HOW_SELF, HOW_CLAIM, HOW_TAKE, HOW_DEALT = "self", "claim", "take", "dealt"
SOURCE_STOCK, SOURCE_DISCARD = "stock", "discard"
#: the save format from which the family's matches are played by issue 32's rules (older saves keep
#: the rules they were played by: :meth:`cekidesk.games.balik.BalikGame.upgrade_saved`)
SOURCE_RULES_FORMAT = 3
#: (house) the hand is drawn after this many turns in a row without a draw from the stock
NO_DRAW_TURNS = 30
DRAWN_STOCK_EMPTY, DRAWN_NO_DRAW = "exhausted", "no_draw"
#: where the current player's card of this turn came from
GOT_NONE, GOT_STOCK, GOT_PILE = 0, 1, 2
#: the most cards the scoring turns from the stock
MAX_TURNED = 15
MAX_SEATS = 14

# Cached action values: legal_actions builds lists of these instead of new tuples.
_SIMPLE = {verb: [Action(p, verb) for p in range(MAX_SEATS)]
           for verb in (DRAW, TAKE, WIN, CALL, NO_CALL, CLAIM, PASS)}
_DISCARD = [[Action(p, DISCARD, k) for k in Kind] for p in range(MAX_SEATS)]
_KINDS = tuple(Kind)
#: each kind's code, by kind index (faster than ``_CODES[k]`` where every event is built)
_CODES = tuple(k.code for k in Kind)


# ---------------------------------------------------------------------------------------------
# Options: one model per game, read through ``options.rules`` (see :mod:`.options`)

#: Chot's partnerships, partners opposite
CHOT_SIDES = scoring.CHOT_SIDES


def shape_of(game_id: str, options: BalikOptions) -> Shape:
    return shape(game_id, rules_of(options).yu_one_rank)


def deck_size(game_id: str, n_players: int, options: BalikOptions) -> int:
    return 30 * half_packs(game_id, n_players, options)


# ---------------------------------------------------------------------------------------------
# The view

@dataclass(frozen=True)
class BalikView(View):
    """Everything one player at a table of the family can see (immutable; equal views compare equal)."""

    viewer: int
    n_players: int
    game_id: str
    dealer: int
    first: int
    options: BalikOptions
    current: int
    phase: str
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    hand: tuple[Kind, ...]                   # the viewer's hand, sorted (exposed cards included)
    drawn: Kind | None                       # the card the viewer got this turn (drawn or taken)
    got_from: str | None                     # the current player's card of this turn: "stock"/"discard"
    hand_counts: tuple[int, ...]
    exposed: tuple[tuple[Kind, ...], ...]    # per seat, one kind per exposed olo (Chaqui)
    known: tuple[tuple[Kind, ...], ...]      # per seat: kinds seen arriving (taken, revealed), still held
    calls: tuple[str | None, ...]
    discards: tuple[tuple[Kind, int], ...]   # the pile, bottom → top: (kind, thrower)
    stock_count: int
    revealed: tuple[Kind, int] | None        # a revealed stock draw while it lies face-up: (kind, drawer)
    claim: tuple[Kind, int, str] | None      # while the phase is "claim": (card, from, source)
    waits: tuple[Kind, ...]                  # the viewer's winning kinds when their hand waits
    sets: tuple[tuple[Kind, ...], ...]       # the viewer's complete sets, matas first
    turns_without_draw: int
    sides: tuple[tuple[int, ...], ...] | None
    carry_view: scoring.CarryView | None
    result: HandResult | None

    @property
    def top_discard(self) -> Kind | None:
        return self.discards[-1][0] if self.discards else None


# ---------------------------------------------------------------------------------------------
# The state

class BalikState(GameState[BalikOptions]):
    """A hand of one of the family's games (``self.game_id``); hands are lists of card uids with a
    30-int count vector beside each, for the fast tests of :class:`~.family.Shape`."""

    def __init__(self, game_id: str, n_players: int, options: BalikOptions, seed: int, dealer: int = 0,
                 deck: Sequence[Card] | None = None, carry: scoring.BalikCarry | None = None):
        """Deal a hand.  ``deck`` (top card first, the whole deck) stacks it for tests; otherwise it
        is shuffled from ``seed``.  The deal gives the first player (the dealer's next) the first
        ``hand + 1`` cards, then each next seat ``hand`` cards."""
        lo, hi, _usual = PLAYERS[game_id]
        if not lo <= n_players <= hi:
            raise OptionsError(f"{game_id} is played by {lo}–{hi} players, not {n_players}")
        if not 0 <= dealer < n_players:
            raise OptionsError(f"there is no seat {dealer} to deal")
        super().__init__(n_players, options, seed)
        self.game_id = game_id  # type: ignore[misc]  # one state class for the family's seven ids
        self.shape = shape_of(game_id, options)
        self.metu = game_id in METU_GAMES
        self.carry_view = scoring.carry_view(carry)   # what the table shows of the match's carry
        size = deck_size(game_id, n_players, options)
        if deck is None:
            order = list(range(size))
            self.rng.shuffle(order)
        else:
            order = [c.uid for c in deck]
            if sorted(order) != list(range(size)):
                raise OptionsError(f"a stacked deck must hold each of the {size} cards once")
        order.reverse()  # the top of the stock is the end of the list
        n = n_players
        self.stock: list[int] = order
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.counts: list[list[int]] = [[0] * 30 for _ in range(n)]
        self.exposed: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.calls: list[str | None] = [None] * n
        self.pile: list[int] = []
        self.throwers: list[int] = []
        self.dealer = dealer
        self.first = (dealer + 1) % n
        self.current = self.first
        self.phase = PHASE_DISCARD
        self.got, self.got_kind, self.took_from = GOT_NONE, -1, -1
        self.revealed: tuple[int, int] | None = None
        self.pending = -1                       # a revealed stock card while callers may claim it
        self.claimer, self.claim_from, self.claim_source = -1, -1, ""
        self.turns_without_draw = 0
        self._result: HandResult | None = None
        self.deal_events: list[Event] = []
        for i in range(n):
            p = (self.first + i) % n
            m = self.shape.hand + (i == 0)
            for _ in range(m):
                self._receive(p, self.stock.pop())
            self.deal_events.append(Event(
                "deal", p, {"count": m, "dealer": dealer, "stock": len(self.stock)},
                {"cards": [_CODES[u % 30] for u in self.hands[p]]}, frozenset({p})))

    # -- helpers ----------------------------------------------------------------------------
    def _receive(self, p: int, uid: int) -> None:
        self.hands[p].append(uid)
        self.counts[p][uid % 30] += 1

    def _dealt_win(self) -> bool:
        """The first player's dealt hand is winning, before anybody has played."""
        return self.got == GOT_NONE and not self.pile and self.current == self.first \
            and self.phase == PHASE_DISCARD and self.shape.is_winning(self.counts[self.first])

    def _may_win(self, p: int) -> bool:
        if self.got == GOT_STOCK or (self.got == GOT_PILE and self.metu):
            return self.shape.is_winning(self.counts[p])
        return self._dealt_win()

    def _locked(self, p: int, k: int) -> int:
        """Cards of kind ``k`` that ``p`` may not discard (those of exposed olos)."""
        return 3 * self.exposed[p].count(k) if self.exposed[p] else 0

    def _discards(self, p: int) -> list[int]:
        """The kinds ``p`` may discard now, in kind order."""
        counts = self.counts[p]
        took = self.got_kind if self.got == GOT_PILE else -1
        out = [k for k in range(30) if counts[k] > self._locked(p, k) and k != took]
        if not out:  # (house) a Chaqui hand of exposed olos only (and the card taken) breaks one
            return [k for k in range(30) if counts[k]]
        if self.calls[p] is not None:
            keep = [k for k in out if self._waiting_without(p, k)]
            if keep:  # (a determinized caller may not wait: then any card may go)
                return keep
        return out

    def _waiting_without(self, p: int, k: int) -> bool:
        counts = self.counts[p]
        counts[k] -= 1
        waiting = bool(self.shape.waits(counts))
        counts[k] += 1
        return waiting

    def _caller_may_take(self, p: int) -> bool:
        t = self.pile[-1] % 30
        counts = self.counts[p]
        counts[t] += 1
        try:
            if self.metu and self.shape.is_winning(counts):
                return True
            return any(counts[k] > self._locked(p, k) and k != t and self._waiting_without(p, k)
                       for k in range(30))
        finally:
            counts[t] -= 1

    def _waits_for(self, q: int, k: int) -> bool:
        return self.calls[q] is not None and k in self.shape.waits(self.counts[q])

    def _next_claimer(self, after: int, k: int) -> int:
        """The first caller after ``after`` in play order (stopping at :attr:`claim_from`) whose
        waits include ``k``, or -1."""
        n = self.n_players
        q = (after + 1) % n
        while q != self.claim_from:
            if self._waits_for(q, k):
                return q
            q = (q + 1) % n
        return -1

    def _next_turn(self, p: int, events: list[Event] | None) -> None:
        self.current = (p + 1) % self.n_players
        self.phase = PHASE_DRAW
        self.got, self.got_kind, self.took_from = GOT_NONE, -1, -1
        self.claimer = -1
        if not self.stock:
            self._end_drawn(DRAWN_STOCK_EMPTY, events)
        elif self.turns_without_draw >= NO_DRAW_TURNS:
            self._end_drawn(DRAWN_NO_DRAW, events)

    def _after_discard(self, p: int, events: list[Event] | None) -> None:
        """Offer a discard to the callers who can claim it (Gonggong, Tantanan, Cekèn), else the
        next player's turn."""
        if self.metu:
            self.claim_from, self.claim_source = p, SOURCE_DISCARD
            c = self._next_claimer(p, self.pile[-1] % 30)
            if c >= 0:
                self.claimer, self.phase = c, PHASE_CLAIM
                return
        self._next_turn(p, events)

    def _hands_codes(self) -> list[list[str]]:
        return [[_CODES[u % 30] for u in sorted(h, key=lambda u: (u % 30, u))] for h in self.hands]

    def _reveal(self, events: list[Event]) -> None:
        for q, cards in enumerate(self._hands_codes()):
            events.append(Event("reveal", q, {"cards": cards}))

    def _win(self, p: int, how: str, card: int, frm: int | None, source: str | None,
             events: list[Event] | None) -> None:
        """End the hand won by ``p`` (whose hand holds the winning card ``card``, a kind, or -1)."""
        call = self.calls[p]
        facts = scoring.WinFacts(
            game_id=self.game_id, winner=p, n_players=self.n_players,
            hand=tuple(sorted(_KINDS[u % 30] for u in self.hands[p])),
            card=_KINDS[card] if card >= 0 else None, how=how,
            drawn_by=(p if how == HOW_SELF else frm if source == SOURCE_STOCK else None),
            called_ceki=call == CEKI, exposed=tuple(_KINDS[k] for k in self.exposed[p]), called_tan=call == TAN)
        stock = [_KINDS[u % 30] for u in reversed(self.stock[-MAX_TURNED:])]
        score = scoring.score_win(facts, self.options, stock)
        details: Data = {
            "how": how, "winner": p, "card": _KINDS[card].code if card >= 0 else None, "from": frm,
            "source": source, "call": call, "called_ceki": call == CEKI, "hands": self._hands_codes(),
            "exposed": [[_CODES[k] for k in e] for e in self.exposed],
            **scoring.score_details(score)}
        points = [0] * self.n_players
        if not score.replay:
            points[p] = score.points
        self.phase = PHASE_OVER
        self._result = HandResult("replay" if score.replay else "win", tuple(points),
                                  () if score.replay else (p,), details)
        if events is not None:
            events.append(Event("win", p, {"how": how, "card": details["card"], "from": frm}))
            if details["turned"]:
                events.append(Event("turn", p, {"cards": details["turned"]}))
            events += [Event("kena", p, {"out": out, "in": into}) for out, into in details["swaps"]]
            if score.replay:
                events.append(Event("replay", None, {"card": details["turned"][0]}))
            self._reveal(events)

    def _end_drawn(self, why: str, events: list[Event] | None) -> None:
        self.phase = PHASE_OVER
        self._result = HandResult("draw", (0,) * self.n_players, (),
                                  {"hands": self._hands_codes(), "drawn_by": why})
        if events is not None:
            events.append(Event(why, None, {}))
            self._reveal(events)

    # -- protocol ---------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == PHASE_OVER:
            return ()
        return (self.claimer,) if self.phase == PHASE_CLAIM else (self.current,)

    def legal_actions(self, player: int) -> list[Action]:
        phase = self.phase
        if phase == PHASE_OVER or player not in self.to_act():
            return []
        if phase == PHASE_DRAW:
            out = [_SIMPLE[DRAW][player]]
            if self.pile and self.throwers[-1] != player and (
                    self.calls[player] is None or self._caller_may_take(player)):
                out.append(_SIMPLE[TAKE][player])
            return out
        if phase == PHASE_DISCARD:
            if self._dealt_win():
                return [_SIMPLE[WIN][player]]
            acts = _DISCARD[player]
            out = [acts[k] for k in self._discards(player)]
            if self._may_win(player):
                out.append(_SIMPLE[WIN][player])
            return out
        if phase == PHASE_CALL:
            return [_SIMPLE[CALL][player], _SIMPLE[NO_CALL][player]]
        stock = self.claim_source == SOURCE_STOCK
        card = self.pending if stock else self.pile[-1]
        if self._waits_for(player, card % 30):
            # a revealed stock card is the caller's: no pass (a discard may be let go; so may a revealed
            # card in a match saved before issue 32, option revealed_card_can_be_let_go)
            if stock and not self.options.rules.revealed_card_can_be_let_go:
                return [_SIMPLE[CLAIM][player]]
            return [_SIMPLE[CLAIM][player], _SIMPLE[PASS][player]]
        return [_SIMPLE[PASS][player]]  # (only in a determinized state: the claimer cannot win)

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        _PLAYS[action.verb](self, action, events)

    def _draw(self, action: Action, events: list[Event] | None) -> None:
        p = action.player
        uid = self.stock.pop()
        k = uid % 30
        self.turns_without_draw = 0
        self.got, self.got_kind, self.took_from = GOT_STOCK, k, -1
        shown = any(c is not None for c in self.calls)
        if events is not None:
            if shown:
                events.append(Event("draw", p, {"revealed": True, "card": _CODES[k], "stock": len(self.stock)}))
            else:
                events.append(Event("draw", p, {"revealed": False, "stock": len(self.stock)},
                                    {"card": _CODES[k]}, frozenset({p})))
        if shown:
            self.revealed = (k, p)
            counts = self.counts[p]
            counts[k] += 1
            drawer_wins = self.shape.is_winning(counts)
            counts[k] -= 1
            if not drawer_wins:
                self.claim_from, self.claim_source = p, SOURCE_STOCK
                c = self._next_claimer(p, k)
                if c >= 0:
                    self.pending, self.claimer, self.phase = uid, c, PHASE_CLAIM
                    return
            self.known[p].append(k)
        self._receive(p, uid)
        self.phase = PHASE_DISCARD

    def _take(self, action: Action, events: list[Event] | None) -> None:
        p = action.player
        uid = self.pile.pop()
        frm = self.throwers.pop()
        k = uid % 30
        self.turns_without_draw += 1
        self.got, self.got_kind, self.took_from = GOT_PILE, k, frm
        self._receive(p, uid)
        self.phase = PHASE_DISCARD
        if events is not None:
            events.append(Event("take", p, {"card": _CODES[k], "from": frm}))
        c = self.counts[p][k]
        if self.game_id == "chaqui" and c % 3 == 0 and c // 3 > self.exposed[p].count(k):
            self.exposed[p].append(k)
            self.known[p] = [x for x in self.known[p] if x != k]  # those are in the olo now
            if events is not None:
                events.append(Event("expose", p, {"card": _CODES[k], "count": 3}))
        else:
            self.known[p].append(k)

    def _discard(self, action: Action, events: list[Event] | None) -> None:
        p = action.player
        k = cast(Kind, action.card).value
        hand = self.hands[p]
        for i in range(len(hand) - 1, -1, -1):
            if hand[i] % 30 == k:
                uid = hand.pop(i)
                break
        counts = self.counts[p]
        counts[k] -= 1
        if k in self.known[p]:
            self.known[p].remove(k)
        self.pile.append(uid)
        self.throwers.append(p)
        self.revealed = None
        self.got, self.got_kind, self.took_from = GOT_NONE, -1, -1
        if events is not None:
            events.append(Event("discard", p, {"card": _CODES[k]}))
        call = self.calls[p]
        if call == CEKI and max(counts) >= self.shape.s:
            self.calls[p] = TAN
            if events is not None:
                events.append(Event("call_changed", p, {"call": TAN}))
        if call is None and self.shape.waits(counts):
            self.phase = PHASE_CALL
            return
        self._after_discard(p, events)

    def _call(self, action: Action, events: list[Event] | None) -> None:
        p = action.player
        counts = self.counts[p]
        self.calls[p] = self.shape.call_kind(counts)
        if events is not None:
            # how many kinds it waits for would tell the others about the hand: the caller's alone
            events.append(Event("call", p, {"call": self.calls[p]},
                                {"waits": len(self.shape.waits(counts))}, frozenset({p})))
        self._after_discard(p, events)

    def _no_call(self, action: Action, events: list[Event] | None) -> None:
        if events is not None:
            events.append(Event("no_call", action.player, {}))
        self._after_discard(action.player, events)

    def _claim(self, action: Action, events: list[Event] | None) -> None:
        c = action.player
        if self.claim_source == SOURCE_STOCK:
            uid, self.pending = self.pending, -1
        else:
            uid = self.pile.pop()
            self.throwers.pop()
        if events is not None:
            events.append(Event("claim", c, {"card": _CODES[uid % 30], "from": self.claim_from,
                                             "source": self.claim_source}))
        self._receive(c, uid)
        self.revealed = None
        self._win(c, HOW_CLAIM, uid % 30, self.claim_from, self.claim_source, events)

    def _pass(self, action: Action, events: list[Event] | None) -> None:
        c = action.player
        stock = self.claim_source == SOURCE_STOCK
        uid = self.pending if stock else self.pile[-1]
        if events is not None:
            events.append(Event("pass", c, {"card": _CODES[uid % 30], "from": self.claim_from,
                                            "source": self.claim_source}))
        nxt = self._next_claimer(c, uid % 30)
        if nxt >= 0:
            self.claimer = nxt
        elif stock:
            drawer = self.claim_from
            self.pending, self.claimer = -1, -1
            self._receive(drawer, uid)
            self.known[drawer].append(uid % 30)
            self.phase = PHASE_DISCARD
        else:
            self._next_turn(self.claim_from, events)

    def _win_action(self, action: Action, events: list[Event] | None) -> None:
        p = action.player
        if self.got == GOT_STOCK:
            self._win(p, HOW_SELF, self.got_kind, None, SOURCE_STOCK, events)
        elif self.got == GOT_PILE:
            self._win(p, HOW_TAKE, self.got_kind, self.took_from, SOURCE_DISCARD, events)
        else:
            self._win(p, HOW_DEALT, -1, None, None, events)

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def result(self) -> HandResult:
        if self._result is None:
            raise ValueError("the hand is not over")
        return self._result

    def view(self, player: int) -> BalikView:
        n = self.n_players
        counts = self.counts[player]
        mine = self.current == player and self.phase != PHASE_OVER
        claim = None
        if self.phase == PHASE_CLAIM:
            card = self.pending if self.claim_source == SOURCE_STOCK else self.pile[-1]
            claim = (_KINDS[card % 30], self.claim_from, self.claim_source)
        return BalikView(
            viewer=player, n_players=n, game_id=self.game_id, dealer=self.dealer, first=self.first,
            options=self.options, current=self.current, phase=self.phase, to_act=self.to_act(),
            legal=tuple(self.legal_actions(player)),
            hand=tuple(sorted(_KINDS[u % 30] for u in self.hands[player])),
            drawn=_KINDS[self.got_kind] if mine and self.got != GOT_NONE else None,
            got_from=(None if self.got == GOT_NONE or self.phase == PHASE_OVER
                      else SOURCE_STOCK if self.got == GOT_STOCK else SOURCE_DISCARD),
            hand_counts=tuple(len(h) for h in self.hands),
            exposed=tuple(tuple(_KINDS[k] for k in e) for e in self.exposed),
            known=tuple(tuple(sorted(_KINDS[k] for k in kn)) for kn in self.known),
            calls=tuple(self.calls),
            discards=tuple((_KINDS[u % 30], t) for u, t in zip(self.pile, self.throwers, strict=True)),
            stock_count=len(self.stock),
            revealed=(_KINDS[self.revealed[0]], self.revealed[1]) if self.revealed is not None else None,
            claim=claim,
            waits=(tuple(_KINDS[k] for k in self.shape.waits(counts))
                   if len(self.hands[player]) == self.shape.hand else ()),
            sets=self.shape.sets(counts),
            turns_without_draw=self.turns_without_draw,
            sides=CHOT_SIDES if self.game_id == "chot" else None,
            carry_view=self.carry_view,
            result=self._result,
        )

    def _copy_into(self, o: BalikState) -> None:
        o.game_id = self.game_id  # type: ignore[misc]  # one state class for the family's seven ids
        o.shape, o.metu, o.carry_view = self.shape, self.metu, self.carry_view
        o.stock = self.stock[:]
        o.hands = [h[:] for h in self.hands]
        o.counts = [c[:] for c in self.counts]
        o.exposed = [e[:] for e in self.exposed]
        o.known = [k[:] for k in self.known]
        o.calls = self.calls[:]
        o.pile, o.throwers = self.pile[:], self.throwers[:]
        o.dealer, o.first, o.current, o.phase = self.dealer, self.first, self.current, self.phase
        o.got, o.got_kind, o.took_from = self.got, self.got_kind, self.took_from
        o.revealed, o.pending = self.revealed, self.pending
        o.claimer, o.claim_from, o.claim_source = self.claimer, self.claim_from, self.claim_source
        o.turns_without_draw, o._result = self.turns_without_draw, self._result

    # -- hidden information -----------------------------------------------------------------
    def all_cards(self) -> list[int]:
        out = self.stock + self.pile + ([self.pending] if self.pending >= 0 else [])
        for h in self.hands:
            out = out + h
        return out

    def _hidden_draw(self) -> int | None:
        """The uid the current player drew unseen this turn (the last of their hand), if any."""
        if self.got == GOT_STOCK and self.revealed is None and self.phase == PHASE_DISCARD:
            return self.hands[self.current][-1]
        return None

    def hidden_slots(self, viewer: int) -> list[Slot]:
        """Hidden from ``viewer``: the others' hands but for the cards seen arriving (``known``)
        and exposed, and the stock."""
        out: list[Slot] = []
        never = self._hidden_draw()
        for q in range(self.n_players):
            if q != viewer:
                kept = self.known[q] + [k for k in self.exposed[q] for _ in range(3)]
                out += keeping((self.hands[q],), kept, _kind_of, never)
        return out + slots(self.stock)

    def _redealt(self, viewer: int) -> None:
        for q in range(self.n_players):
            self.counts[q] = _counts(self.hands[q])
        if self._hidden_draw() is not None and self.current != viewer:
            self.got_kind = self.hands[self.current][-1] % 30

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> BalikState:
        if not isinstance(view, BalikView):
            raise TypeError(f"a BalikState is made from a BalikView, not a {type(view).__name__}")
        return determinize(view, rng)


_PLAYS = {DRAW: BalikState._draw, TAKE: BalikState._take, DISCARD: BalikState._discard,
          WIN: BalikState._win_action, CALL: BalikState._call, NO_CALL: BalikState._no_call,
          CLAIM: BalikState._claim, PASS: BalikState._pass}


def _kind_of(uid: int) -> int:
    return uid % 30


def _counts(uids: Sequence[int]) -> list[int]:
    out = [0] * 30
    for u in uids:
        out[u % 30] += 1
    return out


def determinize(view: BalikView, rng: random.Random) -> BalikState:
    """A full state consistent with ``view``: the cards the viewer has not seen are dealt at random
    to the places they cannot see (the others' hands but for the cards seen arriving, and the
    stock).  For bots that search; it never looks at a real state."""
    n = view.n_players
    state = object.__new__(BalikState)
    GameState.__init__(state, n, view.options, rng.randrange(2**31))
    state.game_id = view.game_id  # type: ignore[misc]
    state.shape = shape_of(view.game_id, view.options)
    state.metu = view.game_id in METU_GAMES
    state.carry_view = view.carry_view
    copies = Copies(30, half_packs(view.game_id, n, view.options))
    take = copies.take
    me = view.viewer
    hands: list[list] = [[] for _ in range(n)]
    hands[me] = [take(k) for k in view.hand]
    state.pile = [take(k) for k, _t in view.discards]
    state.throwers = [t for _k, t in view.discards]
    claim = view.claim
    state.pending = take(claim[0]) if claim is not None and claim[2] == SOURCE_STOCK else -1
    others = [q for q in range(n) if q != me]
    for q in others:
        hands[q] = [take(k) for k in view.known[q]] + [take(k) for k in view.exposed[q] for _ in range(3)]
    for q in others:
        if view.calls[q] is not None and view.hand_counts[q] == state.shape.hand:
            left = [copies.per_kind - x for x in copies.taken]
            made = _waiting_hand(state.shape, [u % 30 for u in hands[q]], view.hand_counts[q],
                                 cast(str, view.calls[q]), left, rng)
            hands[q] += [take(k) for k in made or ()]
        hands[q] += [None] * (view.hand_counts[q] - len(hands[q]))
    stock: list = [None] * view.stock_count
    deal_unseen([s for h in hands for s in blanks(h)] + blanks(stock), copies, rng)
    state.stock, state.hands = stock, hands
    state.counts = [_counts(h) for h in hands]
    state.exposed = [[k.value for k in e] for e in view.exposed]
    state.known = [[k.value for k in kn] for kn in view.known]
    state.calls = list(view.calls)
    state.dealer, state.first, state.current, state.phase = view.dealer, view.first, view.current, view.phase
    state.got = {None: GOT_NONE, SOURCE_STOCK: GOT_STOCK, SOURCE_DISCARD: GOT_PILE}[view.got_from]
    state.took_from = -1
    state.got_kind = -1
    if view.drawn is not None:
        state.got_kind = view.drawn.value
    elif state.got != GOT_NONE:
        state.got_kind = hands[view.current][-1] % 30   # an unseen draw (a take is always seen)
    if state.got == GOT_PILE:
        state.took_from = (view.current - 1) % n
    state.revealed = (view.revealed[0].value, view.revealed[1]) if view.revealed is not None else None
    state.claimer = view.to_act[0] if view.phase == PHASE_CLAIM else -1
    state.claim_from, state.claim_source = (claim[1], claim[2]) if claim is not None else (-1, "")
    state.turns_without_draw = view.turns_without_draw
    state._result = view.result
    state.deal_events = []
    return state


def _waiting_hand(shp: Shape, fixed: Sequence[int], room: int, call: str, left: Sequence[int],
                  rng: random.Random, tries: int = 8) -> list[int] | None:
    """Kinds to add to a caller's cards seen (``fixed``) so that its ``room`` cards wait as its call
    says (*tan*: holding a mata; *ceki*: none, one kind short of one), drawn from the copies the
    viewer has not seen (``left``, per kind).  None if the tries find no such hand (the caller's
    cards are then dealt like any others)."""
    for _ in range(tries):
        added = _try_waiting_hand(shp, fixed, room, call, left, rng)
        if added is not None:
            return added
    return None


def _try_waiting_hand(shp: Shape, fixed: Sequence[int], room: int, call: str, left: Sequence[int],
                      rng: random.Random) -> list[int] | None:
    """One try of :func:`_waiting_hand`: the wait's group at random, every other group made up to
    whole sets, the rest whole sets of random groups (a mata first for a *tan* caller)."""
    s = shp.s
    counts = [0] * 30
    for k in fixed:
        counts[k] += 1
    avail = list(left)
    added: list[int] = []

    def fits(k: int) -> bool:
        return avail[k] > 0 and (call != CEKI or counts[k] < s - 1)

    def add(k: int) -> None:
        counts[k] += 1
        avail[k] -= 1
        added.append(k)

    g = rng.randrange(len(shp.members))
    if call == CEKI:
        short = [k for k in shp.members[g] if counts[k] < s and avail[k] >= s - 1 - counts[k]]
        if not short:
            return None
        k = rng.choice(short)
        while counts[k] < s - 1:
            add(k)
    for h, ks in enumerate(shp.members):
        need = ((s - 1 if h == g else 0) - sum(counts[k] for k in ks)) % s
        for _i in range(need):
            pool = [k for k in ks if fits(k) and (call != CEKI or h != g or counts[k] < s - 2)]
            if not pool:
                return None
            add(rng.choice(pool))
    while len(fixed) + len(added) + s <= room:
        if call != CEKI and max(counts) < s:
            pool = [k for k in range(30) if avail[k] >= s]
            if not pool:
                return None
            k = rng.choice(pool)
            for _i in range(s):
                add(k)
            continue
        ks = shp.members[rng.randrange(len(shp.members))]
        for _i in range(s):
            pool = [k for k in ks if fits(k)]
            if not pool:
                return None
            add(rng.choice(pool))
    if len(fixed) + len(added) == room and shp.waits(counts) and shp.call_kind(counts) == call:
        return added
    return None


# ---------------------------------------------------------------------------------------------
# The game's functions (``cekidesk.games.balik.BalikGame`` calls them)

def new_hand(game_id: str, options: BalikOptions, n_players: int, seed: int, dealer: int = 0, *,
             carry: scoring.BalikCarry | None = None, deck: Sequence[Card] | None = None) -> BalikState:
    return BalikState(game_id, n_players, options, seed, dealer, deck, carry)


def next_dealer(result: HandResult, dealer: int, n_players: int) -> int:
    """The next seat deals, but a replayed hand is dealt again by the same dealer."""
    return dealer if result.details.get("replay") else (dealer + 1) % n_players


def max_hand_actions_for(game_id: str) -> Callable[[int, BalikOptions | None], int]:
    """The most actions a hand of ``game_id`` can have: at most ``stock`` turns draw from the stock,
    fewer than ``NO_DRAW_TURNS`` turns take a discard before each draw and after the last (the
    30th ends the hand), and a turn is at most a draw or take, the others' claims of a revealed card
    (or the discard's, in the metu games), a discard and a call decision: ``2n + 1`` actions."""
    def bound(n_players: int, options: BalikOptions | None = None) -> int:
        opts = options if options is not None else OPTIONS[game_id]()
        stock = deck_size(game_id, n_players, opts) - shape_of(game_id, opts).hand * n_players - 1
        turns = stock + (stock + 1) * NO_DRAW_TURNS
        return turns * (2 * n_players + 1) + 2
    return bound


__all__ = ["CHOT_SIDES", "OPTIONS", "BalikLimaBelasOptions", "BalikOptions", "BalikSatuOptions", "BalikState",
           "BalikView", "CallBonus", "ChaquiOptions", "ChotOptions", "DeckColumn", "GonggongOptions",
           "SOURCE_RULES_FORMAT", "TantananOptions", "determinize", "max_hand_actions_for", "new_hand", "next_dealer",
           "shape_of"]
