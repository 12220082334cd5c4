"""Ce Pe's computer players: Normal keeps its magic cards for a high counter, pushes the counter up
before the next player's turn and aims its 3s and 5s at the weakest opponent; every level plays
whole hands of every preset with legal moves from the view alone; Normal beats random players."""
from __future__ import annotations

import pickle
import random

import pytest
from bot_checks import assert_decisions_ignore_hidden_cards, assert_playout_ends, wins_against_random
from ce_pe_helpers import rules, stacked
from helpers import play_on

from cekidesk.bots import bot_levels, make_bot
from cekidesk.engine.cards import WKind
from cekidesk.engine.core import Action
from cekidesk.games import get_game
from cekidesk.games.ce_pe.bot import reasons

W = WKind.parse
SPEC = get_game("ce-pe")
PRESETS = [options for _key, options in SPEC.presets]


def normal(view):
    return make_bot("ce-pe", "normal", view.viewer).choose(view, random.Random(0))


def test_every_level_is_offered():
    assert bot_levels("ce-pe") == ["beginner", "normal", "hard", "expert"]


def test_normal_keeps_a_king_while_the_counter_is_low():
    s = stacked(3, {0: "KS 2H 9D 9C"}, counter=10)
    assert normal(s.view(0)).card != W("KS")


def test_normal_plays_its_king_when_nothing_else_fits():
    s = stacked(3, {0: "KS 9H 9D 9C"}, counter=95)
    assert normal(s.view(0)) == Action(0, "play", W("KS"), None, 100)


def test_normal_keeps_a_queen_that_can_go_down_for_later():
    s = stacked(3, {0: "QS 4H 9D 9C"}, counter=30)
    assert normal(s.view(0)).card != W("QS")


def test_normal_pushes_the_counter_up_before_the_next_players_turn():
    s = stacked(3, {0: "AS 4H 4D 4C"}, counter=88)
    assert normal(s.view(0)) == Action(0, "play", W("AS"), None, 11)


def test_normal_names_the_weakest_opponent_with_a_five_when_the_counter_is_high():
    s = stacked(4, {0: "5S 9H 9D 9C"}, counter=95)
    s.face_down[2] = s.hands[2][:3]
    s.hands[2] = s.hands[2][3:]
    action = normal(s.view(0))
    assert action.card == W("5S") and action.target == 2


def test_normal_exchanges_with_the_weakest_and_gives_its_least_playable_card():
    s = stacked(4, {0: "3S 9H 8D 7C"}, stock="KD", counter=95)
    s.hands[3] = s.hands[3][:1]
    action = normal(s.view(0))
    assert action == Action(0, "play", W("3S"), None, None)    # the target comes after the draw
    s.apply(action)
    assert normal(s.view(0)) == Action(0, "give", W("9H"), 3)


def test_normal_turns_down_its_least_playable_card():
    s = stacked(3, {0: "9S 2H 8D 6C"}, counter=100)
    assert normal(s.view(0)) == Action(0, "turn_down", W("9S"))


def test_normal_wins_far_more_than_its_share_against_random_players():
    hands = 40
    won = wins_against_random(SPEC, 4, 11, make_bot("ce-pe", "normal", 0), hands)
    assert won >= hands // 2          # a fair share is a quarter; measured: 72.8 % over 1,000 hands


@pytest.mark.parametrize("options", PRESETS, ids=[k for k, _o in SPEC.presets])
def test_decisions_depend_only_on_the_view(options):
    opts = SPEC.make_options(options)
    states = []
    for seed in range(12):
        state = play_on(SPEC.new_hand(opts, 4, seed, 0, carry=SPEC.initial_carry(4, opts)), 1 + seed * 2, seed)
        if not state.is_terminal():
            states.append(state)
    assert assert_decisions_ignore_hidden_cards(states, lambda p: make_bot("ce-pe", "normal", p)) >= 15


@pytest.mark.parametrize("options", PRESETS, ids=[k for k, _o in SPEC.presets])
def test_the_playout_policy_ends_every_preset(options):
    assert_playout_ends(SPEC, options)


@pytest.mark.parametrize("level", ["beginner", "hard", "expert"])
def test_the_other_levels_play_a_whole_hand_with_legal_moves(level):
    opts = rules("bloody")
    state = SPEC.new_hand(opts, 3, 5, 0)
    bots = [make_bot("ce-pe", level, p, budget=0.01) for p in range(3)]
    rng = random.Random(1)
    while not state.is_terminal():
        p = state.current
        view = state.view(p)
        action = bots[p].choose(view, rng)
        assert action in view.legal
        state.apply(action)


def test_reasons_name_the_move_in_the_games_codes():
    s = stacked(3, {0: "AS KH 4D 4C"}, counter=88)
    assert reasons(s.view(0), Action(0, "play", W("AS"), None, 11)) == (
        ("ce_pe.pressure", {"counter": 99, "limit": 100, "player": 1}), ("ce_pe.keep_magic", {}))


def test_the_bots_travel_to_the_bot_process_and_back():
    for level in ("normal", "hard"):
        bot = make_bot("ce-pe", level, 1)
        again = pickle.loads(pickle.dumps(bot))
        assert type(again) is type(bot) and again.for_game == "ce-pe"


def test_normal_swaps_hands_with_the_largest_hand():
    s = stacked(4, {0: "AH 9H 9D 9C 9S"}, options=rules("bloody"), counter=98)
    s.hands[1], s.hands[3] = s.hands[1][:2], s.hands[3][:4]
    action = normal(s.view(0))
    assert action == Action(0, "play", W("AH"), 2, 1)
