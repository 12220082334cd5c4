"""Opening a long match costs its current hand (issue 33), in the file and in the window: a save is parsed
once (its refusals keep their words); the game log shows the last hands in brief and brings the earlier
ones in as the player scrolls up; the statistics' digests of a long match are made off the window's
thread, and a hand that ends meanwhile — or before the statistics file is loaded — is recorded later.

Nothing here is timed (``bench/long_matches.py --window`` measures it)."""
from __future__ import annotations

import json
import random
import threading

import pytest
from helpers import play_hands, seats_for
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextBlockFormat
from test_gamelog import player_scrolls
from test_statistics_ui import _finish, _play_a_hand, _recording, _window
from waiting import HANG_GUARD_MS

from cekidesk.games import new_match
from cekidesk.persistence import saves
from cekidesk.persistence.saves import (
    SaveDocument,
    SaveFileError,
    document_to_bytes,
    document_to_match,
    match_to_document,
    parse_document,
)
from cekidesk.persistence.statistics import StatisticsStore
from cekidesk.persistence.statistics_pending import load_store
from cekidesk.ui.adapters import statistics as recorder_module
from cekidesk.ui.adapters.statistics import StatisticsRecorder
from cekidesk.ui.window.features import log as log_feature
from cekidesk.ui.window.features import statistics as statistics_feature

SCROLL_UP = "Scroll up to see the earlier hands."


def _played(hands: int, game: str = "ceki", seed: int = 4):
    """A money match with ``hands`` finished hands and a few moves of the next one, and its seats."""
    seats = seats_for(3, ("beginner",))
    m = new_match(game, 3, seed, None, {"mode": "money"})
    rng = random.Random(seed)
    play_hands(m, rng, hands)
    m.next_hand()
    for _ in range(3):
        m.apply(m.state.legal_actions(m.state.to_act()[0])[0])
    return m, seats


def _save_text(hands: int = 3) -> str:
    m, seats = _played(hands)
    return document_to_bytes(match_to_document(m, seats, undo_allowed=True)).decode()


# -- a save is parsed once -------------------------------------------------------------------------

def test_a_good_save_is_validated_straight_from_its_text(monkeypatch):
    text = _save_text()
    want = SaveDocument.model_validate_json(text, strict=True)

    def no_second_reading(*_args, **_kw):
        raise AssertionError("the text was parsed a second time")

    monkeypatch.setattr(saves, "loads_bounded", no_second_reading)
    assert parse_document(text) == want


@pytest.mark.parametrize(("change", "reason", "words"), [
    (lambda d: d.pop("format"), "wrong_format", "a different kind of file"),
    (lambda d: d.pop("schema_version"), "damaged", "format version is missing"),
    (lambda d: d.update(schema_version=99), "newer_version", "newer CekiDesk"),
    (lambda d: d.update(format="something-else"), "wrong_format", "a different kind of file"),
])
def test_a_header_the_model_would_fill_in_or_refuse_is_refused_as_before(change, reason, words):
    doc = json.loads(_save_text())
    change(doc)
    with pytest.raises(SaveFileError) as err:
        parse_document(json.dumps(doc))
    assert err.value.reason == reason and words in str(err.value)


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400", "2E+999"])
def test_numbers_beyond_a_save_are_refused_with_their_words_wherever_they_are(number):
    text = _save_text()
    # (in a place the model would take anything: the rules' options of an unknown key are refused
    # later, but the reader refuses the number first, as before)
    spoiled = text.replace('"seed":', f'"seed_x": {number}, "seed":', 1)
    with pytest.raises(SaveFileError) as err:
        parse_document(spoiled)
    assert err.value.reason == "damaged" and "number far beyond" in str(err.value)


def test_a_name_with_an_exponent_like_text_still_opens():
    doc = json.loads(_save_text())
    doc["seats"][1]["name"] = "1e400 NaN Infinity"
    assert parse_document(json.dumps(doc)).seats[1].name == "1e400 NaN Infinity"


# -- the game log of a long match ----------------------------------------------------------------------

