"""What the window tells when something goes wrong while a game is played: a computer player that
fails (a simpler one takes its seat), automatic saving that fails and works again, and — at quit —
what could not be written (:meth:`Problems.may_quit`)."""
from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtWidgets import QMessageBox

from cekidesk.bots import RandomBot
from cekidesk.session import Problem

from ...foundations import i18n
from .. import quit_prompt
from ..gamelog import autosave_failed_notice
from ..interface import Change, Feature, WindowInterface
from ..quit_prompt import StatisticsFate

log = logging.getLogger(__name__)


class Problems(Feature):
    """The session's ``problem`` and ``autosave_restored`` changes, told in the log and in message boxes;
    at quit, the question when the game or the statistics could not be written (``save_as``: the
    Save As dialog, True once saved; ``keep_statistics``: the statistics written or kept aside)."""

    def __init__(self, window: WindowInterface, save_as: Callable[[], bool] = lambda: False,
                 keep_statistics: Callable[[], StatisticsFate] = lambda: "saved"):
        super().__init__(window.widget())
        self.window = window
        self._save_as = save_as
        self._keep_statistics = keep_statistics
        self._autosave_warned = False
        self._autosave_detail = ""   # why the autosave failed last

    def on_changed(self, change: Change) -> None:
        if isinstance(change.step, Problem):
            self._on_problem(change.step.code, change.step.detail)
        elif change.kind == "autosave_restored":
            self.window.log_dock.add_notice(
                lambda: QCoreApplication.translate("MainWindow", "Automatic saving works again."))

    def _on_problem(self, code: str, detail: str) -> None:
        log.warning("controller problem %s: %s", code, detail)
        if code in ("bot_failed", "bot_illegal"):
            self._bot_failed(detail)
        elif code == "save_damaged":
            self._save_damaged()
        elif code == "autosave_failed":
            self._autosave_detail = detail
            self.window.log_dock.append([autosave_failed_notice()])
            if not self._autosave_warned:
                self._autosave_warned = True
                QMessageBox.warning(
                    self.window.widget(),
                    i18n.latin(lambda: QCoreApplication.translate("MainWindow", "Automatic saving failed")),
                    QCoreApplication.translate("MainWindow", "The game could not be saved automatically:")
                    + "\n\n" + detail)

    def _save_damaged(self) -> None:
        """The background check of a long save found that its records of the earlier hands do not
        follow from their moves (a file changed by hand or damaged): the hand on the table goes on, the
        earlier hands' scores and statistics may be wrong — said once, in the log and in a box."""
        def text() -> str:
            return QCoreApplication.translate(
                "MainWindow", "This saved game's record of its earlier hands does not match their moves: "
                "the file was changed or damaged. The game goes on from where it was, but the scores "
                "of the earlier hands may be wrong.")
        self.window.log_dock.add_notice(text)
        QMessageBox.warning(self.window.widget(),
                            i18n.latin(lambda: QCoreApplication.translate("MainWindow", "Saved game damaged")),
                            text())

    def may_quit(self) -> bool:
        """The window is about to close: when the game's last moves are not on the disk (the autosave
        failed, or the disk did not finish it) or the statistics could be kept nowhere, say so and
        ask — Save As… (the window closes once saved), Quit anyway, Cancel.  True: close."""
        with self.window.held():
            game_detail = self._game_at_risk()
            fate = self._keep_statistics()
            if game_detail is None and fate != "lost":
                return True
            log.warning("quitting with %s", "the game's last moves unsaved" if game_detail is not None
                        else "the statistics unsaved")
            text = quit_prompt.quit_text(game_detail, fate)
            while True:
                choice = quit_prompt.ask(self.window.widget(), text, can_save=game_detail is not None)
                if choice == "save_as":
                    if self._save_as():
                        return True
                    continue
                return choice == "quit"

    def _game_at_risk(self) -> str | None:
        """Why the game's last moves are not on the disk, or None when they are (or need not be: no
        automatic saving, no game under way, a lesson)."""
        c = self.window.controller
        m = c.match
        if not c.autosave or m is None or m.is_over() or c.guiding() is not None:
            return None
        if not c.flush_autosave():
            return quit_prompt.no_answer_detail()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.MetaCall)   # the autosaver's last answer
        if c.autosave_failing:
            return self._autosave_detail
        return None

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
