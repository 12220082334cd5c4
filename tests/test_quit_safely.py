"""Quitting safely (issue 33): when the game's automatic save or the statistics cannot be written
(a full disk, a read-only folder), the window says so at quit and offers Save As…; statistics that
cannot be written are kept aside and counted at the next start; the statistics are loaded off the
window's thread, and a hand that ends before they are loaded is counted once."""
from __future__ import annotations

import errno
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QFileDialog
from test_statistics_ui import _play_a_hand, _window
from test_ui_window import SEATS3, start, wait_turn_or_end
from waiting import HANG_GUARD_MS

from cekidesk.persistence import statistics as statistics_module
from cekidesk.persistence import statistics_pending
from cekidesk.persistence.saves import load_match
from cekidesk.persistence.statistics import StatisticsStore, statistics_path
from cekidesk.ui.adapters import autosaver as autosaver_module
from cekidesk.ui.window import quit_prompt
from cekidesk.ui.window.features import statistics as statistics_feature


def _full_disk(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


class Answers:
    """The question at quit, answered from a list (then "quit"), each question noted."""

    def __init__(self, *answers: str):
        self.answers = list(answers)
        self.asked: list[tuple[str, bool]] = []

    def __call__(self, parent, text, can_save):
        self.asked.append((text, can_save))
        return self.answers.pop(0) if self.answers else "quit"


@pytest.fixture
def answers(boxes, monkeypatch):
    def make(*given: str) -> Answers:
        a = Answers(*given)
        monkeypatch.setattr(quit_prompt, "ask", a)
        return a
    return make


def _play(qtbot, w, moves: int = 2) -> None:
    c = w.controller
    for _ in range(moves):
        wait_turn_or_end(qtbot, w)
        if c.match.hand_over():
            return
        assert c.play(c.view().legal[0])


REAL_WRITE = statistics_module.atomic_write_text


def _unwritable_statistics(monkeypatch) -> None:
    """The statistics file cannot be written (the pending places still can)."""
    real = REAL_WRITE

    def write(path, text, *args, **kwargs):
        if Path(path) == statistics_path():
            _full_disk()
        return real(path, text, *args, **kwargs)

    monkeypatch.setattr(statistics_module, "atomic_write_text", write)


def test_nothing_is_asked_when_everything_was_written(qtbot, answers):
    a = answers()
    w = _window(qtbot)
    w.show()
    start(w, seed=3)
    _play(qtbot, w)
    assert w.close()
    assert a.asked == []


def test_a_full_disk_is_told_at_quit_and_cancel_keeps_the_window_open(qtbot, answers, monkeypatch):
    monkeypatch.setattr(autosaver_module, "write_save", _full_disk)
    a = answers("cancel", "quit")
    w = _window(qtbot)
    w.show()
    start(w, seed=3)
    _play(qtbot, w)
    t0 = time.monotonic()
    assert not w.close()                          # Cancel: the window stays
    assert time.monotonic() - t0 < 5
    assert w.isVisible() and w.controller.match is not None
    text, can_save = a.asked[0]
    assert can_save and "could not be saved automatically" in text and "No space left on device" in text
    assert "Traceback" not in text
    _play(qtbot, w, 1)                            # the game goes on
    assert w.close()                              # Quit anyway
    assert len(a.asked) == 2


def test_save_as_at_quit_keeps_every_move_and_then_quits(qtbot, answers, monkeypatch, tmp_path):
    monkeypatch.setattr(autosaver_module, "write_save", _full_disk)
    target = tmp_path / "kept.cekisave"
    chosen = iter(["", str(target)])             # the first Save As dialog is cancelled: asked again
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (next(chosen), "")))
    a = answers("save_as", "save_as")
    w = _window(qtbot)
    w.show()
    start(w, seed=4)
    _play(qtbot, w, 3)
    moves = [list(x) for x in w.controller.match.logs]
    assert w.close()
    assert len(a.asked) == 2
    assert [list(x) for x in load_match(target).match.logs] == moves


def test_a_disk_that_does_not_answer_is_told_too(qtbot, answers, monkeypatch):
    a = answers("quit")
    w = _window(qtbot)
    w.show()
    start(w, seed=3)
    monkeypatch.setattr(w.controller, "flush_autosave", lambda: False)
    assert w.close()
    assert a.asked and a.asked[0][1] and "did not answer" in a.asked[0][0]


