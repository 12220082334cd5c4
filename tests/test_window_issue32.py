"""Issue 32 in the window: F2 (a new game with the same choices), the first window's size, the
first match a practice one, several people's names, unique accelerators in every language, the log
following after a language change, the aksara Jawa entry of Settings, and Enter with nothing chosen."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMessageBox

from cekidesk.games import new_match
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.main_window import MainWindow

guard_none_refcount()

SEATS = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("beginner", "Sari")]


def make_window(qtbot, **kw) -> MainWindow:
    w = MainWindow(Settings(**{"animation_speed": "off", "bot_pace_ms": 0, **kw}))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    return w


@pytest.fixture
def window(qtbot, boxes):
    w = make_window(qtbot)
    w.show()
    yield w
    w.close()


def action(w: MainWindow, name: str) -> QAction:
    a = w.findChild(QAction, name)
    assert a is not None, name
    return a


# -- 1. F2: a new game with the same choices -----------------------------------------------------

def test_f2_starts_a_new_game_with_the_last_choices_and_a_new_deal(qtbot, window, monkeypatch):
    w, c = window, window.controller
    f2 = action(w, "actSameAgain")
    assert f2.shortcut() == QKeySequence("F2") and f2 in w.menu_game.actions()
    assert action(w, "actNew").shortcut() == QKeySequence(QKeySequence.StandardKey.New)   # Ctrl+N: the dialog
    assert "F2" in dict(w.menu_shortcuts())
    config = NewGameConfig("ceki", list(SEATS), 4242, {"iyo_one_rank": True},
                           {"mode": "target", "target": 150}, True, undo_allowed=False)
    assert w.start_new_game(config)
    first = c.match
    asked: list[str] = []

    def question(parent, title, text, *args):
        asked.append(title)
        return QMessageBox.StandardButton.Yes
    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    monkeypatch.setattr(NewGameDialog, "exec", lambda dlg: pytest.fail("F2 opened the dialog"))
    w.activateWindow()
    qtbot.keyClick(w, Qt.Key.Key_F2)
    qtbot.waitUntil(lambda: c.match is not first, timeout=3000)
    m = c.match
    assert asked == ["Replace the game in progress?"]          # the game in progress was asked about
    assert m.spec.id == "ceki" and m.n_players == 3 and m.seed != 4242
    assert m.options.iyo_one_rank is True
    assert m.match_options.mode == "target" and m.match_options.target == 150
    assert [(s.kind, s.name, s.level) for s in c.seats] == [(s.kind, s.name, s.level) for s in SEATS]
    assert c.undo_allowed is False
    # the player says No: the game goes on
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a: QMessageBox.StandardButton.No))
    f2.trigger()
    assert c.match is m


def test_f2_with_no_game_yet_opens_the_new_game_dialog(qtbot, window, monkeypatch):
    shown: list[NewGameDialog] = []

    def exec_(dlg):
        shown.append(dlg)
        return QDialog.DialogCode.Rejected
    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    action(window, "actSameAgain").trigger()
    assert len(shown) == 1 and window.controller.match is None


def test_f2_after_a_continued_game_repeats_the_game_on_the_table(qtbot, window, monkeypatch):
    w, c = window, window.controller
    w.files.begin(new_match("ceki", 3, 77), SEATS)     # as Continue or Open put a game on the table
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a: QMessageBox.StandardButton.Yes))
    action(w, "actSameAgain").trigger()
    assert c.match.spec.id == "ceki" and c.match.n_players == 3 and c.match.seed != 77
