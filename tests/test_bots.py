"""Computer players: the registry, legality, views only, and the Ceki heuristic's decisions."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cekidesk.games import new_match
from cekidesk.bots import ANY_GAME, Bot, BotError, bot_levels, make_bot, register_bot
from cekidesk.bots import base as bots_base
from cekidesk.games.ceki.bot import CekiHeuristicBot, _Table
from cekidesk.bots.random_bot import RandomBot
from cekidesk.bots.levels import BeginnerBot
from cekidesk.engine.cards import Kind as K
from cekidesk.engine.core import Action, GameState
from cekidesk.engine.match import Match, MatchOptions
from cekidesk.games.ceki.rules import CekiOptions, CekiState, CekiView, new_hand
from cekidesk.sim import simulate

from bot_checks import assert_decisions_ignore_hidden_cards
from helpers import play_on


# ---------------------------------------------------------------------------------------------
# helpers

def play_to(seed: int, n: int, steps: int, iyo: bool = False) -> CekiState:
    """A Ceki hand after up to ``steps`` random actions (stops early if the hand ends)."""
    return play_on(new_hand(CekiOptions(iyo_one_rank=iyo), n, seed, seed % n), steps, seed)


def make_view(hand, phase="draw", discards=(), drawn=None, took=None, known=None, called=None,
              facedown_counts=None, n=4, me=0, dealer=None, stock=None) -> CekiView:
    """A hand-built view for seat ``me`` (others' cards unseen), with the legal actions the rules give."""
    hand = tuple(sorted(hand))
    known = known or tuple(() for _ in range(n))
    called = called or (False,) * n
    facedown_counts = facedown_counts or (0,) * n
    hand_counts = tuple(len(hand) if q == me else 8 - facedown_counts[q] for q in range(n))
    if phase == "draw":
        legal = (Action(me, "draw"),) + ((Action(me, "take"),) if discards else ())
    else:
        legal = tuple(Action(me, "discard", k) for k in sorted(set(hand)) if k != took)
    in_play = len(hand) + len(discards) + sum(hand_counts[q] + facedown_counts[q]
                                               for q in range(n) if q != me)
    return CekiView(
        viewer=me, n_players=n, dealer=(n - 1) if dealer is None else dealer, options=CekiOptions(),
        current=me, phase=phase, to_act=(me,), legal=legal, hand=hand, facedown=(), drawn=drawn,
        hand_counts=hand_counts, facedown_counts=facedown_counts, called=called, known=known,
        discards=tuple(discards), last_fresh=False,
        stock_count=120 - in_play if stock is None else stock, result=None)


def heuristic(seat: int = 0) -> Bot:
    return make_bot("ceki", "normal", seat)


RNG = random.Random(0)


# ---------------------------------------------------------------------------------------------
# registry

def test_registry_levels_and_types():
    assert bot_levels("ceki") == ["beginner", "normal", "hard", "expert"]
    assert isinstance(make_bot("ceki", "beginner", 1), BeginnerBot)
    bot = make_bot("ceki", "normal", 2)
    assert isinstance(bot, CekiHeuristicBot) and bot.seat == 2
    # the ids of CekiDesk 0.1 name today's levels; "random" is no level of its own any more
    assert isinstance(make_bot("ceki", "heuristic", 2), CekiHeuristicBot)
    assert isinstance(make_bot("ceki", "random", 2), BeginnerBot)


def test_unknown_game_or_level_is_a_clear_error():
    with pytest.raises(BotError, match="no game 'nosuchgame'"):
        make_bot("nosuchgame", "beginner", 0)
    with pytest.raises(BotError, match=r"no 'grandmaster' bot for ceki \(levels: beginner, normal, hard, expert\)"):
        make_bot("ceki", "grandmaster", 0)
    assert issubclass(BotError, ValueError)


def test_a_bot_refuses_a_view_of_another_game():
    class OtherView:
        viewer = 0
        legal = (Action(0, "play"),)

    with pytest.raises(BotError, match="cannot play from a OtherView"):
        heuristic().choose(OtherView(), RNG)


def test_a_bot_refuses_another_seats_view():
    view = play_to(1, 4, 0).view(1)
    with pytest.raises(BotError, match="seat 0 was given the view of seat 1"):
        heuristic(0).choose(view, RNG)


def test_a_new_bot_registers_without_touching_the_base(monkeypatch):
    """A game lists its own bots in its game class; a bot for every game registers with register_bot."""
    import copy

    import cekidesk.games as games_pkg

    class FirstLegal(Bot):
        game_id = "ceki"
        level = "test-first-legal"

        def choose(self, view, rng):
            return view.legal[0]

    spec = games_pkg.get_game("ceki")
    other = copy.copy(spec)
    other.bots = spec.bots + (FirstLegal,)
    monkeypatch.setitem(games_pkg._REGISTRY, "ceki", other)
    assert "test-first-legal" in bot_levels("ceki")
    bot = make_bot("ceki", "test-first-legal", 0)
    state = play_to(3, 4, 0)
    assert bot.choose(state.view(state.current), RNG) == state.legal_actions(state.current)[0]
    with pytest.raises(ValueError, match="GameSpec.bots"):
        register_bot(FirstLegal)

    class AnyFirst(FirstLegal):
        game_id = ANY_GAME
        level = "test-any-first"

    try:
        register_bot(AnyFirst)
        assert "test-any-first" in bot_levels("pei")
        with pytest.raises(ValueError, match="already registered"):
            register_bot(type("Clash", (Bot,), {"game_id": ANY_GAME, "level": "test-any-first"}))
    finally:
        bots_base._GENERIC.pop("test-any-first", None)


# ---------------------------------------------------------------------------------------------
# legality

@pytest.mark.parametrize("n,iyo", [(2, False), (4, False), (6, True)])
def test_random_bot_always_returns_a_legal_action(n, iyo):
    bots = [RandomBot(s, "ceki") for s in range(n)]
    rngs = [random.Random(s) for s in range(n)]
    match = new_match("ceki", n, 11, {"iyo_one_rank": iyo}, MatchOptions(mode="money"))
    for hand in range(8):
        if hand:
            match.next_hand()
        while not match.state.is_terminal():
            p = match.state.to_act()[0]
            view = match.state.view(p)
            action = bots[p].choose(view, rngs[p])
            assert action in view.legal
            assert action in match.state.legal_actions(p)
            match.apply(action)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(2, 6), steps=st.integers(0, 250), iyo=st.booleans())
