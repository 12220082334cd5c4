"""Load on the table server (issue 29; a measurement, not a test).

For each table count N (``--tables 10,100,500``) a fresh ``cekidesk-server`` process is started on
127.0.0.1 with an empty data folder, and client processes (``--client-procs``; default one per 50
tables, at least 2) open N tables of the game (``--game``, default the first) with the game's usual
player count, every seat a scripted :class:`~cekidesk.net.client.TableClient` over its own websocket
that plays the game's Normal computer player's move for its view as soon as it is its turn (within
the rate the server allows; ``--think-ms`` makes each wait about that long first (0.5–1.5 times it,
at random), as a person would).  Measured:

* **idle**: the server's resident set size (``VmRSS``) with the N tables dealt and every person
  seated and connected, less the server's before any table, per table;
* **load**: for ``--seconds`` of play, each move's **round trip** (from the client sending it to the
  client receiving the server's frame of it: the move checked, played, journalled, every seat's view
  and events encoded and sent), p50 / p99 / max; moves per second;
* **the server's share**: its own time per move (from the play frame read off its socket to every
  frame of it written to the sockets, or queued for a full one: ``cekidesk-server --stats``: the
  server's own part of a round trip, without the time the frame waited for the server's loop to
  read it), p50 / p99 / max; its CPU time per move, per table and in all
  (a share of one core), its RSS at the end;
* **the clients' share**: each client process's CPU (a share of one core) and how late its loop ran
  (a 10 ms ticker); ``clients_saturated`` when one of them nears a core or together they fill what
  the server leaves of the machine (the round trip then measures the load generator);
* **the machine's share**: how busy all its cores were, its CPU pressure, and how long the server's
  loop and each client's loop were ready to run but waited for a core (``/proc/PID/schedstat``).

``--ref REF`` (repeatable) runs the server of git commit REF too (``git archive`` into a temporary
folder; the clients stay this checkout's unless ``--ref-clients``: then REF's clients play against
REF's server, the whole of the old code against the whole of the new), alternating with this
checkout's at each count, and prints both side by side: old and new code in one run.  ``--profile
DIR`` runs each server through ``bench/_server_profile.py`` (its loop's callbacks, phases, GC pauses
and lag, from the moment the clients begin to play) and writes one JSON file per server into DIR;
``--client-profile DIR`` runs each client process under cProfile (CPU time) and writes its stats.

The clients compute the Normal player's moves in their own processes on the same machine: on a
2-core machine they take CPU the server could use, so the figures are an upper bound of what the
server alone would show.  Linux only (``/proc``).

    python3 bench/server_load.py                        # 10, 100 and 500 tables, 20 s each
    python3 bench/server_load.py --tables 200 --seconds 30 --think-ms 3000 --ref 024bbd4 --profile /tmp/prof
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from _machine import cpu_model  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def start_server(data: Path, max_tables: int, port: int = 0, *extra: str, root: Path = ROOT,
                 profile: Path | None = None) -> tuple[subprocess.Popen, int]:
    """``cekidesk-server`` of the code at ``root`` (this checkout, or another's), on 127.0.0.1;
    ``profile``: through ``bench/_server_profile.py``, its report written there at its stop."""
    env = {**os.environ, "PYTHONPATH": str(root), "CEKIDESK_ROOT": str(root)}
    cmd = os.environ.get("CEKIDESK_SERVER_CMD", "-m cekidesk.net.cli").split()
    if profile is not None:
        cmd = [str(ROOT / "bench" / "_server_profile.py"), str(profile)]
    proc = subprocess.Popen([sys.executable, *cmd, "--port", str(port), "--data", str(data),
                             "--max-tables", str(max_tables), *extra], stdout=subprocess.PIPE, text=True, env=env,
                            cwd=str(root))
    line: list[str] = []
    reader = threading.Thread(target=lambda: line.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(120)
    if not line or "listening on" not in line[0]:
        proc.kill()
        raise SystemExit(f"the server did not start: {line}")
    return proc, int(line[0].split("ws://127.0.0.1:")[1].split()[0])


def cpu_seconds(pid: int) -> float:
    return sum(cpu_split(pid))


def cpu_split(pid: int) -> tuple[float, float]:
    """The process's user and system (the kernel's, for it: its sockets, its files) CPU seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICK, int(fields[12]) / TICK


