"""The arena of cekidesk-sim: the duplicate design, a deterministic report (with any number of
processes), the statistics on hand-made figures, and clear errors for bad flags."""
from __future__ import annotations

import dataclasses
import math
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from toygames import carry_game

import cekidesk.games as registry
from cekidesk import arena
from cekidesk.arena import (
    ArenaResult,
    DealResult,
    arena_config,
    elo_ratings,
    lineups,
    mean_ci,
    pair_stats,
    percentile,
    play_deal,
    ratio_ci,
    run_arena,
)
from cekidesk.bots import Bot
from cekidesk.sim import main

ROOT = Path(__file__).resolve().parents[1]
QUICK = ["--arena", "ceki", "--levels", "beginner,normal", "--hands", "3", "--seed", "5"]


def run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# -- the design --------------------------------------------------------------------------------

SHAPES = [(levels, players) for levels in range(2, 7) for players in range(2, 7)]


@pytest.mark.parametrize("n_levels,n_players", SHAPES)
def test_every_level_plays_from_every_seat_equally_often_and_meets_every_other(n_levels, n_players):
    ups = lineups(n_levels, n_players)
    assert all(len(up) == n_players for up in ups)
    per_seat = Counter((seat, lv) for up in ups for seat, lv in enumerate(up))
    assert set(per_seat) == {(s, lv) for s in range(n_players) for lv in range(n_levels)}
    assert len(set(per_seat.values())) == 1      # each level the same number of times in each seat
    for a in range(n_levels):
        for b in range(a + 1, n_levels):
            assert any(a in up and b in up for up in ups)


def test_the_designs_for_fewer_as_many_and_more_levels_than_seats():
    # L < P: the levels repeat round the table (half Normal, half Expert for two levels and four seats)
    assert lineups(2, 4) == ((0, 1, 0, 1), (1, 0, 1, 0))
    assert lineups(2, 3) == ((0, 1, 0), (1, 0, 1))
    # L == P: the P rotations
    assert lineups(3, 3) == ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    # L > P: every P-subset in its P rotations
    assert lineups(3, 2) == ((0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1))
    assert len(lineups(4, 3)) == 4 * 3 and len(lineups(4, 2)) == 6 * 2


# -- a game of pure luck: the duplicate format cancels it exactly ----------------------------------

class ToyNormal(Bot):
    """Plays the only card it may (the toy game has no choices): every level is as good as another."""

    game_id = "toy-arena"
    level = "normal"

    def choose(self, view, rng):
        return view.legal[0]


class ToyHard(ToyNormal):
    level = "hard"
    searches = True
    default_budget = 0.3


@pytest.fixture
def luck_game(monkeypatch):
    """The toy carry game (one card each, the highest wins) with a Normal and a searching Hard bot;
    it records the carry every hand starts from."""
    carries = []

    class ArenaToy(carry_game.ToyCarryGame):
        info = dataclasses.replace(carry_game.SPEC.info, id="toy-arena")
        bots = (ToyNormal, ToyHard)

        def new_hand(self, options, n_players, seed, dealer=0, carry=None):
            carries.append(carry)
            return carry_game.new_hand(options, n_players, seed, dealer, carry=carry)

    spec = ArenaToy()
    registry.register(spec)
    yield carries
    registry.unregister(spec.id)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_duplicate_deals_give_every_level_the_same_luck(luck_game, players):
    """In a game without choices, every level wins exactly as often as another, deal by deal: the
    line-ups give each level every seat of every deal (a design that did not would show a spread)."""
    config = arena_config("toy-arena", players, ["beginner", "normal", "hard"], 12, seed=3)
    result = run_arena(config)
    for deal in result.deals:
        assert len(set(deal.wins)) == 1 and len(set(deal.points)) == 1 and len(set(deal.money)) == 1
    for p in pair_stats(result):
        assert (p.share.value, p.share.half) == (0.5, 0.0)
        assert p.a_won == p.b_won > 0
    stats = arena.level_stats(result)
    assert [round(s.rating, 6) for s in stats] == [1500.0] * 3
    assert len({s.win_share for s in stats}) == 1
    # every hand of every deal starts from the game's initial carry: no lives lost, no streak
    initial = carry_game.initial_carry(players, carry_game.ToyOptions())
    assert len(luck_game) == 12 * len(lineups(3, players)) and set(luck_game) == {initial}


def test_the_hands_of_a_deal_are_the_same_deal_and_every_bot_has_its_own_rng(luck_game, monkeypatch):
    starts, rngs = [], []
    real_new_match, real_bot_rng = arena.new_match, arena.bot_rng

    def new_match(*args):
        match = real_new_match(*args)
        starts.append((match.dealer, match.hand_seed, tuple(match.state.hands.items())))
        return match

    def bot_rng(*key):
        rngs.append(key)
        return real_bot_rng(*key)

    monkeypatch.setattr(arena, "new_match", new_match)
    monkeypatch.setattr(arena, "bot_rng", bot_rng)
    config = arena_config("toy-arena", 3, ["beginner", "normal"], 2, seed=9)
    play_deal(config, 0)
    play_deal(config, 1)
    assert len(starts) == 4 and starts[0] == starts[1] and starts[2] == starts[3]
    assert starts[0] != starts[2]
    assert len(set(rngs)) == len(rngs) == 4 * 3
    assert {key[:2] for key in rngs} == {(9, 0), (9, 1)}


