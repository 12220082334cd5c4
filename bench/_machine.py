"""What machine a benchmark ran on, and a random playout (shared by the bench scripts)."""
from __future__ import annotations

import platform
import random
from typing import Any


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def random_playout(state: Any, rng: random.Random, checked: bool = False) -> int:
    """Play ``state`` to its end with random legal moves (checked ``apply`` or the fast path);
    returns the number of decisions."""
    apply = state.apply if checked else state.apply_unchecked
    legal_actions = state.legal_actions
    decisions = 0
    while not state.is_terminal():
        acts = legal_actions(state.to_act()[0])
        apply(acts[rng.randrange(len(acts))])
        decisions += 1
    return decisions


def play_for_the_person(controller: Any, bot: Any, rng: random.Random) -> None:
    """Play the person's seat of a window's game with ``bot``'s choices, as a click would: whenever
    the controller waits for the person (its ``thinking`` signal with seat −1), the bot's choice is
    played from the event loop.  The window needs exactly one person at the table, so a bench that
    watches computer players play seats one and lets this play it."""
    from PySide6.QtCore import QTimer

    def play(seat: int) -> None:
        if seat < 0 and controller.waiting_for_human():
            controller.play(bot.choose(controller.view(), rng))

    controller.thinking.connect(lambda seat: QTimer.singleShot(0, lambda: play(seat)))
