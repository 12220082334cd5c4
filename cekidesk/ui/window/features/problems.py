"""What the window tells when something goes wrong while a game is played: a computer player that
fails (a simpler one takes its seat), automatic saving that fails and works again."""
from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QTimer, Slot
from PySide6.QtWidgets import QMessageBox

from cekidesk.bots import RandomBot

from ... import i18n
from ...gamelog import autosave_failed_notice
from ..interface import Feature, WindowInterface

log = logging.getLogger(__name__)


class Problems(Feature):
    """The controller's ``problem`` and ``autosaveRestored``, told in the log and in message boxes."""

    def __init__(self, window: WindowInterface):
        super().__init__(window.widget())
        self.window = window
        self._autosave_warned = False
        window.controller.problem.connect(self._on_problem)
        window.controller.autosaveRestored.connect(lambda: window.log_dock.add_notice(
            lambda: QCoreApplication.translate("MainWindow", "Automatic saving works again.")))

    @Slot(str, str)
    def _on_problem(self, code: str, detail: str) -> None:
        log.warning("controller problem %s: %s", code, detail)
        if code in ("bot_failed", "bot_illegal"):
            self._bot_failed(detail)
        elif code == "autosave_failed":
            self.window.log_dock.append([autosave_failed_notice()])
            if not self._autosave_warned:
                self._autosave_warned = True
                QMessageBox.warning(
                    self.window.widget(),
                    i18n.latin(lambda: QCoreApplication.translate("MainWindow", "Automatic saving failed")),
                    QCoreApplication.translate("MainWindow", "The game could not be saved automatically:")
                    + "\n\n" + detail)

    def _bot_failed(self, detail: str) -> None:
        c = self.window.controller
        seat = -1
        try:
            seat = int(detail.split(":", 1)[0].split()[-1])
        except (ValueError, IndexError):
            pass
        if 0 <= seat < len(c.seats) and c.match is not None and seat in c.bots \
                and not isinstance(c.bots[seat], RandomBot):
            c.bots[seat] = RandomBot(seat, c.match.spec.id)
            name = c.seats[seat].name
            self.window.log_dock.add_notice(lambda: QCoreApplication.translate(
                "MainWindow", "{name}'s computer player ran into a problem; a simpler one takes over the "
                "seat.").format(name=name))
            QTimer.singleShot(0, c, lambda: c.set_paused(c.paused))
        else:
            QMessageBox.warning(
                self.window.widget(),
                i18n.latin(lambda: QCoreApplication.translate("MainWindow", "A computer player is stuck")),
                QCoreApplication.translate("MainWindow", "A computer player could not make its move. Your game "
                                                         "is saved; start a new game or open a saved one."))
