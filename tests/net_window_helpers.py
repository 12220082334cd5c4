"""What the networked window's tests share: stand-ins for the network dialogs while the branch
that makes them ("netdialogs") is not merged yet (the real ones are used once they are there), two
or three real windows at one table over 127.0.0.1, and a person's moves through the controller."""
from __future__ import annotations

import importlib
import sys
import types
from dataclasses import dataclass, field

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QWidget

from cekidesk.net.client import legal_moves
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.main_window import MainWindow

WAIT_MS = 15_000


class StandInChat(QWidget):
    """A stand-in of ``ui/widgets/chat.ChatPanel``: records its lines."""

    messageEntered = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.lines: list[tuple[str, str, bool]] = []
        self.notices: list[str] = []

    def add_line(self, name: str, text: str, own: bool) -> None:
        self.lines.append((name, text, own))

    def add_notice(self, text: str) -> None:
        self.notices.append(text)


class StandInRoom(QDialog):
    """A stand-in of ``ui/dialogs/waiting_room.WaitingRoom``: records what it is told."""

    readyToggled = Signal(bool)
    startRequested = Signal()
    seatKindChosen = Signal(int, str, str)
    removeRequested = Signal(int)
    leaveRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.chat = StandInChat(self)
        self.table: tuple = ()
        self.seats: list = []
        self.connection = ""

    def set_table(self, code, addresses, game_id, host, you, host_seat=None) -> None:
        self.table = (code, list(addresses), game_id, host, you, host_seat)

    def set_seats(self, seats) -> None:
        self.seats = list(seats)

    def set_connection(self, state, seconds=None) -> None:
        self.connection = state


def ensure_dialogs() -> None:
    """The network dialogs' modules, or the stand-ins where they are not there yet."""
    for name, cls, attr in (("cekidesk.ui.dialogs.waiting_room", StandInRoom, "WaitingRoom"),
                            ("cekidesk.ui.widgets.chat", StandInChat, "ChatPanel")):
        try:
            importlib.import_module(name)
        except ImportError:
            module = types.ModuleType(name)
            setattr(module, attr, cls)
            sys.modules[name] = module


@dataclass
class HostChoice:
    """What the host dialog gives (``ui/dialogs/host_table.HostChoice``)."""

    config: NewGameConfig
    seat_kinds: list[str]
    takeover_after_s: float = 600.0
    undo: bool = False
    announce: bool = False
    port: int = 0


@dataclass
class JoinChoice:
    address: str
    port: int
    code: str
    name: str
    spectate: bool = False


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
    ensure_dialogs()
    host, guest, watcher = window(qtbot), window(qtbot), window(qtbot)
    host.network.data = tmp_path
    seats = [Seat.human("Ayu"), Seat.human("Budi")] + [Seat.bot("beginner", f"Computer {i + 1}")
                                                      for i in range(2, players)]
    config = NewGameConfig(game, seats, seed, {}, {"mode": "hands", "hands": 2}, seed_chosen=True)
    host.network.host(HostChoice(config, ["you", "person"] + ["computer"] * (players - 2), undo=undo))
    qtbot.waitUntil(lambda: host.network.remote is not None and host.network.remote.code is not None
                    and host.network.room is not None, timeout=WAIT_MS)
    code, port = host.network.remote.code, host.network.host_port
    guest.network.join(JoinChoice("127.0.0.1", port, code, "Budi"))
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
