"""What the session needs of its host's event loop: a call after some milliseconds, cancellable, and
a job run off the host's thread whose result comes back on it.

The window implements :class:`Scheduler` with its toolkit's timers and thread pool
(``cekidesk.ui.adapters.controller.QtScheduler``); :class:`ManualScheduler` is a deterministic one for tests
and headless use: nothing runs until :meth:`ManualScheduler.run` is called, and time is simulated.
"""
from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable
from typing import Protocol, TypeVar

T = TypeVar("T")


class Handle(Protocol):
    """A call asked for later; :meth:`cancel` makes sure it never comes (safe after it came)."""

    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """The session's host: every callback it is given is called on the session's own thread."""

    def call_later(self, ms: int, fn: Callable[[], None]) -> Handle:
        """Call ``fn`` once, ``ms`` milliseconds from now (0: as soon as the host is idle)."""
        ...

    def run_off_thread(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        """Run ``job`` on a worker (it must touch only its own arguments), then ``done(result)`` on
        the session's thread.  Jobs run one at a time, in the order given."""
        ...

    def wait_idle(self, ms: int) -> bool:
        """Wait (at most ``ms``) until no job runs; True if none does."""
        ...


class Timer:
    """One restartable single-shot timer on a :class:`Scheduler` (as a toolkit's timer is)."""

    def __init__(self, scheduler: Scheduler, fn: Callable[[], None]):
        self._scheduler, self._fn = scheduler, fn
        self._handle: Handle | None = None

    def start(self, ms: int) -> None:
        self.stop()
        self._handle = self._scheduler.call_later(max(0, ms), self._fire)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def is_active(self) -> bool:
        return self._handle is not None

    def _fire(self) -> None:
        self._handle = None
        self._fn()


class _ManualHandle:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualScheduler:
    """A :class:`Scheduler` on simulated time: calls wait in a queue (by due time, then order asked)
    until :meth:`run`; a job runs at once on the caller's thread and its result is delivered as a
    call due now."""

    def __init__(self) -> None:
        self.now = 0
        self._queue: list[tuple[int, int, _ManualHandle, Callable[[], None]]] = []
        self._order = itertools.count()

    def call_later(self, ms: int, fn: Callable[[], None]) -> _ManualHandle:
        handle = _ManualHandle()
        heapq.heappush(self._queue, (self.now + max(0, ms), next(self._order), handle, fn))
        return handle

    def run_off_thread(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        result = job()
        self.call_later(0, lambda: done(result))

    def wait_idle(self, ms: int) -> bool:
        return True

    def pending(self) -> int:
        """How many calls are still to come."""
        return sum(1 for _, _, h, _ in self._queue if not h.cancelled)

    def run_one(self) -> bool:
        """Make the next call due (time jumps to it); False if none is left."""
        while self._queue:
            due, _, handle, fn = heapq.heappop(self._queue)
            if handle.cancelled:
                continue
            self.now = max(self.now, due)
            handle.cancelled = True
            fn()
            return True
        return False

    def run(self, until: Callable[[], bool] = lambda: False, limit: int = 100_000) -> int:
        """Make the calls due one by one until none is left or ``until()`` holds; how many were made."""
        made = 0
        while made < limit and not until() and self.run_one():
            made += 1
        return made


__all__ = ["Handle", "ManualScheduler", "Scheduler", "Timer"]
