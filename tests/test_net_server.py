"""The table server over real sockets on 127.0.0.1 (issue 29): bad clients get an error frame or a
close and disturb nobody; seats survive the network (reconnect with the token, a computer player
takes a gone seat over and gives it back); a restarted server has every table where it was.  No
fixed sleeps: every wait is for a frame or a condition, with a timeout."""
from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import AsyncIterator, Callable

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cekidesk.net.client import ServerRefused, TableClient, autoplay, legal_moves
from cekidesk.net.protocol import PROTOCOL, Error, Joined, Moved, Seats, TableState
from cekidesk.net.server import ServerLimits, TableServer

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]
ONE_PERSON = [{"kind": "person"}, {"kind": "computer", "level": "beginner"}]
QUICK = {"pace_ms": 0, "seed": 3, "takeover_after_s": 600}


def run(coro, timeout: float = 30.0):
    return asyncio.run(asyncio.wait_for(coro, timeout))


@contextlib.asynccontextmanager
async def serving(data, **limits) -> AsyncIterator[tuple[TableServer, str]]:
    server = TableServer(data, limits=ServerLimits(**limits))
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        await server.stop()


async def until(cond: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait for ``cond()`` (polled on the loop), failing after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "the condition never held"
        await asyncio.sleep(0.01)


async def table_of_two(url: str, seats=TWO_PEOPLE, **table) -> tuple[str, list[TableClient]]:
    """A ceki table whose people have joined and are ready: the match has begun."""
    a = TableClient(url)
    await a.connect()
    code = await a.create("ceki", seats, match_options={"mode": "hands", "hands": 1}, table={**QUICK, **table})
    clients = [a]
    await a.join(code, 0, "Ayu")
    if seats[1]["kind"] == "person":
        b = TableClient(url)
        await b.connect()
        await b.join(code, 1, "Budi")
        clients.append(b)
    for c in clients:
        await c.ready()
    for c in clients:
        await c.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
    return code, clients


async def mover(clients: list[TableClient]) -> TableClient:
    """The client whose turn it is (reading frames until one is to move)."""
    while True:
        for c in clients:
            if c.my_turn():
                return c
        await asyncio.wait_for(asyncio.gather(*(c.recv(0.05) for c in clients), return_exceptions=True), 5)


async def play_one(clients: list[TableClient]) -> int:
    """One person's move, seen by all of them: the new move number."""
    c = await mover(clients)
    await c.play(legal_moves(c.view)[0])
    moved = await c.wait_for(lambda f: isinstance(f, Moved))
    for other in clients:
        if other is not c:
            await other.wait_for(lambda f, n=moved.move: isinstance(f, Moved) and f.move == n)
    return moved.move


async def raw_hello(url: str, **kw):
    ws = await connect(url, **kw)
    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "client": "test"}))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def closed_with_error(ws, code: str) -> int:
    """The error frame the server sends before it closes, and the close code."""
    frame = json.loads(await asyncio.wait_for(ws.recv(), 5))
    assert frame["type"] == "error" and frame["code"] == code, frame
    with pytest.raises(ConnectionClosed) as closed:
        await asyncio.wait_for(ws.recv(), 5)
    assert "/" not in frame["message"] and "Traceback" not in frame["message"]
    return closed.value.rcvd.code if closed.value.rcvd else 1006


# -- the first frame ----------------------------------------------------------------------------

@pytest.mark.parametrize(("first", "code"), [
    ('{"type": "hello", "protocol": 2, "client": "future"}', "protocol"),
    ('{"type": "ready"}', "hello_first"),
    ("{not json", "bad_json"),
    ('{"type": "shout"}', "unknown_type"),
    ('{"type": "hello", "protocol": 1}', "bad_frame"),
])
def test_a_bad_first_frame_is_told_and_closed(tmp_path, first, code):
    async def go():
        async with serving(tmp_path) as (_server, url):
            ws = await connect(url)
            await ws.send(first)
            assert await closed_with_error(ws, code) == 1008
    run(go())


def test_no_hello_in_time_is_closed(tmp_path):
    async def go():
        async with serving(tmp_path, hello_timeout=0.3) as (_server, url):
            ws = await connect(url)
            await closed_with_error(ws, "timeout")
    run(go())


def test_a_connection_idle_at_no_table_is_closed(tmp_path):
    async def go():
        async with serving(tmp_path, idle_timeout=0.3) as (_server, url):
            ws = await raw_hello(url)
            await closed_with_error(ws, "timeout")
    run(go())


# -- bad frames after hello: an error, nothing changed, nobody else disturbed --------------------

