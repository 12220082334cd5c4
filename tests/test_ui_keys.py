"""The keyboard through the real window: H then Enter plays exactly the hinted move (Ceki and Pèi),
and after any run of dialogs the game keys reach the table without a click.

Offscreen Qt; computer players move with pace 0 and animations are off; message boxes are recorded
instead of shown.  Keys are sent to the window that has the keyboard focus, as a real keyboard does.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox
from waiting import HANG_GUARD_MS

from cekidesk.bots.levels import HardBot
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.main_window import MainWindow

guard_none_refcount()

CEKI_SEATS = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("normal", "Sari"),
              Seat.bot("beginner", "Ayu")]
PEI_SEATS = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("beginner", "Sari")]


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    """The hint's level (Hard) searches with a twentieth of a second's work here instead of 0.3 s:
    what these tests check is that H then Enter plays exactly what the hint chose, not how good it
    is, and dozens of full searches made them the slowest of the suite on a busy machine."""
    monkeypatch.setattr(HardBot, "default_budget", 0.05)


def new_window(qtbot) -> MainWindow:
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=HANG_GUARD_MS)
    return w


def start(w: MainWindow, game: str, seed: int) -> None:
    seats = CEKI_SEATS if game == "ceki" else PEI_SEATS
    assert w.start_new_game(NewGameConfig(game, list(seats), seed, {}, {"mode": "money"}))


def wait_turn_or_end(qtbot, w: MainWindow) -> None:
    c = w.controller
    qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)


def press(key: Qt.Key) -> None:
    """A key press as a real keyboard makes it: to the window that has the focus."""
    win = QGuiApplication.focusWindow()
    assert win is not None, "no window has the keyboard focus"
    QTest.keyClick(win, key)


def table_has_the_keyboard(qtbot, w: MainWindow) -> None:
    """The event loop runs (no click, no activateWindow by the test): the table gets the keyboard."""
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is w.windowHandle(), timeout=HANG_GUARD_MS)
    assert QApplication.focusWidget() is w.table


def selectable(w: MainWindow) -> list:
    return sorted((it for it in w.table.card_items() if it.selectable and it.action is not None),
                  key=lambda it: it.scenePos().x())


def select_elsewhere(w: MainWindow, hint) -> None:
    """Move the keyboard selection (arrows) to a playable card that is not the hinted move, if any."""
    for _ in range(len(selectable(w)) + 1):
        sel = w.table.selected_card()
        if sel is not None and sel.action is not None and sel.action != hint:
            return
        press(Qt.Key.Key_Right)


def ask_hint(qtbot, w: MainWindow) -> None:
    """H, and wait for the hint (the Hard level searches in the bot process meanwhile)."""
    press(Qt.Key.Key_H)
    qtbot.waitUntil(lambda: not w.controller.hint_pending, timeout=HANG_GUARD_MS)


def hint_then_enter(qtbot, w: MainWindow, game: str, seeds, moves: int) -> dict:
    """From ``moves`` positions (several deals): H, then Enter; the move played is the hint.
    Before every second H the selection is moved to another card.  Returns the hinted verbs."""
    c = w.controller
    verbs: dict[str, int] = {}
    moved_away = tries = 0
    for seed in seeds:
        start(w, game, seed)
        table_has_the_keyboard(qtbot, w)
        while sum(verbs.values()) < moves:
            wait_turn_or_end(qtbot, w)
            if c.match.hand_over():
                break
            n = len(c.match.logs[-1])
            ask_hint(qtbot, w)
            expected = w.hints.hint
            assert expected is not None and expected in c.view().legal
            tries += 1
            if tries % 2 == 0 and len(selectable(w)) > 1:
                # the player looks elsewhere with the arrows, then asks again
                select_elsewhere(w, expected)
                before = w.table.selected_card()
                if before is not None and before.action not in (None, expected):
                    moved_away += 1
                ask_hint(qtbot, w)
                assert w.hints.hint == expected
            sel = w.table.selected_card()
            assert sel is not None and sel.action == expected and sel.hint
            press(Qt.Key.Key_Return)
            qtbot.waitUntil(lambda: len(c.match.logs[-1]) > n, timeout=HANG_GUARD_MS)
            assert c.match.logs[-1][n] == expected
            verbs[expected.verb] = verbs.get(expected.verb, 0) + 1
        if sum(verbs.values()) >= moves:
            break
    assert moved_away >= 3, "the selection was never elsewhere before H"
    return verbs


def test_hint_then_enter_plays_the_hint_in_ceki(qtbot, boxes):
    w = new_window(qtbot)
    verbs = hint_then_enter(qtbot, w, "ceki", range(10, 20), 14)
    assert verbs.get("discard") and verbs.get("draw"), verbs
    w.close()


def test_hint_then_enter_plays_the_hint_in_pei(qtbot, boxes):
    w = new_window(qtbot)
    verbs = hint_then_enter(qtbot, w, "pei", range(31, 45), 24)
    assert verbs.get("play") and verbs.get("draw") and verbs.get("capture"), verbs
    w.close()


# ---------------------------------------------------------------------------------------------
# the keyboard after dialogs

def close_soon(kind) -> None:
    """Cancel the modal dialog of type ``kind`` as soon as it is open (its exec() blocks the test)."""
    def attempt():
        dlg = QApplication.activeModalWidget()
        if not isinstance(dlg, kind):
            QTimer.singleShot(20, attempt)
            return
        dlg.reject()
    QTimer.singleShot(0, attempt)


def a_run_of_dialogs(qtbot, w: MainWindow) -> None:
    """Open and close every kind of dialog the window has, the way a player closes them."""
    dlg = w.show_settings()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is dlg.windowHandle(), timeout=HANG_GUARD_MS)
    qtbot.mouseClick(dlg.close_button, Qt.MouseButton.LeftButton)
    table_has_the_keyboard(qtbot, w)
    about = w.show_about()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is about.windowHandle(), timeout=HANG_GUARD_MS)
    press(Qt.Key.Key_Escape)
    table_has_the_keyboard(qtbot, w)
    sheet = w.show_score_sheet()
    sheet.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is sheet.windowHandle(), timeout=HANG_GUARD_MS)
    sheet.close()
    table_has_the_keyboard(qtbot, w)
    helpd = w.show_help()
    helpd.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is helpd.windowHandle(), timeout=HANG_GUARD_MS)
    press(Qt.Key.Key_Escape)
    table_has_the_keyboard(qtbot, w)
    # a real message box (exec) and the New Game dialog (exec), both cancelled
    box = QMessageBox(QMessageBox.Icon.Information, "Note", "A message.", QMessageBox.StandardButton.Ok, w)
    close_soon(QMessageBox)
    box.exec()
    table_has_the_keyboard(qtbot, w)
    close_soon(NewGameDialog)
    assert not w.new_game()
    table_has_the_keyboard(qtbot, w)


def test_after_a_run_of_dialogs_the_game_keys_reach_the_table(qtbot, boxes):
    w = new_window(qtbot)
    c = w.controller
    start(w, "ceki", 10)
    wait_turn_or_end(qtbot, w)
    assert any(a.verb == "draw" for a in c.view().legal)
    a_run_of_dialogs(qtbot, w)
    n = len(c.match.logs[-1])
    press(Qt.Key.Key_D)                                       # draw
    qtbot.waitUntil(lambda: len(c.match.logs[-1]) > n, timeout=HANG_GUARD_MS)
    assert c.match.logs[-1][n].verb == "draw"
    a_run_of_dialogs(qtbot, w)
    press(Qt.Key.Key_End)                                     # the last card of the hand …
    press(Qt.Key.Key_Left)
    chosen = w.table.selected_card()
    assert chosen is not None and chosen.action is not None and chosen.action.verb == "discard"
    thrown = chosen.action                                    # (the item may show another card later)
    press(Qt.Key.Key_Return)                                  # … is thrown
    qtbot.waitUntil(lambda: len(c.match.logs[-1]) > n + 1, timeout=HANG_GUARD_MS)
    assert c.match.logs[-1][n + 1] == thrown
    # the hand end dialog and the next hand, then T (or D) from a fresh table
    w.close()


@pytest.mark.parametrize("game", ["ceki", "pei"])
def test_the_move_keys_work_wherever_the_keyboard_is_in_the_window(qtbot, boxes, game):
    """D (and T) are window-wide: they play with the focus on the log or a toolbar button; they do
    nothing while a modal dialog is open."""
    w = new_window(qtbot)
    c = w.controller
    start(w, game, 10 if game == "ceki" else 31)
    played: set[str] = set()
    places = [w.log_dock.view, w.table]
    for _ in range(60):
        wait_turn_or_end(qtbot, w)
        if c.match.hand_over():
            break
        view = c.view()
        n = len(c.match.logs[-1])
        key_for = {"draw": Qt.Key.Key_D, "take": Qt.Key.Key_T}
        moves = [a for a in view.legal if a.verb in key_for]
        if not moves:
            w.table.setFocus()
            ask_hint(qtbot, w)
            press(Qt.Key.Key_Return)
            qtbot.waitUntil(lambda: len(c.match.logs[-1]) > n, timeout=HANG_GUARD_MS)
            continue
        action = moves[-1]
        # a modal dialog is open: the key is the dialog's, no move is made
        dlg = w.show_settings()
        qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is dlg.windowHandle(), timeout=HANG_GUARD_MS)
        press(key_for[action.verb])
        qtbot.wait(5)
        assert len(c.match.logs[-1]) == n
        dlg.reject()
        table_has_the_keyboard(qtbot, w)
        place = places[len(played) % len(places)]
        place.setFocus()
        assert QApplication.focusWidget() is place
        press(key_for[action.verb])
        qtbot.waitUntil(lambda: len(c.match.logs[-1]) > n, timeout=HANG_GUARD_MS)
        assert c.match.logs[-1][n] == action
        played.add(f"{action.verb}@{place.metaObject().className()}")
        if len(played) >= 3:
            break
    assert len(played) >= 2, played
    w.close()
