"""The Kartu Lima Normal bot: legal decisions in every phase, views only, the plays a player expects
(drain a long group early, keep the strong card for the fifth trick, win the last trick when it can,
read mberi), bets, roosters and side bets from the hand, and it beats random players."""
from __future__ import annotations

import random

from bot_checks import assert_decisions_ignore_hidden_cards, wins_against_random
from helpers import act, play_on
from kartu_lima_helpers import LATER, stacked

from cekidesk.bots import make_bot
from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action
from cekidesk.engine.match import Match, MatchOptions
from cekidesk.games import get_game
from cekidesk.games.kartu_lima.bot import _Reader, bet_amount
from cekidesk.games.kartu_lima.rules import GROUP, KartuLimaCarry, new_hand, void_groups

SPEC = get_game("kartu-lima")
OPTION_SETS = [{}, {"stakes": "bal_balan", "roosters": "tantangan", "gor_goran": True},
               {"stakes": "undhuh_undhuh", "tomprang": True, "roosters": "tetep", "abang_ireng": True}]


def normal(seat: int):
    return make_bot("kartu-lima", "normal", seat)


def test_every_decision_is_legal_in_every_phase():
    for options in OPTION_SETS:
        match = Match(SPEC, 7, 5, options, MatchOptions(mode="money"))
        bots = [normal(p) for p in range(7)]
        rng = random.Random(1)
        for hand in range(6):
            if hand:
                match.next_hand()
            while not match.hand_over():
                for p in match.state.to_act():
                    view = match.state.view(p)
                    action = bots[p].choose(view, rng)
                    assert action in view.legal or any(r.holds(action) for r in view.ranges)
                p = match.state.to_act()[0]
                match.apply(bots[p].choose(match.state.view(p), rng))


def test_decisions_depend_only_on_the_view():
    states = []
    for seed in range(12):
        state = play_on(new_hand(SPEC.make_options(OPTION_SETS[seed % 3]), 6, seed, 0, carry=LATER),
                        seed * 3, seed)
        if not state.is_terminal():
            states.append(state)
    assert assert_decisions_ignore_hidden_cards(states, normal) >= 20


def play_first_three_tricks():
    """Seat 0 leads and wins tricks 1–3 with C5, C6 and one OT (the others hold no copy and no OT)
    and leads the fourth with OT and M3 left."""
    state = stacked(["OT OT M3 C5 C6", "M9 RF C1 C2 S7", "C4 C7 S6 S9 S8", "M7 C9 S1 S4 M4",
                     "M5 C8 M1 S3 WF"])
    act(state, "0 play C5", "4 mberi WF", "3 mberi S1", "2 mberi C7", "1 mberi C1")
    act(state, "0 play C6", "4 mberi S3", "3 mberi S4", "2 mberi S6", "1 mberi C2")
    act(state, "0 play OT", "4 play M5", "3 play M4", "2 mberi C4", "1 play M9")
    return state


def test_it_keeps_the_unbeatable_card_for_the_fifth_trick():
    state = play_first_three_tricks()
    view = state.view(0)
    assert view.trick == 4 and view.hand == (Kind.M3, Kind.OT)
    assert normal(0).choose(view, random.Random(0)) == Action(0, "play", Kind.M3)


def test_it_takes_the_last_trick_when_its_card_can():
    state = play_first_three_tricks()
    act(state, "0 play M3")          # seat 4 has M1 and C8 left: no cina cilik
    act(state, "4 mberi C8", "3 play M7", "2 mberi S8", "1 play RF")
    assert state.view(1).trick == 5 and state.to_act() == (1,)
    act(state, "1 play S7")          # seat 1 leads S7 at the last trick
    # seat 0 holds OT only (mberi); seat 2 … holds S9: the bot follows with the card that wins
    act(state, "0 mberi OT", "4 mberi M1", "3 mberi C9")
    assert normal(2).choose(state.view(2), random.Random(0)) == Action(2, "play", Kind.S9)


def test_early_it_leads_low_from_its_longest_group():
    state = stacked(["M2 M3 M4 C5 S9", "M9 RF C1 C2 S7", "C4 C7 S6 S5 S8", "M7 C9 S1 S4 M6",
                     "M5 C8 M1 S3 WF"])
    choice = normal(0).choose(state.view(0), random.Random(0))
    assert choice.card in (Kind.M2, Kind.M3, Kind.M4)


def test_it_reads_a_mberi_as_a_group_the_thrower_no_longer_holds():
    state = stacked(["M2 C3 S5 WF S2", "M9 RF C1 C2 S7", "C4 C5 C6 C7 S6", "M7 C9 S9 S1 S4",
                     "M5 C8 S8 M1 S3"])
    act(state, "0 play M2", "4 play M5", "3 play M7", "2 mberi C4")
    view = state.view(1)
    assert void_groups(view) == {2: {GROUP[Kind.M2]}}
    reader = _Reader(view)
    everyone = reader.hold(Kind.RF, [0, 2, 3, 4])
    reader.voids = {}
    assert everyone > reader.hold(Kind.RF, [0, 2, 3, 4])      # seat 2 no longer counts as a threat


def test_it_bets_high_on_a_strong_hand_and_low_on_a_weak_one():
    carry = KartuLimaCarry(hands=1, banjiran=4, streak=1, won=50)
    strong = stacked(["OT OT S9 S9 C4", "M9 RF C1 C2 S7", "C4 C7 S6 S5 S8", "M7 C9 S1 S4 M6",
                      "M5 C8 M1 S3 WF"], stakes="bal_balan", carry=carry)
    assert bet_amount(strong.view(0)) == 100
    weak = stacked(["M2 M3 M4 C8 S5", "M9 RF C1 C2 S7", "C4 C7 S6 S9 S8", "M7 C9 S1 S4 M6",
                    "M5 OT M1 S3 WF"], stakes="bal_balan", carry=carry)
    assert bet_amount(weak.view(0)) == 10
    assert normal(0).choose(weak.view(0), random.Random(0)) == Action(0, "bet", amount=10)


def test_roosters_and_side_bets_from_the_hand():
    state = stacked(["M2 C3 S5 WF S2", "M9 RF C1 C2 S7", "C4 C5 C6 C7 S6", "M7 C9 S9 S1 S4",
                     "M5 C8 S8 M3 OT"], roosters="tantangan", gor_goran=True, abang_ireng=True)
    rng = random.Random(0)
    assert normal(0).choose(state.view(0), rng).verb == "rooster"
    assert normal(4).choose(state.view(4), rng) == Action(4, "pass")     # no dika: no rooster
    act(state, *(f"{p} pass" for p in range(5)))
    # gor-goran: a kind of which it holds one copy (the other may be on the pack), never one held twice
    guess = normal(0).choose(state.view(0), rng)
    assert guess.verb == "gor" and guess.card in (Kind.M2, Kind.C3, Kind.S5, Kind.WF, Kind.S2)
    act(state, *(f"{p} gor {state.view(p).hand[0]}" for p in range(5)))
    # abang-ireng: the colour of most unseen cards (seat 4 holds four red cards: black is likelier)
    assert normal(4).choose(state.view(4), rng) == Action(4, "black")


def test_normal_wins_more_than_its_share_against_random_players():
    for n, hands in ((5, 600), (9, 600)):
        wins = wins_against_random(SPEC, n, 21, normal(0), hands)
        assert wins / hands > 1.1 / n
