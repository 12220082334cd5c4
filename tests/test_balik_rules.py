"""The play rules of the Balik Satu family on stacked decks (RULINGS §5; p13-design.md): decks and
the deal, the win and its checks, the yu class, calls and ceki → tan, revealed draws and sampei
claims, Chaqui's exposure, kandang tangan, metu and discard claims, the end of a hand."""
from __future__ import annotations

import random

import pytest
from balik_helpers import pass_turn, stacked
from helpers import act, refused

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, HandResult, NotYourTurnError, OptionsError
from cekidesk.games import get_game, module_name, new_match
from cekidesk.games.balik import SPECS
from cekidesk.games.balik.family import DECK_COLUMNS, GAME_IDS, PLAYERS, half_packs, shape
from cekidesk.games.balik.rules import NO_DRAW_TURNS, BalikState, new_hand, next_dealer

# A 14-card Balik Satu hand waiting as *tan* (a mata of C2; any 6 wins) and as *ceki* (no mata;
# only a third C6 wins).
TAN_14 = "C2 C2 C2 C3 S3 M3 C4 S4 M4 C5 S5 M5 C6 S6"
CEKI_14 = "C2 S2 M2 C3 S3 M3 C4 S4 M4 C5 S5 M5 C6 C6"


def kinds(codes: str) -> tuple[Kind, ...]:
    return tuple(Kind.parse(c) for c in codes.split())


# -- registry, decks and the deal -------------------------------------------------------------

def test_the_family_is_seven_games_of_one_package_in_new_game_order():
    assert [s.id for s in SPECS] == list(GAME_IDS) == [
        "balik-satu", "chaqui", "balik-lima-belas", "chot", "gonggong", "tantanan", "ceken"]
    for game_id in GAME_IDS:
        assert get_game(game_id) in SPECS
        assert module_name(game_id) == "balik"
    assert module_name("kartu-lima") == "kartu_lima" and module_name("not-a-game") == "not_a_game"


@pytest.mark.parametrize("column", sorted(DECK_COLUMNS))
@pytest.mark.parametrize("game_id", ["balik-satu", "chaqui", "balik-lima-belas"])
def test_each_column_gives_its_deck_for_every_player_count(game_id, column):
    """RULINGS §5's counts in half-packs; (house) the Babas count where the column has none."""
    expected_babas = {2: 4, 3: 5, 4: 6, 5: 7, 6: 8, 7: 9, 8: 10, 9: 11, 10: 12, 11: 13, 12: 14, 13: 15, 14: 16}
    given = {"babas": expected_babas,
             "pwee": {2: 5, 3: 6, 5: 7, 7: 8, 9: 9, 11: 10, 13: 11},
             "amaro": {3: 4, 5: 6, 7: 8, 9: 10, 11: 12, 13: 14}}[column]
    spec = get_game(game_id)
    for n in range(2, 15):
        hp = given.get(n, expected_babas[n])
        options = spec.make_options({"deck_column": column})
        assert half_packs(game_id, n, options) == hp
        state = spec.new_hand(options, n, 7, 0)
        assert len(state.all_cards()) == 30 * hp
        first = state.first
        assert first == 1 % n
        v = state.view(first)
        assert v.hand_counts == tuple(15 if p == first else 14 for p in range(n))
        assert v.stock_count == 30 * hp - 14 * n - 1
        assert v.phase == "discard" and v.to_act == (first,)


@pytest.mark.parametrize("game_id,n,hp,hand", [
    ("chot", 4, 6, 14), ("gonggong", 4, 6, 14), ("gonggong", 5, 7, 14), ("gonggong", 6, 8, 14),
    ("tantanan", 4, 2, 5), ("ceken", 3, 2, 5)])
def test_the_fixed_decks_and_hands(game_id, n, hp, hand):
    spec = get_game(game_id)
    state = spec.new_hand(spec.make_options(), n, 3, 2 % n)
    assert len(state.all_cards()) == 30 * hp
    assert state.view(0).hand_counts == tuple(hand + (p == state.first) for p in range(n))


