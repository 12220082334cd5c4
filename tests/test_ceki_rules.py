"""Ceki (Kowah) rules, one stacked-deck test per rule (RULINGS §2, ``cekidesk/games/ceki.py``).

Every hand here is dealt from a stacked deck: ``ceki_stacked(n, dealer, hands, stock)`` (in
``helpers.py``) lays out the top of the deck so that each seat is dealt exactly the eight kinds
listed for it (two at a time, four rounds, starting left of the dealer), followed by the listed
stock cards; the rest of the 120 cards follow in uid order.  The deal order itself is tested
separately against a raw deck.
"""
from __future__ import annotations

import random

import pytest

from cekidesk.games import get_game, new_match
from cekidesk.engine.cards import ALL_KINDS, Card, Kind, ceki_deck
from cekidesk.engine.core import (
    Action,
    GameOverError,
    HandResult,
    NotYourTurnError,
)
from cekidesk.engine.match import Match, MatchOptions
from cekidesk.games.ceki.rules import (
    NO_DRAW_TURNS,
    CekiOptions,
    CekiState,
    max_hand_actions,
    next_dealer,
    settle,
)

from helpers import act, ceki_deal_order, ceki_stacked, deck_from, refused, sorted_kinds

IYO = CekiOptions(iyo_one_rank=True)


# -- helpers -----------------------------------------------------------------------------------

def arrange(cards: list[Card], wanted, positions: set[int]) -> list[Card]:
    """Order ``cards`` so that those matching ``wanted`` lie exactly at ``positions``."""
    hits = [c for c in cards if wanted(c)]
    misses = [c for c in cards if not wanted(c)]
    assert len(hits) == len(positions)
    return [hits.pop(0) if i in positions else misses.pop(0) for i in range(len(cards))]


# Hands used below.  Any hand with a singleton value cannot call.
CALL_5 = "C7 S7 M7 C8 S8 M8 C5 S5"     # two sets (7s, 8s) and a pair of 5s: 60 points with a 5
JUNK_A = "C1 C2 C3 C4 S6 WF RF M9"
JUNK_B = "S1 S2 S3 S4 M6 OT C9 M2"
JUNK_C = "M1 C6 M3 M4 C9 WF RF OT"


# -- the deal ----------------------------------------------------------------------------------

@pytest.mark.parametrize("n,dealer", [(4, 2), (2, 1), (3, 0), (6, 5), (5, 3)])
def test_deal_two_at_a_time_four_rounds_clockwise_from_dealers_left(n, dealer):
    deck = ceki_deck(4)  # uid order, top card first
    s = CekiState(n, CekiOptions(), 0, dealer, deck)
    first = (dealer + 1) % n
    for p in range(n):
        i = (p - first) % n
        expected = [2 * n * r + 2 * i + j for r in range(4) for j in range(2)]
        assert sorted(s.hands[p] + s.facedown[p]) == sorted(expected), p
        assert len(s.hands[p]) + len(s.facedown[p]) == 8
    assert len(s.stock) == 120 - 8 * n
    assert s.view(0).stock_count == 120 - 8 * n
    assert s.view(0).discards == ()
    # the next card of the deck is the top of the stock: the first player draws it
    ev = act(s, f"{first} draw")
    assert ev[0].for_viewer(first).data["card"] == Card.from_uid(8 * n).kind.code


def test_deal_of_specific_cards_goes_to_the_expected_seats():
    # dealer 1 of 4: seat 2 receives the top two cards, then 3, 0, 1; four times.
    s = CekiState(4, CekiOptions(), 0, 1, deck_from(
        "C1 C2 S1 S2 M1 M2 WF RF  C3 C4 S3 S4 M3 M4 OT C9".split()))
    assert s.view(2).hand[:2] == (Kind.C1, Kind.C2)
    assert set(s.view(3).hand) >= {Kind.S1, Kind.S2, Kind.S3, Kind.S4}
    assert set(s.view(0).hand) >= {Kind.M1, Kind.M2, Kind.M3, Kind.M4}
    assert set(s.view(1).hand) >= {Kind.WF, Kind.RF, Kind.OT, Kind.C9}
    assert set(s.view(2).hand) >= {Kind.C1, Kind.C2, Kind.C3, Kind.C4}
    # and the helper used everywhere else agrees
    t = ceki_stacked(4, 1, [JUNK_A, JUNK_B, JUNK_C, "C5 C6 C7 C8 S9 M5 M7 S5"])
    assert t.view(0).hand == sorted_kinds(JUNK_A)
    assert t.view(1).hand == sorted_kinds(JUNK_B)
    assert t.view(2).hand == sorted_kinds(JUNK_C)
    assert t.view(3).hand == sorted_kinds("C5 C6 C7 C8 S9 M5 M7 S5")


