"""Two small charts drawn with QPainter (Qt Charts is not part of PySide6-Essentials): a line chart
of one value per match and a bar chart of counts, for the Statistics window.

Both take their colours from the widget's palette (dark and light themes alike) and their sizes from
its font (the aksara Jawa interface's larger font and taller lines included): axes, tick labels, a
zero line, and a tooltip naming the point or bar under the mouse.  Without data they show a
sentence instead of empty axes.  The geometry is computed by :meth:`_Chart.layout` alone, so the
tooltip of a place (:meth:`_Chart.tooltip_at`) does not depend on a paint having happened.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QHelpEvent, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

PAD = 8.0
POINT_RADIUS = 3.5
MAX_MARKED_POINTS = 60       # more points than this are drawn as a line without dots
HIT_RADIUS = 8.0


def nice_ticks(lo: float, hi: float, most: int = 6) -> list[float]:
    """Round tick values covering [lo, hi] (0 always among them), at most about ``most``."""
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    if hi == lo:
        hi = lo + 1
    raw = (hi - lo) / max(1, most - 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step) * step
    ticks = []
    t = start
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 10))
        t += step
    if ticks[-1] < hi:
        ticks.append(ticks[-1] + step)
    return ticks


@dataclass(frozen=True)
class Hit:
    """A place of the chart and its tooltip."""

    rect: QRectF
    tip: str


@dataclass
class Layout:
    plot: QRectF
    hits: list[Hit]


class _Chart(QWidget):
    """What both charts share: the empty sentence, the palette, the tooltips."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.empty_text = ""
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(self.objectName())

    def is_empty(self) -> bool:
        raise NotImplementedError

    def layout_chart(self) -> Layout:
        raise NotImplementedError

    def minimumSizeHint(self) -> QSize:
        """Room for a few ticks (or bars) and the axis labels, in lines of the widget's font."""
        line = QFontMetricsF(self.font()).height()
        return QSize(int(14 * line), int(4.5 * line))

    def sizeHint(self) -> QSize:
        line = QFontMetricsF(self.font()).height()
        return QSize(int(30 * line), int(10 * line))

    def tooltip_at(self, pos: QPointF) -> str | None:
        """The tooltip of the point or bar at ``pos`` (widget coordinates), if any."""
        if self.is_empty():
            return None
        hits = [h for h in self.layout_chart().hits if h.rect.contains(pos)]
        if not hits:
            return None
        return min(hits, key=lambda h: (h.rect.center() - pos).manhattanLength()).tip

    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.ToolTip and isinstance(e, QHelpEvent):
            tip = self.tooltip_at(QPointF(e.pos()))
            if tip:
                QToolTip.showText(e.globalPos(), tip, self)
            else:
                QToolTip.hideText()
                e.ignore()
            return True
        return super().event(e)

    def colours(self) -> tuple[QColor, QColor, QColor]:
        """(text, grid, accent) from the palette."""
        pal = self.palette()
        text = pal.color(QPalette.ColorRole.WindowText)
        grid = QColor(text)
        grid.setAlphaF(0.18)
        return text, grid, pal.color(QPalette.ColorRole.Highlight)

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setFont(self.font())
        text, grid, accent = self.colours()
        p.setPen(text)
        if self.is_empty():
            p.drawText(QRectF(self.rect()).adjusted(PAD, PAD, -PAD, -PAD),
                       Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.empty_text)
        else:
            self.draw(p, self.layout_chart(), text, grid, accent)
        p.end()

    def draw(self, p: QPainter, lay: Layout, text: QColor, grid: QColor, accent: QColor) -> None:
        raise NotImplementedError

    def _value_axis_x(self, ticks: Sequence[float], fmt: Callable[[float], str]) -> float:
        """The width the value labels of a vertical axis need."""
        fm = QFontMetricsF(self.font())
        return max(fm.horizontalAdvance(fmt(t)) for t in ticks) + PAD


