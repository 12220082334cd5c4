"""Play by ear: a whole hand of Ceki, Kartu Lima (two: roosters, gor-goran, abang-ireng, then a bet),
Balik Satu, Ce Pe and Pèi, played with the keyboard alone through the real window, hearing only what
is announced.

What a screen reader would be told is recorded where it leaves the app: every accessibility event
the table and the window send goes through :func:`cekidesk.ui.table.accessible.notify` (an
announcement, the keyboard's card becoming the focus), whose ``listeners`` the test joins — PySide6
has no ``QAccessible::installUpdateHandler``, so this is the one place to hear Qt's events from
Python.  The buttons of a choice are ordinary Qt widgets: what a screen reader says of the one with
the keyboard is read from Qt's own accessible interface (``QAccessible.queryAccessibleInterface``).

The person's moves are the Normal computer player's choice (so the hand ends as a real one does);
the test reaches each by keys only: a key the game binds (D, T, C …), the arrows until the card
announced is the one to play and Enter, Enter on a card of several ways and the arrows until the
button said is the way, or Tab into a bar of choices and the arrows until the button said is the
one.  At each step it checks what was announced: the person's turn, every line the game log wrote
(the same sentence), the computer players' moves in one summary, the hand's result at its end.

Offscreen Qt; computer players move with pace 0; animations are off.
"""
from __future__ import annotations

import os
import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QApplication
from waiting import HANG_GUARD_MS

from cekidesk.bots import make_bot
from cekidesk.engine.core import Action
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.table import accessible
from cekidesk.ui.table.accessible import Notice

guard_none_refcount()

NAMES = ["You", "Budi", "Sari", "Ayu", "Joko"]


class Ear:
    """What a screen reader is told: every notice, in order."""

    def __init__(self) -> None:
        self.heard: list[Notice] = []

    def __call__(self, notice: Notice) -> None:
        self.heard.append(notice)

    def since(self, mark: int, kind: str = "announce") -> list[str]:
        return [n.text for n in self.heard[mark:] if n.kind == kind]


@pytest.fixture
def ear():
    e = Ear()
    accessible.listeners.append(e)
    yield e
    accessible.listeners.remove(e)


def open_window(qtbot) -> MainWindow:
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, announce_events=True))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=HANG_GUARD_MS)
    return w


def press(key: Qt.Key | str) -> None:
    """A key as a real keyboard sends it: to the window that has the keyboard focus."""
    win = QGuiApplication.focusWindow()
    assert win is not None, "no window has the keyboard focus"
    QTest.keyClick(win, key)


def focused_words() -> tuple[str, str]:
    """What Qt's accessibility says of the widget with the keyboard: its name and description."""
    iface = QAccessible.queryAccessibleInterface(QApplication.focusWidget())
    assert iface is not None
    return iface.text(QAccessible.Text.Name), iface.text(QAccessible.Text.Description)


def wait_turn_or_end(qtbot, w: MainWindow) -> None:
    c = w.controller
    qtbot.waitUntil(lambda: (c.waiting_for_human() and not w.table.is_animating()) or c.match.hand_over(),
                    timeout=HANG_GUARD_MS)


def card_name(w: MainWindow, action: Action) -> str:
    """The name a screen reader hears for the card of ``action``."""
    return w.card_namer()(action.card)


