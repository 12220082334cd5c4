"""The table's host over real sockets on 127.0.0.1 (issue 30): the connection that creates a table is
its host, and the host's rights go with the token of the seat it takes first (through a reconnect and
a restart of the server); the host starts the match, gives seats to computer players or opens them,
and removes people; everybody else is refused.  The server says why it closes; a saved match is
hosted again.  No fixed sleeps: every wait is for a frame or a condition, with a timeout."""
from __future__ import annotations

import asyncio

import pytest
from test_net_server import run, serving, until
from websockets.exceptions import ConnectionClosed

from cekidesk.games import new_match
from cekidesk.net.client import ServerRefused, TableClient, legal_moves
from cekidesk.net.protocol import Closing, Create, Error, Moved, Removed, Seats, SeatSpec, TableState
from cekidesk.net.server import TableServer
from cekidesk.net.table import SAVES, read_meta
from cekidesk.persistence.saves import Seat, load_match, save_match

QUICK = {"pace_ms": 0, "seed": 3, "takeover_after_s": 600}
THREE = [{"kind": "person"}, {"kind": "person"}, {"kind": "person"}]


async def client(url: str) -> TableClient:
    c = TableClient(url)
    await c.connect()
    return c


async def hosted(url: str, seats=THREE, game: str = "pei", **table) -> tuple[str, TableClient]:
    """A table made by its host, who sits at seat 0."""
    host = await client(url)
    code = await host.create(game, seats, match_options={"mode": "hands", "hands": 1}, table={**QUICK, **table})
    assert host.created_host
    await host.join(code, 0, "Host")
    return code, host


async def refused(c: TableClient, code: str) -> Error:
    frame = await c.wait_for(lambda f: isinstance(f, Error))
    assert isinstance(frame, Error) and frame.code == code, frame
    return frame


async def closed_code(c: TableClient) -> int:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await c.recv(5)
    return closed.value.rcvd.code if closed.value.rcvd else 1006


# -- who the host is --------------------------------------------------------------------------------

def test_the_creator_is_the_host_and_everybody_knows_its_seat(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url, undo=True)
            assert host.host == 0 and host.is_host and host.table_options.undo
            assert host.table_options.seed is None, "the seed deals every hand: it stays on the server"
            b = await client(url)
            await b.join(code, 1, "Budi")
            assert b.host == 0 and not b.is_host and b.table.table.undo
            w = await client(url)
            await w.join(code, None)
            assert w.host == 0 and not w.is_host
            record = read_meta(tmp_path / "tables" / code)
            assert record is not None and record.host_sha256 is not None and host.token not in str(record)
            for c in (host, b, w):
                await c.close()
    run(go())


def test_everybody_but_the_host_is_refused(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url)
            b = await client(url)
            await b.join(code, 1, "Budi")
            w = await client(url)
            await w.join(code, None)
            for c in (b, w):
                for ask in (c.start(), c.set_seat_kind(2, "computer", "normal"), c.remove(0)):
                    await ask
                    await refused(c, "not_host")
            table = server.tables[code]
            assert table.seats[0].token_hash is not None and table.seats[2].kind == "person"
            assert not table.start_asked
            # a connection at no table is told so
            stranger = await client(url)
            await stranger.start()
            await refused(stranger, "not_at_table")
            for c in (host, b, w, stranger):
                await c.close()
    run(go())


def test_the_hosts_rights_go_with_its_seat_token_through_a_reconnect_and_a_restart(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url)
            token = host.token
            await host.close()
            await until(lambda: server.tables[code].seats[0].peer is None)
            back = await client(url)
            await back.resume(code, token)
            assert back.is_host and back.host == 0
            b = await client(url)
            await b.join(code, 1, "Budi")
            await back.set_seat_kind(2, "computer", "beginner")
            frame = await b.wait_for(lambda f: isinstance(f, Seats) and f.seats[2].kind == "computer")
            assert frame.host == 0
            b_token = b.token
        async with serving(tmp_path) as (server, url):
            again = await client(url)
            await again.resume(code, token)
            assert again.is_host and again.table.seats[2].kind == "computer"
            b = await client(url)
            await b.resume(code, b_token)
            await b.start()
            await refused(b, "not_host")
            await again.start()
            await b.ready()
            for c in (again, b):
                await c.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
            for c in (again, b):
                await c.close()
    run(go(), 40)