def test_budget_scale_multiplies_the_searching_levels_budgets(luck_game, monkeypatch, capsys):
    made = []
    real = arena.make_bot

    def make_bot(game_id, level, seat=None, budget=None):
        bot = real(game_id, level, seat, budget=budget)
        if seat is not None:       # a bot that plays (not the one asked for its default budget)
            made.append((bot.level, bot.budget))
        return bot

    monkeypatch.setattr(arena, "make_bot", make_bot)
    code, out, _ = run(capsys, ["--arena", "toy-arena", "--levels", "normal,hard", "--hands", "2",
                                "--budget-scale", "0.25"])
    assert code == 0
    assert {b for level, b in made if level == "hard"} == {0.075}
    assert {b for level, b in made if level == "normal"} == {0.0}
    assert "search budgets: hard 0.075 s (default x 0.25)" in out


# -- the command: a deterministic report ----------------------------------------------------------

def test_same_flags_same_report_and_the_times_on_stderr(capsys):
    code1, out1, err1 = run(capsys, QUICK)
    code2, out2, _ = run(capsys, QUICK)
    assert code1 == code2 == 0 and out1 == out2
    assert "decision time per level" in err1 and "p95" in err1
    assert "ms" not in out1 and "decision time" not in out1
    _, other_seed, _ = run(capsys, [*QUICK[:-1], "6"])
    assert other_seed != out1


def test_the_report_names_every_figure(capsys):
    _, out, _ = run(capsys, QUICK)
    for text in ("arena: ceki", "players: 4", "seed: 5", "levels: beginner, normal",
                 "search budgets: none", "deals: 3, each played by 2 line-ups", ": 6 hands",
                 "win share", "points/hand", "money/hand", "rating", "A share", "A/B",
                 "intervals: 95%, over deals (rough with fewer than 30 deals)"):
        assert text in out, text
    rows = {line.split()[0]: line.split() for line in out.splitlines()
            if line.split()[:1] in (["beginner"], ["normal"]) and line.split()[1].isdigit()}
    assert rows["beginner"][1] == rows["normal"][1] == "12"      # 2 seats x 2 line-ups x 3 deals
    assert rows["normal"][-1] == "1500"                          # the anchor
    pair = next(line.split() for line in out.splitlines() if line.startswith("normal     beginner"))
    assert pair[2] == "6"                                        # hands both sat in


def test_levels_are_reported_weakest_first_and_old_ids_are_read(capsys):
    _, out, _ = run(capsys, QUICK)
    _, swapped, _ = run(capsys, [*QUICK[:3], "heuristic,random", *QUICK[4:]])
    assert swapped == out


def test_more_processes_give_the_same_report(capsys):
    _, one, _ = run(capsys, QUICK)
    _, two, err = run(capsys, [*QUICK, "--jobs", "2"])
    assert two == one
    assert "with 2 process(es)" in err


def test_the_arena_via_python_m_with_two_processes(capsys):
    _, in_process, _ = run(capsys, QUICK)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "cekidesk.sim", *QUICK, "--jobs", "2", "--progress"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == in_process
    assert "6/6 hands" in proc.stderr


def test_quiet_hides_the_times(capsys):
    _, _, err = run(capsys, [*QUICK, "--quiet"])
    assert err == ""


# -- the statistics on hand-made figures -----------------------------------------------------------

def test_mean_interval():
    iv = mean_ci([1, 2, 3, 4, 5])
    assert iv.value == 3
    assert iv.half == pytest.approx(1.959964 * math.sqrt(2.5 / 5), rel=1e-6)
    assert mean_ci([4, 4, 4]) == (4, 0)
    one = mean_ci([7])
    assert one.value == 7 and math.isnan(one.half)


def test_ratio_interval():
    assert ratio_ci([1, 1], [2, 2]) == (0.5, 0.0)
    iv = ratio_ci([2, 0, 1], [2, 2, 2])
    assert iv.value == 0.5
    # residuals 1, -1, 0: variance 1, standard error sqrt(1/3) over a mean denominator of 2
    assert iv.half == pytest.approx(1.959964 * math.sqrt(1 / 3) / 2, rel=1e-6)
    assert math.isnan(ratio_ci([0, 0], [0, 0]).value)


