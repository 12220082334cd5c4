"""Play by ear: the game told to a screen reader, and keys that read the table.

Every move is announced as the game log words it (an accessible announcement of the table,
:func:`cekidesk.ui.table.accessible.announce`), without flooding: the person's own move at once, the
computer players' moves gathered while they come quickly one after another — within
:data:`SUMMARY_MS` of each other — and said in one summary when they pause, when the person's turn
comes ("… Your turn: throw a card.") or when the hand ends.  A new hand is announced with its
heading and the deal, the end of a hand with its result, a hint with its line, the pause with the
status line, the replay of the last round (Ctrl+R) move by move, a lesson's note when it takes the
keyboard.  *View ▸ Announce moves* (the
setting ``Settings.announce_events``) turns the announcements of moves off; the reading keys always
answer:

====  =========================================================================
I     the whole situation: whose turn, what lies on the table, your hand, the seats
W     whose turn it is (the status line)
E     what lies on the table: the pile's top, the trick, the counter, the stock
Y     your hand, the cards you may play and every move you may make, with its key
A     around the table: each seat, its cards, the dealer, who is to move
O     the scores of the match
L     the last announcement again
====  =========================================================================
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from cekidesk.engine.core import Action, Event, View
from cekidesk.session import Played

from ...foundations import names
from ...games import game_ui
from ...table import accessible
from ...table.gestures import READ_KEYS, read_keys_help
from ..gamelog import Seating
from ..interface import Change, Feature, WindowInterface

# computer players' moves that follow each other within this time are said in one summary
SUMMARY_MS = 1500

def _ended(text: str) -> str:
    """``text`` as a sentence a screen reader pauses after (a heading gets its full stop)."""
    text = text.strip()
    return text + "." if text and text[-1].isalnum() else text


class Announcer(Feature):
    """The announcements and the reading keys.  The window hands it the status line's text
    (``status_text``) and the hint's line (``hint_line``)."""

    def __init__(self, window: WindowInterface, status_text: Callable[[], str],
                 hint_line: Callable[[], str | None]):
        super().__init__(window.widget())
        self.window = window
        self.status_text, self.hint_line = status_text, hint_line
        self.last = ""                       # the last announcement of the game's (L says it again)
        self._pending: list[str] = []        # computer players' moves not said yet
        self._was_waiting = False            # the person was to move at the last refresh
        self._own_move = False               # the person moved since the last refresh
        self._replaying = False              # the last round is shown again
        self._note_words: QLabel | None = None   # the words of a lesson's note, and the last said
        self._note_said = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SUMMARY_MS)
        self._timer.timeout.connect(self.flush)
        readers: dict[str, Callable[[], str]] = {
            "actReadSituation": self.situation, "actReadTurn": self.turn, "actReadTable": self.table_words,
            "actReadHand": self.hand_words, "actReadSeats": self.seats_words, "actReadScores": self.scores,
            "actReadAgain": lambda: self.last}
        self.read_actions: dict[str, QAction] = {}
        for key, name in READ_KEYS:
            self.read_actions[name] = window.add_action("", self._reader(readers[name]), QKeySequence(key), name)
        # a lesson's note takes the keyboard on its Next button: its words are said with it
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)
        self.action = window.add_action("", self._toggled, None, "actAnnounce")
        self.action.setCheckable(True)
        self.action.setChecked(window.settings.announce_events)
        self.retranslate()

    def _reader(self, read: Callable[[], str]) -> Callable[[], None]:
        return lambda: self.answer(read())

    # -- saying -----------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """Announce ``text``, what the game did (and keep it for L)."""
        text = " ".join(text.split())
        if not text or self.last.endswith(text):
            return   # (said just now: the person's turn told again by a later refresh)
        self.last = text
        accessible.announce(self.window.table, text)

    def answer(self, text: str) -> None:
        """Say ``text`` at once, interrupting (the answer to a key the person pressed)."""
        text = " ".join(text.split())
        if text:
            accessible.announce(self.window.table, text, assertive=True)

    def flush(self, then: str = "") -> None:
        """Say the computer players' moves gathered so far in one announcement (and ``then`` after
        them)."""
        self._timer.stop()
        text = " ".join(_ended(t) for t in [*self._pending, then] if t.strip())
        self._pending.clear()
        if text:
            self.say(text)

    def _gather(self, sentences: Sequence[str]) -> None:
        """The computer players' moves wait for the next pause of theirs, the person's turn or the
        hand's end (:meth:`flush`)."""
        self._pending.extend(sentences)
        self._timer.start()

    @property
    def on(self) -> bool:
        return self.window.settings.announce_events

    # -- the changes ------------------------------------------------------------------------------
    def on_changed(self, change: Change) -> None:
        c = self.window.controller
        m = c.match
        if m is None or not self.on:
            return
        if change.kind == "started":
            self._pending.clear()
            self._timer.stop()
            if change.rewound:   # an undo, a redo, a restart of the deal: where the game is now
                self._was_waiting = c.waiting_for_human()
                self.say(self.status_text())
            else:
                ui = game_ui(m.spec.id)
                heading = ui.hand_heading(m, self.window.seat_names(), self.window.you())
                self._was_waiting = False
                dealt = self._sentences(c.events_for_log(m.state.deal_events))   # the log's lines of the deal
                self._gather([heading, *(dealt or [self.hand_words(with_moves=False)])])
        elif change.kind == "moved" and isinstance(change.step, Played):
            sentences = self._sentences(change.logged)
            if change.step.seat in c.bots:
                self._gather(sentences)
            else:   # the person's own move: said at once (and what to do next, if it is still theirs)
                self._pending.extend(sentences)
                self._own_move = True
        elif change.kind == "hand_ended":
            self.flush(self.status_text())
        elif change.kind == "hint":
            line = self.hint_line()
            if line:
                self.say(line)
        elif change.kind in ("paused", "screen"):
            self.flush(self.status_text())
        elif change.kind == "replay_frame":   # the last round again: its moves as they come back
            if not self._replaying:
                self._replaying = True
                self.flush(self.status_text())
            self._pending.extend(self._sentences(change.events))
            self.flush()   # (at the replay's own pace, which the person asked for: each at once)
        elif change.kind == "replay_ended":
            self._replaying = False
            self.flush()

    def refresh(self) -> None:
        """The person's turn has come: the moves before it, then what to do."""
        c = self.window.controller
        waiting = c.match is not None and c.waiting_for_human() and not c.replaying
        if waiting and (not self._was_waiting or self._own_move) and self.on:
            self.flush(self.status_text())
        elif self._own_move:
            self.flush()
        self._was_waiting = waiting
        self._own_move = False

    def _sentences(self, events: Sequence[Event]) -> list[str]:
        """``events`` as the game log words them."""
        c = self.window.controller
        m = c.match
        if m is None:
            return []
        seating = Seating.of(m.spec.id, c.seats, self.window.you())
        namer = self.window.card_namer()
        out = []
        for e in events:
            text = seating.ui.describe_event(e, seating.seat_names, seating.human_seat, namer)
            if text:
                out.append(text)
        return out

    def _focus_moved(self, old: QWidget | None, new: QWidget | None) -> None:
        """The keyboard went into a lesson's note (the coach's bubble over the table): its words."""
        if new is None:
            return
        note = new if new.objectName() == "coachNote" else new.parentWidget()
        if note is None or note.objectName() != "coachNote" or (old is not None and note.isAncestorOf(old)):
            return   # (not a note's, or the keyboard moved within the note: said already)
        if not self.window.widget().isAncestorOf(note):
            return
        words = note.findChild(QLabel)
        if words is not None and words is not self._note_words:   # (its next words are said as they come)
            self._note_words = words
            words.installEventFilter(self)
        self._say_note()

    def _say_note(self) -> None:
        words = self._note_words
        if words is not None and words.isVisible() and words.text() and words.text() != self._note_said:
            self._note_said = words.text()
            self.flush()
            self.answer(words.text())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A lesson's note drawn with new words (Next): they are said."""
        if watched is self._note_words:
            if event.type() in (QEvent.Type.Paint, QEvent.Type.Show):
                self._say_note()
            elif event.type() == QEvent.Type.Hide:
                self._note_said = ""   # (the same words shown again later are said again)
        return False

    # -- reading ----------------------------------------------------------------------------------
    def _view(self) -> View | None:
        return self.window.table.current_view()

    def turn(self) -> str:
        return self.status_text()

    def table_words(self) -> str:
        plan = self.window.table.plan()
        if plan is None:
            return self.status_text()
        return accessible.table_text(plan, self.window.table.card_namer(), self.window.seat_names())

    def hand_words(self, with_moves: bool = True) -> str:
        """Your hand and the cards you may play; with ``with_moves`` every move you may make (its
        key, if it has one)."""
        plan, view = self.window.table.plan(), self._view()
        if plan is None or view is None:
            return self.status_text()
        text = accessible.hand_text(plan, view.legal, self.window.table.card_namer())
        if with_moves:
            moves = self.moves(view)
            if moves:
                text += " " + QCoreApplication.translate("Announcer", "Your moves: {moves}.").format(
                    moves=QCoreApplication.translate("TableReading", ", ").join(moves))
        return text

    def moves(self, view: View) -> list[str]:
        """Every move the person may make now, in words, with the key that makes it."""
        m = self.window.controller.match
        plan = self.window.table.plan()
        if m is None or plan is None:
            return []
        ui = game_ui(m.spec.id)
        keys: dict[Action, str] = {a: QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText)
                                   for k, a in plan.keys.items()}
        for ch in plan.choices:
            if ch.action is not None and ch.shortcut is not None:
                keys.setdefault(ch.action, QKeySequence(ch.shortcut).toString(QKeySequence.SequenceFormat.NativeText))
        out = []
        for a in view.legal:
            what = ui.describe_action(a, view)
            out.append(f"{what} ({keys[a]})" if a in keys else what)
        for ch in plan.choices:
            if ch.range is not None:
                r = ch.range

                def amount(v: int, money: bool = ch.money, unit: str = ch.unit) -> str:
                    return names.format_money(v, signed=False) if money else f"{v}{unit}"
                text = QCoreApplication.translate("Announcer", "{what}: {low} to {high} (Tab to the amount)")
                out.append(text.format(what=ch.label, low=amount(r.lo), high=amount(r.hi)))
        return out

    def seats_words(self) -> str:
        plan = self.window.table.plan()
        return accessible.seats_text(plan) if plan is not None else self.status_text()

    def scores(self) -> str:
        m = self.window.controller.match
        if m is None:
            return self.status_text()
        seat_names = self.window.seat_names()
        sep = QCoreApplication.translate("TableReading", ", ")
        money = any(m.ledger)
        parts = []
        for q, name in enumerate(seat_names):
            value = names.format_money(m.ledger[q], signed=True) if money else names.format_points(m.scores[q])
            parts.append(QCoreApplication.translate("Announcer", "{name} {score}").format(name=name, score=value))
        n = len(m.history)
        return names.counted(QCoreApplication.translate("Announcer", "Scores after %n hand(s): {scores}.", "", n),
                             n).format(scores=sep.join(parts))

    def situation(self) -> str:
        return " ".join((self.turn(), self.table_words(), self.hand_words(), self.seats_words()))

    # -- the setting --------------------------------------------------------------------------------
    def _toggled(self, checked: bool = False) -> None:
        s = self.window.settings
        s.announce_events = bool(self.action.isChecked())
        self.window.save_settings()
        self._pending.clear()
        self._timer.stop()
        self.answer(QCoreApplication.translate("Announcer", "Moves are announced.") if s.announce_events
                    else QCoreApplication.translate("Announcer", "Moves are not announced."))

    def apply_settings(self) -> None:
        self.action.setChecked(self.window.settings.announce_events)

    def retranslate(self) -> None:
        self.action.setText(QCoreApplication.translate("Announcer", "&Announce moves (screen reader)"))
        self.action.setToolTip(QCoreApplication.translate(
            "Announcer", "Tell a screen reader every move as the game log words it"))
        for (_, name), (_, what) in zip(READ_KEYS, read_keys_help(), strict=True):
            self.read_actions[name].setText(what)
        # the log's text as a screen reader names it (the dock has the title, its text none)
        self.window.log_dock.view.setAccessibleName(QCoreApplication.translate("GameLogDock", "Game log"))

    def close(self) -> None:
        self._timer.stop()


