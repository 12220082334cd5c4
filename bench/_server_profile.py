"""``cekidesk-server`` with a profile of its loop (``bench/server_load.py --profile``; a measurement aid).

Run as ``python3 bench/_server_profile.py OUT.json [cekidesk-server's arguments]``: the server runs as
usual, and at its stop it writes to ``OUT.json``:

* ``callbacks``: every callback the asyncio loop ran (``Handle._run``), its wall time and the loop
  thread's own CPU time (``time.thread_time``: what the server itself spent, whatever the other
  processes of a shared machine took meanwhile) — count, p50, p99, max, total, and the slowest
  callbacks each with what it was (the coroutine or function) and the phases inside it;
* ``phases``: named pieces of the server's work (a move checked and played, the autosave made, the
  save written, the journal appended and rewritten, a file synced or renamed, frames encoded, a hand
  dealt, ...), each timed (wall and thread CPU) wherever it runs, per thread kind (loop / other);
* ``gc``: the garbage collector's pauses on the loop's thread by generation;
* ``lag``: how late a 10 ms ticker on the loop ran (the loop's responsiveness, as any move sees it).

``SIGUSR1`` forgets what was measured so far (the bench sends it when the clients begin to play:
the tables' creation is left out).

The wrappers cost a few microseconds a call; compare the shape of the distributions, not the last
tenth of a millisecond.
"""
from __future__ import annotations

import asyncio
import asyncio.events
import gc
import importlib
import json
import os
import signal
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = os.environ.get("CEKIDESK_ROOT") or str(Path(__file__).resolve().parents[1])
sys.path.insert(0, ROOT)

_LOOP_THREAD: list[int] = []
#: phases entered on the loop thread during the current callback: name -> [wall, cpu]
_current: dict[str, list[float]] = {}
_samples: dict[str, list[tuple[float, float]]] = defaultdict(list)
_cb_wall: list[float] = []
_cb_cpu: list[float] = []
_slow: list[tuple[float, float, str, dict[str, list[float]]]] = []
_gc: dict[int, list[float]] = defaultdict(list)
_gc_cpu: dict[int, list[float]] = defaultdict(list)
_lag: list[float] = []
_depth = threading.local()


def _on_loop() -> bool:
    return bool(_LOOP_THREAD) and threading.get_ident() == _LOOP_THREAD[0]


def _wrap(owner: object, name: str, label: str) -> None:
    fn = getattr(owner, name, None)
    if fn is None or getattr(fn, "_profiled", False):
        return

    def timed(*args: object, **kwargs: object) -> object:
        depth = getattr(_depth, label, 0)
        if depth:   # (a recursive call is timed by its outermost)
            return fn(*args, **kwargs)
        setattr(_depth, label, 1)
        w0, c0 = time.perf_counter(), time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            setattr(_depth, label, 0)
            w, c = time.perf_counter() - w0, time.thread_time() - c0
            where = "loop" if _on_loop() else "thread"
            _samples[f"{label} [{where}]"].append((w, c))
            if where == "loop":
                acc = _current.setdefault(label, [0.0, 0.0, 0])
                acc[0] += w
                acc[1] += c
                acc[2] += 1
    timed._profiled = True   # type: ignore[attr-defined]
    setattr(owner, name, timed)


