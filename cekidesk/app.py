"""The ``cekidesk`` command: parse the command line, then open the game window."""
from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

from cekidesk import __version__

MAX_SEED = 2**63 - 1


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one clear line, exit status 2
        self.exit(2, f"{self.prog}: {message} (see `{self.prog} --help`)\n")


def _seed(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the deal number must be a whole number, not {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"the deal number must be between 0 and {MAX_SEED}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cekidesk",
                description="Play Ceki and the other Ceki-card games of Java against computer players.")
    p.add_argument("--new", action="store_true",
                   help="start with the New Game dialog, without offering to continue the unfinished game")
    p.add_argument("file", metavar="FILE", nargs="?",
                   help="a saved game (.cekisave) to open; if CekiDesk is already running, it opens there")
    p.add_argument("--open", metavar="FILE", help="the same as FILE")
    p.add_argument("--seed", metavar="N", type=_seed,
                   help="deal number to put in the New Game dialog (the same number deals the same cards)")
    p.add_argument("--version", action="version", version=f"CekiDesk {__version__}")
    return p


def main(argv: list[str] | None = None) -> int:
    # a frozen app (PyInstaller) starts its bot process by running itself: this turns that run into
    # the bot process instead of a second window (a no-op otherwise)
    multiprocessing.freeze_support()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.file is not None and args.open is not None:
        parser.error("give the file to open once: FILE or --open FILE")
    path = args.file if args.file is not None else args.open
    from cekidesk.ui.app import run  # Qt is loaded only once the command line is good

    # (absolute: a CekiDesk that already runs, in another folder, may be the one to open it)
    return run(new=args.new, open_path=None if path is None else os.path.abspath(path), seed=args.seed)


if __name__ == "__main__":
    sys.exit(main())
