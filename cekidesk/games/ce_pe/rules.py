"""Ce Pe: the shared counter that must never pass the limit (RULINGS §6; source ``ce-pe.txt``).

The rule set is data (:class:`~cekidesk.games.ce_pe.ruleset.CePeOptions`: limit, start, hand size,
decks, penalty, tokens, redeal, instant win and an :class:`~cekidesk.games.ce_pe.ruleset.Effect` per
rank or card); this module plays any valid rule set.  **(house)** marks a choice of this app where
the source and RULINGS are silent.

The deal

* Seats are numbered clockwise; the player left of the dealer (``dealer + 1``, the next seat still
  in) starts and play goes clockwise (``direction`` +1) until a reverse.  **(house)** A dealer who is
  out of the match passes the deal to the next seat still in.
* ``decks`` × 52 cards are shuffled; **(house)** each player still in, from the first player on, is
  dealt ``hand_size`` cards from the top in one block (the same as one at a time for a shuffled deck);
  the rest is the stock.  The counter starts at ``start``; the discard pile is empty.

A turn (phase ``play``)

* ``play`` a card of the hand that can be carried out without passing the limit (or an ``always``
  card), with the amount and the target the effect needs: one legal action per (card, amount,
  target).  The counter changes first, then the action: ``reverse`` turns the direction, ``skip``
  passes over the next player, ``choose_next`` names who moves next (oneself included),
  ``swap_hands`` swaps the whole hands with the target (after the played card left), and
  ``take_replacement`` takes the replacement at random from the target's hand instead of the stock
  (the target does not replace it).  Then the player draws from the stock when the effect says so.
* ``kill`` (a rule set's own, the source's "Ace of Spades can be used to kill someone (make them lose
  one card)"): the target loses a card of their hand, **(house)** at random (the player does not see
  it), turned face down in front of them, seen only by them — under ``lives`` a life lost, and with no
  card left they are out; under ``tokens`` and ``out`` simply a card fewer.  Nothing happens to an
  empty hand.
* ``exchange`` (the source's 3): the ``play`` names no target; the player draws first, then (phase
  ``give``) ``give``\\ s a card of their choice to the player of their choice — the source: "draws a
  card, … puts down a card and slides it to the player they want" (issue 32: the target is chosen
  after the draw, one legal ``give`` per (card, target)) — and takes a card at random from the
  target's hand as it was (the source: the target shuffles it, the player picks one); the target
  takes the given card.  **(house)** With nothing to give, the exchange does nothing; with an empty
  target hand the player only gives.
* **(house)** With two players left, a ``reverse`` only turns the direction (the other player still
  moves next), a ``skip`` gives the player another turn, and a ``choose_next`` still chooses between
  the two.  A ``choose_next`` may name a player still in; the other targeted actions name another
  player still in (their hand may be empty: nothing is taken).
* **(house)** An ``always`` card whose every counter outcome passes the limit leaves the counter as
  it is (``amount`` None; see ``ruleset.py``).

A player who cannot play

* ``lives``: they turn a card of their choice face down (``turn_down``; a life) and do not draw; with
  no card left they are out.  **(house)** A player whose hand is empty when their turn comes (the
  stock ran dry) is out too.  **(house)** Turned-down cards are seen only by their owner.
* ``tokens``: their only action is ``lose``: a token lost; with none left they are out.  ``out``:
  ``lose`` puts them out at once.  **(house)** An empty hand under these penalties is "no playable
  card" like any other; an out player's cards stay face down in their hand, out of play.
* ``redeal_after_loss``: the hand ends at the first loss (a token lost or a player out) with no winner
  unless the loss leaves one player in the match; the next hand is dealt.  (The rule set refuses
  redeal with lives.)

The stock

* When a player must draw from an empty stock, the discards under the top card and every turned-down
  card are shuffled into a new stock (event ``reshuffle``).  **(house)** The source allows not
  reshuffling "to speed up the game": after :data:`MAX_RESHUFFLES` rebuilds in a hand the stock is no
  longer rebuilt, so every hand ends (the players run out of cards).  With nothing to draw a player
  simply does not draw.

The end of a hand

* The last player still in wins (``last_standing``).  ``instant_win``: a play whose card changes the
  counter (it has a counter part; **(house)**) to exactly that total wins the hand at once.
  **(house)** With ``redeal_after_loss`` an instant win wins the match: every other player is out.
* Result: ``HandResult("win", points, (winner,))`` (1 point to the winner) or ``"loss"`` (no winner)
  with ``details``: ``reason`` (``last_standing`` / ``instant_win`` / ``loss``), ``loser`` (a loss),
  ``order`` (the eliminations of this hand, in order), ``counter``, ``hands`` (every hand's codes),
  ``turns`` and ``reshuffles``.

The match

* The carry is a tuple of ints per seat, the tokens left (penalty ``tokens``; 1 / 0 for ``out`` and
  ``lives``); a seat at 0 is out of the match.  Without a redeal every hand starts afresh.  With a
  redeal the loser's token (or place) is carried; **(house)** when a match has been decided (one seat
  left) and the players play on (a money match), the next hand starts a new match's carry.
* Money (``settle``, stake per point): every other player of a won hand pays the winner one stake
  (item ``eliminated``, or ``instant_win`` for an instant win).  With a redeal nothing is paid until
  the match is decided; then every other seat pays the last one standing one stake.

Events (codes only): ``deal`` (the cards secret to their owner), ``play`` (card, amount, target,
before, after, action), ``draw`` (card secret to the drawer), ``reshuffle`` (count), ``reverse``,
``skip`` (seat), ``choose_next`` (seat), ``exchange`` (target; given and taken secret to the two),
``swap_hands`` (target), ``take_replacement`` (target; card secret to the two), ``kill`` (target,
lost, life, left; the card secret to the target), ``turn_down`` (card
secret to the player), ``lose_token`` (left), ``out`` (place), ``instant_win``, ``win`` (reason),
``redeal`` (loser).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from pydantic import BaseModel

from cekidesk.engine.cards import ALL_WKINDS, WCard, WKind, western_deck
from cekidesk.engine.core import (
    Action,
    Data,
    Event,
    GameState,
    HandResult,
    IllegalActionError,
    Settlement,
    View,
)
from cekidesk.engine.hidden import Copies, Slot, blanks, deal_unseen, slots
from cekidesk.engine.match import MatchSoFar

from .ruleset import MAX_PLAYERS, MIN_PLAYERS, TARGETED, CePeOptions, Effect

#: the targeted actions whose target the ``play`` names (an exchange's is named by the ``give``)
TARGETED_AT_PLAY = TARGETED - {"exchange"}

GAME_ID = "ce-pe"
PLAY, GIVE, OVER = "play", "give", "over"
#: (house) how many times a hand's stock is rebuilt from the discards before it runs dry for good
MAX_RESHUFFLES = 30
#: how many of the latest discards the view lists with their throwers
DISCARDS_SHOWN = 8

_KINDS = ALL_WKINDS
_NO_TARGET: tuple[None] = (None,)


def kind_of(uid: int) -> WKind:
    return _KINDS[uid % 52]


def plays_of(effect: Effect, counter: int, limit: int) -> list[tuple[int | None, int]]:
    """Every way of carrying out ``effect`` from ``counter``: (amount, counter after) pairs, the
    amount as an action names it (add: the value added; add_or_sub: +v or −v; set: the value set
    to; None: the counter is left as it is).  Only those at or below ``limit``; an ``always`` card
    with none of them leaves the counter as it is (house, as :meth:`Effect.choices`)."""
    op, values = effect.counter, effect.values
    ways: list[tuple[int | None, int]]
    if op == "none" or not values:
        ways = [(None, counter)] if counter <= limit else []
    elif op == "add":
        ways = [(v, counter + v) for v in values if counter + v <= limit]
    elif op == "add_or_sub":
        ways = [(a, counter + a) for a in dict.fromkeys(a for v in values for a in (v, -v)) if counter + a <= limit]
    else:
        ways = [(v, v) for v in values if v <= limit]
    if not ways and effect.always:
        return [(None, counter)]
    return ways


def effect_table(options: CePeOptions) -> tuple[Effect, ...]:
    """The effect of each of the 52 faces (by ``WKind.number``), looked up once per hand."""
    return tuple(options.effect_of(k) for k in ALL_WKINDS)


def after_of(effect: Effect, counter: int, amount: int | None) -> int:
    """The counter after playing ``effect`` with ``amount`` (see :func:`plays_of`)."""
    if amount is None:
        return counter
    return amount if effect.counter == "set" else counter + amount


def smallest_outcome(effect: Effect, counter: int) -> int:
    """The smallest counter a card could make (what "would make 104" says of a blocked card)."""
    return min(effect.outcomes(counter))


# ---------------------------------------------------------------------------------------------
# The view

@dataclass(frozen=True)
class CePeView(View):
    """What one player sees (see the design: every field the table needs, no hidden card)."""

    viewer: int
    n_players: int
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    dealer: int
    current: int
    direction: int
    phase: str
    counter: int
    limit: int
    rules: CePeOptions
    hand: tuple[WKind, ...]
    hand_counts: tuple[int, ...]
    face_down: tuple[int, ...]
    tokens: tuple[int, ...] | None
    out: tuple[bool, ...]
    eliminated: tuple[int, ...]
    stock_count: int
    discards: tuple[tuple[WKind, int], ...]
    last_play: tuple[int, WKind, int | None, int | None, int, int] | None
    next_player: int
    blocked: tuple[tuple[WKind, int], ...]
    #: (kept for the views' shape) None: since issue 32 the exchange's target is chosen with the ``give``
    pending_exchange: int | None
    result: HandResult | None
    #: the viewer's own turned-down cards (nobody else sees them)
    my_face_down: tuple[WKind, ...] = ()
    #: the whole discard pile, bottom → top, with each card's thrower (public: every card was played face up)
    discard_pile: tuple[tuple[WKind, int], ...] = ()
    #: how often the stock has been rebuilt this hand (after MAX_RESHUFFLES it is not rebuilt again)
    reshuffles: int = 0
    #: the plays and other decisions made this hand
    turns: int = 0
    #: the seats out of the match before this hand began (the carry)
    out_of_match: tuple[int, ...] = ()


# ---------------------------------------------------------------------------------------------
# The state

class CePeState(GameState[CePeOptions]):
    game_id = GAME_ID
    options: CePeOptions

    def __init__(self, options: CePeOptions, n_players: int, seed: int, dealer: int = 0,
                 carry: tuple[int, ...] | None = None, deck: Sequence[WCard] | None = None):
        super().__init__(n_players, options, seed)
        self.effects = effect_table(options)
        self.carry = starting_carry(carry, n_players, options)
        self.out_of_match = tuple(p for p in range(n_players) if self.carry[p] <= 0)
        self.out = [p in self.out_of_match for p in range(n_players)]
        self.dealer = self._next_in(dealer - 1, 1)
        self.direction = 1
        self.current = self._next_in(self.dealer, 1)
        self.tokens = list(self.carry) if options.penalty == "tokens" else None
        cards = [c.uid for c in (deck if deck is not None else self._shuffled(options.decks))]
        self.hands: list[list[int]] = [[] for _ in range(n_players)]
        self.face_down: list[list[int]] = [[] for _ in range(n_players)]
        pos = 0
        for i in range(n_players):
            p = (self.current + i) % n_players
            if not self.out[p]:
                self.hands[p] = cards[pos:pos + options.hand_size]
                pos += options.hand_size
        self.stock = cards[pos:][::-1]          # the top card last: drawn with pop()
        self.discards: list[int] = []
        self.throwers: list[int] = []
        self.counter = options.start
        self.phase = PLAY
        self.last_play: tuple[int, WKind, int | None, int | None, int, int] | None = None
        self.eliminated: list[int] = []
        self.reshuffles = 0
        self.turns = 0
        self.winner: int | None = None
        self.reason: str | None = None
        self.loser: int | None = None
        self.deal_events = [Event("deal", p, {"count": len(self.hands[p]), "dealer": self.dealer,
                                              "first": self.current, "counter": self.counter},
                                  {"cards": tuple(kind_of(u).code for u in self.hands[p])}, frozenset({p}))
                            for p in self._seats_in()]

    def _shuffled(self, decks: int) -> list[WCard]:
        cards = western_deck(decks)
        self.rng.shuffle(cards)
        return cards

    # -- seats --------------------------------------------------------------------------------
    def _seats_in(self) -> list[int]:
        return [p for p in range(self.n_players) if not self.out[p]]

    def _next_in(self, p: int, direction: int) -> int:
        """The first seat after ``p`` in ``direction`` that is still in (``p`` itself if alone)."""
        n = self.n_players
        for i in range(1, n + 1):
            q = (p + direction * i) % n
            if not self.out[q]:
                return q
        return p

    def next_player(self) -> int:
        """Who moves after the current player as things stand."""
        return self._next_in(self.current, self.direction)

    # -- the protocol ---------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def effect(self, kind: WKind) -> Effect:
        return self.effects[kind.number]

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == OVER or player != self.current:
            return []
        faces = sorted({u % 52 for u in self.hands[player]})
        if self.phase == GIVE:
            others = [q for q in self._seats_in() if q != player]
            return [Action(player, "give", _KINDS[n], q) for n in faces for q in others]
        out: list[Action] = []
        limit = self.options.limit
        effects = self.effects
        for n in faces:
            eff, k = effects[n], _KINDS[n]
            targets = self._targets(player, eff) if eff.action in TARGETED_AT_PLAY else _NO_TARGET
            for amount, _after in plays_of(eff, self.counter, limit):
                out += [Action(player, "play", k, t, amount) for t in targets]
        if out:
            return out
        if self.options.penalty == "lives":
            return [Action(player, "turn_down", _KINDS[n]) for n in faces]
        return [Action(player, "lose")]

    def _targets(self, player: int, eff: Effect) -> list[int]:
        """The seats a targeted action may name: anyone still in for a ``choose_next``, another
        player still in for the others."""
        if eff.action == "choose_next":
            return self._seats_in()
        return [q for q in self._seats_in() if q != player]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        self.turns += 1
        verb = action.verb
        if verb == "play":
            self._play(action, events)
        elif verb == "give":
            self._give(action, events)
        elif verb == "turn_down":
            self._turn_down(action, events)
        elif verb == "lose":
            self._lose(action.player, events)
        else:
            raise IllegalActionError(f"Ce Pe has no action {verb!r}", action)

    # -- a play -------------------------------------------------------------------------------
    def _remove(self, p: int, kind: WKind) -> int:
        hand, n = self.hands[p], kind.number
        for i, u in enumerate(hand):
            if u % 52 == n:
                return hand.pop(i)
        raise IllegalActionError(f"player {p} holds no {kind.code}")

    def _play(self, action: Action, events: list[Event] | None) -> None:
        p, kind = action.player, action.card
        assert isinstance(kind, WKind)
        eff = self.effect(kind)
        uid = self._remove(p, kind)
        self.discards.append(uid)
        self.throwers.append(p)
        before = self.counter
        self.counter = after_of(eff, before, action.amount)
        self.last_play = (p, kind, action.amount, action.target, before, self.counter)
        if events is not None:
            events.append(Event("play", p, {"card": kind.code, "amount": action.amount, "target": action.target,
                                            "before": before, "after": self.counter, "action": eff.action}))
        if (self.options.instant_win is not None and eff.counter != "none" and eff.values
                and self.counter == self.options.instant_win):
            self._instant_win(p, events)
            return
        nxt = self._next_in(p, self.direction)
        act, target = eff.action, action.target
        if act == "reverse":
            self.direction = -self.direction
            nxt = self._next_in(p, self.direction)
            if events is not None:
                events.append(Event("reverse", p, {"direction": self.direction}))
        elif act == "skip":
            skipped = nxt
            nxt = self._next_in(skipped, self.direction) if len(self._seats_in()) > 2 else p
            if events is not None:
                events.append(Event("skip", p, {"seat": skipped}))
        elif act == "choose_next":
            assert target is not None       # a targeted effect's legal actions all name one
            nxt = target
            if events is not None:
                events.append(Event("choose_next", p, {"seat": target}))
        elif act == "swap_hands":
            assert target is not None
            self.hands[p], self.hands[target] = self.hands[target], self.hands[p]
            if events is not None:
                events.append(Event("swap_hands", p, {"target": target}))
        elif act == "take_replacement":
            assert target is not None
            self._take_replacement(p, target, events)
        elif act == "kill":
            assert target is not None
            self._kill(p, target, events)
            if self.phase == OVER:
                return
            nxt = self._next_in(p, self.direction)      # (the target may be out now)
        if act == "exchange":
            if eff.draw:
                self._draw(p, events)
            if self.hands[p]:
                self.phase = GIVE           # the card and the player to give it to: the give's
                return
        elif eff.draw and act != "take_replacement":
            self._draw(p, events)
        self._pass_to(nxt, events)

    def _take_replacement(self, p: int, target: int, events: list[Event] | None) -> None:
        theirs = self.hands[target]
        if not theirs:
            if events is not None:
                events.append(Event("take_replacement", p, {"target": target, "took_card": False}))
            return
        uid = theirs.pop(self.rng.randrange(len(theirs)))
        self.hands[p].append(uid)
        if events is not None:
            events.append(Event("take_replacement", p, {"target": target, "took_card": True},
                                {"card": kind_of(uid).code}, frozenset({p, target})))

    def _kill(self, p: int, target: int, events: list[Event] | None) -> None:
        """``target`` loses a card of their hand at random, turned face down (under lives a life;
        with no card left they are out)."""
        theirs = self.hands[target]
        lives = self.options.penalty == "lives"
        if not theirs:
            if events is not None:
                events.append(Event("kill", p, {"target": target, "lost": False, "life": lives}))
            return
        uid = theirs.pop(self.rng.randrange(len(theirs)))
        self.face_down[target].append(uid)
        if events is not None:
            events.append(Event("kill", p, {"target": target, "lost": True, "life": lives, "left": len(theirs)},
                                {"card": kind_of(uid).code}, frozenset({target})))
        if lives and not theirs:
            self._go_out(target, events)

    def _give(self, action: Action, events: list[Event] | None) -> None:
        p, target = action.player, action.target
        assert target is not None and isinstance(action.card, WKind)
        given = self._remove(p, action.card)
        theirs = self.hands[target]
        taken = theirs.pop(self.rng.randrange(len(theirs))) if theirs else None
        theirs.append(given)
        if taken is not None:
            self.hands[p].append(taken)
        if events is not None:
            secret = {"given": action.card.code, "taken": kind_of(taken).code if taken is not None else None}
            events.append(Event("exchange", p, {"target": target, "took_card": taken is not None},
                                secret, frozenset({p, target})))
        self.phase = PLAY
        self._pass_to(self._next_in(p, self.direction), events)

    def _draw(self, p: int, events: list[Event] | None) -> None:
        if not self.stock and not self._reshuffle(events):
            return
        uid = self.stock.pop()
        self.hands[p].append(uid)
        if events is not None:
            events.append(Event("draw", p, {"stock": len(self.stock)}, {"card": kind_of(uid).code}, frozenset({p})))

    def _reshuffle(self, events: list[Event] | None) -> bool:
        """Rebuild the empty stock from the discards under the top card and the turned-down cards;
        False when there is nothing to rebuild it from (or the hand has rebuilt it enough, house)."""
        if self.reshuffles >= MAX_RESHUFFLES:
            return False
        cards = self.discards[:-1] + [u for fd in self.face_down for u in fd]
        if not cards:
            return False
        self.discards, self.throwers = self.discards[-1:], self.throwers[-1:]
        for fd in self.face_down:
            fd.clear()
        self.rng.shuffle(cards)
        self.stock = cards
        self.reshuffles += 1
        if events is not None:
            events.append(Event("reshuffle", None, {"count": len(cards), "reshuffles": self.reshuffles}))
        return True

    # -- no playable card -----------------------------------------------------------------------
    def _turn_down(self, action: Action, events: list[Event] | None) -> None:
        p = action.player
        assert isinstance(action.card, WKind)
        self.face_down[p].append(self._remove(p, action.card))
        if events is not None:
            events.append(Event("turn_down", p, {"left": len(self.hands[p])}, {"card": action.card.code},
                                frozenset({p})))
        if not self.hands[p]:
            self._go_out(p, events)
            if self.phase == OVER:
                return
        self._pass_to(self._next_in(p, self.direction), events)

    def _lose(self, p: int, events: list[Event] | None) -> None:
        if self.tokens is not None:
            self.tokens[p] -= 1
            if events is not None:
                events.append(Event("lose_token", p, {"left": self.tokens[p]}))
            if self.tokens[p] > 0:
                if self.options.redeal_after_loss:
                    self._end_with_loss(p, events)
                else:
                    self._pass_to(self._next_in(p, self.direction), events)
                return
        self._go_out(p, events)
        if self.phase != OVER:
            self._pass_to(self._next_in(p, self.direction), events)

    def _go_out(self, p: int, events: list[Event] | None) -> None:
        """``p`` is out of the hand; the hand ends when one player is left (or at a loss with a redeal)."""
        self.out[p] = True
        self.eliminated.append(p)
        if self.tokens is not None:
            self.tokens[p] = 0
        left = self._seats_in()
        if events is not None:
            events.append(Event("out", p, {"place": len(left) + 1}))
        if len(left) == 1:
            self._finish(left[0], "last_standing", events)
        elif self.options.redeal_after_loss:
            self._end_with_loss(p, events)

    def _end_with_loss(self, p: int, events: list[Event] | None) -> None:
        self.loser, self.reason, self.phase = p, "loss", OVER
        if events is not None:
            events.append(Event("redeal", None, {"loser": p}))

    def _instant_win(self, p: int, events: list[Event] | None) -> None:
        if events is not None:
            events.append(Event("instant_win", p, {"counter": self.counter}))
        if self.options.redeal_after_loss:         # (house) the instant win decides the match
            for q in self._seats_in():
                if q != p:
                    self.out[q] = True
                    self.eliminated.append(q)
                    if self.tokens is not None:
                        self.tokens[q] = 0
        self._finish(p, "instant_win", events)

    def _finish(self, winner: int, reason: str, events: list[Event] | None) -> None:
        self.winner, self.reason, self.phase = winner, reason, OVER
        if events is not None:
            events.append(Event("win", winner, {"reason": reason}))

    def _pass_to(self, p: int, events: list[Event] | None) -> None:
        """Give the turn to ``p``; under lives a player whose hand is empty when their turn comes is
        out (house), and the turn goes on to the next."""
        self.current = p
        while (self.phase == PLAY and self.options.penalty == "lives" and not self.hands[self.current]
               and not self.out[self.current]):
            q = self.current
            self._go_out(q, events)
            self.current = self._next_in(q, self.direction)

    # -- the result -----------------------------------------------------------------------------
    def result(self) -> HandResult:
        if self.phase != OVER:
            raise IllegalActionError("the hand is not over")
        details: Data = {
            "reason": self.reason, "order": tuple(self.eliminated), "counter": self.counter,
            "hands": tuple(tuple(kind_of(u).code for u in h) for h in self.hands),
            "turns": self.turns, "reshuffles": self.reshuffles,
            "carry": self.carry_after(),
        }
        winner = self.winner
        if self.reason == "loss":
            details["loser"] = self.loser
            left = [p for p, t in enumerate(details["carry"]) if t > 0]
            winner = left[0] if len(left) == 1 else None
        if winner is None:
            return HandResult("loss", (0,) * self.n_players, (), details)
        points = tuple(1 if p == winner else 0 for p in range(self.n_players))
        return HandResult("win", points, (winner,), details)

    def carry_after(self) -> tuple[int, ...]:
        """The match's carry after this hand: with a redeal what was lost is kept, else it stays."""
        if not self.options.redeal_after_loss:
            return self.carry
        if self.tokens is not None:
            return tuple(self.tokens)
        return tuple(0 if self.out[p] else 1 for p in range(self.n_players))

    # -- the view -------------------------------------------------------------------------------
    def view(self, player: int) -> CePeView:
        limit = self.options.limit
        hand = tuple(sorted((kind_of(u) for u in self.hands[player]), key=lambda k: k.number))
        blocked = tuple((k, smallest_outcome(self.effect(k), self.counter)) for k in hand
                        if not plays_of(self.effect(k), self.counter, limit))
        pile = tuple((kind_of(u), t) for u, t in zip(self.discards, self.throwers, strict=True))
        return CePeView(
            viewer=player, n_players=self.n_players, to_act=self.to_act(),
            legal=tuple(self.legal_actions(player)), dealer=self.dealer, current=self.current,
            direction=self.direction, phase=self.phase, counter=self.counter, limit=limit,
            rules=self.options, hand=hand, hand_counts=tuple(len(h) for h in self.hands),
            face_down=tuple(len(f) for f in self.face_down),
            tokens=tuple(self.tokens) if self.tokens is not None else None,
            out=tuple(self.out), eliminated=tuple(self.eliminated), stock_count=len(self.stock),
            discards=pile[-DISCARDS_SHOWN:], last_play=self.last_play,
            next_player=self.next_player(), blocked=blocked, pending_exchange=None,
            result=self.result() if self.phase == OVER else None,
            my_face_down=tuple(sorted((kind_of(u) for u in self.face_down[player]), key=lambda k: k.number)),
            discard_pile=pile, reshuffles=self.reshuffles, turns=self.turns, out_of_match=self.out_of_match)

    # -- hidden information -----------------------------------------------------------------------
    def all_cards(self) -> list[int]:
        return ([u for h in self.hands for u in h] + [u for f in self.face_down for u in f]
                + list(self.stock) + list(self.discards))

    def hidden_slots(self, viewer: int) -> list[Slot]:
        """Hidden from ``viewer``: the others' hands (until the result shows them) and turned-down
        cards, and the stock."""
        out: list[Slot] = []
        for q in range(self.n_players):
            if q != viewer:
                out += (slots(self.hands[q]) if self.phase != OVER else []) + slots(self.face_down[q])
        return out + slots(self.stock)

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> CePeState:
        """A state consistent with ``view``: the cards the viewer has not seen (the others' hands and
        turned-down cards, the stock) dealt at random from those not in the viewer's hand, their own
        turned-down cards or the discard pile."""
        if not isinstance(view, CePeView):
            raise TypeError(f"a CePeState is made from a CePeView, not a {type(view).__name__}")
        n, me = view.n_players, view.viewer
        state = object.__new__(cls)
        GameState.__init__(state, n, view.rules, rng.randrange(2**62))
        state.effects = effect_table(view.rules)
        copies = Copies(52, view.rules.decks)
        take = copies.take
        res = view.result
        # a finished hand's result shows every hand
        shown = [tuple(WKind.parse(c) for c in h) for h in res.details["hands"]] if res is not None else None
        state.hands = []
        for q in range(n):
            kinds = shown[q] if shown is not None else view.hand if q == me else None
            unknown: list[Any] = [None] * view.hand_counts[q]     # blanks, dealt below
            state.hands.append([take(k.number) for k in kinds] if kinds is not None else unknown)
        face_down: list[list[Any]] = [[take(k.number) for k in view.my_face_down] if q == me
                                      else [None] * view.face_down[q] for q in range(n)]
        state.face_down = face_down
        state.discards = [take(k.number) for k, _t in view.discard_pile]
        state.throwers = [t for _k, t in view.discard_pile]
        stock: list[Any] = [None] * view.stock_count
        state.stock = stock
        where = [s for q in range(n) for s in blanks(state.hands[q]) + blanks(state.face_down[q])]
        deal_unseen(where + blanks(state.stock), copies, rng)
        state.out_of_match = view.out_of_match
        # the carry the hand began with matters only without a redeal, where it is a new match's
        state.carry = tuple(0 if p in view.out_of_match else t
                            for p, t in enumerate(initial_carry(n, view.rules)))
        state.out = list(view.out)
        state.dealer, state.current, state.direction = view.dealer, view.current, view.direction
        state.tokens = list(view.tokens) if view.tokens is not None else None
        state.counter, state.phase = view.counter, view.phase
        state.last_play = view.last_play
        state.eliminated = list(view.eliminated)
        state.reshuffles, state.turns = view.reshuffles, view.turns
        state.winner = res.winners[0] if res is not None and res.winners else None
        state.reason = res.details["reason"] if res is not None else None
        state.loser = res.details.get("loser") if res is not None else None
        return state

    def _copy_into(self, other: CePeState) -> None:
        other.effects = self.effects            # never changed: shared
        other.carry, other.out_of_match, other.out = self.carry, self.out_of_match, list(self.out)
        other.dealer, other.direction, other.current = self.dealer, self.direction, self.current
        other.tokens = list(self.tokens) if self.tokens is not None else None
        other.hands = [list(h) for h in self.hands]
        other.face_down = [list(f) for f in self.face_down]
        other.stock, other.discards, other.throwers = list(self.stock), list(self.discards), list(self.throwers)
        other.counter, other.phase = self.counter, self.phase
        other.last_play = self.last_play
        other.eliminated = list(self.eliminated)
        other.reshuffles, other.turns = self.reshuffles, self.turns
        other.winner, other.reason, other.loser = self.winner, self.reason, self.loser


