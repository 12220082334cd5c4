"""Learn to play through the real window (offscreen): a lesson completed by the keyboard alone, other
moves refused, notes pointing at what is on the table without covering it or the person's hand,
Escape giving the previous game back, and the first start's offer made once."""
from __future__ import annotations

import html

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QLabel, QMessageBox
from waiting import HANG_GUARD_MS
from window_helpers import open_window

from cekidesk.engine.core import Action
from cekidesk.persistence import paths
from cekidesk.persistence.saves import Seat, load_autosave
from cekidesk.persistence.settings import Settings, load_settings, save_settings
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations import i18n
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.window.coach import LessonChooser, SummaryDialog, lesson_games


def press(key: Qt.Key) -> None:
    """A key press as a real keyboard makes it: to the window that has the focus."""
    win = QGuiApplication.focusWindow()
    assert win is not None, "no window has the keyboard focus"
    QTest.keyClick(win, key)


def summary(w: MainWindow) -> SummaryDialog | None:
    return next((d for d in w.findChildren(SummaryDialog) if d.isVisible()), None)


def note_or_move(qtbot, w: MainWindow) -> None:
    """Wait until a note is shown, the person is to make the taught move, or the summary is up."""
    c, coach = w.controller, w.coach

    def ready() -> bool:
        return (coach.bubble.isVisible() or summary(w) is not None
                or (c.waiting_for_human() and bool(c.view().legal) and not w.table.is_animating()))
    qtbot.waitUntil(ready, timeout=HANG_GUARD_MS)


def start_lesson(qtbot, w: MainWindow, game_id: str, monkeypatch) -> None:
    """Help ▸ Learn to play…, the game chosen in the chooser."""
    def choose(dlg: LessonChooser) -> QDialog.DialogCode:
        for i in range(dlg.games.count()):
            if dlg.games.item(i).data(Qt.ItemDataRole.UserRole) == game_id:
                dlg.games.setCurrentRow(i)
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(LessonChooser, "exec", choose)
    w.act_learn.trigger()
    assert w.coach.active() and w.controller.match.spec.id == game_id
    qtbot.waitUntil(lambda: w.coach.bubble.isVisible(), timeout=HANG_GUARD_MS)
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is w.windowHandle(), timeout=HANG_GUARD_MS)


KEYS = {"draw": Qt.Key.Key_D, "take": Qt.Key.Key_T}


@pytest.mark.parametrize("animation", ["off", "fast"])
def test_the_ceki_lesson_is_completed_by_the_keyboard_alone(qtbot, monkeypatch, boxes, animation):
    w = open_window(qtbot, animation_speed=animation)
    start_lesson(qtbot, w, "ceki", monkeypatch)
    c, coach = w.controller, w.coach
    lesson = coach.lesson
    assert c.counts_for_statistics is False
    notes = 0
    while summary(w) is None:
        note_or_move(qtbot, w)
        if coach.bubble.isVisible():
            notes += 1
            press(Qt.Key.Key_Return)                  # reads the note
        elif summary(w) is None:
            at = coach.index()
            press(KEYS.get(coach.taught().verb, Qt.Key.Key_Return))   # a throw: the taught card is chosen
            qtbot.waitUntil(lambda at=at: coach.index() > at, timeout=HANG_GUARD_MS)
    assert notes == len(lesson.notes)
    assert [str(a) for a in c.match.logs[-1]] == list(lesson.script)
    assert c.match.history[-1].result.winners == (lesson.human,)
    assert not paths.autosave_path().exists()          # a lesson is never autosaved
    shown = " ".join(label.text() for label in summary(w).findChildren(QLabel))
    assert all(html.escape(t) in shown for t in lesson.summary_texts())
    press(Qt.Key.Key_Return)                           # Play a real game: the New Game dialog (cancelled)
    qtbot.waitUntil(lambda: not coach.active(), timeout=HANG_GUARD_MS)
    assert c.counts_for_statistics is True and w.settings.last_game_id == "ceki"


