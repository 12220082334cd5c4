"""Engine speed of one game on one core (a measurement, not a test).

Measures, each for about ``--seconds`` seconds, for the game ``--game`` (any registered game):

1. random playouts on the fast path (``legal_actions`` + a random choice + ``apply_unchecked``),
   hand after hand: playouts (whole hands) and decisions per second — the goal is at least 100,000
   decisions per second;
2. the same from a ``clone()`` of a mid-hand state, as a searching bot would do;
3. the same with the checked ``apply`` (turn and legality checks, events);
4. the game's own computer player (its first level in ``GameSpec.bots``): ``choose`` only, mean, 95th
   percentile and maximum in microseconds, in hands of it (seat 0) against random players;
5. the cost of ``state.view(seat)`` and of ``determinize(view, rng)`` at random points of random hands.

Run from the repository root::

    python3 bench/engine_speed.py [--game <id>] [--seconds 3] [--players 4] [--options key=value]
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from _machine import add_game_arguments, cpu_model, game_table, p95, random_playout  # noqa: E402  (bench/ is on sys.path when run as a script)
from pydantic import BaseModel  # noqa: E402

from cekidesk.bots import make_bot  # noqa: E402
from cekidesk.engine.core import GameSpec, GameState  # noqa: E402


def _hand(spec: GameSpec, options: BaseModel, players: int, seed: int) -> GameState:
    return spec.new_hand(options, players, seed, seed % players)


def playouts(spec: GameSpec, options: BaseModel, players: int, seconds: float, checked: bool,
             from_clone: bool) -> tuple[int, int, float]:
    """(decisions, hands, elapsed) of random play for about ``seconds``."""
    rng = random.Random(1)
    decisions = hands = 0
    base = _hand(spec, options, players, 99)
    length = random_playout(base.clone(), random.Random(1))
    for _ in range(min(40, length // 2)):  # a mid-hand state to clone from (short hands: halfway)
        acts = base.legal_actions(base.to_act()[0])
        base.apply_unchecked(acts[rng.randrange(len(acts))])
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    while time.perf_counter() < deadline:
        seed += 1
        state = base.clone() if from_clone else _hand(spec, options, players, seed)
        decisions += random_playout(state, rng, checked)
        state.result()
        hands += 1
    return decisions, hands, time.perf_counter() - start


def bot_times(spec: GameSpec, options: BaseModel, players: int, seconds: float) -> tuple[str, list[float]]:
    """The game's own bot level and its per-decision ``choose`` times (s) in seat 0."""
    level = spec.bots[0].level if spec.bots else "random"
    bots = [make_bot(spec.id, level if s == 0 else "random", s) for s in range(players)]
    rngs = [random.Random(100 + s) for s in range(players)]
    times: list[float] = []
    clock = time.perf_counter
    deadline = clock() + seconds
    seed = 0
    while clock() < deadline:
        seed += 1
        state = _hand(spec, options, players, seed)
        while not state.is_terminal():
            p = state.to_act()[0]
            view = state.view(p)
            t0 = clock()
            action = bots[p].choose(view, rngs[p])
            if p == 0:
                times.append(clock() - t0)
            state.apply_unchecked(action)
    return level, times


def per_call(spec: GameSpec, options: BaseModel, players: int, seconds: float, what: str) -> tuple[float, int]:
    """Mean microseconds of ``view`` or ``determinize`` at random points of random hands."""
    rng = random.Random(2)
    determinize = spec.state_type.determinize
    total = 0.0
    calls = 0
    deadline = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < deadline:
        seed += 1
        state = _hand(spec, options, players, seed)
        while not state.is_terminal():
            p = state.to_act()[0]
            if what == "view":
                t0 = time.perf_counter()
                state.view(p)
                total += time.perf_counter() - t0
            else:
                v = state.view(p)
                t0 = time.perf_counter()
                determinize(v, rng)
                total += time.perf_counter() - t0
            calls += 1
            acts = state.legal_actions(p)
            state.apply_unchecked(acts[rng.randrange(len(acts))])
    return total / calls * 1e6, calls


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_game_arguments(ap)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    args = ap.parse_args(argv)
    spec, players, options, shown = game_table(args)

    print(f"machine: {platform.platform()}")
    print(f"cpu:     {cpu_model()} ({os.cpu_count()} logical cores; this uses one)")
    print(f"python:  {platform.python_implementation()} {platform.python_version()}")
    print(f"{spec.id}, {players} players, ~{args.seconds:g} s per figure; options: {shown}")
    print()
    for label, checked, clone in (("new hands, apply_unchecked", False, False),
                                  ("from a clone, apply_unchecked", False, True),
                                  ("new hands, checked apply", True, False)):
        d, h, t = playouts(spec, options, players, args.seconds, checked, clone)
        goal = f"  goal >= 100,000: {'met' if d / t >= 100_000 else 'NOT met'}" if label.startswith("new hands, a") else ""
        print(f"{label:<31} {h / t:>9,.0f} playouts/s  {d / t:>11,.0f} decisions/s  "
              f"({h} hands, {d / h:.1f} decisions per hand, {t:.2f} s){goal}")
    level, times = bot_times(spec, options, players, args.seconds)
    us = [x * 1e6 for x in times]
    print(f"{level} choose:   mean {statistics.fmean(us):7.1f} us   p95 {p95(us):7.1f} us   "
          f"max {max(us):7.1f} us   ({len(us)} decisions)")
    us_view, n = per_call(spec, options, players, args.seconds, "view")
    print(f"state.view(seat):        mean {us_view:7.1f} us  ({n} calls)")
    us_det, n = per_call(spec, options, players, args.seconds, "determinize")
    print(f"determinize(view, rng):  mean {us_det:7.1f} us  ({n} calls)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
