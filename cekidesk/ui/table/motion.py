"""The table's motion: how the cards of a new plan get to their places.

:class:`Motion` runs at most one animation (a ``QParallelAnimationGroup``) at a time: the widget
makes a group (:meth:`Motion.new_group`), adds each card's flight, turn, flip, growth or fade-in as
the layout's :class:`~.layouts.Choreo` says (:meth:`Motion.fly`), pops the choreography's banners in
(:meth:`Motion.pop_in`) and runs it (:meth:`Motion.run`).  Stopping or skipping ends in the widget's
``snap`` (every item exactly where the plan says), so correctness never depends on an animation.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QSequentialAnimationGroup,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import QGraphicsObject

from ..foundations.cardpics import kind_code
from ..foundations.theme import FLASH_MS
from .cards import CardItem
from .layouts import CardSpec, Choreo

SPEEDS = {"off": 0, "fast": 170, "normal": 320, "slow": 650}   # one card's flight, ms
# every card move (its travel, growth, turn and flip) starts gently and lands gently, as a hand
# moving a card does
MOVE_EASING = QEasingCurve.Type.InOutCubic
# the longest a deal's cards take to leave the stock, in flights (the person waits for the deal)
DEAL_FLIGHTS = 4.0


def shorten_deal(choreo: Choreo) -> None:
    """Keep a deal short however many cards it has: the last card leaves the stock at most
    :data:`DEAL_FLIGHTS` flights after the first (the layout's order and rhythm kept)."""
    last = max(choreo.delay.values(), default=0.0)
    if last > DEAL_FLIGHTS:
        for key, delay in choreo.delay.items():
            choreo.delay[key] = delay * DEAL_FLIGHTS / last


def land(it: CardItem, spec: CardSpec, target: QPointF) -> None:
    """Put ``it`` at once where ``spec`` says (``target``: its place, lifted or not)."""
    it.set_face(spec.kind, spec.face_up)
    it.setPos(target)
    it.setRotation(spec.rotation)
    it.setOpacity(1.0)
    it.setScale(1.0)
    it.setZValue(spec.z)


class Motion(QObject):
    """The running card animation, if any (``group``), and the speed of a card's flight.

    ``done`` when the running animation has finished by itself or was skipped; ``dealt`` when an
    animation that deals a hand (``dealing``) is over, however it ended.  ``snap`` is called after
    every animation ends, to put every item exactly where the plan says."""

    done = Signal()
    dealt = Signal()

    def __init__(self, snap: Callable[[], None], parent: QObject | None = None):
        super().__init__(parent)
        self._snap = snap
        self.group: QParallelAnimationGroup | None = None
        self.dealing = False   # the running animation deals a hand: the person waits for it
        self.speed = "normal"  # a key of SPEEDS
        self.reduced = False   # reduced motion: no flight, the cards that moved highlighted (flash)
        self._flashed: list[CardItem] = []
        self._flash_timer = QTimer(self)
        self._flash_timer.setSingleShot(True)
        self._flash_timer.timeout.connect(self.end_flash)

    def flight_ms(self) -> int:
        """How long one card's flight takes (0: animations are off, or motion is reduced)."""
        return 0 if self.reduced else SPEEDS.get(self.speed, 320)

    def flash(self, items: list[CardItem]) -> None:
        """Reduced motion: highlight ``items`` (the cards that moved, turned or came) where they now
        lie, for :data:`~cekidesk.ui.foundations.theme.FLASH_MS` — no movement, no fading."""
        self.end_flash()
        self._flashed = list(items)
        for it in self._flashed:
            it.flash = True
            it.update()
        if self._flashed:
            self._flash_timer.start(FLASH_MS)

    def flashing(self) -> list[CardItem]:
        """The cards highlighted now (reduced motion)."""
        return list(self._flashed)

    def end_flash(self) -> None:
        self._flash_timer.stop()
        for it in self._flashed:
            it.flash = False
            it.update()
        self._flashed = []

    def running(self) -> bool:
        return self.group is not None

    def new_group(self) -> QParallelAnimationGroup:
        return QParallelAnimationGroup(self)

    def run(self, group: QParallelAnimationGroup, dealing: bool = False) -> bool:
        """Run ``group`` as the table's animation (``dealing``: it deals a hand); False (the group
        thrown away) if it holds no animation."""
        if not group.animationCount():
            group.deleteLater()
            return False
        self.group = group
        self.dealing = dealing
        group.finished.connect(self._finished)
        group.start()
        return True

    def _finished(self) -> None:
        if self.sender() is not self.group:
            return
        self._snap()
        anim, self.group = self.group, None
        self._end_deal()
        if anim is not None:
            anim.deleteLater()
        self.done.emit()

    def _end_deal(self) -> None:
        if self.dealing:
            self.dealing = False
            self.dealt.emit()

    def stop(self) -> None:
        """Stop the running animation, every item snapped to its place (no ``done``)."""
        anim, self.group = self.group, None
        self._end_deal()
        if anim is not None:
            anim.stop()
            anim.deleteLater()
            self._snap()

    def skip(self) -> None:
        """Finish the running animation at once (``done`` follows); nothing if none runs."""
        if self.group is not None:
            self.stop()
            self.done.emit()

    def fly(self, group: QParallelAnimationGroup, it: CardItem, spec: CardSpec, target: QPointF, *,
            choreo: Choreo | None, fresh: bool, slide: bool, old_height: float) -> None:
        """Add to ``group`` how ``it`` gets to ``spec`` at ``target``: from where it lies (or from
        ``choreo``'s start for it), flying, turning, flipping and growing from ``old_height`` as
        need be, after ``choreo``'s delay; a ``fresh`` card with no start fades in where it belongs
        (with ``slide``, a reordering of the hand, it is just there)."""
        flight = self.flight_ms()
        start = choreo.start.get(spec.key) if choreo is not None else None
        delay = (choreo.delay.get(spec.key, 0.0) if choreo is not None else 0.0) * flight
        if fresh and start is None:
            # nothing says where it came from: fade in where it belongs
            it.set_face(spec.kind, spec.face_up)
            it.setPos(target)
            it.setRotation(spec.rotation)
            it.setZValue(spec.z)
            if slide:
                it.setOpacity(1.0)
                return
            it.setOpacity(0.0)
            self.add(group, it, delay, flight, fade=True)
            return
        old_h = old_height
        if start is not None:
            pos0, up0, rot0 = start[:3]
            it.set_face(spec.kind, up0)
            it.setPos(pos0)
            it.setRotation(rot0)
            if len(start) > 3 and start[3]:
                old_h = start[3]
        elif fresh:
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
            return
        if flips:
            it.set_face(spec.kind, spec.face_up, animate_from_current=True)
        else:
            it.set_face(spec.kind, spec.face_up)
        it.setZValue(spec.z + (5000 if moves and not slide else 0))
        if moves and not slide:
            it.set_peek((1.0, 1.0))   # a card flies whole; where it lands, cards cover it again
        self.add(group, it, delay, flight if not slide else int(flight * 0.6),
                 pos=target if moves else None, rot=spec.rotation if moves else None, flip=flips, scale=scale0)

    def pop_in(self, group: QParallelAnimationGroup, label: QGraphicsObject) -> None:
        """Add to ``group`` a banner (a label) popping in after most of a flight."""
        flight = self.flight_ms()
        label.setOpacity(0.0)
        label.setScale(0.5)
        seq = QSequentialAnimationGroup()
        seq.addPause(int(flight * 0.8))
        par = QParallelAnimationGroup()
        a = QPropertyAnimation(label, b"opacity")
        a.setStartValue(0.0)
        a.setEndValue(1.0)
        a.setDuration(int(flight * 0.8))
        b = QPropertyAnimation(label, b"scale")
        b.setStartValue(0.5)
        b.setEndValue(1.0)
        b.setDuration(int(flight * 0.8))
        b.setEasingCurve(QEasingCurve.Type.OutBack)
        par.addAnimation(a)
        par.addAnimation(b)
        seq.addAnimation(par)
        group.addAnimation(seq)

    @staticmethod
    def add(group: QParallelAnimationGroup, it: CardItem, delay: float, duration: int, *,
            pos: QPointF | None = None, rot: float | None = None, flip: bool = False,
            fade: bool = False, scale: float = 1.0) -> None:
        """Add to ``group`` ``it``'s move to ``pos``, turn to ``rot``, flip, fade-in and growth from
        ``scale`` (those asked for), over ``duration`` ms after ``delay`` ms."""
        anims: list[QPropertyAnimation] = []

        def anim(prop: bytes, start: object, end: object, ms: int = duration) -> None:
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