def test_deal_events_one_per_player_secret_to_the_owner():
    s = ceki_stacked(3, 2, [JUNK_A, JUNK_B, JUNK_C])
    deals = [e for e in s.deal_events if e.type == "deal"]
    assert [e.player for e in deals] == [0, 1, 2]
    for e in deals:
        assert e.data["count"] == 8 and e.data["dealer"] == 2
        assert e.secret_to == frozenset({e.player})
        mine = e.for_viewer(e.player).data["cards"]
        assert sorted_kinds(" ".join(mine)) == s.view(e.player).hand
        for other in range(3):
            if other != e.player:
                assert "cards" not in e.for_viewer(other).data
        assert "cards" not in e.for_viewer(None).data


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_first_player_is_left_of_dealer(n):
    for dealer in range(n):
        s = CekiState(n, CekiOptions(), dealer, dealer, ceki_deck(4))
        first = (dealer + 1) % n
        assert s.to_act() == (first,)
        assert s.current == first and s.view(dealer).current == first
        assert s.legal_actions(first) == [Action(first, "draw")]
        for p in range(n):
            if p != first:
                assert s.legal_actions(p) == []
                refused(s, f"{p} draw", NotYourTurnError)


# -- a turn ------------------------------------------------------------------------------------

def test_a_turn_is_draw_or_take_then_discard_and_eight_cards_remain():
    s = ceki_stacked(3, 2, [JUNK_A, JUNK_B, JUNK_C], stock="C5 C8")
    refused(s, "0 discard C1")          # must draw first
    refused(s, "0 take")                # nothing to take yet
    ev = act(s, "0 draw")
    assert [e.type for e in ev] == ["draw"]
    v = s.view(0)
    assert v.phase == "discard" and v.drawn is Kind.C5 and len(v.hand) == 9
    assert {a.card for a in v.legal} == set(v.hand)
    assert all(a.verb == "discard" for a in v.legal)
    refused(s, "0 draw")                # only one draw per turn
    refused(s, "0 take")
    refused(s, "0 discard S9")          # not held
    act(s, "0 discard C1")
    v = s.view(0)
    assert v.hand == sorted_kinds("C5 C2 C3 C4 S6 WF RF M9")
    assert len(v.hand) + len(v.facedown) == 8
    assert v.discards == (Kind.C1,) and v.last_fresh is False
    assert s.to_act() == (1,) and s.view(1).phase == "draw"
    assert set(s.legal_actions(1)) == {Action(1, "draw"), Action(1, "take")}
    # the next player takes the discard and must then discard
    act(s, "1 take")
    assert Kind.C1 in s.view(1).hand and len(s.view(1).hand) == 9
    assert s.view(0).known[1] == (Kind.C1,)
    act(s, "1 discard S1")
    for p in range(3):
        assert len(s.hands[p]) + len(s.facedown[p]) == 8
    assert s.view(2).discards == (Kind.S1,)


def test_only_the_last_discard_can_be_taken_and_only_by_the_next_player():
    s = ceki_stacked(4, 3, [JUNK_A, JUNK_B, JUNK_C, "C5 C6 C7 C8 S9 M5 M7 S5"], stock="M8 S8")
    act(s, "0 draw", "0 discard C1")          # C1 on the pile
    # players other than 1 can neither take nor draw
    for p in (0, 2, 3):
        refused(s, f"{p} take", NotYourTurnError)
    act(s, "1 draw", "1 discard S8")          # C1 is buried under S8
    assert s.view(2).discards == (Kind.C1, Kind.S8)
    refused(s, "2 take C1")                   # a take names no card: there is no choosing
    act(s, "2 take")
    assert Kind.S8 in s.view(2).hand and Kind.C1 not in s.view(2).hand
    assert s.view(3).discards == (Kind.C1,)
    assert s.view(3).known[2] == (Kind.S8,)


def test_a_drawn_card_may_be_thrown_at_once():
    s = ceki_stacked(3, 2, [JUNK_A, JUNK_B, JUNK_C], stock="M5")
    before = s.view(0).hand
    ev = act(s, "0 draw", "0 discard M5")
    disc = [e for e in ev if e.type == "discard"][0]
    assert disc.data == {"card": "M5", "fresh": True}
    assert s.view(0).hand == before
    assert s.view(1).last_fresh is True and s.view(1).top_discard is Kind.M5


def test_a_taken_cards_kind_cannot_be_thrown_back():
    # seat 1 holds a C1 of its own, takes another C1: no C1 may be thrown this turn (house)
    s = ceki_stacked(3, 2, [JUNK_A, "C1 S2 S3 S4 M6 OT C9 M2", JUNK_C], stock="M5")
    act(s, "0 draw", "0 discard C1")
    act(s, "1 take")
    legal = s.legal_actions(1)
    assert Action(1, "discard", Kind.C1) not in legal
    assert {a.card for a in legal} == set(s.view(1).hand) - {Kind.C1}
    refused(s, "1 discard C1")
    act(s, "1 discard S2")
    # next turn the kind is free again
    act(s, "2 draw")
    act(s, f"2 discard {s.view(2).drawn}", "0 draw")
    act(s, f"0 discard {s.view(0).drawn}", "1 draw")
    assert Action(1, "discard", Kind.C1) in s.legal_actions(1)
    assert s.view(0).known[1] == (Kind.C1,)


