"""The computer-player interface and the registry of bots.

A bot decides for one seat.  It is given **only** what that seat can see — the game's view value
(``state.view(seat)``) — and its own ``random.Random``; it never receives the game state.  It must
return one of ``view.legal``.

Bots are registered per game and *level* (``"random"``, ``"heuristic"`` …) with :func:`register_bot`;
a bot class registered for the game id ``ANY_GAME`` serves every game (the random bot does).  A new
game adds its computer player by putting a module in ``cekidesk/bots`` that registers it, and one
import line in ``cekidesk/bots/__init__.py``; nothing here changes.

Nothing here imports Qt or looks at a game state.
"""
from __future__ import annotations

import random
from typing import Any, Callable, ClassVar

from cekidesk.engine.core import Action, EngineError, get_game

ANY_GAME = "*"


class BotError(EngineError, ValueError):
    """A bot that cannot be made (unknown game or level) or a view a bot cannot play."""


class Bot:
    """A computer player for one seat.

    Subclasses set ``level`` (and ``game_id``, or leave it ``ANY_GAME``) and implement
    :meth:`choose`.  A bot may keep memory between calls, but everything it knows must come from
    the views it was given.
    """

    game_id: ClassVar[str] = ANY_GAME
    level: ClassVar[str] = ""
    #: the view class this bot can read (checked by :meth:`check_view`); ``None`` = any view
    view_type: ClassVar[type | None] = None

    def __init__(self, seat: int | None = None, game_id: str | None = None):
        self.seat = seat
        # the game this bot plays (for ANY_GAME bots, the game it was made for)
        self.for_game = game_id or self.game_id

    def choose(self, view: Any, rng: random.Random) -> Action:
        """The action to take; must be one of ``view.legal``."""
        raise NotImplementedError

    def check_view(self, view: Any) -> None:
        """Raise :class:`BotError` unless ``view`` is something this bot can play from."""
        vt = self.view_type
        if vt is not None and not isinstance(view, vt):
            raise BotError(
                f"the {self.level!r} bot for {self.game_id!r} cannot play from a "
                f"{type(view).__name__} (it reads {vt.__name__} values)"
            )
        if self.seat is not None and getattr(view, "viewer", self.seat) != self.seat:
            raise BotError(f"a bot for seat {self.seat} was given the view of seat {view.viewer}")
        if not getattr(view, "legal", None):
            raise BotError("the view offers no legal action: it is not this player's turn")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(game={self.for_game!r}, level={self.level!r}, seat={self.seat})"


BotFactory = Callable[..., Bot]

_BOTS: dict[tuple[str, str], type[Bot]] = {}


def register_bot(cls: type[Bot]) -> type[Bot]:
    """Class decorator: make ``cls`` available as ``make_bot(cls.game_id, cls.level, …)``."""
    if not cls.level:
        raise ValueError(f"{cls.__name__} has no level name")
    key = (cls.game_id, cls.level)
    if key in _BOTS and _BOTS[key] is not cls:
        raise ValueError(f"a {cls.level!r} bot for {cls.game_id!r} is already registered")
    _BOTS[key] = cls
    return cls


def _load_builtin_bots() -> None:
    import cekidesk.bots  # noqa: F401  (registers every built-in bot)


def bot_levels(game_id: str) -> list[str]:
    """The bot levels offered for ``game_id`` (game-specific ones first, then the generic ones)."""
    _load_builtin_bots()
    own = sorted(level for (g, level) in _BOTS if g == game_id)
    generic = sorted(level for (g, level) in _BOTS if g == ANY_GAME and level not in own)
    return own + generic


def make_bot(game_id: str, level: str, seat: int | None = None) -> Bot:
    """A new bot of ``level`` for ``game_id`` playing ``seat``.

    Raises :class:`BotError` (a ``ValueError``) naming the problem for an unknown game or level.
    """
    _load_builtin_bots()
    try:
        get_game(game_id)
    except EngineError as exc:
        raise BotError(str(exc)) from None
    cls = _BOTS.get((game_id, level)) or _BOTS.get((ANY_GAME, level))
    if cls is None:
        known = ", ".join(bot_levels(game_id)) or "none"
        raise BotError(f"there is no {level!r} bot for {game_id} (levels: {known})")
    return cls(seat=seat, game_id=game_id)
