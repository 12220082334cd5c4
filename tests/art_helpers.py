"""Helpers of the card-art tests: load a generator from tools/, read a rendered card's pixels."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_tool(name: str):
    """The module ``tools/<name>.py`` (the tools are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, mod)
    spec.loader.exec_module(mod)
    return mod


def flat_pixels(img):
    """RGB rows of a rendered card (a QImage with transparent corners) laid on white."""
    from PySide6.QtGui import QColor, QImage, QPainter

    flat = QImage(img.size(), QImage.Format.Format_RGB32)
    flat.fill(QColor("white"))
    p = QPainter(flat)
    p.drawImage(0, 0, img)
    p.end()
    return [[QColor(flat.pixel(x, y)).getRgb()[:3] for x in range(flat.width())]
            for y in range(flat.height())]
