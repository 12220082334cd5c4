"""RemoteSession (cekidesk/net/remote.py), the client's mirror of a networked table, against a real
in-process TableServer on 127.0.0.1: a person plays two hands of Ceki through it (the other
person by the plain client, a computer player in the third seat), drops and takes the seat back
mid-hand; a spectator watches.  The mirrored match's finished hands are the server's own records."""
from __future__ import annotations

import asyncio
import random

from cekidesk.net.client import TableClient, autoplay, legal_moves
from cekidesk.net.protocol import Chat, Frame, Join
from cekidesk.net.remote import ChatReceived, RemoteSession, RemoteState, SeatsChanged, Watching
from cekidesk.net.server import TableServer
from cekidesk.persistence.saves import record_json
from cekidesk.session import Changes
from cekidesk.session.scheduler import ManualScheduler


class Pump:
    """A RemoteSession fed by a TableClient: frames in, frames out."""

    def __init__(self, client: TableClient):
        self.client, self.out = client, []
        self.session = RemoteSession(self.out.append, ManualScheduler())
        self.changes: list[Changes] = []
        self.net: list[object] = []
        self.session.listener = self.changes.append
        self.session.net_listener = self.net.append

    async def flush(self) -> None:
        while self.out:
            frame: Frame = self.out.pop(0)
            await self.client.send(frame)

    async def until(self, pred, timeout: float = 15.0) -> None:
        async def run() -> None:
            while not pred():
                await self.flush()
                if pred():
                    return
                self.session.receive(await self.client.recv(timeout))
        await asyncio.wait_for(run(), timeout)


def _steps(changes: list[Changes]) -> list[str]:
    return [type(s).__name__ for c in changes for s in c.steps]


async def _table(tmp_path):
    server = TableServer(tmp_path)
    port = await server.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{port}"
    maker = TableClient(url)
    await maker.connect()
    code = await maker.create("ceki", [{"kind": "person"}, {"kind": "person"},
                                       {"kind": "computer", "level": "beginner"}],
                              match_options={"mode": "hands", "hands": 2},
                              table={"pace_ms": 0, "seed": 36, "takeover_after_s": 600})
    await maker.close()
    return server, url, code


def test_a_person_plays_two_hands_through_the_mirror(tmp_path, monkeypatch):
    from cekidesk.net import table as table_module
    monkeypatch.setattr(table_module, "HANDS_PER_FRAME", 1)   # (a late spectator gets the hands in two frames)
    async def run() -> None:
        server, url, code = await _table(tmp_path)
        me = Pump(TableClient(url, reconnect=True))
        other = TableClient(url)
        watcher = Pump(TableClient(url))
        try:
            for c in (me.client, other, watcher.client):
                await c.connect()
            await me.client.send(Join(code=code, seat=0, name="Ayu"))
            await watcher.client.send(Join(code=code, seat=None, name="Wulan"))
            s = me.session
            await me.until(lambda: s.code == code and len(s.seat_infos) == 3)
            await other.join(code, 1, "Budi")
            rng = random.Random(3)
            bot = asyncio.get_running_loop().create_task(
                autoplay(other, lambda v: rng.choice(legal_moves(v)), frame_timeout=20))
            s.ready()
            await me.until(lambda: s.match is not None and isinstance(s.match.state, RemoteState))
            assert s.human_seats == (0,) and s.seats[1].name == "Budi"
            dropped = False

            def over() -> bool:
                return s.match is not None and s.match.is_over()

            while not over():
                await me.until(lambda: s.waiting_for_human() or (s.match is not None and s.match.hand_over()))
                if s.waiting_for_human():
                    view = s.view()
                    if not dropped and s.move > 2:   # the connection drops mid-hand: the seat is taken back
                        dropped = True
                        assert me.client.ws is not None
                        await me.client.ws.close()
                        await me.until(lambda: me.client.reconnects == 1 and s.waiting_for_human())
                        continue
                    assert s.hint().done
                    s.scheduler.run()   # (the hint's job; the mirror's scheduler is a manual one here)
                    hint = me.changes[-1].hint
                    assert hint is not None and hint.action in view.legal
                    assert s.play(hint.action).done
                    assert not s.waiting_for_human(), "one move a turn"
                    await me.flush()
                elif not over():
                    assert s.next_hand().done
                    await me.until(lambda: s.status == "playing")
            assert dropped
            server_match = server.tables[code].session.match
            assert [record_json(r) for r in s.match.history] == [record_json(r) for r in server_match.history]
            steps = _steps(me.changes)
            assert steps.count("HandEnded") == 2 and steps.count("MatchEnded") == 1
            assert any(isinstance(n, SeatsChanged) for n in me.net)
            # the spectator: the finished hands, never a hand in progress
            await watcher.client.send(Chat(text="Hello!"))
            await watcher.until(lambda: any(isinstance(n, ChatReceived) for n in watcher.net))
            await watcher.until(lambda: watcher.session.match is not None and watcher.session.match.is_over())
            assert watcher.session.spectator and any(isinstance(n, Watching) for n in watcher.net)
            assert len(watcher.session.match.history) == 2
            late = Pump(TableClient(url))   # joins after the match: every finished hand, one a frame
            await late.client.connect()
            await late.client.send(Join(code=code, seat=None, name="Sari"))
            await late.until(lambda: late.session.match is not None and len(late.session.match.history) == 2)
            assert [record_json(r) for r in late.session.match.history] == \
                [record_json(r) for r in server_match.history]
            await late.client.close()
            bot.cancel()
        finally:
            for c in (me.client, other, watcher.client):
                await c.close()
            await server.stop()

    asyncio.run(run())
