"""A test-only game that uses everything a match can carry (no real game: tests register it).

"Toy carry" (id toy-carry: a "-" as in balik-satu): every player still in the match is dealt one card of the Ceki pack and plays it, in
turn from the dealer's left.  The highest card wins the hand (+1 point, and a win streak: the
carry counts the winner's wins in a row); the lowest loses a life.  A player without lives is out:
the next hands are dealt to the others only (seats keep their numbers).  With ``partners`` (four
players) seats 0 & 2 and 1 & 3 are sides: both partners score the winner's point.

Endings of its own: ``last_standing`` (one player left) and ``streak`` (someone wins ``limit`` hands
in a row).  Presets: "quick" (one life) and "long" (three lives).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from cekidesk.engine.cards import ALL_KINDS, Kind
from cekidesk.engine.core import Action, Event, GameState, HandResult, Settlement, View
from cekidesk.engine.game import Game, GameInfo, Payout
from cekidesk.engine.match import Match, MatchEnding

GAME_ID = "toy-carry"


class ToyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    lives: int = Field(2, ge=1, le=9, title="toy.lives")
    partners: bool = Field(False, title="toy.partners")


class ToyCarry(BaseModel):
    """What the match carries: each seat's wins in a row and lives left."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    streak: tuple[int, ...]
    lives: tuple[int, ...]

    @property
    def out(self) -> tuple[int, ...]:
        return tuple(p for p, n in enumerate(self.lives) if n <= 0)


@dataclass(frozen=True)
class ToyView(View):
    viewer: int
    n_players: int
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    hand: tuple[Kind, ...]
    played: tuple[Kind | None, ...]
    streak: tuple[int, ...]
    lives: tuple[int, ...]
    out: tuple[int, ...]
    dealer: int


class ToyState(GameState):
    game_id = GAME_ID

    def __init__(self, options: ToyOptions, n_players: int, seed: int, dealer: int, carry: ToyCarry):
        super().__init__(n_players, options, seed)
        self.carry = carry
        self.dealer = dealer
        out = set(carry.out)
        self.order = [p for p in ((dealer + 1 + i) % n_players for i in range(n_players)) if p not in out]
        cards = self.rng.sample(ALL_KINDS, len(self.order))
        self.hands: dict[int, Kind | None] = {p: None for p in range(n_players)}
        for p, k in zip(self.order, cards, strict=True):
            self.hands[p] = k
        self.stock: list[Kind] = [k for k in ALL_KINDS if k not in cards]   # the cards nobody was dealt
        self.played: list[Kind | None] = [None] * n_players
        self.turn = 0
        self.deal_events = [Event("deal", p, {}, {"card": k}, frozenset({p})) for p, k in zip(self.order, cards)]

    def to_act(self) -> tuple[int, ...]:
        return () if self.turn >= len(self.order) else (self.order[self.turn],)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act():
            return []
        return [Action(player, "play", self.hands[player])]

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        self.played[action.player] = action.card
        self.hands[action.player] = None
        self.turn += 1
        if events is not None:
            events.append(Event("play", action.player, {"card": action.card}))

    def is_terminal(self) -> bool:
        return self.turn >= len(self.order)

    def result(self) -> HandResult:
        played = {p: self.played[p] for p in self.order}
        winner = max(played, key=lambda p: played[p])
        loser = min(played, key=lambda p: played[p])
        side = next((s for s in toy_sides(self.n_players, self.options) or () if winner in s), (winner,))
        points = tuple(1 if p in side else 0 for p in range(self.n_players))
        return HandResult("win", points, side, {"winner": winner, "loser": loser})

    def view(self, player: int) -> ToyView:
        c = self.carry
        return ToyView(player, self.n_players, self.to_act(), tuple(self.legal_actions(player)),
                       tuple(k for k in (self.hands[player],) if k is not None), tuple(self.played),
                       c.streak, c.lives, c.out, self.dealer)

    # -- hidden information: the others' cards not yet played ----------------------------------
    def all_cards(self) -> list[int]:
        return sorted(k.value for k in (*self.hands.values(), *self.played, *self.stock) if k is not None)

    def hidden_slots(self, viewer: int) -> list:
        return ([(self.hands, p) for p in self.order if p != viewer and self.hands[p] is not None]
                + [(self.stock, i) for i in range(len(self.stock))])

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> ToyState:
        """A state with ``view``: the cards it does not show are dealt from the kinds nobody has seen."""
        assert isinstance(view, ToyView)
        carry = ToyCarry(streak=view.streak, lives=view.lives)
        state = cls(ToyOptions(lives=max(view.lives) or 1), view.n_players, rng.randrange(2**62), view.dealer, carry)
        seen = {*view.hand, *(k for k in view.played if k is not None)}
        unseen = [k for k in ALL_KINDS if k not in seen]
        rng.shuffle(unseen)
        state.played = list(view.played)
        state.turn = sum(1 for k in view.played if k is not None)
        for p in state.order:
            if p == view.viewer:
                state.hands[p] = view.hand[0] if view.hand else None
            else:
                state.hands[p] = None if view.played[p] is not None else unseen.pop()
        state.stock = unseen
        return state

    def _copy_into(self, other: GameState) -> None:
        assert isinstance(other, ToyState)
        other.carry, other.dealer, other.order, other.turn = self.carry, self.dealer, list(self.order), self.turn
        other.hands, other.played, other.stock = dict(self.hands), list(self.played), list(self.stock)


