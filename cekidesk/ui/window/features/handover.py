"""Several people at one computer: the table hidden between two people's turns, the pass screen over
it (:class:`~cekidesk.ui.window.handover.PassScreen`) naming who is next, and their view once they are ready."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from ..handover import PassScreen
from ..interface import Change, Feature, WindowInterface


class HandOver(Feature):
    """The pass screen (``pass_screen``) and what the status line says while it waits."""

    def __init__(self, window: WindowInterface, thinking_seat: Callable[[], int]):
        super().__init__(window.widget())
        self.window = window
        self.thinking_seat = thinking_seat
        self.pass_screen = PassScreen(window.table)
        self.pass_screen.ready.connect(window.controller.reveal)

    def waiting_text(self) -> str:
        """The status line while the table waits for the next person."""
        who = self.window.controller.passing_to()
        return QCoreApplication.translate("MainWindow", "Waiting for {name}…").format(
            name=self.window.seat_names()[who]) if who is not None else ""

    def on_changed(self, change: Change) -> None:
        """Hide the table between two people's turns (its scene emptied, the screen over it naming
        who is next), or show the view of the person who said they are ready, from their seat."""
        w = self.window
        table, changes = w.table, change.changes
        m = w.controller.match
        if change.kind != "screen" or m is None:
            return
        if changes.screened:
            table.set_blank(True)
            who = changes.passing_to
            self.pass_screen.show_for(None if who is None else w.seat_names()[who])
        else:
            self.pass_screen.hide()
            table.set_blank(False)
            table.set_game(m.spec.id, w.seat_names(), changes.viewer)
            table.show_view(change.view)
            table.set_thinking(self.thinking_seat())
            w.give_table_the_keyboard()
