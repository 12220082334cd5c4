"""The games' words, widgets and table layouts: one package per game, ``cekidesk/ui/games/<module>/``,
found by the game's package name (see :func:`load_game_uis`); the shared parts are in :mod:`.base`."""
from .base import (
    DealWords,
    GameUI,
    HandEndContent,
    HelpContext,
    game_ui,
    load_game_uis,
    register_game_ui,
    registered_game_uis,
)

__all__ = ["DealWords", "GameUI", "HandEndContent", "HelpContext", "game_ui", "load_game_uis", "register_game_ui",
           "registered_game_uis"]

load_game_uis()  # every registered game's words, help and layout, before any of them is shown
