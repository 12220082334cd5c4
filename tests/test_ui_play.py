"""Playing Ceki through the real main window, the way a person does: mouse clicks on the table's
viewport, or keys only; quitting mid-hand and continuing from the autosave; resizing the window;
a slow computer player never freezing the UI thread.

Offscreen Qt; conftest.py redirects the user directories.  Computer players move with pace 0 and
animations are off (except where a test says otherwise); message boxes and the modal New Game
dialog are replaced so that nothing blocks.  The human's moves are chosen by asking the heuristic
bot (with a fixed random generator); in the mouse and keyboard tests they are then made by clicking
or typing on the item that represents them, never by calling the controller (the other tests set
the table up through the controller).
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from cekidesk.bots import make_bot
from cekidesk.games.ceki import bot as ceki_bot
from cekidesk.engine.core import Action
from cekidesk.persistence import paths
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui import dialogs
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.table.cards import CardItem
from cekidesk.ui.table.widget import LabelItem

from waiting import HANG_GUARD_MS, ThinkGate, play_until_bots_thought

guard_none_refcount()

SEATS4 = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("normal", "Sari"),
          Seat.bot("beginner", "Ayu")]
SEATS6 = SEATS4 + [Seat.bot("normal", "Joko"), Seat.bot("beginner", "Wati")]

# Deals that make the tests quick (play is deterministic: the computer players' random generators
# are seeded from the deal number and the move number).  Each test plays on, or tries the next deal,
# if a change in the engine or the bots makes a deal less useful, so the choice is not load-bearing:
# the mouse test's deal has "you" take a discard, the keyboard test's one too.
MOUSE_SEED = 21
KEYS_SEED = 10
QUIT_SEED = 13          # in its second hand "you" and Sari call ceki
RESIZE_SEEDS = (6, 12, 15, 18, 20)   # long six-player hands with calls


# ---------------------------------------------------------------------------------------------
# fixtures and helpers

def new_window(qtbot, speed: str = "off", size=(1280, 720)) -> MainWindow:
    w = MainWindow(Settings(animation_speed=speed, bot_pace_ms=0))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=HANG_GUARD_MS)
    return w


def start(w: MainWindow, seed: int, seats=SEATS4) -> None:
    assert w.start_new_game(NewGameConfig("ceki", list(seats), seed, {}, {"mode": "money", "stake_cents": 5}))


def wait_turn_or_end(qtbot, w: MainWindow, timeout: int = HANG_GUARD_MS) -> None:
    c = w.controller
    qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=timeout)


class Chooser:
    """The human's player: the heuristic bot's choice (what the Hint would say), deterministic."""

    def __init__(self, w: MainWindow):
        self.bot = make_bot("ceki", "normal", w.controller.human_seat)
        self.w = w

    def __call__(self, view) -> Action:
        m = self.w.controller.match
        action = self.bot.choose(view, random.Random(f"you:{m.seed}:{m.hand_index}:{len(m.logs[-1])}"))
        assert action in view.legal
        return action


def cards(w: MainWindow, role: str | None = None, seat: int | None = None) -> list[CardItem]:
    return [it for it in w.table.card_items()
            if (role is None or it.role == role) and (seat is None or it.seat == seat)]


def hand_left_to_right(w: MainWindow) -> list[CardItem]:
    return sorted(cards(w, "hand"), key=lambda it: it.scenePos().x())


def stock_count_shown(w: MainWindow) -> int:
    labels = [it for it in w.table.scene().items() if isinstance(it, LabelItem) and it.spec.key == ("stock",)]
    assert len(labels) == 1
    return int(labels[0].spec.text)


def table_picture(w: MainWindow) -> dict:
    """What the table shows, read from its items (not from the game)."""
    t = w.table
    v = t.current_view()
    opp = {q: len(cards(w, "opponent", q)) for q in range(v.n_players) if q != v.viewer}
    return {
        "hand": [it.kind for it in hand_left_to_right(w)],
        "facedown": sorted(it.kind for it in cards(w, "facedown", v.viewer)),
        "opponents": opp,
        "opponents_facedown": {q: len(cards(w, "facedown", q)) for q in opp},
        "seat_counts": {q: s.spec.count for q, s in t.seat_items().items()},
        "called": {q: bool(s.spec.badge) for q, s in t.seat_items().items()},
        "pile": [it.kind for it in sorted(cards(w, "pile"), key=lambda it: it.zValue())],
        "stock": stock_count_shown(w),
    }


def check_table_shows(w: MainWindow, view) -> None:
    """The table's items are the view: the human's hand (sorted), the pile, the counts."""
    pic = table_picture(w)
    assert Counter(pic["hand"]) == Counter(view.hand)
    if not view.called[view.viewer]:
        assert pic["hand"] == sorted(view.hand)                  # sorted by rank automatically
    assert pic["facedown"] == sorted(view.facedown)
    assert pic["pile"] == list(view.discards)
    assert pic["stock"] == view.stock_count
    for q, n in pic["opponents"].items():
        assert n == view.hand_counts[q]
        assert pic["opponents_facedown"][q] == view.facedown_counts[q]
    assert pic["called"] == dict(enumerate(view.called))


def visible_point(w: MainWindow, item: CardItem) -> QPoint:
    """A viewport point where ``item`` is the topmost card (what a click there reaches)."""
    t = w.table
    r = item.visible_rect()
    best = None
    for fy in (0.5, 0.35, 0.65, 0.2, 0.8):
        for fx in (0.5, 0.3, 0.7, 0.15, 0.85, 0.05, 0.95):
            p = t.mapFromScene(item.mapToScene(QPointF(r.left() + fx * r.width(), r.top() + fy * r.height())))
            if not t.viewport().rect().contains(p):
                continue
            top = next((i for i in t.items(p) if isinstance(i, CardItem)), None)
            if top is item:
                best = p
                break
        if best is not None:
            break
    assert best is not None, f"no visible point on {item.key}"
    return best


def item_for(w: MainWindow, action: Action) -> CardItem:
    """The card a person would click for ``action``: the top of the stock, the top discard, or a
    card of that kind in the hand."""
    if action.verb == "draw":
        found = cards(w, "stock")
        assert found and all(it.action == action for it in found)
        return max(found, key=lambda it: it.zValue())
    if action.verb == "take":
        top = max(cards(w, "pile"), key=lambda it: it.zValue())
        assert top.action == action and top.highlight
        return top
    hand = [it for it in hand_left_to_right(w) if it.kind == action.card]
    assert hand and all(it.action == action for it in hand)
    return hand[len(hand) // 2]


def cards_held(view) -> Counter:
    return Counter(view.hand) + Counter(view.facedown)


def check_effect(before, after, action: Action) -> None:
    """The human's hand and the discard pile changed as ``action`` says (``after`` is the view
    right after the action, before any computer player moved)."""
    if action.verb == "draw":
        assert sum(cards_held(after).values()) == sum(cards_held(before).values()) + 1
        assert after.stock_count == before.stock_count - 1
        assert after.discards == before.discards
    elif action.verb == "take":
        taken = before.discards[-1]
        assert after.discards == before.discards[:-1]
        assert cards_held(after) == cards_held(before) + Counter([taken])
    else:
        assert after.discards == before.discards + (action.card,)
        assert cards_held(after) == cards_held(before) - Counter([action.card])
        assert after.hand_counts[after.viewer] + after.facedown_counts[after.viewer] == \
            before.hand_counts[before.viewer] + before.facedown_counts[before.viewer] - 1


class Recorder:
    """The human's view right after every action the controller plays."""

    def __init__(self, w: MainWindow):
        self.c = w.controller
        self.views: list = []
        self.c.changed.connect(self._changed)

    def _changed(self, events) -> None:
        self.views.append(self.c.view())