def step_to_card(w: MainWindow, ear: Ear, name: str) -> None:
    """The arrows until the card announced is ``name`` and playable (a focus notice each step)."""
    for _ in range(20):   # the keyboard in a bar of choices: Shift+Tab goes back to the cards
        if focused_words()[0] == "Card table":
            break
        QTest.keyClick(QGuiApplication.focusWindow(), Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is w.table
    hand = [c for c in w.table.plan().cards if c.selectable]
    for _ in range(len(hand) + 1):
        mark = len(ear.heard)
        press(Qt.Key.Key_Right)
        said = ear.since(mark, "focus")
        assert said, ("an arrow key tells the screen reader the card it selects", QApplication.focusWidget())
        if said[-1].startswith(name + ":") and "playable" in said[-1]:
            return
    raise AssertionError(f"the arrows never reached a playable {name}")


def step_to_button(label: str, forward: Qt.Key) -> None:
    """``forward`` (Right or Tab) until the control with the keyboard is called ``label``."""
    for _ in range(40):
        widget = QApplication.focusWidget()
        if isinstance(widget, QAbstractButton) and focused_words()[0] == label:
            bar = QAccessible.queryAccessibleInterface(widget.parentWidget())
            assert bar.text(QAccessible.Text.Name) == "Choices"   # (the bar a screen reader says it is in)
            return
        press(forward)
    raise AssertionError(f"no button called {label!r} was reached; at {focused_words()}")


def play_by_keys(w: MainWindow, ear: Ear, action: Action, tab: bool) -> str:
    """Reach ``action`` with keys only; how it was reached (``tab``: a choice that has a key of its
    own is reached with Tab and the arrows all the same)."""
    t = w.table
    plan = t.plan()
    keyed = {a: k for k, a in plan.keys.items()}
    if tab:
        keyed = {a: k for a, k in keyed.items() if all(ch.action != a for ch in plan.choices)}
    if action in keyed:
        press(Qt.Key(keyed[action]))
        return "key"
    for spec in plan.cards:
        if spec.selectable and spec.action == action:
            step_to_card(w, ear, card_name(w, action))
            press(Qt.Key.Key_Return)
            return "card"
    for spec in plan.cards:
        ways = [ch for ch in spec.choices if ch.action == action]
        if spec.selectable and ways:
            step_to_card(w, ear, card_name(w, action))
            press(Qt.Key.Key_Return)   # its ways open, the keyboard on the first
            step_to_button(ways[0].label, Qt.Key.Key_Right)
            press(Qt.Key.Key_Return)
            return "way"
    for ch in plan.choices:
        if ch.action == action or (ch.range is not None and action.verb == ch.range.verb):
            assert QApplication.focusWidget() is t or isinstance(QApplication.focusWidget(), QAbstractButton)
            if ch.range is not None:   # the amount first: typed into its box
                for _ in range(40):
                    if isinstance(QApplication.focusWidget(), QAbstractSpinBox) and focused_words()[0] == ch.label:
                        break
                    press(Qt.Key.Key_Tab)
                QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
                QTest.keyClicks(QApplication.focusWidget(), str(action.amount))
            step_to_button(ch.label, Qt.Key.Key_Tab)
            press(Qt.Key.Key_Return)
            return "range" if ch.range is not None else "choice"
    raise AssertionError(f"{action} cannot be reached by the keyboard")


def choose(w: MainWindow, rng: random.Random) -> Action:
    """The person's move: the Normal player's choice (an amount within its range, as offered)."""
    view = w.controller.view()
    decision = make_bot(w.controller.match.spec.id, "normal").choose(view, rng)
    return decision.action if hasattr(decision, "action") else decision


def play_hand(qtbot, w: MainWindow, ear: Ear, seed: int, start: int = 0, heading: int = 1) -> dict[str, int]:
    """One whole hand by keys only, checking what is announced at every step (since notice ``start``;
    the log's line ``heading`` is the hand's heading); how each move was reached, counted."""
    c, log = w.controller, w.log_dock.model
    rng = random.Random(seed)
    ways: dict[str, int] = {}
    wait_turn_or_end(qtbot, w)
    qtbot.waitUntil(lambda: bool(ear.since(start)), timeout=HANG_GUARD_MS)
    assert ear.since(start)[0].startswith(log.lines()[heading]), "the hand's heading is announced first"
    heard_lines = 0   # the log's lines up to here are in what was announced
    choices = 0       # the decisions that are a button of a bar
    turns = 0
    while not c.match.hand_over():
        turns += 1
        assert turns < 400, "the hand never ends"
        said = " ".join(ear.since(0))
        # every line the log wrote (the computer players' moves, the person's) was announced, in words
        for line in log.lines()[heading + 1:]:
            if "Hint:" not in line:
                assert " ".join(line.split()) in said, f"not announced: {line!r}"
        heard_lines = len(log.lines())
        # the person's turn is the last thing said, as the status line says it
        assert ear.since(0)[-1].endswith(" ".join(w.status_text().split())), (ear.since(0)[-1], w.status_text())
        if turns == 1:   # the reading keys: the scores, the table, the seats, the whole situation, again
            last = ear.since(0)[-1]
            scores = "Scores after 0 hands: You " if heading == 1 else "Scores after 1 hand: You "
            turn = " ".join(w.status_text().split())
            for key, starts in (("O", scores), ("E", "On the table: "), ("A", "You, "), ("W", turn)):
                mark = len(ear.heard)
                press(key)
                assert len(ear.since(mark)) == 1 and ear.since(mark)[0].startswith(starts), (key, ear.since(mark))
            mark = len(ear.heard)
            press("I")
            whole = ear.since(mark)
            assert len(whole) == 1 and "On the table: " in whole[0] and "Your moves: " in whole[0], whole
            press("L")
            assert ear.since(mark)[-1] == last, "L says the game's last announcement again"
        # Y reads the hand and every move
        mark = len(ear.heard)
        press("Y")
        hand = ear.since(mark)
        assert len(hand) == 1 and "Your moves:" in hand[0], hand
        action = choose(w, rng)
        before = c.view().legal
        if action in c.view().legal:
            assert w.describe_action(action, c.view()) in hand[0], (action, hand[0])
        else:   # an amount: its range is said
            assert "(Tab to the amount)" in hand[0], hand[0]
        mark = len(ear.heard)
        is_choice = any(ch.action == action for ch in w.table.plan().choices)
        how = play_by_keys(w, ear, action, tab=is_choice and choices % 2 == 0)   # every other one by Tab
        choices += is_choice
        if os.environ.get("EAR_DUMP"):
            print("MOVE", action, how, QApplication.focusWidget(), c.waiting_for_human())
        ways[how] = ways.get(how, 0) + 1
        def moved(before=before, lines=heard_lines) -> bool:
            return c.match.hand_over() or c.view().legal != before or len(log.lines()) > lines

        def told(mark=mark) -> bool:   # the turn (the status line's words) said last
            said = ear.since(mark)
            return c.match.hand_over() or bool(said) and said[-1].endswith(" ".join(w.status_text().split()))

        qtbot.waitUntil(moved, timeout=HANG_GUARD_MS)
        wait_turn_or_end(qtbot, w)
        qtbot.waitUntil(told, timeout=HANG_GUARD_MS)
        # not flooded: the person's move at once, the computer players' moves and the turn in one
        assert len(ear.since(mark)) <= 3, ear.since(mark)
    qtbot.waitUntil(lambda: any("Hand over" in t or "over" in t.lower() for t in ear.since(0)[-1:]),
                    timeout=HANG_GUARD_MS)
    said = " ".join(ear.since(0))
    for line in log.lines()[heading + 1:]:
        assert " ".join(line.split()) in said, f"not announced: {line!r}"
    if os.environ.get("EAR_DUMP"):
        print("\n".join(f"[{n.kind}] {n.text}" for n in ear.heard), ways)
    return ways


def test_ceki_by_ear(qtbot, ear):
    w = open_window(qtbot)
    seats = [Seat.human("You")] + [Seat.bot("normal", n) for n in NAMES[1:4]]
    assert w.start_new_game(NewGameConfig("ceki", seats, 11, {}, {}))
    ways = play_hand(qtbot, w, ear, 11)
    assert ways.get("card") and ways.get("key"), ways


def test_kartu_lima_by_ear(qtbot, ear):
    w = open_window(qtbot)
    seats = [Seat.human("You")] + [Seat.bot("normal", n) for n in NAMES[1:]]
    opts = {"stakes": "bal_balan", "roosters": "tantangan", "gor_goran": True, "abang_ireng": True}
    assert w.start_new_game(NewGameConfig("kartu-lima", seats, 5, opts, {"mode": "money"}))
    ways = play_hand(qtbot, w, ear, 5)
    assert ways.get("card") and ways.get("choice"), ways
    # the hand's end: its dialog has the keyboard and a name a screen reader says; N deals the next
    # hand, where the others bet against the banjiran (an amount typed into its box)
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is w.hand_end_dialog, timeout=HANG_GUARD_MS)
    dialog = QAccessible.queryAccessibleInterface(w.hand_end_dialog)
    assert dialog.text(QAccessible.Text.Name)
    heading, mark = len(w.log_dock.model.lines()), len(ear.heard)
    press("N")
    qtbot.waitUntil(lambda: w.controller.match.hand_index == 1, timeout=HANG_GUARD_MS)
    ways = play_hand(qtbot, w, ear, 6, start=mark, heading=heading)
    assert ways.get("range"), ways


def test_balik_by_ear(qtbot, ear):
    w = open_window(qtbot)
    seats = [Seat.human("You")] + [Seat.bot("normal", n) for n in NAMES[1:4]]
    assert w.start_new_game(NewGameConfig("balik-satu", seats, 3, {}, {}))
    ways = play_hand(qtbot, w, ear, 3)
    assert ways.get("card") and ways.get("key"), ways


def test_ce_pe_by_ear(qtbot, ear):
    w = open_window(qtbot)
    seats = [Seat.human("You")] + [Seat.bot("normal", n) for n in NAMES[1:4]]
    assert w.start_new_game(NewGameConfig("ce-pe", seats, 7, {}, {}))
    ways = play_hand(qtbot, w, ear, 7)
    assert ways.get("card"), ways


def test_pei_by_ear(qtbot, ear):
    w = open_window(qtbot)
    seats = [Seat.human("You")] + [Seat.bot("normal", n) for n in NAMES[1:3]]
    assert w.start_new_game(NewGameConfig("pei", seats, 4, {}, {}))
    ways = play_hand(qtbot, w, ear, 4)
    assert ways.get("card"), ways
