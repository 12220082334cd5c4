"""The game log: a model of what happened, worded on demand; its view; a language switch that only
changes the words; the log of an opened save; autosave failures told once.

Offscreen Qt; user directories are redirected by conftest.py.  Nothing here is timed: the speed is
measured by ``bench/log_speed.py``.
"""
from __future__ import annotations

import errno
import logging
import random

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication
from test_ui_window import SEATS3, make_window, play_hand, start, wait_turn_or_end
from waiting import HANG_GUARD_MS

from cekidesk.engine.match import Match
from cekidesk.games import new_match
from cekidesk.persistence.journal import Journal
from cekidesk.persistence.saves import SaveFileError
from cekidesk.ui.adapters import autosaver as autosaver_module
from cekidesk.ui.foundations import i18n
from cekidesk.ui.window.gamelog import IMPORTANT_COLOUR, GameLogDock, LogEntry, Seating, describe_event

LONG = ("Budi takes the 5 of Coins from the discard pile and throws the Red Flower, which nobody wanted, "
        "and the log must show every word of it")
LEFT_OUT = "Earlier lines are left out of the log."


@pytest.fixture(autouse=True)
def _back_to_english(qapp):
    """After each test: delete its windows (pytest-qt only asks for it), which would otherwise
    follow a later language change back to their own settings' language, then English again."""
    yield
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    i18n.set_language("en")


def player_scrolls(qtbot, bar, until=None, key=Qt.Key.Key_PageUp) -> None:
    """The player moves the log's scroll bar with a key (Page Up by default) until ``until()`` holds
    (once if None), and the event loop turns."""
    for _ in range(200):
        qtbot.keyClick(bar, key)
        QApplication.processEvents()
        if until is None or until():
            return
    raise AssertionError("the bar did not get there")


def make_dock(qtbot, max_lines: int = 2000, width: int = 240) -> GameLogDock:
    dock = GameLogDock(max_lines=max_lines)
    qtbot.addWidget(dock)
    dock.resize(width, 400)
    dock.show()
    return dock


def blocks(dock: GameLogDock) -> list:
    doc = dock.view.document()
    return [doc.findBlockByNumber(i) for i in range(doc.blockCount())]


def shown(dock: GameLogDock) -> list[str]:
    """The lines as the view shows them (the document's paragraphs)."""
    return [b.text() for b in blocks(dock)]


# ---------------------------------------------------------------------------------------------
# the dock on its own

def test_lines_are_shown_whole_wrapped_and_styled(qtbot):
    dock = make_dock(qtbot)
    dock.append([LogEntry.notice(lambda: "Hand 1 — you deal", "heading")])
    dock.add_notice(lambda: LONG)
    dock.add_notice(lambda: "Sari calls ceki!", important=True)
    QApplication.processEvents()
    assert dock.lines() == ["Hand 1 — you deal", LONG, "Sari calls ceki!"]
    assert shown(dock) == dock.lines()                       # every word, nothing elided
    heading, long, important = blocks(dock)
    assert long.layout().lineCount() >= 2                    # wrapped at the dock's width
    assert long.layout().lineCount() * 2 < len(LONG.split())
    assert heading.charFormat().fontWeight() == QFont.Weight.Bold
    assert long.charFormat().fontWeight() != QFont.Weight.Bold
    fmt = important.begin().fragment().charFormat()
    assert fmt.fontWeight() == QFont.Weight.Bold and fmt.foreground().color() == IMPORTANT_COLOUR
    # rows alternate their background
    alternate = dock.view.stripe_colour()
    assert [b.blockFormat().background().color() == alternate for b in blocks(dock)] == [False, True, False]


def newest_line_in_view(dock: GameLogDock) -> bool:
    view = dock.view
    last = blocks(dock)[-1]
    geometry = view.blockBoundingGeometry(last).translated(view.contentOffset())
    return geometry.top() >= 0 and geometry.bottom() <= view.viewport().height() + 1


def test_the_view_follows_the_newest_line_until_the_player_scrolls_up(qtbot):
    dock = make_dock(qtbot)
    for i in range(60):                     # line by line, painted in between, as in a game
        dock.add_notice(lambda i=i: f"line {i}: {LONG}")
        QApplication.processEvents()
        assert newest_line_in_view(dock), i
    view, bar = dock.view, dock.view.verticalScrollBar()
    assert bar.maximum() > 0
    player_scrolls(qtbot, bar, lambda: bar.value() <= 10)   # the player reads back up the log
    back = bar.value()
    for i in range(3):
        dock.add_notice(lambda: "another line")
        QApplication.processEvents()
    assert bar.value() == back <= 10 and not newest_line_in_view(dock)
    player_scrolls(qtbot, bar, key=Qt.Key.Key_End)   # and back down: the log follows again
    dock.add_notice(lambda: LONG)
    QApplication.processEvents()
    assert newest_line_in_view(dock)


