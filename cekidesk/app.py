"""The ``cekidesk`` command: parse the command line, then open the game window.

Two things happen before Qt is loaded, because Qt cannot do them well:

* On Windows the bundled ``cekidesk.exe`` is a windowed program (no console window pops up when it
  is double-clicked), so it has no standard output: ``--version``, ``--help`` and a wrong option's
  line would go nowhere.  Whatever the parser prints is written where it was redirected, or else to
  the console of the program that started it (``AttachConsole(ATTACH_PARENT_PROCESS)``,
  :func:`attach_parent_console`), and only then: a window started from the Start menu never gets a
  console.
* Without a display (no ``DISPLAY`` and no ``WAYLAND_DISPLAY`` on Linux, and no display-less Qt
  platform asked for) Qt's xcb plugin would abort with a message about ``libxcb-cursor`` and
  ``QT_QPA_PLATFORM``; :func:`display_problem` sees it first, and the app says so in its own words,
  in the player's language (:func:`cekidesk.ui.app.no_display_message`), with exit status 1.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Mapping
from typing import IO

from cekidesk import __version__

MAX_SEED = 2**63 - 1
#: the exit status of a start without a display
NO_DISPLAY_STATUS = 1
#: Qt platforms that need no display server (the self-test's offscreen, a VNC server of its own, a
#: bare console's framebuffer or EGL)
DISPLAYLESS_PLATFORMS = ("offscreen", "minimal", "vnc", "linuxfb", "eglfs", "vkkhrdisplay")
ATTACH_PARENT_PROCESS = -1                               # ((DWORD)-1, passed as a C int)
STD_OUTPUT_HANDLE, STD_ERROR_HANDLE = -11, -12           # ((DWORD)-11 and -12)
INVALID_HANDLE_VALUE = 2**64 - 1 if sys.maxsize > 2**32 else 2**32 - 1   # (HANDLE)-1 as ctypes.c_void_p gives it


def attach_parent_console() -> bool:
    """On Windows, in a program without standard streams (a windowed ``cekidesk.exe``): give it
    ``sys.stdout`` and ``sys.stderr`` — the pipe or file they were redirected to
    (``cekidesk.exe --version > v.txt``, or PowerShell capturing it), else the console of the program
    that started this one (the Command Prompt or PowerShell it was typed in).  True if they now go
    somewhere; False elsewhere, when the streams exist already, or when there is nowhere to write."""
    if sys.platform != "win32" or (sys.stdout is not None and sys.stderr is not None):
        return False
    import ctypes

    kernel32 = ctypes.windll.kernel32   # (Windows only)
    kernel32.GetStdHandle.restype = ctypes.c_void_p
    redirected = {name: _redirected_stream(kernel32.GetStdHandle(std))
                  for name, std in (("stdout", STD_OUTPUT_HANDLE), ("stderr", STD_ERROR_HANDLE))}
    console = None
    if None in redirected.values() and kernel32.AttachConsole(ATTACH_PARENT_PROCESS):
        # (the console's own text device: the prompt's window)
        console = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115 (kept open)
    if sys.stdout is None:
        sys.stdout = redirected["stdout"] or console
    if sys.stderr is None:
        sys.stderr = redirected["stderr"] or console
    return sys.stdout is not None or sys.stderr is not None


def _redirected_stream(handle: int | None) -> IO[str] | None:
    """A text stream over a standard handle the program was started with (a pipe or a file), if any."""
    if not handle or handle == INVALID_HANDLE_VALUE:
        return None
    try:
        import msvcrt

        fd = msvcrt.open_osfhandle(handle, os.O_WRONLY)  # type: ignore[attr-defined]  # (Windows only)
        return open(fd, "w", encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115 (kept open)
    except OSError:
        return None


def display_problem(env: Mapping[str, str] | None = None, argv: list[str] | None = None,
                    platform: str | None = None) -> str | None:
    """Why the window could not be shown here, before Qt tries: ``"no-display"`` on Linux (and the
    other X11/Wayland systems) when neither ``DISPLAY`` nor ``WAYLAND_DISPLAY`` is set (nor, in a
    Wayland session, is its default socket there) and no display-less Qt platform is asked for
    (``QT_QPA_PLATFORM`` or ``-platform``); else None.
    Windows and macOS always have their display."""
    env = os.environ if env is None else env
    argv = sys.argv if argv is None else argv
    platform = sys.platform if platform is None else platform
    if platform in ("win32", "darwin", "cygwin"):
        return None
    asked = env.get("QT_QPA_PLATFORM", "")
    if "-platform" in argv[:-1]:
        asked = argv[argv.index("-platform") + 1]
    names = [name.split(":")[0].strip() for name in asked.split(";") if name.strip()]
    if any(name in DISPLAYLESS_PLATFORMS for name in names):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    runtime = env.get("XDG_RUNTIME_DIR")
    if env.get("XDG_SESSION_TYPE") == "wayland" and runtime and os.path.exists(os.path.join(runtime, "wayland-0")):
        return None   # (a Wayland session whose variable was lost: Qt connects to its default socket)
    return "no-display"


class _Parser(argparse.ArgumentParser):
    """The command line's parser; what it prints reaches the console it was typed in, on Windows too."""

    def error(self, message: str):  # one clear line, exit status 2
        self.exit(2, f"{self.prog}: {message} (see `{self.prog} --help`)\n")

    def print_help(self, file=None) -> None:   # (file: any writable stream, as argparse's)
        attach_parent_console()
        super().print_help(file)

    def print_usage(self, file=None) -> None:
        attach_parent_console()
        super().print_usage(file)

    def exit(self, status: int = 0, message: str | None = None):
        if message:
            attach_parent_console()
        super().exit(status, message)


class _Version(argparse.Action):
    """``--version``: the version on standard output (argparse's own action writes to a stream
    taken before the console is attached)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        attach_parent_console()
        if sys.stdout is not None:
            sys.stdout.write(f"CekiDesk {__version__}\n")
            sys.stdout.flush()
        parser.exit()


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
    p.add_argument("--version", action=_Version, help="print the version and exit")
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
    if display_problem() is not None:
        from cekidesk.ui.app import no_display_message

        attach_parent_console()
        if sys.stderr is not None:
            print(no_display_message(), file=sys.stderr)
        return NO_DISPLAY_STATUS
    from cekidesk.ui.app import run  # Qt is loaded only once the command line is good

    # (absolute: a CekiDesk that already runs, in another folder, may be the one to open it)
    return run(new=args.new, open_path=None if path is None else os.path.abspath(path), seed=args.seed)


if __name__ == "__main__":
    sys.exit(main())
