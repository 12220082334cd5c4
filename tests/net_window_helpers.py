"""What the networked window's tests share: two or three real windows (with the real Host, Join
and waiting-room dialogs' choices) at one table over 127.0.0.1, and a person's moves through the
controller."""
from __future__ import annotations

from dataclasses import dataclass, field

from cekidesk.net.client import legal_moves
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.dialogs.host_table import HostChoice
from cekidesk.ui.dialogs.join_table import JoinChoice
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.main_window import MainWindow

WAIT_MS = 15_000


@dataclass
class Table:
    host: MainWindow
    guest: MainWindow
    watcher: MainWindow
    people: list[MainWindow] = field(default_factory=list)


def window(qtbot) -> MainWindow:
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w, timeout=WAIT_MS)
    w.network.bind = "127.0.0.1"
    return w


def sit(qtbot, game: str, players: int, seed: int, tmp_path, undo: bool = False) -> Table:
    """The host's window hosts ``game`` (seat 0 the host, seat 1 a person who joins, the others
    computer players at pace 0), a second window joins it and a third watches; both people ready."""
    host, guest, watcher = window(qtbot), window(qtbot), window(qtbot)
    host.network.data = tmp_path
    seats = [Seat.human("Ayu"), Seat.human("Budi")] + [Seat.bot("beginner", f"Computer {i + 1}")
                                                      for i in range(2, players)]
    config = NewGameConfig(game, seats, seed, {}, {"mode": "hands", "hands": 2}, seed_chosen=True)
    host.network.host(HostChoice(config, ["you", "person"] + ["computer"] * (players - 2), takeover_after_s=600.0,
                                 undo=undo, announce=False, port=0))
    qtbot.waitUntil(lambda: host.network.remote is not None and host.network.remote.code is not None
                    and host.network.room is not None, timeout=WAIT_MS)
    code, port = host.network.remote.code, host.network.host_port
    guest.network.join(JoinChoice("127.0.0.1", port, code, "Budi", False))
    watcher.network.join(JoinChoice("127.0.0.1", port, code, "Wulan", spectate=True))
    qtbot.waitUntil(lambda: guest.network.remote is not None and guest.network.remote.you == 1
                    and watcher.network.remote is not None and watcher.network.remote.code == code,
                    timeout=WAIT_MS)
    for w in (host, guest):
        qtbot.waitUntil(lambda w=w: w.network.room is not None, timeout=WAIT_MS)
        w.network.room.readyToggled.emit(True)
    host.network.room.startRequested.emit()
    for w in (host, guest):
        qtbot.waitUntil(lambda w=w: w.controller.match is not None and not w.controller.match.hand_over(),
                        timeout=WAIT_MS)
    return Table(host, guest, watcher, [host, guest])


def play_one(w: MainWindow) -> bool:
    """The person's move at ``w``, if it is theirs: the first the view offers, through the controller."""
    c = w.controller
    if not c.waiting_for_human():
        return False
    assert c.play(legal_moves(c.view())[0])
    return True
