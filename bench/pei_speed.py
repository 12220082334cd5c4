"""Engine speed for Pèi on one core (a measurement, not a test).

Measures, each for about ``--seconds`` seconds:

1. random playouts on the fast path (``legal_actions`` + a random choice + ``apply_unchecked``),
   hand after hand: playouts (whole hands) and decisions per second;
2. the same from a ``clone()`` of a mid-hand state, as a searching bot would do;
3. the same with the checked ``apply`` (turn and legality checks, events);
4. the cost of ``state.view(seat)`` and of ``determinize(view, rng)``.

Run from the repository root::

    python3 bench/pei_speed.py [--seconds 3] [--variant javanese]
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cekidesk.games.pei.rules import PeiOptions, PeiState, determinize  # noqa: E402

from _machine import cpu_model, random_playout  # noqa: E402  (bench/ is on sys.path when run as a script)


def playouts(seconds: float, options: PeiOptions, checked: bool, from_clone: bool) -> tuple[int, int, float]:
    """(decisions, hands, elapsed) of random play for about ``seconds``."""
    rng = random.Random(1)
    decisions = hands = 0
    base = PeiState(3, options, 99)
    for _ in range(40):  # a mid-hand state to clone from
        acts = base.legal_actions(base.current)
        base.apply_unchecked(acts[rng.randrange(len(acts))])
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    while time.perf_counter() < deadline:
        seed += 1
        state = base.clone() if from_clone else PeiState(3, options, seed)
        decisions += random_playout(state, rng, checked)
        state.result()
        hands += 1
    return decisions, hands, time.perf_counter() - start


def per_call(seconds: float, options: PeiOptions, what: str) -> tuple[float, int]:
    """Mean microseconds of ``view`` or ``determinize`` at random points of random hands."""
    rng = random.Random(2)
    total = 0.0
    calls = 0
    deadline = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < deadline:
        seed += 1
        state = PeiState(3, options, seed)
        while not state.is_terminal():
            p = state.current
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
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    ap.add_argument("--variant", default="javanese", choices=["javanese", "la_peche", "magelang"])
    args = ap.parse_args(argv)
    options = PeiOptions(variant=args.variant)

    print(f"machine: {platform.platform()}")
    print(f"cpu:     {cpu_model()} ({os.cpu_count()} logical cores; this uses one)")
    print(f"python:  {platform.python_implementation()} {platform.python_version()}")
    print(f"pei ({args.variant}), 3 players, ~{args.seconds:g} s per figure")
    print()
    for label, checked, clone in (("new hands, apply_unchecked", False, False),
                                  ("from a clone, apply_unchecked", False, True),
                                  ("new hands, checked apply", True, False)):
        d, h, t = playouts(args.seconds, options, checked, clone)
        print(f"{label:<31} {h / t:>9,.0f} playouts/s  {d / t:>11,.0f} decisions/s  "
              f"({h} hands, {d / h:.1f} decisions per hand, {t:.2f} s)")
    us, n = per_call(args.seconds, options, "view")
    print(f"state.view(seat):        mean {us:7.1f} us  ({n} calls)")
    us, n = per_call(args.seconds, options, "determinize")
    print(f"determinize(view, rng):  mean {us:7.1f} us  ({n} calls)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
