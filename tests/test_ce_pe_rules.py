"""Ce Pe's rules on stacked deals: every effect of the presets, the penalties (lives, tokens, out),
the stock rebuilt, the instant win, the end of a hand, the money and the carry (RULINGS §6)."""
from __future__ import annotations

import random

import pytest
from ce_pe_helpers import hand_codes, play, rules, stacked
from helpers import seats_for

from cekidesk.engine.cards import WKind
from cekidesk.engine.core import Action, IllegalActionError
from cekidesk.engine.match import Match, MatchOptions
from cekidesk.games import get_game
from cekidesk.games.ce_pe import rules as R
from cekidesk.persistence import saves

W = WKind.parse


def plays(state, p=None):
    """The legal actions of the player to act, written."""
    p = state.current if p is None else p
    return sorted(str(a) for a in state.legal_actions(p))


# -- the counter ---------------------------------------------------------------------------------

def test_an_ace_adds_one_or_eleven_and_only_what_keeps_the_counter_at_most_the_limit():
    s = stacked(2, {0: "AS 2H 2D 2C"}, counter=0)
    assert "0 play AS =1" in plays(s) and "0 play AS =11" in plays(s)
    s = stacked(2, {0: "AS 2H 2D 2C"}, counter=95)
    assert "0 play AS =1" in plays(s) and "0 play AS =11" not in plays(s)
    play(s, "0 play AS =1")
    assert s.counter == 96 and s.last_play == (0, W("AS"), 1, None, 95, 96)


def test_a_blocked_card_is_not_offered_and_the_view_says_what_it_would_make():
    s = stacked(2, {0: "9S 9H KS 2C"}, counter=95)
    assert not any(a.card == W("9S") for a in s.legal_actions(0))
    assert s.view(0).blocked == ((W("9S"), 104), (W("9H"), 104))


@pytest.mark.parametrize("card,value", [("10S", 10), ("QS", 20)])
def test_ten_and_queen_go_up_or_down_and_the_counter_may_go_negative(card, value):
    s = stacked(2, {0: f"{card} 2H 2D 2C"}, counter=0)
    assert {f"0 play {card} ={value}", f"0 play {card} =-{value}"} <= set(plays(s))
    play(s, f"0 play {card} =-{value}")
    assert s.counter == -value
    s = stacked(2, {0: f"{card} 2H 2D 2C"}, counter=95)
    assert f"0 play {card} ={value}" not in plays(s) and f"0 play {card} =-{value}" in plays(s)


def test_a_king_sets_the_limit_and_is_playable_even_at_it():
    s = stacked(2, {0: "KS 9H 9D 9C"}, counter=100)
    assert plays(s) == ["0 play KS =100"]
    play(s, "0 play KS =100")
    assert s.counter == 100 and s.current == 1


def test_number_cards_add_their_rank_and_the_player_draws_a_replacement():
    s = stacked(2, {0: "6S 2H 2D 2C"}, stock="8D", counter=10)
    events = play(s, "0 play 6S =6")
    assert s.counter == 16 and "8D" in hand_codes(s, 0) and len(s.hands[0]) == 4
    draw = next(e for e in events if e.type == "draw")
    assert draw.for_viewer(0).data["card"] == "8D" and "card" not in draw.for_viewer(1).data


# -- the actions -----------------------------------------------------------------------------------

def test_a_seven_reverses_the_direction_of_play():
    s = stacked(4, {0: "7S 2H 2D 2C"})
    events = play(s, "0 play 7S")
    assert s.direction == -1 and s.current == 3
    assert [e.type for e in events][:2] == ["play", "reverse"]


def test_with_two_players_a_reverse_passes_the_turn_as_usual():
    s = stacked(2, {0: "7S 2H 2D 2C"})
    play(s, "0 play 7S")
    assert s.direction == -1 and s.current == 1


def test_a_jack_skips_the_next_player_and_with_two_players_plays_again():
    s = stacked(4, {0: "JS 2H 2D 2C"})
    events = play(s, "0 play JS")
    assert s.current == 2 and next(e for e in events if e.type == "skip").data["seat"] == 1
    s = stacked(2, {0: "JS 2H 2D 2C"})
    play(s, "0 play JS")
    assert s.current == 0


