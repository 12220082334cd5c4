"""Computer players playing hands among themselves, headless: what ``cekidesk-sim``'s simulator
(:mod:`cekidesk.sim`) and its arena (:mod:`cekidesk.arena`) share (no Qt).

Kept apart from both so that neither imports the other: the command line (``cekidesk.sim``) uses
the arena, and both play hands the same way and draw the same progress bar.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TextIO

from pydantic import BaseModel

from cekidesk.engine.core import Action, AnyGame, View
from cekidesk.engine.match import Match

#: a hand that has not ended after this many decisions is reported as stuck; a game that bounds its
#: hands (``Game.max_hand_actions``) is held to its own, smaller bound: a longer hand is a bug
MAX_DECISIONS_PER_HAND = 100_000


class StuckHandError(RuntimeError):
    """A hand did not end within the game's bound or :data:`MAX_DECISIONS_PER_HAND` decisions."""


def hand_limit(spec: AnyGame, n_players: int, options: BaseModel) -> int:
    """The most decisions a hand of ``spec`` may take before it counts as stuck."""
    bound = spec.max_hand_actions(n_players, options)
    return MAX_DECISIONS_PER_HAND if bound is None else min(MAX_DECISIONS_PER_HAND, bound)


def play_hand(match: Match, decide: Callable[[int, View], Action], limit: int, label: str) -> int:
    """Play the match's current hand to its end, asking ``decide(seat, view)`` for every move;
    return the number of decisions.  Raises :class:`StuckHandError` (naming the hand by ``label``)
    after ``limit`` decisions."""
    state = match.state
    decisions = 0
    while not state.is_terminal():
        if decisions >= limit:
            raise StuckHandError(f"{label} did not end after {limit} decisions")
        # everyone who must act now acts, in seat order (several at once: a simultaneous
        # decision, each choosing from their own view)
        for p in sorted(state.to_act()):
            if p in state.to_act():
                match.apply(decide(p, state.view(p)))
                decisions += 1
    return decisions


def options_text(options: Mapping[str, object]) -> str:
    """A game's options for a report: ``key=value`` in key order, booleans as true/false."""
    def text(v: object) -> str:
        if isinstance(v, dict):      # a table of values (Ce Pe's effects): its size, not its contents
            return f"({len(v)} entries)"
        return ("true" if v else "false") if isinstance(v, bool) else str(v)
    return ", ".join(f"{k}={text(v)}" for k, v in sorted(options.items())) or "none"


class Progress:
    """A one-line progress bar on a stream (standard error), redrawn at most ~10 times a second;
    a stream of None draws nothing."""

    def __init__(self, stream: TextIO | None, total: int):
        self.stream, self.total = stream, total
        self.last = 0.0

    def update(self, done: int) -> None:
        if self.stream is None:
            return
        now = time.monotonic()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // self.total
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} hands")
        self.stream.flush()

    def close(self) -> None:
        if self.stream is not None:
            self.stream.write("\n")
            self.stream.flush()
