"""Making computer players by game and level.

The :class:`~cekidesk.engine.bot.Bot` base class lives in the engine.  Every game offers the levels
:data:`~cekidesk.engine.bot.LEVELS` (``beginner``, ``normal``, ``hard``, ``expert``).  A game lists
its own bots in its game class's ``bots`` (each with its ``level``); bots that serve every game (the
searching Hard and Expert players, the generic Beginner) register here with :func:`register_bot`
under ``ANY_GAME`` and say which games they can play (``Bot.plays``).  A new game never edits this
package.  Old level ids (``random``, ``heuristic``) are read as today's (``canonical_level``).

Nothing here imports Qt or looks at a game state.
"""
from __future__ import annotations

from collections.abc import Callable

from cekidesk.engine.bot import ANY_GAME, LEVELS, Bot, BotError, canonical_level
from cekidesk.engine.core import AnyGame, EngineError
from cekidesk.games import get_game

BotFactory = Callable[..., Bot]

_GENERIC: dict[str, type[Bot]] = {}


def register_bot(cls: type[Bot]) -> type[Bot]:
    """Class decorator: a bot for every game (``cls.game_id`` must be ``ANY_GAME``), made by
    ``make_bot(<any game>, cls.level, …)`` unless the game has its own bot of that level."""
    if not cls.level:
        raise ValueError(f"{cls.__name__} has no level name")
    if cls.game_id != ANY_GAME:
        raise ValueError(f"{cls.__name__} plays {cls.game_id!r}: list it in that game's GameSpec.bots")
    if cls.level in _GENERIC and _GENERIC[cls.level] is not cls:
        raise ValueError(f"a {cls.level!r} bot for every game is already registered")
    _GENERIC[cls.level] = cls
    return cls


def _load_builtin_bots() -> None:
    import cekidesk.bots  # noqa: F401  (registers the bots that serve every game)


def _bots_for(spec: AnyGame) -> dict[str, type[Bot]]:
    """The bot class of each level ``spec`` offers: the game's own, else a generic one that plays it."""
    out = {level: cls for level, cls in _GENERIC.items() if cls.plays(spec)}
    out.update({cls.level: cls for cls in spec.bots})
    return out


def _level_order(level: str) -> tuple[int, str]:
    return (LEVELS.index(level) if level in LEVELS else len(LEVELS), level)


def bot_levels(game_id: str) -> list[str]:
    """The bot levels offered for ``game_id``, weakest first (see :data:`LEVELS`)."""
    _load_builtin_bots()
    try:
        spec = get_game(game_id)
    except EngineError:
        return []
    return sorted(_bots_for(spec), key=_level_order)


def make_bot(game_id: str, level: str, seat: int | None = None, budget: float | None = None) -> Bot:
    """A new bot of ``level`` (an old id such as ``heuristic`` names its level today) for
    ``game_id`` playing ``seat``; ``budget``: a searching bot's thinking time in seconds (None: its
    level's default; other bots ignore it).

    Raises :class:`BotError` (a ``ValueError``) naming the problem for an unknown game or level.
    """
    _load_builtin_bots()
    try:
        spec = get_game(game_id)
    except EngineError as exc:
        raise BotError(str(exc)) from None
    cls = _bots_for(spec).get(canonical_level(level)) if isinstance(level, str) else None
    if cls is None:
        known = ", ".join(bot_levels(game_id)) or "none"
        raise BotError(f"there is no {level!r} bot for {game_id} (levels: {known})")
    return cls(seat=seat, game_id=game_id, budget=budget)


__all__ = ["ANY_GAME", "LEVELS", "Bot", "BotError", "BotFactory", "bot_levels", "canonical_level", "make_bot",
           "register_bot"]
