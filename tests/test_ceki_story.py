"""Ceki's table tells who threw what (issue #15).

The engine records every throw and who took it back up (``CekiView.throws``: public, the same in
every player's view, kept by ``clone`` and rebuilt by a replay of the action log); the table draws
a strip per seat of the cards that player threw (newest first, the taken ones marked and named),
names the thrower of the last discard, fans the pile's top cards over the rest, and after the
person's *ceki* call lays their hand out as the two sets and the face-down pair.  Every strip card
and label lies inside the table and off the other seats' cards at 1280×720 and 1920×1080, with 2–6
players, in English and in aksara Jawa.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import act, ceki_stacked, seats_for
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from test_ceki_views import random_states
from waiting import HANG_GUARD_MS

import cekidesk.ui.games  # noqa: F401  (the registry of the games' UIs: it loads every table layout)
from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action
from cekidesk.games import new_match
from cekidesk.games.ceki.rules import CekiOptions, CekiState, Throw
from cekidesk.persistence import saves
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations import i18n
from cekidesk.ui.foundations.cardpics import card_width
from cekidesk.ui.foundations.fonts import install_javanese_font, script_scale
from cekidesk.ui.games.ceki import layout as ceki_layout
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.table.cards import MARK_TAKEN, CardItem
from cekidesk.ui.table.layouts import LayoutOptions, layout_class, text_width

K = Kind
# three hands with no set and no pair between them (nobody calls from the deal)
HANDS_3 = ["C1 C2 C3 C4 S6 WF RF M9", "S1 S2 S3 S4 M6 OT C9 M2", "M1 C6 M3 M4 C8 S7 S8 M7"]


# -- the engine's record ------------------------------------------------------------------------

def test_throws_and_takes_are_recorded_per_thrower():
    # seat 0 plays first (dealer 2); the stock's top: M5, then S5, then C5
    s = ceki_stacked(3, 2, HANDS_3, stock="M5 S5 C5")
    act(s, "0 draw", "0 discard M5",          # drawn and thrown at once
        "1 take", "1 discard S1",             # seat 1 takes seat 0's M5
        "2 draw", "2 discard C6",
        "0 take", "0 discard C1",             # seat 0 takes seat 2's C6
        "1 draw", "1 discard S4")
    assert not any(s.called)
    view = s.view(0)
    assert view.throws == (Throw(0, K.M5, 1), Throw(1, K.S1), Throw(2, K.C6, 0), Throw(0, K.C1),
                           Throw(1, K.S4))
    assert view.thrown_by(0) == (Throw(0, K.M5, 1), Throw(0, K.C1))
    assert view.thrown_by(1) == (Throw(1, K.S1), Throw(1, K.S4))
    assert view.thrown_by(2) == (Throw(2, K.C6, 0),)
    # the pile is the throws nobody took, in order, and its top names its thrower
    assert view.discards == (K.S1, K.C1, K.S4)
    assert view.top_thrower == 1
    act(s, "2 take")
    assert s.view(1).throws[-1] == Throw(1, K.S4, 2)
    assert s.view(1).top_thrower == 0 and s.view(1).top_discard == K.C1


def test_a_callers_winning_take_is_recorded_and_the_face_down_cards_never_are():
    # seat 1 holds 7 7 7 / 8 8 8 and a pair of 5s: it calls from the deal and waits for a 5
    s = ceki_stacked(3, 2, ["C1 C2 C3 C4 S6 WF RF M9", "C7 S7 M7 C8 S8 M8 C5 S5",
                            "S1 S2 S3 S4 M6 OT C9 M2"], stock="M5")
    assert s.called[1] and s.view(1).facedown == (K.C5, K.S5)
    act(s, "0 draw", "0 discard M5", "1 take")
    assert s.is_terminal() and s.result().winners == (1,)
    for q in range(3):
        assert s.view(q).throws == (Throw(0, K.M5, 1),)
    assert s.view(1).thrown_by(1) == ()


def test_every_viewer_sees_the_same_record_and_it_is_exactly_what_the_table_saw():
    checked = 0
    for s, events in random_states(40, seed=1):
        views = [s.view(q) for q in range(s.n_players)]
        assert all(v.throws == views[0].throws for v in views)
        # nothing but thrown cards: one entry per discard event, in order, each taken one by a take
        thrown = [(e.player, K.parse(e.data["card"])) for e in events if e.type == "discard"]
        assert [(t.thrower, t.kind) for t in views[0].throws] == thrown
        takes = Counter((e.player, e.data["card"]) for e in events if e.type == "take")
        assert Counter((t.taker, t.kind.code) for t in views[0].throws if t.taker >= 0) == takes
        assert all(t.taker == (t.thrower + 1) % s.n_players for t in views[0].throws if t.taker >= 0)
        assert views[0].discards == tuple(t.kind for t in views[0].throws if t.taker < 0)
        # a viewer's record does not depend on the cards they cannot see
        for q in range(s.n_players):
            assert s.redeal_hidden(q, random.Random(q)).view(q).throws == views[q].throws
        checked += len(thrown)
    assert checked > 200


def test_clone_keeps_the_record_and_goes_its_own_way():
    s = ceki_stacked(3, 2, HANDS_3, stock="M5 S5 C5")
    act(s, "0 draw", "0 discard M5", "1 take", "1 discard S1")
    c = s.clone()
    assert c.view(2).throws == s.view(2).throws == (Throw(0, K.M5, 1), Throw(1, K.S1))
    act(c, "2 take")
    assert c.view(0).throws[-1] == Throw(1, K.S1, 2)
    assert s.view(0).throws[-1] == Throw(1, K.S1)


def test_a_saved_game_rebuilds_the_record_from_its_moves():
    m = new_match("ceki", 4, 5)
    rng = random.Random(5)
    while len(m.logs[-1]) < 40 and not m.hand_over():
        p = m.state.to_act()[0]
        m.apply(rng.choice(m.state.legal_actions(p)))
    before = m.state.view(0).throws
    assert len(before) >= 15 and any(t.taker >= 0 for t in before)
    doc = saves.match_to_document(m, seats_for(4))
    text = saves.document_to_bytes(doc).decode("utf-8")
    assert "throws" not in text                         # nothing new is written
    loaded = saves.document_to_match(saves.parse_document(text))
    assert loaded.state.view(0).throws == before
    assert loaded.state.view(2) == m.state.view(2)



# -- the table's "taken" mark ---------------------------------------------------------------------

def paint(item) -> QImage:
    r = item.boundingRect()
    img = QImage(int(r.width()) + 2, int(r.height()) + 2, QImage.Format.Format_ARGB32)
    img.fill(0)
    p = QPainter(img)
    p.translate(-r.left() + 1, -r.top() + 1)
    item.paint(p, None, None)
    p.end()
    return img


def test_a_taken_card_has_a_coloured_bottom_edge_even_where_the_next_card_covers_it(qapp):
    item = CardItem("k", K.C7, True, 120)
    item.set_peek((0.6, 1.0))                  # the next card of a strip covers its right side
    r = item.boundingRect()
    rect = item.card_rect()
    # a point on the bottom edge in the part left uncovered, in the image's pixels
    x, y = int(rect.left() + rect.width() * 0.3 - r.left() + 1), int(rect.bottom() - 2 - r.top() + 1)
    plain = QColor(paint(item).pixel(x, y))
    item.mark = "taken"
    marked = QColor(paint(item).pixel(x, y))
    assert marked == MARK_TAKEN and plain != MARK_TAKEN


# -- the table: strips, the pile, the thrower, the called hand -----------------------------------

NAMES = ["You", "Budi", "Sari", "Ayu", "Joko", "Wati"]
#: the table's size in the window at 1280×720 and 1920×1080, with the game log beside it and without
#: (the real window's: test_the_table_in_the_window_tells_who_threw_what)
TABLE_SIZES = ((1018, 633), (1280, 633), (1658, 993), (1920, 993))
MIDDLE = ("stock", "pile")


def card_rect(c) -> QRectF:
    """The part of a card of a plan that shows (what another card may not cover)."""
    w = card_width(c.height)
    return QRectF(c.pos.x() - w / 2, c.pos.y() - c.height / 2, w * c.peek[0], c.height * c.peek[1])


def label_rect(lab) -> QRectF:
    """A label's pill, as the table draws it (about: its line is a Latin line, 1.3× in aksara Jawa)."""
    w = text_width(lab.text, lab.size, lab.style != "count")
    h = lab.size * 1.45 * script_scale()
    return QRectF(lab.pos.x() - w / 2, lab.pos.y() - h / 2, w, h)


