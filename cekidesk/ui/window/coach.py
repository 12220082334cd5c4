"""The pieces of the guided first hands (Help ▸ Learn to play; the lessons are :mod:`cekidesk.ui.foundations.lessons`;
the runner, :class:`~cekidesk.ui.window.features.lessons.Coach`, is a feature of the window).

A lesson is played as an ordinary match in the window's :class:`~cekidesk.ui.adapters.controller.GameController`:
the computer seats are ``ScriptBot``\\ s that answer the script's next move, and the
``Coach`` is the controller's guide (``GameController.guide``) while the match is the lesson's.
As a guide it narrows the view the table gets to the scripted move of the person, has the controller
refuse any other, and keeps everybody waiting while a note is unread.  Notes are bubbles over the
table (:class:`NoteBubble`, a frameless child of the table's viewport) with a highlight and an arrow
at what they point at, placed where they cover neither that nor the person's hand; Enter or Next
reads one, Escape or "Leave lesson" ends the lesson and gives back the game it interrupted (kept in
memory; its autosave is not touched, as a lesson is never autosaved nor counted in the statistics).
The hand's end shows the closing notes, then a summary of the rules with "Play a real game".
"""
from __future__ import annotations

import html
import math
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QPointF, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cekidesk.engine.core import Action
from cekidesk.games import get_game

from ..foundations import i18n, names
from ..foundations.cardpics import card_art
from ..foundations.lessons import Lesson, Note, Target
from ..games import registered_game_uis
from ..table.layouts import Plan

# the highlight round a note's target, and its arrow
MARK_COLOUR = QColor(255, 196, 40)
MARK_Z = 9000.0
# room kept between a bubble and what it must not cover
GAP = 14.0
# how much a pixel of the table covered weighs against one of distance from the target
COVER_WEIGHT = 2.0


def lesson_games() -> list[str]:
    """The ids of the registered games that have a lesson, in the registry's order."""
    return [gid for gid, ui in registered_game_uis().items() if ui.lesson() is not None]


# the values whose frames the legend shows, and the card each frame is taken from
FRAME_CARDS = tuple(f"M{v}" for v in range(1, 10))


class FrameLegend(QWidget):
    """The frames' patterns of the values 1 to 9, each over its number: how a Ceki card's value is read
    from its frame whatever its suit (the frames are the cards' own, drawn from the card art)."""

    FRAME_W, FRAME_H, GAP = 30, 73, 8

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("frameLegend")
        self.setAccessibleName(QCoreApplication.translate("LessonCards", "The frames of the values 1 to 9"))

    def sizeHint(self) -> QSize:
        n = len(FRAME_CARDS)
        return QSize(n * self.FRAME_W + (n - 1) * self.GAP, self.FRAME_H + self.fontMetrics().height() + 4)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def frame_rects(self) -> list[QRectF]:
        """Where each frame is drawn, 1 to 9, centred in the widget."""
        n = len(FRAME_CARDS)
        total = n * self.FRAME_W + (n - 1) * self.GAP
        x0 = (self.width() - total) / 2
        return [QRectF(x0 + i * (self.FRAME_W + self.GAP), 0, self.FRAME_W, self.FRAME_H) for i in range(n)]

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setBold(True)
        p.setFont(font)
        art = card_art()
        for value, (code, r) in enumerate(zip(FRAME_CARDS, self.frame_rects(), strict=True), start=1):
            p.setPen(QPen(QColor("#9a917c"), 1))
            p.setBrush(QColor("#f7f2e4"))
            p.drawRoundedRect(r.adjusted(-2, -2, 2, 2), 3, 3)
            renderer = art.renderer_or_none(code)
            if renderer is not None and renderer.elementExists("frame"):
                renderer.render(p, "frame", r)
            p.setPen(QColor("#222"))
            p.drawText(QRectF(r.left() - 4, r.bottom() + 2, r.width() + 8, self.fontMetrics().height() + 2),
                       Qt.AlignmentFlag.AlignCenter, str(value))
        p.end()


