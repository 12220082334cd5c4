"""Waiting in tests without timing anything.

CI runs the suite on a busy two-core machine, so a test checks *that* something happens, never how
fast (speed is measured by the scripts in ``bench/``).  A wait's timeout is therefore only a guard
against a hang: it is generous, and a wait that reaches it is a failure on any machine.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Callable

from PySide6.QtCore import QTimer

HANG_GUARD_MS = 60_000


def finishes(fn: Callable[..., Any], *args: Any) -> tuple[Any, BaseException | None]:
    """Run ``fn(*args)`` in a thread and return (result, exception); fail the test if it hangs
    (a call that might block for ever: an open or a read of a pipe)."""
    out: list[Any] = [None, None]

    def run() -> None:
        try:
            out[0] = fn(*args)
        except BaseException as exc:  # noqa: BLE001 (handed back to the test)
            out[1] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(2 * HANG_GUARD_MS / 1000)
    assert not t.is_alive(), f"{getattr(fn, '__name__', fn)} hangs"
    return out[0], out[1]


class ThinkGate:
    """Makes every think of a computer player last until the UI thread has ticked ``ticks`` times.

    The bot's ``choose`` blocks in :meth:`think` (on whatever thread the controller runs it); a timer
    on the UI thread calls :meth:`tick`, which counts the ticks of the think in progress and lets it
    go on after the last one.  A bot that thought on the UI thread would block the very ticks that
    release it: its think would end only at the hang guard (counted in :attr:`starved`) — the check
    fails on any machine, with no clock in it.
    """

    def __init__(self, ticks: int = 10):
        self.ticks = ticks
        self.released = 0                   # thinks the ticks let go on
        self.starved = 0                    # thinks no tick let go on (they ended at the hang guard)
        self._lock = threading.Lock()
        self._current: threading.Event | None = None    # the think in progress
        self._seen = 0
        self._open = False

    def hold(self, monkeypatch, bot_class) -> None:
        """Make every ``bot_class`` player think through this gate."""
        original = bot_class.choose

        def gated_choose(bot, view, rng):
            self.think()
            return original(bot, view, rng)

        monkeypatch.setattr(bot_class, "choose", gated_choose)

    def think(self) -> None:
        go_on = threading.Event()
        with self._lock:
            if self._open:
                return
            self._current, self._seen = go_on, 0
        if not go_on.wait(HANG_GUARD_MS / 1000):
            self.starved += 1

    def tick(self) -> None:
        with self._lock:
            if self._current is None:
                return
            self._seen += 1
            if self._seen >= self.ticks:
                self._current.set()
                self._current = None
                self.released += 1

    @contextmanager
    def ticking(self, interval_ms: int = 10):
        """A timer on the UI thread ticks the gate; afterwards the gate stays open, so that no
        think is left waiting when the window closes."""
        timer = QTimer()
        timer.setInterval(interval_ms)
        timer.timeout.connect(self.tick)
        timer.start()
        try:
            yield self
        finally:
            timer.stop()
            with self._lock:
                self._open = True
                if self._current is not None:
                    self._current.set()
                    self._current = None


def play_until_bots_thought(qtbot, controller, begin, human_move, gate: ThinkGate, thinks: int = 6) -> None:
    """``begin()`` a match and play it — the human's moves (``human_move(view)``) at once, from the
    event loop — while ``gate`` ticks, until ``thinks`` thinks were released, one starved, or the hand
    is over.  Then the human stops playing: no move of theirs is left queued for a later test (a busy
    machine can close the window before the queue is empty; the controller is the call's context, so
    Qt drops a call whose controller is gone), the computer players are paused and the think in
    progress has ended."""
    c = controller

    def human_turn(seat: int) -> None:
        if seat < 0 and c.waiting_for_human():
            QTimer.singleShot(0, c, lambda: c.waiting_for_human() and c.play(human_move(c.view())))

    c.thinking.connect(human_turn)
    try:
        with gate.ticking():
            begin()
            qtbot.waitUntil(lambda: gate.released >= thinks or gate.starved > 0 or c.match.hand_over(),
                            timeout=HANG_GUARD_MS)
    finally:
        c.thinking.disconnect(human_turn)
        # the think in progress (the gate is open now) ends before the test closes the window: a
        # worker still thinking while the test's patches are undone and the window goes crashed the
        # interpreter once in about 25 runs on a loaded machine
        c.set_paused(True)
        qtbot.waitUntil(lambda: c._pool.activeThreadCount() == 0, timeout=HANG_GUARD_MS)
