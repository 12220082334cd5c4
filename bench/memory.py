"""Memory of a long session in the desktop table (a measurement, not a test).

For each game, a fresh process opens the real :class:`~cekidesk.ui.main_window.MainWindow`
(offscreen unless ``QT_QPA_PLATFORM``/``DISPLAY`` say otherwise) with the seats of
:func:`seat_levels` (the first seat is the person's, whose moves the game's own computer player
chooses and the window plays as a click would; the others are random computer players), pace 0
and animations off, and plays hand after hand of a money match through the window itself: the
end-of-hand dialog opens after every hand and the window's own ``next_hand`` deals the next.
Autosave stays on, in a fresh temporary user folder.

At the checkpoints (``--hands``, by default 50, 100, 200, … 500) the child prints its **resident set size**, read
from ``VmRSS`` in ``/proc/self/status`` (what the process holds now; the peak ``VmHWM`` is printed
too), and the number of objects the garbage collector tracks.  One process per game and code version,
so the figures are independent.

Each row is followed by what ``malloc`` holds (glibc's ``mallinfo2``: used, free in its heaps — memory
kept without use —, mapped on its own) and the card picture cache (pictures held, their pixels,
distinct heights, renders so far).  At the end, a summary gives each game's change from hand 50 to
the last checkpoint (issue 33: within ±5 %).  A child whose hand has not ended for
:data:`STALL_SECONDS` says where it stands and stops; a game that fails is told and the others are
measured still.  Every game is measured by default (``--games all``), one after the other: at about
0.6 s a Kartu Lima hand and 2 s a Pèi round on a quiet machine (Balik Lima Belas: 1.8 s a hand at a
load average of 11, steady from hand to hand: its hands are long), 500 hands of all eleven take hours.

``--compare REV`` measures the code of git revision ``REV`` too (exported with ``git archive`` into a
temporary folder and run by the same script), side by side with the working tree; with ``--parallel``
both versions run at the same time, so that they meet the same load on a busy machine.  ``--types``
prints after each checkpoint the types whose tracked objects grew most since the one before (what a
long session keeps).

Run from the repository root::

    python3 bench/memory.py                       # every game, hands 50 to 500, then the summary
    python3 bench/memory.py --games all --hands 50,100,200,300,400,500 --code HEAD --compare 9ef9fd7 --parallel
    python3 bench/memory.py --hands 50,100 --compare HEAD~3 --games <id>
    python3 bench/memory.py --hands 50,200,500 --code HEAD --compare 024bbd4 --parallel --types --games kartu-lima
    python3 bench/memory.py --sim                 # the simulator: 1000 and 5000 hands of each game
    python3 bench/memory.py --match --compare 024bbd4   # a match alone: what each finished hand costs
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CHILD_FLAG = "--child"
HANDS = "50,100,200,300,400,500"   # the default checkpoints: issue 33 compares hand 50 with hand 500
STALL_SECONDS = 300   # a window child whose hand has not ended in this long stops (told on stderr)
TYPES_ENV = "CEKIDESK_MEMORY_TYPES"


def seat_levels(game: str) -> list[str]:
    """The game's own computer player in seat 0 (played for the person), random players elsewhere
    (asked of this tree's registry, so an older revision's child is given the same seats)."""
    sys.path.insert(0, REPO)
    from cekidesk.games import get_game

    spec = get_game(game)
    own = spec.bots[0].level if spec.bots else "random"
    return [own] + ["random"] * (spec.default_players - 1)


def all_games() -> list[str]:
    sys.path.insert(0, REPO)
    from cekidesk.games import games

    return [g.id for g in games()]


def proc_status(*fields: str) -> dict[str, int]:
    """The named ``/proc/self/status`` fields, in kB."""
    out = {}
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            name, _, rest = line.partition(":")
            if name in fields:
                out[name] = int(rest.split()[0])
    return out


class Reporter:
    """Prints one checkpoint's row (a JSON line) when called with the hands played: RSS, peak, the
    objects the garbage collector tracks and, with ``--types`` (``CEKIDESK_MEMORY_TYPES=1`` in the
    child), the types whose tracked objects grew most since the checkpoint before."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.types = os.environ.get(TYPES_ENV) in ("1", "2")
        self.traced = os.environ.get(TYPES_ENV) == "2"
        self.before: dict[str, int] | None = None
        self.snapshot: object = None

    def __call__(self, hands: int) -> None:
        import gc
        from collections import Counter

        gc.collect()
        st = proc_status("VmRSS", "VmHWM")
        objects = gc.get_objects()
        row: dict[str, object] = {"hands": hands, "rss_kb": st["VmRSS"], "hwm_kb": st["VmHWM"],
                                  "objects": len(objects), "seconds": round(time.perf_counter() - self.start, 1)}
        if self.types:
            now = Counter(type(o).__qualname__ for o in objects)
            if self.before is not None:
                grew = {k: now[k] - self.before.get(k, 0) for k in now}
                row["grew"] = sorted(((k, v) for k, v in grew.items() if v), key=lambda kv: -kv[1])[:12]
            self.before = dict(now)
        del objects
        heap = malloc_heap()
        if heap:
            row["heap"] = heap
        pictures = picture_caches()
        if pictures:
            row["pictures"] = pictures
        if self.traced:
            self._trace(row, hands)
        print(json.dumps(row), flush=True)

    def _trace(self, row: dict[str, object], hands: int) -> None:
        """With ``--traced``: the lines whose allocations Python still holds grew most since the second
        checkpoint after the start (``tracemalloc`` runs from the first: it slows the play down; what a
        bounded cache replaced in between would look like growth if compared with the first)."""
        import tracemalloc

        if not hands:
            return
        if not tracemalloc.is_tracing():
            tracemalloc.start()
            return
        if self.snapshot is None:   # (from the second checkpoint on: what lives before it is traced too)
            self.snapshot = tracemalloc.take_snapshot()
            return
        diff = tracemalloc.take_snapshot().compare_to(self.snapshot, "lineno")
        row["traced"] = [(str(d.traceback[0]).replace(REPO + os.sep, ""), round(d.size_diff / 1024, 1))
                         for d in diff[:10]]


