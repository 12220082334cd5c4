"""Speed of the desktop table (a measurement, not a test).

Measures, on whatever Qt platform the environment selects (``QT_QPA_PLATFORM=offscreen``, or a real
or virtual X display through ``DISPLAY``):

1. **first table** — from spawning ``cekidesk`` to the first paint of the table with cards on it, in a
   fresh user directory (a first start: no settings, no autosave).  The app is not changed: a small
   driver process imports ``cekidesk.app``, makes the New Game dialog accept its defaults at once (the
   seconds a person spends in it are not the app's), hooks ``TableWidget.paintEvent``, and calls
   ``cekidesk.app.main([])``.  The parent takes the time just before spawning it; both read
   ``CLOCK_MONOTONIC``.  Median of ``--runs`` runs (goal ≤ 1.5 s);
2. **repaint** — the table of ``--game`` (default: the first game) at its most players, at the end of
   a hand (a drawn one if one comes: every hand revealed; in Ceki, six players and all 120 cards) at
   1280×720 and 1920×1080 (the table's size): ``viewport().repaint()``, which paints synchronously,
   ``--repaints`` times; median and 95th percentile (goal p95 ≤ 8 ms).  The same hand two thirds
   through (a long pile) is timed too;
3. **stall** — the main window with the game's usual number of computer players at pace 0 and
   animations "normal" playing
   ``--hands`` whole hands, each from its deal to the reveal after the last move; a 5 ms timer on the
   UI thread records its ticks, and the gaps between ticks are the stalls (goal: none over 50 ms).
   The opening of the end-of-hand dialog, a second after the hand ends, is reported apart.  For the
   longest gaps the window thread's own CPU time in them is shown too (``time.thread_time``): the
   window's work, apart from the time it waited for a CPU, which a busy machine adds.
   With ``--level expert`` every computer player is an Expert (``--players``: how many seats; the
   person's seat is played by the Normal player, as clicks): the searching players think in the bot
   process, and the stalls show whether the window ever waits for them.

Run from the repository root::

    QT_QPA_PLATFORM=offscreen python3 bench/ui_speed.py
    DISPLAY=:99 python3 bench/ui_speed.py          # a real window (Xvfb or a desktop)

Options: ``--game <id> --runs 5 --repaints 200 --hands 5 --only first,repaint,stall --level expert
--players 5``.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, REPO)

DRIVER_FLAG = "--first-table-driver"


def now() -> float:
    return time.clock_gettime(time.CLOCK_MONOTONIC)


from _machine import cpu_model, play_for_the_person  # noqa: E402  (bench/ is on sys.path when run as a script)

from cekidesk.bots import make_bot  # noqa: E402
from cekidesk.games import DEFAULT_GAME_ID, games, get_game  # noqa: E402


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    if not v:
        return float("nan")
    k = (len(v) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def fresh_user_dirs(env: dict) -> str:
    tmp = tempfile.mkdtemp(prefix="cekidesk-bench-")
    env["HOME"] = tmp
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[var] = os.path.join(tmp, var.lower())
    return tmp


# -----------------------------------------------------------------------------------------------
# 1. first table (the driver runs in its own process)

def first_table_driver() -> int:
    marks = {"interpreter": now()}
    import cekidesk.app as cli
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialog

    from cekidesk.ui import dialogs
    from cekidesk.ui.table import widget

    marks["imports"] = now()

    def accept(self):                      # the New Game dialog: its defaults, at once
        marks["dialog"] = now()
        return QDialog.DialogCode.Accepted

    dialogs.NewGameDialog.exec = accept
    painted = []
    orig_paint = widget.TableWidget.paintEvent

    def paint_event(self, event):
        orig_paint(self, event)
        if not painted and self.card_items():
            painted.append(now())
            marks["first_table"] = painted[0]
            marks["cards"] = len(self.card_items())
            QTimer.singleShot(0, QApplication.quit)

    widget.TableWidget.paintEvent = paint_event
    QTimer.singleShot(20_000, QApplication.quit)   # never hang the bench
    status = cli.main([])
    print("MARKS " + " ".join(f"{k}={v!r}" for k, v in marks.items()), flush=True)
    return status


def bench_first_table(runs: int) -> dict:
    rows = []
    for _ in range(runs):
        env = dict(os.environ)
        tmp = fresh_user_dirs(env)
        env["PYTHONPATH"] = REPO + os.pathsep + env.get("PYTHONPATH", "")
        t0 = now()
        r = subprocess.run([sys.executable, os.path.abspath(__file__), DRIVER_FLAG], env=env, cwd=tmp,
                           capture_output=True, text=True, timeout=120)
        line = next((ln for ln in r.stdout.splitlines() if ln.startswith("MARKS ")), None)
        if r.returncode != 0 or line is None:
            raise SystemExit(f"the driver failed ({r.returncode}):\n{r.stdout}\n{r.stderr}")
        marks = {}
        for item in line[6:].split():
            k, v = item.split("=", 1)
            marks[k] = float(v)
        if "first_table" not in marks:
            raise SystemExit("the table was never painted with cards")
        rows.append({k: (v - t0 if k != "cards" else v) for k, v in marks.items()})
    return {"runs": rows, "median": statistics.median(r["first_table"] for r in rows)}


# -----------------------------------------------------------------------------------------------
# 2. repaint

def table_states(game_id: str):
    """(label, view) pairs of the game at its most players: the end of a hand (a drawn one if one
    comes up: everything is shown) and the same hand two thirds through (a full, long table)."""
    spec = get_game(game_id)
    n = spec.max_players
    options = spec.make_options()
    last = None
    for seed in range(1, 400):
        st = spec.new_hand(options, n, seed, n - 1)
        rng = random.Random(seed)
        views = []
        while not st.is_terminal():
            views.append(st.view(0))
            p = st.to_act()[0]
            st.apply(rng.choice(st.legal_actions(p)))
        last = [(f"end of a {n}-player hand", st.view(0)),
                (f"{n}-player hand, two thirds through", views[2 * len(views) // 3])]
        if not st.result().winners:
            break
    return last


def bench_repaint(app, repaints: int, game_id: str) -> list[dict]:
    from PySide6.QtTest import QTest

    import cekidesk.ui.games  # noqa: F401  (the registry of the games' UIs: it loads every table layout)
    from cekidesk.ui.table.widget import TableWidget

    results = []
    names = ["You", "Budi", "Sari", "Ayu", "Joko", "Wati", "Slamet", "Ratna", "Bambang", "Dewi", "Eko",
             "Fitri", "Gatot", "Hadi"]
    for label, view in table_states(game_id):
        for size in ((1280, 720), (1920, 1080)):
            w = TableWidget()
            w.set_options(animation_speed="off")
            w.set_game(game_id, names[:view.n_players], 0)
            w.resize(*size)
            w.show()
            QTest.qWaitForWindowExposed(w)
            w.show_view(view)
            app.processEvents()
            vp = w.viewport()
            for _ in range(10):                     # warm the pixmap caches
                vp.repaint()
            times = []
            for _ in range(repaints):
                t = time.perf_counter()
                vp.repaint()
                times.append((time.perf_counter() - t) * 1000)
            results.append({"scene": label, "size": f"{vp.width()}x{vp.height()}", "cards": len(w.card_items()),
                            "median": statistics.median(times), "p95": pct(times, 95), "max": max(times)})
            w.close()
            w.deleteLater()
            app.processEvents()
    return results


# -----------------------------------------------------------------------------------------------
# 3. stalls while computer players play

def bench_stall(app, hands: int, game_id: str, level: str | None = None, players: int | None = None) -> dict:
    from PySide6.QtCore import QEventLoop, Qt, QTimer

    from cekidesk.persistence.saves import Seat
    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.dialogs.new_game import NewGameConfig
    from cekidesk.ui.main_window import MainWindow

    win = MainWindow(Settings(animation_speed="normal", bot_pace_ms=0))
    win.resize(1280, 720)
    win.show()
    c = win.controller
    spec = get_game(game_id)
    normal = spec.bots[0].level if spec.bots else "random"
    names = ["Budi", "Sari", "Ayu", "Joko", "Wati"][:(players or spec.default_players) - 1]
    # the window seats exactly one person: the game's own computer player plays that seat, as clicks
    seats = [Seat.human("You")] + [Seat.bot(level or ("random" if i == 2 else normal), name)
                                   for i, name in enumerate(names, 1)]
    play_for_the_person(c, make_bot(game_id, normal, 0), random.Random(7))
    ticks: list[float] = []
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(5)
    cpu: dict[float, float] = {}   # tick → the window thread's CPU time then (time.thread_time)

    def tick() -> None:
        ticks.append(time.perf_counter())
        cpu[ticks[-1]] = time.thread_time()

    timer.timeout.connect(tick)

    def wait(cond, limit: float) -> None:
        end = time.perf_counter() + limit
        while not cond() and time.perf_counter() < end:
            loop = QEventLoop()
            QTimer.singleShot(2, loop.quit)
            loop.exec()

    per_hand = []
    all_gaps: list[float] = []
    dialog_gaps: list[float] = []
    ended: list[float] = []
    c.handEnded.connect(lambda: ended.append(time.perf_counter()))
    opened: list[tuple[float, float]] = []
    show_hand_end = win.show_hand_end

    def timed_show_hand_end():
        d0 = time.perf_counter()
        dlg = show_hand_end()
        opened.append((d0, time.perf_counter()))
        return dlg

    win.show_hand_end = timed_show_hand_end     # the window calls it through self: this one is used
    for h in range(hands):
        ended.clear()
        opened.clear()
        ticks.clear()
        timer.start()
        wait(lambda: False, 0.1)
        t0 = time.perf_counter()
        win.start_new_game(NewGameConfig(game_id, seats, 1000 + h, {}, {"mode": "money", "stake_cents": 5}))
        wait(lambda: bool(ended), 60 if level is None else 900)
        t1 = ended[0] if ended else time.perf_counter()
        wait(lambda: win.hand_end_dialog is not None and win.hand_end_dialog.isVisible(), 5)
        wait(lambda: False, 0.15)
        timer.stop()
        pairs = list(zip(ticks, ticks[1:]))
        # from the deal (start_new_game) to the last move with the reveal of every hand
        play = [b - a for a, b in pairs if b > t0 and a < t1]
        deal, deal_cpu = _longest([(a, b) for a, b in pairs if a <= t0 <= b], cpu)
        reveal, reveal_cpu = _longest([(a, b) for a, b in pairs if a <= t1 <= b], cpu)
        between = [b - a for a, b in pairs if t0 < a and b < t1]
        _, move_cpu = _longest([(a, b) for a, b in pairs if t0 < a and b < t1], cpu)
        window_cpu = (cpu[ticks[-1]] - cpu[ticks[0]]) if ticks else 0.0
        all_gaps += play
        if opened:
            d0, d1 = opened[0]
            dialog_gaps += [b - a for a, b in pairs if b > d0 and a < d1]
        per_hand.append({"moves": len(c.match.logs[-1]),
                         "seconds": t1 - t0, "max": max(play) * 1000, "p99": pct(play, 99) * 1000,
                         "deal": deal * 1000, "reveal": reveal * 1000, "between": max(between) * 1000,
                         "deal_cpu": deal_cpu * 1000, "reveal_cpu": reveal_cpu * 1000,
                         "move_cpu": move_cpu * 1000, "window_cpu": window_cpu})
    win.close()
    return {"hands": per_hand, "max": max(all_gaps) * 1000, "p99": pct(all_gaps, 99) * 1000,
            "median": statistics.median(all_gaps) * 1000,
            "dialog_max": max(dialog_gaps) * 1000 if dialog_gaps else float("nan")}


def _longest(gaps: list[tuple[float, float]], cpu: dict[float, float]) -> tuple[float, float]:
    """The longest of ``gaps`` (seconds) and the window thread's CPU time within it: the part of a
    stall that is the window's own work (the rest is waiting: for the CPU, or for the interpreter)."""
    if not gaps:
        return 0.0, 0.0
    a, b = max(gaps, key=lambda g: g[1] - g[0])
    return b - a, cpu[b] - cpu[a]


