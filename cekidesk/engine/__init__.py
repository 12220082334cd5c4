"""The game engine: card values, the game protocol, the registry and the match layer (no Qt)."""
from .cards import Card, CardCodeError, Counting, Kind, Suit, WCard, WKind
from .core import (
    Action,
    ActionParseError,
    EngineError,
    Event,
    Game,
    GameInfo,
    GameOverError,
    GameSpec,
    GameState,
    HandResult,
    IllegalActionError,
    NotYourTurnError,
    OptionsError,
    Settlement,
    View,
)

__all__ = [
    "Action", "ActionParseError", "Card", "CardCodeError", "Counting", "EngineError", "Event",
    "Game", "GameInfo", "GameOverError", "GameSpec", "GameState", "HandResult", "IllegalActionError", "Kind",
    "NotYourTurnError", "OptionsError", "Settlement", "Suit", "View", "WCard", "WKind",
]
