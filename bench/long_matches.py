"""Long matches: how long opening a save, an undo and the autosave take as a match grows (a measurement,
not a test).

For each game (``--games``, default Ceki, Ce Pe and Balik Satu) and each length (``--moves``, default
1k, 10k, 50k and 200k moves) a match of random legal moves is played (money mode: it never ends by
itself) and saved twice: in today's format (4: the finished hands' records and the current hand's
start) and as the code before the change wrote it (format 3: the moves only).  Then, each in a fresh
process:

* **open** — ``load_match`` of the file (read, validate, rebuild, check; median of ``--repeat``);
* **undo** — the person's (seat 0's) last move taken back as the session does it
  (``UndoStack.undo_point`` + ``take_back``);
* **autosave, move** — one move played and the autosave asked for (``Autosaves.request``: today a
  journal line appended; before, the whole file made), median of 20 moves;
* **autosave, hand** — the next hand dealt and the autosave asked for (today the whole file, its
  finished hands cached);
* **first autosave** — the first one after opening (today the cache is empty: every line made once).

``--old REV`` (default ``01ef5e7``, the code before issue 33's change) also runs the same measurements
with that revision's code (exported with ``git archive``) on the format 3 files (``--old-format 4``:
on the format 4 ones, for a revision that reads them), side by side.  The autosave's writer is a
stand-in that keeps the bytes (the real one writes them on a thread of its own); the journal is
written to a temporary folder.

``--window`` also opens each file in the real window (offscreen, ``MainWindow.open_file``, the
statistics loaded as a moment after the start): the time until the table is drawn and the window's
thread idle (the game log made, the statistics' lookup made or handed to a thread of its own) and that
thread's own CPU time (which other work on the machine does not stretch); then the work left to other
threads (the statistics' digests, the earlier hands' check, the first autosave); the log scrolled up
to its first hand as a player would (today's code brings in the earlier hands then); an undo through
the window.  ``--only-window`` runs that alone, ``--repeat`` times, the old and the new code in turn.
Run from the repository root::

    python3 bench/long_matches.py [--games ceki,ce-pe,balik-satu] [--moves 1000,10000,50000,200000]
                                  [--old 01ef5e7] [--old-format 3|4] [--repeat 3] [--window] [--only-window]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CHILD_FLAG = "--child"


def export_revision(rev: str) -> str:
    """The files of git revision ``rev`` in a new temporary folder."""
    dest = tempfile.mkdtemp(prefix="cekidesk-long-")
    archive = subprocess.run(["git", "-C", REPO, "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)
    return dest


def make_files(game: str, moves: int, seed: int, folder: str) -> tuple[str, str, int, int]:
    """A match of ``moves`` random moves of ``game`` saved as format 4 and format 3: the paths, hands, bytes."""
    from cekidesk.games import get_game, new_match
    from cekidesk.persistence.saves import Seat, document_to_bytes, match_to_document

    spec = get_game(game)
    mode = "money" if "money" in spec.match_modes else spec.match_modes[0]
    m = new_match(game, spec.default_players, seed, match_options={"mode": mode})
    rng = random.Random(seed)
    played = 0
    while played < moves:
        if m.hand_over():
            if m.is_over():
                break
            m.next_hand()
            continue
        seat = m.state.to_act()[0]
        legal = m.state.legal_actions(seat)
        m.apply(legal[rng.randrange(len(legal))])
        played += 1
    seats = [Seat.human("You")] + [Seat.bot("normal", f"P{i}") for i in range(1, m.n_players)]
    doc = match_to_document(m, seats, undo_allowed=True)
    new = os.path.join(folder, f"{game}-{moves}-v4.cekisave")
    with open(new, "wb") as f:
        f.write(document_to_bytes(doc))
    raw = json.loads(document_to_bytes(doc))
    del raw["start"], raw["records"]
    raw["schema_version"] = 3
    old = os.path.join(folder, f"{game}-{moves}-v3.cekisave")
    with open(old, "w", encoding="utf-8") as f:
        json.dump(raw, f, ensure_ascii=False)
    return new, old, len(m.logs), os.path.getsize(new)


# ---------------------------------------------------------------------------------------------
# The child: one code version, one file


class _Writer:
    def __init__(self) -> None:
        self.data = b""

    def write(self, data: bytes, written=None) -> None:
        self.data = data   # (the real writer writes on its thread, then calls ``written``: not timed here)

    def remove(self) -> None:
        self.data = b""

    def flush(self) -> bool:
        return True

    def will_exist(self) -> bool:
        return bool(self.data)


def _timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def _move(m, rng) -> bool:
    if m.hand_over():
        return False
    seat = m.state.to_act()[0]
    legal = m.state.legal_actions(seat)
    m.apply(legal[rng.randrange(len(legal))])
    return True


def child(path: str, warm: str, repeat: int) -> dict:
    from cekidesk.persistence.saves import load_match
    from cekidesk.session.autosave import Autosaves
    from cekidesk.session.undo import UndoStack

    load_match(warm)   # (the game's modules imported, as in a running app)
    opens = []
    for _ in range(repeat):
        t, loaded = _timed(lambda: load_match(path))
        opens.append(t)
    m, seats = loaded.match, loaded.seats
    stack = UndoStack(True)
    t_undo, cut = _timed(lambda: stack.undo_point(m, frozenset({0}), lambda _m, _p: False))
    assert cut is not None, "seat 0 moved"
    t_take, _ = _timed(lambda: stack.take_back(m, *cut))
    saves = Autosaves(_Writer())
    t_first, _ = _timed(lambda: saves.request(m, seats, True, frozenset()))
    t_first_made, _ = _timed(saves.flush)   # (old code: nothing left to do)
    rng = random.Random(3)
    per_move = []
    while len(per_move) < 20:
        if not _move(m, rng):
            if m.is_over():
                break
            t_hand, _ = _timed(lambda: (m.next_hand(), saves.request(m, seats, True, frozenset())))
            continue
        t, _ = _timed(lambda: saves.request(m, seats, True, frozenset()))
        per_move.append(t)
    while not m.hand_over():
        _move(m, rng)
    m.next_hand()
    t_hand, _ = _timed(lambda: saves.request(m, seats, True, frozenset()))
    t_hand_made, _ = _timed(saves.flush)
    return {"open": statistics.median(opens), "undo": t_undo + t_take, "first": t_first,
            "first_made": t_first_made, "hand_made": t_hand_made,
            "move": statistics.median(per_move), "move_max": max(per_move), "hand": t_hand,
            "moves": sum(len(h) for h in m.logs), "hands": len(m.logs)}


def window_child(path: str, warm: str, undo: bool = True) -> dict:
    """The real window (offscreen): the time ``MainWindow.open_file`` takes for ``path`` until the table
    is drawn and the window's thread is idle (the log made, the statistics' lookup made or handed to
    its own thread), the log's earlier hands brought in as a player scrolling up would, the work then
    left to other threads (the statistics' digests, the earlier hands' check, the first autosave),
    then an undo of the person's last move through the window's Undo (the table drawn again)."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.app import make_application
    from cekidesk.ui.main_window import MainWindow

    told: list[str] = []

    def tell(_parent, title, text, *_rest):   # (a message box would wait for ever offscreen: written down)
        told.append(f"{title}: {text}")
        return QMessageBox.StandardButton.Ok

    for name in ("warning", "information", "critical"):
        setattr(QMessageBox, name, staticmethod(tell))
    app = QApplication.instance() or make_application()
    win = MainWindow(Settings(animation_speed="off", bot_pace_ms=2000))
    win.resize(1280, 720)
    win.show()
    win.open_file(warm)
    app.processEvents()
    stats = win.stats
    stats.store   # noqa: B018 (the statistics loaded, as they are a moment after the start)
    app.processEvents()

    def opened() -> None:
        assert win.open_file(path)
        app.processEvents()

    cpu = time.thread_time()
    t_open, _ = _timed(opened)
    cpu_open = time.thread_time() - cpu   # (the window thread's own CPU time: what the load does not stretch)
    c = win.controller
    c.set_paused(True)
    # the work left to other threads: the statistics' digests, the earlier hands' check, the first autosave
    check = getattr(c.session, "full_check", None)
    recorder = stats.recorder
    t = time.perf_counter()
    while getattr(recorder, "digesting", None) is not None and time.perf_counter() - t < 300:
        app.processEvents()
        time.sleep(0.002)
    t_digests = time.perf_counter() - t
    # the log's earlier hands as the player scrolls up (today's code; before, all were there at once)
    lines_open = len(win.log_dock.lines())
    older = getattr(win.log, "show_older", None)
    t_older, scrolls = 0.0, 0
    while older is not None and getattr(win.log, "_older", None) is not None and scrolls < 100:
        t_one, _ = _timed(lambda: (older(), app.processEvents()))
        t_older = max(t_older, t_one)
        scrolls += 1
    lines = len(win.log_dock.lines())
    while undo and check is not None and not check.finished and time.perf_counter() - t < 300:
        app.processEvents()
        time.sleep(0.005)
    c.flush_autosave()
    t_background = time.perf_counter() - t
    t_undo = None
    if undo and c.can_undo():
        def undone() -> None:
            c.undo()
            app.processEvents()
        t_undo, _ = _timed(undone)
    win.controller.flush_autosave()
    win.close()
    return {"window_open": t_open, "window_open_cpu": cpu_open, "window_undo": t_undo,
            "window_background": t_background, "window_digests": t_digests, "window_older": t_older,
            "window_scrolls": scrolls, "log_lines": lines, "log_lines_open": lines_open, "told": told}


