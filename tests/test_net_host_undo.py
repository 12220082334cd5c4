"""Agreed undo at a networked table over real sockets on 127.0.0.1 (issue 30): a person asks, every
other person present must agree; then the asker's last move of the hand (and every move after it) is
taken back on the server, its save written again, and everybody gets the table anew.  A refusal or
the timeout (made short here) leaves the hand as it was; while the question is open nobody moves.
No fixed sleeps: every wait is for a frame or a condition, with a timeout."""
from __future__ import annotations

import asyncio
import contextlib

from test_net_server import run, serving

from cekidesk.net.client import TableClient, legal_moves
from cekidesk.net.protocol import Error, Moved, Seats, TableState, UndoAsked, UndoRefused
from cekidesk.net.server import TableServer
from cekidesk.net.table import SAVES
from cekidesk.persistence.saves import load_match

QUICK = {"pace_ms": 0, "seed": 3, "takeover_after_s": 600, "undo": True}
TWO = [{"kind": "person"}, {"kind": "person"}]


class Seen:
    """The views each client got, by move number (to compare the table after an undo with)."""

    def __init__(self) -> None:
        self.views: dict[tuple[int, int], object] = {}

    def keep(self, i: int, c: TableClient, frame) -> None:
        if isinstance(frame, (TableState, Moved)) and c.status == "playing":
            self.views[(i, frame.move)] = frame.view


async def table(url: str, seats=TWO, game: str = "ceki", **options) -> tuple[str, list[TableClient]]:
    people = []
    code = ""
    for i, spec in enumerate(seats):
        if spec["kind"] != "person":
            continue
        c = TableClient(url)
        await c.connect()
        if not code:
            code = await c.create(game, seats, match_options={"mode": "hands", "hands": 1},
                                  table={**QUICK, **options})
        await c.join(code, i, f"P{i}")
        people.append(c)
    for c in people:
        await c.ready()
    for c in people:
        await c.wait_for(lambda f: isinstance(f, TableState) and f.status == "playing")
    return code, people


async def play_until(server: TableServer, code: str, people: list[TableClient], seen: Seen,
                     done) -> None:
    """Play the people's first legal moves until ``done(match)`` holds (and nobody is mid-move)."""
    t = server.tables[code]
    while not done(t.session.match):
        movers = [c for c in people if c.my_turn()]
        if movers:
            c = movers[0]
            n = c.move
            await c.play(legal_moves(c.view)[0])
            for i, other in enumerate(people):
                while other.move < n + 1:
                    seen.keep(i, other, await other.recv(5))
        else:
            for i, other in enumerate(people):
                with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
                    seen.keep(i, other, await other.recv(0.05))


def moved_by(seat: int, then: int | None = None):
    """The hand holds a move of ``seat`` (and, with ``then``, ``then`` is to act after it)."""
    def holds(match) -> bool:
        log = match.logs[-1]
        if not any(a.player == seat for a in log) or match.hand_over():
            return False
        return then is None or (list(match.state.to_act()) == [then] and log[-1].player != then)
    return holds


def newest_save_moves(server: TableServer, code: str) -> int:
    folder = server.tables[code].folder
    return max(sum(len(h) for h in load_match(folder / name).match.logs)
               for name in SAVES if (folder / name).exists())


def test_everybody_agrees_and_the_askers_last_move_is_taken_back(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, (a, b) = await table(url)
            seen = Seen()
            seen.views[(0, 0)] = a.view_data
            await play_until(server, code, [a, b], seen, lambda m: len(m.logs[-1]) >= 3 and moved_by(0, 1)(m))
            t = server.tables[code]
            log = list(t.session.match.logs[-1])
            cut = max(i for i, act in enumerate(log) if act.player == 0)
            await a.ask_undo()
            for c in (a, b):
                asked = await c.wait_for(lambda f: isinstance(f, UndoAsked))
                assert (asked.seat, asked.name, asked.move) == (0, "P0", len(log))
            # while the question is open nobody moves, and nobody asks again
            await b.play(legal_moves(b.view)[0])
            assert (await b.wait_for(lambda f: isinstance(f, Error))).code == "undo_pending"
            await b.ask_undo()
            assert (await b.wait_for(lambda f: isinstance(f, Error))).code == "undo_pending"
            await a.answer_undo(True)
            assert (await a.wait_for(lambda f: isinstance(f, Error))).code == "not_asked"
            await b.answer_undo(True)
            for i, c in enumerate((a, b)):
                state = await c.wait_for(lambda f: isinstance(f, TableState))
                assert state.move == cut and state.status == "playing"
                if (i, cut) in seen.views:
                    assert state.view == seen.views[(i, cut)], "the table as it was before the move"
            assert list(t.session.match.logs[-1]) == log[:cut]
            assert newest_save_moves(server, code) == cut, "the save was written again"
            assert 0 in t.session.undone_hands
            tokens = [a.token, b.token]
            for c in (a, b):
                await c.close()
        async with serving(tmp_path) as (server, url):   # a restart takes the hand up after the undo
            assert server.tables[code].move == cut
            back = []
            for token in tokens:
                c = TableClient(url)
                await c.connect()
                await c.resume(code, token)
                back.append(c)
            assert back[0].table.table.undo and back[0].move == cut
            # the hand goes on from there
            await play_until(server, code, back, seen, lambda m: len(m.logs[-1]) > cut)
            assert back[0].move == back[1].move == cut + 1
            for c in back:
                await c.close()
    run(go(), 40)


def test_one_refusal_keeps_the_hand_as_it_was(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, (a, b) = await table(url)
            seen = Seen()
            await play_until(server, code, [a, b], seen, moved_by(0, 1))
            move = a.move
            await a.ask_undo()
            await b.wait_for(lambda f: isinstance(f, UndoAsked))
            await b.answer_undo(False)
            for c in (a, b):
                frame = await c.wait_for(lambda f: isinstance(f, UndoRefused))
                assert (frame.seat, frame.reason, frame.move) == (0, "refused", move)
            assert server.tables[code].move == move and server.tables[code].vote is None
            await b.answer_undo(True)
            assert (await b.wait_for(lambda f: isinstance(f, Error))).code == "not_asked"
            await play_until(server, code, [a, b], seen, lambda m: sum(len(h) for h in m.logs) > move)
            for c in (a, b):
                await c.close()
    run(go())


def test_no_answer_in_time_is_a_refusal_and_the_computers_waited_meanwhile(tmp_path):
    async def go():
        async with serving(tmp_path, undo_timeout=0.5) as (server, url):
            seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "computer", "level": "beginner"}]
            code, (a, b) = await table(url, seats, game="pei")
            seen = Seen()
            await play_until(server, code, [a, b], seen, moved_by(0))
            t = server.tables[code]
            await a.ask_undo()
            asked = await b.wait_for(lambda f: isinstance(f, UndoAsked))
            frame = await b.wait_for(lambda f: isinstance(f, (UndoRefused, Moved)), 10)
            assert isinstance(frame, UndoRefused) and frame.reason == "timeout" and frame.seat == 0
            assert frame.move == asked.move, "nobody moved while the table waited"
            assert not t.session.paused and t.vote is None
            for c in (a, b):
                await c.close()
    run(go())