def test_heuristic_always_returns_a_legal_action(seed, n, steps, iyo):
    state = play_to(seed, n, steps, iyo)
    if state.is_terminal():
        return
    p = state.current
    view = state.view(p)
    action = make_bot("ceki", "heuristic", p).choose(view, random.Random(seed))
    assert action in view.legal
    state.apply(action)  # the checked path accepts it


@pytest.mark.parametrize("n,iyo", [(2, False), (3, True), (5, False)])
def test_heuristic_plays_whole_hands_legally(n, iyo):
    result = simulate("ceki", n, 6, ["heuristic"] * n, seed=n, options={"iyo_one_rank": iyo})
    assert result.decisions > 0 and sum(result.payments) == 0


# ---------------------------------------------------------------------------------------------
# bots see views only

def test_bots_receive_only_views_in_a_whole_match(monkeypatch):
    seen = {"calls": 0}

    def guarded(original):
        def choose(self, view, rng):
            assert isinstance(view, CekiView), type(view)
            assert not isinstance(view, GameState)
            assert view.viewer == self.seat
            assert isinstance(rng, random.Random)
            seen["calls"] += 1
            return original(self, view, rng)
        return choose

    monkeypatch.setattr(CekiHeuristicBot, "choose", guarded(CekiHeuristicBot.choose))
    monkeypatch.setattr(BeginnerBot, "choose", guarded(BeginnerBot.choose))
    result = simulate("ceki", 4, 5, ["normal", "beginner", "normal", "beginner"], seed=3)
    assert seen["calls"] == result.decisions > 0


def test_heuristic_ignores_hidden_cards():
    """Re-dealing every card the player cannot see never changes the heuristic's decision."""
    states = [play_to(seed, 2 + seed % 5, (seed * 37) % 160) for seed in range(40)]
    checked = assert_decisions_ignore_hidden_cards(states, heuristic)
    assert checked > 60


