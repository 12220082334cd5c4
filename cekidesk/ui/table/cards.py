"""Card items for the table (the pictures come from :mod:`cekidesk.ui.foundations.cardpics`).

* :class:`CardItem` is one card on the table: a ``QGraphicsObject`` (so ``pos``, ``rotation``,
  ``opacity`` and its own ``flip`` can be animated) that paints a cached pixmap plus its markings
  (legal highlight, dimming, keyboard selection, hint glow, the drawn-card and set-aside marks).
"""
from __future__ import annotations

import math
from collections.abc import Hashable

from PySide6.QtCore import Property, QAbstractAnimation, QPointF, QPropertyAnimation, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from cekidesk.engine.core import Action, CardLike

from ..foundations import theme
from ..foundations.cardpics import CEKI, back_code, card_art, card_width, kind_code
from ..foundations.theme import qc

# Colours of the markings in the light theme (the theme in use gives them: theme.current())
GLOW_LEGAL = qc(theme.LIGHT.legal)
GLOW_HINT = qc(theme.LIGHT.hint)
GLOW_SELECT = qc(theme.LIGHT.select)
GLOW_WIN = qc(theme.LIGHT.win)
MARK_DRAWN = qc(theme.LIGHT.drawn)
FROZEN = qc(theme.LIGHT.frozen)
MARK_TAKEN = qc(theme.LIGHT.taken)


def star_path(centre: QPointF, outer: float, inner: float) -> QPainterPath:
    """A five-pointed star (the winner's mark on cards and seats)."""
    star = QPainterPath()
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        pt = QPointF(centre.x() + r * math.cos(a), centre.y() + r * math.sin(a))
        star.moveTo(pt) if i == 0 else star.lineTo(pt)
    star.closeSubpath()
    return star


def glow_width(card_width: float) -> float:
    """The pen of the widest glow (the hint's, a winning card's) round a card this wide; its halo
    reaches twice as far out (the card's bounding rectangle holds both)."""
    return max(2.5, card_width * 0.07)


#: how long a refused card shakes (short: an answer, not a show)
SHAKE_MS = 260


def shake_allowed(animation_speed: str) -> bool:
    """Whether a refused card may shake: not with animations off (nor, once the settings have it,
    with reduced motion) — the status line's word answers alone then."""
    return animation_speed != "off"


def shake(item: CardItem) -> QPropertyAnimation:
    """Shake ``item`` sideways a few times (a refused click or key): its ``wobble``, an offset
    along its own width that leaves its place alone, so a new plan or a flight may move it meanwhile."""
    old = item._shaking
    if old is not None and old.state() == QAbstractAnimation.State.Running:
        old.stop()
    amp = max(3.0, item.card_rect().width() * 0.08)
    anim = QPropertyAnimation(item, b"wobble", item)
    anim.setDuration(SHAKE_MS)
    for at, dx in ((0.0, 0.0), (0.15, -amp), (0.35, amp), (0.55, -0.6 * amp), (0.75, 0.3 * amp), (1.0, 0.0)):
        anim.setKeyValueAt(at, dx)
    item._shaking = anim
    anim.start()
    return anim


def card_margins(card_width: float) -> tuple[float, float]:
    """How far a card this wide paints beyond its edges (its bounding rectangle's margins): at the
    sides and the bottom its widest glow with the halo and a pixel of antialiasing, at the top also
    the drawn mark.  Layouts keep cards inside the table by them (``layouts.clamp_to_scene``)."""
    m = max(3.0, card_width * 0.09)
    side = max(m, 2.0 * glow_width(card_width) + 1.5)
    return side, max(m * 2.0 + 1.5, side)   # (the top: the hint's diamond reaches 1.77 m above the card)


def _picture_height(h: float, scale: float) -> int:
    """The height of the card picture to draw a card ``h`` tall at ``scale``: its own at scale 1;
    scaled (a card growing or shrinking as it flies), its own picture shrunk, or one of a few larger
    sizes — never a picture rendered anew for every frame of the flight."""
    if abs(scale - 1.0) <= 1e-6 or scale < 1.0:
        return round(h)
    return 16 * math.ceil(h * scale / 16)


