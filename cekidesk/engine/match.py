"""The match layer: a sequence of hands of one game, with dealer rotation, cumulative scores, a
stakes ledger in cents and the end condition the players chose.

A match is fully determined by (game id, options, match options, player count, seed, the actions of
each hand): the match RNG chooses the first dealer and each hand's seed, so replaying the action log
rebuilds the same match.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .core import (
    Action,
    EngineError,
    Event,
    GameOverError,
    GameSpec,
    GameState,
    HandResult,
    OptionsError,
    Settlement,
)

MatchMode = Literal["money", "target", "hands"]


class MatchOptions(BaseModel):
    """How a match is scored and when it ends.

    * ``money``: every hand is settled in cents (``stake_cents`` per point, for games whose spec
      has ``stake_per_point``; other games take their amounts from their own options); the match
      goes on until the players stop.
    * ``target``: the match ends after the hand in which someone reaches ``target`` points.
    * ``hands``: the match ends after ``hands`` hands.
    Payments are recorded in the ledger in every mode; the mode only decides when the match ends.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: MatchMode = Field("money", title="match.mode")
    stake_cents: int = Field(1, ge=0, le=1_000_000, title="match.stake_cents")
    target: int = Field(200, ge=1, le=1_000_000, title="match.target")
    hands: int = Field(8, ge=1, le=10_000, title="match.hands")


@dataclass(frozen=True)
class HandRecord:
    """One finished hand: its result, the payments in cents per seat, the pot left in the middle
    after it (games with ``carries_pot``) and the itemised payments (``Settlement.items``)."""

    index: int
    dealer: int
    seed: int
    result: HandResult
    payments: tuple[int, ...]
    pot: int = 0
    items: tuple = ()


class Match:
    #: How many of the current hand's latest events the match keeps (see :attr:`hand_events`).
    EVENTS_KEPT = 2000

    def __init__(
        self,
        spec: GameSpec,
        n_players: int,
        seed: int,
        options: BaseModel | dict[str, Any] | None = None,
        match_options: MatchOptions | dict[str, Any] | None = None,
    ):
        if not isinstance(spec, GameSpec):
            raise OptionsError(f"a match needs a GameSpec, not {type(spec).__name__} (cekidesk.games.get_game)")
        self.spec: GameSpec = spec
        game_id = spec.id
        self.spec.check_players(n_players)
        self.options = self.spec.make_options(options)
        if isinstance(match_options, MatchOptions):
            self.match_options = match_options
        else:
            try:
                self.match_options = MatchOptions.model_validate(match_options or {})
            except Exception as exc:  # pydantic.ValidationError
                raise OptionsError(f"match options are not valid: {exc}") from None
        if self.match_options.mode not in self.spec.match_modes:
            raise OptionsError(f"{game_id} does not offer the match mode {self.match_options.mode!r}")
        self.n_players = n_players
        self.seed = seed
        self.rng = random.Random(seed)
        self.scores = [0] * n_players
        self.ledger = [0] * n_players  # cents won (+) or lost (−) so far
        self.pot = 0  # cents in the middle, carried between hands (games with ``carries_pot``)
        self.history: list[HandRecord] = []
        self.logs: list[list[Action]] = []
        self.dealer = self.rng.randrange(n_players)
        self.state: GameState
        self._start_hand()

    # -- hands ------------------------------------------------------------------------------
    def _start_hand(self) -> None:
        self.hand_seed = self.rng.randrange(2**62)
        self.state = self.spec.new_hand(self.options, self.n_players, self.hand_seed, self.dealer)
        self.logs.append([])
        #: The latest events of the current hand's actions, secrets included (the deal's events are
        #: the state's ``deal_events``).  Loading a save replays every action through :meth:`apply`,
        #: so the window's game log takes them from here instead of replaying the hand a second
        #: time; a very long hand keeps only its last :attr:`EVENTS_KEPT`, and
        #: :attr:`hand_events_dropped` counts the ones left out.
        self.hand_events: deque[Event] = deque(maxlen=self.EVENTS_KEPT)
        self.hand_events_dropped = 0

    @property
    def hand_index(self) -> int:
        return len(self.logs) - 1

    def apply(self, action: Action) -> list[Event]:
        """Play an action in the current hand (checked).  Settles the hand when it ends."""
        events = self.state.apply(action)
        self.logs[-1].append(action)
        self.hand_events_dropped += max(0, len(self.hand_events) + len(events) - self.EVENTS_KEPT)
        self.hand_events.extend(events)
        if self.state.is_terminal():
            self._settle()
        return events

    def _settle(self) -> None:
        result = self.state.result()
        stake = self.match_options.stake_cents
        if self.spec.carries_pot:
            out = self.spec.settle(result, self.options, stake, pot=self.pot)
        else:
            out = self.spec.settle(result, self.options, stake)
        settlement = normalise_settlement(out, self.pot, self.n_players)
        for p in range(self.n_players):
            self.scores[p] += result.points[p]
            self.ledger[p] += settlement.payments[p]
        self.pot = settlement.pot
        self.history.append(HandRecord(self.hand_index, self.dealer, self.hand_seed, result,
                                       settlement.payments, settlement.pot, settlement.items))

    def hand_over(self) -> bool:
        return self.state.is_terminal()

    def is_over(self) -> bool:
        if not self.state.is_terminal():
            return False
        mo = self.match_options
        if mo.mode == "target":
            return max(self.scores) >= mo.target
        if mo.mode == "hands":
            return len(self.history) >= mo.hands
        return False

    def next_hand(self) -> None:
        if not self.state.is_terminal():
            raise GameOverError("the current hand is not over yet")
        if self.is_over():
            raise GameOverError("the match is over")
        self.dealer = self.spec.next_dealer(self.history[-1].result, self.dealer, self.n_players)
        self._start_hand()

    def standings(self) -> list[int]:
        """Seats from first to last place (by score, then by money; ties keep seat order)."""
        return sorted(range(self.n_players), key=lambda p: (-self.scores[p], -self.ledger[p], p))

    def winners(self) -> tuple[int, ...]:
        """The match winners once it is over: everyone tied on the top score."""
        if not self.is_over():
            return ()
        top = max(self.scores)
        return tuple(p for p in range(self.n_players) if self.scores[p] == top)


def normalise_settlement(out: "Settlement | tuple[int, ...] | list[int]", pot_before: int,
                         n_players: int) -> Settlement:
    """A game's ``settle`` answer as a :class:`Settlement`: a bare tuple of payments leaves the pot
    as it was.  Checks one payment per seat, a pot that is never negative and that no money is made
    or lost: ``sum(payments) + (pot after − pot before) == 0``."""
    if isinstance(out, Settlement):
        s = Settlement(tuple(out.payments), out.pot, tuple(out.items))
    else:
        s = Settlement(tuple(out), pot_before, ())
    if len(s.payments) != n_players:
        raise EngineError(f"settle gave {len(s.payments)} payments for {n_players} players")
    if s.pot < 0:
        raise EngineError(f"settle left a negative pot ({s.pot})")
    if sum(s.payments) + (s.pot - pot_before) != 0:
        raise EngineError(f"settle made or lost money: payments {s.payments}, pot {pot_before} -> {s.pot}")
    return s