def _describe(handle: asyncio.Handle) -> str:
    cb = handle._callback   # type: ignore[attr-defined]
    owner = getattr(cb, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coro = owner.get_coro()
        return f"task {getattr(coro, '__qualname__', coro)}"
    return getattr(cb, "__qualname__", repr(cb))


def _install_loop_timing() -> None:
    run = asyncio.events.Handle._run

    def timed_run(self: asyncio.Handle) -> None:
        _current.clear()
        w0, c0 = time.perf_counter(), time.thread_time()
        run(self)
        w, c = time.perf_counter() - w0, time.thread_time() - c0
        _cb_wall.append(w)
        _cb_cpu.append(c)
        if w > 0.005 or c > 0.003:
            _slow.append((w, c, _describe(self), {k: list(v) for k, v in _current.items()}))
    asyncio.events.Handle._run = timed_run   # type: ignore[method-assign]

    started: dict[int, tuple[float, float]] = {}

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if not _on_loop():
            return
        if phase == "start":
            started[0] = (time.perf_counter(), time.thread_time())
        elif 0 in started:
            w0, c0 = started.pop(0)
            _gc[info["generation"]].append(time.perf_counter() - w0)
            _gc_cpu[info["generation"]].append(time.thread_time() - c0)
    gc.callbacks.insert(0, on_gc)


def _install_phases() -> None:
    targets: list[tuple[str, str, str, str]] = [
        ("cekidesk.net.table", "Table", "play", "move: checked, played, saved, sent (Table.play)"),
        ("cekidesk.net.table", "Table", "_send_move", "move: frames made and queued (_send_move)"),
        ("cekidesk.net.table", "Table", "_send_tables", "table frames made and queued (_send_tables)"),
        ("cekidesk.net.table", "Table", "_go_on", "next hand / start (Table._go_on)"),
        ("cekidesk.net.table", "Table", "save_meta", "table.json written (save_meta)"),
        ("cekidesk.session.session", "Session", "_autosave", "autosave asked (Session._autosave)"),
        ("cekidesk.session.session", "Session", "next_hand", "next hand dealt (Session.next_hand)"),
        ("cekidesk.session.session", "Session", "_after_change", "next player asked (_after_change)"),
        ("cekidesk.session.autosave", "Autosaves", "_base", "whole save made and written (Autosaves._base)"),
        ("cekidesk.persistence.journal", "Journal", "append", "journal line appended (Journal.append)"),
        ("cekidesk.persistence.journal", "Journal", "rotate", "journal rewritten (Journal.rotate)"),
        ("cekidesk.net.runtime", "SaveWriter", "write", "save written (SaveWriter.write)"),
        ("cekidesk.net.protocol", "", "dump", "frame to JSON (protocol.dump)"),
        ("cekidesk.net.codec", "", "encode", "view/event encoded (codec.encode)"),
        ("cekidesk.net.codec", "", "encode_each", "a move's views encoded (codec.encode_each)"),
        ("cekidesk.net.server", "Connection", "_write_now", "frame written at once (Connection._write_now)"),
        ("cekidesk.net.server", "TableServer", "_handle", "client frame handled (TableServer._handle)"),
    ]
    for module, cls, name, label in targets:
        try:
            mod = importlib.import_module(module)
        except ImportError:
            continue
        owner = getattr(mod, cls, None) if cls else mod
        if owner is not None:
            _wrap(owner, name, label)
    for name, label in (("fsync", "os.fsync"), ("fdatasync", "os.fdatasync"), ("replace", "os.replace"),
                        ("pwrite", "os.pwrite"), ("write", "os.write")):
        _wrap(os, name, label)
    # the modules that imported ``dump``/``encode`` by name see the timed ones too
    for module in ("cekidesk.net.table", "cekidesk.net.server"):
        mod = sys.modules.get(module)
        if mod is None:
            continue
        for attr, src in (("dump", "cekidesk.net.protocol"), ("encode", "cekidesk.net.codec"),
                          ("encode_each", "cekidesk.net.codec")):
            if hasattr(mod, attr):
                setattr(mod, attr, getattr(sys.modules[src], attr))


def _q(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    v = sorted(values)
    n = len(v)

    def at(p: float) -> float:
        return round(v[min(n - 1, int(p * n))] * 1000, 3)
    return {"n": n, "p50_ms": at(0.5), "p99_ms": at(0.99), "p999_ms": at(0.999), "max_ms": round(v[-1] * 1000, 3),
            "total_s": round(sum(v), 3)}


def reset() -> None:
    """Forget what was measured so far (``SIGUSR1``: the bench's clients begin to play)."""
    _samples.clear()
    _slow.clear()
    _gc.clear()
    _gc_cpu.clear()
    for values in (_cb_wall, _cb_cpu, _lag):
        values.clear()


def report() -> dict[str, object]:
    slow = sorted(_slow, key=lambda s: -s[1])
    kinds: dict[str, list[float]] = defaultdict(list)
    for _w, c, what, _ in _slow:
        kinds[what].append(c)
    return {
        "callbacks": {"wall": _q(_cb_wall), "cpu": _q(_cb_cpu),
                      "slow_over_5ms_wall_or_3ms_cpu": len(_slow),
                      "slow_by_kind_cpu": {k: _q(v) for k, v in sorted(kinds.items(), key=lambda kv: -len(kv[1]))},
                      "slowest_by_cpu": [{"wall_ms": round(w * 1000, 2), "cpu_ms": round(c * 1000, 2), "what": what,
                                          "phases": {k: [round(v[0] * 1000, 2), round(v[1] * 1000, 2), int(v[2])]
                                                     for k, v in ph.items()}}
                                         for w, c, what, ph in slow[:25]]},
        "phases": {k: {"wall": _q([s[0] for s in v]), "cpu": _q([s[1] for s in v])}
                   for k, v in sorted(_samples.items())},
        "gc": {f"gen{g}": {"wall": _q(v), "cpu": _q(_gc_cpu[g])} for g, v in sorted(_gc.items())},
        "lag": _q(_lag),
    }


def main() -> int:
    out = Path(sys.argv[1])
    sys.argv = [sys.argv[0], *sys.argv[2:]]
    _install_loop_timing()
    importlib.import_module("cekidesk.net.server")
    _install_phases()
    cli = importlib.import_module("cekidesk.net.cli")
    server_mod = sys.modules["cekidesk.net.server"]
    start: Callable[..., object] = server_mod.TableServer.start

    async def started(self: object, *args: object, **kwargs: object) -> object:
        _LOOP_THREAD.append(threading.get_ident())
        loop = asyncio.get_running_loop()
        loop.create_task(_ticker())
        loop.add_signal_handler(signal.SIGUSR1, reset)
        return await start(self, *args, **kwargs)   # type: ignore[misc]
    server_mod.TableServer.start = started
    try:
        return int(cli.main())
    finally:
        out.write_text(json.dumps(report(), indent=1))


async def _ticker() -> None:
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + 0.01
        await asyncio.sleep(0.01)
        _lag.append(max(0.0, loop.time() - due))


if __name__ == "__main__":
    sys.exit(main())