def play_one(qtbot, w: MainWindow, rec: Recorder, action: Action, do) -> None:
    """``do()`` makes the move on the table; check that exactly ``action`` was played and what it
    changed."""
    c = w.controller
    before = c.view()
    log = c.match.logs[-1]
    n_log, n_views = len(log), len(rec.views)
    do()
    qtbot.waitUntil(lambda: len(rec.views) > n_views, timeout=HANG_GUARD_MS)
    assert len(c.match.logs[-1]) > n_log and c.match.logs[-1][n_log] == action
    check_effect(before, rec.views[n_views], action)


def check_hand_end_dialog(qtbot, w: MainWindow) -> None:
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    dlg = w.hand_end_dialog
    res = w.controller.match.history[-1].result
    if res.outcome == "win":
        mult = res.details["multiplier"]
        assert f"×{mult}" in dlg.headline.text()
        who = "You win" if res.winners[0] == w.controller.human_seat else w.controller.seats[res.winners[0]].name
        assert who in dlg.headline.text()
    else:
        assert dlg.headline.text() == "Drawn hand"
    # the table shows every hand face up
    assert not cards(w, "hand") and not cards(w, "opponent")
    shown = cards(w, "reveal")
    assert shown and all(it.face_up for it in shown)
    assert Counter(it.kind.code for it in shown) == Counter(c for h in res.details["hands"] for c in h)


