"""A level's share of the hands against uniformly random players (a measurement, not a test).

``cekidesk-sim`` names its weakest players by level (``random`` is read as ``beginner``, which plays
the game's playout policy); this puts the random bot (every legal decision alike, bets included) in
every seat but seat 0 and prints the share of hands seat 0 wins beside a fair share (1 / players).

Run from the repository root::

    python3 bench/vs_random.py --game kartu-lima [--level normal] [--players 5] [--hands 4000] [--seed 5]
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from _machine import add_game_arguments, game_table  # noqa: E402  (bench/ is on sys.path when run as a script)

from cekidesk.bots import make_bot  # noqa: E402
from cekidesk.bots.random_bot import RandomBot  # noqa: E402
from cekidesk.engine.match import Match, MatchOptions  # noqa: E402


def share(spec, players: int, options, level: str, hands: int, seed: int) -> tuple[int, int]:
    """(hands seat 0 won, seat 0's money in cents) over ``hands`` hands of one money match."""
    match = Match(spec, players, seed, options, MatchOptions(mode="money"))
    bots = [make_bot(spec.id, level, 0)] + [RandomBot(seat=p, game_id=spec.id) for p in range(1, players)]
    rngs = [random.Random(seed * 100 + p) for p in range(players)]
    won = 0
    for hand in range(hands):
        if hand:
            match.next_hand()
        while not match.hand_over():
            p = match.state.to_act()[0]
            match.apply(bots[p].choose(match.state.view(p), rngs[p]))
        won += 0 in match.history[-1].result.winners
    return won, match.ledger[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_game_arguments(ap)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--hands", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    spec, players, options, shown = game_table(args)
    won, money = share(spec, players, options, args.level, args.hands, args.seed)
    print(f"{spec.id}, {players} players, {args.hands} hands, seed {args.seed}; options: {shown}")
    print(f"{args.level} in seat 0 against random players: {won} hands won ({100 * won / args.hands:.1f}%; "
          f"a fair share {100 / players:.1f}%), money {money:+d}")


if __name__ == "__main__":
    main()
