"""The Pèi table layout (cekidesk.ui.games.pei.layout): every card stays in view at any size and
moment of a round, only legal actions are attached, the pool lies by rank on the side of the role it
belongs to, the seats go anticlockwise in play order, the peek is shown only to the player who saw
it, the capture choice is offered by click and key, and the animations end in the exact plan."""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from waiting import HANG_GUARD_MS

import cekidesk.ui.games  # noqa: F401  (the registry of the games' UIs: it loads every table layout)
from cekidesk.engine.core import Action
from cekidesk.games.pei.rules import PATIH, RAJA, UNYIK, PeiOptions, PeiState, rank_of
from cekidesk.ui.games.pei.layout import SIDE_RANKS, PeiLayout
from cekidesk.ui.table.layouts import LayoutOptions, layout_class
from cekidesk.ui.table.widget import TableWidget

NAMES = ["You", "Budi", "Sari"]
SIZES = [(1024, 640), (1280, 720), (1920, 1080), (800, 560), (1366, 768)]


def play(st: PeiState, rng: random.Random, until=None, limit: int = 400) -> PeiState:
    for _ in range(limit):
        if st.is_terminal() or (until is not None and until(st)):
            return st
        p = st.to_act()[0]
        st.apply(rng.choice(st.legal_actions(p)))
    return st


def moments(seed: int = 3, opts: PeiOptions | None = None) -> dict[str, PeiState]:
    """A fresh deal, a moment mid-round, a capture choice of seat 0, and the end."""
    o = opts or PeiOptions()
    out = {"start": PeiState(3, o, seed)}
    out["mid"] = play(PeiState(3, o, seed), random.Random(seed), until=lambda s: s.turn >= 20)
    for k in range(200):
        st = play(PeiState(3, o, seed + k), random.Random(k),
                  until=lambda s: s.phase == "capture" and s.current == 0)
        if not st.is_terminal():
            out["capture"] = st
            break
    out["end"] = play(PeiState(3, o, seed), random.Random(seed + 1))
    assert out["end"].is_terminal() and "capture" in out
    return out


def make_table(qtbot, size=(1280, 720), human=0, speed="off") -> TableWidget:
    w = TableWidget()
    qtbot.addWidget(w)
    w.set_options(animation_speed=speed)
    w.set_game("pei", NAMES, human)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    return w


def assert_inside(w: TableWidget) -> None:
    visible = w.mapToScene(w.viewport().rect()).boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)
    items = w.card_items()
    assert items
    for it in items:
        assert visible.contains(it.sceneBoundingRect()), (it.key, it.sceneBoundingRect(), visible)


def plan_for(view, size=(1280, 720), human=0):
    lay = PeiLayout(NAMES, human)
    return lay, lay.plan(view, size[0], size[1], LayoutOptions())


def test_layout_is_registered():
    assert layout_class("pei") is PeiLayout


@pytest.mark.parametrize("size", SIZES)
def test_every_card_stays_in_view_at_every_moment(qtbot, size):
    w = make_table(qtbot, size)
    for name, st in moments().items():
        for viewer in range(3):
            w.set_game("pei", NAMES, viewer)
            w.show_view(st.view(viewer))
            assert_inside(w)
        # and the counts shown are the view's
        v = st.view(0)
        w.set_game("pei", NAMES, 0)
        w.show_view(v)
        roles = [it.role for it in w.card_items()]
        assert roles.count("hand") == len(v.hand), name
        assert roles.count("pool") == len(v.pool), name
        assert roles.count("captured") == sum(len(c) for c in v.captured), name
        for q in (1, 2):
            assert sum(1 for it in w.card_items() if it.role == "opponent" and it.seat == q) == v.hand_counts[q]
        assert all(not it.face_up for it in w.card_items() if it.role in ("opponent", "stock"))