@pytest.mark.parametrize("n,cards", [(4, 180), (5, 210), (6, 240)])
def test_gonggong_deals_the_sources_card_count_by_default(n, cards):
    """The source's "six sets of cards (180 cards)" (eight sets, 240, for six; seven for five, house)
    is the default (issue 32: RULINGS' "6 packs" was corrected); the ``deck="packs"`` option keeps
    the larger deal, twice as many cards."""
    spec = get_game("gonggong")
    options = spec.make_options()
    assert options.deck == "sets"
    state = spec.new_hand(options, n, 5, 0)
    assert len(state.all_cards()) == cards
    assert state.view(state.first).stock_count == cards - 14 * n - 1
    assert len(spec.new_hand(spec.make_options({"deck": "packs"}), n, 5, 0).all_cards()) == 2 * cards


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_player_counts_outside_the_games_range_are_refused(game_id):
    lo, hi, usual = PLAYERS[game_id]
    spec = get_game(game_id)
    assert (spec.min_players, spec.max_players, spec.default_players) == (lo, hi, usual)
    for n in (lo - 1, hi + 1):
        with pytest.raises(OptionsError):
            spec.new_hand(spec.make_options(), n, 0, 0)


def test_chot_plays_in_sides_of_partners_opposite():
    spec = get_game("chot")
    assert spec.sides(4, spec.make_options()) == ((0, 2), (1, 3))
    assert spec.new_hand(spec.make_options(), 4, 1, 0, carry=spec.initial_carry(4, spec.make_options())
                         ).view(0).sides == ((0, 2), (1, 3))


# -- the hand's shape -------------------------------------------------------------------------

def test_waits_and_call_kinds():
    shp = shape("balik-satu", True)
    counts = [0] * 30
    for k in kinds(TAN_14):
        counts[k] += 1
    assert shp.waits(counts) == (Kind.C6, Kind.S6, Kind.M6) and shp.call_kind(counts) == "tan"
    counts = [0] * 30
    for k in kinds(CEKI_14):
        counts[k] += 1
    assert shp.waits(counts) == (Kind.C6,) and shp.call_kind(counts) == "ceki"


def test_a_win_needs_a_mata():
    shp = shape("balik-satu", True)
    no_mata = [0] * 30
    for k in kinds("C2 S2 M2 C3 S3 M3 C4 S4 M4 C5 S5 M5 C6 S6 M6"):
        no_mata[k] += 1
    assert not shp.is_winning(no_mata)
    no_mata[Kind.M6] -= 1
    no_mata[Kind.C6] += 1
    assert not shp.is_winning(no_mata)        # C6 C6 S6 is no mata
    with_mata = [0] * 30
    for k in kinds("C2 C2 C2 C3 S3 M3 C4 S4 M4 C5 S5 M5 C6 S6 M6"):
        with_mata[k] += 1
    assert shp.is_winning(with_mata) and shp.max_matas(with_mata) == 1
    sets = shp.sets(with_mata)
    assert sets[0] == kinds("C2 C2 C2") and len(sets) == 5


def test_the_yu_class_is_one_rank_or_honours_set_only_with_their_own_kind():
    hand = "WF C1 S1 C3 S3 M3 C4 S4 M4 C5 C5 C5 C6 S6"
    counts = [0] * 30
    for k in kinds(hand):
        counts[k] += 1
    one = shape("balik-satu", True)
    apart = shape("balik-satu", False)
    assert one.waits(counts) == (Kind.C6, Kind.S6, Kind.M6)
    assert apart.waits(counts) == ()        # WF alone, C1 S1 a pair of the iyo value
    counts[Kind.M6] += 1
    assert one.is_winning(counts) and not apart.is_winning(counts)
    # Tantanan and Cekèn: every honour is rank 1, always
    pairs = [0] * 30
    for k in kinds("WF C1 RF M1 C2 C2"):
        pairs[k] += 1
    assert shape("tantanan").is_winning(pairs) and shape("ceken").is_winning(pairs)


