"""The table's feel, the same in every game: a winner's celebration at their seat, the lit drop
target under a dragged card and the names of a zoomed card (the zoom itself: :mod:`.zoom`).

These are items the :class:`~cekidesk.ui.table.widget.TableWidget` puts over its plan; none of them
judges a move or changes what the plan says.
"""
from __future__ import annotations

import math
from collections.abc import Mapping

from PySide6.QtCore import Property, QObject, QParallelAnimationGroup, QPointF, QPropertyAnimation, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsPathItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from cekidesk.aksara import is_javanese_char

from ..foundations import theme
from ..foundations.fonts import FAMILY, SCRIPT_SCALE, ShortLine, pixel_font, short_line
from ..foundations.theme import qc
from .cards import star_path

# how long a win is celebrated at each animation speed, ms (none when animations are off)
CELEBRATION_MS = {"off": 0, "fast": 800, "normal": 1300, "slow": 2000}
# how much larger the zoom shows a card than it lies on the table (less where the table is too low)
ZOOM = 2.5
_GOLD = QColor(255, 205, 70)
_SPARKS = 9   # the little stars rising from a winner's plate


class CelebrationItem(QGraphicsObject):
    """A winner's plate glowing, with a few golden stars rising from it and fading (sinking, from a
    plate at the table's top edge); ``progress`` (0 → 1) is what an animation drives, so a frame
    can be looked at without waiting for it."""

    def __init__(self, plate: QRectF, scene: QRectF):
        super().__init__()
        self._plate = QRectF(plate)
        self._progress = 0.0
        self._rise = max(40.0, plate.height() * 1.6)
        self._up = plate.top() - self._rise >= scene.top()
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
        up, down = (self._rise, 0.0) if self._up else (0.0, self._rise)
        return self._plate.adjusted(-m, -m - up, m, m + down)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        t = self._progress
        r = self._plate
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        # the glow swells and ebbs twice
        glow = 0.5 + 0.5 * math.sin(t * math.pi * 4 - math.pi / 2)
        fade = min(1.0, (1.0 - t) * 5)   # everything goes in the last fifth
        halo = QColor(_GOLD)
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
            way = self._rise * own * (0.7 + 0.3 * ((i * 0.61) % 1.0))
            y = r.top() - way if self._up else r.bottom() + way
            size = r.height() * (0.16 + 0.06 * (i % 3)) * (1.0 - 0.4 * own)
            colour = QColor(255, 240, 170) if i % 2 else QColor(_GOLD)
            colour.setAlphaF(max(0.0, 1.0 - own) * fade)
            p.setBrush(colour)
            p.drawPath(star_path(QPointF(x, y), size, size * 0.42))


class Celebration(QObject):
    """The celebration of a hand's winners in ``scene``: one :class:`CelebrationItem` a winner's
    plate, driven by one animation; ``done`` when it ends (its time is over, or :meth:`end`)."""

    done = Signal()

    def __init__(self, scene: QGraphicsScene, parent: QObject | None = None):
        super().__init__(parent)
        self._scene = scene
        self.items: dict[int, CelebrationItem] = {}   # the winners' plates, glowing, by seat
        self._anim: QParallelAnimationGroup | None = None

    def running(self) -> bool:
        return self._anim is not None

    def start(self, plates: Mapping[int, QRectF], ms: int) -> None:
        """Celebrate at ``plates`` (the winners' plates, by seat) for ``ms`` milliseconds."""
        self.end()
        group = QParallelAnimationGroup(self)
        for q, plate in plates.items():
            item = self.items[q] = CelebrationItem(plate, self._scene.sceneRect())
            self._scene.addItem(item)
            a = QPropertyAnimation(item, b"progress", group)
            a.setStartValue(0.0)
            a.setEndValue(1.0)
            a.setDuration(ms)
            group.addAnimation(a)
        group.finished.connect(self.end)
        self._anim = group
        group.start()

    def end(self) -> None:
        """End the celebration now (nothing if none is running)."""
        anim, self._anim = self._anim, None
        if anim is None:
            return
        anim.stop()
        anim.deleteLater()
        for item in self.items.values():
            self._scene.removeItem(item)
            item.deleteLater()
        self.items = {}
        self.done.emit()