@pytest.mark.parametrize("name", ["start", "mid", "capture", "end"])
def test_only_legal_actions_are_attached_and_every_legal_action_is_offered(name):
    st = moments()[name]
    for viewer in range(3):
        v = st.view(viewer)
        for size in SIZES[:3]:
            lay, plan = plan_for(v, size, viewer)
            attached = {c.action for c in plan.cards if c.action is not None}
            keyed = set(plan.keys.values())
            dropped = {a for z in plan.drops for a in z.actions.values()}
            assert attached <= set(v.legal)
            assert keyed <= set(v.legal) and dropped <= set(v.legal)
            assert attached == set(v.legal)          # every legal move has a card (or the stock) to click
            for c in plan.cards:
                if c.action is not None and c.action.verb == "play":
                    assert c.role == "hand" and c.kind == c.action.card
                if c.action is not None and c.action.verb == "capture":
                    assert c.role == "pool" and c.kind == c.action.card and c.selectable
                if c.action is not None and c.action.verb == "draw":
                    assert c.role == "stock"


def test_the_capture_choice_is_clear_and_keyed(qtbot):
    st = moments()["capture"]
    v = st.view(0)
    assert v.phase == "capture" and v.pending is not None
    choices = [a for a in v.legal if a.verb == "capture"]
    assert len(choices) >= 2
    lay, plan = plan_for(v)
    pending = [c for c in plan.cards if c.role == "pending"]
    assert len(pending) == 1 and pending[0].kind == v.pending
    pool_h = max(c.height for c in plan.cards if c.role == "pool")
    assert pending[0].height > pool_h                          # shown big
    assert any(lab.key == ("choose",) and "capture" in lab.text for lab in plan.labels)
    # the hand is inactive, the choices are the only selectable cards
    assert not any(c.selectable for c in plan.cards if c.role == "hand")
    assert sorted((c.action for c in plan.cards if c.selectable), key=lambda a: a.card) == choices
    assert [plan.keys[int(k)] for k in (Qt.Key_1, Qt.Key_2)[:len(choices)]] == choices[:2]
    # the other players see the pending card, but no choice and no banner
    for q in (1, 2):
        lay, p2 = plan_for(st.view(q), human=q)
        assert [c.kind for c in p2.cards if c.role == "pending"] == [v.pending]
        assert not any(c.action for c in p2.cards) and not any(lab.key == ("choose",) for lab in p2.labels)


def test_capture_by_click_and_by_key(qtbot):
    st = moments()["capture"]
    v = st.view(0)
    choices = [a for a in v.legal if a.verb == "capture"]
    w = make_table(qtbot)
    w.show_view(v)
    got = []
    w.actionChosen.connect(got.append)
    target = next(it for it in w.card_items() if it.action == choices[-1])
    assert target.highlight
    qtbot.mouseClick(w.viewport(), Qt.LeftButton, pos=w.mapFromScene(target.scenePos()))
    assert got == [choices[-1]]
    qtbot.keyClick(w.viewport(), Qt.Key_1)
    assert got[-1] == choices[0]
    # nothing happens with a hand card during the choice
    hand = next(it for it in w.card_items() if it.role == "hand")
    qtbot.mouseClick(w.viewport(), Qt.LeftButton, pos=w.mapFromScene(hand.scenePos()))
    assert len(got) == 2


def test_draw_by_click_and_key(qtbot):
    for k in range(100):
        st = play(PeiState(3, PeiOptions(), 50 + k), random.Random(k),
                  until=lambda s: s.phase == "draw" and s.current == 0)
        if not st.is_terminal():
            break
    v = st.view(0)
    w = make_table(qtbot)
    w.show_view(v)
    got = []
    w.actionChosen.connect(got.append)
    stock = max((it for it in w.card_items() if it.role == "stock"), key=lambda it: it.zValue())
    assert stock.action == Action(0, "draw") and stock.highlight
    qtbot.mouseClick(w.viewport(), Qt.LeftButton, pos=w.mapFromScene(stock.scenePos()))
    qtbot.keyClick(w.viewport(), Qt.Key_D)
    assert got == [Action(0, "draw")] * 2
    assert not any(it.action for it in w.card_items() if it.role == "hand")


