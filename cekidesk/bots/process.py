"""The bot process: searching bots think in one separate process, so the window never waits for them.

A search is pure Python; on a thread it would hold the interpreter lock and freeze the window for its
whole budget.  :class:`BotProcess` runs bots in **one** child process, started on first use and reused
for the session (``spawn``: safe with Qt on every OS).  A request is (job id, bot, view, RNG); the
reply carries the :class:`~cekidesk.engine.bot.Decision` (or an error text), the bot after the
decision (bots keep memory between calls) and the RNG after it, so a bot run here moves exactly as
``bot.decide(view, rng)`` in the caller's process would.  multiprocessing pickles them in memory:
nothing is written to disk.

:meth:`BotProcess.run` blocks until the reply: the window calls it from a worker thread (a blocking
pipe read releases the interpreter lock).  Cancelling is cooperative: a shared number holds the
highest job id cancelled; the bot's ``should_stop`` reads it, so a search ends within one imagined
deal, and the cancelled job's reply says so (the caller drops it).  :meth:`BotProcess.close` asks the
process to end, waits briefly, then terminates it; the process is a daemon and ``atexit`` closes it
too, so none is ever left behind.  If the process dies, the request it was running fails and the
next one starts a new process.

No Qt here: the child imports only the engine, the bots and the games.
"""
from __future__ import annotations

import atexit
import itertools
import multiprocessing
import os
import random
import signal
import threading
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from typing import Protocol

from cekidesk.engine.bot import Bot, Decision
from cekidesk.engine.core import View

#: the cancel mark that also tells the process to end (above every job id)
CLOSE = 2**62
#: how much lower the process's scheduling priority is than the window's (POSIX ``nice``): when the
#: CPUs are busy, the window's thread runs first and the search waits, never the other way round
NICENESS = 5
#: how long :meth:`BotProcess.close` waits for the process to end by itself, then after terminating it
CLOSE_WAIT = 0.5


@dataclass(frozen=True)
class BotReply:
    """The answer to one request: ``decision`` with the ``bot`` and ``rng`` after it, or ``error``
    (a text for the log), or ``cancelled`` (the job was cancelled: drop it)."""

    job: int
    decision: Decision | None = None
    bot: Bot | None = None
    rng: random.Random | None = None
    error: str = ""
    cancelled: bool = False


class _Shared(Protocol):
    """A number shared with the child process (a ``multiprocessing`` value)."""

    value: int