def test_bad_frames_get_errors_and_disturb_nobody(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url)
            before = server.tables[code].move
            ws = await raw_hello(url)
            cases = [("{oops", "bad_json"), ('["a"]', "bad_frame"), ('{"type": "explode"}', "unknown_type"),
                     ('{"type": "join", "code": "lower"}', "bad_frame"),
                     ('{"type": "hello", "protocol": 1, "client": "again"}', "bad_frame"),
                     ('{"type": "play", "action": "0 discard S9"}', "not_at_table"),
                     ('{"type": "join", "code": "ZZZZZZ"}', "no_table"),
                     ('{"type": "create", "game": "chess", "seats": [{"kind": "person"}]}', "unknown_game"),
                     ('{"type": "create", "game": "ceki", "seats": [{"kind": "computer", "level": "normal"},'
                      ' {"kind": "computer", "level": "normal"}]}', "bad_seats"),
                     ('{"type": "create", "game": "ceki", "seats": [{"kind": "person"}, {"kind": "person"}],'
                      ' "options": {"no_such_option": 1}}', "bad_options"),
                     (b"\x00binary", "not_text")]
            for text, expected in cases:
                await ws.send(text)
                frame = json.loads(await asyncio.wait_for(ws.recv(), 5))
                assert frame["type"] == "error" and frame["code"] == expected, (text, frame)
                assert "/" not in frame["message"] and "cekidesk" not in frame["message"], frame
            # the connection still works, and the table played on undisturbed
            await ws.send(json.dumps({"type": "join", "code": code}))
            assert json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] == "joined"
            assert server.tables[code].move == before
            assert await play_one(people) == before + 1
    run(go())


def test_a_frame_over_64_kib_closes_that_connection_only(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url)
            ws = await raw_hello(url, max_size=None)
            await ws.send(json.dumps({"type": "chat", "text": "x" * (70 * 1024)}))
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009   # message too big
            before = server.tables[code].move
            assert await play_one(people) == before + 1
    run(go())


def test_moves_that_are_not_legal_or_not_yours_change_nothing(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url)
            table = server.tables[code]
            c = await mover(people)
            other = people[1 - people.index(c)]
            before, log = table.move, list(table.session.match.logs[-1])

            async def refused(client, action, expected, **kw):
                await client.play(action, **kw)
                frame = await client.wait_for(lambda f: isinstance(f, Error))
                assert frame.code == expected and frame.move == before, frame

            await refused(other, f"{other.seat} discard S9", "not_your_turn")
            await refused(c, f"{other.seat} discard S9", "not_your_turn")
            await refused(c, "nonsense", "bad_action")
            illegal = next(f"{c.seat} {verb} {k}" for verb in ("discard", "take") for k in ("C1", "S5", "M9", "OT")
                           if f"{c.seat} {verb} {k}" not in {str(a) for a in legal_moves(c.view)})
            await refused(c, illegal, "illegal")
            c.move += 1
            await refused(c, str(legal_moves(c.view)[0]), "stale")
            c.move -= 1
            watcher = TableClient(url)
            await watcher.connect()
            await watcher.join(code, None)
            await refused(watcher, f"{c.seat} discard S9", "spectator")
            assert table.move == before and list(table.session.match.logs[-1]) == log
            assert await play_one(people) == before + 1
            await watcher.close()
    run(go())


def test_a_token_that_is_not_theirs_gets_no_seat(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code_a, people_a = await table_of_two(url)
            code_b, people_b = await table_of_two(url)
            thief = TableClient(url)
            await thief.connect()
            for code, token in ((code_b, people_a[0].token), (code_a, "A" * 22), (code_a, people_b[1].token)):
                with pytest.raises(ServerRefused) as refused:
                    await thief.resume(code, token)
                assert refused.value.code == "bad_token"
            with pytest.raises(ServerRefused) as refused:
                await thief.join(code_a, 0, "Thief")
            assert refused.value.code == "seat_taken"
            assert thief.seat is None and server.tables[code_a].seats[0].peer is not None
            assert await play_one(people_a) >= 1
    run(go())


def test_a_flood_is_limited_and_then_closed(tmp_path):
    async def go():
        async with serving(tmp_path, rate=5, burst=10, strikes=20) as (server, url):
            code, people = await table_of_two(url)
            ws = await raw_hello(url)
            await ws.send(json.dumps({"type": "join", "code": code}))
            for _ in range(60):
                await ws.send('{"type": "chat", "text": "spam"}')
            kinds = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    kinds.append(frame.get("code", frame["type"]))
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            assert kinds.count("rate_limited") == 20 and kinds.count("chat") <= 10
            # the people heard at most the burst of it
            said = 0
            with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
                while True:
                    said += getattr(await people[0].recv(0.2), "type", "") == "chat"
            before = server.tables[code].move
            assert await play_one(people) == before + 1
    run(go())


def test_a_reader_too_slow_is_closed_and_nobody_else_waits(tmp_path):
    async def go():
        async with serving(tmp_path, send_queue=8, socket_buffer=4096, write_limit=4096, rate=10_000,
                           burst=10_000) as (server, url):
            code, people = await table_of_two(url)
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", int(url.rsplit(":", 1)[1])))
            slow = await connect(url, sock=sock, max_queue=1)
            await slow.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "client": "slow"}))
            await slow.send(json.dumps({"type": "join", "code": code}))   # a spectator that never reads
            await until(lambda: len(server.tables[code].spectators) == 1)
            conn = next(iter(server.tables[code].spectators))

            async def drain(c: TableClient) -> None:   # the people read all they get
                while True:
                    await c.recv()
            readers = [asyncio.create_task(drain(people[1]))]
            for i in range(3000):   # up to ~1 MB of chat, more than the slow reader's buffers hold
                await people[0].chat(f"{i} " + "x" * 280)
                await people[0].wait_for(lambda f: getattr(f, "type", "") == "chat")   # heard back
                if conn.closing:
                    break
            await until(lambda: conn.closing and not server.tables[code].spectators)
            for task in readers:
                task.cancel()
            await asyncio.gather(*readers, return_exceptions=True)
            assert conn.close_reason == "too slow"
            before = server.tables[code].move
            assert await play_one(people) == before + 1
            sock.close()
    run(go())