def machine_busy() -> tuple[float, float]:
    """The whole machine's busy and total CPU seconds so far (``/proc/stat``, every core)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields) - idle) / TICK, sum(fields) / TICK


def waited_for_cpu(pid: int) -> float:
    """Seconds the process's main thread (the server's loop, a client's loop) was ready to run but
    waited for a core (``/proc/PID/schedstat``): what a busy machine adds to every round trip."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def cpu_pressure() -> float:
    """Seconds, so far, in which some runnable task waited for a core (``/proc/pressure/cpu``)."""
    try:
        return int(Path("/proc/pressure/cpu").read_text().split("total=", 1)[1].split()[0]) / 1e6
    except (OSError, IndexError, ValueError):
        return 0.0


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


# -- the clients (each process its share of the tables) --------------------------------------------

async def _tables(url: str, game: str, players: int, count: int, ready, go, seconds: float, seed: int,
                  think: float, on_go=None) -> dict:
    from cekidesk.bots import make_bot
    from cekidesk.net.client import TableClient, autoplay
    from cekidesk.net.protocol import Moved

    rng = random.Random(seed)
    sent_at: dict[int, float] = {}

    class TimedClient(TableClient):
        async def play(self, action, check_move: bool = True) -> None:
            sent_at[id(self)] = time.perf_counter()
            await super().play(action, check_move)

    clients: list[TableClient] = []
    for _ in range(count):
        host = TimedClient(url)
        await host.connect()
        code = await host.create(game, [{"kind": "person"}] * players, table={"pace_ms": 0}, timeout=120)
        seats = [host] + [TimedClient(url) for _ in range(players - 1)]
        for i, c in enumerate(seats):
            if i:
                await c.connect()
            await c.join(code, i, f"P{i}", timeout=120)
        clients.extend(seats)
    for c in clients:
        await c.ready()
    ready.set()
    samples: list[float] = []
    bots = {id(c): make_bot(game, "normal", c.seat) for c in clients}

    def choose(c: TableClient):
        def pick(view):
            return bots[id(c)].choose(view, rng)
        return pick

    def heard(c: TableClient, frame) -> None:
        if isinstance(frame, Moved) and frame.seat == c.seat and id(c) in sent_at:
            samples.append(time.perf_counter() - sent_at.pop(id(c)))

    # everybody seated: wait (off the loop) for the go
    await asyncio.get_running_loop().run_in_executor(None, go.wait)
    if on_go is not None:
        on_go()
    samples.clear()
    lag: list[float] = []
    ticker = asyncio.create_task(_ticker(lag))
    cpu0 = time.process_time()
    sys0 = os.times().system
    began = time.perf_counter()
    end = time.monotonic() + seconds
    # each client stops by itself at the end (a cancelled wait_for may lose its cancellation in 3.11)
    def thinking() -> float:   # a person's pace: between half and one and a half times --think-ms
        return think * rng.uniform(0.5, 1.5)
    tasks = [asyncio.create_task(autoplay(c, choose(c), on_frame=heard, frame_timeout=30, pause=thinking,
                                          until=lambda c: time.monotonic() > end)) for c in clients]
    await asyncio.wait(tasks, timeout=seconds)
    elapsed = time.perf_counter() - began
    cpu = time.process_time() - cpu0
    sys_cpu = os.times().system - sys0
    ticker.cancel()
    failed = [t for t in tasks if t.done() and not t.cancelled() and t.exception() is not None]
    await asyncio.wait(tasks, timeout=60)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*(c.close() for c in clients))
    return {"samples": samples, "elapsed": elapsed, "failed": len(failed), "cpu": cpu, "sys": sys_cpu, "lag": lag,
            "error": repr(failed[0].exception()) if failed else ""}


