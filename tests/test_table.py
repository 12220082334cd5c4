"""The card table widget (cekidesk.ui.table): it shows exactly what the human may see, offers only
``view.legal``, fits any window size, and never depends on animations for its final picture."""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from waiting import HANG_GUARD_MS

import cekidesk.ui.games  # noqa: F401  (the registry of the games' UIs: it loads every table layout)
from cekidesk.engine.cards import Card, Kind, ceki_deck
from cekidesk.engine.core import Action
from cekidesk.games.ceki.rules import CekiOptions, CekiState
from cekidesk.ui.foundations.cardpics import card_art
from cekidesk.ui.table.layouts import layout_class, register_layout
from cekidesk.ui.table.widget import TableWidget

NAMES = ["You", "Sari", "Budi", "Wati", "Joko", "Tini"]


# -- helpers ----------------------------------------------------------------------------------

def make_table(qtbot, n=4, human=0, size=(1280, 720), speed="off", **opts) -> TableWidget:
    w = TableWidget()
    qtbot.addWidget(w)
    w.set_options(animation_speed=speed, **opts)
    w.set_game("ceki", NAMES[:n], human)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    return w


def new_state(n=4, seed=1, human=0, deck=None) -> CekiState:
    """A fresh hand in which ``human`` is the first to play (sits left of the dealer)."""
    return CekiState(n, CekiOptions(), seed, dealer=(human - 1) % n, deck=deck)


def play_random(st: CekiState, rng: random.Random, until, limit=3000) -> None:
    for _ in range(limit):
        if st.is_terminal() or until(st):
            return
        p = st.to_act()[0]
        st.apply(rng.choice(st.legal_actions(p)))


def stacked_deck(n: int, first: int, hands: dict[int, list[str]]) -> list[Card]:
    """A deck (top first) that deals ``hands[seat]`` (8 codes) to those seats; the rest at random."""
    pool = list(ceki_deck(4))
    random.Random(5).shuffle(pool)
    deal: dict[int, list[Card]] = {}
    for seat, codes in hands.items():
        cards = []
        for code in codes:
            c = next(c for c in pool if c.kind is Kind.parse(code))
            pool.remove(c)
            cards.append(c)
        deal[seat] = cards
    order: list[Card] = []
    for r in range(4):
        for i in range(n):
            seat = (first + i) % n
            for _ in range(2):
                order.append(deal[seat].pop(0) if seat in deal else pool.pop())
    return order + pool


def vp_point(w: TableWidget, item) -> QPoint:
    return w.mapFromScene(item.scenePos())


def click(qtbot, w: TableWidget, item) -> None:
    qtbot.mouseClick(w.viewport(), Qt.LeftButton, pos=vp_point(w, item))


def items(w, role=None, seat=None):
    return [it for it in w.card_items() if (role is None or it.role == role) and (seat is None or it.seat == seat)]


def top(w, role):
    return max(items(w, role), key=lambda it: it.zValue())


def send_mouse(w, kind, pos: QPoint, buttons) -> None:
    ev = QMouseEvent(kind, QPointF(pos), w.viewport().mapToGlobal(QPointF(pos)), Qt.LeftButton, buttons,
                     Qt.NoModifier)
    QApplication.sendEvent(w.viewport(), ev)


def drag(w, source: QPoint, target: QPoint) -> None:
    send_mouse(w, QEvent.MouseButtonPress, source, Qt.LeftButton)
    steps = 6
    for i in range(1, steps + 1):
        p = source + (target - source) * (i / steps)
        send_mouse(w, QEvent.MouseMove, p, Qt.LeftButton)
    send_mouse(w, QEvent.MouseButtonRelease, target, Qt.NoButton)


def collect(w):
    got = []
    w.actionChosen.connect(got.append)
    return got


def positions(w):
    return {it.key: (round(it.pos().x(), 3), round(it.pos().y(), 3), it.face_up, it.kind) for it in w.card_items()}