def test_the_game_follows_the_yu_option():
    for yu, can_win in ((True, True), (False, False)):
        state = stacked("balik-satu", 2, {0: "WF C1 S1 C3 S3 M3 C4 S4 M4 C5 C5 C5 C6 S6 C9"}, stock="C8 M6",
                        options={"yu_one_rank": yu})
        act(state, "0 discard C9")
        if yu:
            act(state, "0 no_call")
        pass_turn(state, 1)
        act(state, "0 draw")
        assert (Action(0, "win") in state.legal_actions(0)) is can_win


# -- winning ----------------------------------------------------------------------------------

def test_a_win_on_ones_own_stock_draw_is_scored_and_reported():
    state = stacked("balik-satu", 2, {0: TAN_14 + " C9"}, stock="C8 M6 S7")
    act(state, "0 discard C9", "0 no_call")
    pass_turn(state, 1)
    events = act(state, "0 draw", "0 win")
    assert state.is_terminal()
    res = state.result()
    d = res.details
    assert (res.outcome, res.winners, d["how"], d["winner"], d["card"], d["source"]) == (
        "win", (0,), "self", 0, "M6", "stock")
    assert d["call"] is None and d["called_ceki"] is False
    assert d["turned"] == ["S7"]
    assert ["card", 7] in d["score"] and ["mata", 1] in d["score"]
    assert res.points == (d["total"], 0) and d["total"] == sum(p for _c, p in d["score"])
    types = [e.type for e in events]
    assert types[:2] == ["draw", "win"] and "turn" in types and types.count("reveal") == 2


def test_balik_satu_wins_only_on_the_stock_draw_not_on_a_taken_discard():
    state = stacked("balik-satu", 2, {0: "M6 C9", 1: TAN_14})
    act(state, "0 discard M6")
    act(state, "1 take")
    assert Action(1, "win") not in state.legal_actions(1)
    assert Action(1, "discard", Kind.M6) not in state.legal_actions(1)     # no passing it straight back


@pytest.mark.parametrize("game_id,n", [("gonggong", 4), ("gonggong", 6)])
def test_gonggong_wins_on_a_taken_discard_metu(game_id, n):
    state = stacked(game_id, n, {0: "M6 C9", 1: TAN_14})
    act(state, "0 discard M6")
    act(state, "1 take", "1 win")
    d = state.result().details
    assert (d["how"], d["from"], d["source"], d["card"]) == ("take", 0, "discard", "M6")
    assert d["score"][0] == ["metu", 1]


def test_a_dealt_winning_hand_is_kandang_tangan_the_only_move_and_doubles():
    state = stacked("balik-satu", 4, {0: "C2 C2 C2 C3 S3 M3 C4 S4 M4 C5 S5 M5 C6 S6 M6"}, stock="C8")
    assert state.legal_actions(0) == [Action(0, "win")]
    act(state, "0 win")
    d = state.result().details
    assert d["how"] == "dealt" and d["card"] is None
    assert d["score"][-1][0] == "double" and d["total"] == 2 * sum(p for c, p in d["score"][:-1])
    assert not any(c in ("ayam", "kandang") for c, _p in d["score"])


def test_a_turned_yu_card_replays_the_hand_with_the_same_dealer():
    state = stacked("balik-satu", 2, {0: TAN_14 + " C9"}, stock="C8 M6 WF")
    act(state, "0 discard C9", "0 no_call")
    pass_turn(state, 1)
    events = act(state, "0 draw", "0 win")
    res = state.result()
    assert res.outcome == "replay" and res.winners == () and res.points == (0, 0)
    assert res.details["replay"] is True and "replay" in [e.type for e in events]
    assert next_dealer(res, 1, 2) == 1
    assert next_dealer(HandResult("win", (5, 0), (0,), {"replay": False}), 1, 2) == 0
    off = stacked("balik-satu", 2, {0: TAN_14 + " C9"}, stock="C8 M6 WF", options={"replay_on_yu": False})
    act(off, "0 discard C9", "0 no_call")
    pass_turn(off, 1)
    act(off, "0 draw", "0 win")
    assert off.result().outcome == "win"


