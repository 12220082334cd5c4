"""The games' words and widgets (one module per game, see :mod:`.base`).  Importing this package
registers every built-in game's UI and, through it, its table layout."""
from .base import DealWords, GameUI, HandEndContent, HelpContext, game_ui, register_game_ui, registered_game_uis
from . import ceki  # noqa: F401,E402
from . import pei  # noqa: F401,E402

__all__ = ["DealWords", "GameUI", "HandEndContent", "HelpContext", "game_ui", "register_game_ui", "registered_game_uis"]
