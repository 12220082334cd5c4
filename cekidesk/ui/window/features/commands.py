"""The window's menus and toolbar: its commands (QActions, found by their object names), their keys,
texts and tooltips, whether each can be used now, and the table of keys the help shows."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QToolBar

from cekidesk.games import games, get_game

from ...foundations import names
from ...games import game_ui
from ..interface import Change, Feature, Slot0, WindowInterface

# the window's own commands: object name, key (None: none) — the slot of each is the window's
COMMANDS: tuple[tuple[str, QKeySequence.StandardKey | str | None], ...] = (
    ("actNew", QKeySequence.StandardKey.New), ("actSameAgain", "F2"), ("actContinue", None),
    ("actOpen", QKeySequence.StandardKey.Open),
    ("actSaveAs", "Ctrl+Shift+S"), ("actQuit", "Ctrl+Q"), ("actNextHand", "N"), ("actHint", "H"),
    ("actFullScreen", "F11"), ("actScoreSheet", "Ctrl+T"), ("actSettings", QKeySequence.StandardKey.Preferences),
    ("actHelp", "F1"), ("actNetworkHelp", None), ("actAbout", None))


def _opener(edit: Callable[[str], None], game_id: str) -> Callable[[], None]:
    return lambda: edit(game_id)


class Commands(Feature):
    """The actions (``act_new`` …), ``menu_game``, ``menu_view``, ``menu_help`` and ``toolbar``.  The
    window hands it the slot of each of its own commands by object name (``slots``), a game's rule
    editor (``edit_rule_sets``), whether a hint can be asked (``hint_available``) and the other
    features' actions it places: Save, the undo actions, History, Statistics, Learn to play."""

    def __init__(self, window: WindowInterface, slots: Mapping[str, Slot0], edit_rule_sets: Callable[[str], None],
                 hint_available: Callable[[], bool], placed: Mapping[str, QAction], undo_actions: Sequence[QAction],
                 undo_shortcuts: Callable[[], list[tuple[QAction, str]]]):
        super().__init__(window.widget())
        self.window = window
        self.hint_available, self.placed, self.undo_shortcuts = hint_available, placed, undo_shortcuts
        made = {name: window.add_action("", slots[name], key, name) for name, key in COMMANDS}
        self.act_new, self.act_continue, self.act_open = made["actNew"], made["actContinue"], made["actOpen"]
        self.act_same_again = made["actSameAgain"]
        self.act_save_as, self.act_quit, self.act_next = made["actSaveAs"], made["actQuit"], made["actNextHand"]
        self.act_hint, self.act_fullscreen = made["actHint"], made["actFullScreen"]
        self.act_scores = made["actScoreSheet"]
        self.act_settings, self.act_help, self.act_about = made["actSettings"], made["actHelp"], made["actAbout"]
        self.act_network_help = made["actNetworkHelp"]
        self.act_quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.act_settings.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.act_about.setMenuRole(QAction.MenuRole.AboutRole)
        self.act_fullscreen.setCheckable(True)
        c = window.controller
        # Space pauses too, from the table while nothing of the person's is to choose (pauseKey)
        self.act_pause = window.add_action("", c.set_paused, "Pause", "actPause")
        self.act_pause.setCheckable(True)
        window.table.pauseKey.connect(self.act_pause.trigger)
        self.act_step = window.add_action("", lambda: c.step(), ".", "actStep")
        self.act_replay = window.add_action("", lambda: c.start_replay(), "Ctrl+R", "actReplay")
        self.act_log = window.log_dock.toggleViewAction()
        self.act_log.setShortcut(QKeySequence("Ctrl+L"))
        self.act_log.setObjectName("actGameLog")
        window.widget().addAction(self.act_log)
        # Game ▸ <game> rule sets…: the editor of each game that has one (GameUI.edits_options)
        self.act_rule_sets = {spec.id: window.add_action("", _opener(edit_rule_sets, spec.id), None,
                                                         f"actRuleSets_{spec.id}")
                              for spec in games() if game_ui(spec.id).edits_options}
        # the games' move keys (D, T, 1…9 …) work wherever the keyboard is in the window; arrows,
        # Enter and Space stay the table's own (they also move through menus and buttons)
        self.game_shortcuts = []
        for key in window.table.game_keys():
            sc = QShortcut(QKeySequence(key), window.widget(), context=Qt.ShortcutContext.WindowShortcut)
            sc.activated.connect(lambda key=key: window.table.press_key(key))
            self.game_shortcuts.append(sc)
        self._make_menus(undo_actions)
        self.retranslate()

    def _make_menus(self, undo_actions: Sequence[QAction]) -> None:
        w, placed = self.window.widget(), self.placed
        mb = w.menuBar()
        game = self.menu_game = mb.addMenu("")
        game.addActions([self.act_new, self.act_same_again, self.act_continue, self.act_open, placed["save"],
                         self.act_save_as])
        game.addSeparator()
        game.addActions(list(undo_actions))
        game.addSeparator()
        game.addActions([self.act_hint, self.act_next])
        game.addSeparator()
        game.addActions([self.act_pause, self.act_step, self.act_replay, placed["history"]])
        game.addSeparator()
        game.addAction(self.act_settings)   # in a menu, so the arrow keys move across the menu bar
        game.addActions(list(self.act_rule_sets.values()))
        game.addSeparator()
        game.addAction(self.act_quit)
        view = self.menu_view = mb.addMenu("")
        view.addActions([self.act_fullscreen, self.act_log, self.act_scores, placed["statistics"]])
        helpm = self.menu_help = mb.addMenu("")
        helpm.addActions([self.act_help, self.act_network_help, placed["learn"], self.act_about])

        tb = self.toolbar = QToolBar(w)
        tb.setObjectName("mainToolBar")
        tb.setMovable(False)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        tb.addAction(self.act_new)
        tb.addSeparator()
        tb.addActions([self.act_hint, self.act_next])
        tb.addSeparator()
        tb.addActions([self.act_pause, self.act_step, self.act_replay])
        tb.addSeparator()
        tb.addActions([self.act_scores, self.act_log])
        w.addToolBar(Qt.ToolBarArea.TopToolBarArea, tb)

    def retranslate(self) -> None:
        """The texts of the actions, menus, toolbar and dock."""
        texts = ((self.act_new, QCoreApplication.translate("MainWindow", "Ne&w…")),
                 (self.act_same_again, QCoreApplication.translate("MainWindow", "New &game, same choices")),
                 (self.act_continue, QCoreApplication.translate("MainWindow", "&Continue")),
                 (self.act_open, QCoreApplication.translate("MainWindow", "&Open…")),
                 (self.act_save_as, QCoreApplication.translate("MainWindow", "Save &As…")),
                 (self.act_quit, QCoreApplication.translate("MainWindow", "&Quit")),
                 (self.act_next, self.window.deal_words().next()),
                 (self.act_hint, QCoreApplication.translate("MainWindow", "&Hint")),
                 (self.act_fullscreen, QCoreApplication.translate("MainWindow", "&Full screen")),
                 (self.act_pause, QCoreApplication.translate("MainWindow", "&Pause")),
                 (self.act_step, QCoreApplication.translate("MainWindow", "S&tep")),
                 (self.act_replay, QCoreApplication.translate("MainWindow", "Show the &last round again")),
                 (self.act_log, QCoreApplication.translate("MainWindow", "Game &log")),
                 (self.act_scores, QCoreApplication.translate("MainWindow", "&Score sheet")),
                 (self.act_settings, QCoreApplication.translate("MainWindow", "S&ettings…")),
                 (self.act_help, QCoreApplication.translate("MainWindow", "&How to play")),
                 (self.act_network_help, QCoreApplication.translate("MainWindow", "Playing with &others")),
                 (self.act_about, QCoreApplication.translate("MainWindow", "&About CekiDesk")))
        for a, text in texts:
            a.setText(text)
        for gid, a in self.act_rule_sets.items():
            a.setText(QCoreApplication.translate("MainWindow", "{game} rule sets…").format(
                game=names.game_title(get_game(gid))))
        self.menu_game.setTitle(QCoreApplication.translate("MainWindow", "&Game"))
        self.menu_view.setTitle(QCoreApplication.translate("MainWindow", "&View"))
        self.menu_help.setTitle(QCoreApplication.translate("MainWindow", "&Help"))
        self.toolbar.setWindowTitle(QCoreApplication.translate("MainWindow", "Game"))
        self.act_pause.setToolTip(QCoreApplication.translate(
            "MainWindow", "Stop the computer players, or let them go on (Space)"))
        for a in (self.act_hint, self.act_next, self.act_new, self.act_same_again, self.act_scores, self.act_step,
                  self.act_replay):
            if not a.shortcut().isEmpty():
                key = a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                a.setToolTip(f"{a.text().replace('&', '')} ({key})")
        self.window.log_dock.setWindowTitle(QCoreApplication.translate("GameLogDock", "Game log"))

    def menu_shortcuts(self) -> list[tuple[str, str]]:
        """(key, what it does) for the window's commands, for the help page."""
        what = (
            (self.act_new, QCoreApplication.translate("MainWindow", "Start a new game")),
            (self.act_same_again, QCoreApplication.translate(
                "MainWindow", "A new game with the same choices as the last one (a new deal)")),
            (self.act_open, QCoreApplication.translate("MainWindow", "Open a saved game")),
            *self.undo_shortcuts(),
            (self.act_save_as, QCoreApplication.translate("MainWindow", "Save the game as a file")),
            (self.act_hint, QCoreApplication.translate(
                "MainWindow", "Hint: the move a Hard computer player would make now")),
            (self.act_next, self.window.deal_words().next_help()),
            (self.act_scores, QCoreApplication.translate("MainWindow", "Score sheet")),
            (self.act_pause, QCoreApplication.translate(
                "MainWindow", "Pause the computer players or let them go on (also Space)")),
            (self.act_step, QCoreApplication.translate("MainWindow", "While paused: one computer player's move")),
            (self.act_replay, QCoreApplication.translate(
                "MainWindow", "Show every move since your last turn again (a click or Esc ends it)")),
            (self.placed["history"], QCoreApplication.translate(
                "MainWindow", "Hand history: replay a finished hand, or play its deal again")),
            (self.act_log, QCoreApplication.translate("MainWindow", "Show or hide the game log")),
            (self.act_settings, QCoreApplication.translate("MainWindow", "Settings")),
            (self.act_fullscreen, QCoreApplication.translate("MainWindow", "Full screen on or off")),
            (self.act_help, QCoreApplication.translate("MainWindow", "How to play")),
            (self.act_quit, QCoreApplication.translate("MainWindow", "Quit (the game is saved)")))
        return [(a.shortcut().toString(QKeySequence.SequenceFormat.NativeText), text)
                for a, text in what if not a.shortcut().isEmpty()]

    def playing(self) -> list[QAction]:
        """The commands that play (off while a finished hand is replayed)."""
        return [self.act_next, self.act_hint, self.act_pause, self.act_step, self.act_replay]

    def on_changed(self, change: Change) -> None:
        if change.kind in ("started", "paused"):
            self.act_pause.setChecked(change.changes.paused)   # a new game starts unpaused

    def refresh(self) -> None:
        c = self.window.controller
        m = c.match
        self.act_save_as.setEnabled(m is not None)
        self.act_next.setEnabled(m is not None and m.hand_over())
        self.act_next.setText(QCoreApplication.translate("MainWindow", "Final &standings")
                              if m is not None and m.is_over() else self.window.deal_words().next())
        self.act_hint.setEnabled(self.hint_available() and not c.replaying)
        self.act_pause.setEnabled(m is not None and not m.hand_over())
        self.act_step.setEnabled(c.paused and m is not None and not m.hand_over() and not c.waiting_for_human())
        self.act_replay.setEnabled(c.can_replay())
        self.act_hint.setVisible(self.window.settings.hints)
        self.act_scores.setEnabled(m is not None)
        self.act_continue.setEnabled((m is None or m.is_over()) and c.autosave_exists())
