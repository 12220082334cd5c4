"""The table's furniture: the seats' name plates, the labels' pills and the empty slots drawn on the
felt, and :class:`Furniture`, which keeps them in step with each :class:`~.layouts.Plan`.

The cards are not furniture: the widget gives them their places and :mod:`.motion` moves them.
"""
from __future__ import annotations

from collections.abc import Hashable

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QLinearGradient, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPathItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ..foundations import theme
from ..foundations.cardpics import CEKI, back_code, card_art, card_width
from ..foundations.fonts import pixel_font, short_line
from ..foundations.theme import qc
from .cards import star_path
from .layouts import LabelSpec, Plan, SeatSpec


class SeatItem(QGraphicsObject):
    """A player's name plate: name, cards in hand, dealer chip, the layout's badge, turn highlight."""

    def __init__(self, spec: SeatSpec, family: str = CEKI):
        super().__init__()
        self.spec = spec
        self.family = family    # the game's card family: the shape of the small card drawn
        self.thinking = False
        self.mark = ""          # a networked table's connection mark (``set_mark``)
        self.mark_tip = ""
        self.phase = 0
        self.still = False      # reduced motion: the thinking dots do not run
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
        if self.mark_tip:
            tips.append(self.mark_tip)
        self.setToolTip("\n".join(tips))
        self.update()

    def set_mark(self, mark: str, tip: str) -> None:
        """A networked table's mark of the seat's person: ``connected`` (a green dot), ``reconnecting``
        (amber), ``computer`` (a computer player plays the seat for now: grey), ``open`` (a ring: a
        free seat), "" (none); ``tip`` says it in words (the tooltip, the screen reader)."""
        if (mark, tip) != (self.mark, self.mark_tip):
            self.mark, self.mark_tip = mark, tip
            self.set_spec(self.spec, force=True)

    MARKS = {"connected": QColor(46, 170, 80), "reconnecting": QColor(235, 160, 30),
             "computer": QColor(140, 140, 140), "open": QColor(200, 200, 200)}

    def _paint_mark(self, p: QPainter, w: float, h: float) -> None:
        """The connection mark: a dot on the plate's top right corner (a ring for a free seat)."""
        colour = self.MARKS.get(self.mark)
        if colour is None:
            return
        r = max(3.0, h * 0.09)
        centre = QPointF(w - r * 0.9, r * 0.9)
        if self.mark == "open":
            p.setPen(QPen(colour, max(1.5, r * 0.45)))
            p.setBrush(Qt.BrushStyle.NoBrush)
        else:
            p.setPen(QPen(QColor(20, 20, 20, 160), 1))
            p.setBrush(colour)
        p.drawEllipse(centre, r, r)

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
        t = theme.current()
        if (s.to_move or self.thinking or s.winner) and t.halo:
            colour = qc(t.plate_turn) if (s.to_move or s.winner) else qc(t.plate_thinking)
            halo = QColor(colour)
            halo.setAlpha(60)
            p.setPen(QPen(halo, h * 0.16))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(box, rad, rad)
        fill = QLinearGradient(0, 0, 0, h)
        if s.winner:
            fill.setColorAt(0, qc(t.plate_winner_top))
            fill.setColorAt(1, qc(t.plate_winner_bottom))
        else:
            fill.setColorAt(0, qc(t.plate_top))
            fill.setColorAt(1, qc(t.plate_bottom))
        border = qc(t.plate_border)
        bw = 1.2 if t.halo else 1.5
        if s.to_move or s.winner:
            border, bw = qc(t.plate_turn), max(2.0, h * 0.05) * (1.0 if t.halo else 1.6)
        elif self.thinking:
            border, bw = qc(t.plate_thinking), max(2.0, h * 0.05)
        p.setPen(QPen(border, bw))
        p.setBrush(QBrush(fill))
        p.drawRoundedRect(box, rad, rad)
        if self.mark:
            self._paint_mark(p, w, h)

        pad = h * 0.2
        name_font = self.name_font(h)
        small = QFont()
        small.setPixelSize(max(8, round(h * 0.25)))
        chip = h * 0.36
        right = w - pad
        # the dealer chip beside the name, or on the second line when the whole name needs the room
        # (a long name in aksara Jawa: the name is never cut for the chip)
        chip_low = s.dealer and not self.chip_beside_name(s)
        if s.dealer:
            c = QPointF(right - chip / 2, h * (0.73 if chip_low else 0.3))
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
        left = pad
        if s.to_move:   # whose turn: a pointer before the name (in the plate's margin), besides the colour
            tri = h * 0.16
            cy = h * 0.31
            x0 = h * 0.05
            pointer = QPainterPath()
            pointer.moveTo(x0, cy - tri * 0.7)
            pointer.lineTo(x0 + tri, cy)
            pointer.lineTo(x0, cy + tri * 0.7)
            pointer.closeSubpath()
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(qc(t.plate_turn))
            p.drawPath(pointer)
            left = x0 + tri + h * 0.05
        p.setFont(name_font)
        p.setPen(qc(t.plate_text))
        name = self.shown_name(s)
        name_right = right - (chip + pad * 0.4 if s.dealer and not chip_low else 0.0)
        left_middle = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        p.drawText(QRectF(left, h * 0.08, name_right - left, h * 0.46), left_middle, name)
        self._paint_second_line(p, small, pad, right - (chip + pad * 0.4 if chip_low else 0.0))

    @staticmethod
    def name_font(h: float) -> QFont:
        """The plate's name in a plate ``h`` pixels tall."""
        font = QFont()
        font.setPixelSize(max(9, round(h * 0.3)))
        font.setBold(True)
        return font

    @classmethod
    def _name_room(cls, spec: SeatSpec, beside_chip: bool) -> float:
        w, h = spec.rect.width(), spec.rect.height()
        pad = h * 0.2
        pointer = h * 0.06 if spec.to_move else 0.0    # (whose turn: the pointer before the name)
        return max(10.0, w - 2 * pad - pointer - (h * 0.36 + pad * 0.4 if beside_chip else 0.0))

    @classmethod
    def chip_beside_name(cls, spec: SeatSpec) -> bool:
        """Whether the dealer chip stands beside the name: when the whole name fits there too."""
        need = QFontMetricsF(cls.name_font(spec.rect.height())).horizontalAdvance(spec.name)
        return need <= cls._name_room(spec, True)

    @classmethod
    def shown_name(cls, spec: SeatSpec) -> str:
        """The name as the plate draws it: whole, unless it is wider than the whole plate."""
        room = cls._name_room(spec, spec.dealer and cls.chip_beside_name(spec))
        fm = QFontMetricsF(cls.name_font(spec.rect.height()))
        return fm.elidedText(spec.name, Qt.TextElideMode.ElideRight, room)

    def _paint_second_line(self, p: QPainter, small: QFont, pad: float, right: float) -> None:
        """The plate's second line, in the font ``small`` between ``pad`` and ``right``: a small card
        and the count, the layout's badge, then "thinking" (three dots) or a winner's star."""
        s = self.spec
        h = s.rect.height()
        left_middle = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        y2 = h * 0.56
        ch_ = h * 0.3
        cw = max(ch_ / 2, card_width(ch_, back_code(self.family)))   # a Ceki card widened: no sliver
        t = theme.current()
        p.setPen(QPen(qc(t.plate_small), 1))
        p.setBrush(QColor(card_art().back_colour()))
        p.drawRoundedRect(QRectF(pad, y2 + h * 0.02, cw, ch_), 1.5, 1.5)
        p.setFont(small)
        p.setPen(qc(t.plate_small))
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
            p.setBrush(qc(t.badge))
            p.drawRoundedRect(badge, h * 0.1, h * 0.1)
            p.setPen(qc(t.badge_text))
            p.drawText(badge, Qt.AlignmentFlag.AlignCenter, s.badge)
            x += bw_ + h * 0.2
        if self.thinking:
            p.setPen(Qt.PenStyle.NoPen)
            r = h * 0.045
            for i in range(3):
                dot = qc(t.plate_thinking)
                dot.setAlpha(255 if i == self.phase % 3 or not t.halo or self.still else 110)
                p.setBrush(dot)
                p.drawEllipse(QPointF(right - (2 - i) * r * 3.2 - r, y2 + h * 0.17), r, r)
        elif s.winner:
            c = QPointF(right - h * 0.17, y2 + h * 0.18)
            star = star_path(c, h * 0.19, h * 0.08)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(qc(t.gold))
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
        t = theme.current()
        bg_rgb, fg_rgb = t.label(self.spec.style)
        bg, fg = qc(bg_rgb), qc(fg_rgb)
        if self.spec.fill is not None and t.halo:   # (high contrast keeps its own pill: the gauge says it)
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
        if self.spec.gauge is not None:
            self._paint_gauge(p, fg)

    def _paint_gauge(self, p: QPainter, fg: QColor) -> None:
        """How far along its way the label's value is (Ce Pe's counter toward its limit), as a bar
        along the pill's bottom: its length says it, not its colour."""
        r = self._rect
        share = min(1.0, max(0.0, float(self.spec.gauge or 0.0)))
        bar_h = max(2.0, r.height() * 0.09)
        inset = r.height() * 0.45
        track = QRectF(r.left() + inset, r.bottom() - bar_h * 1.6, r.width() - 2 * inset, bar_h)
        edge = QColor(fg)
        edge.setAlpha(150)
        p.setPen(QPen(edge, 1.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(track, bar_h / 2, bar_h / 2)
        if share > 0:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(fg)
            p.drawRoundedRect(QRectF(track.left(), track.top(), track.width() * share, bar_h), bar_h / 2, bar_h / 2)



def slot_item(r: QRectF) -> QGraphicsPathItem:
    """An empty place on the felt (``Plan.slots``): a dashed, faintly dark rounded rectangle."""
    path = QPainterPath()
    rad = r.width() * 0.08
    path.addRoundedRect(r, rad, rad)
    it = QGraphicsPathItem(path)
    pen = QPen(qc(theme.current().plate_border), 1.5, Qt.PenStyle.DashLine)
    it.setPen(pen)
    it.setBrush(QColor(0, 0, 0, 28))
    it.setZValue(-10)
    it.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return it


class Furniture:
    """The plates, labels and slots of the plan drawn now, in ``scene``.

    :meth:`sync_seats`, :meth:`sync_labels` and :meth:`sync_slots` bring them to a new plan (an
    item whose seat or label key stays is kept and updated, so its tooltip and cache live on);
    :meth:`clear` takes them all off.  The widget reads ``seats`` and ``labels`` (captions avoid
    them, banners pop them in); they stay the same dictionaries for the furniture's life."""

    def __init__(self, scene: QGraphicsScene):
        self._scene = scene
        self.seats: dict[int, SeatItem] = {}
        self.labels: dict[Hashable, LabelItem] = {}
        self.slots: list[QGraphicsPathItem] = []

    def clear(self) -> None:
        for other in list(self.seats.values()) + list(self.labels.values()) + self.slots:
            self._scene.removeItem(other)
        self.seats.clear()
        self.labels.clear()
        self.slots.clear()

    def sync_seats(self, plan: Plan, family: str, thinking: int) -> None:
        """The plates of ``plan``'s seats; ``family`` is the game's card family (the plates' little
        card), ``thinking`` the seat whose computer player is thinking (−1: none)."""
        seen = set()
        for spec in plan.seats:
            seen.add(spec.seat)
            item = self.seats.get(spec.seat)
            if item is None:
                item = SeatItem(spec, family)
                item.setZValue(50)
                self._scene.addItem(item)
                self.seats[spec.seat] = item
            else:
                item.set_spec(spec)
            item.set_thinking(spec.seat == thinking)
        for q in [q for q in self.seats if q not in seen]:
            self._scene.removeItem(self.seats.pop(q))

    def sync_labels(self, plan: Plan) -> None:
        """The pills of ``plan``'s labels, each shown whole (a banner's pop-in starts from here)."""
        seen = set()
        for spec in plan.labels:
            seen.add(spec.key)
            item = self.labels.get(spec.key)
            if item is None:
                item = LabelItem(spec)
                item.setZValue(8000)
                self._scene.addItem(item)
                self.labels[spec.key] = item
            else:
                item.set_spec(spec)
            item.setOpacity(1.0)
            item.setScale(1.0)
        for k in [k for k in self.labels if k not in seen]:
            self._scene.removeItem(self.labels.pop(k))

    def sync_slots(self, plan: Plan) -> None:
        """The empty places of ``plan`` drawn on the felt."""
        for it in self.slots:
            self._scene.removeItem(it)
        self.slots.clear()
        for r in plan.slots:
            it = slot_item(r)
            self._scene.addItem(it)
            self.slots.append(it)
