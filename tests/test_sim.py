"""The cekidesk-sim simulator: deterministic report, every field, and clear errors for bad flags."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cekidesk import selfplay
from cekidesk.games import games
from cekidesk.sim import main, simulate

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ["--game", "ceki", "--players", "4", "--rounds", "40",
           "--seats", "normal,beginner,beginner,beginner", "--seed", "7"]


def run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def run_error(capsys, argv) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    return err.strip().splitlines()[-1]


def test_same_seed_same_stdout_in_process(capsys):
    code1, out1, err1 = run(capsys, EXAMPLE)
    code2, out2, _ = run(capsys, EXAMPLE)
    assert code1 == code2 == 0
    assert out1 == out2
    # the speed figure is on stderr only
    assert "decisions per second" in err1 and "per second" not in out1


def test_same_seed_same_stdout_via_python_m(capsys):
    _, out_in_process, _ = run(capsys, EXAMPLE)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "cekidesk.sim", *EXAMPLE], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == out_in_process
    assert "decisions per second" in proc.stderr
    assert "[" not in proc.stderr  # no progress bar when stderr is not a terminal


def test_different_seeds_differ(capsys):
    _, out7, _ = run(capsys, EXAMPLE)
    _, out8, _ = run(capsys, [*EXAMPLE[:-1], "8"])
    assert out7 != out8


def test_report_has_every_field(capsys):
    code, out, err = run(capsys, EXAMPLE)
    assert code == 0
    for text in ("game: ceki", "players: 4", "hands: 40", "seed: 7", "stake: 1 cent(s) per point",
                 "iyo_one_rank=false", "seat", "bot", "wins", "win%", "points", "payments",
                 "win kinds: plain", "double", "triple", "drawn hands:",
                 "decisions:"):
        assert text in out, text
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()
            and len(line.split()) == 7]
    assert [r[1] for r in rows] == ["normal", "beginner", "beginner", "beginner"]
    assert sum(int(r[6]) for r in rows) == 0  # payments balance


def test_simulate_accounts_for_every_hand():
    r = simulate("ceki", 3, 30, ["beginner", "normal", "beginner"], seed=5, stake_cents=2)
    assert sum(r.wins) + r.drawn == 30
    assert len(r.results) == 30
    assert sum(1 for res in r.results if res.details.get("win_kind")) == sum(r.wins)
    assert sum(r.payments) == 0
    # each loser pays the winner score x stake: the winners' takings are twice their points x 2
    assert sum(p for p in r.payments if p > 0) <= 2 * 2 * sum(r.points)
    assert r.payments == simulate("ceki", 3, 30, ["beginner", "normal", "beginner"], seed=5,
                                  stake_cents=2).payments


def test_stake_and_options_flags(capsys):
    _, out1, _ = run(capsys, [*EXAMPLE, "--stake", "5", "--options", "iyo_one_rank=true"])
    assert "stake: 5 cent(s) per point" in out1 and "iyo_one_rank=true" in out1
    _, out0, _ = run(capsys, [*EXAMPLE, "--stake", "0"])
    pay0 = [line.split()[6] for line in out0.splitlines() if line.strip()[:1].isdigit()
            and len(line.split()) == 7]
    assert pay0 == ["0"] * 4


def test_one_level_for_every_seat(capsys):
    code, out, _ = run(capsys, ["--players", "3", "--rounds", "3", "--seats", "beginner", "--seed", "1"])
    assert code == 0 and out.count(" beginner ") == 3


def test_old_level_ids_are_read_as_todays_and_reported_by_todays_id(capsys):
    _, today, _ = run(capsys, EXAMPLE)
    old = [*EXAMPLE]
    old[old.index("--seats") + 1] = "heuristic,random,random,random"
    _, out, _ = run(capsys, old)
    assert out == today
    assert "heuristic" not in out and "random" not in out


def test_simulate_names_the_seats_by_todays_ids():
    assert simulate("ceki", 2, 2, ["heuristic", "random"], seed=1).seats == ["normal", "beginner"]


def test_the_default_seats_are_normal_and_beginners(capsys):
    _, default, _ = run(capsys, ["--players", "3", "--rounds", "5", "--seed", "2"])
    _, named, _ = run(capsys, ["--players", "3", "--rounds", "5", "--seed", "2",
                                "--seats", "normal,beginner,beginner"])
    assert default == named


def test_progress_bar_goes_to_stderr_only(capsys):
    _, plain, _ = run(capsys, [*EXAMPLE, "--no-progress"])
    _, out, err = run(capsys, [*EXAMPLE, "--progress"])
    assert out == plain
    assert "40/40 hands" in err


def test_quiet_hides_the_speed(capsys):
    _, _, err = run(capsys, [*EXAMPLE, "--quiet"])
    assert err == ""


@pytest.mark.parametrize("argv,message", [
    (["--game", "poker"], f"unknown game 'poker' (known games: {', '.join(sorted(g.id for g in games()))})"),
    (["--players", "7"], "--players 7: ceki is played by 2–6 players"),
    (["--players", "1"], "--players 1: ceki is played by 2–6 players"),
    (["--players", "3", "--seats", "normal,beginner"], "--seats names 2 bots but there are 3 players"),
    (["--seats", "normal,genius,beginner,beginner"], "unknown bot level 'genius' for ceki"),
    (["--levels", "normal,hard"], "--levels is for the arena: give --arena GAME"),
    (["--hands", "5"], "--hands is for the arena: give --arena GAME"),
    (["--rounds", "-5"], "--rounds must be at least 1, not -5"),
    (["--rounds", "0"], "--rounds must be at least 1, not 0"),
    (["--rounds", "many"], "argument --rounds: invalid int value: 'many'"),
    (["--seed", "x7"], "argument --seed: invalid int value: 'x7'"),
    (["--players", "four"], "argument --players: invalid int value: 'four'"),
    (["--stake", "-1"], "--stake must be 0 or more cents per point, not -1"),
    (["--options", "iyo_one_rank=perhaps"], "invalid --options for ceki: iyo_one_rank:"),
    (["--options", "jokers=true"], "invalid --options for ceki: jokers: Extra inputs are not permitted"),
    (["--options", "iyo_one_rank"], "--options expects key=value, not 'iyo_one_rank'"),
    (["--frobnicate"], "unrecognized arguments: --frobnicate"),
])
def test_bad_flags_exit_2_with_a_clear_message(capsys, argv, message):
    last = run_error(capsys, argv)
    assert message in last
    assert last.startswith("cekidesk-sim: error:")


def test_help_says_stdout_is_deterministic(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "the same flags and --seed always print the same report" in out
    assert "standard error" in out


def test_a_hand_that_never_ends_is_reported(monkeypatch, capsys):
    monkeypatch.setattr(selfplay, "MAX_DECISIONS_PER_HAND", 5)
    code, out, err = run(capsys, ["--rounds", "2", "--seed", "1"])
    assert code == 1 and out == ""
    assert "did not end after 5 decisions" in err
