"""Ce Pe's table layout, from views built by hand: the counter in the middle ("73 / 100") warming as it
nears the limit, the direction and the next player, dimmed cards that say why they cannot be played,
a card of several moves offering them as choices, lives as turned-down cards, tokens, players out
faded with their place, the ``lose`` button with its reason; and every seat, card and label inside
the table, with no two plates overlapping, for 2–8 players at 1280×720 and at full HD.  The table
widget's side (a click on a card of several moves shows its choices, Enter and Escape too) is tested
on the real widget."""
from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QRectF, Qt
from waiting import HANG_GUARD_MS

from cekidesk.engine.cards import WKind
from cekidesk.engine.core import Action
from cekidesk.games.ce_pe.rules import CePeView
from cekidesk.games.ce_pe.ruleset import CePeOptions, preset
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.games.ce_pe.layout import CePeLayout, warmth
from cekidesk.ui.table import TableWidget
from cekidesk.ui.table.layouts import LayoutOptions, text_width

guard_none_refcount()

W = WKind.parse


@pytest.fixture(autouse=True)
def _app(qapp):
    """Labels are measured with fonts: an application first."""


def view(n: int = 4, **fields) -> CePeView:
    """Seat 0's view in the middle of a hand of Ce Pe (its turn, the counter at 73)."""
    rules = fields.pop("rules", CePeOptions())
    hand = tuple(W(c) for c in fields.pop("hand", ("AS", "10H", "QD", "3C")))
    base = dict(
        viewer=0, n_players=n, to_act=(0,), legal=(), dealer=n - 1, current=0, direction=1, phase="play",
        counter=73, limit=rules.limit, rules=rules, hand=hand, hand_counts=(len(hand),) + (4,) * (n - 1),
        face_down=(0,) * n, tokens=None, out=(False,) * n, eliminated=(), stock_count=30,
        discards=((W("9C"), n - 1), (W("2H"), 1 % n)), last_play=(1 % n, W("2H"), 2, None, 71, 73),
        next_player=1 % n, blocked=(), pending_exchange=None, result=None)
    base.update(fields)
    return CePeView(**base)


def plan(v: CePeView, w: float = 1280, h: float = 720):
    return CePeLayout([f"Player{q}" for q in range(v.n_players)], 0).plan(v, w, h, LayoutOptions())


def hand_card(p, code: str):
    (card,) = [c for c in p.cards if c.role == "hand" and c.kind == W(code)]
    return card


def test_the_counter_shows_the_limit_and_warms_as_it_nears_it():
    p = plan(view(counter=73))
    (counter,) = [lab for lab in p.labels if lab.key == ("counter",)]
    assert counter.text == "73 / 100"
    assert plan(view(counter=-20)).labels[0].text == "−20 / 100"

    def heat(c: int) -> int:
        r, g, _ = warmth(c, 100)
        return r - g

    temps = [heat(c) for c in (0, 40, 70, 85, 95, 100)]
    assert temps == sorted(temps) and temps[0] < 0 < temps[-1]
    assert counter.fill == warmth(73, 100)


def test_the_direction_and_the_next_player_are_shown():
    p = plan(view(direction=-1, next_player=3))
    (line,) = [lab.text for lab in p.labels if lab.key == ("direction",)]
    assert line == "↺ anticlockwise · then: Player3"    # your turn: Player3 comes after you (issue 32)
    (other,) = [lab.text for lab in plan(view(direction=-1, next_player=3, current=2, to_act=(2,))).labels
                if lab.key == ("direction",)]
    assert other == "↺ anticlockwise · next: Player3"   # somebody else's turn
    badges = {s.seat: s.badge for s in p.seats}
    assert badges[3] == "next" and badges[1] == "" and badges[0] == ""


def test_a_card_that_cannot_be_played_is_dimmed_and_says_why():
    legal = (Action(0, "play", W("AS"), None, 1), Action(0, "play", W("QD"), None, -20))
    p = plan(view(legal=legal, blocked=((W("10H"), 83), (W("3C"), 104))))
    tenh = hand_card(p, "10H")
    assert tenh.dim and tenh.action is None and not tenh.choices
    assert tenh.tooltip == "Cannot be played: it would make 83"
    assert hand_card(p, "3C").tooltip == "Cannot be played: it would make 104"
    assert not hand_card(p, "AS").dim and hand_card(p, "AS").action == legal[0]


