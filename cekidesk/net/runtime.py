"""What a table's session needs of the server: its scheduler on the asyncio loop, the bot
processes shared by every table, and its autosave written into the server's data folder.

* :class:`LoopScheduler`: the session's :class:`~cekidesk.session.Scheduler` on the server's event
  loop: calls later are the loop's timers; a job runs on the server's shared thread pool (jobs of one
  table one at a time, in order) and its result comes back on the loop.
* :class:`BotPool`: a bounded pool of :class:`~cekidesk.bots.process.BotProcess` es shared by every
  table: a searching computer player's decision waits for a free process (on a pool thread, never
  on the loop); cancelling a table's job never touches another table's.
* :class:`SaveWriter`: the session's :class:`~cekidesk.session.AutosaveWriter` for one table: the
  save (the existing ``.cekisave`` format) written whole at the start of each hand (and when a match
  is put on the table), into two files in turn, and between those every move one line of the
  table's own :class:`TableJournal`, appended before anybody hears of the move (see
  :class:`SaveWriter`).
* :class:`MemorySettler`: the garbage collector told to leave what the server holds alone (no
  pause of the loop for walking long-lived objects again and again).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gc
import itertools
import logging
import os
import queue
import random
import tempfile
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from cekidesk.bots.process import BotProcess, BotReply
from cekidesk.engine.bot import Bot
from cekidesk.engine.core import View
from cekidesk.persistence.journal import Journal

log = logging.getLogger(__name__)

T = TypeVar("T")


def _guarded(fn: Callable[[], object]) -> Callable[[], None]:
    def call() -> None:
        try:
            fn()
        except Exception:   # one table's bug must not stop the loop's other work
            log.exception("a table's timer failed")
    return call


class LoopScheduler:
    """A :class:`~cekidesk.session.Scheduler` on an asyncio loop (see the module docstring)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, executor: concurrent.futures.Executor):
        self.loop, self.executor = loop, executor
        self._jobs: deque[Callable[[], None]] = deque()
        self._running = False

    def call_later(self, ms: int, fn: Callable[[], None]) -> asyncio.TimerHandle | asyncio.Handle:
        if ms <= 0:
            return self.loop.call_soon(_guarded(fn))
        return self.loop.call_later(ms / 1000, _guarded(fn))

    def run_off_thread(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        def start() -> None:
            future = self.loop.run_in_executor(self.executor, job)
            future.add_done_callback(lambda f: self._finished(f, done))
        self._jobs.append(start)
        self._next()

    def wait_idle(self, ms: int) -> bool:
        return not self._running   # (the loop's thread never waits)

    def _next(self) -> None:
        if self._running or not self._jobs:
            return
        start = self._jobs.popleft()
        self._running = True
        start()

    def _finished(self, future: asyncio.Future[T], done: Callable[[T], None]) -> None:
        self._running = False
        try:
            if not future.cancelled():
                exc = future.exception()
                if exc is not None:
                    log.error("a table's job failed: %s", exc)
                else:
                    done(future.result())
        except Exception:
            log.exception("a table's job's answer failed")
        self._next()


class BotPool(BotProcess):
    """``size`` bot processes shared by every table (each started on first use).  Its job ids are its
    own; each run takes a free process (waiting for one on its pool thread), and :meth:`cancel` stops
    exactly that job: queued, it never runs; running, its process's search stops."""

    def __init__(self, size: int = 2):
        super().__init__()
        self.size = max(1, size)
        self._free: queue.SimpleQueue[BotProcess] = queue.SimpleQueue()
        self._all = [BotProcess() for _ in range(self.size)]
        for process in self._all:
            self._free.put(process)
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._cancelled: set[int] = set()
        self._running_jobs: dict[int, tuple[BotProcess, int]] = {}

    def next_job(self) -> int:
        with self._lock:
            return next(self._ids)

    def run(self, job: int, bot: Bot, view: View, rng: random.Random) -> BotReply:
        process = self._free.get()
        try:
            with self._lock:
                if job in self._cancelled:
                    self._cancelled.discard(job)
                    return BotReply(job, cancelled=True)
                inner = process.next_job()
                self._running_jobs[job] = (process, inner)
            reply = process.run(inner, bot, view, rng)
        finally:
            with self._lock:
                self._running_jobs.pop(job, None)
            self._free.put(process)
        if reply.cancelled:
            return BotReply(job, cancelled=True)
        return BotReply(job, reply.decision, reply.bot, reply.rng, reply.error)

    def cancel(self, job: int) -> None:
        with self._lock:
            running = self._running_jobs.get(job)
            if running is None:
                if len(self._cancelled) < 100_000:
                    self._cancelled.add(job)
                return
        running[0].cancel(running[1])

    def running_job(self) -> int:
        with self._lock:
            return next(iter(self._running_jobs), 0)

    @property
    def pid(self) -> int | None:
        return next((p.pid for p in self._all if p.pid is not None), None)

    def pids(self) -> list[int]:
        return [pid for pid in (p.pid for p in self._all) if pid is not None]

    def close(self) -> None:
        for process in self._all:
            process.close()


class MemorySettler:
    """Keeps the garbage collector's pauses short on the server's one thread.

    Python's collector stops the loop — every table's moves — while it walks a generation, and its
    oldest generation holds everything the server keeps: at 200 tables one full collection took
    80–110 ms of the thread's CPU (up to 280 ms of wall time on a busy machine), several times a
    minute (bench/server_load.py --profile).  So what lives long is moved
    out of its way (``gc.freeze``): at the start (after a full collection: the imports, the
    restored tables), and then whatever survived a collection of the middle generation — right
    after it, so the oldest generation stays nearly empty and a full collection walks only what is
    new.  A frozen object is still freed by its reference count when it goes; only garbage in
    reference cycles among frozen objects (a table put away, a connection's objects) waits for a
    full sweep (unfreeze, collect, freeze again: one longer pause) every :attr:`sweep_every`
    seconds.  It freezes the whole process's objects, so only a server that owns its process uses
    it (:attr:`~cekidesk.net.server.TableServer.settle_gc`); at the server's stop all is unfrozen."""

    sweep_every = 600.0

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.frozen_times = 0              # how often survivors were frozen (for the tests)
        self._wanted = False
        self._timer: asyncio.TimerHandle | None = None

    def start(self) -> int:
        """The first settling (a full collection, then freeze); how many objects are frozen."""
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self._collected)
        self._timer = self.loop.call_later(self.sweep_every, self.sweep)
        return gc.get_freeze_count()

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        # (any thread; inside the collector: only ask the loop to freeze the survivors)
        if phase == "stop" and info.get("generation", 0) >= 1 and not self._wanted:
            self._wanted = True
            with contextlib.suppress(RuntimeError):   # (a loop that closed meanwhile)
                self.loop.call_soon_threadsafe(self.freeze)

    def freeze(self) -> None:
        self._wanted = False
        gc.freeze()
        self.frozen_times += 1

    def sweep(self) -> None:
        """A full collection of everything (garbage among the frozen), then freeze again."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._timer = self.loop.call_later(self.sweep_every, self.sweep)

    def stop(self) -> None:
        """Leave the collector as it was: what was frozen is collectable again."""
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._collected)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        gc.unfreeze()


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data``: a temporary file beside it, renamed over it (whole or not at
    all, also when the server is killed).  Not synced to the disk each time: a killed server loses
    nothing, a machine losing power may lose its last moves."""
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_in_place(path: Path, data: bytes) -> None:
    """Overwrite ``path`` with ``data`` (created if missing), then cut it to its length."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        view, done = memoryview(data), 0
        while done < len(data):
            done += os.pwrite(fd, view[done:], done)
        os.ftruncate(fd, len(data))
    finally:
        os.close(fd)


class TableJournal(Journal):
    """A table's journal (:mod:`cekidesk.persistence.journal`) in the table's folder: each move one
    line, appended with one ``write`` on the loop before anybody hears of the move (the operating
    system has it: a killed server loses nothing).  Unlike the window's journal it is never synced
    and has no thread (like the table's saves: a machine that loses its power may lose its last
    moves, a killed process none), and dropping the lines a written save holds (:meth:`rotate`)
    cuts the file to nothing (or, when some lines are newer than that save, replaces it by a
    rename) instead of a synced rename: on the server's one thread a sync of a busy disk
    took tens to hundreds of milliseconds, and every table waited for it."""

    def _start_syncer(self) -> None:
        pass

    def sync(self) -> None:
        pass

    def _close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            self._unsynced = False
            os.close(fd)

    def rotate(self, through: int) -> None:
        with self._lock:
            keep = [(n, piece) for n, piece in self._lines if n > through]
            if len(keep) == len(self._lines):
                return
            try:
                if keep:
                    self._close()
                    write_atomically(self.path, b"".join(piece for _, piece in keep))
                elif self._fd is not None:
                    os.ftruncate(self._fd, 0)   # (opened to append: the next line goes at the start)
                elif self.path.exists():
                    os.truncate(self.path, 0)
            except OSError as exc:
                log.warning("a table's journal could not be rewritten: %s", exc)
                return
            self._lines = keep


class SaveWriter:
    """One table's :class:`~cekidesk.session.AutosaveWriter`, writing at once into ``paths``, two
    save files, in turn: each write overwrites the older one in place, so the newer stays whole
    whatever happens to the process meanwhile (a killed server's last save is the newer file that
    loads; :meth:`newest`).  Replacing one file by a renamed temporary one would do too, but on ext4
    a rename over a file starts writing its data out at once: ~1 ms idle, 6 ms on a busy disk, on
    the server's one thread.  The session asks for the whole save at the start of each hand; the
    moves in between go to :attr:`journal` (``journal``: its file, beside the saves), which the
    session appends to (a move is told to nobody before it is in the journal or a save).  A failure
    is told to ``failed``, a save on the disk to ``saved`` (the table's session: until it hears of
    one, it asks for the whole save after every move)."""

    def __init__(self, paths: tuple[Path, Path], failed: Callable[[str], None],
                 saved: Callable[[], None] | None = None, journal: Path | None = None):
        self.paths = paths
        self._failed = failed
        self._saved = saved
        self._next = 0
        self.journal = TableJournal(journal if journal is not None else paths[0].with_name("match.journal"))

    def write(self, data: bytes, written: Callable[[], None] | None = None) -> None:
        path = self.paths[self._next]
        try:
            write_in_place(path, data)
        except OSError as exc:
            log.error("a table's save could not be written: %s", exc)
            self._failed("the table could not be saved")
            return
        self._next ^= 1
        if written is not None:
            written()       # (on the disk at once: the session hears it before anybody hears of the move)
        if self._saved is not None:
            self._saved()

    def written_last(self, path: Path) -> None:
        """``path`` holds the save to keep (after a restart): the next write goes to the other."""
        self._next = 1 if path == self.paths[0] else 0

    def remove(self) -> None:
        for path in self.paths:
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                log.error("a table's save could not be removed: %s", exc)

    def flush(self) -> bool:
        return True

    def close(self) -> None:
        """The table is put away (its files stay): the journal's file is closed."""
        self.journal.close()

    def will_exist(self) -> bool:
        return any(path.exists() for path in self.paths)


__all__ = ["BotPool", "LoopScheduler", "MemorySettler", "SaveWriter", "TableJournal", "write_atomically",
           "write_in_place"]
