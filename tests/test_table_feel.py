"""The table's feel, the same in every game (issue #15): card moves ease in and out; a dealt hand
arrives card by card and nobody moves until it is there (a click skips the rest); a win is
celebrated at the winner's seat before the end-of-hand dialog (a click or a key ends it); none of
these at animation speed "off"; the drop target under a dragged card lights only where the card may
go; Z or the right mouse button zooms a card with all its names; a move's caption never covers a
seat's cards.

Offscreen Qt through the real main window.  Nothing here waits on the clock: an animation is looked
at by setting its time (paused) or ended by a click or a key, and waits are on conditions with a
timeout that only guards against a hang.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QAbstractAnimation, QAnimationGroup, QEasingCurve, QPoint, QPointF, QPropertyAnimation, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from waiting import HANG_GUARD_MS

from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations.names import card_tooltip
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.table.feel import CELEBRATION_MS
from cekidesk.ui.table.widget import DEAL_FLIGHTS, SPEEDS, TableWidget

guard_none_refcount()

SEATS = [Seat.human("You"), Seat.bot("beginner", "Budi"), Seat.bot("beginner", "Sari"), Seat.bot("beginner", "Ayu")]


def window(qtbot, speed: str = "normal", pace: int = 0, size: tuple[int, int] = (1280, 720)) -> MainWindow:
    w = MainWindow(Settings(animation_speed=speed, bot_pace_ms=pace))
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    return w


def start(w: MainWindow, game: str = "ceki", seed: int = 21, seats=SEATS) -> None:
    assert w.start_new_game(NewGameConfig(game, list(seats), seed, {}, {"mode": "hands", "hands": 3}))


def animations(node: QAbstractAnimation) -> list[QPropertyAnimation]:
    """Every property animation under ``node``."""
    if isinstance(node, QPropertyAnimation):
        return [node]
    out: list[QPropertyAnimation] = []
    if isinstance(node, QAnimationGroup):
        for i in range(node.animationCount()):
            out += animations(node.animationAt(i))
    return out


def viewport_point(table: TableWidget, scene_pos: QPointF) -> QPoint:
    return table.mapFromScene(scene_pos)


def card_rect(item):
    return item.mapRectToScene(item.card_rect())


def human_cards(table: TableWidget, human: int = 0):
    return [c for c in table.card_items() if c.role == "hand" and c.seat == human]


def play_to_the_end(qtbot, w: MainWindow) -> None:
    """Play the hand out (the person: the first legal move each time), the deal skipped."""
    c = w.controller
    w.table.skip_animations()
    while not c.match.hand_over():
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if c.waiting_for_human():
            assert c.play(c.view().legal[0])


# ---------------------------------------------------------------------------------------------
# easing

def test_every_card_move_eases_in_and_out(qtbot):
    w = window(qtbot)
    start(w)
    moves = [a for a in animations(w.table.animation()) if a.propertyName() in (b"pos", b"zoom", b"angle", b"flip")]
    assert moves, "the deal moves cards"
    for a in moves:
        curve = a.easingCurve()
        assert curve.type() == QEasingCurve.Type.InOutCubic
        # slow away, slow landing: little of the way done at the first tenth, most at the ninth
        assert curve.valueForProgress(0.1) < 0.05 and curve.valueForProgress(0.9) > 0.95


# ---------------------------------------------------------------------------------------------
# the deal

def test_a_dealt_hand_arrives_card_by_card_nobody_moves_meanwhile_and_a_click_skips_it(qtbot):
    w = window(qtbot, pace=0)
    start(w)
    c, table = w.controller, w.table
    assert table.is_dealing()
    deal = table.animation()
    deal.pause()   # looked at frame by frame from here, whatever the machine's speed
    mine = human_cards(table)
    targets = {it.key: QPointF(table._specs[it.key].pos) for it in mine}

    def arrived() -> int:
        return sum((it.pos() - targets[it.key]).manhattanLength() < 0.5 for it in mine)

    deal.setCurrentTime(0)
    assert arrived() == 0
    deal.setCurrentTime(deal.totalDuration() // 2)
    assert 0 < arrived() < len(mine), "one card after another, not all at once"
    deal.setCurrentTime(deal.totalDuration() - 1)
    assert arrived() == len(mine) - 1 or arrived() == len(mine)

    # the computer player to begin has chosen, but its move waits for the deal
    assert any(q in c.bots for q in c.match.state.to_act())
    qtbot.waitUntil(lambda: c._pending is not None, timeout=HANG_GUARD_MS)
    for _ in range(20):
        QApplication.processEvents()
    moves_before = len(c.match.logs[-1])
    assert table.is_dealing() and len(c.match.logs[-1]) == moves_before

    # a click on a card of the hand ends the deal and plays nothing
    chosen: list = []
    table.actionChosen.connect(chosen.append)
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=viewport_point(table, mine[0].pos()))
    assert not table.is_dealing() and not table.is_animating()
    assert arrived() == len(mine) and chosen == []
    # then the computer players go on
    qtbot.waitUntil(lambda: len(c.match.logs[-1]) > moves_before, timeout=HANG_GUARD_MS)


def test_a_card_flies_whole_and_lies_as_its_plan_says(qtbot):
    """A card of a fan shows only its uncovered part (its peek) where it lies, but flies whole."""
    w = window(qtbot, pace=0)
    start(w)
    table = w.table
    fanned = [it for it in table.card_items() if table._specs[it.key].peek != (1.0, 1.0)]
    assert fanned, "the opponents' backs lie in fans"
    assert all(it.peek == (1.0, 1.0) for it in fanned)
    table.skip_animations()
    assert all(it.peek == table._specs[it.key].peek for it in fanned)


@pytest.mark.parametrize("game, players", [("ceki", 4), ("balik-satu", 14), ("pei", 3)])
def test_a_deal_is_short_however_many_cards_it_has(qtbot, game, players):
    """The last card leaves the stock at most DEAL_FLIGHTS flights after the first (a deal of 14
    hands too): the durations are the animations' own, not a measured time."""
    w = window(qtbot, speed="normal", pace=0)
    start(w, game=game, seats=[Seat.human("You")] + [Seat.bot("beginner", f"Bot {i}") for i in range(1, players)])
    assert w.table.is_dealing()
    flight = SPEEDS["normal"]
    assert w.table.animation().totalDuration() <= (DEAL_FLIGHTS + 1) * flight + 1