def test_a_card_of_several_moves_offers_them_as_choices():
    legal = (Action(0, "play", W("AS"), None, 1), Action(0, "play", W("AS"), None, 11),
             Action(0, "play", W("QD"), None, -20))
    p = plan(view(legal=legal, counter=60))
    ace = hand_card(p, "AS")
    assert ace.action is None
    assert [(c.label, c.action) for c in ace.choices] == [("+1 → 61", legal[0]), ("+11 → 71", legal[1])]
    assert hand_card(p, "QD").action == legal[2] and not hand_card(p, "QD").choices


def test_a_target_is_a_choice_by_the_players_name():
    rules = preset("ce_pe")
    legal = tuple(Action(0, "play", W("5C"), t, None) for t in (0, 1, 2))
    p = plan(view(3, rules=rules, hand=("5C",), legal=legal))
    assert [c.label for c in hand_card(p, "5C").choices] == ["Player0 next", "Player1 next", "Player2 next"]
    legal = tuple(Action(0, "play", W("3C"), t, None) for t in (1, 2))
    p = plan(view(3, rules=rules, hand=("3C",), legal=legal))
    assert [c.label for c in hand_card(p, "3C").choices] == ["with Player1", "with Player2"]


def test_lives_tokens_and_players_out():
    p = plan(view(5, face_down=(1, 2, 0, 0, 0), out=(False, False, False, True, False), eliminated=(3,),
                  hand_counts=(4, 2, 4, 0, 4)))
    down = [c for c in p.cards if c.role == "facedown"]
    assert sorted((c.seat, c.face_up) for c in down) == [(0, False), (1, False), (1, False)]
    assert all("turned face down" in (c.tooltip or "") for c in down)
    seats = {s.seat: s for s in p.seats}
    assert seats[3].greyed and seats[3].extra == seats[3].badge == "out, place 5"
    assert not seats[1].greyed and seats[1].extra == "2 cards face down"
    rules = preset("ninety_nine")
    p = plan(view(3, rules=rules, hand=("9C", "2D", "KH"), tokens=(3, 1, 2)))
    tokens = {lab.key: lab for lab in p.labels if lab.key[0] == "tokens"}
    assert tokens[("tokens", 1)].text == "●" and tokens[("tokens", 1)].tooltip == "1 token left"
    assert tokens[("tokens", 0)].text == "●●●"
    assert {s.seat: s.extra for s in p.seats}[2] == "2 tokens"


def test_with_no_playable_card_the_loss_is_a_button_with_its_reason():
    rules = preset("normal_99")
    p = plan(view(rules=rules, counter=95, legal=(Action(0, "lose"),),
                  blocked=((W("AS"), 96), (W("10H"), 105), (W("QD"), 115), (W("3C"), 98))))
    (lose,) = p.choices
    assert lose.action == Action(0, "lose") and lose.label == "Drop out"
    assert lose.tooltip == "No card of yours can be played at 95 (limit 99): you are out."
    assert all(c.dim for c in p.cards if c.role == "hand")


def test_with_lives_the_cards_become_the_ones_to_turn_down():
    legal = tuple(Action(0, "turn_down", W(c)) for c in ("AS", "10H"))
    p = plan(view(hand=("AS", "10H"), counter=100, legal=legal, blocked=((W("AS"), 101), (W("10H"), 110))))
    ace = hand_card(p, "AS")
    assert ace.action == legal[0] and not ace.dim
    assert ace.tooltip.splitlines() == ["Cannot be played: it would make 101",
                                        "Click to turn it face down (you lose a life)"]


def test_in_the_give_step_a_click_gives_the_card():
    legal = tuple(Action(0, "give", W(c), 1) for c in ("AS", "10H", "QD", "3C"))
    p = plan(view(n=2, phase="give", legal=legal))
    assert [hand_card(p, c).action.verb for c in ("AS", "10H", "QD", "3C")] == ["give"] * 4


def test_in_the_give_step_each_card_offers_the_players_to_give_it_to():
    """Issue 32: the Three's target is chosen after the draw, with the card given."""
    legal = tuple(Action(0, "give", W(c), q) for c in ("AS", "10H") for q in (1, 2, 3))
    p = plan(view(phase="give", legal=legal))
    ace = hand_card(p, "AS")
    assert ace.action is None
    assert [(c.action, c.label) for c in ace.choices] == [
        (Action(0, "give", W("AS"), q), f"with Player{q}") for q in (1, 2, 3)]


