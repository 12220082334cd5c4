"""Find the deal of a guided first hand ("Learn to play", :mod:`cekidesk.ui.foundations.lessons`).

    python3 tools/lesson_deal.py ceki --players 3 [--options '{"…": …}'] [--start 1] [--tries 5000]

Tries match seeds from ``--start`` on: deals each as a real match of the game does, plays the hand
with the game's Normal computer players in every seat, in the order the window's controller plays
them (every computer seat that must act, in ``to_act`` order, before the person in seat 0), and
prints the first seed whose hand passes the game's criterion below — the person's dealt hand and
every move, ready to paste into the game's ``lesson.py``.  The same command prints the same deal.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cekidesk.bots import make_bot  # noqa: E402
from cekidesk.engine.core import Action  # noqa: E402
from cekidesk.games import new_match  # noqa: E402

HUMAN = 0
MATCH_OPTIONS = {"mode": "hands", "hands": 1}


def play_hand(game_id: str, n: int, seed: int, options: dict) -> tuple[object, list[Action]]:
    """The match of ``seed`` with its first hand played out, and the hand's moves."""
    match = new_match(game_id, n, seed, options, MATCH_OPTIONS)
    bots = {p: make_bot(game_id, "normal", p) for p in range(n)}
    rng = random.Random(seed)
    while not match.hand_over():
        to_act = match.state.to_act()
        seat = next((p for p in to_act if p != HUMAN), HUMAN)
        match.apply(bots[seat].choose(match.state.view(seat), rng))
    return match, list(match.logs[-1])


def _ceki(match, moves: list[Action]) -> bool:
    """The person wins a short hand in which they both drew and took a discard, and somebody else
    took one of theirs."""
    mine = [a for a in moves if a.player == HUMAN]
    return (match.history[-1].result.winners == (HUMAN,) and len(moves) <= 40
            and any(a.verb == "take" for a in mine) and any(a.verb == "draw" for a in mine))


def _pei(match, moves: list[Action]) -> bool:
    """The person is ngeté and chose between two kinds of the pool at least once."""
    result = match.history[-1].result
    return result.winners == (HUMAN,) and any(a.player == HUMAN and a.verb == "capture" for a in moves)


def _kartu_lima(match, moves: list[Action]) -> bool:
    """The person wins the fifth trick, having followed the led group and thrown a card face down
    (mberi), and, with abang-ireng played, guessed the pack's top card's colour right."""
    result = match.history[-1].result
    verbs = [a.verb for a in moves if a.player == HUMAN]
    guessed = not match.options.abang_ireng or result.details["colour"][HUMAN] == _colour(result.details["top_card"])
    return result.winners == (HUMAN,) and "mberi" in verbs and verbs.count("play") >= 2 and guessed


def _colour(code: str) -> str:
    """Abang-ireng's colour of a card (RULINGS §4)."""
    return "red" if code in ("S9", "RF", "OT", "S5", "S7", "S8") or code.startswith("M") else "black"


CRITERIA: dict[str, Callable[[object, list[Action]], bool]] = {
    "ceki": _ceki, "pei": _pei, "kartu-lima": _kartu_lima,
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(CRITERIA))
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--options", default="{}", help="the game's options, as JSON")
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--tries", type=int, default=5000)
    args = ap.parse_args(argv)
    options = json.loads(args.options)
    for seed in range(args.start, args.start + args.tries):
        match, moves = play_hand(args.game, args.players, seed, options)
        if CRITERIA[args.game](match, moves):
            hand = sorted(str(k) for k in new_match(args.game, args.players, seed, options,
                                                     MATCH_OPTIONS).state.view(HUMAN).hand)
            print(f"seed = {seed}")
            print(f"hand = {tuple(hand)!r}")
            print("script = (")
            for i, a in enumerate(moves):
                print(f"    {str(a)!r},  # {i}")
            print(")")
            return 0
    print("no deal found", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