def test_a_five_chooses_who_moves_next_oneself_included():
    s = stacked(4, {0: "5S 2H 2D 2C"})
    assert [a.target for a in s.legal_actions(0) if a.card == W("5S")] == [0, 1, 2, 3]
    play(s, "0 play 5S @2")
    assert s.current == 2
    s = stacked(4, {0: "5S 2H 2D 2C"})
    play(s, "0 play 5S @0")
    assert s.current == 0


def test_a_three_draws_first_then_gives_a_chosen_card_to_a_chosen_player_and_takes_a_random_one():
    """Issue 32: "draws a card (to refill the hand), … puts down a card and slides it to the player
    they want": the play names no target; after the draw the give names the card and the player."""
    s = stacked(3, {0: "3S 2H 2D 2C", 1: "9H 9D 9C 9S"}, stock="KD")
    assert [a.target for a in s.legal_actions(0) if a.card == W("3S")] == [None]
    events = play(s, "0 play 3S")
    assert [e.type for e in events] == ["play", "draw"]
    assert s.phase == "give" and "KD" in hand_codes(s, 0)       # drawn before anyone is chosen
    assert s.view(1).pending_exchange is None
    assert plays(s) == [f"0 give {c} @{q}" for c in ("2C", "2D", "2H", "KD") for q in (1, 2)]
    events = play(s, "0 give KD @1")
    assert "KD" in hand_codes(s, 1) and len(s.hands[1]) == 4 and len(s.hands[0]) == 4
    taken = [c for c in hand_codes(s, 0) if c.startswith("9")]
    assert len(taken) == 1
    ex = next(e for e in events if e.type == "exchange")
    assert ex.data["target"] == 1
    assert ex.for_viewer(0).data["given"] == "KD" and ex.for_viewer(1).data["taken"] == taken[0]
    assert "given" not in ex.for_viewer(2).data and "taken" not in ex.for_viewer(2).data
    assert s.phase == "play" and s.current == 1


def test_bloody_seven_takes_the_replacement_from_another_hand_who_does_not_replace_it():
    s = stacked(3, {0: "7S 2H 2D 2C 2S", 2: "9H 9D 9C 9S 8S"}, options=rules("bloody"), counter=50)
    stock = len(s.stock)
    events = play(s, "0 play 7S @2 =7")
    assert s.counter == 57 and len(s.hands[0]) == 5 and len(s.hands[2]) == 4 and len(s.stock) == stock
    got = next(e for e in events if e.type == "take_replacement")
    assert got.for_viewer(0).data["card"] in ("9H", "9D", "9C", "9S", "8S")
    assert "card" not in got.for_viewer(1).data


def test_bloody_non_spade_ace_swaps_the_whole_hands_without_a_draw_and_the_ace_of_spades_sets_zero():
    s = stacked(3, {0: "AH AS 2D 2C 2S", 1: "9H 9D 9C 9S 8S"}, options=rules("bloody"), counter=50)
    stock = len(s.stock)
    assert "0 play AS =0" in plays(s)
    play(s, "0 play AH @1 =1")
    assert s.counter == 51 and len(s.stock) == stock
    assert hand_codes(s, 0) == sorted("9H 9D 9C 9S 8S".split())
    assert hand_codes(s, 1) == sorted("AS 2D 2C 2S".split())
    play(s, "1 play AS =0")
    assert s.counter == 0


def test_normal_99_king_sets_99_jack_adds_nothing_four_reverses_and_the_limit_is_99():
    s = stacked(3, {0: "KS JH 4D 9C 9S"}, options=rules("normal_99"), counter=95)
    assert "0 play KS =99" in plays(s) and "0 play JH =0" in plays(s) and "0 play 4D" in plays(s)
    assert "0 play 9C =9" not in plays(s)
    play(s, "0 play 4D")
    assert s.direction == -1 and s.current == 2


def test_ninety_nine_nine_adds_nothing_ten_goes_down_jack_and_queen_add_ten():
    s = stacked(2, {0: "9S 10H JD"}, options=rules("ninety_nine"), counter=80)
    assert plays(s) == ["0 play 10H =-10", "0 play 9S =0", "0 play JD =10"]


# -- a player who cannot play ----------------------------------------------------------------------

