"""The arena of ``cekidesk-sim --arena``: computer-player levels against each other in duplicate
format, with 95 % confidence intervals and an Elo-like rating (no Qt).

Example::

    cekidesk-sim --arena <game> --levels beginner,normal,hard,expert --hands 2000 --seed 7

**Duplicate format.**  The arena plays ``--hands`` *deals*.  A deal is one hand of the game from a
fixed seed: a fresh match of one hand (``MatchOptions(mode="hands", hands=1)``; a game that carries
something between hands starts every deal from its initial carry) whose seed fixes the dealer and
the cards.  Every deal is played once per *line-up* (a level in every seat), and the line-ups
(:func:`lineups`) make every level play every deal from every seat, equally often:

* L levels, P seats, L ≤ P: the L rotations of the levels repeated round the table — line-up r
  seats level (s + r) mod L in seat s.  Each seat sees each level once per deal and each level sits
  P times per deal.  L = P: the P rotations, every level once at every table; L < P: a level sits
  more than once at a table (two levels and four seats: half the seats each, alternating).
* L > P: every P-subset of the levels (in level order), each in its P rotations: C(L, P)·P line-ups;
  each seat sees each level C(L−1, P−1) times per deal, and every two levels meet at some table.

So the cards a deal gives go to every level alike and its luck cancels out of the comparison.
Every bot is a fresh ``make_bot`` for its hand with its own ``random.Random`` from (seed, deal,
line-up, seat); searching bots count their budget in work, not time.  The report therefore depends
only on the flags: the same on any machine, under any load, with any ``--jobs``.

**Statistics.**  Per level: hands seated (a level in two seats of a hand counts two), win share
(seats that won ÷ seats), points and money per hand (the game's settlement at stake 1; money put
into a pot is not counted back).  Each comes with a 95 % interval from the normal approximation
over deals: a deal's total for a level (over all its line-ups) is one observation, so the luck of
the deal, the same for every level, cancels (with fewer than :data:`ROUGH_BELOW` deals the report
says the intervals are rough).  Pairwise, for levels A and B: of the hands where both
sat and a seat of one of them won, A's share (a hand both won counts for both); its interval is the
delta-method interval of that ratio over deals.  A level beats another when the interval of its
share lies above one half.

The rating is a Bradley–Terry fit of the pairwise wins (Hunter's MM algorithm), on the Elo scale:
``400·log10`` of the strength ratio, so a 200-point gap means a 76 % share of the hands either won.
Half a win is added each way to every pair that met, so that a level that never lost keeps a finite
rating.  Normal is anchored at 1500 (the first level, when Normal does not play).

Decision times are wall-clock figures of this machine: the only part that differs between runs.
They are kept per level and reported apart (on standard error).
"""
from __future__ import annotations

import itertools
import math
import random
import time
from array import array
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import NamedTuple, TextIO

from cekidesk.bots import make_bot
from cekidesk.engine.bot import Bot
from cekidesk.engine.core import Action, View
from cekidesk.engine.match import MatchOptions
from cekidesk.games import get_game, new_match
from cekidesk.selfplay import Progress, hand_limit, options_text, play_hand

#: the level the ratings are anchored at, and its rating
ANCHOR_LEVEL = "normal"
ANCHOR_RATING = 1500.0
#: the two-sided 95 % point of the normal distribution
Z95 = 1.959963984540054
#: below this many deals the normal approximation of the intervals is rough (the report says so)
ROUGH_BELOW = 30
#: one hand, settled at a stake of 1 per point
ONE_HAND = MatchOptions(mode="hands", hands=1, stake_cents=1)


# ---------------------------------------------------------------------------------------------
# The design

def lineups(n_levels: int, n_players: int) -> tuple[tuple[int, ...], ...]:
    """The line-ups every deal is played with: for each, the level (its index) in each seat (see
    the module docstring)."""
    if n_levels <= n_players:
        return tuple(tuple((s + r) % n_levels for s in range(n_players)) for r in range(n_levels))
    return tuple(tuple(subset[(s + r) % n_players] for s in range(n_players))
                 for subset in itertools.combinations(range(n_levels), n_players)
                 for r in range(n_players))


def design_name(n_levels: int, n_players: int) -> str:
    """One line saying which design :func:`lineups` uses."""
    if n_levels < n_players:
        return "the rotations of the levels repeated round the table"
    if n_levels == n_players:
        return "every rotation of the levels round the table"
    return f"every {n_players} of the {n_levels} levels in every rotation round the table"


def deal_seed(seed: int, deal: int) -> int:
    """The match seed of deal ``deal`` (0-based) of an arena run with ``seed``."""
    return random.Random(f"cekidesk-arena/{seed}/{deal}").getrandbits(62)


