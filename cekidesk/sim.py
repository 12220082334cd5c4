"""``cekidesk-sim``: play many hands between computer players, headless, and report the results.

Example::

    cekidesk-sim --game <id> --players 4 --rounds 1000 --seats normal,beginner,beginner,beginner --seed 7

The simulator plays one :class:`~cekidesk.engine.match.Match` (money mode) of ``--rounds`` hands.
Each seat's bot gets its own ``random.Random`` derived from ``--seed`` and the seat, and sees only
``state.view(seat)``.  The report on standard output depends only on the flags: the same seed gives
the same output.  The speed (decisions per second) and the progress bar go to standard error.
Also runs as ``python -m cekidesk.sim``.

Games whose stakes are set in their own options (``GameInfo.stake_per_point`` False) ignore
``--stake``.  After the table per seat, the report gives the game's own statistics (its
``Game.statistics`` hook: win kinds, scoring combinations …; by default the hands won and drawn).

``--arena <id>`` is the other mode: levels against each other in duplicate format
(:mod:`cekidesk.arena`).  Level ids are today's (``beginner`` …); the old ``random`` and
``heuristic`` are read as ``beginner`` and ``normal``, and the report names the level by today's id.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO, TypeVar

from pydantic import ValidationError

from cekidesk.arena import arena_config, format_arena_report, format_timings, run_arena
from cekidesk.bots import BotError, bot_levels, canonical_level, make_bot
from cekidesk.engine.core import AnyGame, EngineError, HandResult, RuleFileError
from cekidesk.engine.match import MatchOptions
from cekidesk.engine.stats import CompactResults, SimSummary, pct
from cekidesk.games import DEFAULT_GAME_ID, games, get_game, new_match
from cekidesk.persistence.rulesets import read_rule_file
from cekidesk.selfplay import Progress, StuckHandError, hand_limit, options_text, play_hand

MAX_ROUNDS = 10_000_000
#: what a mode's play gives its report
R = TypeVar("R")


@dataclass
class SimResult:
    """What a simulation produced (the report is made from this)."""

    game_id: str
    n_players: int
    rounds: int
    seed: int
    stake_cents: int
    options: dict[str, object]
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
    #: every hand's result, in order (the game's statistics hook reads them), kept compactly
    results: Sequence[HandResult] = field(default_factory=list)

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
    options: dict[str, object] | None = None,
    stake_cents: int = 1,
    progress: TextIO | None = None,
) -> SimResult:
    """Play ``rounds`` hands of a money match between the bots named by ``seats`` (levels; an old
    id such as ``heuristic`` is played and reported as its level today)."""
    match = new_match(game_id, n_players, seed, options,
                      MatchOptions(mode="money", stake_cents=stake_cents))
    bots = [make_bot(game_id, level, seat) for seat, level in enumerate(seats)]
    rngs = [seat_rng(seed, seat) for seat in range(n_players)]
    decisions = 0
    per_hand = hand_limit(match.spec, n_players, match.options)
    bar = Progress(progress, rounds)
    start = time.perf_counter()
    wins = [0] * n_players
    outcomes: Counter = Counter()
    drawn = 0
    results = CompactResults()
    for hand in range(rounds):
        if hand:
            match.forget_finished_hands()   # (memory stays flat however many hands: README, Memory)
            match.next_hand()
        decisions += play_hand(match, lambda p, view: bots[p].choose(view, rngs[p]), per_hand,
                               f"hand {hand + 1} (seed {match.hand_seed})")
        res = match.history[-1].result
        results.append(res)
        outcomes[res.outcome] += 1
        for w in res.winners:
            wins[w] += 1
        if not res.winners:
            drawn += 1
        bar.update(hand + 1)
    seconds = time.perf_counter() - start
    bar.close()
    return SimResult(
        game_id=game_id, n_players=n_players, rounds=rounds, seed=seed, stake_cents=stake_cents,
        options=match.options.model_dump(), seats=[canonical_level(s) for s in seats], wins=wins,
        points=list(match.scores), payments=list(match.ledger),
        outcomes=outcomes, drawn=drawn, decisions=decisions, seconds=seconds,
        stake_per_point=match.spec.stake_per_point, pot=match.pot,
        results=results,
    )


def format_report(r: SimResult) -> str:
    """The deterministic report printed on standard output."""
    opts = options_text(r.options)
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
    lines += get_game(r.game_id).statistics(r.summary())
    lines.append(f"decisions: {r.decisions} ({r.decisions / r.rounds:.1f} per hand)")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Command line

MAX_DEALS = 1_000_000
MAX_JOBS = 256
#: the flags of each mode (their defaults are None, so a flag given to the other mode is noticed)
SIM_FLAGS = ("game", "rounds", "seats", "stake")
ARENA_FLAGS = ("levels", "hands", "budget_scale", "jobs")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cekidesk-sim",
        description=(
            "Play many hands of a CekiDesk game between computer players and report per-seat wins, "
            "points and payments, the kinds of win and the drawn hands; or, with --arena, let "
            "levels play each other in duplicate format (every level plays every deal from every "
            "seat) and report each level's results with 95%% intervals and a rating.  The report "
            "on standard output is deterministic: the same flags and --seed always print the same "
            "report.  Speeds, decision times and the progress bar go to standard error."
        ),
        epilog=(
            f"Examples: cekidesk-sim --game {DEFAULT_GAME_ID} --players 4 --rounds 1000 "
            "--seats normal,beginner,beginner,beginner --seed 7;  "
            f"cekidesk-sim --arena {DEFAULT_GAME_ID} --levels beginner,normal,hard,expert "
            "--hands 200 --seed 7 --jobs 2"
        ),
    )
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (default: the game's usual number)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and the bots (default: 0)")
    parser.add_argument("--options", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. some_option=true (repeat or comma-separate for several)")
    parser.add_argument("--rules", default=None, metavar="PRESET|FILE",
                        help="start from one of the game's ready-made rule sets (e.g. bloody for ce-pe) or, "
                             "for a game with rule-set files, a saved rule-set file; --options change it "
                             "further")
    bar = parser.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="show a progress bar on standard error (default: only when it is a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false",
                     help="never show the progress bar")
    parser.add_argument("--quiet", action="store_true",
                        help="print nothing on standard error but the progress bar (no speed, no "
                             "decision times)")

    sim = parser.add_argument_group("simulator (one match between the seats' bots)")
    sim.add_argument("--game", default=None, help=f"game id (default: {DEFAULT_GAME_ID})")
    sim.add_argument("--rounds", type=int, default=None, help="hands to play (default: 100)")
    sim.add_argument(
        "--seats", default=None,
        help="comma-separated bot level for each seat, e.g. normal,beginner,beginner,beginner; one "
             "level alone is used for every seat (default: normal in seat 0, beginner elsewhere)")
    sim.add_argument("--stake", type=int, default=None,
                     help="money stake in cents per point (default: 1; games with their own "
                          "stakes in their options ignore it)")

    arena = parser.add_argument_group("arena (levels against each other in duplicate format)")
    arena.add_argument("--arena", metavar="GAME", default=None,
                       help="play the arena of this game id instead of a simulation")
    arena.add_argument("--levels", default=None,
                       help="comma-separated levels to compare, at least 2 (default: every level "
                            "the game offers)")
    arena.add_argument("--hands", type=int, default=None,
                       help="deals to play (default: 100); every deal is played once per line-up "
                            "of the levels round the table, so the hands played are a multiple")
    arena.add_argument("--budget-scale", type=float, default=None, metavar="X",
                       help="multiply the searching levels' budgets by X, e.g. 0.1 for a quick run "
                            "(default: 1; the report says it)")
    arena.add_argument("--jobs", type=int, default=None,
                       help="processes to play the deals in (default: 1; the report is the same "
                            "for any number)")
    return parser


class RulesError(ValueError):
    """A ``--rules`` value that names no preset of the game and no usable rule-set file (the message
    is one line for the person who typed it)."""


#: what a rule-set file's refusal codes mean (``RuleFileError.code`` of a game's ``rule_set_format().read``)
_RULE_FILE_WORDS = {
    "too_big": "the file is too large to be a rule set",
    "not_json": "the file is not a rule set (not JSON text)",
    "not_rules": "the file is not a rule set of this game",
    "newer": "the file was written by a newer version of CekiDesk",
    "invalid": "the rule set has a value out of bounds",
}


def preset_ids(spec: AnyGame) -> dict[str, dict[str, object]]:
    """The game's presets by their short id (the last part of the names key: ``bloody``)."""
    return {key.rsplit(".", 1)[-1]: dict(options) for key, options in spec.presets}


