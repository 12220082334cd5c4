"""Lessons obey their own words (issue 32), in the real window (offscreen): every lesson walked to its
summary with the keys its notes name and again with the clicks they name; a move the lesson does not
want answered visibly; Enter reaching a note wherever the keyboard is; each note's arrows on the cards
it names; the cards' codes shown while a lesson runs; no computer player's "thinking" ring on the
person's turn."""
from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from waiting import HANG_GUARD_MS
from window_helpers import open_window, visible_point

from cekidesk.engine.core import Action
from cekidesk.persistence.saves import Seat
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations import i18n
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.window.coach import FrameLegend, SummaryDialog, clusters, lesson_games

GAMES = lesson_games()
#: what the notes name for each kind of the person's move: the key ("press D") …
KEYS = {"draw": Qt.Key.Key_D, "take": Qt.Key.Key_T, "call": Qt.Key.Key_C, "claim": Qt.Key.Key_S,
        "win": Qt.Key.Key_S, "black": Qt.Key.Key_B, "red": Qt.Key.Key_R}
#: … and the words of the key in the note's text
KEY_WORDS = {Qt.Key.Key_D: "D", Qt.Key.Key_T: "T", Qt.Key.Key_C: "C", Qt.Key.Key_S: "S", Qt.Key.Key_B: "B",
             Qt.Key.Key_R: "R", Qt.Key.Key_Return: "Enter"}


def press(key: Qt.Key) -> None:
    """A key pressed where the keyboard is."""
    win = QGuiApplication.focusWindow()
    assert win is not None, "no window has the keyboard focus"
    QTest.keyClick(win, key)


def summary(w: MainWindow) -> SummaryDialog | None:
    return next((d for d in w.findChildren(SummaryDialog) if d.isVisible()), None)


def begin(qtbot, game_id: str, **settings) -> MainWindow:
    w = open_window(qtbot, **settings)
    w.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is w.windowHandle(), timeout=HANG_GUARD_MS)
    assert w.coach.start(game_id)
    return w


def settle(qtbot, w: MainWindow) -> None:
    """Until a note is up, the person is to make a move of theirs, or the summary is up."""
    c, coach = w.controller, w.coach

    def ready() -> bool:
        move = coach.taught()
        return (coach.bubble.isVisible() or summary(w) is not None
                or (move is not None and move.player == coach.lesson.human and c.waiting_for_human()
                    and not w.table.is_animating()))
    qtbot.waitUntil(ready, timeout=HANG_GUARD_MS)


def no_thinking_ring(w: MainWindow) -> None:
    thinking = [seat for seat, item in w.table.seat_items().items() if item.thinking]
    assert thinking == [], f"seats {thinking} are drawn thinking during the person's turn or a note"


def status_text(w: MainWindow) -> str:
    return w.status.status_text()


def watching(w: MainWindow) -> bool:
    """The part of the lesson that plays itself (Pèi's tail): the person's moves are made for them."""
    lesson = w.coach.lesson
    return lesson.watch_from is not None and w.coach.index() >= lesson.watch_from and w.coach.note() is None


def wait_moved(qtbot, w: MainWindow, at: int) -> None:
    qtbot.waitUntil(lambda: w.coach.index() > at or summary(w) is not None, timeout=HANG_GUARD_MS)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_lesson_is_walked_with_the_keys_its_notes_name(qtbot, boxes, game_id):
    """Each note that is not a move's own is read with Enter; each move is made by the key its own
    note names (D, T, C, S, B …; Enter for a card), pressed while that note is up — no Enter first."""
    w = begin(qtbot, game_id)
    coach, lesson = w.coach, w.coach.lesson
    notes = 0
    for _ in range(400):
        settle(qtbot, w)
        if summary(w) is not None:
            break
        no_thinking_ring(w)
        assert "thinking" not in status_text(w)
        move = coach.taught()
        if watching(w):
            qtbot.wait(5)
            continue
        if coach.bubble.isVisible() and not coach.move_note():
            notes += 1
            press(Qt.Key.Key_Return)
            continue
        text = coach.bubble.text.text() if coach.bubble.isVisible() else ""
        if text:
            notes += 1
        key = KEYS.get(move.verb, Qt.Key.Key_Return)
        if text and key != Qt.Key.Key_Return:
            assert re.search(rf"\b{KEY_WORDS[key]}\b", text), f"the note does not name {KEY_WORDS[key]}: {text}"
        at = coach.index()
        press(key)
        wait_moved(qtbot, w, at)
        assert coach.refusal == "", coach.refusal
    s = summary(w)
    assert s is not None, f"the lesson of {game_id} did not reach its summary"
    assert notes == len(lesson.notes)
    assert w.controller.match.logs[-1] == lesson.actions()
    s.reject()


