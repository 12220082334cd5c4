"""Computer players.  They see only a player's view (never the game state) and a random.Random.

``make_bot(game_id, level, seat)`` makes one; ``bot_levels(game_id)`` lists the levels a game offers.
A game's own bots are listed in its ``GameSpec.bots``; the bots here serve every game.
"""
from . import random_bot  # noqa: F401  (the random bot, every game)
from .base import ANY_GAME, Bot, BotError, bot_levels, make_bot, register_bot

__all__ = ["ANY_GAME", "Bot", "BotError", "bot_levels", "make_bot", "register_bot"]