def test_a_replay_in_a_match_is_dealt_by_the_same_dealer_and_pays_nothing():
    match = new_match("balik-satu", 2, 0, match_options={"mode": "money", "stake_cents": 10})
    dealer = match.dealer
    me, other = (dealer + 1) % 2, dealer
    match.state = stacked("balik-satu", 2, {me: TAN_14 + " C9"}, stock="C8 M6 C1", dealer=dealer)
    for text in (f"{me} discard C9", f"{me} no_call", f"{other} draw", f"{other} discard C8", f"{me} draw",
                 f"{me} win"):
        match.apply(Action.parse(text))
    assert match.history[-1].result.outcome == "replay" and match.ledger == [0, 0]
    match.next_hand()
    assert match.dealer == dealer


# -- calls ------------------------------------------------------------------------------------

def test_a_discard_that_leaves_the_hand_waiting_asks_for_the_call():
    state = stacked("balik-satu", 2, {0: TAN_14 + " C9"})
    act(state, "0 discard C9")
    assert state.view(0).phase == "call" and state.legal_actions(0) == [Action(0, "call"), Action(0, "no_call")]
    events = act(state, "0 call")
    assert state.view(1).calls == ("tan", None)
    call = events[-1].for_viewer(1)
    assert (call.type, call.data) == ("call", {"call": "tan"})         # how many waits: the caller's alone
    assert events[-1].for_viewer(0).data["waits"] == 3
    ceki = stacked("balik-satu", 2, {0: CEKI_14 + " C9"})
    act(ceki, "0 discard C9", "0 call")
    assert ceki.view(0).calls[0] == "ceki" and ceki.view(0).waits == (Kind.C6,)


def test_a_callers_discards_keep_the_wait():
    state = stacked("balik-satu", 2, {0: TAN_14 + " C9"}, stock="C8 M8")
    act(state, "0 discard C9", "0 call")
    pass_turn(state, 1)                    # the drawn C8 is shown (seat 0 has called)
    act(state, "0 draw")                   # M8: only M8 keeps seat 0 waiting
    assert state.legal_actions(0) == [Action(0, "discard", Kind.M8)]


def test_a_ceki_caller_who_makes_a_mata_becomes_tan():
    state = stacked("balik-satu", 2, {0: "C2 C2 M2 C3 S3 M3 C4 S4 M4 C5 S5 M5 C6 C6 C9"}, stock="C8 C2")
    act(state, "0 discard C9", "0 call")
    assert state.calls[0] == "ceki"
    pass_turn(state, 1)
    act(state, "0 draw")
    events = act(state, "0 discard M2")
    assert [e.type for e in events] == ["discard", "call_changed"]
    assert state.view(1).calls[0] == "tan"
    assert set(state.view(0).waits) == {Kind.C6, Kind.S6, Kind.M6}


def test_after_a_call_every_stock_draw_is_shown():
    state = stacked("balik-satu", 2, {0: TAN_14 + " C9"}, stock="C8")
    before = act(state, "0 discard C9", "0 no_call")
    events = act(state, "1 draw")
    assert events[0].for_viewer(0).data == {"revealed": False, "stock": state.view(0).stock_count}
    state = stacked("balik-satu", 2, {0: TAN_14 + " C9"}, stock="C8")
    act(state, "0 discard C9", "0 call")
    events = act(state, "1 draw")
    assert events[0].for_viewer(0).data["card"] == "C8" and events[0].data["revealed"] is True
    assert state.view(0).revealed == (Kind.C8, 1)
    assert before


# -- sampei -----------------------------------------------------------------------------------

def test_a_caller_claims_a_revealed_stock_card_out_of_turn():
    state = stacked("balik-satu", 2, {0: TAN_14 + " C9"}, stock="M6")
    act(state, "0 discard C9", "0 call")
    act(state, "1 draw")
    v = state.view(0)
    assert v.phase == "claim" and v.to_act == (0,) and v.claim == (Kind.M6, 1, "stock")
    assert state.view(1).hand_counts == (14, 14)
    act(state, "0 claim")
    d = state.result().details
    assert (d["how"], d["from"], d["source"], d["card"], d["call"]) == ("claim", 1, "stock", "M6", "tan")


