"""The keyboard stays where the person is choosing: once they choose among their cards with the arrow
keys, new choices (a computer player moved in a round where everybody chooses at once) do not take the
keyboard away to the new bar's first button; a person who left a bar that went does get the next one.

The table alone (offscreen), fed the views of one Kartu Lima hand: no controller, no timing.
"""
from __future__ import annotations

from kartu_lima_helpers import random_views
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from waiting import HANG_GUARD_MS

import cekidesk.ui.games  # noqa: F401  (the registry of the games' UIs: it loads every table layout)
from cekidesk.games.kartu_lima.rules import KartuLimaCarry, KartuLimaOptions
from cekidesk.ui.table.widget import TableWidget

NAMES = [f"Player {i}" for i in range(5)]


def views_with_and_without_choices():
    """The human's views through Kartu Lima hands with bets, roosters, gor-goran and abang-ireng."""
    opts = KartuLimaOptions(stakes="bal_balan", roosters="tetep", gor_goran=True, abang_ireng=True)
    carry = KartuLimaCarry(hands=1, banjiran=2, streak=3, won=40, pot=50)
    for seed in range(200):
        yield list(random_views(5, seed, opts, carry))


def make_table(qtbot) -> TableWidget:
    w = TableWidget()
    qtbot.addWidget(w)
    w.set_options(animation_speed="off")
    w.set_game("kartu-lima", NAMES, 0)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=HANG_GUARD_MS)
    return w


def pick(qtbot, w: TableWidget):
    """A view with a bar and cards to choose among, and a view with no bar, as this table shows them."""
    for seen in views_with_and_without_choices():
        with_bar = without = None
        for v in seen:
            w.show_view(v)
            has_bar = bool(w.choice_bars())
            hand = [it for it in w.card_items() if it.role == "hand"]
            if has_bar and len(hand) >= 2 and with_bar is None:
                with_bar = v
            elif not has_bar and with_bar is not None:
                without = v
                break
        if with_bar is not None and without is not None:
            return with_bar, without
    raise AssertionError("no Kartu Lima hand gave a view with a bar and one without")


def in_a_bar(w: TableWidget) -> bool:
    focus = QApplication.focusWidget()
    return focus is not None and any(bar.isAncestorOf(focus) for bar in w.choice_bars())


def leave_a_bar_that_goes(qtbot, w: TableWidget, with_bar, without) -> None:
    """The keyboard in the bar's first button; then the bar goes: the keyboard waits on the table."""
    w.show_view(with_bar)
    w.choice_bars()[0].focusables()[0].setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: in_a_bar(w), timeout=HANG_GUARD_MS)
    w.show_view(without)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w, timeout=HANG_GUARD_MS)


def test_arrow_keys_on_the_table_keep_the_keyboard_there_when_choices_come(qtbot):
    w = make_table(qtbot)
    with_bar, without = pick(qtbot, w)
    leave_a_bar_that_goes(qtbot, w, with_bar, without)
    QTest.keyClick(w, Qt.Key.Key_Right)   # the person chooses among the cards now
    w.show_view(with_bar)
    assert w.choice_bars()
    assert QApplication.focusWidget() is w and not in_a_bar(w)


def test_without_the_arrow_keys_the_next_bar_gets_the_keyboard(qtbot):
    w = make_table(qtbot)
    with_bar, without = pick(qtbot, w)
    leave_a_bar_that_goes(qtbot, w, with_bar, without)
    w.show_view(with_bar)
    assert in_a_bar(w)
