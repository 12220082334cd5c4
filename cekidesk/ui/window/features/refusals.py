"""A click or key the table refuses gets an answer, never silence:

* Enter (or Space) while it is the person's turn and no card is chosen says on the status line what
  to choose — a card (the arrow keys, Tab or a click) or, when the decision is not a card, one of
  the buttons (Tab reaches them) — with what the turn asks;
* a click on a card of the person's hand or of a pile that plays nothing now, or Enter on such a
  chosen card, shakes the card (the table does that: ``TableWidget.refused``) and says why on the
  status line: the layout's reason when it has one (Ceki: "you took it from the pile this turn"),
  else that the card cannot be played now, with what the turn asks — or that it is not the
  person's turn yet.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent

from cekidesk.engine.core import CardLike

from ..interface import Feature, WindowInterface

# the keys that play the card chosen
PLAY_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


class Refusals(Feature):
    """Watches the table's keys (an event filter: the table itself is left as it is) and hears its
    refused cards.  The window hands it the status line's text for the position (``turn_text``:
    what the person may do now)."""

    def __init__(self, window: WindowInterface, turn_text: Callable[[], str]):
        super().__init__(window.widget())
        self.window, self.turn_text = window, turn_text
        window.table.installEventFilter(self)
        window.table.refused.connect(self.card_refused)
        self.said = ""   # the last answer given (for tests and the screen reader's announcement)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and not event.isAutoRepeat() \
                and event.key() in PLAY_KEYS and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            text = self.what_to_choose()
            if text:
                self._say(text)
        return False    # the table goes on as it would

    def _say(self, text: str) -> None:
        self.said = text
        self.window.set_status(text)

    def what_to_choose(self) -> str:
        """What the person must choose before Enter plays ("" when Enter plays something now, or it
        is not the person's turn)."""
        t = self.window.table
        view, plan = t.current_view(), t.plan()
        if view is None or plan is None or not (view.legal or view.ranges) or t.is_blank() \
                or t.selected_card() is not None or t.celebrating() or not self.window.controller.waiting_for_human():
            return ""
        if any(it.action is not None or it.opens for it in t.card_items()):
            return QCoreApplication.translate(
                "MainWindow", "Nothing is chosen yet (the arrow keys, Tab or a click choose). {turn}").format(
                turn=self.turn_text())
        return QCoreApplication.translate(
            "Refusals", "Nothing is chosen yet: choose with the buttons (Tab reaches them, or click one). {turn}"
        ).format(turn=self.turn_text())

    def card_refused(self, kind: CardLike | None, why: str) -> None:
        """The table refused a click or Enter on the card ``kind`` (None: a back); ``why`` is the
        layout's reason ("" if it has none).  Say so on the status line."""
        turn = self.turn_text()
        if not self.window.controller.waiting_for_human():
            text = QCoreApplication.translate("Refusals", "Not your turn yet. {turn}").format(turn=turn)
        elif why:
            text = f"{why} {turn}"
        elif kind is not None:
            text = QCoreApplication.translate("Refusals", "The {card} cannot be played now. {turn}").format(
                card=self.window.card_namer()(kind), turn=turn)
        else:
            text = QCoreApplication.translate("Refusals", "That card cannot be played now. {turn}").format(turn=turn)
        self._say(text)
