"""Playing with people at other computers (issue 30): Game ▸ Host a table…, Join a table…, Leave
the table, and what only a networked table needs beside the local one.

Hosting starts the table server inside the app (:class:`~cekidesk.ui.adapters.network.HostedServer`,
its tables in the data folder's ``tables/``), makes the table with the New Game choices and sits
the host at seat 1; joining connects to an address and a table code (or a table found on the
local network).  Either way the controller forwards to a
:class:`~cekidesk.net.remote.RemoteSession` fed by a
:class:`~cekidesk.ui.adapters.network.TableLink` from then on, and the table, the log, the hint,
the score sheet, the statistics and the hand history work as at a local table; the local game and
its autosave wait as they were, and come back when the player leaves.

Beside the local table: the waiting room while the table waits for its people, each seat's
connection on its name plate (connected, reconnecting, played by the computer), a chat dock,
what the connection does in the status line, a long outage offering to wait or to leave, the
host's table closing (a clear message; the finished hands stay on the score sheet), the agreed
undo when the host allowed it.  No sound and no notification of chat lines: the chat dock only.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QFrame, QLabel, QMessageBox, QScrollArea

from cekidesk.net.discovery import Browser, DiscoveryUnavailable, local_addresses
from cekidesk.net.protocol import Chat, Frame, Ready, Remove, SeatInfo, SeatKind, SeatSpec, Start, TableOptions
from cekidesk.net.remote import (
    ChatReceived,
    ConnectionChanged,
    NetStep,
    Refused,
    RemoteSession,
    Removed,
    SeatsChanged,
    TableClosing,
    UndoAsked,
    UndoRefused,
)
from cekidesk.persistence.paths import data_dir

from ...adapters.network import HostedServer, TableLink, table_url
from ...dialogs.new_game import NewGameConfig
from ...foundations import i18n
from ..interface import Change, Feature, WindowInterface

log = logging.getLogger(__name__)

#: how long the connection may be down before the player is asked whether to wait or leave (s)
LONG_OUTAGE_S = 30.0


class ChatPanelLike(Protocol):
    """The chat panel (``ui/widgets/chat.ChatPanel``)."""

    def add_line(self, name: str, text: str, own: bool) -> None: ...

    def add_notice(self, text: str) -> None: ...


class WaitingRoomLike(Protocol):
    """The waiting room (``ui/dialogs/waiting_room.WaitingRoom``)."""

    @property
    def chat(self) -> ChatPanelLike: ...

    def set_table(self, code: str, addresses: list[str], game_id: str, host: bool, you: int | None,
                  host_seat: int | None = None, port: int | None = None) -> None: ...

    def set_seats(self, seats: list[SeatInfo]) -> None: ...

    def set_connection(self, state: str, seconds: float | None = None) -> None: ...

    def show(self) -> None: ...

    def hide(self) -> None: ...


class HostChoiceLike(Protocol):
    """What the host dialog gives (``ui/dialogs/host_table.HostChoice``)."""

    @property
    def config(self) -> NewGameConfig: ...
    @property
    def seat_kinds(self) -> list[str]: ...
    @property
    def takeover_after_s(self) -> float: ...
    @property
    def undo(self) -> bool: ...
    @property
    def announce(self) -> bool: ...
    @property
    def port(self) -> int: ...


class JoinChoiceLike(Protocol):
    """What the join dialog gives (``ui/dialogs/join_table.JoinChoice``)."""

    @property
    def address(self) -> str: ...
    @property
    def port(self) -> int: ...
    @property
    def code(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def spectate(self) -> bool: ...


class _Found(QObject):
    """Brings the browser's tables (found on zeroconf's thread) to the UI thread."""

    tables = Signal(list)


class NetworkTable(Feature):
    """See the module docstring.  ``bind`` is the address the hosted server listens on (None: every
    one of this computer; tests: ``127.0.0.1``); ``data`` the folder its tables go in (``tables/`` of
    it; None: the app's data folder)."""

    def __init__(self, window: WindowInterface, status_text: Callable[[], str], undo_actions: list[QAction],
                 info_label: QLabel | None = None, local_only: list[QAction] | None = None,
                 game_file: Callable[[], Path | None] = lambda: None, data: Path | None = None):
        super().__init__(window.widget())
        self.window = window
        self.undo_actions = undo_actions   # (Undo, Redo, Restart this deal: a networked table's undo is agreed)
        self.info_label = info_label       # (the hand and the deal number: at a table, the hand and its code)
        self.local_only = local_only or []  # (Pause, Step, the replay: the table's pace is the host's)
        self.game_file = game_file          # the file the local game was opened from (None: none)
        self.status_text = status_text
        self.data = data
        self.bind: str | None = None
        self.link: TableLink | None = None
        self.server: HostedServer | None = None
        self.remote: RemoteSession | None = None
        self.room: WaitingRoomLike | None = None
        self.chat: ChatPanelLike | None = None
        self.chat_dock: QDockWidget | None = None
        self.connection = "connected"
        self._down_since: float | None = None
        self._outage_box: QMessageBox | None = None
        self.undo_box: QMessageBox | None = None     # another person's undo asked: agree or refuse
        self._hosting: tuple[str, NewGameConfig, list[SeatSpec], TableOptions] | None = None
        self._saved: tuple[str, Path] | None = None
        #: the chat lines so far (name, text, own), the latest 300
        self.chat_log: list[tuple[str, str, bool]] = []
        self.host_port = 0
        self.addresses: list[str] = []
        self.notice = ""   # what the status line says of the table (a refusal, the table closing)
        self.act_host = window.add_action("", self.host_dialog, name="actHostTable")
        self.act_join = window.add_action("", self.join_dialog, name="actJoinTable")
        self.act_leave = window.add_action("", self.leave, name="actLeaveTable")
        self._outage_timer = QTimer(self)
        self._outage_timer.setInterval(1000)
        self._outage_timer.timeout.connect(self._outage_tick)
        window.controller.netStep.connect(self._net)
        window.controller.remoteEnded.connect(self._ended_elsewhere)
        self.retranslate()

    def actions(self) -> list:
        return [self.act_host, self.act_join, self.act_leave]

    # -- the window's hooks ---------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.act_host.setText(self.tr("&Host a table…"))
        self.act_join.setText(self.tr("&Join a table…"))
        self.act_leave.setText(self.tr("&Leave the table"))
        self.act_host.setStatusTip(self.tr("Play with people at other computers: start a table they can join"))
        self.act_join.setStatusTip(self.tr("Sit at a table somebody else started"))
        if self.chat_dock is not None:
            self.chat_dock.setWindowTitle(self.tr("Chat"))

    def refresh(self) -> None:
        at_table = self.link is not None or self.remote is not None
        self.act_host.setEnabled(not at_table)
        self.act_join.setEnabled(not at_table)
        self.act_leave.setEnabled(at_table)
        self.act_leave.setVisible(at_table)
        self._mark_seats()
        self._undo_items()
        if at_table:
            for a in self.local_only:
                a.setEnabled(False)
        line = self._status_line()
        if line:
            self.window.set_status(line)
        r, m = self.remote, self.window.controller.match
        if self.info_label is not None and r is not None and r.code and m is not None and not m.hand_over():
            # (the hand being played has no deal number a player may know: the table's code instead)
            self.info_label.setText(self.tr("Hand {n} · table {code}").format(n=m.hand_index + 1, code=r.code))

    def on_changed(self, change: Change) -> None:
        r = self.remote
        if r is None:
            return
        if change.kind in ("started", "moved") and self.link is not None and self.connection != "lost":
            self.notice = ""   # (a refusal or an undo refused is told until the table moves on)
        if change.kind != "started":
            return
        if self.window.controller.match is None and r.game is not None:
            # no hand on the table yet (or none a spectator may see): the table's seats, no card
            self.window.table.set_game(r.game, self.window.seat_names(), r.human_seat)
        if r.status == "waiting":
            self._show_room()
        elif self.room is not None:
            self.room.hide()

    def close(self) -> None:
        """The app quits: the seat waits for its person; a hosted table closes (its match stays saved)."""
        if self.link is not None:
            self.link.close()
        if self.server is not None:
            self.server.stop_now()

    def quit_warning(self) -> str:
        """What the quit prompt adds at a hosted table with others at it ("" none)."""
        if self.server is None or self.remote is None:
            return ""
        others = [s for i, s in enumerate(self.remote.seat_infos) if s.present and i != self.remote.you]
        if not others:
            return ""
        return self.tr("You host this table: quitting or leaving closes it for everybody at it. The match stays "
                       "saved, and you can host it again later.")

    # -- hosting ---------------------------------------------------------------------------------------
    def host_dialog(self) -> None:
        """Game ▸ Host a table…: a new table; or, with a game opened from a save on the table (a
        networked match the host's app kept), that game hosted again if the player says so."""
        path, m = self.game_file(), self.window.controller.match
        if path is not None and m is not None and not m.is_over() and self._host_this_game(path.name):
            self.host_saved(path)
            return
        from ...dialogs.host_table import HostTableDialog
        dlg = HostTableDialog(self.window.settings, self.window.widget())
        dlg.accepted.connect(lambda: self.host(dlg.choice()))
        dlg.open()

    def host(self, choice: HostChoiceLike) -> None:
        """Start the server inside the app (off the UI thread), then make the table and sit at it."""
        if self.link is not None:
            return
        config = choice.config
        seats = []
        for i, kind in enumerate(choice.seat_kinds):
            seat = config.seats[i] if i < len(config.seats) else None
            if kind == "computer":
                level = seat.level if seat is not None and seat.level else "normal"
                seats.append(SeatSpec(kind="computer", level=level))
            else:
                seats.append(SeatSpec(kind="person"))
        me = config.seats[0].name if config.seats and config.seats[0].name else self._default_name()
        topts = TableOptions(takeover_after_s=choice.takeover_after_s, pace_ms=self.window.settings.bot_pace_ms,
                             undo=choice.undo)
        if config.seed_chosen:   # (the deal number the host typed deals the table's hands)
            topts = topts.model_copy(update={"seed": config.seed})
        self.server = HostedServer(self.data or data_dir(), self)
        self._hosting = (me, config, seats, topts)
        self.server.listening.connect(self._hosted)   # (a bound method: brought to the UI thread)
        self.server.failed.connect(self._host_failed)
        self.server.announced.connect(self._announced)
        self.notice = self.tr("Starting the table…")
        self.server.start(self.bind, choice.port, me if choice.announce else "")
        self.window.refresh()

    def _host_this_game(self, name: str) -> bool:
        box = QMessageBox(self.window.widget())
        box.setWindowTitle(i18n.latin(lambda: self.tr("Host a table")))
        box.setText(self.tr("Host the game you have open ({name}) for people at other computers to join, "
                            "or start a new table?").format(name=name))
        this = box.addButton(self.tr("Host &this game"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(self.tr("&New table…"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        return box.clickedButton() is this

    def host_saved(self, path: Path, port: int = 8765, announce: bool = True) -> None:
        """Host the match saved at ``path`` again (its people's seats open for anybody to join; the
        host takes the first), on the server inside the app."""
        if self.link is not None or self.server is not None:
            return
        seats = self.window.controller.seats
        me = next((s.name for s in seats if s.kind == "human" and s.name), "") or self._default_name()
        self.server = HostedServer(self.data or data_dir(), self)
        self._saved = (me, path)
        self.server.listening.connect(self._saved_started)
        self.server.hostedSave.connect(self._saved_hosted)
        self.server.failed.connect(self._host_failed)
        self.server.announced.connect(self._announced)
        self.notice = self.tr("Starting the table…")
        self.server.start(self.bind, port, me if announce else "")
        self.window.refresh()

    def _saved_started(self, port: int) -> None:
        self.host_port = port
        self.addresses = _addresses(self.bind)
        if self.server is not None and self._saved is not None:
            self.server.host_save(self._saved[1])

    def _saved_hosted(self, code: str) -> None:
        if self._saved is None:
            return
        name, _path = self._saved
        self._saved = None
        link = self._open(table_url(self.bind or "127.0.0.1", self.host_port), name)
        link.join(code, -1)

    def _hosted(self, port: int) -> None:
        if self._hosting is None or self.server is None:
            return
        name, config, seats, topts = self._hosting
        self._hosting = None
        self.host_port = port
        self.addresses = _addresses(self.bind)
        link = self._open(table_url(self.bind or "127.0.0.1", port), name)
        link.created.connect(self._created)
        link.host(config.game_id, seats, dict(config.options), dict(config.match_options), topts, seat=0)

    def _created(self, code: str) -> None:
        self.notice = ""
        self.window.refresh()

    def _announced(self, reason: str) -> None:
        if reason and self.chat is not None:
            self.chat.add_notice(self.tr("The table is not announced on the local network: {why} Tell the others "
                                     "this computer's address and the table's code.").format(
                why=_discovery_words(reason)))

    def _host_failed(self, message: str) -> None:
        server, self.server, self._saved = self.server, None, None
        if server is not None:
            server.stop("server_stop")
        self.notice = ""
        QMessageBox.warning(self.window.widget(), i18n.latin(lambda: self.tr("The table could not start")),
                            self.tr("The table could not start on this computer: {reason}").format(reason=message))
        self.window.refresh()

    # -- joining ---------------------------------------------------------------------------------------
    def join_dialog(self) -> None:
        """The Join dialog, with the tables found on the local network listed as they come."""
        from ...dialogs.join_table import JoinTableDialog
        dlg = JoinTableDialog(self.window.settings, self.window.widget())
        found = _Found(dlg)
        found.tables.connect(dlg.set_found)
        browsing: list[Browser] = []

        def look(on: bool) -> None:
            for browser in browsing:
                browser.close()
            browsing.clear()
            if on != self.window.settings.look_for_tables:
                self.window.settings.look_for_tables = on
                self.window.save_settings()
            if not on:
                dlg.set_discovery_state(self.tr("Not looking for tables on this network: type the address and the "
                                                "code the host tells you."))
                return
            dlg.set_discovery_state("")
            try:
                browsing.append(Browser(found.tables.emit))
            except DiscoveryUnavailable as exc:
                dlg.set_discovery_state(self.tr("Tables on the local network cannot be looked for here: {why}").format(
                    why=_discovery_words(exc.reason)))

        look(self.window.settings.look_for_tables)
        dlg.lookingToggled.connect(look)

        def done() -> None:
            for browser in browsing:
                browser.close()
            browsing.clear()
        dlg.finished.connect(done)
        dlg.accepted.connect(lambda: self.join(dlg.choice()))
        dlg.open()

    def join(self, choice: JoinChoiceLike) -> None:
        if self.link is not None:
            return
        name = choice.name.strip() or self._default_name()
        link = self._open(table_url(choice.address, choice.port), name)
        self.notice = self.tr("Connecting to the table…")
        link.join(choice.code.strip().upper(), None if choice.spectate else -1)
        self.window.refresh()

    def _default_name(self) -> str:
        return self.tr("Player")

    # -- at the table ----------------------------------------------------------------------------------
    def _open(self, url: str, name: str) -> TableLink:
        c = self.window.controller
        link = self.link = TableLink(url, name[:40], self)
        remote = self.remote = RemoteSession(link.send, c.scheduler)
        # (bound methods of this QObject: the link's signals, emitted on its thread, come on the UI thread)
        link.frameArrived.connect(self._frame)
        link.connectionChanged.connect(self._link_state)
        link.failed.connect(self._failed)
        c.use_remote(remote)
        self._show_chat()
        return link

    def _frame(self, frame: Frame) -> None:
        if self.remote is not None and self.link is not None:
            self.remote.receive(frame)

    def _link_state(self, state: str, seconds: float) -> None:
        if self.remote is not None and self.link is not None and state in ("connected", "reconnecting", "lost"):
            self.remote.connection(state, seconds)  # type: ignore[arg-type]

    def send_chat(self, text: str) -> None:
        text = text.strip()
        if self.link is not None and text:
            self.link.send(Chat(text=text[:300]))

    def set_ready(self, ready: bool = True) -> None:
        if self.link is not None and ready:
            self.link.send(Ready())

    def leave(self) -> None:
        """Leave the table (a hosted one closes: its match stays saved); the local game again."""
        warning = self.quit_warning()
        if warning and QMessageBox.question(self.window.widget(), i18n.latin(lambda: self.tr("Leave the table")),
                                            warning) != QMessageBox.StandardButton.Yes:
            return
        link, server = self.link, self.server
        self.link = self.server = None
        if link is not None:
            link.leave()
        if server is not None:
            server.stop("host_quit")
        self._end()

    def _ended_elsewhere(self) -> None:
        """A new game or an opened one replaced the networked table."""
        if self.link is not None or self.remote is not None:
            link, server = self.link, self.server
            self.link = self.server = None
            if link is not None:
                link.leave()
            if server is not None:
                server.stop("host_quit")
            self._end(back=False)

    def _end(self, back: bool = True) -> None:
        self.remote = None
        self._outage_timer.stop()
        self._down_since, self.connection, self.notice = None, "connected", ""
        if self._outage_box is not None:
            self._outage_box.close()
            self._outage_box = None
        if self.room is not None:
            self.room.hide()
        if self.chat_dock is not None:
            self.chat_dock.hide()
        if back:
            self.window.controller.use_local()
        self.window.refresh()

    def _failed(self, code: str, message: str) -> None:
        reason = _refusal(code) or message
        if self.link is not None:
            self.link.close()
        self.link = None
        self._end()
        QMessageBox.warning(self.window.widget(), i18n.latin(lambda: self.tr("Not at the table")),
                            self.tr("You could not sit at the table: {reason}").format(reason=reason))

    # -- what the table tells --------------------------------------------------------------------------
    def _net(self, step: NetStep) -> None:
        if isinstance(step, SeatsChanged):
            self._seats(list(step.seats))
        elif isinstance(step, ChatReceived):
            self._chat_line(step)
        elif isinstance(step, ConnectionChanged):
            self._connection(step)
        elif isinstance(step, TableClosing):
            self._closing(step.reason)
        elif isinstance(step, Removed):
            self._removed()
        elif isinstance(step, UndoAsked):
            self._undo_asked(step)
        elif isinstance(step, UndoRefused):
            self.notice = self.tr("Undo was refused.")
        elif isinstance(step, Refused):
            self.notice = _refusal(step.code)
        self.window.refresh()

    def _seats(self, seats: list[SeatInfo]) -> None:
        if self.notice in (self.tr("Connecting to the table…"), self.tr("Starting the table…")):
            self.notice = ""
        room, r = self.room, self.remote
        if room is not None and r is not None:
            room.set_seats(seats)

    def _chat_line(self, step: ChatReceived) -> None:
        r = self.remote
        own = r is not None and step.seat is not None and step.seat == r.you
        name = step.name if step.seat is not None else self.tr("{name} (watching)").format(name=step.name)
        self.chat_log = [*self.chat_log[-299:], (name, step.text, own)]
        for panel in self._chat_panels():
            panel.add_line(name, step.text, own)

    def _chat_panels(self) -> list[ChatPanelLike]:
        """The chat dock's panel, and the waiting room's."""
        panels = [p for p in (self.chat,) if p is not None]
        if self.room is not None:
            panels.append(self.room.chat)
        return panels

    def _connection(self, step: ConnectionChanged) -> None:
        self.connection = step.state
        if self.room is not None:
            self.room.set_connection(step.state, step.seconds)
        if step.state == "reconnecting":
            if self._down_since is None:
                self._down_since = time.monotonic() - step.seconds
                self._outage_timer.start()
        else:
            self._down_since = None
            self._outage_timer.stop()
            if self._outage_box is not None:
                self._outage_box.close()
                self._outage_box = None
        if step.state == "lost":
            self.notice = self.tr("The connection to the table is lost.")

    def _outage_tick(self) -> None:
        if self._down_since is None:
            return
        self.window.refresh()
        if time.monotonic() - self._down_since >= LONG_OUTAGE_S and self._outage_box is None:
            self._ask_wait_or_leave()

    def _ask_wait_or_leave(self) -> None:
        box = self._outage_box = QMessageBox(self.window.widget())
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(i18n.latin(lambda: self.tr("The table cannot be reached")))
        box.setText(self.tr("The table has not answered for a while. Keep trying, or leave the table? "
                        "If you leave, your seat is kept for a while and a computer player plays it."))
        wait = box.addButton(self.tr("&Wait"), QMessageBox.ButtonRole.RejectRole)
        leave = box.addButton(self.tr("&Leave"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(wait)

        def answered() -> None:
            chosen = box.clickedButton()
            self._outage_box = None
            if chosen is leave:
                self.leave()
            elif self._down_since is not None:
                self._down_since = time.monotonic()   # asked again after another while
        box.finished.connect(answered)
        box.open()

    def _closing(self, reason: str) -> None:
        link = self.link
        self.link = None
        if link is not None:
            link.close()
        self.connection = "lost"
        self.notice = self.tr("The table is closed.")
        QMessageBox.information(
            self.window.widget(), i18n.latin(lambda: self.tr("The table is closed")),
            self.tr("The host closed the table. The hands finished so far stay here: the score sheet and the "
                "hand history show them. Leave the table to go back to your own game.")
            if reason == "host_quit" else
            self.tr("The table server stopped. The hands finished so far stay here. Leave the table to go back to "
                "your own game."))

    def _removed(self) -> None:
        link = self.link
        self.link = None
        if link is not None:
            link.close()
        self._end()
        QMessageBox.information(self.window.widget(), i18n.latin(lambda: self.tr("You left the table")),
                                self.tr("You are no longer at the table."))

    def _undo_asked(self, step: UndoAsked) -> None:
        """Another person asks to take back their last move: agree or refuse."""
        link = self.link
        if link is None:
            return
        box = self.undo_box = QMessageBox(self.window.widget())
        box.setWindowTitle(i18n.latin(lambda: self.tr("Take a move back?")))
        box.setText(self.tr("{name} asks to take back their last move. Do you agree?").format(name=step.name))
        yes = box.addButton(self.tr("&Agree"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(self.tr("&Refuse"), QMessageBox.ButtonRole.RejectRole)

        def answered() -> None:
            self.undo_box = None
            if self.link is link and self.remote is not None:
                self.remote.answer_undo(box.clickedButton() is yes)
        box.finished.connect(answered)
        box.open()

    # -- the waiting room, the chat, the seats' marks --------------------------------------------------
    def _show_room(self) -> None:
        r = self.remote
        if r is None:
            return
        if self.room is None:
            from ...dialogs.waiting_room import WaitingRoom
            room = WaitingRoom(self.window.widget())
            room.readyToggled.connect(self.set_ready)
            room.leaveRequested.connect(self.leave)
            room.startRequested.connect(lambda: self._send_host(Start()))
            room.seatKindChosen.connect(lambda seat, kind, level: self._send_host(
                SeatKind(seat=seat, kind=kind, level=level or None)))
            room.removeRequested.connect(lambda seat: self._send_host(Remove(seat=seat)))
            room.chat.messageEntered.connect(self.send_chat)
            self.room = room
        hosting = r.host is not None and r.host == r.you
        shown = self.room
        hosted = self.server is not None
        shown.set_table(r.code or "", self.addresses if hosted else [], r.game or "", hosting,
                        r.you, r.host, port=self.host_port if hosted else None)
        shown.set_seats(list(r.seat_infos))
        shown.set_connection(self.connection)
        shown.show()

    def _send_host(self, frame: Start | SeatKind | Remove) -> None:
        if self.link is not None:
            self.link.send(frame)

    def _show_chat(self) -> None:
        if self.chat_dock is None:
            from ...widgets.chat import ChatPanel
            dock = self.chat_dock = QDockWidget(self.window.widget())
            dock.setObjectName("chatDock")
            # (in a scroll area: where the dock is short — aksara Jawa's taller lines, a small screen —
            # the ready phrases scroll instead of being cut off; the dock's title names the chat)
            scroll = QScrollArea(dock)
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            panel = ChatPanel(scroll)
            panel.title.hide()
            panel.messageEntered.connect(self.send_chat)
            self.chat = panel
            scroll.setWidget(panel)
            dock.setWidget(scroll)
            w = self.window.widget()
            w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            log = self.window.log_dock
            if log.isVisible():   # the chat below the game log, each half of the height
                w.splitDockWidget(log, dock, Qt.Orientation.Vertical)
                half = max(120, w.height() // 2 - 40)
                w.resizeDocks([log, dock], [half, half], Qt.Orientation.Vertical)
            self.retranslate()
        self.chat_dock.show()

    def _mark_seats(self) -> None:
        r = self.remote
        items = self.window.table.seat_items()
        for seat, item in items.items():
            mark, tip = ("", "")
            if r is not None and seat < len(r.seat_infos):
                mark, tip = _seat_mark(r.seat_infos[seat], seat == r.you, self.connection)
            item.set_mark(mark, tip)

    def _undo_items(self) -> None:
        """At a networked table Undo is there only when the host allowed the agreed undo (it asks the
        others); Redo and Restart this deal are not."""
        r = self.remote
        undo, *others = self.undo_actions
        undo.setVisible(r is None or r.undo_on)
        for a in others:
            a.setVisible(r is None)
        if r is not None and r.undo_on:
            undo.setText(self.tr("&Undo (ask the others)"))
            tip = self.tr("Ask everybody at the table to agree to take back your last move")
            undo.setToolTip(tip)
            undo.setStatusTip(tip)

    def _status_line(self) -> str:
        if self.remote is None and self.link is None:
            return ""
        if self.connection == "reconnecting" and self._down_since is not None:
            seconds = int(time.monotonic() - self._down_since)
            return self.tr("The connection dropped: connecting again… ({seconds} s)").format(seconds=seconds)
        if self.connection == "lost" or self.notice:
            return self.notice or self.tr("The connection to the table is lost.")
        r = self.remote
        if r is not None and r.spectator:
            return self.tr("Watching the table: hand {n} is being played.").format(n=r.hand + 1) \
                if r.status == "playing" else self.status_text()
        if r is not None and r.status == "waiting":
            return self.tr("Waiting for everybody at the table to be ready…")
        return ""


def _seat_mark(info: SeatInfo, own: bool, connection: str) -> tuple[str, str]:
    """A seat's connection mark: ``connected``, ``reconnecting``, ``computer`` (a person's seat a
    computer player plays now), ``open`` (nobody sits there yet) or "" (a computer player's seat)."""
    if info.kind == "computer":
        return "", ""
    if own:
        if connection == "reconnecting":
            return "reconnecting", QCoreApplication.translate("NetworkTable", "Connecting again…")
        return "connected", QCoreApplication.translate("NetworkTable", "Connected")
    if not info.held:
        return "open", QCoreApplication.translate("NetworkTable", "Free seat")
    if info.computer:
        return "computer", QCoreApplication.translate("NetworkTable",
                                                      "Gone: a computer player plays this seat for now")
    if not info.present:
        return "reconnecting", QCoreApplication.translate("NetworkTable",
                                                          "Not connected: waiting for them to come back")
    return "connected", QCoreApplication.translate("NetworkTable", "Connected")


def _discovery_words(reason: str) -> str:
    texts = {"no_multicast": QCoreApplication.translate(
                 "NetworkTable", "this network does not let computers find each other (no multicast)."),
             "no_zeroconf": QCoreApplication.translate(
                 "NetworkTable", "the part of CekiDesk that finds tables is missing."),
             "no_network": QCoreApplication.translate("NetworkTable", "this computer is not on a network.")}
    return texts.get(reason, QCoreApplication.translate("NetworkTable", "it is not available."))


def _refusal(code: str) -> str:
    texts = {
        "no_table": QCoreApplication.translate("NetworkTable", "there is no table with that code."),
        "seat_taken": QCoreApplication.translate("NetworkTable", "there is no free seat at that table."),
        "bad_token": QCoreApplication.translate("NetworkTable", "your seat at that table is no longer kept."),
        "replaced": QCoreApplication.translate("NetworkTable", "your seat was taken back from another window."),
        "connect": QCoreApplication.translate("NetworkTable", "nothing answers at that address."),
        "stale": QCoreApplication.translate("NetworkTable", "another move was played first."),
        "illegal": QCoreApplication.translate("NetworkTable", "that move is not allowed now."),
    }
    return texts.get(code, "")


def _addresses(bind: str | None) -> list[str]:
    """This computer's addresses for the others (discovery's ``local_addresses`` when there)."""
    if bind is not None:
        return [bind]
    return list(local_addresses())


__all__ = ["LONG_OUTAGE_S", "NetworkTable"]
