"""Decisions that are not a card, in the engine: amounts in a range (bets), a target player, a value
choice, a declaration, and a round of simultaneous hidden choices — played through the test-only
game Duel (tests/toygames/duel.py), registered for these tests only."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toygames import duel
from toygames.duel import DuelOptions, new_hand

from cekidesk.bots import RandomBot
from cekidesk.engine.core import (
    Action,
    AmountRange,
    IllegalActionError,
    NotYourTurnError,
    offered_action,
)
from cekidesk.engine.simultaneous import CHOSE, REVEAL
from cekidesk.games import register, unregister
from cekidesk.sim import simulate


@pytest.fixture
def duel_registered():
    register(duel.SPEC)
    yield duel.SPEC
    unregister(duel.SPEC.id)


def bet_all(state, bets, order=None):
    """Every player bets (in ``order``, seat order by default); the events of each bet."""
    out = []
    for p in order or range(state.n_players):
        out.append(state.apply(Action(p, "bet", amount=bets[p])))
    return out


# ---------------------------------------------------------------------------------------------
# amount ranges

def test_a_range_holds_exactly_its_steps():
    r = AmountRange("bet", 5, 25, 5)
    assert [a for a in range(31) if r.holds(Action(0, "bet", amount=a))] == [5, 10, 15, 20, 25]
    assert len(r) == 5 and r.clamp(99) == 25 and r.clamp(12) == 10 and r.clamp(-3) == 5
    assert not r.holds(Action(0, "raise", amount=10))
    assert not r.holds(Action(0, "bet", target=1, amount=10))
    assert not r.holds(Action(0, "bet", amount=True))       # a bool is not an amount
    assert not r.holds(Action(0, "bet"))
    with pytest.raises(ValueError):
        AmountRange("bet", 3, 2)
    with pytest.raises(ValueError):
        AmountRange("bet", 1, 2, 0)


def test_offered_action_gives_the_engines_own_value():
    legal = [Action(0, "aim", target=1)]
    got = offered_action(Action(0, "aim", target=1.0), legal)        # a look-alike seat
    assert got is legal[0]
    got = offered_action(Action(0.0, "bet", amount=4), (), (AmountRange("bet", 1, 9),))
    assert got == Action(0, "bet", amount=4) and type(got.player) is int
    assert offered_action(Action(0, "bet", amount=10), (), (AmountRange("bet", 1, 9),)) is None


def test_apply_accepts_any_amount_of_a_range_without_listing_it():
    s = new_hand(DuelOptions(max_bet=1000, bet_step=5), 3, 7)
    assert s.legal_actions(0) == [] and s.legal_ranges(0) == (AmountRange("bet", 1, 1000, 5),)
    s.apply(Action(0, "bet", amount=996))
    assert s.bets.choice(0) == Action(0, "bet", amount=996)


@pytest.mark.parametrize("action", [
    Action(0, "bet", amount=0), Action(0, "bet", amount=11), Action(0, "bet", amount=-1),
    Action(0, "bet"), Action(0, "bet", amount=True), Action(0, "bet", target=1, amount=3),
    Action(0, "raise", amount=3), Action(0, "declare"),
])
def test_an_illegal_amount_is_refused_with_the_state_unchanged(action):
    s = new_hand(DuelOptions(), 3, 7)
    s.apply(Action(1, "bet", amount=4))
    before, views = s.key(), [s.view(p) for p in range(3)]
    with pytest.raises(IllegalActionError):
        s.apply(action)
    assert s.key() == before and [s.view(p) for p in range(3)] == views


def test_a_player_who_has_chosen_cannot_choose_again():
    s = new_hand(DuelOptions(), 3, 7)
    s.apply(Action(1, "bet", amount=4))
    assert s.to_act() == (0, 2) and s.view(1).ranges == ()
    with pytest.raises(NotYourTurnError):
        s.apply(Action(1, "bet", amount=5))
    assert s.bets.choice(1).amount == 4


# ---------------------------------------------------------------------------------------------
# simultaneous hidden choices

bets_and_order = st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.lists(st.integers(1, 10), min_size=n, max_size=n), st.permutations(range(n))))


@settings(max_examples=60, deadline=None)
@given(bets_and_order)
def test_each_choice_is_hidden_from_the_others_until_all_have_chosen(case):
    bets, order = case
    n = len(bets)
    s = new_hand(DuelOptions(), n, 3)
    done: list[int] = []
    for k, p in enumerate(order):
        events = s.apply(Action(p, "bet", amount=bets[p]))
        done.append(p)
        last = k == n - 1
        for viewer in [None, *range(n)]:
            seen = [e.for_viewer(viewer) for e in events]
            chose = seen[0]
            assert chose.type == CHOSE and chose.player == p
            assert ("choice" in chose.data) == (viewer == p)
            if viewer is not None:
                v = s.view(viewer)
                assert set(v.bets.chosen) == set(done)
                assert v.bets.mine == (Action(viewer, "bet", amount=bets[viewer]) if viewer in done else None)
            if not last:
                assert len(seen) == 1
                if viewer is not None:
                    assert s.view(viewer).bets.revealed is None
            else:
                assert seen[1].type == REVEAL
                assert [c["amount"] for c in seen[1].data["choices"]] == list(bets)
                if viewer is not None:
                    assert [a.amount for a in s.view(viewer).bets.revealed] == list(bets)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5).flatmap(lambda n: st.lists(st.integers(1, 10), min_size=n, max_size=n)),
       st.data())
def test_the_view_of_another_player_does_not_depend_on_what_was_chosen(bets, data):
    """Until the reveal, a player's view is the same whatever the others bet: nothing leaks."""
    n = len(bets)
    other = data.draw(st.lists(st.integers(1, 10), min_size=n, max_size=n))
    a, b = new_hand(DuelOptions(), n, 3), new_hand(DuelOptions(), n, 3)
    viewer = data.draw(st.integers(0, n - 1))
    other[viewer] = bets[viewer]
    for p in range(n - 1):
        a.apply(Action(p, "bet", amount=bets[p]))
        b.apply(Action(p, "bet", amount=other[p]))
        assert a.view(viewer) == b.view(viewer)