def views_of_hands(n: int, seed: int, every: int = 7):
    """Seat 0's views along a random hand in which the players rather take and call (long strips,
    called hands), and the end."""
    st = CekiState(n, CekiOptions(), seed, seed % n)
    rng = random.Random(seed)
    i = 0
    while not st.is_terminal():
        p = st.to_act()[0]
        legal = st.legal_actions(p)
        st.apply(next((a for a in legal if a.verb == "take"), None) if rng.random() < 0.5
                 and any(a.verb == "take" for a in legal) else rng.choice(legal))
        i += 1
        if i % every == 0 or st.is_terminal():
            yield st.view(0)


def _box(r: QRectF) -> tuple[float, float, float, float]:
    return r.left(), r.top(), r.right(), r.bottom()


def _meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """QRectF.intersects of two non-empty rectangles, in plain numbers (called in the sweep's
    innermost loops, where a call into Qt a pair costs most of the test's time)."""
    return (a[0] < a[2] and a[1] < a[3] and b[0] < b[2] and b[1] < b[3]   # an empty one meets nothing
            and a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


def check_story_plan(plan, view, W: float, H: float) -> None:
    """Every card and label inside the table; each strip card off everything that is not its seat's
    own (other seats' cards and plates, the stock and the pile, every label but its own "+n"); the
    labels apart; the plates apart.  (Each rectangle is measured once: a label's width is a font
    measurement, too slow to repeat inside the label × card loops.)"""
    scene = QRectF(0, 0, W, H).adjusted(-0.5, -0.5, 0.5, 0.5)
    cards = [(c, card_rect(c)) for c in plan.cards]
    labs = [(lab, label_rect(lab)) for lab in plan.labels]
    for c, r in cards:
        assert scene.contains(r), (c.key, r)
    for lab, r in labs:
        assert scene.contains(r), (lab.key, lab.text, r)
    plates = {s.seat: s.rect for s in plan.seats}
    assert not any(plates[p].intersects(plates[q]) for p in plates for q in plates if p < q)
    boxes = [(c, _box(r)) for c, r in cards]
    plate_boxes = {q: _box(plate) for q, plate in plates.items()}
    lab_boxes = [(lab, _box(r)) for lab, r in labs]
    for c, r in boxes:
        if c.role != "thrown":
            continue
        for o, ro in boxes:
            if o.seat != c.seat and (o.seat >= 0 or o.role in MIDDLE):
                assert not _meet(r, ro), ("strip card", c.key, "over", o.key)
        for q, plate in plate_boxes.items():
            assert q == c.seat or not _meet(r, plate), ("strip card", c.key, "over the plate of", q)
        for lab, rl in lab_boxes:
            assert lab.key == ("thr_more", c.seat) or not _meet(r, rl), (c.key, lab.text)
    # the labels apart from each other and from every card but the seat's own ceki banner on its backs
    labels = [(lab, r) for lab, r in lab_boxes if lab.key[0] != "result"]
    for i, (a, ra) in enumerate(labels):
        for b, rb in labels[i + 1:]:
            assert not _meet(ra, rb), (a.text, b.text)
        if view.result is None and a.key[0] != "call":
            for o, ro in boxes:
                assert not _meet(ra, ro), (a.text, o.key)
        for q, plate in plate_boxes.items():
            assert not _meet(ra, plate), (a.text, "over the plate of", q)


@pytest.fixture(params=["en", "jv-Java"])
def language(request, qapp, monkeypatch):
    """The interface in English, or in aksara Jawa (its labels 1.3× the size) with the table's words
    in Javanese script (the translations of these words come after this change)."""
    if request.param == "jv-Java":
        install_javanese_font(qapp)
        i18n.set_language("jv-Java")
        words = {"thrower_text": lambda t, me, name: "ꦧꦸꦮꦔꦤ꧀ꦩꦸꦝꦺꦮꦺ" if t == me else f"ꦢꦶꦧꦸꦮꦁ {name}",
                 "taker_text": lambda t, me, name: "ꦢꦶꦗꦸꦥꦸꦏ꧀ꦏꦺꦴꦮꦺ" if t == me else f"ꦢꦶꦗꦸꦥꦸꦏ꧀ {name}",
                 "face_down_text": lambda: "ꦢꦶꦠꦼꦁꦏꦸꦉꦧꦏꦺ"}
        for name, fn in words.items():
            monkeypatch.setattr(ceki_layout, name, fn)
        assert script_scale() > 1.2
    yield request.param
    if request.param == "jv-Java":
        i18n.set_language("en")


@pytest.mark.parametrize("players", [(2, 3, 4), (5, 6)], ids=["2-4 players", "5-6 players"])
def test_strips_the_pile_and_their_labels_fit_and_keep_clear_of_the_other_seats(language, players):
    seen = Counter()
    for n in players:
        for seed in range(3):
            lay = layout_class("ceki")(NAMES[:n], 0)
            for i, view in enumerate(views_of_hands(n, seed)):
                # each view at one table size, the sizes taken in turn (every size meets every player
                # count, early and late in a hand) -- all four for each view repeated the same checks
                for W, H in (TABLE_SIZES[(i + seed + n) % len(TABLE_SIZES)],):
                    plan = lay.plan(view, W, H, LayoutOptions())
                    check_story_plan(plan, view, W, H)
                    keys = {lab.key[0] for lab in plan.labels}
                    seen["more"] += "thr_more" in keys
                    seen["called"] += view.called[0]
                    seen["strips"] += sum(1 for c in plan.cards if c.role == "thrown")
    assert seen["more"] and seen["called"] and seen["strips"] > 1000, seen


def test_the_table_in_the_window_tells_who_threw_what(qtbot, language):
    """The real window at 1280×720 and 1920×1080, two and six players: after some rounds every seat
    that threw has its strip, the last discard names its thrower, and every strip card and label of
    the table lies inside it, off the other seats' cards and plates."""
    for size, n in (((1280, 720), 6), ((1920, 1080), 2), ((1280, 720), 2), ((1920, 1080), 6)):
        w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
        qtbot.addWidget(w)
        w.resize(*size)
        w.show()
        qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
        seats = [Seat.human("You")] + [Seat.bot("beginner", name) for name in NAMES[1:n]]
        assert w.start_new_game(NewGameConfig("ceki", seats, 3, {}, {"mode": "hands", "hands": 1}))
        c = w.controller

        def settled(c=c) -> bool:
            return c.waiting_for_human() or c.match.hand_over()

        for _ in range(6):                          # six of the person's turns (or the hand's end)
            qtbot.waitUntil(settled, timeout=HANG_GUARD_MS)
            if c.match.hand_over():
                break
            while c.waiting_for_human():
                legal = c.view().legal
                assert c.play(next((a for a in legal if a.verb == "draw"), legal[-1]))
        qtbot.waitUntil(settled, timeout=HANG_GUARD_MS)
        table = w.table
        view = table.current_view()
        W, H = table.viewport().width(), table.viewport().height()
        assert (W, H) in TABLE_SIZES
        check_story_plan(table._plan, view, W, H)
        scene = table.sceneRect()
        items = table.card_items()
        for it in items:
            if it.role == "thrown":
                r = it.mapRectToScene(it.visible_rect())
                assert scene.contains(r), it.key
                for o in items:
                    if o.seat != it.seat and (o.seat >= 0 or o.role in MIDDLE):
                        assert not r.intersects(o.mapRectToScene(o.visible_rect())), (it.key, o.key)
        for lab in table._labels.values():
            assert scene.contains(lab.sceneBoundingRect()), lab.spec.text
        if view.result is None:
            threw = {t.thrower for t in view.throws}
            assert {it.seat for it in items if it.role == "thrown"} == threw and len(threw) == n
            top = view.top_thrower
            label = table._labels[("thrower",)].spec.text
            mine = ceki_layout.thrower_text(0, 0, "You")
            assert label == (mine if top == 0 else ceki_layout.thrower_text(top, 0, NAMES[top]))
        w.close()


def test_a_throw_flies_from_its_thrower_to_the_pile_and_then_shows_in_their_strip(qapp):
    seen = Counter()
    for n in (2, 4, 6):
        st = CekiState(n, CekiOptions(), 40 + n, 0)
        lay = layout_class("ceki")(NAMES[:n], 0)
        rng = random.Random(n)
        old = lay.plan(st.view(0), 1018, 633, LayoutOptions()).by_key()
        while not st.is_terminal():
            p = st.to_act()[0]
            events = [e.for_viewer(0) for e in st.apply(rng.choice(st.legal_actions(p)))]
            view = st.view(0)
            new = lay.plan(view, 1018, 633, LayoutOptions())
            ch = lay.choreograph(events, old, new, view)
            keys = new.by_key()
            assert all(nk in keys and ok in old for nk, ok in ch.reuse.items())
            for e in events:
                if e.type == "discard" and not st.is_terminal():
                    top = ("pile", len(view.discards) - 1)
                    assert old[ch.reuse[top]].seat == e.player            # from the thrower's cards
                    strip = ("thr", e.player, len(view.thrown_by(e.player)) - 1)
                    assert strip in keys and strip not in old and strip not in ch.reuse
                    assert ch.delay[strip] > ch.delay.get(top, 0.0)       # it shows as the card lands
                    seen["throws"] += 1
                if e.type == "call" and e.player == 0:
                    fd = [k for k in keys if k[0] == "hfd"]
                    assert fd and all(old[ch.reuse[k]].role == "hand" for k in fd)
                    seen["calls"] += 1
            old = keys
    assert seen["throws"] > 30, seen


def plan_of(view, n: int = 3, size=(1018, 633), sort: bool = True):
    return layout_class("ceki")(NAMES[:n], 0).plan(view, *size, LayoutOptions(sort_hand=sort))


def test_each_strip_shows_its_seats_throws_newest_first_the_taken_ones_marked_and_named(qapp):
    s = ceki_stacked(3, 2, HANDS_3, stock="M5 S5 C5")
    act(s, "0 draw", "0 discard M5", "1 take", "1 discard S1", "2 draw", "2 discard C6",
        "0 take", "0 discard C1", "1 draw", "1 discard S4")
    plan = plan_of(s.view(0))
    strips = {q: sorted((c for c in plan.cards if c.role == "thrown" and c.seat == q), key=lambda c: c.pos.x())
              for q in range(3)}
    assert [c.kind for c in strips[0]] == [K.C1, K.M5]          # newest first
    assert [c.kind for c in strips[1]] == [K.S4, K.S1]
    assert [c.kind for c in strips[2]] == [K.C6]
    assert [c.mark for c in strips[0]] == [None, "taken"] and strips[2][0].mark == "taken"
    assert strips[0][1].tooltip == "Your discard\nTaken by Budi"
    assert strips[2][0].tooltip == "Thrown by Sari\nTaken by you"
    assert strips[1][0].tooltip == "Thrown by Budi"
    assert all(c.face_up and c.action is None and not c.selectable for cs in strips.values() for c in cs)
    # the last discard names its thrower; once it is taken, the card under it names its own
    labels = {lab.key: lab.text for lab in plan.labels}
    assert labels[("thrower",)] == "Thrown by Budi"
    act(s, "2 take")
    assert {lab.key: lab.text for lab in plan_of(s.view(0)).labels}[("thrower",)] == "Your discard"


def test_a_long_strip_keeps_the_newest_and_counts_the_rest(qapp):
    for seed in range(40):      # a two-player hand still going after 45 throws of seat 1
        st = CekiState(2, CekiOptions(), seed, 1)
        rng = random.Random(seed)
        while len(st.view(0).thrown_by(1)) < 45 and not st.is_terminal():
            legal = st.legal_actions(st.to_act()[0])
            st.apply(next((a for a in legal if a.verb == "draw"), None) or rng.choice(legal))
        if not st.is_terminal():
            break
    view = st.view(0)
    throws = view.thrown_by(1)
    assert len(throws) == 45 and view.result is None
    plan = plan_of(view, 2)
    strip = sorted((c for c in plan.cards if c.role == "thrown" and c.seat == 1), key=lambda c: (c.pos.y(), c.pos.x()))
    assert 10 <= len(strip) < len(throws)
    assert [c.kind for c in strip] == [t.kind for t in throws[::-1][:len(strip)]]   # the newest, in order
    more = next(lab for lab in plan.labels if lab.key == ("thr_more", 1))
    assert more.text == f"+{len(throws) - len(strip)}"
    assert more.tooltip == f"{len(throws) - len(strip)} earlier throws not shown"


def test_the_piles_newest_cards_are_fanned_readable_over_the_rest(qapp):
    st = CekiState(4, CekiOptions(), 8, 3)
    rng = random.Random(8)
    while len(st.discards) < 9:
        legal = st.legal_actions(st.to_act()[0])
        st.apply(next((a for a in legal if a.verb == "draw"), None) or rng.choice(legal))
    view = st.view(0)
    plan = plan_of(view, 4)
    pile = sorted((c for c in plan.cards if c.role == "pile"), key=lambda c: c.z)
    assert [c.kind for c in pile] == list(view.discards)
    fan, under = pile[-ceki_layout.PILE_FANNED:], pile[:-ceki_layout.PILE_FANNED]
    w = card_width(fan[0].height)
    # the fan: left to right, the top card whole and in front, each other card mostly uncovered
    assert [c.pos.x() for c in fan] == sorted(c.pos.x() for c in fan)
    assert fan[-1].peek == (1.0, 1.0)
    assert all(card_rect(c).width() >= 0.75 * w and c.peek[1] == 1.0 for c in fan)
    # the rest stacked beneath the fan's first card: only their edges show
    assert all(c.pos.x() <= fan[0].pos.x() and card_rect(c).width() < 0.1 * w for c in under)
    assert all(abs(c.pos.y() - fan[0].pos.y()) < 1 for c in under)


@pytest.mark.parametrize("sort", [True, False])
def test_after_the_call_the_hand_is_the_two_sets_and_the_face_down_pair(qapp, sort):
    # seat 0 (first to play) is dealt 7 7 7 / 8 8 8 and a pair of 5s: it calls from the deal
    s = ceki_stacked(3, 2, ["C7 S7 M7 C8 S8 M8 C5 S5", "C1 C2 C3 C4 S6 WF RF M9",
                            "S1 S2 S3 S4 M6 OT C9 M2"], stock="M9")
    assert s.called[0]
    plan = plan_of(s.view(0), sort=sort)
    row = sorted((c for c in plan.cards if c.seat == 0 and c.role in ("hand", "facedown")), key=lambda c: c.pos.x())
    assert [c.kind for c in row] == [K.C7, K.S7, K.M7, K.C8, K.S8, K.M8, K.C5, K.S5]
    assert [c.role for c in row] == ["hand"] * 6 + ["facedown"] * 2
    assert len({c.height for c in row}) == 1                       # the pair lies in the hand's row
    steps = [b.pos.x() - a.pos.x() for a, b in zip(row, row[1:], strict=False)]
    assert steps[2] > steps[0] * 1.2 and steps[5] > steps[0] * 1.2  # apart: set, set, pair
    for c in row[6:]:                                             # face up to its owner, dimmed and marked
        assert c.face_up and c.dim and c.mark == "set_aside" and not c.selectable and c.action is None
    label = next(lab for lab in plan.labels if lab.key == ("call", 0))
    assert label.text == "Face down" and row[6].pos.x() <= label.pos.x() <= row[7].pos.x()
    assert label.pos.y() < row[6].pos.y() - row[6].height / 2
    # the card drawn after the call comes last, apart, the only one to throw
    act(s, "0 draw")
    row = sorted((c for c in plan_of(s.view(0), sort=sort).cards if c.seat == 0 and c.role in ("hand", "facedown")),
                 key=lambda c: c.pos.x())
    assert [c.kind for c in row][-3:] == [K.C5, K.S5, K.M9] and row[-1].mark == "drawn"
    assert [c.action for c in row if c.action is not None] == [Action(0, "discard", K.M9)]


def test_five_face_down_cards_are_shown_as_their_set_and_the_pair(qapp):
    # 5 5 5 / 5 5 (the pair and a set of its value go face down) and 7 7 7
    s = ceki_stacked(3, 2, ["C5 S5 M5 C5 S5 C7 S7 M7", "C1 C2 C3 C4 S6 WF RF M9",
                            "S1 S2 S3 S4 M6 OT C9 M2"])
    assert s.called[0] and len(s.view(0).facedown) == 5
    row = sorted((c for c in plan_of(s.view(0)).cards if c.seat == 0 and c.role in ("hand", "facedown")),
                 key=lambda c: c.pos.x())
    assert [c.role for c in row] == ["hand"] * 3 + ["facedown"] * 5
    steps = [b.pos.x() - a.pos.x() for a, b in zip(row, row[1:], strict=False)]
    assert steps[2] > steps[0] * 1.2 and steps[5] > steps[3] * 1.2 and abs(steps[3] - steps[0]) < 0.5
