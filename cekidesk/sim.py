"""``cekidesk-sim``: play many hands between computer players, headless, and report the results.

Example::

    cekidesk-sim --game <id> --players 4 --rounds 1000 --seats heuristic,random,random,random --seed 7

The simulator plays one :class:`~cekidesk.engine.match.Match` (money mode) of ``--rounds`` hands.
Each seat's bot gets its own ``random.Random`` derived from ``--seed`` and the seat, and sees only
``state.view(seat)``.  The report on standard output depends only on the flags: the same seed gives
the same output.  The speed (decisions per second) and the progress bar go to standard error.
Also runs as ``python -m cekidesk.sim``.

Games whose stakes are set in their own options (``GameSpec.stake_per_point`` False) ignore
``--stake``.  After the table per seat, the report gives the game's own statistics (its
``GameSpec.statistics`` hook: win kinds, scoring combinations …; by default the hands won and drawn).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from pydantic import ValidationError

from cekidesk.bots import BotError, bot_levels, make_bot
from cekidesk.engine.core import EngineError, GameSpec, HandResult
from cekidesk.engine.match import MatchOptions
from cekidesk.engine.stats import SimSummary, outcome_lines, pct
from cekidesk.games import DEFAULT_GAME_ID, games, get_game, new_match

MAX_ROUNDS = 10_000_000


@dataclass
class SimResult:
    """What a simulation produced (the report is made from this)."""

    game_id: str
    n_players: int
    rounds: int
    seed: int
    stake_cents: int
    options: dict[str, Any]
    seats: list[str]
    wins: list[int]
    points: list[int]
    payments: list[int]
    outcomes: Counter = field(default_factory=Counter)
    drawn: int = 0
    decisions: int = 0
    seconds: float = 0.0
    stake_per_point: bool = True
    pot: int = 0
    #: every hand's result, in order (the game's statistics hook reads them)
    results: list[HandResult] = field(default_factory=list)

    def summary(self) -> SimSummary:
        return SimSummary(game_id=self.game_id, n_players=self.n_players, rounds=self.rounds,
                          results=self.results, wins=self.wins, points=self.points,
                          payments=self.payments, pot=self.pot, outcomes=self.outcomes)


def seat_rng(seed: int, seat: int) -> random.Random:
    """The bot RNG of ``seat``: fixed by the simulation seed and the seat."""
    return random.Random(f"cekidesk-sim/{seed}/{seat}")


def simulate(
    game_id: str,
    n_players: int,
    rounds: int,
    seats: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    stake_cents: int = 1,
    progress: TextIO | None = None,
) -> SimResult:
    """Play ``rounds`` hands of a money match between the bots named by ``seats``."""
    match = new_match(game_id, n_players, seed, options,
                      MatchOptions(mode="money", stake_cents=stake_cents))
    bots = [make_bot(game_id, level, seat) for seat, level in enumerate(seats)]
    rngs = [seat_rng(seed, seat) for seat in range(n_players)]
    decisions = 0
    per_hand = hand_limit(match.spec, n_players, match.options)
    bar = Progress(progress, rounds)
    start = time.perf_counter()
    for hand in range(rounds):
        if hand:
            match.next_hand()
        decisions += play_hand(match, lambda p, view: bots[p].choose(view, rngs[p]), per_hand,
                               f"hand {hand + 1} (seed {match.hand_seed})")
        bar.update(hand + 1)
    seconds = time.perf_counter() - start
    bar.close()

    wins = [0] * n_players
    outcomes: Counter = Counter()
    drawn = 0
    for rec in match.history:
        res = rec.result
        outcomes[res.outcome] += 1
        for w in res.winners:
            wins[w] += 1
        if not res.winners:
            drawn += 1
    return SimResult(
        game_id=game_id, n_players=n_players, rounds=rounds, seed=seed, stake_cents=stake_cents,
        options=match.options.model_dump(), seats=list(seats), wins=wins,
        points=list(match.scores), payments=list(match.ledger),
        outcomes=outcomes, drawn=drawn, decisions=decisions, seconds=seconds,
        stake_per_point=match.spec.stake_per_point, pot=match.pot,
        results=[rec.result for rec in match.history],
    )


def _fmt_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def format_report(r: SimResult) -> str:
    """The deterministic report printed on standard output."""
    opts = ", ".join(f"{k}={_fmt_value(v)}" for k, v in sorted(r.options.items())) or "none"
    stake = (f"stake: {r.stake_cents} cent(s) per point" if r.stake_per_point
             else "stakes: as the options say (cents)")
    lines = [
        f"game: {r.game_id}  players: {r.n_players}  hands: {r.rounds}  seed: {r.seed}",
        f"{stake}  options: {opts}",
        "",
        f"{'seat':>4}  {'bot':<10} {'wins':>7} {'win%':>7} {'points':>9} {'points%':>8} {'payments':>11}",
    ]
    total_points = sum(r.points)
    for s in range(r.n_players):
        lines.append(
            f"{s:>4}  {r.seats[s]:<10} {r.wins[s]:>7} {pct(r.wins[s], r.rounds):>7} "
            f"{r.points[s]:>9} {pct(r.points[s], total_points):>8} {r.payments[s]:>11}"
        )
    lines.append("")
    hook = get_game(r.game_id).statistics or outcome_lines
    lines += hook(r.summary())
    lines.append(f"decisions: {r.decisions} ({r.decisions / r.rounds:.1f} per hand)")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Command line

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cekidesk-sim",
        description=(
            "Play many hands of a CekiDesk game between computer players and report per-seat wins, "
            "points and payments, the kinds of win and the drawn hands.  The report on standard "
            "output is deterministic: the same flags and --seed always print the same report.  "
            "The speed (decisions per second) and the progress bar go to standard error."
        ),
        epilog=(
            f"Example: cekidesk-sim --game {DEFAULT_GAME_ID} --players 4 --rounds 1000 "
            "--seats heuristic,random,random,random --seed 7"
        ),
    )
    parser.add_argument("--game", default=DEFAULT_GAME_ID, help=f"game id (default: {DEFAULT_GAME_ID})")
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (default: the game's usual number)")
    parser.add_argument("--rounds", type=int, default=100, help="hands to play (default: 100)")
    parser.add_argument(
        "--seats", default=None,
        help="comma-separated bot level for each seat, e.g. heuristic,random,random,random; one "
             "level alone is used for every seat (default: heuristic in seat 0, random elsewhere)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the match and the bots (default: 0)")
    parser.add_argument("--stake", type=int, default=1,
                        help="money stake in cents per point (default: 1; games with their own "
                             "stakes in their options ignore it)")
    parser.add_argument("--options", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. some_option=true (repeat or comma-separate for several)")
    bar = parser.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="show a progress bar on standard error (default: only when it is a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false",
                     help="never show the progress bar")
    parser.add_argument("--quiet", action="store_true",
                        help="do not print the speed figure on standard error")
    return parser


def _parse_options(parser: argparse.ArgumentParser, spec: GameSpec, raw: list[str]) -> dict[str, Any]:
    pairs: dict[str, Any] = {}
    for chunk in raw:
        for item in chunk.split(","):
            item = item.strip()
            if not item:
                continue
            key, sep, value = item.partition("=")
            key = key.strip()
            if not sep or not key:
                parser.error(f"--options expects key=value, not {item!r}")
            pairs[key] = value.strip()
    known = ", ".join(spec.options_model.model_fields) or "none"
    try:
        model = spec.options_model.model_validate(pairs)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(x) for x in err['loc']) or 'options'}: {err['msg']}"
            + (f" (got {err['input']!r})" if "input" in err and not isinstance(err["input"], dict) else "")
            for err in exc.errors()
        )
        parser.error(f"invalid --options for {spec.id}: {problems} (options of {spec.id}: {known})")
    return model.model_dump()


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)

    try:
        spec = get_game(args.game)
    except EngineError:
        known = ", ".join(sorted(g.id for g in games()))
        parser.error(f"unknown game {args.game!r} (known games: {known})")
    n = spec.default_players if args.players is None else args.players
    if not spec.min_players <= n <= spec.max_players:
        parser.error(f"--players {n}: {spec.id} is played by {spec.min_players}–{spec.max_players} players")
    if args.rounds < 1:
        parser.error(f"--rounds must be at least 1, not {args.rounds}")
    if args.rounds > MAX_ROUNDS:
        parser.error(f"--rounds must be at most {MAX_ROUNDS}, not {args.rounds}")
    if args.stake < 0:
        parser.error(f"--stake must be 0 or more cents per point, not {args.stake}")
    if args.stake > 1_000_000:
        parser.error(f"--stake must be at most 1000000 cents per point, not {args.stake}")

    levels = bot_levels(spec.id)
    if args.seats is None:
        seats = ["heuristic" if "heuristic" in levels else levels[0]] + ["random"] * (n - 1)
    else:
        seats = [s.strip() for s in args.seats.split(",")]
        if len(seats) == 1:
            seats = seats * n
        if len(seats) != n:
            parser.error(f"--seats names {len(seats)} bots but there are {n} players")
    for s in seats:
        if s not in levels:
            parser.error(f"unknown bot level {s!r} for {spec.id} (levels: {', '.join(levels)})")
    options = _parse_options(parser, spec, args.options)

    show_bar = args.progress if args.progress is not None else sys.stderr.isatty()
    try:
        result = simulate(spec.id, n, args.rounds, seats, args.seed, options, args.stake,
                          progress=sys.stderr if show_bar else None)
    except (EngineError, BotError) as exc:  # pragma: no cover - flags are checked above
        parser.error(str(exc))
    except StuckHandError as exc:
        print(f"cekidesk-sim: error: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(format_report(result))
    sys.stdout.flush()
    if not args.quiet:
        rate = result.decisions / result.seconds if result.seconds > 0 else float("inf")
        print(f"speed: {rate:,.0f} decisions per second ({result.decisions} decisions in "
              f"{result.seconds:.2f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