def drop_light(rect: QRectF) -> QGraphicsPathItem:
    """The light on a drop target while a card that may be dropped there is over it."""
    path = QPainterPath()
    radius = min(18.0, min(rect.width(), rect.height()) * 0.12)
    path.addRoundedRect(rect, radius, radius)
    item = QGraphicsPathItem(path)
    gold = qc(theme.current().gold)
    edge = QColor(gold)
    edge.setAlpha(230)
    item.setPen(QPen(edge, 3.0, Qt.PenStyle.DashLine))   # dashed: a lit target is not told by colour alone
    fill = QColor(gold)
    fill.setAlpha(30)
    item.setBrush(fill)
    item.setZValue(-5)   # on the felt, under the cards lying there
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return item


class DropLight:
    """The lit drop target in ``scene``: at most one, the place a dragged card would go."""

    def __init__(self, scene: QGraphicsScene):
        self._scene = scene
        self._lit: tuple[QRectF, QGraphicsPathItem] | None = None   # the drop target lit now

    def light(self, rect: QRectF | None) -> None:
        """Light ``rect`` (None: nothing)."""
        lit = self._lit
        if lit is not None and rect is not None and lit[0] == rect:
            return
        if lit is not None:
            self._scene.removeItem(lit[1])
            self._lit = None
        if rect is not None:
            item = drop_light(rect)
            self._scene.addItem(item)
            self._lit = (QRectF(rect), item)

    def lit(self) -> QRectF | None:
        """The drop target lit now, or None."""
        return QRectF(self._lit[0]) if self._lit is not None else None


class ZoomNames(QGraphicsObject):
    """The names of a zoomed card, one line each, on a dark pill beside (or under) the large card;
    each line as tall as its script needs (a line in aksara Jawa is taller than a Latin one)."""

    def __init__(self, lines: list[str], pixel_size: int):
        super().__init__()
        self.lines = lines
        self._font = pixel_font(pixel_size)   # aksara Jawa 1.3× in its interface, as every table text
        # a line in aksara Jawa is led by its font at 1.3× the Latin size, in any interface
        self._script = QFont(self._font)
        self._script.setFamilies([FAMILY] + [f for f in self._font.families() if f != FAMILY])
        self._script.setPixelSize(round(pixel_size * SCRIPT_SCALE))
        self._fonts = [self._script if any(map(is_javanese_char, t)) else self._font for t in lines]
        self._measured = [_script_line(f, t) if f is self._script else short_line(f, t)
                          for f, t in zip(self._fonts, lines, strict=True)]
        self._pad = pixel_size * 0.6
        self._gap = pixel_size * 0.3
        width = max((m.width for m in self._measured), default=0.0) + 2
        height = sum(m.height for m in self._measured) + self._gap * max(0, len(lines) - 1)
        self._rect = QRectF(0, 0, width + 2 * self._pad, height + 2 * self._pad)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        t = theme.current()
        p.setBrush(qc(t.zoom_fill))
        p.drawRoundedRect(self._rect, self._pad, self._pad)
        p.setPen(qc(t.zoom_text))
        y = self._pad
        for text, font, line in zip(self.lines, self._fonts, self._measured, strict=True):
            p.setFont(font)
            p.drawText(QPointF(self._pad, y + line.height / 2 + line.baseline), text)
            y += line.height + self._gap


def _script_line(font: QFont, text: str) -> ShortLine:
    """A line of aksara Jawa at the script's own line height: its signs above and below the letters
    (a suku, a cakra) need it, and Qt's tight measure of the ink leaves them out."""
    fm = QFontMetricsF(font)
    return ShortLine(fm.horizontalAdvance(text), fm.height(), fm.ascent() - fm.height() / 2)
