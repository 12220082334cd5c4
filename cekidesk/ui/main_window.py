"""The main window: the table, the game log, the status bar and the features the window is composed
of (:mod:`cekidesk.ui.window.features`: menus and toolbar, the table's feed, the log, hints, the end
of a hand, hand-over, undo, history, lessons, statistics, files, the other dialogs).

The window owns a :class:`~cekidesk.ui.adapters.controller.GameController` (the match, the computer players
on their worker thread, the autosave) and a :class:`~cekidesk.ui.table.TableWidget` (the drawing).
It builds its features, hands each what it needs of the others, and is their
:class:`~cekidesk.ui.window.interface.WindowInterface`.  Every change of the game reaches
:meth:`MainWindow.on_changes` through the one signal the window hears of the controller, ``changes``
(connected in :meth:`MainWindow._connect_controller`): each step of the session's change set, in
order, goes to every feature (:meth:`MainWindow.on_changed`), then the window refreshes once.
"""
from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, Qt, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow, QMessageBox, QWidget

from cekidesk.engine.core import Action, View
from cekidesk.engine.match import Match
from cekidesk.games import DEFAULT_GAME_ID
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings, SettingsNotice, read_settings, save_settings
from cekidesk.session import Changes

from .adapters.controller import GameController
from .dialogs.about import AboutDialog
from .dialogs.hand_end import HandEndDialog
from .dialogs.new_game import NewGameConfig
from .dialogs.score_sheet import ScoreSheetDialog
from .dialogs.settings import SettingsDialog
from .dialogs.standings import StandingsDialog
from .foundations import fonts, i18n, names, theme
from .foundations.fonts import install_javanese_font
from .foundations.qtfix import guard_none_refcount
from .games import DealWords, game_ui
from .table import TableWidget
from .widgets import mnemonics
from .window.accelerators import unique_accelerators
from .window.captions import caption_ms as caption_ms
from .window.features.announce import Announcer
from .window.features.commands import Commands
from .window.features.dialogs import Dialogs
from .window.features.files import GameFiles
from .window.features.handover import HandOver
from .window.features.hands import HAND_END_DELAY as HAND_END_DELAY
from .window.features.hands import HandEnd
from .window.features.hints import Hints
from .window.features.history import HandHistory
from .window.features.lessons import Lessons
from .window.features.log import GameLog
from .window.features.network import NetworkTable
from .window.features.problems import Problems
from .window.features.refusals import Refusals
from .window.features.sounds import Sounds
from .window.features.statistics import Statistics
from .window.features.status import StatusLine
from .window.features.table import TableFeed
from .window.features.undo import UndoCommands
from .window.gamelog import GameLogDock, Namer
from .window.geometry import first_geometry
from .window.interface import Change, Feature, Slot0
from .window.statistics_window import StatisticsDialog

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings | None = None, parent: QWidget | None = None):
        guard_none_refcount()  # a PySide6 6.12 bug would otherwise abort Python 3.11 after a while
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self._mnemonics = mnemonics.install(self)   # every dialog's Alt+letters unique, in every language
        self.features: list[Feature] = []   # (in the order they refresh)
        notice: SettingsNotice | None = None
        if settings is None:
            settings, notice = read_settings()
        self.settings = settings
        self._settings_warned = False
        install_javanese_font()
        if i18n.resolve(self.settings.language) != i18n.current_language() or not i18n.is_applied():
            i18n.set_language(self.settings.language)
        self.controller = GameController(pace_ms=self.settings.bot_pace_ms, autosave=self.settings.autosave,
                                         parent=self)
        self.controller.settings = self.settings
        self.table = TableWidget(self)
        self.table.setObjectName("table")
        self.setCentralWidget(self.table)
        self.log_dock = GameLogDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self._make_features(notice)
        self._connect_controller()
        self._restore_geometry()
        self.apply_settings()
        self.refresh()

    def _make_features(self, notice: SettingsNotice | None) -> None:
        """The features, each handed what it needs of the others (see docs/ui.md)."""
        self.hints = Hints(self, lesson_active=lambda: self.coach.active())
        self.table_feed = TableFeed(self, hint=self.hints.current)
        self.handover = HandOver(self, thinking_seat=self.table_feed.thinking_seat)
        self.status = StatusLine(self, self.hints.line, self.table_feed.thinking_seat, self.handover.waiting_text)
        self.files = GameFiles(self, set_file=lambda path: self.undo_commands.set_file(path),
                               before_start=lambda: self.hands.close_dialogs(),
                               tell_notices=lambda: self.stats.tell_notice(),
                               offer_lesson=lambda: self.lessons.offer_lesson(), settings_notice=notice)
        self.dialogs = Dialogs(self, shortcuts=lambda: self.commands.menu_shortcuts(),
                               settings_changed=self._settings_changed)
        self.undo_commands = UndoCommands(self, save_as=self.files.save_as_dialog, save_to=self.files.save_to)
        self.history = HandHistory(self, play_again=self.files.play_deal_again,
                                   show_live=self.table_feed.show_live_position,
                                   playing=lambda: self.commands.playing())
        self.stats = Statistics(self)
        self.lessons = Lessons(self, new_game=self.new_game)
        self.coach = self.lessons.coach
        slots: dict[str, Slot0] = {
            "actNew": self.new_game, "actSameAgain": self.files.same_again, "actContinue": self.files.continue_game,
            "actOpen": self.files.open_dialog,
            "actSaveAs": self.files.save_as_dialog, "actQuit": self.close, "actNextHand": self.next_hand,
            "actHint": self.hints.show_hint, "actFullScreen": self.toggle_full_screen,
            "actScoreSheet": self.dialogs.show_score_sheet, "actSettings": self.dialogs.show_settings,
            "actHelp": self.dialogs.show_help, "actNetworkHelp": self.dialogs.show_network_help,
            "actAbout": self.dialogs.show_about}
        self.commands = Commands(
            self, slots, self.dialogs.edit_rule_sets, self.hints.available,
            placed={"save": self.undo_commands.act_save, "history": self.history.action,
                    "statistics": self.stats.action, "learn": self.lessons.action},
            undo_actions=self.undo_commands.actions(), undo_shortcuts=self.undo_commands.shortcuts)
        self.hands = HandEnd(self, dress=self._dress_end_dialog, lesson_ends=self.coach.hand_over,
                             new_game=self.new_game, shown=self.dialogs.refresh_score_sheet)
        self.log = GameLog(self)
        self.problems = Problems(self, save_as=self.files.save_as_dialog, keep_statistics=self.stats.keep_unsaved)
        self.refusals = Refusals(self, turn_text=self.status.status_text)
        self.sounds = Sounds(self)
        self.announcer = Announcer(self, status_text=self.status.status_text, hint_line=self.hints.line)
        self.commands.menu_view.addAction(self.announcer.action)
        self.network = NetworkTable(self, status_text=self.status.status_text,
                                    undo_actions=self.undo_commands.actions(), info_label=self.status.info_label,
                                    local_only=[self.commands.act_pause, self.commands.act_step,
                                                self.commands.act_replay],
                                    game_file=lambda: self.undo_commands.file)
        self._place_network_actions()
        # what tests and the app reach on the window itself
        self.status_label, self.info_label = self.status.status_label, self.status.info_label
        self.pass_screen, self.end_replay_key = self.handover.pass_screen, self.table_feed.end_replay_key
        self.menu_game, self.toolbar = self.commands.menu_game, self.commands.toolbar
        cm = self.commands
        self.act_next, self.act_hint, self.act_open, self.act_quit = cm.act_next, cm.act_hint, cm.act_open, cm.act_quit
        self.act_pause, self.act_step, self.act_replay = cm.act_pause, cm.act_step, cm.act_replay
        self.act_settings, self.act_rule_sets, self.act_learn = cm.act_settings, cm.act_rule_sets, self.lessons.action
        self._hearing: list[Feature] = [self.stats, self.history, self.hints, self.table_feed, self.hands,
                                        self.handover, self.log, self.commands, self.lessons,
                                        self.problems, self.sounds, self.announcer,
                                        self.network]   # (the order they hear a change)
        self.features = [self.status, self.commands, self.undo_commands, self.dialogs, self.hints, self.table_feed,
                         self.hands, self.handover, self.log, self.lessons, self.stats, self.files, self.problems,
                         self.refusals, self.sounds, self.announcer, self.network,
                         self.history]   # (status first, replay last)

    def _place_network_actions(self) -> None:
        """Game ▸ Host a table…, Join a table…, Leave the table: a group of their own after Save As…."""
        menu = self.commands.menu_game
        shown = menu.actions()
        at = shown.index(self.commands.act_save_as) + 2   # (after Save As and the separator after it)
        before = shown[at] if at < len(shown) else None
        if before is None:
            menu.addSeparator()
            menu.addActions(self.network.actions())
            return
        menu.insertActions(before, self.network.actions())
        menu.insertSeparator(before)

    def _dress_end_dialog(self, dialog: QDialog, match: Match | None) -> None:
        """What an end dialog gets besides its own: Undo's keys; at a hand's end, "Play this deal again"."""
        self.undo_commands.keys_in(dialog)
        if match is not None:
            self.history.add_play_again(dialog, match, self.controller.seats)

    # -- the one channel of changes ---------------------------------------------------------------
    def _connect_controller(self) -> None:
        """The window hears one signal of the controller: ``changes``, the session's change sets."""
        self.controller.changes.connect(self.on_changes)

    @Slot(object)
    def on_changes(self, changes: Changes) -> None:
        """A change set arrived: each of its steps, in order, reaches every feature."""
        for step in changes.steps:
            self.on_changed(Change(changes, step))

    def on_changed(self, change: Change) -> None:
        """One step of a change set: every feature hears it (in the order of ``_hearing``), then the
        window is refreshed once."""
        if change.kind == "started":
            self._apply_shown_settings()    # the card names of this game's tradition
        for feature in self._hearing:
            feature.on_changed(change)
        self.refresh()

    def refresh(self) -> None:
        """Bring the status line, the title, the info label and every feature's commands up to date."""
        for feature in self.features:
            feature.refresh()
        unique_accelerators(self.menuBar())   # (after every feature's texts: the next hand's, undo's …)

    # -- the window interface ---------------------------------------------------------------------
    def widget(self) -> QMainWindow:
        return self

    def add_action(self, text: str, slot: Slot0, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                   name: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if name:
            a.setObjectName(name)
        a.triggered.connect(slot)
        self.addAction(a)  # shortcuts work even with the menu bar hidden (full screen)
        return a

    def set_status(self, text: str) -> None:
        self.status_label.setText(text)

    def seat_names(self) -> list[str]:
        """The names shown for the seats (a human's default name in the current language)."""
        return names.seat_display_names([(s.kind, s.name) for s in self.controller.seats])

    def you(self) -> int:
        """The seat the shared texts (the log, the status line at the end of a hand, the end-of-hand
        and score dialogs) call "you": the only person's; with several people nobody's (−1), so
        that every seat is named."""
        c = self.controller
        return c.human_seat if c.log_viewer is not None else -1

    def card_namer(self) -> Namer:
        """Card names in the player's form, and in the game's tradition (the Peranakan names in the
        games that use them, ``names.register_peranakan_game``)."""
        m = self.controller.match
        return names.card_namer(self.settings.card_names, m.spec.id if m is not None else None)

    def deal_words(self) -> DealWords:
        """What the game on the table calls a deal ("hand", "round") in the window's sentences."""
        m = self.controller.match
        game_id = m.spec.id if m is not None else (self.settings.last_game_id or DEFAULT_GAME_ID)
        return game_ui(game_id).words

    @contextmanager
    def held(self) -> Iterator[None]:
        """The computer players wait while the player is asked about replacing the game in progress
        (they go on if it was not replaced)."""
        m = self.controller.match
        was_paused = self.controller.paused
        if self.files.in_progress():
            self.controller.set_paused(True)
        try:
            yield
        finally:
            if m is not None and self.controller.match is m:
                self.controller.set_paused(was_paused)

    def childEvent(self, event) -> None:
        """Every dialog of the window (ours, message boxes, file dialogs) gives the keyboard back to
        the table when it closes: seen when it is first shown (polished), fully built."""
        if event.type() == QEvent.Type.ChildPolished:
            dlg = event.child()
            if isinstance(dlg, QDialog) and not dlg.property("cekideskFocusBack"):
                dlg.setProperty("cekideskFocusBack", True)
                dlg.finished.connect(self.give_table_the_keyboard)
        super().childEvent(event)

    @Slot()
    def give_table_the_keyboard(self) -> None:
        """Activate the window and focus the table (without a window manager nobody else does, and
        a dialog may leave the focus on a toolbar button or the log) — unless a modal dialog is still
        open."""
        if not self.isVisible() or QApplication.activeModalWidget() is not None:
            return
        self.activateWindow()
        self.table.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as exc:
            log.warning("cannot save the settings: %s", exc)
            if not self._settings_warned:
                self._settings_warned = True
                QMessageBox.warning(self, i18n.latin(lambda: self.tr("Settings not saved")),
                                    self.tr("Your settings could not be saved; they apply until you quit."))

    # -- settings and language --------------------------------------------------------------------
    @Slot()
    def _settings_changed(self) -> None:
        self.save_settings()
        self.apply_settings()
        self.refresh()

    def apply_settings(self) -> None:
        s = self.settings
        if i18n.resolve(s.language) != i18n.current_language() or not i18n.is_applied():
            i18n.set_language(s.language)   # Qt then sends LanguageChange: see changeEvent
        self._apply_shown_settings()

    def _apply_shown_settings(self) -> None:
        """Everything of the settings but the language (which a language change must not set again)."""
        s = self.settings
        names.set_currency(s.currency or names.default_currency(i18n.current_language()))
        self.controller.pace_ms = s.bot_pace_ms
        self.controller.autosave = s.autosave
        self.controller.settings = s
        self.table.set_options(animation_speed=s.animation_speed, highlight_legal=s.highlight_legal,
                               sort_hand=s.sort_hand, show_codes=s.show_card_codes, card_namer=self.card_namer())
        self.apply_looks()
        self.table.set_looks(s.table_colour, s.card_back)
        for feature in self.features:
            feature.apply_settings()

    def apply_looks(self) -> None:
        """The theme, the interface's and the cards' size and reduced motion of the settings (what
        the player left unchosen follows the system: see ``foundations/theme.py``)."""
        s = self.settings
        looks = theme.resolve(s.theme, s.interface_scale, s.card_size, s.reduced_motion)
        if theme.apply_theme(looks.theme):
            for item in self.table.scene().items():   # the cards, plates and labels repaint in it
                item.update()
            self.table.viewport().update()
        fonts.set_interface_scale(looks.scale)
        self.table.set_access(looks.cards, looks.scale, looks.reduced_motion)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """Show everything in the language now installed: menus, actions, status line, title, the
        table's plan, the game log and any open dialog (the settings dialog retranslates itself;
        the others are rebuilt)."""
        if not self.features:
            return
        self.table.set_seat_names(self.seat_names())
        self._apply_shown_settings()    # re-plans the table with the new words
        self.log_dock.reword()          # the same lines in the new words
        for feature in self.features:
            feature.retranslate()
        self.refresh()

    def toggle_full_screen(self, checked: bool | None = None) -> None:
        if checked is None:
            checked = not self.isFullScreen()
        if checked:
            self.showFullScreen()
        else:
            self.showNormal()
        self.commands.act_fullscreen.setChecked(bool(checked))

    # -- geometry and closing -------------------------------------------------------------------------
    def _restore_geometry(self) -> None:
        g = self.settings.window_geometry
        if g:
            try:
                if self.restoreGeometry(QByteArray.fromBase64(g.encode("ascii"))):
                    return
            except (ValueError, UnicodeError):
                pass
        place, size = first_geometry(self.screen().availableGeometry(), self.minimumSizeHint())
        self.resize(size)
        self.move(place)

    def remember_geometry(self) -> None:
        data = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
        try:
            self.settings.window_geometry = data
        except ValueError:
            return

    def closeEvent(self, event: QCloseEvent) -> None:
        warning = self.network.quit_warning()   # (a hosted table closes for everybody at it)
        if warning and QMessageBox.question(self, i18n.latin(lambda: self.tr("Quit")), warning) \
                != QMessageBox.StandardButton.Yes:
            event.ignore()
            return
        if not self.problems.may_quit():   # the game or the statistics could not be written: asked
            event.ignore()
            return
        self.remember_geometry()
        self.save_settings()
        self.controller.shutdown()   # a computer player thinking now stops at once; no process is left
        for feature in self.features:
            feature.close()
        super().closeEvent(event)

    # -- the window's commands, as tests and the app reach them ---------------------------------------
    def startup(self, new: bool = False, open_path: str | None = None, seed: int | None = None,
                offer_lesson: bool = False) -> None:
        self.files.startup(new, open_path, seed, offer_lesson)

    def new_game(self) -> bool:
        return self.files.new_game()

    def start_new_game(self, config: NewGameConfig) -> bool:
        return self.files.start_new_game(config)

    def open_file(self, path: str | Path, ask: bool = False) -> bool:
        return self.files.open_file(path, ask)

    def open_requested(self, path: str) -> None:
        self.files.open_requested(path)

    def come_forward(self) -> None:
        self.files.come_forward()

    def save_to(self, path: str | Path) -> bool:
        return self.files.save_to(path)

    def play_deal_again(self, match: Match, index: int, seats: Sequence[Seat]) -> bool:
        return self.files.play_deal_again(match, index, seats)

    def next_hand(self) -> None:
        self.hands.next_hand()

    def show_hand_end(self) -> HandEndDialog | None:
        return self.hands.show_hand_end()

    def show_standings(self) -> StandingsDialog | None:
        return self.hands.show_standings()

    @property
    def hand_end_dialog(self) -> HandEndDialog | None:
        return self.hands.hand_end_dialog

    @property
    def standings_dialog(self) -> StandingsDialog | None:
        return self.hands.standings_dialog

    @property
    def score_dialog(self) -> ScoreSheetDialog | None:
        return self.dialogs.score_dialog

    def show_hint(self) -> bool:
        return self.hints.show_hint()

    def hint_available(self) -> bool:
        return self.hints.available()

    def status_text(self) -> str:
        return self.status.status_text()

    def your_turn_text(self, view: View) -> str:
        return self.status.your_turn_text(view)

    def describe_action(self, action: Action, view: View) -> str:
        m = self.controller.match
        return game_ui(m.spec.id).describe_action(action, view) if m is not None else str(action)

    def menu_shortcuts(self) -> list[tuple[str, str]]:
        return self.commands.menu_shortcuts()

    def show_score_sheet(self) -> ScoreSheetDialog:
        return self.dialogs.show_score_sheet()

    def show_help(self) -> QDialog:
        return self.dialogs.show_help()

    def show_about(self) -> AboutDialog:
        return self.dialogs.show_about()

    def show_settings(self) -> SettingsDialog:
        return self.dialogs.show_settings()

    def show_statistics(self) -> StatisticsDialog:
        return self.stats.show_dialog()
