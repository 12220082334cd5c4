"""The match layer: a sequence of hands of one game, with dealer rotation, cumulative scores, a
stakes ledger in cents and the end condition the players chose.

A match is fully determined by (game id, options, match options, player count, seed, the actions of
each hand): the match RNG chooses the first dealer and each hand's seed, so replaying the action log
rebuilds the same match.
"""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence

from pydantic import BaseModel

from .compact import MatchLogs
from .game import AnyGame, Game, Payout
from .protocol import (
    Action,
    EngineError,
    Event,
    GameOverError,
    GameState,
    OptionsError,
    Settlement,
)
from .records import GENERIC_MODES, HandRecord, HandStart, MatchEnding, MatchOptions, MatchSoFar, check_carry


class Match:
    #: How many of the current hand's latest events the match keeps (see :attr:`hand_events`).
    EVENTS_KEPT = 2000

    def __init__(
        self,
        spec: AnyGame,
        n_players: int,
        seed: int,
        options: BaseModel | Mapping[str, object] | None = None,
        match_options: MatchOptions | Mapping[str, object] | None = None,
        first_deal: tuple[int, int] | None = None,
    ):
        if not isinstance(spec, Game):
            raise OptionsError(f"a match needs a Game, not {type(spec).__name__} (cekidesk.games.get_game)")
        #: the game (``spec``: the name it has always had here)
        self.spec: AnyGame = spec
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
        if self.match_options.mode not in offered_modes(self.spec):
            raise OptionsError(f"{game_id} does not offer the match mode {self.match_options.mode!r}")
        self.ending: MatchEnding | None = ending_of(self.spec, self.match_options.mode)
        if self.ending is not None and self.ending.limit_default is not None and self.match_options.limit is None:
            self.match_options = self.match_options.model_copy(update={"limit": self.ending.limit_default})
        self.n_players = n_players
        self.seed = seed
        self.rng = random.Random(seed)
        self.scores = [0] * n_players
        self.ledger = [0] * n_players  # cents won (+) or lost (−) so far
        self.pot = 0  # cents in the middle, carried between hands (games with ``carries_pot``)
        #: what the game carries from hand to hand (``Game.initial_carry``); None without one
        self.carry: object = check_carry(self.spec.initial_carry(n_players, self.options))
        if first_deal is not None:
            self.carry = check_carry(self.spec.first_deal_carry(self.carry))
        self._first_carry = self.carry   # (what the first hand was dealt with: its replay needs it)
        self._ending_winners: tuple[int, ...] | None = None
        self.history: list[HandRecord] = []
        #: each hand's moves: the finished hands' held compactly (:class:`MatchLogs`: ``logs[i]`` reads
        #: like a list of actions), the hand in progress a list
        self.logs = MatchLogs()
        #: how many finished hands :meth:`forget_finished_hands` dropped from the front of ``history``
        #: and ``logs`` (0 for every match a person plays: only the headless simulator forgets)
        self.hands_forgotten = 0
        #: each hand's :class:`HandStart` (the match as the hand was dealt): undo and the opening of a
        #: save replay from the start of one hand, never the whole match
        self.starts: list[HandStart] = []
        self.dealer = self.rng.randrange(n_players)
        #: (hand seed, dealer) of the first hand instead of the ones the seed gives: a match that
        #: plays a deal of another match again ("Play this deal again"); later hands follow the seed
        self.first_deal = first_deal
        if first_deal is not None:
            if not 0 <= first_deal[1] < n_players:
                raise OptionsError(f"the first dealer {first_deal[1]} is not one of the {n_players} seats")
            self.dealer = first_deal[1]
        self.state: GameState
        self._start_hand()

    # -- hands ------------------------------------------------------------------------------
    def _start_hand(self) -> None:
        self.hand_seed = self.rng.randrange(2**62)
        if not self.logs and self.first_deal is not None:
            self.hand_seed = self.first_deal[0]
        hand = self.hands_forgotten + len(self.logs)
        self.starts.append(HandStart(hand, self.dealer, self.hand_seed, hand + 2,
                                     tuple(self.scores), tuple(self.ledger), self.pot, self.carry))
        self.state = self._deal(self.hand_seed, self.dealer, self.carry)
        self.logs.append([])
        #: The latest events of the current hand's actions, secrets included (the deal's events are
        #: the state's ``deal_events``).  Loading a save replays every action through :meth:`apply`,
        #: so the window's game log takes them from here instead of replaying the hand a second
        #: time; a very long hand keeps only its last :attr:`EVENTS_KEPT`, and
        #: :attr:`hand_events_dropped` counts the ones left out.
        self.hand_events: deque[Event] = deque(maxlen=self.EVENTS_KEPT)
        self.hand_events_dropped = 0

    def _deal(self, seed: int, dealer: int, carry: object) -> GameState:
        """A hand's state as it is dealt."""
        return self.spec.new_hand(self.options, self.n_players, seed, dealer, carry=carry)

    def dealt_state(self, index: int) -> GameState:
        """The state finished hand ``index`` started in, dealt again from its record (its seed, its
        dealer, the carry after the hand before it): the engine is deterministic, so playing
        ``logs[index]`` on it replays that hand exactly (the hand history's replay)."""
        if index < self.hands_forgotten:
            raise IndexError(f"hand {index} was forgotten (forget_finished_hands)")
        rec = self.history[index - self.hands_forgotten]
        carry = self.history[index - 1 - self.hands_forgotten].carry if index else self._first_carry
        return self._deal(rec.seed, rec.dealer, carry)

    @property
    def hand_index(self) -> int:
        return self.hands_forgotten + len(self.logs) - 1

    def apply(self, action: Action) -> list[Event]:
        """Play an action in the current hand (checked).  Settles the hand when it ends."""
        events = self.state.apply(action)
        self.logs.current.append(action)
        self.hand_events_dropped += max(0, len(self.hand_events) + len(events) - self.EVENTS_KEPT)
        self.hand_events.extend(events)
        if self.state.is_terminal():
            self._settle()
        return events

    def _settle(self) -> None:
        result = self.state.result()
        stake = self.match_options.stake_cents
        out = self.spec.settle(result, self.options, stake, pot=self.pot, carry=self.carry)
        settlement = normalise_settlement(out, self.pot, self.n_players)
        for p in range(self.n_players):
            self.scores[p] += result.points[p]
            self.ledger[p] += settlement.payments[p]
        self.pot = settlement.pot
        if settlement.carry is not None:
            self.carry = check_carry(settlement.carry)
        self.history.append(HandRecord(self.hand_index, self.dealer, self.hand_seed, result,
                                       settlement.payments, settlement.pot, settlement.items,
                                       self.carry))
        if self.ending is not None:
            self._ending_winners = self.ending.decide(self)

    def hand_over(self) -> bool:
        return self.state.is_terminal()

    def is_over(self) -> bool:
        if not self.state.is_terminal():
            return False
        mo = self.match_options
        if mo.mode == "target":
            return max(self.scores) >= mo.target
        if mo.mode == "hands":
            return self.hands_forgotten + len(self.history) >= mo.hands
        if self.ending is not None:
            return self._ending_winners is not None
        return False

    def next_hand(self) -> None:
        if not self.state.is_terminal():
            raise GameOverError("the current hand is not over yet")
        if self.is_over():
            raise GameOverError("the match is over")
        self.dealer = self.spec.next_dealer(self.history[-1].result, self.dealer, self.n_players)
        self._start_hand()

    def forget_finished_hands(self) -> None:
        """Between two hands, drop the records and action logs of every finished hand but the last
        (which :meth:`next_hand` reads): a headless match of thousands of hands (the simulator) then
        holds what one hand holds.  Scores, money, the pot, the carry and the dealer are kept; the
        forgotten hands can no longer be replayed (:meth:`dealt_state`, :meth:`replayed`,
        :meth:`rewound`: a match that forgot is played on, never rebuilt or saved).  A match a
        person plays never forgets: saves, undo, the hand history and statistics read every hand."""
        if not self.state.is_terminal():
            raise GameOverError("hands are forgotten only between two hands")
        drop = len(self.history) - 1
        if drop > 0:
            del self.history[:drop]
            self.logs.forget(drop)
            del self.starts[:drop]
            self.hands_forgotten += drop

    def replayed(self, logs: Sequence[Sequence[Action]]) -> Match:
        """A new match of the same game, players, seed and options with ``logs`` played in it (one
        list of actions per hand, the last one possibly cut short or empty): the engine is
        deterministic, so the log of this match cut anywhere rebuilds the match exactly as it was
        at that point — an undo is a replay without the log's tail.  The hands ``logs`` shares with
        this match are not played again: the rebuild starts from the :class:`HandStart` of the first
        hand that differs (or the last one), so it costs the hands replayed, not the match.  Raises
        ``EngineError`` if the log is not one this match could have played."""
        if not logs:
            raise EngineError("a match has at least one hand")
        first = 0
        finished = min(len(logs), len(self.logs)) - 1
        while first < finished and logs[first] == self.logs[first]:
            first += 1
        match = self.rewound(first)
        for hi in range(first, len(logs)):
            if hi > first:
                match.next_hand()
            for action in logs[hi]:
                match.apply(action)
        return match

    def rewound(self, hand: int) -> Match:
        """A new match: this one as hand ``hand`` was dealt (no move of it played), rebuilt from the
        hand's :class:`HandStart` — the hands before it are kept, not replayed."""
        if not 0 <= hand < len(self.starts):
            raise EngineError(f"there is no hand {hand + 1} to go back to")
        start = self.starts[hand]
        match = Match.__new__(Match)
        match.__dict__.update(self.__dict__)
        match.history = self.history[:hand]
        match.logs = self.logs.prefix(hand)
        match.starts = self.starts[:hand]
        match.scores, match.ledger = list(start.scores), list(start.ledger)
        match.pot, match.carry, match.dealer = start.pot, start.carry, start.dealer
        match._ending_winners = None
        match.rng = random.Random()
        if hand == self.hand_index:
            match.rng.setstate(self.rng.getstate())   # (it has drawn nothing since this hand's seed)
        else:
            match.rng = match_rng(self.seed, self.n_players, hand + 1)
        match._restart_hand(start)
        return match

    def _restart_hand(self, start: HandStart) -> None:
        """Deal the hand ``start`` describes again (its seed already drawn from :attr:`rng`)."""
        self.hand_seed = start.seed
        self.starts.append(start)
        self.state = self._deal(start.seed, start.dealer, start.carry)
        self.logs.append([])
        self.hand_events = deque(maxlen=self.EVENTS_KEPT)
        self.hand_events_dropped = 0

    @classmethod
    def resumed(cls, spec: AnyGame, n_players: int, seed: int, options: BaseModel | Mapping[str, object] | None,
                match_options: MatchOptions | Mapping[str, object] | None, first_deal: tuple[int, int] | None,
                history: Sequence[HandRecord], logs: Sequence[Sequence[Action]], rng: random.Random,
                hand_seed: int) -> Match:
        """A match rebuilt from its finished hands' records (``history``, one per hand of ``logs``),
        the RNG as it was after the current hand's seed was drawn and that seed, without replaying those
        hands: the start of the current hand (dealer, scores, money, pot, carry) follows from the
        records.  The records are taken as they are — whoever reads them from a file checks them
        (:func:`cekidesk.persistence.saves.document_to_match`).  The current hand is dealt, no move
        of it played."""
        match = cls(spec, n_players, seed, options, match_options, first_deal)
        if len(history) != len(logs):
            raise EngineError("one record per finished hand is needed")
        match.starts, match.logs, match.history = [], MatchLogs(logs), list(history)
        scores, ledger, pot, carry = [0] * n_players, [0] * n_players, 0, match._first_carry
        for i, rec in enumerate(history):
            match.starts.append(HandStart(i, rec.dealer, rec.seed, i + 2, tuple(scores), tuple(ledger), pot, carry))
            for p in range(n_players):
                scores[p] += rec.points[p]
                ledger[p] += rec.payments[p]
            pot, carry = rec.pot, rec.carry
        dealer = match.dealer
        if history:
            dealer = spec.next_dealer(history[-1].result, history[-1].dealer, n_players)
        match.rng = rng
        match.scores, match.ledger, match.pot, match.carry, match.dealer = scores, ledger, pot, carry, dealer
        hand = len(history)
        match._restart_hand(HandStart(hand, dealer, hand_seed, hand + 2, tuple(scores), tuple(ledger), pot, carry))
        return match

    def out_seats(self) -> tuple[int, ...]:
        """The seats out of the match (lives gone …), as the game's carry says; () for most games."""
        return tuple(self.spec.out_seats(self.carry))

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships (seats that win and lose together), or None: everyone plays alone."""
        return self.spec.sides(self.n_players, self.options)

    def standings(self) -> list[int]:
        """Seats from first to last place: the winners of a game's ending first, the seats still in
        before those out, then by score and by money; ties keep seat order."""
        won = self._ending_winners or ()
        out = self.out_seats()
        return sorted(range(self.n_players),
                      key=lambda p: (p not in won, p in out, -self.scores[p], -self.ledger[p], p))

    def winners(self) -> tuple[int, ...]:
        """The match winners once it is over: those the game's ending names, else everyone tied on
        the top score."""
        if not self.is_over():
            return ()
        if self._ending_winners is not None:
            return self._ending_winners
        top = max(self.scores)
        return tuple(p for p in range(self.n_players) if self.scores[p] == top)


def match_rng(seed: int, n_players: int, hands: int) -> random.Random:
    """The RNG of a match of ``seed`` after it drew its first dealer and ``hands`` hand seeds."""
    rng = random.Random(seed)
    rng.randrange(n_players)
    for _ in range(hands):
        rng.randrange(2**62)
    return rng


def offered_modes(spec: AnyGame) -> tuple[str, ...]:
    """Every match mode a game offers: its generic ``match_modes``, then its own endings."""
    return tuple(spec.match_modes) + tuple(e.mode for e in spec.match_endings)


def ending_of(spec: AnyGame, mode: str) -> MatchEnding | None:
    """The game's own ending called ``mode`` (None for the generic modes)."""
    return next((e for e in spec.match_endings if e.mode == mode), None)


def normalise_settlement(out: Payout | list[int], pot_before: int,
                         n_players: int) -> Settlement:
    """A game's ``settle`` answer as a :class:`Settlement`: a bare tuple of payments leaves the pot
    as it was.  Checks one payment per seat, a pot that is never negative and that no money is made
    or lost: ``sum(payments) + (pot after − pot before) == 0``."""
    if isinstance(out, Settlement):
        s = Settlement(tuple(out.payments), out.pot, tuple(out.items), out.carry)
    else:
        s = Settlement(tuple(out), pot_before, ())
    if len(s.payments) != n_players:
        raise EngineError(f"settle gave {len(s.payments)} payments for {n_players} players")
    if s.pot < 0:
        raise EngineError(f"settle left a negative pot ({s.pot})")
    if sum(s.payments) + (s.pot - pot_before) != 0:
        raise EngineError(f"settle made or lost money: payments {s.payments}, pot {pot_before} -> {s.pot}")
    return s


__all__ = ["GENERIC_MODES", "HandRecord", "HandStart", "Match", "MatchEnding", "MatchOptions", "MatchSoFar",
           "check_carry", "ending_of", "match_rng", "normalise_settlement", "offered_modes"]
