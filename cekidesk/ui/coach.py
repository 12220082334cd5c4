"""The runner of the guided first hands (Help ▸ Learn to play; the lessons are :mod:`cekidesk.ui.lessons`).

A lesson is played as an ordinary match in the window's :class:`~cekidesk.ui.controller.GameController`:
the computer seats are :class:`ScriptBot`\\ s that answer the script's next move, and the
:class:`Coach` is the controller's guide (``GameController.guide``) while the match is the lesson's.
As a guide it narrows the view the table gets to the scripted move of the person, has the controller
refuse any other, and keeps everybody waiting while a note is unread.  Notes are bubbles over the
table (:class:`NoteBubble`, a frameless child of the table's viewport) with a highlight and an arrow
at what they point at, placed where they cover neither that nor the person's hand; Enter or Next
reads one, Escape or "Leave lesson" ends the lesson and gives back the game it interrupted (kept in
memory; its autosave is not touched, as a lesson is never autosaved nor counted in the statistics).
The hand's end shows the closing notes, then a summary of the rules with "Play a real game".
"""
from __future__ import annotations

import dataclasses
import html
import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeyEvent, QKeySequence, QPainterPath, QPen, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGraphicsPathItem,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cekidesk.engine.bot import Bot
from cekidesk.engine.core import Action, EngineError, View
from cekidesk.engine.match import Match
from cekidesk.games import get_game
from cekidesk.persistence.saves import Seat

from . import i18n, names
from .games import game_ui, registered_game_uis
from .lessons import Lesson, Note
from .table.layouts import Plan, label_rect

if TYPE_CHECKING:
    from .main_window import MainWindow

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


class ScriptBot(Bot):
    """A computer seat of a lesson: it plays the script's next move, which must be its own and legal
    (the script is checked by the tests; a move that is not raises, as a failing bot does)."""

    level = "lesson"

    def __init__(self, seat: int, game_id: str, coach: Coach):
        super().__init__(seat, game_id)
        self._coach = coach

    def choose(self, view: View, rng: random.Random) -> Action:
        action = self._coach.taught()
        if action is None or action.player != self.seat or action not in view.legal:
            raise EngineError(f"the lesson's next move {action} is not seat {self.seat}'s")
        return action


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
        t = _union(targets)
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
                                                 (_union(targets).center().x(), _union(targets).center().y()))
        score = cover * COVER_WEIGHT + near
        if best is None or (score, i) < best[:2]:
            best = (score, i, r)
    if best is None:
        return QRectF(inside.left(), inside.top(), w, h), math.inf
    return best[2], best[0]


def _area(r: QRectF) -> float:
    return max(0.0, r.width()) * max(0.0, r.height())


def _union(rects: Sequence[QRectF]) -> QRectF:
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