# -----------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [DRIVER_FLAG]:
        return first_table_driver()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--repaints", type=int, default=200)
    ap.add_argument("--hands", type=int, default=5)
    ap.add_argument("--only", default="first,repaint,stall")
    ap.add_argument("--game", default=DEFAULT_GAME_ID, choices=[g.id for g in games()],
                    help=f"the game the table shows (default {DEFAULT_GAME_ID})")
    ap.add_argument("--level", default=None,
                    help="stall: every computer player of this level (e.g. expert); default: the game's "
                         "own computer players and one random one")
    ap.add_argument("--players", type=int, default=None,
                    help="stall: the number of seats, the person's included (default: the game's usual)")
    args = ap.parse_args(argv)
    parts = set(args.only.split(","))

    env = dict(os.environ)
    fresh_user_dirs(env)
    os.environ.update(env)          # this process never touches the real settings or saves either
    load_before = os.getloadavg()

    first = bench_first_table(args.runs) if "first" in parts else None

    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import qVersion
    from PySide6.QtWidgets import QApplication

    from cekidesk.ui.app import guard_none_refcount, make_application

    guard_none_refcount()
    app = QApplication.instance() or make_application()
    screen = app.primaryScreen()
    print(f"machine : {platform.platform()}; {cpu_model()}; {os.cpu_count()} logical CPUs; "
          f"load average at the start {' '.join(f'{x:.2f}' for x in load_before)}")
    print(f"software: Python {platform.python_version()}, PySide6 {pyside_version}, Qt {qVersion()}; "
          f"platform '{app.platformName()}'"
          + (f" on DISPLAY {os.environ.get('DISPLAY')}" if app.platformName() == "xcb" else "")
          + f", screen {screen.size().width()}x{screen.size().height()} at device pixel ratio "
          f"{screen.devicePixelRatio():g}")

    if first is not None:
        print(f"\n1. first painted table after spawning cekidesk (fresh user directory; {args.runs} runs)")
        for r in first["runs"]:
            print(f"   {r['first_table'] * 1000:7.0f} ms   (interpreter up {r['interpreter'] * 1000:.0f}, "
                  f"imports done {r['imports'] * 1000:.0f}, New Game dialog {r['dialog'] * 1000:.0f}; "
                  f"{r['cards']:.0f} cards)")
        verdict = "ok" if first["median"] <= 1.5 else "OVER the goal"
        print(f"   median {first['median'] * 1000:.0f} ms   (goal ≤ 1500 ms: {verdict})")

    if "repaint" in parts:
        print(f"\n2. synchronous repaint of the table ({args.repaints} times, after 10 to warm the caches)")
        worst = 0.0
        results = bench_repaint(app, args.repaints, args.game)
        most = max(r["cards"] for r in results)
        for r in results:
            worst = max(worst, r["p95"]) if r["cards"] >= most - 5 else worst
            print(f"   {r['scene']:<36} {r['size']:>9}  {r['cards']:3d} cards: median {r['median']:6.2f} ms, "
                  f"p95 {r['p95']:6.2f} ms, max {r['max']:6.2f} ms")
        print(f"   worst p95 with {most} cards {worst:.2f} ms   (goal ≤ 8 ms: {'ok' if worst <= 8 else 'OVER the goal'})")

    if "stall" in parts:
        who = f" ({args.level} computer players, the person's seat by the Normal one)" if args.level else ""
        print(f"\n3. UI-thread stalls while computer players play {args.hands} hands of {args.game}{who} "
              "(pace 0, animations normal, 5 ms timer)")
        s = bench_stall(app, args.hands, args.game, args.level, args.players)
        for i, h in enumerate(s["hands"]):
            print(f"   hand {i + 1}: {h['moves']:3d} moves in {h['seconds']:5.2f} s, longest gap {h['max']:5.1f} ms, "
                  f"p99 {h['p99']:5.1f} ms  (the deal {h['deal']:4.1f}, the moves {h['between']:4.1f}, "
                  f"the reveal {h['reveal']:4.1f})")
            print(f"           the window's own CPU time in them: the deal {h['deal_cpu']:4.1f} ms, the longest "
                  f"move's {h['move_cpu']:4.1f} ms, the reveal {h['reveal_cpu']:4.1f} ms; "
                  f"{h['window_cpu']:.2f} s over the hand")
        print(f"   all hands: longest gap {s['max']:.1f} ms, p99 {s['p99']:.1f} ms, median {s['median']:.1f} ms   "
              f"(goal: no stall over 50 ms: {'ok' if s['max'] <= 50 else 'OVER the goal'})")
        print("   (each hand from its deal to the reveal of every hand after the last move)")
        print(f"   opening the end-of-hand dialog (a second later): longest gap {s['dialog_max']:.1f} ms")
    print(f"\nload average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