def _side_of(c, stock_x, centre_l, centre_r, stock_y):
    if c.pos.x() < centre_l:
        return "left"
    if c.pos.x() > centre_r:
        return "right"
    return "top" if c.pos.y() < stock_y else "bottom"


@pytest.mark.parametrize("ten_rank", [False, True])
def test_the_pool_lies_by_rank_in_front_of_its_role(ten_rank):
    opts = PeiOptions(ten_rank=ten_rank)
    seen_roles = set()
    for seed in range(12):
        st = PeiState(3, opts, seed)
        for viewer in range(3):
            v = st.view(viewer)
            lay, plan = plan_for(v, human=viewer)
            # seats: the human at the bottom, the next player in play order on the right
            r = v.roles.index(viewer)
            assert lay.seat_side == {viewer: "bottom", v.roles[(r + 1) % 3]: "right", v.roles[(r + 2) % 3]: "left"}
            seen_roles.add(r)
            seat_rect = {sp.seat: sp.rect for sp in plan.seats}
            nxt = v.roles[(r + 1) % 3]
            assert seat_rect[nxt].center().x() > seat_rect[v.roles[(r + 2) % 3]].center().x()
            stock = [c for c in plan.cards if c.role == "stock"][0]
            pool = [c for c in plan.cards if c.role == "pool"]
            side_of_role = {"raja": lay.seat_side[v.roles[RAJA]], "patih": lay.seat_side[v.roles[PATIH]],
                            "unyik": lay.seat_side[v.roles[UNYIK]], "dealer": "top"}
            want = {}
            for role, ranks in SIDE_RANKS.items():
                for rk in ranks:
                    want[rk] = side_of_role[role]
            # the centre column: the rows in front of the human and on the dealer's side
            centre = [c for c in pool if want[rank_of(c.kind, opts)] in ("top", "bottom")]
            left_x = [c.pos.x() for c in pool if want[rank_of(c.kind, opts)] == "left"]
            right_x = [c.pos.x() for c in pool if want[rank_of(c.kind, opts)] == "right"]
            cx = [c.pos.x() for c in centre]
            if left_x and cx:
                assert max(left_x) < min(cx)
            if right_x and cx:
                assert min(right_x) > max(cx)
            for c in centre:
                if want[rank_of(c.kind, opts)] == "top":
                    assert c.pos.y() < stock.pos.y()
                else:
                    assert c.pos.y() > stock.pos.y()
    assert seen_roles == {0, 1, 2}


def test_the_peek_is_shown_only_to_the_player_who_saw_it():
    for variant, peeker_role in (("javanese", PATIH), ("magelang", PATIH), ("la_peche", UNYIK)):
        st = PeiState(3, PeiOptions(variant=variant), 7)
        for viewer in range(3):
            v = st.view(viewer)
            lay, plan = plan_for(v, human=viewer)
            peeks = [c for c in plan.cards if c.role == "peek"]
            notes = [lab for lab in plan.labels if lab.key == ("peek",)]
            if viewer == v.roles[peeker_role]:
                assert v.peek is not None
                assert [c.kind for c in peeks] == [v.peek] and peeks[0].face_up
                assert notes and "only you" in notes[0].text
            else:
                assert v.peek is None and not peeks and not notes
            lasts = [c for c in plan.cards if c.role == "last"]
            if variant == "la_peche":
                assert not lasts
            else:
                assert [c.kind for c in lasts] == [v.last_card] and lasts[0].face_up