def press(key: Qt.Key) -> None:
    """A key press as a real keyboard makes it: to the window that has the focus."""
    win = QGuiApplication.focusWindow()
    assert win is not None, "no window has the keyboard focus"
    QTest.keyClick(win, key)


# ---------------------------------------------------------------------------------------------
# a) a whole hand with mouse clicks

def play_hand_by_mouse(qtbot, w: MainWindow, rec: Recorder, choose: Chooser) -> list[str]:
    """Click the human's moves until the hand ends; returns the roles of the items clicked."""
    c, t = w.controller, w.table
    clicks: list[str] = []
    while True:
        wait_turn_or_end(qtbot, w)
        if c.match.hand_over():
            return clicks
        view = c.view()
        assert t.current_view() == view                         # the table shows this very moment
        check_table_shows(w, view)
        if len(clicks) in (1, 4):
            # a click on something that is no move (an opponent's card, the felt) changes nothing
            target = cards(w, "opponent")[0] if len(clicks) == 1 and cards(w, "opponent") else None
            pos = visible_point(w, target) if target is not None else QPoint(3, 3)
            n = len(c.match.logs[-1])
            qtbot.mouseClick(t.viewport(), Qt.MouseButton.LeftButton, pos=pos)
            qtbot.wait(1)
            assert len(c.match.logs[-1]) == n and c.view() == view
        action = choose(view)
        item = item_for(w, action)
        pos = visible_point(w, item)
        play_one(qtbot, w, rec, action,
                 lambda: qtbot.mouseClick(t.viewport(), Qt.MouseButton.LeftButton, pos=pos))
        clicks.append(item.role)
        assert len(clicks) < 200


def test_a_whole_hand_with_mouse_clicks_to_the_end_of_hand_dialog(qtbot, boxes):
    w = new_window(qtbot)
    start(w, MOUSE_SEED)
    c = w.controller
    rec = Recorder(w)
    choose = Chooser(w)
    clicked: set[str] = set()
    for hand in range(4):
        clicks = play_hand_by_mouse(qtbot, w, rec, choose)
        assert clicks and {"stock", "hand"} <= set(clicks), clicks
        clicked |= set(clicks)
        check_hand_end_dialog(qtbot, w)
        assert w.status_label.text().endswith("Press N for the next hand.")
        if "pile" in clicked:          # the top discard was taken by a click too
            break
        # a deal where "you" never took: the next hand, with the mouse as well
        qtbot.mouseClick(w.hand_end_dialog.next_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: c.match.hand_index == hand + 1 and w.hand_end_dialog is None, timeout=HANG_GUARD_MS)
    assert clicked == {"stock", "pile", "hand"}, clicked
    w.close()


# ---------------------------------------------------------------------------------------------
# b) keyboard only

def select_by_keys(w: MainWindow, kind) -> None:
    """Left/Right/Home/End to the first card of ``kind`` (the shorter way round)."""
    hand = [it.kind for it in hand_left_to_right(w)]
    i = hand.index(kind)
    if i <= len(hand) - 1 - i:
        press(Qt.Key.Key_Home)
        for _ in range(i):
            press(Qt.Key.Key_Right)
    else:
        press(Qt.Key.Key_End)
        for _ in range(len(hand) - 1 - i):
            press(Qt.Key.Key_Left)
    sel = w.table.selected_card()
    assert sel is not None and sel.kind == kind and sel.selected


def key_move(qtbot, w: MainWindow, rec: Recorder, action: Action, used: Counter) -> None:
    if action.verb == "draw":
        play_one(qtbot, w, rec, action, lambda: press(Qt.Key.Key_D))
        used["D"] += 1
    elif action.verb == "take":
        play_one(qtbot, w, rec, action, lambda: press(Qt.Key.Key_T))
        used["T"] += 1
    else:
        select_by_keys(w, action.card)
        key = Qt.Key.Key_Return if used["discard"] % 2 == 0 else Qt.Key.Key_Space
        play_one(qtbot, w, rec, action, lambda: press(key))
        used["Enter" if key == Qt.Key.Key_Return else "Space"] += 1
        used["discard"] += 1


def main_window_has_the_keyboard(qtbot, w: MainWindow) -> None:
    # no window manager gives the focus back when a dialog closes (offscreen, a bare X server):
    # the window asks for it itself
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is w.windowHandle(), timeout=HANG_GUARD_MS)
    assert QApplication.focusWidget() is w.table               # the table has the keyboard


