"""Issue 30's must-show: real windows at one networked table over 127.0.0.1 — a host (its table
server inside the app), a person who joins and a spectator — play a whole hand of Ceki, of Kartu
Lima and of Ce Pe to the end-of-hand dialog, chat, and the joined person's connection drops in the
middle of the hand and comes back by itself (its seat taken back with its token)."""
from __future__ import annotations

import pytest
from net_window_helpers import WAIT_MS, play_one, sit

from cekidesk.games import get_game


@pytest.mark.parametrize(("game", "seed"), [("ceki", 38), ("kartu-lima", 30), ("ce-pe", 36)])
def test_a_networked_hand_to_its_end(qtbot, tmp_path, boxes, game, seed):
    spec = get_game(game)
    t = sit(qtbot, game, max(spec.min_players, 3), seed, tmp_path)
    host, guest, watcher = t.host, t.guest, t.watcher
    # the table is the local one: the same view, whose turn, the seats' names
    assert guest.controller.human_seat == 1 and host.controller.human_seat == 0
    assert guest.seat_names()[0] == "Ayu" and host.seat_names()[1] == "Budi"
    assert host.table.seat_items()[1].mark == "connected"
    assert watcher.controller.remote is not None and watcher.controller.remote.spectator
    # the deal number is secret at a networked table: the title names the table's code instead
    code = host.network.remote.code
    for w in t.people:
        assert f"table {code}" in w.windowTitle() and "deal no." not in w.windowTitle()
    # chat: a line typed at the host reaches everybody
    host.network.chat.messageEntered.emit("Good luck!")
    for w in t.people + [watcher]:
        qtbot.waitUntil(lambda w=w: ("Ayu", "Good luck!") in [(n, x) for n, x, _ in w.network.chat_log],
                        timeout=WAIT_MS)
    assert host.network.chat_log[-1][2] and not guest.network.chat_log[-1][2]   # (own lines marked)

    def hand_over() -> bool:
        return all(w.controller.match is not None and w.controller.match.hand_over() for w in t.people)

    dropped = False
    moves = waited = 0
    while not hand_over():
        qtbot.waitUntil(lambda: hand_over() or any(w.controller.waiting_for_human() for w in t.people),
                        timeout=WAIT_MS)
        if host.controller.waiting_for_human() and not guest.controller.waiting_for_human():
            # the other person's turn: the status line waits for them (a person does not "think")
            # (the guest's window hears of the move a moment after the host's: wait for it)
            qtbot.waitUntil(lambda: guest.status.status_text() == "Waiting for Ayu…", timeout=WAIT_MS)
            waited += 1
        for w in t.people:
            if play_one(w):
                moves += 1
        if not dropped and moves >= 2 and not hand_over():
            dropped = True   # the joined person's connection drops mid-hand
            link = guest.network.link
            guest.network.link.drop()
            qtbot.waitUntil(lambda link=link: host.table.seat_items()[1].mark == "reconnecting"
                            or link.client.reconnects == 1, timeout=WAIT_MS)
            qtbot.waitUntil(lambda link=link: link.client.reconnects == 1 and guest.network.connection == "connected",
                            timeout=WAIT_MS)
            qtbot.waitUntil(lambda: host.table.seat_items()[1].mark == "connected", timeout=WAIT_MS)
    assert dropped and waited
    # the end-of-hand dialog, as at a local table, at every window (the spectator's too)
    for w in (*t.people, watcher):
        qtbot.waitUntil(lambda w=w: w.hand_end_dialog is not None, timeout=WAIT_MS)
    server = host.network.server.server
    records = server.tables[host.network.remote.code].session.match.history
    for w in (*t.people, watcher):
        assert [r.result for r in w.controller.match.history] == [r.result for r in records]
    # the next hand, when both people say so
    for w in t.people:
        w.next_hand()
    for w in t.people:
        qtbot.waitUntil(lambda w=w: w.controller.match.hand_index == 1 and not w.controller.match.hand_over(),
                        timeout=WAIT_MS)
    # leaving: the local table again
    guest.network.leave()
    assert guest.controller.remote is None