@settings(max_examples=60, deadline=None)
@given(bets_and_order, st.integers(0, 2**31))
def test_the_order_of_simultaneous_choices_does_not_change_the_outcome(case, seed):
    bets, order = case
    n = len(bets)
    a, b = new_hand(DuelOptions(), n, seed), new_hand(DuelOptions(), n, seed)
    reveal_a = bet_all(a, bets)[-1][-1]
    reveal_b = bet_all(b, bets, order)[-1][-1]
    assert reveal_a == reveal_b and a.key() == b.key() and a.view(0) == b.view(0)
    rng = random.Random(seed)
    while not a.is_terminal():
        p = a.to_act()[0]
        action = rng.choice(a.legal_actions(p))
        a.apply(action)
        b.apply(action)
    assert a.result() == b.result()


# ---------------------------------------------------------------------------------------------
# targets, values, declarations; whole hands

@pytest.mark.parametrize("text", ["0 bet =7", "2 aim @0", "1 value =11", "1 value =-20", "3 declare",
                                  "0 pass", "1 play 5S @3", "0 play QH =-20", "2 call S9 @1 =3"])
def test_action_text_round_trips(text):
    assert str(Action.parse(text)) == text


@given(st.integers(0, 9), st.sampled_from(["bet", "aim", "value", "declare", "pass", "mraji_papat"]),
       st.none() | st.integers(0, 9), st.none() | st.integers(-10**6, 10**6))
def test_every_decision_round_trips_as_text(player, verb, target, amount):
    a = Action(player, verb, None, target, amount)
    assert Action.parse(str(a)) == a


def test_a_hand_with_every_kind_of_decision():
    s = new_hand(DuelOptions(), 3, 1, dealer=2)          # seat 0 starts
    bet_all(s, [3, 5, 2])
    assert s.to_act() == (0,) and s.legal_actions(0) == [Action(0, "declare"), Action(0, "pass")]
    s.apply(Action(0, "declare"))
    assert s.legal_actions(0) == [Action(0, "aim", target=1), Action(0, "aim", target=2)]
    with pytest.raises(IllegalActionError):
        s.apply(Action(0, "aim", target=0))               # not yourself
    s.apply(Action(0, "aim", target=2))
    assert s.legal_actions(0) == [Action(0, "value", amount=1), Action(0, "value", amount=11)]
    s.apply(Action(0, "value", amount=11))                 # declared: counts double
    for p, t, v in ((1, 0, 1), (2, 1, 1)):
        s.apply(Action(p, "aim", target=t))
        s.apply(Action(p, "value", amount=v))
    assert s.is_terminal() and s.scores == [22 - 1, 1 - 1, -11 + 1]
    res = s.result()
    assert res.winners == (0,) and duel.settle(res, s.options) == (7, -5, -2)


@pytest.mark.parametrize("seed", range(12))
def test_checked_and_fast_paths_agree(seed):
    n = 2 + seed % 4
    checked, fast = new_hand(DuelOptions(bet_step=3), n, seed), new_hand(DuelOptions(bet_step=3), n, seed)
    rng = random.Random(seed)
    bot = RandomBot()                               # uniform: every kind of decision comes up
    while not checked.is_terminal():
        p = rng.choice(checked.to_act())
        action = bot.choose(checked.view(p), rng)
        checked.apply(action)
        fast.apply_unchecked(action)
        assert checked.key() == fast.key()
    clone = checked.clone()
    assert clone.key() == checked.key() and clone.bets is not checked.bets
    assert fast.is_terminal() and fast.result() == checked.result()


def test_the_random_bot_bets_amounts_of_the_range():
    s = new_hand(DuelOptions(max_bet=50, bet_step=7), 2, 1)
    bot = RandomBot(0)                              # the random bot serves every game
    amounts = {bot.choose(s.view(0), random.Random(i)).amount for i in range(200)}
    assert amounts == set(range(1, 51, 7))


def test_the_simulator_lets_everyone_of_a_simultaneous_round_act(duel_registered):
    r = simulate(duel.GAME_ID, 4, 6, ["beginner"] * 4, seed=5)
    assert len(r.results) == 6 and r.decisions == 6 * (3 * 4 + 1)
    assert sum(r.payments) == 0 and any(r.payments)


def test_a_save_in_the_middle_of_a_hidden_round_loads_identical(duel_registered, tmp_path):
    """The log holds each bet as text ("1 bet =7"); loading replays it through the checked path,
    and every seat sees exactly what it saw before."""
    from cekidesk.games import new_match
    from cekidesk.persistence.saves import Seat, load_match, save_match

    m = new_match(duel.GAME_ID, 3, 8, {"max_bet": 500, "bet_step": 7}, {"mode": "money"})
    m.apply(Action(2, "bet", amount=498))
    m.apply(Action(0, "bet", amount=8))
    seats = [Seat.human("You"), Seat.bot("beginner", "B"), Seat.bot("beginner", "C")]
    save_match(tmp_path / "duel.json", m, seats)
    assert "2 bet =498" in (tmp_path / "duel.json").read_text()
    loaded = load_match(tmp_path / "duel.json").match
    assert loaded.state.key() == m.state.key()
    assert [loaded.state.view(p) for p in range(3)] == [m.state.view(p) for p in range(3)]
    assert loaded.state.view(1).bets.mine is None and loaded.state.to_act() == (1,)
