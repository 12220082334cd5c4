"""Nothing is lost at a fault: the real window (offscreen) is killed with SIGKILL while computer players
play at pace 0, again and again, and every time the autosave is opened as the next start opens it
(``load_autosave``: the autosave and its journal) and compared with what the window had played (a
measurement, not a test).

Each run is a child process with the real :class:`~cekidesk.ui.main_window.MainWindow` (animations off,
pace 0): the person's seat is played by the game's Normal player as a click would
(``_machine.play_for_the_person``), the others are random players, hands are dealt as soon as they end.
The child continues the autosave the last run left (the window's Continue) or starts a new match,
and prints a line after every move it has played (the move's number in the match and its text).  The
parent kills it (``SIGKILL``) once it has printed a random number of further moves (``--most``), reads
what it had printed, opens the autosave and counts the moves the window had played that the
autosave does not hold: the goal is none but the move in flight (a move being played when the kill
came, not yet printed, is not counted: the window never said it was played).

Games in turn (``--games``, default Ceki, Ce Pe, Balik Satu, Kartu Lima, Pèi), each its own folder of
settings and saves, so each game's match goes on from kill to kill.  Run from the repository root::

    QT_QPA_PLATFORM=offscreen python3 bench/kills.py [--kills 1000] [--minutes 60] [--out kills.jsonl]
    python3 bench/kills.py --summary-of a.jsonl b.jsonl     # several runs side by side, summed up

(The summary's minutes are then the kills' own time added up, not the wall clock's.)
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import platform
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CHILD_FLAG = "--child"
HANG_S = 300.0   # a child silent for this long is killed and reported (never seen; it keeps a run unattended)


def child(game: str, seed: int) -> int:
    sys.path.insert(0, REPO)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from cekidesk.bots import make_bot
    from cekidesk.games import get_game
    from cekidesk.persistence.paths import autosave_path
    from cekidesk.persistence.saves import Seat
    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.app import guard_none_refcount, make_application
    from cekidesk.ui.dialogs.new_game import NewGameConfig
    from cekidesk.ui.main_window import MainWindow

    guard_none_refcount()
    app = QApplication.instance() or make_application()
    win = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    win.resize(1280, 720)
    win.show()
    c = win.controller
    spec = get_game(game)
    person = make_bot(game, spec.bots[0].level if spec.bots else "random", 0)
    rng = random.Random(seed)
    from _machine import play_for_the_person  # bench/ is on sys.path: this script's own folder

    play_for_the_person(c, person, rng)

    def played(changes) -> None:
        m = c.match
        if m is None or not changes.played:
            return
        moves = sum(len(h) for h in m.logs)
        last = next((a for h in reversed(m.logs) for a in reversed(h)), None)
        sys.stdout.write(f"M {moves} {last}\n")
        sys.stdout.flush()

    def hand_ended() -> None:
        if c.match is not None and c.match.is_over():
            QTimer.singleShot(0, new_match)
        else:
            QTimer.singleShot(0, win.next_hand)

    def new_match() -> None:
        seats = [Seat.human("P0")] + [Seat.bot("beginner", f"P{i}") for i in range(1, spec.default_players)]
        win.start_new_game(NewGameConfig(game, seats, rng.randrange(2**31), {}, {"mode": "money", "stake_cents": 1}))

    c.changes.connect(played)
    c.handEnded.connect(hand_ended)
    if autosave_path().exists():
        win.files.continue_game()
    if c.match is None:
        new_match()
    m = c.match
    sys.stdout.write(f"S {sum(len(h) for h in m.logs) if m is not None else 0}\n")
    sys.stdout.flush()
    if m is not None and m.hand_over():
        QTimer.singleShot(0, hand_ended)
    app.exec()
    return 0


def one_kill(game: str, home: str, seed: int, most: int, rng: random.Random) -> dict:
    """Start the window, kill it after a random number of moves, compare the autosave."""
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["HOME"] = home
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[var] = os.path.join(home, var.lower())
    proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), CHILD_FLAG, game, str(seed)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    assert proc.stdout is not None
    # A child that stops printing (a hang, a dialog nobody answers) must not stop an unattended run: it is
    # killed after ``HANG_S`` seconds whatever it does, and the row says so.
    hung = threading.Event()

    def watchdog() -> None:
        if proc.poll() is None:
            hung.set()
            proc.kill()

    timer = threading.Timer(HANG_S, watchdog)
    timer.daemon = True
    timer.start()
    want = rng.randint(1, most)
    seen, start, last, lines = 0, None, None, []
    t0 = time.monotonic()
    for text in proc.stdout:
        parts = text.split(" ", 2)
        if parts[0] == "S":
            start = int(parts[1])
        elif parts[0] == "M":
            seen += 1
            last = (int(parts[1]), parts[2].rstrip("\n"))
            lines.append(last)
        if seen >= want or time.monotonic() - t0 > 120:
            break
    time.sleep(rng.random() * 0.02)   # (a random moment, not only right after a line)
    proc.send_signal(signal.SIGKILL)
    for text in proc.stdout:   # what it had printed before it died
        parts = text.split(" ", 2)
        if parts[0] == "M":
            last = (int(parts[1]), parts[2].rstrip("\n"))
            lines.append(last)
    proc.wait()
    timer.cancel()
    row = {"game": game, "start": start, "printed": last[0] if last else None, "wanted": want,
           "seconds": round(time.monotonic() - t0, 2)}
    if hung.is_set():
        row["hung"] = True
    if start is None:
        row["no_start"] = True   # (died or hung before it had continued or started a match)
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[var] = env[var]
    from cekidesk.persistence.saves import SaveFileError, load_autosave

    try:
        loaded = load_autosave()
    except SaveFileError as exc:
        row["error"] = f"{exc.reason}: {exc}"
        return row
    if loaded is None:
        row["restored"] = 0
        row["lost"] = last[0] if last else 0
        row["over"] = True   # (a finished match removes its autosave)
        return row
    m = loaded.match
    flat = [a for h in m.logs for a in h]
    row["restored"] = len(flat)
    printed = last[0] if last else 0
    row["lost"] = max(0, printed - len(flat))
    row["extra"] = max(0, len(flat) - printed)   # the move in flight, journaled before it was printed
    mismatch = [n for n, text in lines if n <= len(flat) and str(flat[n - 1]) != text]
    row["mismatch"] = len(mismatch)
    row["person_lost"] = sum(1 for n, text in lines if n > len(flat) and text.startswith("0 "))
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=1000)
    ap.add_argument("--minutes", type=float, default=0, help="stop after this long (0: no limit)")
    ap.add_argument("--games", default="ceki,ce-pe,balik-satu,kartu-lima,pei")
    ap.add_argument("--most", type=int, default=150, help="the most moves before a kill")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="", help="also write every kill as a JSON line here")
    ap.add_argument("--summary-of", nargs="+", default=[], metavar="JSONL",
                    help="only sum up the kills written by earlier runs (--out), e.g. runs side by side")
    args = ap.parse_args()
    if args.summary_of:
        rows = [json.loads(line) for path in args.summary_of for line in open(path, encoding="utf-8") if line.strip()]
        summary(rows, sum(r.get("seconds", 0) for r in rows))
        per_game = collections.Counter(r["game"] for r in rows)
        print("kills per game: " + ", ".join(f"{g} {n}" for g, n in sorted(per_game.items())) +
              f"; moves played {sum(max(0, (r.get('printed') or 0) - (r.get('start') or 0)) for r in rows):,}")
        return
    sys.path.insert(0, REPO)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _machine import cpu_model

    print(f"{platform.platform()}, {cpu_model()}, {os.cpu_count()} logical cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}", flush=True)
    rng = random.Random(args.seed)
    games = args.games.split(",")
    homes = {g: tempfile.mkdtemp(prefix=f"cekidesk-kills-{g}-") for g in games}
    out = open(args.out, "a", encoding="utf-8") if args.out else None
    rows = []
    t0 = time.monotonic()
    for k in range(args.kills):
        if args.minutes and time.monotonic() - t0 > args.minutes * 60:
            break
        game = games[k % len(games)]
        row = one_kill(game, homes[game], rng.randrange(2**31), args.most, rng)
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        if row.get("lost") or row.get("error") or row.get("mismatch"):
            print(f"kill {k + 1}: {row}", flush=True)
        if (k + 1) % 25 == 0:
            summary(rows, time.monotonic() - t0)
    summary(rows, time.monotonic() - t0)


def summary(rows: list[dict], seconds: float) -> None:
    lost = collections.Counter(r.get("lost", 0) for r in rows if "error" not in r)
    errors = sum(1 for r in rows if "error" in r)
    mism = sum(r.get("mismatch", 0) for r in rows)
    person = sum(r.get("person_lost", 0) for r in rows)
    over = sum(1 for r in rows if r.get("over"))
    extra = sum(1 for r in rows if r.get("extra"))
    hung = sum(1 for r in rows if r.get("hung"))
    longest = max((r.get("restored", 0) for r in rows), default=0)
    print(f"{len(rows)} kills in {seconds / 60:.1f} min: moves lost per kill {dict(sorted(lost.items()))}, "
          f"the person's moves lost {person}, autosaves unreadable {errors}, moves differing {mism}, "
          f"the move in flight kept {extra}, matches over {over}, children hung {hung}, longest match {longest:,} "
          f"moves, load average {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == CHILD_FLAG:
        sys.exit(child(sys.argv[2], int(sys.argv[3])))
    main()
