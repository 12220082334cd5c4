"""The game log: every public event of the hand, in words, in a dock beside the table.

:func:`describe_event` turns one engine event (as the human seat sees it: their own secret draws
included, other players' hidden) into a sentence — the game's UI module (:mod:`cekidesk.ui.games`)
knows the words; :class:`GameLogDock` lists them.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QListWidget, QListWidgetItem, QWidget

from cekidesk.engine.core import Event

from . import names
from .games.base import game_ui, seat_name as _seat_name


def seat_name(seat: int | None, seat_names: Sequence[str], human_seat: int) -> str:
    return _seat_name(seat, seat_names)


def describe_event(event: Event, seat_names: Sequence[str], human_seat: int, game_id: str,
                   namer: Callable[[Any], str] | None = None) -> str | None:
    """One sentence for ``event`` of the game ``game_id`` (by the game's UI module), or None for
    events that say nothing to a player.  Card names are given by ``namer`` (the player's chosen
    form; default: the English name)."""
    return game_ui(game_id).describe_event(event, seat_names, human_seat, namer or names.card_name)


def is_important(event: Event, game_id: str) -> bool:
    return event.type in game_ui(game_id).important_events


class GameLogDock(QDockWidget):
    """A dock listing the log lines, newest at the bottom, with a heading per hand."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(self.tr("Game log"), parent)
        self.setObjectName("gameLogDock")
        # the title bar is as tall as a Latin line; aksara Jawa needs more room above and below
        self.setStyleSheet("QDockWidget::title { padding-top: 5px; padding-bottom: 5px; }")
        self.list = QListWidget(self)
        self.list.setObjectName("gameLogList")
        self.list.setWordWrap(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.list.setAlternatingRowColors(True)
        self.setWidget(self.list)
        self.setMinimumWidth(230)
        self.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
                             | Qt.DockWidgetArea.BottomDockWidgetArea)
        self.max_lines = 2000

    def clear(self) -> None:
        self.list.clear()

    def heading(self, text: str) -> None:
        item = QListWidgetItem(text)
        f = QFont(self.list.font())
        f.setBold(True)
        item.setFont(f)
        self._append(item)

    def add_line(self, text: str, important: bool = False) -> None:
        item = QListWidgetItem(text)
        if important:
            f = QFont(self.list.font())
            f.setBold(True)
            item.setFont(f)
            item.setForeground(QColor("#8a1c10"))
        self._append(item)

    def add_events(self, events: Sequence[Event], seat_names: Sequence[str], human_seat: int, game_id: str,
                   namer: Callable[[Any], str] | None = None) -> None:
        for e in events:
            line = describe_event(e, seat_names, human_seat, game_id, namer)
            if line:
                self.add_line(line, is_important(e, game_id))

    def lines(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def _append(self, item: QListWidgetItem) -> None:
        self.list.addItem(item)
        while self.list.count() > self.max_lines:
            self.list.takeItem(0)
        self.list.scrollToBottom()


def describe_all(events: Sequence[Event], seat_names: Sequence[str], human_seat: int, game_id: str,
                 namer: Callable[[Any], str] | None = None) -> list[str]:
    out: list[str] = []
    for e in events:
        line = describe_event(e, seat_names, human_seat, game_id, namer)
        if line:
            out.append(line)
    return out


__all__ = ["GameLogDock", "describe_all", "describe_event", "is_important", "seat_name"]