# ---------------------------------------------------------------------------------------------
# The match: carry, settlement, dealer, bound

def initial_carry(n_players: int, options: BaseModel) -> tuple[int, ...]:
    """Per seat the tokens a match starts with (1 each for the penalties ``lives`` and ``out``)."""
    options = cast(CePeOptions, options)
    return (options.tokens if options.penalty == "tokens" else 1,) * n_players


def starting_carry(carry: tuple[int, ...] | None, n_players: int, options: CePeOptions) -> tuple[int, ...]:
    """The carry a hand is dealt with: a fresh match's when none is given or when the match was
    decided (one seat left) and the players play on (house)."""
    if carry is None or len(carry) != n_players or sum(1 for t in carry if t > 0) < 2:
        return initial_carry(n_players, options)
    return tuple(carry)


def out_seats(carry: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(p for p, t in enumerate(carry) if t <= 0)


def new_hand(options: CePeOptions, n_players: int, seed: int, dealer: int = 0, *,
             carry: tuple[int, ...] | None = None, deck: Sequence[WCard] | None = None) -> CePeState:
    return CePeState(options, n_players, seed, dealer, carry, deck)


def settle(result: HandResult, options: CePeOptions, stake_cents: int = 0, *,
           carry: tuple[int, ...] | None = None) -> Settlement:
    """Every other player pays the winner one stake: those of the hand (``eliminated``, or
    ``instant_win``); with a redeal nothing is paid until the match is decided, then every other seat
    pays the last one standing.  The carry after the hand is the result's."""
    n = len(result.points)
    after = tuple(result.details["carry"])
    items: list[tuple[str, int | None, int | None, int]] = []
    if result.winners and stake_cents:
        w = result.winners[0]
        code = "instant_win" if result.details["reason"] == "instant_win" else "eliminated"
        before = starting_carry(carry, n, options)
        payers = [p for p in range(n) if p != w and (options.redeal_after_loss or before[p] > 0)]
        items = [(code, p, w, stake_cents) for p in payers]
    s = Settlement.from_items(n, 0, items)
    return Settlement(s.payments, 0, s.items, after)


def next_dealer(result: HandResult, dealer: int, n_players: int) -> int:
    """The deal passes to the left (a dealer out of the match passes it on: see :class:`CePeState`)."""
    return (dealer + 1) % n_players


def max_hand_actions(n_players: int, options: CePeOptions | None = None) -> int:
    """The most actions a hand can have.  Between two rebuilds of the stock every play moves a card
    from a hand to the discards (and an exchange adds a ``give``): at most twice the cards; then every
    card can be turned down once, and every player can lose every token."""
    opts = options if isinstance(options, CePeOptions) else CePeOptions()
    cards = 52 * opts.decks
    return 2 * cards * (MAX_RESHUFFLES + 1) + cards + n_players * (opts.tokens + 1)


#: the save format from which a Three's give names its target (older saves: :func:`upgrade_hand_log`)
THREE_GIVES_FORMAT = 3


def upgrade_hand_log(options: CePeOptions, texts: Sequence[str]) -> list[str]:
    """One hand's actions as a save written before issue 32 holds them (an exchange's target named
    by the ``play``: ``"0 play 3H @1", "0 give JD"``) in today's form (named by the ``give``: ``"0
    play 3H", "0 give JD @1"``); other actions, and a log already in today's form, are kept.  The
    two forms draw the same random numbers in the same order, so the hand replays identically.
    (For the save loader: the wiring is the persistence's.)"""
    out: list[str] = []
    pending: dict[int, int] = {}
    for text in texts:
        a = Action.parse(text)
        if a.verb == "play" and isinstance(a.card, WKind) and a.target is not None \
                and options.effect_of(a.card).action == "exchange":
            pending[a.player] = a.target
            a = Action(a.player, "play", a.card, None, a.amount)
        elif a.verb == "give" and a.target is None and a.player in pending:
            a = Action(a.player, "give", a.card, pending.pop(a.player))
        elif a.verb == "play":
            pending.pop(a.player, None)      # (an exchange with nothing left to give had no give)
        out.append(str(a))
    return out


def last_standing(match: MatchSoFar) -> tuple[int, ...] | None:
    """The match ends when a hand leaves one player standing (every hand without a redeal)."""
    return match.history[-1].result.winners or None


__all__ = ["GAME_ID", "MAX_PLAYERS", "MAX_RESHUFFLES", "MIN_PLAYERS", "THREE_GIVES_FORMAT", "CePeState", "CePeView",
           "initial_carry", "last_standing", "max_hand_actions", "new_hand", "next_dealer", "out_seats", "plays_of",
           "settle", "upgrade_hand_log"]
