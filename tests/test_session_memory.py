"""A long session keeps nothing per move: the controller's finished bot tasks (each holding a view
and a random generator) are let go (issue 9, item 10)."""
from __future__ import annotations

import gc
import random

from PySide6.QtCore import QTimer
from waiting import HANG_GUARD_MS

from cekidesk.bots import make_bot
from cekidesk.persistence.saves import Seat
from cekidesk.ui.adapters.controller import GameController, _BotTask
from cekidesk.ui.app import guard_none_refcount

guard_none_refcount()


def test_finished_bot_tasks_are_released(qtbot):
    c = GameController(pace_ms=0, autosave=False)
    person = make_bot("pei", "beginner", 0)
    rng = random.Random(4)

    def play_for_the_person(seat: int) -> None:
        if seat < 0 and c.waiting_for_human():
            QTimer.singleShot(0, lambda: c.play(person.choose(c.view(), rng)))

    c.thinking.connect(play_for_the_person)
    c.new_match("pei", [Seat.human("A"), Seat.bot("beginner", "B"), Seat.bot("normal", "C")],
                4, match_options={"mode": "hands", "hands": 2})
    for _ in range(2):
        qtbot.waitUntil(lambda: c.match.hand_over(), timeout=HANG_GUARD_MS)
        c.next_hand()
    moves = sum(len(log) for log in c.match.logs)
    gc.collect()
    alive = [o for o in gc.get_objects() if isinstance(o, _BotTask)]
    assert moves > 150 and len(alive) <= 1
    c.stop()