class LineChart(_Chart):
    """One value per match, oldest left: a line with a dot per match (up to :data:`MAX_MARKED_POINTS`),
    a value axis with round ticks, the zero line, the match numbers under the axis."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.values: list[int] = []
        self.tips: list[str] = []
        self.first_number = 1
        self.format: Callable[[float], str] = lambda v: str(int(v))

    def set_points(self, values: Sequence[int], tips: Sequence[str], fmt: Callable[[float], str],
                   first_number: int = 1) -> None:
        """Show ``values`` (``tips``: each one's tooltip; ``fmt`` writes an axis value; the first
        point is match number ``first_number``)."""
        self.values, self.tips, self.format, self.first_number = list(values), list(tips), fmt, first_number
        self.update()

    def is_empty(self) -> bool:
        return not self.values

    def _ticks(self) -> list[float]:
        # whole ticks only: the values are whole points or cents, and a tick between two whole numbers
        # was written as one of them (the axis of a first match of 0 read "+1 0 0 0 0 0")
        ticks = nice_ticks(min(self.values), max(self.values))
        return [t for t in ticks if t == int(t)] or [0.0, 1.0]

    def layout_chart(self) -> Layout:
        fm = QFontMetricsF(self.font())
        ticks = self._ticks()
        left = PAD + self._value_axis_x(ticks, self.format)
        plot = QRectF(left, PAD + fm.height() / 2, max(1.0, self.width() - left - 2 * PAD),
                      max(1.0, self.height() - 2 * PAD - fm.height() * 1.5 - fm.height() / 2))
        hits = []
        for i, (x, _y) in enumerate(self._points(plot, ticks)):
            hits.append(Hit(QRectF(x - HIT_RADIUS, plot.top(), 2 * HIT_RADIUS, plot.height()), self.tips[i]))
        return Layout(plot, hits)

    def _points(self, plot: QRectF, ticks: Sequence[float]) -> list[tuple[float, float]]:
        lo, hi = ticks[0], ticks[-1]
        n = len(self.values)
        out = []
        for i, v in enumerate(self.values):
            x = plot.left() + (plot.width() * (i + 0.5) / n)
            y = plot.bottom() - (v - lo) / (hi - lo) * plot.height()
            out.append((x, y))
        return out

    def draw(self, p: QPainter, lay: Layout, text: QColor, grid: QColor, accent: QColor) -> None:
        fm = QFontMetricsF(self.font())
        plot = lay.plot
        ticks = self._ticks()
        lo, hi = ticks[0], ticks[-1]
        for t in ticks:
            y = plot.bottom() - (t - lo) / (hi - lo) * plot.height()
            p.setPen(QPen(text, 1.5) if t == 0 else QPen(grid, 1))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(text)
            label = self.format(t)
            p.drawText(QRectF(PAD, y - fm.height() / 2, plot.left() - 2 * PAD + PAD / 2, fm.height()),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
        p.setPen(QPen(text, 1))
        p.drawLine(plot.bottomLeft(), plot.topLeft())
        points = self._points(plot, ticks)
        # the match numbers under the axis: as many as fit
        n = len(points)
        widest = fm.horizontalAdvance(str(self.first_number + n - 1)) + PAD * 2
        every = max(1, math.ceil(widest / max(1.0, plot.width() / n)))
        for i, (x, _y) in enumerate(points):
            if i % every == 0:
                p.drawText(QRectF(x - widest / 2, plot.bottom() + PAD / 2, widest, fm.height()),
                           Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, str(self.first_number + i))
        path = QPainterPath()
        for i, (x, y) in enumerate(points):
            if i == 0:
                path.moveTo(x, y)
            else:
                path.lineTo(x, y)
        p.setPen(QPen(accent, 2))
        p.drawPath(path)
        if n <= MAX_MARKED_POINTS:
            p.setBrush(accent)
            for x, y in points:
                p.drawEllipse(QPointF(x, y), POINT_RADIUS, POINT_RADIUS)


class BarChart(_Chart):
    """Counts by category as horizontal bars: the category's name at the left (any length, any
    script), the bar from the zero line, its count at its end, round count ticks under it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.bars: list[tuple[str, int, str]] = []

    def set_bars(self, bars: Sequence[tuple[str, int, str]]) -> None:
        """``bars``: (name, count, tooltip) in the order shown, top first."""
        self.bars = list(bars)
        self.update()

    def is_empty(self) -> bool:
        return not any(n for _name, n, _tip in self.bars)

    def _ticks(self) -> list[float]:
        ticks = nice_ticks(0, max(n for _name, n, _tip in self.bars), 5)
        return [t for t in ticks if t == int(t)] or [0.0, 1.0]

    def layout_chart(self) -> Layout:
        fm = QFontMetricsF(self.font())
        names_w = min(max(fm.horizontalAdvance(name) for name, _n, _tip in self.bars) + PAD, self.width() * 0.45)
        count_w = fm.horizontalAdvance(str(max(n for _name, n, _tip in self.bars))) + PAD
        plot = QRectF(PAD + names_w + PAD / 2, PAD, max(1.0, self.width() - names_w - count_w - 3 * PAD),
                      max(1.0, self.height() - 2 * PAD - fm.height() * 1.5))
        ticks = self._ticks()
        row = plot.height() / len(self.bars)
        hits = []
        for i, (_name, n, tip) in enumerate(self.bars):
            w = plot.width() * n / ticks[-1]
            hits.append(Hit(QRectF(0, plot.top() + i * row, plot.left() + max(w, 2.0) + count_w, row), tip))
        return Layout(plot, hits)

    def draw(self, p: QPainter, lay: Layout, text: QColor, grid: QColor, accent: QColor) -> None:
        fm = QFontMetricsF(self.font())
        plot = lay.plot
        ticks = self._ticks()
        for t in ticks:
            x = plot.left() + plot.width() * t / ticks[-1]
            p.setPen(QPen(grid, 1))
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            p.setPen(text)
            label = str(int(t))
            w = fm.horizontalAdvance(label) + PAD
            p.drawText(QRectF(x - w / 2, plot.bottom() + PAD / 2, w, fm.height()),
                       Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, label)
        row = plot.height() / len(self.bars)
        thick = min(row * 0.7, fm.height() * 1.2)
        for i, (name, n, _tip) in enumerate(self.bars):
            top = plot.top() + i * row
            p.setPen(text)
            p.drawText(QRectF(PAD, top, plot.left() - 1.5 * PAD, row),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       fm.elidedText(name, Qt.TextElideMode.ElideRight, plot.left() - 1.5 * PAD))
            w = plot.width() * n / ticks[-1]
            p.fillRect(QRectF(plot.left(), top + (row - thick) / 2, w, thick), accent)
            p.drawText(QRectF(plot.left() + w + PAD / 2, top, fm.horizontalAdvance(str(n)) + PAD, row),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, str(n))
        p.setPen(QPen(text, 1.5))   # the zero line
        p.drawLine(QPointF(plot.left(), plot.top()), QPointF(plot.left(), plot.bottom()))
