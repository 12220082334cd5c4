"""Random playouts of a CekiDesk game beside RLCard's mahjong, in one run (a measurement, not a test).

Issue 12 asks Kartu Lima's random playouts to be at least 100 times as many a second as RLCard's
mahjong engine's, issue 13 Balik Satu's at least 10 times at 4 players (and measured at 14).  Both are
timed in the same process, alternately, for ``--seconds`` each, ``--rounds`` times: RLCard's mahjong
environment (``rlcard.make("mahjong")``) playing whole games with its own random agents (``env.run``),
and the CekiDesk game's hands played out by uniformly random legal moves on the fast path
(``apply_unchecked``) from new hands, at each player count of ``--players`` in turn.  It prints games
(hands) and decisions a second for each and their ratio.

RLCard is not a dependency of CekiDesk: it is installed only to run this script, in an environment of
its own (it needs numpy; the CekiDesk engine needs pydantic and platformdirs, no Qt)::

    python3 -m venv /tmp/rlcard && /tmp/rlcard/bin/pip install rlcard pydantic platformdirs
    PYTHONPATH=. /tmp/rlcard/bin/python bench/rlcard_compare.py --game kartu-lima [--players 5]
    PYTHONPATH=. /tmp/rlcard/bin/python bench/rlcard_compare.py --game balik-satu --players 4 14
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cekidesk.games import get_game  # noqa: E402


def time_rlcard(seconds: float, seed: int) -> tuple[int, int, float]:
    """RLCard mahjong games played by its random agents: (games, decisions, seconds)."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        trajectories, _ = env.run(is_training=False)
        games += 1
        # a trajectory alternates state, action, state, …: its actions are the player's decisions
        decisions += sum(len(t) // 2 for t in trajectories)
    return games, decisions, time.perf_counter() - start


def time_cekidesk(game_id: str, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Hands of ``game_id`` played out by uniformly random legal moves: (hands, decisions, seconds)."""
    spec = get_game(game_id)
    options = spec.make_options({})
    rng = random.Random(seed)
    hands = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = spec.new_hand(options, players, rng.getrandbits(32), 0)
        while not state.is_terminal():
            p = state.to_act()[0]
            legal = state.legal_actions(p)
            state.apply_unchecked(legal[rng.randrange(len(legal))] if legal else
                                  next(r.action(p, r.lo) for r in state.legal_ranges(p)))
            decisions += 1
        hands += 1
    return hands, decisions, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kartu-lima")
    ap.add_argument("--players", type=int, nargs="+", default=None,
                    help="one or more player counts, each timed in every round (default: the game's)")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    counts = args.players or [get_game(args.game).default_players]
    print(f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for r in range(args.rounds):
        g, d, s = time_rlcard(args.seconds, args.seed + r)
        print(f"round {r + 1}: RLCard mahjong {g / s:8.1f} games/s, {d / s:9.0f} decisions/s")
        for players in counts:
            h, e, t = time_cekidesk(args.game, players, args.seconds, args.seed + r)
            print(f"         {args.game} ({players} players) {h / t:8.1f} hands/s, {e / t:9.0f} decisions/s;  "
                  f"ratio {h / t / (g / s):6.1f}x a game, {e / t / (d / s):5.1f}x a decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