async def _ticker(lag: list[float]) -> None:
    """How late a 10 ms timer runs on this loop: a loop too busy to read its frames at once."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + 0.01
        await asyncio.sleep(0.01)
        lag.append(max(0.0, loop.time() - due))


def _client_process(url: str, game: str, players: int, count: int, ready, go, seconds: float, seed: int,
                    think: float, out, profile: str | None = None, code: str | None = None) -> None:
    """One client process: its share of the tables.  ``code``: a folder of another checkout's code
    whose clients play (``--ref-clients``); ``profile``: a pstats file (``--client-profile``)."""
    if code is not None:
        sys.path.insert(0, code)
    if profile is None:
        out.send(asyncio.run(_tables(url, game, players, count, ready, go, seconds, seed, think)))
        return
    import cProfile
    prof = cProfile.Profile(time.thread_time)   # (CPU time: a shared machine's waits left out)
    result = asyncio.run(_profiled(prof, url, game, players, count, ready, go, seconds, seed, think))
    prof.dump_stats(profile)
    out.send(result)


async def _profiled(prof, *args) -> dict:
    """:func:`_tables` with ``prof`` on from the go to the end of play (``--client-profile``)."""
    try:
        return await _tables(*args, on_go=prof.enable)
    finally:
        prof.disable()


def _quantiles(values: list[float]) -> tuple[float, float, float]:
    """p50, p99 and the max of ``values`` (seconds), in ms."""
    if not values:
        return 0.0, 0.0, 0.0
    v = sorted(values)
    return (round(v[len(v) // 2] * 1000, 1), round(v[min(len(v) - 1, int(0.99 * len(v)))] * 1000, 1),
            round(v[-1] * 1000, 1))


def checkout(ref: str) -> Path:
    """The code of git ``ref`` (a commit, a branch), unpacked into a temporary folder."""
    out = Path(tempfile.mkdtemp(prefix="cekidesk-ref-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "cekidesk"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    return out


def _client_procs(n: int, args: argparse.Namespace) -> int:
    """``--client-procs``, or one client process per 50 tables (at least 2)."""
    return args.client_procs or max(2, -(-n // 50))


def measure(n: int, args: argparse.Namespace, players: int, root: Path = ROOT, label: str = "") -> dict:
    data = Path(tempfile.mkdtemp(prefix="cekidesk-load-"))
    profile = args.profile / f"server-{n}-{label or 'this'}.json" if args.profile else None
    server, port = start_server(data, n + 10, 0, "--stats", root=root, profile=profile)
    url = f"ws://127.0.0.1:{port}"
    nprocs = _client_procs(n, args)
    try:
        time.sleep(0.5)
        base_rss = rss_mb(server.pid)
        ctx = multiprocessing.get_context("spawn")
        go = ctx.Event()
        procs, pipes, readies = [], [], []
        shares = [n // nprocs + (1 if i < n % nprocs else 0) for i in range(nprocs)]
        for i, share in enumerate(s for s in shares if s):
            ready = ctx.Event()
            recv, send = ctx.Pipe(duplex=False)
            p = ctx.Process(target=_client_process,
                            args=(url, args.game, players, share, ready, go, args.seconds, 100 + i,
                                  args.think_ms / 1000, send,
                                  str(args.client_profile / f"client-{n}-{label or 'this'}-{i}.prof")
                                  if args.client_profile else None,
                                  str(root) if args.ref_clients and root != ROOT else None))
            p.start()
            procs.append(p)
            pipes.append(recv)
            readies.append(ready)
        t0 = time.monotonic()
        for ready in readies:
            if not ready.wait(max(120, n * 2)):
                raise SystemExit("the clients could not take their seats in time")
        setup_s = time.monotonic() - t0
        deadline = time.monotonic() + 30   # every table dealt (the server deals at the last ready)
        while time.monotonic() < deadline:
            time.sleep(0.5)
            rss_a = rss_mb(server.pid)
            time.sleep(0.5)
            if abs(rss_mb(server.pid) - rss_a) < 0.5:
                break
        idle_rss = rss_mb(server.pid)
        cpu0 = cpu_seconds(server.pid)
        split0 = cpu_split(server.pid)
        load0 = os.getloadavg()[0]
        machine0 = machine_busy()
        waits0 = [waited_for_cpu(pid) for pid in [server.pid, *(p.pid for p in procs)]]
        pressure0 = cpu_pressure()
        t_go = time.monotonic()
        if profile is not None:
            server.send_signal(signal.SIGUSR1)   # (the profile leaves the tables' creation out)
        go.set()
        # the CPU figures cover the play only: at its end a client whose table's last move came too
        # late waits for a frame that never comes (up to its frame timeout, 30 s), which is no load
        time.sleep(max(0.0, t_go + args.seconds - time.monotonic()))
        cpu = cpu_seconds(server.pid) - cpu0
        sys_cpu = cpu_split(server.pid)[1] - split0[1]
        machine1 = machine_busy()
        waits = [waited_for_cpu(pid) - w for pid, w in zip([server.pid, *(p.pid for p in procs)], waits0, strict=True)]
        pressure = cpu_pressure() - pressure0
        span = time.monotonic() - t_go
        end_rss = rss_mb(server.pid)
        results = [pipe.recv() for pipe in pipes]
        for p in procs:
            p.join(30)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            said = server.communicate(timeout=60)[0]
        except subprocess.TimeoutExpired:
            server.kill()
            said = ""
    stats = next((line for line in said.splitlines() if "stats:" in line), "")
    samples = sorted(s for r in results for s in r["samples"])
    elapsed = max(r["elapsed"] for r in results)
    moves = len(samples)
    rtt = _quantiles(samples)
    client_busy = [r["cpu"] / r["elapsed"] for r in results]
    client_lag = _quantiles([x for r in results for x in r["lag"]])
    server_busy = cpu / span
    machine = (machine1[0] - machine0[0]) / max(1e-9, machine1[1] - machine0[1])
    row = {
        "code": label or "this checkout", "tables": n, "players": players, "setup_s": round(setup_s, 1),
        "base_rss_mb": round(base_rss, 1), "idle_rss_mb": round(idle_rss, 1),
        "idle_rss_per_table_kb": round((idle_rss - base_rss) * 1024 / n, 1),
        "moves": moves, "moves_per_s": round(moves / elapsed, 1),
        "rtt_p50_ms": rtt[0], "rtt_p99_ms": rtt[1], "rtt_max_ms": rtt[2],
        "server_cpu_s": round(cpu, 2), "server_cpu_ms_per_move": round(cpu * 1000 / max(moves, 1), 2),
        # of which in the kernel (its sockets' sends and receives, its files)
        "server_sys_cpu_ms_per_move": round(sys_cpu * 1000 / max(moves, 1), 2),
        "server_cpu_per_table_pct": round(100 * cpu / span / n, 3),
        "server_busy_pct_of_a_core": round(100 * server_busy, 1),
        # what the clients spent per move, all of them together (their CPU over the play, per move)
        "client_cpu_ms_per_move": round(sum(r["cpu"] for r in results) * 1000 / max(moves, 1), 2),
        "client_sys_cpu_ms_per_move": round(sum(r.get("sys", 0.0) for r in results) * 1000 / max(moves, 1), 2),
        "server_time_per_move": stats.split("stats: ", 1)[-1],
        "client_procs": len(results),
        "client_busy_pct_of_a_core": [round(100 * b, 1) for b in client_busy],
        "client_loop_lag_p50_p99_max_ms": list(client_lag),
        # the clients cannot keep up: a client process near a whole core, or all of them together
        # near what the server leaves of the machine (their loops' lag is their share of the round trip)
        "clients_saturated": max(client_busy) > 0.85
        or sum(client_busy) > 0.85 * ((os.cpu_count() or 1) - server_busy),
        # every core of the machine, busy with anything (the bench or the machine's other work)
        "machine_busy_pct": round(100 * machine, 1),
        # the share of the time the server's loop, and each client's loop, was ready to run but waited
        # for a core; the share of the time some task of the machine waited (CPU pressure): a
        # crowded machine's part of the round trip, which neither the server nor the clients choose
        "server_waited_for_cpu_pct": round(100 * waits[0] / span, 1),
        "clients_waited_for_cpu_pct": [round(100 * w / span, 1) for w in waits[1:]],
        "machine_cpu_pressure_pct": round(100 * pressure / span, 1),
        "end_rss_mb": round(end_rss, 1), "client_failures": sum(r["failed"] for r in results),
        "client_error": next((r["error"] for r in results if r["error"]), ""),
        "load_average_at_start": round(load0, 1),
    }
    if profile is not None and profile.exists():
        row["server_profile"] = str(profile)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", default="10,100,500", help="table counts, comma-separated (default 10,100,500)")
    ap.add_argument("--seconds", type=float, default=20.0, help="play measured at each count (default 20)")
    ap.add_argument("--client-procs", type=int, default=0,
                    help="client processes (default: one per 50 tables, at least 2)")
    ap.add_argument("--game", default=None, help="the game (default: the first registered)")
    ap.add_argument("--think-ms", type=float, default=0.0,
                    help="each scripted person waits about this long (0.5-1.5 times it) before each move "
                         "(default 0: as fast as allowed)")
    ap.add_argument("--ref", action="append", default=[],
                    help="also measure the server of this git commit or branch (e.g. 024bbd4), alternating "
                         "with this checkout's at each count (repeatable); the clients are this checkout's")
    ap.add_argument("--ref-clients", action="store_true",
                    help="with --ref: that commit's clients play against its server too (default: this "
                         "checkout's clients play against every server)")
    ap.add_argument("--profile", type=Path,
                    help="run each server through bench/_server_profile.py and write its loop's profile "
                         "(callbacks, phases, GC pauses, loop lag) into this folder")
    ap.add_argument("--client-profile", type=Path,
                    help="run each client process under cProfile from the go to the end of play and write "
                         "its stats (pstats files, client-N-CODE-I.prof) into this folder")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    from cekidesk.games import DEFAULT_GAME_ID, get_game
    args.game = args.game or DEFAULT_GAME_ID
    players = get_game(args.game).default_players
    for folder in (args.profile, args.client_profile):
        if folder:
            folder.mkdir(parents=True, exist_ok=True)
    codes = [(ROOT, "")] + [(checkout(ref), ref) for ref in args.ref]
    print(f"# {cpu_model()}, {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    print(f"# {args.game}, {players} people per table, {args.seconds:g} s of play per count, "
          f"{args.think_ms:g} ms of thinking before each move; servers: "
          f"{', '.join(label or 'this checkout' for _, label in codes)}", flush=True)
    rows = []
    for n in (int(x) for x in args.tables.split(",")):
        for root, label in (codes if n % 2 == 0 else codes[::-1]):   # (neither always first)
            row = measure(n, args, players, root, label)
            row["load_average"] = round(os.getloadavg()[0], 1)
            rows.append(row)
            print(json.dumps(row), flush=True)
    if len(codes) > 1:
        print("# side by side: tables, code, moves/s, round trip p50/p99/max ms, server time per move, "
              "server CPU ms/move, clients' CPU ms/move, server busy % of a core, clients' busy % / loop lag "
              "p50/p99 ms, clients saturated, machine busy %, server's loop waiting for a core %, load average")
        for row in rows:
            print(f"{row['tables']:>5}  {row['code']:<14} {row['moves_per_s']:>7} "
                  f"{row['rtt_p50_ms']:>8}/{row['rtt_p99_ms']}/{row['rtt_max_ms']}  {row['server_time_per_move']}  "
                  f"{row['server_cpu_ms_per_move']}  {row['client_cpu_ms_per_move']}  "
                  f"{row['server_busy_pct_of_a_core']}  "
                  f"{sum(row['client_busy_pct_of_a_core']):.0f} / {row['client_loop_lag_p50_p99_max_ms'][0]}/"
                  f"{row['client_loop_lag_p50_p99_max_ms'][1]}  {row['clients_saturated']}  "
                  f"{row['machine_busy_pct']}  {row['server_waited_for_cpu_pct']}  {row['load_average']}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
