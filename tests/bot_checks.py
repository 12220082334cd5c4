"""A check shared by the bots' tests of every game: a decision never depends on hidden cards."""
from __future__ import annotations

import random
from typing import Callable, Iterable


def assert_decisions_ignore_hidden_cards(states: Iterable, make: Callable[[int], object],
                                         redeals: int = 3) -> int:
    """For each state: re-deal everything the player to move cannot see (``redeal_hidden``) and check
    the view and the bot's decision stay the same.  Returns how many re-deals were checked."""
    checked = 0
    for seed, state in enumerate(states):
        if state.is_terminal():
            continue
        p = state.current
        view = state.view(p)
        choice = make(p).choose(view, random.Random(seed))
        for r in range(redeals):
            other = state.redeal_hidden(p, random.Random(1000 * seed + r))
            other_view = other.view(p)
            assert other_view == view
            assert make(p).choose(other_view, random.Random(seed)) == choice
            checked += 1
    return checked
