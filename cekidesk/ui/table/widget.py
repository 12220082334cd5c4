"""The card table widget: a ``QGraphicsView`` whose scene is exactly its viewport.

The widget knows no game: the layout registered for the game (:mod:`.layouts`) turns each view into
a :class:`~cekidesk.ui.table.layouts.Plan`, and the widget draws it, animates the changes, and turns
clicks, drags and keys on the plan's cards into the plan's actions — which are always taken from
``view.legal``.  Correctness never depends on an animation: every ``show_view`` ends in the exact
plan for the view, and :meth:`TableWidget.skip_animations` (or a click) gets there at once.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractAnimation,
    QCoreApplication,
    QEasingCurve,
    QEvent,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPixmapCache,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from cekidesk.engine.core import Action, Event, View, offered_action
from cekidesk.games import get_game
from cekidesk.ui.names import card_tooltip

from ..cardpics import CEKI, back_code, card_art, card_width, kind_code
from ..fonts import pixel_font, short_line
from .cards import CardItem, star_path
from .choices import ChoiceBar
from .choices import signature as choice_signature
from .feel import CELEBRATION_MS, ZOOM, CelebrationItem, ZoomNames, drop_light
from .layouts import (
    CardSpec,
    Choreo,
    DropZone,
    LabelSpec,
    LayoutOptions,
    Plan,
    SeatSpec,
    TableLayout,
    layout_class,
    registered_layouts,
)

SPEEDS = {"off": 0, "fast": 170, "normal": 320, "slow": 650}   # one card's flight, ms
# every card move (its travel, growth, turn and flip) starts gently and lands gently, as a hand
# moving a card does
MOVE_EASING = QEasingCurve.Type.InOutCubic
# the longest a deal's cards take to leave the stock, in flights (the person waits for the deal)
DEAL_FLIGHTS = 4.0
# held down over a card (as the right mouse button), it shows the card large with all its names
ZOOM_KEY = Qt.Key.Key_Z
# cards taken off the table kept for the next plan (a deal of the largest table has about 130)
MAX_SPARE_CARDS = 160
# the table's felts (``Settings.table_colour``), the first the default: a radial gradient from
# the light middle to the dark edge
FELTS: dict[str, tuple[QColor, QColor, QColor]] = {
    "green": (QColor(38, 112, 72), QColor(26, 86, 55), QColor(10, 40, 26)),
    "red": (QColor(116, 50, 36), QColor(88, 36, 26), QColor(36, 14, 10)),   # a deep red-brown
}




# -----------------------------------------------------------------------------------------------
# Seat panels and labels

class SeatItem(QGraphicsObject):
    """A player's name plate: name, cards in hand, dealer chip, the layout's badge, turn highlight."""

    def __init__(self, spec: SeatSpec, family: str = CEKI):
        super().__init__()
        self.spec = spec
        self.family = family    # the game's card family: the shape of the small card drawn
        self.thinking = False
        self.phase = 0
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.set_spec(spec, force=True)

    def set_spec(self, spec: SeatSpec, force: bool = False) -> None:
        if spec == self.spec and not force:
            return
        if spec.rect.size() != self.spec.rect.size():
            self.prepareGeometryChange()
        self.spec = spec
        self.setPos(spec.rect.topLeft())
        self.setOpacity(0.45 if spec.greyed else 1.0)
        tips = [spec.name]
        if spec.dealer:
            tips.append(QCoreApplication.translate("TableWidget", "Dealer"))
        if spec.badge and spec.badge_tip:
            tips.append(spec.badge_tip)
        if spec.extra:
            tips.append(spec.extra)
        self.setToolTip("\n".join(tips))
        self.update()

    def set_thinking(self, on: bool) -> None:
        if on != self.thinking:
            self.thinking = on
            self.update()

    def boundingRect(self) -> QRectF:
        r = self.spec.rect
        m = max(4.0, r.height() * 0.12)
        return QRectF(-m, -m, r.width() + 2 * m, r.height() + 2 * m)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        s = self.spec
        w, h = s.rect.width(), s.rect.height()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        rad = h * 0.22
        box = QRectF(1, 1, w - 2, h - 2)
        if s.to_move or self.thinking or s.winner:
            colour = QColor(255, 205, 70) if (s.to_move or s.winner) else QColor(120, 200, 255)
            halo = QColor(colour)
            halo.setAlpha(60)
            p.setPen(QPen(halo, h * 0.16))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(box, rad, rad)
        fill = QLinearGradient(0, 0, 0, h)
        if s.winner:
            fill.setColorAt(0, QColor(92, 70, 20, 235))
            fill.setColorAt(1, QColor(60, 44, 10, 235))
        else:
            fill.setColorAt(0, QColor(18, 32, 26, 215))
            fill.setColorAt(1, QColor(8, 18, 14, 215))
        border = QColor(255, 255, 255, 45)
        bw = 1.2
        if s.to_move or s.winner:
            border, bw = QColor(255, 205, 70), max(2.0, h * 0.05)
        elif self.thinking:
            border, bw = QColor(120, 200, 255), max(2.0, h * 0.05)
        p.setPen(QPen(border, bw))
        p.setBrush(QBrush(fill))
        p.drawRoundedRect(box, rad, rad)

        pad = h * 0.2
        name_font = QFont()
        name_font.setPixelSize(max(9, round(h * 0.3)))
        name_font.setBold(True)
        small = QFont()
        small.setPixelSize(max(8, round(h * 0.25)))
        chip = h * 0.36
        right = w - pad
        # dealer chip
        if s.dealer:
            c = QPointF(right - chip / 2, h * 0.3)
            p.setPen(QPen(QColor(60, 40, 0), 1))
            p.setBrush(QColor(240, 230, 200))
            p.drawEllipse(c, chip / 2, chip / 2)
            f = QFont(small)
            f.setBold(True)
            f.setPixelSize(max(7, round(chip * 0.62)))
            p.setFont(f)
            p.setPen(QColor(60, 40, 0))
            p.drawText(QRectF(c.x() - chip / 2, c.y() - chip / 2, chip, chip), Qt.AlignmentFlag.AlignCenter,
                       QCoreApplication.translate("TableWidget", "D"))
            right -= chip + pad * 0.4
        p.setFont(name_font)
        p.setPen(QColor(245, 240, 225))
        fm = QFontMetricsF(name_font)
        name = fm.elidedText(s.name, Qt.TextElideMode.ElideRight, max(10.0, right - pad))
        left_middle = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        p.drawText(QRectF(pad, h * 0.08, right - pad, h * 0.46), left_middle, name)
        # second line: a small card and the count, the layout's badge, "thinking"
        y2 = h * 0.56
        ch_ = h * 0.3
        cw = max(ch_ / 2, card_width(ch_, back_code(self.family)))   # a Ceki card widened: no sliver
        p.setPen(QPen(QColor(230, 225, 210), 1))
        p.setBrush(QColor(card_art().back_colour()))
        p.drawRoundedRect(QRectF(pad, y2 + h * 0.02, cw, ch_), 1.5, 1.5)
        p.setFont(small)
        p.setPen(QColor(230, 225, 210))
        fm2 = QFontMetricsF(small)
        count = str(s.count)
        x = pad + cw + h * 0.1
        p.drawText(QRectF(x, y2 - h * 0.02, fm2.horizontalAdvance(count) + 2, h * 0.4), left_middle, count)
        x += fm2.horizontalAdvance(count) + h * 0.25
        if s.badge:
            f = QFont(small)
            f.setBold(True)
            p.setFont(f)
            fm3 = QFontMetricsF(f)
            bw_ = fm3.horizontalAdvance(s.badge) + h * 0.3
            badge = QRectF(x, y2, bw_, h * 0.34)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(200, 50, 31))
            p.drawRoundedRect(badge, h * 0.1, h * 0.1)
            p.setPen(QColor(255, 255, 255))
            p.drawText(badge, Qt.AlignmentFlag.AlignCenter, s.badge)
            x += bw_ + h * 0.2
        if self.thinking:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(120, 200, 255))
            r = h * 0.045
            for i in range(3):
                p.setBrush(QColor(120, 200, 255, 255 if i == self.phase % 3 else 110))
                p.drawEllipse(QPointF(right - (2 - i) * r * 3.2 - r, y2 + h * 0.17), r, r)
        elif s.winner:
            c = QPointF(right - h * 0.17, y2 + h * 0.18)
            star = star_path(c, h * 0.19, h * 0.08)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 215, 90))
            p.drawPath(star)


class LabelItem(QGraphicsObject):
    """A short text on a pill: counts, a call's banner, the result line."""

    STYLES = {
        "count": (QColor(0, 0, 0, 150), QColor(240, 236, 220), False),
        "banner": (QColor(200, 50, 31), QColor(255, 255, 255), True),
        "winner": (QColor(255, 205, 70, 235), QColor(40, 28, 0), True),
        "note": (QColor(0, 0, 0, 0), QColor(240, 236, 220), False),
    }

    def __init__(self, spec: LabelSpec):
        super().__init__()
        self.spec = spec
        self._rect = QRectF()
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.set_spec(spec, force=True)

    def _font(self) -> QFont:
        return pixel_font(max(8, round(self.spec.size)), self.STYLES.get(self.spec.style, self.STYLES["count"])[2])

    def set_spec(self, spec: LabelSpec, force: bool = False) -> None:
        if spec == self.spec and not force:
            return
        self.prepareGeometryChange()
        self.spec = spec
        self._line = line = short_line(self._font(), spec.text)
        tw, th = line.width, line.height
        padx, pady = th * 0.45, th * 0.12
        self._rect = QRectF(-tw / 2 - padx, -th / 2 - pady, tw + 2 * padx, th + 2 * pady)
        self.setPos(spec.pos)
        self.setToolTip(spec.tooltip)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        bg, fg, _ = self.STYLES.get(self.spec.style, self.STYLES["count"])
        if self.spec.fill is not None:
            bg = QColor(*self.spec.fill)
            fg = QColor(255, 255, 255) if bg.lightnessF() < 0.6 else QColor(30, 20, 0)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if bg.alpha():
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(bg)
            r = self._rect.height() / 2
            p.drawRoundedRect(self._rect, r, r)
        p.setFont(self._font())
        p.setPen(fg)
        p.drawText(QPointF(-self._line.width / 2, self._line.baseline), self.spec.text)


