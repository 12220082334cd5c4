"""Screenshot the Statistics window with real data: simulated matches recorded by the real recorder.

    python3 tools/statistics_screenshot.py out.png [--game ceki] [--matches 40] [--language jv-Java]
        [--size 1280x720] [--seed 7]

Plays ``--matches`` money matches of a few hands each (a Normal computer player in "your" seat,
Beginners and Normals against it) in a throw-away data folder, records every hand through
:class:`~cekidesk.ui.adapters.statistics.StatisticsRecorder` exactly as the window does, then opens the
Statistics window on ``--game`` at ``--size`` and saves a grab of it.  Works offscreen
(``QT_QPA_PLATFORM=offscreen``) or on a display.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--game", default="ceki")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--language", default="en")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="cekidesk-stats-")
    os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = home   # never the player's own files
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

    from PySide6.QtCore import QObject, Signal
    from PySide6.QtWidgets import QApplication

    from cekidesk.bots import make_bot
    from cekidesk.games import get_game, new_match
    from cekidesk.persistence.saves import Seat
    from cekidesk.persistence.statistics import StatisticsStore
    from cekidesk.selfplay import play_hand
    from cekidesk.ui.adapters.statistics import StatisticsRecorder
    from cekidesk.ui.foundations import i18n
    from cekidesk.ui.foundations.fonts import install_javanese_font
    from cekidesk.ui.window.statistics_window import StatisticsDialog

    class Session(QObject):
        """What the recorder reads of the controller."""

        started = Signal()
        handEnded = Signal()
        counts_for_statistics = True

    app = QApplication.instance() or QApplication([])
    install_javanese_font()
    i18n.set_language(args.language)
    store = StatisticsStore()
    session = Session()
    StatisticsRecorder(session, store, session)
    spec = get_game(args.game)
    rng = random.Random(args.seed)
    n = spec.default_players
    for k in range(args.matches):
        level = rng.choice(("beginner", "normal"))
        session.seats = (Seat.human("You"),) + tuple(Seat.bot(level, f"Bot {i}") for i in range(1, n))
        session.match = new_match(spec.id, n, rng.randrange(10**6), None,
                                  {"mode": "money" if k % 5 else "hands", "hands": 4})
        bots = [make_bot(spec.id, "normal" if p == 0 else level, p) for p in range(n)]
        rngs = [random.Random(rng.random()) for _ in range(n)]
        session.started.emit()
        for hand in range(rng.randrange(2, 7)):
            if hand:
                if session.match.is_over():
                    break
                session.match.next_hand()
                session.started.emit()
            play_hand(session.match, lambda p, view, bots=bots, rngs=rngs: bots[p].choose(view, rngs[p]),
                      100_000, "hand")
            session.handEnded.emit()
    dlg = StatisticsDialog(store, spec.id)
    w, h = (int(v) for v in args.size.split("x"))
    dlg.resize(w, h)
    dlg.show()
    app.processEvents()
    dlg.grab().save(str(args.out))
    print(f"{args.out}: {len(store.matches_of(spec.id))} matches of {spec.id}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
