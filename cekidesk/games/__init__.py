"""The built-in games and the registry that finds them.

A game is a package ``cekidesk/games/<module>/`` whose ``__init__`` defines ``SPEC``, a
:class:`~cekidesk.engine.core.GameSpec` (rules, options, computer players, statistics), and, for
the window, a package ``cekidesk/ui/games/<module>/`` (words, table layout, help) found by the same
module name.  A *family* of games sharing their rules is one package whose ``__init__`` defines
``SPECS``, a tuple of ``GameSpec``s (the Balik Satu family: ``balik``); :func:`module_name` then
gives that package for each of its ids.  Adding a game to CekiDesk is one line in
:data:`BUILTIN_GAMES` below; nothing else shared changes (see ``docs/adding-a-game.md``).

The engine never imports this package: whoever needs a game by its id asks here
(:func:`get_game`) and hands the :class:`GameSpec` to the engine (``Match(spec, …)``).
"""
from __future__ import annotations

import importlib
from typing import Any

from pydantic import BaseModel

from cekidesk.engine.core import GameSpec, OptionsError
from cekidesk.engine.match import Match, MatchOptions

#: The built-in games, in the order the New Game dialog offers them: one line per package under
#: ``cekidesk/games/`` (a game's package is its id with "_" for "-"; a family's package holds
#: several games, offered in its ``SPECS`` order).
BUILTIN_GAMES: tuple[str, ...] = (
    "ceki",
    "pei",
    "kartu_lima",
    "balik",
    "ce_pe",
)

#: The game the app offers when the player has not chosen one yet (the first built-in game).
DEFAULT_GAME_ID = BUILTIN_GAMES[0].replace("_", "-")

_REGISTRY: dict[str, GameSpec] = {}
#: the package of each built-in game id (a family's ids share one)
_PACKAGES: dict[str, str] = {}
_loaded = False


def module_name(game_id: str) -> str:
    """The package name of a game id: that of the package that registered it (``chot`` lives in
    ``cekidesk/games/balik/``), else the id with "_" for "-" (``kartu-lima``: ``kartu_lima``)."""
    _load_builtin_games()
    return _PACKAGES.get(game_id, game_id.replace("-", "_"))


def register(spec: GameSpec) -> GameSpec:
    """Add a game (the built-in ones are added from :data:`BUILTIN_GAMES`; tests add their own)."""
    if spec.id in _REGISTRY and _REGISTRY[spec.id] is not spec:
        raise ValueError(f"a game with id {spec.id!r} is already registered")
    _REGISTRY[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Remove a game added by :func:`register` (for tests' own games)."""
    _REGISTRY.pop(game_id, None)


def _load_builtin_games() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILTIN_GAMES:
        package = importlib.import_module(f"{__name__}.{name}")
        specs = getattr(package, "SPECS", None)
        if specs is None:
            specs = (package.SPEC,)
            if specs[0].id.replace("-", "_") != name:
                raise ValueError(f"the game in cekidesk/games/{name}/ has the id {specs[0].id!r}")
        for spec in specs:
            register(spec)
            _PACKAGES[spec.id] = name


def get_game(game_id: str) -> GameSpec:
    _load_builtin_games()
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise OptionsError(f"there is no game {game_id!r} (known games: {known})") from None


def games() -> list[GameSpec]:
    """Every registered game, built-in ones first in :data:`BUILTIN_GAMES` order."""
    _load_builtin_games()
    return list(_REGISTRY.values())


def new_match(game_id: str, n_players: int, seed: int,
              options: BaseModel | dict[str, Any] | None = None,
              match_options: MatchOptions | dict[str, Any] | None = None,
              first_deal: tuple[int, int] | None = None) -> Match:
    """A new match of the game ``game_id`` (an unknown id raises :class:`OptionsError`); its first
    hand dealt from ``first_deal`` = (hand seed, dealer) when given (see :class:`Match`)."""
    return Match(get_game(game_id), n_players, seed, options, match_options, first_deal)


__all__ = ["BUILTIN_GAMES", "DEFAULT_GAME_ID", "games", "get_game", "module_name", "new_match", "register",
           "unregister"]
