"""Kartu Lima's money (RULINGS §4): the four stake methods across several hands, roosters and every
side bet, each payment itemised and money conserved.  Five players; seat 0 starts (dealer 1)."""
from __future__ import annotations

import pytest
from helpers import act, refused
from kartu_lima_helpers import result_of, stacked

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import AmountRange, Settlement
from cekidesk.games.kartu_lima.rules import RED_KINDS, KartuLimaCarry, KartuLimaOptions, settle

H2 = ["WF C3 S5 M2 S2",   # seat 0, the starter
      "M9 RF C1 C2 S7",   # seat 1
      "C4 C5 C6 C7 S6",   # seat 2
      "WF C9 S9 S1 S4",   # seat 3: the other WF
      "S2 C8 S8 M5 S3"]   # seat 4: the other S2


def run(options: KartuLimaOptions, winners, carry=None, pot=0, **details) -> list[Settlement]:
    """Settle hands won by ``winners`` in turn (as the match does: pot and carry follow)."""
    carry = carry or KartuLimaCarry(hands=0)
    out = []
    for w in winners:
        s = settle(result_of(w, **details), options, pot=pot, carry=carry)
        assert sum(s.payments) + s.pot - pot == 0          # no money made or lost
        assert s.carry.pot == s.pot
        out.append(s)
        pot, carry = s.pot, s.carry
    return out


def codes(s: Settlement, code: str) -> list[tuple]:
    return [i for i in s.items if i[0] == code]


# -- wudhon tengah ------------------------------------------------------------------------------------

def test_wudhon_tengah_a_new_pot_every_hand_and_the_winner_takes_it():
    options = KartuLimaOptions(stakes="wudhon_tengah", wudhon_stake=10)
    first, second = run(options, [2, 4])
    assert first.payments == (-10, -10, 40, -10, -10) and first.pot == 0
    assert codes(first, "wudhon_win") == [("wudhon_win", None, 2, 50)]
    assert len(codes(first, "wudhon_stake")) == 5
    assert second.payments == (-10, -10, -10, -10, 40)


# -- undhuh-undhuh -------------------------------------------------------------------------------------

def test_undhuh_undhuh_a_pot_lasts_as_many_hands_as_players():
    options = KartuLimaOptions(stakes="undhuh_undhuh", undhuh_stake=5)
    hands = run(options, [0, 1, 2, 3, 4, 0])
    assert [h.pot for h in hands] == [20, 15, 10, 5, 0, 20]
    assert hands[0].payments == (0, -5, -5, -5, -5)        # everyone stakes 5, the winner takes 5
    assert hands[1].payments == (0, 5, 0, 0, 0)
    assert [codes(h, "undhuh_win")[0][3] for h in hands] == [5] * 6
    assert codes(hands[5], "undhuh_stake") and not codes(hands[4], "undhuh_stake")


def test_undhuh_undhuh_a_second_win_in_a_row_takes_the_rest_and_ladhu_whole_pots():
    options = KartuLimaOptions(stakes="undhuh_undhuh", undhuh_stake=5, undhuh_streak=True)
    hands = run(options, [3, 3, 3, 1])
    # the source's example: 5¢ each; then the rest (20¢); then a whole new pot (25¢)
    assert [h.items[-1] for h in hands[:3]] == [("undhuh_win", None, 3, 5), ("undhuh_all", None, 3, 20),
                                                ("undhuh_all", None, 3, 25)]
    assert [h.pot for h in hands] == [20, 0, 0, 20]
    assert hands[3].items[-1] == ("undhuh_win", None, 1, 5)
    plain = run(KartuLimaOptions(stakes="undhuh_undhuh", undhuh_stake=5), [3, 3])
    assert plain[1].items[-1] == ("undhuh_win", None, 3, 5)


def test_tomprang_players_add_a_stake_that_the_hands_winner_takes():
    options = KartuLimaOptions(stakes="undhuh_undhuh", undhuh_stake=5, tomprang=True)
    carry = KartuLimaCarry(hands=1, banjiran=2, streak=1, pot=20)
    state = stacked(H2, options=options, carry=carry)
    assert state.view(0).phase == "tomprang" and state.to_act() == (0, 1, 3, 4)   # not the banjiran
    act(state, "0 tomprang", "1 pass", "3 tomprang", "4 pass")
    assert state.view(2).round("tomprang").revealed is not None
    details = {"tomprang": ["tomprang", "pass", None, "tomprang", "pass"]}
    again = settle(result_of(2, **details), options, pot=20, carry=carry)
    assert codes(again, "tomprang") == [("tomprang", 0, 2, 5), ("tomprang", 3, 2, 5)]
    assert again.payments == (-5, 0, 15, -5, 0) and again.pot == 15
    other = settle(result_of(3, **details), options, pot=20, carry=carry)
    assert codes(other, "tomprang") == [("tomprang", 0, 3, 5)]   # a winner's own tomprang comes back


