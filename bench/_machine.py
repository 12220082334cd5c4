"""What machine a benchmark ran on, percentiles, the game arguments, a random playout (shared by the
bench scripts)."""
from __future__ import annotations

import argparse
import platform
import random
import statistics
from typing import Any

from pydantic import BaseModel


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def p95(xs: list[float]) -> float:
    """The 95th percentile of ``xs`` (the largest for fewer than 20 figures)."""
    return statistics.quantiles(xs, n=20)[-1] if len(xs) >= 20 else max(xs)


def add_game_arguments(ap: argparse.ArgumentParser) -> None:
    """``--game``, ``--players`` and ``--options``, as the benchmarks of one game take them."""
    from cekidesk.games import DEFAULT_GAME_ID, games

    ap.add_argument("--game", default=DEFAULT_GAME_ID, choices=[g.id for g in games()],
                    help=f"the game (default {DEFAULT_GAME_ID})")
    ap.add_argument("--players", type=int, default=None, help="players per hand (default: the game's usual)")
    ap.add_argument("--options", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    ap.add_argument("--rules", default=None, metavar="PRESET|FILE",
                    help="start from a preset of the game (or a rule-set file), as cekidesk-sim --rules")


def game_table(args: argparse.Namespace) -> tuple[Any, int, BaseModel, str]:
    """From those arguments: the game's spec, the number of players, the options, and the options
    as a line of text."""
    from cekidesk.games import get_game
    from cekidesk.selfplay import options_text
    from cekidesk.sim import rules_options

    spec = get_game(args.game)
    players = args.players or spec.default_players
    spec.check_players(players)
    base = rules_options(spec, args.rules) if getattr(args, "rules", None) else {}
    pairs = dict(item.split("=", 1) for chunk in args.options for item in chunk.split(",") if "=" in item)
    options = spec.make_options({**base, **pairs})
    return spec, players, options, options_text(options.model_dump())


def random_playout(state: Any, rng: random.Random, checked: bool = False) -> int:
    """Play ``state`` to its end with random legal moves (checked ``apply`` or the fast path);
    returns the number of decisions."""
    apply = state.apply if checked else state.apply_unchecked
    legal_actions = state.legal_actions
    decisions = 0
    while not state.is_terminal():
        acts = legal_actions(state.to_act()[0])
        apply(acts[rng.randrange(len(acts))])
        decisions += 1
    return decisions


def play_for_the_person(controller: Any, bot: Any, rng: random.Random) -> None:
    """Play the person's seat of a window's game with ``bot``'s choices, as a click would: whenever
    the controller waits for the person (its ``thinking`` signal with seat −1), the bot's choice is
    played from the event loop.  The window needs exactly one person at the table, so a bench that
    watches computer players play seats one and lets this play it."""
    from PySide6.QtCore import QTimer

    def play(seat: int) -> None:
        if seat < 0 and controller.waiting_for_human():
            controller.play(bot.choose(controller.view(), rng))

    controller.thinking.connect(lambda seat: QTimer.singleShot(0, lambda: play(seat)))