def test_only_the_taught_move_and_only_once_the_notes_before_its_own_are_read(qtbot, monkeypatch):
    """Balik Satu: the welcome, the hand and the cards' notes come before the first throw; the throw
    is refused while they are up, taken while its own note (the last before it) is up."""
    w = open_window(qtbot)
    start_lesson(qtbot, w, "balik-satu", monkeypatch)
    c, coach = w.controller, w.coach
    throw = coach.taught()
    assert throw.player == 0 and coach.note() is not None and not coach.move_note()
    assert c.view().legal == (throw,)                   # the table is offered the taught move only
    assert not c.play(throw)                            # a note before the move's own is up
    other = next(a for a in c.match.state.view(0).legal if a != throw)
    while not coach.move_note():
        coach.read_note()
    assert coach.bubble.isVisible() and coach.bubble.waits_for_move()
    assert not coach.bubble.next_button.isVisible()     # the move's own note: no Next, the move goes on
    assert not c.play(other)                            # not the taught move: refused by the controller
    assert c.play(throw)                                # the move reads its own note
    assert coach.index() == 1 and coach.note() is not None and not coach.move_note()


def _check_note(w: MainWindow) -> None:
    """The note shown points at something on the table, and covers neither it nor the person's hand."""
    coach = w.coach
    note = coach.note()
    bubble = QRectF(coach.bubble.geometry())
    vp = w.table.viewport().rect()
    assert QRectF(vp).contains(bubble), (coach.bubble.text.text(), bubble)
    targets = coach.targets()
    if note.targets():
        assert targets, f"nothing on the table for {note}"
    plan = w.table.plan()
    hand = [w.table.spec_rect(s) for s in plan.cards if s.seat == coach.lesson.human]
    for r in (*targets, *hand):
        assert not bubble.intersects(r), (coach.bubble.text.text(), bubble, r)
    # its words fit: the label shows all its lines
    label = coach.bubble.text
    assert label.height() >= label.heightForWidth(label.width()) - 1


@pytest.mark.parametrize("game_id", lesson_games())
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_note_points_at_the_table_and_leaves_it_readable(qtbot, monkeypatch, game_id, size):
    w = open_window(qtbot)
    w.resize(*size)
    start_lesson(qtbot, w, game_id, monkeypatch)
    c, coach = w.controller, w.coach
    seen = 0
    while summary(w) is None:
        note_or_move(qtbot, w)
        if coach.bubble.isVisible():
            _check_note(w)
            seen += 1
            coach.read_note()
        elif summary(w) is None and coach.taught() is not None and coach.taught().player == coach.lesson.human:
            c.play(coach.taught())
    assert seen == len(coach.lesson.notes)


def test_notes_in_aksara_jawa_fit_at_1280x720(qtbot, monkeypatch):
    w = open_window(qtbot, language="jv-Java")
    try:
        start_lesson(qtbot, w, "ceki", monkeypatch)
        for _ in range(3):
            _check_note(w)
            w.coach.read_note()
            note_or_move(qtbot, w)
    finally:
        i18n.set_language("en")


def test_escape_leaves_the_lesson_and_the_previous_game_is_back(qtbot, monkeypatch):
    w = open_window(qtbot)
    seats = [Seat(kind="human", name="You"), Seat(kind="bot", level="normal", name="Budi"),
             Seat(kind="bot", level="normal", name="Sari")]
    assert w.start_new_game(NewGameConfig("pei", seats, 5, {}, {"mode": "money"}))
    c = w.controller
    qtbot.waitUntil(lambda: c.waiting_for_human(), timeout=HANG_GUARD_MS)
    game, played = c.match, list(c.match.logs[-1])
    c.flush_autosave()
    saved = paths.autosave_path().read_bytes()
    start_lesson(qtbot, w, "ceki", monkeypatch)
    assert c.match is not game
    coach = w.coach
    while coach.index() < 2:                             # the computer players have moved in the lesson
        note_or_move(qtbot, w)
        coach.read_note()
    c.flush_autosave()
    assert paths.autosave_path().read_bytes() == saved   # the lesson leaves the game's autosave alone
    press(Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: c.match is game, timeout=HANG_GUARD_MS)
    assert list(game.logs[-1]) == played and not coach.active() and not coach.bubble.isVisible()
    assert c.counts_for_statistics is True and c.guiding() is None
    assert w.table.current_view().hand == game.state.view(0).hand
    c.flush_autosave()
    assert load_autosave().match.logs == game.logs       # saved again as it is
    assert c.waiting_for_human() and c.play(c.view().legal[0])   # and it goes on


