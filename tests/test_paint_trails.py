"""No paint trails: a highlighted card that moves leaves nothing on the felt (issue 32).

A view repaints only what changed: the scene rectangles its items report dirty (their bounding
rectangles before and after a move).  A card that paints its glow or halo outside its bounding
rectangle leaves those pixels behind where it was.  The test keeps a picture of the table, repaints
only the rectangles the scene reports after a move (as the view does), and compares the picture with
the table drawn afresh: they must be the same, and the felt where the card was must be felt again.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication
from waiting import HANG_GUARD_MS

from cekidesk.engine.core import Action
from cekidesk.games import new_match
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.games import game_ui
from cekidesk.ui.table.cards import CardItem
from cekidesk.ui.table.widget import TableWidget

guard_none_refcount()


class Canvas:
    """The table's picture as a view keeps it: drawn whole once, then only where the scene says it
    changed."""

    def __init__(self, table: TableWidget):
        self.table = table
        self.dirty: list[QRectF] = []
        table.scene().changed.connect(self.dirty.extend)
        QApplication.processEvents()
        self.image = self.whole()
        self.dirty.clear()

    def whole(self) -> QImage:
        vp = self.table.viewport().size()
        img = QImage(vp, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(QColor(0, 0, 0))
        p = QPainter(img)
        self.table.render(p)
        p.end()
        return img

    def repaint_dirty(self) -> list[QRect]:
        """Repaint the picture where the scene changed since the last call (as the view would)."""
        QApplication.processEvents()
        rects = [self.table.mapFromScene(r).boundingRect().adjusted(-1, -1, 1, 1) for r in self.dirty]
        self.dirty.clear()
        fresh = self.whole()
        p = QPainter(self.image)
        for r in rects:
            p.drawImage(r, fresh, r)
        p.end()
        return rects

    def differences(self) -> int:
        """Pixels where the kept picture and the table drawn afresh differ."""
        a, b = self.image, self.whole()
        if a == b:
            return 0
        rows = [(bytes(a.constScanLine(y))[:a.bytesPerLine()], bytes(b.constScanLine(y))[:b.bytesPerLine()])
                for y in range(a.height())]
        return sum(1 for ra, rb in rows for i in range(0, len(ra), 4) if ra[i:i + 4] != rb[i:i + 4])


@pytest.fixture
def ceki_table(qtbot):
    game_ui("ceki")   # (its table layout)
    t = TableWidget()
    qtbot.addWidget(t)
    t.resize(1280, 720)
    t.set_options(animation_speed="off")
    t.set_game("ceki", ["You", "Budi", "Sari", "Ayu"], 0)
    t.show()
    qtbot.waitExposed(t, timeout=HANG_GUARD_MS)
    m = new_match("ceki", 4, 5)
    while m.state.to_act()[0] != 0 or m.state.view(0).phase != "discard":
        p = m.state.to_act()[0]
        m.apply(m.state.view(p).legal[-1])
    t.show_view(m.state.view(0))
    return t


def _hand(t: TableWidget) -> list[CardItem]:
    return sorted((it for it in t.card_items() if it.role == "hand" and it.action is not None), key=lambda i: i.x())


def test_a_hinted_card_covers_its_glow_and_halo(ceki_table):
    """Every card's bounding rectangle holds everything it paints, with the hint's glow (the widest
    mark) on: drawn alone into a picture larger than it, nothing lands outside."""
    for it in _hand(ceki_table)[:3]:
        it.hint = True
        br = it.boundingRect()
        img = QImage(int(br.width()) + 80, int(br.height()) + 80, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(0)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.translate(40 - br.left(), 40 - br.top())
        it.paint(p, None, None)   # type: ignore[arg-type]  # (no option is read)
        p.end()
        inside = QRect(40, 40, int(br.width()) + 1, int(br.height()) + 1)
        outside = [(x, y) for y in range(img.height()) for x in range(img.width())
                   if not inside.contains(x, y) and img.pixel(x, y) >> 24]
        assert not outside, f"{len(outside)} pixels painted outside the bounding rectangle of {it.kind}"


def test_a_hinted_card_that_moves_leaves_nothing_on_the_felt(ceki_table):
    t = ceki_table
    hand = _hand(t)
    hinted = hand[len(hand) // 2]
    t.set_hint(Action(0, "discard", hinted.kind))     # glows, and is lifted as the keyboard's choice
    assert hinted.hint and hinted.selected
    canvas = Canvas(t)
    was = hinted.sceneBoundingRect()
    # the selection moves to another card: the hinted one goes back down into the hand
    other = hand[0]
    t._select(other.key)
    assert hinted.pos() != QPointF() and hinted.sceneBoundingRect() != was
    canvas.repaint_dirty()
    assert canvas.differences() == 0
    # and far, as it flies to the pile: larger on the way (a card in flight is scaled, and not cached)
    before = hinted.pos()
    for dx, scale in ((40, 1.0), (160, 1.1), (320, 1.25), (480, 0.9)):
        hinted.setScale(scale)
        hinted.setPos(before + QPointF(dx, -200))
        canvas.repaint_dirty()
        assert canvas.differences() == 0, (dx, scale)
    # the felt where the card was is felt again
    felt = Canvas(t).whole()
    spot = t.mapFromScene(was.center())
    assert canvas.image.pixel(spot.x(), spot.y() - 5) == felt.pixel(spot.x(), spot.y() - 5)


def test_a_shaking_card_leaves_nothing_on_the_felt(qtbot, ceki_table):
    """A refused card's shake (its wobble) is repainted where it was at every step."""
    from cekidesk.ui.table.cards import shake
    t = ceki_table
    card = _hand(t)[0]
    card.hint = True
    card.update()
    canvas = Canvas(t)
    shake(card)
    while card.shaking():
        qtbot.wait(16)
        canvas.repaint_dirty()
    canvas.repaint_dirty()
    assert canvas.differences() == 0
