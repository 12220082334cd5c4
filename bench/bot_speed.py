"""Decision time of each computer-player level of one game (a measurement, not a test).

For each level (``--levels``, default every level the game offers) it plays hands with that level in
every seat — ``--hands`` hands, ``--search-hands`` for the levels that search (Hard, Expert) — from
deal ``--seed`` on, each seat with the simulator's RNG for the seed, and times on the wall clock
every decision that is a choice (more than one legal action): ``Bot.decide``, what the window asks.
Searching bots think in this process at their level's default budget (``--budget`` sets another).
It prints the 50th and 95th percentile, the maximum and the mean in milliseconds; the 95th
percentile of the same decisions in CPU time, which other programs' load does not stretch (on a
busy machine the wall clock's tail is mostly waiting for a core); and the issue's goal for the 95th
percentile: Beginner and Normal ≤ 5 ms (Pèi's Normal aiming at ≤ 2 ms), Hard ≤ 0.35 s, Expert
≤ 1.1 s.

``--old REV`` also times the Normal bot of git revision ``REV`` on the same positions as today's
(each position that today's Normal decides, in the same run): the module of the game's Normal bot
is read from ``git show REV:<path>`` and imported beside today's, in the same package, so that
it uses today's rules and engine.  The row counts the decisions in which the two differ.

Run from the repository root::

    python3 bench/bot_speed.py --game pei [--levels normal,hard] [--hands 20] [--search-hands 2]
                               [--seed 1] [--old REV] [--budget 0.3] [--options key=value]
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, REPO)

from _machine import add_game_arguments, cpu_model, game_table, p95  # noqa: E402  (bench/ is on sys.path when run as a script)
from pydantic import BaseModel  # noqa: E402

from cekidesk.bots import bot_levels, make_bot  # noqa: E402
from cekidesk.engine.bot import Bot  # noqa: E402
from cekidesk.engine.core import Action, GameSpec, View  # noqa: E402
from cekidesk.sim import seat_rng  # noqa: E402

#: the issue's goals for the 95th percentile of a decision, in seconds (and the aim for Pèi's Normal)
GOALS = {"beginner": 0.005, "normal": 0.005, "hard": 0.35, "expert": 1.1}
AIMS = {("pei", "normal"): 0.002}


@dataclass
class Shadow:
    """Another bot per seat, asked at the same positions and timed (its moves are not played)."""

    label: str
    bots: list[Bot]
    times: list[tuple[float, float]] = field(default_factory=list)
    differ: int = 0   # positions where it chooses another move

    def ask(self, view: View, rng: random.Random, played: object) -> None:
        action, took = timed(self.bots[view.viewer], view, rng)
        self.times.append(took)
        self.differ += action != played


def timed(bot: Bot, view: View, rng: random.Random) -> tuple[Action, tuple[float, float]]:
    """``bot``'s move and how long it took: (wall clock, this process's CPU time) in seconds."""
    w0, c0 = time.perf_counter(), time.process_time()
    action = bot.decide(view, rng).action
    return action, (time.perf_counter() - w0, time.process_time() - c0)


def play(spec: GameSpec, options: BaseModel, players: int, bots: list[Bot], hands: int, seed: int,
         shadow: Shadow | None = None) -> list[tuple[float, float]]:
    """The decision times (:func:`timed`) of ``bots`` over ``hands`` hands dealt from ``seed`` on;
    ``shadow``'s bots are timed at the same positions (their moves are not played)."""
    times: list[tuple[float, float]] = []
    for hand in range(hands):
        deal = seed + hand
        state = spec.new_hand(options, players, deal, deal % players)
        rngs = [seat_rng(deal, s) for s in range(players)]
        shadow_rngs = [seat_rng(deal, s) for s in range(players)]
        while not state.is_terminal():
            p = state.to_act()[0]
            view = state.view(p)
            action, took = timed(bots[p], view, rngs[p])
            if _is_choice(view):
                times.append(took)
                if shadow is not None:
                    shadow.ask(view, shadow_rngs[p], action)
            state.apply(action)
    return times


def _is_choice(view: View) -> bool:
    return len(view.legal) + len(view.ranges) > 1