def test_a_new_game_during_a_lesson_ends_it(qtbot, monkeypatch):
    w = open_window(qtbot)
    start_lesson(qtbot, w, "ceki", monkeypatch)
    seats = [Seat(kind="human", name="You"), Seat(kind="bot", level="normal", name="Budi")]
    assert w.start_new_game(NewGameConfig("ceki", seats, 5, {}, {"mode": "money"}))
    assert not w.coach.active() and not w.coach.bubble.isVisible() and w.controller.guiding() is None
    assert w.controller.counts_for_statistics is True


def _answer_offer(monkeypatch, learn: bool) -> list[str]:
    """Answer the first start's offer (Learn to play / Not now); the texts offered are recorded."""
    offered: list[str] = []

    def answer(box: QMessageBox) -> int:
        offered.append(box.text())
        role = QMessageBox.ButtonRole.AcceptRole if learn else QMessageBox.ButtonRole.RejectRole
        next(b for b in box.buttons() if box.buttonRole(b) == role).click()
        return 0
    monkeypatch.setattr(QMessageBox, "exec", answer)
    return offered


def test_the_first_start_offers_the_lesson_once(qtbot, monkeypatch, boxes):
    offered = _answer_offer(monkeypatch, learn=False)
    w = MainWindow()                          # the first start: no settings file
    qtbot.addWidget(w)
    w.startup(offer_lesson=True)
    assert offered == ["New to these cards? Learn to play Ceki (Kowah) in one guided hand."]
    assert not w.coach.active()
    assert load_settings().lesson_offered     # kept, so never again
    w2 = MainWindow()
    qtbot.addWidget(w2)
    w2.startup(offer_lesson=True)
    assert len(offered) == 1


def test_the_offer_accepted_starts_the_lesson(qtbot, monkeypatch, boxes):
    _answer_offer(monkeypatch, learn=True)
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.startup(offer_lesson=True)
    assert w.coach.active() and w.controller.match.spec.id == "ceki"


def test_windows_of_tests_and_later_starts_get_no_offer(qtbot, monkeypatch, boxes):
    offered = _answer_offer(monkeypatch, learn=True)
    w = open_window(qtbot)
    w.startup()                                # the tests' (and --new's) start: no offer
    save_settings(Settings(lesson_offered=True))
    w2 = MainWindow()
    qtbot.addWidget(w2)
    w2.startup(offer_lesson=True)
    assert offered == [] and not w.coach.active() and not w2.coach.active()


def test_the_chooser_lists_the_lessons_with_the_current_game_chosen(qtbot):
    w = open_window(qtbot)
    dlg = LessonChooser("pei", w)
    qtbot.addWidget(dlg)
    ids = [dlg.games.item(i).data(Qt.ItemDataRole.UserRole) for i in range(dlg.games.count())]
    assert ids == lesson_games() and {"ceki", "pei", "kartu-lima"} <= set(ids)
    assert dlg.game_id() == "pei"


def test_the_lesson_rebuilt_from_its_log_is_still_the_lesson(qtbot, monkeypatch):
    """An undo rebuilds the match from its log: the coach goes on guiding the rebuilt one,
    and an ordinary match of the same game and seed with other moves is not a lesson."""
    w = open_window(qtbot)
    start_lesson(qtbot, w, "ceki", monkeypatch)
    c, coach = w.controller, w.coach
    while coach.index() < 2:
        note_or_move(qtbot, w)
        coach.read_note()
    rebuilt = coach.lesson.new_match()
    for action in c.match.logs[-1][:1]:
        rebuilt.apply(action)
    c.start(rebuilt, c.seats, c.bots)
    assert coach.active() and c.guiding() is coach and coach.index() == 1
    other = coach.lesson.new_match()
    other.apply(Action(2, "draw"))
    other.apply(next(a for a in other.state.legal_actions(2) if a != Action.parse(coach.lesson.script[1])))
    assert not coach.guides(other)
