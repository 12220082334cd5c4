"""The table's feel, the same in every game: a winner's celebration at their seat, the lit drop
target under a dragged card and the zoom of a card with all its names.

These are items the :class:`~cekidesk.ui.table.widget.TableWidget` puts over its plan; none of them
judges a move or changes what the plan says.
"""
from __future__ import annotations

import math

from PySide6.QtCore import Property, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsObject, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from ..fonts import pixel_font
from .cards import star_path

#: how long a win is celebrated at each animation speed, ms (none when animations are off)
CELEBRATION_MS = {"off": 0, "fast": 800, "normal": 1300, "slow": 2000}
#: how much larger the zoom shows a card than the table's largest card height (a fixed factor)
ZOOM = 2.5
_GOLD = QColor(255, 205, 70)
_SPARKS = 9   # the little stars rising from a winner's plate


class CelebrationItem(QGraphicsObject):
    """A winner's plate glowing, with a few golden stars rising from it and fading; ``progress``
    (0 → 1) is what an animation drives, so a frame can be looked at without waiting for it."""

    def __init__(self, plate: QRectF):
        super().__init__()
        self._plate = QRectF(plate)
        self._progress = 0.0
        self._rise = max(40.0, plate.height() * 1.6)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(950)   # over the cards, under the captions' bubbles

    def _get_progress(self) -> float:
        return self._progress

    def _set_progress(self, value: float) -> None:
        self._progress = float(value)
        self.update()

    progress = Property(float, _get_progress, _set_progress)

    def boundingRect(self) -> QRectF:
        m = self._plate.height() * 0.45
        return self._plate.adjusted(-m, -m - self._rise, m, m)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        t = self._progress
        r = self._plate
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        # the glow swells and ebbs twice
        glow = 0.5 + 0.5 * math.sin(t * math.pi * 4 - math.pi / 2)
        fade = min(1.0, (1.0 - t) * 5)   # everything goes in the last fifth
        halo = QColor(_GOLD)
        halo.setAlphaF(0.55 * glow * fade)
        rad = r.height() * 0.3
        for grow in (0.32, 0.2, 0.1):
            m = r.height() * grow
            halo.setAlphaF(0.25 * glow * fade)
            p.setPen(QPen(halo, r.height() * 0.12))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(-m, -m, m, m), rad + m, rad + m)
        # the stars, each rising from its own place along the plate, one after another
        p.setPen(Qt.PenStyle.NoPen)
        for i in range(_SPARKS):
            start = i / (_SPARKS * 1.6)
            own = (t - start) / (1.0 - start)
            if own <= 0:
                continue
            x = r.left() + r.width() * ((i * 0.37 + 0.12) % 1.0)
            y = r.top() - self._rise * own * (0.7 + 0.3 * ((i * 0.61) % 1.0))
            size = r.height() * (0.16 + 0.06 * (i % 3)) * (1.0 - 0.4 * own)
            colour = QColor(255, 240, 170) if i % 2 else QColor(_GOLD)
            colour.setAlphaF(max(0.0, 1.0 - own) * fade)
            p.setBrush(colour)
            p.drawPath(star_path(QPointF(x, y), size, size * 0.42))


def drop_light(rect: QRectF) -> QGraphicsPathItem:
    """The light on a drop target while a card that may be dropped there is over it."""
    path = QPainterPath()
    radius = min(18.0, min(rect.width(), rect.height()) * 0.12)
    path.addRoundedRect(rect, radius, radius)
    item = QGraphicsPathItem(path)
    edge = QColor(_GOLD)
    edge.setAlpha(230)
    item.setPen(QPen(edge, 3.0))
    fill = QColor(_GOLD)
    fill.setAlpha(30)
    item.setBrush(fill)
    item.setZValue(-5)   # on the felt, under the cards lying there
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return item


class ZoomNames(QGraphicsObject):
    """The names of a zoomed card, one line each, on a dark pill under (or beside) the large card."""

    def __init__(self, lines: list[str], pixel_size: int, max_width: float):
        super().__init__()
        self.lines = lines
        self._font = pixel_font(pixel_size)   # aksara Jawa 1.3× in its interface, as every table text
        fm = QFontMetricsF(self._font)
        self._pad = fm.height() * 0.5
        self._line = fm.lineSpacing()
        width = max((fm.horizontalAdvance(t) for t in lines), default=0.0) + 4
        self._width = min(width, max_width)
        self._rect = QRectF(0, 0, self._width + 2 * self._pad, self._line * len(lines) + 2 * self._pad)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(12, 20, 16, 225))
        p.drawRoundedRect(self._rect, self._pad, self._pad)
        p.setFont(self._font)
        p.setPen(QColor(250, 244, 226))
        for i, text in enumerate(self.lines):
            p.drawText(QRectF(self._pad, self._pad + i * self._line, self._width, self._line),
                       int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text)