def assert_inside(w: TableWidget):
    visible = w.mapToScene(w.viewport().rect()).boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)
    assert visible.width() > 0
    for it in w.card_items():
        r = it.sceneBoundingRect()
        assert visible.contains(r), (it.key, r, visible)


# -- clicking ---------------------------------------------------------------------------------

def test_click_stock_draws(qtbot):
    st = new_state()
    w = make_table(qtbot)
    v = st.view(0)
    assert Action(0, "draw") in v.legal
    w.show_view(v)
    got = collect(w)
    clicks = []
    w.clicked.connect(lambda: clicks.append(1))
    click(qtbot, w, top(w, "stock"))
    assert got == [Action(0, "draw")]
    assert clicks == [1]


def test_click_hand_card_discards_that_kind(qtbot):
    st = new_state(seed=3)
    st.apply(Action(0, "draw"))
    v = st.view(0)
    assert v.phase == "discard" and v.current == 0
    w = make_table(qtbot)
    w.show_view(v)
    got = collect(w)
    hand = sorted(items(w, "hand"), key=lambda it: it.pos().x())
    target = hand[3]
    click(qtbot, w, target)
    assert got == [Action(0, "discard", target.kind)]
    # the stock is not legal now: clicking it does nothing
    click(qtbot, w, top(w, "stock"))
    assert got == [Action(0, "discard", target.kind)]


def test_click_take_only_when_legal(qtbot):
    st = new_state(seed=4)
    st.apply(Action(0, "draw"))
    st.apply(Action(0, "discard", st.view(0).hand[0]))
    # players 1..3 play; then it is the human's turn again, with a discard to take
    rng = random.Random(4)
    play_random(st, rng, lambda s: s.current == 0 and s.phase == "draw")
    v = st.view(0)
    w = make_table(qtbot)
    w.show_view(v)
    got = collect(w)
    pile_top = top(w, "pile")
    click(qtbot, w, pile_top)
    if Action(0, "take") in v.legal:
        assert got == [Action(0, "take")]
        assert pile_top.highlight
    else:
        assert got == []


def test_nothing_legal_nothing_emitted(qtbot):
    st = new_state(seed=5, human=2)   # player 2 starts
    v = st.view(0)
    assert v.legal == ()
    w = make_table(qtbot)
    w.show_view(v)
    got = collect(w)
    clicks = []
    w.clicked.connect(lambda: clicks.append(1))
    for it in [top(w, "stock")] + items(w, "hand")[:3] + items(w, "opponent")[:2]:
        click(qtbot, w, it)
    qtbot.keyClick(w, Qt.Key_D)
    qtbot.keyClick(w, Qt.Key_Right)
    qtbot.keyClick(w, Qt.Key_Return)
    assert got == []
    assert len(clicks) == 6
    assert not any(it.dim for it in items(w, "hand"))


def test_illegal_hand_cards_are_dimmed_and_inert(qtbot):
    # the human takes the last discard: its kind may not be thrown back this turn
    st = new_state(seed=11)
    rng = random.Random(11)
    found = False
    for _ in range(400):
        if st.is_terminal():
            break
        p = st.to_act()[0]
        if p == 0 and Action(0, "take") in st.legal_actions(0) and not st.called[0]:
            st.apply(Action(0, "take"))
            found = True
            break
        st.apply(rng.choice(st.legal_actions(p)))
    if not found:
        pytest.skip("no take came up")
    v = st.view(0)
    w = make_table(qtbot)
    w.show_view(v)
    legal_kinds = {a.card for a in v.legal}
    dimmed = [it for it in items(w, "hand") if it.dim]
    assert dimmed and all(it.kind not in legal_kinds for it in dimmed)
    got = collect(w)
    click(qtbot, w, dimmed[0])
    assert got == []


# -- keyboard ---------------------------------------------------------------------------------