# -- calling -----------------------------------------------------------------------------------

def test_automatic_call_after_a_discard():
    s = ceki_stacked(3, 2, [JUNK_A, "C7 S7 M7 C8 S8 M8 C5 OT", JUNK_C], stock="M9 M5")
    act(s, "0 draw", "0 discard M9")
    assert not s.view(1).called[1]
    ev = act(s, "1 draw")                          # draws M5: 7 7 7 8 8 8 5 5 + OT
    assert not s.view(1).called[1] and s.view(1).phase == "discard"
    ev = act(s, "1 discard OT")
    assert [e.type for e in ev] == ["discard", "call"]
    call = ev[1]
    assert call.player == 1 and call.data == {"facedown": 2}
    assert sorted_kinds(" ".join(call.for_viewer(1).data["cards"])) == sorted_kinds("C5 M5")
    for viewer in (0, 2, None):
        assert "cards" not in call.for_viewer(viewer).data
    v = s.view(1)
    assert v.called == (False, True, False)
    assert v.facedown == sorted_kinds("C5 M5")
    assert v.hand == sorted_kinds("C7 S7 M7 C8 S8 M8")
    assert s.view(0).facedown_counts == (0, 2, 0) and s.view(0).hand_counts == (8, 6, 8)


def test_automatic_call_on_the_deal():
    s = ceki_stacked(3, 2, [JUNK_A, "C3 S3 M3 C9 S9 M9 C4 M4", JUNK_C])
    assert s.called == [False, True, False]
    v = s.view(1)
    assert v.facedown == sorted_kinds("C4 M4") and v.hand == sorted_kinds("C3 S3 M3 C9 S9 M9")
    calls = [e for e in s.deal_events if e.type == "call"]
    assert len(calls) == 1 and calls[0].player == 1
    assert calls[0].for_viewer(1).data["cards"] and "cards" not in calls[0].for_viewer(0).data
    assert s.view(0).called == (False, True, False)


def test_call_with_a_pair_and_a_set_of_the_same_value_puts_five_down():
    # dealt: 3 3 3 3, 9 9 9, X  -> draws a 3, throws X: five 3s and three 9s
    s = ceki_stacked(3, 2, [JUNK_A, "C3 S3 M3 C3 C9 S9 M9 OT", JUNK_B], stock="M9 S3")
    act(s, "0 draw", "0 discard M9")
    ev = act(s, "1 draw", "1 discard OT")
    call = [e for e in ev if e.type == "call"][0]
    assert call.data == {"facedown": 5}
    assert s.view(1).facedown == sorted_kinds("C3 C3 S3 S3 M3")
    assert s.view(1).hand == sorted_kinds("C9 S9 M9")
    assert s.view(0).facedown_counts[1] == 5 and s.view(0).hand_counts[1] == 3


def test_call_on_the_deal_with_five_of_a_value():
    s = ceki_stacked(2, 0, ["C3 S3 M3 C3 S3 C9 S9 M9", JUNK_A])
    assert s.view(0).called[0]
    assert s.view(0).facedown == sorted_kinds("C3 C3 S3 S3 M3")
    assert s.view(0).hand == sorted_kinds("C9 S9 M9")


def test_caller_can_only_throw_the_drawn_card_and_take_only_a_winning_discard():
    s = ceki_stacked(3, 2, [JUNK_A, CALL_5, JUNK_B], stock="M9 C7 C2 S9")
    assert s.called[1]
    act(s, "0 draw", "0 discard M9")
    assert s.legal_actions(1) == [Action(1, "draw")]      # M9 does not win: no take
    refused(s, "1 take")
    act(s, "1 draw")                                        # draws C7 (a fourth 7)
    assert s.legal_actions(1) == [Action(1, "discard", Kind.C7)]
    refused(s, "1 discard C8")
    refused(s, "1 discard C5")                              # face-down cards are not in hand
    frozen = sorted(s.hands[1][:6])
    act(s, "1 discard C7")
    assert sorted(s.hands[1]) == frozen                     # the set's own C7 stayed
    assert s.view(1).hand == sorted_kinds("C7 S7 M7 C8 S8 M8")
    assert s.view(2).last_fresh is True


def test_caller_may_take_the_discard_when_it_wins():
    s = ceki_stacked(3, 2, [JUNK_A, CALL_5, JUNK_B], stock="M5")
    act(s, "0 draw", "0 discard M5")
    assert set(s.legal_actions(1)) == {Action(1, "draw"), Action(1, "take")}
    # taking is a choice: drawing instead is legal, and the caller then throws the drawn card
    t = s.clone()
    act(t, "1 draw")
    assert not t.is_terminal()
    act(s, "1 take")
    assert s.is_terminal()