def test_captured_cards_are_grouped_by_combination_and_scored_at_the_end():
    st = moments()["end"]
    res = st.result()
    for viewer in range(3):
        v = st.view(viewer)
        lay, plan = plan_for(v, human=viewer)
        for q in range(3):
            caps = [c for c in plan.cards if c.role == "captured" and c.seat == q]
            assert sorted(c.kind for c in caps) == sorted(v.captured[q])
            arr = res.details["arrangements"][q]
            pts = [lab for lab in plan.labels if lab.key[0] == "pts" and lab.key[1] == q]
            want = [str(c[2]) for c in arr["combos"]] + ([str(arr["loose_points"])] if arr["loose"] else [])
            assert [lab.text for lab in sorted(pts, key=lambda lab: lab.key[2])] == want
            # the seat's rank and total
            score = next(lab for lab in plan.labels if lab.key == ("score", q))
            place = res.details["ranking"].index(q)
            assert str(res.points[q]) in score.text
            assert ("ngeté", "tengah", "kete")[place] in score.text
        winner = [sp for sp in plan.seats if sp.winner]
        assert [sp.seat for sp in winner] == [res.winners[0]]


def test_animated_round_always_ends_in_the_exact_plan(qtbot):
    w = make_table(qtbot, speed="fast")
    st = PeiState(3, PeiOptions(), 11)
    w.show_view(st.view(0), st.deal_events)
    rng = random.Random(4)
    steps = 0
    while not st.is_terminal():
        p = st.to_act()[0]
        a = rng.choice(st.legal_actions(p))
        events = [e.for_viewer(0) for e in st.apply(a)]
        v = st.view(0)
        w.show_view(v, events)
        if steps % 17 == 0:
            qtbot.waitUntil(lambda: not w.is_animating(), timeout=HANG_GUARD_MS)
        else:
            w.skip_animations()
        lay, plan = plan_for(v, (w.viewport().width(), w.viewport().height()))
        want = {c.key: (round(c.pos.x(), 2), round(c.pos.y(), 2), c.face_up) for c in plan.cards}
        got = {it.key: (round(it.pos().x(), 2), round(it.pos().y(), 2), it.face_up) for it in w.card_items()}
        assert got == want
        steps += 1
    assert_inside(w)


def test_choreography_reuses_only_real_cards():
    st = PeiState(3, PeiOptions(), 21)
    lay = PeiLayout(NAMES, 0)
    size = (1280, 720)
    old = {c.key: c for c in lay.plan(st.view(0), *size, LayoutOptions()).cards}
    rng = random.Random(2)
    flights = 0
    while not st.is_terminal():
        p = st.to_act()[0]
        events = [e.for_viewer(0) for e in st.apply(rng.choice(st.legal_actions(p)))]
        new = lay.plan(st.view(0), *size, LayoutOptions())
        ch = lay.choreograph(events, old, new, st.view(0))
        newk = new.by_key()
        for nk, ok in ch.reuse.items():
            assert nk in newk and ok in old
            assert ok not in newk or nk in old or ok in ch.reuse      # a swap: the old card moved on
        if any(e.type in ("play", "draw", "capture") for e in events):
            assert ch.reuse or ch.start
            flights += 1
        old = {c.key: c for c in new.cards}
    assert flights >= 42


def test_sorted_hand_is_by_rank_and_drag_reorders_when_unsorted():
    st = PeiState(3, PeiOptions(), 5)
    v = st.view(0)
    lay, plan = plan_for(v)
    hand = sorted((c for c in plan.cards if c.role == "hand"), key=lambda c: c.pos.x())
    ranks = [rank_of(c.kind, v.options) for c in hand]
    assert ranks == sorted(ranks)
    lay2 = PeiLayout(NAMES, 0)
    plan2 = lay2.plan(v, 1280, 720, LayoutOptions(sort_hand=False))
    keys = lay2.hand_keys_in_order()
    assert lay2.reorder(keys[0], len(keys) - 1)
    plan3 = lay2.plan(v, 1280, 720, LayoutOptions(sort_hand=False))
    order = [c.key for c in sorted((c for c in plan3.cards if c.role == "hand"), key=lambda c: c.pos.x())]
    assert order[-1] == keys[0]
