"""A networked table when things go wrong, in real windows over 127.0.0.1: the agreed undo (asked
from the menu, agreed in the other window's question), a long outage offering to wait or to leave,
and the host quitting (the quit prompt says the table closes; the others are told, their finished
hands stay, Leave brings their own game back)."""
from __future__ import annotations

from net_window_helpers import WAIT_MS, JoinChoice, play_one, sit, window
from PySide6.QtWidgets import QMessageBox

from cekidesk.persistence.saves import load_match
from cekidesk.ui.window.features import network


def test_the_agreed_undo(qtbot, tmp_path, boxes):
    t = sit(qtbot, "ceki", 3, 31, tmp_path, undo=True)
    host, guest = t.host, t.guest
    undo = guest.undo_commands.act_undo
    assert undo.isVisible() and not guest.undo_commands.act_redo.isVisible()
    r = guest.controller.remote

    def played() -> bool:   # until the guest made a whole turn and it is theirs again
        if r._own_moves >= 2 and guest.controller.waiting_for_human():
            return True
        for w in t.people:
            play_one(w)
        return False
    qtbot.waitUntil(played, timeout=WAIT_MS)
    move = r.move
    undo.trigger()   # Game ▸ Undo (ask the others)
    qtbot.waitUntil(lambda: host.network.undo_box is not None, timeout=WAIT_MS)
    box = host.network.undo_box
    assert "Budi" in box.text()
    next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole).click()
    qtbot.waitUntil(lambda: guest.controller.remote.move < move and guest.controller.waiting_for_human(),
                    timeout=WAIT_MS)
    assert not guest.controller.can_undo()


def test_a_long_outage_offers_to_wait_or_leave(qtbot, tmp_path, boxes):
    t = sit(qtbot, "ceki", 2, 32, tmp_path)
    guest = t.guest
    assert guest.undo_commands.act_undo.isVisible() is False   # (the host did not allow the agreed undo)
    link = guest.network.link
    link.connectionChanged.emit("reconnecting", network.LONG_OUTAGE_S + 1)
    qtbot.waitUntil(lambda: "connecting again" in guest.status_label.text(), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: guest.network._outage_box is not None, timeout=WAIT_MS)
    box = guest.network._outage_box
    wait = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.RejectRole)
    wait.click()
    assert guest.network.link is link   # still at the table, trying
    link.connectionChanged.emit("connected", 0.0)
    qtbot.waitUntil(lambda: "connecting again" not in guest.status_label.text(), timeout=WAIT_MS)
    link.connectionChanged.emit("reconnecting", network.LONG_OUTAGE_S + 1)
    qtbot.waitUntil(lambda: guest.network._outage_box is not None, timeout=WAIT_MS)
    box = guest.network._outage_box
    next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole).click()
    qtbot.waitUntil(lambda: guest.controller.remote is None, timeout=WAIT_MS)   # left: the local game again
    assert guest.network.act_host.isEnabled()


def test_the_host_quitting_closes_the_table(qtbot, tmp_path, boxes):
    t = sit(qtbot, "ceki", 2, 33, tmp_path)
    host, guest, watcher = t.host, t.guest, t.watcher
    assert "closes it for everybody" in host.network.quit_warning()
    host.close()
    assert any(kind == "question" and "closes it for everybody" in text for kind, _, text in boxes)
    for w in (guest, watcher):
        qtbot.waitUntil(lambda w=w: w.network.link is None, timeout=WAIT_MS)
    assert any(kind == "information" and "host closed the table" in text for kind, _, text in boxes)
    assert guest.controller.match is not None and guest.network.act_leave.isEnabled()   # (kept until Leave)
    assert guest.status_label.text() == "The table is closed."
    guest.network.leave()
    assert guest.controller.remote is None


def test_a_match_the_host_kept_is_hosted_again(qtbot, tmp_path, boxes):
    t = sit(qtbot, "ceki", 3, 34, tmp_path)
    host, guest = t.host, t.guest
    moves = 0
    while moves < 3:
        qtbot.waitUntil(lambda: any(w.controller.waiting_for_human() for w in t.people), timeout=WAIT_MS)
        moves += sum(play_one(w) for w in t.people)
    code, made = host.network.remote.code, host.network.remote.move
    qtbot.waitUntil(lambda: guest.controller.remote.move == made, timeout=WAIT_MS)
    host.close()   # the host quits: the table closes, its match stays saved in the app's data folder
    qtbot.waitUntil(lambda: guest.network.link is None, timeout=WAIT_MS)
    guest.network.leave()
    saves = sorted((tmp_path / "tables" / code).glob("match-*.cekisave"),
                   key=lambda p: sum(len(h) for h in load_match(p).match.logs))   # (written in turn: the newer)
    assert saves
    again = window(qtbot)
    again.network.data = tmp_path
    assert again.open_file(saves[-1])   # the saved match opens locally…
    made = sum(len(h) for h in again.controller.match.logs)
    assert made > 0
    again.network.host_saved(saves[-1], port=0)   # …and is hosted again
    qtbot.waitUntil(lambda: again.network.remote is not None and again.network.remote.code is not None
                    and again.network.room is not None, timeout=WAIT_MS)
    new_code = again.network.remote.code
    guest.network.join(JoinChoice("127.0.0.1", again.network.host_port, new_code, "Budi", False))
    qtbot.waitUntil(lambda: guest.network.room is not None and guest.network.remote is not None
                    and guest.network.remote.you is not None, timeout=WAIT_MS)
    for w in (again, guest):
        w.network.room.readyToggled.emit(True)
    for w in (again, guest):
        qtbot.waitUntil(lambda w=w: w.controller.match is not None and w.controller.remote.move == made,
                        timeout=WAIT_MS)
