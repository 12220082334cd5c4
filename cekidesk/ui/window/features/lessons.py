"""Learn to play: Help ▸ Learn to play…, the first start's offer of a guided hand, and the
:class:`Coach` that plays a lesson in the window (the pieces — the note bubble, where it goes, the
chooser, the summary — are :mod:`cekidesk.ui.window.coach`; the lessons are :mod:`cekidesk.ui.foundations.lessons`).

A lesson is played as an ordinary match in the window's controller: the computer seats are
:class:`ScriptBot`\\ s that answer the script's next move, and the :class:`Coach` is the controller's
guide (``GameController.guide``) while the match is the lesson's (see :mod:`cekidesk.ui.window.coach`).
"""
from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QKeySequence, QPainterPath, QPen, QShortcut
from PySide6.QtWidgets import QDialog, QGraphicsPathItem, QMessageBox

from cekidesk.engine.bot import Bot
from cekidesk.engine.core import Action, EngineError, View
from cekidesk.engine.match import Match
from cekidesk.persistence.saves import Seat

from ...foundations import names
from ...foundations.lessons import Lesson, Note
from ...games import game_ui
from ...table.layouts import Plan, label_rect
from ..coach import (
    MARK_COLOUR,
    MARK_Z,
    LessonChooser,
    NoteBubble,
    SummaryDialog,
    bubble_widths,
    edge_point,
    lesson_games,
    offer_box,
    place_bubble,
    target_rects,
    union,
)
from ..interface import Change, Feature, WindowInterface


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


class Coach(Feature):
    """Plays a lesson in the window (see the module docstring).  It is the controller's guide for
    the whole session; it guides only while the controller's match is the lesson's.  The window
    hands it its New Game (``new_game``: "Play a real game", or a lesson left with no game to give
    back)."""

    def __init__(self, window: WindowInterface, new_game: Callable[[], object]):
        super().__init__(window.widget())
        self.window = window
        self.new_game = new_game
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
        self.escape = QShortcut(QKeySequence("Escape"), window.widget(), self._escape)
        self.escape.setEnabled(False)
        c = window.controller
        c.guide = self
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
            QTimer.singleShot(0, self.window.widget(), self.new_game)

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

    def on_changed(self, change: Change) -> None:
        if change.kind == "started":
            self._on_started()
        elif change.kind == "moved":
            self._show()

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
            target = union(targets)
            path = QPainterPath()
            path.addRoundedRect(target.adjusted(-5, -5, 5, 5), 8, 8)
            self._add(path)
            self._arrow(box, target)

    def _arrow(self, bubble: QRectF, target: QRectF) -> None:
        """A line with a head from the bubble's edge to the target's."""
        a = edge_point(bubble, target.center())
        b = edge_point(target.adjusted(-8, -8, 8, 8), bubble.center())
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
        dlg = SummaryDialog(self.lesson, self.window.widget())
        dlg.finished.connect(lambda result: self.leave(new_game=result == QDialog.DialogCode.Accepted))
        dlg.open()
        return dlg

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.bubble.isVisible():
            QTimer.singleShot(0, self, self._show)   # (after the table has laid out its new size)
        elif event.type() == QEvent.Type.LanguageChange and self.bubble.isVisible():
            QTimer.singleShot(0, self, self._show)
        return False


class Lessons(Feature):
    """Help ▸ Learn to play… (``action``) and the first start's offer; ``coach`` plays the lesson."""

    def __init__(self, window: WindowInterface, new_game: Callable[[], object]):
        super().__init__(window.widget())
        self.window = window
        self.coach = Coach(window, new_game)
        self.action = window.add_action("", self.show_lessons, None, "actLearn")
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(QCoreApplication.translate("MainWindow", "&Learn to play…"))

    def on_changed(self, change: Change) -> None:
        self.coach.on_changed(change)

    def show_lessons(self) -> bool:
        """Choose a game (the current one chosen) and play its lesson.  True if one was started."""
        m = self.window.controller.match
        current = m.spec.id if m is not None else self.window.settings.last_game_id
        with self.window.held():
            dlg = LessonChooser(current, self.window.widget())
            game_id = dlg.game_id() if dlg.exec() == QDialog.DialogCode.Accepted else None
        return game_id is not None and self.coach.start(game_id)

    def offer_lesson(self) -> bool:
        """The first start offers a guided hand once (never again, whatever the answer).  True if
        the lesson was started."""
        s = self.window.settings
        if s.lesson_offered:
            return False
        s.lesson_offered = True
        self.window.save_settings()
        ready = lesson_games()
        if not ready:
            return False
        game_id = s.last_game_id if s.last_game_id in ready else ready[0]
        box = offer_box(game_id, self.window.widget())
        box.exec()
        return box.buttonRole(box.clickedButton()) == QMessageBox.ButtonRole.AcceptRole and self.coach.start(game_id)