def test_a_deal_cut_short_lets_the_computer_players_go_on(qtbot):
    """A deal stopped by anything but its end (here the table resized) is over too: nobody waits."""
    w = window(qtbot, pace=0)
    start(w)
    c = w.controller
    assert w.table.is_dealing()
    w.table.animation().pause()
    qtbot.waitUntil(lambda: c._pending is not None, timeout=HANG_GUARD_MS)
    moves = len(c.match.logs[-1])
    w.resize(1200, 700)
    qtbot.waitUntil(lambda: not w.table.is_dealing(), timeout=HANG_GUARD_MS)
    qtbot.waitUntil(lambda: len(c.match.logs[-1]) > moves, timeout=HANG_GUARD_MS)


# ---------------------------------------------------------------------------------------------
# the celebration

@pytest.fixture
def long_celebration(monkeypatch):
    """A celebration that lasts until a click or a key ends it, however slow the machine."""
    monkeypatch.setitem(CELEBRATION_MS, "normal", 3_600_000)


def test_a_win_is_celebrated_at_the_winners_seat_and_a_click_ends_it_before_the_dialog(qtbot, long_celebration):
    w = window(qtbot, pace=0)
    start(w, seed=3)
    play_to_the_end(qtbot, w)
    winners = list(w.controller.match.state.result().winners)
    assert winners, "this deal is won"
    table = w.table
    assert table.celebrating() == winners
    for q in winners:
        assert table._celebration.items[q].boundingRect().contains(table.seat_items()[q].spec.rect)
    assert w.hand_end_dialog is None   # the dialog waits for the celebration
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert table.celebrating() == []
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None, timeout=HANG_GUARD_MS)


def test_a_key_ends_the_celebration_too(qtbot, long_celebration):
    w = window(qtbot, pace=0)
    start(w, seed=3)
    play_to_the_end(qtbot, w)
    assert w.table.celebrating()
    QTest.keyClick(w.table, Qt.Key.Key_Escape)
    assert w.table.celebrating() == []
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None, timeout=HANG_GUARD_MS)


def test_animations_off_show_no_easing_no_deal_and_no_celebration(qtbot):
    w = window(qtbot, speed="off", pace=0)
    start(w, seed=3)
    assert not w.table.is_dealing() and not w.table.is_animating()
    play_to_the_end(qtbot, w)
    assert w.controller.match.state.result().winners
    assert w.table.celebrating() == []
    assert not w.table.celebrate(w.controller.match.state.result().winners)
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None, timeout=HANG_GUARD_MS)


# ---------------------------------------------------------------------------------------------
# dragging

def drag(table: TableWidget, item, to: QPointF, release: bool = False) -> None:
    """Press on ``item``, move to ``to`` (scene) in steps; let go if ``release``."""
    vp = table.viewport()
    p0 = viewport_point(table, item.pos())
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, pos=p0)
    end = viewport_point(table, to)
    for i in range(1, 6):
        QTest.mouseMove(vp, p0 + (end - p0) * i / 5)
    if release:
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)