def new_hand(options: ToyOptions, n_players: int, seed: int, dealer: int, *, carry: ToyCarry) -> ToyState:
    return ToyState(options, n_players, seed, dealer, carry)


def initial_carry(n_players: int, options: ToyOptions) -> ToyCarry:
    return ToyCarry(streak=(0,) * n_players, lives=(options.lives,) * n_players)


def settle(result: HandResult, options: ToyOptions, stake: int, *, carry: ToyCarry) -> Settlement:
    """The loser pays the winner the stake; the winner's streak grows, the others' end; the loser
    loses a life."""
    w, lo = result.details["winner"], result.details["loser"]
    n = len(result.points)
    pay = [0] * n
    if lo != w:
        pay[w] += stake
        pay[lo] -= stake
    streak = tuple(carry.streak[p] + 1 if p == w else 0 for p in range(n))
    # alone at the table nobody loses a life (the last player standing plays on in a money match)
    lives = tuple(carry.lives[p] - 1 if p == lo != w else carry.lives[p] for p in range(n))
    return Settlement(tuple(pay), 0, (("toy_win", lo, w, stake),), ToyCarry(streak=streak, lives=lives))


def toy_sides(n_players: int, options: ToyOptions) -> tuple[tuple[int, ...], ...] | None:
    return ((0, 2), (1, 3)) if options.partners and n_players == 4 else None


def last_standing(match: Match) -> tuple[int, ...] | None:
    left = [p for p in range(match.n_players) if p not in match.out_seats()]
    return tuple(left) if len(left) <= 1 else None


def streak_reached(match: Match) -> tuple[int, ...] | None:
    won = tuple(p for p, s in enumerate(match.carry.streak) if s >= (match.match_options.limit or 0))
    return won or None


class ToyCarryGame(Game[ToyOptions, ToyState, ToyCarry]):
    info = GameInfo(id=GAME_ID, title_key="game.toy-carry", min_players=2, max_players=4, default_players=3,
                    match_modes=("money", "hands"),
                    presets=(("toy.preset.quick", {"lives": 1, "partners": False}),
                             ("toy.preset.long", {"lives": 3, "partners": False})))
    options_model = ToyOptions
    state_type = ToyState
    view_type = ToyView
    match_endings = (MatchEnding("last_standing", "toy.ending.last", last_standing),
                     MatchEnding("streak", "toy.ending.streak", streak_reached, limit_default=3,
                                 limit_range=(2, 9)))

    def new_hand(self, options: ToyOptions, n_players: int, seed: int, dealer: int = 0,
                 carry: ToyCarry | None = None) -> ToyState:
        return new_hand(options, n_players, seed, dealer, carry=carry or initial_carry(n_players, options))

    def settle(self, result: HandResult, options: ToyOptions, stake_cents: int = 0, pot: int = 0,
               carry: ToyCarry | None = None) -> Payout:
        return settle(result, options, stake_cents, carry=carry or initial_carry(len(result.points), options))

    def initial_carry(self, n_players: int, options: ToyOptions) -> ToyCarry:
        return initial_carry(n_players, options)

    def out_seats(self, carry: ToyCarry | None) -> tuple[int, ...]:
        return carry.out if carry is not None else ()

    def sides(self, n_players: int, options: ToyOptions) -> tuple[tuple[int, ...], ...] | None:
        return toy_sides(n_players, options)


SPEC = ToyCarryGame()
