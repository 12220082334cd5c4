"""Issue 17, the app side: the command line's FILE, --open, --version and --help; a file handed to the
running CekiDesk by a second ``cekidesk`` (one instance per user) or by macOS (QFileOpenEvent); and
the package metadata a build reads."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QDir
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtNetwork import QLocalServer
from PySide6.QtWidgets import QApplication, QDialog
from waiting import HANG_GUARD_MS, finishes
from window_helpers import open_window

from cekidesk import __version__
from cekidesk.app import build_parser, main
from cekidesk.persistence.saves import Seat
from cekidesk.ui import app as ui_app
from cekidesk.ui import dialogs, instance
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.main_window import MainWindow

REPO = Path(__file__).resolve().parents[1]
SEATS = [Seat.human("You"), Seat.bot("beginner", "Budi"), Seat.bot("beginner", "Sari")]


# ---------------------------------------------------------------------------------------------
# the command line

def test_version_prints_the_package_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"CekiDesk {__version__}"


def test_help_names_the_file_and_every_flag(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("usage: cekidesk ")
    for words in ("FILE", "--open FILE", "--new", "--seed N", "--version", "already running"):
        assert words in out


def test_a_file_given_either_way_reaches_the_window_as_an_absolute_path(monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr(ui_app, "run", lambda **kw: calls.append(kw) or 0)
    monkeypatch.chdir(tmp_path)
    assert main(["game.cekisave"]) == 0
    assert main(["--open", "game.cekisave", "--new"]) == 0
    assert main([]) == 0
    want = str(tmp_path / "game.cekisave")
    assert calls == [dict(new=False, open_path=want, seed=None), dict(new=True, open_path=want, seed=None),
                     dict(new=False, open_path=None, seed=None)]


@pytest.mark.parametrize("argv, words", [
    (["a.cekisave", "--open", "b.cekisave"], "give the file to open once: FILE or --open FILE"),
    (["a.cekisave", "b.cekisave"], "unrecognized arguments: b.cekisave"),
    (["--open"], "argument --open: expected one argument"),
])
def test_a_wrong_command_line_is_one_line_and_status_2(capsys, argv, words):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_the_parser_keeps_its_flags():
    args = build_parser().parse_args(["--seed", "7", "x.cekisave"])
    assert (args.file, args.open, args.seed, args.new) == ("x.cekisave", None, 7, False)


# ---------------------------------------------------------------------------------------------
# the window: a file handed to it

def _saved_game(w: MainWindow, tmp_path: Path, seed: int, name: str = "g.cekisave") -> Path:
    """A save of a fresh Ceki match dealt with ``seed`` (the window is left without a game)."""
    assert w.start_new_game(NewGameConfig("ceki", list(SEATS), seed, {}, {"mode": "hands", "hands": 3}))
    path = tmp_path / name
    assert w.save_to(path)
    return path


def _ready_window(qtbot) -> MainWindow:
    """A window after its start (the New Game dialog cancelled by ``boxes``): no game on the table."""
    w = open_window(qtbot)
    w.startup()
    assert w.controller.match is None
    return w


def test_a_handed_file_replaces_the_game_in_progress_once_the_player_agrees(qtbot, boxes, tmp_path):
    w = _ready_window(qtbot)
    path = _saved_game(w, tmp_path, seed=41)
    assert w.start_new_game(NewGameConfig("ceki", list(SEATS), 42, {}, {"mode": "hands", "hands": 3}))
    w.open_requested(str(path))
    assert w.controller.match.seed == 41
    assert [b[0] for b in boxes] == ["question"] and "g.cekisave" in boxes[0][2]
    assert "Opened g.cekisave." in w.log_dock.lines()


def test_a_broken_handed_file_is_reported_in_the_window_and_changes_nothing(qtbot, boxes, tmp_path):
    w = _ready_window(qtbot)
    assert w.start_new_game(NewGameConfig("ceki", list(SEATS), 43, {}, {"mode": "hands", "hands": 3}))
    bad = tmp_path / "broken.cekisave"
    bad.write_bytes(b"\x00 not a save \xff")
    m = w.controller.match
    w.open_requested(str(bad))
    w.open_requested(str(tmp_path / "missing.cekisave"))
    assert w.controller.match is m
    assert [b[:2] for b in boxes] == [("warning", "Cannot open this file")] * 2
    assert all("Traceback" not in b[2] for b in boxes)
    assert bad.read_bytes() == b"\x00 not a save \xff"


def test_a_file_handed_while_a_dialog_is_open_waits_for_it(qtbot, boxes, tmp_path):
    w = _ready_window(qtbot)
    path = _saved_game(w, tmp_path, seed=44)
    w.start_new_game(NewGameConfig("ceki", list(SEATS), 45, {}, {"mode": "hands", "hands": 3}))
    dlg = QDialog(w)
    dlg.setModal(True)
    dlg.show()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is dlg, timeout=HANG_GUARD_MS)
    w.open_requested(str(path))
    assert w.controller.match.seed == 45 and boxes == []
    dlg.accept()
    qtbot.waitUntil(lambda: w.controller.match.seed == 44, timeout=HANG_GUARD_MS)


def test_a_file_handed_before_the_start_is_the_one_the_start_opens(qtbot, boxes, tmp_path, monkeypatch):
    w0 = _ready_window(qtbot)
    path = _saved_game(w0, tmp_path, seed=46)
    w0.close()
    asked = []
    monkeypatch.setattr(dialogs, "ask_continue", lambda parent, loaded: asked.append(loaded) and False)
    w = open_window(qtbot)
    w.open_requested(str(path))            # (macOS: the Finder's file may come before the start)
    assert w.controller.match is None
    w.startup()
    assert w.controller.match.seed == 46
    assert boxes == [] and asked == []     # opened as the start's file: no question, no offer to continue


def test_a_broken_file_on_the_command_line_is_reported_and_the_start_goes_on(qtbot, boxes, tmp_path):
    bad = tmp_path / "bad.cekisave"
    bad.write_text("{", encoding="utf-8")
    w = open_window(qtbot)
    w.startup(open_path=str(bad))
    assert boxes[0][:2] == ("warning", "Cannot open this file") and "Traceback" not in boxes[0][2]
    assert bad.read_text(encoding="utf-8") == "{"
    assert w.controller.match is None      # and then the New Game dialog (cancelled here) as usual


def test_macos_open_document_event_opens_the_file(qtbot, boxes, tmp_path):
    w = _ready_window(qtbot)
    path = _saved_game(w, tmp_path, seed=47)
    w.start_new_game(NewGameConfig("ceki", list(SEATS), 48, {}, {"mode": "hands", "hands": 3}))
    app = QApplication.instance()
    events = instance.FileOpenEvents(ignore=str(tmp_path / "from-the-command-line.cekisave"))
    server = instance.InstanceServer()
    ui_app.take_requests(w, server, events)
    app.installEventFilter(events)
    try:
        with qtbot.waitSignal(events.fileRequested, timeout=HANG_GUARD_MS):
            QCoreApplication.postEvent(app, QFileOpenEvent(str(tmp_path / "from-the-command-line.cekisave")))
            QCoreApplication.postEvent(app, QFileOpenEvent(str(path)))
        assert w.controller.match.seed == 47
        assert [b[0] for b in boxes] == ["question"]   # the command line's file was skipped, not reported
    finally:
        app.removeEventFilter(events)


# ---------------------------------------------------------------------------------------------
# one instance

@pytest.fixture
def first(qtbot, boxes):
    """The running CekiDesk of this test's user: a window after its start and its server."""
    w = _ready_window(qtbot)
    server = instance.claim(None)
    assert server is not None
    ui_app.take_requests(w, server, instance.FileOpenEvents())
    yield w, server
    server.close()


