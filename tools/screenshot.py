"""Take screenshots of the real CekiDesk window (for the README and for looking at the app).

    python3 tools/screenshot.py docs/screenshot.png [--end docs/screenshot-end.png]
        [--size 1280x720] [--language jv-Java] [--card-names both] [--seed 7] [--players 4] [--calls 1] [--you-call] [--discards 6] [--moves 6]

Starts the main window with a throw-away settings/save location (your own games and settings are
never touched), begins a Ceki match with the given deal number, and lets the computer players and a
scripted "you" (the heuristic's choices, what the Hint would say) play until it is your turn to throw
a card, at least ``--moves`` of your moves were played, at least ``--calls`` other players have called
ceki (and you too with ``--you-call``, not you without it) and the pile holds at least ``--discards``
cards; then it saves a grab of the window.  If the
deal ends before that, the next deal numbers are tried (the one used is printed: the same command
gives the same picture).  With ``--end`` it then plays the hand out and saves the window with the
end-of-hand dialog over it.

Works on a real or virtual X display (``DISPLAY=:99``) or offscreen (``QT_QPA_PLATFORM=offscreen``).
The grab is the window's own rendering (no window-manager frame); the dialog is composed over it
where it sits on the screen.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="the mid-hand picture (.png)")
    ap.add_argument("--end", type=Path, help="also play the hand out and save the end-of-hand dialog here")
    ap.add_argument("--size", default="1280x720", help="window size (default 1280x720)")
    ap.add_argument("--seed", type=int, default=7, help="deal number to start from")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--moves", type=int, default=6, help="at least this many of your moves first")
    ap.add_argument("--calls", type=int, default=1, help="at least this many other players have called ceki")
    ap.add_argument("--you-call", action="store_true", help="you have called ceki too (default: you have not)")
    ap.add_argument("--discards", type=int, default=6, help="at least this many cards on the pile")
    ap.add_argument("--tries", type=int, default=200, help="deal numbers to try")
    ap.add_argument("--game", default="ceki", choices=("ceki", "pei"),
                    help="pei: three players; the picture is taken at your turn after --moves of your moves "
                         "(with --capture: at a capture choice of yours)")
    ap.add_argument("--capture", action="store_true", help="pei: wait for a capture choice of yours")
    ap.add_argument("--language", default="en", help="interface language: en, id, jv, jv-Java")
    ap.add_argument("--card-names", default="latin", choices=("latin", "javanese", "both"),
                    help="how Javanese card names are written")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))

    tmp = tempfile.mkdtemp(prefix="cekidesk-shot-")
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[var] = os.path.join(tmp, var.lower())
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

    from PySide6.QtCore import QEventLoop, QPoint, QTimer
    from PySide6.QtGui import QPainter, QPixmap
    from PySide6.QtWidgets import QApplication

    from cekidesk.bots import make_bot
    from cekidesk.persistence.saves import Seat
    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.app import guard_none_refcount, make_application
    from cekidesk.ui.dialogs import NewGameConfig
    from cekidesk.ui.main_window import MainWindow

    guard_none_refcount()
    app = QApplication.instance() or make_application()
    win = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, language=args.language,
                              card_names=args.card_names))
    win.resize(w, h)
    win.show()
    win.activateWindow()
    if args.game == "pei":
        args.players = 3
    names = ["Budi", "Sari", "Ayu", "Joko", "Wati"]
    levels = ["heuristic", "heuristic", "random", "heuristic", "random"]
    seats = [Seat.human("You")] + [Seat.bot(levels[i], names[i]) for i in range(args.players - 1)]
    c = win.controller

    def pump(ms: int = 30) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def ready(moves: int) -> bool:
        v = c.view()
        if args.game == "pei":
            if args.capture:
                return v.phase == "capture"
            return v.phase == "play" and moves >= args.moves
        me_called = v.called[v.viewer]
        return (v.phase == "discard" and moves >= args.moves and sum(v.called) - me_called >= args.calls
                and me_called == args.you_call and len(v.discards) >= args.discards)

    for seed in range(args.seed, args.seed + args.tries):
        win.start_new_game(NewGameConfig(args.game, seats, seed, {}, {"mode": "money", "stake_cents": 5}))
        me = make_bot(args.game, "heuristic", c.human_seat)
        moves = 0
        while not c.match.hand_over():
            if c.waiting_for_human():
                if ready(moves):
                    break
                m = c.match
                c.play(me.choose(c.view(), random.Random(f"you:{m.seed}:{len(m.logs[-1])}")))
                moves += 1
            pump(2)
        if not c.match.hand_over():
            break
    else:
        print(f"no deal from {args.seed} to {args.seed + args.tries - 1} gives such a moment", file=sys.stderr)
        return 1
    pump(300)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    win.grab().save(str(args.out))
    v = c.view()
    if args.game == "pei":
        print(f"{args.out}: deal no. {seed}, {moves} moves of yours, phase {v.phase}, stock {v.stock_count}")
    else:
        print(f"{args.out}: deal no. {seed}, {moves} moves of yours, {sum(v.called)} ceki call(s), "
              f"{len(v.discards)} discards, stock {v.stock_count}")

    if args.end:
        while not c.match.hand_over():
            if c.waiting_for_human():
                m = c.match
                c.play(me.choose(c.view(), random.Random(f"you:{m.seed}:{len(m.logs[-1])}")))
            pump(2)
        for _ in range(200):
            if win.hand_end_dialog is not None and win.hand_end_dialog.isVisible():
                break
            pump(10)
        dlg = win.hand_end_dialog
        if dlg is None:
            print("the end-of-hand dialog did not open", file=sys.stderr)
            return 1
        pump(400)
        shot = QPixmap(win.grab())
        p = QPainter(shot)
        offset = dlg.frameGeometry().topLeft() - win.geometry().topLeft()
        dlg_shot = dlg.grab()
        # where the dialog sits relative to the window's contents, kept inside the picture
        x = min(max(0, offset.x()), max(0, shot.width() - dlg_shot.width()))
        y = min(max(0, offset.y()), max(0, shot.height() - dlg_shot.height()))
        p.drawPixmap(QPoint(x, y), dlg_shot)
        p.end()
        args.end.parent.mkdir(parents=True, exist_ok=True)
        shot.save(str(args.end))
        res = c.match.history[-1].result
        print(f"{args.end}: {dlg.headline.text()} ({res.outcome})")
    win.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