def malloc_heap() -> dict[str, int]:
    """glibc's ``mallinfo2()`` in kB: what the process's ``malloc`` hands out now in its heaps
    (``used``), what they hold free (``free``: RSS a long session may keep without using it), and the
    large blocks it maps on their own (``mapped``); {} where there is no ``mallinfo2``."""
    import ctypes

    class Info(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                          "fsmblks", "uordblks", "fordblks", "keepcost")]

    try:
        fn = ctypes.CDLL(None).mallinfo2
    except (AttributeError, OSError):
        return {}
    fn.restype = Info
    info = fn()
    return {"used": info.uordblks // 1024, "free": info.fordblks // 1024, "mapped": info.hblkhd // 1024}


def picture_caches() -> dict[str, object]:
    """What the card picture cache holds now (if the window's code has one): its pictures, their pixels
    in MB, the distinct heights among them, and how many were rendered since the start."""
    cardpics = sys.modules.get("cekidesk.ui.foundations.cardpics")
    art = getattr(cardpics, "_ART", None)
    held = getattr(art, "_pixmaps", None)
    if held is None:
        return {}
    return {"pixmaps": len(held), "mb": round(sum(pm.width() * pm.height() * 4 for pm in held.values()) / 2**20, 1),
            "heights": len({key[1] for key in held}), "renders": getattr(art, "renders", 0)}


# -----------------------------------------------------------------------------------------------
# the child: one game, one code version, in the real window

def child(repo: str, game: str, levels: list[str], checkpoints: list[int], seed: int, autosave: bool) -> int:
    sys.path.insert(0, repo)
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from cekidesk.bots import make_bot
    from cekidesk.persistence.saves import Seat
    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.app import guard_none_refcount, make_application
    from cekidesk.ui.dialogs.new_game import NewGameConfig
    from cekidesk.ui.main_window import MainWindow

    guard_none_refcount()
    app = QApplication.instance() or make_application()
    win = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, autosave=autosave))
    win.resize(1280, 720)
    win.show()
    c = win.controller
    seats = [Seat.human("P0")] + [Seat.bot(level, f"P{i}") for i, level in enumerate(levels) if i]
    person = make_bot(game, levels[0], 0)
    rng = random.Random(seed)

    from _machine import play_for_the_person  # bench/ is on sys.path: this script's own folder

    play_for_the_person(c, person, rng)
    last = max(checkpoints)
    report = Reporter()

    progress = {"hands": 0, "at": time.monotonic()}

    def hand_ended() -> None:
        done = len(c.match.history)
        progress.update(hands=done, at=time.monotonic())
        if done in checkpoints:
            report(done)
        if done >= last:
            app.quit()
        elif c.match.is_over():
            sys.stderr.write(f"the {game} match ended after {done} hands (before hand {last})\n")
            app.exit(2)
        else:
            QTimer.singleShot(0, win.next_hand)   # after the window has opened its dialog

    def watch() -> None:
        """Unattended runs end instead of waiting for ever: a hand that has not ended in
        :data:`STALL_SECONDS` is told (who is to move, what the window waits for) and the child stops."""
        if time.monotonic() - progress["at"] < STALL_SECONDS:
            return
        m = c.match
        sys.stderr.write(f"the {game} run stalled: no hand ended for {STALL_SECONDS} s after hand "
                         f"{progress['hands']} ({len(m.logs[-1])} moves into the next; to act: "
                         f"{m.state.to_act() if not m.hand_over() else 'nobody, the hand is over'}; "
                         f"waiting for the person: {c.waiting_for_human()})\n")
        app.exit(3)

    watchdog = QTimer()
    watchdog.timeout.connect(watch)
    watchdog.start(5_000)
    c.handEnded.connect(hand_ended)
    win.start_new_game(NewGameConfig(game, seats, seed, {}, {"mode": "money", "stake_cents": 1}))
    report(0)
    code = app.exec()
    watchdog.stop()
    win.close()
    return code