def test_keyboard_draw_select_and_discard(qtbot):
    st = new_state(seed=6)
    w = make_table(qtbot)
    w.show_view(st.view(0))
    got = collect(w)
    w.setFocus()
    qtbot.keyClick(w, Qt.Key_T)          # nothing to take yet
    assert got == []
    qtbot.keyClick(w, Qt.Key_D)
    assert got == [Action(0, "draw")]
    st.apply(got[-1])
    v = st.view(0)
    w.show_view(v)
    hand = sorted(items(w, "hand"), key=lambda it: it.pos().x())
    qtbot.keyClick(w, Qt.Key_Right)
    qtbot.keyClick(w, Qt.Key_Right)
    sel = w.selected_card()
    assert sel is hand[1] and sel.selected
    qtbot.keyClick(w, Qt.Key_Return)
    assert got[-1] == Action(0, "discard", hand[1].kind)
    qtbot.keyClick(w, Qt.Key_Left)
    qtbot.keyClick(w, Qt.Key_Space)
    assert got[-1] == Action(0, "discard", hand[0].kind)


def test_shortcuts_are_listed():
    keys = dict(TableWidget.shortcuts())
    assert {"D", "T"} <= set(keys)
    assert all(isinstance(v, str) and v for v in keys.values())
    assert "H" not in keys   # the hint belongs to the window


# -- what is shown ----------------------------------------------------------------------------

def check_no_leak(w: TableWidget, v) -> None:
    hand = [it for it in w.card_items() if it.role == "hand"]
    assert len(hand) == len(v.hand)
    assert sum(it.face_up for it in hand) == len(v.hand)
    assert sorted(it.kind for it in hand) == sorted(v.hand)
    for it in w.card_items():
        if it.role in ("opponent", "stock") or (it.role == "facedown" and it.seat != v.viewer):
            assert it.kind is None and not it.face_up, it.key
        if it.face_up and it.role == "thrown":      # a strip: the seat's own throws, public
            assert it.kind == v.thrown_by(it.seat)[it.key[2]].kind
        elif it.face_up:
            assert it.role in ("hand", "facedown", "pile") and (it.role == "pile" or it.seat == v.viewer)
    fd = [it for it in w.card_items() if it.role == "facedown" and it.seat == v.viewer]
    assert sorted(it.kind for it in fd) == sorted(v.facedown)
    assert len(items(w, "pile")) == len(v.discards)
    assert [it.kind for it in sorted(items(w, "pile"), key=lambda i: i.zValue())] == list(v.discards)
    for q in range(v.n_players):
        if q != v.viewer:
            assert len(items(w, "opponent", q)) == v.hand_counts[q]
            assert len(items(w, "facedown", q)) == v.facedown_counts[q]


def test_whole_hand_never_leaks_and_ends_face_up(qtbot):
    st = new_state(n=4, seed=21)
    w = make_table(qtbot)
    w.show_view(st.view(0), [e.for_viewer(0) for e in st.deal_events])
    rng = random.Random(21)
    steps = 0
    while not st.is_terminal():
        v = st.view(0)
        check_no_leak(w, v)
        p = st.to_act()[0]
        events = st.apply(rng.choice(st.legal_actions(p)))
        w.show_view(st.view(0), [e.for_viewer(0) for e in events])
        steps += 1
    v = st.view(0)
    hands = v.result.details["hands"]
    shown = [it for it in w.card_items() if it.role in ("reveal", "hand", "facedown", "opponent")]
    assert len(shown) == sum(len(h) for h in hands)
    assert all(it.face_up and it.kind is not None for it in shown)
    for q, codes in enumerate(hands):
        assert sorted(it.kind.code for it in shown if it.seat == q) == sorted(codes)
    assert steps > 10