def test_a_creator_watching_is_host_until_it_sits_and_a_host_who_leaves_is_no_more(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            creator = await client(url)
            code = await creator.create("pei", THREE, table=QUICK)
            await creator.join(code, None)
            assert creator.is_host and creator.host is None
            await creator.set_seat_kind(1, "computer", "normal")
            await creator.wait_for(lambda f: isinstance(f, Seats) and f.seats[1].kind == "computer")
            await creator.leave()
            await creator.join(code, 2, "Citra")
            assert creator.host == 2 and creator.is_host
            other = await client(url)
            await other.join(code, 0, "Ayu")
            assert other.host == 2
            await creator.leave()
            frame = await other.wait_for(lambda f: isinstance(f, Seats) and not f.seats[2].held)
            assert frame.host is None and server.tables[code].host_seat is None
            await other.start()
            await refused(other, "not_host")
            for c in (creator, other):
                await c.close()
    run(go())


# -- start ------------------------------------------------------------------------------------------

def test_start_with_nobody_else_gives_the_open_seats_to_computer_players(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url, takeover_level="beginner")
            await host.start()
            state = await host.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
            assert [s.computer for s in state.seats] == [False, True, True]
            assert state.view is not None
            table = server.tables[code]
            assert set(table.session.bots) == {1, 2}
            # the computers play their seats; a person who comes later takes one over
            b = await client(url)
            await b.join(code, 1, "Budi")
            assert not b.table.seats[1].computer and 1 not in table.session.bots
            await host.start()
            await refused(host, "started")
            for c in (host, b):
                await c.close()
    run(go())


def test_start_waits_for_every_person_who_holds_a_seat(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url)
            b = await client(url)
            await b.join(code, 1, "Budi")
            await host.start()
            frame = await b.wait_for(lambda f: isinstance(f, Seats) and f.seats[0].ready)
            assert not frame.seats[1].ready and server.tables[code].status == "waiting"
            await b.ready()
            state = await b.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
            assert [s.computer for s in state.seats] == [False, False, True]
            for c in (host, b):
                await c.close()
    run(go())


def test_start_needs_a_person(tmp_path):
    async def go():
        async with serving(tmp_path) as (_server, url):
            creator = await client(url)
            code = await creator.create("pei", THREE, table=QUICK)
            await creator.join(code, None)
            await creator.start()
            await refused(creator, "no_people")
            await creator.close()
    run(go())


# -- seat kinds -------------------------------------------------------------------------------------

def test_the_host_gives_a_seat_to_a_computer_and_opens_it_again(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url)
            b = await client(url)
            await b.join(code, 1, "Budi")
            await host.set_seat_kind(2, "computer", "hard")
            frame = await b.wait_for(lambda f: isinstance(f, Seats) and f.seats[2].kind == "computer")
            assert frame.seats[2].level == "hard" and frame.seats[2].held and frame.seats[2].computer
            await host.set_seat_kind(2, "person")
            frame = await b.wait_for(lambda f: isinstance(f, Seats) and f.seats[2].kind == "person")
            assert not frame.seats[2].held and frame.seats[2].level is None
            cases = [((1, "computer", "normal"), "seat_taken"), ((0, "computer", "normal"), "seat_taken"),
                     ((2, "computer", "grandmaster"), "bad_seats"), ((2, "computer", None), "bad_seats"),
                     ((2, "person", "normal"), "bad_seats"), ((7, "computer", "normal"), "bad_seat")]
            for args, expected in cases:
                await host.set_seat_kind(*args)
                await refused(host, expected)
            # a seat made a computer's makes the table full: everybody ready begins the match
            await host.set_seat_kind(2, "computer", "beginner")
            for c in (host, b):
                await c.ready()
            state = await host.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
            assert state.seats[2].kind == "computer"
            assert server.tables[code].session.seats[2].kind == "bot"
            await host.set_seat_kind(2, "person")
            await refused(host, "started")
            for c in (host, b):
                await c.close()
    run(go())


def test_the_last_persons_seat_stays_a_persons(tmp_path):
    async def go():
        async with serving(tmp_path) as (_server, url):
            creator = await client(url)
            code = await creator.create("ceki", [{"kind": "person"}, {"kind": "computer", "level": "normal"}],
                                        table=QUICK)
            await creator.join(code, None)
            await creator.set_seat_kind(0, "computer", "normal")
            await refused(creator, "bad_seats")
            await creator.close()
    run(go())


# -- removing a person ------------------------------------------------------------------------------

def test_a_removed_person_is_told_closed_and_their_token_stops_working(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url)
            b = await client(url)
            await b.join(code, 1, "Budi")
            token = b.token
            await host.remove(1)
            frame = await b.wait_for(lambda f: isinstance(f, Removed))
            assert frame.move == 0 and b.removed and b.token is None
            assert await closed_code(b) == 1000
            seats = await host.wait_for(lambda f: isinstance(f, Seats) and not f.seats[1].held)
            assert not seats.seats[1].computer, "before the match the seat is open again"
            c = await client(url)
            with pytest.raises(ServerRefused) as refusal:
                await c.resume(code, token)
            assert refusal.value.code == "bad_token"
            await c.join(code, 1, "Citra")   # the seat is open for anybody
            assert c.seat == 1
            for args, expected in (((0,), "bad_seat"), ((2,), "bad_seat"), ((9,), "bad_seat")):
                await host.remove(*args)
                await refused(host, expected)
            for x in (host, c):
                await x.close()
    run(go())


def test_a_person_removed_during_the_match_is_played_by_a_computer_at_once(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url, [{"kind": "person"}, {"kind": "person"}], game="ceki")
            b = await client(url)
            await b.join(code, 1, "Budi")
            for c in (host, b):
                await c.ready()
            await host.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
            await host.remove(1)
            await b.wait_for(lambda f: isinstance(f, Removed))
            frame = await host.wait_for(lambda f: isinstance(f, Seats) and f.seats[1].computer)
            assert not frame.seats[1].held and not frame.seats[1].present
            assert 1 in server.tables[code].session.bots
            # the computer plays seat 1 from now on: the hand goes on with the host alone
            while host.status == "playing":
                if host.my_turn():
                    await host.play(legal_moves(host.view)[0])
                frame = await host.recv(10)
                if isinstance(frame, Moved) and frame.seat == 1:
                    break
            assert host.status != "playing" or isinstance(frame, Moved)
            await host.close()
    run(go())


# -- closing ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("reason", ["host_quit", "server_stop"])
def test_every_connection_is_told_why_the_server_closes(tmp_path, reason):
    async def go():
        server = TableServer(tmp_path)
        port = await server.start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{port}"
        code, host = await hosted(url)
        w = await client(url)
        await w.join(code, None)
        idle = await client(url)   # at no table
        if reason == "server_stop":
            await server.stop()
        else:
            await server.stop(reason)
        for c in (host, w, idle):
            frame = await c.wait_for(lambda f: isinstance(f, Closing))
            assert frame.reason == reason and c.closing == reason
            assert await closed_code(c) == 1001
        assert (tmp_path / "tables" / code / "table.json").exists(), "the table is kept"
    run(go())


def test_a_client_does_not_reconnect_to_a_host_who_quit(tmp_path):
    async def go():
        server = TableServer(tmp_path)
        port = await server.start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{port}"
        code, host = await hosted(url)
        b = TableClient(url, reconnect=True, reconnect_for=1)
        await b.connect()
        await b.join(code, 1, "Budi")
        await server.stop("host_quit")
        await b.wait_for(lambda f: isinstance(f, Closing))
        with pytest.raises(ConnectionClosed):
            await b.recv(5)
        assert b.reconnects == 0
        await host.close()
    run(go())


# -- a saved match hosted again ---------------------------------------------------------------------

async def _play_some(people: list[TableClient], moves: int) -> None:
    done = 0
    while done < moves:
        for c in people:
            if c.my_turn():
                n = c.move
                await c.play(legal_moves(c.view)[0])
                for other in people:
                    await other.wait_for(lambda f, n=n: isinstance(f, Moved) and f.move == n + 1)
                done += 1
                break
        else:
            await asyncio.wait_for(asyncio.gather(*(c.recv(0.05) for c in people), return_exceptions=True), 5)


def test_a_match_saved_by_the_server_is_hosted_again_with_its_host_first(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url, [{"kind": "person"}, {"kind": "person"},
                                            {"kind": "computer", "level": "beginner"}])
            await host.leave()   # (the host takes seat 1 instead: the host's seat is where it sat first)
            await host.wait_for(lambda f: f.type == "left")
            await host.join(code, 1, "Host")
            assert host.is_host is False   # its first seat was 0; leaving gave the rights up
            await host.close()
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url, [{"kind": "person"}, {"kind": "person"},
                                            {"kind": "computer", "level": "beginner"}])
            b = await client(url)
            await b.join(code, 1, "Budi")
            for c in (host, b):
                await c.ready()
            for c in (host, b):
                await c.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
            await _play_some([host, b], 3)
            move = server.tables[code].move
            folder = server.tables[code].folder
            await server.stop("host_quit")
        async with serving(tmp_path) as (server, url):
            save = max((folder / name for name in SAVES if (folder / name).exists()),
                       key=lambda p: sum(len(h) for h in load_match(p).match.logs))
            new = server.table_from_save(save)
            assert new != code and code not in server.tables, "the old table is replaced"
            table = server.tables[new]
            assert table.status == "waiting" and table.move == move
            assert [s.name for s in table.seats] == ["Host", "Budi", "Computer 3"]
            assert table.host_seat_open == 0
            assert table.topts.takeover_after_s == 600 and table.topts.pace_ms == 0, "the old table's options"
            b = await client(url)
            await b.join(new, 1, "Budi")
            assert not b.is_host and b.host is None and b.move == move
            h = await client(url)
            await h.join(new, 0, "Host")
            assert h.is_host and h.host == 0
            await h.start()
            await b.ready()
            for c in (h, b):
                state = await c.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
                assert state.move == move
            await _play_some([h, b], 1)
            for c in (h, b):
                await c.close()
    run(go(), 60)


