"""What a table's session needs of the server: its scheduler on the asyncio loop, the bot
processes shared by every table, and its autosave written into the server's data folder.

* :class:`LoopScheduler`: the session's :class:`~cekidesk.session.Scheduler` on the server's event
  loop: calls later are the loop's timers; a job runs on the server's shared thread pool (jobs of one
  table one at a time, in order) and its result comes back on the loop.
* :class:`BotPool`: a bounded pool of :class:`~cekidesk.bots.process.BotProcess` es shared by every
  table: a searching computer player's decision waits for a free process (on a pool thread, never
  on the loop); cancelling a table's job never touches another table's.
* :class:`SaveWriter`: the session's :class:`~cekidesk.session.AutosaveWriter` for one table: the
  save (the existing ``.cekisave`` format) replaced atomically after every move, before anybody hears
  of the move.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
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


class SaveWriter:
    """One table's :class:`~cekidesk.session.AutosaveWriter`: ``path`` is written at once (before
    the move is told to anybody); a failure is told to ``failed`` (the table's session)."""

    def __init__(self, path: Path, failed: Callable[[str], None]):
        self.path = path
        self._failed = failed

    def write(self, data: bytes) -> None:
        try:
            write_atomically(self.path, data)
        except OSError as exc:
            log.error("a table's save could not be written: %s", exc)
            self._failed("the table could not be saved")

    def remove(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.error("a table's save could not be removed: %s", exc)

    def flush(self) -> bool:
        return True

    def will_exist(self) -> bool:
        return self.path.exists()


__all__ = ["BotPool", "LoopScheduler", "SaveWriter", "write_atomically"]
