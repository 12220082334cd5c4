"""The game log: every public event of the hand, in words, in a dock beside the table.

:func:`describe_event` turns one engine event (as the human seat sees it: their own secret draws
included, other players' hidden) into a sentence; :class:`GameLogDock` lists them.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QListWidget, QListWidgetItem, QWidget

from cekidesk.engine.core import Event

from . import names


#: Events shown in bold in the log (calls, wins, the end of the stock).
IMPORTANT = frozenset({"call", "win", "exhausted"})


def _t(text: str) -> str:
    return QCoreApplication.translate("GameLog", text)


def seat_name(seat: int | None, seat_names: Sequence[str], human_seat: int) -> str:
    if seat is None or not 0 <= seat < len(seat_names):
        return _t("Somebody")
    return seat_names[seat]


def describe_event(event: Event, seat_names: Sequence[str], human_seat: int) -> str | None:
    """One sentence for ``event``, or None for events that say nothing to a player."""
    p = event.player
    d = event.data
    you = p is not None and p == human_seat
    who = seat_name(p, seat_names, human_seat)
    t = event.type
    if t == "deal":
        cards = d.get("cards")
        if you and cards:
            return _t("You are dealt {cards}.").format(cards=names.card_list(sorted(cards, key=names.by_value)))
        return _t("{name} is dealt {n} cards.").format(name=who, n=d.get("count", "?"))
    if t == "draw":
        card = d.get("card")
        if you and card:
            return _t("You draw {card}.").format(card=names.card_name(card))
        return _t("{name} draws from the stock.").format(name=who)
    if t == "take":
        card = names.card_name(d.get("card"))
        if you:
            return _t("You take {card}.").format(card=card)
        return _t("{name} takes {card}.").format(name=who, card=card)
    if t == "discard":
        card = names.card_name(d.get("card"))
        if d.get("fresh"):
            if you:
                return _t("You discard {card} (just drawn).").format(card=card)
            return _t("{name} discards {card} (just drawn).").format(name=who, card=card)
        if you:
            return _t("You discard {card}.").format(card=card)
        return _t("{name} discards {card}.").format(name=who, card=card)
    if t == "call":
        n = d.get("facedown", 0)
        cards = d.get("cards")
        if you and cards:
            return _t("You call ceki! Face-down: {cards}. You wait for one more of the {value}.").format(
                cards=names.card_list(cards), value=names.value_name(cards[0]))
        return _t("{name} calls ceki! ({n} cards face-down)").format(name=who, n=n)
    if t == "win":
        kind = d.get("win_kind", "")
        args = dict(name=who, card=names.card_name(d.get("card")), mult=d.get("multiplier", 1),
                    kind=names.win_kind_name(kind), base=d.get("base", 0), score=d.get("score", 0))
        if you:
            return _t("You win with {card}: ×{mult} ({kind}), {base} × {mult} = {score} points!").format(**args)
        return _t("{name} wins with {card}: ×{mult} ({kind}), {base} × {mult} = {score} points.").format(**args)
    if t == "exhausted":
        return _t("The stock is empty: the hand is drawn.")
    # An event of a game this module does not know yet: say at least who did something.
    return _t("{name}: {what}").format(name=who, what=t.replace("_", " "))


class GameLogDock(QDockWidget):
    """A dock listing the log lines, newest at the bottom, with a heading per hand."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(self.tr("Game log"), parent)
        self.setObjectName("gameLogDock")
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

    def add_events(self, events: Sequence[Event], seat_names: Sequence[str], human_seat: int) -> None:
        for e in events:
            line = describe_event(e, seat_names, human_seat)
            if line:
                self.add_line(line, e.type in IMPORTANT)

    def lines(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def _append(self, item: QListWidgetItem) -> None:
        self.list.addItem(item)
        while self.list.count() > self.max_lines:
            self.list.takeItem(0)
        self.list.scrollToBottom()


def describe_all(events: Sequence[Event], seat_names: Sequence[str], human_seat: int) -> list[str]:
    out: list[str] = []
    for e in events:
        line = describe_event(e, seat_names, human_seat)
        if line:
            out.append(line)
    return out


__all__ = ["GameLogDock", "describe_all", "describe_event", "seat_name"]