def test_under_lives_a_stuck_player_turns_a_card_down_without_drawing_and_is_out_with_none_left():
    s = stacked(3, {1: "9S 9H 9D 9C"}, options=rules(hand_size=4), counter=100, dealer=0)
    assert s.current == 1
    assert plays(s) == ["1 turn_down 9C", "1 turn_down 9D", "1 turn_down 9H", "1 turn_down 9S"]
    stock = len(s.stock)
    events = play(s, "1 turn_down 9S")
    assert len(s.hands[1]) == 3 and len(s.face_down[1]) == 1 and len(s.stock) == stock
    td = next(e for e in events if e.type == "turn_down")
    assert td.for_viewer(1).data["card"] == "9S" and "card" not in td.for_viewer(0).data
    assert s.view(1).face_down == (0, 1, 0) and s.view(1).my_face_down == (W("9S"),)
    assert s.view(0).my_face_down == ()
    for card in ("9H", "9D"):
        s.current = 1
        play(s, f"1 turn_down {card}")
    s.current = 1
    events = play(s, "1 turn_down 9C")
    assert s.out[1] and s.eliminated == [1] and [e for e in events if e.type == "out"][0].data["place"] == 3


def test_the_last_player_standing_wins_the_hand():
    s = stacked(2, {1: "9S"}, options=rules(hand_size=1), counter=100, dealer=0)
    events = play(s, "1 turn_down 9S")
    assert s.is_terminal()
    res = s.result()
    assert res.outcome == "win" and res.winners == (0,) and res.points == (1, 0)
    assert res.details["reason"] == "last_standing" and res.details["order"] == (1,)
    assert [e.type for e in events][-2:] == ["out", "win"]


def test_under_out_a_stuck_player_can_only_lose_and_is_out_at_once():
    s = stacked(3, {0: "9S 9H 9D 9C 8S"}, options=rules("normal_99"), counter=99)
    assert plays(s) == ["0 lose"]
    play(s, "0 lose")
    assert s.out[0] and s.current == 1 and not s.is_terminal()


def test_ninety_nine_a_stuck_player_loses_a_token_and_the_hand_is_redealt():
    s = stacked(3, {0: "8H 7D 6C"}, options=rules("ninety_nine"), counter=99)
    assert plays(s) == ["0 lose"]
    events = play(s, "0 lose")
    assert [e.type for e in events] == ["lose_token", "redeal"]
    res = s.result()
    assert res.outcome == "loss" and res.winners == () and res.details["loser"] == 0
    assert res.details["carry"] == (2, 3, 3)


def test_without_a_redeal_a_lost_token_only_passes_the_turn():
    s = stacked(3, {0: "8H 7D 6C"}, options=rules("ninety_nine", redeal_after_loss=False), counter=99)
    play(s, "0 lose")
    assert s.tokens == [2, 3, 3] and s.current == 1 and not s.is_terminal()


# -- the stock ---------------------------------------------------------------------------------------

def test_an_empty_stock_is_rebuilt_from_the_discards_under_the_top_and_the_turned_down_cards():
    s = stacked(2, {0: "2S 2H 2D 2C"}, counter=0)
    s.stock.clear()
    s.discards, s.throwers = [W("5S").number, W("6S").number, W("7S").number], [1, 1, 1]
    s.face_down[1] = [W("8S").number]
    s.hands[1] = s.hands[1][:3]
    events = play(s, "0 play 2S =2")
    kinds = sorted(R.kind_of(u).code for u in s.stock + s.hands[0] if R.kind_of(u).rank != 2)
    assert kinds == ["5S", "6S", "7S", "8S"]
    assert [R.kind_of(u).code for u in s.discards] == ["2S"]
    assert next(e for e in events if e.type == "reshuffle").data["count"] == 4
    assert s.face_down[1] == [] and s.reshuffles == 1


def test_after_the_last_rebuild_the_stock_stays_empty_and_the_player_does_not_draw():
    s = stacked(2, {0: "2S 2H 2D 2C"}, counter=0)
    s.stock.clear()
    s.reshuffles = R.MAX_RESHUFFLES
    play(s, "0 play 2S =2")
    assert len(s.hands[0]) == 3 and not s.stock


