"""Statistics: the store loaded once, every finished hand of the person's recorded into it
(:class:`~cekidesk.ui.statistics.StatisticsRecorder`), View ▸ Statistics… (Ctrl+I, no toolbar button)
opening :class:`~cekidesk.ui.statistics_window.StatisticsDialog`, and a damaged file told once."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox

from cekidesk.persistence.statistics import StatisticsStore

from ... import i18n
from ...statistics import StatisticsRecorder
from ...statistics_window import StatisticsDialog
from ..interface import Feature, WindowInterface


class Statistics(Feature):
    """``store``, ``recorder``, ``action`` (View ▸ Statistics…) and ``dialog`` (None until shown)."""

    def __init__(self, window: WindowInterface):
        super().__init__(window.widget())
        self.window = window
        self.store = StatisticsStore()
        self.recorder = StatisticsRecorder(window.controller, self.store, window.widget())
        self.recorder.saveFailed.connect(lambda detail: window.log_dock.add_notice(
            lambda: QCoreApplication.translate(
                "MainWindow", "The statistics could not be saved ({detail}); CekiDesk tries again after "
                "the next hand.").format(detail=detail)))
        self.dialog: StatisticsDialog | None = None
        self.action = window.add_action("", self.show_dialog, "Ctrl+I", "actStatistics")
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(QCoreApplication.translate("MainWindow", "S&tatistics…"))

    def show_dialog(self) -> StatisticsDialog:
        """The Statistics window (one, kept up to date while open), on the game under way."""
        if self.dialog is None:
            m = self.window.controller.match
            self.dialog = StatisticsDialog(self.store, m.spec.id if m is not None else None, self.window.widget())
            self.recorder.recorded.connect(self.dialog.refresh)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def tell_notice(self) -> None:
        """Say once that the statistics file could not be used and was set aside."""
        notice, self.store.notice = self.store.notice, None
        if notice is None:
            return
        if notice.problem == "too_large":
            why = QCoreApplication.translate(
                "MainWindow", "Your statistics file “{file}” is far too large to be CekiDesk's statistics.")
        elif notice.problem == "newer":
            why = QCoreApplication.translate(
                "MainWindow", "Your statistics file “{file}” was written by another version of CekiDesk.")
        elif notice.problem == "not_a_file":
            why = QCoreApplication.translate("MainWindow", "The statistics file “{file}” is not an ordinary file.")
        else:
            why = QCoreApplication.translate("MainWindow", "Your statistics file “{file}” is damaged.")
        text = why.format(file=notice.path.name) + " " + QCoreApplication.translate(
            "MainWindow", "Your statistics start afresh.")
        if notice.kept is not None:
            text += " " + QCoreApplication.translate(
                "MainWindow", "The old file is kept, renamed “{kept}”, in {folder}.").format(
                kept=notice.kept.name, folder=str(notice.kept.parent))
        else:
            text += " " + QCoreApplication.translate(
                "MainWindow", "The old file could not be moved aside, so nothing is written over it.")
        QMessageBox.warning(self.window.widget(), i18n.latin(
            lambda: QCoreApplication.translate("MainWindow", "Statistics set aside")), text)
