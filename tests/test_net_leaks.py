"""No leaks on the wire (issue 29): for every shipped game, a whole match over real sockets on
127.0.0.1 — two people, the other seats computer players, one spectator — where every frame each
connection received is decoded and compared with the engine's view rules: a seat's view is exactly
``state.view(seat)`` at that move (and equals the view of a state whose cards hidden from the seat
were dealt again: it holds none of them), its events exactly ``event.for_viewer(seat)``; a
spectator gets no view and only ``event.for_viewer(None)``.  A ``hands`` frame (a finished hand's
record and moves: its seed, every card) is public only once that hand ended: no frame carries a
hand that has not ended, nor its seed before then."""
from __future__ import annotations

import asyncio
import json
import random

import pytest
from helpers import shipped_games

from cekidesk.engine.core import Event
from cekidesk.net.client import TableClient, autoplay, legal_moves
from cekidesk.net.codec import encode
from cekidesk.net.protocol import Hands, Moved, TableState, parse_server_frame
from cekidesk.net.server import TableServer
from cekidesk.persistence.saves import record_json

GAMES = [g.id for g in shipped_games()]


def _seats(n: int) -> list[dict]:
    return [{"kind": "person"}, {"kind": "person"}] + [{"kind": "computer", "level": "beginner"}] * (n - 2)


async def _match(tmp_path, game_id: str, n: int) -> tuple[list, dict[int | None, list[str]]]:
    server = TableServer(tmp_path)
    port = await server.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{port}"
    people = [TableClient(url, keep_raw=True) for _ in range(2)]
    watcher = TableClient(url, keep_raw=True)
    try:
        for c in (*people, watcher):
            await c.connect()
        code = await people[0].create(game_id, _seats(n), match_options={"mode": "hands", "hands": 1},
                                      table={"pace_ms": 0, "seed": 29, "takeover_after_s": 600})
        await watcher.join(code, None)
        for i, c in enumerate(people):
            await c.join(code, i, f"P{i}")
        rng = random.Random(7)
        table = server.tables[code]
        logs: list = []

        def keep_log(client, frame) -> None:
            if client.status == "match_over" and not logs and table.session.match is not None:
                logs.extend([list(h) for h in table.session.match.logs])

        def over(client) -> bool:   # (the hand's record comes right after its last move)
            return client.status == "match_over" and len(client.records) == 1

        await asyncio.wait_for(asyncio.gather(
            *(autoplay(c, lambda v: rng.choice(legal_moves(v)), on_frame=keep_log, until=over) for c in people),
            autoplay(watcher, lambda v: v.legal[0], on_frame=keep_log, until=over)), 60)
        match = table.session.match
        raw = {0: people[0].raw, 1: people[1].raw, None: watcher.raw}
        return [match, logs], raw
    finally:
        for c in (*people, watcher):
            await c.close()
        await server.stop()


def _expected(match, log: list) -> dict[int, tuple]:
    """Per move number: the state after it and its events (move 0: the deal)."""
    replay = match.replayed([[]])
    out = {0: (replay.state.clone(), list(replay.state.deal_events))}
    for k, action in enumerate(log, start=1):
        events = replay.apply(action)
        out[k] = (replay.state.clone(), events)
    return out


def _for(events: list[Event], viewer: int | None) -> list:
    return [json.loads(json.dumps(encode(e.for_viewer(viewer)))) for e in events]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_frame_holds_only_what_its_connection_may_see(tmp_path, game_id):
    from cekidesk.games import get_game
    n = get_game(game_id).default_players
    (match, logs), raw = asyncio.run(_match(tmp_path, game_id, n))
    assert len(logs) == 1 and logs[0], "one hand was played"
    expected = _expected(match, logs[0])
    rng = random.Random(1)
    for viewer, texts in raw.items():
        checked = hands_seen = 0
        for text in texts:
            frame = parse_server_frame(text)
            if isinstance(frame, Hands):
                _check_hands(frame, match, logs[0])
                hands_seen += 1
                continue
            if getattr(frame, "move", None) is not None and frame.move < len(logs[0]):
                assert str(match.history[0].seed) not in text, "the hand's seed before it ended"
            if isinstance(frame, TableState):
                assert frame.table.seed is None, "the seed deals every hand: it never leaves the server"
            if not isinstance(frame, (TableState, Moved)) or frame.status == "waiting":
                continue
            state, events = expected[frame.move]
            if viewer is None:
                assert frame.view is None, "a spectator sees no hand"
            else:
                assert frame.view == json.loads(json.dumps(encode(state.view(viewer)))), (game_id, viewer, frame.move)
                other = state.redeal_hidden(viewer, rng)
                assert frame.view == json.loads(json.dumps(encode(other.view(viewer)))), "a hidden card on the wire"
            if isinstance(frame, Moved):
                assert frame.events == _for(events, viewer)
            elif viewer is not None:
                assert frame.events == _for(expected[0][1], viewer)
            else:   # the spectator's catch-up: every public event of the hand so far
                seen = [e for k in range(frame.move + 1) for e in expected[k][1]]
                assert frame.events == _for(seen, None)
            checked += 1
        assert checked >= 2, (game_id, viewer)
        assert hands_seen == 1, "the hand's record came once, after its last move"
        # the moves' numbers come one by one: nothing was missed
        moved = [parse_server_frame(t).move for t in texts if json.loads(t)["type"] == "moved"]
        assert moved == list(range(1, len(logs[0]) + 1))


def _check_hands(frame: Hands, match, log: list) -> None:
    """A ``hands`` frame holds finished hands only: their records and moves, as the match has them."""
    ended = 1 if frame.move >= len(log) else 0   # (the one hand of the match ends at its last move)
    assert frame.first + len(frame.records) <= ended, "a hand that has not ended on the wire"
    for i, (record, actions) in enumerate(zip(frame.records, frame.actions, strict=True), start=frame.first):
        assert record == json.loads(json.dumps(record_json(match.history[i])))
        assert actions == [str(a) for a in match.logs[i]]