def test_ratings():
    met = [[False, True], [True, False]]
    # a tie gives equal ratings; the anchor is rated 1500
    assert elo_ratings([[0, 5], [5, 0]], met) == pytest.approx([1500, 1500])
    assert elo_ratings([[0, 0], [0, 0]], met, anchor=1) == pytest.approx([1500, 1500])
    # two levels: the Bradley-Terry share is the share of the wins (with half a win added each way)
    always = elo_ratings([[0, 10], [0, 0]], met, anchor=1)
    assert always[0] == pytest.approx(1500 + 400 * math.log10(10.5 / 0.5))
    assert always[1] == 1500 and math.isfinite(always[0])
    assert elo_ratings([[0, 3], [1, 0]], met)[1] == pytest.approx(1500 - 400 * math.log10(3.5 / 1.5))
    # three levels, each better than the one below: the ratings keep that order
    met3 = [[i != j for j in range(3)] for i in range(3)]
    r = elo_ratings([[0, 2, 1], [8, 0, 3], [9, 7, 0]], met3, anchor=1)
    assert r[0] < r[1] == 1500 < r[2]
    with pytest.raises(ValueError):
        elo_ratings([[0, 1, 0], [1, 0, 0], [0, 0, 0]], [[False, True, False], [True, False, False],
                                                         [False, False, False]])


def test_percentile():
    values = list(range(100, 0, -1))
    assert (percentile(values, 0.5), percentile(values, 0.95), percentile(values, 1.0)) == (50, 95, 100)
    assert percentile([3.0], 0.95) == 3.0


def _result(pair_wins_by_deal):
    config = arena_config("ceki", 2, ["beginner", "normal"], len(pair_wins_by_deal), seed=0)
    deals = []
    for normal_won, beginner_won in pair_wins_by_deal:
        d = DealResult.empty(2)
        d.pair_wins[1][0], d.pair_wins[0][1] = normal_won, beginner_won
        d.wins[:] = [beginner_won, normal_won]
        deals.append(d)
    return ArenaResult(config, deals)


def test_pairwise_verdicts(capsys):
    # Normal wins both hands of every deal: its share is 1 and the interval excludes a tie
    clear = _result([(2, 0)] * 5)
    (p,) = pair_stats(clear)
    assert (p.a, p.b, p.hands, p.a_won, p.b_won) == ("normal", "beginner", 10, 10, 0)
    assert p.share == (1.0, 0.0)
    line = next(x for x in arena.format_arena_report(clear).splitlines() if x.startswith("normal     beg"))
    assert line.split()[-2:] == ["-", ">"]
    # a split: 1-1 in each deal but one: the interval includes a tie
    close = _result([(1, 1), (1, 1), (2, 0), (1, 1)])
    (p,) = pair_stats(close)
    assert p.share.lo < 0.5 < p.share.hi
    line = next(x for x in arena.format_arena_report(close).splitlines() if x.startswith("normal     beg"))
    assert line.split()[-2:] == ["1.67", "="]
    lost = _result([(0, 2)] * 3)
    line = next(x for x in arena.format_arena_report(lost).splitlines() if x.startswith("normal     beg"))
    assert line.split()[-1] == "<"


# -- errors ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv,message", [
    (["--arena", "poker"],
     f"unknown game 'poker' (known games: {', '.join(sorted(g.id for g in registry.games()))})"),
    (["--arena", "ceki", "--levels", "normal,genius"],
     "--levels: unknown bot level 'genius' for ceki (levels: beginner, normal, hard, expert)"),
    (["--arena", "ceki", "--levels", "normal"], "--levels needs at least 2 levels to compare, not 1"),
    (["--arena", "ceki", "--levels", "normal,heuristic"], "--levels names normal more than once"),
    (["--arena", "ceki", "--hands", "0"], "--hands must be from 1 to 1000000, not 0"),
    (["--arena", "ceki", "--hands", "-3"], "--hands must be from 1 to 1000000, not -3"),
    (["--arena", "ceki", "--hands", "few"], "argument --hands: invalid int value: 'few'"),
    (["--arena", "ceki", "--budget-scale", "0"], "--budget-scale must be a number above 0, not 0.0"),
    (["--arena", "ceki", "--budget-scale", "-1"], "--budget-scale must be a number above 0, not -1.0"),
    (["--arena", "ceki", "--budget-scale", "inf"], "--budget-scale must be a number above 0, not inf"),
    (["--arena", "ceki", "--jobs", "0"], "--jobs must be from 1 to 256, not 0"),
    (["--arena", "ceki", "--players", "7"], "--players 7: ceki is played by 2–6 players"),
    (["--arena", "pei", "--options", "jokers=true"], "invalid --options for pei: jokers"),
    (["--arena", "ceki", "--rounds", "10"], "--rounds is for the simulator, not the arena"),
    (["--arena", "ceki", "--seats", "normal"], "--seats is for the simulator, not the arena"),
    (["--arena", "ceki", "--game", "pei"], "--game is for the simulator, not the arena"),
    (["--arena", "ceki", "--stake", "2"], "--stake is for the simulator, not the arena"),
    (["--jobs", "2"], "--jobs is for the arena: give --arena GAME"),
    (["--budget-scale", "0.5"], "--budget-scale is for the arena: give --arena GAME"),
])
def test_bad_flags_exit_2_with_a_clear_message(capsys, argv, message):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    last = err.strip().splitlines()[-1]
    assert last.startswith("cekidesk-sim: error:") and message in last, last
