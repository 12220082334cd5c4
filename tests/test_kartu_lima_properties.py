"""Kartu Lima's invariants on random hands and matches (hypothesis), with every round and bet on:
cards conserved, money conserved (payments plus the pot), each settlement's carry agreeing with the
pot, views that show nothing the viewer cannot see, and states made from a view that have that view."""
from __future__ import annotations

import random

from helpers import play_hands, random_decision
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cekidesk.engine.match import Match, MatchOptions
from cekidesk.games import get_game
from cekidesk.games.kartu_lima.rules import KartuLimaState

SPEC = get_game("kartu-lima")
EVERYTHING = {"roosters": "tetep", "gor_goran": True, "abang_ireng": True, "lemon": True,
              **{bet: True for bet in ("kucingan", "bedoran", "kasutan", "pil", "kek", "pong")}}
OPTION_SETS = [
    {"stakes": "wudhon_tengah", **EVERYTHING},
    {"stakes": "undhuh_undhuh", "undhuh_streak": True, "tomprang": True, **EVERYTHING, "roosters": "tantangan"},
    {"stakes": "bal_balan", **EVERYTHING},
    {"stakes": "pethitan", **EVERYTHING, "roosters": "tantangan"},
]
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(5, 9), which=st.integers(0, 3),
       hands=st.integers(2, 5))
def test_money_is_conserved_and_the_carry_keeps_the_pot(seed, players, which, hands):
    match = Match(SPEC, players, seed, OPTION_SETS[which], MatchOptions(mode="money"))
    play_hands(match, random.Random(seed), hands)
    pot = 0
    for record in match.history:
        assert sum(record.payments) + record.pot - pot == 0
        assert record.carry.pot == record.pot >= 0
        assert all(item[3] > 0 for item in record.items)          # nothing itemised for nothing
        pot = record.pot
    assert sum(match.ledger) + match.pot == 0


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(5, 9), which=st.integers(0, 3),
       hands=st.integers(0, 3))
def test_cards_are_conserved_and_views_leak_nothing_at_every_step(seed, players, which, hands):
    match = Match(SPEC, players, seed, OPTION_SETS[which], MatchOptions(mode="money"))
    rng = random.Random(seed)
    play_hands(match, rng, hands)
    if match.hand_over():
        match.next_hand()
    state = match.state
    deck = list(range(60))
    while True:
        assert sorted(state.all_cards()) == deck
        for q in range(players):
            view = state.view(q)
            assert state.redeal_hidden(q, random.Random(rng.randrange(2**32))).view(q) == view
            made = KartuLimaState.determinize(view, random.Random(rng.randrange(2**32)))
            assert made.view(q) == view and sorted(made.all_cards()) == deck
        if state.is_terminal():
            break
        state.apply(random_decision(state, rng))