def test_only_the_player_scrolling_stops_the_following(qtbot):
    # the document moves the bar itself (tall lines of aksara Jawa laid out after they were written
    # left the log at its top for the rest of the game): the view goes back to the newest line
    dock = make_dock(qtbot)
    for i in range(40):
        dock.add_notice(lambda i=i: f"line {i}: {LONG}")
    QApplication.processEvents()
    view, bar = dock.view, dock.view.verticalScrollBar()
    assert bar.maximum() > 2 and view.following
    bar.setValue(1)                                   # not the player: Qt's own adjustment
    assert view.following and bar.value() == bar.maximum()
    dock.add_notice(lambda: LONG)
    QApplication.processEvents()
    assert newest_line_in_view(dock)
    player_scrolls(qtbot, bar)                        # the player: a page up on the bar
    assert not view.following and bar.value() < bar.maximum()
    dock.add_notice(lambda: "another line")
    QApplication.processEvents()
    assert not newest_line_in_view(dock)


def test_the_cap_drops_the_oldest_lines_from_model_and_view_alike(qtbot):
    dock = make_dock(qtbot, max_lines=5)
    for i in range(8):
        dock.add_notice(lambda i=i: f"line {i}")
    assert dock.lines() == [f"line {i}" for i in range(3, 8)]
    dock.append([LogEntry.notice(lambda i=i: f"batch {i}") for i in range(3)])
    assert dock.lines() == ["line 6", "line 7", "batch 0", "batch 1", "batch 2"]
    assert shown(dock) == dock.lines()
    # the stripes stay with their lines as the top goes
    alternate = dock.view.stripe_colour()
    striped = [b.blockFormat().background().color() == alternate for b in blocks(dock)]
    assert striped == [i % 2 == 1 for i in range(6, 11)]


def test_a_fresh_log_longer_than_the_cap_says_that_earlier_lines_are_left_out(qtbot):
    dock = make_dock(qtbot, max_lines=5)
    dock.show_entries([LogEntry.notice(lambda i=i: f"line {i}") for i in range(10)])
    assert dock.lines() == [LEFT_OUT, "line 6", "line 7", "line 8", "line 9"]
    assert shown(dock) == dock.lines()
    dock.show_entries([LogEntry.notice(lambda i=i: f"line {i}") for i in range(5)])
    assert dock.lines() == [f"line {i}" for i in range(5)]


def test_rewording_keeps_the_entries_and_their_order(qtbot):
    words = {"a": "one", "b": "two"}
    dock = make_dock(qtbot)
    dock.append([LogEntry.notice(lambda: words["a"], "heading")])
    dock.add_notice(lambda: words["b"], important=True)
    entries = dock.model.entries()
    words.update(a="satu", b="dua")
    dock.reword()
    assert dock.model.entries() == entries
    assert dock.lines() == shown(dock) == ["satu", "dua"]
    assert blocks(dock)[0].charFormat().fontWeight() == QFont.Weight.Bold


# ---------------------------------------------------------------------------------------------
# the match keeps the current hand's events

def test_the_match_keeps_the_latest_events_of_the_current_hand(monkeypatch):
    monkeypatch.setattr(Match, "EVENTS_KEPT", 6)
    m = new_match("ceki", 3, 5)
    rng = random.Random(1)
    played = []
    while not m.hand_over():
        played += m.apply(rng.choice(m.state.all_legal_actions()))
    assert len(played) > 6
    assert list(m.hand_events) == played[-6:]
    assert m.hand_events_dropped == len(played) - 6
    m.next_hand()
    assert list(m.hand_events) == [] and m.hand_events_dropped == 0


# ---------------------------------------------------------------------------------------------
# in the window

def switch(w, language: str) -> None:
    """Choose another language in the settings, as the settings dialog does."""
    w.settings.language = language
    w.apply_settings()
    QApplication.processEvents()


def test_a_language_switch_changes_only_the_words_of_the_log(qtbot, boxes, tmp_path):  # noqa: F811
    w = make_window(qtbot)
    w.show()
    start(w, seed=11)
    play_hand(qtbot, w, via_table=False)
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None, timeout=HANG_GUARD_MS)
    hand1 = len(w.log_dock.lines())
    w.next_hand()
    wait_turn_or_end(qtbot, w)
    assert w.save_to(tmp_path / "game.cekisave")
    w.controller.set_paused(True)
    entries, lines = w.log_dock.model.entries(), w.log_dock.lines()
    assert hand1 > 10 and lines[-1] == "Game saved as game.cekisave."

    switch(w, "id")
    assert w.log_dock.model.entries() == entries                 # the same lines, in the same order
    worded = w.log_dock.lines()
    assert len(worded) == len(lines) and worded != lines
    assert worded[-1] != lines[-1] and "game.cekisave" in worded[-1]
    assert shown(w.log_dock) == worded
    switch(w, "en")
    assert w.log_dock.lines() == lines

    assert w.open_file(tmp_path / "game.cekisave")
    opened = w.log_dock.lines()
    assert opened[-1] == "Opened game.cekisave."
    switch(w, "jv-Java")
    assert len(w.log_dock.lines()) == len(opened) and "game.cekisave" in w.log_dock.lines()[-1]
    w.close()