class NoteBubble(QFrame):
    """A coach note over the table: its words, "Leave lesson" and "Next" (Enter); Escape leaves.
    A note that waits for the person's move (``say(…, move=True)``) has no Next: the move goes on;
    a refused move is answered under the words (``refuse``) with a short shake."""

    next = Signal()
    leave = Signal()
    SHAKE_MS = 360

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("coachNote")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setStyleSheet("#coachNote { background: #fff6d5; border: 2px solid #e0a000; border-radius: 8px; }"
                           "#coachNote QLabel { color: #222; background: transparent; }")
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.legend = FrameLegend(self)
        self.legend.hide()
        self.refusal = QLabel(self)
        self.refusal.setObjectName("coachRefusal")
        self.refusal.setWordWrap(True)
        self.refusal.setTextFormat(Qt.TextFormat.PlainText)
        self.refusal.setStyleSheet("#coachRefusal { color: #9b1c00; font-weight: bold; }")
        self.refusal.hide()
        self.your_move = QLabel(self)
        self.your_move.setObjectName("coachYourMove")
        self.your_move.setStyleSheet("#coachYourMove { color: #6b5200; }")
        self.your_move.setWordWrap(True)
        self.your_move.setAlignment(Qt.AlignmentFlag.AlignRight)

        self.your_move.hide()
        self.shakes = 0            # how many times the bubble shook (a refused move)
        self._shake = QVariantAnimation(self)
        self._shake.setDuration(self.SHAKE_MS)
        self._shake.setStartValue(0.0)
        self._shake.setEndValue(1.0)
        self._shake.valueChanged.connect(self._shake_step)
        self._home = QPoint()
        self.leave_button = QPushButton(self)
        self.leave_button.setAutoDefault(False)
        self.leave_button.clicked.connect(self.leave)
        self.next_button = QPushButton(self)
        self.next_button.setAutoDefault(False)
        self.next_button.clicked.connect(self.next)
        buttons = QHBoxLayout()
        buttons.addWidget(self.leave_button)
        buttons.addStretch(1)
        buttons.addWidget(self.next_button)
        box = self._box = QVBoxLayout(self)
        box.setContentsMargins(14, 10, 14, 10)
        box.addWidget(self.text)
        box.addWidget(self.legend, 0, Qt.AlignmentFlag.AlignHCenter)
        box.addWidget(self.refusal)
        box.addWidget(self.your_move)
        box.addLayout(buttons)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        self.leave_button.setText(self.tr("Leave lesson"))
        self.next_button.setText(self.tr("Next ▸"))
        self.next_button.setToolTip(self.tr("Go on (Enter)"))
        self.leave_button.setToolTip(self.tr("End the lesson (Esc)"))
        self.your_move.setText(QCoreApplication.translate("LessonBubble", "Your move ▸"))
        self.your_move.setToolTip(QCoreApplication.translate(
            "LessonBubble", "Make the move this note names: the lesson goes on by itself."))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def say(self, text: str, width: int, *, move: bool = False, picture: str = "", refusal: str = "") -> None:
        """Show ``text``, wrapped to ``width`` pixels (the bubble's height follows); ``move``: the note
        waits for the person's move (no Next), ``picture``: ``"frames"`` adds the frames' legend,
        ``refusal``: why the last move was not taken, under the words."""
        self.text.setText(text)
        self.legend.setVisible(picture == "frames")
        self.refusal.setText(refusal)
        self.refusal.setVisible(bool(refusal))
        self.next_button.setVisible(not move)
        self.your_move.setVisible(move)
        for label in (self.your_move, self.refusal, self.text):
            label.ensurePolished()

        self._box.invalidate()
        need = self._box.minimumSize().width() + 8   # (the buttons' row, the legend: never cut)
        self.setFixedWidth(max(width, need))
        self.setFixedHeight(self._box.totalHeightForWidth(self.width()))

    def waits_for_move(self) -> bool:
        """The note shown waits for the person's move (it has no Next)."""
        return self.your_move.isVisibleTo(self)

    def place(self, x: int, y: int) -> None:
        """Move the bubble to (``x``, ``y``), its place when a shake is over."""
        self._shake.stop()
        self._home = QPoint(x, y)
        self.move(self._home)

    def shake(self, motion: bool = True) -> None:
        """A short shake from side to side (with ``motion`` off: none — the refusal's words say it)."""
        self.shakes += 1
        if motion:
            self._shake.stop()
            self._shake.start()

    def _shake_step(self, t: object) -> None:
        x = float(t) if isinstance(t, (int, float)) else 0.0
        dx = round(9 * math.sin(x * math.pi * 6) * (1 - x))
        self.move(self._home + QPoint(dx, 0))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.next.emit()
        elif event.key() == Qt.Key.Key_Escape:
            self.leave.emit()
        else:
            super().keyPressEvent(event)


def bubble_widths(viewport_width: int, bubble: QWidget) -> list[int]:
    """The widths a bubble may take, narrowest first: about 40 characters of the interface font
    (larger in aksara Jawa), or wider (and so shorter) where a tall one would find no free place."""
    chars = bubble.fontMetrics().averageCharWidth() * 40 + 28
    widest = viewport_width - 2 * GAP
    return sorted({int(min(max(chars * f, 300), widest)) for f in (1.0, 1.4, 1.9)})


