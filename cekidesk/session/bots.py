"""A computer player's decision as a job for the scheduler's worker.

A bot that searches (``Bot.searches``: Hard, Expert) thinks in the bot process
(:class:`~cekidesk.bots.process.BotProcess`): a search on a thread would hold the interpreter lock
and freeze the window; the worker then only waits for the process's reply (a blocking pipe read
lets the session's thread run), and the bot the process sends back (with its memory) replaces the
seat's.  Other bots think on the worker itself.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from cekidesk.bots.process import BotProcess
from cekidesk.engine.bot import Bot, Decision
from cekidesk.engine.core import View

# the level the hint asks, and the one it falls back to (in-thread) in a game without it
HINT_LEVEL = "hard"
HINT_FALLBACK = "normal"


@dataclass(frozen=True)
class BotAnswer:
    """What a :class:`BotTask` found: ``decision`` and the bot after it (None: the seat's bot is
    unchanged), or ``error`` (a text for the log), or ``cancelled`` (drop it)."""

    token: int
    seat: int
    decision: Decision | None = None
    bot: Bot | None = None
    error: str = ""
    cancelled: bool = False


class BotTask:
    """One bot decision, run by the scheduler's worker as a plain callable (nothing of it is kept
    once it has run: it holds a view and a random generator).  With a ``process`` (a searching bot)
    the worker only waits for the bot process's reply."""

    def __init__(self, token: int, seat: int, bot: Bot, view: View, rng: random.Random,
                 process: BotProcess | None = None, job: int = 0):
        self.token, self.seat, self.bot, self.view, self.rng = token, seat, bot, view, rng
        self.process, self.job = process, job

    def __call__(self) -> BotAnswer:  # worker thread: touches only its own arguments
        if self.process is not None:
            reply = self.process.run(self.job, self.bot, self.view, self.rng)
            if reply.cancelled:
                return BotAnswer(self.token, self.seat, cancelled=True)
            if reply.decision is None:
                return BotAnswer(self.token, self.seat, error=reply.error)
            return BotAnswer(self.token, self.seat, reply.decision, reply.bot)
        try:
            decision = Decision(self.bot.choose(self.view, self.rng))
        except Exception as exc:  # a bot bug must not take the app down
            return BotAnswer(self.token, self.seat, error=f"{type(exc).__name__}: {exc}")
        return BotAnswer(self.token, self.seat, decision)


__all__ = ["HINT_FALLBACK", "HINT_LEVEL", "BotAnswer", "BotTask"]