def _rect(c) -> QRectF:
    w = c.height * 63 / 88
    return QRectF(c.pos.x() - w / 2, c.pos.y() - c.height / 2, w, c.height)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 640)])
@pytest.mark.parametrize("n", range(2, 9))
def test_everything_fits_and_no_seat_covers_another_or_the_middle(n, size):
    w, h = size
    v = view(n, face_down=(2,) * n, hand_counts=(4,) * n, discards=tuple((W("9C"), q % n) for q in range(8)))
    p = plan(v, w, h)
    scene = QRectF(0, 0, w, h)
    for c in p.cards:
        assert scene.contains(_rect(c).adjusted(2, 2, -2, -2)) or c.rotation, (n, size, c.key)
    for s in p.seats:
        assert scene.contains(s.rect), (n, size, s.seat)
    plates = [s.rect for s in p.seats]
    assert not any(a.intersects(b) for i, a in enumerate(plates) for b in plates[i + 1:]), (n, size)
    counter = next(lab for lab in p.labels if lab.key == ("counter",))
    half = text_width(counter.text, counter.size, True) / 2
    middle = QRectF(counter.pos.x() - half, counter.pos.y() - counter.size * 0.7, 2 * half, counter.size * 1.4)
    assert not any(middle.intersects(r) for r in plates), (n, size)
    piles = [_rect(c) for c in p.cards if c.role in ("pile", "stock")]
    others = [_rect(c) for c in p.cards if c.role in ("opponent", "hand")]
    assert not any(a.intersects(b) for a in piles for b in others + plates), (n, size)


# -- the widget: a card of several moves ----------------------------------------------------------

@pytest.fixture
def table(qtbot):
    t = TableWidget()
    qtbot.addWidget(t)
    t.resize(1280, 720)
    t.set_options(animation_speed="off")
    t.set_game("ce-pe", ["You", "Budi", "Sari", "Ayu"], 0)
    t.show()
    qtbot.waitExposed(t, timeout=HANG_GUARD_MS)
    return t


ACE_LEGAL = (Action(0, "play", W("AS"), None, 1), Action(0, "play", W("AS"), None, 11),
             Action(0, "play", W("QD"), None, -20))


def click_item(qtbot, t: TableWidget, item) -> None:
    qtbot.mouseClick(t.viewport(), Qt.MouseButton.LeftButton, pos=t.mapFromScene(item.sceneBoundingRect().center()))


def _item(t: TableWidget, code: str):
    return next(it for it in t.card_items() if it.role == "hand" and it.kind == W(code))


def test_a_click_on_a_card_of_several_moves_shows_them_and_a_button_plays_one(qtbot, table):
    table.show_view(view(legal=ACE_LEGAL, counter=60))
    chosen: list = []
    table.actionChosen.connect(chosen.append)
    assert not table.choice_bars()
    ace = _item(table, "AS")
    click_item(qtbot, table, ace)
    assert not chosen and table.opened_card() == ace.key
    (bar,) = table.choice_bars()
    assert [b.text() for b in bar.buttons.values()] == ["+1 → 61", "+11 → 71"]
    # over the card, where it hides no card of the hand
    card = table.mapFromScene(ace.sceneBoundingRect()).boundingRect()
    assert bar.geometry().bottom() < card.top() and bar.geometry().left() < card.center().x() < bar.geometry().right()
    qtbot.mouseClick(list(bar.buttons.values())[1], Qt.MouseButton.LeftButton)
    assert chosen == [ACE_LEGAL[1]]
    # a card of one move plays at once
    table.show_view(view(legal=ACE_LEGAL, counter=60))
    assert not table.choice_bars()
    queen = _item(table, "QD")
    click_item(qtbot, table, queen)
    assert chosen[-1] == ACE_LEGAL[2]


