"""The bot process (no Qt): searching bots answer from a separate process exactly as in-process,
keep their memory, are cancelled cooperatively, and no process is ever left behind.

No test times anything: the looping test bot thinks until it is cancelled (it would never end on
its own), and waits are "eventually" conditions with a generous guard against a hang."""
from __future__ import annotations

import copy
import multiprocessing
import os
import random
import signal
import threading
import time

import pytest
from toygames.searchers import CountingBot, FailingBot, LoopingBot

from cekidesk.bots import make_bot
from cekidesk.bots.process import BotProcess, BotReply
from cekidesk.games import new_match

HANG_GUARD = 120.0


def eventually(cond, what: str) -> None:
    end = time.monotonic() + HANG_GUARD
    while not cond():
        assert time.monotonic() < end, f"never: {what}"
        time.sleep(0.01)


def a_view(game: str = "ceki", seed: int = 5):
    m = new_match(game, 4 if game == "ceki" else 3, seed)
    seat = m.state.to_act()[0]
    return seat, m.state.view(seat)


@pytest.fixture
def bots():
    bp = BotProcess()
    yield bp
    bp.close()


class InThread:
    """``bp.run`` on a thread (as the window's worker thread does); ``reply`` once it returned."""

    def __init__(self, bp: BotProcess, job: int, bot, view, rng):
        self.reply: BotReply | None = None
        self.thread = threading.Thread(target=self._run, args=(bp, job, bot, view, rng), daemon=True)
        self.thread.start()

    def _run(self, bp, *args):
        self.reply = bp.run(*args)

    def join(self) -> BotReply:
        self.thread.join(HANG_GUARD)
        assert not self.thread.is_alive(), "the request never returned"
        assert self.reply is not None
        return self.reply


def started_looping(bp: BotProcess, view) -> tuple[int, InThread]:
    """A looping bot's job, once the process is working on it."""
    job = bp.next_job()
    req = InThread(bp, job, LoopingBot(view.viewer, "ceki"), view, random.Random(1))
    eventually(lambda: bp.running_job() == job, "the process starts the job")
    return job, req


@pytest.mark.parametrize("game", ["ceki", "pei"])
def test_a_search_in_the_process_equals_the_same_search_in_process(bots, game):
    seat, view = a_view(game)
    here_bot = make_bot(game, "hard", seat, budget=0.02)
    there_bot = copy.deepcopy(here_bot)
    here_rng, there_rng = random.Random(11), random.Random(11)
    expected = here_bot.decide(view, here_rng)
    reply = bots.run(bots.next_job(), there_bot, view, there_rng)
    assert reply.error == "" and not reply.cancelled
    assert reply.decision == expected
    assert reply.rng.getstate() == here_rng.getstate()          # the RNG after the decision comes back
    assert reply.bot.last == here_bot.last                      # so does what the bot remembers


def test_a_bot_keeps_its_memory_from_one_decision_to_the_next(bots):
    seat, view = a_view()
    bot = CountingBot(seat, "ceki")
    for calls in (1, 2, 3):
        reply = bots.run(bots.next_job(), bot, view, random.Random(calls))
        bot = reply.bot
        assert bot.calls == calls and reply.decision.reasons == (("test.calls", {"calls": calls}),)
    assert bot.should_stop is None   # the process's stop check never travels back


def test_one_process_serves_the_whole_session(bots):
    seat, view = a_view()
    assert bots.pid is None   # started on first use
    bots.run(bots.next_job(), CountingBot(seat, "ceki"), view, random.Random(1))
    pid = bots.pid
    assert pid is not None and pid != os.getpid()
    bots.run(bots.next_job(), CountingBot(seat, "ceki"), view, random.Random(2))
    assert bots.pid == pid


def test_a_failing_bot_is_reported_and_the_process_goes_on(bots):
    seat, view = a_view()
    reply = bots.run(bots.next_job(), FailingBot(seat, "ceki"), view, random.Random(1))
    assert reply.decision is None and "ZeroDivisionError" in reply.error
    pid = bots.pid
    assert bots.run(bots.next_job(), CountingBot(seat, "ceki"), view, random.Random(1)).decision is not None
    assert bots.pid == pid


def test_cancel_ends_a_search_that_would_never_end(bots):
    seat, view = a_view()
    job, req = started_looping(bots, view)
    bots.cancel(job)
    reply = req.join()
    assert reply.cancelled and reply.decision is None   # its answer is dropped
    # the process is still there and serves the next job, which is not cancelled
    later = bots.run(bots.next_job(), CountingBot(seat, "ceki"), view, random.Random(1))
    assert not later.cancelled and later.decision is not None


def test_cancelling_a_job_also_cancels_every_earlier_one_and_one_not_yet_sent(bots):
    seat, view = a_view()
    first = bots.next_job()
    second = bots.next_job()
    bots.cancel(second)
    assert bots.run(first, LoopingBot(seat, "ceki"), view, random.Random(1)).cancelled
    assert bots.run(second, LoopingBot(seat, "ceki"), view, random.Random(1)).cancelled


def test_close_while_a_bot_thinks_leaves_no_process_behind(bots):
    seat, view = a_view()
    job, req = started_looping(bots, view)
    proc = bots._proc
    pid = bots.pid
    bots.close()
    assert not proc.is_alive()
    assert pid not in [p.pid for p in multiprocessing.active_children()]
    assert req.join().cancelled   # the request in flight returns, and is dropped
    assert bots.pid is None


def test_close_when_idle_and_a_later_request_starts_a_new_process(bots):
    seat, view = a_view()
    bots.run(bots.next_job(), CountingBot(seat, "ceki"), view, random.Random(1))
    proc = bots._proc
    bots.close()
    # it was asked to end; on a busy machine it may not manage within the wait and is terminated
    assert not proc.is_alive() and proc.exitcode in (0, -signal.SIGTERM, -signal.SIGKILL)
    bots.close()                                          # twice is harmless
    reply = bots.run(bots.next_job(), CountingBot(seat, "ceki"), view, random.Random(1))
    assert reply.decision is not None and bots.pid not in (None, proc.pid)


def test_a_killed_process_fails_its_request_and_the_next_one_starts_a_new_process(bots):
    seat, view = a_view()
    job, req = started_looping(bots, view)
    dead = bots._proc
    dead.kill()
    reply = req.join()
    assert not reply.cancelled and reply.decision is None and reply.error   # a failure: a simpler player takes over
    reply = bots.run(bots.next_job(), CountingBot(seat, "ceki"), view, random.Random(1))
    assert reply.decision is not None
    assert bots.pid is not None and bots.pid != dead.pid


def test_a_process_killed_while_idle_is_replaced_without_a_failure(bots):
    seat, view = a_view()
    bots.run(bots.next_job(), CountingBot(seat, "ceki"), view, random.Random(1))
    dead = bots._proc
    dead.kill()
    dead.join()
    reply = bots.run(bots.next_job(), CountingBot(seat, "ceki"), view, random.Random(1))
    assert reply.decision is not None and bots.pid != dead.pid


@pytest.mark.skipif(not hasattr(os, "nice"), reason="POSIX scheduling priority")
def test_the_process_runs_at_a_lower_priority_than_the_window(bots):
    if os.getpriority(os.PRIO_PROCESS, 0) >= 19:
        pytest.skip("the tests already run at the lowest priority")
    seat, view = a_view()
    bots.run(bots.next_job(), CountingBot(seat, "ceki"), view, random.Random(1))
    assert os.getpriority(os.PRIO_PROCESS, bots.pid) > os.getpriority(os.PRIO_PROCESS, 0)
