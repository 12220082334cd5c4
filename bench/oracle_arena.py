"""How much better than Normal could any searching player be?  An arena against an oracle (a
measurement, not a test).

``cekidesk-sim --arena`` shows whether Hard beats Normal; when it does not, is the search too weak, or
is there little to gain?  This script seats the Hard player in half-and-half tables against Normal
(the arena's own deals, line-ups and statistics) but lets its search *cheat*: its imagined deals are
not guessed from its view, they are the real state —

* ``--sees hands``: every player's hand as it really is; the cards nobody can see (the stock) are
  shuffled anew for every imagined deal, as chance would deal them;
* ``--sees all``: the real state itself, the order of the stock included (a player who knows the
  future draws);

and with ``--playout normal`` its playouts are played by the game's Normal player in every seat —
the very player it meets at the table — instead of the fast playout policy.  A fair player knows less
and models the others worse, so what such an oracle wins is more than any fair search of the same
shape (the heuristic's best few moves, played out) can win; if even the oracle is level with Normal,
the game leaves little to gain over Normal.

Run from the repository root (``--budget-scale`` as in the arena; Normal playouts cost far more time
per counted move, so use a small scale with them)::

    python3 bench/oracle_arena.py --game ceki --sees all --playout normal --deals 100 --budget-scale 0.02
    python3 bench/oracle_arena.py --game ceki --sees hands --deals 60
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from search_gain import unseen_by_all  # noqa: E402  (bench/ is on sys.path when run as a script)

from cekidesk import arena  # noqa: E402
from cekidesk.bots import levels, make_bot  # noqa: E402
from cekidesk.engine import hidden  # noqa: E402
from cekidesk.engine.core import GameState, View  # noqa: E402
from cekidesk.games import get_game  # noqa: E402

_REAL: dict[str, GameState] = {}   # the state of the hand being played, for the oracle


def _watch_the_table() -> None:
    """Let the arena's hands tell the oracle the real state before every decision."""
    play_hand = arena.play_hand

    def watched(match, decide, limit, label):
        def decide_seeing(seat, view):
            _REAL["state"] = match.state
            return decide(seat, view)
        return play_hand(match, decide_seeing, limit, label)

    arena.play_hand = watched


def _oracle_search(sees: str) -> None:
    """The searching levels imagine the real state (``sees``: ``hands`` or ``all``) instead of
    dealing the cards they have not seen."""

    class Oracle:
        @staticmethod
        def determinize(view: View, rng: random.Random) -> GameState:
            state = _REAL["state"].clone()
            if sees == "hands":
                hidden.redeal(unseen_by_all(state), rng)
            return state

    search = levels.search

    def oracle_search(view, state_type, *args, **kwargs):
        return search(view, Oracle, *args, **kwargs)

    levels.search = oracle_search


def _normal_playouts(game_id: str) -> None:
    """Playouts by the game's Normal player in every seat."""
    spec = get_game(game_id)
    normal = [make_bot(game_id, "normal", p) for p in range(spec.max_players)]

    def playout(state: GameState, rng: random.Random):
        p = state.to_act()[0]
        return normal[p].choose(state.view(p), rng)

    object.__setattr__(spec, "search", dataclasses.replace(spec.search, playout=playout))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ceki")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--sees", choices=["hands", "all"], default="hands")
    ap.add_argument("--playout", choices=["game", "normal"], default="game",
                    help="the game's fast playout policy, or its Normal player in every seat")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--budget-scale", type=float, default=1.0)
    args = ap.parse_args(argv)
    spec = get_game(args.game)
    _watch_the_table()
    _oracle_search(args.sees)
    if args.playout == "normal":
        _normal_playouts(args.game)
    config = arena.arena_config(spec.id, args.players or spec.default_players, ["normal", "hard"], args.deals,
                                args.seed, None, args.budget_scale)
    result = arena.run_arena(config)      # one process: the oracle reads this process's table
    print(f"the oracle (Hard's search seeing {args.sees}, playouts by {args.playout}) against Normal")
    print(arena.format_arena_report(result))
    print(arena.format_timings(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