def place_bubble(size: tuple[float, float], area: QRectF, targets: Sequence[QRectF],
                 keep_clear: Sequence[QRectF], others: Sequence[QRectF]) -> tuple[QRectF, float]:
    """Where a bubble of ``size`` goes in ``area``, and how bad that place is: never over ``targets``
    nor ``keep_clear`` (the person's hand and plate), near the targets, over as little of ``others``
    (cards, plates, labels) as it can.  Candidates round the targets come first, then a grid over the
    table; with no free place at all, the top left corner (at an infinite cost)."""
    w, h = size
    inside = area.adjusted(GAP / 2, GAP / 2, -GAP / 2, -GAP / 2)
    spots: list[QPointF] = []
    if targets:
        t = union(targets)
        c = t.center()
        spots += [QPointF(c.x() - w / 2, t.top() - GAP - h), QPointF(c.x() - w / 2, t.bottom() + GAP),
                  QPointF(t.right() + GAP, c.y() - h / 2), QPointF(t.left() - GAP - w, c.y() - h / 2)]
    for fy in (0.35, 0.5, 0.2, 0.65, 0.05, 0.8, 0.95):
        for fx in (0.5, 0.35, 0.65, 0.2, 0.8, 0.05, 0.95):
            spots.append(QPointF(inside.left() + fx * (inside.width() - w), inside.top() + fy * (inside.height() - h)))
    forbidden = [r.adjusted(-GAP, -GAP, GAP, GAP) for r in (*targets, *keep_clear)]
    best: tuple[float, int, QRectF] | None = None
    for i, p in enumerate(spots):
        x = min(max(p.x(), inside.left()), inside.right() - w)
        y = min(max(p.y(), inside.top()), inside.bottom() - h)
        r = QRectF(x, y, w, h)
        if any(r.intersects(f) for f in forbidden):
            continue
        cover = sum(_area(r.intersected(o)) for o in others)
        near = 0.0 if not targets else math.dist((r.center().x(), r.center().y()),
                                                 (union(targets).center().x(), union(targets).center().y()))
        score = cover * COVER_WEIGHT + near
        if best is None or (score, i) < best[:2]:
            best = (score, i, r)
    if best is None:
        return QRectF(inside.left(), inside.top(), w, h), math.inf
    return best[2], best[0]


def _area(r: QRectF) -> float:
    return max(0.0, r.width()) * max(0.0, r.height())


def union(rects: Sequence[QRectF]) -> QRectF:
    out = QRectF(rects[0])
    for r in rects[1:]:
        out = out.united(r)
    return out


def target_rects(note: Note, move: Action | None, plan: Plan, table) -> list[QRectF]:
    """What ``note`` points at on the table now, in scene (= viewport) coordinates: the cards, pile
    or button the move is made with, the cards of a role, cards by their codes, a seat's plate, or
    nothing."""
    return [r for group in target_groups(note, move, plan, table) for r in group]


def target_groups(note: Note, move: Action | None, plan: Plan, table) -> list[list[QRectF]]:
    """``note``'s targets apart: for each, the rectangles of what it points at on the table now."""
    return [_rects_of(t, move, plan, table) for t in note.targets()]


def _rects_of(t: Target, move: Action | None, plan: Plan, table) -> list[QRectF]:
    if t.kind == "move" and move is not None:
        rects = [table.spec_rect(c) for c in plan.cards
                 if c.action == move or any(ch.action == move for ch in c.choices)]
        # a button: its whole bar (a widget over the scene, which would hide a mark round the button)
        rects += [QRectF(bar.geometry()) for bar in table.choice_bars()
                  if any(spec.action == move or (spec.range is not None and spec.range.holds(move))
                         for spec in bar.specs)]
        return rects
    if t.kind == "role":
        return [table.spec_rect(c) for c in plan.cards if c.role == t.role and (t.seat < 0 or c.seat == t.seat)]
    if t.kind == "cards":
        return [_uncovered(c, plan, table) for c in plan.cards
                if c.face_up and c.kind is not None and str(c.kind) in t.codes
                and (not t.role or c.role == t.role) and (t.seat < 0 or c.seat == t.seat)]
    if t.kind == "seat":
        return [QRectF(s.rect) for s in plan.seats if s.seat == t.seat]
    return []


def _uncovered(spec, plan: Plan, table) -> QRectF:
    """The part of a card its right-hand neighbours of the same fan leave uncovered (a hand's strip),
    in the scene: what an outline round "this card" must hold."""
    r = table.spec_rect(spec)
    for d in plan.cards:
        if d is spec or d.role != spec.role or d.seat != spec.seat or d.z <= spec.z:
            continue
        o = table.spec_rect(d)
        if o.intersects(r) and r.left() < o.left() < r.right() and o.top() < r.center().y() < o.bottom():
            r.setRight(o.left())
    return r


