"""The window's Undo, Redo, Restart this deal and Save: the actions, their keys and what they say,
and the file the game belongs to (shown in the title, ``[*]`` while moves are not saved to it).

The controller does the work (:meth:`GameController.undo` …: the match is replayed from its log
without the tail taken back); this module only offers it.  Whether a match may take moves back is
chosen when it starts (the New Game dialog: a practice match may, a money match never) and kept in
its save; when it may not, the actions are disabled and say why, and Ctrl+Z says it in the status
bar.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Slot
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QMessageBox

from ...foundations import i18n
from ..interface import Feature, WindowInterface

# how long the status bar says why Ctrl+Z does nothing (ms)
REFUSED_MS = 5000
# Redo's key on every platform (the platforms' own, such as Ctrl+Y, work too)
REDO_KEY = "Ctrl+Shift+Z"


def unique(keys: list[QKeySequence]) -> list[QKeySequence]:
    """``keys`` without repeats, in their order."""
    out: list[QKeySequence] = []
    for k in keys:
        if k not in out:
            out.append(k)
    return out


class UndoCommands(Feature):
    """Game ▸ Save, Undo, Redo and Restart this deal of one window.  The window hands it how to save
    as a new file (``save_as``, asking for its name) and to a file (``save_to``)."""

    def __init__(self, window: WindowInterface, save_as: Callable[[], bool], save_to: Callable[[Path], bool]):
        super().__init__(window.widget())
        self.window = window
        self.save_as, self.save_to = save_as, save_to
        w = window
        self.act_save = w.add_action("", self.save, QKeySequence.StandardKey.Save, "actSave")
        self.act_undo = w.add_action("", self.undo, None, "actUndo")
        self.act_undo.setShortcuts(QKeySequence.StandardKey.Undo)
        self.act_redo = w.add_action("", self.redo, None, "actRedo")
        # Ctrl+Shift+Z first everywhere (the help names it), then the platform's other Redo keys (Ctrl+Y)
        redo_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
        self.act_redo.setShortcuts(unique([QKeySequence(REDO_KEY), *redo_keys]))
        self.act_restart = w.add_action("", self.restart_deal, None, "actRestartDeal")
        # with undo off the actions are disabled, so their keys reach nothing: these say why
        self.refused_keys = [QShortcut(key, w.widget(), self.say_refused)
                             for key in self.act_undo.shortcuts() + self.act_redo.shortcuts()]
        #: the file the game was opened from or last saved to (None: only the autosave)
        self.file: Path | None = None
        self._file_state: tuple | None = None   # what the file holds (see _state)
        self.retranslate()

    # -- the menu -------------------------------------------------------------------------------
    def actions(self) -> list[QAction]:
        return [self.act_undo, self.act_redo, self.act_restart]

    def retranslate(self) -> None:
        self.act_save.setText(self.tr("&Save"))
        self.act_redo.setText(self.tr("&Redo"))
        self.act_restart.setText(self.tr("Restart this &deal"))
        self.refresh()

    def shortcuts(self) -> list[tuple[QAction, str]]:
        """(action, what it does) for the help's table of keys."""
        return [(self.act_save, self.tr("Save the game (to its file, or as a new one)")),
                (self.act_undo, self.tr("Take back your last move and the computer players' moves after it")),
                (self.act_redo, self.tr("Play the moves taken back again"))]

    def off_reason(self) -> str:
        """Why moves cannot be taken back in this match ("" when they can)."""
        c = self.window.controller
        if c.match is None or c.undo_allowed:
            return ""
        if c.match.match_options.mode == "money":
            return self.tr("Undo is off in a money match.")
        return self.tr("Undo is off in this match.")

    def refresh(self) -> None:
        """The actions' state and words, and the file in the title (after the window's refresh)."""
        c, w = self.window.controller, self.window.widget()
        why = self.off_reason()
        self.act_undo.setText(self.tr("&Undo") if not why else self.tr("&Undo (off in this match)"))
        for a in (self.act_undo, self.act_redo, self.act_restart):
            a.setToolTip(why or self._key_tip(a))
            a.setStatusTip(why)
        self.act_undo.setEnabled(c.can_undo())
        self.act_redo.setEnabled(c.can_redo())
        self.act_restart.setEnabled(c.can_restart())
        self.act_save.setEnabled(c.match is not None)
        for key in self.refused_keys:
            key.setEnabled(bool(why))
        if self.file is not None and c.match is not None:
            w.setWindowTitle(f"{self.file.name}[*] — {w.windowTitle()}")
            w.setWindowModified(self._state() != self._file_state)
        else:
            w.setWindowModified(False)

    @staticmethod
    def _key_tip(a: QAction) -> str:
        key = a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        return f"{a.text().replace('&', '')} ({key})" if key else ""

    def keys_in(self, dialog: QDialog) -> None:
        """Undo and Redo by their keys also while ``dialog`` (the end of a hand, the standings: modal
        for the window) is open: undoing the hand's last move closes it and opens the hand again."""
        for action, slot in ((self.act_undo, self.undo), (self.act_redo, self.redo)):
            for key in action.shortcuts():
                QShortcut(key, dialog, slot)

    # -- the commands ---------------------------------------------------------------------------
    @Slot()
    def undo(self) -> None:
        if not self.window.controller.undo():
            self.say_refused()

    @Slot()
    def redo(self) -> None:
        if not self.window.controller.redo():
            self.say_refused()

    @Slot()
    def say_refused(self) -> None:
        """Ctrl+Z (or Ctrl+Shift+Z) with undo off: the status bar says why, for a few seconds."""
        why = self.off_reason()
        if why:
            self.window.widget().statusBar().showMessage(why, REFUSED_MS)

    @Slot()
    def restart_deal(self) -> bool:
        """Play the deal on the table again from its start, once the player agrees (its moves are
        taken back; Redo plays them again)."""
        w = self.window
        if not w.controller.can_restart():
            return False
        with w.held():
            answer = QMessageBox.question(
                w.widget(), i18n.latin(lambda: self.tr("Restart this deal?")),
                self.tr("The moves made in this deal are taken back and it starts again with the same "
                        "cards (Redo plays them again until a new move is made). Restart it?"),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
            if answer != QMessageBox.StandardButton.Yes:
                return False
        return w.controller.restart_deal()

    @Slot()
    def save(self) -> bool:
        """Game ▸ Save (Ctrl+S): to the game's file, or asked for a name as Save As does."""
        if self.window.controller.match is None:
            return False
        if self.file is None:
            return self.save_as()
        return self.save_to(self.file)

    # -- the file -------------------------------------------------------------------------------
    def set_file(self, path: Path | None) -> None:
        """The game now belongs to ``path`` (opened from it or saved to it; None: a new game)."""
        self.file = path
        self._file_state = self._state() if path is not None else None
        self.window.refresh()

    def _state(self) -> tuple:
        """What a save of the game now would hold that changes with play (compared with the file's)."""
        c = self.window.controller
        m = c.match
        if m is None:
            return ()
        return m.logs.key(), c.undone_hands   # (the finished hands' packed moves: none read again)