class CaptionItem(QGraphicsObject):
    """A computer player's move in words beside its seat: a speech bubble, wrapped to a few lines,
    above a plate in the lower half of the table and below one in the upper half (its tail points at
    the plate) — or on the other side of it, or beside it, wherever it covers no card.  It goes by
    itself after the time it was shown for."""

    def __init__(self, text: str, scene_width: float):
        super().__init__()
        self.text = text
        self.side = "below"   # where the bubble is from its plate: "below", "above", "left", "right"
        self._font = pixel_font(max(11, round(scene_width / 80)))   # 1.3× in aksara Jawa, as the labels
        self._scene_width = scene_width
        self._tail = QFontMetricsF(self._font).height() * 0.5
        self._wrap(0.3)
        self._anchor = self._rect.center()   # where the tail points, in the bubble's coordinates
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(900)

    def _wrap(self, share: float) -> None:
        """Wrap the text to at most ``share`` of the table's width."""
        fm = QFontMetricsF(self._font)
        pad = fm.height() * 0.45
        width = min(self._scene_width * share, fm.horizontalAdvance(self.text) + 2)
        bound = fm.boundingRect(QRectF(0, 0, width, 10000), int(Qt.TextFlag.TextWordWrap), self.text)
        self._text_rect = QRectF(pad, pad, max(width, bound.width()), bound.height())
        self._rect = self._text_rect.adjusted(-pad, -pad, pad, pad)

    def place(self, seat: QRectF, scene: QRectF, cards: Sequence[QRectF] = (),
              others: Sequence[QRectF] = ()) -> None:
        """Beside ``seat`` (the plate's rectangle in the scene), inside ``scene``, covering none of
        ``cards`` (the seats' cards) nor the plate where any place allows, and as little of
        ``others`` (the cards in the middle, other plates, labels) as it can: below a plate in the
        upper half of the table, above one in the lower half, else on its other side, beside it or
        along it, wrapped narrower if need be; on a crowded table, the nearest free place."""
        self.prepareGeometryChange()
        inside = scene.adjusted(4, 2, -4, -2)
        best: tuple[tuple[float, float, float], float, QPointF] | None = None
        for spots in (self._ring, self._around):
            for share in (0.3, 0.2, 0.14):
                self._wrap(share)
                for at in spots(seat, inside):
                    box = QRectF(self._clamp(at, inside), self._rect.size())
                    cost = (_covered(box, cards), _covered(box, [seat]), _covered(box, others))
                    if best is None or cost < best[0]:
                        best = (cost, share, box.topLeft())
                        if not any(cost):
                            break   # the first place that covers nothing is the one
                if best is not None and not any(best[0][:2]):
                    break   # no card and not the plate: the widest such wrap
            if best is not None and not any(best[0][:2]):
                break
        assert best is not None, "a plate has places round it"
        _, share, at = best
        self._wrap(share)
        box = QRectF(at, self._rect.size())
        self.side = ("below" if box.top() >= seat.bottom() - 1 else "above" if box.bottom() <= seat.top() + 1
                     else "right" if box.left() >= seat.right() - 1 else "left")
        self._anchor = seat.center() - at
        self.setPos(at)

    def _ring(self, seat: QRectF, inside: QRectF) -> list[QPointF]:
        """The bubble's places right round the plate, the usual first."""
        w, h, t = self._rect.width(), self._rect.height(), self._tail
        below = seat.center().y() < inside.center().y()
        ys = [seat.bottom() + t, seat.top() - t - h]
        spots = [QPointF(x, y) for y in (ys if below else ys[::-1])
                 for x in (seat.center().x() - w / 2, seat.left(), seat.right() - w)]
        spots += [QPointF(x, y) for x in (seat.right() + t, seat.left() - t - w)
                  for y in (seat.center().y() - h / 2, seat.top(), seat.bottom() - h)]
        return spots

    def _around(self, seat: QRectF, inside: QRectF) -> list[QPointF]:
        """Places farther from the plate, nearest first (a crowded corner of the table)."""
        w, h = self._rect.width(), self._rect.height()
        c = seat.center()
        spots = [QPointF(inside.left() + i * w / 4, inside.top() + j * h / 2)
                 for i in range(int((inside.width() - w) / (w / 4)) + 2)
                 for j in range(int((inside.height() - h) / (h / 2)) + 2)]
        return sorted(spots, key=lambda p: (p.x() + w / 2 - c.x()) ** 2 + (p.y() + h / 2 - c.y()) ** 2)

    def _clamp(self, at: QPointF, inside: QRectF) -> QPointF:
        w, h = self._rect.width(), self._rect.height()
        return QPointF(min(max(at.x(), inside.left()), inside.right() - w),
                       min(max(at.y(), inside.top()), inside.bottom() - h))

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-self._tail - 2, -self._tail - 2, self._tail + 2, self._tail + 2)

    def bubble_rect(self) -> QRectF:
        """The bubble (its tail left out) in the scene."""
        return self._rect.translated(self.pos())

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        r = self._rect
        bubble = QPainterPath()
        radius = min(12.0, r.height() * 0.3)
        bubble.addRoundedRect(r, radius, radius)
        t = self._tail
        ax = min(max(r.left() + t * 1.5, self._anchor.x()), r.right() - t * 1.5)
        ay = min(max(r.top() + t * 1.2, self._anchor.y()), r.bottom() - t * 1.2)
        # the tail's base on the bubble's edge toward the plate, and its tip
        base, tip = {
            "below": ((QPointF(ax - t * 0.8, r.top() + 1), QPointF(ax + t * 0.8, r.top() + 1)),
                      QPointF(ax, r.top() - t)),
            "above": ((QPointF(ax - t * 0.8, r.bottom() - 1), QPointF(ax + t * 0.8, r.bottom() - 1)),
                      QPointF(ax, r.bottom() + t)),
            "right": ((QPointF(r.left() + 1, ay - t * 0.8), QPointF(r.left() + 1, ay + t * 0.8)),
                      QPointF(r.left() - t, ay)),
            "left": ((QPointF(r.right() - 1, ay - t * 0.8), QPointF(r.right() - 1, ay + t * 0.8)),
                     QPointF(r.right() + t, ay)),
        }[self.side]
        tail = QPainterPath()
        tail.moveTo(base[0])
        tail.lineTo(tip)
        tail.lineTo(base[1])
        p.setPen(QPen(QColor(40, 30, 10, 160), 1.2))
        p.setBrush(QColor(255, 250, 232, 240))
        p.drawPath(bubble.united(tail))
        p.setFont(self._font)
        p.setPen(QColor(30, 24, 12))
        p.drawText(self._text_rect, int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignHCenter), self.text)


