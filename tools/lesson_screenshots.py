"""Screenshots of a lesson ("Learn to play"), one per note, to look at what a new player meets.

    python3 tools/lesson_screenshots.py OUTDIR [--game ceki] [--size 1280x720] [--language jv-Java]
        [--notes 0,3,4]

Starts the main window with a throw-away settings/save location (your own games and settings are
never touched), starts the lesson of ``--game`` and plays it as the notes say: each note is saved as
``OUTDIR/<game>-<language>-<size>-note<NN>.png`` (only the notes listed in ``--notes``, if given),
then read, and the taught move is made.  Works offscreen (``QT_QPA_PLATFORM=offscreen``) or on a
real or virtual display.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="the folder for the pictures")
    ap.add_argument("--game", default="ceki", help="the game whose lesson is played")
    ap.add_argument("--size", default="1280x720", help="window size (default 1280x720)")
    ap.add_argument("--language", default="en", help="interface language: en, id, jv, jv-Java")
    ap.add_argument("--notes", default="", help="the notes to save, by number from 0 (default: all)")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    wanted = {int(n) for n in args.notes.split(",") if n.strip()}

    tmp = tempfile.mkdtemp(prefix="cekidesk-lesson-")
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[var] = os.path.join(tmp, var.lower())
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.app import guard_none_refcount, make_application
    from cekidesk.ui.main_window import MainWindow
    from cekidesk.ui.window.coach import SummaryDialog

    guard_none_refcount()
    app = QApplication.instance() or make_application()
    win = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, language=args.language))
    win.resize(w, h)
    win.show()
    win.activateWindow()
    c, coach = win.controller, win.coach

    def pump(ms: int = 30) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    if not coach.start(args.game):
        print(f"{args.game} has no lesson", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    shown = 0
    for _ in range(5000):
        if any(d.isVisible() for d in win.findChildren(SummaryDialog)) or not coach.active():
            break
        if coach.bubble.isVisible() and coach.note() is not None:
            pump(150)
            if not wanted or shown in wanted:
                out = args.out / f"{args.game}-{args.language}-{args.size}-note{shown:02d}.png"
                win.grab().save(str(out))
                print(f"{out}: {coach.bubble.text.text()}")
            shown += 1
            coach.read_note()
            continue
        move = coach.taught()
        if move is not None and move.player == c.human_seat and c.waiting_for_human() \
                and (coach.lesson.watch_from is None or coach.index() < coach.lesson.watch_from):
            c.play(move)
        pump(5)
    win.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