def test_under_lives_a_player_whose_hand_ran_empty_is_out_when_their_turn_comes():
    s = stacked(3, {0: "2S 2H"}, options=rules(hand_size=2), counter=0)
    s.hands[0] = s.hands[0][:1]
    s.stock.clear()
    s.reshuffles = R.MAX_RESHUFFLES
    play(s, "0 play 2S =2")
    play(s, str(s.legal_actions(1)[0]))
    play(s, str(s.legal_actions(2)[0]))
    assert s.out[0] and 0 in s.eliminated and s.current == 1


# -- the instant win, the end of the hand ------------------------------------------------------------

def test_making_the_instant_win_total_wins_the_hand_at_once():
    s = stacked(3, {0: "2S 2H 2D 2C"}, options=rules(instant_win=42), counter=40)
    events = play(s, "0 play 2S =2")
    assert s.is_terminal() and s.result().winners == (0,) and s.result().details["reason"] == "instant_win"
    assert [e.type for e in events] == ["play", "instant_win", "win"]


def test_a_card_without_a_counter_part_does_not_make_the_instant_win():
    s = stacked(3, {0: "7S 2H 2D 2C"}, options=rules(instant_win=42), counter=42)
    play(s, "0 play 7S")
    assert not s.is_terminal()


def test_illegal_actions_are_refused_with_the_state_unchanged():
    s = stacked(2, {0: "AS 2H 2D 2C"}, counter=95)
    for text in ("0 play AS =11", "0 play AS", "1 play 2S =2", "0 play 3S @1", "0 give AS", "0 lose"):
        with pytest.raises(IllegalActionError):
            play(s, text)
    assert s.counter == 95 and len(s.hands[0]) == 4


# -- the match: money, carry, the last-standing ending ------------------------------------------------

def _play_hand(match: Match, rng: random.Random) -> None:
    while not match.hand_over():
        p = match.state.to_act()[0]
        legal = match.state.legal_actions(p)
        match.apply(legal[rng.randrange(len(legal))])


def test_every_other_player_of_the_hand_pays_the_winner_one_stake():
    spec = get_game("ce-pe")
    m = Match(spec, 4, 3, {}, MatchOptions(mode="money", stake_cents=5))
    _play_hand(m, random.Random(1))
    rec = m.history[-1]
    w = rec.result.winners[0]
    assert rec.payments[w] == 15 and sorted(rec.payments) == [-5, -5, -5, 15]
    assert {code for code, *_ in rec.items} == {"eliminated"}
    assert rec.result.points[w] == 1


def test_ninety_nine_carries_tokens_pays_only_when_decided_and_the_last_standing_ends_the_match(tmp_path):
    spec = get_game("ce-pe")
    m = Match(spec, 3, 11, dict(spec.presets[3][1]), MatchOptions(mode="last_standing", stake_cents=10))
    rng = random.Random(2)
    tokens_lost = 0
    while not m.is_over():
        _play_hand(m, rng)
        rec = m.history[-1]
        tokens_lost += 1
        if not m.is_over():
            assert rec.payments == (0, 0, 0) and rec.result.outcome == "loss"
            assert sum(m.carry) == 9 - tokens_lost
            m.next_hand()
    w = m.winners()
    assert len(w) == 1 and m.out_seats() == tuple(p for p in range(3) if p != w[0])
    assert m.history[-1].payments[w[0]] == 20
    # a saved match replays to the same tokens
    path = tmp_path / "ce-pe.cekisave"
    saves.save_match(path, m, seats_for(3, ["normal"]))
    back = saves.load_match(path).match
    assert back.carry == m.carry and [r.carry for r in back.history] == [r.carry for r in m.history]


def test_without_a_redeal_the_last_standing_match_is_one_hand_and_the_carry_does_not_change():
    spec = get_game("ce-pe")
    m = Match(spec, 3, 5, {}, MatchOptions(mode="last_standing"))
    before = m.carry
    _play_hand(m, random.Random(3))
    assert m.is_over() and m.carry == before and m.winners() == m.history[-1].result.winners


def test_a_dealer_out_of_the_match_passes_the_deal_and_out_seats_are_dealt_nothing():
    s = R.new_hand(rules("ninety_nine"), 4, 1, 2, carry=(3, 2, 0, 1))
    assert s.dealer == 3 and s.current == 0 and s.hands[2] == [] and s.out[2]
    assert s.view(0).out_of_match == (2,)