def test_a_moves_frames_go_to_open_sockets_at_once_and_in_order(tmp_path, monkeypatch):
    """A frame for a connection whose socket takes more, with nothing queued before it, is written at
    once (no writer task woken for it); every frame still comes, in order."""
    from cekidesk.net.server import Connection
    written: list[bool] = []
    original = Connection._write_now

    def counted(self, text):
        done = original(self, text)
        written.append(done)
        return done
    monkeypatch.setattr(Connection, "_write_now", counted)

    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url)
            moves = [await play_one(people) for _ in range(6)]
            assert moves == list(range(moves[0], moves[0] + 6))
            assert any(written) and all(c.queue.empty() for c in server.connections)
            for c in people:
                await c.close()
    run(go())


def test_a_moves_time_begins_when_its_frame_was_read(tmp_path):
    """The server's time per move (``--stats``) runs from the play frame read off its socket."""
    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url)
            c = await mover(people)
            table = server.tables[code]
            conn = table.seats[c.seat].peer
            table.play(conn, str(legal_moves(c.view)[0]), None, read_at=time.perf_counter() - 5.0)
            assert server.move_times[-1] >= 5.0
            for p in people:   # (everybody hears of that move)
                await p.wait_for(lambda f: isinstance(f, Moved) and f.move == 1)
            assert await play_one(people) == 2 and server.move_times[-1] < 5.0
            for p in people:
                await p.close()
    run(go())


# -- seats survive the network --------------------------------------------------------------------

def test_reconnecting_with_the_token_takes_the_seat_back_where_it_was(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url)
            await play_one(people)
            await play_one(people)
            a = people[0]
            token, move, view = a.token, a.move, a.view_data
            await a.close()
            await until(lambda: server.tables[code].seats[0].peer is None)
            back = TableClient(url)
            await back.connect()
            joined = await back.resume(code, token)
            assert joined.seat == 0 and joined.token == token
            assert back.move == move and back.view_data == view and back.status == "playing"
            assert back.seats[0].present and not back.seats[0].computer
            people[0] = back
            assert await play_one(people) == move + 1
            # the same token again from elsewhere: the newer connection has the seat, the older is told
            again = TableClient(url)
            await again.connect()
            await again.resume(code, token)
            frame = await back.wait_for(lambda f: isinstance(f, Error) and f.code == "replaced")
            assert frame.code == "replaced"
            await again.close()
    run(go())


def test_a_computer_plays_a_gone_seat_until_its_person_returns(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url, ONE_PERSON, takeover_after_s=0.2)
            a = people[0]
            watcher = TableClient(url)
            await watcher.connect()
            await watcher.join(code, None)
            token, move = a.token, a.move
            await a.close()
            frame = await watcher.wait_for(lambda f: isinstance(f, Seats) and f.seats[0].computer)
            assert not frame.seats[0].present and frame.seats[0].held
            # the computer plays seat 0 now: moves by seat 0 come without its person
            await watcher.wait_for(lambda f: isinstance(f, Moved) and f.seat == 0 and f.move > move, 15)
            back = TableClient(url)
            await back.connect()
            await back.resume(code, token)
            frame = await watcher.wait_for(lambda f: isinstance(f, Seats) and not f.seats[0].computer)
            assert frame.seats[0].present
            table = server.tables[code]
            assert 0 not in table.session.bots
            # the person plays their seat again
            while back.status == "playing" and not back.my_turn():
                await back.recv(5)
            if back.status == "playing":
                n = back.move
                await back.play(legal_moves(back.view)[0])
                moved = await back.wait_for(lambda f: isinstance(f, Moved) and f.seat == 0)
                assert moved.move == n + 1
            await back.close()
            await watcher.close()
    run(go())


