"""Computer players.  They see only a player's view (never the game state) and a random.Random.

``make_bot(game_id, level, seat)`` makes one; ``bot_levels(game_id)`` lists the levels a game offers
(:data:`~cekidesk.engine.bot.LEVELS`).  A game's own bots are listed in its game class's ``bots``; the
bots here (Beginner, Hard, Expert in :mod:`.levels`; the random bot) serve every game.
"""
from cekidesk.engine.bot import LEVELS, Decision, canonical_level

from . import levels  # noqa: F401  (the levels every game gets)
from .base import ANY_GAME, Bot, BotError, bot_levels, make_bot, register_bot
from .random_bot import RandomBot

__all__ = ["ANY_GAME", "LEVELS", "Bot", "BotError", "Decision", "RandomBot", "bot_levels", "canonical_level",
           "make_bot", "register_bot"]
