"""The table server killed mid-match, again and again (issue 29; a measurement, not a test).

A ``cekidesk-server`` process is started on 127.0.0.1 with an empty data folder; ``--tables``
tables (default 5) of the game (default the first), the usual player count, every seat but the last
a scripted :class:`~cekidesk.net.client.TableClient` with ``reconnect`` on (it plays the Normal
computer player's moves as soon as it may), the last a computer player.  Then ``--kills`` times
(default 100): after a random moment of play (0.2–1.2 s) the server is killed with SIGKILL, the
highest move number any client of each table had heard of is noted, the server is started again
on the same port and data folder, and the clients — left alone — connect again by themselves and
take their seats back with their tokens.  Checked at every restart, for every table: the move
number it comes back at is at least the one its clients had heard of (no move lost: a move is told
to nobody before it is saved; only a move in flight, sent but not yet answered, may be lost, and its
player simply plays again), and every client is back in its seat.  Printed: kills, moves played,
moves lost (must be 0), the time from the restart to every client seated again (p50/max), the
server's start time.

    python3 bench/server_kills.py                 # 100 kills, 5 tables
    python3 bench/server_kills.py --kills 20 --tables 10
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from _machine import cpu_model  # noqa: E402
from server_load import start_server  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def run(args: argparse.Namespace) -> int:
    from cekidesk.bots import make_bot
    from cekidesk.games import DEFAULT_GAME_ID, get_game
    from cekidesk.net.client import TableClient, autoplay
    from cekidesk.net.protocol import Joined, Moved, TableState

    game = args.game or DEFAULT_GAME_ID
    players = get_game(game).default_players
    data = Path(tempfile.mkdtemp(prefix="cekidesk-kills-"))
    port = free_port()
    t0 = time.monotonic()
    server, _ = start_server(data, args.tables + 5, port)
    starts = [time.monotonic() - t0]
    url = f"ws://127.0.0.1:{port}"
    rng = random.Random(args.seed)
    seen: dict[str, int] = {}          # per table: the highest move any of its clients heard of
    back: dict[int, tuple[int, int]] = {}   # per client: (kill number, move) it came back at
    kill_no = 0
    clients: list[TableClient] = []
    tables: dict[int, str] = {}
    seats = [{"kind": "person"}] * (players - 1) + [{"kind": "computer", "level": "normal"}]
    for _ in range(args.tables):
        host = TableClient(url, reconnect=True, reconnect_for=120)
        await host.connect()
        code = await host.create(game, seats, table={"pace_ms": 0, "takeover_after_s": 3600})
        for i in range(players - 1):
            c = host if i == 0 else TableClient(url, reconnect=True, reconnect_for=120)
            if i:
                await c.connect()
            await c.join(code, i, f"P{i}")
            clients.append(c)
            tables[id(c)] = code
        seen[code] = 0
    bots = {id(c): make_bot(game, "normal", c.seat) for c in clients}

    def heard(c: TableClient, frame: object) -> None:
        code = tables[id(c)]
        if isinstance(frame, Joined):
            back[id(c)] = (kill_no, -1)
        elif isinstance(frame, TableState) and id(c) in back and back[id(c)][1] < 0:
            back[id(c)] = (kill_no, frame.move)
        if isinstance(frame, (Moved, TableState)):
            seen[code] = max(seen[code], frame.move)

    stopping = False   # (the clients stop by themselves: a cancelled wait_for may lose its cancellation in 3.11)
    tasks = [asyncio.create_task(autoplay(c, lambda v, c=c: bots[id(c)].choose(v, rng), on_frame=heard,
                                          frame_timeout=300, until=lambda c: stopping)) for c in clients]
    lost = 0
    rejoin: list[float] = []
    first_moves = sum(seen.values())
    try:
        for kill_no in range(1, args.kills + 1):
            await asyncio.sleep(rng.uniform(0.2, 1.2))          # a random moment of the match
            for t in tasks:
                if t.done():
                    raise SystemExit(f"a client stopped: {t.exception()!r}")
            server.send_signal(signal.SIGKILL)
            server.wait()
            before = dict(seen)
            t0 = time.monotonic()
            server, _ = start_server(data, args.tables + 5, port)
            starts.append(time.monotonic() - t0)
            deadline = time.monotonic() + 120
            while not all(back.get(id(c), (0, -1))[0] == kill_no and back[id(c)][1] >= 0 for c in clients):
                if time.monotonic() > deadline:
                    raise SystemExit(f"kill {kill_no}: the clients did not all come back")
                await asyncio.sleep(0.02)
            rejoin.append(time.monotonic() - t0)
            for c in clients:
                came_back_at = back[id(c)][1]
                if came_back_at < before[tables[id(c)]]:
                    lost += before[tables[id(c)]] - came_back_at
                    print(f"kill {kill_no}: table {tables[id(c)]} came back at move {came_back_at}, "
                          f"its clients had heard of {before[tables[id(c)]]}", flush=True)
            if kill_no % 10 == 0:
                print(f"{kill_no} kills, {sum(seen.values()) - first_moves} moves so far, {lost} lost", flush=True)
    finally:
        stopping = True
        await asyncio.wait(tasks, timeout=30)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*(c.close() for c in clients))
        server.send_signal(signal.SIGTERM)
        server.wait(30)
    moves = sum(seen.values()) - first_moves
    print(f"kills {args.kills}, tables {args.tables} of {game} ({players - 1} people and a computer player each), "
          f"moves played {moves}, moves lost {lost}")
    print(f"clients back in their seats after a restart: p50 {statistics.median(rejoin):.2f} s, "
          f"max {max(rejoin):.2f} s (the server's start included: p50 {statistics.median(starts):.2f} s, "
          f"max {max(starts):.2f} s)")
    return 1 if lost else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=100)
    ap.add_argument("--tables", type=int, default=5)
    ap.add_argument("--game", default=None)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"# {cpu_model()}, {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    sys.exit(asyncio.run(run(args)))


if __name__ == "__main__":
    main()