def test_end_of_hand_groups_the_winners_sets(qtbot):
    rng = random.Random(0)
    for seed in range(200):
        st = new_state(n=3, seed=seed)
        play_random(st, rng, lambda s: False)
        if st.result().winners:
            break
    else:
        pytest.skip("no won hand found")
    res = st.result()
    winner = res.winners[0]
    w = make_table(qtbot, n=3)
    w.show_view(st.view(0))
    mine = sorted((it for it in w.card_items() if it.seat == winner and it.role != "pile"),
                  key=lambda it: it.pos().x())
    assert [it.kind.code for it in mine] == [c for g in res.details["sets"] for c in g]
    assert all(it.face_up for it in mine)
    # three groups: the two gaps between sets are wider than the steps inside a set
    xs = [it.pos().x() for it in mine]
    steps = [b - a for a, b in zip(xs, xs[1:])]
    assert steps[2] > steps[0] * 1.2 and steps[5] > steps[0] * 1.2
    marked = [it for it in mine if it.mark == "win"]
    assert len(marked) == 1 and marked[0].kind.code == res.details["card"]
    assert_inside(w)


def test_a_call_shows_face_down_cards_and_the_marker(qtbot):
    # the human (seat 0, first to play) is dealt two sets and a pair: ceki at once
    n = 4
    deck = stacked_deck(n, 0, {0: ["C2", "C2", "C2", "S4", "S4", "S4", "M7", "M7"]})
    st = new_state(n=n, seed=1, deck=deck)
    assert st.called[0]
    v = st.view(0)
    w = make_table(qtbot, n=n)
    w.show_view(v)
    fd = items(w, "facedown", 0)
    assert sorted(it.kind for it in fd) == sorted(v.facedown) and fd
    assert all(it.face_up and it.dim for it in fd)
    assert w.seat_items()[0].spec.badge
    check_no_leak(w, v)
    assert_inside(w)


# -- sizes ------------------------------------------------------------------------------------

SIZES = [(1280, 720), (1920, 1080), (800, 600), (2560, 1440), (1000, 800), (1018, 730), (1024, 768), (2560, 1080)]


@pytest.mark.parametrize("n", [2, 4, 6])
def test_every_card_stays_in_view_at_any_size(qtbot, n):
    st = new_state(n=n, seed=30 + n)
    rng = random.Random(n)
    w = make_table(qtbot, n=n)
    # early, with a long pile (up to the end of the stock), and the end of the hand
    stages = [lambda s: len(s.discards) >= 5, lambda s: len(s.discards) >= 60 or len(s.stock) < 3,
              lambda s: False]
    for until in stages:
        play_random(st, rng, until)
        w.show_view(st.view(0))
        for size in SIZES:
            w.resize(*size)
            qtbot.wait(1)
            vp = w.viewport().size()
            sr = w.sceneRect()
            assert (sr.width(), sr.height()) == (vp.width(), vp.height())
            assert_inside(w)


def test_cards_scale_with_the_window(qtbot):
    st = new_state(seed=8)
    w = make_table(qtbot)
    w.show_view(st.view(0))
    small = max(it.height for it in items(w, "hand"))
    w.resize(1920, 1080)
    qtbot.wait(1)
    big = max(it.height for it in items(w, "hand"))
    assert big > small * 1.3
    assert 0.14 <= big / w.viewport().height() <= 0.25


# -- animations -------------------------------------------------------------------------------

def test_animation_off_is_final_at_once(qtbot):
    st = new_state(seed=9)
    w = make_table(qtbot, speed="off")
    ref = make_table(qtbot, speed="off")
    with qtbot.waitSignal(w.animationsDone, timeout=0):      # emitted during the call: no waiting at all
        w.show_view(st.view(0), [e.for_viewer(0) for e in st.deal_events])
    assert not w.is_animating()
    ref.show_view(st.view(0))
    assert positions(w) == positions(ref)


@pytest.mark.parametrize("speed", ["fast", "normal", "slow"])
def test_skip_animations_gives_the_final_layout(qtbot, speed):
    st = new_state(seed=10)
    w = make_table(qtbot, speed=speed)
    ref = make_table(qtbot, speed="off")
    w.show_view(st.view(0), [e.for_viewer(0) for e in st.deal_events])
    assert w.is_animating()
    assert positions(w) != positions(ref.show_view(st.view(0)) or ref)
    with qtbot.waitSignal(w.animationsDone, timeout=0):
        w.skip_animations()
    assert not w.is_animating()
    assert positions(w) == positions(ref)
    # a draw, then a discard flying to the pile: a click finishes them too
    for action in (Action(0, "draw"), None):
        if action is None:
            action = Action(0, "discard", st.view(0).hand[2])
        events = st.apply(action)
        w.show_view(st.view(0), [e.for_viewer(0) for e in events])
        ref.show_view(st.view(0))
        assert w.is_animating()
        with qtbot.waitSignal(w.animationsDone, timeout=0):
            qtbot.mouseClick(w.viewport(), Qt.LeftButton, pos=QPoint(5, 5))
        assert positions(w) == positions(ref)


