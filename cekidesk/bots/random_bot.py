"""The random bot: a uniformly random decision.  It plays every game.

It is no level of its own (Beginner makes mistakes, but plausible ones): the window seats it when a
computer player runs into a problem, and tests use it to reach odd corners of a game.
"""
from __future__ import annotations

import random

from cekidesk.engine.bot import ANY_GAME, Bot
from cekidesk.engine.core import Action, View


class RandomBot(Bot[View]):
    """Picks one of the view's decisions at random — a legal action, or a range (a bet) and then an
    amount in it — each decision (each range as a whole) equally likely."""

    game_id = ANY_GAME
    level = "random"

    def choose(self, view: View, rng: random.Random) -> Action:
        self.check_view(view)
        return random_decision(view, rng)


def random_decision(view: View, rng: random.Random) -> Action:
    """One of ``view``'s decisions at random (see :class:`RandomBot`)."""
    legal = view.legal
    ranges = view.ranges
    i = rng.randrange(len(legal) + len(ranges))
    if i < len(legal):
        return legal[i]
    r = ranges[i - len(legal)]
    return r.action(view.viewer, r.lo + rng.randrange(len(r)) * r.step)
