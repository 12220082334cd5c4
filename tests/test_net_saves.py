"""Where a table server's moves are kept (issue 29): each table's moves go to its own journal in its
folder (never the window's autosave journal), the whole save is written at a hand's start, not at
every move, and a server that stops without a word (a kill: its files copied as they are mid-hand)
comes back at the last move anybody heard of.  A connection's burst of frames takes turns with
the loop's other work.  The journal of a table is never synced and is cut,
not rewritten, once a save holds it.  The server takes what it holds at its start out of the
garbage collector's way."""
from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import shutil
import threading
from collections.abc import AsyncIterator

from test_net_server import play_one, run, table_of_two

from cekidesk.net.client import TableClient
from cekidesk.net.runtime import MemorySettler, SaveWriter, TableJournal
from cekidesk.net.server import Connection, ServerLimits, TableServer
from cekidesk.net.table import JOURNAL, SAVES
from cekidesk.persistence import paths
from cekidesk.persistence.journal import move_line, read_records


@contextlib.asynccontextmanager
async def serving(data) -> AsyncIterator[tuple[TableServer, str]]:
    server = TableServer(data)
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        await server.stop()


def test_moves_go_to_the_tables_own_journal_and_the_save_waits_for_the_next_hand(tmp_path):
    window_journal = paths.autosave_path().with_name("autosave.journal")
    before = window_journal.stat().st_mtime_ns if window_journal.exists() else None

    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url)
            folder = tmp_path / "tables" / code
            await asyncio.sleep(0)   # (the session hears that the hand's first save is on the disk)
            saves = {name: (folder / name).read_bytes() for name in SAVES if (folder / name).exists()}
            assert saves   # the match's first save: written when it was dealt
            for _ in range(3):
                move = await play_one(people)
            records, torn = read_records(folder / JOURNAL)
            assert not torn
            assert [(r["h"], r["i"]) for r in records if "a" in r] == [(0, 0), (0, 1), (0, 2)] and move == 3
            # between a hand's start and its end no save is rewritten: the moves are in the journal
            assert {name: (folder / name).read_bytes() for name in SAVES if (folder / name).exists()} == saves
            for c in people:
                await c.close()
    run(go(), 40)
    after = window_journal.stat().st_mtime_ns if window_journal.exists() else None
    assert after == before   # the window's autosave journal is not the server's


def test_a_server_gone_mid_hand_comes_back_at_the_last_move_heard_of(tmp_path):
    """The files as a killed server leaves them (copied while it runs) give every move anybody
    heard of: the hand's save and the journal's moves played on it."""
    async def go():
        async with serving(tmp_path / "a") as (server, url):
            code, people = await table_of_two(url)
            for _ in range(4):
                move = await play_one(people)
            shutil.copytree(tmp_path / "a", tmp_path / "b")
            views = [c.view_data for c in people]
            tokens = [c.token for c in people]
            for c in people:
                await c.close()
        async with serving(tmp_path / "b") as (server, url):
            assert server.tables[code].move == move == 4
            back = []
            for token in tokens:
                c = TableClient(url)
                await c.connect()
                await c.resume(code, token)
                back.append(c)
            assert [c.view_data for c in back] == views
            assert await play_one(back) == move + 1
            for c in back:
                await c.close()
    run(go(), 40)


def test_a_tables_journal_is_cut_once_a_save_holds_its_lines_and_has_no_thread(tmp_path):
    journal = TableJournal(tmp_path / "match.journal")
    lines = [move_line("ceki:2:1:", 0, i, "0 pass") for i in range(3)]
    threads = {t.name for t in threading.enumerate()}
    journal.append(lines[:2])
    journal.rotate(journal.seq)                 # a save holds both lines: the file is cut to nothing
    assert journal.path.read_bytes() == b"" and journal.pending() == 0
    journal.append(lines[2:])                   # the next move goes at the start of the file
    assert journal.path.read_bytes() == lines[2]
    journal.append(lines[:1])
    journal.rotate(journal.seq - 1)             # a save holds all but the newest line: only it stays
    assert journal.path.read_bytes() == lines[0] and journal.pending() == 1
    assert {t.name for t in threading.enumerate()} == threads   # (nothing syncs it)
    journal.close()


def test_a_save_on_the_disk_is_told_and_the_journal_lies_beside_the_saves(tmp_path):
    told: list[str] = []
    writer = SaveWriter((tmp_path / SAVES[0], tmp_path / SAVES[1]), told.append, lambda: told.append("saved"))
    assert writer.journal.path == tmp_path / "match.journal"
    cut: list[bool] = []
    writer.write(b"one", lambda: cut.append(True))
    assert told == ["saved"] and cut == [True] and (tmp_path / SAVES[0]).read_bytes() == b"one"
    writer.close()