def test_animations_finish_by_themselves(qtbot):
    st = new_state(seed=12)
    w = make_table(qtbot, speed="fast")
    ref = make_table(qtbot, speed="off")
    with qtbot.waitSignal(w.animationsDone, timeout=HANG_GUARD_MS):
        w.show_view(st.view(0), [e.for_viewer(0) for e in st.deal_events])
    ref.show_view(st.view(0))
    assert positions(w) == positions(ref)
    events = st.apply(Action(0, "draw"))
    with qtbot.waitSignal(w.animationsDone, timeout=HANG_GUARD_MS):
        w.show_view(st.view(0), [e.for_viewer(0) for e in events])
    ref.show_view(st.view(0))
    assert positions(w) == positions(ref)


def test_a_new_view_during_an_animation_ends_exactly(qtbot):
    st = new_state(seed=13)
    w = make_table(qtbot, speed="slow")
    ref = make_table(qtbot, speed="off")
    w.show_view(st.view(0), [e.for_viewer(0) for e in st.deal_events])
    rng = random.Random(13)
    moves = 0
    while not st.is_terminal():   # to the end of the hand: the reveal is animated too
        p = st.to_act()[0]
        events = st.apply(rng.choice(st.legal_actions(p)))
        w.show_view(st.view(0), [e.for_viewer(0) for e in events])
        moves += 1
        if moves % 7 == 0:
            w.skip_animations()
            ref.show_view(st.view(0))
            assert positions(w) == positions(ref)
    assert w.is_animating()
    w.skip_animations()
    ref.show_view(st.view(0))
    assert positions(w) == positions(ref)
    assert all(it.face_up for it in w.card_items() if it.role == "reveal")


def _look(it) -> tuple:
    """Everything a card item shows or answers to."""
    return (it.kind, it.face_up, round(it.pos().x(), 3), round(it.pos().y(), 3), round(it.rotation(), 3),
            it.opacity(), it.scale(), it.zValue(), it.height, it.peek, it.role, it.seat, it.action,
            it.selectable, it.highlight, it.strong, it.dim, it.selected, it.hint, it.hover, it.mark,
            it.toolTip(), it.cacheMode(), it.cursor().shape(), it.code_shown())


@pytest.mark.parametrize("speed", ["off", "fast"])
def test_cards_taken_off_the_table_come_back_as_new(qtbot, speed):
    """The table keeps the items of cards it takes off and gives them to later cards: such a card
    must look and act exactly as a new item would, whatever the old one showed (a win mark, a hint,
    the keyboard selection, a fan's rotation, a half-done flip)."""
    w = make_table(qtbot, speed=speed)
    rng = random.Random(5)
    for seed in (31, 32, 33):
        st = new_state(seed=seed)
        w.set_game("ceki", NAMES[:4], 0)
        w.show_view(st.view(0), [e.for_viewer(0) for e in st.deal_events])
        while not st.is_terminal():
            p = st.to_act()[0]
            events = st.apply(rng.choice(st.legal_actions(p)))
            w.show_view(st.view(0), [e.for_viewer(0) for e in events])
            if p == 0 and not st.is_terminal() and st.view(0).legal:
                w.set_hint(st.view(0).legal[-1])
                w.press_key(int(Qt.Key.Key_Right))
        before = w.card_items()
        # a new hand on the same table, its deal cut short in the middle of its animation
        nxt = new_state(seed=seed + 100)
        w.set_game("ceki", NAMES[:4], 0)
        w.show_view(nxt.view(0), [e.for_viewer(0) for e in nxt.deal_events])
        w.skip_animations()
        ref = make_table(qtbot, speed="off")
        ref.show_view(nxt.view(0))
        got = {it.key: _look(it) for it in w.card_items()}
        want = {it.key: _look(it) for it in ref.card_items()}
        assert got == want
        assert any(it is old for it in w.card_items() for old in before)   # some were reused