def old_bot_class(cls: type[Bot], rev: str) -> type[Bot]:
    """Class ``cls`` as its module was in git revision ``rev``, imported beside today's module in
    the same package (its relative imports find today's code)."""
    module = sys.modules[cls.__module__]
    path = os.path.relpath(module.__file__ or "", REPO)
    source = subprocess.run(["git", "-C", REPO, "show", f"{rev}:{path}"], check=True,
                            capture_output=True, text=True).stdout
    name = f"{module.__package__}._bench_old_{abs(hash(rev))}"
    spec = importlib.util.spec_from_loader(name, loader=None, origin=f"{rev}:{path}")
    assert spec is not None
    old = importlib.util.module_from_spec(spec)
    old.__package__ = module.__package__
    sys.modules[name] = old   # dataclasses look their module up while the source runs
    exec(compile(source, f"{rev}:{path}", "exec"), old.__dict__)
    return getattr(old, cls.__name__)


def row(label: str, hands: int | str, times: list[tuple[float, float]], goal: str) -> str:
    if not times:
        return f"{label:<14} {hands:>5} {0:>9}   (no decision with a choice)"
    ms = [w * 1e3 for w, _ in times]
    cpu = [c * 1e3 for _, c in times]
    return (f"{label:<14} {hands:>5} {len(ms):>9} {statistics.median(ms):>9.3f} {p95(ms):>9.3f} "
            f"{max(ms):>9.3f} {statistics.fmean(ms):>9.3f} {p95(cpu):>9.3f}   {goal}")


def goal_text(game: str, level: str, times: list[tuple[float, float]]) -> str:
    """The goal for the wall clock's 95th percentile, met or not."""
    goal = GOALS.get(level)
    if goal is None or not times:
        return ""
    q = p95([w for w, _ in times])
    text = f"p95 <= {_fmt(goal)}: {'met' if q <= goal else 'NOT met'}"
    aim = AIMS.get((game, level))
    if aim is not None:
        text += f"; aim <= {_fmt(aim)}: {'met' if q <= aim else 'not met'}"
    return text


def _fmt(seconds: float) -> str:
    return f"{seconds * 1e3:g} ms" if seconds < 0.1 else f"{seconds:g} s"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_game_arguments(ap)
    ap.add_argument("--levels", default=None, help="levels, comma-separated (default: every level of the game)")
    ap.add_argument("--hands", type=int, default=20, help="hands per level that does not search (default 20)")
    ap.add_argument("--search-hands", type=int, default=2, help="hands per searching level (default 2)")
    ap.add_argument("--seed", type=int, default=1, help="the first deal (default 1)")
    ap.add_argument("--budget", type=float, default=None, help="searching bots' budget in seconds "
                    "(default: their level's)")
    ap.add_argument("--old", metavar="REV", help="also time the Normal bot of git revision REV")
    args = ap.parse_args(argv)
    spec, players, options, shown = game_table(args)
    offered = bot_levels(spec.id)
    levels = args.levels.split(",") if args.levels else offered
    unknown = [lv for lv in levels if lv not in offered]
    if unknown:
        ap.error(f"{spec.id} has no level {', '.join(unknown)} (levels: {', '.join(offered)})")

    print(f"machine: {platform.platform()}")
    print(f"cpu:     {cpu_model()} ({os.cpu_count()} logical cores; this uses one); "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"python:  {platform.python_implementation()} {platform.python_version()}")
    print(f"{spec.id}, {players} players, every seat the level, deals from {args.seed}; "
          f"options: {shown}")
    print("decisions with a choice (more than one legal action), Bot.decide, milliseconds on the wall clock;")
    print("cpu p95: the same decisions in this process's CPU time (other programs' load stretches it less)")
    print()
    print(f"{'level':<14} {'hands':>5} {'decisions':>9} {'p50':>9} {'p95':>9} {'max':>9} {'mean':>9} "
          f"{'cpu p95':>9}   goal (wall p95)")
    for level in levels:
        bots = [make_bot(spec.id, level, s, budget=args.budget) for s in range(players)]
        hands = args.search_hands if bots[0].searches else args.hands
        shadow: Shadow | None = None
        if args.old and level == "normal":
            cls = old_bot_class(type(bots[0]), args.old)
            shadow = Shadow(f"normal@{args.old}", [cls(seat=s, game_id=spec.id) for s in range(players)])
        times = play(spec, options, players, bots, hands, args.seed, shadow)
        print(row(level, hands, times, goal_text(spec.id, level, times)), flush=True)
        if shadow is not None:
            print(row(shadow.label[:14], "same", shadow.times,
                      f"the same positions; {shadow.differ} of {len(shadow.times)} decisions differ"),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
