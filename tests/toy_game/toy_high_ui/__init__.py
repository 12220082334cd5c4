"""Toy High's window package: its words, its table layout and its ``GameUI``.  Importing it registers
them (as a built-in game's ``cekidesk.ui.games.<package>`` does)."""
from __future__ import annotations

from . import layout, words  # noqa: F401  (importing registers them)
