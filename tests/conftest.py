"""Shared test set-up.  Qt always runs offscreen in tests; every test game under tests/ is registered
(see ``pytest_plugins``); user directories are redirected to a temporary folder so a test run never
touches the real settings or saves; property tests never time their examples (CI is a busy two-core
machine: speed is measured in bench/, not tested)."""
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Tables announced or looked for on the local network (cekidesk/net/discovery.py) multicast on 127.0.0.1
# only, and announce only 127.0.0.1: no test sends anything off this computer.
os.environ.setdefault("CEKIDESK_DISCOVERY_LOOPBACK", "1")

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# Test games added the way a built-in game is (their two packages and a registry entry): each package
# under tests/ with a ``plugin.py`` registers its game before the tests are collected (its
# ``pytest_configure``), so every shared test that takes its games from the registry meets it in a
# plain ``python3 -m pytest``.  No test game is named here.  (tests/toygames/ holds games that only
# the tests using them register, for as long as they run.)
pytest_plugins = sorted(f"{path.parent.name}.plugin" for path in Path(__file__).parent.glob("*/plugin.py"))

# Hypothesis fails an example that takes over 200 ms (``deadline``) and a test whose examples are slow
# to generate (``too_slow``): both only measure the machine.  A test's own @settings keeps these
# unless it sets them itself.
settings.register_profile("cekidesk", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("cekidesk")


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path, monkeypatch):
    """Point platformdirs' config and data directories at a temporary folder."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    yield


@pytest.fixture
def boxes(monkeypatch):
    """Message boxes are recorded as (kind, title, text) instead of shown (a modal box would block
    the test); a question is answered Yes; the modal New Game dialog is cancelled at once."""
    from PySide6.QtWidgets import QDialog, QMessageBox

    from cekidesk.ui.dialogs.new_game import NewGameDialog

    seen: list[tuple[str, str, str]] = []

    def answer(kind, button):
        def box(parent, title, text, *args, **kwargs):
            seen.append((kind, title, text))
            return button
        return staticmethod(box)

    for kind in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, answer(kind, QMessageBox.StandardButton.Ok))
    monkeypatch.setattr(QMessageBox, "question", answer("question", QMessageBox.StandardButton.Yes))
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    from cekidesk.ui.window import quit_prompt

    def quit_anyway(parent, text, can_save):   # the question at quit (something not written): Quit anyway
        seen.append(("quit", "", text))
        return "quit"

    monkeypatch.setattr(quit_prompt, "ask", quit_anyway)
    return seen