def test_keyboard_only_whole_hand_then_next_hand(qtbot, boxes):
    w = new_window(qtbot)
    start(w, KEYS_SEED)
    c = w.controller
    rec = Recorder(w)
    choose = Chooser(w)
    used: Counter = Counter()
    for hand in range(4):
        while True:
            wait_turn_or_end(qtbot, w)
            if c.match.hand_over():
                break
            view = c.view()
            check_table_shows(w, view)
            main_window_has_the_keyboard(qtbot, w)
            if not used["T-noop"] and not any(a.verb == "take" for a in view.legal):
                n = len(c.match.logs[-1])                       # T with nothing to take does nothing
                press(Qt.Key.Key_T)
                qtbot.wait(1)
                assert len(c.match.logs[-1]) == n and c.view() == view
                used["T-noop"] += 1
            key_move(qtbot, w, rec, choose(view), used)
            assert sum(used.values()) < 300
        check_hand_end_dialog(qtbot, w)
        dlg = w.hand_end_dialog
        qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is dlg.windowHandle(), timeout=HANG_GUARD_MS)
        # the dialog's N (Enter, its default button, would do the same)
        press(Qt.Key.Key_N if hand % 2 == 0 else Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: c.match.hand_index == hand + 1, timeout=HANG_GUARD_MS)
        assert w.hand_end_dialog is None and not c.match.hand_over()
        assert any(line.startswith(f"Hand {hand + 2} — ") for line in w.log_dock.lines())
        if used["T"]:
            break
    assert used["D"] and used["T"] and used["Enter"] and used["Space"], used
    # the next hand is on the table, and the keyboard still plays it
    wait_turn_or_end(qtbot, w)
    assert not c.match.hand_over()
    view = c.view()
    check_table_shows(w, view)
    main_window_has_the_keyboard(qtbot, w)
    key_move(qtbot, w, rec, choose(view), used)
    w.close()


# ---------------------------------------------------------------------------------------------
# c) quit mid-hand, continue from the autosave

def positions(w: MainWindow) -> dict:
    return {it.key: (it.kind, it.face_up, it.role, it.seat, round(it.pos().x(), 2), round(it.pos().y(), 2))
            for it in w.table.card_items()}


def test_quit_mid_hand_and_continue_restores_the_same_table(qtbot, boxes, monkeypatch):
    w1 = new_window(qtbot)
    start(w1, seed=QUIT_SEED)
    c1 = w1.controller
    choose = Chooser(w1)

    def wanted(v) -> bool:
        # the human's turn half done (drawn, not yet thrown), a few discards, ceki called
        return v.phase == "discard" and len(v.discards) >= 3 and sum(v.called) >= 2

    # a whole first hand (so the scores are not all zero), then on to a moment like that
    for _hand in range(6):
        while not c1.match.hand_over():
            wait_turn_or_end(qtbot, w1)
            if c1.match.hand_over():
                break
            v = c1.view()
            if c1.match.hand_index > 0 and wanted(v):
                break
            assert c1.play(choose(v))
        if not c1.match.hand_over():
            break
        qtbot.waitUntil(lambda: w1.hand_end_dialog is not None, timeout=HANG_GUARD_MS)
        w1.next_hand()
    view1 = c1.view()
    assert wanted(view1) and c1.match.hand_index > 0
    pic1 = table_picture(w1)
    pos1 = positions(w1)
    scores1 = (list(c1.match.scores), list(c1.match.ledger), c1.match.hand_index)
    status1 = w1.status_label.text()
    assert any(scores1[0])
    assert c1.autosave_exists()
    w1.act_quit.trigger()                                      # Game ▸ Quit
    assert not w1.isVisible()

    asked = []
    monkeypatch.setattr(dialogs, "ask_continue", lambda parent, loaded: asked.append(loaded) or True)
    w2 = new_window(qtbot)
    assert w2.controller.match is None
    w2.startup()                                                # offers to continue: yes
    c2 = w2.controller
    assert len(asked) == 1 and c2.match is not None and c2.match is not c1.match
    qtbot.wait(20)
    assert not c2.match.hand_over() and c2.waiting_for_human()
    assert c2.view() == view1
    pic2 = table_picture(w2)
    assert pic2["hand"] == pic1["hand"] and Counter(pic2["hand"]) == Counter(view1.hand)
    assert pic2["facedown"] == pic1["facedown"]
    assert pic2["opponents"] == pic1["opponents"] and pic2["seat_counts"] == pic1["seat_counts"]
    assert pic2["opponents_facedown"] == pic1["opponents_facedown"]
    assert pic2["called"] == pic1["called"] and sum(pic2["called"].values()) >= 2     # the ceki markers
    assert pic2["pile"] == pic1["pile"] and len(pic2["pile"]) >= 3
    assert pic2["stock"] == pic1["stock"] == view1.stock_count
    assert pic2 == pic1
    assert positions(w2) == pos1                                # the same size: the very same table
    assert [it.key for it in cards(w2, "hand") if it.mark == "drawn"] == \
        [it.key for it in cards(w1, "hand") if it.mark == "drawn"] != []
    assert (list(c2.match.scores), list(c2.match.ledger), c2.match.hand_index) == scores1
    assert w2.status_label.text() == status1
    # and the game goes on from there
    n = len(c2.match.logs[-1])
    assert c2.play(choose(view1))
    qtbot.waitUntil(lambda: len(c2.match.logs[-1]) > n + 1 or c2.match.hand_over(), timeout=HANG_GUARD_MS)
    w2.close()


