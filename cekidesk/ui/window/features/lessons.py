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

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence, QMouseEvent, QPainterPath, QPen, QShortcut
from PySide6.QtWidgets import QApplication, QDialog, QGraphicsPathItem, QMessageBox, QWidget

from cekidesk.engine.bot import Bot
from cekidesk.engine.core import Action, EngineError, View
from cekidesk.engine.match import Match
from cekidesk.persistence.saves import Seat

from ...foundations import names
from ...foundations.lessons import Lesson, Note
from ...games import game_ui
from ...table.cards import CardItem
from ...table.layouts import Plan, label_rect
from ..coach import (
    MARK_COLOUR,
    MARK_Z,
    LessonChooser,
    NoteBubble,
    SummaryDialog,
    bubble_widths,
    clusters,
    edge_point,
    lesson_games,
    offer_box,
    place_bubble,
    target_groups,
)
from ..interface import Change, Feature, WindowInterface

# the keys that play the card or pile chosen on the table
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
# at most this many arrows from one note (the rest of its targets are outlined only)
MAX_ARROWS = 4


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
        self.arrows: list[QRectF] = []   # what each arrow of the note up now points at (tests read it)
        self.spots: list[QRectF] = []    # what the note up now outlines, cluster by cluster
        self.refusal = ""                # why the last move was not taken (shown under the note)
        self._pressed: CardItem | None = None
        self._attempt: int | None = None  # the lesson's place when a move was tried (see _tried)
        self._watcher = _Watcher(self)
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

    def _due(self) -> int | None:
        """The place in the notes of the note to read now (None: none is due before the next move).
        A note whose move was made while it was up (its own move, by the key or click it names) counts
        as read."""
        i, at = self._read, self.index()
        while i < len(self._notes) and self._notes[i].before < at:
            i += 1
        return i if i < len(self._notes) and self._notes[i].before == at else None

    def note(self) -> Note | None:
        """The note to read now (None: none is due before the next move)."""
        i = self._due()
        return self._notes[i] if i is not None else None

    def move_note(self, note: Note | None = None) -> bool:
        """Whether ``note`` (the note up now by default) is the person's move's own: the last note
        before a move of theirs that they make themselves.  It stays up until the move is made — by
        the key or click it names, or Enter — and has no Next."""
        i = self._due() if note is None else self._notes.index(note) if note in self._notes else None
        move, lesson = self.taught(), self.lesson
        if i is None or move is None or lesson is None or move.player != lesson.human:
            return False
        if lesson.watch_from is not None and self.index() >= lesson.watch_from:
            return False
        n = self._notes[i]
        return n.before == self.index() and not any(m.before == n.before for m in self._notes[i + 1:])

    def waiting(self) -> bool:
        """Nobody moves: a note is unread, or the lesson was left with nothing to give back (the
        table stays as it was until a game is started).  (The person's move's own note lets that
        move, and only it, be made: :meth:`allows`.)"""
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
        """Only the taught move, once the notes before it are read — or while the last of them, the
        move's own, is up (the move reads it)."""
        if self.lesson is None or action != self.taught():
            return False
        return self.note() is None or self.move_note()

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
        self.refusal = ""
        self._show_codes(True)
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self._watcher)
        c.start(match, seats, bots, counts_for_statistics=False)
        return True

    def _show_codes(self, on: bool) -> None:
        """The cards' codes (S9, WF …) in their corners while a lesson runs; else as the settings say."""
        s = self.window.settings
        self.window.table.set_options(animation_speed=s.animation_speed, highlight_legal=s.highlight_legal,
                                      sort_hand=s.sort_hand, show_codes=on or s.show_card_codes,
                                      card_namer=self.window.card_namer())

    def apply_settings(self) -> None:
        """(The window applied its settings to the table: a lesson's codes stay shown.)"""
        if self.lesson is not None:
            self._show_codes(True)

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
        self.refusal = ""
        self._show_codes(False)
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self._watcher)

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
            self.refusal = ""
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
        """The note due now on the table (the person's move's own: with the move made the keyboard's),
        or the person's taught move made the keyboard's, or a refusal's words."""
        if not self.active():
            return
        self._clear_marks()
        note = self.note()
        move, lesson = self.taught(), self.lesson
        mine = move is not None and lesson is not None and move.player == lesson.human
        if note is None:
            if not mine or lesson is None:
                if self.refusal:
                    self._place(self.refusal, [], move=False, refusal="")
                else:
                    self.bubble.hide()
                return
            watch_from = lesson.watch_from
            if watch_from is not None and self.index() >= watch_from:
                self.bubble.hide()
                QTimer.singleShot(self.window.controller.pace_ms, self, self._play_for_person)
                return
            if self.refusal:   # a move refused with no note up: the reminder, pointing at the move
                self._place(self.refusal, self._move_groups(), move=True, refusal="")
            else:
                self.bubble.hide()
            self._keyboard_to_move()
            return
        own = self.move_note(note)
        self._place(self.note_text(note), self._groups(note), move=own, picture=note.picture,
                    refusal=self.refusal)
        self.bubble.show()
        self.bubble.raise_()
        if own:
            self._keyboard_to_move()
        else:
            self.bubble.setFocus(Qt.FocusReason.OtherFocusReason)
            self.bubble.next_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _keyboard_to_move(self) -> None:
        """The taught move marked and chosen on the table, the keyboard there: Enter makes it."""
        move = self.taught()
        if move is None:
            return
        self.window.give_table_the_keyboard()
        self.window.table.set_hint(move)   # (after: a card's choices keep the keyboard on the move's button)

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

    def _move_of(self, note: Note) -> Action | None:
        assert self.lesson is not None
        return Action.parse(self.lesson.script[note.before]) if note.before < len(self.lesson.script) else None

    def _groups(self, note: Note) -> list[list[QRectF]]:
        """What ``note`` points at on the table as it is drawn, target by target."""
        plan = self.window.table.plan()
        if plan is None or self.lesson is None:
            return []
        return [g for g in target_groups(note, self._move_of(note), plan, self.window.table) if g]

    def _move_groups(self) -> list[list[QRectF]]:
        """The taught move's card, pile or button (a reminder with no note up points there)."""
        move, plan = self.taught(), self.window.table.plan()
        if move is None or plan is None:
            return []
        note = Note("", self.index())
        return [g for g in target_groups(note, move, plan, self.window.table) if g]

    def targets(self) -> list[QRectF]:
        """Where the note due now points, on the table as it is drawn."""
        note = self.note()
        if note is None:
            return []
        return [r for g in self._groups(note) for r in g]

    def _place(self, text: str, groups: list[list[QRectF]], *, move: bool, picture: str = "",
               refusal: str = "") -> None:
        """Show ``text`` in the bubble at the width and place that cover least (see place_bubble),
        each group of ``groups`` outlined, with an arrow to each of its clusters."""
        table = self.window.table
        plan = table.plan() or Plan()
        targets = [r for g in groups for r in g]
        vp = table.viewport()
        area = QRectF(0, 0, vp.width(), vp.height())
        human = self.lesson.human if self.lesson is not None else -1
        mine = [table.spec_rect(c) for c in plan.cards if c.seat == human] + \
            [QRectF(s.rect) for s in plan.seats if s.seat == human]
        others = ([table.spec_rect(c) for c in plan.cards] + [QRectF(s.rect) for s in plan.seats]
                  + [label_rect(lb) for lb in plan.labels])
        best: tuple[float, int, QRectF] | None = None
        for width in bubble_widths(vp.width(), self.bubble):
            self.bubble.say(text, width, move=move, picture=picture, refusal=refusal)
            w = self.bubble.width()
            box, cost = place_bubble((w, self.bubble.height()), area, targets, mine, others)
            if best is None or cost < best[0]:
                best = (cost, width, box)
        assert best is not None
        cost, width, box = best
        self.bubble.say(text, width, move=move, picture=picture, refusal=refusal)
        self.bubble.place(round(box.x()), round(box.y()))
        self.bubble.show()
        self.bubble.raise_()
        spots = self.spots = [c for g in groups for c in clusters(g)]
        for spot in spots:
            path = QPainterPath()
            path.addRoundedRect(spot.adjusted(-5, -5, 5, 5), 8, 8)
            self._add(path)
        for spot in sorted(spots, key=lambda r: _distance(box, r))[:MAX_ARROWS]:
            if self._arrow(box, spot):
                self.arrows.append(spot)

    def _arrow(self, bubble: QRectF, target: QRectF) -> bool:
        """A line with a head from the bubble's edge to the target's (False: they touch, no line)."""
        a = edge_point(bubble, target.center())
        b = edge_point(target.adjusted(-8, -8, 8, 8), bubble.center())
        if math.dist((a.x(), a.y()), (b.x(), b.y())) < 12:
            return False
        path = QPainterPath(a)
        path.lineTo(b)
        angle = math.atan2(b.y() - a.y(), b.x() - a.x())
        for turn in (2.6, -2.6):
            path.moveTo(b)
            path.lineTo(b.x() + 14 * math.cos(angle + turn), b.y() + 14 * math.sin(angle + turn))
        self._add(path)
        return True

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
        self.arrows, self.spots = [], []

    def read_note(self) -> None:
        """The note shown is read: the next one, or the game goes on (the end: the summary)."""
        due = self._due() if self.active() else None
        if due is None:
            return
        self._read = due + 1
        self.refusal = ""
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

    # -- the person's keys and clicks during a lesson ----------------------------------------------
    def app_event(self, obj: QObject, event: QEvent) -> bool:
        """Every event of the application while a lesson runs (:class:`_Watcher`): Enter reaches the
        note wherever the keyboard is, and a move tried by a click or a key that the lesson did not
        take is answered (:meth:`refuse`).  True: the event was used up here."""
        t = event.type()
        if not self.active() or not self._in_window(obj):
            return False
        table = self.window.table
        if t == QEvent.Type.MouseButtonPress and obj is table.viewport() and isinstance(event, QMouseEvent):
            ready = event.button() == Qt.MouseButton.LeftButton and not table.is_dealing()
            self._pressed = self._card_at(event.position()) if ready else None
        elif t == QEvent.Type.MouseButtonRelease and obj is table.viewport() and isinstance(event, QMouseEvent):
            if event.button() == Qt.MouseButton.LeftButton and self._pressed is not None:
                self._pressed = None
                self._tried()
        elif t == QEvent.Type.Shortcut and isinstance(obj, QShortcut) and obj.parent() is self.window.widget():
            if any(obj.key().matches(QKeySequence(k)) == QKeySequence.SequenceMatch.ExactMatch
                   for k in table.game_keys()):
                self._tried()             # (a game's move key, window-wide: D, T, C, S …)
        elif t == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and isinstance(obj, QWidget) \
                and event.key() in ENTER_KEYS and not event.isAutoRepeat() and obj.hasFocus() \
                and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return self._enter(obj)
        return False

    def _in_window(self, obj: QObject) -> bool:
        """``obj`` is the window or in it, and no dialog or menu is over it."""
        if QApplication.activeModalWidget() is not None or QApplication.activePopupWidget() is not None:
            return False
        if isinstance(obj, QShortcut):
            return obj.parent() is self.window.widget()
        return isinstance(obj, QWidget) and obj.window() is self.window.widget()

    def _card_at(self, pos: QPointF) -> CardItem | None:
        return next((it for it in self.window.table.items(pos.toPoint()) if isinstance(it, CardItem)), None)

    def _enter(self, focus: QWidget) -> bool:
        """Enter, wherever the keyboard is in the window: a note is read; while the person's move is
        due (its own note up, or none) the move chosen on the table is made, as the table's Enter
        does.  True: used up here."""
        table = self.window.table
        note = self.note()
        if note is not None and not self.move_note(note):
            self.read_note()
            return True
        move = self.taught()
        if move is None or self.lesson is None or move.player != self.lesson.human:
            return False
        self._tried()
        if focus is table or table.isAncestorOf(focus) or table.viewport().isAncestorOf(focus):
            return False                  # the table's own Enter (its card, or its choices' button)
        self._keyboard_to_move()
        here = QApplication.focusWidget()
        if here is not None and here is not focus:
            QApplication.sendEvent(here, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Return,
                                                   Qt.KeyboardModifier.NoModifier))
        return True

    def _tried(self) -> None:
        """A move was tried (a click on a card, a move key, Enter): if the lesson has not gone on once
        it is handled, it was not taken — say so."""
        self._attempt = self.index()
        QTimer.singleShot(0, self, self._judge)

    def _judge(self) -> None:
        attempt, self._attempt = self._attempt, None
        c, table = self.window.controller, self.window.table
        if attempt is None or not self.active() or self.index() != attempt or c.replaying \
                or table.opened_card() is not None or (c.match is not None and c.match.hand_over()):
            return
        self.refuse()

    def refuse(self, why: str = "") -> None:
        """Answer a move the lesson did not take: the note up (or, with none, a reminder pointing at
        the move) says why under its words and shakes; while the computer players move, the status
        line says whose move it is."""
        if not self.active() or self.lesson is None:
            return
        why = why or self.refusal_text()
        move = self.taught()
        if self.note() is None and (move is None or move.player != self.lesson.human):
            self.window.set_status(why)
            return
        self.refusal = why
        self._show()
        self.bubble.shake(self.window.settings.animation_speed != "off")

    def refusal_text(self) -> str:
        """Why a move was not taken now, in the words of the moment."""
        note, move, lesson = self.note(), self.taught(), self.lesson
        if note is not None and not self.move_note(note):
            return QCoreApplication.translate("LessonBubble", "First read this note: press Enter or click Next.")
        if move is None or lesson is None:
            return ""
        if move.player != lesson.human:
            return QCoreApplication.translate("LessonBubble", "Wait: {name} moves now.").format(
                name=self.window.seat_names()[move.player])
        what = game_ui(lesson.game_id).describe_action(move, self.window.controller.view())
        return QCoreApplication.translate(
            "LessonBubble", "Not that one. The lesson's move now: {what} (marked on the table).").format(what=what)


class _Watcher(QObject):
    """The application's events, handed to the coach while a lesson runs."""

    def __init__(self, coach: Coach):
        super().__init__(coach)
        self.coach = coach

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        return self.coach.app_event(obj, event)


def _distance(a: QRectF, b: QRectF) -> float:
    return math.dist((a.center().x(), a.center().y()), (b.center().x(), b.center().y()))


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

    def apply_settings(self) -> None:
        self.coach.apply_settings()

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