def _click_move(qtbot, w: MainWindow, move: Action) -> None:
    """Click what the move is made with: its card (then its choice, if it opens some), its pile, or
    its button."""
    t = w.table
    items = [it for it in t.card_items() if it.action == move or (it.opens and any(
        ch.action == move for ch in t._specs[it.key].choices))]
    item = max(items, key=lambda it: it.zValue(), default=None)   # (a stack's top card)
    if item is not None:
        QTest.mouseClick(t.viewport(), Qt.MouseButton.LeftButton, pos=visible_point(w, item))
        if t.opened_card() is None:
            return
    buttons = [b for bar in t.choice_bars() for key, b in bar.buttons.items()
               if any(spec.key == key and spec.action == move for spec in bar.specs)]
    assert len(buttons) == 1, (move, [list(b.buttons) for b in t.choice_bars()])
    QTest.mouseClick(buttons[0], Qt.MouseButton.LeftButton)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_lesson_is_walked_with_the_clicks_its_notes_name(qtbot, boxes, game_id):
    """Next is clicked on each note that is not a move's own; each move is clicked while its own
    note is up: the card, the pile, the stock or the button it names."""
    w = begin(qtbot, game_id)
    coach, lesson = w.coach, w.coach.lesson
    notes = 0
    for _ in range(400):
        settle(qtbot, w)
        if summary(w) is not None:
            break
        move = coach.taught()
        if coach.bubble.isVisible():
            notes += 1
            if not coach.move_note():
                QTest.mouseClick(coach.bubble.next_button, Qt.MouseButton.LeftButton)
                continue
        elif watching(w):
            qtbot.wait(5)
            continue
        at = coach.index()
        _click_move(qtbot, w, move)
        wait_moved(qtbot, w, at)
        assert coach.refusal == "", coach.refusal
    s = summary(w)
    assert s is not None and notes == len(lesson.notes)
    assert w.controller.match.logs[-1] == lesson.actions()
    s.reject()


def _to_move_note(qtbot, w: MainWindow, verb: str) -> None:
    coach = w.coach
    for _ in range(200):
        settle(qtbot, w)
        if coach.move_note() and coach.taught().verb == verb:
            return
        if coach.bubble.isVisible() and not coach.move_note():
            coach.read_note()
        else:
            w.controller.play(coach.taught())
    raise AssertionError(f"no note of a {verb}")


def test_an_unwanted_click_is_answered_under_the_note_with_a_shake(qtbot, boxes):
    w = begin(qtbot, "ceki", animation_speed="fast")
    coach = w.coach
    _to_move_note(qtbot, w, "discard")
    throw, at, shakes = coach.taught(), coach.index(), coach.bubble.shakes
    other = next(it for it in w.table.card_items() if it.role == "hand" and it.action is None)
    QTest.mouseClick(w.table.viewport(), Qt.MouseButton.LeftButton, pos=visible_point(w, other))
    qtbot.waitUntil(lambda: coach.bubble.refusal.isVisible(), timeout=HANG_GUARD_MS)
    assert coach.index() == at and coach.bubble.shakes == shakes + 1
    words = coach.bubble.refusal.text()
    assert "Not that one" in words and "White Flower" in words, words
    assert coach.bubble.isVisible() and coach.bubble.text.text()      # the note is still there, with why
    # the taught card goes: the refusal is gone with the note
    QTest.mouseClick(w.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=visible_point(w, next(it for it in w.table.card_items() if it.action == throw)))
    qtbot.waitUntil(lambda: coach.index() > at, timeout=HANG_GUARD_MS)
    assert coach.refusal == "" and not coach.bubble.refusal.isVisible()


def test_a_move_key_of_another_move_is_answered(qtbot, boxes):
    """D while the note asks for a throw: refused, and said so (never silently dropped)."""
    w = begin(qtbot, "ceki")
    coach = w.coach
    _to_move_note(qtbot, w, "discard")
    at = coach.index()
    press(Qt.Key.Key_D)
    qtbot.waitUntil(lambda: coach.bubble.refusal.isVisible(), timeout=HANG_GUARD_MS)
    assert coach.index() == at and "throw" in coach.bubble.refusal.text()