def bot_rng(seed: int, deal: int, lineup: int, seat: int) -> random.Random:
    """The RNG of the bot in ``seat`` when ``deal`` is played with line-up ``lineup``."""
    return random.Random(f"cekidesk-arena/{seed}/{deal}/{lineup}/{seat}")


@dataclass(frozen=True)
class ArenaConfig:
    """What an arena run plays (see :func:`arena_config`)."""

    game_id: str
    n_players: int
    levels: tuple[str, ...]
    deals: int
    seed: int
    options: dict[str, object]
    budget_scale: float
    #: each level's budget in seconds (its default times the scale); None: the level does not search
    budgets: tuple[float | None, ...]


def arena_config(game_id: str, n_players: int, levels: Sequence[str], deals: int, seed: int,
                 options: dict[str, object] | None = None, budget_scale: float = 1.0) -> ArenaConfig:
    """An arena run of ``levels`` (ids ``make_bot`` knows) over ``deals`` deals; the searching
    levels get their default budget times ``budget_scale``."""
    budgets = []
    for level in levels:
        bot = make_bot(game_id, level)
        budgets.append(bot.budget * budget_scale if bot.searches else None)
    opts = get_game(game_id).make_options(options).model_dump()
    return ArenaConfig(game_id, n_players, tuple(levels), deals, seed, opts, budget_scale, tuple(budgets))


# ---------------------------------------------------------------------------------------------
# Playing

@dataclass
class DealResult:
    """What the levels (by index) got from one deal over all its line-ups."""

    wins: list[int]
    points: list[int]
    money: list[int]
    #: [a][b]: the hands in which a seat of level a won and level b sat at the table
    pair_wins: list[list[int]]
    #: per level: the wall-clock seconds of each of its decisions (not deterministic; arrays, which
    #: a long run keeps by the million)
    times: list[array] = field(repr=False)

    @classmethod
    def empty(cls, n_levels: int) -> DealResult:
        return cls([0] * n_levels, [0] * n_levels, [0] * n_levels,
                   [[0] * n_levels for _ in range(n_levels)], [array("d") for _ in range(n_levels)])


def play_deal(config: ArenaConfig, deal: int, on_hand: Callable[[], None] | None = None) -> DealResult:
    """Play deal ``deal`` once with each line-up; ``on_hand`` is called after every hand."""
    spec = get_game(config.game_id)
    out = DealResult.empty(len(config.levels))
    for k, lineup in enumerate(lineups(len(config.levels), config.n_players)):
        match = new_match(spec.id, config.n_players, deal_seed(config.seed, deal), config.options, ONE_HAND)
        bots = [make_bot(spec.id, config.levels[lv], seat, budget=config.budgets[lv])
                for seat, lv in enumerate(lineup)]
        rngs = [bot_rng(config.seed, deal, k, seat) for seat in range(config.n_players)]
        play_hand(match, partial(_timed, bots, rngs, [out.times[lv] for lv in lineup]),
                  hand_limit(spec, config.n_players, match.options),
                  f"deal {deal + 1}, line-up {k + 1} (seed {match.hand_seed})")
        _count(out, lineup, match.history[-1].result.points, match.history[-1].payments,
               match.history[-1].result.winners)
        if on_hand is not None:
            on_hand()
    return out


def _timed(bots: list[Bot], rngs: list[random.Random], times: list[array], seat: int, view: View) -> Action:
    start = time.perf_counter()
    action = bots[seat].choose(view, rngs[seat])
    times[seat].append(time.perf_counter() - start)
    return action


def _count(out: DealResult, lineup: Sequence[int], points: Sequence[int], payments: Sequence[int],
           winners: Sequence[int]) -> None:
    for seat, lv in enumerate(lineup):
        out.points[lv] += points[seat]
        out.money[lv] += payments[seat]
        out.wins[lv] += seat in winners
    seated = set(lineup)
    for a in {lineup[w] for w in winners}:
        for b in seated - {a}:
            out.pair_wins[a][b] += 1


@dataclass
class ArenaResult:
    """An arena run: its configuration, each deal's result in order, and how long it took."""

    config: ArenaConfig
    deals: list[DealResult]
    seconds: float = 0.0
    jobs: int = 1

    @property
    def lineups(self) -> tuple[tuple[int, ...], ...]:
        return lineups(len(self.config.levels), self.config.n_players)