# -----------------------------------------------------------------------------------------------
# the child of --match: what each finished hand leaves in a match a person plays (no window)

def child_match(repo: str, game: str, checkpoints: list[int], seed: int) -> int:
    """A money match of the game's default players, random legal moves, never forgetting a hand (as a
    person's match does): at the checkpoints, RSS and the objects the collector tracks — what the
    match's finished hands cost."""
    sys.path.insert(0, repo)
    import gc

    from cekidesk.engine.match import Match
    from cekidesk.games import get_game

    spec = get_game(game)
    mode = "money" if "money" in spec.match_modes else spec.match_modes[0]
    m = Match(spec, spec.default_players, seed, None, {"mode": mode, "hands": 10_000})
    rng = random.Random(seed)
    start = time.perf_counter()
    for hands in range(1, max(checkpoints) + 1):
        while not m.hand_over():
            legal = m.state.legal_actions(m.state.to_act()[0])
            m.apply(legal[rng.randrange(len(legal))])
        if m.is_over():
            raise SystemExit(f"the {game} match ended after {hands} hands")
        m.next_hand()
        if hands in checkpoints:
            gc.collect()
            gc.collect()   # (a tuple of tuples is let go once its inner ones are)
            st = proc_status("VmRSS", "VmHWM")
            print(json.dumps({"hands": hands, "rss_kb": st["VmRSS"], "hwm_kb": st["VmHWM"],
                              "objects": len(gc.get_objects()),
                              "seconds": round(time.perf_counter() - start, 1)}), flush=True)
    return 0


# -----------------------------------------------------------------------------------------------
# the child of --sim: one game, one code version, in the headless simulator

def child_sim(repo: str, game: str, checkpoints: list[int], seed: int) -> int:
    """``cekidesk.sim.simulate`` itself, its memory read after the checkpoint hands: the report's
    progress bar (``Progress.update``, called after every hand by every version of the simulator) is
    where the child looks."""
    sys.path.insert(0, repo)
    from cekidesk import sim
    from cekidesk.games import get_game

    report = Reporter()

    class Checkpoints(sim.Progress):    # type: ignore[misc,name-defined]
        def update(self, done: int) -> None:
            super().update(done)
            if done in checkpoints:
                report(done)

    sim.Progress = Checkpoints
    spec = get_game(game)
    n = spec.default_players
    report(0)
    sim.simulate(game, n, max(checkpoints), ["normal"] * n, seed)
    return 0


# -----------------------------------------------------------------------------------------------
# the parent: one child per game and code version

