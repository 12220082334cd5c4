"""The protocol every game implements, in one place to import it from.

See ``docs/adding-a-game.md`` for how a new game plugs in.  In short, a game package
(``cekidesk/games/<id>/``) provides:

* an ``Options`` pydantic model (the table's choices, with defaults and descriptions),
* a :class:`GameState` subclass naming it (rules: ``to_act``, ``legal_actions``, ``_apply``, ``view`` …),
* a :class:`Game` subclass (its :class:`GameInfo` and methods: ``new_hand``, ``settle`` …) whose
  instance its ``__init__`` names ``GAME``; the registry (:mod:`cekidesk.games`) finds it.

The rules' protocol lives in :mod:`.protocol` and the game class in :mod:`.game` (which names the
computer players: :mod:`.bot` and :mod:`.search` import only :mod:`.protocol`, so no module of the
engine imports one that imports it).  Nothing here imports Qt or any game.
"""
from __future__ import annotations

from .game import AnyGame, CardFamily, Game, GameInfo, Payout, Preset, RuleFileError, RuleSetFormat
from .protocol import (
    ALL,
    Action,
    ActionParseError,
    AmountRange,
    CardLike,
    Data,
    EngineError,
    Event,
    GameOverError,
    GameState,
    HandResult,
    IllegalActionError,
    NotYourTurnError,
    OptionsError,
    Settlement,
    SettlementItem,
    View,
    events_for,
    offered_action,
    shuffled,
)

#: the name of a game's seam before it was a class (``cekidesk.engine.core.GameSpec``): the game class
GameSpec = Game

__all__ = [
    "ALL", "Action", "ActionParseError", "AmountRange", "AnyGame", "CardFamily", "CardLike", "Data", "EngineError",
    "Event", "Game", "GameInfo", "GameOverError", "GameSpec", "GameState", "HandResult", "IllegalActionError",
    "NotYourTurnError", "OptionsError", "Payout", "Preset", "RuleFileError", "RuleSetFormat", "Settlement",
    "SettlementItem", "View", "events_for", "offered_action", "shuffled",
]