def _shorten_deal(choreo: Choreo) -> None:
    """Keep a deal short however many cards it has: the last card leaves the stock at most
    :data:`DEAL_FLIGHTS` flights after the first (the layout's order and rhythm kept)."""
    last = max(choreo.delay.values(), default=0.0)
    if last > DEAL_FLIGHTS:
        for key, delay in choreo.delay.items():
            choreo.delay[key] = delay * DEAL_FLIGHTS / last


def _covered(box: QRectF, rects: Sequence[QRectF]) -> float:
    """How much of ``rects`` the rectangle ``box`` covers (the sum of the overlaps' areas)."""
    area = 0.0
    for r in rects:
        o = box.intersected(r)
        area += max(0.0, o.width()) * max(0.0, o.height())
    return area


# -----------------------------------------------------------------------------------------------

class TableWidget(QGraphicsView):
    actionChosen = Signal(object)   # an Action from view.legal, chosen by click, drag or key
    clicked = Signal()              # any click on the table (the window uses it to skip pauses)
    animationsDone = Signal()       # every running animation has finished (or none was running)
    pauseKey = Signal()             # Space while nothing of the person's is to choose (the window pauses)
    celebrationDone = Signal()      # a win's celebration is over (or was skipped)
    dealt = Signal()                # a hand's deal is over: finished, skipped or cut short

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._scene = QGraphicsScene(self)
        self._scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setScene(self._scene)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setMinimumSize(480, 360)
        self._scene.setSceneRect(0, 0, 1280, 720)
        # card items cache their device pixmaps there: room for a full table of 120 cards at 4K (or
        # full HD at 2x, ~25 MB) with some to spare.  The cache fills to its limit and stays there, so
        # the limit is part of the session's memory (bench/memory.py): 96 MB made a long session grow
        # for hundreds of rounds
        if QPixmapCache.cacheLimit() < 32 * 1024:
            QPixmapCache.setCacheLimit(32 * 1024)

        self._game_id: str | None = None
        self._family = CEKI     # the game's card family (GameSpec.card_family)
        self._names: list[str] = []
        self._human = 0
        self._layout: TableLayout | None = None
        self._view: View | None = None
        self._plan: Plan | None = None
        self._items: dict[Hashable, CardItem] = {}
        self._specs: dict[Hashable, CardSpec] = {}
        self._seats: dict[int, SeatItem] = {}
        self._labels: dict[Hashable, LabelItem] = {}
        self._slots: list[QGraphicsPathItem] = []
        self._bars: dict[int, ChoiceBar] = {}     # the choices of the plan, by anchor
        self._opened: Hashable | None = None      # the card whose choices (CardSpec.choices) are shown
        self._back_to_choices = False   # the keyboard left a bar that went: it goes to the next one
        self._anim: QParallelAnimationGroup | None = None
        self._dealing = False   # the running animation deals a hand: the person waits for it
        self._speed = "normal"
        self._highlight = True
        self._sort = True
        self._show_codes = False
        self._namer: Callable[[Any], str] | None = None
        self._hint: Action | None = None
        self._thinking = -1
        self._captions: dict[int, CaptionItem] = {}   # the moves in words beside their seats
        self._selected: Hashable | None = None
        self._selected_index = -1
        self._hover: CardItem | None = None
        self._press: tuple[QPointF, CardItem | None] | None = None
        self._drag: CardItem | None = None
        self._drag_offset = QPointF()
        self._spare: list[CardItem] = []   # cards off the table, for the next plan (_new_card)
        self._played_key: Hashable | None = None
        self._serial = 0
        self._felt: QPixmap | None = None
        self._felt_key: tuple = ()
        self._felt_colour = "green"
        self._celebration: dict[int, CelebrationItem] = {}   # the winners' plates, glowing, by seat
        self._celebration_anim: QParallelAnimationGroup | None = None
        self._drop_lit: tuple[QRectF, QGraphicsPathItem] | None = None   # the drop target lit now
        self._zoom: list[QGraphicsItem] = []   # the zoomed card and its names
        self._zoom_names: list[str] = []
        self._mouse = QPointF(-1, -1)          # where the mouse was last seen (viewport)
        self._think_timer = QTimer(self)
        self._think_timer.setInterval(380)
        self._think_timer.timeout.connect(self._think_tick)
        self._blank = False     # the table hides everything (several people at one computer: set_blank)

    # ===========================================================================================
    # public interface

    def set_game(self, game_id: str, seat_names: Sequence[str], human_seat: int) -> None:
        """A new hand or match: forget the old layout and build the one registered for game_id."""
        self._stop_animations()
        self._names = list(seat_names)
        self._human = human_seat
        self._use_game(game_id, human_seat)
        self.clear_captions()
        self._clear_scene()

    def set_blank(self, on: bool) -> None:
        """Hide the whole table (``on``) — several people at one computer, between two people's
        turns: every card, plate, label and caption leaves the scene (nothing of anybody's hand is
        left in it, not even face down under a cover), and views are not drawn until the table is
        shown again, with the next :meth:`set_game` and :meth:`show_view`."""
        self._blank = on
        if on:
            self.clear_captions()
            self._clear_scene()
            self._view = None

    def is_blank(self) -> bool:
        return self._blank

    def _use_game(self, game_id: str, human_seat: int) -> TableLayout:
        """The game's layout and card family (the cards' shape and back)."""
        self._game_id = game_id
        self._family = get_game(game_id).card_family
        self._layout = layout_class(game_id)(self._names, human_seat)
        return self._layout

    def set_seat_names(self, seat_names: Sequence[str]) -> None:
        """New names for the seats (a language change renames the human's default name)."""
        self._names = list(seat_names)
        if self._layout is not None:
            self._layout.seat_names = list(seat_names)
        if self._view is not None:
            self._apply([], animate=False)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            for item in self._seats.values():   # the dealer chip's letter and the tooltips
                item.set_spec(item.spec, force=True)
        super().changeEvent(event)

    def show_view(self, view: View, events: Sequence[Event] | None = None) -> None:
        """Draw ``view``; animate ``events`` (as the human sees them) if animations are on (nothing
        while the table is blank)."""
        if self._blank:
            return
        self._serial += 1
        self._stop_animations()
        self.end_celebration()
        self.hide_zoom()
        # the window names the game (set_game); a view may name it too (a field of its own: the View
        # base cannot declare one without giving every game's view a default there)
        game_id: str = getattr(view, "game_id", "")
        layout = self._layout
        if layout is None or (game_id and game_id != self._game_id):
            layout = self._use_game(game_id, view.viewer)
        layout.human = view.viewer
        # a view that shows a hand's result (Ceki's and Pèi's ``result``) marks the hand as over
        if self._view is not None and getattr(self._view, "result", None) is not None and \
                getattr(view, "result", None) is None and events:
            # a new hand after a finished one: start from a clean table
            self._clear_scene()
        self._view = view
        self._hint = None
        self._opened = None
        self._apply(events or [], animate=bool(events))
        self._played_key = None

    def set_options(self, *, animation_speed: str = "normal", highlight_legal: bool = True,
                    sort_hand: bool = True, show_codes: bool = False,
                    card_namer: Callable[[Any], str] | None = None) -> None:
        """Apply settings; card_namer(kind) gives the display name used in tooltips."""
        self._speed = animation_speed if animation_speed in SPEEDS else "normal"
        self._highlight = bool(highlight_legal)
        self._sort = bool(sort_hand)
        self._show_codes = bool(show_codes)
        self._namer = card_namer
        if self._view is not None:
            self._stop_animations()
            self._apply([], animate=False)

    def set_hint(self, action: Action | None) -> None:
        """Mark the card or pile of a suggested action (None clears it) and make it the keyboard
        selection, so that Enter plays exactly the hinted move (a hand card, a capture choice, or
        the stock or discard pile of a draw or take); a card played in several ways opens its
        choices, and a decision that is not a card puts the keyboard on its button."""
        self._hint = action
        item = self._hint_item()
        if item is not None:
            self._select(item.key)
            if item.opens:   # one of the card's ways to play: its choices open, the keyboard on it
                self._activate(item)
        else:
            self._decorate()
            if action is not None:   # a decision that is not a card: the keyboard on its button
                any(bar.focus_action(action) for bar in self._bars.values())

    def set_thinking(self, seat: int) -> None:
        """Highlight the seat whose computer player is thinking (−1: nobody)."""
        self._thinking = seat
        for q, item in self._seats.items():
            item.set_thinking(q == seat)
        if seat >= 0 and seat in self._seats:
            self._think_timer.start()
        else:
            self._think_timer.stop()

    def celebrate(self, winners: Sequence[int]) -> bool:
        """Celebrate a hand won by ``winners`` at their seats: their plates glow and a few stars
        rise, for :data:`~.feel.CELEBRATION_MS` at the animation speed; a click or a key ends it.
        ``celebrationDone`` follows.  False (nothing shown, no signal) with animations off, on a
        hidden table or with no winner on the table."""
        self.end_celebration()
        ms = CELEBRATION_MS.get(self._speed, 0)
        seats = [q for q in dict.fromkeys(winners) if q in self._seats]
        if ms <= 0 or not seats or not self.isVisible():
            return False
        group = QParallelAnimationGroup(self)
        for q in seats:
            item = self._celebration[q] = CelebrationItem(self._seats[q].spec.rect, self._scene.sceneRect())
            self._scene.addItem(item)
            a = QPropertyAnimation(item, b"progress", group)
            a.setStartValue(0.0)
            a.setEndValue(1.0)
            a.setDuration(ms)
            group.addAnimation(a)
        group.finished.connect(self.end_celebration)
        self._celebration_anim = group
        group.start()
        return True

    def celebrating(self) -> list[int]:
        """The seats whose win is being celebrated now (none: nothing is)."""
        return list(self._celebration)

    def end_celebration(self) -> None:
        """End a win's celebration now (a click, a key, the end of its time, a new view)."""
        anim, self._celebration_anim = self._celebration_anim, None
        if anim is None:
            return
        anim.stop()
        anim.deleteLater()
        for item in self._celebration.values():
            self._scene.removeItem(item)
            item.deleteLater()
        self._celebration = {}
        self.celebrationDone.emit()

    def show_caption(self, seat: int, text: str, ms: int) -> None:
        """Say ``text`` beside ``seat``'s plate for ``ms`` milliseconds (it replaces what the seat
        said before; none while the table is blank)."""
        if self._blank:
            return
        self._drop_caption(seat)
        item = CaptionItem(text, self._scene.sceneRect().width())
        self._scene.addItem(item)
        self._captions[seat] = item
        item.timer.timeout.connect(lambda: self._drop_caption(seat, item))
        item.timer.start(ms)
        self._place_captions()

    def captions(self) -> dict[int, str]:
        """The captions shown now, by seat."""
        return {q: item.text for q, item in self._captions.items()}

    def clear_captions(self) -> None:
        for seat in list(self._captions):
            self._drop_caption(seat)

    def _drop_caption(self, seat: int, item: CaptionItem | None = None) -> None:
        """Take ``seat``'s caption off the table (only ``item``, if given: a later one stays)."""
        shown = self._captions.get(seat)
        if shown is None or (item is not None and shown is not item):
            return
        del self._captions[seat]
        shown.timer.stop()
        self._scene.removeItem(shown)
        shown.deleteLater()

    def _place_captions(self) -> None:
        """Each caption by its seat's plate, on none of the seats' cards where it can be (the cards'
        places in the plan: an animation may still be bringing them), and as little as it can on
        the rest: the middle's cards, the labels, the other plates and the captions placed before."""
        if not self._captions:
            return
        seats_cards: list[QRectF] = []
        middle: list[QRectF] = []
        for spec in self._specs.values():
            (seats_cards if spec.seat >= 0 else middle).append(self._spec_rect(spec))
        middle += [label.mapRectToScene(label.boundingRect()) for label in self._labels.values()]
        plates = {q: item.spec.rect for q, item in self._seats.items()}
        for seat, item in self._captions.items():
            plate = plates.get(seat)
            if plate is not None:
                others = middle + [r for q, r in plates.items() if q != seat]
                item.place(plate, self._scene.sceneRect(), seats_cards, others)
                middle.append(item.bubble_rect())
            item.setVisible(plate is not None)

    def _spec_rect(self, spec: CardSpec) -> QRectF:
        """Where a card of the plan lies in the scene (its turn included), as a rectangle."""
        w = card_width(spec.height, back_code(self._family))
        box = QRectF(-w / 2, -spec.height / 2, w, spec.height)
        turn = QTransform().translate(spec.pos.x(), spec.pos.y()).rotate(spec.rotation)
        return turn.mapRect(box)

    def _think_tick(self) -> None:
        item = self._seats.get(self._thinking)
        if item is None or not item.thinking:
            self._think_timer.stop()
            return
        item.phase += 1
        item.update()

    def skip_animations(self) -> None:
        """Finish every running animation at once."""
        if self._anim is not None:
            self._stop_animations()
            self.animationsDone.emit()

    def press_key(self, key: int) -> bool:
        """Play the move the plan binds to ``key`` now (D, T, 1…9 …: ``Plan.keys``); False if none.
        The window calls it from its window-wide shortcuts, the table from its own key presses."""
        action = self._plan.keys.get(int(key)) if self._plan is not None else None
        choice = None if action is not None or self._plan is None else next(
            (c for c in self._plan.choices if c.shortcut == int(key)), None)
        if action is None and choice is None:
            return False
        if self._anim is not None:
            self.skip_animations()
        if choice is not None:
            return self._bars[choice.anchor].activate(choice.key)
        return self._emit(action)

    @staticmethod
    def game_keys() -> list[int]:
        """Every key a registered game's table binds to a move (for window-wide shortcuts)."""
        out: list[int] = []
        for cls in registered_layouts().values():
            out.extend(k for k in cls.game_keys if k not in out)
        return out

    @staticmethod
    def shortcuts(game_id: str | None = None) -> list[tuple[str, str]]:
        """(key, what it does) pairs for the Help page — strings already translated: the table's own
        keys, then the keys of ``game_id``'s layout (of every layout when None, first one wins)."""
        out = [
            (QCoreApplication.translate("TableWidget", "Left / Right"),
             QCoreApplication.translate("TableWidget", "Select a card in your hand")),
            (QCoreApplication.translate("TableWidget", "Enter / Space"),
             QCoreApplication.translate("TableWidget", "Play the selected card")),
            (QCoreApplication.translate("TableWidget", "Z or the right mouse button, held"),
             QCoreApplication.translate("TableWidget", "Show the card under the mouse large, with all its names")),
        ]
        seen = {k for k, _ in out}
        layouts = registered_layouts()
        chosen = [layouts[game_id]] if game_id in layouts else list(layouts.values())
        for cls in chosen:
            for key, what in cls.shortcuts():
                if key not in seen:
                    seen.add(key)
                    out.append((key, what))
        return out

    # -- extras (tests, the bench, the window) ----------------------------------------------------
    def card_items(self) -> list[CardItem]:
        """Every card item on the table (each has ``.kind``, ``.face_up``, ``.role``, ``.seat``)."""
        return list(self._items.values())

    def seat_items(self) -> dict[int, SeatItem]:
        return dict(self._seats)

    def is_animating(self) -> bool:
        return self._anim is not None

    def is_dealing(self) -> bool:
        """Whether a hand's cards are flying to the seats now (the person and the computer players
        wait until they are all there, or a click or a key skips the rest)."""
        return self._dealing

    def selected_card(self) -> CardItem | None:
        return self._items.get(self._selected) if self._selected is not None else None

    def current_view(self) -> View | None:
        return self._view

    def plan(self) -> Plan | None:
        """The plan drawn now (where every card, seat and choice of the view lies)."""
        return self._plan

    def spec_rect(self, spec: CardSpec) -> QRectF:
        """Where a card of the plan lies in the scene (= the viewport), once it has landed."""
        return self._spec_rect(spec)

    def choice_bars(self) -> list[ChoiceBar]:
        """The bars of controls for the decisions that are not a card, shown now."""
        return list(self._bars.values())

    # ===========================================================================================
    # building the scene

    def _options(self) -> LayoutOptions:
        return LayoutOptions(sort_hand=self._sort, highlight_legal=self._highlight, card_namer=self._namer)

    def _clear_scene(self) -> None:
        self._stop_animations()
        self.end_celebration()
        self.hide_zoom()
        self._light_drop(None)
        for it in list(self._items.values()):
            self._retire(it)
        for other in list(self._seats.values()) + list(self._labels.values()) + self._slots:
            self._scene.removeItem(other)
        self._items.clear()
        self._specs.clear()
        self._seats.clear()
        self._labels.clear()
        self._slots.clear()
        self._opened = None
        self._sync_choices(Plan())
        self._plan = None
        self._hover = None
        self._drag = None
        self._press = None
        self._selected = None
        self._selected_index = -1

    def _new_card(self, spec: CardSpec) -> CardItem:
        """An item for a card that was not on the table: a spare one reset, or a new one."""
        if self._spare:
            it = self._spare.pop()
            it.reset(spec.key, spec.kind, spec.face_up, spec.height, self._family)
        else:
            it = CardItem(spec.key, spec.kind, spec.face_up, spec.height, self._family)
        self._scene.addItem(it)
        return it

    def _retire(self, it: CardItem) -> None:
        """Take a card off the table, kept for :meth:`_new_card` (no animation holds it: every
        change of plan stops the running one first)."""
        self._scene.removeItem(it)
        held = self._drag is it or (self._press is not None and self._press[1] is it)   # the mouse's
        if not held and len(self._spare) < MAX_SPARE_CARDS:
            self._spare.append(it)

    def _flight_ms(self) -> int:
        return SPEEDS.get(self._speed, 320)

    def _apply(self, events: Sequence[Event], animate: bool, slide: bool = False) -> None:
        """Build the plan for the current view and bring the scene to it (animated or not)."""
        if self._view is None or self._layout is None:
            return
        self._stop_animations()   # (it would go on moving items this plan takes off the table)
        self._light_drop(None)    # (the next move of a dragged card lights the new plan's target)
        vp = self.viewport().size()
        W, H = max(1, vp.width()), max(1, vp.height())
        self._scene.setSceneRect(0, 0, W, H)
        plan = self._layout.plan(self._view, W, H, self._options())
        flight = self._flight_ms()
        animate = (animate or slide) and flight > 0 and self.isVisible()
        old_specs = dict(self._specs)
        choreo = None
        if animate and events:
            try:
                choreo = self._layout.choreograph(events, old_specs, plan, self._view,
                                                  played_key=self._played_key)
            except Exception:   # an animation must never break the table
                choreo = None
        if choreo is not None and choreo.deal:
            _shorten_deal(choreo)
        new_keys = {c.key for c in plan.cards}

        # -- which item shows which card
        old_items = dict(self._items)
        items: dict[Hashable, CardItem] = {}
        claimed: set = set()
        fresh: set = set()
        if choreo is not None:
            for nk, ok in choreo.reuse.items():
                if nk in new_keys and ok in old_items and ok not in claimed and nk not in items:
                    items[nk] = old_items[ok]
                    claimed.add(ok)
        for spec in plan.cards:
            if spec.key in items:
                continue
            it = old_items.get(spec.key)
            if it is not None and spec.key not in claimed:
                items[spec.key] = it
                claimed.add(spec.key)
            else:
                it = self._new_card(spec)
                items[spec.key] = it
                fresh.add(spec.key)
        for ok, it in old_items.items():
            if ok not in claimed:
                if it is self._hover:
                    self._hover = None
                self._retire(it)
        self._items = items
        self._specs = {c.key: c for c in plan.cards}
        self._plan = plan
        if self._opened is not None and not (self._opened in self._specs and self._specs[self._opened].choices):
            self._opened = None

        # -- keyboard selection survives where it can
        hand = [c.key for c in plan.cards if c.selectable]
        if self._selected is not None:
            if self._selected in hand:
                self._selected_index = hand.index(self._selected)
            elif hand and self._selected_index >= 0:
                self._selected_index = min(self._selected_index, len(hand) - 1)
                self._selected = hand[self._selected_index]
            else:
                self._selected, self._selected_index = None, -1

        self._sync_seats(plan)
        self._sync_labels(plan)
        self._sync_slots(plan)
        self._sync_choices(plan)

        group = QParallelAnimationGroup(self) if animate else None
        for spec in plan.cards:
            it = items[spec.key]
            it.key = spec.key
            old_h = it.height
            self._set_static(it, spec)
            target = self._target_pos(it, spec)
            if group is None:
                it.set_face(spec.kind, spec.face_up)
                it.setPos(target)
                it.setRotation(spec.rotation)
                it.setOpacity(1.0)
                it.setScale(1.0)
                it.setZValue(spec.z)
                continue
            start = choreo.start.get(spec.key) if choreo is not None else None
            delay = (choreo.delay.get(spec.key, 0.0) if choreo is not None else 0.0) * flight
            if spec.key in fresh and start is None:
                # nothing says where it came from: fade in where it belongs
                it.set_face(spec.kind, spec.face_up)
                it.setPos(target)
                it.setRotation(spec.rotation)
                it.setZValue(spec.z)
                if slide:
                    it.setOpacity(1.0)
                    continue
                it.setOpacity(0.0)
                self._add_anim(group, it, delay, flight, fade=True)
                continue
            if start is not None:
                pos0, up0, rot0 = start[:3]
                it.set_face(spec.kind, up0)
                it.setPos(pos0)
                it.setRotation(rot0)
                if len(start) > 3 and start[3]:
                    old_h = start[3]
            elif spec.key in fresh:
                old_h = spec.height
            it.setOpacity(1.0)
            scale0 = old_h / spec.height if spec.height else 1.0
            if abs(scale0 - 1.0) < 0.01:
                scale0 = 1.0
            it.setScale(scale0)
            flips = it.face_up != (spec.face_up and spec.kind is not None) or \
                (it.face_up and kind_code(it.kind) != kind_code(spec.kind))
            moves = (it.pos() - target).manhattanLength() > 0.5 or abs(it.rotation() - spec.rotation) > 0.05
            if not flips and not moves and scale0 == 1.0:
                it.set_face(spec.kind, spec.face_up)
                it.setZValue(spec.z)
                continue
            if flips:
                it.set_face(spec.kind, spec.face_up, animate_from_current=True)
            else:
                it.set_face(spec.kind, spec.face_up)
            it.setZValue(spec.z + (5000 if moves and not slide else 0))
            if moves and not slide:
                it.set_peek((1.0, 1.0))   # a card flies whole; where it lands, cards cover it again
            self._add_anim(group, it, delay, flight if not slide else int(flight * 0.6),
                           pos=target if moves else None, rot=spec.rotation if moves else None, flip=flips,
                           scale=scale0)
        if group is not None and choreo is not None:
            for key in choreo.banners:
                lab = self._labels.get(key)
                if lab is not None:
                    lab.setOpacity(0.0)
                    lab.setScale(0.5)
                    seq = QSequentialAnimationGroup()
                    seq.addPause(int(flight * 0.8))
                    par = QParallelAnimationGroup()
                    a = QPropertyAnimation(lab, b"opacity")
                    a.setStartValue(0.0)
                    a.setEndValue(1.0)
                    a.setDuration(int(flight * 0.8))
                    b = QPropertyAnimation(lab, b"scale")
                    b.setStartValue(0.5)
                    b.setEndValue(1.0)
                    b.setDuration(int(flight * 0.8))
                    b.setEasingCurve(QEasingCurve.Type.OutBack)
                    par.addAnimation(a)
                    par.addAnimation(b)
                    seq.addAnimation(par)
                    group.addAnimation(seq)
        self._decorate()
        if group is not None and group.animationCount() > 0:
            self._anim = group
            self._dealing = choreo is not None and choreo.deal
            group.finished.connect(self._animation_finished)
            group.start()
        else:
            if group is not None:
                group.deleteLater()
            self._anim = None
            self.animationsDone.emit()

    def _add_anim(self, group: QParallelAnimationGroup, it: CardItem, delay: float, duration: int, *,
                  pos: QPointF | None = None, rot: float | None = None, flip: bool = False,
                  fade: bool = False, scale: float = 1.0) -> None:
        anims: list[QPropertyAnimation] = []

        def anim(prop: bytes, start: Any, end: Any, ms: int = duration) -> None:
            a = QPropertyAnimation(it, prop)
            a.setStartValue(start)
            a.setEndValue(end)
            a.setDuration(ms)
            a.setEasingCurve(MOVE_EASING)
            anims.append(a)

        if scale != 1.0:
            anim(b"zoom", scale, 1.0)
        if pos is not None:
            anim(b"pos", it.pos(), pos)
        if rot is not None and abs(it.rotation() - rot) > 0.05:
            anim(b"angle", it.rotation(), rot)
        if flip:
            anim(b"flip", 0.0, 1.0)
        if fade:
            anim(b"opacity", 0.0, 1.0, max(1, int(duration * 0.8)))
        if not anims:
            return
        # as few animation objects as will do: a deal or a reveal moves a hundred cards at once
        node: QAbstractAnimation = anims[0]
        if len(anims) > 1:
            node = QParallelAnimationGroup()
            for a in anims:
                node.addAnimation(a)
        if delay > 0:
            seq = QSequentialAnimationGroup()
            seq.addPause(int(delay))
            seq.addAnimation(node)
            node = seq
        group.addAnimation(node)

    def _animation_finished(self) -> None:
        if self.sender() is not self._anim:
            return
        self._snap()
        anim, self._anim = self._anim, None
        self._end_deal()
        if anim is not None:
            anim.deleteLater()
        self.animationsDone.emit()

    def _end_deal(self) -> None:
        if self._dealing:
            self._dealing = False
            self.dealt.emit()

    def _stop_animations(self) -> None:
        anim, self._anim = self._anim, None
        self._end_deal()
        if anim is not None:
            anim.stop()
            anim.deleteLater()
            self._snap()

    def _snap(self) -> None:
        """Put every item exactly where the plan says (the end state of any animation)."""
        for key, it in self._items.items():
            spec = self._specs.get(key)
            if spec is None:
                continue
            if it is self._drag:
                continue
            it.set_face(spec.kind, spec.face_up)
            it.set_peek(spec.peek)
            it.setPos(self._target_pos(it, spec))
            it.setRotation(spec.rotation)
            it.setOpacity(1.0)
            it.setScale(1.0)
            it.setZValue(spec.z)
        for lab in self._labels.values():
            lab.setOpacity(1.0)
            lab.setScale(1.0)

    def _target_pos(self, it: CardItem, spec: CardSpec) -> QPointF:
        lift = 0.0
        if spec.selectable:
            if spec.key == self._selected:
                lift = 0.12 * spec.height
            elif it is self._hover and (it.action is not None or it.opens):
                lift = 0.05 * spec.height
        if not lift:
            return QPointF(spec.pos)
        a = math.radians(spec.rotation)
        return QPointF(spec.pos.x() + lift * math.sin(a), spec.pos.y() - lift * math.cos(a))

    def _set_static(self, it: CardItem, spec: CardSpec) -> None:
        it.set_height(spec.height)
        it.set_peek(spec.peek)
        it.role = spec.role
        it.seat = spec.seat
        legal = self._view.legal if self._view is not None else ()
        it.action = spec.action if spec.action is not None and spec.action in legal else None
        it.opens = it.action is None and any(c.action in legal for c in spec.choices)
        it.selectable = spec.selectable
        it.strong = spec.strong
        if (it.mark, it.show_code) != (spec.mark, self._show_codes):
            it.mark = spec.mark
            it.show_code = self._show_codes
            it.update()
        tips = []
        if spec.kind is not None and spec.face_up:
            try:   # every name of the card: English, Javanese in Latin and aksara Jawa, Peranakan
                name = card_tooltip(spec.kind)
            except Exception:
                name = None
            tips.append(name or kind_code(spec.kind))
        if spec.tooltip:
            tips.append(spec.tooltip)
        tip = "\n".join(tips)
        if tip != it.toolTip():
            it.setToolTip(tip)
        it.setCursor(Qt.CursorShape.PointingHandCursor if it.action is not None or it.opens
                     else Qt.CursorShape.ArrowCursor)

    def _hint_item(self) -> CardItem | None:
        """The item that shows the hinted action: a card of the hand (or another selectable card; a
        card whose choices hold it), else the top card of the pile that plays it."""
        if self._hint is None:
            return None
        cands = [it for it in self._items.values() if it.action == self._hint
                 or any(c.action == self._hint for c in self._specs[it.key].choices)]
        if not cands:
            return None
        sel = [it for it in cands if it.selectable]
        return sel[0] if sel else max(cands, key=lambda i: self._specs[i.key].z)

    def _select(self, key: Hashable | None) -> None:
        """Make ``key`` the keyboard selection (a pile's card has no place in the hand's order)."""
        hand = [c.key for c in self._plan.cards if c.selectable] if self._plan else []
        self._selected = key
        self._selected_index = hand.index(key) if key in hand else -1
        self._refresh_positions()

    def _decorate(self) -> None:
        """Legal highlights, dimming, selection and hint marks from the present state."""
        if self._plan is None:
            return
        items = self._items
        any_hand_action = any(it.selectable and (it.action is not None or it.opens) for it in items.values())
        tops: dict[str, CardItem] = {}
        for it in items.values():
            if it.action is not None and not it.selectable:
                cur = tops.get(it.role)
                if cur is None or it.zValue() > cur.zValue() or self._specs[it.key].z > self._specs[cur.key].z:
                    tops[it.role] = it
        hint_item = self._hint_item()
        for key, it in items.items():
            spec = self._specs[key]
            playable = it.action is not None or it.opens
            hl = self._highlight and playable and (it.selectable or tops.get(it.role) is it)
            dim = spec.dim or (self._highlight and it.selectable and any_hand_action and not playable)
            changed = (hl, dim, key == self._selected, it is hint_item) != (it.highlight, it.dim, it.selected, it.hint)
            it.highlight, it.dim, it.selected, it.hint = hl, dim, key == self._selected, it is hint_item
            if changed:
                it.update()

    def _sync_seats(self, plan: Plan) -> None:
        seen = set()
        for spec in plan.seats:
            seen.add(spec.seat)
            item = self._seats.get(spec.seat)
            if item is None:
                item = SeatItem(spec, self._family)
                item.setZValue(50)
                self._scene.addItem(item)
                self._seats[spec.seat] = item
            else:
                item.set_spec(spec)
            item.set_thinking(spec.seat == self._thinking)
        for q in [q for q in self._seats if q not in seen]:
            self._scene.removeItem(self._seats.pop(q))
        self._place_captions()

    def _sync_labels(self, plan: Plan) -> None:
        seen = set()
        for spec in plan.labels:
            seen.add(spec.key)
            item = self._labels.get(spec.key)
            if item is None:
                item = LabelItem(spec)
                item.setZValue(8000)
                self._scene.addItem(item)
                self._labels[spec.key] = item
            else:
                item.set_spec(spec)
            item.setOpacity(1.0)
            item.setScale(1.0)
        for k in [k for k in self._labels if k not in seen]:
            self._scene.removeItem(self._labels.pop(k))

    def _sync_slots(self, plan: Plan) -> None:
        for it in self._slots:
            self._scene.removeItem(it)
        self._slots = []
        for r in plan.slots:
            path = QPainterPath()
            rad = r.width() * 0.08
            path.addRoundedRect(r, rad, rad)
            it = QGraphicsPathItem(path)
            pen = QPen(QColor(255, 255, 255, 45), 1.5, Qt.PenStyle.DashLine)
            it.setPen(pen)
            it.setBrush(QColor(0, 0, 0, 28))
            it.setZValue(-10)
            it.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self._scene.addItem(it)
            self._slots.append(it)

    def _sync_choices(self, plan: Plan) -> None:
        """One bar of controls per anchor of the plan's choices; a bar showing the same choices is
        kept (its focus and amount too).  When the keyboard was in a bar that goes, it moves to the
        first control of the next choices — now, or when the next choices come (it waits on the
        table meanwhile, unless the player clicks the table)."""
        by_anchor: dict[int, list] = {}
        opened = self._specs.get(self._opened) if self._opened is not None else None
        for c in plan.choices + (opened.choices if opened is not None else []):
            by_anchor.setdefault(c.anchor, []).append(c)
        focus = QApplication.focusWidget()
        had_focus = any(bar.isAncestorOf(focus) for bar in self._bars.values()) if focus else False
        old, self._bars = self._bars, {}
        player = self._layout.human if self._layout else self._human
        for anchor, specs in by_anchor.items():
            kept = old.get(anchor)
            if kept is not None and kept.signature() == choice_signature(specs, player):
                self._bars[anchor] = old.pop(anchor)
                continue
            bar = self._bars[anchor] = ChoiceBar(self.viewport(), specs, player)
            bar.chosen.connect(self._emit)
        if old and had_focus:
            self.setFocus(Qt.FocusReason.OtherFocusReason)   # before its bar goes (hiding the focus moves it)
        for bar in old.values():
            bar.hide()
            bar.deleteLater()
        self._place_choices(plan)
        self._back_to_choices = had_focus or (self._back_to_choices and self.hasFocus())
        focused = QApplication.focusWidget()
        if self._back_to_choices and not any(focused is not None and bar.isAncestorOf(focused)
                                             for bar in self._bars.values()):
            first = next((bar.focusables()[0] for bar in self._bars.values()), None)
            (first or self).setFocus(Qt.FocusReason.TabFocusReason)
            self._back_to_choices = first is None

    def _place_choices(self, plan: Plan) -> None:
        """Each bar beside its anchor seat's plate (above it, or below if there is no room), a card's
        choices over the card, or in the table's centre, inside the table; its text grows with the
        table and shrinks only if the bar would not fit across it."""
        W, H = self.viewport().width(), self.viewport().height()
        seats = {s.seat: s.rect for s in plan.seats}
        opened = self._items.get(self._opened) if self._opened is not None else None
        for anchor, bar in self._bars.items():
            px = round(max(12.0, min(W / 64, H / 40)))
            bar.set_pixel_size(px)
            while bar.width() > W - 16 and px > 9:
                px -= 1
                bar.set_pixel_size(px)
            # a card's choices stand over the card (the seat's own choices beside its plate)
            mine = opened is not None and any(c in bar.specs for c in self._specs[opened.key].choices)
            rect = opened.sceneBoundingRect() if mine and opened is not None else seats.get(anchor)
            if rect is None:
                x, y = (W - bar.width()) / 2, (H - bar.height()) / 2
            else:
                x = rect.center().x() - bar.width() / 2
                y = rect.top() - bar.height() - 8
                if y < 8:
                    y = rect.bottom() + 8
            bar.move(round(min(max(x, 8), W - bar.width() - 8)), round(min(max(y, 8), H - bar.height() - 8)))
            bar.show()
            bar.raise_()

    # ===========================================================================================
    # the felt

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        rect = QRectF(rect)   # Qt passes a QRectF; the stub also allows a QRect
        sr = self.sceneRect()
        dpr = self.devicePixelRatioF()
        key = (round(sr.width()), round(sr.height()), dpr, self._felt_colour)
        if self._felt is None or self._felt_key != key:
            self._felt = self._make_felt(int(sr.width()), int(sr.height()), dpr, FELTS[self._felt_colour])
            self._felt_key = key
        painter.drawPixmap(rect, self._felt,
                           QRectF(rect.x() * dpr, rect.y() * dpr, rect.width() * dpr, rect.height() * dpr))

    def set_looks(self, felt: str, card_back: str) -> None:
        """Draw the felt ``felt`` (a key of :data:`FELTS`) and the card backs ``card_back`` (a
        design of ``cardpics.BACK_DESIGNS``) from now on, the table on screen at once."""
        felt = felt if felt in FELTS else next(iter(FELTS))
        changed = card_art().set_back_design(card_back) or felt != self._felt_colour
        self._felt_colour = felt
        if changed:
            for item in self._scene.items():   # the cards and plates repaint (their caches too)
                item.update()
            self.viewport().update()

    @staticmethod
    def _make_felt(w: int, h: int, dpr: float, colours: tuple[QColor, QColor, QColor]) -> QPixmap:
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
        p.setPen(QPen(QColor(255, 255, 255, 14), 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(rail, min(w, h) * 0.08, min(w, h) * 0.08)
        p.end()
        return pm

    # ===========================================================================================
    # resizing

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        vp = self.viewport().size()
        self._scene.setSceneRect(0, 0, max(1, vp.width()), max(1, vp.height()))
        if self._view is not None:
            self._stop_animations()
            self._drag = None
            self._apply([], animate=False)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        vp = self.viewport().size()
        scene = self.sceneRect()
        if self._view is not None and (scene.width(), scene.height()) != (vp.width(), vp.height()):
            self._apply([], animate=False)

    # ===========================================================================================
    # mouse

    def _card_at(self, pos) -> CardItem | None:
        for it in self.items(pos.toPoint() if hasattr(pos, "toPoint") else pos):
            if isinstance(it, CardItem) and it is not self._drag:
                return it
        return None

    def _emit(self, action: Action | None, key: Hashable | None = None) -> bool:
        view = self._view
        if action is None or view is None:
            return False
        if self._dealing:   # a button of the choices while the hand is dealt: it only ends the deal
            self.skip_animations()
            return False
        # a range names no player: its amounts are the viewer's own decisions
        ranges = view.ranges if action.player == view.viewer else ()
        if offered_action(action, view.legal, ranges) is None:
            return False
        # the copy that was clicked flies (the next show_view uses it); a card's choice: that card
        self._played_key = key if key is not None else self._opened
        self.actionChosen.emit(action)
        return True

    def _activate(self, item: CardItem) -> None:
        """A click or Enter on a card: play its action, or show its choices (a card that can be played
        in several ways), the keyboard in their bar."""
        if not item.opens:
            self._emit(item.action, item.key)
            return
        self._opened = item.key
        self._sync_choices(self._plan or Plan())
        bar = self._bars.get(self._specs[item.key].choices[0].anchor)
        if bar is not None and not (self._hint is not None and bar.focus_action(self._hint)):
            bar.focusables()[0].setFocus(Qt.FocusReason.TabFocusReason)

    def opened_card(self) -> Hashable | None:
        """The card whose choices are shown now (None: no card's)."""
        return self._opened

    def close_card_choices(self) -> None:
        """Hide a card's choices (Escape, another card) and give the keyboard back to the table."""
        self._opened = None
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        self._sync_choices(self._plan or Plan())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._back_to_choices = False
        if event.button() == Qt.MouseButton.RightButton:   # looking, not playing: the card's zoom
            item = self._card_at(event.position())
            if item is not None:
                self.show_zoom(item)
            event.accept()
            return
        self.end_celebration()
        self.clicked.emit()
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        dealing = self._dealing
        if self._anim is not None:
            self.skip_animations()
        if event.button() == Qt.MouseButton.LeftButton and not dealing:   # a deal's skip plays nothing
            pos = event.position()
            self._press = (pos, self._card_at(pos))
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = self._mouse = event.position()
        if self._press is not None and event.buttons() & Qt.MouseButton.LeftButton:
            p0, item = self._press
            if self._drag is None and item is not None and item.selectable and item.scene() is self._scene \
                    and (pos - p0).manhattanLength() >= QApplication.startDragDistance():
                self._drag = item
                self._drag_offset = self.mapToScene(p0.toPoint()) - item.pos()
                item.setZValue(9000)
                item.set_peek((1.0, 1.0))   # the whole card follows the mouse
                self._set_hover(None)
            if self._drag is not None:
                self._light_drop(self._drop_zone(self._drag, self.mapToScene(pos.toPoint())))
                sp = self.mapToScene(pos.toPoint()) - self._drag_offset
                r = self.sceneRect()
                sp.setX(min(max(sp.x(), r.left()), r.right()))
                sp.setY(min(max(sp.y(), r.top()), r.bottom()))
                self._drag.setPos(sp)
            event.accept()
            return
        self._set_hover(self._card_at(pos))
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            if event.button() == Qt.MouseButton.RightButton:
                self.hide_zoom()
            event.accept()
            return
        self._light_drop(None)
        press, self._press = self._press, None
        pos = event.position()
        if self._drag is not None:
            dragged, self._drag = self._drag, None
            self._drop(dragged, self.mapToScene(pos.toPoint()))
            event.accept()
            return
        if press is None:
            return
        item = self._card_at(pos)
        if item is not None and (press[1] is None or item is press[1]):
            if item.selectable:
                self._select(item.key)
            self._activate(item)
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.mousePressEvent(event)

    def leaveEvent(self, event) -> None:
        self._set_hover(None)
        self._mouse = QPointF(-1, -1)
        super().leaveEvent(event)

    def wheelEvent(self, event) -> None:
        event.accept()   # the table never scrolls

    def _set_hover(self, item: CardItem | None) -> None:
        if item is not None and item.action is None and not item.opens:
            item = None
        if item is self._hover:
            return
        old, self._hover = self._hover, item
        for it in (old, item):
            if it is not None and it.scene() is self._scene:
                it.hover = it is item
                spec = self._specs.get(it.key)
                if spec is not None and self._anim is None:
                    it.setPos(self._target_pos(it, spec))
                it.update()

    def _drop_zone(self, item: CardItem, scene_pos: QPointF) -> DropZone | None:
        """The plan's drop target at ``scene_pos`` where dropping ``item`` is a legal move."""
        view = self._view
        if self._plan is None or view is None:
            return None
        for zone in self._plan.drops:
            action = zone.actions.get(item.kind) if zone.rect.contains(scene_pos) else None
            if action is not None and offered_action(action, view.legal, ()) is not None:
                return zone
        return None

    def _light_drop(self, zone: DropZone | None) -> None:
        """Light ``zone`` (None: no zone) as the place the dragged card would go."""
        lit = self._drop_lit
        if lit is not None and zone is not None and lit[0] == zone.rect:
            return
        if lit is not None:
            self._scene.removeItem(lit[1])
            self._drop_lit = None
        if zone is not None:
            item = drop_light(zone.rect)
            self._scene.addItem(item)
            self._drop_lit = (QRectF(zone.rect), item)

    def lit_drop(self) -> QRectF | None:
        """The drop target lit now (under a dragged card that may be dropped there), or None."""
        return QRectF(self._drop_lit[0]) if self._drop_lit is not None else None

    def _drop(self, item: CardItem, scene_pos: QPointF) -> None:
        plan = self._plan
        if plan is not None:
            zone = self._drop_zone(item, scene_pos)
            if zone is not None and self._emit(zone.actions[item.kind], item.key):
                if item.key in self._specs and self._items.get(item.key) is item:
                    self._refresh_positions(animate=True)
                return
            if plan.hand_rect is not None and plan.hand_rect.contains(scene_pos) and not self._sort:
                hand = [c for c in plan.cards if c.selectable and c.key != item.key]
                index = sum(1 for c in hand if c.pos.x() < scene_pos.x())
                if self._layout is not None and self._layout.reorder(item.key, index):
                    self._apply([], animate=False, slide=True)
                    return
        self._refresh_positions(animate=True)

    def _refresh_positions(self, animate: bool = False) -> None:
        """Back to the plan's places (after a drag, a selection change)."""
        self._decorate()
        group = QParallelAnimationGroup(self) if animate and self._flight_ms() > 0 and self._anim is None else None
        for key, it in self._items.items():
            spec = self._specs.get(key)
            if spec is None:
                continue
            target = self._target_pos(it, spec)
            it.set_peek(spec.peek)
            if group is not None and (it.pos() - target).manhattanLength() > 0.5:
                self._add_anim(group, it, 0, int(self._flight_ms() * 0.6), pos=target)
            else:
                it.setPos(target)
            it.setZValue(spec.z)
        if group is not None:
            if group.animationCount():
                self._anim = group
                group.finished.connect(self._animation_finished)
                group.start()
            else:
                group.deleteLater()

    # ===========================================================================================
    # keyboard

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if self._celebration_anim is not None and not event.isAutoRepeat():   # any key ends a celebration
            self.end_celebration()
            event.accept()
            return
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                                | Qt.KeyboardModifier.MetaModifier):
            event.ignore()
            return
        if key == ZOOM_KEY:
            if not event.isAutoRepeat():
                item = self._card_at(self._mouse) if self._mouse.x() >= 0 else None
                item = item or self.selected_card()
                if item is not None:
                    self.show_zoom(item)
            event.accept()
            return
        if self._plan is None:
            event.ignore()
            return
        if self._anim is not None and key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Return, Qt.Key.Key_Enter,
                                              Qt.Key.Key_Space, Qt.Key.Key_Home, Qt.Key.Key_End):
            self.skip_animations()
        hand = [c.key for c in self._plan.cards if c.selectable]
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End):
            # the person chooses among the cards: the keyboard stays here when the next choices come
            self._back_to_choices = False
            if hand:
                i = hand.index(self._selected) if self._selected in hand else -1
                if key == Qt.Key.Key_Home:
                    i = 0
                elif key == Qt.Key.Key_End:
                    i = len(hand) - 1
                elif i < 0:
                    i = 0 if key == Qt.Key.Key_Right else len(hand) - 1
                else:
                    i = (i + (1 if key == Qt.Key.Key_Right else -1)) % len(hand)
                self._select(hand[i])
            event.accept()
            return
        if key == Qt.Key.Key_Space and not (self._view is not None and self._view.legal):
            self.pauseKey.emit()   # nothing of the person's to choose: the computer players move
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            it = self._items.get(self._selected) if self._selected is not None else None
            if it is not None:
                self._activate(it)
            event.accept()
            return
        if key == Qt.Key.Key_Escape and self._opened is not None:
            self.close_card_choices()
            event.accept()
            return
        if self.press_key(int(key)):
            event.accept()
            return
        event.ignore()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == ZOOM_KEY and not event.isAutoRepeat():
            self.hide_zoom()
            event.accept()
            return
        super().keyReleaseEvent(event)

    def focusOutEvent(self, event) -> None:
        self.hide_zoom()   # the key's release may go elsewhere
        super().focusOutEvent(event)

    # ===========================================================================================
    # the zoom

    def show_zoom(self, item: CardItem) -> None:
        """Show ``item``'s card large beside it, inside the table, with every name of the card (a
        hidden card: its back, no names) until :meth:`hide_zoom` (Z or the right button let go)."""
        self.hide_zoom()
        sr = self._scene.sceneRect()
        face = item.face_up and item.kind is not None
        h = min(item.height * ZOOM, sr.height() * 0.62)
        h = max(h, min(item.height, sr.height() * 0.62))   # never smaller than the card itself
        big = CardItem(("zoom",), item.kind if face else None, face, h, self._family)
        big.setZValue(9500)
        big.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._zoom_names = card_tooltip(item.kind).split("\n") if face else []
        names = None
        if self._zoom_names:
            px = max(12, round(min(sr.height() / 36, h / 14)))
            names = ZoomNames(self._zoom_names, px)
            names.setZValue(9500)
        self._zoom = [big] + ([names] if names is not None else [])
        for it in self._zoom:
            self._scene.addItem(it)
        self._place_zoom(item.sceneBoundingRect(), big, names)

    def _place_zoom(self, near: QRectF, big: CardItem, names: ZoomNames | None) -> None:
        """The large card, its names beside it, above the card looked at, else below it (leaving the
        row it lies in free); else the names under the large card, to the card's right or left —
        the first with room, inside the scene."""
        sr = self._scene.sceneRect().adjusted(6, 6, -6, -6)
        card = big.card_rect()
        nw, nh = (names.boundingRect().width(), names.boundingRect().height()) if names is not None else (0.0, 0.0)
        gap = 12.0
        spots = []   # (top left of the block, the names beside the card?, the block's size)
        for beside in (True, False):
            w = card.width() + (nw + gap if beside and names is not None else 0.0)
            h = max(card.height(), nh) if beside else card.height() + (nh + 6 if names is not None else 0.0)
            cx, cy = near.center().x() - w / 2, near.center().y() - h / 2
            spots += [(QPointF(cx, near.top() - gap - h), beside, w, h, sr.top() <= near.top() - gap - h),
                      (QPointF(cx, near.bottom() + gap), beside, w, h, near.bottom() + gap + h <= sr.bottom())]
            if not beside:
                spots += [(QPointF(near.right() + gap, cy), beside, w, h, near.right() + gap + w <= sr.right()),
                          (QPointF(near.left() - gap - w, cy), beside, w, h, sr.left() <= near.left() - gap - w)]
        at, beside, w, h, _ = next((spot for spot in spots if spot[-1]), spots[-2])
        x = min(max(at.x(), sr.left()), sr.right() - w)
        y = min(max(at.y(), sr.top()), sr.bottom() - h)
        if beside:
            big.setPos(x + card.width() / 2, y + h / 2)
            if names is not None:
                names.setPos(x + card.width() + gap, y + (h - nh) / 2)
        else:
            big.setPos(x + w / 2, y + card.height() / 2)
            if names is not None:
                names.setPos(x + (w - nw) / 2, y + card.height() + 6)

    def hide_zoom(self) -> None:
        for it in self._zoom:
            self._scene.removeItem(it)
        self._zoom = []
        self._zoom_names = []

    def zoomed(self) -> tuple[QRectF, list[str]] | None:
        """The zoom shown now: the large card's rectangle in the scene and the names under it."""
        if not self._zoom:
            return None
        return self._zoom[0].sceneBoundingRect(), list(self._zoom_names)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        """Tab goes from the table to the controls of its choices and through them, then on to
        the rest of the window."""
        chain: list[QWidget] = [self]
        for bar in self._bars.values():
            chain += bar.focusables()
        here = QApplication.focusWidget()
        at = [i for i, w in enumerate(chain) if w is here or (i and here is not None and w.isAncestorOf(here))]
        if at and len(chain) > 1:
            to = at[0] + (1 if next else -1)
            if 0 <= to < len(chain):
                chain[to].setFocus(Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason)
                return True
        return super().focusNextPrevChild(next)
