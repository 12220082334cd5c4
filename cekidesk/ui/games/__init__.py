"""The registry of the games' UIs: one package per game, ``cekidesk/ui/games/<module>/``, found by the
game's package name (:func:`cekidesk.games.module_name`), holding the game's words (``texts.py``), its
:class:`GameUI` (``game_ui.py``), its How-to-play page (``help.py``, data for :mod:`.help_page`) and its
table layout (``layout.py``).  :func:`load_game_uis` imports every registered game's package (importing
registers its layout and its UI); :func:`game_ui` and :func:`registered_game_uis` load them first.  The
shared parts are in :mod:`.base` and :mod:`.help_page`."""
from __future__ import annotations

import importlib
from typing import Any

from cekidesk.games import games, ui_module

from ..table.layouts import set_layout_loader
from .base import DealWords, GameUI, HandEndContent, register_game_ui, registered_uis
from .help_page import HelpContext, HelpPage

_loaded_for: tuple[object, ...] = ()   # the games whose window packages were imported last


def load_game_uis() -> None:
    """Import the window's package of every registered game (:func:`cekidesk.games.ui_module`:
    ``cekidesk.ui.games.<module>``, the same package name as the game's ``cekidesk.games.<module>``,
    or the package a game added by ``register`` named): importing it registers the game's
    table layout and its words (:class:`GameUI`).  A game without such a package gets the plain words
    and no layout.  A family's package (one for several games) is imported once; nothing is done
    while the registered games are those of the last call (the log asks once per line)."""
    global _loaded_for
    registered = tuple(games())
    if len(registered) == len(_loaded_for) and all(a is b for a, b in zip(registered, _loaded_for, strict=True)):
        return
    for name in dict.fromkeys(ui_module(spec.id) for spec in registered):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    _loaded_for = registered


set_layout_loader(load_game_uis)   # the table looks a layout up; the registry loads the packages


def game_ui(game_id: str) -> GameUI[Any]:
    """The registered UI of ``game_id`` (a plain :class:`GameUI` for a game without one)."""
    load_game_uis()
    ui = registered_uis().get(game_id)
    return ui if ui is not None else GameUI()


def registered_game_uis() -> dict[str, GameUI[Any]]:
    """Every game's UI, by game id."""
    load_game_uis()
    return registered_uis()


__all__ = ["DealWords", "GameUI", "HandEndContent", "HelpContext", "HelpPage", "game_ui", "load_game_uis",
           "register_game_ui", "registered_game_uis"]

load_game_uis()  # every registered game's words, help and layout, before any of them is shown
