"""Engine speed for Ceki on one core (a measurement, not a test).

Measures, each for about ``--seconds`` seconds:

1. random play on the fast path: ``legal_actions`` + a random choice + ``apply_unchecked``, hand after
   hand (decisions per second; the goal is at least 100,000);
2. the same with the checked ``apply`` (turn and legality checks, events);
3. the heuristic bot's decision time (mean and 95th percentile, microseconds), timing ``choose`` only,
   in 4-player hands of one heuristic against three random bots; the cost of building the view
   (``state.view``) is reported separately.

Run from the repository root::

    python3 bench/engine_speed.py [--seconds 3] [--players 4]
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

from cekidesk.bots import make_bot  # noqa: E402
from cekidesk.games.ceki.rules import CekiOptions, new_hand  # noqa: E402


from _machine import cpu_model, random_playout  # noqa: E402  (bench/ is on sys.path when run as a script)


def random_play(seconds: float, players: int, checked: bool) -> tuple[int, int, float]:
    """(decisions, hands, elapsed) of random play for about ``seconds``."""
    options = CekiOptions()
    rng = random.Random(1)
    decisions = hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    while time.perf_counter() < deadline:
        seed += 1
        state = new_hand(options, players, seed, seed % players)
        decisions += random_playout(state, rng, checked)
        hands += 1
    return decisions, hands, time.perf_counter() - start


def heuristic_times(seconds: float, players: int) -> tuple[list[float], list[float]]:
    """Per-decision times (s) of the heuristic's ``choose``, and of ``state.view`` for its seat."""
    options = CekiOptions()
    bots = [make_bot("ceki", "heuristic" if s == 0 else "random", s) for s in range(players)]
    rngs = [random.Random(100 + s) for s in range(players)]
    choose_t: list[float] = []
    view_t: list[float] = []
    clock = time.perf_counter
    deadline = clock() + seconds
    seed = 0
    while clock() < deadline:
        seed += 1
        state = new_hand(options, players, seed, seed % players)
        while not state.is_terminal():
            p = state.current
            if p == 0:
                t0 = clock()
                view = state.view(p)
                t1 = clock()
                action = bots[0].choose(view, rngs[0])
                t2 = clock()
                view_t.append(t1 - t0)
                choose_t.append(t2 - t1)
            else:
                action = bots[p].choose(state.view(p), rngs[p])
            state.apply_unchecked(action)
    return choose_t, view_t


def p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20)[-1] if len(xs) >= 20 else max(xs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    ap.add_argument("--players", type=int, default=4, help="players per hand (default 4)")
    args = ap.parse_args(argv)

    print(f"machine: {platform.platform()}")
    print(f"cpu:     {cpu_model()} ({os.cpu_count()} logical cores; this uses one)")
    print(f"python:  {platform.python_implementation()} {platform.python_version()}")
    print(f"ceki, {args.players} players, ~{args.seconds:g} s per figure")
    print()

    d, h, t = random_play(args.seconds, args.players, checked=False)
    print(f"random play, apply_unchecked: {d / t:>12,.0f} decisions/s  ({d} decisions, {h} hands, "
          f"{d / h:.1f} per hand, {t:.2f} s)  goal >= 100,000: {'met' if d / t >= 100_000 else 'NOT met'}")
    d, h, t = random_play(args.seconds, args.players, checked=True)
    print(f"random play, checked apply:   {d / t:>12,.0f} decisions/s  ({d} decisions, {h} hands, {t:.2f} s)")

    choose_t, view_t = heuristic_times(args.seconds, args.players)
    us = [x * 1e6 for x in choose_t]
    vus = [x * 1e6 for x in view_t]
    print(f"heuristic choose:  mean {statistics.fmean(us):7.1f} us   p95 {p95(us):7.1f} us   "
          f"max {max(us):7.1f} us   ({len(us)} decisions)")
    print(f"state.view(seat):  mean {statistics.fmean(vus):7.1f} us   p95 {p95(vus):7.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
