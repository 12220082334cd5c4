"""The ``cekidesk`` command.  The window arrives with the desktop-table issue."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print("CekiDesk 0.1: the game engine, computer players and simulator are ready "
          "(try `cekidesk-sim --help`); the game window is not yet built.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