def _serve(conn: Connection, cancelled: _Shared, running: _Shared) -> None:
    """The child process: answer requests until told to end (``None``, or ``CLOSE``) or the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl+C in a terminal is the window's to handle
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    while cancelled.value < CLOSE:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        job, bot, view, rng = request
        running.value = job
        bot.should_stop = lambda job=job: cancelled.value >= job
        try:
            reply = (job, bot.decide(view, rng), bot, rng, "")
        except Exception as exc:  # a bot bug is reported, never the end of the process
            reply = (job, None, None, None, f"{type(exc).__name__}: {exc}")
        bot.should_stop = None
        running.value = 0
        if cancelled.value >= CLOSE:
            return
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return
        except Exception as exc:  # an answer that cannot travel back (pickling)
            conn.send((job, None, None, None, f"{type(exc).__name__}: {exc}"))


class BotProcess:
    """See the module docstring.  Thread-safe: one request runs at a time (others wait their turn);
    :meth:`cancel` and :meth:`close` may be called from any thread while a request runs."""

    def __init__(self) -> None:
        self._ctx = multiprocessing.get_context("spawn")
        # shared numbers without a lock: a process killed while it held a lock would leave it held
        # for ever (the window would then hang on its next request); one aligned 64-bit word is
        # read and written whole, and each is written by one side only
        self._cancelled = self._ctx.Value("q", 0, lock=False)   # highest job id cancelled (CLOSE: end)
        self._running = self._ctx.Value("q", 0, lock=False)     # the job the process is working on (0: none)
        self._jobs = itertools.count(1)
        self._cancel_upto = 0
        self._request_lock = threading.Lock()      # one request in the pipe at a time
        self._state_lock = threading.Lock()        # guards _proc, _conn, _generation
        # one thread at a time ends a process: two waiting on one child at once could each miss its
        # end (one reaps it, the other is told there is no such child and thinks it still runs)
        self._end_lock = threading.Lock()
        self._proc: SpawnProcess | None = None
        self._conn: Connection | None = None
        self._generation = 0                        # +1 at every close: a start racing a close is undone

    # -- what callers use ------------------------------------------------------------------------
    def next_job(self) -> int:
        """A new job id (ids only grow: cancelling one cancels every earlier one too)."""
        with self._state_lock:
            return next(self._jobs)

    def run(self, job: int, bot: Bot, view: View, rng: random.Random) -> BotReply:
        """Run ``bot.decide(view, rng)`` in the process and return the reply (blocks until then)."""
        with self._request_lock:
            generation = self._generation
            if self._dropped(job, generation):
                return BotReply(job, cancelled=True)
            try:
                conn = self._ensure_started(generation)
                if conn is None:
                    return BotReply(job, cancelled=True)
                conn.send((job, bot, view, rng))
                answer = conn.recv()
            except (EOFError, OSError) as exc:
                self._discard()
                if self._dropped(job, generation):
                    return BotReply(job, cancelled=True)
                return BotReply(job, error=f"the bot process stopped ({type(exc).__name__})")
        rjob, decision, new_bot, new_rng, error = answer
        if self._dropped(job, generation):
            return BotReply(job, cancelled=True)
        if error:
            return BotReply(rjob, error=error)
        return BotReply(rjob, decision, new_bot, new_rng)

    def cancel(self, job: int) -> None:
        """Cancel ``job`` and every earlier one: a search running stops within one imagined deal."""
        with self._state_lock:
            if job > self._cancel_upto:
                self._cancel_upto = job
                if self._cancelled.value < CLOSE:
                    self._cancelled.value = job

    def _dropped(self, job: int, generation: int) -> bool:
        """Whether ``job`` (asked in ``generation``) was cancelled, or the process closed since."""
        return job <= self._cancel_upto or generation != self._generation

    def running_job(self) -> int:
        """The job the process is working on right now (0: none)."""
        return self._running.value

    @property
    def pid(self) -> int | None:
        """The process's id while it runs (None before the first request and after :meth:`close`)."""
        proc = self._proc
        return proc.pid if proc is not None and proc.is_alive() else None

    def close(self) -> None:
        """End the process at once: ask it (a running search stops within one imagined deal), wait
        briefly, then terminate it, then kill it.  A later request starts a new one."""
        with self._state_lock:
            self._generation += 1
            proc, conn = self._proc, self._conn
            self._cancelled.value = CLOSE
        atexit.unregister(self.close)
        if proc is None:
            return
        idle = self._request_lock.acquire(blocking=False)
        try:
            if idle and conn is not None:
                try:
                    conn.send(None)
                except OSError:
                    pass
            self._end(proc)
        finally:
            if idle:
                self._discard()
                self._request_lock.release()
        # when a request was running, its thread reads the end of the pipe and discards it

    # -- the process -----------------------------------------------------------------------------
    def _ensure_started(self, generation: int) -> Connection | None:
        """The pipe to a live process, starting one if there is none (None: closed since
        ``generation``, when the request was made)."""
        with self._state_lock:
            if generation != self._generation:
                return None
            if self._proc is not None and self._proc.is_alive():
                return self._conn
            self._cancelled.value = self._cancel_upto
        if self._proc is not None:
            self._discard()
        ours, theirs = self._ctx.Pipe()
        proc = self._ctx.Process(target=_serve, args=(theirs, self._cancelled, self._running),
                                 name="cekidesk-bots", daemon=True)
        proc.start()
        theirs.close()   # so that the pipe reports the end when the process dies
        with self._state_lock:
            if generation == self._generation:
                self._proc, self._conn = proc, ours
                atexit.unregister(self.close)   # (once, however often it restarts)
                atexit.register(self.close)
                return ours
        self._end(proc)   # closed while it started
        ours.close()
        return None

    def _discard(self) -> None:
        """End and forget the process (it has ended, or is being ended) and close our end of its
        pipe.  It is forgotten only once it has ended, so a :meth:`close` meanwhile waits for it."""
        with self._state_lock:
            proc, conn = self._proc, self._conn
        if proc is not None:
            self._end(proc)
        with self._state_lock:
            if self._proc is proc:
                self._proc = self._conn = None
        if conn is not None:
            conn.close()

    def _end(self, proc: SpawnProcess) -> None:
        with self._end_lock:
            _end(proc)


def _end(proc: SpawnProcess) -> None:
    """Wait briefly for ``proc`` to end, then terminate it, then kill it; it is gone on return."""
    proc.join(CLOSE_WAIT)
    if proc.is_alive():
        proc.terminate()
        proc.join(CLOSE_WAIT)
    if proc.is_alive():
        proc.kill()
        proc.join()