# -- bal-balan --------------------------------------------------------------------------------------------

def test_bal_balan_the_first_hand_is_a_pot_hand_then_the_others_bet_within_the_limits():
    options = KartuLimaOptions(stakes="bal_balan", bal_stake=10)
    first = run(options, [2])[0]
    assert codes(first, "wudhon_win") == [("wudhon_win", None, 2, 50)]
    assert first.carry.banjiran == 2 and first.carry.won == 40
    state = stacked(H2, options=options, carry=first.carry)
    assert state.to_act() == (0, 1, 3, 4) and state.view(0).phase == "bet"
    assert state.view(0).ranges == (AmountRange("bet", 10, 80),)   # the base stake … twice what was won
    assert state.view(0).bet_cap == (10, 80) and state.legal_ranges(2) == ()
    refused(state, "0 bet =81")
    refused(state, "0 bet =9")
    events = act(state, "0 bet =10")
    assert events[0].for_viewer(1).data == {"round": "bet"}        # hidden until all have bet
    act(state, "1 bet =30", "3 bet =50", "4 bet =80")
    assert [a.amount for a in state.view(2).round("bet").revealed] == [10, 30, 50, 80]


def test_bal_balan_the_banjiran_takes_every_bet_or_another_winner_takes_up_to_their_own():
    options = KartuLimaOptions(stakes="bal_balan", bal_stake=10)
    carry = KartuLimaCarry(hands=1, banjiran=2, streak=1, won=40)
    bets = {"bet": [10, 30, None, 50, 80]}
    kept = settle(result_of(2, **bets), options, carry=carry)
    assert kept.payments == (-10, -30, 170, -50, -80)
    assert kept.carry.streak == 2 and kept.carry.won == 170
    lost = settle(result_of(3, **bets), options, carry=carry)
    assert codes(lost, "bal_won") == [("bal_won", 0, 3, 10), ("bal_won", 1, 3, 30), ("bal_won", 4, 3, 50)]
    assert lost.payments == (-10, -30, 0, 90, -50)                # the banjiran pays nothing
    assert lost.carry.banjiran == 3 and lost.carry.won == 90


# -- pethitan ------------------------------------------------------------------------------------------------

def test_pethitan_a_dika_led_to_the_last_trick_takes_the_pot_else_it_stays_and_grows():
    options = KartuLimaOptions(stakes="pethitan", pethitan_stake=10)
    plain = run(options, [1], last_lead="M5")[0]
    assert plain.pot == 50 and not codes(plain, "pethitan_win")
    grown = settle(result_of(4, last_lead="C9"), options, pot=50, carry=plain.carry)
    assert grown.pot == 100
    taken = settle(result_of(3, last_lead="S2"), options, pot=100, carry=grown.carry)
    assert codes(taken, "pethitan_win") == [("pethitan_win", None, 3, 150)] and taken.pot == 0
    instant = settle(result_of(0, instant="five_myriads", last_lead=None), options, pot=100, carry=grown.carry)
    assert instant.pot == 0


def test_pethitan_the_last_tricks_winner_is_the_dika_leader_or_its_killer():
    options = KartuLimaOptions(stakes="pethitan")
    state = stacked(H2, options=options)
    while not state.is_terminal():
        p = state.to_act()[0]
        state.apply(state.legal_actions(p)[0])
    d = state.result().details
    assert d["last_lead"] == state.view(0).tricks[-1].cards[0].kind.code
    assert d["winner"] == state.view(0).tricks[-1].winner


# -- roosters ------------------------------------------------------------------------------------------------