def test_a_decided_match_played_on_starts_a_new_carry():
    o = rules("ninety_nine")
    s = R.new_hand(o, 3, 1, 0, carry=(0, 2, 0))
    assert s.carry == (3, 3, 3) and not any(s.out)


def test_the_actions_round_trip_as_text():
    for text in ("0 play AS =11", "1 play 5S @3", "0 play QH =-20", "2 give KD", "1 turn_down 9C", "3 lose"):
        assert str(Action.parse(text)) == text


# -- each preset's penalty and stock rules ------------------------------------------------------------

@pytest.mark.parametrize("preset_id,verb,after", [
    ("ce_pe", "turn_down", ["turn_down"]),
    ("normal_99", "lose", ["out"]),
    ("bloody", "lose", ["out"]),
    ("ninety_nine", "lose", ["lose_token", "redeal"]),
])
def test_each_presets_penalty_for_a_player_who_cannot_play(preset_id, verb, after):
    o = rules(preset_id)
    hand = " ".join("8H 8D 6C 9C 9D".split()[:o.hand_size])
    s = stacked(3, {1: hand}, options=o, counter=o.limit, dealer=0)
    legal = s.legal_actions(1)
    assert {a.verb for a in legal} == {verb}
    events = s.apply(legal[0])
    assert [e.type for e in events] == after
    if preset_id in ("normal_99", "bloody"):
        assert s.out[1] and s.current == 2 and not s.is_terminal()
    if preset_id == "ninety_nine":
        assert s.is_terminal() and s.result().details["carry"] == (3, 2, 3)


@pytest.mark.parametrize("preset_id", ["ce_pe", "normal_99", "bloody", "ninety_nine"])
def test_each_preset_rebuilds_an_empty_stock_from_the_discards(preset_id):
    s = stacked(2, {0: "2S 2H 2D"}, options=rules(preset_id), counter=0)
    s.stock.clear()
    s.discards, s.throwers = [W("5S").number, W("6S").number], [1, 1]
    events = play(s, "0 play 2S =2")
    assert [e.type for e in events][-2:] == ["reshuffle", "draw"]
    assert len(s.stock) == 1 and len(s.discards) == 1


def test_a_log_written_before_the_three_changed_replays_identically_once_upgraded():
    """Issue 32: ``fixtures/ce_pe/ce-pe-threes.cekisave`` was saved by the code before the change
    (``make_fixture.py.txt``: 16 Threes, the target named by the play).  As it is, its Threes are not
    legal any more; :func:`upgrade_hand_log` moves each target to the give, and the match replays to
    the same hands, stock, counter, views and scores."""
    import json
    from pathlib import Path

    from cekidesk.engine.match import MatchOptions
    from cekidesk.games import get_game, new_match

    folder = Path(__file__).parent / "fixtures" / "ce_pe"
    doc = json.loads((folder / "ce-pe-threes.cekisave").read_text(encoding="utf-8"))
    want = json.loads((folder / "ce-pe-threes.json").read_text(encoding="utf-8"))
    options = get_game("ce-pe").make_options(doc["options"])
    m = new_match("ce-pe", 4, doc["seed"], options, MatchOptions(**doc["match_options"]))
    with pytest.raises(IllegalActionError):
        for text in doc["log"][0]:
            m.apply(Action.parse(text))
    m = new_match("ce-pe", 4, doc["seed"], options, MatchOptions(**doc["match_options"]))
    for i, hand in enumerate(doc["log"]):
        if i:
            m.next_hand()
        upgraded = R.upgrade_hand_log(options, hand)
        assert R.upgrade_hand_log(options, upgraded) == upgraded          # today's form is kept
        for text in upgraded:
            m.apply(Action.parse(text))
    assert [list(h) for h in m.state.hands] == want["hands"] and list(m.state.stock) == want["stock"]
    assert m.state.counter == want["counter"] and [list(m.scores), list(m.ledger)] == [want["scores"], want["ledger"]]
    # (the save stops outside a give, where the old view named the pending target)
    assert [repr(m.state.view(p)) for p in range(4)] == want["views"]