def _open(qtbot, tmp_path, hands: int):
    m, seats = _played(hands)
    path = tmp_path / "long.cekisave"
    path.write_bytes(document_to_bytes(match_to_document(m, seats, undo_allowed=True)))
    w = _window(qtbot)
    w.resize(1280, 720)
    w.show()
    assert w.open_file(str(path))
    w.controller.set_paused(True)
    return w


def _stripes_alternate(w) -> bool:
    view, model = w.log_dock.view, w.log_dock.model
    stripe = view.stripe_colour()
    block, row = view.document().begin(), 0
    while block.isValid():
        striped = QTextBlockFormat(block.blockFormat()).background().color() == stripe
        if striped != bool((model.trimmed + row) % 2):
            return False
        block, row = block.next(), row + 1
    return row == model.rowCount()


def test_the_log_of_a_long_match_shows_its_last_hands_then_the_earlier_ones_as_the_player_scrolls_up(
        qtbot, boxes, tmp_path, monkeypatch):
    monkeypatch.setattr(log_feature, "HANDS_SHOWN", 100)
    w = _open(qtbot, tmp_path, 7)
    whole = w.log_dock.lines()          # every hand in brief: what the log showed before issue 33
    assert SCROLL_UP not in whole
    monkeypatch.setattr(log_feature, "HANDS_SHOWN", 2)
    assert w.open_file(str(tmp_path / "long.cekisave"))    # opened again
    w.controller.set_paused(True)
    lines = w.log_dock.lines()
    assert lines[1] == SCROLL_UP and lines[2:] == whole[6:]      # the heading, the line, hands 6 and 7, hand 8
    assert _stripes_alternate(w)
    w.log.show_older()                  # hands 4 and 5
    assert w.log_dock.lines() == whole[:1] + [SCROLL_UP] + whole[4:]
    assert _stripes_alternate(w)
    w.log.show_older()                  # hands 2 and 3
    assert w.log_dock.lines() == whole[:1] + [SCROLL_UP] + whole[2:]
    w.log.show_older()                  # hand 1: the line that stood for the earlier hands goes
    assert w.log_dock.lines() == whole and _stripes_alternate(w)
    w.log.show_older()                  # nothing more
    assert w.log_dock.lines() == whole
    w.close()


def test_scrolling_to_the_top_brings_the_earlier_hands_in_and_keeps_the_lines_on_screen(
        qtbot, boxes, tmp_path, monkeypatch):
    monkeypatch.setattr(log_feature, "HANDS_SHOWN", 3)
    w = _open(qtbot, tmp_path, 12)
    view = w.log_dock.view
    w.log_dock.setFloating(True)
    w.log_dock.resize(260, 160)         # (a log shorter than its lines)
    qtbot.waitUntil(lambda: view.verticalScrollBar().maximum() > 0, timeout=HANG_GUARD_MS)
    before = len(w.log_dock.lines())
    bar = view.verticalScrollBar()
    player_scrolls(qtbot, bar, lambda: bar.value() <= bar.minimum() + 1, key=Qt.Key.Key_Up)  # the player reads back …
    player_scrolls(qtbot, bar, key=Qt.Key.Key_Home)                                        # … up to the top
    assert len(w.log_dock.lines()) == before + 3 and not view.following
    # the lines that were on screen stayed where they were: the three hands came in above them
    doc = view.document()
    assert bar.value() == doc.findBlockByNumber(5).firstLineNumber() - doc.findBlockByNumber(2).firstLineNumber() > 0
    assert _stripes_alternate(w)
    w.close()


def test_an_undo_after_the_log_grew_upwards_keeps_it_whole(qtbot, boxes, tmp_path, monkeypatch):
    monkeypatch.setattr(log_feature, "HANDS_SHOWN", 2)
    w = _open(qtbot, tmp_path, 5)
    w.log.show_older()
    grown = w.log_dock.lines()
    c = w.controller
    assert c.can_undo()
    c.undo()
    lines = w.log_dock.lines()
    assert lines[1] == SCROLL_UP and lines[2:5] == grown[2:5]     # the hands shown stay
    assert _stripes_alternate(w)
    w.log.show_older()                  # and the earlier ones still come in after the undo
    assert SCROLL_UP not in w.log_dock.lines() and w.log_dock.lines()[1].startswith("Hand 1:")
    assert _stripes_alternate(w)
    w.close()