def test_non_callers_never_win_even_with_three_sets(monkeypatch):
    # Auto-calling makes it impossible to hold three sets uncalled; switch it off to check that
    # the win itself requires a call.
    monkeypatch.setattr(CekiState, "_maybe_call", lambda self, p, events: None)
    s = ceki_stacked(3, 2, [JUNK_A, CALL_5, JUNK_B], stock="M5 M5")
    assert not any(s.called)
    act(s, "0 draw", "0 discard M5")
    taker = s.clone()
    act(taker, "1 take")
    assert not taker.is_terminal() and taker.view(1).phase == "discard"
    assert len(taker.view(1).hand) == 9
    drawer = s.clone()
    act(drawer, "1 draw")
    assert drawer.view(1).drawn is Kind.M5
    assert not drawer.is_terminal() and drawer.view(1).phase == "discard"


# -- winning and scoring -----------------------------------------------------------------------

def test_plain_win_previous_player_drew_and_threw_at_once():
    s = ceki_stacked(3, 2, [JUNK_A, CALL_5, JUNK_B], stock="M5")
    act(s, "0 draw", "0 discard M5")
    ev = act(s, "1 take")
    assert s.is_terminal() and s.to_act() == ()
    r = s.result()
    assert r.outcome == "win" and r.winners == (1,)
    assert r.details["win_kind"] == "plain" and r.details["multiplier"] == 1
    assert r.details["base"] == 60 and r.details["score"] == 60
    assert r.points == (0, 60, 0)
    assert r.details["card"] == "M5"
    assert sorted(map(sorted, r.details["sets"])) == [
        ["C5", "M5", "S5"], ["C7", "M7", "S7"], ["C8", "M8", "S8"]]
    assert ev[-1].type == "win" and ev[-1].data["score"] == 60
    with pytest.raises(GameOverError):
        s.apply(Action(2, "draw"))


def test_double_win_previous_player_threw_a_held_card():
    s = ceki_stacked(3, 2, [JUNK_A.replace("M9", "M5"), CALL_5, JUNK_B], stock="M9")
    act(s, "0 draw", "0 discard M5")          # M5 was dealt to seat 0
    act(s, "1 take")
    r = s.result()
    assert r.details["win_kind"] == "double" and r.details["multiplier"] == 2
    assert r.points == (0, 120, 0)


def test_double_win_after_a_take():
    # seat 0 took seat 2's discard and threw a 5 it had held: double
    s = ceki_stacked(3, 1, [JUNK_A.replace("M9", "M5"), CALL_5, JUNK_B], stock="M9 S9")
    # dealer 1: seat 2 starts
    act(s, "2 draw", "2 discard M9", "0 take", "0 discard M5", "1 take")
    assert s.result().details["win_kind"] == "double"
    assert s.result().points == (0, 120, 0)


def test_throwing_a_drawn_kind_that_is_also_held_throws_the_drawn_copy():
    # seat 0 holds M5 and draws another M5: discarding "M5" throws the fresh copy (plain)
    deck = deck_from(ceki_deal_order(3, 2, [JUNK_A.replace("M9", "M5"), CALL_5, JUNK_B]) + ["M5"])
    # let the held copy have the higher uid, so that "any copy of the kind" would pick it
    i, j = deck.index(Card(Kind.M5, 0)), deck.index(Card(Kind.M5, 3))
    deck[i], deck[j] = deck[j], deck[i]
    s = CekiState(3, CekiOptions(), 0, 2, deck)
    act(s, "0 draw")
    drawn_uid = s.drawn
    assert drawn_uid == Card(Kind.M5, 1).uid and Card(Kind.M5, 3).uid in s.hands[0]
    act(s, "0 discard M5")
    assert s.discards[-1] == drawn_uid and Card(Kind.M5, 3).uid in s.hands[0]
    assert s.view(1).last_fresh
    act(s, "1 take")
    assert s.result().details["win_kind"] == "plain"
    assert s.result().points == (0, 60, 0)


def test_triple_win_from_the_stock():
    s = ceki_stacked(3, 2, [JUNK_A, CALL_5, JUNK_B], stock="M9 M5")
    act(s, "0 draw", "0 discard M9")
    ev = act(s, "1 draw")
    assert s.is_terminal()
    r = s.result()
    assert r.details["win_kind"] == "triple" and r.details["multiplier"] == 3
    assert r.points == (0, 180, 0) and r.winners == (1,)
    assert [e.type for e in ev] == ["draw", "win"]
    assert len(r.details["hands"][1]) == 9
    assert all(len(r.details["hands"][q]) == 8 for q in (0, 2))


def test_score_of_an_honours_hand():
    # WF WF WF / RF RF RF / OT OT + OT: nine honours, 1 point each
    s = ceki_stacked(3, 2, [JUNK_B, "WF WF WF RF RF RF OT OT", "C1 C2 C3 C4 S6 S7 M8 M9"], stock="M9 OT")
    assert s.called[1] and s.view(1).facedown == sorted_kinds("OT OT")
    act(s, "0 draw", "0 discard M9", "1 draw")
    r = s.result()
    assert r.details["base"] == 9 and r.points[1] == 27


