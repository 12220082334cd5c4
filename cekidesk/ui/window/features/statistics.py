"""Statistics: the store loaded once, off the window's thread
(:class:`~cekidesk.ui.window.statistics_loader.StoreLoader`), every finished hand of the person's
recorded into it (:class:`~cekidesk.ui.adapters.statistics.StatisticsRecorder`), View ▸ Statistics… (Ctrl+I,
no toolbar button) opening :class:`~cekidesk.ui.window.statistics_window.StatisticsDialog`, a damaged file
told once, and at quit the statistics that could not be written kept aside for the next start
(:mod:`cekidesk.persistence.statistics_pending`).

Until the store is loaded there is no recorder: the match is known once it is (the recorder catches
up), a hand that ends before is remembered and recorded once the store is loaded (once: a hand is
keyed by its match and index) — the window's thread never waits for the file at a hand's end —, and
the Statistics window, asked for before, waits for it."""
from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtWidgets import QMessageBox

from cekidesk.persistence.statistics import StatisticsStore
from cekidesk.persistence.statistics_pending import drop_pending, keep_pending, load_store

from ...adapters.statistics import EndedHand, StatisticsRecorder
from ...foundations import i18n
from ..interface import Change, Feature, WindowInterface
from ..quit_prompt import StatisticsFate
from ..statistics_loader import StoreLoader
from ..statistics_window import StatisticsDialog

log = logging.getLogger(__name__)

# how long the start waits for the store to tell a damaged file at once (else: once it is loaded)
NOTICE_WAIT_MS = 300


class Statistics(Feature):
    """``store`` and ``recorder`` (waiting for the load when asked before it is done), ``loaded()``,
    ``action`` (View ▸ Statistics…) and ``dialog`` (None until shown).  ``load`` reads the store (on
    the loader's thread)."""

    def __init__(self, window: WindowInterface, load: Callable[[], StatisticsStore] | None = None):
        super().__init__(window.widget())
        self.window = window
        self._store: StatisticsStore | None = None
        self._recorder: StatisticsRecorder | None = None
        self._ended: list[EndedHand] = []   # hands that ended before the store was loaded
        self._tell_on_load = False   # the start asked for the notice before the store was loaded
        self._unsaved = False        # the file could not be written this session
        self.loader = StoreLoader(load if load is not None else load_store, self)
        self.loader.loaded.connect(self._adopt)
        self.dialog: StatisticsDialog | None = None
        self.action = window.add_action("", self.show_dialog, "Ctrl+I", "actStatistics")
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(QCoreApplication.translate("MainWindow", "S&tatistics…"))

    # -- the store, loaded off the window's thread -------------------------------------------------------
    def loaded(self) -> bool:
        return self._store is not None

    @property
    def store(self) -> StatisticsStore:
        if self._store is None:
            self._adopt(self.loader.wait())
        assert self._store is not None
        return self._store

    @property
    def recorder(self) -> StatisticsRecorder:
        self.store   # noqa: B018 (waits for the load)
        assert self._recorder is not None
        return self._recorder

    @Slot(object)
    def _adopt(self, store: StatisticsStore | None) -> None:
        """The store is loaded: record from now on, and catch up with the match under way."""
        if self._store is not None or store is None:
            return
        self._store = store
        w = self.window
        self._recorder = StatisticsRecorder(w.controller, store, w.widget())
        self._recorder.saveFailed.connect(self._save_failed)
        ended, self._ended = self._ended, []
        self._recorder.catch_up(ended)
        if self._tell_on_load:
            self._tell_on_load = False
            self.tell_notice()

    def on_changed(self, change: Change) -> None:
        """A hand that ends before the store is loaded is recorded once it is."""
        if change.kind == "hand_ended" and self._store is None:
            c = self.window.controller
            ended = EndedHand.of(c.match, c.seats, c.undone_hands, c.counts_for_statistics)
            if ended is not None:
                self._ended.append(ended)

    @Slot(str)
    def _save_failed(self, detail: str) -> None:
        self._unsaved = True
        self.window.log_dock.add_notice(lambda: QCoreApplication.translate(
            "MainWindow", "The statistics could not be saved ({detail}); CekiDesk tries again after "
            "the next hand.").format(detail=detail))

    def keep_unsaved(self) -> StatisticsFate:
        """At quit: the statistics that could not be written this session written now, or else kept
        aside for the next start; what became of them."""
        store = self._store
        if store is None or not self._unsaved or not store.writable:
            return "saved"
        try:
            store.save()
        except OSError as exc:
            log.warning("the statistics still cannot be saved at quit: %s", exc)
        else:
            self._unsaved = False
            drop_pending(store)
            return "saved"
        return "kept" if keep_pending(store) is not None else "lost"

    def close(self) -> None:
        self.loader.close()

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
        """Say once that the statistics file could not be used and was set aside (at once if the store
        is loaded within :data:`NOTICE_WAIT_MS`, else once it is)."""
        if self._store is None:
            store = self.loader.wait(NOTICE_WAIT_MS)
            if store is None:
                self._tell_on_load = True
                return
            self._adopt(store)
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