# -- the statistics' digests off the window's thread -------------------------------------------------------

def test_a_long_match_opened_is_known_by_digests_made_off_the_windows_thread(qtbot, monkeypatch):
    c, store = _recording()
    _finish(c, hands=2)
    saved = match_to_document(c.match, c.seats)

    gate, threads = threading.Event(), []
    real = recorder_module.digest_hands

    def gated(starts, logs):
        threads.append(threading.current_thread())
        assert gate.wait(HANG_GUARD_MS / 1000)
        return real(starts, logs)

    monkeypatch.setattr(recorder_module, "DIGEST_AT_ONCE_MOST", 0)
    monkeypatch.setattr(recorder_module, "digest_hands", gated)
    c2, store2 = _recording()
    recorder = c2.findChild(StatisticsRecorder)
    c2.replace(document_to_match(saved))     # opened again: its digests are made on a thread of their own
    assert recorder.digesting is c2.match
    c2.handEnded.emit()                      # its hand 2 ends again, then hand 3, before they are made
    _finish(c2, seed=2, hands=3)
    assert store2.totals("ceki").hands == 2   # (only the first session's, so far)
    gate.set()
    qtbot.waitUntil(lambda: recorder.digesting is None and store2.totals("ceki").hands == 3, timeout=HANG_GUARD_MS)
    assert store2.totals("ceki").matches == 1          # the same match, known again
    assert threads and threading.main_thread() not in threads
    assert StatisticsStore().totals("ceki").hands == 3


def test_a_hand_that_ends_before_the_statistics_are_loaded_waits_for_nothing(qtbot, boxes, monkeypatch):
    from cekidesk.ui.dialogs.new_game import NewGameConfig

    gate = threading.Event()

    def slow_load():
        assert gate.wait(HANG_GUARD_MS / 1000)
        return load_store()

    monkeypatch.setattr(statistics_feature, "load_store", slow_load)
    w = _window(qtbot)
    assert w.start_new_game(NewGameConfig("ceki", seats_for(3, ("beginner",)), 5, {}, {"mode": "money"}))
    _play_a_hand(qtbot, w)
    assert not w.stats.loaded()              # the hand ended; the window did not wait for the file
    gate.set()
    qtbot.waitUntil(w.stats.loaded, timeout=HANG_GUARD_MS)
    assert StatisticsStore().totals("ceki").hands == 1
    w.close()


def test_lines_brought_back_never_push_newer_ones_out(qapp):
    from cekidesk.ui.window.gamelog import GameLogModel, LogEntry

    model = GameLogModel(max_lines=5)
    model.reset([LogEntry.notice(lambda i=i: f"line {i}") for i in range(4)])
    assert model.insert(1, [LogEntry.notice(lambda i=i: f"old {i}") for i in range(3)]) == 1
    assert model.lines() == ["line 0", "old 2", "line 1", "line 2", "line 3"]    # the newest of them
    assert model.insert(1, [LogEntry.notice(lambda: "more")]) == 0                # the log is full
    model.remove(1)
    assert model.lines() == ["line 0", "line 1", "line 2", "line 3"]


def test_a_full_log_says_that_the_earlier_hands_are_left_out(qtbot, boxes, tmp_path, monkeypatch):
    monkeypatch.setattr(log_feature, "HANDS_SHOWN", 2)
    w = _open(qtbot, tmp_path, 7)
    model = w.log_dock.model
    model.max_lines = model.rowCount() + 1         # (room for one more line)
    w.log.show_older()
    lines = w.log_dock.lines()
    assert SCROLL_UP not in lines and lines[1] == "Earlier lines are left out of the log."
    assert lines[2].startswith("Hand 5:") and len(lines) == model.max_lines
    w.close()
