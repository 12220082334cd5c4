"""How long an undo's rebuild takes (a measurement, not a test): an undo, a redo and "Restart this
deal" rebuild the match from its log.  Before issue 33 that replayed the whole match from its first
deal, so the cost grew with the moves played; ``Match.replayed`` now starts from the start of the
first hand that differs (here: the last one).  For matches of 1, 10, 50 and 200 random hands (or as
many as ``--hands`` lists) of one game, the time of one rebuild of the whole log both ways, the
median of ``--repeat`` runs, with the moves in it.

Run from the repository root::

    python3 bench/undo_speed.py [--game ceki] [--players N] [--hands 1,10,50,200] [--repeat 5]
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

from _machine import add_game_arguments, cpu_model, game_table  # noqa: E402  (bench/ is on sys.path when run as a script)

from cekidesk.engine.match import Match  # noqa: E402
from cekidesk.games import new_match  # noqa: E402


def random_match(game: str, players: int, options: dict, hands: int, seed: int) -> Match:
    """A match of ``hands`` finished hands of random legal moves."""
    m = new_match(game, players, seed, options, match_options={"mode": "hands", "hands": hands})
    rng = random.Random(seed)
    while True:
        if m.hand_over():
            if m.is_over():
                return m
            m.next_hand()
            continue
        legal = m.state.legal_actions(m.state.to_act()[0])
        m.apply(legal[rng.randrange(len(legal))])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_game_arguments(ap)
    ap.add_argument("--hands", default="1,10,50,200", help="match lengths in hands, comma-separated")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    _, players, options, options_line = game_table(args)
    print(f"{platform.platform()}, {cpu_model()}, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{args.game}, {players} players, {options_line}: one undo's rebuild of the whole match "
          f"(median of {args.repeat})")
    for hands in (int(h) for h in args.hands.split(",")):
        m = random_match(args.game, players, options.model_dump(), hands, args.seed)
        moves = sum(len(h) for h in m.logs)
        times, full = [], []
        for _ in range(args.repeat):
            t = time.perf_counter()
            m.replayed(m.logs)
            times.append(time.perf_counter() - t)
            t = time.perf_counter()
            again = Match(m.spec, m.n_players, m.seed, m.options, m.match_options, m.first_deal)
            for hi, hand in enumerate(m.logs):
                if hi:
                    again.next_hand()
                for action in hand:
                    again.apply(action)
            full.append(time.perf_counter() - t)
        print(f"  {hands:4d} hands, {moves:6d} moves: from the hand's start {statistics.median(times) * 1000:8.1f} ms, "
              f"from the first deal {statistics.median(full) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