def test_a_person_alone_with_computers_takes_a_move_back_at_once(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, (a,) = await table(url, [{"kind": "person"}, {"kind": "computer", "level": "beginner"}])
            seen = Seen()
            await play_until(server, code, [a], seen, moved_by(0, 0))
            t = server.tables[code]
            log = list(t.session.match.logs[-1])
            cut = max(i for i, act in enumerate(log) if act.player == 0)
            await a.ask_undo()
            await a.wait_for(lambda f: isinstance(f, UndoAsked))
            state = await a.wait_for(lambda f: isinstance(f, TableState))
            assert state.move == cut and list(t.session.match.logs[-1]) == log[:cut]
            await a.close()
    run(go())


def test_a_person_who_goes_does_not_hold_the_undo_up_and_one_who_comes_back_is_asked(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, (a, b, c) = await table(url, [{"kind": "person"}] * 3, game="pei")
            seen = Seen()
            await play_until(server, code, [a, b, c], seen, moved_by(0))
            t = server.tables[code]
            cut = max(i for i, act in enumerate(t.session.match.logs[-1]) if act.player == 0)
            await a.ask_undo()
            for x in (b, c):
                await x.wait_for(lambda f: isinstance(f, UndoAsked))
            token = c.token
            await c.close()
            await a.wait_for(lambda f: isinstance(f, Seats) and not f.seats[2].present)
            back = TableClient(url)
            await back.connect()
            await back.resume(code, token)
            asked = await back.wait_for(lambda f: isinstance(f, UndoAsked))
            assert asked.seat == 0
            await b.answer_undo(True)
            await back.close()   # the last one to answer goes: nobody holds the undo up any more
            for x in (a, b):
                state = await x.wait_for(lambda f: isinstance(f, TableState))
                assert state.move == cut
            for x in (a, b):
                await x.close()
    run(go())


def test_undo_is_refused_where_it_cannot_be(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, (a, b) = await table(url)
            first = server.tables[code].session.match.state.to_act()[0]
            other = (a, b)[1 - first]
            await other.ask_undo()   # no move of theirs yet
            assert (await other.wait_for(lambda f: isinstance(f, Error))).code == "nothing_to_undo"
            w = TableClient(url)
            await w.connect()
            await w.join(code, None)
            await w.ask_undo()
            assert (await w.wait_for(lambda f: isinstance(f, Error))).code == "spectator"
            code_off, (x, y) = await table(url, undo=False)
            seen = Seen()
            await play_until(server, code_off, [x, y], seen, moved_by(0))
            await x.ask_undo()
            assert (await x.wait_for(lambda f: isinstance(f, Error))).code == "undo_off"
            for c in (a, b, w, x, y):
                await c.close()
    run(go())


def test_a_seat_taken_again_during_the_question_answers_again(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            code, (a, b, c) = await table(url, [{"kind": "person"}] * 3, game="pei")
            seen = Seen()
            await play_until(server, code, [a, b, c], seen, moved_by(0))
            t = server.tables[code]
            move = t.move
            await a.ask_undo()
            await b.wait_for(lambda f: isinstance(f, UndoAsked))
            await b.answer_undo(True)
            await until_agreed(t, 1)
            await b.leave()   # gives the seat up; a newcomer takes it and is asked anew
            newcomer = TableClient(url)
            await newcomer.connect()
            await newcomer.join(code, 1, "Nina")
            asked = await newcomer.wait_for(lambda f: isinstance(f, UndoAsked))
            assert asked.seat == 0 and 1 not in t.vote.agreed
            watcher = TableClient(url)
            await watcher.connect()
            await watcher.join(code, None)
            await watcher.wait_for(lambda f: isinstance(f, UndoAsked))   # a spectator hears why the table waits
            await c.answer_undo(True)
            assert t.vote is not None and t.move == move, "Nina has not answered"
            await newcomer.answer_undo(False)
            refused = await a.wait_for(lambda f: isinstance(f, UndoRefused))
            assert refused.reason == "refused" and t.move == move
            for x in (a, c, newcomer, watcher):
                await x.close()
    run(go())


async def until_agreed(t, seat: int) -> None:
    for _ in range(500):
        if t.vote is not None and seat in t.vote.agreed:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the answer never came")
