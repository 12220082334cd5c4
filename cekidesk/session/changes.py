"""What an operation of the session changed: one immutable :class:`Changes` per operation.

An operation (:meth:`~cekidesk.session.session.Session.play`, ``undo``, a computer player's move
arriving, …) returns, or hands to the session's listener, one :class:`Changes`: the steps that
happened, in order (:data:`Step`: a match put on the table, a move played, a hand ended, a
computer player thinking, …), and the state after it that a window draws from (each watching
seat's view, whose turn, what may be undone, …).  Nothing in it is secret to a seat it is not
meant for: every event is given as its seat (or the game log's reader) may see it
(:meth:`cekidesk.engine.core.Event.for_viewer`), the way Anki's collection operations return
``OpChanges``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from cekidesk.engine.bot import Decision
from cekidesk.engine.core import Event, View


@dataclass(frozen=True)
class Started:
    """A match or a hand was put on the table: a new one, an opened one, the next hand, or
    (``rewound``) the match rebuilt by an undo, a redo or a restart of the deal."""

    rewound: bool = False


@dataclass(frozen=True)
class Played:
    """A move was played by ``seat``: ``events`` as the table's viewer may see them, ``log_events`` as
    the game log may show them (the secrets of :attr:`Changes.log_viewer` only)."""

    seat: int
    events: tuple[Event, ...]
    log_events: tuple[Event, ...]


@dataclass(frozen=True)
class HandEnded:
    """The hand's last move was played (may come again for the same hand after an undo and a redo)."""


@dataclass(frozen=True)
class MatchEnded:
    """The match's last hand ended."""


@dataclass(frozen=True)
class Thinking:
    """A computer player started thinking (``seat``), or nobody thinks now (−1)."""

    seat: int


@dataclass(frozen=True)
class Problem:
    """Something to tell the player: ``code`` is ``bot_failed``, ``bot_illegal`` (``detail`` starts
    "seat <n>: "), ``autosave_failed`` or ``save_damaged`` (the background check of a save opened
    from its hands' records found records its moves do not give; ``detail``: the sentence)."""

    code: str
    detail: str


@dataclass(frozen=True)
class AutosaveRestored:
    """An autosave worked again after a :class:`Problem` ``autosave_failed``."""


@dataclass(frozen=True)
class HintReady:
    """The hint asked for the position on the table (None: no hint could be found)."""

    decision: Decision | None


@dataclass(frozen=True)
class PausedChanged:
    paused: bool


@dataclass(frozen=True)
class ReplayFrame:
    """One position of the replay of the last round, as the viewer saw it, with the events that led to it."""

    view: View
    events: tuple[Event, ...]


@dataclass(frozen=True)
class ReplayEnded:
    """The replay of the last round is over: the live position is the table's again."""


@dataclass(frozen=True)
class ScreenChanged:
    """Several people at one computer: what the table shows changed (``screened``: it hides every
    hand; ``passing_to``: the person asked to sit down; ``viewer``: whose view it shows)."""

    viewer: int
    screened: bool
    passing_to: int | None


@dataclass(frozen=True)
class StatisticsRecorded:
    """A finished hand went into the player's statistics (``error``: the file could not be written)."""

    error: str = ""


S = TypeVar("S")

Step = (Started | Played | HandEnded | MatchEnded | Thinking | Problem | AutosaveRestored | HintReady
        | PausedChanged | ReplayFrame | ReplayEnded | ScreenChanged | StatisticsRecorded)


@dataclass(frozen=True)
class SeatView:
    """A watching seat after the operation: its ``view`` (a lesson's narrowed for the person taught)
    and the operation's ``events`` as that seat may see them."""

    seat: int
    view: View
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Changes:
    """One operation's result: ``done`` (the operation was accepted: a legal move, an undo that
    could be made…), its ``steps`` in order, and the session's state after it."""

    done: bool
    steps: tuple[Step, ...] = ()
    #: each watching seat's view and events, when the position changed (a move, a match or hand put on
    #: the table) or is shown anew (the screen between two people changed); empty else
    views: tuple[SeatView, ...] = ()
    #: the moves' events as a spectator sees them (no secret at all): a table server's spectators
    public_events: tuple[Event, ...] = ()
    #: the seat whose view the table shows (``human_seat``), and whose secrets the game log may show
    #: (None: several people share the screen)
    viewer: int = 0
    log_viewer: int | None = None
    #: the match's standings (points or money by seat), and who is to act now
    standings: tuple[int, ...] = ()
    to_act: tuple[int, ...] = ()
    waiting_for_human: bool = False
    can_undo: bool = False
    can_redo: bool = False
    can_restart: bool = False
    can_replay: bool = False
    paused: bool = False
    replaying: bool = False
    screened: bool = False
    passing_to: int | None = None
    hint_pending: bool = False

    def of(self, kind: type[S]) -> tuple[S, ...]:
        """The steps of one kind, in order."""
        return tuple(s for s in self.steps if isinstance(s, kind))

    def seat(self, seat: int) -> SeatView | None:
        """The watching seat's view and events (None: not watching, or the position did not change)."""
        return next((v for v in self.views if v.seat == seat), None)

    @property
    def started(self) -> bool:
        return bool(self.of(Started))

    @property
    def rewound(self) -> bool:
        return any(s.rewound for s in self.of(Started))

    @property
    def played(self) -> bool:
        return bool(self.of(Played))

    @property
    def hand_ended(self) -> bool:
        return bool(self.of(HandEnded))

    @property
    def match_ended(self) -> bool:
        return bool(self.of(MatchEnded))

    @property
    def thinking(self) -> int | None:
        """The seat thinking after the operation (−1: nobody); None: not told in it."""
        told = self.of(Thinking)
        return told[-1].seat if told else None

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.of(Problem)

    @property
    def hint_ready(self) -> bool:
        return bool(self.of(HintReady))

    @property
    def hint(self) -> Decision | None:
        told = self.of(HintReady)
        return told[-1].decision if told else None

    @property
    def paused_changed(self) -> bool:
        return bool(self.of(PausedChanged))

    @property
    def replay_frames(self) -> tuple[ReplayFrame, ...]:
        return self.of(ReplayFrame)

    @property
    def replay_ended(self) -> bool:
        return bool(self.of(ReplayEnded))

    @property
    def screen_changed(self) -> bool:
        return bool(self.of(ScreenChanged))

    @property
    def log_events(self) -> tuple[Event, ...]:
        """The operation's events as the game log may show them."""
        return tuple(e for s in self.of(Played) for e in s.log_events)


__all__ = ["AutosaveRestored", "Changes", "HandEnded", "HintReady", "MatchEnded", "PausedChanged", "Played",
           "Problem", "ReplayEnded", "ReplayFrame", "ScreenChanged", "SeatView", "Started", "StatisticsRecorded",
           "Step", "Thinking"]