def clusters(rects: Sequence[QRectF]) -> list[QRectF]:
    """``rects`` joined where they touch or overlap (a run of fanned cards is one): each cluster's
    bounding rectangle, left to right."""
    out = [QRectF(r) for r in rects]
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(out):
            j = next((j for j in range(i + 1, len(out)) if a.adjusted(-1, -1, 1, 1).intersects(out[j])), None)
            if j is not None:
                out[i] = a.united(out.pop(j))
                merged = True
                break
    return sorted(out, key=lambda r: (r.left(), r.top()))


def edge_point(r: QRectF, towards: QPointF) -> QPointF:
    """Where the line from ``r``'s centre to ``towards`` leaves ``r``."""
    c = r.center()
    dx, dy = towards.x() - c.x(), towards.y() - c.y()
    if dx == 0 and dy == 0:
        return c
    sx = (r.width() / 2) / abs(dx) if dx else math.inf
    sy = (r.height() / 2) / abs(dy) if dy else math.inf
    s = min(sx, sy, 1.0)
    return QPointF(c.x() + dx * s, c.y() + dy * s)


class SummaryDialog(QDialog):
    """The end of a lesson: the rules it showed, "Play a real game" (accepts) or "Close"."""

    def __init__(self, lesson: Lesson, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("lessonSummary")
        game = names.game_title(get_game(lesson.game_id))
        self.setWindowTitle(i18n.latin(lambda: self.tr("Learn to play")))
        heading = QLabel(self.tr("Your guided {game} is over. What it showed:").format(game=game), self)
        heading.setWordWrap(True)
        rules = QLabel("<ul>" + "".join(f"<li>{html.escape(t)}</li>" for t in lesson.summary_texts())
                       + "</ul>", self)
        rules.setTextFormat(Qt.TextFormat.RichText)
        rules.setWordWrap(True)
        more = QLabel(self.tr("Everything else is in Help ▸ How to play (F1)."), self)
        more.setWordWrap(True)
        buttons = QDialogButtonBox(self)
        self.play_button = buttons.addButton(self.tr("&Play a real game"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.close_button = buttons.addButton(self.tr("&Close"), QDialogButtonBox.ButtonRole.RejectRole)
        self.play_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        for w in (heading, rules, more):
            box.addWidget(w)
        box.addWidget(buttons)
        self.setMinimumWidth(min(560, parent.width() - 40))


class LessonChooser(QDialog):
    """Help ▸ Learn to play…: the games that have a lesson, ``current`` chosen."""

    def __init__(self, current: str, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("lessonChooser")
        self.setWindowTitle(i18n.latin(lambda: self.tr("Learn to play")))
        intro = QLabel(self.tr("Play one guided hand: short notes on the table show you what to do, "
                               "move by move. Which game?"), self)
        intro.setWordWrap(True)
        self.games = QListWidget(self)
        for gid in lesson_games():
            item = QListWidgetItem(names.game_title(get_game(gid)), self.games)
            item.setData(Qt.ItemDataRole.UserRole, gid)
            if gid == current:
                self.games.setCurrentItem(item)
        if self.games.currentItem() is None and self.games.count():
            self.games.setCurrentRow(0)
        self.games.itemActivated.connect(self.accept)
        buttons = QDialogButtonBox(self)
        start = buttons.addButton(self.tr("&Start the lesson"), QDialogButtonBox.ButtonRole.AcceptRole)
        start.setDefault(True)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(intro)
        box.addWidget(self.games)
        box.addWidget(buttons)
        self.setMinimumWidth(380)

    def game_id(self) -> str | None:
        item = self.games.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None


def offer_box(game_id: str, parent: QWidget) -> QMessageBox:
    """The first start's offer: learn ``game_id`` in one guided hand, or not now."""
    game = names.game_title(get_game(game_id))
    box = QMessageBox(parent)
    box.setObjectName("lessonOffer")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(i18n.latin(lambda: QCoreApplication.translate("LessonOffer", "Welcome to CekiDesk")))
    box.setText(QCoreApplication.translate("LessonOffer", "New to these cards? Learn to play {game} in one guided "
                                                          "hand.").format(game=game))
    learn = box.addButton(QCoreApplication.translate("LessonOffer", "&Learn to play"),
                          QMessageBox.ButtonRole.AcceptRole)
    box.setDefaultButton(learn)
    box.addButton(QCoreApplication.translate("LessonOffer", "&Not now"), QMessageBox.ButtonRole.RejectRole)
    return box