def test_score_of_three_nines_with_ones_and_honours():
    # 9 9 9 = 27, C1 S1 M1 = 3 (M1 counts 1), WF WF + WF = 3: 33, plain
    s = ceki_stacked(3, 2, [JUNK_B.replace("C9", "C8"), "C9 S9 M9 C1 S1 M1 WF WF",
                       "C2 C3 C4 S6 S7 M8 M9 C8"], stock="WF")
    assert s.called[1]
    act(s, "0 draw", "0 discard WF", "1 take")
    r = s.result()
    assert r.details["base"] == 33 and r.points == (0, 33, 0)


def test_score_of_five_nines_face_down():
    # 9 9 9 9 9 face-down, 8 8 8 in hand; the sixth 9 from the stock: (54 + 24) x 3
    s = ceki_stacked(2, 1, ["C9 S9 M9 C9 S9 C8 S8 M8", JUNK_B.replace("C9", "C7")], stock="M9")
    assert s.called[0] and s.view(0).facedown_counts[0] == 5
    act(s, "0 draw")
    assert s.result().details["base"] == 78 and s.result().points == (234, 0)


def test_honours_form_sets_only_with_their_own_kind_by_default():
    hand = "WF RF OT C7 S7 M7 C5 S5"
    s = ceki_stacked(3, 2, [JUNK_B, hand, "C1 C2 C3 C4 S6 S8 M8 M9"])
    assert not s.called[1]
    s = ceki_stacked(3, 2, [JUNK_B, "WF C1 C7 S7 M7 C8 S8 M8", "C2 C3 C4 S6 S9 M8 M9 C5"])
    assert not s.called[1]


def test_iyo_one_rank_option_makes_the_six_iyo_cards_one_value():
    hand = "WF RF OT C7 S7 M7 C5 S5"
    s = ceki_stacked(3, 2, [JUNK_B, hand, "C1 C2 C3 C4 S6 S8 M8 M9"], options=IYO)
    assert s.called[1]
    assert s.view(1).facedown == sorted_kinds("C5 S5")
    assert s.view(1).hand == sorted_kinds("WF RF OT C7 S7 M7")
    # a pair of iyo cards (WF + C1) waits for any iyo card; OT completes it
    s = ceki_stacked(3, 2, [JUNK_B.replace("S1", "S2").replace("OT", "C6"), "WF C1 C7 S7 M7 C8 S8 M8",
                       "C2 C3 C4 S6 S9 M8 M9 C5"], stock="C9 OT", options=IYO)
    assert s.called[1] and s.view(1).facedown == sorted_kinds("C1 WF")
    act(s, "0 draw", "0 discard C9", "1 draw")
    r = s.result()
    assert r.winners == (1,) and r.details["win_kind"] == "triple"
    assert r.details["base"] == 3 + 21 + 24 and r.points[1] == 144


def test_iyo_option_five_of_the_iyo_value():
    s = ceki_stacked(2, 1, ["WF RF OT C1 S1 C9 S9 M9", JUNK_B.replace("S1", "S2").replace("OT", "C6")],
                options=IYO)
    assert s.view(0).called[0]
    assert s.view(0).facedown == sorted_kinds("WF RF OT C1 S1")
    assert s.view(0).hand == sorted_kinds("C9 S9 M9")


# -- the end of the stock ----------------------------------------------------------------------

def _play_fresh_until_stock_empty(s: CekiState) -> None:
    """Every player draws and throws the drawn card at once, until the stock is empty."""
    while s.view(0).stock_count > 0 and not s.is_terminal():
        p = s.current
        act(s, f"{p} draw")
        if s.view(p).stock_count == 0:
            return
        act(s, f"{p} discard {s.view(p).drawn}")


def test_stock_exhaustion_is_a_drawn_hand_with_no_points():
    s = ceki_stacked(2, 0, [JUNK_B, JUNK_A])
    _play_fresh_until_stock_empty(s)
    p = s.current
    assert p == 0 and not s.is_terminal()        # 104 draws: seat 1 draws first, seat 0 last
    assert s.view(p).phase == "discard"
    ev = act(s, f"{p} discard {s.view(p).drawn}")
    assert ev[-1].type == "exhausted"
    assert s.is_terminal()
    r = s.result()
    assert r.outcome == "draw" and r.points == (0, 0) and r.winners == ()
    assert settle(r, CekiOptions(), 10) == (0, 0)
    assert next_dealer(r, 0, 2) == 1
    assert len(s.view(1).discards) == 104 and s.view(1).stock_count == 0


def _exception_deck(last_card: str) -> CekiState:
    """Seat 1 has called (waiting for a 5); seat 0 holds four 5s.  The other 5s lie in the stock
    where only seat 0 draws them (seat 1 draws first); ``last_card`` is the last stock card."""
    top = deck_from(ceki_deal_order(2, 0, ["C5 S5 M5 M5 WF RF OT C9", CALL_5]))[:16]
    rest = [c for c in ceki_deck(4) if c not in set(top)]
    last = next(c for c in rest if c.kind is Kind.parse(last_card))
    rest.remove(last)
    fives = sum(1 for c in rest if c.kind.pips == 5)
    stock = arrange(rest, lambda c: c.kind.pips == 5, {2 * i + 1 for i in range(fives)})
    return CekiState(2, CekiOptions(), 0, 0, top + stock + [last])