# -- dragging, sorting, hints -----------------------------------------------------------------

def test_drag_a_card_onto_the_pile_discards_it(qtbot):
    st = new_state(seed=14)
    st.apply(Action(0, "draw"))
    w = make_table(qtbot)
    w.show_view(st.view(0))
    got = collect(w)
    card = sorted(items(w, "hand"), key=lambda it: it.pos().x())[4]
    target = w.mapFromScene(w.sceneRect().center())
    drag(w, vp_point(w, card), target)
    assert got == [Action(0, "discard", card.kind)]


def test_drag_reorders_the_hand_when_not_sorted(qtbot):
    st = new_state(seed=15)
    w = make_table(qtbot, sort_hand=False)
    w.show_view(st.view(0))
    got = collect(w)
    hand = sorted(items(w, "hand"), key=lambda it: it.pos().x())
    first = hand[0]
    drag(w, vp_point(w, first), vp_point(w, hand[-1]) + QPoint(20, 0))
    assert got == []
    after = sorted(items(w, "hand"), key=lambda it: it.pos().x())
    assert after[-1].key == first.key
    # a new card joins at the end and the chosen order stays
    order = [it.key for it in after]
    st.apply(Action(0, "draw"))
    w.show_view(st.view(0))
    again = [it.key for it in sorted(items(w, "hand"), key=lambda it: it.pos().x())]
    assert again[:len(order)] == order


def test_sorted_hand_is_in_kind_order(qtbot):
    st = new_state(seed=16)
    w = make_table(qtbot, sort_hand=True)
    w.show_view(st.view(0))
    kinds = [it.kind for it in sorted(items(w, "hand"), key=lambda it: it.pos().x())]
    assert kinds == sorted(kinds)


def test_drawn_card_is_marked(qtbot):
    st = new_state(seed=17)
    st.apply(Action(0, "draw"))
    v = st.view(0)
    w = make_table(qtbot)
    w.show_view(v)
    marked = [it for it in items(w, "hand") if it.mark == "drawn"]
    assert len(marked) == 1 and marked[0].kind == v.drawn


def test_hint_marks_the_card_or_pile(qtbot):
    st = new_state(seed=18)
    w = make_table(qtbot)
    w.show_view(st.view(0))
    w.set_hint(Action(0, "draw"))
    assert [it.role for it in w.card_items() if it.hint] == ["stock"]
    st.apply(Action(0, "draw"))
    v = st.view(0)
    w.show_view(v)
    assert not any(it.hint for it in w.card_items())
    kind = v.hand[-1]
    w.set_hint(Action(0, "discard", kind))
    hinted = [it for it in w.card_items() if it.hint]
    assert len(hinted) == 1 and hinted[0].kind == kind and hinted[0].role == "hand"
    w.set_hint(None)
    assert not any(it.hint for it in w.card_items())


def test_thinking_and_turn_highlight(qtbot):
    st = new_state(seed=19, human=1)   # seat 1 to play, the human is seat 0
    w = make_table(qtbot)
    w.show_view(st.view(0))
    seats = w.seat_items()
    assert seats[1].spec.to_move and not seats[0].spec.to_move
    w.set_thinking(1)
    assert seats[1].thinking and not seats[2].thinking
    w.set_thinking(-1)
    assert not any(s.thinking for s in seats.values())
    assert sum(s.spec.dealer for s in seats.values()) == 1 and seats[0].spec.dealer


