"""Kartu Lima's rules on stacked deals (RULINGS §4): the cut, the deal, groups and following, equal
cards, mberi, dika, mraji, mraji papat, instant wins, streaks, ana kéné.

Five players, dealer 1 unless said: the starter is seat 0 and play goes 0, 4, 3, 2, 1.
"""
from __future__ import annotations

from helpers import act, refused
from kartu_lima_helpers import deck60, stacked

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import NotYourTurnError
from cekidesk.games.kartu_lima.rules import (
    DIKA_KINDS,
    GROUP,
    GROUP_NAME,
    MRAJI_KINDS,
    RANK,
    KartuLimaCarry,
    KartuLimaOptions,
    initial_carry,
    max_hand_actions,
    new_hand,
    next_dealer,
    settle,
    streak_name,
)

#: every seat's five cards; no instant win, no mraji pair
H1 = ["M2 C3 S5 WF S2",   # seat 0, the starter
      "M9 RF C1 C2 S7",   # seat 1, the dealer, plays last
      "C4 C5 C6 C7 S6",   # seat 2: no cina cilik
      "M7 C9 S9 S1 S4",   # seat 3
      "M5 C8 S8 M1 S3"]   # seat 4, plays second
#: seat 4 and seat 3 hold the partners of seat 0's S2 and WF
H2 = ["WF C3 S5 M2 S2",
      "M9 RF C1 C2 S7",
      "C4 C5 C6 C7 S6",
      "WF C9 S9 S1 S4",
      "S2 C8 S8 M5 S3"]


def kinds(codes: str) -> tuple[Kind, ...]:
    return tuple(Kind.parse(c) for c in codes.split())


def legal_text(state, p: int) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(p))


def first_legal_to_end(state) -> None:
    while not state.is_terminal():
        p = state.to_act()[0]
        acts = state.legal_actions(p)
        state.apply(acts[0] if acts else state.legal_ranges(p)[0].action(p, state.legal_ranges(p)[0].lo))


# -- the groups (RULINGS §4) ---------------------------------------------------------------------

def test_the_groups_are_exactly_those_of_the_rulings():
    def group(codes):
        return {GROUP[k] for k in kinds(codes)}

    assert len(group("M2 M3 M4 M5 M6 M7 M8 M9 RF OT")) == 1
    assert [RANK[k] for k in kinds("M2 M9 RF OT")] == [0, 0, 1, 2]
    assert len(group("C3 C4")) == 1 and RANK[Kind.C4] > RANK[Kind.C3]
    assert len(group("C8 C9")) == 1 and RANK[Kind.C9] > RANK[Kind.C8]
    assert len(group("S5 S7 S8 S9")) == 1
    assert [RANK[k] for k in kinds("S5 S7 S8 S9")] == [0, 0, 1, 2]
    assert set(DIKA_KINDS) == set(kinds("WF M1 S1 C1 S2 S3 S4 S6 C2 C5 C6 C7"))
    assert len({GROUP[k] for k in DIKA_KINDS}) == 12           # each dika its own group
    assert len({GROUP[k] for k in Kind}) == 4 + 12
    assert all(GROUP_NAME[k] == "dika" for k in DIKA_KINDS)
    assert MRAJI_KINDS == set(DIKA_KINDS) | set(kinds("S9 C9 C4 OT"))


# -- the cut and the deal ---------------------------------------------------------------------------

def test_the_first_hand_cuts_for_the_dealer_and_ties_cut_again():
    options = KartuLimaOptions()
    # RF, OT and M1 all count 10: seats 0–2 cut again; seat 1's 9 Coins is highest
    cut = deck60("RF OT M1 C9 S2 C5 C9 S3".split())
    state = new_hand(options, 5, 3, 4, carry=initial_carry(), cut_deck=cut)
    assert state.dealer == 1 and state.starter == 0
    view = state.view(2)
    assert view.cut == (("RF", "OT", "M1", "C9", "S2"), ("C5", "C9", "S3", None, None))
    assert state.deal_events[0].type == "cut" and state.deal_events[0].data["dealer"] == 1
    # later hands keep the dealer they are given (the banjiran) and do not cut
    later = new_hand(options, 5, 3, 4, carry=KartuLimaCarry(hands=1), cut_deck=cut)
    assert later.dealer == 4 and later.view(0).cut == ()