def rules_options(spec: AnyGame, value: str) -> dict[str, object]:
    """The options of ``--rules``: a preset id of the game, else a rule-set file read in the game's
    format (``Game.rule_set_format``: a game that offers rule files gives it).  Raises
    :class:`RulesError` with a one-line message."""
    presets = preset_ids(spec)
    if value in presets:
        return presets[value]
    fmt = spec.rule_set_format()
    known = ", ".join(presets) or "none"
    if fmt is None:
        raise RulesError(f"--rules: {spec.id} has no rule set {value!r} (its presets: {known})")
    try:
        rules = read_rule_file(value, spec.id)   # bounded as every file the app reads (size, depth, numbers)
    except RuleFileError as exc:
        if exc.code in ("unreadable", "not_a_file"):
            raise RulesError(f"--rules: {value!r} is neither a preset of {spec.id} ({known}) nor a readable "
                             f"file ({exc.detail or 'not an ordinary file'})") from None
        why = _RULE_FILE_WORDS.get(exc.code, f"the rules cannot be played ({exc.code})")
        if exc.code == "invalid" and exc.detail:
            why += f" ({exc.detail})"
        raise RulesError(f"--rules {value}: {why}") from None
    return rules.model_dump(mode="json")


def _parse_options(parser: argparse.ArgumentParser, spec: AnyGame, raw: list[str],
                   base: dict[str, object] | None = None) -> dict[str, object]:
    pairs: dict[str, object] = dict(base or {})
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


