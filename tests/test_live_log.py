"""The live game log keeps the shape of a log made afresh (issue 33): when a hand begins, the hands more
than ``HANDS_IN_FULL`` before it go to their line in brief and the briefs beyond ``HANDS_SHOWN`` go behind
the line that says to scroll up, so its lines (and what they hold) stay as many from hand to hand — not
while the player reads back; the view keeps the lines on screen where they were when rows above them go.

Offscreen Qt; nothing here is timed.
"""
from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from test_gamelog import player_scrolls
from test_ui_window import make_window, play_hand, start

from cekidesk.ui.window.features import log as log_feature
from cekidesk.ui.window.gamelog import GameLogDock, LogEntry

SCROLL_UP = "Scroll up to see the earlier hands."
BRIEF = re.compile(r"Hand \d+: ")


def _next(qtbot, w) -> None:
    """Play the current hand to its end and deal the next one, as the end-of-hand dialog's button does."""
    play_hand(qtbot, w)
    w.next_hand()
    assert not w.controller.match.hand_over()


def _headings(w) -> list[str]:
    model = w.log_dock.model
    return [model.text(r) for r in range(1, model.rowCount()) if model.style(r) == "heading"]


def _window(qtbot, monkeypatch, shown: int = 3, full: int = 1):
    monkeypatch.setattr(log_feature, "HANDS_SHOWN", shown)
    monkeypatch.setattr(log_feature, "HANDS_IN_FULL", full)
    w = make_window(qtbot)
    w.resize(1280, 720)
    w.show()
    start(w)
    return w


def test_older_hands_go_to_their_brief_line_as_the_match_goes_on(qtbot, boxes, monkeypatch):
    w = _window(qtbot, monkeypatch)
    m, model = w.controller.match, w.log_dock.model
    rows = []
    for _ in range(7):
        _next(qtbot, w)
        rows.append(model.rowCount())
    assert m.hand_index == 7
    lines = w.log_dock.lines()
    # the title, the line that stands for hands 1 to 3, hands 4 to 6 in brief, hand 7 in full, hand 8 (current)
    assert lines[1] == SCROLL_UP
    assert [line.split(":")[0] for line in lines[2:5]] == ["Hand 4", "Hand 5", "Hand 6"]
    assert not any(BRIEF.match(line) for line in lines[5:])
    assert len(_headings(w)) == 2 and _headings(w)[-1].startswith("Hand 8")
    # what the log holds no longer grows with the hands played: a brief line a hand until the briefs are
    # full, then only the hands in full (as long as they are)
    assert len(w.log._briefs) == 3 and len(w.log._headings) <= log_feature.HEADINGS_KEPT
    assert max(rows[3:]) < 3 + 2 + 3 * max(rows[0], 40)
    # the view shows the same lines, and the player brings the earlier hands back by scrolling up
    doc = w.log_dock.view.document()
    assert [doc.findBlockByNumber(i).text() for i in range(doc.blockCount())] == lines
    w.log.show_older()
    assert SCROLL_UP not in w.log_dock.lines()
    assert [line.split(":")[0] for line in w.log_dock.lines()[1:7]] == [f"Hand {n}" for n in range(1, 7)]
    # and the next hand gives the log its shape again
    _next(qtbot, w)
    lines = w.log_dock.lines()
    assert lines[1] == SCROLL_UP and [line.split(":")[0] for line in lines[2:5]] == ["Hand 5", "Hand 6", "Hand 7"]
    w.close()


def test_without_hands_in_full_the_live_log_is_the_log_made_afresh(qtbot, boxes, monkeypatch):
    w = _window(qtbot, monkeypatch, shown=2, full=0)
    for _ in range(5):
        _next(qtbot, w)
    live = w.log_dock.lines()
    w.log.rebuild()
    assert w.log_dock.lines() == live
    w.close()