class Coach(QObject):
    """Plays a lesson in the window (see the module docstring).  It is the controller's guide for
    the whole session; it guides only while the controller's match is the lesson's."""

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.lesson: Lesson | None = None
        self.match: Match | None = None
        self._notes: list[Note] = []
        self._read = 0                  # how many of the lesson's notes (in order) were read
        self._end_asked = False         # the window has reached the hand's end (its dialog's turn)
        self._previous: tuple[Match, tuple[Seat, ...], dict[int, Bot], bool, frozenset[int]] | None = None
        self._marks: list[QGraphicsPathItem] = []
        self.bubble = NoteBubble(window.table.viewport())
        self.bubble.next.connect(self.read_note)
        self.bubble.leave.connect(self.leave)
        self.escape = QShortcut(QKeySequence("Escape"), window, self._escape)
        self.escape.setEnabled(False)
        c = window.controller
        c.guide = self
        c.started.connect(self._on_started)
        c.changed.connect(self._show)
        window.table.viewport().installEventFilter(self)

    # -- the guide the controller asks ---------------------------------------------------------
    def guides(self, match: Match) -> bool:
        """Whether ``match`` is the lesson's: the one it started, or the same lesson rebuilt from its
        log (an undo, a restart of the deal: the same game and seed, its moves the script's first)."""
        if self.match is None:
            return False
        if match is self.match:
            return True
        lesson, moves = self.lesson, match.logs[0] if len(match.logs) == 1 else None
        return (lesson is not None and moves is not None and match.spec.id == lesson.game_id
                and match.seed == lesson.seed and [str(a) for a in moves] == list(lesson.script[:len(moves)]))

    def active(self) -> bool:
        """A lesson is under way on the table."""
        match = self.window.controller.match
        return self.lesson is not None and match is not None and self.guides(match)

    def index(self) -> int:
        """The number of moves of the hand played so far."""
        match = self.window.controller.match if self.active() else self.match
        return len(match.logs[-1]) if match is not None else 0

    def taught(self) -> Action | None:
        """The script's next move (None after the last, or with no lesson)."""
        if self.lesson is None or self.index() >= len(self.lesson.script):
            return None
        return Action.parse(self.lesson.script[self.index()])

    def note(self) -> Note | None:
        """The note to read now (None: none is due before the next move)."""
        if self._read < len(self._notes) and self._notes[self._read].before <= self.index():
            return self._notes[self._read]
        return None

    def waiting(self) -> bool:
        """Nobody moves: a note is unread, or the lesson was left with nothing to give back (the
        table stays as it was until a game is started)."""
        return self.lesson is None or self.note() is not None

    def narrow(self, view: View) -> View:
        move = self.taught()
        legal = (move,) if move is not None and move.player == view.viewer and move in view.legal else ()
        fields = {f.name for f in dataclasses.fields(view)}   # type: ignore[arg-type]
        changes: dict[str, object] = {"legal": legal}
        if "ranges" in fields:
            changes["ranges"] = tuple(r for r in view.ranges if move is not None and r.holds(move))
        return dataclasses.replace(view, **changes)   # type: ignore[type-var]

    def allows(self, action: Action) -> bool:
        return not self.waiting() and action == self.taught()

    # -- starting and leaving ---------------------------------------------------------------------
    def start(self, game_id: str) -> bool:
        """Play ``game_id``'s lesson now; the game in progress waits in memory until it ends.
        False if the game has no lesson."""
        lesson = game_ui(game_id).lesson()
        if lesson is None:
            return False
        c = self.window.controller
        if not self.active() and c.match is not None and not c.match.is_over():
            self._previous = (c.match, c.seats, dict(c.bots), c.undo_allowed, c.undone_hands)
        match = lesson.new_match()
        seats = tuple(Seat(kind="human", name=names.DEFAULT_HUMAN_NAME) if p == lesson.human else
                      Seat(kind="bot", level="normal", name=self._name(lesson, p)) for p in range(lesson.n_players))
        bots: dict[int, Bot] = {p: ScriptBot(p, game_id, self) for p in range(lesson.n_players) if p != lesson.human}
        self.lesson, self.match, self._notes = lesson, match, sorted(lesson.notes, key=lambda n: n.before)
        self._read, self._end_asked = 0, False
        c.paused = False
        self.escape.setEnabled(True)
        c.start(match, seats, bots, counts_for_statistics=False)
        return True

    @staticmethod
    def _name(lesson: Lesson, seat: int) -> str:
        if seat < len(lesson.names) and lesson.names[seat]:
            return lesson.names[seat]
        return names.DEFAULT_BOT_NAMES[(seat - 1) % len(names.DEFAULT_BOT_NAMES)]

    def leave(self, new_game: bool = False) -> None:
        """End the lesson: the game it interrupted comes back; with none, the New Game dialog
        (``new_game`` asks for it anyway: "Play a real game")."""
        if self.lesson is None:
            return
        game_id = self.lesson.game_id
        previous, self._previous = self._previous, None
        self._finish()
        if previous is not None:
            match, seats, bots, undo_allowed, undone_hands = previous
            self.window.controller.start(match, seats, bots, undo_allowed=undo_allowed, undone_hands=undone_hands)
        if new_game or previous is None:
            self.window.settings.last_game_id = game_id
            QTimer.singleShot(0, self.window, self.window.new_game)

    def _finish(self) -> None:
        """Forget the lesson (its match, if still on the table, stays there, frozen)."""
        self.lesson = None
        self._notes, self._read = [], 0
        self.escape.setEnabled(False)
        self.window.controller.counts_for_statistics = True
        self._clear_marks()
        self.bubble.hide()

    def _escape(self) -> None:
        """Escape ends the lesson, unless it has a nearer meaning: the end of a replay, or closing the
        choices of a card played in several ways (the table's own Escape, which this shortcut takes)."""
        if self.window.controller.replaying:
            self.window.controller.stop_replay()
        elif self.window.table.opened_card() is not None:
            self.window.table.close_card_choices()
        else:
            self.leave()

    def _on_started(self) -> None:
        """A match is on the table: the lesson's (again, after an undo) or another one."""
        match = self.window.controller.match
        if self.match is None or match is None:
            return
        if not self.guides(match):
            self.match = None
            if self.lesson is not None:
                self._previous = None
                self._finish()
            return
        self.match = match   # (the lesson rebuilt by an undo is the lesson still)
        self._show()

    # -- notes --------------------------------------------------------------------------------------
    def _show(self, _events: object = None) -> None:
        """The note due now on the table, or the person's taught move made the keyboard's."""
        if not self.active():
            return
        self._clear_marks()
        note = self.note()
        if note is None:
            self.bubble.hide()
            move, lesson = self.taught(), self.lesson
            if move is None or lesson is None or move.player != lesson.human:
                return
            watch_from = lesson.watch_from
            if watch_from is not None and self.index() >= watch_from:
                QTimer.singleShot(self.window.controller.pace_ms, self, self._play_for_person)
                return
            self.window.table.set_hint(move)
            self.window.give_table_the_keyboard()
            return
        self._place(self.note_text(note))
        self.bubble.show()
        self.bubble.raise_()
        self.bubble.setFocus(Qt.FocusReason.OtherFocusReason)
        self.bubble.next_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _play_for_person(self) -> None:
        """The person's scripted move in the part of the hand that plays itself."""
        move = self.taught()
        if self.active() and move is not None and move.player == self.window.controller.human_seat:
            self.window.controller.play(move)

    def note_text(self, note: Note) -> str:
        """``note``'s words now, its card and player filled in."""
        assert self.lesson is not None and self.match is not None
        move = Action.parse(self.lesson.script[note.before]) if note.before < len(self.lesson.script) else None
        card = names.card_name(move.card) if move is not None and move.card is not None else ""
        player = self.window.seat_names()[move.player] if move is not None else ""
        return self.lesson.text(note).format(card=card, name=player)

    def targets(self) -> list[QRectF]:
        """Where the note due now points, on the table as it is drawn."""
        note, plan = self.note(), self.window.table.plan()
        if note is None or plan is None or self.lesson is None:
            return []
        move = Action.parse(self.lesson.script[note.before]) if note.before < len(self.lesson.script) else None
        return target_rects(note, move, plan, self.window.table)

    def _place(self, text: str) -> None:
        """Show ``text`` in the bubble at the width and place that cover least (see place_bubble)."""
        table = self.window.table
        plan = table.plan() or Plan()
        targets = self.targets()
        vp = table.viewport()
        area = QRectF(0, 0, vp.width(), vp.height())
        human = self.lesson.human if self.lesson is not None else -1
        mine = [table.spec_rect(c) for c in plan.cards if c.seat == human] + \
            [QRectF(s.rect) for s in plan.seats if s.seat == human]
        others = ([table.spec_rect(c) for c in plan.cards] + [QRectF(s.rect) for s in plan.seats]
                  + [label_rect(lb) for lb in plan.labels])
        best: tuple[float, int, QRectF] | None = None
        for width in bubble_widths(vp.width(), self.bubble):
            self.bubble.say(text, width)
            box, cost = place_bubble((width, self.bubble.height()), area, targets, mine, others)
            if best is None or cost < best[0]:
                best = (cost, width, box)
        assert best is not None
        cost, width, box = best
        self.bubble.say(text, width)
        self.bubble.move(round(box.x()), round(box.y()))
        if targets:
            target = _union(targets)
            path = QPainterPath()
            path.addRoundedRect(target.adjusted(-5, -5, 5, 5), 8, 8)
            self._add(path)
            self._arrow(box, target)

    def _arrow(self, bubble: QRectF, target: QRectF) -> None:
        """A line with a head from the bubble's edge to the target's."""
        a = _edge_point(bubble, target.center())
        b = _edge_point(target.adjusted(-8, -8, 8, 8), bubble.center())
        if math.dist((a.x(), a.y()), (b.x(), b.y())) < 12:
            return
        path = QPainterPath(a)
        path.lineTo(b)
        angle = math.atan2(b.y() - a.y(), b.x() - a.x())
        for turn in (2.6, -2.6):
            path.moveTo(b)
            path.lineTo(b.x() + 14 * math.cos(angle + turn), b.y() + 14 * math.sin(angle + turn))
        self._add(path)

    def _add(self, path: QPainterPath) -> None:
        item = QGraphicsPathItem(path)
        item.setPen(QPen(MARK_COLOUR, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        item.setZValue(MARK_Z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.window.table.scene().addItem(item)
        self._marks.append(item)

    def _clear_marks(self) -> None:
        for item in self._marks:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self._marks.clear()

    def read_note(self) -> None:
        """The note shown is read: the next one, or the game goes on (the end: the summary)."""
        if not self.active() or self.note() is None:
            return
        self._read += 1
        self._show()
        if not self.waiting():
            self.window.controller.guide_read()
        self._maybe_end()

    def hand_over(self) -> bool:
        """The window reached the hand's end (where its end-of-hand dialog would come): during a
        lesson the closing notes are read, then the summary comes instead.  False: not a lesson."""
        if not self.active():
            return False
        self._end_asked = True
        self._maybe_end()
        return True

    def _maybe_end(self) -> None:
        if self._end_asked and self.match is not None and self.match.hand_over() and self.note() is None:
            self._end_asked = False
            QTimer.singleShot(0, self, self.show_summary)

    def show_summary(self) -> SummaryDialog | None:
        if not self.active():
            return None
        assert self.lesson is not None
        dlg = SummaryDialog(self.lesson, self.window)
        dlg.finished.connect(lambda result: self.leave(new_game=result == QDialog.DialogCode.Accepted))
        dlg.open()
        return dlg

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.bubble.isVisible():
            QTimer.singleShot(0, self, self._show)   # (after the table has laid out its new size)
        elif event.type() == QEvent.Type.LanguageChange and self.bubble.isVisible():
            QTimer.singleShot(0, self, self._show)
        return False


def _edge_point(r: QRectF, towards: QPointF) -> QPointF:
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