def test_a_local_save_is_hosted_again_and_waits_through_a_restart(tmp_path):
    async def go():
        match = new_match("ceki", 3, 12, match_options={"mode": "hands", "hands": 2})
        for _ in range(4):
            seat = match.state.to_act()[0]
            match.apply(legal_moves(match.state.view(seat))[0])
        path = tmp_path / "local.cekisave"
        save_match(path, match, [Seat.bot("beginner", "Dewi"), Seat.human("Ayu"), Seat.human("Budi")])
        async with serving(tmp_path / "server") as (server, url):
            code = server.table_from_save(path)
            table = server.tables[code]
            assert [(s.kind, s.name, s.level) for s in table.seats] == [
                ("computer", "Dewi", "beginner"), ("person", "Ayu", None), ("person", "Budi", None)]
            assert table.host_seat_open == 1 and table.topts.undo, "a practice save allows undo"
            with pytest.raises(Exception) as err:
                server.table_from_save(tmp_path / "nothing.cekisave")
            assert type(err.value).__name__ == "SaveFileError"
            with pytest.raises(Exception) as err:
                server.table_from_save(path, [{"kind": "person"}])
            assert getattr(err.value, "code", None) == "bad_seats"
        async with serving(tmp_path / "server") as (server, url):
            table = server.tables[code]
            assert table.status == "waiting" and table.move == 4 and table.pending is not None
            h = await client(url)
            await h.join(code, 1, "Ayu")
            assert h.is_host and h.table.hand == 0 and h.move == 4
            await h.start()
            state = await h.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
            assert state.move == 4 and [s.computer for s in state.seats] == [True, False, True]
            assert [str(a) for a in table.session.match.logs[0][:4]] == [str(a) for a in match.logs[0]]
            await h.close()
    run(go(), 40)


@pytest.mark.parametrize("how", ["removed", "left"])
def test_after_start_a_person_who_is_removed_or_leaves_does_not_hold_the_match_up(tmp_path, how):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, host = await hosted(url)
            b = await client(url)
            await b.join(code, 1, "Budi")
            await host.start()
            await host.wait_for(lambda f: isinstance(f, Seats) and f.seats[0].ready)
            assert server.tables[code].status == "waiting"
            if how == "removed":
                await host.remove(1)
            else:
                await b.leave()
            state = await host.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
            assert [s.computer for s in state.seats] == [False, True, True]
            for c in (host, b):
                await c.close()
    run(go())


def test_a_table_made_inside_the_app_has_the_host_it_names(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            frame = Create(game="pei", seats=[SeatSpec(kind="person")] * 3, table={"pace_ms": 0})
            code = server.create(frame, host_seat=1).code
            a = await client(url)
            await a.join(code, 0, "Ayu")
            assert a.host is None and not a.is_host
            h = await client(url)
            await h.join(code, 1, "Host")
            assert h.is_host and h.host == 1
            await a.wait_for(lambda f: isinstance(f, Seats) and f.host == 1)
            for c in (a, h):
                await c.close()
    run(go())
