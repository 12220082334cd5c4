"""Checks shared by the bots' tests of every game: a decision never depends on hidden cards; a bot
against random players; the playout policy ends hands."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from cekidesk.bots.random_bot import RandomBot
from cekidesk.engine.match import Match, MatchOptions


def assert_decisions_ignore_hidden_cards(states: Iterable, make: Callable[[int], object],
                                         redeals: int = 3) -> int:
    """For each state: re-deal everything the player to move cannot see (``redeal_hidden``) and check
    the view and the bot's decision stay the same.  Returns how many re-deals were checked."""
    checked = 0
    for seed, state in enumerate(states):
        if state.is_terminal():
            continue
        p = state.to_act()[0]   # the player to move (a state need not name it)
        view = state.view(p)
        choice = make(p).choose(view, random.Random(seed))
        for r in range(redeals):
            other = state.redeal_hidden(p, random.Random(1000 * seed + r))
            other_view = other.view(p)
            assert other_view == view
            assert make(p).choose(other_view, random.Random(seed)) == choice
            checked += 1
    return checked


def wins_against_random(spec, n: int, seed: int, bot, hands: int) -> int:
    """How many of ``hands`` hands of a money match ``bot`` in seat 0 wins alone against random
    players in the other seats."""
    match = Match(spec, n, seed, {}, MatchOptions(mode="money"))
    bots = [bot] + [RandomBot(seat=p, game_id=spec.id) for p in range(1, n)]
    rng = random.Random(3)
    wins = 0
    for hand in range(hands):
        if hand:
            match.next_hand()
        while not match.hand_over():
            p = match.state.to_act()[0]
            match.apply(bots[p].choose(match.state.view(p), rng))
        wins += match.history[-1].result.winners == (0,)
    return wins


def assert_playout_ends(spec, options: dict | None = None, seeds: int = 6) -> None:
    """The game's playout policy (``spec.search.playout``) plays hands of ``options`` to their end
    with legal moves, within the game's bound, at every player count in turn."""
    for seed in range(seeds):
        n = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        opts = spec.make_options(options)
        state = spec.new_hand(opts, n, seed, 0, spec.initial_carry(n, opts))
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            action = spec.search.playout(state, rng)
            assert action in state.legal_actions(action.player)
            state.apply(action)
            steps += 1
        limit = spec.max_hand_actions(n, opts)
        assert limit is None or steps <= limit
