"""The game log: every public event of the hand, in words, in a dock beside the table.

:func:`describe_event` turns one engine event (as the human seat sees it: their own secret draws
included, other players' hidden) into a sentence; :class:`GameLogDock` lists them.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QListWidget, QListWidgetItem, QWidget

from cekidesk.engine.core import Event

from . import names


#: Events shown in bold in the log (calls, wins, the end of the stock).
IMPORTANT = frozenset({"call", "win", "exhausted"})


def seat_name(seat: int | None, seat_names: Sequence[str], human_seat: int) -> str:
    if seat is None or not 0 <= seat < len(seat_names):
        return QCoreApplication.translate("GameLog", "Somebody")
    return seat_names[seat]


# Sentence templates, by (event type, the human did it, variant).  Marked for translation here and
# translated when used; the placeholders are filled in by name.
_TEMPLATES: dict[tuple[str, bool, str], str] = {
    ("deal", True, ""): QT_TRANSLATE_NOOP("GameLog", "You are dealt {cards}."),
    ("deal", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} is dealt {n} cards."),
    ("draw", True, ""): QT_TRANSLATE_NOOP("GameLog", "You draw {card}."),
    ("draw", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} draws from the stock."),
    ("take", True, ""): QT_TRANSLATE_NOOP("GameLog", "You take {card}."),
    ("take", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} takes {card}."),
    ("discard", True, ""): QT_TRANSLATE_NOOP("GameLog", "You discard {card}."),
    ("discard", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} discards {card}."),
    ("discard", True, "fresh"): QT_TRANSLATE_NOOP("GameLog", "You discard {card} (just drawn)."),
    ("discard", False, "fresh"): QT_TRANSLATE_NOOP("GameLog", "{name} discards {card} (just drawn)."),
    ("call", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You call ceki! Face-down: {cards}. You wait for one more of the {value}."),
    ("call", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} calls ceki! ({n} cards face-down)"),
    ("win", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You win with {card}: ×{mult} ({kind}), {base} × {mult} = {score} points!"),
    ("win", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{name} wins with {card}: ×{mult} ({kind}), {base} × {mult} = {score} points."),
    ("exhausted", False, ""): QT_TRANSLATE_NOOP("GameLog", "The stock is empty: the hand is drawn."),
    ("unknown", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name}: {what}"),
}


def _say(key: tuple[str, bool, str], **values: object) -> str:
    return QCoreApplication.translate("GameLog", _TEMPLATES[key]).format(**values)


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
            return _say(("deal", True, ""), cards=names.card_list(sorted(cards, key=names.by_value)))
        return _say(("deal", False, ""), name=who, n=d.get("count", "?"))
    if t == "draw":
        card = d.get("card")
        if you and card:
            return _say(("draw", True, ""), card=names.card_name(card))
        return _say(("draw", False, ""), name=who)
    if t in ("take", "discard"):
        variant = "fresh" if t == "discard" and d.get("fresh") else ""
        return _say((t, you, variant), name=who, card=names.card_name(d.get("card")))
    if t == "call":
        cards = d.get("cards")
        if you and cards:
            return _say(("call", True, ""), cards=names.card_list(cards), value=names.value_name(cards[0]))
        return _say(("call", False, ""), name=who, n=d.get("facedown", 0))
    if t == "win":
        return _say(("win", you, ""), name=who, card=names.card_name(d.get("card")), mult=d.get("multiplier", 1),
                    kind=names.win_kind_name(d.get("win_kind", "")), base=d.get("base", 0),
                    score=d.get("score", 0))
    if t == "exhausted":
        return _say(("exhausted", False, ""))
    # An event of a game this module does not know yet: say at least who did something.
    return _say(("unknown", False, ""), name=who, what=t.replace("_", " "))


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