def test_nothing_goes_to_brief_under_a_player_reading_back(qtbot, boxes, monkeypatch):
    w = _window(qtbot, monkeypatch, shown=2, full=0)
    view = w.log_dock.view
    w.log_dock.setFloating(True)
    w.log_dock.resize(260, 160)          # (a log shorter than its lines)
    _next(qtbot, w)
    _next(qtbot, w)
    QApplication.processEvents()
    bar = view.verticalScrollBar()
    assert bar.maximum() > 0
    player_scrolls(qtbot, bar, lambda: bar.value() <= bar.maximum() // 2)      # the player reads back
    assert not view.following
    before = w.log_dock.lines()
    reading = view.firstVisibleBlock().text()
    _next(qtbot, w)
    assert w.log_dock.lines()[:len(before)] == before      # nothing went to brief: only the new hand came
    assert view.firstVisibleBlock().text() == reading
    view.scroll_to_bottom()               # back at the newest line: the next hand gives the log its shape
    _next(qtbot, w)
    lines = w.log_dock.lines()
    assert [line.split(":")[0] for line in lines if BRIEF.match(line)] == ["Hand 3", "Hand 4"]
    assert lines[1] == SCROLL_UP
    w.close()


def _dock(qtbot) -> GameLogDock:
    dock = GameLogDock(max_lines=2000)
    qtbot.addWidget(dock)
    dock.resize(240, 200)
    dock.show()
    dock.show_entries([LogEntry.notice(lambda i=i: f"line {i} " + "and more words " * (i % 3)) for i in range(80)])
    QApplication.processEvents()
    return dock


def test_rows_taken_from_above_the_lines_on_screen_leave_them_where_they_were(qtbot):
    dock = _dock(qtbot)
    view, bar, model = dock.view, dock.view.verticalScrollBar(), dock.model
    player_scrolls(qtbot, bar, lambda: bar.value() <= bar.maximum() // 2)
    assert not view.following
    top = view.firstVisibleBlock().text()
    assert model.replace(5, 20, [LogEntry.notice(lambda: "in brief")]) == 1    # (rows above the view)
    assert view.firstVisibleBlock().text() == top and not view.following
    model.replace(2, 3, [])                                                  # (rows taken, none put in)
    assert view.firstVisibleBlock().text() == top and not view.following
    row = next(r for r in range(model.rowCount()) if model.text(r) == top)
    after = model.text(row + 1)
    model.replace(row - 1, row, [LogEntry.notice(lambda: "instead")])   # the top line itself: the line that
    assert view.firstVisibleBlock().text() == after                     # followed it takes its place
    player_scrolls(qtbot, bar, key=Qt.Key.Key_End)            # at the bottom, the view keeps following the newest line
    model.replace(0, 10, [])
    assert view.following and view.at_bottom()
    assert [b.text() for b in _blocks(dock)] == model.lines()


def _blocks(dock: GameLogDock) -> list:
    doc = dock.view.document()
    return [doc.findBlockByNumber(i) for i in range(doc.blockCount())]


def test_an_undo_into_the_hand_before_and_a_redo_keep_the_log_in_brief_and_in_full(qtbot, boxes, monkeypatch):
    import random

    from test_undo import finish_hand, open_window, redo, settle, undo
    from test_undo import start as start_undoable

    monkeypatch.setattr(log_feature, "HANDS_SHOWN", 2)
    monkeypatch.setattr(log_feature, "HANDS_IN_FULL", 1)
    w = open_window(qtbot, autosave=False)
    start_undoable(w, "ceki", 2, 5, undo_allowed=True)
    rng = random.Random(8)
    for _ in range(5):
        finish_hand(qtbot, w, rng)
        w.next_hand()
        settle(qtbot, w)
    before = w.log_dock.lines()
    assert before[1] == SCROLL_UP and [line.split(":")[0] for line in before[2:4]] == ["Hand 3", "Hand 4"]
    undo(qtbot, w)           # back into hand 5: it is shown as the rebuilt match played it, the briefs stay
    lines = w.log_dock.lines()
    assert w.controller.match.hand_index == 4 and lines[:4] == before[:4]
    assert _headings(w)[-1].startswith("Hand 5") and not any(BRIEF.match(line) for line in lines[4:])
    redo(qtbot, w)
    assert w.log_dock.lines() == before
    w.close()