def run_arena(config: ArenaConfig, jobs: int = 1, progress: TextIO | None = None) -> ArenaResult:
    """Play every deal of ``config``, in ``jobs`` processes (the deals are independent, so the
    result is the same for any number); a progress bar on ``progress`` (None: none)."""
    per_deal = len(lineups(len(config.levels), config.n_players))
    bar = Progress(progress, config.deals * per_deal)
    start = time.perf_counter()
    results: list[DealResult] = []
    if jobs == 1:
        hands = itertools.count(1)
        results = [play_deal(config, deal, lambda: bar.update(next(hands))) for deal in range(config.deals)]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(partial(play_deal, config), range(config.deals)):
                results.append(result)
                bar.update(len(results) * per_deal)
    bar.close()
    return ArenaResult(config, results, time.perf_counter() - start, jobs)


# ---------------------------------------------------------------------------------------------
# Statistics

class Interval(NamedTuple):
    """An estimate and the half-width of its 95 % interval (nan: too few deals for one)."""

    value: float
    half: float

    @property
    def lo(self) -> float:
        return self.value - self.half

    @property
    def hi(self) -> float:
        return self.value + self.half


def mean_ci(values: Sequence[float]) -> Interval:
    """The mean of ``values`` (one per deal) with its normal-approximation 95 % interval."""
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, math.nan)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return Interval(mean, Z95 * math.sqrt(var / n))


def ratio_ci(num: Sequence[float], den: Sequence[float]) -> Interval:
    """``Σ num / Σ den`` over deals (one pair of totals per deal) with its 95 % interval by the
    delta method: the spread of the deals' residuals ``num − ratio·den``, relative to the mean
    ``den``.  nan when ``Σ den`` is 0."""
    n, total = len(num), math.fsum(den)
    if total == 0:
        return Interval(math.nan, math.nan)
    ratio = math.fsum(num) / total
    if n < 2:
        return Interval(ratio, math.nan)
    var = math.fsum((a - ratio * d) ** 2 for a, d in zip(num, den, strict=True)) / (n - 1)
    return Interval(ratio, Z95 * math.sqrt(var / n) / (total / n))