def test_the_server_keeps_what_lives_long_out_of_the_collectors_way(tmp_path):
    async def go():
        gc.unfreeze()
        async with serving(tmp_path) as (server, url):
            assert gc.get_freeze_count() > 0                   # what it holds at its start
            settler = server._memory
            assert settler is not None and settler._collected in gc.callbacks
            gc.unfreeze()
            before = settler.frozen_times
            gc.collect(1)                                        # survivors of a middle collection ...
            await asyncio.sleep(0)
            assert settler.frozen_times == before + 1 and gc.get_freeze_count() > 0   # ... are frozen
            settler.sweep()                                      # (the periodic full sweep)
            assert gc.get_freeze_count() > 0
        assert settler._collected not in gc.callbacks            # a stopped server leaves gc alone ...
        assert gc.get_freeze_count() == 0                        # ... with nothing frozen
    try:
        run(go())
    finally:
        gc.unfreeze()


def test_a_server_inside_another_program_may_leave_its_objects_to_it(tmp_path, monkeypatch):
    monkeypatch.setattr(TableServer, "settle_gc", False)

    async def go():
        gc.unfreeze()
        async with serving(tmp_path) as (server, url):
            assert server._memory is None and gc.get_freeze_count() == 0
    run(go())


def test_a_server_on_a_thread_of_its_own_leaves_the_programs_objects_alone(tmp_path):
    """(The window runs its server's loop on a thread of its own: its objects are the window's.)"""
    seen: list[object] = []

    async def go():
        gc.unfreeze()
        async with serving(tmp_path) as (server, url):
            seen.append(server._memory)
            seen.append(gc.get_freeze_count())
    worker = threading.Thread(target=lambda: run(go()))
    worker.start()
    worker.join(30)
    assert seen == [None, 0]
    assert MemorySettler.sweep_every > 0


def test_a_connections_waiting_frames_take_turns_with_the_others(tmp_path):
    """Frames a connection's socket already holds are read without a pause; the server lets the
    loop's other work in after each one, so one connection's burst holds up no other table."""
    order: list[str] = []

    class Burst:   # a websocket whose next frames are all there at once
        def __init__(self, frames: int):
            self.frames = [json.dumps({"type": "ready"})] * frames
            self.done = asyncio.Event()

        async def recv(self) -> str:
            if self.frames:
                return self.frames.pop()
            self.done.set()
            await asyncio.Event().wait()   # (then silent)
            return ""

    async def go():
        server = TableServer(tmp_path)
        server._handle = lambda conn, frame: order.append("frame")   # type: ignore[method-assign]
        ws = Burst(5)
        conn = Connection(ws, ServerLimits())   # type: ignore[arg-type]
        conn.table = object()   # type: ignore[assignment]   # (at a table: no idle timeout on the reads)

        async def other_work() -> None:
            while not ws.done.is_set():
                order.append("other")
                await asyncio.sleep(0)
        reading = asyncio.create_task(server._frames(conn))
        await other_work()
        reading.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reading
    run(go())
    frames = [i for i, what in enumerate(order) if what == "frame"]
    assert len(frames) == 5
    assert all("other" in order[a:b] for a, b in zip(frames, frames[1:], strict=False))


def test_a_stopped_servers_saves_hold_every_move_and_the_match_is_hosted_again_whole(tmp_path):
    """The host's app quitting stops its server mid-hand: both saves then hold every move (a save of
    a networked match opens in the window as it was left), and hosting it again from a save loses no
    move of the journal either."""
    from cekidesk.persistence.saves import load_match

    async def go():
        async with serving(tmp_path) as (server, url):
            code, people = await table_of_two(url)
            for _ in range(3):
                move = await play_one(people)
            for c in people:
                await c.close()
        folder = tmp_path / "tables" / code
        for name in SAVES:
            assert len(load_match(folder / name).match.logs[-1]) == move == 3
        async with serving(tmp_path) as (server, url):
            again = server.table_from_save(folder / SAVES[0])
            assert server.tables[again].pending is not None
            assert len(server.tables[again].pending.match.logs[-1]) == 3
    run(go(), 40)


def test_a_table_hosted_again_from_a_save_plays_its_journal_on(tmp_path):
    """A save of a table whose server was killed mid-hand (its moves since the hand's start only in
    the table's journal) is hosted again with every move."""
    async def go():
        async with serving(tmp_path / "a") as (server, url):
            code, people = await table_of_two(url)
            for _ in range(3):
                await play_one(people)
            shutil.copytree(tmp_path / "a", tmp_path / "b")   # (as a killed server leaves its files)
            for c in people:
                await c.close()
        folder = tmp_path / "b" / "tables" / code
        async with serving(tmp_path / "c") as (server, url):
            again = server.table_from_save(folder / SAVES[0])
            assert len(server.tables[again].pending.match.logs[-1]) == 3
    run(go(), 40)