def test_a_ceki_callers_claim_scores_ayam_and_own_draw_kandang():
    state = stacked("balik-satu", 2, {0: CEKI_14 + " C9"}, stock="C6 C8")
    act(state, "0 discard C9", "0 call")
    act(state, "1 draw", "0 claim")
    assert ["ayam", 1] in state.result().details["score"] and state.result().details["called_ceki"]
    state = stacked("balik-satu", 2, {0: CEKI_14 + " C9"}, stock="S7 C6 C8", options={"call_bonus": "5/10"})
    act(state, "0 discard C9", "0 call")
    pass_turn(state, 1)
    act(state, "0 draw", "0 win")
    assert ["kandang", 10] in state.result().details["score"]


def test_several_callers_the_first_in_turn_order_from_the_drawer_takes_it():
    """Issue 32: "the calling player takes it and wins the round" — no pass for a revealed card."""
    hands = {0: TAN_14 + " C9", 1: "C7 C7 C7 C3 S3 M3 C4 S4 M4 C5 S5 M5 M6 S6", 2: "", 3: ""}
    state = stacked("balik-satu", 4, hands, stock="C8 C8 M6")
    act(state, "0 discard C9", "0 call")
    act(state, "1 draw")                    # C8: does not help seat 1
    act(state, "1 discard C8", "1 call")
    assert state.calls[:2] == ["tan", "tan"]
    act(state, "2 draw")                    # C8 again (second copy), shown
    act(state, "2 discard C8")
    act(state, "3 draw")                    # M6: seat 0 is first after the drawer (3), then seat 1
    assert state.to_act() == (0,)
    assert state.legal_actions(0) == [Action(0, "claim")]
    refused(state, "0 pass")
    refused(state, "1 claim", NotYourTurnError)
    act(state, "0 claim")
    assert state.result().details["winner"] == 0 and state.result().details["from"] == 3


def test_a_revealed_winning_card_is_the_callers_no_pass():
    state = stacked("balik-satu", 2, {0: TAN_14 + " C9"}, stock="M6")
    act(state, "0 discard C9", "0 call")
    events = act(state, "1 draw")
    assert [e.type for e in events] == ["draw"]
    v = state.view(0)
    assert v.phase == "claim" and v.claim == (Kind.M6, 1, "stock") and v.legal == (Action(0, "claim"),)
    refused(state, "0 pass")


def test_the_drawer_who_can_win_has_priority_over_the_callers():
    hands = {0: TAN_14 + " C9", 1: "C7 C7 C7 C3 S3 M3 C4 S4 M4 C5 S5 M5 M6 M6"}
    state = stacked("balik-satu", 2, hands, stock="S6")
    act(state, "0 discard C9", "0 call")
    act(state, "1 draw")                    # S6: seat 0 waits for it, but seat 1 wins with it
    assert state.phase == "discard" and Action(1, "win") in state.legal_actions(1)
    act(state, "1 win")
    assert state.result().details["how"] == "self"


def test_gonggong_callers_may_claim_a_discard_after_the_discarders_call_decision():
    hands = {0: "M6 C9", 2: TAN_14}
    state = stacked("gonggong", 4, hands, stock="C8 C8 C9 S9")
    # seat 2 calls first: seats 0 and 1 pass their turns
    act(state, "0 discard C9")
    pass_turn(state, 1)
    act(state, "2 draw", "2 discard C8", "2 call")
    pass_turn(state, 3)
    act(state, "0 draw", "0 discard M6")
    assert state.to_act() == (2,) and state.view(2).claim == (Kind.M6, 0, "discard")
    act(state, "2 claim")
    d = state.result().details
    assert (d["how"], d["source"], d["from"]) == ("claim", "discard", 0)


# -- Chaqui -----------------------------------------------------------------------------------

def test_chaqui_exposes_an_olo_completed_from_a_discard():
    state = stacked("chaqui", 2, {0: "C9 M7", 1: "C9 C9 C1 C2 C3 C4 C5 C6 C7 C8 S1 S2 S3 S4"})
    act(state, "0 discard C9")
    events = act(state, "1 take")
    assert [e.type for e in events] == ["take", "expose"]
    assert events[1].data == {"card": "C9", "count": 3}
    v = state.view(0)
    assert v.exposed == ((), (Kind.C9,)) and v.hand_counts == (14, 15)
    assert not any(a.card == Kind.C9 for a in state.legal_actions(1))
    # in Balik Satu the same take exposes nothing
    other = stacked("balik-satu", 2, {0: "C9 M7", 1: "C9 C9 C1 C2 C3 C4 C5 C6 C7 C8 S1 S2 S3 S4"})
    act(other, "0 discard C9", "1 take")
    assert other.view(0).exposed == ((), ())


