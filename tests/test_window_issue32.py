"""Issue 32 in the window: F2 (a new game with the same choices), the first window's size, the
first match a practice one, several people's names, unique accelerators in every language, the log
following after a language change, the aksara Jawa entry of Settings, and Enter with nothing chosen."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAction, QKeySequence, QScreen
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QMessageBox

from cekidesk.games import new_match
from cekidesk.persistence.saves import Seat, load_match, save_match
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.continue_game import describe_saved
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.foundations import i18n, names
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.window.accelerators import accelerator, unique_in
from cekidesk.ui.window.geometry import FIRST_SIZE, FRAME

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


# -- 2. the first window fits the screen --------------------------------------------------------------

@pytest.mark.parametrize("available", [QRect(0, 0, 1024, 600), QRect(0, 28, 1366, 740), QRect(0, 0, 1920, 1080)])
def test_the_first_window_fits_the_available_screen_and_shows_its_status_line(qtbot, boxes, monkeypatch,
                                                                             available):
    monkeypatch.setattr(QScreen, "availableGeometry", lambda screen: QRect(available))
    w = make_window(qtbot)      # (no geometry remembered)
    w.show()
    qtbot.waitExposed(w)
    assert available.contains(w.frameGeometry())
    assert w.height() + FRAME.height() <= available.height()      # room for a window manager's title bar
    assert w.size() == FIRST_SIZE.boundedTo(w.size())               # never above 1280×720
    if available.width() >= 1920:
        assert w.size() == FIRST_SIZE
    bar = w.statusBar()
    assert bar.isVisible() and w.rect().contains(bar.geometry())
    label = w.status_label
    assert label.isVisible() and not label.visibleRegion().isEmpty()
    w.close()


# -- 3. the first match is a practice one -----------------------------------------------------------

def test_the_first_match_new_game_offers_is_a_practice_match_with_undo(qtbot, window, monkeypatch):
    accepted: list[NewGameDialog] = []

    def exec_(dlg):     # the player starts what the dialog offers, changing nothing
        accepted.append(dlg)
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    window.startup()            # the very first start: no autosave, no lesson asked for
    dlg = accepted[0]
    assert dlg.mode_combo.currentData() == "hands" and dlg.practice_check.isChecked()
    c = window.controller
    assert c.match.match_options.mode == "hands" and c.undo_allowed is True
    assert "money" in [dlg.mode_combo.itemData(i) for i in range(dlg.mode_combo.count())]   # still offered


# -- 5. accelerators unique in every menu, in every language ------------------------------------------

def _marks(actions) -> list[str]:
    return [k for k in (accelerator(a.text()) for a in actions if not a.isSeparator()) if k is not None]


@pytest.mark.parametrize("lang", ["en", "id", "jv", "jv-Java"])
def test_no_menu_repeats_an_accelerator_in_any_language(qtbot, boxes, lang):
    w = make_window(qtbot, language=lang)
    w.show()
    for started in (False, True):   # the texts before a game and with one (the deal's words, undo's …)
        menus = [w.menuBar().actions()] + [m.actions() for m in w.menuBar().findChildren(QMenu)]
        assert len(menus) >= 4
        for actions in menus:
            marks = _marks(actions)
            assert len(marks) == len(set(marks)), (lang, [a.text() for a in actions])
        assert "&" in action(w, "actQuit").text() or lang == "jv"   # the first one keeps its mark
        if not started:
            w.start_new_game(NewGameConfig("ceki", list(SEATS), 3, {}, {"mode": "hands"}))
    i18n.set_language("en")


def test_the_accelerators_of_a_menu_are_moved_to_free_letters():
    acts = [QAction(t) for t in ("&New…", "&Next hand", "&Save", "&Settings…", "ꦱꦶꦩ꧀ꦥꦼꦤ꧀(&S)", "Save && quit")]
    unique_in(acts)
    texts = [a.text() for a in acts]
    assert texts[:4] == ["&New…", "Next &hand", "&Save", "S&ettings…"]   # a word's first letter first
    assert texts[4].startswith("ꦱꦶꦩ꧀ꦥꦼꦤ꧀(&") and accelerator(texts[4]) not in ("n", "e", "s")
    assert texts[5] == "Save && quit" and accelerator("Save && quit") is None


# -- 6. Enter with nothing chosen says what to choose ---------------------------------------------------

def test_enter_with_no_card_chosen_says_what_to_choose(qtbot, window):
    w, c = window, window.controller
    w.resize(1280, 720)
    w.start_new_game(NewGameConfig("ceki", list(SEATS), 5, {}, {"mode": "hands"}))
    qtbot.waitUntil(lambda: c.waiting_for_human() and w.table.plan() is not None, timeout=10000)
    assert w.table.selected_card() is None
    turn = w.status_text()
    w.table.setFocus()
    qtbot.keyClick(w.table, Qt.Key.Key_Return)
    said = w.status_label.text()
    assert said.startswith("Nothing is chosen yet") and turn in said and "arrow keys" in said
    # with a card chosen, Enter is not refused
    qtbot.keyClick(w.table, Qt.Key.Key_Right)
    assert w.table.selected_card() is not None and not w.refusals.what_to_choose()


# -- 4. several people: each a name of their own --------------------------------------------------------

def test_a_second_person_gets_a_name_of_their_own_never_you(qtbot, boxes):
    dlg = NewGameDialog(Settings())
    qtbot.addWidget(dlg)
    dlg.set_players(4)
    assert dlg.seat_edit(0).text() == "You" and dlg.seat_edit(1).text() == "Budi"
    dlg.seat_level(1).setCurrentIndex(dlg.seat_level(1).findData(None))     # a second person
    dlg.seat_level(3).setCurrentIndex(dlg.seat_level(3).findData(None))     # and a third
    assert dlg.seat_edit(1).text() == "Player 2" and dlg.seat_edit(3).text() == "Player 4"
    assert dlg.seat_edit(0).text() == "Player 1"        # the first person is not "You" either (issue 32)
    dlg.seat_edit(3).setText("You")             # typed: still nobody is "You"
    cfg = dlg.config()
    assert [(s.kind, s.name) for s in cfg.seats] == [
        ("human", "Player 1"), ("human", "Player 2"), ("bot", "Sari"), ("human", "Player 4")]
    dlg.seat_edit(3).setText("")
    assert dlg.config().seats[3].name == "Player 4"
    # back to a computer player: the computer's name again; a name the player typed is kept
    dlg.seat_level(1).setCurrentIndex(dlg.seat_level(1).findData("normal"))
    assert dlg.seat_edit(1).text() == "Budi" and dlg.seat_edit(0).text() == "Player 1"   # (Player 4 is a person)
    dlg.seat_edit(3).setText("Andi")
    dlg.seat_level(3).setCurrentIndex(dlg.seat_level(3).findData("normal"))
    assert dlg.seat_edit(3).text() == "Andi"
    assert dlg.seat_edit(0).text() == "You"             # alone at the computer again: "You"
    dlg.seat_level(2).setCurrentIndex(dlg.seat_level(2).findData(None))
    assert dlg.seat_edit(0).text() == "Player 1"
    dlg.set_players(2)                                  # the second person's seat left the table
    assert dlg.seat_edit(0).text() == "You"
    # a second person's name in the other languages
    i18n.set_language("id")
    try:
        dlg2 = NewGameDialog(Settings(language="id"))
        qtbot.addWidget(dlg2)
        dlg2.seat_level(1).setCurrentIndex(dlg2.seat_level(1).findData(None))
        assert dlg2.seat_edit(1).text() == "Pemain 2"
    finally:
        i18n.set_language("en")


def test_the_continue_question_names_every_person(qtbot, boxes, tmp_path):
    seats = [Seat.human("You"), Seat.human("Player 2"), Seat.bot("normal", "Sari")]
    m = new_match("ceki", 3, 9)
    path = tmp_path / "g.cekidesk"
    save_match(path, m, seats)
    text = describe_saved(load_match(path))
    assert text.startswith("Ceki (Kowah): Player 1, Player 2, Sari — hand 1")   # (saved "You": never shown so)
    one = tmp_path / "one.cekidesk"
    save_match(one, m, [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("normal", "Sari")])
    assert describe_saved(load_match(one)).startswith("Ceki (Kowah) with Budi, Sari — hand 1")


# -- 5. aksara Jawa: the log follows, the Settings' list and size -------------------------------------

def test_the_log_follows_new_lines_after_a_language_change(qtbot, window):
    w = window
    w.resize(1280, 720)
    for i in range(60):
        w.log_dock.add_notice(lambda i=i: f"line {i}: " + "a few words more " * 4)
    view, bar = w.log_dock.view, w.log_dock.view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
    try:
        for lang in ("jv-Java", "en", "id"):
            w.settings.language = lang
            w.apply_settings()
            qtbot.wait(20)
            assert view.following, lang
            w.log_dock.add_notice(lambda: "the newest line")
            qtbot.wait(20)
            assert view.following and bar.value() == bar.maximum(), lang
    finally:
        i18n.set_language("en")


def test_settings_draws_aksara_jawa_at_its_size_and_returns_to_its_latin_size(qtbot, window):
    w = window
    dlg = w.show_settings()
    qtbot.waitExposed(dlg)
    combo = dlg.language
    jv = combo.findData("jv-Java")
    app_size = QApplication.font().pointSizeF()
    item_font = combo.itemData(jv, Qt.ItemDataRole.FontRole)
    assert item_font.pointSizeF() >= app_size * 1.29 and item_font.families()[0] == "Noto Sans Javanese"
    qtbot.wait(20)
    latin_size = dlg.size()
    try:
        combo.setCurrentIndex(jv)
        qtbot.waitUntil(lambda: dlg.height() > latin_size.height())    # larger, for the script
        assert combo.itemData(jv, Qt.ItemDataRole.FontRole).pointSizeF() == pytest.approx(
            QApplication.font().pointSizeF())                           # (the interface's own size now)
        combo.setCurrentIndex(combo.findData("en"))
        qtbot.waitUntil(lambda: dlg.size() == latin_size)
        assert combo.itemData(jv, Qt.ItemDataRole.FontRole).pointSizeF() == pytest.approx(app_size * 1.3)
    finally:
        i18n.set_language("en")
    dlg.close()
