"""Speed of the game log (a measurement, not a test): the old log (a word-wrapped ``QListWidget``,
``scrollToBottom()`` after every line, the current hand replayed and worded line by line when a save
is opened — copied below as it was) against the log of today (:mod:`cekidesk.ui.window.gamelog`: a model of
entries shown in a ``QPlainTextEdit``; a loaded save's log built from the events the match kept while
replaying), side by side in one run:

1. **append** — the log already holds 100 / 2,000 / 20,000 lines, shown 320×720; the time of one more
   line, the repaint included (``processEvents`` after each), median of ``--appends`` lines.  The old log
   was capped at 2,000 lines; its 20,000 figure is what the same widget does uncapped.  A third
   column times a word-wrapped ``QTreeView`` (the model/view alternative that was measured and not
   chosen: see ``cekidesk/ui/window/gamelog.py``).
2. **open** — a two-player save of ``--game`` whose current hand has 1,000 / 4,000 / 20,000 moves,
   or as many as the game's rules let random play reach (see :func:`long_hand`; the first column
   gives the moves played), loaded with ``load_match``; then the log work alone: the old ``_rebuild_log``
   (replay + a line at a time) on the old widget, and today's ``GameLog.rebuild`` (the window's log
   feature) in the real window, each followed by the repaint.
   The old one runs only up to ``--old-max-moves`` moves (it takes minutes beyond).

Run from the repository root::

    QT_QPA_PLATFORM=offscreen python3 bench/log_speed.py [--game <id>] [--appends 50] [--old-max-moves 4000]
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

from _machine import cpu_model  # noqa: E402  (bench/ is on sys.path when run as a script)
from PySide6 import __version__ as pyside_version  # noqa: E402
from PySide6.QtCore import QStringListModel, qVersion  # noqa: E402
from PySide6.QtGui import QColor, QFont  # noqa: E402
from PySide6.QtWidgets import QAbstractItemView, QApplication, QListWidget, QListWidgetItem, QTreeView  # noqa: E402

from cekidesk.engine.match import Match  # noqa: E402
from cekidesk.games import DEFAULT_GAME_ID, new_match
from cekidesk.persistence.saves import Seat, load_match, save_match  # noqa: E402
from cekidesk.persistence.settings import Settings  # noqa: E402
from cekidesk.ui import dialogs  # noqa: E402
from cekidesk.ui.foundations import names  # noqa: E402
from cekidesk.ui.games import game_ui  # noqa: E402
from cekidesk.ui.main_window import MainWindow  # noqa: E402
from cekidesk.ui.window.gamelog import GameLogDock, LogEntry, describe_event  # noqa: E402

LINE = "Budi takes the 5 of Coins from the discard pile and throws the Red Flower, which nobody wanted"
SIZE = (320, 720)
SEATS = [Seat.human("You"), Seat.bot("random", "Budi")]


# -- the old log, as it was (cekidesk/ui/window/gamelog.py and MainWindow._rebuild_log before the change) --
class OldLog(QListWidget):
    max_lines = 2000

    def __init__(self):
        super().__init__()
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)

    def heading(self, text: str) -> None:
        item = QListWidgetItem(text)
        f = QFont(self.font())
        f.setBold(True)
        item.setFont(f)
        self._append(item)

    def add_line(self, text: str, important: bool = False) -> None:
        item = QListWidgetItem(text)
        if important:
            f = QFont(self.font())
            f.setBold(True)
            item.setFont(f)
            item.setForeground(QColor("#8a1c10"))
        self._append(item)

    def _append(self, item: QListWidgetItem) -> None:
        self.addItem(item)
        while self.count() > self.max_lines:
            self.takeItem(0)
        self.scrollToBottom()


def old_rebuild_log(log: OldLog, m: Match, seat_names: list[str], human: int) -> None:
    log.clear()
    log.heading(f"{names.game_title(m.spec)}, deal no. {m.seed}")
    for rec in m.history[:m.hand_index]:
        log.add_line(f"Hand {rec.index + 1}: {dialogs.hand_summary(m, rec, seat_names)}")
    log.heading(game_ui(m.spec.id).hand_heading(m, seat_names, human))
    state = m.spec.new_hand(m.options, m.n_players, m.hand_seed, m.dealer)
    events = list(state.deal_events)
    for action in m.logs[-1]:
        events.extend(state.apply(action))
    for e in (e.for_viewer(human) for e in events):
        line = describe_event(e, seat_names, human, m.spec.id)
        if line:
            log.add_line(line, e.type in game_ui(m.spec.id).important_events)


# -- measurements ---------------------------------------------------------------------------------
def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    QApplication.processEvents()
    return time.perf_counter() - t


def append_old(n: int, k: int) -> float:
    log = OldLog()
    log.max_lines = max(log.max_lines, n + k)
    log.resize(*SIZE)
    log.show()
    for i in range(n):
        log.addItem(f"{i} {LINE}")
    log.scrollToBottom()
    QApplication.processEvents()
    spent = [timed(lambda: log.add_line(f"new {i} {LINE}")) for i in range(k)]
    log.close()
    return statistics.median(spent)


def append_tree(n: int, k: int) -> float:
    """The model/view road not taken: a word-wrapped ``QTreeView`` over a list model, per-item
    scrolling (it measures only the rows on screen), ``scrollToBottom()`` after each line."""
    model = QStringListModel([f"{i} {LINE}" for i in range(n)])
    view = QTreeView()
    view.setHeaderHidden(True)
    view.setRootIsDecorated(False)
    view.setWordWrap(True)
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)
    view.setModel(model)
    view.resize(*SIZE)
    view.show()
    view.scrollToBottom()
    QApplication.processEvents()

    def add(text: str) -> None:
        row = model.rowCount()
        model.insertRows(row, 1)
        model.setData(model.index(row), text)
        view.scrollToBottom()

    spent = [timed(lambda: add(f"new {i} {LINE}")) for i in range(k)]
    view.close()
    return statistics.median(spent)


def append_new(n: int, k: int) -> float:
    dock = GameLogDock(max_lines=n + k)
    dock.resize(*SIZE)
    dock.show()
    dock.show_entries([LogEntry.notice(lambda i=i: f"{i} {LINE}") for i in range(n)])
    QApplication.processEvents()
    spent = [timed(lambda: dock.add_notice(lambda i=i: f"new {i} {LINE}")) for i in range(k)]
    dock.close()
    return statistics.median(spent)


def long_hand(game_id: str, moves: int, tries: int = 40) -> Match:
    """A two-player match of ``game_id`` whose current hand has ``moves`` moves, or as many as random
    play found: random legal moves that do not end the hand while another move exists, the longest
    hand of ``tries`` deals (a game's rules bound its hands: Ceki's at about 5,000 moves)."""
    best: Match | None = None
    for seed in range(1, tries + 1):
        m = new_match(game_id, 2, seed)
        st, rng = m.state, random.Random(seed)
        while len(m.logs[-1]) < moves and not st.is_terminal():
            legal = st.legal_actions(st.to_act()[0])
            rng.shuffle(legal)
            m.apply(next((a for a in legal if not _ends(st, a)), legal[0]))
        if not st.is_terminal():
            return m
        if best is None or len(m.logs[-1]) > len(best.logs[-1]):
            best = m
    assert best is not None
    return best


def _ends(state, action) -> bool:
    trial = state.clone()
    trial.apply_unchecked(action)
    return trial.is_terminal()


def open_save(game_id: str, moves: int, folder: str, window: MainWindow,
              run_old: bool) -> tuple[float, float, float | None]:
    path = os.path.join(folder, f"long-{moves}.cekisave")
    save_match(path, long_hand(game_id, moves), SEATS)
    t = time.perf_counter()
    loaded = load_match(path)
    load = time.perf_counter() - t
    c = window.controller
    c.paused = True                      # the computer player waits: only the log is measured
    c.start(loaded.match, loaded.seats)
    QApplication.processEvents()         # the table's first paint of this match is not log work
    new = timed(window.log.rebuild)
    old = None
    if run_old:
        log = OldLog()
        log.resize(*SIZE)
        log.show()
        old = timed(lambda: old_rebuild_log(log, loaded.match, window.seat_names(), c.human_seat))
        log.close()
    return load, new, old


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--appends", type=int, default=50)
    ap.add_argument("--old-max-moves", type=int, default=4000)
    ap.add_argument("--game", default=DEFAULT_GAME_ID, help=f"the game of the long hand (default {DEFAULT_GAME_ID})")
    args = ap.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    print(f"{platform.system()} {platform.machine()}, {cpu_model()}, {os.cpu_count()} logical cores, "
          f"Python {platform.python_version()}, PySide6 {pyside_version} / Qt {qVersion()}, "
          f"platform {app.platformName()}")

    print("\nappend one line (median, repaint included)")
    print(f"{'lines':>8} {'old':>10} {'tree view':>10} {'new':>10}")
    for n in (100, 2000, 20000):
        k = args.appends if n <= 2000 else max(5, args.appends // 5)
        old, tree, new = append_old(n, k), append_tree(n, args.appends), append_new(n, args.appends)
        print(f"{n:>8} {old * 1000:>8.2f}ms {tree * 1000:>8.2f}ms {new * 1000:>8.2f}ms", flush=True)

    print("\nopen a save whose current hand is long: the log work (and the load itself)")
    print(f"{'moves':>8} {'load':>10} {'old log':>10} {'new log':>10} {'lines':>6}")
    window = MainWindow(Settings(autosave=False, animation_speed="off"))
    window.resize(1280, 720)
    window.show()
    window.log_dock.setFixedWidth(SIZE[0])
    with tempfile.TemporaryDirectory() as folder:
        for moves in (1000, 4000, 20000):
            load, new, old = open_save(args.game, moves, folder, window, moves <= args.old_max_moves)
            old_text = f"{old:>9.3f}s" if old is not None else f"{'(skipped)':>10}"
            played = len(window.controller.match.logs[-1])
            print(f"{played:>8} {load:>9.3f}s {old_text} {new:>9.3f}s {len(window.log_dock.lines()):>6}", flush=True)
    window.close()


if __name__ == "__main__":
    main()