def test_the_move_while_an_earlier_note_is_up_says_read_the_note_first(qtbot, boxes):
    w = begin(qtbot, "balik-satu")
    coach = w.coach
    settle(qtbot, w)
    assert coach.note() is not None and not coach.move_note()        # the welcome
    card = next(it for it in w.table.card_items() if it.action == coach.taught())
    QTest.mouseClick(w.table.viewport(), Qt.MouseButton.LeftButton, pos=visible_point(w, card))
    qtbot.waitUntil(lambda: coach.bubble.refusal.isVisible(), timeout=HANG_GUARD_MS)
    assert coach.index() == 0 and "read this note" in coach.bubble.refusal.text()
    press(Qt.Key.Key_Return)                                          # read: the next note, no refusal
    assert not coach.bubble.refusal.isVisible()


def test_a_refused_move_with_no_note_up_shows_a_reminder_pointing_at_the_move(qtbot, boxes):
    """Ceki's second draw has no note: a click on a hand card brings a reminder with the move's arrow."""
    w = begin(qtbot, "ceki")
    coach = w.coach
    while not (coach.index() == 8 and not coach.bubble.isVisible()):
        settle(qtbot, w)
        if coach.bubble.isVisible():
            coach.read_note()
        elif coach.index() < 8:
            w.controller.play(coach.taught())
    assert coach.taught() == Action(0, "draw")
    card = next(it for it in w.table.card_items() if it.role == "hand")
    QTest.mouseClick(w.table.viewport(), Qt.MouseButton.LeftButton, pos=visible_point(w, card))
    qtbot.waitUntil(lambda: coach.bubble.isVisible(), timeout=HANG_GUARD_MS)
    assert "draw from the stock" in coach.bubble.text.text() and coach.bubble.waits_for_move()
    stock = next(it for it in w.table.card_items() if it.action == Action(0, "draw"))
    assert any(a.intersects(stock.sceneBoundingRect()) for a in coach.spots)   # outlined (and arrowed unless near)
    press(Qt.Key.Key_D)
    qtbot.waitUntil(lambda: coach.index() == 9, timeout=HANG_GUARD_MS)