class CardItem(QGraphicsObject):
    """One card on the table.

    ``kind`` is the card's kind (None for a back that hides it); ``face_up`` whether its face shows.
    ``key`` is the layout's name for it, ``role`` what it is (``"hand"``, ``"facedown"``, ``"pile"``,
    ``"stock"``, ``"opponent"``, ``"reveal"``) and ``seat`` whose it is (−1: nobody's).
    ``family`` is the game's card family (:data:`cekidesk.ui.foundations.cardpics.FAMILIES`): the cards' shape
    and the back a hidden card shows.
    """

    def __init__(self, key: Hashable, kind: CardLike | None, face_up: bool, height: float, family: str = CEKI):
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)   # the view handles the mouse
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        self.family, self._h, self._peek = "", -1.0, (1.0, 1.0)
        self._wobble = 0.0
        self._shaking: QPropertyAnimation | None = None   # a refused card's shake (:func:`shake`)
        self.reset(key, kind, face_up, height, family)

    def reset(self, key: Hashable, kind: CardLike | None, face_up: bool, height: float, family: str = CEKI) -> None:
        """Be a new card: every field and every Qt property as a freshly made item has them.  The
        table keeps the cards it takes off the scene and gives them to the next plan, because making
        and destroying the 80-odd items of a deal is a good part of the deal's work (call this only
        while the item is out of the scene)."""
        if (self.family, self._h, self._peek) != (family, float(height), (1.0, 1.0)):
            self.family, self._h, self._peek = family, float(height), (1.0, 1.0)
            self.prepareGeometryChange()
            self._update_geometry()
        self.key = key
        self.kind = kind
        self.face_up = bool(face_up) and kind is not None
        self.role = ""
        self.seat = -1
        self.action: Action | None = None   # the Action a click on this card chooses (already legal)
        self.opens = False          # a click shows the card's choices (CardSpec.choices) instead
        self.selectable = False     # part of the human's hand (keyboard, drag)
        self.highlight = False      # playable: soft outline
        self.strong = False         # playable pile: a clear glow
        self.dim = False
        self.selected = False
        self.hint = False
        self.hover = False
        self.flash = False          # reduced motion: it just moved (a short highlight)
        self.mark: str | None = None   # "drawn", "win", "set_aside", "frozen", "taken"
        self.show_code = False
        if self._shaking is not None:
            self._shaking.stop()
            self._shaking = None
        self._set_wobble(0.0)
        self._flip = 1.0
        self._from_kind = kind
        self._from_face_up = self.face_up
        self.setPos(0.0, 0.0)
        self.setRotation(0.0)
        self.setScale(1.0)
        self.setOpacity(1.0)
        self.setZValue(0.0)
        self.setToolTip("")
        self.unsetCursor()
        # repaints blit a device pixmap: paint() runs only when the card itself changes
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.update()

    # -- caching ---------------------------------------------------------------------------
    def _update_cache(self) -> None:
        """Unrotated cards blit a device-pixel cache; rotated ones (the hand fan) keep an
        item-coordinate cache at device resolution, because Qt rebuilds a device cache of a rotated
        item on every paint.  A card being scaled (in flight between a pile and a hand of another
        size) is not cached at all: its cache would be made anew for every frame."""
        if self.scale() != 1.0:
            if self.cacheMode() != QGraphicsItem.CacheMode.NoCache:
                self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
            return
        if not self.rotation():
            if self.cacheMode() != QGraphicsItem.CacheMode.DeviceCoordinateCache:
                self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
            return
        views = self.scene().views() if self.scene() is not None else []
        dpr = views[0].devicePixelRatioF() if views else 1.0
        size = (self._br.size() * dpr).toSize()
        self.setCacheMode(QGraphicsItem.CacheMode.ItemCoordinateCache, size)

    def setRotation(self, angle: float) -> None:  # noqa: N802 (Qt's name)
        """Rotate, and re-choose the cache (see :meth:`_update_cache`).  Rotations go through here
        and through :attr:`angle` (which animations drive), not through Qt's own ``rotation``
        property: hearing of those would need ``ItemSendsGeometryChanges``, a call into Python on
        every move of every card, or a connection per card, which costs as much at a deal."""
        if angle != self.rotation():
            super().setRotation(angle)
            self._update_cache()

    angle = Property(float, QGraphicsObject.rotation, setRotation)

    def setScale(self, scale: float) -> None:  # noqa: N802 (Qt's name)
        """Scale, and re-choose the cache; animations drive :attr:`zoom` (see :meth:`setRotation`)."""
        if scale != self.scale():
            super().setScale(scale)
            self._update_cache()

    zoom = Property(float, QGraphicsObject.scale, setScale)

    # -- geometry -------------------------------------------------------------------------
    def _update_geometry(self) -> None:
        self._w = card_width(self._h, back_code(self.family))
        self._m = max(3.0, self._w * 0.09)
        self._br = self._bounding()
        self._shape: QPainterPath | None = None   # made when Qt asks (hit tests), not at every change
        if self.rotation():
            self._update_cache()

    @property
    def height(self) -> float:
        return self._h

    def set_height(self, h: float) -> None:
        h = float(round(h))
        if h != self._h:
            self.prepareGeometryChange()
            self._h = h
            self._update_geometry()

    def set_peek(self, peek: tuple[float, float]) -> None:
        """Only the part (fraction of the width from the left, of the height from the top) that other
        cards leave uncovered is painted and clickable: a fanned pile costs little to repaint."""
        peek = (min(1.0, max(0.05, float(peek[0]))), min(1.0, max(0.05, float(peek[1]))))
        if peek != self._peek:
            self.prepareGeometryChange()
            self._peek = peek
            self._update_geometry()
            self.update()

    @property
    def peek(self) -> tuple[float, float]:
        return self._peek

    def card_rect(self) -> QRectF:
        return QRectF(-self._w / 2, -self._h / 2, self._w, self._h)

    def visible_rect(self) -> QRectF:
        fx, fy = self._peek
        return QRectF(-self._w / 2, -self._h / 2, self._w * fx, self._h * fy)

    def boundingRect(self) -> QRectF:
        return self._br

    def _margins(self) -> tuple[float, float]:
        """How far the card's paint reaches beyond its edges (:func:`card_margins`)."""
        return card_margins(self._w)

    def _bounding(self) -> QRectF:
        side, top = self._margins()
        fx, fy = self._peek
        if fx < 1.0 or fy < 1.0:
            r = self.visible_rect()
            return r.adjusted(-side, -top, 0 if fx < 1.0 else side, 0 if fy < 1.0 else side)
        return QRectF(-self._w / 2 - side, -self._h / 2 - top, self._w + 2 * side, self._h + top + side)

    def shape(self) -> QPainterPath:
        if self._shape is None:
            self._shape = QPainterPath()
            self._shape.addRect(self.visible_rect())
        return self._shape

    # -- a refused card's shake ---------------------------------------------------------------
    def _get_wobble(self) -> float:
        return self._wobble

    def _set_wobble(self, dx: float) -> None:
        if dx != self._wobble:
            self._wobble = float(dx)
            self.setTransform(QTransform.fromTranslate(self._wobble, 0.0))

    wobble = Property(float, _get_wobble, _set_wobble)

    def shaking(self) -> bool:
        """Whether the card is shaking now (a refused click or key)."""
        return self._shaking is not None and self._shaking.state() == QAbstractAnimation.State.Running

    # -- face and flip --------------------------------------------------------------------
    def set_face(self, kind: CardLike | None, face_up: bool, animate_from_current: bool = False) -> None:
        """Show ``kind`` face up or down.  With ``animate_from_current`` the present face stays
        visible until ``flip`` passes ½ (the caller animates ``flip`` from 0 to 1)."""
        face_up = bool(face_up) and kind is not None
        if not animate_from_current and self._flip >= 1.0 and kind == self.kind and face_up == self.face_up:
            return
        if animate_from_current:
            self._from_kind, self._from_face_up = self._shown()
            self._flip = 0.0
        else:
            self._flip = 1.0
        self.kind, self.face_up = kind, face_up
        self.update()

    def _shown(self) -> tuple[CardLike | None, bool]:
        if self._flip < 0.5:
            return self._from_kind, self._from_face_up
        return self.kind, self.face_up

    def _get_flip(self) -> float:
        return self._flip

    def _set_flip(self, v: float) -> None:
        self._flip = float(v)
        self.update()

    flip = Property(float, _get_flip, _set_flip)

    def code_shown(self) -> str:
        kind, up = self._shown()
        return kind_code(kind if up else None, self.family)

    # -- painting -------------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        w, h = self._w, self._h
        t = painter.worldTransform()
        scale = math.hypot(t.m11(), t.m12()) or 1.0
        dev = painter.device()
        dpr = dev.devicePixelRatio() if dev is not None else 1.0
        kind, up = self._shown()
        code = kind_code(kind if up else None, self.family)
        rect = self.card_rect()
        if self._peek != (1.0, 1.0) and self._flip >= 1.0:
            side, top = self._margins()
            painter.setClipRect(self.visible_rect().adjusted(-side, -top, 0, 0))
        sx = 1.0
        if self._flip < 1.0:
            sx = max(0.02, abs(1.0 - 2.0 * self._flip))
        transformed = sx != 1.0 or abs(t.m12()) > 1e-6 or abs(scale - 1.0) > 1e-6
        if transformed:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        if sx != 1.0:
            painter.save()
            painter.scale(sx, 1.0)
        pm = card_art().pixmap(code, _picture_height(h, scale), dpr, self.show_code)
        if abs(scale - 1.0) > 1e-6:
            painter.drawPixmap(rect, pm, QRectF(0, 0, pm.width(), pm.height()))
        else:
            lw = pm.width() / pm.devicePixelRatio()
            lh = pm.height() / pm.devicePixelRatio()
            painter.drawPixmap(QPointF(-lw / 2, -lh / 2), pm)
        radius = w * 0.075
        if self.dim or (self.mark == "set_aside" and up):
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(10, 20, 15, 120 if self.dim else 95))
            painter.drawRoundedRect(rect, radius, radius)
        if sx != 1.0:
            painter.restore()
            return   # no markings on a card in mid-turn
        self._paint_marks(painter, rect, radius)

    def _glow(self, t: theme.Theme) -> tuple[QColor | None, float, str]:
        """The outline the card's state asks for: its colour, width and kind (each state has its own
        shape besides its colour: see :meth:`_paint_marks`)."""
        w = self._w
        if self.hint:
            return qc(t.hint), max(2.5, w * 0.07), "hint"
        if self.selected:
            return qc(t.select), max(2.5, w * 0.065), "select"
        if self.mark == "win":
            return qc(t.win), max(2.5, w * 0.07), "win"
        if self.strong and (self.highlight or self.hover):
            return qc(t.legal), max(2.0, w * 0.055), "legal"
        if self.highlight and self.hover:
            return qc(t.legal), max(2.0, w * 0.05), "legal"
        if self.highlight:
            c = qc(t.legal)
            if t.halo:
                c.setAlpha(150)
            return c, 1.4 if t.halo else 2.0, "legal"
        return None, 0.0, ""

    def _paint_marks(self, painter: QPainter, rect: QRectF, radius: float) -> None:
        """The markings of the card's state, each with a shape of its own so that no state is told by
        colour alone: a playable card a pointer above it, the hint a dashed outline and a diamond,
        the keyboard's selection a solid outline (and the card lifted), a trick's winner a star, a
        drawn card a dot, a frozen card a double outline, a taken card a hatched band, a card that
        just moved (reduced motion) corner brackets."""
        t = theme.current()
        w = self._w
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if t.card_edge is not None:   # high contrast: every card's edge stands out from the felt
            painter.setPen(QPen(qc(t.card_edge), max(1.5, w * 0.025)))
            painter.drawRoundedRect(rect, radius, radius)
        glow, width, kind = self._glow(t)
        if glow is not None:
            off = width / 2 + 0.5
            r2 = rect.adjusted(-off, -off, off, off)
            if width > 2 and t.halo:
                halo = QColor(glow)
                halo.setAlpha(70)
                painter.setPen(QPen(halo, width * 2.2))
                painter.drawRoundedRect(r2.adjusted(-width * 0.4, -width * 0.4, width * 0.4, width * 0.4),
                                        radius + width, radius + width)
            pen = QPen(glow, width)
            if kind == "hint":
                pen.setStyle(Qt.PenStyle.DashLine)
                pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(pen)
            painter.drawRoundedRect(r2, radius + off, radius + off)
        if kind in ("legal", "hint") or (self.highlight and kind == "select"):
            self._paint_pointer(painter, rect, qc(t.hint) if kind == "hint" else qc(t.legal), t, kind == "hint")
        if self.mark == "frozen":
            pen = QPen(qc(t.frozen), max(1.5, w * 0.035))
            painter.setPen(pen)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
            inset = max(3.0, w * 0.08)
            painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), radius, radius)
        if self.mark == "taken":
            self._paint_taken(painter, rect, radius, t)
        if self.mark in ("drawn", "win"):
            colour = qc(t.drawn) if self.mark == "drawn" else qc(t.win)
            d = max(7.0, w * 0.30)
            c = QPointF(0, rect.top() + d * 0.15)
            painter.setPen(QPen(qc(t.mark_ink), max(1.2, d * 0.12)))
            painter.setBrush(colour)
            painter.drawEllipse(c, d / 2, d / 2)
            if self.mark == "win":
                star = star_path(c, d * 0.32, d * 0.14)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(qc(t.mark_ink))
                painter.drawPath(star)
        if self.flash:
            self._paint_brackets(painter, rect, qc(t.flash))

    def _paint_pointer(self, painter: QPainter, rect: QRectF, colour: QColor, t: theme.Theme, diamond: bool) -> None:
        """A playable card's pointer just above its uncovered part (a diamond for the hinted card)."""
        vis = self.visible_rect()
        m = self._m
        x = vis.left() + min(vis.width() / 2, self._w * 0.22)
        size = max(4.0, m * 1.25)
        tip = rect.top() - m * 0.2
        path = QPainterPath()
        if diamond:
            cy = tip - size * 0.6
            path.moveTo(x, cy - size * 0.65)
            path.lineTo(x + size * 0.6, cy)
            path.lineTo(x, cy + size * 0.65)
            path.lineTo(x - size * 0.6, cy)
        else:
            path.moveTo(x - size * 0.7, tip - size)
            path.lineTo(x + size * 0.7, tip - size)
            path.lineTo(x, tip)
        path.closeSubpath()
        edge = QColor(0, 0, 0) if t.card_edge is None else qc(t.card_edge)
        painter.setPen(QPen(edge, max(1.0, size * 0.15)))
        painter.setBrush(colour)
        painter.drawPath(path)
        painter.setBrush(Qt.BrushStyle.NoBrush)

    def _paint_taken(self, painter: QPainter, rect: QRectF, radius: float, t: theme.Theme) -> None:
        """A band along the bottom edge, hatched, seen however little of the card is left uncovered."""
        w, h = self._w, self._h
        band = max(3.0, h * 0.07)
        edge = QPainterPath()
        edge.addRoundedRect(rect, radius, radius)
        painter.save()
        painter.setClipPath(edge, Qt.ClipOperation.IntersectClip)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(qc(t.taken))
        strip = QRectF(rect.left(), rect.bottom() - band, w, band)
        painter.drawRect(strip)
        painter.setClipRect(strip, Qt.ClipOperation.IntersectClip)
        painter.setPen(QPen(qc(t.mark_ink), max(1.0, band * 0.22)))
        step = band * 0.9
        x = strip.left() - band
        while x < strip.right():
            painter.drawLine(QPointF(x, strip.bottom()), QPointF(x + band, strip.top()))
            x += step
        painter.restore()

    def _paint_brackets(self, painter: QPainter, rect: QRectF, colour: QColor) -> None:
        """Four corner brackets round a card that just moved (reduced motion's highlight)."""
        m = self._m
        r = rect.adjusted(-m * 0.6, -m * 0.6, m * 0.6, m * 0.6)
        arm = min(r.width(), r.height()) * 0.28
        painter.setPen(QPen(colour, max(2.5, self._w * 0.06), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for cx, cy, dx, dy in ((r.left(), r.top(), 1, 1), (r.right(), r.top(), -1, 1),
                               (r.left(), r.bottom(), 1, -1), (r.right(), r.bottom(), -1, -1)):
            painter.drawLine(QPointF(cx, cy), QPointF(cx + dx * arm, cy))
            painter.drawLine(QPointF(cx, cy), QPointF(cx, cy + dy * arm))
