"""Issue 32, Downloads: the command line of the bundled app where Qt cannot help.

* Windows' ``cekidesk.exe`` is a windowed program: ``--version``, ``--help`` and a wrong option's line
  reach the console it was typed in (``AttachConsole``), only then (a Windows run is stood in for: the
  console's API and its CONOUT$ device);
* a start without a display says so in the app's own words and the player's language, before Qt's
  xcb plugin could abort with its own message (a real start, in a subprocess)."""
from __future__ import annotations

import builtins
import io
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from cekidesk import __version__
from cekidesk import app as cli
from cekidesk.ui import app as ui_app

ROOT = Path(__file__).resolve().parents[1]


# -- no display ------------------------------------------------------------------------------------
@pytest.mark.parametrize("env, argv, platform, problem", [
    ({}, ["cekidesk"], "linux", "no-display"),
    ({"DISPLAY": ":0"}, ["cekidesk"], "linux", None),
    ({"WAYLAND_DISPLAY": "wayland-0"}, ["cekidesk"], "linux", None),
    ({"QT_QPA_PLATFORM": "offscreen"}, ["cekidesk"], "linux", None),
    ({"QT_QPA_PLATFORM": "wayland;xcb"}, ["cekidesk"], "linux", "no-display"),
    ({"QT_QPA_PLATFORM": "xcb"}, ["cekidesk"], "linux", "no-display"),
    ({"QT_QPA_PLATFORM": "vnc:size=800x600"}, ["cekidesk"], "linux", None),
    ({}, ["cekidesk", "-platform", "offscreen"], "linux", None),
    ({"DISPLAY": ""}, ["cekidesk"], "freebsd14", "no-display"),
    ({}, ["cekidesk"], "win32", None),
    ({}, ["cekidesk"], "darwin", None),
])
def test_display_problem(env, argv, platform, problem):
    assert cli.display_problem(env, argv, platform) == problem


def test_a_wayland_session_without_its_variable_still_has_its_display(tmp_path):
    env = {"XDG_SESSION_TYPE": "wayland", "XDG_RUNTIME_DIR": str(tmp_path)}
    assert cli.display_problem(env, ["cekidesk"], "linux") == "no-display"
    (tmp_path / "wayland-0").touch()
    assert cli.display_problem(env, ["cekidesk"], "linux") is None
    assert cli.display_problem({**env, "XDG_SESSION_TYPE": "x11"}, ["cekidesk"], "linux") == "no-display"


def _headless_env(tmp_path: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE", "QT_QPA_PLATFORM", "LANGUAGE", "LC_ALL",
                        "LC_MESSAGES", "LANG")}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(ROOT), LANG="C.UTF-8", **more)
    return env