def test_the_card_name_form_rewords_the_log(qtbot, boxes):  # noqa: F811
    w = make_window(qtbot)
    start(w, seed=3)
    wait_turn_or_end(qtbot, w)
    w.controller.set_paused(True)
    latin = w.log_dock.lines()
    w.settings.card_names = "javanese"
    w.apply_settings()
    assert len(w.log_dock.lines()) == len(latin) and w.log_dock.lines() != latin
    w.close()


def test_an_opened_save_shows_the_current_hand_as_it_was_played(qtbot, boxes, tmp_path, monkeypatch):  # noqa: F811
    w1 = make_window(qtbot)
    start(w1, seed=7)
    for _ in range(6):
        wait_turn_or_end(qtbot, w1)
        assert w1.controller.play(w1.controller.view().legal[0])
    w1.controller.set_paused(True)
    played = w1.log_dock.lines()
    assert w1.save_to(tmp_path / "g.cekisave")
    w1.close()

    w2 = make_window(qtbot)
    assert w2.open_file(tmp_path / "g.cekisave")
    assert w2.log_dock.lines() == played + ["Opened g.cekisave."]
    w2.close()

    # a hand longer than the match keeps: the deal, a line saying so, then the hand's end as played
    monkeypatch.setattr(Match, "EVENTS_KEPT", 5)
    w3 = make_window(qtbot)
    assert w3.open_file(tmp_path / "g.cekisave")
    m = w3.controller.match
    assert m.hand_events_dropped > 0
    seating = Seating.of("ceki", w3.controller.seats, w3.controller.human_seat)
    deal = [describe_event(e, seating.seat_names, seating.human_seat, "ceki", w3.card_namer())
            for e in w3.controller.deal_events()]
    lines = w3.log_dock.lines()
    start_of_hand = lines.index(next(x for x in lines if x.startswith("Hand 1 — ")))
    assert lines[start_of_hand + 1:start_of_hand + 1 + len(deal)] == deal
    assert lines[start_of_hand + 1 + len(deal)] == LEFT_OUT
    tail = lines[start_of_hand + 2 + len(deal):-1]
    assert 0 < len(tail) <= 5 and played[-len(tail):] == tail
    w3.close()


class FlakyDisk:
    """The autosaver's ``write_save`` that fails while ``failing`` is set, as on a read-only folder."""

    def __init__(self, real):
        self.real, self.failing, self.calls = real, True, 0

    def __call__(self, path, data):
        self.calls += 1
        if self.failing:
            raise SaveFileError("The game could not be saved: the folder is read-only.", "write_failed")
        return self.real(path, data)


def count(lines: list[str], start: str) -> int:
    return sum(1 for line in lines if line.startswith(start))


def test_failing_autosaves_are_told_once_and_recovery_is_told(qtbot, boxes, monkeypatch, caplog):  # noqa: F811
    disk = FlakyDisk(autosaver_module.write_save)
    monkeypatch.setattr(autosaver_module, "write_save", disk)
    real_append = Journal.append

    def append(journal, lines):   # (a read-only folder refuses the autosave's journal too)
        if disk.failing:
            raise OSError(errno.EROFS, "Read-only file system")
        real_append(journal, lines)

    monkeypatch.setattr(Journal, "append", append)
    caplog.set_level(logging.DEBUG)
    w = make_window(qtbot)
    start(w, seed=5)

    def play(moves: int) -> None:
        for _ in range(moves):
            wait_turn_or_end(qtbot, w)
            assert w.controller.play(w.controller.view().legal[0])
            w.controller.flush_autosave()                  # (written on the autosaver's thread)
        QApplication.processEvents()                       # (and told on the window's)

    play(4)
    assert disk.calls >= 5                                 # the deal and every move tried again
    failed = "The game could not be saved automatically."
    assert count(w.log_dock.lines(), failed) == 1
    assert [b for b in boxes if b[1] == "Automatic saving failed"] == [boxes[0]] and len(boxes) == 1
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1                              # then only debug lines
    disk.failing = False
    play(3)
    assert count(w.log_dock.lines(), "Automatic saving works again.") == 1
    assert w.log_dock.lines().index(next(x for x in w.log_dock.lines() if x.startswith(failed))) < \
        w.log_dock.lines().index("Automatic saving works again.")
    disk.failing = True                                    # failing again: said again, no second box
    play(2)
    assert count(w.log_dock.lines(), failed) == 2 and len(boxes) == 1
    w.close()