# ---------------------------------------------------------------------------------------------
# strength

def test_heuristic_beats_beginners():
    """1 heuristic (Normal) vs 3 Beginners, 300 hands: fair share is 25%."""
    result = simulate("ceki", 4, 300, ["normal", "beginner", "beginner", "beginner"], seed=7)
    share = result.wins[0] / result.rounds
    assert share > 0.35, result
    assert result.points[0] > 2 * max(result.points[1:])
    assert result.payments[0] > 0


# ---------------------------------------------------------------------------------------------
# hand-built decisions

SET9_PAIR7 = [K.C9, K.S9, K.M9, K.S7, K.M7, K.C2, K.S4, K.M5]


def test_takes_a_discard_that_completes_a_set():
    view = make_view(SET9_PAIR7, discards=[K.C3, K.C7])
    assert heuristic().choose(view, RNG) == Action(0, "take")


def test_draws_when_the_discard_does_not_help():
    view = make_view(SET9_PAIR7, discards=[K.C3, K.WF])
    assert heuristic().choose(view, RNG) == Action(0, "draw")


def test_does_not_break_a_set():
    # a set of 9s and three pairs: one pair must be broken, never the set (nor the 6 just taken)
    hand = [K.C9, K.S9, K.M9, K.C2, K.S2, K.C4, K.S4, K.C6, K.S6]
    choice = heuristic().choose(make_view(hand, phase="discard", took=K.S6, discards=[K.C3]), RNG)
    assert choice.card in (K.C2, K.S2, K.C4, K.S4)


def test_throws_a_dead_card_rather_than_a_live_one():
    hand = [K.C9, K.S9, K.M9, K.C8, K.S8, K.M8, K.WF, K.RF, K.C3]
    # three White Flowers seen: WF is dead, RF is live -> throw WF
    view = make_view(hand, phase="discard", drawn=K.C3, discards=[K.WF, K.WF, K.WF, K.C4])
    assert heuristic().choose(view, RNG) == Action(0, "discard", K.WF)
    # and the other way round
    view = make_view(hand, phase="discard", drawn=K.C3, discards=[K.RF, K.RF, K.RF, K.C4])
    assert heuristic().choose(view, RNG) == Action(0, "discard", K.RF)


HAND_2_9 = [K.C7, K.S7, K.M7, K.C5, K.M5, K.C4, K.S4, K.C2, K.C9]


def test_keeps_the_high_card_when_it_is_safe_to():
    # a 2 and a 9, equally live: keep the 9 (it scores more)
    view = make_view(HAND_2_9, phase="discard", took=K.M5, discards=[K.M2, K.C6])
    assert heuristic().choose(view, RNG) == Action(0, "discard", K.C2)


def test_danger_of_each_value_to_the_next_caller():
    called = (False, True, False, False)
    # face-down 5 (pair + set of one value): no honour (4 copies) can be it
    view = make_view(HAND_2_9, phase="discard", took=K.M5, discards=[K.M2], called=called,
                     facedown_counts=(0, 5, 0, 0))
    danger = _Table(view).danger
    assert danger[9] == danger[10] == danger[11] == 0.0 and danger[1] > 0
    # face-down 2: a value with one copy left unseen cannot be the pair; more copies seen, safer
    view = make_view(HAND_2_9, phase="discard", took=K.M5, called=called, facedown_counts=(0, 2, 0, 0),
                     discards=[K.WF, K.WF, K.WF, K.C3, K.S3, K.M3])
    danger = _Table(view).danger
    assert danger[9] == 0.0 and 0 < danger[10]
    assert 0 < danger[2] < danger[5] and abs(sum(danger) - 1) < 1e-9
    # nobody called next: no danger at all
    assert not any(_Table(make_view(HAND_2_9, phase="discard", took=K.M5)).danger)