def _rules(spec: AnyGame, value: str | None) -> dict[str, object] | None:
    """The options ``--rules`` names, or None; a bad value ends the program with one line (exit 2)."""
    if value is None:
        return None
    try:
        return rules_options(spec, value)
    except RulesError as exc:
        print(f"cekidesk-sim: error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _game_and_players(parser: argparse.ArgumentParser, game_id: str,
                      players: int | None) -> tuple[AnyGame, int]:
    try:
        spec = get_game(game_id)
    except EngineError:
        known = ", ".join(sorted(g.id for g in games()))
        parser.error(f"unknown game {game_id!r} (known games: {known})")
    n = spec.default_players if players is None else players
    if not spec.min_players <= n <= spec.max_players:
        parser.error(f"--players {n}: {spec.id} is played by {spec.min_players}–{spec.max_players} players")
    return spec, n


def _check_level(parser: argparse.ArgumentParser, spec: AnyGame, level: str, flag: str) -> str:
    """``level``'s id today (old ids are read as their level), or a parser error."""
    levels = bot_levels(spec.id)
    if canonical_level(level) not in levels:
        parser.error(f"{flag}: unknown bot level {level!r} for {spec.id} (levels: {', '.join(levels)})")
    return canonical_level(level)


def _progress_stream(args: argparse.Namespace) -> TextIO | None:
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    return sys.stderr if show else None


def main(argv: Sequence[str] | None = None) -> int:
    # a frozen build starts the arena's worker processes by running itself (a no-op otherwise)
    multiprocessing.freeze_support()
    parser = build_parser()
    args = parser.parse_args(argv)
    arena = args.arena is not None
    for name in SIM_FLAGS if arena else ARENA_FLAGS:
        if getattr(args, name) is not None:
            parser.error(f"{_flag(name)} is for the simulator, not the arena" if arena
                         else f"{_flag(name)} is for the arena: give --arena GAME")
    return _arena_main(parser, args) if arena else _sim_main(parser, args)


