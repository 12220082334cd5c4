"""Computer players.  They see only a player's view (never the game state) and a random.Random.

``make_bot(game_id, level, seat)`` makes one; ``bot_levels(game_id)`` lists the levels a game offers.
Each bot module registers itself on import; a new game's bot adds one import line below.
"""
from .base import ANY_GAME, Bot, BotError, bot_levels, make_bot, register_bot
from . import random_bot  # noqa: F401  (the random bot, every game)
from . import ceki_bot  # noqa: F401  (the Ceki heuristic)
from . import pei_bot  # noqa: F401  (the Pèi heuristic)

__all__ = ["ANY_GAME", "Bot", "BotError", "bot_levels", "make_bot", "register_bot"]
