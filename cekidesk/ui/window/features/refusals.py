"""A key the table refuses gets an answer: Enter (or Space) while it is the person's turn and no card
is chosen says on the status line what to choose — the table ignores such a key, which looked like
a dead keyboard."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent

from ..interface import Feature, WindowInterface

# the keys that play the card chosen
PLAY_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


class Refusals(Feature):
    """Watches the table's keys (an event filter: the table itself is left as it is).  The window
    hands it the status line's text for the position (``turn_text``: what the person may do now)."""

    def __init__(self, window: WindowInterface, turn_text: Callable[[], str]):
        super().__init__(window.widget())
        self.window, self.turn_text = window, turn_text
        window.table.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and not event.isAutoRepeat() \
                and event.key() in PLAY_KEYS and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            text = self.what_to_choose()
            if text:
                self.window.set_status(text)
        return False    # the table goes on as it would

    def what_to_choose(self) -> str:
        """What the person must choose before Enter plays ("" when Enter plays something now, or it
        is not the person's turn)."""
        t = self.window.table
        view, plan = t.current_view(), t.plan()
        if view is None or plan is None or not view.legal or t.is_blank() or t.selected_card() is not None \
                or t.celebrating() or not self.window.controller.waiting_for_human():
            return ""
        return QCoreApplication.translate(
            "MainWindow", "Nothing is chosen yet (the arrow keys, Tab or a click choose). {turn}").format(
            turn=self.turn_text())
