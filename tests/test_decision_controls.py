"""Decisions that are not a card, on the table: the test-only game Duel (tests/toygames) played
through the real main window offscreen, by the human with the mouse on the choice controls only,
then with the keyboard only, while the computer players answer — including a round in which
everybody bets at once.  The table draws the controls from the layout's ``Plan.choices``."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QSlider, QSpinBox
from test_ui_play import new_window
from toygames import duel
from toygames.duel_ui import DuelLayout
from waiting import HANG_GUARD_MS

from cekidesk.engine.core import Action
from cekidesk.games import register, unregister
from cekidesk.persistence.saves import Seat
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.table import layouts

guard_none_refcount()

SEATS = [Seat.bot("beginner", "Budi"), Seat.human("You"), Seat.bot("beginner", "Sari")]


@pytest.fixture
def duel_table():
    register(duel.SPEC)
    layouts.register_layout(duel.GAME_ID, DuelLayout)
    yield
    layouts._LAYOUTS.pop(duel.GAME_ID, None)
    unregister(duel.GAME_ID)


def open_duel(qtbot, seed: int, size=(1280, 720)) -> MainWindow:
    w = new_window(qtbot, size=size)
    assert w.start_new_game(NewGameConfig(duel.GAME_ID, list(SEATS), seed, {}, {"mode": "money"}))
    return w


def human_turn(qtbot, w: MainWindow) -> bool:
    """Wait until the human must choose (True) or the hand is over (False)."""
    c = w.controller
    qtbot.waitUntil(lambda: c.match.hand_over() or bool(c.waiting_for_human() and w.table.choice_bars()),
                    timeout=HANG_GUARD_MS)
    return not c.match.hand_over()


def bar_buttons(w: MainWindow) -> list[QPushButton]:
    return [b for bar in w.table.choice_bars() for b in bar.buttons.values()]


def the_one(w: MainWindow, cls):
    found = [x for bar in w.table.choice_bars() for x in bar.findChildren(cls)]
    assert len(found) == 1
    return found[0]


def test_the_controls_offer_exactly_the_views_decisions(qtbot, duel_table):
    w = open_duel(qtbot, 3)
    assert human_turn(qtbot, w)
    view = w.table.current_view()
    assert view.phase == "bet" and view.legal == () and len(view.ranges) == 1
    (bar,) = w.table.choice_bars()
    assert [b.text() for b in bar.buttons.values()] == ["Bet"]
    spin = the_one(w, QSpinBox)
    assert (spin.minimum(), spin.maximum(), spin.suffix()) == (1, 10, " ¢")
    # the computer players bet at once, without waiting for the human; the table says that they
    # have bet, not what
    qtbot.waitUntil(lambda: w.table.current_view().bets.chosen == (0, 2), timeout=HANG_GUARD_MS)
    assert w.controller.waiting_for_human() and w.table.current_view().bets.revealed is None
    assert [s.extra for s in w.table._plan.seats] == ["has bet", "", "has bet"]
    # a new plan with the same choices keeps the bar and the amount being chosen
    the_one(w, QSpinBox).setValue(6)
    w.table.show_view(w.controller.view())
    assert w.table.choice_bars() == [bar] and the_one(w, QSpinBox).value() == 6
    # the bar stands above the human's seat plate, inside the table
    plate = next(s.rect for s in w.table._plan.seats if s.human)
    assert bar.geometry().bottom() < plate.top() and w.table.viewport().rect().contains(bar.geometry())


def test_the_human_plays_with_the_mouse_only(qtbot, duel_table):
    w = open_duel(qtbot, 11)
    c = w.controller
    assert human_turn(qtbot, w)
    spin = the_one(w, QSpinBox)
    up = QPoint(spin.width() - 6, 4)                        # the spin box's up arrow
    for _ in range(3):
        qtbot.mouseClick(spin, Qt.LeftButton, pos=up)
    assert spin.value() == 4 and the_one(w, QSlider).value() == 4
    qtbot.mouseClick(bar_buttons(w)[0], Qt.LeftButton)      # "Bet"
    chosen = []
    while human_turn(qtbot, w):
        buttons = bar_buttons(w)
        assert buttons and all(b.isVisible() for b in buttons)
        button = buttons[-1]
        chosen.append(button.text())
        qtbot.mouseClick(button, Qt.LeftButton)
    hand = c.match.history[-1]
    assert hand.result.details["bets"][1] == 4
    log = [a for a in c.match.logs[0] if a.player == 1]
    assert log[0] == Action(1, "bet", amount=4) and len(log) == 3   # bet, aim, value (seat 1 is not the starter)
    assert chosen[0].startswith("Aim at") and chosen[1] == "+11"


def test_the_human_plays_with_the_keyboard_only(qtbot, duel_table):
    w = open_duel(qtbot, 12)
    c = w.controller
    assert human_turn(qtbot, w)
    w.table.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.table, timeout=HANG_GUARD_MS)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key_Tab)        # table → the slider
    assert isinstance(QApplication.focusWidget(), QSlider)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key_Right)      # slider: +1
    QTest.keyClick(QApplication.focusWidget(), Qt.Key_Tab)        # → the amount
    assert isinstance(QApplication.focusWidget(), QSpinBox)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key_Up)         # +1
    QTest.keyClick(QApplication.focusWidget(), Qt.Key_Return)     # bet 3
    turns = 0
    while human_turn(qtbot, w):
        focus = QApplication.focusWidget()
        assert isinstance(focus, QPushButton) and focus in bar_buttons(w), focus
        if len(bar_buttons(w)) > 1:
            QTest.keyClick(focus, Qt.Key_Right)                   # the second choice
        QTest.keyClick(QApplication.focusWidget(), Qt.Key_Return)
        turns += 1
    log = [a for a in c.match.logs[0] if a.player == 1]
    assert log[0] == Action(1, "bet", amount=3) and turns == len(log) - 1
    assert log[-1] == Action(1, "value", amount=11)


def test_a_window_wide_key_makes_a_choice(qtbot, duel_table):
    """Seat 1 starts when seat 0 deals: B bets the amount shown, then P passes."""
    for seed in range(40):
        w = open_duel(qtbot, seed)
        if w.controller.match.dealer == 0:
            break
        w.close()
    assert human_turn(qtbot, w)
    QTest.keyClick(w, Qt.Key_B)
    assert human_turn(qtbot, w)
    assert w.table.current_view().phase == "declare"
    QTest.keyClick(w, Qt.Key_P)
    qtbot.waitUntil(lambda: w.controller.match.state.declared is False, timeout=HANG_GUARD_MS)
    assert Action(1, "bet", amount=1) in w.controller.match.logs[0]


def test_tables_without_choices_show_no_controls(qtbot):
    w = new_window(qtbot)
    assert w.start_new_game(NewGameConfig("ceki", [Seat.human("You"), Seat.bot("beginner", "B")], 1, {},
                                          {"mode": "money", "stake_cents": 5}))
    assert w.table.choice_bars() == []


@pytest.mark.parametrize("language", ["en", "jv-Java"])
def test_the_controls_grow_with_the_table_and_never_cut_a_label(qtbot, duel_table, monkeypatch, language):
    """Long labels (here in aksara Jawa) are shown whole, at 1280×720 and at 1920×1080, and the
    text is larger on the larger table."""
    from toygames import duel_ui
    if language == "jv-Java":
        long = {"Bet": "ꦥꦱꦁꦠꦫꦸꦃꦲꦤ꧀ꦱꦏ꧀ꦮꦼꦠꦺꦴꦤ꧀", "Aim at %1": "ꦔꦶꦫꦶꦩ꧀ꦏꦺꦥꦩꦺꦴꦤ꧀ꦠꦺꦴꦤ꧀ %1"}
        monkeypatch.setattr(duel_ui, "tr", lambda text: long.get(text, text))
    sizes = {}
    for size in ((1280, 720), (1920, 1080)):
        w = open_duel(qtbot, 11, size)
        assert human_turn(qtbot, w)
        (bar,) = w.table.choice_bars()
        assert w.table.viewport().rect().contains(bar.geometry())
        for b in bar_buttons(w):
            assert b.width() >= b.fontMetrics().horizontalAdvance(b.text()) + 8, b.text()
        sizes[size] = bar.font().pixelSize()
        w.close()
    assert sizes[(1920, 1080)] > sizes[(1280, 720)]


def test_the_table_passes_on_only_what_the_view_offers(qtbot, duel_table):
    w = open_duel(qtbot, 3)
    assert human_turn(qtbot, w)
    got = []
    w.table.actionChosen.connect(got.append)
    (bar,) = w.table.choice_bars()
    for wrong in (Action(1, "bet", amount=11), Action(1, "bet", amount=0), Action(0, "bet", amount=2),
                  Action(1, "declare")):
        bar.chosen.emit(wrong)
    assert got == []
    bar.chosen.emit(Action(1, "bet", amount=10))
    assert got == [Action(1, "bet", amount=10)]
