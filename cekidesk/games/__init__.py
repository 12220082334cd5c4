"""The built-in games and the registry that finds them.

A game is a package ``cekidesk/games/<module>/`` whose ``__init__`` defines ``GAMES``, a tuple of
:class:`~cekidesk.engine.game.Game` instances (one for a game; a *family* of games sharing their
rules, the Balik Satu family's ``balik``, has several, in New Game order), and, for the window, a
package ``cekidesk/ui/games/<module>/`` (words, table layout, help) found by the same module name
(:func:`module_name` gives it for each id).  Adding a game to CekiDesk is one line in
:data:`BUILTIN_GAMES` below; nothing else shared changes (see ``docs/adding-a-game.md``).  A game
that is not built in (a test's) is added with :func:`register` and its ``module``.

The engine never imports this package: whoever needs a game by its id asks here
(:func:`get_game`) and hands the :class:`Game` to the engine (``Match(game, …)``).
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping

from pydantic import BaseModel

from cekidesk.engine.game import AnyGame, Game
from cekidesk.engine.match import Match, MatchOptions
from cekidesk.engine.protocol import OptionsError

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

_REGISTRY: dict[str, AnyGame] = {}
#: the package of each built-in game id (a family's ids share one)
_PACKAGES: dict[str, str] = {}
#: the window's package of each game id (``cekidesk.ui.games.<package>`` for a built-in game)
_UI_MODULES: dict[str, str] = {}
_loaded = False


def module_name(game_id: str) -> str:
    """The package name of a game id: that of the package that registered it (``chot`` lives in
    ``cekidesk/games/balik/``), else the id with "_" for "-" (``kartu-lima``: ``kartu_lima``)."""
    _load_builtin_games()
    return _PACKAGES.get(game_id, game_id.replace("-", "_"))


def ui_module(game_id: str) -> str:
    """The full name of the window's package of a game (importing it registers the game's table
    layout and words): ``cekidesk.ui.games.<module_name>`` for a built-in game, the ``ui_module``
    a game added by :func:`register` was given (a test's game lives outside ``cekidesk``)."""
    _load_builtin_games()
    return _UI_MODULES.get(game_id, f"cekidesk.ui.games.{module_name(game_id)}")


def register(game: AnyGame, ui_module: str | None = None) -> AnyGame:
    """Add a game (the built-in ones are added from :data:`BUILTIN_GAMES`; tests add their own) and,
    when given, the full name of its window package (see :func:`ui_module`)."""
    if not isinstance(game, Game):
        raise TypeError(f"a game is a cekidesk.engine.game.Game, not {type(game).__name__}")
    if game.id in _REGISTRY and _REGISTRY[game.id] is not game:
        raise ValueError(f"a game with id {game.id!r} is already registered")
    _REGISTRY[game.id] = game
    if ui_module is not None:
        _UI_MODULES[game.id] = ui_module
    return game


def unregister(game_id: str) -> None:
    """Remove a game added by :func:`register` (for tests' own games)."""
    _REGISTRY.pop(game_id, None)
    if game_id not in _PACKAGES:
        _UI_MODULES.pop(game_id, None)


def _load_builtin_games() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILTIN_GAMES:
        package = importlib.import_module(f"{__name__}.{name}")
        found: tuple[AnyGame, ...] = package.GAMES
        if len(found) == 1 and found[0].id.replace("-", "_") != name:
            raise ValueError(f"the game in cekidesk/games/{name}/ has the id {found[0].id!r}")
        for game in found:
            register(game, f"cekidesk.ui.games.{name}")
            _PACKAGES[game.id] = name


def get_game(game_id: str) -> AnyGame:
    _load_builtin_games()
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise OptionsError(f"there is no game {game_id!r} (known games: {known})") from None


def games() -> list[AnyGame]:
    """Every registered game, built-in ones first in :data:`BUILTIN_GAMES` order."""
    _load_builtin_games()
    return list(_REGISTRY.values())


def new_match(game_id: str, n_players: int, seed: int,
              options: BaseModel | Mapping[str, object] | None = None,
              match_options: MatchOptions | Mapping[str, object] | None = None,
              first_deal: tuple[int, int] | None = None) -> Match:
    """A new match of the game ``game_id`` (an unknown id raises :class:`OptionsError`); its first
    hand dealt from ``first_deal`` = (hand seed, dealer) when given (see :class:`Match`)."""
    return Match(get_game(game_id), n_players, seed, options, match_options, first_deal)


__all__ = ["BUILTIN_GAMES", "DEFAULT_GAME_ID", "games", "get_game", "module_name", "new_match", "register",
           "ui_module", "unregister"]
