"""What a searching level's own moves are worth against a table of Normal players (a measurement,
not a test).

The arena (``cekidesk-sim --arena``) says who wins, but a searching level plays the heuristic's move
most of the time, and a Ceki hand is mostly luck, so a few hundred deals cannot show a small edge.
This script looks only at the decisions where the level *deviates* from Normal, and judges each one
by the truth instead of by the level's own imagined deals:

* it plays hands with Normal in every seat (deals ``--seed`` on); at every decision of seat 0 that is
  a choice it also asks the level (a real bot of the level, shown every view of seat 0, so the
  Expert's evidence works as at the table) and notes when the level's move differs;
* each difference is judged on the *real* state: both moves are played out ``--rollouts`` times by
  Normal players in every seat, each time with the cards that nobody at the table can see (the
  stock) shuffled anew, the same shuffles for both moves; the gain is the mean difference of seat
  0's utility (the game's search utility: Ceki's money at a stake of one per point);
* the hands go on with Normal's move, so every level is judged on the same positions.

It prints the decisions, the deviations, the mean gain per deviation with its standard error, and
the gain per decision (the sum of the gains over all decisions): positive means the level's own
choices beat Normal's against a Normal table.  The figures depend only on the flags, not on the
machine.  Normal players must be cheap for this to be quick: a run of 40 Ceki hands with 300
rollouts takes 2–4 minutes on the reference machine; Pèi's hands are far longer.

Run from the repository root::

    python3 bench/search_gain.py --game ceki --level expert [--budget 0.3] [--hands 40]
                                 [--rollouts 300] [--confidence 1.5] [--keep 8] [--seed 1000]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from cekidesk.bots import make_bot  # noqa: E402
from cekidesk.engine import hidden  # noqa: E402
from cekidesk.engine.core import Action, GameState  # noqa: E402
from cekidesk.engine.search import default_utility  # noqa: E402
from cekidesk.games import get_game  # noqa: E402


def unseen_by_all(state: GameState) -> list[hidden.Slot]:
    """The places whose card no player can see (the stock), as slots of ``state``."""
    common: set[tuple[int, int]] | None = None
    for viewer in range(state.n_players):
        ids = {(id(place), i) for place, i in state.hidden_slots(viewer)}
        common = ids if common is None else common & ids
    return [(place, i) for place, i in state.hidden_slots(0) if (id(place), i) in (common or set())]


def rollout(state: GameState, move: Action, seat: int, seed: int, game_id: str, utility) -> float:
    """Seat ``seat``'s utility after ``move`` and Normal play to the end, the stock shuffled by ``seed``."""
    s = state.clone()
    hidden.redeal(unseen_by_all(s), random.Random(seed))
    s.apply_unchecked(move)
    bots = [make_bot(game_id, "normal", p) for p in range(s.n_players)]
    rng = random.Random(seed)
    while not s.is_terminal():
        p = s.to_act()[0]
        s.apply_unchecked(bots[p].choose(s.view(p), rng))
    return utility(s.result(), seat)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="ceki")
    ap.add_argument("--level", default="hard", help="the level to judge (hard, expert)")
    ap.add_argument("--budget", type=float, default=None, help="its budget in seconds (default: the level's)")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--rollouts", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--confidence", type=float, default=None, help="override the level's margin")
    ap.add_argument("--keep", type=int, default=None, help="override the level's candidate count")
    args = ap.parse_args(argv)
    spec = get_game(args.game)
    n = args.players or spec.default_players
    opts = spec.make_options({})
    utility = (spec.search.utility if spec.search else None) or default_utility
    gains: list[float] = []
    decisions = 0
    start = time.perf_counter()
    for h in range(args.hands):
        state = spec.new_hand(opts, n, args.seed + h)
        level = make_bot(args.game, args.level, 0, budget=args.budget)
        if args.confidence is not None:
            level.CONFIDENCE = args.confidence
        if args.keep is not None:
            level.KEEP = args.keep
        normal = [make_bot(args.game, "normal", p) for p in range(n)]
        rng = random.Random(h)
        while not state.is_terminal():
            p = state.to_act()[0]
            view = state.view(p)
            move = normal[p].choose(view, rng)
            if p == 0:
                mine = level.choose(view, rng)
                if len(view.legal) > 1:
                    decisions += 1
                    if mine != move:
                        diffs = [rollout(state, mine, 0, i, args.game, utility)
                                 - rollout(state, move, 0, i, args.game, utility) for i in range(args.rollouts)]
                        gains.append(statistics.mean(diffs))
            state.apply(move)
        print(f"hand {h + 1}/{args.hands}: {decisions} decisions, {len(gains)} deviations", file=sys.stderr)
    mean = statistics.mean(gains) if gains else 0.0
    se = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else float("nan")
    print(f"game {args.game}, level {args.level}, budget {args.budget or 'default'} s, "
          f"confidence {args.confidence or 'default'}, keep {args.keep or 'default'}, "
          f"{args.hands} hands from seed {args.seed}, {args.rollouts} rollouts")
    print(f"decisions {decisions}, deviations {len(gains)}, gain per deviation {mean:+.2f} ± {se:.2f} (1 s.e.), "
          f"gain per decision {sum(gains) / max(decisions, 1):+.3f}")
    print(f"{time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
