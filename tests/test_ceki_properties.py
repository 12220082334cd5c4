"""Property tests of the Ceki state: from any seed, player count, option and sequence of legal
actions, the cards are all accounted for, hand sizes, calls and scores hold, the seed decides the
deal and no hand loops.  What every game must do (illegal actions change nothing, clones are
independent, ``apply`` and ``apply_unchecked`` agree, a hand replays from its log) is checked for
every game by ``test_conformance.py``."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.engine.cards import Counting, Kind
from cekidesk.engine.core import Action
from cekidesk.games.ceki.rules import (
    MULTIPLIER,
    NO_DRAW_TURNS,
    CekiOptions,
    CekiState,
    max_hand_actions,
    pair_group,
)

from ceki_strategies import hand_setups
from helpers import snapshot

SETTINGS = settings(max_examples=40, deadline=None)


def new_state(n, dealer, seed, iyo) -> CekiState:
    return CekiState(n, CekiOptions(iyo_one_rank=iyo), seed, dealer)


def choose(state: CekiState, x: int) -> Action:
    legal = state.all_legal_actions()
    assert legal, "a live hand always offers an action"
    return legal[x % len(legal)]


def groups_of(state: CekiState, uids) -> Counter:
    return Counter(state.group[u % 30] for u in uids)


def check_invariants(s: CekiState) -> None:
    n = s.n_players
    cards = s.all_cards()
    assert len(cards) == 120 and sorted(cards) == list(range(120))
    views = [s.view(p) for p in range(n)]
    for p in range(n):
        size = len(s.hands[p]) + len(s.facedown[p])
        if s.is_terminal():
            expected = 9 if p in s.result().winners else 8
        else:
            expected = 9 if (s.phase == "discard" and p == s.current) else 8
        assert size == expected, (p, size, expected)
        v = views[p]
        assert len(v.hand) == len(s.hands[p]) and len(v.facedown) == len(s.facedown[p])
        assert v.hand_counts[p] == len(v.hand)
        assert sum(v.hand_counts) + sum(v.facedown_counts) + v.stock_count + len(v.discards) == 120
        # internal bookkeeping agrees with the cards
        counts = groups_of(s, s.hands[p])
        won = s.is_terminal() and p in s.result().winners
        assert [counts.get(g, 0) for g in range(s.n_groups)] == s.counts[p] or won
        # publicly known cards are really held
        held = Counter(u % 30 for u in s.hands[p] + s.facedown[p])
        assert not Counter(s.known[p]) - held, (p, s.known[p])
        if s.called[p]:
            fd = groups_of(s, s.facedown[p])
            assert list(fd) == [s.call_group[p]] and sum(fd.values()) % 3 == 2
            frozen = [u for u in s.hands[p] if u != s.drawn] if p == s.current else s.hands[p]
            if not (s.is_terminal() and p in s.result().winners):
                assert all(c % 3 == 0 for c in groups_of(s, frozen).values())
        else:
            assert not s.facedown[p]
            if not (s.phase == "discard" and p == s.current):
                # automatic calling: no uncalled player ends a turn able to call
                c = groups_of(s, s.hands[p])
                assert pair_group([c.get(g, 0) for g in range(s.n_groups)]) < 0
    if s.is_terminal():
        r = s.result()
        if r.outcome == "win":
            (w,) = r.winners
            assert s.called[w]
            nine = s.hands[w] + s.facedown[w]
            assert len(nine) == 9
            assert all(c % 3 == 0 for c in groups_of(s, nine).values())
            base = sum(Kind(u % 30).value_in(Counting.CEKI) for u in nine)
            assert r.details["base"] == base
            assert r.points[w] == base * MULTIPLIER[r.details["win_kind"]]
            assert all(r.points[q] == 0 for q in range(n) if q != w)
        else:
            assert r.outcome == "draw" and r.points == (0,) * n and not s.stock


@SETTINGS
@given(hand_setups())
def test_invariants_hold_along_random_legal_play(setup):
    n, dealer, seed, iyo, picks = setup
    s = new_state(n, dealer, seed, iyo)
    check_invariants(s)
    for x in picks:
        if s.is_terminal():
            break
        a = choose(s, x)
        assert a in s.legal_actions(a.player)
        s.apply(a)
        check_invariants(s)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 6), st.booleans())
def test_seed_determines_the_deal(seed, n, iyo):
    a = new_state(n, 0, seed, iyo)
    b = new_state(n, 0, seed, iyo)
    assert snapshot(a) == snapshot(b)
    c = new_state(n, 0, seed + 1, iyo)
    assert a.stock != c.stock or a.hands != c.hands


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(0, 5), st.integers(0, 2**32 - 1), st.booleans(),
       st.integers(0, 100), st.integers(0, 2**32 - 1))
def test_every_hand_ends_within_the_games_bound(n, dealer, seed, iyo, take_pct, choice_seed):
    """(house) No hand loops: random play that takes the discard ``take_pct`` % of the times it may
    ends within ``max_hand_actions`` actions (the fast path: this plays thousands of actions)."""
    s = new_state(n, dealer % n, seed, iyo)
    bound = max_hand_actions(n, s.options)
    rng = random.Random(choice_seed)
    actions = 0
    while not s.is_terminal() and actions <= bound:
        legal = s.legal_actions(s.current)
        takes = [a for a in legal if a.verb == "take"]
        if takes and rng.randrange(100) < take_pct:
            s.apply_unchecked(takes[0])
        else:
            s.apply_unchecked(legal[rng.randrange(len(legal))])
        actions += 1
        assert s.turns_without_draw <= NO_DRAW_TURNS
    assert s.is_terminal() and actions <= bound