def test_the_drop_target_lights_only_under_a_card_that_may_go_there(qtbot):
    w = window(qtbot, speed="off", pace=0)
    start(w)
    c, table = w.controller, w.table
    qtbot.waitUntil(c.waiting_for_human, timeout=HANG_GUARD_MS)
    assert table._plan.drops == []   # Ceki: first draw, nothing may be thrown yet
    card = human_cards(table)[0]
    middle = QPointF(table.width() / 2, table.height() / 2)
    drag(table, card, middle)
    assert table.lit_drop() is None
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=viewport_point(table, middle))

    assert c.play(next(a for a in c.view().legal if a.verb == "draw"))
    moves = len(c.match.logs[-1])
    zone = table._plan.drops[0]
    card = next(it for it in human_cards(table) if it.kind in zone.actions)
    drag(table, card, zone.rect.center())
    assert table.lit_drop() == zone.rect
    drag_to = QPointF(zone.rect.right() + card_rect(card).width() * 3, zone.rect.bottom() + 5)
    QTest.mouseMove(table.viewport(), viewport_point(table, drag_to))
    assert table.lit_drop() is None, "the light goes when the card leaves"
    QTest.mouseMove(table.viewport(), viewport_point(table, zone.rect.center()))
    assert table.lit_drop() == zone.rect
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=viewport_point(table, zone.rect.center()))
    assert table.lit_drop() is None
    assert c.match.logs[-1][moves] == zone.actions[card.kind]   # and the drop threw the card


def test_a_card_that_may_not_go_there_lights_nothing(qtbot):
    w = window(qtbot, speed="off", pace=0)
    start(w)
    c, table = w.controller, w.table
    qtbot.waitUntil(c.waiting_for_human, timeout=HANG_GUARD_MS)
    assert c.play(next(a for a in c.view().legal if a.verb == "draw"))
    zone = table._plan.drops[0]
    card = next(it for it in human_cards(table) if it.kind in zone.actions)
    del zone.actions[card.kind]   # as when only some cards may be thrown (after a call)
    drag(table, card, zone.rect.center())
    assert table.lit_drop() is None


# ---------------------------------------------------------------------------------------------
# the zoom

def test_z_over_a_card_zooms_it_with_all_its_names_and_letting_go_hides_it(qtbot):
    w = window(qtbot, speed="off", pace=0)
    start(w)
    table = w.table
    card = human_cards(table)[2]
    QTest.mouseMove(table.viewport(), viewport_point(table, card.pos()))
    QTest.keyPress(table, Qt.Key.Key_Z)
    shown = table.zoomed()
    assert shown is not None
    rect, names = shown
    assert names == card_tooltip(card.kind).split("\n")
    assert any("Javanese" in n for n in names) and any("Peranakan" in n for n in names)
    assert rect.height() >= 2 * card_rect(card).height()
    assert table.sceneRect().contains(rect)
    QTest.keyRelease(table, Qt.Key.Key_Z)
    assert table.zoomed() is None


def test_the_right_button_zooms_a_back_to_a_back_with_no_names(qtbot):
    w = window(qtbot, speed="off", pace=0)
    start(w)
    table = w.table
    back = next(c for c in table.card_items() if c.role == "opponent" and not c.face_up)
    at = viewport_point(table, back.mapToScene(back.visible_rect().center()))
    QTest.mousePress(table.viewport(), Qt.MouseButton.RightButton, pos=at)
    rect, names = table.zoomed()
    assert names == [] and table._zoom.items[0].face_up is False
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.RightButton, pos=at)
    assert table.zoomed() is None


def test_the_zoom_key_is_listed_for_help():
    keys = [k for k, _ in TableWidget.shortcuts()]
    assert any(k.startswith("Z ") for k in keys)


# ---------------------------------------------------------------------------------------------
# captions and cards

@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game, players", [("ceki", 4), ("pei", 3), ("kartu-lima", 9)])
def test_a_caption_never_covers_a_seats_cards(qtbot, size, game, players):
    w = window(qtbot, speed="off", pace=0, size=size)
    seats = [Seat.human("You")] + [Seat.bot("beginner", f"Bot {i}") for i in range(1, players)]
    start(w, game=game, seats=seats)
    table = w.table
    text = "takes your 9 of Coins and throws the Red Flower, then calls ceki!"
    for q in table.seat_items():
        table.show_caption(q, text, 60_000)
    cards = [c for c in table.card_items() if c.seat >= 0]
    for q, item in table._captions.items():
        bubble = item.bubble_rect()
        assert table.sceneRect().contains(bubble)
        covered = [(c.role, c.seat) for c in cards if card_rect(c).intersects(bubble)]
        assert covered == [], f"seat {q}'s caption covers {covered}"
        assert not bubble.intersects(table.seat_items()[q].spec.rect), "nor its own plate"
