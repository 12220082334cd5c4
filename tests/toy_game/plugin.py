"""The registry entry of the test game, as a pytest plugin: ``-p toy_game.plugin`` registers Toy
High with ``cekidesk.games.register`` (the way a built-in game is registered from
``BUILTIN_GAMES``) before the tests are collected, so that every shared test meets it through the
registry.  Its window package is named in the registry (``ui_module``); the table's loader of game
UIs imports only ``cekidesk.ui.games.<package>`` today, so it is imported here too."""
from __future__ import annotations

import importlib

import cekidesk.games as registry

UI_MODULE = "toy_game.toy_high_ui"


def register() -> None:
    from toy_game.toy_high import GAME

    if GAME.id not in {g.id for g in registry.games()}:
        registry.register(GAME, ui_module=UI_MODULE)
    importlib.import_module(registry.ui_module(GAME.id))


def pytest_configure(config: object) -> None:
    register()
