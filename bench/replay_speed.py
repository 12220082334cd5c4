"""Speed of the hand history's replay (a measurement, not a test): the worst case the issue names — a long
hand of the Balik family with 14 players — replayed from its record (:class:`cekidesk.ui.window.history.HandReplay`).

Random players play ``--hands`` hands of ``--game`` with ``--players`` players from deal ``--seed`` on; the
longest is replayed:

1. **open** — building the replay: the hand dealt again and played through once (its events for the log,
   a clone every ``HandReplay.CHECKPOINT`` moves);
2. **position** — one step back from every position (the position rebuilt from the clone before it), a
   jump to every position from the end, and the view of each;
3. **window** — the same in the real window (``HandHistory.go``): the table planned and drawn, the log
   rebuilt up to the position; one step forward (its animation off, the log line added) too.

Each figure: median, 95th percentile and maximum in milliseconds.  Run from the repository root::

    QT_QPA_PLATFORM=offscreen python3 bench/replay_speed.py [--game balik-satu] [--players 14] [--hands 30]
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, REPO)
_HOME = tempfile.mkdtemp(prefix="cekidesk-bench-")   # never touch the real settings or saves
for _var, _sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state")):
    os.environ[_var] = os.path.join(_HOME, _sub)

from _machine import cpu_model, p95  # noqa: E402  (bench/ is on sys.path when run as a script)
from PySide6.QtWidgets import QApplication  # noqa: E402

from cekidesk.engine.match import Match  # noqa: E402
from cekidesk.games import new_match  # noqa: E402
from cekidesk.persistence.saves import Seat  # noqa: E402
from cekidesk.persistence.settings import Settings  # noqa: E402
from cekidesk.ui.main_window import MainWindow  # noqa: E402
from cekidesk.ui.window.history import HandReplay  # noqa: E402


def longest_hand(game: str, players: int, hands: int, seed: int) -> tuple[Match, int]:
    """A match of ``hands`` hands of random play and the index of its longest hand."""
    m = new_match(game, players, seed)
    rng = random.Random(seed)
    while len(m.history) < hands:
        if m.hand_over():
            m.next_hand()
        seat = rng.choice(m.state.to_act())
        m.apply(rng.choice(m.state.legal_actions(seat)))
    return m, max(range(hands), key=lambda i: len(m.logs[i]))


def ms(times: list[float]) -> str:
    return (f"median {statistics.median(times) * 1000:.2f} ms, p95 {p95(times) * 1000:.2f} ms, "
            f"max {max(times) * 1000:.2f} ms")


def timed(fn, *args) -> float:
    t = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="balik-satu")
    ap.add_argument("--players", type=int, default=14)
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    print(f"{platform.platform()}, {cpu_model()}, {os.cpu_count()} logical cores, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    m, index = longest_hand(args.game, args.players, args.hands, args.seed)
    n = len(m.logs[index])
    print(f"{args.game}, {args.players} players: the longest of {args.hands} hands is hand {index + 1}, {n} moves")

    opens = [timed(HandReplay, m, index, 0) for _ in range(5)]
    print(f"open (deal again, play through once):  {ms(opens)}")
    r = HandReplay(m, index, 0)
    back = []
    for k in range(n, 0, -1):
        r.state(k)
        back.append(timed(r.view, k - 1))
    print(f"one move back, with its view:           {ms(back)}")
    jumps = []
    for k in range(n + 1):
        r.state(n)
        jumps.append(timed(r.view, k))
    print(f"a jump from the end, with its view:     {ms(jumps)}")

    app = QApplication.instance() or QApplication([])
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    w.resize(1920, 1080)
    w.show()
    seats = [Seat.human("You")] + [Seat.bot("beginner", f"P{i}") for i in range(1, args.players)]
    w.history.start(m, index, seats)
    app.processEvents()

    def go(k: int) -> None:
        w.history.go(k)
        app.processEvents()

    forward = [timed(go, k) for k in range(1, n + 1)]
    print(f"window, one move forward:               {ms(forward)}")
    back = [timed(go, k) for k in range(n - 1, -1, -1)]
    print(f"window, one move back (log rebuilt):    {ms(back)}")
    w.history.close_replay()
    w.close()


if __name__ == "__main__":
    main()
