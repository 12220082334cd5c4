"""Take screenshots of the real CekiDesk window (for the README and for looking at the app).

    python3 tools/screenshot.py docs/screenshot.png [--end docs/screenshot-end.png] [--game <id>]
        [--size 1280x720] [--language jv-Java] [--card-names both] [--seed 7] [--players 4] [--moves 6]
        [--when 'phase=discard' --when 'discards>=6' --when 'called>=1' --when 'called[me]=false']

Starts the main window with a throw-away settings/save location (your own games and settings are
never touched), begins a match of ``--game`` (any registered game; default the first) with the given
deal number, and lets the computer players and a scripted "you" (your game's own computer player's
choices, what the Hint would say) play until it is your turn, at least ``--moves`` of your moves were
played and every ``--when`` condition holds on your view; then it saves a grab of the window.  A
condition names a field of the game's view: ``field=value`` (text, number, true/false) or
``field>=n`` / ``field<=n``; a field holding a list counts its items (true ones, for a list of
true/false), and ``field[me]`` is your own entry of a per-seat field.  If the deal ends before that,
the next deal numbers are tried (the one used is printed: the same command gives the same picture).
With ``--end`` it then plays the hand out and saves the window with the end-of-hand dialog over it.

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
from typing import Any


def _measure(value: Any) -> Any:
    """A view field as a condition compares it: a list counts its items (its true ones)."""
    if isinstance(value, (tuple, list)):
        return sum(1 for v in value if v) if all(isinstance(v, bool) for v in value) else len(value)
    return value


def condition(text: str):
    """A ``--when`` condition as a test of a view: ``field=value``, ``field>=n``, ``field<=n``, with
    ``field[me]`` for the viewer's own entry.  Nothing is evaluated as code."""
    for op in (">=", "<=", "="):
        field, sep, want = text.partition(op)
        if sep:
            break
    else:
        raise argparse.ArgumentTypeError(f"{text!r} is not field=value, field>=n or field<=n")
    field, want = field.strip(), want.strip()
    mine = field.endswith("[me]")
    field = field.removesuffix("[me]")

    def test(view: Any) -> bool:
        if not hasattr(view, field):
            raise SystemExit(f"--when {text!r}: the view has no field {field!r}")
        value = getattr(view, field)
        value = _measure(value[view.viewer] if mine else value)
        if op == "=":
            return str(value).lower() == want.lower()
        return value >= int(want) if op == ">=" else value <= int(want)
    return test


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="the mid-hand picture (.png)")
    ap.add_argument("--end", type=Path, help="also play the hand out and save the end-of-hand dialog here")
    ap.add_argument("--size", default="1280x720", help="window size (default 1280x720)")
    ap.add_argument("--seed", type=int, default=7, help="deal number to start from")
    ap.add_argument("--players", type=int, default=None, help="default: the game's usual number")
    ap.add_argument("--moves", type=int, default=6, help="at least this many of your moves first")
    ap.add_argument("--when", type=condition, action="append", default=[],
                    help="a condition on your view, e.g. phase=discard, discards>=6, called[me]=false (repeat)")
    ap.add_argument("--tries", type=int, default=200, help="deal numbers to try")
    ap.add_argument("--game", default=None, help="the game's id (default: the first game)")
    ap.add_argument("--language", default="en", help="interface language: en, id, jv, jv-Java")
    ap.add_argument("--card-names", default="latin", choices=("latin", "javanese", "both"),
                    help="how Javanese card names are written")
    ap.add_argument("--table-colour", default="green", choices=("green", "red"), help="the table's felt")
    ap.add_argument("--card-back", default="lattice", choices=("lattice", "kawung"), help="the card backs")
    ap.add_argument("--scale", type=int, default=100, help="the interface's size in percent (100-200)")
    ap.add_argument("--card-size", type=int, default=100, choices=(100, 125, 150), help="the cards' size, percent")
    ap.add_argument("--theme", default="light", choices=("light", "dark", "high_contrast"), help="the theme")
    ap.add_argument("--hint", action="store_true", help="ask for a hint before the picture (the hinted card marked)")
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
    from cekidesk.games import DEFAULT_GAME_ID, get_game
    from cekidesk.persistence.saves import Seat
    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.app import guard_none_refcount, make_application
    from cekidesk.ui.dialogs.new_game import NewGameConfig
    from cekidesk.ui.main_window import MainWindow

    guard_none_refcount()
    app = QApplication.instance() or make_application()
    win = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, language=args.language,
                              card_names=args.card_names, table_colour=args.table_colour,
                              card_back=args.card_back, interface_scale=args.scale, card_size=args.card_size,
                              theme=args.theme))
    win.resize(w, h)
    win.show()
    win.activateWindow()
    spec = get_game(args.game or DEFAULT_GAME_ID)
    players = args.players or spec.default_players
    own = spec.bots[0].level if spec.bots else "random"
    from cekidesk.ui.foundations.names import DEFAULT_BOT_NAMES as names
    levels = [own, own, "random", own, "random", own, "random", own]
    seats = [Seat.human("You")] + [Seat.bot(levels[i % len(levels)], names[i % len(names)])
                                   for i in range(players - 1)]
    c = win.controller

    def pump(ms: int = 30) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def ready(moves: int) -> bool:
        v = c.view()
        return moves >= args.moves and all(test(v) for test in args.when)

    for seed in range(args.seed, args.seed + args.tries):
        win.start_new_game(NewGameConfig(spec.id, seats, seed, {}, {"mode": "money", "stake_cents": 5}))
        me = make_bot(spec.id, own, c.human_seat)
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
    if args.hint:
        from PySide6.QtGui import QAction

        hint = win.findChild(QAction, "actHint")
        if hint is not None and hint.isEnabled():
            hint.trigger()
            for _ in range(300):   # the hint is thought about off the window's thread
                if win.table._hint is not None:
                    break
                pump(20)
    pump(300)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    win.grab().save(str(args.out))
    print(f"{args.out}: {spec.id}, deal no. {seed}, {moves} moves of yours")

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