def test_five_cards_each_from_the_dealers_right_anticlockwise():
    state = stacked(H1, dealer=1, pack="OT")
    for p, hand in enumerate(H1):
        assert state.view(p).hand == tuple(sorted(kinds(hand)))
    assert state.view(0).hand_counts == (5,) * 5
    assert len(state.pack) == 60 - 25 and state.pack[0] % 30 == Kind.OT
    assert state.to_act() == (0,)                     # the dealer's right (seat 1 − 1) leads
    # each seat's deal event tells only that seat its cards
    deal = [e for e in state.deal_events if e.type == "deal"]
    assert [e.for_viewer(p).data.get("cards") is not None for p in range(5) for e in deal[p:p + 1]] == [True] * 5
    assert deal[0].for_viewer(1).data.get("cards") is None


# -- following the led group ------------------------------------------------------------------------

def test_a_player_must_follow_the_led_group_and_may_throw_any_card_face_down_without_one():
    state = stacked(H1)
    act(state, "0 play M2")
    assert legal_text(state, 4) == ["4 play M5"]       # M1 is a dika, not cina cilik
    refused(state, "4 play C8")
    refused(state, "4 mberi C8")
    refused(state, "3 play M7", NotYourTurnError)
    act(state, "4 play M5", "3 play M7")
    assert legal_text(state, 2) == sorted(f"2 mberi {c}" for c in "C4 C5 C6 C7 S6".split())
    refused(state, "2 play C4")
    act(state, "2 mberi C4")
    assert legal_text(state, 1) == ["1 play M9", "1 play RF"]   # need not beat: any card of the group


def test_of_equal_cards_the_last_played_wins():
    state = stacked(H1)
    act(state, "0 play M2")
    assert state.view(0).winning == 0
    act(state, "4 play M5")
    assert state.view(0).winning == 4            # M5 equals M2: the later card wins
    act(state, "3 play M7", "2 mberi C4")
    assert state.view(0).winning == 3
    events = act(state, "1 play M9")
    trick = [e for e in events if e.type == "trick"][0]
    assert trick.player == 1 and trick.data["card"] == "M9"
    assert state.to_act() == (1,)                 # the trick's winner leads the next
    assert state.view(0).trick == 2


def test_a_higher_card_of_the_group_wins_and_a_lower_one_does_not():
    state = stacked(H1)
    act(state, "0 play S5", "4 play S8", "3 play S9", "2 mberi S6", "1 play S7")
    assert state.view(0).tricks[0].winner == 3    # S9 > S8 > S5 = S7


def test_a_mberi_never_wins_and_its_card_is_never_shown_to_the_others():
    state = stacked(H1)
    act(state, "0 play C3")                       # 3 & 4 Coins: only seat 2 holds C4
    events = act(state, "4 mberi C8")
    # the others are told that seat 4 threw a card face-down, not which
    assert events[0].for_viewer(0).data == {"trick": 1}
    assert events[0].for_viewer(4).data["card"] == "C8"
    act(state, "3 mberi C9", "2 play C4", "1 mberi RF")
    view0 = state.view(0)
    assert view0.tricks[0].winner == 2
    assert [(pl.seat, pl.kind, pl.mberi) for pl in view0.tricks[0].cards] == [
        (0, Kind.C3, False), (4, None, True), (3, None, True), (2, Kind.C4, False), (1, None, True)]
    assert state.view(4).tricks[0].cards[1].kind == Kind.C8    # its thrower sees it
    first_legal_to_end(state)
    # still hidden after the hand: in every other seat's view and in the public result
    for p in (0, 2, 3):
        assert state.view(p).tricks[0].cards[1].kind is None
    assert state.result().details["tricks"][0][1][1] == [4, None]


def test_mberi_on_a_led_card_nobody_can_follow_leaves_the_leader_the_trick():
    state = stacked(H1)
    act(state, "0 play WF", "4 mberi M1", "3 mberi S9", "2 mberi S6", "1 mberi RF")
    assert state.view(1).tricks[0].winner == 0


def test_a_dika_is_beaten_only_by_its_identical_copy_which_must_be_played():
    state = stacked(H2)
    act(state, "0 play S2")
    assert legal_text(state, 4) == ["4 play S2"]          # the copy must be played
    act(state, "4 play S2")
    # seat 3 holds other dika (WF, S1, S4) but none is of this group
    assert all(a.verb == "mberi" for a in state.legal_actions(3))
    act(state, "3 mberi WF", "2 mberi C5", "1 mberi C2")
    assert state.view(0).tricks[0].winner == 4


