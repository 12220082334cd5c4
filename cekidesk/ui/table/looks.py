"""How the table meets the player's eyes beyond its plan: its cards and words drawn larger (the
Settings' card size and interface size, :class:`Fitter`) and, with reduced motion, the cards that
moved highlighted for a moment instead of flown (:class:`Flash`).

A layout sizes everything by its scale ``s`` (a share of the table's height or width): the cards'
size multiplies ``s`` (``LayoutOptions.card_scale``, and with it the plates and the gaps), the
interface's size the table's words (``fonts.set_table_text_scale``: every label, count and caption,
measured by the layout in the same font it is drawn in).  A larger table may not fit: the
:class:`Fitter` plans with the sizes asked and, where a card would leave the table or a word would
lie over a card or another word (:func:`problems`, the checks of ``tests/test_jv_layouts.py``), with
smaller ones — the cards first, then the words, never below the table's own — and keeps the size
it found for the hand at that table size, so that cards do not grow and shrink from move to move.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from ..foundations.cardpics import back_code, card_width
from .cards import CardItem
from .layouts import CardSpec, Plan, label_rect

#: how far one step down goes when a larger table does not fit
STEP = 0.25


def candidates(cards: float, words: float) -> list[tuple[float, float]]:
    """The (card scale, word scale) pairs to try, largest first: the cards back toward their own size
    first, then the words; the last is the table's own (1, 1)."""
    out = []
    c = cards
    while c > 1.0 + 1e-9:
        out.append((c, words))
        c = max(1.0, c - STEP)
    w = words
    while w > 1.0 + 1e-9:
        out.append((1.0, w))
        w = max(1.0, w - STEP)
    return [*out, (1.0, 1.0)]


def visible_box(c: CardSpec, family: str) -> QRectF:
    """Where the uncovered part of a plan's card lies on the table (its rotated box)."""
    w = card_width(c.height, back_code(family))
    fx, fy = c.peek
    corners = [(-w / 2, -c.height / 2), (-w / 2 + w * fx, -c.height / 2),
               (-w / 2, -c.height / 2 + c.height * fy), (-w / 2 + w * fx, -c.height / 2 + c.height * fy)]
    a = math.radians(c.rotation)
    ca, sa = math.cos(a), math.sin(a)
    xs = [c.pos.x() + x * ca - y * sa for x, y in corners]
    ys = [c.pos.y() + x * sa + y * ca for x, y in corners]
    return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def problems(plan: Plan, W: float, H: float, family: str) -> set[tuple]:
    """What of ``plan`` lies wrong on a table ``W`` × ``H``: a card (its uncovered part) off the table,
    a label's pill or a seat's plate off it, over cards or over another label or plate — each as a
    tuple of the kind and the keys, so that a plan can be compared with another of the same view (a
    label that lies on cards at the table's own size too — Pèi's count on its stack — may cover more
    of them larger)."""
    scene = QRectF(-0.5, -0.5, W + 1, H + 1)
    cards = [(c.key, visible_box(c, family)) for c in plan.cards]
    labels = [(lab.key, label_rect(lab)) for lab in plan.labels]
    plates: list[tuple[Hashable, QRectF]] = [(("seat", sp.seat), QRectF(sp.rect)) for sp in plan.seats]
    bad: set[tuple] = {("off", k) for k, r in cards + labels + plates if not scene.contains(r)}
    for k, r in plates:   # a plate grows with the words: over no card, no word, no other plate
        if any(r.intersects(rc) for _, rc in cards):
            bad.add(("on cards", k))
        bad |= {("on", k, ko) for ko, ro in labels + plates if ko != k and r.intersects(ro)}
    for i, (k, r) in enumerate(labels):
        if any(r.intersects(rc) for _, rc in cards):
            bad.add(("on cards", k))
        bad |= {("on", k, ko) for ko, ro in labels[i + 1:] if r.intersects(ro)}
    return bad


class Fitter:
    """Finds the largest sizes up to the ones asked at which a table's plan lies right, and keeps
    them while the table (its game, size and the sizes asked: the ``key``) stays the same: a later
    view that does not fit makes them smaller, none makes them larger again."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.scales = (1.0, 1.0)
        self._at = 0

    def reset(self) -> None:
        self.key = None

    def plan(self, key: Hashable, asked: tuple[float, float], make: Callable[[float, float], Plan],
             wrong: Callable[[Plan], set[tuple]]) -> Plan:
        """The plan made (``make(card scale, word scale)``) at the largest sizes that lie right
        (``wrong``: what lies wrong in a plan; nothing that does not at the table's own sizes)."""
        if asked == (1.0, 1.0):
            self.scales = asked
            return make(1.0, 1.0)
        tries = candidates(*asked)
        if key != self.key:
            self.key, self._at = key, 0
        baseline: set[tuple] | None = None
        for i in range(min(self._at, len(tries) - 1), len(tries)):
            scales = tries[i]
            plan = make(*scales)
            if i == len(tries) - 1:
                self._at, self.scales = i, scales
                return plan
            bad = wrong(plan)
            if bad:
                if baseline is None:
                    baseline = wrong(make(1.0, 1.0))
                    plan = make(*scales)   # (the layout keeps a little of its last plan: this one again)
                if not bad <= baseline:
                    continue
            self._at, self.scales = i, scales
            return plan
        raise AssertionError("the last candidate is always taken")


@dataclass(frozen=True)
class Flash:
    """Where every card lay before a new plan was put down at once (reduced motion): its place and
    face, by key; :meth:`moved` names the cards that moved, turned over or are new."""

    places: Mapping[Hashable, tuple[QPointF, bool, object]]

    @staticmethod
    def before(items: Mapping[Hashable, CardItem]) -> Flash:
        return Flash({k: (QPointF(it.pos()), it.face_up, it.kind) for k, it in items.items()})

    def moved(self, items: Mapping[Hashable, CardItem]) -> list[CardItem]:
        out = []
        for key, it in items.items():
            was = self.places.get(key)
            if was is None or (was[0] - it.pos()).manhattanLength() > 2.0 or (was[1], was[2]) != (it.face_up, it.kind):
                out.append(it)
        return out
