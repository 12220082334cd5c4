"""The random bot: a uniformly random legal action.  It plays every game."""
from __future__ import annotations

import random
from typing import Any

from cekidesk.engine.core import Action

from cekidesk.engine.bot import ANY_GAME, Bot, BotError

from .base import register_bot


@register_bot
class RandomBot(Bot):
    game_id = ANY_GAME
    level = "random"

    def choose(self, view: Any, rng: random.Random) -> Action:
        legal = getattr(view, "legal", None)
        if not legal:
            raise BotError("the view offers no legal action: it is not this player's turn")
        return legal[rng.randrange(len(legal))]