def test_ana_kene_names_the_holder_of_the_led_dikas_partner():
    state = stacked(H2)
    events = act(state, "0 play WF")
    said = [e for e in events if e.type == "ana_kene"]
    assert [(e.player, e.data) for e in said] == [(3, {"card": "WF"})]
    assert state.view(1).ana_kene == (3,)
    quiet = stacked(H2, ana_kene=False)
    assert not [e for e in act(quiet, "0 play WF") if e.type == "ana_kene"]
    assert quiet.view(1).ana_kene == ()


def test_only_the_fifth_trick_decides_and_its_winner_is_banjiran():
    state = stacked(H1)
    act(state, "0 play WF", "4 mberi M1", "3 mberi S9", "2 mberi S6", "1 mberi RF")  # seat 0 wins trick 1
    first_legal_to_end(state)
    result = state.result()
    tricks = state.view(0).tricks
    assert len(tricks) == 5 and [t.number for t in tricks] == [1, 2, 3, 4, 5]
    for before, after in zip(tricks, tricks[1:], strict=False):
        assert after.leader == before.winner
    assert result.winners == (tricks[-1].winner,) == (result.details["winner"],)
    assert result.details["trick_winners"][0] == 0
    assert next_dealer(result, 1, 5) == tricks[-1].winner       # the banjiran deals next


# -- mraji and mraji papat ---------------------------------------------------------------------------

def test_a_mraji_pair_is_unbeatable_when_led():
    hands = ["S9 S9 C3 M2 S2", "M9 RF C1 C2 S3", "S7 C5 C6 C7 S6", "S5 C9 S1 S4 M7", "S8 C8 M5 C5 S4"]
    state = stacked(hands)
    assert state.view(0).mraji == (Kind.S9,)
    assert state.view(1).mraji == ()
    events = act(state, "0 play S9")
    lead = events[0]
    assert lead.for_viewer(0).data["mraji"] is True and "mraji" not in lead.for_viewer(1).data
    act(state, "4 play S8", "3 play S5", "2 play S7", "1 mberi M9")
    assert state.view(0).tricks[0].winner == 0


PAPAT = ["S9 S9 C4 C4 M2",   # seat 0, the starter: two mraji pairs
         "M9 RF C1 C2 S3",
         "S7 C5 C6 C7 S6",
         "C3 C9 S1 S4 M7",
         "S8 C8 M5 C5 S2"]


def test_mraji_papat_others_keep_one_card_and_the_shower_wins_the_final_trick():
    state = stacked(PAPAT)
    assert "0 mraji_papat" in legal_text(state, 0)
    events = act(state, "0 mraji_papat")
    assert events[0].data["cards"] == ["C4", "C4", "S9", "S9"]
    assert state.to_act() == (1, 2, 3, 4)
    assert state.view(2).phase == "keep" and state.view(2).papat == (0, kinds("C4 C4 S9 S9"))
    assert legal_text(state, 3) == sorted(f"3 keep {c}" for c in "C3 C9 S1 S4 M7".split())
    keep = act(state, "3 keep C3")
    assert keep[0].for_viewer(1).data == {"round": "keep"}       # nobody else learns what was kept
    act(state, "1 keep RF", "2 keep S7", "4 keep S8")
    assert state.view(3).hand == (Kind.C3,) and state.view(3).discarded == kinds("C9 S1 S4 M7")
    assert state.view(1).hand_counts == (4, 1, 1, 1, 1)
    assert state.view(0).trick == 5
    assert legal_text(state, 0) == ["0 play C4", "0 play S9"]   # one of the shown cards
    act(state, "0 play C4", "4 mberi S8", "3 play C3", "2 mberi S7", "1 mberi RF")
    assert state.is_terminal()
    result = state.result()
    assert result.winners == (0,) and result.details["papat"] == 0
    assert [t.number for t in state.view(1).tricks] == [5]
    assert sorted(state.all_cards()) == list(range(60))