def test_stock_empty_but_next_player_a_caller_completed_by_the_last_discard():
    s = _exception_deck("C2")
    assert s.called == [False, True]
    _play_fresh_until_stock_empty(s)
    assert s.current == 0 and s.view(0).drawn is Kind.C2
    ev = act(s, "0 discard M5")                  # a held 5: it completes seat 1
    assert "exhausted" not in [e.type for e in ev]
    assert not s.is_terminal()
    assert s.legal_actions(1) == [Action(1, "take")]   # no stock left to draw from
    refused(s, "1 draw")
    act(s, "1 take")
    r = s.result()
    assert r.winners == (1,) and r.details["win_kind"] == "double" and r.points == (0, 120)


def test_stock_empty_and_last_discard_does_not_complete_the_caller():
    s = _exception_deck("C2")
    _play_fresh_until_stock_empty(s)
    ev = act(s, "0 discard C2")
    assert ev[-1].type == "exhausted" and s.is_terminal()
    assert s.result().outcome == "draw" and s.result().points == (0, 0)


def test_stock_empty_last_card_drawn_and_thrown_completes_the_caller_plain():
    s = _exception_deck("M5")
    _play_fresh_until_stock_empty(s)
    act(s, "0 discard M5")
    assert s.view(1).last_fresh and not s.is_terminal()
    act(s, "1 take")
    assert s.result().details["win_kind"] == "plain" and s.result().points == (0, 60)


def test_caller_drawing_the_last_stock_card_wins_triple():
    # dealer 0 of 2: seat 1 draws first, so seat 0 (the caller) draws the 104th, last card.
    # Seat 1 draws (and throws) nine 5s near the end; seat 0 declines them and draws on.
    top = deck_from(ceki_deal_order(2, 0, [CALL_5, JUNK_B]))[:16]
    rest = [c for c in ceki_deck(4) if c not in set(top)]
    stock = arrange(rest, lambda c: c.kind.pips == 5, {103} | {84 + 2 * i for i in range(9)})
    s = CekiState(2, CekiOptions(), 0, 0, top + stock)
    assert s.called == [True, False]
    for _ in range(103):
        p = s.current
        act(s, f"{p} draw")
        act(s, f"{p} discard {s.view(p).drawn}")
    assert s.view(0).stock_count == 1 and not s.is_terminal()
    act(s, "0 draw")
    assert s.is_terminal() and s.result().details["win_kind"] == "triple"
    assert s.result().points == (180, 0)


# -- several callers ---------------------------------------------------------------------------

def test_several_callers_at_once():
    call_6 = "C2 S2 M2 C3 S3 M3 C6 S6"
    s = ceki_stacked(3, 2, [CALL_5, call_6, "S1 C4 S4 M4 WF RF OT M6"], stock="C9 S9 M9 M6")
    assert s.called == [True, True, False]
    act(s, "0 draw", "0 discard C9")
    act(s, "1 draw", "1 discard S9")
    act(s, "2 draw", "2 discard M6")            # completes seat 1, but seat 0 is next
    assert s.legal_actions(0) == [Action(0, "draw")]
    refused(s, "1 take", NotYourTurnError)
    refused(s, "0 take")
    act(s, "0 draw")                            # a 6: not seat 0's card, thrown at once
    assert not s.is_terminal()
    assert s.legal_actions(0) == [Action(0, "discard", Kind.M6)]
    act(s, "0 discard M6")
    assert Action(1, "take") in s.legal_actions(1)
    act(s, "1 take")
    r = s.result()
    assert r.winners == (1,) and r.details["win_kind"] == "plain"
    assert r.details["base"] == 6 + 9 + 18 and r.points == (0, 33, 0)


# -- settlement, dealer ------------------------------------------------------------------------

def test_settle_each_loser_pays_score_times_stake():
    r = HandResult("win", (0, 60, 0, 0), (1,), {})
    assert settle(r, CekiOptions(), 5) == (-300, 900, -300, -300)
    assert settle(r, CekiOptions(), 0) == (0, 0, 0, 0)
    r2 = HandResult("win", (0, 0, 234), (2,), {})
    assert settle(r2, CekiOptions(), 1) == (-234, -234, 468)
    assert settle(HandResult("draw", (0, 0, 0), (), {}), CekiOptions(), 7) == (0, 0, 0)
    assert get_game("ceki").settle is settle


def test_settle_a_real_hand():
    s = ceki_stacked(3, 2, [JUNK_A, CALL_5, JUNK_B], stock="M9 M5")
    act(s, "0 draw", "0 discard M9", "1 draw")
    pay = settle(s.result(), CekiOptions(), 2)
    assert pay == (-360, 720, -360) and sum(pay) == 0



