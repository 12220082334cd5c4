"""The captions: a computer player's move said in words beside its seat, as a speech bubble placed
where it covers no card (:class:`CaptionItem`), and :class:`Captions`, the captions shown now by
seat, each going by itself after its time.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsObject, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from ..foundations import theme
from ..foundations.fonts import pixel_font
from ..foundations.theme import qc


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
                    cost = (covered(box, cards), covered(box, [seat]), covered(box, others))
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
        th = theme.current()
        p.setPen(QPen(qc(th.caption_edge), 1.2 if th.halo else 2.0))
        p.setBrush(qc(th.caption_fill))
        p.drawPath(bubble.united(tail))
        p.setFont(self._font)
        p.setPen(qc(th.caption_text))
        p.drawText(self._text_rect, int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignHCenter), self.text)



def covered(box: QRectF, rects: Sequence[QRectF]) -> float:
    """How much of ``rects`` the rectangle ``box`` covers (the sum of the overlaps' areas)."""
    area = 0.0
    for r in rects:
        o = box.intersected(r)
        area += max(0.0, o.width()) * max(0.0, o.height())
    return area




class Captions(Mapping[int, CaptionItem]):
    """The captions shown now in ``scene``, by seat (a read-only mapping; at most one a seat).

    :meth:`show` puts one up (replacing the seat's last), it goes by itself after its time or with
    :meth:`drop` / :meth:`clear`; :meth:`place` puts each beside its plate, as the table is now."""

    def __init__(self, scene: QGraphicsScene):
        self._scene = scene
        self._shown: dict[int, CaptionItem] = {}

    def __getitem__(self, seat: int) -> CaptionItem:
        return self._shown[seat]

    def __iter__(self) -> Iterator[int]:
        return iter(self._shown)

    def __len__(self) -> int:
        return len(self._shown)

    def show(self, seat: int, text: str, ms: int) -> None:
        """Say ``text`` beside ``seat`` for ``ms`` milliseconds (call :meth:`place` next)."""
        self.drop(seat)
        item = CaptionItem(text, self._scene.sceneRect().width())
        self._scene.addItem(item)
        self._shown[seat] = item
        item.timer.timeout.connect(lambda: self.drop(seat, item))
        item.timer.start(ms)

    def clear(self) -> None:
        for seat in list(self._shown):
            self.drop(seat)

    def drop(self, seat: int, item: CaptionItem | None = None) -> None:
        """Take ``seat``'s caption off the table (only ``item``, if given: a later one stays)."""
        shown = self._shown.get(seat)
        if shown is None or (item is not None and shown is not item):
            return
        del self._shown[seat]
        shown.timer.stop()
        self._scene.removeItem(shown)
        shown.deleteLater()

    def place(self, plates: Mapping[int, QRectF], seats_cards: Sequence[QRectF], middle: Sequence[QRectF]) -> None:
        """Each caption by its seat's plate (``plates``, by seat; a seat without one hides its
        caption), on none of ``seats_cards`` where it can be, and as little as it can on ``middle``
        (the middle's cards, the labels), the other plates and the captions placed before."""
        others_all = list(middle)
        for seat, item in self._shown.items():
            plate = plates.get(seat)
            if plate is not None:
                others = others_all + [r for q, r in plates.items() if q != seat]
                item.place(plate, self._scene.sceneRect(), seats_cards, others)
                others_all.append(item.bubble_rect())
            item.setVisible(plate is not None)
