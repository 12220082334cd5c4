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

from cekidesk.engine.cards import Kind
from cekidesk.games import new_match
from cekidesk.games.ceki.rules import Throw
from cekidesk.persistence import saves

from helpers import act, ceki_stacked, seats_for
from test_ceki_views import random_states

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

def paint(item) -> "QImage":
    from PySide6.QtGui import QImage, QPainter

    r = item.boundingRect()
    img = QImage(int(r.width()) + 2, int(r.height()) + 2, QImage.Format.Format_ARGB32)
    img.fill(0)
    p = QPainter(img)
    p.translate(-r.left() + 1, -r.top() + 1)
    item.paint(p, None, None)
    p.end()
    return img


def test_a_taken_card_has_a_coloured_bottom_edge_even_where_the_next_card_covers_it(qapp):
    from PySide6.QtGui import QColor

    from cekidesk.ui.table.cards import MARK_TAKEN, CardItem

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
