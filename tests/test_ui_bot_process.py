"""Searching computer players in the real window (offscreen): they think in the bot process, the game
goes on, a search is cancelled when the game moves on, quitting leaves no process behind, and the
hint arrives asynchronously and only for the position it was asked for.

Nothing is timed: the looping test bot thinks until it is cancelled, so "it is thinking" is a state
a test can wait for; waits are "eventually" conditions with a generous guard against a hang."""
from __future__ import annotations

import multiprocessing
import os
import random

import pytest
from toygames.searchers import CountingBot, LoopingBot
from waiting import HANG_GUARD_MS

from cekidesk.bots import make_bot
from cekidesk.games import new_match
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot, boxes):
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.show()
    yield w
    w.close()


def seats_for(human: int, n: int = 3) -> list[Seat]:
    return [Seat.human("You") if i == human else Seat.bot("hard", f"Bot {i}") for i in range(n)]


def put_on(w: MainWindow, seed: int, bot_first: bool, make) -> None:
    """A Ceki match of three on the window: the human sits after (``bot_first``) or at the seat that
    acts first; ``make(seat)`` makes the computer players."""
    match = new_match("ceki", 3, seed)
    first = match.state.to_act()[0]
    human = (first + 1) % 3 if bot_first else first
    seats = seats_for(human)
    w.controller.start(match, seats, {i: make(i) for i in range(3) if i != human})


def thinking_in_the_process(qtbot, w: MainWindow) -> None:
    process = w.controller._process
    qtbot.waitUntil(lambda: process.running_job() != 0, timeout=HANG_GUARD_MS)


def test_searching_players_play_through_the_bot_process_and_the_game_goes_on(qtbot, window):
    w = window
    c = w.controller
    put_on(w, 3, True, lambda i: CountingBot(i, "ceki") if i % 2 else make_bot("ceki", "hard", i, budget=0.01))
    human = c.human_seat
    rng = random.Random(4)
    while not c.match.hand_over():
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if not c.match.hand_over():
            assert c.play(rng.choice(c.view().legal))
    assert c._process.pid not in (None, os.getpid())     # they thought in another process
    moves = [a.player for a in c.match.logs[-1]]
    for seat, bot in c.bots.items():
        assert seat != human and moves.count(seat) > 0
        if isinstance(bot, CountingBot):                  # the bot came back with its memory each time
            assert bot.calls == moves.count(seat)


def test_a_new_game_cancels_the_search_and_its_late_answer_never_lands(qtbot, window):
    w = window
    c = w.controller
    put_on(w, 3, True, lambda i: LoopingBot(i, "ceki"))
    thinking_in_the_process(qtbot, w)
    thinker = c.match.state.to_act()[0]
    assert w.table_feed.thinking == thinker and "Bot" in w.status_label.text()   # its seat shows it thinks
    put_on(w, 5, False, lambda i: CountingBot(i, "ceki"))    # the human acts first: no bot is asked
    new = c.match
    # the search that would never end by itself ends, and the worker that waited for it is free
    qtbot.waitUntil(lambda: c._process.running_job() == 0 and c._pool.activeThreadCount() == 0,
                    timeout=HANG_GUARD_MS)
    qtbot.wait(50)   # any queued answer is delivered now
    assert c.match is new and new.logs[-1] == []
    assert c.waiting_for_human() and all(isinstance(b, CountingBot) and b.calls == 0 for b in c.bots.values())


def test_quitting_while_a_bot_thinks_ends_at_once_and_leaves_no_process(qtbot, window):
    w = window
    c = w.controller
    put_on(w, 3, True, lambda i: LoopingBot(i, "ceki"))
    thinking_in_the_process(qtbot, w)
    proc = c._process._proc
    pid = proc.pid
    w.close()                                            # the window's quit path
    assert not proc.is_alive()
    assert pid not in [p.pid for p in multiprocessing.active_children()]
    assert c._pool.activeThreadCount() == 0             # nobody waits for the bot any more


def test_the_hint_arrives_later_and_is_dropped_when_the_position_moved_on(qtbot, window, monkeypatch):
    w = window
    c = w.controller
    marked = []
    monkeypatch.setattr(w.table, "set_hint", lambda a: marked.append(a))
    put_on(w, 5, False, lambda i: CountingBot(i, "ceki"))
    assert c.waiting_for_human() and c.view().legal[0].verb == "draw"
    assert w.show_hint() and c.hint_pending
    assert c.play(c.view().legal[0])                     # the person moves before the hint comes
    assert not c.hint_pending and c.waiting_for_human()  # (after a draw, the same person throws)
    qtbot.waitUntil(lambda: c._pool.activeThreadCount() == 0, timeout=HANG_GUARD_MS)
    qtbot.wait(50)   # any queued answer is delivered now
    assert all(a is None for a in marked) and "Hint" not in w.status_label.text()
    assert w.show_hint()                                 # a hint for the new position is shown
    qtbot.waitUntil(lambda: not c.hint_pending, timeout=HANG_GUARD_MS)
    assert marked[-1] in c.view().legal and marked[-1].verb == "discard"


def test_a_game_without_a_hard_level_hints_with_its_normal_player_at_once(qtbot, window, monkeypatch):
    from cekidesk.ui.adapters import controller as controller_module

    monkeypatch.setattr(controller_module, "bot_levels", lambda game_id: ["beginner", "normal"])
    w = window
    c = w.controller
    put_on(w, 5, False, lambda i: CountingBot(i, "ceki"))
    m = c.match
    expected = make_bot("ceki", "normal", c.human_seat).decide(
        c.view(), random.Random(f"hint:{m.seed}:{len(m.logs[-1])}"))
    got = []
    c.hintReady.connect(got.append)
    assert c.hint_level() == "normal" and c.request_hint()
    assert got == [expected] and not c.hint_pending      # answered at once, on this thread
    assert c._process.pid is None                        # no bot process was needed