def test_mraji_papat_is_offered_only_to_the_starter_with_two_pairs_at_the_first_lead():
    state = stacked(PAPAT)
    act(state, "0 play M2")
    assert not any(a.verb == "mraji_papat" for p in range(5) for a in state.legal_actions(p))
    one_pair = stacked(["S9 S9 C4 C3 M2", "M9 RF C1 C2 S3", "S7 C5 C6 C7 S6", "C4 C9 S1 S4 M7",
                        "S8 C8 M5 C5 S2"])
    refused(one_pair, "0 mraji_papat")


# -- instant wins ---------------------------------------------------------------------------------------

FIVE_MYRIADS = ["M2 C3 S5 WF S2", "M9 RF C1 C2 S7", "M1 M3 M4 M6 M8", "M7 C9 S9 S1 S4", "M5 C8 S8 C4 S3"]
FIVE_CINA = ["M2 C3 S5 WF S2", "M9 C6 C1 C2 S7", "RF M3 M4 M6 OT", "M7 C9 S9 S1 S4", "M5 C8 S8 C4 S3"]


def test_five_myriads_dealt_win_the_hand_at_once():
    state = stacked(FIVE_MYRIADS)
    assert state.to_act() == (2,) and legal_text(state, 2) == ["2 reveal"]
    assert state.view(0).instant == (2, "five_myriads")
    events = act(state, "2 reveal")
    assert state.is_terminal() and state.result().winners == (2,)
    assert state.result().details["instant"] == "five_myriads"
    assert events[0].type == "instant" and events[0].data["cards"] == ["M1", "M3", "M4", "M6", "M8"]


def test_five_cina_cilik_dealt_win_the_whole_pot():
    options = KartuLimaOptions(stakes="undhuh_undhuh")
    state = stacked(FIVE_CINA, options=options)
    act(state, "2 reveal")
    assert state.result().details["instant"] == "five_cina_cilik"
    paid = settle(state.result(), options, pot=15, carry=KartuLimaCarry(hands=3, pot=15))
    assert ("undhuh_all", None, 2, 15) in paid.items and paid.pot == 0


def test_five_of_m2_to_m9_claim_the_whole_pot_as_five_cina_cilik():
    hands = list(FIVE_MYRIADS)
    hands[2] = "M2 M3 M4 M6 M8"
    assert stacked(hands).view(0).instant == (2, "five_cina_cilik")
    assert stacked(hands, five_cina_cilik=False).view(0).instant == (2, "five_myriads")


def test_instant_wins_are_options():
    state = stacked(FIVE_MYRIADS, five_myriads=False)
    assert state.to_act() == (0,) and state.view(0).instant is None
    state = stacked(FIVE_CINA, five_cina_cilik=False)
    assert state.to_act() == (0,)


# -- streaks ------------------------------------------------------------------------------------------

def test_banjiran_mbanjir_and_ladhu_are_carried_between_hands():
    from kartu_lima_helpers import result_of
    options = KartuLimaOptions()
    carry = KartuLimaCarry(hands=1)
    names = []
    for w in (2, 2, 2, 2, 3):
        carry = settle(result_of(w), options, carry=carry).carry
        names.append((carry.banjiran, streak_name(carry.streak)))
    assert names == [(2, "banjiran"), (2, "mbanjir"), (2, "ladhu"), (2, "ladhu"), (3, "banjiran")]
    view = stacked(H1, carry=carry).view(0)
    assert view.streak == (3, 1)


def test_a_hand_with_every_round_stays_within_its_bound():
    state = stacked(H1, roosters="tetep", gor_goran=True, abang_ireng=True)
    actions = 0
    while not state.is_terminal():
        p = state.to_act()[0]
        state.apply(state.legal_actions(p)[0])
        actions += 1
    assert actions == 3 * 5 + 5 * 5 <= max_hand_actions(5)


# -- imagined deals --------------------------------------------------------------------------------------

def test_an_imagined_deal_keeps_to_what_the_mberi_showed():
    import random

    from cekidesk.games.kartu_lima.rules import KartuLimaState

    state = stacked(H1)
    act(state, "0 play M2", "4 play M5", "3 play M7", "2 mberi C4")   # seat 2 has no cina cilik
    view = state.view(1)
    cina = GROUP[Kind.M2]
    for seed in range(60):
        made = KartuLimaState.determinize(view, random.Random(seed))
        assert made.view(1) == view
        assert all(GROUP[u % 30] != cina for u in made.hands[2])
        assert GROUP[made.t_cards[3] % 30] != cina                   # nor was the face-down card