def test_tantangan_a_dika_rooster_that_kills_wins_from_the_other_rooster_bettors():
    options = KartuLimaOptions(roosters="tantangan", rooster_stake=10)
    state = stacked(H2, options=options)
    assert state.view(0).phase == "rooster" and state.to_act() == (0, 1, 2, 3, 4)
    # only a dika of one's hand, or no rooster
    assert sorted(str(a) for a in state.legal_actions(4)) == ["4 pass", "4 rooster S2", "4 rooster S3"]
    refused(state, "4 rooster S8")
    act(state, "4 rooster S2")
    assert state.view(0).round("rooster").chosen == (4,)
    assert state.view(0).round("rooster").mine is None and state.view(4).my_rooster == Kind.S2
    events = act(state, "0 rooster WF", "1 rooster C1", "2 pass", "3 rooster S4")
    assert [e.data for e in events if e.type == "roosters"] == [{"players": [0, 1, 3, 4]}]
    assert state.view(2).roosters == (True, True, False, True, True)
    assert state.view(2).round("rooster").revealed is None        # which cards: still hidden
    events = act(state, "0 play S2", "4 play S2")
    assert [e.data["kills"] for e in events if e.type == "play"] == [True] and state.view(1).kills == (4,)
    while not state.is_terminal():
        state.apply(state.legal_actions(state.to_act()[0])[0])
    d = state.result().details
    assert d["roosters"] == ["WF", "C1", None, "S4", "S2"]
    paid = settle(state.result(), options, carry=KartuLimaCarry(hands=1))
    kills = d["kills"]
    assert 4 in kills
    assert sorted(codes(paid, "rooster")) == sorted(
        ("rooster", lo, k, 10) for k in kills for lo in (0, 1, 3, 4) if lo not in kills)


def test_a_leading_rooster_does_not_kill():
    state = stacked(H2, roosters="tantangan")
    act(state, "0 rooster S2", "1 pass", "2 pass", "3 pass", "4 pass")
    act(state, "0 play S2", "4 play S2")
    assert state.view(0).kills == ()


def test_tetep_everyone_lays_a_rooster_and_only_a_dika_can_kill():
    options = KartuLimaOptions(roosters="tetep")
    state = stacked(H2, options=options)
    assert not any(a.verb == "pass" for a in state.legal_actions(1))
    assert len(state.legal_actions(2)) == 5                      # any card of the hand
    act(state, "0 rooster M2", "1 rooster M9", "2 rooster C4", "3 rooster S9", "4 rooster S8")
    assert state.view(0).roosters == (True,) * 5
    # S8 and S9 beat the led S5, but they are no dika: no kill
    act(state, "0 play S5", "4 play S8", "3 play S9")
    assert state.view(0).kills == ()


# -- side bets ------------------------------------------------------------------------------------------------

def test_a_holder_bet_pays_its_single_holder_and_is_void_and_carried_with_two():
    options = KartuLimaOptions(kucingan=True, pong=True, side_stake=5)
    carry = KartuLimaCarry(hands=1)
    # H2: two WF (seats 0 and 3): kucingan void; one C2 (seat 1): pong paid
    state = stacked(H2, options=options, carry=carry)
    while not state.is_terminal():
        state.apply(state.legal_actions(state.to_act()[0])[0])
    d = state.result().details
    assert d["holders"] == {"kucingan": [0, 3], "pong": [1]}
    first = settle(state.result(), options, carry=carry)
    assert sorted(codes(first, "pong")) == [("pong", p, 1, 5) for p in (0, 2, 3, 4)]
    assert not codes(first, "kucingan")
    assert first.carry.carried == (1, 0, 0, 0, 0, 0)
    # the next hand: one holder of WF takes the carried stake too
    second = settle(result_of(0, holders={"kucingan": [2], "pong": [1, 4]}), options, carry=first.carry)
    assert sorted(codes(second, "kucingan")) == [("kucingan", p, 2, 10) for p in (0, 1, 3, 4)]
    assert second.carry.carried == (0, 0, 0, 0, 0, 1)


@pytest.mark.parametrize("bet,kind", [("kucingan", "WF"), ("bedoran", "S1"), ("kasutan", "C1"),
                                      ("pil", "M2"), ("kek", "S2"), ("pong", "C2")])
def test_each_holder_bet_is_about_its_card(bet, kind):
    hands = ["C3 C4 C5 C6 C7", "C8 C9 S3 S4 S5", "S6 S7 S8 S9 M1", f"{kind} M3 M4 M5 RF", "M6 M7 M8 M9 OT"]
    state = stacked(hands, **{bet: True})
    while not state.is_terminal():
        state.apply(state.legal_actions(state.to_act()[0])[0])
    assert state.result().details["holders"] == {bet: [3]}


