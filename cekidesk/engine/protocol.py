"""The protocol every game's rules implement: actions, events, results, settlements, views and the
game state (no Qt, no game, nothing above it in the engine).

:mod:`cekidesk.engine.core` re-exports all of it beside the game class (:class:`~cekidesk.engine.game.Game`);
the computer players (:mod:`.bot`, :mod:`.search`) import from here, so that the game class may
name them without an import circle.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypeVar

from pydantic import BaseModel

from . import hidden
from .cards import CardCodeError, Kind, WKind, parse_kind
from .hidden import Slot

# ---------------------------------------------------------------------------------------------
# Errors

class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalActionError(EngineError):
    """An action that the rules do not allow now.  The state is left unchanged."""

    def __init__(self, message: str, action: Action | None = None):
        super().__init__(message)
        self.action = action


class NotYourTurnError(IllegalActionError):
    """The acting player is not one of those who must act now."""


class GameOverError(IllegalActionError):
    """The hand is over; no more actions are accepted."""


class ActionParseError(EngineError):
    """A written action (from a save file or a command line) that cannot be read."""


class OptionsError(EngineError):
    """Options or a player count that a game does not accept."""


# ---------------------------------------------------------------------------------------------
# Actions

CardLike = Kind | WKind


class Action(NamedTuple):
    """One decision by one player.

    ``verb`` names the decision ("draw", "take", "discard", "play", "bet", …); ``card`` is a card
    *kind* where the decision is about a card; ``target`` a player where it is about a player (Ce Pe
    3 and 5); ``amount`` a number where it is about a value (Ace 1/11, a bet).  Actions are hashable
    values and their text form round-trips: ``"2 discard S9"``, ``"0 play QH =-20"``, ``"1 play 5S @3"``.
    """

    player: int
    verb: str
    card: CardLike | None = None
    target: int | None = None
    amount: int | None = None

    def __str__(self) -> str:
        parts = [str(self.player), self.verb]
        if self.card is not None:
            parts.append(self.card.code)
        if self.target is not None:
            parts.append(f"@{self.target}")
        if self.amount is not None:
            parts.append(f"={self.amount}")
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise ActionParseError(f"an action must be text, not {type(text).__name__}")
        parts = text.split()
        if len(parts) < 2 or not parts[0].isdecimal() or not parts[1].isidentifier():
            raise ActionParseError(f"{text!r} is not an action (expected e.g. '2 discard S9')")
        player, verb = int(parts[0]), parts[1]
        card = target = amount = None
        try:
            for p in parts[2:]:
                if p.startswith("@") and target is None:
                    target = int(p[1:])
                elif p.startswith("=") and amount is None:
                    amount = int(p[1:])
                elif card is None and target is None and amount is None:
                    card = parse_kind(p)
                else:
                    raise ValueError(p)
        except (ValueError, CardCodeError):
            raise ActionParseError(f"{text!r} is not an action (cannot read its arguments)") from None
        return cls(player, verb, card, target, amount)



@dataclass(frozen=True, slots=True)
class AmountRange:
    """A decision whose amount is any ``lo + k·step`` up to ``hi`` (a bet): what a state lists
    beside its explicit legal actions (:meth:`GameState.legal_ranges`) so that ``apply`` can check
    an amount without a legal action for every cent.  ``card`` and ``target`` are fixed parts of
    every action of the range (a bet placed with a face-down card, a bet against one player)."""

    verb: str
    lo: int
    hi: int
    step: int = 1
    card: CardLike | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        if self.step < 1 or self.lo > self.hi:
            raise ValueError(f"an empty amount range: {self.lo}..{self.hi} step {self.step}")

    def holds(self, action: Action) -> bool:
        """Whether ``action`` (any player's) is one of this range's decisions."""
        amount = action.amount
        return (action.verb == self.verb and action.card == self.card and action.target == self.target
                and type(amount) is int and self.lo <= amount <= self.hi
                and (amount - self.lo) % self.step == 0)

    def action(self, player: int, amount: int) -> Action:
        """The decision of ``player`` to take ``amount`` (not checked: see :meth:`holds`)."""
        return Action(player, self.verb, self.card, self.target, amount)

    def clamp(self, amount: int) -> int:
        """The amount of the range nearest to ``amount`` (rounded down to a step)."""
        amount = min(max(int(amount), self.lo), self.hi)
        return amount - (amount - self.lo) % self.step

    def __len__(self) -> int:
        return (self.hi - self.lo) // self.step + 1


def offered_action(action: Action, legal: Sequence[Action], ranges: Sequence[AmountRange] = ()) -> Action | None:
    """The engine's own copy of ``action`` if ``legal`` lists it or one of ``ranges`` holds it, else
    None.  An equal look-alike (an int for a Kind, 1.0 for seat 1) must not reach the rules, so the
    copy is rebuilt from the engine's values."""
    try:
        return legal[legal.index(action)]
    except ValueError:
        pass
    for r in ranges:
        if r.holds(action):
            return r.action(int(action.player), int(action.amount))  # type: ignore[arg-type]
    return None

# ---------------------------------------------------------------------------------------------
# Events

#: what an event, a result or a reason carries: codes and numbers (str, int, bool, None, card codes,
#: tuples and lists of those) by name; read by the game's own words, so typed no closer here
Data = dict[str, Any]

ALL = None  # visibility: everybody


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for animation and the game log.

    ``data`` holds what everybody may know; ``secret`` holds what only the players in ``secret_to``
    may know (e.g. the card a player drew from the stock).  :meth:`for_viewer` gives each viewer
    their own copy with the secret merged in or left out.  Values are codes and numbers, never
    sentences: the GUI turns them into words.
    """

    type: str
    player: int | None = None
    data: Data = field(default_factory=dict)
    secret: Data | None = None
    secret_to: frozenset[int] = frozenset()

    def for_viewer(self, viewer: int | None) -> Event:
        """The event as ``viewer`` sees it (``None`` = a spectator, who sees no secrets)."""
        if self.secret is None:
            return self
        if viewer is not None and viewer in self.secret_to:
            return Event(self.type, self.player, {**self.data, **self.secret})
        return Event(self.type, self.player, self.data)


def events_for(events: Iterable[Event], viewer: int | None) -> list[Event]:
    return [e.for_viewer(viewer) for e in events]


# ---------------------------------------------------------------------------------------------
# Results

@dataclass(frozen=True)
class HandResult:
    """The outcome of one finished hand.

    ``points`` are the game points each player scored this hand (added to the match score);
    ``outcome`` is a code ("win", "draw", …) and ``details`` the game-specific facts (win kind,
    multiplier, revealed hands …) as codes and numbers.  ``winners`` may be empty (a drawn hand).
    """

    outcome: str
    points: tuple[int, ...]
    winners: tuple[int, ...] = ()
    details: Data = field(default_factory=dict)


#: one itemised payment of a :class:`Settlement`: (code, payer seat or None = the pot,
#: payee seat or None = the pot, cents)
SettlementItem = tuple[str, "int | None", "int | None", int]


@dataclass(frozen=True)
class Settlement:
    """How one hand is paid: what a game's ``settle`` may return instead of a bare tuple.

    ``payments`` are cents per seat (+ received, − paid); ``pot`` is what lies in the middle after
    the hand (carried to the next hand by the match when the game's spec has ``carries_pot``);
    ``items`` lists every payment as ``(code, payer, payee, cents)`` where a seat of ``None`` is the
    pot.  The match checks ``sum(payments) + (pot − pot before) == 0``.
    """

    payments: tuple[int, ...]
    pot: int = 0
    items: tuple[SettlementItem, ...] = ()
    #: the match's carry after this hand (see ``Game.initial_carry``); None leaves it as it was
    carry: object = None

    @classmethod
    def from_items(cls, n_players: int, pot_before: int, items: Iterable[SettlementItem]) -> Settlement:
        """The settlement made of ``items`` alone: payments and the pot follow from them."""
        pay = [0] * n_players
        pot = pot_before
        for _code, payer, payee, cents in items:
            if payer is None:
                pot -= cents
            else:
                pay[payer] -= cents
            if payee is None:
                pot += cents
            else:
                pay[payee] += cents
        return cls(tuple(pay), pot, tuple(items))


# ---------------------------------------------------------------------------------------------
# Views

class View:
    """Base type of every game's view: what one player can see, as an immutable value.

    A game's view is a frozen dataclass deriving from this class.  Every view has at least
    ``viewer`` (whose view it is), ``n_players``, ``to_act`` (who must act now) and ``legal`` (the
    viewer's legal actions now; empty when it is not their turn).  Bots and the table read views
    only; they never see the state.
    """

    __slots__ = ()

    viewer: int
    n_players: int
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    #: the viewer's decisions with an amount in a range (bets), beside ``legal``.  A view with such
    #: decisions declares ``ranges: tuple[AmountRange, ...] = ()`` among its fields with defaults
    #: (this class attribute is the default a dataclass sees); the others inherit ``()``
    ranges: tuple[AmountRange, ...] = ()


# ---------------------------------------------------------------------------------------------
# State

#: a game's options: the pydantic model of the table's choices
OptionsT = TypeVar("OptionsT", bound=BaseModel)


class GameState(Generic[OptionsT]):
    """Base class of every game's state.  Subclasses implement the rules.

    Contract (every game):

    * ``to_act()`` — the players who must act now (several at once for simultaneous decisions),
      empty when the hand is over;
    * ``legal_actions(player)`` — the actions ``player`` may take now (empty if none);
    * ``apply(action)`` — checks legality, raises an :class:`IllegalActionError` subclass with the
      state unchanged, otherwise plays the action and returns the events it produced;
    * ``apply_unchecked(action)`` — the fast path for search and simulation (no checks, no events);
    * ``clone()`` — an independent copy, RNG included;
    * ``is_terminal()`` and ``result()``;
    * ``view(player)`` — exactly what that player can see, as an immutable value.

    All randomness comes from ``self.rng``, seeded at creation: (seed, options, actions) replays a hand.
    A game's state names its options type, ``class CekiState(GameState[CekiOptions])``, so that its
    rules read ``self.options`` typed.
    """

    game_id: ClassVar[str] = ""

    #: what the deal itself produced (seating, the cards each player was dealt, calls made at the
    #: deal), secrets included: the window's table and log start from these
    deal_events: list[Event]

    options: OptionsT

    def __init__(self, n_players: int, options: OptionsT, seed: int):
        self.n_players = n_players
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.deal_events = []

    # -- to implement ---------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        raise NotImplementedError

    def legal_actions(self, player: int) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        """Play a legal action; append events to ``events`` unless it is None."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def result(self) -> HandResult:
        raise NotImplementedError

    def view(self, player: int) -> View:
        raise NotImplementedError

    def hidden_slots(self, viewer: int) -> list[Slot]:
        """Every place whose card ``viewer`` cannot see, as :data:`~cekidesk.engine.hidden.Slot`
        values in the order the game deals them; a card whose kind the viewer knows (or a position
        they have seen) is not among them.  :meth:`redeal_hidden` deals the cards anew into these."""
        raise NotImplementedError

    def _redealt(self, viewer: int) -> None:
        """Bring what follows from the cards (counts, the card just drawn …) up to date after
        :meth:`redeal_hidden` moved them; nothing by default."""

    def all_cards(self) -> list[int]:
        """The uid of every card of the deck wherever it is (each once when the state is sound)."""
        raise NotImplementedError

    def redeal_hidden(self, viewer: int, rng: random.Random) -> Self:
        """A copy in which every card ``viewer`` cannot see (:meth:`hidden_slots`) is dealt again
        at random among the places hidden from them; the viewer's view of the copy equals their view
        of this state (the conformance suite checks it)."""
        other = self.clone()
        hidden.redeal(other.hidden_slots(viewer), rng)
        other._redealt(viewer)
        return other

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> GameState[OptionsT]:
        """A full state consistent with ``view``, the unseen cards dealt at random to the places
        the viewer cannot see (with :mod:`cekidesk.engine.hidden`): for bots that search.  It
        never looks at a real state."""
        raise NotImplementedError

    def _copy_into(self, other: Self) -> None:
        """Copy the subclass's fields into ``other`` (a bare instance made by :meth:`clone`)."""
        raise NotImplementedError

    # -- shared ---------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        if self.is_terminal():
            raise GameOverError("the hand is over", action)
        if type(action.player) is not int or not 0 <= action.player < self.n_players:
            raise IllegalActionError(f"there is no player {action.player}", action)
        if action.player not in self.to_act():
            raise NotYourTurnError(f"player {action.player} is not to act now", action)
        own = offered_action(action, self.legal_actions(action.player), self.legal_ranges(action.player))
        if own is None:
            raise IllegalActionError(f"{action} is not a legal action now", action)
        action = own
        events: list[Event] = []
        self._apply(action, events)
        return events

    def legal_ranges(self, player: int) -> tuple[AmountRange, ...]:
        """The decisions of ``player`` with an amount in a range (bets), beside
        :meth:`legal_actions`; ``apply`` accepts any amount a range holds.  None by default."""
        return ()

    def apply_unchecked(self, action: Action) -> None:
        self._apply(action, None)

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.n_players = self.n_players
        other.options = self.options
        other.seed = self.seed
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.deal_events = self.deal_events
        self._copy_into(other)
        return other

    def all_legal_actions(self) -> list[Action]:
        out: list[Action] = []
        for p in self.to_act():
            out.extend(self.legal_actions(p))
        return out


T = TypeVar("T")


def shuffled(cards: Sequence[T], rng: random.Random) -> list[T]:
    deck = list(cards)
    rng.shuffle(deck)
    return deck
