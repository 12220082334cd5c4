"""The simulator holds what one hand holds, however many hands it plays (issue 33): a match that forgets
its finished hands plays on exactly as one that keeps them, and the results the report reads are kept
compactly and read back equal."""
from __future__ import annotations

import random

import pytest
from helpers import shipped_games
from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.bots import make_bot
from cekidesk.engine.core import GameOverError, HandResult
from cekidesk.engine.match import MatchOptions
from cekidesk.engine.stats import CompactResults
from cekidesk.games import new_match
from cekidesk.selfplay import hand_limit, play_hand
from cekidesk.sim import simulate

GAME_IDS = [g.id for g in shipped_games()]

# -- the compact results --------------------------------------------------------------------------

atoms = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.text(max_size=6),
                  st.floats(allow_nan=False))
values = st.recursive(atoms, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.tuples(inner, inner),
    st.dictionaries(st.text(max_size=5), inner, max_size=4)), max_leaves=12)
results = st.builds(HandResult, st.sampled_from(["win", "draw", "scored"]),
                    st.lists(st.integers(-999, 999), min_size=2, max_size=6).map(tuple),
                    st.lists(st.integers(0, 5), max_size=3).map(tuple),
                    st.dictionaries(st.text(max_size=8), values, max_size=5))


@settings(max_examples=30, deadline=None)
@given(st.lists(results, max_size=20), st.integers(1, 7))
def test_compact_results_read_back_equal_in_order(rs, block):
    kept = CompactResults()
    kept.BLOCK = block                 # (small blocks: several closed ones and an open one)
    for r in rs:
        kept.append(r)
    assert len(kept) == len(rs)
    assert list(kept) == rs
    assert list(kept) == rs          # (read twice: iteration does not consume)
    for i, r in enumerate(rs):
        assert kept[i] == r and kept[i - len(rs)] == r
    assert list(kept[1:-1]) == rs[1:-1]
    with pytest.raises(IndexError):
        kept[len(rs)]


def test_compact_results_keep_tuples_tuples_and_take_little_room():
    kept = CompactResults()
    rich = HandResult("win", (3, -1, -2), (0,), {"ranking": (0, 2, 1), "arrangements": [
        {"combos": [("pair", "S9", "S9")], "cards": ["S1", "S2"] * 5} for _ in range(3)]})
    for _ in range(1000):
        kept.append(rich)
    assert kept[500].details["ranking"] == (0, 2, 1) and isinstance(kept[999].points, tuple)
    stored = sum(len(b) for b in kept._blocks)
    assert stored < 1000 * 60          # a few dozen bytes a hand, not the kilobytes of the objects


# -- forgetting finished hands ------------------------------------------------------------------------

def play(game_id: str, hands: int, forget: bool):
    m = new_match(game_id, _players(game_id), 5, None, MatchOptions(mode="money", stake_cents=1))
    bots = [make_bot(game_id, "beginner", p) for p in range(m.n_players)]
    rngs = [random.Random(p) for p in range(m.n_players)]
    per = hand_limit(m.spec, m.n_players, m.options)
    seen = []
    for hand in range(hands):
        if hand:
            if forget:
                m.forget_finished_hands()
            m.next_hand()
        play_hand(m, lambda p, v: bots[p].choose(v, rngs[p]), per, f"hand {hand}")
        seen.append((m.hand_index, m.hand_seed, m.dealer, m.history[-1].result))
    return m, seen


def _players(game_id: str) -> int:
    return next(g for g in shipped_games() if g.id == game_id).default_players


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_match_that_forgets_plays_on_exactly_as_one_that_keeps(game_id):
    kept, seen_kept = play(game_id, 6, forget=False)
    forgot, seen_forgot = play(game_id, 6, forget=True)
    assert seen_forgot == seen_kept
    assert (forgot.scores, forgot.ledger, forgot.pot, forgot.carry, forgot.dealer) == \
        (kept.scores, kept.ledger, kept.pot, kept.carry, kept.dealer)
    assert forgot.hand_index == kept.hand_index == 5
    assert len(forgot.history) == len(forgot.logs) == 2 and forgot.hands_forgotten == 4
    assert forgot.history[-1] == kept.history[-1]
    with pytest.raises(IndexError):
        forgot.dealt_state(0)
    assert forgot.dealt_state(5).view(0) == kept.dealt_state(5).view(0)


def test_hands_are_forgotten_only_between_two_hands():
    m = new_match(GAME_IDS[0], _players(GAME_IDS[0]), 1, None, MatchOptions(mode="money", stake_cents=1))
    with pytest.raises(GameOverError):
        m.forget_finished_hands()


def test_a_match_of_so_many_hands_ends_after_them_though_it_forgot_them():
    game_id = GAME_IDS[0]
    m = new_match(game_id, _players(game_id), 3, None, MatchOptions(mode="hands", hands=3))
    bots = [make_bot(game_id, "beginner", p) for p in range(m.n_players)]
    rng = random.Random(1)
    per = hand_limit(m.spec, m.n_players, m.options)
    for hand in range(3):
        if hand:
            m.forget_finished_hands()
            assert not m.is_over()
            m.next_hand()
        play_hand(m, lambda p, v: bots[p].choose(v, rng), per, "x")
    assert m.is_over()


def test_the_simulator_reports_every_hand_though_it_keeps_few(monkeypatch):
    monkeypatch.setattr(CompactResults, "BLOCK", 8)      # (several closed blocks in a short run)
    r = simulate(GAME_IDS[0], _players(GAME_IDS[0]), 30, ["beginner"] * _players(GAME_IDS[0]), 4)
    assert isinstance(r.results, CompactResults) and len(r.results) == 30 and len(r.results._blocks) == 3
    assert sum(r.outcomes.values()) == 30
    assert sum(len(res.winners) for res in r.results) == sum(r.wins)
    assert sum(1 for res in r.results if not res.winners) == r.drawn
