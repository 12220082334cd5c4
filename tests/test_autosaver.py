"""The autosave is written on a thread of its own (cekidesk.ui.adapters.autosaver): no move waits for the
disk, the newest request wins and requests are carried out in order, failures come back to the
window's thread, and quitting waits until the last move is on the disk."""
from __future__ import annotations

import sys
import threading

from PySide6.QtCore import QThread
from PySide6.QtWidgets import QApplication
from test_ui_window import make_window, start, wait_turn_or_end
from waiting import HANG_GUARD_MS

from cekidesk.persistence import paths
from cekidesk.persistence.saves import SaveFileError, load_autosave
from cekidesk.ui.adapters import autosaver as autosaver_module
from cekidesk.ui.adapters.autosaver import Autosaver


class SlowDisk:
    """``write_save`` that waits at its first call until ``release`` (a disk that hangs), noting on
    which thread and what it was asked to write."""

    def __init__(self, real=None):
        self.real = real
        self.release = threading.Event()
        self.started = threading.Event()
        self.writes: list[bytes] = []
        self.threads: set = set()

    def __call__(self, path, data):
        self.threads.add(threading.get_ident())
        self.started.set()
        assert self.release.wait(HANG_GUARD_MS / 1000), "the test never released the disk"
        self.writes.append(data)
        if self.real is not None:
            self.real(path, data)


def test_the_newest_request_wins_and_runs_after_the_one_being_written(qtbot, monkeypatch):
    disk = SlowDisk(autosaver_module.write_save)
    monkeypatch.setattr(autosaver_module, "write_save", disk)
    saver = Autosaver()
    told: list[str] = []
    saver.finished.connect(told.append)
    saver.write(b"one")
    assert disk.started.wait(HANG_GUARD_MS / 1000)   # "one" is being written, the disk hangs
    saver.write(b"two")
    saver.write(b"three")                            # replaces "two", which is still waiting
    disk.release.set()
    assert saver.flush()
    assert disk.writes == [b"one", b"three"]
    assert paths.autosave_path().read_bytes() == b"three"
    assert threading.get_ident() not in disk.threads
    qtbot.waitUntil(lambda: len(told) == 2, timeout=HANG_GUARD_MS)
    assert told == ["", ""]


def test_the_bytes_written_are_not_kept_once_on_the_disk(qtbot):
    # (a save's bytes are as large as the match: kept until the next move, they grew with it)
    saver = Autosaver()
    data = bytes(range(256)) * 64
    alone = sys.getrefcount(data)
    saver.write(data)
    assert saver.flush()
    assert paths.autosave_path().read_bytes() == data
    assert sys.getrefcount(data) == alone and saver.will_exist()
    saver.remove()
    assert saver.flush() and not saver.will_exist()


def test_a_removal_asked_while_writing_is_not_undone_by_the_write(qtbot, monkeypatch):
    disk = SlowDisk(autosaver_module.write_save)
    monkeypatch.setattr(autosaver_module, "write_save", disk)
    saver = Autosaver()
    saver.write(b"the last move")
    assert disk.started.wait(HANG_GUARD_MS / 1000)
    saver.remove()                                   # the match ended meanwhile
    disk.release.set()
    assert saver.flush()
    assert not paths.autosave_path().exists()


def test_a_failure_is_told_on_the_windows_thread(qtbot, monkeypatch):
    def refuse(path, data):
        raise SaveFileError("The game could not be saved: the folder is read-only.", "write_failed")

    monkeypatch.setattr(autosaver_module, "write_save", refuse)
    saver = Autosaver()
    heard: list[tuple[str, bool]] = []
    saver.finished.connect(lambda text: heard.append((text, QThread.currentThread() is QApplication.instance().thread())))
    with qtbot.waitSignal(saver.finished, timeout=HANG_GUARD_MS):
        saver.write(b"x")
    assert heard == [("The game could not be saved: the folder is read-only.", True)]
    assert not paths.autosave_path().exists()


def test_moves_go_on_while_the_disk_hangs_and_quitting_waits_for_the_last_one(qtbot, boxes, monkeypatch):
    disk = SlowDisk(autosaver_module.write_save)
    monkeypatch.setattr(autosaver_module, "write_save", disk)
    w = make_window(qtbot)
    start(w, seed=9)
    c = w.controller
    assert disk.started.wait(HANG_GUARD_MS / 1000)   # the deal's autosave hangs
    for _ in range(3):                               # the game goes on all the same
        wait_turn_or_end(qtbot, w)
        assert c.play(c.view().legal[0])
    wait_turn_or_end(qtbot, w)
    moves = len(c.match.logs[-1])
    assert moves >= 3 and len(disk.writes) == 0
    threading.Timer(0.2, disk.release.set).start()   # the disk comes back while the window closes
    w.close()                                        # Quit: waits for the newest autosave
    saved = load_autosave()
    assert saved is not None and len(saved.match.logs[-1]) == moves
    assert len(disk.writes) <= 2                     # the deal's, then only the newest
