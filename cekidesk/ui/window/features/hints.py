"""Hints (H): the Hard level's move, asked of the controller, marked on the table and said on the
status line (and in the log with one person) in one line, what and why."""
from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from cekidesk.bots import Decision
from cekidesk.engine.core import Action, EngineError, View, offered_action
from cekidesk.session import Changes, HintReady

from ...foundations.reasons import describe_reasons
from ...games import game_ui
from ..interface import Change, Feature, WindowInterface

log = logging.getLogger(__name__)


class Hints(Feature):
    """The hint of the position on the table (``hint``, None: none) and its line (``line()``)."""

    def __init__(self, window: WindowInterface, lesson_active: Callable[[], bool]):
        super().__init__(window.widget())
        self.window = window
        self.lesson_active = lesson_active   # (a lesson offers only its taught move)
        self.hint: Action | None = None
        self._say: Callable[[], str] | None = None   # the hint's line, worded when shown

    def current(self) -> Action | None:
        return self.hint

    def line(self) -> str | None:
        """The hint's line in the words of the moment (None: no hint)."""
        return self._say() if self._say is not None else None

    def available(self) -> bool:
        """Whether H asks for a hint now (never while one is being thought about)."""
        c = self.window.controller
        if not self.window.settings.hints or c.match is None or not c.waiting_for_human() or c.hint_pending \
                or self.lesson_active():
            return False
        try:
            return c.hint_level() is not None
        except EngineError:
            return False

    def show_hint(self) -> bool:
        """Ask the controller for a hint (the Hard level's move, searched in the bot process); the
        window goes on meanwhile and :meth:`_show` shows it when it is ready (a ``hint`` change).  True
        if one was asked."""
        if not self.available() or not self.window.controller.request_hint():
            return False
        self.window.refresh()   # "Thinking about a hint…", the hint action disabled
        return True

    def _show(self, decision: Decision | None, changes: Changes) -> None:
        """Mark the hinted move on the table and say why in one line (the session hands out only
        hints for the position on the table, which the table shows)."""
        c = self.window.controller
        if decision is not None and self.window.settings.hints and changes.waiting_for_human:
            view = c.view()
            if offered_action(decision.action, view.legal, view.ranges) is not None:
                self.hint = decision.action
                self._say = self._hint_line(decision, view)
                if changes.log_viewer is not None:   # (with several people the log is everybody's)
                    self.window.log_dock.add_notice(self._say)
                self.window.table.set_hint(decision.action)
            else:
                log.warning("the hint %s is not a legal move", decision.action)

    def forget(self) -> None:
        self.hint = None
        self._say = None
        self.window.table.set_hint(None)

    def on_changed(self, change: Change) -> None:
        if change.kind in ("started", "moved") or (change.kind == "screen" and change.changes.screened):
            self.forget()
        elif isinstance(change.step, HintReady):
            self._show(change.step.decision, change.changes)

    def apply_settings(self) -> None:
        if not self.window.settings.hints:
            self.forget()

    def _hint_line(self, decision: Decision, view: View) -> Callable[[], str]:
        """The hint's line, what and why, worded in the language and card names of the moment it is
        read (the status line words it at every refresh, the log again when the language changes)."""
        m = self.window.controller.match
        assert m is not None, "a hint needs a match"
        ui = game_ui(m.spec.id)

        def say() -> str:
            what = ui.describe_action(decision.action, view)
            why = describe_reasons(decision.reasons, self.window.card_namer())
            if why:
                return QCoreApplication.translate("MainWindow", "Hint: {what} ({why}).").format(what=what, why=why)
            return QCoreApplication.translate("MainWindow", "Hint: {what}.").format(what=what)
        return say
