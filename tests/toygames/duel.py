"""Duel, a test-only game for the decisions that are not a card.

One hand: every player bets 1..``max_bet`` at once, hidden until all have bet (a simultaneous round
with an amount range); the starter declares (their score counts double) or passes; then, in turn,
each player aims at another player (a target) and chooses a value, +1 or +11 (a value choice): the
value is added to their score and taken from the target's.  The highest score wins everybody's bet
from them; a tie wins nothing.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from pydantic import BaseModel, Field

from cekidesk.engine.core import (
    Action,
    AmountRange,
    Event,
    GameState,
    HandResult,
    View,
)
from cekidesk.engine.game import Game, GameInfo, Payout
from cekidesk.engine.simultaneous import SimultaneousRound, SimultaneousSeen

GAME_ID = "toy_duel"
VALUES = (1, 11)


class DuelOptions(BaseModel):
    max_bet: int = Field(10, ge=1, le=1000)
    bet_step: int = Field(1, ge=1, le=100)


@dataclass(frozen=True, slots=True)
class DuelView(View):
    game_id: str
    viewer: int
    n_players: int
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    phase: str                    # "bet", "declare", "aim", "value", "over"
    dealer: int
    starter: int
    bets: SimultaneousSeen
    declared: bool | None
    scores: tuple[int, ...]
    target: int | None            # the target the player to act aimed at
    result: HandResult | None
    ranges: tuple[AmountRange, ...] = ()   # a field with a default: View's default is ()


class DuelState(GameState):
    game_id = GAME_ID

    def __init__(self, n_players: int, options: DuelOptions, seed: int, dealer: int = 0):
        super().__init__(n_players, options, seed)
        self.dealer = dealer
        self.starter = (dealer + 1) % n_players
        self.bets = SimultaneousRound("bet", range(n_players))
        self.declared: bool | None = None
        self.scores = [0] * n_players
        self.turns = 0                    # players who have finished aiming
        self.target: int | None = None
        self.deal_events = [Event("deal", None, {"dealer": dealer})]

    # -- whose turn, what is legal ----------------------------------------------------------
    def phase(self) -> str:
        if not self.bets.is_complete():
            return "bet"
        if self.declared is None:
            return "declare"
        if self.turns == self.n_players:
            return "over"
        return "aim" if self.target is None else "value"

    def _aimer(self) -> int:
        return (self.starter + self.turns) % self.n_players

    def to_act(self) -> tuple[int, ...]:
        ph = self.phase()
        if ph == "bet":
            return self.bets.waiting()
        if ph == "declare":
            return (self.starter,)
        if ph == "over":
            return ()
        return (self._aimer(),)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act():
            return []
        ph = self.phase()
        if ph == "declare":
            return [Action(player, "declare"), Action(player, "pass")]
        if ph == "aim":
            return [Action(player, "aim", target=t) for t in range(self.n_players) if t != player]
        if ph == "value":
            return [Action(player, "value", amount=v) for v in VALUES]
        return []

    def legal_ranges(self, player: int) -> tuple[AmountRange, ...]:
        if self.phase() == "bet" and player in self.bets.waiting():
            o = self.options
            return (AmountRange("bet", 1, o.max_bet, o.bet_step),)
        return ()

    # -- playing ------------------------------------------------------------------------------
    def _apply(self, action: Action, events: list[Event] | None) -> None:
        p = action.player
        if action.verb == "bet":
            self.bets.choose(action, events)
            return
        if action.verb in ("declare", "pass"):
            self.declared = action.verb == "declare"
        elif action.verb == "aim":
            self.target = action.target
        else:
            v = action.amount
            self.scores[p] += v * (2 if self.declared and p == self.starter else 1)
            self.scores[self.target] -= v
            self.target = None
            self.turns += 1
        if events is not None:
            data = {k: v for k, v in (("target", action.target), ("amount", action.amount)) if v is not None}
            events.append(Event(action.verb, p, data))

    def is_terminal(self) -> bool:
        return self.phase() == "over"

    def result(self) -> HandResult:
        best = max(self.scores)
        winners = tuple(p for p, s in enumerate(self.scores) if s == best)
        bets = tuple(a.amount for a in self.bets.revealed())
        if len(winners) > 1:
            return HandResult("draw", tuple(self.scores), (), {"bets": bets})
        return HandResult("win", tuple(self.scores), winners, {"bets": bets})

    def view(self, player: int) -> DuelView:
        acting = player in self.to_act()
        return DuelView(
            game_id=GAME_ID, viewer=player, n_players=self.n_players, to_act=self.to_act(),
            legal=tuple(self.legal_actions(player)) if acting else (),
            ranges=self.legal_ranges(player), phase=self.phase(), dealer=self.dealer,
            starter=self.starter, bets=self.bets.seen_by(player), declared=self.declared,
            scores=tuple(self.scores), target=self.target,
            result=self.result() if self.is_terminal() else None)

    def _copy_into(self, other: DuelState) -> None:
        other.dealer, other.starter = self.dealer, self.starter
        other.bets = self.bets.copy()
        other.declared = self.declared
        other.scores = list(self.scores)
        other.turns, other.target = self.turns, self.target

    # -- hidden information: no cards; the others' bets until all have bet ------------------------
    def all_cards(self) -> list[int]:
        return []

    def hidden_slots(self, viewer: int) -> list:
        return []

    def _redealt(self, viewer: int) -> None:
        """The bets ``viewer`` has not seen are made again at random (same players, any amount)."""
        if self.bets.is_complete():
            return
        o = self.options
        rng = random.Random(self.rng.random())
        for p in range(self.n_players):
            if p != viewer and self.bets.choice(p) is not None:
                self.bets.choose(Action(p, "bet", amount=rng.randrange(1, o.max_bet + 1, o.bet_step)), None)

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> DuelState:
        """A state with ``view``: the bets it does not show are guessed at random."""
        assert isinstance(view, DuelView)
        state = cls(view.n_players, DuelOptions(), rng.randrange(2**62), view.dealer)
        seen = view.bets
        for p in seen.chosen:
            shown = (seen.revealed[seen.players.index(p)] if seen.revealed is not None
                     else seen.mine if p == view.viewer else None)
            state.bets.choose(shown or Action(p, "bet", amount=rng.randrange(1, 11)), None)
        state.declared, state.scores, state.target = view.declared, list(view.scores), view.target
        state.turns = view.n_players if view.phase == "over" else (
            0 if view.phase in ("bet", "declare") else
            (next(i for i in range(view.n_players) if (view.starter + i) % view.n_players == view.to_act[0])))
        return state

    def key(self) -> tuple:
        """Everything that makes the state what it is (tests compare states by it)."""
        return (self.bets.revealed(), tuple(self.bets.choice(p) for p in range(self.n_players)),
                self.declared, tuple(self.scores), self.turns, self.target, self.rng.getstate())


def new_hand(options: DuelOptions, n_players: int, seed: int, dealer: int = 0) -> DuelState:
    return DuelState(n_players, options, seed, dealer)


def settle(result: HandResult, options: DuelOptions, stake_cents: int = 0) -> tuple[int, ...]:
    """The winner takes each other player's own bet from them."""
    bets = result.details["bets"]
    pay = [0] * len(bets)
    for w in result.winners:
        for p, b in enumerate(bets):
            if p != w:
                pay[p] -= b
                pay[w] += b
    return tuple(pay)


class DuelGame(Game[DuelOptions, DuelState, None]):
    info = GameInfo(id=GAME_ID, title_key="game.toy_duel", min_players=2, max_players=5, default_players=3,
                    match_modes=("money", "hands"), stake_per_point=False)
    options_model = DuelOptions
    state_type = DuelState
    view_type = DuelView

    def new_hand(self, options: DuelOptions, n_players: int, seed: int, dealer: int = 0,
                 carry: None = None) -> DuelState:
        return new_hand(options, n_players, seed, dealer)

    def settle(self, result: HandResult, options: DuelOptions, stake_cents: int = 0, pot: int = 0,
               carry: None = None) -> Payout:
        return settle(result, options, stake_cents)

    def max_hand_actions(self, n_players: int, options: DuelOptions) -> int:
        return 3 * n_players + 1


SPEC = DuelGame()
