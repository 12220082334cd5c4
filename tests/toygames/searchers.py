"""Test-only searching bots (``searches = True``) for the bot process and the window: they must be
importable by name, because the bot process (a separate Python) unpickles them."""
from __future__ import annotations

import random

from cekidesk.engine.bot import ANY_GAME, Bot, Decision
from cekidesk.engine.core import View


class LoopingBot(Bot[View]):
    """Searches until its ``should_stop`` says True, and would never end otherwise: whatever the
    machine's speed, it is still thinking until it is cancelled."""

    game_id = ANY_GAME
    level = "test_looping"
    searches = True

    def decide(self, view: View, rng: random.Random) -> Decision:
        loops = 0
        while not (self.should_stop is not None and self.should_stop()):
            loops += 1
        return Decision(view.legal[0], (("test.loops", {"loops": loops}),))


class CountingBot(Bot[View]):
    """A searching bot with memory: it counts its decisions and plays a random legal move."""

    game_id = ANY_GAME
    level = "test_counting"
    searches = True

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.calls = 0

    def decide(self, view: View, rng: random.Random) -> Decision:
        self.check_view(view)
        self.calls += 1
        return Decision(rng.choice(view.legal), (("test.calls", {"calls": self.calls}),))


class FailingBot(Bot[View]):
    """A searching bot with a bug."""

    game_id = ANY_GAME
    level = "test_failing"
    searches = True

    def decide(self, view: View, rng: random.Random) -> Decision:
        raise ZeroDivisionError("a bug in the bot")