def _second(qtbot, *args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    """``cekidesk ARGS`` as a second process of the same user (the same data folder), started in
    ``cwd``, while this process's event loop answers it."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "cekidesk.app", *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=2 * HANG_GUARD_MS)
    out, err = proc.communicate()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def test_a_second_cekidesk_hands_its_file_to_the_first_and_exits(qtbot, first, tmp_path):
    w, server = first
    path = _saved_game(w, tmp_path, seed=49)
    w.start_new_game(NewGameConfig("ceki", list(SEATS), 50, {}, {"mode": "hands", "hands": 3}))
    with qtbot.waitSignal(server.fileRequested, timeout=2 * HANG_GUARD_MS) as got:
        done = _second(qtbot, "g.cekisave", cwd=tmp_path)     # relative to the second one's folder
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert got.args == [str(path)]
    assert w.controller.match.seed == 49


def test_a_second_cekidesk_without_a_file_brings_the_first_forward(qtbot, first):
    w, server = first
    with qtbot.waitSignal(server.raiseRequested, timeout=2 * HANG_GUARD_MS):
        done = _second(qtbot)
    assert (done.returncode, done.stderr) == (0, "")


def test_a_crashed_cekidesk_leaves_a_name_that_does_not_block_the_next(qtbot, boxes):
    """A Unix socket file nobody listens on (its CekiDesk was killed): the next one takes its place."""
    if sys.platform == "win32":
        pytest.skip("a named pipe goes with its process")
    stale = Path(QDir.tempPath()) / instance.server_name()
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(stale))
    sock.close()                            # (the file stays: nobody listens on it)
    assert stale.exists()
    assert instance.hand_over(None) is False
    server = instance.claim(None)
    assert server is not None and server._server.isListening()
    try:
        got = []
        server.raiseRequested.connect(lambda: got.append(1))
        done = _second(qtbot)
        assert done.returncode == 0 and got == [1]
    finally:
        server.close()


def test_a_first_cekidesk_that_does_not_answer_is_reported_not_doubled(qtbot):
    """It takes the connection but never answers (a hung window): the second says so and gives up."""
    mute = QLocalServer()
    assert mute.listen(instance.server_name())
    try:
        result, error = finishes(instance.hand_over, "/x/g.cekisave", 200)
        assert result is None and isinstance(error, instance.NotAnswering)
    finally:
        mute.close()


def test_run_reports_a_first_cekidesk_that_does_not_answer(monkeypatch, capsys):
    def mute(path):
        raise instance.NotAnswering("''")
    monkeypatch.setattr(instance, "hand_over", mute)
    assert ui_app.run(open_path="/x/g.cekisave") == 1
    err = capsys.readouterr().err
    assert err == "cekidesk: CekiDesk is already running but does not answer; close it, then try again\n"


@pytest.mark.parametrize("line, wanted", [
    (b'{"open": "/home/a/g.cekisave"}\n', {"open": "/home/a/g.cekisave"}),
    (b"{}\n", {}),
    (b'{"open": ""}\n', None),
    (b'{"open": 3}\n', None),
    (b'{"run": "rm"}\n', None),
    (b"[1]\n", None),
    (b"\xff\xfe\n", None),
    (b"not json\n", None),
])
def test_only_a_well_formed_request_is_taken(line, wanted):
    assert instance._parse(line) == wanted


def test_the_socket_is_one_per_user_data_folder(monkeypatch, tmp_path):
    mine = instance.server_name()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "someone-else"))
    assert instance.server_name() != mine
    assert mine.startswith("CekiDesk-") and len(mine) < 40     # (a Unix socket path is short)


# ---------------------------------------------------------------------------------------------
# what a package build reads (the build itself needs setuptools >= 77, fetched by pip's isolated build)

def _pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_an_spdx_expression_with_its_files():
    project = _pyproject()["project"]
    assert project["license"] == "MIT AND OFL-1.1"
    assert all((REPO / f).is_file() for f in project["license-files"])
    assert "MIT License" in (REPO / "LICENSE").read_text(encoding="utf-8")
    assert "setuptools>=77" in _pyproject()["build-system"]["requires"]


def test_every_resources_folder_is_a_package_of_the_build():
    """setup.py lists each folder of resources/ (setuptools warns of, and will drop, a data folder
    it does not list), found on disk: a new folder needs no line."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("cekidesk_setup", REPO / "setup.py")
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)            # (setup() itself runs only as __main__)
    folders = {"cekidesk.resources_data." + ".".join(p.relative_to(REPO / "resources").parts)
               for p in (REPO / "resources").rglob("*") if p.is_dir()}
    assert folders and folders <= set(setup.PACKAGES)
    assert "cekidesk.resources_data" in setup.PACKAGES and "cekidesk.ui.games.ceki" in setup.PACKAGES