def test_lemon_the_last_digit_of_the_javanese_sum_closest_to_nine_wins():
    options = KartuLimaOptions(lemon=True, side_stake=5)
    hands = ["M2 C3 S5 WF S2",   # 2+3+5+1+2 = 13 → 3
             "M9 RF C1 C2 S7",   # 9+10+1+2+7 = 29 → 9
             "C4 C5 C6 C7 S6",   # 28 → 8
             "M7 C9 S9 S1 S4",   # 30 → 0
             "M5 C8 S8 M1 S3"]   # 5+8+8+10+3 = 34 → 4
    state = stacked(hands, options=options)
    while not state.is_terminal():
        state.apply(state.legal_actions(state.to_act()[0])[0])
    assert state.result().details["lemon"] == [3, 9, 8, 0, 4]
    paid = settle(state.result(), options, carry=KartuLimaCarry(hands=1))
    assert sorted(codes(paid, "lemon")) == [("lemon", p, 1, 5) for p in (0, 2, 3, 4)]
    alone = KartuLimaOptions(lemon=True, side_stake=5, wudhon_stake=0)
    tie = settle(result_of(0, lemon=[9, 9, 1, 1, 1]), alone, carry=KartuLimaCarry(hands=1))
    assert len(codes(tie, "lemon")) == 6 and tie.payments == (15, 15, -10, -10, -10)


def test_gor_goran_a_right_guess_of_the_packs_top_card_wins_from_every_wrong_guess():
    options = KartuLimaOptions(gor_goran=True, side_stake=5)
    state = stacked(H2, options=options, pack="S9")
    assert state.view(0).phase == "gor"
    assert sorted(str(a) for a in state.legal_actions(3)) == sorted(f"3 gor {c}" for c in "WF C9 S9 S1 S4".split())
    act(state, "0 gor WF", "1 gor RF", "2 gor C4", "3 gor S9", "4 gor S8")
    assert state.view(3).my_guess == Kind.S9
    assert state.view(0).round("gor").revealed is None             # shown at the end only
    assert state.view(0).top_card is None
    while not state.is_terminal():
        state.apply(state.legal_actions(state.to_act()[0])[0])
    assert state.view(0).top_card == Kind.S9 and state.view(0).round("gor").revealed is not None
    d = state.result().details
    assert d["gor"] == ["WF", "RF", "C4", "S9", "S8"] and d["top_card"] == "S9"
    paid = settle(state.result(), options, carry=KartuLimaCarry(hands=1))
    assert sorted(codes(paid, "gor_goran")) == [("gor_goran", p, 3, 5) for p in (0, 1, 2, 4)]


def test_abang_ireng_red_and_black_and_each_right_guess_wins_from_each_wrong_one():
    assert RED_KINDS == {Kind.parse(c) for c in "S9 RF OT S5 S7 S8 M1 M2 M3 M4 M5 M6 M7 M8 M9".split()}
    options = KartuLimaOptions(abang_ireng=True, side_stake=5)
    state = stacked(H2, options=options, pack="M3")
    act(state, "0 red", "1 black", "2 red", "3 black")
    assert state.view(1).round("colour").revealed is None
    act(state, "4 black")
    assert [a.verb for a in state.view(1).round("colour").revealed] == ["red", "black", "red", "black", "black"]
    while not state.is_terminal():
        state.apply(state.legal_actions(state.to_act()[0])[0])
    paid = settle(state.result(), options, carry=KartuLimaCarry(hands=1))
    assert sorted(codes(paid, "abang_ireng")) == sorted(
        ("abang_ireng", lo, w, 5) for w in (0, 2) for lo in (1, 3, 4))


# -- through the match: what the carry brings to the next hand ------------------------------------------

def play_out(match) -> None:
    while not match.hand_over():
        p = match.state.to_act()[0]
        acts = match.state.legal_actions(p)
        match.apply(acts[0] if acts else match.state.legal_ranges(p)[0].action(p, match.state.legal_ranges(p)[0].hi))


def test_the_next_hand_shows_the_pot_the_streak_and_the_bets_the_carry_brings():
    from cekidesk.engine.match import Match, MatchOptions
    from cekidesk.games import get_game

    match = Match(get_game("kartu-lima"), 6, 12, {"stakes": "undhuh_undhuh", "undhuh_stake": 5},
                  MatchOptions(mode="money"))
    assert match.state.view(0).cut                       # the first hand cuts for the dealer
    play_out(match)
    first = match.history[-1]
    winner = first.result.winners[0]
    assert match.pot == first.carry.pot == 25            # six stakes of 5, one taken
    match.next_hand()
    view = match.state.view(3)
    assert match.state.dealer == winner and view.dealer == winner and view.cut == ()
    assert view.pot == 25 and view.streak == (winner, 1)
    bal = Match(get_game("kartu-lima"), 5, 4, {"stakes": "bal_balan"}, MatchOptions(mode="money"))
    play_out(bal)
    banjiran = bal.history[-1].result.winners[0]
    bal.next_hand()
    assert bal.state.view(0).phase == "bet" and banjiran not in bal.state.to_act()
    play_out(bal)
    bets = bal.history[-1].result.details["bet"]
    assert bets[banjiran] is None and all(b == 80 for p, b in enumerate(bets) if p != banjiran)
