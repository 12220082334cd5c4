"""The felt under the table: a radial gradient from its light middle to its dark edge, with a faint
inner rail, in one of the colours of :data:`FELTS` (``Settings.table_colour``)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QRadialGradient

from ..foundations import theme
from ..foundations.theme import qc

# the table's felts (``Settings.table_colour``), the first the default: a radial gradient from
# the light middle to the dark edge
FELTS: dict[str, tuple[QColor, QColor, QColor]] = {
    "green": (QColor(38, 112, 72), QColor(26, 86, 55), QColor(10, 40, 26)),
    "red": (QColor(116, 50, 36), QColor(88, 36, 26), QColor(36, 14, 10)),   # a deep red-brown
}


class Felt:
    """The felt of one colour (``colour``, a key of :data:`FELTS`), drawn once per size and pixel
    ratio and kept as a pixmap."""

    def __init__(self) -> None:
        self.colour = next(iter(FELTS))
        self._pixmap: QPixmap | None = None
        self._key: tuple[int, int, float, str] = (0, 0, 0.0, "")

    def set_colour(self, colour: str) -> bool:
        """Use ``colour`` (an unknown one: the default); True if the felt changed."""
        colour = colour if colour in FELTS else next(iter(FELTS))
        changed = colour != self.colour
        self.colour = colour
        return changed

    def draw(self, painter: QPainter, rect: QRectF, scene: QRectF, dpr: float) -> None:
        """Paint the part ``rect`` of the felt of a table ``scene`` at the pixel ratio ``dpr`` (a
        magnified table: ``dpr`` times the magnification) — the high-contrast theme's own felt in
        that theme."""
        t = theme.current()
        colour = self.colour if t.felt is None else f"theme:{t.name}"
        key = (round(scene.width()), round(scene.height()), dpr, colour)
        if self._pixmap is None or self._key != key:
            colours = FELTS[self.colour] if t.felt is None else (qc(t.felt[0]), qc(t.felt[1]), qc(t.felt[2]))
            self._pixmap = make_felt(int(scene.width()), int(scene.height()), dpr, colours, qc(t.felt_rail))
            self._key = key
        painter.drawPixmap(rect, self._pixmap,
                           QRectF(rect.x() * dpr, rect.y() * dpr, rect.width() * dpr, rect.height() * dpr))


def make_felt(w: int, h: int, dpr: float, colours: tuple[QColor, QColor, QColor],
              rail_colour: QColor | None = None) -> QPixmap:
    """A felt ``w`` × ``h`` at the pixel ratio ``dpr``, of the middle, mid-way and edge ``colours``
    (its faint inner rail in ``rail_colour``)."""
    pm = QPixmap(max(1, round(w * dpr)), max(1, round(h * dpr)))
    pm.setDevicePixelRatio(dpr)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    g = QRadialGradient(QPointF(w / 2, h * 0.46), max(w, h) * 0.72)
    for at, colour in zip((0.0, 0.55, 1.0), colours, strict=True):
        g.setColorAt(at, colour)
    p.fillRect(QRectF(0, 0, w, h), g)
    # a faint inner rail
    m = min(w, h) * 0.035
    rail = QRectF(m, m, w - 2 * m, h - 2 * m)
    p.setPen(QPen(rail_colour if rail_colour is not None else QColor(255, 255, 255, 14), 2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(rail, min(w, h) * 0.08, min(w, h) * 0.08)
    p.end()
    return pm