def _sim_main(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    spec, n = _game_and_players(parser, args.game or DEFAULT_GAME_ID, args.players)
    rounds = 100 if args.rounds is None else args.rounds
    stake = 1 if args.stake is None else args.stake
    if rounds < 1:
        parser.error(f"--rounds must be at least 1, not {rounds}")
    if rounds > MAX_ROUNDS:
        parser.error(f"--rounds must be at most {MAX_ROUNDS}, not {rounds}")
    if stake < 0:
        parser.error(f"--stake must be 0 or more cents per point, not {stake}")
    if stake > 1_000_000:
        parser.error(f"--stake must be at most 1000000 cents per point, not {stake}")

    if args.seats is None:
        levels = bot_levels(spec.id)
        seats = ["normal" if "normal" in levels else levels[0]] + ["beginner"] * (n - 1)
    else:
        seats = [s.strip() for s in args.seats.split(",")]
        if len(seats) == 1:
            seats = seats * n
        if len(seats) != n:
            parser.error(f"--seats names {len(seats)} bots but there are {n} players")
    seats = [_check_level(parser, spec, s, "--seats") for s in seats]
    options = _parse_options(parser, spec, args.options, _rules(spec, args.rules))

    return _run(parser, args, lambda: simulate(spec.id, n, rounds, seats, args.seed, options, stake,
                                               progress=_progress_stream(args)),
                format_report, _speed)


def _speed(result: SimResult) -> str:
    rate = result.decisions / result.seconds if result.seconds > 0 else float("inf")
    return (f"speed: {rate:,.0f} decisions per second ({result.decisions} decisions in "
            f"{result.seconds:.2f} s)\n")


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace, play: Callable[[], R],
         report: Callable[[R], str], timings: Callable[[R], str]) -> int:
    """Play, print the deterministic report on standard output and, unless ``--quiet``, the
    timings on standard error; 1 when a hand got stuck."""
    try:
        result = play()
    except (EngineError, BotError) as exc:  # pragma: no cover - flags are checked before
        parser.error(str(exc))
    except StuckHandError as exc:
        print(f"cekidesk-sim: error: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(report(result))
    sys.stdout.flush()
    if not args.quiet:
        sys.stderr.write(timings(result))
    return 0


def _arena_main(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    spec, n = _game_and_players(parser, args.arena, args.players)
    offered = bot_levels(spec.id)
    if args.levels is None:
        chosen = offered
    else:
        chosen = [_check_level(parser, spec, s.strip(), "--levels") for s in args.levels.split(",")]
        twice = sorted({lv for lv in chosen if chosen.count(lv) > 1})
        if twice:
            parser.error(f"--levels names {', '.join(twice)} more than once")
    if len(chosen) < 2:
        parser.error(f"--levels needs at least 2 levels to compare, not {len(chosen)}")
    deals = 100 if args.hands is None else args.hands
    if not 1 <= deals <= MAX_DEALS:
        parser.error(f"--hands must be from 1 to {MAX_DEALS}, not {deals}")
    scale = 1.0 if args.budget_scale is None else args.budget_scale
    if not (math.isfinite(scale) and scale > 0):
        parser.error(f"--budget-scale must be a number above 0, not {args.budget_scale}")
    jobs = 1 if args.jobs is None else args.jobs
    if not 1 <= jobs <= MAX_JOBS:
        parser.error(f"--jobs must be from 1 to {MAX_JOBS}, not {jobs}")
    options = _parse_options(parser, spec, args.options, _rules(spec, args.rules))

    # weakest first, whatever the order given: the pairwise table compares each level with the ones below
    config = arena_config(spec.id, n, [lv for lv in offered if lv in chosen], deals, args.seed, options, scale)
    return _run(parser, args, lambda: run_arena(config, jobs, progress=_progress_stream(args)),
                format_arena_report, format_timings)


if __name__ == "__main__":
    sys.exit(main())
