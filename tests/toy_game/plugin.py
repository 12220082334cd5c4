"""The registry entry of the test game, as a pytest plugin: it registers Toy High with
``cekidesk.games.register`` (the way a built-in game is registered from ``BUILTIN_GAMES``) before
the tests are collected, so that every shared test meets it through the registry.  ``tests/conftest.py``
loads the ``plugin`` module of every test-game package under ``tests/`` without naming any, so a
plain ``python3 -m pytest`` runs every shared test with it.  Its window package is named in the
registry (``ui_module``) and loaded by the registry of the games' UIs, as a built-in game's is."""
from __future__ import annotations

import cekidesk.games as registry

UI_MODULE = "toy_game.toy_high_ui"


def register() -> None:
    from toy_game.toy_high import GAME

    if GAME.id not in {g.id for g in registry.games()}:
        registry.register(GAME, ui_module=UI_MODULE)


def pytest_configure(config: object) -> None:
    register()