def test_a_restarted_server_has_every_table_where_it_was(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url)
            waiting = TableClient(url)
            await waiting.connect()
            code_w = await waiting.create("pei", [{"kind": "person"}] * 3, table=QUICK)
            await waiting.join(code_w, 2, "Wati")
            for _ in range(3):
                await play_one(people)
            tokens = [c.token for c in people]
            views = [c.view_data for c in people]
            move = people[0].move
        for c in (*people, waiting):
            await c.close()
        async with serving(tmp_path) as (server, url):
            assert set(server.tables) == {code, code_w}
            assert server.tables[code].move == move and server.tables[code_w].status == "waiting"
            back = []
            for token in tokens:
                c = TableClient(url)
                await c.connect()
                await c.resume(code, token)
                back.append(c)
            assert [c.view_data for c in back] == views and back[0].move == move
            assert back[0].status == "playing"
            assert await play_one(back) == move + 1
            w = TableClient(url)
            await w.connect()
            assert (await w.resume(code_w, waiting.token)).seat == 2
            for c in (*back, w):
                await c.close()
    run(go(), 40)


def test_a_whole_match_ends_and_its_table_goes(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url)
            import random
            rng = random.Random(5)
            await asyncio.gather(*(autoplay(c, lambda v: rng.choice(legal_moves(v))) for c in people))
            assert all(c.status == "match_over" for c in people)
            for c in people:
                await c.leave()
            await until(lambda: code not in server.tables)
            assert not (tmp_path / "tables" / code).exists()
    run(go())


def test_chat_reaches_everybody_at_the_table(tmp_path):
    async def go():
        async with serving(tmp_path) as (_server, url):
            code, people = await table_of_two(url)
            await people[0].chat("sugeng enjing\x07!")
            for c in people:
                line = await c.wait_for(lambda f: getattr(f, "type", "") == "chat")
                assert line.text == "sugeng enjing !" and line.name == "Ayu" and line.seat == 0
    run(go())


def test_joining_gives_a_128_bit_token(tmp_path):
    async def go():
        async with serving(tmp_path) as (_server, url):
            _code, people = await table_of_two(url)
            import base64
            for c in people:
                assert len(base64.urlsafe_b64decode(c.token + "==")) == 16
            assert people[0].token != people[1].token
            saved = (tmp_path / "tables" / _code / "table.json").read_text()
            assert people[0].token not in saved and people[1].token not in saved
    run(go())


def test_too_many_tables_are_refused(tmp_path):
    async def go():
        server = TableServer(tmp_path, max_tables=1)
        port = await server.start("127.0.0.1", 0)
        try:
            c = TableClient(f"ws://127.0.0.1:{port}")
            await c.connect()
            await c.create("ceki", TWO_PEOPLE)
            with pytest.raises(ServerRefused) as refused:
                await c.create("ceki", TWO_PEOPLE)
            assert refused.value.code == "too_many_tables"
            await c.close()
        finally:
            await server.stop()
    run(go())


def test_joined_frames_name_the_move(tmp_path):
    async def go():
        async with serving(tmp_path) as (_server, url):
            code, people = await table_of_two(url)
            await play_one(people)
            w = TableClient(url, keep_raw=True)
            await w.connect()
            joined = await w.join(code, None)
            assert isinstance(joined, Joined) and joined.move == people[0].move
            for text in w.raw[1:]:
                assert "move" in json.loads(text)
            await w.close()
    run(go())


def test_a_searching_computer_thinks_in_the_shared_bot_processes(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url, [{"kind": "person"}, {"kind": "computer", "level": "hard"}])
            a = people[0]
            computer_moved = False
            while a.status == "playing" and not computer_moved:
                if a.my_turn():
                    await a.play(legal_moves(a.view)[0])
                frame = await a.recv(30)
                computer_moved = isinstance(frame, Moved) and frame.seat == 1
            assert server.pool.pids(), "the hard player thought in a bot process"
            assert a.move >= 1
    run(go(), 60)


def test_a_connection_that_stops_answering_pings_is_closed_and_its_seat_waits(tmp_path):
    async def go():
        async with serving(tmp_path, ping_interval=0.2, ping_timeout=0.3) as (server, url):
            code, people = await table_of_two(url)
            people[1].ws.transport.pause_reading()   # its computer has gone silent: no pong comes back
            frame = await people[0].wait_for(lambda f: isinstance(f, Seats) and not f.seats[1].present, 10)
            assert frame.seats[1].held and server.tables[code].seats[1].peer is None
    run(go())