def test_seats_go_clockwise_from_the_humans_left(qtbot):
    st = new_state(n=4, seed=20, human=2)
    w = make_table(qtbot, n=4, human=2)
    w.show_view(st.view(2))
    c = {q: it.sceneBoundingRect().center() for q, it in w.seat_items().items()}
    assert c[2].y() > c[0].y()                      # the human at the bottom
    assert c[3].x() < c[0].x() < c[1].x()           # left, top, right
    assert c[0].y() < c[3].y() and c[0].y() < c[1].y()


def test_card_tooltips_show_all_names_whatever_the_card_name_form(qtbot):
    from cekidesk.ui.foundations import names

    st = new_state(seed=22)
    w = make_table(qtbot, card_namer=lambda k: f"name of {k.code}")
    w.show_view(st.view(0))
    hand = items(w, "hand")
    for it in hand:
        tip = it.toolTip()
        jn = names.javanese_names(it.kind)
        assert tip.startswith(f"{names.card_name(it.kind)} ({it.kind.code})")
        assert all(n in tip for n in jn.latin + jn.script)
        assert names.peranakan_name(it.kind) in tip
    w.set_options(animation_speed="off")
    assert [it.toolTip() for it in items(w, "hand")] == [names.card_tooltip(it.kind) for it in items(w, "hand")]


# -- painting ---------------------------------------------------------------------------------

def test_pixmaps_are_cached_and_crisp(qtbot):
    st = new_state(n=6, seed=23)
    play_random(st, random.Random(23), lambda s: len(s.discards) > 40)
    w = make_table(qtbot, n=6)
    w.show_view(st.view(0))
    w.grab()
    art = card_art()
    before = art.renders
    for _ in range(3):
        w.viewport().repaint()
        w.grab()
    assert art.renders == before
    pm = art.pixmap("S9", 100, 2.0)
    assert pm.devicePixelRatio() == 2.0 and pm.height() == 200
    assert art.pixmap("S9", 100, 2.0) is pm


def test_show_codes_renders_the_corner_code(qtbot):
    art = card_art()
    plain = art.pixmap("S9", 120, 1.0, False).toImage()
    coded = art.pixmap("S9", 120, 1.0, True).toImage()
    assert plain.size() == coded.size() and plain != coded
    assert art.pixmap("back", 120, 1.0, True).toImage() == art.pixmap("back", 120, 1.0, False).toImage()


def test_layout_registry():
    assert layout_class("ceki").game_id == "ceki"
    with pytest.raises(KeyError):
        layout_class("no-such-game")
    with pytest.raises(ValueError):
        register_layout("ceki", type("Other", (layout_class("ceki"),), {}))


def pile_top(w):
    pile = items(w, "pile")
    return max(pile, key=lambda it: it.key[1])


def test_cards_fly_where_they_go(qtbot):
    st = new_state(seed=24)
    w = make_table(qtbot, speed="normal")
    w.show_view(st.view(0))
    events = st.apply(Action(0, "draw"))
    w.show_view(st.view(0), [e.for_viewer(0) for e in events])
    w.skip_animations()
    hand = sorted(items(w, "hand"), key=lambda it: it.pos().x())
    # prefer a kind held twice: the very copy that was clicked must fly
    kinds = [it.kind for it in hand]
    clicked = next((it for it in hand if kinds.count(it.kind) > 1), hand[2])
    got = collect(w)
    click(qtbot, w, clicked)
    assert got == [Action(0, "discard", clicked.kind)]
    events = st.apply(got[0])
    w.show_view(st.view(0), [e.for_viewer(0) for e in events])
    assert pile_top(w) is clicked and w.is_animating()
    # the next player draws and throws: one of their backs flies to the pile and turns over
    events = st.apply(Action(1, "draw"))
    w.show_view(st.view(0), [e.for_viewer(0) for e in events])
    backs = set(items(w, "opponent", 1))
    events = st.apply(st.legal_actions(1)[-1])
    w.show_view(st.view(0), [e.for_viewer(0) for e in events])
    thrown = pile_top(w)
    assert thrown in backs
    w.skip_animations()
    assert thrown.face_up and thrown.kind == st.view(0).discards[-1]
    check_no_leak(w, st.view(0))
