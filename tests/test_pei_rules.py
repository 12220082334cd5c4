"""Pèi rules, stacked-deck tests (RULINGS §3, ``cekidesk/games/pei.py``).

Hands are dealt from stacked decks (``pei_stacked`` in ``tests/helpers.py``): the seating draw and the deal deck
are laid out card by card, so every test knows who holds what, what lies in the pool and what each
draw from the bottom of the stock will be.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cekidesk.games import get_game, new_match
from cekidesk.engine.cards import Card, Counting, Kind, ceki_deck
from cekidesk.engine.core import (
    Action,
    GameOverError,
    HandResult,
    NotYourTurnError,
    OptionsError,
    Settlement,
)
from cekidesk.engine.match import Match
from cekidesk.games.pei.rules import (
    COMBO_CARDS,
    PeiOptions,
    PeiState,
    PeiView,
    combo_rate,
    next_dealer,
    rank_of,
    ranking,
    score_cards,
    settle,
)

from helpers import ROLES_012, act, deck_from, kinds, pei_stacked, refused, seating_deck

K = Kind


def score(codes: str, **opts) -> int:
    return score_cards(kinds(codes), PeiOptions(**opts)).total


def combos(codes: str, **opts) -> list[tuple[str, int]]:
    return [(c.code, c.points) for c in score_cards(kinds(codes), PeiOptions(**opts)).combos]


# -- the spec ------------------------------------------------------------------------------------

def test_spec():
    spec = get_game("pei")
    assert (spec.min_players, spec.max_players, spec.default_players) == (3, 3, 3)
    assert set(spec.match_modes) == {"money", "target", "hands"}
    assert spec.carries_pot is True and spec.stake_per_point is False
    assert spec.view_type is PeiView and spec.options_model is PeiOptions
    with pytest.raises(OptionsError):
        spec.check_players(4)
    with pytest.raises(OptionsError):
        PeiState(4, PeiOptions(), 1)


def test_options_metadata():
    for name, info in PeiOptions.model_fields.items():
        assert info.title == f"pei.option.{name}"
        assert info.description == f"pei.option.{name}.help"
    assert PeiOptions.model_fields["jung"].json_schema_extra == {"show_if": {"stakes": ["rampung", "parewanan"]}}
    assert PeiOptions.model_fields["jedhil_win_400"].json_schema_extra == {"show_if": {"stakes": ["jedhil"]}}
    o = PeiOptions()
    assert (o.variant, o.ten_rank, o.second_bunci, o.stakes) == ("javanese", False, False, "rampung")
    assert (o.wudon_stake, o.te_lumrah, o.te_mati, o.belahan, o.patang_atusan, o.jung) == (10, 5, 10, 10, 10, 5)
    assert (o.wulwulan_stake, o.jedhil_stake, o.jedhil_win, o.jedhil_win_350, o.jedhil_win_400,
            o.jedhil_second) == (10, 25, 10, 15, 20, 5)
    with pytest.raises(Exception):
        PeiOptions(jung=-1)
    with pytest.raises(Exception):
        PeiOptions(stakes="poker")


# -- seating -------------------------------------------------------------------------------------

def test_seating_highest_javanese_sum_is_raja():
    # seat 0: C2+C3 = 5, seat 1: RF+OT = 20, seat 2: S5+S6 = 11
    s = pei_stacked(seating=["C2 C3", "RF OT", "S5 S6"])
    assert s.roles == (1, 2, 0)
    v = s.view(0)
    assert v.roles == (1, 2, 0)
    assert v.seating == ((K.C2, K.C3), (K.RF, K.OT), (K.S5, K.S6))
    assert v.current == 1 and v.to_act == (1,)


def test_seating_counts_m1_as_ten_and_wf_as_one():
    # seat 0: WF+S9 = 10, seat 1: M1+C1 = 11, seat 2: C1+S1 = 2
    s = pei_stacked(seating=["WF S9", "M1 C1", "C1 S1"])
    assert s.roles == (1, 0, 2)


def test_seating_tie_is_redrawn_among_the_tied():
    # seats 0 and 1 tie on 18; the unyik is decided; 0 and 1 draw again: 0 gets 4, 1 gets 8
    s = pei_stacked(seating=["C9 S9", "RF S8", "C2 C3", "C2 S2", "C4 S4"])
    assert s.roles == (1, 0, 2)
    assert s.seating == ((K.C2, K.S2), (K.C4, K.S4), (K.C2, K.C3))
    assert s.seating_rounds == [[["C9", "S9"], ["RF", "S8"], ["C2", "C3"]],
                                [["C2", "S2"], ["C4", "S4"], None]]
    ev = s.deal_events[0]
    assert ev.type == "seating" and ev.player is None
    assert ev.data["roles"] == [1, 0, 2]
    assert ev.data["cards"] == [["C2", "S2"], ["C4", "S4"], ["C2", "C3"]]


def test_three_way_tie_then_two_way_tie():
    # all 10; again: seat 2 highest (19), seats 0 and 1 tie on 6; again: seat 0 7, seat 1 3
    s = pei_stacked(seating=["C5 S5", "M5 C5", "S4 S6", "C3 S3", "M3 M3", "RF C9", "C3 C4", "S2 C1"])
    assert s.roles == (2, 0, 1)
    assert len(s.seating_rounds) == 3
    assert s.seating == ((K.C3, K.C4), (K.S2, K.C1), (K.RF, K.C9))


def test_seating_is_drawn_every_hand_and_varies():
    raja = Counter()
    for seed in range(60):
        s = PeiState(3, PeiOptions(), seed)
        assert sorted(s.roles) == [0, 1, 2]
        raja[s.roles[0]] += 1
        assert s.roles == PeiState(3, PeiOptions(), seed).roles
    assert set(raja) == {0, 1, 2}


# -- the deal ------------------------------------------------------------------------------------

@pytest.mark.parametrize("seating,roles", [(ROLES_012, (0, 1, 2)), (["C2 C3", "RF OT", "S5 S6"], (1, 2, 0))])
def test_javanese_deal_packets_and_stock(seating, roles):
    deck = ceki_deck(4)  # uid order, top card first
    s = PeiState(3, PeiOptions(), 0, 0, deck, seating_deck(seating))
    assert s.roles == roles
    for role, seat in enumerate(roles):
        expected = [(r * 3 + role) * 13 + j for r in range(2) for j in range(7)]
        assert sorted(s.hands[seat]) == expected
        ev = s.deal_events[1 + role]
        assert ev.type == "deal" and ev.player == seat
        assert ev.data["count"] == 14 and ev.data["stock"] == 42 and ev.data["role"] == role
        assert ev.data["pool"] == [Kind(((r * 3 + role) * 13 + 7 + j) % 30).code
                                   for r in range(2) for j in range(6)]
        assert ev.secret == {"cards": [Kind(u % 30).code for u in s.hands[seat]]}
        assert ev.secret_to == frozenset({seat})
        assert ev.data["last_card"] == Kind(78 % 30).code
    pool = sorted(u for b in s.pool for u in b)
    assert pool == sorted((r * 3 + i) * 13 + 7 + j for r in range(2) for i in range(3) for j in range(6))
    assert len(pool) == 36
    assert s.stock == list(range(78, 120))
    patih, unyik = roles[1], roles[2]
    for p in range(3):
        v = s.view(p)
        assert v.stock_count == 42 and len(v.pool) == 36 and v.hand_counts == (14, 14, 14)
        assert v.last_card == Kind(78 % 30)
        assert v.peek == (Kind(79 % 30) if p == patih else None)
        assert v.turn == 0 and v.phase == "play" and v.pending is None
    peek = s.deal_events[4]
    assert peek.type == "peek" and peek.player == patih and peek.data == {}
    assert peek.secret == {"card": Kind(79 % 30).code} and peek.secret_to == frozenset({patih})
    assert unyik not in peek.secret_to


def test_la_peche_deal_by_packs():
    deck = ceki_deck(4)
    packs = [3, 0, 6, 1, 7, 2, 5, 4]
    s = PeiState(3, PeiOptions(variant="la_peche"), 0, 0, deck, seating_deck(ROLES_012), packs)
    pack = [list(range(14 * i, 14 * i + 14)) for i in range(8)]
    assert s.stock == pack[3] + pack[0] + pack[6]
    assert sorted(u for b in s.pool for u in b) == sorted(pack[1] + pack[7] + list(range(112, 120)))
    assert s.hands == [pack[2], pack[5], pack[4]]
    for p in range(3):
        v = s.view(p)
        assert v.last_card is None
        # the unyik sees the top of the stock: their own last draw
        assert v.peek == (Kind(pack[3][0] % 30) if p == 2 else None)
    assert s.deal_events[3].data["pool"] and not s.deal_events[1].data["pool"]
    assert s.deal_events[4].player == 2


def test_la_peche_packs_from_the_rng_are_a_permutation():
    s = PeiState(3, PeiOptions(variant="la_peche"), 12)
    assert sorted(s.packs) == list(range(8))
    assert sorted(s.all_cards()) == list(range(120))
    with pytest.raises(OptionsError):
        PeiState(3, PeiOptions(variant="la_peche"), 0, 0, None, None, [0, 1, 2])


def test_stacked_decks_must_be_whole():
    with pytest.raises(OptionsError):
        PeiState(3, PeiOptions(), 0, 0, ceki_deck(4)[:-1])
    with pytest.raises(OptionsError):
        PeiState(3, PeiOptions(), 0, 0, None, ceki_deck(4)[:10])


# -- turns: play, capture, draw ----------------------------------------------------------------

def test_play_with_no_match_joins_the_pool():
    s = pei_stacked(hands=("C7", "", ""), pool="C5 C5")
    assert Kind.C7 not in s.view(0).pool
    ev = act(s, "0 play C7")
    assert [e.type for e in ev] == ["play"]
    assert ev[0].data == {"card": "C7", "captured": None, "choice": False}
    v = s.view(0)
    assert v.pool.count(K.C7) == 1 and v.captured[0] == () and v.phase == "draw"
    assert v.legal == (Action(0, "draw"),)


def test_single_kind_is_captured_automatically():
    s = pei_stacked(hands=("S5", "", ""), pool="C5 C5")
    ev = act(s, "0 play S5")
    assert ev[0].data == {"card": "S5", "captured": "C5", "choice": False}
    v = s.view(1)
    assert v.captured[0] == (K.S5, K.C5)
    assert v.pool.count(K.C5) == 1 and K.S5 not in v.pool
    assert v.phase == "draw" and v.current == 0


def test_several_kinds_from_hand_ask_for_a_choice():
    s = pei_stacked(hands=("M6", "", ""), pool="C6 S6 S6")
    ev = act(s, "0 play M6")
    assert ev[0].data == {"card": "M6", "captured": None, "choice": True}
    v = s.view(0)
    assert v.phase == "capture" and v.pending == K.M6 and v.pending_from == "hand"
    assert v.legal == (Action(0, "capture", K.C6), Action(0, "capture", K.S6))
    assert s.view(1).pending == K.M6 and s.view(1).legal == ()
    refused(s, "0 capture M6")
    refused(s, "0 draw")
    ev = act(s, "0 capture S6")
    assert ev[0].type == "capture" and ev[0].data == {"card": "M6", "captured": "S6", "from": "hand"}
    v = s.view(0)
    assert v.captured[0] == (K.M6, K.S6) and v.pool.count(K.S6) == 1 and K.C6 in v.pool
    assert v.phase == "draw" and v.pending is None and v.pending_from is None


def test_draw_comes_from_the_bottom_and_matches():
    # the raja's first draw is S4 (no match), the patih's is C5 (two C5 in the pool),
    # the unyik's is M6 (C6 and S6: a choice)
    s = pei_stacked(hands=("C7", "C7", "C7"), pool="C5 C5 C6 S6", draws="S4 C5 M6")
    act(s, "0 play C7")
    ev = act(s, "0 draw")
    assert ev[0].type == "draw"
    assert ev[0].data == {"card": "S4", "captured": None, "choice": False, "left": 41}
    assert K.S4 in s.view(0).pool
    assert s.view(0).current == 1 and s.view(0).phase == "play" and s.view(0).turn == 1
    act(s, "1 play C7")  # captures the raja's C7
    assert s.view(1).captured[1] == (K.C7, K.C7)
    ev = act(s, "1 draw")
    assert ev[0].data == {"card": "C5", "captured": "C5", "choice": False, "left": 40}
    assert s.view(1).captured[1] == (K.C7, K.C7, K.C5, K.C5)
    act(s, "2 play C7")
    ev = act(s, "2 draw")
    assert ev[0].data["choice"] is True and ev[0].data["captured"] is None
    v = s.view(2)
    assert v.phase == "capture" and v.pending == K.M6 and v.pending_from == "stock"
    assert v.legal == (Action(2, "capture", K.C6), Action(2, "capture", K.S6))
    ev = act(s, "2 capture C6")
    assert ev[0].data == {"card": "M6", "captured": "C6", "from": "stock"}
    v = s.view(0)
    assert v.current == 0 and v.phase == "play" and v.turn == 3 and v.stock_count == 39


def test_iyo_cards_are_one_rank():
    s = pei_stacked(hands=("WF", "", ""), pool="C1 M1")
    act(s, "0 play WF")
    assert s.view(0).legal == (Action(0, "capture", K.C1), Action(0, "capture", K.M1))


def test_ten_rank_option_splits_rf_ot_m1_off():
    o = PeiOptions(ten_rank=True)
    assert [rank_of(k, o) for k in (K.WF, K.C1, K.S1, K.RF, K.OT, K.M1)] == [1, 1, 1, 10, 10, 10]
    assert [rank_of(k, PeiOptions()) for k in (K.WF, K.C1, K.S1, K.RF, K.OT, K.M1)] == [1] * 6
    assert rank_of(K.S7, o) == 7
    s = pei_stacked(hands=("RF WF", "", ""), pool="C1 M1", options=o)
    ev = act(s, "0 play RF")  # only M1 is of rank ten
    assert ev[0].data == {"card": "RF", "captured": "M1", "choice": False}
    s = pei_stacked(hands=("RF WF", "", ""), pool="C1 M1", options=o)
    ev = act(s, "0 play WF")  # only C1 is left of rank one
    assert ev[0].data == {"card": "WF", "captured": "C1", "choice": False}


def test_legal_plays_are_one_per_kind_sorted():
    s = pei_stacked(hands=("S9 C2 S9 WF C2 M5 C1 S3 S3 S3 C4 M7 OT RF", "", ""))
    assert s.view(0).legal == tuple(Action(0, "play", k) for k in sorted(
        kinds("S9 C2 WF M5 C1 S3 C4 M7 OT RF")))
    assert s.view(1).legal == () and s.view(2).legal == ()


def test_illegal_actions_are_refused_and_change_nothing():
    s = pei_stacked(hands=("C7 C7", "S7", ""), pool="C6 S6")
    refused(s, "0 play S7")                      # not in hand
    refused(s, "1 play S7", NotYourTurnError)    # not their turn
    refused(s, "0 draw")                         # play first
    refused(s, "0 capture C6")                   # nothing pending
    refused(s, "5 play C7")                      # no such seat
    act(s, "0 play C7")
    refused(s, "0 play C7")                      # draw now
    refused(s, "0 capture C7")


def test_face_up_last_card_goes_to_the_unyik_and_the_peek_to_the_patih():
    s = pei_stacked(last="RF", peek="S8", seed=4)
    assert s.view(0).last_card == K.RF and s.view(1).peek == K.S8
    rng = random.Random(3)
    draws = []
    while not s.is_terminal():
        a = rng.choice(s.all_legal_actions())
        for e in s.apply(a):
            if e.type == "draw":
                draws.append((e.player, e.data["card"]))
        if not s.is_terminal():
            v = s.view(1)
            assert (v.peek == K.S8) == (v.stock_count >= 2)
    assert len(draws) == 42
    assert draws[-1] == (2, "RF")   # the unyik's last draw
    assert draws[-2] == (1, "S8")   # the patih's last draw
    assert [p for p, _ in draws] == [0, 1, 2] * 14


def test_draw_order_is_bottom_first():
    s = pei_stacked(draws="S2 S3 S4 S5 S6", hands=("C9 C9 C9", "C9", ""), pool="")
    got = []
    rng = random.Random(0)
    while len(got) < 5:
        for e in s.apply(rng.choice(s.all_legal_actions())):
            if e.type == "draw":
                got.append(e.data["card"])
    assert got == ["S2", "S3", "S4", "S5", "S6"]


def test_whole_hand_takes_42_turns_and_empties_the_hands():
    s = pei_stacked(seed=9)
    rng = random.Random(9)
    turns = 0
    while not s.is_terminal():
        a = rng.choice(s.all_legal_actions())
        if a.verb == "play":
            turns += 1
        events = s.apply(a)
    assert turns == 42 and s.turn == 41
    assert s.hands == [[], [], []] and s.stock == []
    assert events[-1].type == "end"
    with pytest.raises(GameOverError):
        s.apply(Action(0, "draw"))
    r = s.result()
    assert r.outcome == "scored"
    assert r.points == tuple(score_cards([Kind(u % 30) for u in s.captured[p]], s.options).total
                             for p in range(3))
    assert r.winners == (r.details["ranking"][0],)
    assert r.details["roles"] == list(s.roles)
    assert sorted(r.details["left"]) == sorted(k.code for k in s.view(0).pool)
    assert s.view(0).scores == r.points


def test_end_event_and_details():
    s = pei_stacked(seed=2)
    rng = random.Random(2)
    while not s.is_terminal():
        events = s.apply(rng.choice(s.all_legal_actions()))
    end = events[-1]
    assert end.player is None
    assert end.data["points"] == list(s.result().points)
    for key in ("ranking", "roles", "arrangements", "left"):
        assert end.data[key] == s.result().details[key]
    arr = end.data["arrangements"][0]
    assert set(arr) == {"combos", "loose", "loose_points", "total"}
    assert arr["total"] == arr["loose_points"] + sum(c[2] for c in arr["combos"])


# -- scoring -------------------------------------------------------------------------------------

def test_combo_cards_and_rates():
    assert COMBO_CARDS == {
        "bunci_ireng": kinds("C1 C2 C3"), "bunci_abang": kinds("S9 RF OT"),
        "pang_keyang": kinds("WF S8 M9"), "pang_picis": kinds("C8 S2 M2"), "macan": kinds("C9 S1 M1")}
    assert [combo_rate(c, PeiOptions()) for c in COMBO_CARDS] == [13, 13, 12, 11, 10]
    assert [combo_rate(c, PeiOptions(variant="magelang")) for c in COMBO_CARDS] == [30, 30, 20, 20, 10]
    assert [combo_rate(c, PeiOptions(variant="la_peche")) for c in COMBO_CARDS] == [13, 13, 12, 11, 10]


def test_loose_cards_score_javanese_values():
    a = score_cards(kinds("WF RF OT C1 S1 M1 C5 S7 M7"), PeiOptions())
    assert a.combos == () and a.loose_points == 1 + 10 + 10 + 1 + 1 + 10 + 5 + 7 + 7 == a.total
    assert a.loose == kinds("C1 C5 S1 S7 M1 M7 WF RF OT")


@pytest.mark.parametrize("run,points", [
    ("C1 C2 C3", 39), ("C1 C2 C3 C4", 52), ("C1 C2 C3 C4 C5", 65), ("C1 C2 C3 C4 C5 C6 C7", 91),
    ("C1 C2 C3 C4 C5 C6 C7 C8", 104), ("C1 C2 C3 C4 C5 C6 C7 C8 C9", 117)])
def test_bunci_ireng_unbroken_run(run, points):
    assert combos(run) == [("bunci_ireng", points)]
    assert score(run) == points


def test_bunci_ireng_run_must_be_unbroken_and_start_at_c1():
    assert score("C1 C2 C3 C5 C6") == 39 + 5 + 6        # C4 missing: C5, C6 loose
    assert score("C2 C3 C4") == 9 and combos("C2 C3 C4") == []
    assert score("C1 C2 C4") == 7


def test_extra_copies_of_the_run_score_face_value():
    assert score("C1 C2 C3 C1 C2 C3") == 39 + 6
    assert score("C1 C2 C3 C4 C1 C2") == 52 + 3


def test_second_bunci_option():
    o = {"second_bunci": True}
    assert combos("C1 C2 C3 C1 C2 C3", **o) == [("bunci_ireng", 39), ("bunci_ireng", 39)]
    assert score("C1 C2 C3 C4 C1 C2 C3", **o) == 52 + 39
    assert score("C1 C2 C3 C1 C2", **o) == 39 + 3          # the second run is not full
    assert score("C1 C2 C3 C4 C5 C1 C2 C3 C4", **o) == 65 + 52


def test_bunci_abang_and_extras():
    assert combos("S9 RF OT") == [("bunci_abang", 39)]
    assert score("S9 RF OT RF S9") == 65
    assert score("S9 RF RF") == 9 + 20                     # no OT: no combination


def test_pang_keyang_pang_picis_macan_with_extras():
    assert combos("WF S8 M9") == [("pang_keyang", 36)]
    assert score("WF S8 M9 WF M9 M9") == 72
    assert combos("C8 S2 M2") == [("pang_picis", 33)]
    assert score("C8 S2 M2 S2") == 44
    assert combos("C9 S1 M1") == [("macan", 30)]
    assert score("C9 S1 M1 M1 M1") == 50
    # macan is C9 + S1 + M1, not C1 + S9 + M1
    assert combos("C1 S9 M1") == []


def test_run_or_pang_picis_for_c8():
    # one C8: run to C8 (104) + S2, M2 loose (4) = 108; run to C7 (91) + pang picis (33) = 124
    assert score("C1 C2 C3 C4 C5 C6 C7 C8 S2 M2") == 124
    assert combos("C1 C2 C3 C4 C5 C6 C7 C8 S2 M2") == [("bunci_ireng", 91), ("pang_picis", 33)]
    # without M2 the run keeps the C8
    assert combos("C1 C2 C3 C4 C5 C6 C7 C8 S2") == [("bunci_ireng", 104)]
    # two C8: one for each
    assert combos("C1 C2 C3 C4 C5 C6 C7 C8 C8 S2 M2") == [("bunci_ireng", 104), ("pang_picis", 33)]


def test_run_or_macan_for_c9():
    # run to C9 (117) + S1, M1 loose (11) = 128; run to C8 (104) + macan (30) = 134
    assert combos("C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 M1") == [("bunci_ireng", 104), ("macan", 30)]
    assert score("C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 M1") == 134
    assert combos("C1 C2 C3 C4 C5 C6 C7 C8 C9 S1") == [("bunci_ireng", 117)]


def test_run_against_both_pang_picis_and_macan():
    both = "C1 C2 C3 C4 C5 C6 C7 C8 C9 S2 M2 S1 M1"
    # run to C7 (91) + picis (33) + macan (30) = 154 beats run to C9 (117) + 2+2+1+10 = 132
    assert combos(both) == [("bunci_ireng", 91), ("pang_picis", 33), ("macan", 30)]
    assert score(both) == 154
    # with a second C9 the run may not stop at C8 without losing C9: still 154, macan takes the extra C9
    assert score(both + " C9") == 164


def test_all_combinations_at_once():
    cards = "C1 C2 C3 S9 RF OT WF S8 M9 C8 S2 M2 C9 S1 M1 S5"
    assert combos(cards) == [("bunci_ireng", 39), ("bunci_abang", 39), ("pang_keyang", 36),
                             ("pang_picis", 33), ("macan", 30)]
    assert score(cards) == 39 + 39 + 36 + 33 + 30 + 5


def test_magelang_rates():
    o = {"variant": "magelang"}
    assert score("C1 C2 C3 C4", **o) == 120
    assert score("S9 RF OT OT", **o) == 120
    assert score("WF S8 M9", **o) == 60
    assert score("C8 S2 M2 M2", **o) == 80
    assert score("C9 S1 M1", **o) == 30


def test_la_peche_extras_score_face_value():
    o = {"variant": "la_peche"}
    assert score("S9 RF OT RF S9", **o) == 39 + 10 + 9
    assert score("WF S8 M9 WF S8 M9", **o) == 36 + 1 + 8 + 9
    assert score("C9 S1 M1 M1", **o) == 30 + 10
    assert score("C1 C2 C3 C4 C5", **o) == 65                 # the run is the combination itself
    assert score("C1 C2 C3 C4 C5 C6 C7 C8 S2 M2 S2", **o) == 91 + 33 + 2



def test_la_peche_second_full_bunci_scores_face_value_even_with_the_option():
    # RULINGS §3: in la pêche a second full set of a combination scores face value
    for o in ({"variant": "la_peche"}, {"variant": "la_peche", "second_bunci": True}):
        assert score("C1 C1 C2 C2 C3 C3", **o) == 39 + 6
        assert combos("C1 C1 C2 C2 C3 C3", **o) == [("bunci_ireng", 39)]
        assert score("C1 C2 C3 C4 C1 C2 C3 C4", **o) == 52 + 10
    # … while the Javanese game honours the option
    assert score("C1 C1 C2 C2 C3 C3", second_bunci=True) == 78


def test_second_bunci_is_offered_only_where_it_counts():
    show_if = PeiOptions.model_fields["second_bunci"].json_schema_extra["show_if"]
    assert show_if == {"variant": ["javanese", "magelang"]}

def test_score_cards_accepts_any_order_and_is_the_maximum():
    rng = random.Random(5)
    pack = [k for k in Kind for _ in range(4)]
    for _ in range(200):
        cards = rng.sample(pack, rng.randrange(0, 60))
        a = score_cards(cards, PeiOptions())
        b = score_cards(list(reversed(cards)), PeiOptions())
        assert a == b
        used = Counter(k for c in a.combos for k in c.cards) + Counter(a.loose)
        assert used == Counter(cards)
        assert a.total >= sum(k.value_in(Counting.JAVANESE) for k in cards)


# -- ranking -------------------------------------------------------------------------------------

def test_ranking_by_total():
    assert ranking((250, 300, 110), (0, 1, 2)) == [1, 0, 2]


def test_ranking_ties_go_to_the_earlier_role():
    # roles: raja seat 2, patih seat 0, unyik seat 1
    assert ranking((220, 220, 220), (2, 0, 1)) == [2, 0, 1]
    assert ranking((300, 200, 300), (2, 0, 1)) == [2, 0, 1]
    assert ranking((100, 300, 100), (1, 2, 0)) == [1, 2, 0]


# -- stakes --------------------------------------------------------------------------------------

def result_of(points, ranking_=None, stakes="rampung") -> HandResult:
    order = ranking_ or sorted(range(3), key=lambda s: -points[s])
    return HandResult("scored", tuple(points), (order[0],), {"ranking": list(order), "stakes": stakes})


def money(s: Settlement):
    return list(s.payments), s.pot


def test_worked_example_jung_only():
    """354 / 322 / 275, jung 5¢: the winner takes 20¢ from the middle and 40¢ from the last, the
    middle 25¢ from the last (the source's example; the other rampung amounts 0)."""
    o = PeiOptions(te_lumrah=0, te_mati=0, belahan=0, patang_atusan=0, jung=5)
    s = settle(result_of((354, 322, 275)), o, 1, pot=0)
    assert s.items == (("jung", 1, 0, 20), ("jung", 2, 0, 40), ("jung", 2, 1, 25))
    assert money(s) == ([60, 5, -65], 0)


def test_worked_example_with_default_rampung():
    s = settle(result_of((322, 275, 354)), PeiOptions(), 1, pot=0)  # seats shuffled: winner is seat 2
    assert s.items == (("te_lumrah", 1, 2, 5), ("belahan", 0, 2, 10), ("belahan", 1, 2, 10),
                       ("jung", 0, 2, 20), ("jung", 1, 2, 40), ("jung", 1, 0, 25))
    assert money(s) == ([25 - 10 - 20, -5 - 10 - 40 - 25, 5 + 10 + 10 + 20 + 40], 0)
    assert sum(s.payments) == 0


def test_rampung_te_mati_and_patang_atusan():
    o = PeiOptions(jung=0)
    s = settle(result_of((410, 150, 100)), o)
    assert s.items == (("te_lumrah", 2, 0, 5), ("te_mati", 1, 0, 10), ("te_mati", 2, 0, 10),
                       ("belahan", 1, 0, 10), ("belahan", 2, 0, 10),
                       ("patang_atusan", 1, 0, 10), ("patang_atusan", 2, 0, 10))
    assert money(s) == ([65, -30, -35], 0)
    # under 200 the winner gets no té lumrah, but the others under 200 still pay té mati
    s = settle(result_of((190, 180, 170)), o)
    assert s.items == (("te_mati", 1, 0, 10), ("te_mati", 2, 0, 10))


def test_jung_rounds_up_and_ties_pay_nothing():
    o = PeiOptions(te_lumrah=0, te_mati=0, belahan=0, patang_atusan=0, jung=3)
    s = settle(result_of((301, 300, 300), [0, 1, 2]), o)
    assert s.items == (("jung", 1, 0, 3), ("jung", 2, 0, 3))


def test_jentolan_no_money_kete_deals_next():
    r = result_of((250, 300, 110), stakes="jentolan")
    s = settle(r, PeiOptions(stakes="jentolan"), 1, pot=0)
    assert money(s) == ([0, 0, 0], 0)
    assert s.items == (("jentolan_deals", 2, None, 0),)
    assert next_dealer(r, 0, 3) == 2
    assert next_dealer(result_of((250, 300, 110)), 2, 3) == 0


def test_wudon():
    o = PeiOptions(stakes="wudon", wudon_stake=10)
    s = settle(result_of((300, 250, 110)), o, 1, pot=0)
    assert s.items == (("wudon_stake", 0, None, 10), ("wudon_stake", 1, None, 10),
                       ("wudon_stake", 2, None, 10), ("wudon_win", None, 0, 20),
                       ("wudon_second", None, 1, 10))
    assert money(s) == ([10, 0, -10], 0)
    s = settle(result_of((360, 250, 110)), o)
    assert s.items[-1] == ("wudon_all", None, 0, 30)
    assert money(s) == ([20, -10, -10], 0)


def test_wudon_split_of_an_uneven_pot_leaves_the_remainder_with_the_winner():
    s = settle(result_of((300, 250, 110)), PeiOptions(stakes="wudon", wudon_stake=10), 1, pot=4)
    assert s.items[-2:] == (("wudon_win", None, 0, 23), ("wudon_second", None, 1, 11))
    assert s.pot == 0 and sum(s.payments) == 4


def test_parewanan_is_wudon_and_rampung():
    o = PeiOptions(stakes="parewanan")
    r = result_of((354, 322, 275))
    s = settle(r, o)
    w = settle(r, PeiOptions(stakes="wudon"))
    b = settle(r, PeiOptions(stakes="rampung"))
    assert s.items == w.items + b.items
    assert s.payments == tuple(x + y for x, y in zip(w.payments, b.payments)) and s.pot == 0


def test_wulwulan_carries_until_400():
    o = PeiOptions(stakes="wulwulan", wulwulan_stake=10)
    s = settle(result_of((399, 250, 110)), o, 1, pot=0)
    assert s.items == tuple(("wulwulan_stake", p, None, 10) for p in range(3))
    assert money(s) == ([-10, -10, -10], 30)
    s = settle(result_of((300, 250, 110)), o, 1, pot=30)
    assert s.pot == 60
    s = settle(result_of((150, 420, 110)), o, 1, pot=60)
    assert s.items[-1] == ("wulwulan_win", None, 1, 90)
    assert money(s) == ([-10, 80, -10], 0)


def test_jedhil_replenishes_and_pays_from_the_pot():
    o = PeiOptions(stakes="jedhil")
    s = settle(result_of((300, 250, 110)), o, 1, pot=0)     # empty pot: everyone pays 25 first
    assert s.items == (("jedhil_stake", 0, None, 25), ("jedhil_stake", 1, None, 25),
                       ("jedhil_stake", 2, None, 25), ("jedhil_win", None, 0, 10),
                       ("jedhil_second", None, 1, 5))
    assert money(s) == ([-15, -20, -25], 60)
    s = settle(result_of((360, 250, 110)), o, 1, pot=60)    # enough: no stakes; 15 at 350
    assert s.items == (("jedhil_win", None, 0, 15), ("jedhil_second", None, 1, 5))
    assert s.pot == 40
    s = settle(result_of((100, 405, 110)), o, 1, pot=40)    # 20 at 400
    assert s.items == (("jedhil_win", None, 1, 20), ("jedhil_second", None, 2, 5)) and s.pot == 15
    s = settle(result_of((300, 250, 110)), o, 1, pot=15)    # 15 < 25 (20 + 5): replenished
    assert [i[0] for i in s.items] == ["jedhil_stake"] * 3 + ["jedhil_win", "jedhil_second"]
    assert s.pot == 15 + 75 - 15


def test_jedhil_small_stakes_are_paid_as_often_as_needed_and_zero_stakes_cap_the_payout():
    s = settle(result_of((300, 250, 110)), PeiOptions(stakes="jedhil", jedhil_stake=2), 1, pot=0)
    assert s.items[:3] == tuple(("jedhil_stake", p, None, 10) for p in range(3))  # 5 times 2
    s = settle(result_of((300, 250, 110)), PeiOptions(stakes="jedhil", jedhil_stake=0), 1, pot=12)
    assert s.items == (("jedhil_win", None, 0, 10), ("jedhil_second", None, 1, 2)) and s.pot == 0


@pytest.mark.parametrize("stakes", ["jentolan", "wudon", "rampung", "parewanan", "wulwulan", "jedhil"])
def test_settlements_balance(stakes):
    rng = random.Random(stakes)
    pot = 0
    for _ in range(200):
        pts = [rng.randrange(0, 500) for _ in range(3)]
        roles = tuple(rng.sample(range(3), 3))
        r = result_of(pts, ranking(tuple(pts), roles), stakes)
        s = settle(r, PeiOptions(stakes=stakes), 1, pot=pot)
        assert sum(s.payments) + (s.pot - pot) == 0 and s.pot >= 0
        assert s.payments == Settlement.from_items(3, pot, s.items).payments
        pot = s.pot


# -- the pot in a match ---------------------------------------------------------------------------

def play_hand(m: Match, rng: random.Random) -> None:
    while not m.hand_over():
        m.apply(rng.choice(m.state.all_legal_actions()))


@pytest.mark.parametrize("stakes", ["wulwulan", "jedhil"])
def test_match_pot_carries(stakes):
    m = new_match("pei", 3, 17, {"stakes": stakes})
    rng = random.Random(4)
    pot = 0
    for h in range(12):
        if h:
            m.next_hand()
        play_hand(m, rng)
        rec = m.history[-1]
        w = rec.result.details["ranking"][0]
        top = rec.result.points[w]
        if stakes == "wulwulan":
            assert rec.pot == (0 if top >= 400 else pot + 30)
        else:
            refill = 75 if pot < 25 else 0
            win = 20 if top >= 400 else 15 if top >= 350 else 10
            assert rec.pot == pot + refill - win - 5
        assert sum(rec.payments) + rec.pot - pot == 0
        pot = rec.pot
    assert m.pot == pot and sum(m.ledger) + m.pot == 0


def test_match_jentolan_kete_deals_next():
    m = new_match("pei", 3, 5, {"stakes": "jentolan"})
    rng = random.Random(5)
    for h in range(4):
        if h:
            m.next_hand()
        play_hand(m, rng)
        kete = m.history[-1].result.details["ranking"][2]
        assert m.history[-1].result.details["deals_next"] == kete
        assert m.history[-1].items == (("jentolan_deals", kete, None, 0),)
    m.next_hand()
    assert m.dealer == kete
    assert m.ledger == [0, 0, 0] and m.pot == 0


def test_new_hand_through_the_spec():
    spec = get_game("pei")
    s = spec.new_hand(spec.make_options({"variant": "magelang"}), 3, 8, 2)
    assert isinstance(s, PeiState) and s.dealer == 2 and s.options.variant == "magelang"


def test_full_deck_helper_is_a_deck():
    assert sorted(c.uid for c in deck_from(["S9", "S9"])) == list(range(120))
    assert isinstance(deck_from([])[0], Card)


# -- the simulator ---------------------------------------------------------------------------------

def test_simulator_plays_pei(capsys):
    from cekidesk.sim import main, simulate

    r = simulate("pei", 3, 12, ["random"] * 3, seed=4, options={"stakes": "wulwulan"})
    assert sum(r.wins) == 12 and r.outcomes == Counter({"scored": 12})
    assert sum(r.payments) + r.pot == 0 and not r.stake_per_point
    assert any(arr["combos"] for res in r.results for arr in res.details["arrangements"])
    assert main(["--game", "pei", "--rounds", "6", "--seats", "random", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    for text in ("game: pei  players: 3", "stakes: as the options say", "mean points per hand: seat 0",
                 "pot at the end: 0 (payments + pot = 0)", "combinations per player-hand:",
                 "wins: hands as the top scorer (ngeté)"):
        assert text in out, text
    assert "drawn hands" not in out and "per point" not in out