# ---------------------------------------------------------------------------------------------
# d) resizing keeps every card in view

def check_all_inside(w: MainWindow) -> int:
    t = w.table
    vp = t.viewport()
    visible = t.mapToScene(vp.rect()).boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)
    # the table's viewport itself is inside the window and not covered by the dock or bars
    tl = vp.mapTo(w, QPoint(0, 0))
    assert w.rect().contains(tl) and w.rect().contains(tl + QPoint(vp.width() - 1, vp.height() - 1))
    for dock in (w.log_dock, w.statusBar(), w.toolbar, w.menuBar()):
        if dock.isVisible():
            r = dock.geometry()
            assert not r.intersects(t.geometry()), (dock.objectName(), r, t.geometry())
    items = t.card_items()
    assert items
    for it in items:
        r = it.sceneBoundingRect()
        assert visible.contains(r), (it.key, it.role, r, visible)
    return len(items)


SIZES = [(1280, 720), (1920, 1080), (1024, 640)]


def test_resizing_the_window_keeps_every_card_in_view(qtbot, boxes):
    w = new_window(qtbot, size=(1280, 720))
    c = w.controller
    choose = Chooser(w)
    # three moments of a long six-player hand: early, a long pile with ceki calls, the reveal
    stages = [lambda v: len(v.discards) >= 12,
              lambda v: (len(v.discards) >= 30 or v.stock_count < 12) and any(v.called),
              None]
    for seed in RESIZE_SEEDS:
        start(w, seed=seed, seats=SEATS6)
        heights = {}
        counts = []
        for stage, until in enumerate(stages):
            while not c.match.hand_over():
                wait_turn_or_end(qtbot, w)
                if c.match.hand_over() or (until is not None and until(c.view())):
                    break
                assert c.play(choose(c.view()))
            if (until is None) != c.match.hand_over():
                break                                           # this deal ended too soon: the next one
            if until is None:
                qtbot.waitUntil(lambda: w.hand_end_dialog is not None, timeout=HANG_GUARD_MS)
                w.hand_end_dialog.reject()                      # "Look at the table"
            for size in SIZES:
                w.resize(*size)
                qtbot.waitUntil(lambda: (w.width(), w.height()) == size, timeout=HANG_GUARD_MS)
                qtbot.wait(5)
                vp = w.table.viewport().size()
                sr = w.table.sceneRect()
                assert (sr.width(), sr.height()) == (vp.width(), vp.height())
                counts.append(check_all_inside(w))
                heights[(stage, size)] = max(it.height for it in w.table.card_items())
        else:
            break
    else:
        pytest.fail(f"none of the deals {RESIZE_SEEDS} gave a long hand")
    assert min(counts) >= 30 and max(counts) >= 60, counts
    # the cards really grew with the window
    for stage in range(3):
        assert heights[(stage, (1920, 1080))] > 1.3 * heights[(stage, (1024, 640))]
    w.close()


# ---------------------------------------------------------------------------------------------
# e) a thinking computer player never blocks the UI thread

def test_ui_thread_keeps_ticking_while_a_bot_thinks(qtbot, boxes, monkeypatch):
    original = ceki_bot.CekiHeuristicBot.choose
    gate = ThinkGate()
    gate.hold(monkeypatch, ceki_bot.CekiHeuristicBot)       # each think lasts ten ticks of the UI thread
    w = new_window(qtbot)
    choose = Chooser(w)                # the human's own chooser is the original heuristic (no gate)
    choose.bot.choose = lambda view, rng: original(choose.bot, view, rng)
    seats = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("normal", "Sari")]
    play_until_bots_thought(qtbot, w.controller, lambda: start(w, seed=50, seats=seats), choose, gate)
    assert not gate.starved, "the UI thread stood still while a computer player thought"
    assert gate.released >= 6                                # it ticked through six thinks and more
    w.close()
