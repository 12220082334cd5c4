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

from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent
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
from ..foundations.lessons import Lesson, Note
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


class NoteBubble(QFrame):
    """A coach note over the table: its words, "Leave lesson" and "Next" (Enter); Escape leaves."""

    next = Signal()
    leave = Signal()

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
        box.addLayout(buttons)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        self.leave_button.setText(self.tr("Leave lesson"))
        self.next_button.setText(self.tr("Next ▸"))
        self.next_button.setToolTip(self.tr("Go on (Enter)"))
        self.leave_button.setToolTip(self.tr("End the lesson (Esc)"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def say(self, text: str, width: int) -> None:
        """Show ``text``, wrapped to ``width`` pixels (the bubble's height follows)."""
        self.text.setText(text)
        self.setFixedWidth(width)
        self.setFixedHeight(self._box.totalHeightForWidth(width))

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
    or button the move is made with, the cards of a role, a seat's plate, or nothing."""
    t = note.target
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
    if t.kind == "seat":
        return [QRectF(s.rect) for s in plan.seats if s.seat == t.seat]
    return []


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
