"""What a feature of the main window may ask of the window, and how a change reaches every feature.

The window (:class:`~cekidesk.ui.main_window.MainWindow`) is composed of features (menus and toolbar,
the table's feed, the game log, hints, the end of a hand, hand-over, undo, history, lessons,
statistics, files, the other dialogs).  A feature is given the window as a :class:`WindowInterface`
and talks only to it and to the controller's public API (``window.controller``); what one feature
needs of another the window hands it when it builds it (a bound method, a callable), so no feature
imports another or the window.

One channel: the window listens to the controller's ``changes`` signal only.  Every
:class:`~cekidesk.session.changes.Changes` the session hands out arrives there, and the window
(:meth:`MainWindow.on_changes <cekidesk.ui.main_window.MainWindow.on_changes>`) hands each of its steps,
in order, to :meth:`WindowInterface.on_changed` as a :class:`Change` (the change set and that step,
nothing copied), which gives it to each feature's :meth:`Feature.on_changed` in the window's order
and then refreshes the window once (:meth:`WindowInterface.refresh`, each feature's
:meth:`Feature.refresh`).  A feature draws what it shows from the change set (the viewer's view, the
step's events, whether the table is screened, who is passed to, whether the match was rewound), not
from the controller's older signals, which the window does not hear.
"""
from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from PySide6.QtCore import QObject

from cekidesk.engine.core import Event, View
from cekidesk.session import (
    AutosaveRestored,
    Changes,
    HandEnded,
    HintReady,
    MatchEnded,
    PausedChanged,
    Played,
    Problem,
    ReplayEnded,
    ReplayFrame,
    ScreenChanged,
    Started,
    StatisticsRecorded,
    Step,
    Thinking,
)

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QKeySequence
    from PySide6.QtWidgets import QMainWindow

    from cekidesk.persistence.settings import Settings

    from ..adapters.controller import GameController
    from ..games import DealWords
    from ..table import TableWidget
    from .gamelog import GameLogDock, Namer

#: what kind of change reached the window (the kind of the session's step):
#: ``started`` a new or opened match, the next hand, a position rebuilt by undo/redo/restart
#: (:attr:`Change.rewound`); ``moved`` a move was played (``events`` as the table shows them,
#: ``logged`` as the log words them); ``hand_ended`` / ``match_ended`` the hand (the match) on the
#: table is over; ``thinking`` computer player ``seat`` (−1: none) thinks; ``paused`` the computer
#: players were paused or let go on; ``screen`` the table was hidden between two people's turns or
#: shown to the next one; ``problem`` something went wrong (``Problem``); ``autosave_restored``
#: automatic saving works again; ``hint`` the hint asked for is ready (``HintReady``);
#: ``replay_frame`` / ``replay_ended`` a position of the replay of the last round, its end;
#: ``statistics`` a finished hand went into the statistics
ChangeKind = Literal["started", "moved", "hand_ended", "match_ended", "thinking", "paused", "screen", "problem",
                     "autosave_restored", "hint", "replay_frame", "replay_ended", "statistics"]

_KINDS: dict[type, ChangeKind] = {
    Started: "started", Played: "moved", HandEnded: "hand_ended", MatchEnded: "match_ended", Thinking: "thinking",
    PausedChanged: "paused", ScreenChanged: "screen", Problem: "problem", AutosaveRestored: "autosave_restored",
    HintReady: "hint", ReplayFrame: "replay_frame", ReplayEnded: "replay_ended", StatisticsRecorded: "statistics"}


@dataclass(frozen=True)
class Change:
    """One step of the session's change set, as every feature of the window hears it: ``changes``
    (the whole set: the state after the operation) and ``step`` (the one told now).  The properties
    only read the two."""

    changes: Changes
    step: Step

    @classmethod
    def of(cls, step: Step) -> Change:
        """A change set of one step, and that step (as a test makes one)."""
        return cls(Changes(True, (step,)), step)

    @property
    def kind(self) -> ChangeKind:
        return _KINDS[type(self.step)]

    @property
    def events(self) -> tuple[Event, ...]:
        """A move's events as the table shows them (a replay's frame: the events that led to it)."""
        return self.step.events if isinstance(self.step, (Played, ReplayFrame)) else ()

    @property
    def logged(self) -> tuple[Event, ...]:
        """A move's events as the game log words them."""
        return self.step.log_events if isinstance(self.step, Played) else ()

    @property
    def seat(self) -> int:
        """The computer player thinking (−1: none, or not a ``thinking`` change)."""
        return self.step.seat if isinstance(self.step, Thinking) else -1

    @property
    def rewound(self) -> bool:
        """A ``started`` change rebuilt the match (an undo, a redo, a restart of the deal)."""
        return isinstance(self.step, Started) and self.step.rewound

    @property
    def view(self) -> View:
        """The view the table shows: a replay's frame, else the viewer's after the operation (a
        change set carries it when the position changed or is shown anew: ``started``, ``moved``,
        ``screen``)."""
        if isinstance(self.step, ReplayFrame):
            return self.step.view
        seen = self.changes.seat(self.changes.viewer)
        assert seen is not None, f"the change set of a {self.kind} change carries no view of the viewer"
        return seen.view


class Feature(QObject):
    """A part of the window.  Every hook does nothing unless a feature needs it."""

    def on_changed(self, change: Change) -> None:
        """Something changed (before the window refreshes)."""

    def refresh(self) -> None:
        """Bring what the feature shows up to date (the window's refresh, after every change)."""

    def retranslate(self) -> None:
        """The language changed: the feature's words again."""

    def apply_settings(self) -> None:
        """The settings changed (or a match started: the card names of its tradition)."""

    def close(self) -> None:
        """The window closes: close what the feature opened."""


#: what an action calls when triggered (with or without its checked state)
Slot0 = Callable[[], object] | Callable[[bool], object]


class WindowInterface(Protocol):
    """The window as its features see it (implemented by :class:`~cekidesk.ui.main_window.MainWindow`)."""

    @property
    def controller(self) -> GameController: ...
    @property
    def table(self) -> TableWidget: ...
    @property
    def log_dock(self) -> GameLogDock: ...
    @property
    def settings(self) -> Settings: ...

    def widget(self) -> QMainWindow:
        """The Qt window: the parent of the features' dialogs, bars and shortcuts."""
        ...

    def add_action(self, text: str, slot: Slot0, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                   name: str = "") -> QAction:
        """A window-wide action (its key works with the menu bar hidden too), named ``name``."""
        ...

    def on_changed(self, change: Change) -> None:
        """The one entry of a change: every feature hears it, then the window refreshes."""
        ...

    def refresh(self) -> None:
        """The status line, the title and every feature's commands brought up to date."""
        ...

    def set_status(self, text: str) -> None:
        """Put ``text`` on the status line (until the next refresh)."""
        ...

    def seat_names(self) -> list[str]:
        """The names shown for the seats of the game on the table."""
        ...

    def you(self) -> int:
        """The seat the window's texts call "you" (−1 with several people: every seat is named)."""
        ...

    def card_namer(self) -> Namer:
        """Card names in the player's form and the game's tradition."""
        ...

    def deal_words(self) -> DealWords:
        """What the game on the table calls a deal."""
        ...

    def held(self) -> AbstractContextManager[None]:
        """The computer players wait meanwhile (while the player is asked something)."""
        ...

    def give_table_the_keyboard(self) -> None:
        """The window active and the keyboard on the table (unless a modal dialog is open)."""
        ...

    def save_settings(self) -> None:
        """Write the settings (a failure is told once)."""
        ...
