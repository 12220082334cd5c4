"""The autosave's maker thread (cekidesk.session.autosave): started when a session that autosaves is
set up, never by a move that needs it; a session's flush waits for its jobs."""
from __future__ import annotations

import threading

from cekidesk.session import autosave
from cekidesk.session.autosave import Autosaves


class Writer:
    def __init__(self) -> None:
        self.data: list[bytes] = []

    def write(self, data, written=None) -> None:
        self.data.append(data)
        if written is not None:
            written()

    def remove(self) -> None:
        self.data.append(b"")

    def flush(self) -> bool:
        return True

    def will_exist(self) -> bool:
        return bool(self.data)


def test_the_maker_thread_is_started_with_the_session_and_no_put_starts_one(monkeypatch):
    saves = Autosaves(Writer(), journal=None)
    worker = autosave._worker
    assert worker is not None and worker.thread.is_alive()

    def no_thread(self):
        raise AssertionError("a put started a thread")

    monkeypatch.setattr(threading.Thread, "start", no_thread)
    done = threading.Event()
    saves._maker.put(done.set)
    saves._maker.put(lambda: None)
    saves._maker.join()
    assert done.is_set() and saves._maker.pending == 0
    assert Autosaves(Writer(), journal=None) is not None and autosave._worker is worker   # one for all


def test_a_sessions_flush_waits_for_its_own_jobs_and_a_failing_job_is_told(monkeypatch):
    saves = Autosaves(Writer(), journal=None)
    gate = threading.Event()
    order: list[int] = []

    def slow() -> None:
        gate.wait(5)
        order.append(1)

    def fails() -> None:
        raise autosave.SaveFileError("the disk is full", "write_failed")

    saves._maker.put(slow)
    saves._maker.put(fails)
    saves._maker.put(lambda: order.append(2))
    assert saves._maker.pending == 3
    threading.Timer(0.05, gate.set).start()
    assert saves.flush()
    assert order == [1, 2] and saves._maker.pending == 0 and saves._maker.errors == ["the disk is full"]