def test_the_keyboard_opens_a_cards_choices_and_escape_closes_them(qtbot, table):
    table.show_view(view(legal=ACE_LEGAL, counter=60))
    chosen: list = []
    table.actionChosen.connect(chosen.append)
    table.setFocus()
    keys = [c.key for c in sorted((it for it in table.card_items() if it.selectable), key=lambda i: i.pos().x())]
    qtbot.keyClick(table, Qt.Key.Key_Home)
    assert table.selected_card().key == keys[0]
    while table.selected_card().kind != W("AS"):
        qtbot.keyClick(table, Qt.Key.Key_Right)
    qtbot.keyClick(table, Qt.Key.Key_Return)
    (bar,) = table.choice_bars()
    first = list(bar.buttons.values())[0]
    assert first.hasFocus() or qtbot.waitUntil(first.hasFocus, timeout=HANG_GUARD_MS) is None
    qtbot.keyClick(first, Qt.Key.Key_Right)
    second = list(bar.buttons.values())[1]
    assert second.hasFocus()
    qtbot.keyClick(second, Qt.Key.Key_Escape)      # from the bar itself
    assert not table.choice_bars() and table.opened_card() is None and not chosen
    assert table.hasFocus()
    qtbot.keyClick(table, Qt.Key.Key_Return)
    (bar,) = table.choice_bars()
    qtbot.keyClick(list(bar.buttons.values())[1], Qt.Key.Key_Return)
    assert chosen == [ACE_LEGAL[1]]


def test_the_choices_close_when_the_game_moves_on(qtbot, table):
    table.show_view(view(legal=ACE_LEGAL, counter=60))
    ace = _item(table, "AS")
    click_item(qtbot, table, ace)
    assert table.choice_bars()
    table.show_view(dataclasses.replace(view(legal=(), counter=71), current=1, to_act=(1,)))
    assert not table.choice_bars() and table.opened_card() is None


def test_a_computer_players_card_flies_from_their_seat_and_the_counter_pops():
    from cekidesk.engine.core import Event

    layout = CePeLayout(["You", "Budi", "Sari", "Ayu"], 0)
    before = view(counter=71, discards=((W("9C"), 3),), last_play=(3, W("9C"), 9, None, 62, 71), current=1,
                  to_act=(1,), next_player=2)
    old = layout.plan(before, 1280, 720, LayoutOptions())
    after = view(counter=91, discards=((W("9C"), 3), (W("KH"), 1)), last_play=(1, W("KH"), 100, None, 71, 91),
                 current=2, to_act=(2,), next_player=3)
    new = layout.plan(after, 1280, 720, LayoutOptions())
    play = Event("play", 1, {"card": "KH", "amount": 20, "target": None, "before": 71, "after": 91, "action": "none"})
    ch = layout.choreograph([play], old.by_key(), new, after)
    top = [c for c in new.cards if c.role == "pile"][-1]
    assert top.kind == W("KH")
    budi = next(s for s in new.seats if s.seat == 1).rect
    start = ch.start[top.key][0]
    assert abs(start.x() - budi.center().x()) < budi.width() / 2 and not ch.start[top.key][1]
    assert ch.banners == [("counter",)]
    # a card that leaves the counter where it was: no pop
    stay = Event("play", 1, {"card": "5H", "amount": None, "target": 2, "before": 71, "after": 71,
                             "action": "choose_next"})
    assert ("counter",) not in layout.choreograph([stay], old.by_key(), new, after).banners


def test_the_status_line_says_what_to_do_when_nothing_can_be_played():
    from cekidesk.ui.games import game_ui

    ui = game_ui("ce-pe")
    seats = ["You", "Budi", "Sari", "Ayu"]
    legal = tuple(Action(0, "turn_down", W(c)) for c in ("AS", "10H"))
    assert ui.your_turn_text(view(hand=("AS", "10H"), counter=100, legal=legal), seats) == (
        "No card of yours can be played at 100 (limit 100): click the card to turn face down — you lose a life.")
    assert ui.auto_action(view(legal=legal), None) is None
    lose = view(rules=preset("ninety_nine"), counter=98, tokens=(2, 3, 3, 3), legal=(Action(0, "lose"),))
    assert ui.your_turn_text(lose, seats) == "No card of yours can be played at 98 (limit 99): you lose a token."
    assert ui.auto_action(lose, None) == Action(0, "lose")
    give = view(phase="give", legal=(Action(0, "give", W("AS"), 2),))
    assert ui.your_turn_text(give, seats) == (
        "Exchange: click the card you give and choose who gets it; you take a random card of their hand.")


def test_a_hint_among_a_cards_choices_marks_the_card(qtbot, table):
    table.show_view(view(legal=ACE_LEGAL, counter=60))
    table.set_hint(ACE_LEGAL[1])
    ace = _item(table, "AS")
    assert ace.hint and table.selected_card() is ace