def test_enter_reads_the_note_wherever_the_keyboard_is(qtbot, boxes):
    w = begin(qtbot, "ceki")
    coach = w.coach
    settle(qtbot, w)
    log = w.log_dock.widget()
    log.setFocus()
    qtbot.waitUntil(lambda: QGuiApplication.focusObject() is not coach.bubble.next_button, timeout=HANG_GUARD_MS)
    read = coach._read
    QTest.keyClick(QGuiApplication.focusObject(), Qt.Key.Key_Return)
    assert coach._read == read + 1                       # the welcome is read
    # and Enter from the toolbar makes the move of a move's own note (a throw: the chosen card)
    _to_move_note(qtbot, w, "discard")
    log.setFocus()
    qtbot.waitUntil(lambda: QGuiApplication.focusObject() is not w.table, timeout=HANG_GUARD_MS)
    at = coach.index()
    QTest.keyClick(QGuiApplication.focusObject(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: coach.index() > at, timeout=HANG_GUARD_MS)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_notes_arrows_point_at_the_cards_it_names(qtbot, game_id):
    w = begin(qtbot, game_id)
    coach = w.coach
    checked = 0
    for _ in range(400):
        settle(qtbot, w)
        if summary(w) is not None:
            break
        note = coach.note()
        if note is None or not coach.bubble.isVisible():
            w.controller.play(coach.taught())
            continue
        for target in note.targets():
            if target.kind != "cards":
                continue
            named = [QRectF(w.table.spec_rect(s)) for s in w.table.plan().cards
                     if s.face_up and s.kind is not None and str(s.kind) in target.codes
                     and (not target.role or s.role == target.role) and (target.seat < 0 or s.seat == target.seat)]
            assert named, f"{note.source[:40]}: none of {target.codes} on the table"
            for r in named:
                # each named card is outlined, in a cluster of the note's
                assert any(spot.contains(r.center()) for spot in coach.spots), (note.source[:60], target.codes)
            # and an arrow points at the target's cards (unless the note touches them)
            bubble = QRectF(coach.bubble.geometry()).adjusted(-30, -30, 30, 30)
            assert any(a.contains(r.center()) for a in coach.arrows for r in named) or \
                any(bubble.intersects(r) for r in named), (note.source[:60], target.codes)
            checked += 1
        # an arrow points at nothing the note does not name (each cluster holds a target's card)
        wanted = [r for g in coach._groups(note) for r in g]
        for a in coach.arrows:
            assert any(a.contains(r.center()) for r in wanted)
        coach.read_note()
    assert checked > 0 or game_id == "ce-pe"


def test_every_note_that_names_a_card_points_at_cards(qapp):
    """A note whose words name a card (in English: "4 of Strings", "White Flower", "{card}" …) has a
    target on cards: its move's card or cards by their codes."""
    from cekidesk.ui.games import game_ui
    card_words = re.compile(r"\{card\}|\b\d of (Coins|Strings|Myriads)\b|White Flower|Red Flower|Old Thousand|"
                            r"\b(Ace|Queen|King|Jack)\b|\byour (two|\d+)s?\b|\btwo \d+s\b")
    for gid in GAMES:
        lesson = game_ui(gid).lesson()
        for note in lesson.notes:
            if not card_words.search(note.source) or note.context or "iyo cards" in note.source \
                    or "the top card was" in note.source:   # (Kartu Lima's top card is never on the table)
                continue
            kinds = {t.kind for t in note.targets()}
            assert kinds & {"move", "cards"}, f"{gid}: {note.source[:70]} points at no card"


def test_codes_show_on_the_cards_while_a_lesson_runs_and_the_frames_are_taught(qtbot, boxes):
    w = begin(qtbot, "ceki")
    coach = w.coach
    settle(qtbot, w)
    assert all(it.show_code for it in w.table.card_items() if it.face_up)
    for _ in range(6):
        if coach.note() is not None and coach.note().picture == "frames":
            break
        coach.read_note()
    assert coach.note().picture == "frames" and coach.bubble.legend.isVisible()
    legend: FrameLegend = coach.bubble.legend
    assert len(legend.frame_rects()) == 9
    assert legend.width() >= legend.sizeHint().width()
    seats = [Seat(kind="human", name="You"), Seat(kind="bot", level="normal", name="Budi")]
    assert w.start_new_game(NewGameConfig("ceki", seats, 5, {}, {"mode": "money"}))   # the lesson ends
    assert not coach.active()
    assert not any(it.show_code for it in w.table.card_items() if it.face_up)


def test_no_thinking_ring_on_the_persons_turn_in_an_ordinary_game(qtbot, boxes):
    """The last computer player's ring and "is thinking" go when the person is to move — also after a
    pause and a step."""
    w = open_window(qtbot)
    seats = [Seat(kind="human", name="You"), Seat(kind="bot", level="normal", name="Budi"),
             Seat(kind="bot", level="normal", name="Sari")]
    assert w.start_new_game(NewGameConfig("ceki", seats, 11, {}, {"mode": "money"}))
    c = w.controller
    def stepped() -> bool:
        if c.waiting_for_human() or c.match.hand_over():
            return True
        c.step()
        return False

    for turn in range(4):
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if c.match.hand_over():
            break
        no_thinking_ring(w)
        assert "thinking" not in status_text(w)
        c.set_paused(turn % 2 == 1)      # every other turn the computer players go step by step
        while c.waiting_for_human():
            assert c.play(c.view().legal[0])
        if c.paused:
            qtbot.waitUntil(stepped, timeout=HANG_GUARD_MS)
            if not c.match.hand_over():
                no_thinking_ring(w)
            c.set_paused(False)


def test_the_lesson_notes_fit_in_aksara_jawa(qtbot, monkeypatch):
    w = begin(qtbot, "ceki", language="jv-Java")
    try:
        coach = w.coach
        for _ in range(6):
            settle(qtbot, w)
            if coach.bubble.isVisible():
                bubble = QRectF(coach.bubble.geometry())
                assert QRectF(w.table.viewport().rect()).contains(bubble)
                label = coach.bubble.text
                assert label.height() >= label.heightForWidth(label.width()) - 1
                coach.read_note()
            else:
                w.controller.play(coach.taught())
    finally:
        i18n.set_language("en")


def test_clusters_join_touching_cards_only():
    a, b, c = QRectF(0, 0, 10, 20), QRectF(8, 0, 10, 20), QRectF(40, 0, 10, 20)
    assert clusters([c, a, b]) == [QRectF(0, 0, 18, 20), c]
    assert clusters([]) == []