def export_revision(rev: str) -> str:
    """The files of git revision ``rev`` in a new temporary folder."""
    dest = tempfile.mkdtemp(prefix="cekidesk-memory-")
    archive = subprocess.run(["git", "-C", REPO, "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)
    return dest


def run_child(repo: str, game: str, levels: list[str], checkpoints: list[int], seed: int, autosave: bool,
              where: str = "window", types: bool = False, traced: bool = False):
    """Yield the child's rows as it reaches each checkpoint (hand 0 first)."""
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen" if not env.get("DISPLAY") else "xcb")
    home = tempfile.mkdtemp(prefix="cekidesk-memory-home-")
    env["HOME"] = home
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[var] = os.path.join(home, var.lower())
    env[TYPES_ENV] = "2" if traced else "1" if types else "0"
    with tempfile.TemporaryFile("w+") as err, subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), CHILD_FLAG, repo, game, ",".join(levels),
             ",".join(map(str, checkpoints)), str(seed), str(int(autosave)), where],
            env=env, stdout=subprocess.PIPE, stderr=err, text=True) as proc:
        rows = 0
        for line in proc.stdout:
            if line.startswith("{"):
                rows += 1
                yield json.loads(line)
        if proc.wait() != 0 or rows < len(checkpoints) + (where != "match"):
            err.seek(0)
            sys.stderr.write(err.read()[-3000:])
            raise SystemExit(f"the {game} run in {repo} failed (exit {proc.returncode})")