# -- (house) a hand cannot loop: NO_DRAW_TURNS turns in a row without a stock draw end it -------

def _pass_back(s: CekiState, turns: int) -> list:
    """``turns`` turns in which the player takes the last discard and throws their lowest other
    kind (the taken kind may not go back): the players hand cards round without touching the stock."""
    events = []
    for _ in range(turns):
        p = s.current
        events += act(s, f"{p} take")
        events += act(s, str(s.legal_actions(p)[0]))
    return events


def _looping_hand() -> CekiState:
    """Two players; seat 1 draws and throws first, then the discard may go back and forth."""
    s = ceki_stacked(2, 0, [JUNK_B, JUNK_A], "C6")
    act(s, "1 draw", "1 discard C6")
    return s


def test_the_bound_is_thirty_turns():
    assert NO_DRAW_TURNS == 30


def test_turns_without_a_stock_draw_end_the_hand_exactly_at_the_bound():
    s = _looping_hand()
    assert s.view(0).turns_without_draw == 0
    events = _pass_back(s, NO_DRAW_TURNS - 1)
    assert not s.is_terminal() and not any(s.called)
    assert [v.turns_without_draw for v in (s.view(0), s.view(1))] == [NO_DRAW_TURNS - 1] * 2
    assert "no_draw" not in [e.type for e in events]
    assert Action(s.current, "draw") in s.legal_actions(s.current)   # one turn earlier: play goes on
    stock = s.view(0).stock_count
    events = _pass_back(s, 1)
    assert s.is_terminal()
    assert events[-1].type == "no_draw" and events[-1].data == {"turns": NO_DRAW_TURNS}
    r = s.result()
    assert r.outcome == "draw" and r.points == (0, 0) and r.winners == ()
    assert r.details["drawn_by"] == "no_draw" and r.details["turns"] == NO_DRAW_TURNS
    assert s.view(0).stock_count == stock > 0          # the stock was not used up
    assert s.view(1).turns_without_draw == NO_DRAW_TURNS


def test_a_stock_draw_starts_the_count_again():
    s = _looping_hand()
    _pass_back(s, NO_DRAW_TURNS - 1)
    p = s.current
    act(s, f"{p} draw")
    assert s.view(p).turns_without_draw == 0
    act(s, f"{p} discard {s.view(p).drawn}")
    assert s.view(0).turns_without_draw == 0
    _pass_back(s, NO_DRAW_TURNS - 1)
    assert not s.is_terminal()
    _pass_back(s, 1)
    assert s.is_terminal() and s.result().details["drawn_by"] == "no_draw"


def test_a_hand_drawn_by_the_bound_pays_nothing_and_the_deal_passes():
    s = _looping_hand()
    _pass_back(s, NO_DRAW_TURNS)
    r = s.result()
    assert settle(r, CekiOptions(), 10) == (0, 0)
    assert next_dealer(r, 0, 2) == 1
    # in a match: the first hand that the take-always players loop in
    for seed in range(40):
        m = new_match("ceki", 2, seed, match_options=MatchOptions(mode="money", stake_cents=5))
        dealer = m.dealer
        while not m.hand_over():
            p = m.state.current
            legal = m.state.legal_actions(p)
            take = [a for a in legal if a.verb == "take"]
            m.apply(take[0] if take else legal[0])
        if m.state.result().details.get("drawn_by") == "no_draw":
            break
    else:
        pytest.fail("no hand looped")
    h = m.history[-1]
    assert h.payments == (0, 0) and m.ledger == [0, 0] and m.scores == [0, 0]
    m.next_hand()
    assert m.dealer == (dealer + 1) % 2


def test_an_exhausted_stock_still_says_so():
    s = ceki_stacked(2, 0, [JUNK_B, JUNK_A])
    _play_fresh_until_stock_empty(s)
    act(s, f"{s.current} discard {s.view(s.current).drawn}")
    assert s.result().details["drawn_by"] == "exhausted" and "turns" not in s.result().details


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_max_hand_actions_follows_from_the_stock_and_the_bound(n):
    stock = 120 - 8 * n
    assert max_hand_actions(n) == 2 * NO_DRAW_TURNS * stock + 1
    assert get_game("ceki").max_hand_actions(n, CekiOptions()) == max_hand_actions(n)
    assert max_hand_actions(2) == 6241

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_next_dealer_is_clockwise(n):
    r = HandResult("draw", (0,) * n, ())
    for d in range(n):
        assert next_dealer(r, d, n) == (d + 1) % n
        w = HandResult("win", tuple(9 if p == d else 0 for p in range(n)), (d,))
        assert next_dealer(w, d, n) == (d + 1) % n   # even when the dealer won


# -- the match layer ---------------------------------------------------------------------------

def _finish_hand(m: Match, rng: random.Random, log: list[Action] | None = None) -> None:
    while not m.hand_over():
        legal = m.state.all_legal_actions()
        a = legal[rng.randrange(len(legal))]
        if log is not None:
            log.append(a)
        m.apply(a)