def test_avoids_feeding_the_next_caller():
    called, fd = (False, True, False, False), (0, 2, 0, 0)
    # an earlier turn: I threw a 9 and the caller let it go, so the 9s are safe
    earlier = make_view(HAND_2_9, phase="discard", took=K.M5, discards=[K.C6], called=called,
                        facedown_counts=fd)
    earlier = CekiView(**{**earlier.__dict__, "legal": (Action(0, "discard", K.C9),)})
    now = dict(phase="discard", took=K.M5, called=called, facedown_counts=fd,
               discards=[K.C6, K.S9, K.C8, K.M2], stock=earlier.stock_count - 4)
    bot = heuristic()
    bot.choose(earlier, RNG)
    assert bot.choose(make_view(HAND_2_9, **now), RNG) == Action(0, "discard", K.C9)
    # a bot without that memory keeps the high card, as above
    assert heuristic().choose(make_view(HAND_2_9, **now), RNG) == Action(0, "discard", K.C2)
    # a caller who is not next cannot take my discard: no reason to give up the 9
    bot = heuristic()
    other = dict(called=(False, False, False, True), facedown_counts=(0, 0, 0, 2))
    bot.choose(CekiView(**{**make_view(HAND_2_9, phase="discard", took=K.M5, discards=[K.C6],
                                       **other).__dict__, "legal": (Action(0, "discard", K.C9),)}), RNG)
    assert bot.choose(make_view(HAND_2_9, **{**now, **other}), RNG) == Action(0, "discard", K.C2)


def test_a_caller_takes_a_winning_discard_and_otherwise_draws():
    called, fd = (True, False, False, False), (2, 0, 0, 0)
    hand = [K.C9, K.S9, K.M9, K.C8, K.S8, K.M8]
    view = make_view(hand, discards=[K.C3], called=called, facedown_counts=fd)
    assert heuristic().choose(view, RNG) == Action(0, "take")
    view = make_view(hand, discards=[K.C3], called=called, facedown_counts=fd)
    view = CekiView(**{**view.__dict__, "legal": (Action(0, "draw"),)})
    assert heuristic().choose(view, RNG) == Action(0, "draw")


def test_remembers_a_discard_the_next_caller_let_go():
    called, fd = (False, True, False, False), (0, 2, 0, 0)
    first = make_view(HAND_2_9, phase="discard", took=K.M5, discards=[K.M2, K.C6], called=called,
                      facedown_counts=fd, known=((), (K.S9,), (), ()))

    def later(pile, stock_drop=3, dealer=None):
        return make_view(SET9_PAIR7, discards=pile, called=called, facedown_counts=fd,
                         stock=first.stock_count - stock_drop, dealer=dealer)

    bot = heuristic()
    mine = bot.choose(first, RNG).card
    g = mine.pips - 1  # its value group
    bot.choose(later([K.M2, K.C6, mine], stock_drop=0), RNG)
    assert bot._safe == set()  # not yet: the caller has not acted
    bot.choose(later([K.M2, K.C6, mine, K.C4, K.S3]), RNG)
    assert bot._safe == {g}  # the caller drew instead of taking my card
    bot.choose(later([K.M2, K.C6, mine, K.C4], stock_drop=0, dealer=0), RNG)
    assert bot._safe == set()  # forgotten at a new hand

    # a decision the table did not play (my card is not where it would be) teaches nothing
    bot = heuristic()
    bot.choose(first, RNG)
    bot.choose(later([K.M2, K.C6, K.S4, K.C4]), RNG)
    assert bot._safe == set()


def test_heads_up_the_callers_fresh_throw_is_safe():
    called, fd = (False, True), (0, 2)
    first = make_view(HAND_2_9, phase="discard", took=K.M5, discards=[K.M2, K.C6], called=called,
                      facedown_counts=fd, n=2, dealer=1)
    bot = heuristic()
    mine = bot.choose(first, RNG).card
    assert mine in (K.C2, K.C9)
    nxt = make_view(SET9_PAIR7, discards=[K.M2, K.C6, mine, K.C3], called=called, facedown_counts=fd,
                    n=2, dealer=1, stock=first.stock_count - 1)
    bot.choose(CekiView(**{**nxt.__dict__, "last_fresh": True}), RNG)
    # the value I threw and they let go, and the 3 they drew and threw at once
    assert bot._safe == {mine.pips - 1, 2}