# -- Tantanan and Cekèn -----------------------------------------------------------------------

@pytest.mark.parametrize("game_id,n", [("tantanan", 4), ("ceken", 3)])
def test_tantanan_and_ceken_win_with_three_pairs_one_identical(game_id, n):
    state = stacked(game_id, n, {0: "M4 C9 S8 C7 M6 WF", 1: "C2 C2 C3 S3 C4"}, stock="")
    act(state, "0 discard M4")
    act(state, "1 take", "1 win")
    d = state.result().details
    assert (d["how"], d["winner"], d["card"]) == ("take", 1, "M4")
    assert d["sets"][0] == ["C2", "C2"] and len(d["sets"]) == 3
    dealt = stacked(game_id, n, {0: "WF C1 RF M1 C2 C2"})
    assert dealt.legal_actions(0) == [Action(0, "win")]


# -- the end of a hand ------------------------------------------------------------------------

def test_the_hand_is_drawn_when_the_stock_runs_out():
    state = stacked("balik-satu", 2, {0: "C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 S2 S3 S4 S5 S6",
                                      1: "M1 M2 M3 M4 M5 M6 M7 M8 M9 S7 S8 S9 WF RF"})
    act(state, "0 discard C9")
    if state.phase == "call":
        act(state, "0 no_call")
    while not state.is_terminal():
        p = state.to_act()[0]
        if state.phase == "call":
            act(state, f"{p} no_call")
        elif state.phase == "claim":
            act(state, f"{p} pass")
        else:
            pass_turn(state, p)
    res = state.result()
    assert (res.outcome, res.points, res.details["drawn_by"]) == ("draw", (0, 0), "exhausted")
    assert state.view(0).stock_count == 0


def test_the_hand_is_drawn_after_turns_in_a_row_without_a_stock_draw():
    state = stacked("balik-satu", 2, {0: "C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 S2 S3 S4 S5 S6",
                                      1: "M1 M2 M3 M4 M5 M6 M7 M8 M9 S7 S8 S9 WF RF"})
    act(state, "0 discard C9")
    takes = 0
    while not state.is_terminal():
        p = state.to_act()[0]
        if state.phase == "call":
            act(state, f"{p} no_call")
            continue
        act(state, f"{p} take")
        takes += 1
        discards = [a for a in state.legal_actions(p) if a.verb == "discard"]
        act(state, str(discards[0]))
    assert takes == NO_DRAW_TURNS
    assert state.result().details["drawn_by"] == "no_draw"


def test_only_the_player_to_act_may_act():
    state = stacked("balik-satu", 3, {})
    refused(state, "1 draw", NotYourTurnError)
    refused(state, "0 draw")                 # the first player starts by discarding


def test_new_hand_refuses_a_deck_that_is_not_whole():
    spec = get_game("balik-satu")
    with pytest.raises(OptionsError):
        new_hand("balik-satu", spec.make_options(), 2, 0, 0, deck=[])


@pytest.mark.parametrize("hand,call", [(TAN_14, "tan"), (CEKI_14, "ceki")])
def test_a_determinized_caller_holds_a_hand_that_waits_as_called(hand, call):
    """A searching bot imagines the others' hands: a caller's is dealt waiting, with its call's kind."""
    state = stacked("balik-satu", 3, {0: hand + " C9"}, stock="C8 S8")
    act(state, "0 discard C9", "0 call", "1 draw", "1 discard C8")
    view = state.view(1)
    waiting = 0
    for seed in range(20):
        made = BalikState.determinize(view, random.Random(seed))
        assert made.view(1) == view
        counts = made.counts[0]
        waiting += bool(made.shape.waits(counts)) and made.shape.call_kind(counts) == call
    assert waiting >= 18
