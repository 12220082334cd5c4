"""What a feature of the main window may ask of the window, and how a change reaches every feature.

The window (:class:`~cekidesk.ui.main_window.MainWindow`) is composed of features (menus and toolbar,
the table's feed, the game log, hints, the end of a hand, hand-over, undo, history, lessons,
statistics, files, the other dialogs).  A feature is given the window as a :class:`WindowInterface`
and talks only to it and to the controller's public API (``window.controller``); what one feature
needs of another the window hands it when it builds it (a bound method, a callable), so no feature
imports another or the window.

One channel: every change of the game reaches the window's :meth:`WindowInterface.on_changed` as a
:class:`Change`, which hands it to each feature's :meth:`Feature.on_changed` in the window's order
and then refreshes the window once (:meth:`WindowInterface.refresh`, each feature's
:meth:`Feature.refresh`).  Today the window makes the :class:`Change` from the controller's signals
(``started``, ``changed`` with ``logged_events``, ``handEnded``, ``thinking``, ``pausedChanged``,
``screenChanged``) in one place, ``MainWindow._connect_controller``; the session's change set will
be turned into a :class:`Change` there instead.
"""
from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QKeySequence
    from PySide6.QtWidgets import QMainWindow

    from cekidesk.engine.core import Event
    from cekidesk.persistence.settings import Settings

    from ..controller import GameController
    from ..gamelog import GameLogDock, Namer
    from ..games import DealWords
    from ..table import TableWidget

#: what kind of change reached the window:
#: ``started`` a new or opened match, the next hand, a position rebuilt by undo/redo/restart;
#: ``moved`` moves were played (``events`` as the table shows them, ``logged`` as the log words them);
#: ``hand_ended`` the hand on the table is over; ``thinking`` computer player ``seat`` (−1: none) thinks;
#: ``paused`` the computer players were paused or let go on; ``screen`` the table was hidden between
#: two people's turns or shown to the next one
ChangeKind = Literal["started", "moved", "hand_ended", "thinking", "paused", "screen"]


@dataclass(frozen=True)
class Change:
    """One change of the game, as every feature of the window hears it."""

    kind: ChangeKind
    events: tuple[Event, ...] = ()
    logged: tuple[Event, ...] = ()
    seat: int = -1


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
