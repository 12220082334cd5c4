"""Making computer players by game and level.

The :class:`~cekidesk.engine.bot.Bot` base class lives in the engine.  A game lists its own bots in
its ``GameSpec.bots`` (each with its ``level``: ``"random"``, ``"heuristic"`` …); bots that serve
every game (the random bot) register here with :func:`register_bot` under ``ANY_GAME``.  A new game
never edits this package.

Nothing here imports Qt or looks at a game state.
"""
from __future__ import annotations

from collections.abc import Callable

from cekidesk.engine.bot import ANY_GAME, Bot, BotError
from cekidesk.engine.core import EngineError, GameSpec
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


def _own_bots(spec: GameSpec) -> dict[str, type[Bot]]:
    return {cls.level: cls for cls in spec.bots}


def bot_levels(game_id: str) -> list[str]:
    """The bot levels offered for ``game_id`` (game-specific ones first, then the generic ones)."""
    _load_builtin_bots()
    try:
        own = sorted(_own_bots(get_game(game_id)))
    except EngineError:
        own = []
    generic = sorted(level for level in _GENERIC if level not in own)
    return own + generic


def make_bot(game_id: str, level: str, seat: int | None = None) -> Bot:
    """A new bot of ``level`` for ``game_id`` playing ``seat``.

    Raises :class:`BotError` (a ``ValueError``) naming the problem for an unknown game or level.
    """
    _load_builtin_bots()
    try:
        spec = get_game(game_id)
    except EngineError as exc:
        raise BotError(str(exc)) from None
    cls = _own_bots(spec).get(level) or _GENERIC.get(level)
    if cls is None:
        known = ", ".join(bot_levels(game_id)) or "none"
        raise BotError(f"there is no {level!r} bot for {game_id} (levels: {known})")
    return cls(seat=seat, game_id=game_id)


__all__ = ["ANY_GAME", "Bot", "BotError", "BotFactory", "bot_levels", "make_bot", "register_bot"]