def run_child(repo: str, path: str, warm: str, repeat: int, window: bool | str = False) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = repo
    home = tempfile.mkdtemp(prefix="cekidesk-long-home-")
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[var] = os.path.join(home, var.lower())
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    out = subprocess.run([sys.executable, os.path.abspath(__file__), CHILD_FLAG, repo, path, warm, str(repeat),
                          (window if isinstance(window, str) else "window") if window else "engine"],
                         env=env, capture_output=True, text=True, check=False)
    if out.returncode:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def window_row(label: str, r: dict) -> None:
    if "error" in r:
        print(f"  {label:18s} window failed: {r['error']}")
        return
    undo = "—" if r["window_undo"] is None else f"{r['window_undo'] * 1000:.0f}"
    older = (f", {r['window_scrolls']} scrolls up to the first hand, the longest {r['window_older'] * 1000:.0f} ms"
             if r.get("window_scrolls") else "")
    print(f"  {label:18s} window: open {r['window_open'] * 1000:.0f} ms (its thread's CPU "
          f"{r.get('window_open_cpu', 0) * 1000:.0f} ms; then on other threads: the statistics' "
          f"digests {r.get('window_digests', 0) * 1000:.0f} ms, all {r['window_background'] * 1000:.0f} ms){older}, "
          f"undo {undo} ms; log lines {r.get('log_lines_open', 0)} at opening, {r.get('log_lines', 0)} at the top"
          + "".join(f"; the window said “{t}”" for t in r.get("told", ())), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="ceki,ce-pe,balik-satu")
    ap.add_argument("--moves", default="1000,10000,50000,200000")
    ap.add_argument("--old", default="01ef5e7", help="also measure this git revision ('' : not)")
    ap.add_argument("--old-format", type=int, choices=(3, 4), default=3,
                    help="the file the old revision opens: format 3 (before issue 33), or 4 (a revision that reads it)")
    ap.add_argument("--only-window", action="store_true", help="the window's measurements only")
    ap.add_argument("--no-undo", action="store_true", help="in the window, neither wait for the earlier hands' "
                    "check nor undo (quicker)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--window", action="store_true", help="also open each file in the real window (offscreen) "
                    "and undo there")
    args = ap.parse_args()
    sys.path.insert(0, REPO)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _machine import cpu_model

    print(f"{platform.platform()}, {cpu_model()}, {os.cpu_count()} logical cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}")
    old_repo = export_revision(args.old) if args.old else None
    folder = tempfile.mkdtemp(prefix="cekidesk-long-files-")
    print("times in ms on the session's thread: open | undo | autosave after a move (median, max of 20) | "
          "at a hand's start | the first after opening; (+ms): made on the autosave's own thread after it")
    for game in args.games.split(","):
        for moves in (int(x) for x in args.moves.split(",")):
            new, old, hands, size = make_files(game, moves, args.seed, folder)
            _, warm, _, _ = make_files(game, 0, args.seed + 1, folder)
            print(f"{game}, {moves:,} moves, {hands:,} hands, {size / 1e6:.1f} MB (format 4), "
                  f"{os.path.getsize(old) / 1e6:.1f} MB (format 3)", flush=True)
            old_file = new if args.old_format == 4 else old
            rows = []
            if not args.only_window:
                rows = [("today, format 4", run_child(REPO, new, warm, args.repeat)),
                        ("today, format 3", run_child(REPO, old, warm, 1))]
                if old_repo:
                    rows.append((f"{args.old}, format {args.old_format}", run_child(old_repo, old_file, warm, 1)))
            if args.window:
                runs = [("today, format 4", REPO, new), (f"{args.old}, format {args.old_format}", old_repo, old_file)]
                for _ in range(args.repeat if args.only_window else 1):
                    for label, repo, path in runs:   # (alternately: old and new under the same load)
                        if repo is None:
                            continue
                        window_row(label, run_child(repo, path, warm, 1,
                                                    window="window-no-undo" if args.no_undo else "window"))
            for label, r in rows:
                if "error" in r:
                    print(f"  {label:18s} failed: {r['error']}")
                    continue
                print(f"  {label:18s} open {r['open'] * 1000:8.1f} | undo {r['undo'] * 1000:8.1f} | "
                      f"move {r['move'] * 1000:7.2f}, {r['move_max'] * 1000:7.2f} | hand {r['hand'] * 1000:7.1f} "
                      f"(+{r['hand_made'] * 1000:.1f}) | first {r['first'] * 1000:7.1f} "
                      f"(+{r['first_made'] * 1000:.1f})",
                      flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == CHILD_FLAG:
        sys.path.insert(0, sys.argv[2])
        if sys.argv[6] in ("window", "window-no-undo"):
            print(json.dumps(window_child(sys.argv[3], sys.argv[4], sys.argv[6] == "window")))
        else:
            print(json.dumps(child(sys.argv[3], sys.argv[4], int(sys.argv[5]))))
    else:
        main()
