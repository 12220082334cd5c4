"""Looking for tables on the local network is the player's to turn off (issue 30: "off when the user
says so"): the Join dialog's check box starts and stops the zeroconf browser, and the settings keep
the choice for the next time."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from cekidesk.persistence.settings import Settings
from cekidesk.ui.dialogs.join_table import JoinTableDialog
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.window.features import network


class Recorded:
    made: list[Recorded] = []

    def __init__(self, on_change):
        self.closed = False
        Recorded.made.append(self)

    def close(self) -> None:
        self.closed = True


def _dialog() -> JoinTableDialog:
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, JoinTableDialog) and w.isVisible())


def test_looking_for_tables_is_off_when_the_player_says_so(qtbot, monkeypatch):
    Recorded.made = []
    monkeypatch.setattr(network, "Browser", Recorded)
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, look_for_tables=False))
    qtbot.addWidget(w)
    saved: list[bool] = []
    monkeypatch.setattr(w, "save_settings", lambda: saved.append(w.settings.look_for_tables))
    w.network.join_dialog()
    dlg = _dialog()
    assert not dlg.look_check.isChecked() and Recorded.made == []   # nothing asked on the network
    assert dlg.discovery_line.text().startswith("Not looking for tables")
    dlg.look_check.setChecked(True)        # the player turns it on: the browser starts, the choice is kept
    assert len(Recorded.made) == 1 and not Recorded.made[0].closed
    assert w.settings.look_for_tables and saved == [True] and dlg.discovery_line.isHidden()
    dlg.look_check.setChecked(False)       # and off again: the browser stops
    assert Recorded.made[0].closed and len(Recorded.made) == 1
    assert not w.settings.look_for_tables and saved == [True, False]
    dlg.reject()


def test_looking_is_on_by_default_and_stops_with_the_dialog(qtbot, monkeypatch):
    Recorded.made = []
    monkeypatch.setattr(network, "Browser", Recorded)
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.network.join_dialog()
    dlg = _dialog()
    assert dlg.look_check.isChecked() and len(Recorded.made) == 1
    dlg.reject()
    assert Recorded.made[0].closed
