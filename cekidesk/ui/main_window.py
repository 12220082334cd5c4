"""The main window: menus, the table, the status line, the game log, and the flow of a session
(start or continue, play, end of hand, next hand, end of match, save and open).

The window owns a :class:`~cekidesk.ui.controller.GameController` (the match, the computer players
on their worker thread, the autosave) and a :class:`~cekidesk.ui.table.TableWidget` (the drawing).
It turns the controller's signals into what the player sees, and the table's choices into moves.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, Qt, QTimer, Slot
from PySide6.QtGui import QAction, QCloseEvent, QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QToolBar,
    QWidget,
)

from cekidesk.bots import Decision, RandomBot
from cekidesk.engine.core import Action, EngineError, Event, View, offered_action
from cekidesk.engine.match import HandRecord, Match
from cekidesk.games import DEFAULT_GAME_ID, games, get_game, new_match
from cekidesk.persistence import paths
from cekidesk.persistence.files import clean_stale_temp_files
from cekidesk.persistence.saves import SaveFileError, Seat, load_autosave, load_match
from cekidesk.persistence.settings import Settings, SettingsNotice, load_settings_and_notice, save_settings
from cekidesk.persistence.statistics import StatisticsStore

from . import dialogs, i18n, names
from .coach import Coach, LessonChooser, lesson_games, offer_box
from .controller import GameController
from .dialogs.about import AboutDialog
from .dialogs.hand_end import HandEndDialog
from .dialogs.new_game import NewGameConfig, NewGameDialog
from .dialogs.score_sheet import ScoreSheetDialog
from .dialogs.settings import SettingsDialog
from .dialogs.standings import StandingsDialog
from .fonts import install_javanese_font
from .gamelog import GameLogDock, LogEntry, Seating, left_out_notice
from .games import DealWords, game_ui
from .handover import PassScreen
from .history import HandHistory, first_deal_of
from .qtfix import guard_none_refcount
from .reasons import describe_reasons
from .statistics import StatisticsRecorder
from .statistics_window import StatisticsDialog
from .table import TableWidget
from .undo import UndoCommands

if TYPE_CHECKING:
    from .help import HowToPlayDialog

log = logging.getLogger(__name__)

def caption_ms(pace_ms: int) -> int:
    """How long a move's caption stays beside its seat, for a pace of ``pace_ms`` between moves: long
    enough to read (at least 1.5 s) and scaled with the pace; none at pace 0 ("instant")."""
    return 0 if pace_ms <= 0 else max(1500, 3 * pace_ms)


# How long to wait for the table's reveal animation before the end-of-hand dialog (ms).
HAND_END_DELAY = {"off": 0, "fast": 500, "normal": 1000, "slow": 1800}


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings | None = None, parent: QWidget | None = None):
        guard_none_refcount()  # a PySide6 6.12 bug would otherwise abort Python 3.11 after a while
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self._settings_notice: SettingsNotice | None = None
        if settings is None:
            settings, self._settings_notice = load_settings_and_notice()
        self.settings = settings
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

        self.status_label = QLabel(self)
        self.status_label.setObjectName("statusLine")
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.status_label.setWordWrap(True)
        self._fit_status_font()
        self.statusBar().addWidget(self.status_label, 1)
        self.info_label = QLabel(self)
        self.info_label.setObjectName("infoLabel")
        self.statusBar().addPermanentWidget(self.info_label)

        self.hand_end_dialog: HandEndDialog | None = None
        self.standings_dialog: StandingsDialog | None = None
        self.score_dialog: ScoreSheetDialog | None = None
        self.help_dialog: HowToPlayDialog | None = None
        self.settings_dialog: SettingsDialog | None = None
        self._thinking_seat = -1
        self._hint: Action | None = None
        self._hint_say: Callable[[], str] | None = None   # the hint's line, worded when shown
        self._shown_match: Match | None = None
        self._hand_end_pending = False
        self._bad_autosave = False
        self._autosave_warned = False
        self._settings_warned = False
        self._log_card_names: tuple[str, str | None] | None = None   # the log's card-name form and game
        self._headings: dict[int, LogEntry] = {}   # each hand's latest heading in the log, by hand index
        self._cli_seed: int | None = None
        self._requested: list[str] = []   # files handed to the app, waiting for the start or a dialog
        self._started = False

        self._make_actions()
        self._make_menus()
        self._make_statistics()
        self._make_pass_screen()

        c = self.controller
        c.started.connect(self._on_started)
        c.changed.connect(self._on_changed)
        c.handEnded.connect(self._on_hand_ended)
        c.thinking.connect(self._on_thinking)
        c.problem.connect(self._on_problem)
        c.autosaveRestored.connect(self._on_autosave_restored)
        c.hintReady.connect(self._on_hint_ready)
        c.pausedChanged.connect(self._on_paused_changed)
        c.replayFrame.connect(self._on_replay_frame)
        c.replayEnded.connect(self._on_replay_ended)
        self.table.actionChosen.connect(self._on_action_chosen)
        self.table.clicked.connect(self._on_table_clicked)
        self.table.pauseKey.connect(self.act_pause.trigger)
        self.table.animationsDone.connect(self._maybe_show_hand_end)
        self.table.dealt.connect(self._on_dealt)
        self.table.celebrationDone.connect(self._maybe_show_hand_end)
        self._make_learn()

        self._restore_geometry()
        self.apply_settings()
        self._refresh()

    def _fit_status_font(self) -> None:
        """The status line a little larger than the interface font (now, and again after a change of
        language, which may change the interface font: aksara Jawa is larger).  A hint with its
        reason can be longer than the window is wide: it wraps onto a second line instead of being
        cut off, in room kept for two lines (the table does not jump when it comes)."""
        f = QFont(QApplication.font())   # (the application's, which a new language changed at once)
        f.setPointSizeF(f.pointSizeF() * 1.15)
        self.status_label.setFont(f)
        self.status_label.setFixedHeight(2 * self.status_label.fontMetrics().lineSpacing() + 2)

    # -- the keyboard after a dialog ------------------------------------------------------------
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

    # -- actions and menus ------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                name: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if name:
            a.setObjectName(name)
        a.triggered.connect(slot)
        self.addAction(a)  # shortcuts work even with the menu bar hidden (full screen)
        return a

    def _make_actions(self) -> None:
        self.act_new = self._action("", self.new_game, QKeySequence.StandardKey.New, "actNew")
        self.act_continue = self._action("", self.continue_game, None, "actContinue")
        self.act_open = self._action("", self.open_dialog, QKeySequence.StandardKey.Open, "actOpen")
        self.act_save_as = self._action("", self.save_as_dialog, "Ctrl+Shift+S", "actSaveAs")
        self.act_quit = self._action("", self.close, "Ctrl+Q", "actQuit")
        self.act_quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.act_next = self._action("", self.next_hand, "N", "actNextHand")
        self.act_hint = self._action("", self.show_hint, "H", "actHint")
        # Space pauses too, from the table while nothing of the person's is to choose (pauseKey)
        self.act_pause = self._action("", self.controller.set_paused, "Pause", "actPause")
        self.act_pause.setCheckable(True)
        self.act_step = self._action("", lambda: self.controller.step(), ".", "actStep")
        self.act_replay = self._action("", lambda: self.controller.start_replay(), "Ctrl+R", "actReplay")
        self.end_replay_key = QShortcut(QKeySequence("Escape"), self, self.controller.stop_replay)
        self.end_replay_key.setEnabled(False)   # Esc is the table's own but during a replay
        self.act_fullscreen = self._action("", self.toggle_full_screen, "F11", "actFullScreen")
        self.act_fullscreen.setCheckable(True)
        self.act_log = self.log_dock.toggleViewAction()
        self.act_log.setShortcut(QKeySequence("Ctrl+L"))
        self.act_log.setObjectName("actGameLog")
        self.addAction(self.act_log)
        self.act_scores = self._action("", self.show_score_sheet, "Ctrl+T", "actScoreSheet")
        self.act_settings = self._action("", self.show_settings, QKeySequence.StandardKey.Preferences,
                                         "actSettings")
        self.act_settings.setMenuRole(QAction.MenuRole.PreferencesRole)
        # Game ▸ <game> rule sets…: the editor of each game that has one (GameUI.edits_options)
        self.act_rule_sets = {spec.id: self._action("", lambda _=False, gid=spec.id: self.edit_rule_sets(gid), None,
                                                    f"actRuleSets_{spec.id}")
                              for spec in games() if game_ui(spec.id).edits_options}
        self.act_help = self._action("", self.show_help, "F1", "actHelp")
        self.act_about = self._action("", self.show_about, None, "actAbout")
        self.act_about.setMenuRole(QAction.MenuRole.AboutRole)
        # the games' move keys (D, T, 1…9 …) work wherever the keyboard is in the window; arrows,
        # Enter and Space stay the table's own (they also move through menus and buttons)
        self.game_shortcuts = []
        for key in self.table.game_keys():
            sc = QShortcut(QKeySequence(key), self, context=Qt.ShortcutContext.WindowShortcut)
            sc.activated.connect(lambda key=key: self.table.press_key(key))
            self.game_shortcuts.append(sc)
        self.undo_commands = UndoCommands(self)   # Save, Undo, Redo, Restart this deal
        self.history = HandHistory(self)   # Game ▸ History…, the replay of a hand, play a deal again

    def _retranslate_actions(self) -> None:
        """The texts of the actions, menus, toolbar and dock (again after a language change)."""
        for a, text in ((self.act_new, self.tr("&New…")), (self.act_continue, self.tr("&Continue")),
                        (self.act_open, self.tr("&Open…")), (self.act_save_as, self.tr("Save &As…")),
                        (self.act_quit, self.tr("&Quit")), (self.act_next, self.deal_words().next()),
                        (self.act_hint, self.tr("&Hint")), (self.act_fullscreen, self.tr("&Full screen")),
                        (self.act_pause, self.tr("&Pause")), (self.act_step, self.tr("S&tep")),
                        (self.act_replay, self.tr("Show the last &round again")),
                        (self.act_log, self.tr("Game &log")), (self.act_scores, self.tr("&Score sheet")),
                        (self.act_settings, self.tr("&Settings…")), (self.act_help, self.tr("&How to play")),
                        (self.act_about, self.tr("&About CekiDesk"))):
            a.setText(text)
        for gid, a in self.act_rule_sets.items():
            a.setText(self.tr("{game} rule sets…").format(game=names.game_title(get_game(gid))))
        self.history.retranslate()
        if hasattr(self, "menu_game"):
            self.menu_game.setTitle(self.tr("&Game"))
            self.menu_view.setTitle(self.tr("&View"))
            self.menu_help.setTitle(self.tr("&Help"))
            self.toolbar.setWindowTitle(self.tr("Game"))
            self.act_pause.setToolTip(self.tr("Stop the computer players, or let them go on (Space)"))
            for a in (self.act_hint, self.act_next, self.act_new, self.act_scores, self.act_step, self.act_replay):
                if not a.shortcut().isEmpty():
                    key = a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                    a.setToolTip(f"{a.text().replace('&', '')} ({key})")
        self.log_dock.setWindowTitle(QCoreApplication.translate("GameLogDock", "Game log"))
        self.undo_commands.retranslate()

    def _make_menus(self) -> None:
        mb = self.menuBar()
        game = self.menu_game = mb.addMenu("")
        for a in (self.act_new, self.act_continue, self.act_open, self.undo_commands.act_save, self.act_save_as):
            game.addAction(a)
        game.addSeparator()
        game.addActions(self.undo_commands.actions())
        game.addSeparator()
        game.addAction(self.act_hint)
        game.addAction(self.act_next)
        game.addSeparator()
        for a in (self.act_pause, self.act_step, self.act_replay):
            game.addAction(a)
        game.addAction(self.history.action)
        game.addSeparator()
        game.addAction(self.act_settings)   # in a menu, so the arrow keys move across the menu bar
        for a in self.act_rule_sets.values():
            game.addAction(a)
        game.addSeparator()
        game.addAction(self.act_quit)
        view = self.menu_view = mb.addMenu("")
        view.addAction(self.act_fullscreen)
        view.addAction(self.act_log)
        view.addAction(self.act_scores)
        helpm = self.menu_help = mb.addMenu("")
        helpm.addAction(self.act_help)
        helpm.addAction(self.act_about)

        tb = QToolBar(self)
        tb.setObjectName("mainToolBar")
        tb.setMovable(False)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        tb.addAction(self.act_new)
        tb.addSeparator()
        tb.addAction(self.act_hint)
        tb.addAction(self.act_next)
        tb.addSeparator()
        for a in (self.act_pause, self.act_step, self.act_replay):
            tb.addAction(a)
        tb.addSeparator()
        tb.addAction(self.act_scores)
        tb.addAction(self.act_log)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, tb)
        self.toolbar = tb
        self._retranslate_actions()

    def menu_shortcuts(self) -> list[tuple[str, str]]:
        """(key, what it does) for the window's commands, for the help page."""
        out = []
        for a, what in ((self.act_new, self.tr("Start a new game")), (self.act_open, self.tr("Open a saved game")),
                        *self.undo_commands.shortcuts(),
                        (self.act_save_as, self.tr("Save the game as a file")),
                        (self.act_hint, self.tr("Hint: the move a Hard computer player would make now")),
                        (self.act_next, self.deal_words().next_help()), (self.act_scores, self.tr("Score sheet")),
                        (self.act_pause, self.tr("Pause the computer players or let them go on (also Space)")),
                        (self.act_step, self.tr("While paused: one computer player's move")),
                        (self.act_replay, self.tr("Show every move since your last turn again "
                                                  "(a click or Esc ends it)")),
                        (self.history.action, self.tr("Hand history: replay a finished hand, or play its "
                                                      "deal again")),
                        (self.act_log, self.tr("Show or hide the game log")), (self.act_settings, self.tr("Settings")),
                        (self.act_fullscreen, self.tr("Full screen on or off")),
                        (self.act_help, self.tr("How to play")),
                        (self.act_quit, self.tr("Quit (the game is saved)"))):
            if not a.shortcut().isEmpty():
                out.append((a.shortcut().toString(QKeySequence.SequenceFormat.NativeText), what))
        return out

    def edit_rule_sets(self, game_id: str) -> None:
        """A game's own rule editor, to make, save and share rule sets; it starts from the rules of
        the game under way when it is that game (the game itself goes on under its own)."""
        m = self.controller.match
        values = m.options.model_dump(mode="json") if m is not None and m.spec.id == game_id else {}
        with self._held():
            game_ui(game_id).edit_options(self, values, use=False)

    # -- session start -------------------------------------------------------------------------
    def startup(self, new: bool = False, open_path: str | None = None, seed: int | None = None,
                offer_lesson: bool = False) -> None:
        """What happens when the app opens: the file given (or handed to the app before this: macOS
        opens a double-clicked save that way), or the offer to continue the unfinished game, or the
        New Game dialog (``offer_lesson``: at the very first start, the offer of a guided hand
        before it — the app's start asks for it, tests do not).  Files handed to the app meanwhile
        are opened after it."""
        if open_path is None and self._requested:
            open_path = self._requested.pop(0)
        self._start_session(new, open_path, seed, offer_lesson)
        self._started = True
        self._open_requested()

    def _start_session(self, new: bool, open_path: str | None, seed: int | None, offer_lesson: bool = False) -> None:
        self._cli_seed = seed
        clean_stale_temp_files()
        self._tell_settings_notice()
        self._tell_statistics_notice()
        if open_path and self.open_file(open_path):
            return
        if not new:
            loaded = None
            try:
                loaded = load_autosave()
            except SaveFileError as exc:
                self._bad_autosave = True
                log.warning("the autosave cannot be loaded: %s (%s)", exc, exc.reason)
                QMessageBox.warning(
                    self, i18n.latin(lambda: self.tr("Your last game cannot be continued")),
                    str(exc) + "\n\n" + self.tr("The file is left as it is until you start a new game; "
                                                "it is then kept beside the new autosave as “autosave.bad”."))
            if loaded is not None and dialogs.ask_continue(self, loaded) and self._begin(
                    loaded.match, loaded.seats, loaded.undo_allowed, loaded.undone_hands):
                return
            if offer_lesson and self.offer_lesson():
                return
        self.new_game()

    def _tell_settings_notice(self) -> None:
        """Say once that the settings file could not be used (see load_settings_and_notice)."""
        notice, self._settings_notice = self._settings_notice, None
        if notice is None:
            return
        if notice.problem == "too_large":
            why = self.tr("Your settings file “{file}” is far too large to be CekiDesk's settings.")
        else:
            why = self.tr("The settings file “{file}” is not an ordinary file.")
        text = why.format(file=notice.path.name) + " " + self.tr("CekiDesk starts with the default settings.")
        if notice.kept is not None:
            text += " " + self.tr("The file was not read; it is kept, renamed “{kept}”, in {folder}.").format(
                kept=notice.kept.name, folder=str(notice.kept.parent))
        QMessageBox.warning(self, i18n.latin(lambda: self.tr("Settings not used")), text)

    def _in_progress(self) -> bool:
        m = self.controller.match
        return m is not None and not m.is_over()

    @contextmanager
    def _held(self):
        """The computer players wait while the player is asked about replacing the game in progress
        (they go on if it was not replaced)."""
        m = self.controller.match
        was_paused = self.controller.paused
        if self._in_progress():
            self.controller.set_paused(True)
        try:
            yield
        finally:
            if m is not None and self.controller.match is m:
                self.controller.set_paused(was_paused)

    def new_game(self) -> bool:
        """Show the New Game dialog; start the game chosen.  True if a game was started."""
        with self._held():
            dlg = NewGameDialog(self.settings, self, seed=self._cli_seed, in_progress=self._in_progress())
            self._cli_seed = None
            started = dlg.exec() == QDialog.DialogCode.Accepted and self.start_new_game(dlg.config())
        self._refresh()
        return started

    def start_new_game(self, config: NewGameConfig) -> bool:
        try:
            match = new_match(config.game_id, len(config.seats), config.seed, config.options, config.match_options)
        except EngineError as exc:
            log.warning("cannot start %s: %s", config, exc)
            QMessageBox.warning(self, i18n.latin(lambda: self.tr("Cannot start this game")),
                                self.tr("These choices do not make a game CekiDesk can deal."))
            return False
        s = self.settings
        before = (s.last_game_id, s.default_opponents, s.default_bot_level)
        try:
            s.last_game_id = config.game_id
            s.default_opponents = min(5, max(1, len(config.seats) - 1))
            bots = [seat.level for seat in config.seats if seat.kind == "bot" and seat.level]
            if bots:
                s.default_bot_level = bots[0]
        except ValueError:  # a value the settings do not accept: keep the old one
            pass
        if (s.last_game_id, s.default_opponents, s.default_bot_level) != before:
            self._save_settings()   # (a file written and flushed to disk is a few ms of the deal)
        return self._begin(match, config.seats, config.undo_allowed)

    def _begin(self, match: Match, seats: Sequence[Seat], undo_allowed: bool | None = None,
               undone_hands: Iterable[int] = ()) -> bool:
        """Put a new or loaded match on the table (the old session is forgotten).  What can fail
        (making the computer players) is done first: if it fails, the player is told and nothing of
        the current session, the table or the autosave has changed.  True if the match was put on."""
        try:
            bots = self.controller.make_bots(match, seats, self.settings.bot_budgets())
        except ValueError as exc:
            log.warning("cannot seat the players of %s: %s", match.spec.id, exc)
            QMessageBox.warning(self, i18n.latin(lambda: self.tr("Cannot play this game")),
                                self.tr("CekiDesk cannot seat the players of this game, so it cannot be played. "
                                        "Nothing was changed."))
            return False
        if self._bad_autosave:
            self._set_aside_bad_autosave()
        self._close_end_dialogs()
        self.controller.paused = False
        self.controller.start(match, seats, bots, undo_allowed=undo_allowed, undone_hands=undone_hands)
        self.undo_commands.set_file(None)
        return True

    def _set_aside_bad_autosave(self) -> None:
        """Keep the damaged autosave as autosave.bad (never overwrite or delete it)."""
        self._bad_autosave = False
        self.controller.flush_autosave()
        src = paths.autosave_path()
        if not src.exists():
            return
        dst = src.with_name("autosave.bad")
        if dst.exists():
            dst = src.with_name(f"autosave.bad-{datetime.now():%Y%m%d-%H%M%S}")
        try:
            src.rename(dst)
            log.info("kept the damaged autosave as %s", dst)
        except OSError as exc:
            log.warning("could not keep the damaged autosave as %s: %s", dst, exc)

    def continue_game(self) -> None:
        self.controller.flush_autosave()
        try:
            loaded = load_autosave()
        except SaveFileError as exc:
            self._bad_autosave = True
            QMessageBox.warning(self, i18n.latin(lambda: self.tr("Your last game cannot be continued")), str(exc))
            return
        if loaded is None:
            QMessageBox.information(self, i18n.latin(lambda: self.tr("Continue")),
                                    self.tr("There is no unfinished game to continue."))
            return
        self._begin(loaded.match, loaded.seats, loaded.undo_allowed, loaded.undone_hands)

    # -- files ----------------------------------------------------------------------------------
    def _file_filter(self) -> str:
        """The file dialogs' filter (in Latin letters: a native file dialog is drawn by the system)."""
        return i18n.latin(lambda: self.tr("CekiDesk games (*{ext});;All files (*)").format(ext=paths.SAVE_EXTENSION))

    def open_dialog(self) -> None:
        """Game ▸ Open (Ctrl+O): choose a file; a game in progress is only replaced once the player
        agrees, as with New Game."""
        with self._held():
            start = paths.saves_dir()
            try:
                start.mkdir(parents=True, exist_ok=True)
            except OSError:
                start = Path.home()
            path, _ = QFileDialog.getOpenFileName(self, i18n.latin(lambda: self.tr("Open a saved game")), str(start),
                                                  self._file_filter())
            if path:
                self.open_chosen(path)

    def open_chosen(self, path: str) -> bool:
        """Open a file the player chose, as Game ▸ Open does: the computer players wait, and a game in
        progress is replaced only if the player agrees (it stays in the autosave until then)."""
        with self._held():
            return self.open_file(path, ask=True)

    @Slot(str)
    def open_requested(self, path: str) -> None:
        """A file handed to the running app (a second ``cekidesk FILE``, the Finder): the window comes
        forward and opens it as Game ▸ Open would, once the start is done and no dialog is open (an
        open dialog is answered first; the file waits)."""
        self._requested.append(path)
        self.come_forward()
        self._open_requested()

    def _open_requested(self) -> None:
        while self._started and self._requested and QApplication.activeModalWidget() is None:
            self.open_chosen(self._requested.pop(0))

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.WindowUnblocked and self._requested:
            # (a dialog just closed; the code that showed it goes on first)
            QTimer.singleShot(0, self, self._open_requested)
        return super().event(event)

    @Slot()
    def come_forward(self) -> None:
        """Raise and activate the window (a second ``cekidesk`` asked for it), restored if minimised,
        with its open dialog on top (without a window manager nothing else keeps it there)."""
        if self.isMinimized():
            self.showNormal()
        for w in (self, QApplication.activeModalWidget()):
            if w is not None:
                w.raise_()
                w.activateWindow()

    def open_file(self, path: str | Path, ask: bool = False) -> bool:
        """Load a save and continue it; with ``ask``, a game in progress is replaced only if the player
        agrees.  A bad file gets a message box and nothing changes.  True if the game was opened."""
        try:
            loaded = load_match(path)
        except SaveFileError as exc:
            log.info("cannot open %s: %s (%s)", path, exc, exc.reason)
            QMessageBox.warning(self, i18n.latin(lambda: self.tr("Cannot open this file")), str(exc))
            return False
        name = Path(path).name
        if ask and self._in_progress() and not self._replace_agreed(name):
            return False
        if not self._begin(loaded.match, loaded.seats, loaded.undo_allowed, loaded.undone_hands):
            return False
        self.undo_commands.set_file(Path(path))
        self.log_dock.add_notice(lambda: self.tr("Opened {file}.").format(file=name))
        return True

    def _replace_agreed(self, file_name: str) -> bool:
        answer = QMessageBox.question(
            self, i18n.latin(lambda: self.tr("Replace the game in progress?")),
            self.tr("The game in progress will be replaced by the one in “{file}” (use Game ▸ Save As… "
                    "first to keep it). Open it?").format(file=file_name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    def save_as_dialog(self) -> bool:
        if self.controller.match is None:
            return False
        folder = paths.saves_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = Path.home()
        suggested = folder / f"{self.controller.match.spec.id}-{datetime.now():%Y-%m-%d-%H%M}{paths.SAVE_EXTENSION}"
        path, _ = QFileDialog.getSaveFileName(self, i18n.latin(lambda: self.tr("Save the game as")), str(suggested),
                                              self._file_filter())
        return bool(path) and self.save_to(path)

    def save_to(self, path: str | Path) -> bool:
        p = paths.with_save_extension(path)
        if p != Path(path) and p.exists():
            answer = QMessageBox.question(
                self, i18n.latin(lambda: self.tr("Replace the file?")),
                self.tr("“{file}” already exists. Replace it?").format(file=p.name))
            if answer != QMessageBox.StandardButton.Yes:
                return False
        try:
            self.controller.save_as(p)
        except SaveFileError as exc:
            QMessageBox.warning(self, i18n.latin(lambda: self.tr("The game was not saved")), str(exc))
            return False
        self.undo_commands.set_file(p)
        self.log_dock.add_notice(lambda: self.tr("Game saved as {file}.").format(file=p.name))
        return True

    # -- the controller's signals -----------------------------------------------------------------
    def seat_names(self) -> list[str]:
        """The names shown for the seats (a human's default name in the current language)."""
        return [names.seat_display_name(s.kind, s.name) for s in self.controller.seats]

    @Slot()
    def _on_started(self) -> None:
        c = self.controller
        m = c.match
        if m is None:
            return
        self._thinking_seat = -1
        self._forget_hint()
        self._hand_end_pending = False
        self._close_end_dialogs()
        self.act_pause.setChecked(c.paused)   # a new game starts unpaused
        seat_names = self.seat_names()
        self._apply_shown_settings()    # the card names of this game's tradition
        self.table.set_game(m.spec.id, seat_names, c.human_seat)
        # (a hand rebuilt by an undo is not dealt again unless it is back at its start)
        self.table.show_view(c.view(), c.deal_events() if not (c.rewound and m.logs[-1]) else [])
        c.hold(self.table.is_dealing())   # the computer players move once the hand is dealt
        if c.rewound:   # an undo, redo or restart rebuilt the match
            self._shown_match = m
            self.undo_commands.rewind_log()
        elif m is not self._shown_match:
            self._shown_match = m
            self._rebuild_log()
        else:
            self._log_hand_heading()
            self.log_dock.add_events(c.events_for_log(m.state.deal_events), self._seating(m))
        self._refresh()
        if m.hand_over() and m.history:  # a game saved between two hands: show how the last one ended
            self._hand_end_pending = True
            QTimer.singleShot(0, self, self._maybe_show_hand_end)

    @Slot(list)
    def _on_changed(self, events: list[Event]) -> None:
        self._thinking_seat = -1  # until the controller says who thinks next
        self._forget_hint()
        self.table.show_view(self.controller.view(), events)
        self._show_captions(events)
        m = self.controller.match
        if m is not None:
            self.log_dock.add_events(self.controller.logged_events, self._seating(m))
        self._refresh()

    @Slot()
    def _on_table_clicked(self) -> None:
        """A click on the table ends a replay, else skips the pause before a computer player's move."""
        if self.controller.replaying:
            self.controller.stop_replay()
        else:
            self.controller.skip_pacing()

    @Slot(bool)
    def _on_paused_changed(self, paused: bool) -> None:
        self.act_pause.setChecked(paused)
        self._refresh()

    @Slot(object, list)
    def _on_replay_frame(self, view: View, events: list[Event]) -> None:
        """One position of the replay of the last round, with the captions of its moves."""
        self.end_replay_key.setEnabled(True)
        self.table.set_thinking(-1)
        self.table.show_view(view, events)
        self._show_captions(events, replay=True)
        self._refresh()

    @Slot()
    def _on_replay_ended(self) -> None:
        """The live position again, as it was before the replay."""
        self.end_replay_key.setEnabled(False)
        c = self.controller
        if c.match is not None:
            self.table.clear_captions()
            self.table.show_view(c.view())
            self.table.set_thinking(self._thinking_seat)
            if self._hint is not None:
                self.table.set_hint(self._hint)
        self._refresh()

    @Slot(int)
    def _on_thinking(self, seat: int) -> None:
        self._thinking_seat = seat
        self.table.set_thinking(seat)
        self._refresh()

    @Slot()
    def _on_hand_ended(self) -> None:
        self._thinking_seat = -1
        self.table.set_thinking(-1)
        self._hand_end_pending = True
        self._refresh()
        m = self.controller.match
        if m is not None and self.table.celebrate(m.state.result().winners):
            return   # the end-of-hand dialog comes when the celebration is over (celebrationDone)
        delay = HAND_END_DELAY.get(self.settings.animation_speed, 1000)
        if delay <= 0:
            self._maybe_show_hand_end()
        else:
            QTimer.singleShot(delay, self, self._maybe_show_hand_end)

    @Slot()
    def _on_dealt(self) -> None:
        """The hand is on the table (dealt, or the deal skipped): the computer players go on."""
        self.controller.hold(False)

    @Slot()
    def _maybe_show_hand_end(self) -> None:
        if not self._hand_end_pending or self.table.celebrating():
            return
        m = self.controller.match
        self._hand_end_pending = False
        if m is None or not m.hand_over() or not m.history:
            return
        if self.coach.hand_over():
            return   # a lesson ends with its own notes and summary
        self.show_hand_end()

    @Slot(object)
    def _on_action_chosen(self, action: Action) -> None:
        if not self.controller.play(action):
            log.info("the table offered %s, which is not playable now", action)

    @Slot(str, str)
    def _on_problem(self, code: str, detail: str) -> None:
        log.warning("controller problem %s: %s", code, detail)
        c = self.controller
        if code in ("bot_failed", "bot_illegal"):
            seat = -1
            try:
                seat = int(detail.split(":", 1)[0].split()[-1])
            except (ValueError, IndexError):
                pass
            if 0 <= seat < len(c.seats) and c.match is not None and seat in c.bots \
                    and not isinstance(c.bots[seat], RandomBot):
                c.bots[seat] = RandomBot(seat, c.match.spec.id)
                name = c.seats[seat].name
                self.log_dock.add_notice(lambda: self.tr("{name}'s computer player ran into a problem; a simpler "
                                                         "one takes over the seat.").format(name=name))
                QTimer.singleShot(0, c, lambda: c.set_paused(c.paused))
            else:
                QMessageBox.warning(self, i18n.latin(lambda: self.tr("A computer player is stuck")),
                                    self.tr("A computer player could not make its move. Your game is saved; "
                                            "start a new game or open a saved one."))
        elif code == "autosave_failed":
            self.log_dock.append([self._autosave_failed_entry()])
            if not self._autosave_warned:
                self._autosave_warned = True
                QMessageBox.warning(self, i18n.latin(lambda: self.tr("Automatic saving failed")),
                                    self.tr("The game could not be saved automatically:") + "\n\n" + detail)

    def _autosave_failed_entry(self) -> LogEntry:
        return LogEntry.notice(lambda: self.tr("The game could not be saved automatically. CekiDesk keeps "
                                               "trying after every move."), "important")

    @Slot()
    def _on_autosave_restored(self) -> None:
        self.log_dock.add_notice(lambda: self.tr("Automatic saving works again."))

    # -- hands --------------------------------------------------------------------------------------
    def show_hand_end(self) -> HandEndDialog | None:
        c = self.controller
        m = c.match
        if m is None or not m.history or not m.hand_over():
            return None
        self._close_end_dialogs()
        dlg = HandEndDialog(m, self.seat_names(), self._you(), self._card_namer(), self)
        dlg.nextHand.connect(self.next_hand)
        dlg.showStandings.connect(self.show_standings)
        QShortcut(QKeySequence("N"), dlg).activated.connect(dlg.next_button.click)
        self.undo_commands.keys_in(dlg)
        self.history.add_play_again(dlg, m, c.seats)
        self.hand_end_dialog = dlg
        dlg.open()  # window-modal, does not block
        self._refresh_score_sheet()
        return dlg

    def next_hand(self) -> None:
        m = self.controller.match
        if m is None or not m.hand_over():
            return
        if m.is_over():
            self.show_standings()
            return
        self._hand_end_pending = False
        self._close_end_dialogs()
        self.controller.next_hand()
        self.give_table_the_keyboard()

    def play_deal_again(self, match: Match, index: int, seats: Sequence[Seat]) -> bool:
        """Start a new match like ``match`` (its game, options, match options and ``seats``) whose
        first hand is dealt exactly as its hand ``index`` was: the same deal number, and for a later
        hand that hand's seed and dealer (kept in the save).  A game in progress is replaced only if
        the player agrees.  True if the new match was put on the table."""
        with self._held():
            if self._in_progress() and QMessageBox.question(
                    self, i18n.latin(lambda: self.tr("Replace the game in progress?")),
                    self.tr("The game in progress will be replaced by a new game that starts with this deal "
                            "(use Game ▸ Save As… first to keep it). Play it?"),
                    QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                    QMessageBox.StandardButton.Yes) != QMessageBox.StandardButton.Yes:
                return False
            again = new_match(match.spec.id, match.n_players, match.seed, match.options, match.match_options,
                              first_deal_of(match, index))
            # the live match's practice/money choice goes with its deal; a saved game's is its mode's
            undo = self.controller.undo_allowed if match is self.controller.match else None
            if not self._begin(again, seats, undo_allowed=undo):
                return False
        self.log_dock.add_notice(lambda: self.tr("Hand {n} of deal no. {seed} dealt again.").format(
            n=index + 1, seed=match.seed))
        return True

    def show_standings(self) -> StandingsDialog | None:
        c = self.controller
        m = c.match
        if m is None or not m.is_over():
            return None
        if self.hand_end_dialog is not None:
            self.hand_end_dialog.close()
            self.hand_end_dialog = None
        dlg = StandingsDialog(m, self.seat_names(), self._you(), self)
        dlg.newGame.connect(lambda: QTimer.singleShot(0, self, self.new_game))
        self.undo_commands.keys_in(dlg)
        self.standings_dialog = dlg
        dlg.open()
        return dlg

    def _close_end_dialogs(self) -> None:
        for attr in ("hand_end_dialog", "standings_dialog"):
            dlg = getattr(self, attr)
            if dlg is not None:
                dlg.close()
                dlg.deleteLater()
                setattr(self, attr, None)

    # -- several people at one computer -----------------------------------------------------------
    def _make_pass_screen(self) -> None:
        """The screen over the table between two people's turns (see ``handover.py``)."""
        self.pass_screen = PassScreen(self.table)
        self.pass_screen.ready.connect(self.controller.reveal)
        self.controller.screenChanged.connect(self._on_screen_changed)

    def _you(self) -> int:
        """The seat the shared texts (the log, the status line at the end of a hand, the end-of-hand
        and score dialogs) call "you": the only person's; with several people nobody's (−1), so
        that every seat is named."""
        c = self.controller
        return c.human_seat if c.log_viewer is not None else -1

    def pass_screen_text(self) -> str:
        """The status line while the table waits for the next person."""
        c = self.controller
        who = c.passing_to()
        return self.tr("Waiting for {name}…").format(name=self.seat_names()[who]) if who is not None else ""

    @Slot()
    def _on_screen_changed(self) -> None:
        """Hide the table between two people's turns (its scene emptied, the screen over it naming
        who is next), or show the view of the person who said they are ready, from their seat."""
        c = self.controller
        m = c.match
        if m is None:
            return
        if c.screened:
            self._forget_hint()
            self.table.set_blank(True)
            who = c.passing_to()
            self.pass_screen.show_for(None if who is None else self.seat_names()[who])
        else:
            self.pass_screen.hide()
            self.table.set_blank(False)
            self.table.set_game(m.spec.id, self.seat_names(), c.human_seat)
            self.table.show_view(c.view())
            self.table.set_thinking(self._thinking_seat)
            self.give_table_the_keyboard()
        self._refresh()

    # -- hint ----------------------------------------------------------------------------------------
    def hint_available(self) -> bool:
        """Whether H asks for a hint now (never while one is being thought about)."""
        c = self.controller
        if not self.settings.hints or c.match is None or not c.waiting_for_human() or c.hint_pending \
                or self.coach.active():   # (a lesson offers only its taught move)
            return False
        try:
            return c.hint_level() is not None
        except EngineError:
            return False

    def show_hint(self) -> bool:
        """Ask the controller for a hint (the Hard level's move, searched in the bot process); the
        window goes on meanwhile and :meth:`_on_hint_ready` shows it.  True if one was asked."""
        if not self.hint_available() or not self.controller.request_hint():
            return False
        self._refresh()   # "Thinking about a hint…", the hint action disabled
        return True

    @Slot(object)
    def _on_hint_ready(self, decision: Decision | None) -> None:
        """Mark the hinted move on the table and say why in one line (the controller sends only
        hints for the position on the table)."""
        c = self.controller
        if decision is not None and self.settings.hints and c.waiting_for_human():
            view = c.view()
            if offered_action(decision.action, view.legal, view.ranges) is not None:
                self._hint = decision.action
                self._hint_say = self._hint_line(decision, view)
                if c.log_viewer is not None:   # (with several people the log is everybody's)
                    self.log_dock.add_notice(self._hint_say)
                self.table.set_hint(decision.action)
            else:
                log.warning("the hint %s is not a legal move", decision.action)
        self._refresh()

    def _forget_hint(self) -> None:
        self._hint = None
        self._hint_say = None
        self.table.set_hint(None)

    def _hint_line(self, decision: Decision, view: View) -> Callable[[], str]:
        """The hint's line, what and why, worded in the language and card names of the moment it is
        read (the status line words it at every refresh, the log again when the language changes)."""
        m = self.controller.match
        assert m is not None, "a hint needs a match"
        ui = game_ui(m.spec.id)

        def say() -> str:
            what = ui.describe_action(decision.action, view)
            why = describe_reasons(decision.reasons, self._card_namer())
            if why:
                return self.tr("Hint: {what} ({why}).").format(what=what, why=why)
            return self.tr("Hint: {what}.").format(what=what)
        return say

    def deal_words(self) -> DealWords:
        """What the game on the table calls a deal ("hand", "round") in the window's sentences."""
        m = self.controller.match
        game_id = m.spec.id if m is not None else (self.settings.last_game_id or DEFAULT_GAME_ID)
        return game_ui(game_id).words

    def _show_captions(self, events: Sequence[Event], replay: bool = False) -> None:
        """Each computer player's move in words beside its seat (in a replay, everyone's), for as long
        as the pace gives; pace 0 (instant) shows none but in a replay."""
        c = self.controller
        m = c.match
        ms = caption_ms(c.replay_ms() if replay else c.pace_ms)
        if m is None or ms <= 0:
            return
        ui, seat_names, namer = game_ui(m.spec.id), self.seat_names(), self._card_namer()
        said: dict[int, list[str]] = {}
        for e in events:
            if e.player is not None and (replay or e.player in c.bots):
                text = ui.caption(e, seat_names, c.human_seat, namer)
                if text:
                    said.setdefault(e.player, []).append(text)
        for seat, texts in said.items():
            self.table.show_caption(seat, "\n".join(texts), ms)

    def describe_action(self, action: Action, view: View) -> str:
        m = self.controller.match
        return game_ui(m.spec.id).describe_action(action, view) if m is not None else str(action)

    # -- status line -----------------------------------------------------------------------------------
    def status_text(self) -> str:
        c = self.controller
        m = c.match
        if m is None:
            return self.tr("No game on the table. Choose Game ▸ New… to start one.")
        if c.replaying:
            return self.tr("The last round again — click the table or press Esc to go back to the game.")
        if c.screened and c.passing_to() is not None:
            return self.pass_screen_text()
        seat_names = self.seat_names()
        human = self._you()
        if m.hand_over():
            text = game_ui(m.spec.id).hand_over_text(m.state.result(), seat_names, human)
            if m.is_over():
                winners = m.winners()
                if m.sides:
                    text += " " + dialogs.winners_text(m, winners, seat_names, human)
                elif len(winners) == 1 and winners[0] == human:
                    text += " " + self.tr("You win the match!")
                elif len(winners) == 1:
                    text += " " + self.tr("{name} wins the match.").format(name=seat_names[winners[0]])
                else:
                    text += " " + self.tr("The match ends in a tie.")
            else:
                text += " " + self.deal_words().press_next()
            return text
        if c.waiting_for_human():
            text = self.your_turn_text(c.view())
            if c.hint_pending:
                text += "  " + self.tr("Thinking about a hint…")
            elif self._hint_say is not None:
                text += "  " + self._hint_say()
            return text
        seat = self._thinking_seat
        if seat < 0:
            to_act = m.state.to_act()
            seat = to_act[0] if to_act else -1
        if 0 <= seat < len(seat_names):
            if c.paused:
                return self.tr("Paused — {name} is next.").format(name=seat_names[seat])
            return self.tr("{name} is thinking…").format(name=seat_names[seat])
        return self.tr("Waiting…")

    def your_turn_text(self, view: View) -> str:
        m = self.controller.match
        if m is None:
            return ""
        return game_ui(m.spec.id).your_turn_text(view, self.seat_names())

    def _refresh(self) -> None:
        """Bring the status line, the title, the info label and the actions up to date."""
        c = self.controller
        m = c.match
        self.status_label.setText(self.status_text())
        if m is None:
            self.setWindowTitle("CekiDesk")
            self.info_label.setText("")
        else:
            # (in the title bar and the task bar, which may have no Javanese font: in Latin letters)
            self.setWindowTitle(i18n.latin(lambda: self.tr("{game} — deal no. {seed} — CekiDesk").format(
                game=names.game_title(m.spec), seed=m.seed)))
            self.info_label.setText(self.deal_words().number(m.hand_index + 1, m.seed))
        self.act_save_as.setEnabled(m is not None)
        self.act_next.setEnabled(m is not None and m.hand_over())
        self.act_next.setText(self.tr(
            "Final &standings") if m is not None and m.is_over() else self.deal_words().next())
        self.act_hint.setEnabled(self.hint_available() and not c.replaying)
        self.act_pause.setEnabled(m is not None and not m.hand_over())
        self.act_step.setEnabled(c.paused and m is not None and not m.hand_over() and not c.waiting_for_human())
        self.act_replay.setEnabled(c.can_replay())
        self.act_hint.setVisible(self.settings.hints)
        self.act_scores.setEnabled(m is not None)
        self.act_continue.setEnabled((m is None or m.is_over()) and self.controller.autosave_exists())
        self.undo_commands.refresh()
        self._refresh_score_sheet()
        self.history.refresh()

    # -- game log --------------------------------------------------------------------------------------
    def _seating(self, m: Match) -> Seating:
        c = self.controller
        return Seating.of(m.spec.id, c.seats, self._you())

    def _hand_heading_entry(self, match: Match | None = None) -> LogEntry:
        """The heading of the current hand (of ``match``, else the controller's), worded whenever the
        log is worded, from what the hand is now: the match moves on to other hands, so the number,
        the dealer and the hand's state are kept as they are at this moment.  Each hand's latest
        heading is kept in ``_headings`` (an undo's log goes back to it)."""
        m = match or self.controller.match
        assert m is not None, "a hand's heading needs a match"
        ui, human = game_ui(m.spec.id), self._you()
        hand = SimpleNamespace(spec=m.spec, hand_index=m.hand_index, dealer=m.dealer, state=m.state)
        entry = self._headings[m.hand_index] = LogEntry.notice(
            lambda: ui.hand_heading(hand, self.seat_names(), human), "heading")
        return entry

    def _log_hand_heading(self) -> None:
        if self.controller.match is not None:
            self.log_dock.append([self._hand_heading_entry()])

    def _rebuild_log(self) -> None:
        """A new or loaded match: the log shows the earlier hands in brief and the current hand in
        full, as the human saw it — the deal, then the events the match kept while its moves were
        played (or replayed from the save), with a line saying so where a giant hand's first
        events were left out."""
        c = self.controller
        m = c.match
        if m is None:
            self.log_dock.clear()
            return
        entries = [LogEntry.notice(lambda: self.tr("{game}, deal no. {seed}").format(
            game=names.game_title(m.spec), seed=m.seed), "heading")]

        def summary(rec: HandRecord) -> Callable[[], str]:
            return lambda: self.deal_words().summary(rec.index + 1, dialogs.hand_summary(m, rec, self.seat_names()))

        entries += [LogEntry.notice(summary(rec)) for rec in m.history[:m.hand_index]]
        entries += self._hand_entries(m)
        if c.autosave_failing:   # (the failure may have been told just before, in the log this one replaces)
            entries.append(self._autosave_failed_entry())
        self.log_dock.show_entries(entries)

    def _hand_entries(self, m: Match) -> list[LogEntry]:
        """The log of ``m``'s current hand as the person saw it (with several people: its public
        events only, :meth:`GameController.events_for_log`): its heading, the deal, then the
        events ``m`` kept while its moves were played (a line saying so where a giant hand's first
        events were left out)."""
        c, seating = self.controller, self._seating(m)
        entries = [self._hand_heading_entry(m)]
        entries += [LogEntry.of_event(e, seating) for e in c.events_for_log(m.state.deal_events)]
        if m.hand_events_dropped:
            entries.append(left_out_notice())
        entries += [LogEntry.of_event(e, seating) for e in c.events_for_log(m.hand_events)]
        return entries

    # -- views and dialogs -----------------------------------------------------------------------------
    def _card_namer(self):
        """Card names in the player's form, and in the game's tradition (the Peranakan names in the
        games that use them, ``names.register_peranakan_game``)."""
        m = self.controller.match
        return names.card_namer(self.settings.card_names, m.spec.id if m is not None else None)

    def show_score_sheet(self) -> ScoreSheetDialog:
        if self.score_dialog is None:
            self.score_dialog = ScoreSheetDialog(self)
        self._refresh_score_sheet(force=True)
        self.score_dialog.show()
        self.score_dialog.raise_()
        return self.score_dialog

    def _refresh_score_sheet(self, force: bool = False) -> None:
        d = self.score_dialog
        if d is not None and (force or d.isVisible()):
            d.show_match(self.controller.match, self.seat_names(), self._you())

    def show_help(self) -> QDialog:
        m = self.controller.match
        game_id = m.spec.id if m is not None else (self.settings.last_game_id or DEFAULT_GAME_ID)
        current = (m.spec.id, m.options) if m is not None else None
        if self.help_dialog is None:
            from .help import HowToPlayDialog
            keys = self.menu_shortcuts()
            self.help_dialog = HowToPlayDialog(keys, self, game_id=game_id, card_names=self.settings.card_names,
                                               current=current)
        else:
            self.help_dialog.set_current(current)
            self.help_dialog.show_game(game_id)
        self.help_dialog.show()
        self.help_dialog.raise_()
        return self.help_dialog

    def game_info(self) -> str:
        m = self.controller.match
        if m is None:
            return ""
        return names.counted(self.tr("{game} with %n player(s), deal no. {seed}. Start a new game with the same "
                                     "deal number and number of players to play the same cards again.", "",
                                     m.n_players), m.n_players).format(game=names.game_title(m.spec), seed=m.seed)

    def show_about(self) -> AboutDialog:
        dlg = AboutDialog(self.game_info(), self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.open()
        return dlg

    def show_settings(self) -> SettingsDialog:
        if self.settings_dialog is not None:
            self.settings_dialog.close()
            self.settings_dialog.deleteLater()
        dlg = SettingsDialog(self.settings, self)
        dlg.settingsChanged.connect(self._settings_changed)
        self.settings_dialog = dlg
        dlg.open()
        return dlg

    @Slot()
    def _settings_changed(self) -> None:
        self._save_settings()
        self.apply_settings()
        self._refresh()

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
                               sort_hand=s.sort_hand, show_codes=s.show_card_codes, card_namer=self._card_namer())
        self.table.set_looks(s.table_colour, s.card_back)
        game = self.controller.match.spec.id if self.controller.match is not None else None
        if (s.card_names, game) != self._log_card_names:
            self._log_card_names = (s.card_names, game)
            self.log_dock.reword(self._card_namer())
        if self.help_dialog is not None and self.help_dialog.card_names != s.card_names:
            self.help_dialog.refresh(s.card_names)
        if not s.hints:
            self._forget_hint()

    def _save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as exc:
            log.warning("cannot save the settings: %s", exc)
            if not self._settings_warned:
                self._settings_warned = True
                QMessageBox.warning(self, i18n.latin(lambda: self.tr("Settings not saved")),
                                    self.tr("Your settings could not be saved; they apply until you quit."))

    def toggle_full_screen(self, checked: bool | None = None) -> None:
        if checked is None:
            checked = not self.isFullScreen()
        if checked:
            self.showFullScreen()
        else:
            self.showNormal()
        self.act_fullscreen.setChecked(bool(checked))

    # -- statistics (cekidesk.ui.statistics: the recorder; .statistics_window: the window) ------------
    def _make_statistics(self) -> None:
        """Load the statistics once, record every finished hand of the person's into them, and offer
        View ▸ Statistics… (Ctrl+I, no toolbar button)."""
        self.statistics = StatisticsStore()
        self.statistics_recorder = StatisticsRecorder(self.controller, self.statistics, self)
        self.statistics_recorder.saveFailed.connect(lambda detail: self.log_dock.add_notice(
            lambda: self.tr("The statistics could not be saved ({detail}); CekiDesk tries again after "
                            "the next hand.").format(detail=detail)))
        self.statistics_dialog: StatisticsDialog | None = None
        self.act_statistics = self._action("", self.show_statistics, "Ctrl+I", "actStatistics")
        self.menu_view.addAction(self.act_statistics)
        self._retranslate_statistics()

    def _retranslate_statistics(self) -> None:
        self.act_statistics.setText(self.tr("S&tatistics…"))

    def show_statistics(self) -> StatisticsDialog:
        """The Statistics window (one, kept up to date while open), on the game under way."""
        if self.statistics_dialog is None:
            m = self.controller.match
            self.statistics_dialog = StatisticsDialog(self.statistics, m.spec.id if m is not None else None, self)
            self.statistics_recorder.recorded.connect(self.statistics_dialog.refresh)
        self.statistics_dialog.show()
        self.statistics_dialog.raise_()
        self.statistics_dialog.activateWindow()
        return self.statistics_dialog

    def _tell_statistics_notice(self) -> None:
        """Say once that the statistics file could not be used and was set aside."""
        notice, self.statistics.notice = self.statistics.notice, None
        if notice is None:
            return
        if notice.problem == "too_large":
            why = self.tr("Your statistics file “{file}” is far too large to be CekiDesk's statistics.")
        elif notice.problem == "newer":
            why = self.tr("Your statistics file “{file}” was written by another version of CekiDesk.")
        elif notice.problem == "not_a_file":
            why = self.tr("The statistics file “{file}” is not an ordinary file.")
        else:
            why = self.tr("Your statistics file “{file}” is damaged.")
        text = why.format(file=notice.path.name) + " " + self.tr("Your statistics start afresh.")
        if notice.kept is not None:
            text += " " + self.tr("The old file is kept, renamed “{kept}”, in {folder}.").format(
                kept=notice.kept.name, folder=str(notice.kept.parent))
        else:
            text += " " + self.tr("The old file could not be moved aside, so nothing is written over it.")
        QMessageBox.warning(self, i18n.latin(lambda: self.tr("Statistics set aside")), text)

    # -- language ---------------------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """Show everything in the language now installed: menus, actions, status line, title, the
        table's plan, the game log and any open dialog (the settings dialog retranslates itself;
        the others are rebuilt)."""
        if not hasattr(self, "act_new"):
            return
        self._retranslate_actions()
        self._retranslate_statistics()
        self._retranslate_learn()
        self._fit_status_font()
        self.table.set_seat_names(self.seat_names())
        self._apply_shown_settings()    # re-plans the table with the new words
        self.log_dock.reword()          # the same lines in the new words
        self._refresh()
        if self.help_dialog is not None:
            visible = self.help_dialog.isVisible()
            self.help_dialog.close()
            self.help_dialog.deleteLater()
            self.help_dialog = None
            if visible:
                self.show_help()
        if self.score_dialog is not None:
            visible = self.score_dialog.isVisible()
            self.score_dialog.close()
            self.score_dialog.deleteLater()
            self.score_dialog = None
            if visible:
                self.show_score_sheet()
        for attr, reopen in (("hand_end_dialog", self.show_hand_end), ("standings_dialog", self.show_standings)):
            dlg = getattr(self, attr)
            if dlg is not None and dlg.isVisible():
                dlg.close()
                setattr(self, attr, None)
                reopen()

    # -- Learn to play (guided first hands: cekidesk/ui/coach.py) -------------------------------------
    def _make_learn(self) -> None:
        """Help ▸ Learn to play… and the coach that runs a lesson in this window."""
        self.coach = Coach(self)
        self.act_learn = self._action("", self.show_lessons, None, "actLearn")
        self.menu_help.insertAction(self.act_about, self.act_learn)
        self._retranslate_learn()

    def _retranslate_learn(self) -> None:
        if hasattr(self, "act_learn"):   # (a language change may come before it is made)
            self.act_learn.setText(self.tr("&Learn to play…"))

    def show_lessons(self) -> bool:
        """Choose a game (the current one chosen) and play its lesson.  True if one was started."""
        m = self.controller.match
        current = m.spec.id if m is not None else self.settings.last_game_id
        with self._held():
            dlg = LessonChooser(current, self)
            game_id = dlg.game_id() if dlg.exec() == QDialog.DialogCode.Accepted else None
        return game_id is not None and self.coach.start(game_id)

    def offer_lesson(self) -> bool:
        """The first start offers a guided hand once (never again, whatever the answer).  True if
        the lesson was started."""
        if self.settings.lesson_offered:
            return False
        self.settings.lesson_offered = True
        self._save_settings()
        ready = lesson_games()
        if not ready:
            return False
        game_id = self.settings.last_game_id if self.settings.last_game_id in ready else ready[0]
        box = offer_box(game_id, self)
        box.exec()
        return box.buttonRole(box.clickedButton()) == QMessageBox.ButtonRole.AcceptRole and self.coach.start(game_id)

    # -- geometry and closing --------------------------------------------------------------------------
    def _restore_geometry(self) -> None:
        g = self.settings.window_geometry
        if g:
            try:
                if self.restoreGeometry(QByteArray.fromBase64(g.encode("ascii"))):
                    return
            except (ValueError, UnicodeError):
                pass
        self.resize(1280, 720)

    def remember_geometry(self) -> None:
        data = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
        try:
            self.settings.window_geometry = data
        except ValueError:
            return

    def closeEvent(self, event: QCloseEvent) -> None:
        self.remember_geometry()
        self._save_settings()
        self.controller.shutdown()   # a computer player thinking now stops at once; no process is left
        for d in (self.help_dialog, self.score_dialog, self.settings_dialog):
            if d is not None:
                d.close()
        self._close_end_dialogs()
        super().closeEvent(event)