def _check_accounts(m: Match) -> None:
    n = m.n_players
    assert m.scores == [sum(h.result.points[p] for h in m.history) for p in range(n)]
    assert m.ledger == [sum(h.payments[p] for h in m.history) for p in range(n)]
    assert sum(m.ledger) == 0
    for i, h in enumerate(m.history):
        assert h.index == i
        assert h.dealer == (m.history[0].dealer + i) % n


def test_match_money_mode_never_ends_and_accumulates():
    m = new_match("ceki", 4, 11, match_options=MatchOptions(mode="money", stake_cents=5))
    rng = random.Random(1)
    wins = 0
    for i in range(60):
        if i >= 8 and wins >= 2:
            break
        with pytest.raises(GameOverError):
            m.next_hand()                 # the hand is not over yet
        _finish_hand(m, rng)
        assert not m.is_over() and m.winners() == ()
        h = m.history[-1]
        assert h.payments == settle(h.result, m.options, 5)
        wins += bool(h.result.winners)
        _check_accounts(m)
        m.next_hand()
        assert m.dealer == (h.dealer + 1) % 4
        assert m.state.dealer == m.dealer and m.hand_index == i + 1
    assert wins >= 2
    assert any(m.ledger)


def test_match_target_mode_ends_after_the_hand_that_reaches_the_target():
    m = new_match("ceki", 3, 5, match_options={"mode": "target", "target": 150})
    rng = random.Random(2)
    for _ in range(200):
        _finish_hand(m, rng)
        _check_accounts(m)
        if max(m.scores) >= 150:
            break
        assert not m.is_over()
        m.next_hand()
    assert m.is_over()
    top = max(m.scores)
    assert m.winners() == tuple(p for p in range(3) if m.scores[p] == top)
    assert m.standings()[0] in m.winners()
    with pytest.raises(GameOverError):
        m.next_hand()
    with pytest.raises(GameOverError):
        m.apply(Action(m.state.current, "draw"))


def test_match_target_mode_ends_exactly_at_the_target():
    # Learn the first winning hand of a match, then replay it with the target set to its score:
    # reaching the target exactly ends the match; one point more does not.
    probe = new_match("ceki", 4, 21, match_options={"mode": "money"})
    rng = random.Random(4)
    logs: list[list[Action]] = []
    while True:
        logs.append([])
        _finish_hand(probe, rng, logs[-1])
        if probe.history[-1].result.winners:
            break
        probe.next_hand()
    score = max(probe.scores)
    for target, over in ((score, True), (score + 1, False)):
        m = new_match("ceki", 4, 21, match_options={"mode": "target", "target": target})
        for h, log in enumerate(logs):
            if h:
                assert not m.is_over()
                m.next_hand()
            for a in log:
                m.apply(a)
        assert m.scores == probe.scores
        assert m.is_over() is over
        assert m.winners() == (tuple(p for p in range(4) if m.scores[p] == score) if over else ())


def test_match_hands_mode_ends_after_n_hands():
    m = new_match("ceki", 5, 9, match_options={"mode": "hands", "hands": 3})
    rng = random.Random(3)
    for i in range(3):
        _finish_hand(m, rng)
        _check_accounts(m)
        assert m.is_over() == (i == 2)
        if i < 2:
            m.next_hand()
    assert len(m.history) == 3
    with pytest.raises(GameOverError):
        m.next_hand()


def test_match_replays_identically():
    def run(log=None, rng=None):
        m = new_match("ceki", 4, 1234, options={"iyo_one_rank": True},
                  match_options={"mode": "hands", "hands": 4, "stake_cents": 3})
        i = 0
        for h in range(4):
            if log is None:
                _finish_hand(m, rng, record)
            else:
                while not m.hand_over():
                    m.apply(log[i])
                    i += 1
            if h < 3:
                m.next_hand()
        return m

    record: list[Action] = []
    a = run(rng=random.Random(7))
    b = run(log=record)
    assert a.is_over() and b.is_over()
    assert a.history == b.history
    assert a.scores == b.scores and a.ledger == b.ledger
    assert [h.seed for h in a.history] == [h.seed for h in b.history]
    assert [h.dealer for h in a.history] == [h.dealer for h in b.history]
    assert a.logs == b.logs
    assert all(a.state.view(p) == b.state.view(p) for p in range(4))
    # a different match seed gives a different match
    c = new_match("ceki", 4, 1235, options={"iyo_one_rank": True})
    assert (c.dealer, c.hand_seed) != (a.history[0].dealer, a.history[0].seed)


def test_match_first_dealer_and_hand_seed_come_from_the_match_seed():
    a = new_match("ceki", 6, 99)
    b = new_match("ceki", 6, 99)
    assert a.dealer == b.dealer and a.hand_seed == b.hand_seed
    assert all(a.state.view(p) == b.state.view(p) for p in range(6))
    assert {new_match("ceki", 6, s).dealer for s in range(40)} == set(range(6))