def side_by_side(game: str, runs: list[tuple[str, Iterator[dict]]]) -> None:
    """Every run's rows, printed as they come, the runs played at the same time (one thread reading
    each child), so that the code versions meet the same load on a busy machine."""
    failed: list[BaseException] = []
    lock = threading.Lock()

    def read(label: str, rows: Iterator[dict]) -> None:
        try:
            for row in rows:
                with lock:
                    print_row(game, label, row)
        except BaseException as exc:  # noqa: BLE001 — told below, on the main thread
            failed.append(exc)

    threads = [threading.Thread(target=read, args=run) for run in runs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failed:
        raise failed[0]


#: every row printed, by game and code version (for the summary at the end)
SEEN: dict[tuple[str, str], list[dict]] = {}


def summary(base: int) -> None:
    """For each game and code version, the change from checkpoint ``base`` (or the first after it)
    to the last: what issue 33 asks to stay within ±5 %."""
    print(f"\nchange from hand {base} (or the first checkpoint after it; with none, the first) to the last, "
          "by game and code:")
    for (game, label), rows in SEEN.items():
        later = [r for r in rows if r["hands"] >= base] or [r for r in rows if r["hands"] > 0]
        if len(later) < 2:
            continue
        a, b = later[0], later[-1]
        rss = (b["rss_kb"] / a["rss_kb"] - 1) * 100
        objects = (b["objects"] / a["objects"] - 1) * 100
        each = (b["rss_kb"] - a["rss_kb"]) / (b["hands"] - a["hands"])
        flag = "" if abs(rss) <= 5 and abs(objects) <= 5 else "   <- outside ±5 %"
        print(f"{game:17} {label[:12]:12} hands {a['hands']:>4} → {b['hands']:<4} RSS {a['rss_kb'] / 1024:6.1f} → "
              f"{b['rss_kb'] / 1024:6.1f} MB ({rss:+5.1f} %, {each:+6.1f} kB a hand)  objects {a['objects']:,} → "
              f"{b['objects']:,} ({objects:+5.1f} %){flag}", flush=True)


def print_row(game: str, label: str, row: dict) -> None:
    SEEN.setdefault((game, label), []).append(row)
    print(f"{game:17} {label[:12]:12} {row['hands']:>6} {row['rss_kb'] / 1024:>8.1f} "
          f"{row['hwm_kb'] / 1024:>8.1f} {row['objects']:>9,} {row['seconds']:>8.1f}", flush=True)
    if row.get("heap"):
        heap = row["heap"]
        print(f"      malloc: {heap['used'] / 1024:.1f} MB used, {heap['free'] / 1024:.1f} MB free in its heaps, "
              f"{heap['mapped'] / 1024:.1f} MB mapped", flush=True)
    if row.get("pictures"):
        pics = row["pictures"]
        print(f"      card pictures: {pics['pixmaps']} held ({pics['mb']} MB, {pics['heights']} heights), "
              f"{pics['renders']} rendered so far", flush=True)
    if row.get("traced"):
        print("      held since the first checkpoint (kB): "
              + ", ".join(f"{where} {kb:+,.1f}" for where, kb in row["traced"]), flush=True)
    if row.get("grew"):
        print("      grew since the checkpoint before: "
              + ", ".join(f"{name} {n:+,}" for name, n in row["grew"]), flush=True)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [CHILD_FLAG]:
        repo, game, levels, points, seed, autosave, where = argv[1:8]
        if where == "sim":
            return child_sim(repo, game, [int(x) for x in points.split(",")], int(seed))
        if where == "match":
            return child_match(repo, game, [int(x) for x in points.split(",")], int(seed))
        return child(repo, game, levels.split(","), [int(x) for x in points.split(",")], int(seed),
                     autosave == "1")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", default=HANDS,
                    help=f"checkpoints, comma-separated (default {HANDS}; the summary at the end compares hand 50, "
                         "or the first checkpoint after it, with the last)")
    ap.add_argument("--games", default="all", help="game ids, comma-separated, or 'all' (the default: every "
                                                   "registered game, one after the other)")
    ap.add_argument("--compare", metavar="REV", help="also measure git revision REV (e.g. HEAD~1)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-autosave", action="store_true",
                    help="turn the autosave setting off (each move goes to its journal, the whole save is written "
                         "at the start of each hand)")
    ap.add_argument("--sim", action="store_true",
                    help="measure the headless simulator (cekidesk-sim, Normal players in every seat) instead "
                         "of the window; its default checkpoints are 1000,5000")
    ap.add_argument("--match", action="store_true",
                    help="measure a match alone, without a window (what its finished hands cost; random moves, "
                         "default checkpoints 50,500; a few seconds a game)")
    ap.add_argument("--code", metavar="REV", help="measure git revision REV instead of the working tree (so that "
                    "editing the tree during a long run changes nothing)")
    ap.add_argument("--parallel", action="store_true",
                    help="with --compare: run the two code versions at the same time (the same load for both)")
    ap.add_argument("--traced", action="store_true",
                    help="also the source lines whose allocations grew most since the second checkpoint after the "
                         "start (tracemalloc from the first; slows the play)")
    ap.add_argument("--types", action="store_true",
                    help="after each checkpoint, the types whose objects grew most since the one before")
    args = ap.parse_args(argv)
    if args.sim and args.hands == HANDS:
        args.hands = "1000,5000"
    if args.match and args.hands == HANDS:
        args.hands = "50,500"
    chosen = all_games() if args.games in ("all", "") else args.games.split(",")
    unknown = sorted(set(chosen) - set(all_games()))
    if unknown:
        ap.error(f"no game {', '.join(unknown)} (the games: {', '.join(all_games())}, or all)")
    where = "sim" if args.sim else "match" if args.match else "window"
    checkpoints = sorted({int(x) for x in args.hands.split(",")})
    versions = [("this tree", REPO)] if not args.code else [(args.code, export_revision(args.code))]
    if args.compare:
        versions.insert(0, (args.compare, export_revision(args.compare)))

    sys.path.insert(0, HERE)
    from _machine import cpu_model

    print(f"machine : {platform.platform()}; {cpu_model()}; {os.cpu_count()} logical CPUs; "
          f"Python {platform.python_version()}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("RSS = VmRSS of the process at the checkpoint (after gc.collect()); objects = gc.get_objects()")
    print("where   : " + {"sim": "the simulator (cekidesk.sim.simulate)", "window": "the real main window",
                           "match": "a match alone (random moves, every hand kept)"}[where])
    print(f"{'game':17} {'code':12} {'hands':>6} {'RSS MB':>8} {'peak MB':>8} {'objects':>9} {'seconds':>8}")
    failures: list[str] = []
    try:
        for game in chosen:
            levels = seat_levels(game)
            runs = [(label, run_child(repo, game, levels, checkpoints, args.seed, not args.no_autosave, where,
                                      args.types, args.traced)) for label, repo in versions]
            try:
                if args.parallel:
                    side_by_side(game, runs)
                    continue
                for label, rows in runs:
                    for row in rows:
                        print_row(game, label, row)
            except SystemExit as exc:   # (one game's failure, told: the other games are measured still)
                failures.append(f"{game}: {exc}")
                print(f"{game:17} FAILED: {exc}", flush=True)
        summary(1000 if args.sim else 50)
        for failure in failures:
            print(f"failed: {failure}")
    finally:
        for _, repo in versions:
            if repo != REPO:
                shutil.rmtree(repo, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
