"""A long session keeps nothing per move: the controller's finished bot tasks (each holding a view
and a random generator) are let go (issue 9, item 10)."""
from __future__ import annotations

import gc

from cekidesk.persistence.saves import Seat
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.controller import GameController, _BotTask

guard_none_refcount()


def test_finished_bot_tasks_are_released(qtbot):
    c = GameController(pace_ms=0, autosave=False)
    c.new_match("pei", [Seat.bot("heuristic", "A"), Seat.bot("random", "B"), Seat.bot("random", "C")],
                4, match_options={"mode": "hands", "hands": 2})
    for _ in range(2):
        qtbot.waitUntil(lambda: c.match.hand_over(), timeout=60_000)
        c.next_hand()
    moves = sum(len(log) for log in c.match.logs)
    gc.collect()
    alive = [o for o in gc.get_objects() if isinstance(o, _BotTask)]
    assert moves > 150 and len(alive) <= 1
    c.stop()
