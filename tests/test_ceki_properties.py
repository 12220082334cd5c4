"""Property tests of the Ceki state: from any seed, player count, option and sequence of legal
actions, the cards are all accounted for, hand sizes hold, illegal actions change nothing, clones
are independent, ``apply`` and ``apply_unchecked`` agree and a hand replays from its log."""
from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.engine.cards import ALL_KINDS, Counting, Kind
from cekidesk.engine.core import Action, GameOverError, IllegalActionError, NotYourTurnError
from cekidesk.games.ceki.rules import (
    MULTIPLIER,
    NO_DRAW_TURNS,
    CekiOptions,
    CekiState,
    max_hand_actions,
    pair_group,
)

from ceki_strategies import hand_setups

SETTINGS = settings(max_examples=40, deadline=None)


def new_state(n, dealer, seed, iyo) -> CekiState:
    return CekiState(n, CekiOptions(iyo_one_rank=iyo), seed, dealer)


def choose(state: CekiState, x: int) -> Action:
    legal = state.all_legal_actions()
    assert legal, "a live hand always offers an action"
    return legal[x % len(legal)]


def internals(state: CekiState) -> dict:
    """Everything in the state, deep-copied (the RNG as its state)."""
    d = {k: copy.deepcopy(v) for k, v in vars(state).items() if k != "rng"}
    d["rng"] = state.rng.getstate()
    return d


def snapshot(state: CekiState):
    return (tuple(state.view(p) for p in range(state.n_players)), list(state.all_cards()),
            internals(state))


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


def illegal_candidates(s: CekiState) -> list[Action]:
    n = s.n_players
    out = [Action(n, "draw"), Action(-1, "draw"), Action(n + 3, "take")]
    for p in range(n):
        out += [Action(p, "draw"), Action(p, "take"), Action(p, "discard"), Action(p, "pass"),
                Action(p, "draw", Kind.C1), Action(p, "take", Kind.S9), Action(p, "draw", amount=1),
                Action(p, "discard", Kind.OT, target=1)]
        out += [Action(p, "discard", k) for k in ALL_KINDS]
    legal = set(s.all_legal_actions())
    return [a for a in out if a not in legal]


def check_illegal_actions(s: CekiState) -> None:
    before = snapshot(s)
    for a in illegal_candidates(s):
        try:
            s.apply(a)
        except IllegalActionError as exc:
            if s.is_terminal():
                assert isinstance(exc, GameOverError)
            elif 0 <= a.player < s.n_players and a.player not in s.to_act():
                assert isinstance(exc, NotYourTurnError)
        else:
            raise AssertionError(f"illegal action {a} was accepted")
    assert snapshot(s) == before


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


@settings(max_examples=25, deadline=None)
@given(hand_setups(max_steps=200))
def test_illegal_actions_raise_and_change_nothing(setup):
    n, dealer, seed, iyo, picks = setup
    s = new_state(n, dealer, seed, iyo)
    for i, x in enumerate(picks):
        if i % 4 == 0 or s.is_terminal():
            check_illegal_actions(s)
        if s.is_terminal():
            break
        s.apply(choose(s, x))


def test_illegal_actions_on_a_finished_hand():
    s = new_state(3, 0, 1, False)
    i = 0
    while not s.is_terminal():
        s.apply(choose(s, i * 7919))
        i += 1
    check_illegal_actions(s)
    for p in range(3):
        assert s.legal_actions(p) == []
    assert s.to_act() == ()


@SETTINGS
@given(hand_setups(), st.integers(0, 400), st.lists(st.integers(0, 2**16), max_size=300))
def test_clone_is_independent(setup, cut, more):
    n, dealer, seed, iyo, picks = setup
    s = new_state(n, dealer, seed, iyo)
    for x in picks[:cut]:
        if s.is_terminal():
            break
        s.apply(choose(s, x))
    c = s.clone()
    assert snapshot(c) == snapshot(s)
    before = snapshot(s)
    # play the clone on to the end: the original does not move
    for x in more:
        if c.is_terminal():
            break
        c.apply(choose(c, x))
    c.rng.random()
    assert snapshot(s) == before
    # and the other way round: the original plays on, the clone's copy of the start stays put
    c2 = s.clone()
    start = snapshot(c2)
    for x in more:
        if s.is_terminal():
            break
        s.apply(choose(s, x))
    assert snapshot(c2) == start
    # a clone plays exactly like its original
    for x in more:
        if c2.is_terminal():
            break
        c2.apply(choose(c2, x))
    assert snapshot(c2)[:2] == snapshot(s)[:2]


@SETTINGS
@given(hand_setups())
def test_apply_and_apply_unchecked_reach_the_same_state(setup):
    n, dealer, seed, iyo, picks = setup
    a = new_state(n, dealer, seed, iyo)
    b = new_state(n, dealer, seed, iyo)
    for x in picks:
        if a.is_terminal():
            break
        act = choose(a, x)
        a.apply(act)
        assert b.apply_unchecked(act) is None
        assert a.all_cards() == b.all_cards()
    assert snapshot(a) == snapshot(b)
    assert a.is_terminal() == b.is_terminal()
    if a.is_terminal():
        assert a.result() == b.result()


@SETTINGS
@given(hand_setups())
def test_replaying_seed_options_and_actions_gives_the_same_state(setup):
    n, dealer, seed, iyo, picks = setup
    s = new_state(n, dealer, seed, iyo)
    log: list[Action] = []
    events = []
    for x in picks:
        if s.is_terminal():
            break
        a = choose(s, x)
        log.append(a)
        events += s.apply(a)
    text_log = [str(a) for a in log]
    r = new_state(n, dealer, seed, iyo)
    replayed = []
    for t in text_log:
        replayed += r.apply(Action.parse(t))
    assert snapshot(r) == snapshot(s)
    assert replayed == events
    assert r.deal_events == s.deal_events


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
