"""Games on and off the table: the app's start (a file given, the unfinished game, the New Game
dialog), New Game, Continue, Game ▸ Open, Save As, files handed to the running app, "Play this deal
again" — each put on the table (:meth:`GameFiles.begin`) only once whatever can fail has been done."""
from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer, Slot
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMessageBox, QWidget

from cekidesk.engine.core import EngineError
from cekidesk.engine.match import Match
from cekidesk.games import new_match
from cekidesk.persistence import paths
from cekidesk.persistence.files import clean_stale_temp_files
from cekidesk.persistence.saves import SaveFileError, Seat, load_autosave, load_match
from cekidesk.persistence.settings import SettingsNotice

from ... import dialogs
from ...dialogs.new_game import NewGameConfig, NewGameDialog, random_seed
from ...foundations import i18n
from ..history import first_deal_of
from ..interface import Feature, WindowInterface

log = logging.getLogger(__name__)


def _question(parent: QWidget, title: Callable[[], str], text: str) -> bool:
    """Ask (Yes, the default, or No); True: Yes."""
    answer = QMessageBox.question(parent, i18n.latin(title), text,
                                  QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                  QMessageBox.StandardButton.Yes)
    return answer == QMessageBox.StandardButton.Yes


class GameFiles(Feature):
    """The window hands it ``set_file`` (the file the game now belongs to: undo's Save), ``before_start``
    (what is closed before another match goes on the table), ``tell_notices`` (the start's notices of
    files set aside) and ``offer_lesson`` (the first start's offer)."""

    def __init__(self, window: WindowInterface, set_file: Callable[[Path | None], None],
                 before_start: Callable[[], None], tell_notices: Callable[[], None],
                 offer_lesson: Callable[[], bool], settings_notice: SettingsNotice | None):
        super().__init__(window.widget())
        self.window = window
        self.set_file, self.before_start, self.tell_notices = set_file, before_start, tell_notices
        self.offer_lesson = offer_lesson
        self._settings_notice = settings_notice
        self._bad_autosave = False
        self._cli_seed: int | None = None
        self._requested: list[str] = []   # files handed to the app, waiting for the start or a dialog
        self._started = False
        self._last_config: NewGameConfig | None = None   # the last New Game's choices (F2 repeats them)
        window.widget().installEventFilter(self)

    # -- the start ------------------------------------------------------------------------------
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
        self.tell_notices()
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
                    self.window.widget(), i18n.latin(lambda: QCoreApplication.translate(
                        "MainWindow", "Your last game cannot be continued")),
                    exc.translated(QCoreApplication.translate) + "\n\n" + QCoreApplication.translate(
                        "MainWindow", "The file is left as it is until you start a new game; "
                        "it is then kept beside the new autosave as “autosave.bad”."))
            if loaded is not None and dialogs.ask_continue(self.window.widget(), loaded) and self.begin(
                    loaded.match, loaded.seats, loaded.undo_allowed, loaded.undone_hands):
                return
            if offer_lesson and self.offer_lesson():
                return
        self.new_game()

    def _tell_settings_notice(self) -> None:
        """Say once that the settings file could not be used, wholly or in part (see read_settings)."""
        notice, self._settings_notice = self._settings_notice, None
        if notice is None:
            return
        if notice.problem in ("damaged", "invalid_values"):
            QMessageBox.warning(self.window.widget(), i18n.latin(
                lambda: QCoreApplication.translate("MainWindow", "Settings not used")),
                notice.message(QCoreApplication.translate))
            return
        if notice.problem == "too_large":
            why = QCoreApplication.translate(
                "MainWindow", "Your settings file “{file}” is far too large to be CekiDesk's settings.")
        else:
            why = QCoreApplication.translate("MainWindow", "The settings file “{file}” is not an ordinary file.")
        text = why.format(file=notice.path.name) + " " + QCoreApplication.translate(
            "MainWindow", "CekiDesk starts with the default settings.")
        if notice.kept is not None:
            text += " " + QCoreApplication.translate(
                "MainWindow", "The file was not read; it is kept, renamed “{kept}”, in {folder}.").format(
                kept=notice.kept.name, folder=str(notice.kept.parent))
        QMessageBox.warning(self.window.widget(), i18n.latin(
            lambda: QCoreApplication.translate("MainWindow", "Settings not used")), text)

    def in_progress(self) -> bool:
        m = self.window.controller.match
        return m is not None and not m.is_over()

    # -- new games ------------------------------------------------------------------------------
    def new_game(self) -> bool:
        """Show the New Game dialog; start the game chosen.  True if a game was started."""
        w = self.window
        with w.held():
            dlg = NewGameDialog(w.settings, w.widget(), seed=self._cli_seed, in_progress=self.in_progress())
            self._cli_seed = None
            started = dlg.exec() == QDialog.DialogCode.Accepted and self.start_new_game(dlg.config())
        w.refresh()
        return started

    def start_new_game(self, config: NewGameConfig) -> bool:
        try:
            match = new_match(config.game_id, len(config.seats), config.seed, config.options, config.match_options)
        except EngineError as exc:
            log.warning("cannot start %s: %s", config, exc)
            QMessageBox.warning(self.window.widget(), i18n.latin(
                lambda: QCoreApplication.translate("MainWindow", "Cannot start this game")),
                QCoreApplication.translate("MainWindow", "These choices do not make a game CekiDesk can deal."))
            return False
        s = self.window.settings
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
            self.window.save_settings()   # (a file written and flushed to disk is a few ms of the deal)
        if not self.begin(match, config.seats, config.undo_allowed):
            return False
        self._last_config = config
        return True

    def same_again(self) -> bool:
        """F2: a new game with the same choices as the last one (the last New Game's game, seats,
        options, match options and undo choice; else those of the game on the table, continued or
        opened) and a new deal number, as solitaire apps do; with no game yet, the New Game dialog.
        A game in progress is replaced only if the player agrees.  True if a game was started."""
        config = self._last_config or self._config_on_table()
        if config is None:
            return self.new_game()
        w = self.window
        with w.held():
            started = (not self.in_progress() or _question(
                w.widget(), lambda: QCoreApplication.translate("MainWindow", "Replace the game in progress?"),
                QCoreApplication.translate("NewGameDialog", "The game in progress will be replaced by the new one "
                                           "(use Game ▸ Save As… first to keep it)."))) and self.start_new_game(
                dataclasses.replace(config, seed=random_seed(), seed_chosen=False))
        w.refresh()
        return started

    def _config_on_table(self) -> NewGameConfig | None:
        """The choices the match on the table was started with (None: no match)."""
        c = self.window.controller
        m = c.match
        if m is None:
            return None
        return NewGameConfig(m.spec.id, list(c.seats), m.seed, m.options.model_dump(mode="json"),
                             m.match_options.model_dump(mode="json"), undo_allowed=c.undo_allowed)

    def begin(self, match: Match, seats: Sequence[Seat], undo_allowed: bool | None = None,
              undone_hands: Iterable[int] = ()) -> bool:
        """Put a new or loaded match on the table (the old session is forgotten).  What can fail
        (making the computer players) is done first: if it fails, the player is told and nothing of
        the current session, the table or the autosave has changed.  True if the match was put on."""
        c = self.window.controller
        try:
            bots = c.make_bots(match, seats, self.window.settings.bot_budgets())
        except ValueError as exc:
            log.warning("cannot seat the players of %s: %s", match.spec.id, exc)
            QMessageBox.warning(self.window.widget(), i18n.latin(
                lambda: QCoreApplication.translate("MainWindow", "Cannot play this game")),
                QCoreApplication.translate(
                    "MainWindow", "CekiDesk cannot seat the players of this game, so it cannot be played. "
                    "Nothing was changed."))
            return False
        if self._bad_autosave:
            self._set_aside_bad_autosave()
        self.before_start()
        c.paused = False
        c.start(match, seats, bots, undo_allowed=undo_allowed, undone_hands=undone_hands)
        self.set_file(None)
        return True

    def _set_aside_bad_autosave(self) -> None:
        """Keep the damaged autosave as autosave.bad (never overwrite or delete it)."""
        self._bad_autosave = False
        self.window.controller.flush_autosave()
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
        self.window.controller.flush_autosave()
        parent = self.window.widget()
        try:
            loaded = load_autosave()
        except SaveFileError as exc:
            self._bad_autosave = True
            QMessageBox.warning(parent, i18n.latin(lambda: QCoreApplication.translate(
                "MainWindow", "Your last game cannot be continued")), exc.translated(QCoreApplication.translate))
            return
        if loaded is None:
            QMessageBox.information(
                parent, i18n.latin(lambda: QCoreApplication.translate("MainWindow", "Continue")),
                QCoreApplication.translate("MainWindow", "There is no unfinished game to continue."))
            return
        self.begin(loaded.match, loaded.seats, loaded.undo_allowed, loaded.undone_hands)

    def play_deal_again(self, match: Match, index: int, seats: Sequence[Seat]) -> bool:
        """Start a new match like ``match`` (its game, options, match options and ``seats``) whose
        first hand is dealt exactly as its hand ``index`` was: the same deal number, and for a later
        hand that hand's seed and dealer (kept in the save).  A game in progress is replaced only if
        the player agrees.  True if the new match was put on the table."""
        c = self.window.controller
        with self.window.held():
            if self.in_progress() and not _question(
                    self.window.widget(), lambda: QCoreApplication.translate(
                        "MainWindow", "Replace the game in progress?"),
                    QCoreApplication.translate(
                        "MainWindow", "The game in progress will be replaced by a new game that starts with this "
                        "deal (use Game ▸ Save As… first to keep it). Play it?")):
                return False
            again = new_match(match.spec.id, match.n_players, match.seed, match.options, match.match_options,
                              first_deal_of(match, index))
            # the live match's practice/money choice goes with its deal; a saved game's is its mode's
            undo = c.undo_allowed if match is c.match else None
            if not self.begin(again, seats, undo_allowed=undo):
                return False
        self.window.log_dock.add_notice(lambda: QCoreApplication.translate(
            "MainWindow", "Hand {n} of deal no. {seed} dealt again.").format(n=index + 1, seed=match.seed))
        return True

    # -- files ----------------------------------------------------------------------------------
    @staticmethod
    def _file_filter() -> str:
        """The file dialogs' filter (in Latin letters: a native file dialog is drawn by the system)."""
        return i18n.latin(lambda: QCoreApplication.translate(
            "MainWindow", "CekiDesk games (*{ext});;All files (*)").format(ext=paths.SAVE_EXTENSION))

    def open_dialog(self) -> None:
        """Game ▸ Open (Ctrl+O): choose a file; a game in progress is only replaced once the player
        agrees, as with New Game."""
        with self.window.held():
            start = paths.saves_dir()
            try:
                start.mkdir(parents=True, exist_ok=True)
            except OSError:
                start = Path.home()
            path, _ = QFileDialog.getOpenFileName(
                self.window.widget(), i18n.latin(lambda: QCoreApplication.translate("MainWindow", "Open a saved game")),
                str(start), self._file_filter())
            if path:
                self.open_chosen(path)

    def open_chosen(self, path: str) -> bool:
        """Open a file the player chose, as Game ▸ Open does: the computer players wait, and a game in
        progress is replaced only if the player agrees (it stays in the autosave until then)."""
        with self.window.held():
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

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.WindowUnblocked and self._requested:
            # (a dialog just closed; the code that showed it goes on first)
            QTimer.singleShot(0, self, self._open_requested)
        return False

    @Slot()
    def come_forward(self) -> None:
        """Raise and activate the window (a second ``cekidesk`` asked for it), restored if minimised,
        with its open dialog on top (without a window manager nothing else keeps it there)."""
        w = self.window.widget()
        if w.isMinimized():
            w.showNormal()
        for top in (w, QApplication.activeModalWidget()):
            if top is not None:
                top.raise_()
                top.activateWindow()

    def open_file(self, path: str | Path, ask: bool = False) -> bool:
        """Load a save and continue it; with ``ask``, a game in progress is replaced only if the player
        agrees.  A bad file gets a message box and nothing changes.  True if the game was opened."""
        try:
            loaded = load_match(path)
        except SaveFileError as exc:
            log.info("cannot open %s: %s (%s)", path, exc, exc.reason)
            QMessageBox.warning(self.window.widget(), i18n.latin(
                lambda: QCoreApplication.translate("MainWindow", "Cannot open this file")),
                exc.translated(QCoreApplication.translate))
            return False
        name = Path(path).name
        if ask and self.in_progress() and not _question(
                self.window.widget(), lambda: QCoreApplication.translate("MainWindow", "Replace the game in progress?"),
                QCoreApplication.translate(
                    "MainWindow", "The game in progress will be replaced by the one in “{file}” (use Game ▸ Save "
                    "As… first to keep it). Open it?").format(file=name)):
            return False
        if not self.begin(loaded.match, loaded.seats, loaded.undo_allowed, loaded.undone_hands):
            return False
        self.set_file(Path(path))
        self.window.log_dock.add_notice(lambda: QCoreApplication.translate(
            "MainWindow", "Opened {file}.").format(file=name))
        return True

    def save_as_dialog(self) -> bool:
        c = self.window.controller
        if c.match is None:
            return False
        folder = paths.saves_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = Path.home()
        suggested = folder / f"{c.match.spec.id}-{datetime.now():%Y-%m-%d-%H%M}{paths.SAVE_EXTENSION}"
        path, _ = QFileDialog.getSaveFileName(
            self.window.widget(), i18n.latin(lambda: QCoreApplication.translate("MainWindow", "Save the game as")),
            str(suggested), self._file_filter())
        return bool(path) and self.save_to(path)

    def save_to(self, path: str | Path) -> bool:
        p = paths.with_save_extension(path)
        parent = self.window.widget()
        if p != Path(path) and p.exists():
            answer = QMessageBox.question(
                parent, i18n.latin(lambda: QCoreApplication.translate("MainWindow", "Replace the file?")),
                QCoreApplication.translate("MainWindow", "“{file}” already exists. Replace it?").format(file=p.name))
            if answer != QMessageBox.StandardButton.Yes:
                return False
        try:
            self.window.controller.save_as(p)
        except SaveFileError as exc:
            QMessageBox.warning(parent, i18n.latin(
                lambda: QCoreApplication.translate("MainWindow", "The game was not saved")),
                exc.translated(QCoreApplication.translate))
            return False
        self.set_file(p)
        self.window.log_dock.add_notice(lambda: QCoreApplication.translate(
            "MainWindow", "Game saved as {file}.").format(file=p.name))
        return True