def test_statistics_not_written_are_kept_and_counted_at_the_next_start(qtbot, answers, monkeypatch):
    from cekidesk.ui.dialogs import NewGameConfig

    a = answers()
    _unwritable_statistics(monkeypatch)
    w = _window(qtbot)
    assert w.start_new_game(NewGameConfig("ceki", SEATS3, 5, {}, {"mode": "money"}))
    _play_a_hand(qtbot, w)
    assert not statistics_path().exists()
    assert w.close()
    assert a.asked == []                          # kept aside: nothing is lost, nothing to ask
    kept = [p for p in statistics_pending.pending_paths(statistics_path()) if p.exists()]
    assert len(kept) == 1
    monkeypatch.setattr(statistics_module, "atomic_write_text", REAL_WRITE)   # the disk is writable again
    w2 = _window(qtbot)
    assert w2.stats.store.totals("ceki").hands == 1
    assert StatisticsStore().totals("ceki").hands == 1     # written to the statistics file
    assert not any(p.exists() for p in statistics_pending.pending_paths(statistics_path()))
    w2.close()


def test_statistics_that_can_be_kept_nowhere_are_told_at_quit(qtbot, answers, monkeypatch):
    from cekidesk.ui.dialogs import NewGameConfig

    a = answers()
    _unwritable_statistics(monkeypatch)
    monkeypatch.setattr(statistics_pending, "atomic_write_text", _full_disk)
    w = _window(qtbot)
    assert w.start_new_game(NewGameConfig("ceki", SEATS3, 5, {}, {"mode": "money"}))
    _play_a_hand(qtbot, w)
    assert w.close()
    assert len(a.asked) == 1
    text, can_save = a.asked[0]
    assert not can_save and "statistics could not be saved anywhere" in text


def test_an_older_pending_file_does_not_replace_newer_statistics(tmp_path):
    store = StatisticsStore(tmp_path / "statistics.json")
    m = store.new_match("ceki", "normal", True, "0" * 16)
    store.record(m, 0, True, None, 3, 5, False, "0" * 16, False, False)
    assert statistics_pending.keep_pending(store) is not None
    store.record(m, 1, False, None, -1, -5, False, "1" * 16, False, False)
    store.save()                                  # the file became writable again and has more
    again = statistics_pending.load_store(tmp_path / "statistics.json")
    assert again.totals("ceki").hands == 2
    assert not any(p.exists() for p in statistics_pending.pending_paths(again.path))


@pytest.mark.parametrize("release_before_the_hand_ends", [False, True])
def test_statistics_load_off_the_windows_thread_and_a_hand_counts_once(qtbot, boxes, monkeypatch,
                                                                       release_before_the_hand_ends):
    from cekidesk.ui.dialogs import NewGameConfig

    release = threading.Event()
    real = statistics_feature.load_store

    def slow_load():
        assert release.wait(HANG_GUARD_MS / 1000)
        return real()

    monkeypatch.setattr(statistics_feature, "load_store", slow_load)
    t0 = time.monotonic()
    w = _window(qtbot)
    w.show()
    assert time.monotonic() - t0 < 5 and not w.stats.loaded()   # the window does not wait
    w.startup(new=True)                            # (the New Game dialog is cancelled by the fixture)
    assert not w.stats.loaded()
    assert w.start_new_game(NewGameConfig("ceki", SEATS3, 5, {}, {"mode": "money"}))
    qtbot.wait(50)                                 # the window goes on meanwhile
    QApplication.processEvents()
    assert not w.stats.loaded()
    if release_before_the_hand_ends:
        release.set()
        qtbot.waitUntil(w.stats.loaded, timeout=HANG_GUARD_MS)
    else:
        threading.Timer(0.3, release.set).start()  # the hand's end waits for the load
    _play_a_hand(qtbot, w)
    assert w.stats.loaded()
    assert w.stats.store.totals("ceki").hands == 1
    assert StatisticsStore().totals("ceki").hands == 1
    dlg = w.show_statistics()
    dlg.game_box.setCurrentIndex(dlg.game_box.findData("ceki"))
    assert dlg.values["hands"].text() == "1 hand"
    w.close()


@pytest.mark.parametrize("lang", ["en", "jv-Java"])
def test_the_question_at_quit_shows_every_text_whole(qtbot, lang):
    from test_jv_readable import clips, shown

    from cekidesk.ui.foundations import i18n
    from cekidesk.ui.foundations.fonts import install_javanese_font

    install_javanese_font()
    i18n.set_language(lang)
    try:
        text = quit_prompt.quit_text("[Errno 28] No space left on device", "kept")
        box, buttons = quit_prompt.make_box(None, text, can_save=True)
        shown(qtbot, box)
        assert list(buttons) == ["save_as", "quit", "cancel"]
        assert all(b.isVisible() for b in buttons.values())
        assert box.height() <= 720 and box.width() <= 1280
        assert clips(box) == []
        box.close()
    finally:
        i18n.set_language("en")