def elo_ratings(wins: Sequence[Sequence[float]], met: Sequence[Sequence[bool]], anchor: int = 0,
                prior: float = 0.5) -> list[float]:
    """Bradley–Terry ratings on the Elo scale from ``wins[a][b]`` (how often ``a`` won a hand in
    which ``b`` sat), ``prior`` wins added each way to every pair that ``met``; ``anchor`` (an
    index) is rated :data:`ANCHOR_RATING`.  Raises ValueError when a level met no other."""
    n = len(wins)
    w = [[wins[i][j] + prior if i != j and met[i][j] else 0.0 for j in range(n)] for i in range(n)]
    if any(not any(row) for row in w):
        raise ValueError("every level must have met another")
    won = [math.fsum(row) for row in w]
    strength = [1.0] * n
    for _ in range(10_000):   # Hunter's MM update; it converges in well under a thousand rounds
        new = [won[i] / math.fsum((w[i][j] + w[j][i]) / (strength[i] + strength[j])
                                  for j in range(n) if w[i][j] + w[j][i] > 0) for i in range(n)]
        new = [s / new[anchor] for s in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    return [ANCHOR_RATING + 400.0 * math.log10(s) for s in strength]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-quantile (0 < q ≤ 1) of ``values`` by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


class LevelStats(NamedTuple):
    level: str
    hands: int
    decisions: int
    win_share: Interval
    points: Interval
    money: Interval
    rating: float


class PairStats(NamedTuple):
    """Level ``a`` against level ``b``: the hands both sat in, the hands each won, ``a``'s share."""

    a: str
    b: str
    hands: int
    a_won: int
    b_won: int
    share: Interval


def level_stats(result: ArenaResult) -> list[LevelStats]:
    """Each level's figures (see the module docstring)."""
    levels, deals = result.config.levels, result.deals
    seats = [sum(lineup.count(lv) for lineup in result.lineups) for lv in range(len(levels))]
    met = _met(result)
    wins = [[sum(d.pair_wins[a][b] for d in deals) for b in range(len(levels))] for a in range(len(levels))]
    anchor = levels.index(ANCHOR_LEVEL) if ANCHOR_LEVEL in levels else 0
    ratings = elo_ratings(wins, [[m > 0 for m in row] for row in met], anchor)
    return [LevelStats(level, seats[lv] * len(deals), sum(len(d.times[lv]) for d in deals),
                       mean_ci([d.wins[lv] / seats[lv] for d in deals]),
                       mean_ci([d.points[lv] / seats[lv] for d in deals]),
                       mean_ci([d.money[lv] / seats[lv] for d in deals]), ratings[lv])
            for lv, level in enumerate(levels)]


def pair_stats(result: ArenaResult) -> list[PairStats]:
    """Every pair of levels, the stronger (later) one as ``a``: neighbours first, then by gap."""
    levels, deals = result.config.levels, result.deals
    met = _met(result)
    out = []
    for gap in range(1, len(levels)):
        for b in range(len(levels) - gap):
            a = b + gap
            a_won = [d.pair_wins[a][b] for d in deals]
            b_won = [d.pair_wins[b][a] for d in deals]
            out.append(PairStats(levels[a], levels[b], met[a][b] * len(deals), sum(a_won), sum(b_won),
                                 ratio_ci(a_won, [x + y for x, y in zip(a_won, b_won, strict=True)])))
    return out


def _met(result: ArenaResult) -> list[list[int]]:
    """[a][b]: in how many line-ups of a deal levels a and b (a ≠ b) sit at the same table."""
    n = len(result.config.levels)
    return [[sum(a != b and a in lu and b in lu for lu in result.lineups) for b in range(n)] for a in range(n)]


# ---------------------------------------------------------------------------------------------
# Reports

def _pct(iv: Interval) -> str:
    if math.isnan(iv.value):
        return "-"
    return f"{100 * iv.value:.1f}%" + ("" if math.isnan(iv.half) else f" ±{100 * iv.half:.1f}%")


def _num(iv: Interval, sign: str = "") -> str:
    return f"{iv.value:{sign}.2f}" + ("" if math.isnan(iv.half) else f" ±{iv.half:.2f}")


def _verdict(iv: Interval) -> str:
    if iv.lo > 0.5:
        return ">"
    if iv.hi < 0.5:
        return "<"
    return "="


def format_arena_report(result: ArenaResult) -> str:
    """The deterministic report (standard output): the run, each level, each pair of levels."""
    cfg = result.config
    spec = get_game(cfg.game_id)
    n_lineups = len(result.lineups)
    budgets = ", ".join(f"{lv} {b:g} s" for lv, b in zip(cfg.levels, cfg.budgets, strict=True) if b is not None)
    money = ("stake 1 cent per point" if spec.stake_per_point else "the stakes the options set (cents)")
    lines = [
        f"arena: {cfg.game_id}  players: {cfg.n_players}  seed: {cfg.seed}",
        f"options: {options_text(cfg.options)}",
        f"levels: {', '.join(cfg.levels)}",
        f"search budgets: {budgets or 'none'} (default x {cfg.budget_scale:g})",
        f"deals: {len(result.deals)}, each played by {n_lineups} line-ups "
        f"({design_name(len(cfg.levels), cfg.n_players)}): {len(result.deals) * n_lineups} hands",
        f"money: {money}; intervals: 95%, over deals"
        + (" (rough with fewer than 30 deals)" if len(result.deals) < ROUGH_BELOW else ""),
        "",
        f"{'level':<10} {'hands':>7} {'decisions':>10}  {'win share':<16} {'points/hand':<18} "
        f"{'money/hand':<18} {'rating':>6}",
    ]
    for s in level_stats(result):
        lines.append(f"{s.level:<10} {s.hands:>7} {s.decisions:>10}  {_pct(s.win_share):<16} "
                     f"{_num(s.points):<18} {_num(s.money, '+'):<18} {s.rating:>6.0f}")
    lines += [
        "",
        "pairwise: of the hands where A and B both sat and one of them won, A's share;",
        '">": A beats B (the interval lies above 50%), "<": B beats A, "=": no difference shown',
        "",
        f"{'A':<10} {'B':<10} {'hands':>7} {'A won':>7} {'B won':>7}  {'A share':<15} {'A/B':>6}",
    ]
    for p in pair_stats(result):
        ratio = f"{p.a_won / p.b_won:.2f}" if p.b_won else "-"
        lines.append(f"{p.a:<10} {p.b:<10} {p.hands:>7} {p.a_won:>7} {p.b_won:>7}  {_pct(p.share):<15} "
                     f"{ratio:>6}  {_verdict(p.share)}")
    return "\n".join(lines) + "\n"


def format_timings(result: ArenaResult) -> str:
    """The decision times per level (standard error: wall clock, different on every run)."""
    levels = result.config.levels
    lines = ["decision time per level (wall clock on this machine; not deterministic):",
             f"{'level':<10} {'decisions':>10} {'p50':>10} {'p95':>10} {'max':>10}"]
    for lv, level in enumerate(levels):
        times = [t for d in result.deals for t in d.times[lv]]
        if not times:
            lines.append(f"{level:<10} {0:>10}")
            continue
        p50, p95, top = (f"{1000 * x:.2f} ms" for x in (percentile(times, 0.5), percentile(times, 0.95),
                                                          max(times)))
        lines.append(f"{level:<10} {len(times):>10} {p50:>10} {p95:>10} {top:>10}")
    hands = len(result.deals) * len(result.lineups)
    lines.append(f"{hands} hands in {result.seconds:.1f} s with {result.jobs} process(es)")
    return "\n".join(lines) + "\n"