def _start(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cekidesk.app", *args], env=env, cwd=str(env["HOME"]),
                          capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a display server of X11 or Wayland")
@pytest.mark.parametrize("language, words", [
    (None, "CekiDesk cannot open its window: no graphical desktop was found"),
    ("id", "CekiDesk tidak dapat membuka jendelanya: tidak ada desktop grafis"),
    ("jv-Java", "CekiDesk ora bisa mbukak jendhelané"),   # (in Latin letters: a terminal rarely has aksara Jawa)
])
def test_a_start_without_a_display_says_so_in_the_players_language(tmp_path, language, words):
    env = _headless_env(tmp_path)
    if language is not None:
        save = ("from cekidesk.persistence.settings import Settings, save_settings\n"
                f"save_settings(Settings(language={language!r}))\n")
        subprocess.run([sys.executable, "-c", save], env=env, check=True, timeout=120)
    done = _start(env)
    assert done.returncode == cli.NO_DISPLAY_STATUS, done.stderr
    lines = done.stderr.splitlines()
    assert lines[0].startswith("cekidesk: " + words), done.stderr
    assert len(lines) == 3 and "cekidesk-selftest" in lines[2]
    assert "xcb" not in done.stderr and "Traceback" not in done.stderr and "qt.qpa" not in done.stderr
    assert done.stdout == ""
    assert not any(ord(ch) in range(0xA980, 0xA9E0) for ch in done.stderr)


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a display server of X11 or Wayland")
def test_version_and_help_need_no_display(tmp_path):
    env = _headless_env(tmp_path)
    done = _start(env, "--version")
    assert (done.returncode, done.stdout, done.stderr) == (0, f"CekiDesk {__version__}\n", "")
    done = _start(env, "--help")
    assert done.returncode == 0 and done.stdout.startswith("usage: cekidesk") and done.stderr == ""


def test_no_display_message_follows_the_settings_language(monkeypatch, qapp):
    from cekidesk.persistence.settings import Settings

    monkeypatch.setattr("cekidesk.persistence.settings.load_settings", lambda: Settings(language="jv"))
    text = ui_app.no_display_message()
    assert text.startswith("cekidesk: CekiDesk ora bisa mbukak jendhelané") and text.count("\n") == 2
    assert qapp.translate("NoDisplay", "To check this CekiDesk without a display, run cekidesk-selftest.") \
        .startswith("To check")   # (the translation is taken out again: the window's language is untouched)


# -- Windows: the windowed program's console ---------------------------------------------------------
class StdHandles:
    """``kernel32.GetStdHandle`` (with the ``restype`` ctypes sets)."""

    def __init__(self, win: FakeWindows):
        self.win, self.restype = win, None

    def __call__(self, which: int) -> int | None:
        return self.win.std_handle(which)


class FakeWindows:
    """A windowed Windows program's state: no standard streams; a parent console (or none) to attach to,
    whose CONOUT$ device is ``self.console``."""

    def __init__(self, monkeypatch, has_parent_console: bool = True, redirected_to: Path | None = None):
        self.attached: list[int] = []
        self.console = io.StringIO()
        self.console.close = lambda: None   # (the program keeps it open)
        self.redirected = None if redirected_to is None else os.open(redirected_to, os.O_WRONLY | os.O_CREAT)
        kernel32 = types.SimpleNamespace(AttachConsole=self.attach, GetStdHandle=StdHandles(self))
        self.has_parent_console = has_parent_console
        monkeypatch.setattr(sys, "platform", "win32")
        monkeypatch.setattr(sys, "stdout", None)
        monkeypatch.setattr(sys, "stderr", None)
        windll = types.SimpleNamespace(kernel32=kernel32)
        monkeypatch.setitem(sys.modules, "ctypes", types.SimpleNamespace(windll=windll, c_void_p=object))
        # a standard handle is the descriptor itself here (msvcrt.open_osfhandle's stand-in returns it)
        monkeypatch.setitem(sys.modules, "msvcrt", types.SimpleNamespace(open_osfhandle=lambda handle, flags: handle))
        real_open = builtins.open

        def fake_open(name, *args, **kwargs):
            return self.console if name == "CONOUT$" else real_open(name, *args, **kwargs)

        monkeypatch.setattr(builtins, "open", fake_open)

    def std_handle(self, which: int) -> int | None:
        assert which in (cli.STD_OUTPUT_HANDLE, cli.STD_ERROR_HANDLE)
        return self.redirected if which == cli.STD_OUTPUT_HANDLE else None

    def attach(self, pid: int) -> int:
        self.attached.append(pid)
        return 1 if self.has_parent_console else 0


def test_version_reaches_the_console_it_was_typed_in(monkeypatch):
    win = FakeWindows(monkeypatch)
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0
    assert win.attached == [-1] and win.console.getvalue() == f"CekiDesk {__version__}\n"


def test_version_goes_where_it_was_redirected(monkeypatch, tmp_path):
    """``cekidesk.exe --version > v.txt``, or PowerShell capturing it (as the workflow does): the
    redirected handle, no console."""
    win = FakeWindows(monkeypatch, redirected_to=tmp_path / "v.txt")
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    sys.stdout.flush()
    assert (tmp_path / "v.txt").read_text(encoding="utf-8") == f"CekiDesk {__version__}\n"
    assert win.console.getvalue() == ""


def test_help_and_a_wrong_option_reach_the_console(monkeypatch):
    win = FakeWindows(monkeypatch)
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert win.console.getvalue().startswith("usage: cekidesk") and "--version" in win.console.getvalue()
    win = FakeWindows(monkeypatch)
    with pytest.raises(SystemExit) as stop:
        cli.main(["--seed", "x"])
    assert stop.value.code == 2 and "the deal number must be a whole number" in win.console.getvalue()


def test_a_window_start_takes_no_console(monkeypatch):
    """Started from the Start menu or a file's double click: no console is attached (closing one would
    close the game)."""
    win = FakeWindows(monkeypatch)
    calls = []
    monkeypatch.setattr(ui_app, "run", lambda **kw: calls.append(kw) or 0)
    assert cli.main(["--new"]) == 0
    assert calls and win.attached == []


def test_without_a_parent_console_nothing_breaks(monkeypatch):
    win = FakeWindows(monkeypatch, has_parent_console=False)
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0 and win.attached and win.console.getvalue() == "" and sys.stdout is None


def test_elsewhere_the_streams_are_left_alone(monkeypatch, capsys):
    assert not cli.attach_parent_console()
    monkeypatch.setattr(sys, "platform", "win32")
    assert not cli.attach_parent_console()   # (a console program has its streams already)
