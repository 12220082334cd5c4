"""The zoom: a card shown large beside itself with every name it has (Z or the right mouse button,
held), placed inside the table where it covers the card looked at least."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from cekidesk.ui.foundations.names import card_tooltip

from .cards import CardItem
from .feel import ZOOM, ZoomNames


class Zoom:
    """The zoom shown in ``scene`` (at most one at a time).  ``items`` are its items, the large card
    first (empty: no zoom); ``names`` the card's names under it."""

    def __init__(self, scene: QGraphicsScene):
        self._scene = scene
        self.items: list[QGraphicsItem] = []   # the zoomed card and its names
        self.names: list[str] = []

    def show(self, item: CardItem, family: str) -> None:
        """Show ``item``'s card large beside it, inside the table, with every name of the card (a
        hidden card: its back, no names) until :meth:`hide`; ``family`` is the game's card family."""
        self.hide()
        sr = self._scene.sceneRect()
        face = item.face_up and item.kind is not None
        h = min(item.height * ZOOM, sr.height() * 0.62)
        h = max(h, min(item.height, sr.height() * 0.62))   # never smaller than the card itself
        big = CardItem(("zoom",), item.kind if face else None, face, h, family)
        big.setZValue(9500)
        big.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.names = card_tooltip(item.kind).split("\n") if face else []
        names = None
        if self.names:
            px = max(12, round(min(sr.height() / 36, h / 14)))
            names = ZoomNames(self.names, px)
            names.setZValue(9500)
        self.items = [big] + ([names] if names is not None else [])
        for it in self.items:
            self._scene.addItem(it)
        self._place(item.sceneBoundingRect(), big, names)

    def _place(self, near: QRectF, big: CardItem, names: ZoomNames | None) -> None:
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

    def hide(self) -> None:
        for it in self.items:
            self._scene.removeItem(it)
        self.items = []
        self.names = []

    def shown(self) -> tuple[QRectF, list[str]] | None:
        """The zoom shown now: the large card's rectangle in the scene and the names under it."""
        if not self.items:
            return None
        return self.items[0].sceneBoundingRect(), list(self.names)
