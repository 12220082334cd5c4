"""Issue 30, "Joining by discovery works in a test with two processes on this machine (or is shown
unavailable with a clear message where multicast is not allowed)".

Everything here multicasts on the loopback interface (127.0.0.1) only: nothing leaves this computer.
First the module checks, with one datagram of its own, whether multicast on loopback comes back at
all here (:func:`cekidesk.net.discovery.check_multicast`); only where it does not are these tests
skipped, with that reason — the unavailable path itself (``DiscoveryUnavailable`` and its reasons)
is tested in test_net_discovery.py wherever the tests run.  Where multicast works, a table that a
``cekidesk-server --announce`` process hosts must be found and joined, or the test fails."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cekidesk.net import discovery
from cekidesk.net.client import TableClient
from cekidesk.net.discovery import AnnouncedTable, Announcer, Browser, DiscoveryUnavailable, FoundTable

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = ["127.0.0.1"]


@pytest.fixture(scope="module", autouse=True)
def multicast_on_loopback():
    try:
        discovery.check_multicast("127.0.0.1", timeout=3.0)
    except DiscoveryUnavailable as exc:
        assert exc.reason == "no_multicast"
        pytest.skip(f"multicast does not work on this machine's loopback, so discovery is unavailable here: {exc}")


class Seen:
    """What a browser told, waited for by condition."""

    def __init__(self) -> None:
        self.lists: list[list[FoundTable]] = [[]]
        self.threads: set[str] = set()
        self._cond = threading.Condition()

    def changed(self, tables: list[FoundTable]) -> None:
        with self._cond:
            self.threads.add(threading.current_thread().name)
            self.lists.append(tables)
            self._cond.notify_all()

    def wait_for(self, pred: Callable[[list[FoundTable]], bool], timeout: float = 15.0) -> list[FoundTable]:
        with self._cond:
            assert self._cond.wait_for(lambda: pred(self.lists[-1]), timeout), f"never seen; last: {self.lists[-1]}"
            return self.lists[-1]


def _first_lines(proc: subprocess.Popen, n: int, timeout: float = 60.0) -> list[str]:
    """The process's first ``n`` lines of output (fewer if it ends), waiting at most ``timeout``."""
    got: list[str] = []
    done = threading.Event()

    def read() -> None:
        for line in proc.stdout:
            got.append(line)
            if len(got) >= n:
                break
        done.set()
    threading.Thread(target=read, daemon=True).start()
    assert done.wait(timeout), f"the server printed only {got}"
    return got


def test_a_table_another_process_announces_is_found_and_joined(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "cekidesk.net.cli", "--port", "0", "--announce",
                             "--data", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    seen = Seen()
    browser = None
    try:
        out = _first_lines(proc, 2)
        assert "listening on ws://127.0.0.1:" in out[0], out
        port = int(out[0].split("ws://127.0.0.1:")[1].split()[0])
        assert "announcing the open tables as" in out[1] and "to this computer only" in out[1], out
        browser = Browser(seen.changed, interfaces=LOOPBACK)

        async def play() -> tuple[str, str]:
            async with TableClient(f"ws://127.0.0.1:{port}") as host:
                code = await host.create("ceki", [{"kind": "person"}, {"kind": "person"}, {"kind": "computer",
                                                                                           "level": "normal"}])
                await host.join(code, 0, "Ayu")
                # the table is found, with the one seat left free, at an address of this computer
                # (first perhaps with both seats free: the announcement follows the join)
                found = await asyncio.to_thread(seen.wait_for,
                                                lambda ts: any(t.code == code and t.free_seats == 1 for t in ts))
                table = next(t for t in found if t.code == code)
                assert (table.game, table.free_seats, table.players, table.port) == ("ceki", 1, 3, port)
                assert table.address == "127.0.0.1" and not table.tls and table.host_name
                # … and joined through what was found
                async with TableClient(f"ws://{table.address}:{table.port}") as guest:
                    joined = await guest.join(table.code, 1, "Budi")
                    assert (joined.code, joined.seat) == (code, 1) and joined.token
                    # full now: no longer announced
                    await asyncio.to_thread(seen.wait_for, lambda ts: all(t.code != code for t in ts))
                    other = await host.create("pei", [{"kind": "person"}] * 3)
                    await asyncio.to_thread(seen.wait_for, lambda ts: any(t.code == other for t in ts))
            return code, other
        code, other = asyncio.run(asyncio.wait_for(play(), 60))
        # the server stopping withdraws its announcement at once (a goodbye, not a 2-minute fade)
        proc.send_signal(signal.SIGTERM)
        seen.wait_for(lambda ts: all(t.port != port for t in ts))
        assert proc.wait(30) == 0
    finally:
        if browser is not None:
            began = time.monotonic()
            browser.close()
            assert time.monotonic() - began < discovery.CLOSE_TIMEOUT + 1
        if proc.poll() is None:
            proc.kill()
            proc.wait(30)
    assert seen.threads and all("cekidesk" not in name and name != "MainThread" for name in seen.threads)
    # every list told was whole and sorted; no list ever held the full table
    assert all(ts == sorted(ts, key=lambda t: (t.host_name.lower(), t.code, t.address, t.port)) for ts in seen.lists)


def test_a_hostile_announcement_is_read_only_as_far_as_it_is_valid():
    from zeroconf import ServiceInfo

    seen = Seen()
    hostile = discovery.start_zeroconf(LOOPBACK)
    good = Announcer(40001, "Good host", addresses=["127.0.0.1"], interfaces=LOOPBACK)
    browser = Browser(seen.changed, interfaces=LOOPBACK)
    try:
        props: dict[str, str | bytes] = {"v": "1", "p": "1", "h": "\x1b[2J" + "Ж" * 60, "n": "99"}
        props |= {f"t{i}": f"AAAAA{'BCDEFGHJKMNPQRSTUVWXYZ23456789'[i]},ceki,{i % 3},2" for i in range(20)}
        props |= {"t3": b"\xff\xfe", "t4": "ZZZZZZ,ceki,1,2,3", "t5": "ZZZZZ1,ceki,1,2", "t6": "ZZZZZZ,pei,1,9"}
        infos = [ServiceInfo(discovery.SERVICE, f"{name}.{discovery.SERVICE}", port=port,
                             properties={**props, **extra}, server=f"{name.replace(' ', '-')}.local.",
                             parsed_addresses=["224.0.0.1"] if name == "multicast" else ["127.0.0.1"])
                 for name, port, extra in (("hostile", 40002, {}), ("multicast", 40003, {}),
                                           ("other version", 40004, {"v": "7"}))]

        async def register() -> None:   # (all at once: each waits for its probes)
            done = await asyncio.gather(*(hostile.async_register_service(info) for info in infos))
            await asyncio.gather(*done)
        assert hostile.loop is not None
        asyncio.run_coroutine_threadsafe(register(), hostile.loop).result(15)
        good.update([AnnouncedTable("GUDE23", "ce-pe", 2, 4)])
        found = seen.wait_for(lambda ts: any(t.code == "GUDE23" for t in ts) and any(t.port == 40002 for t in ts))
        bad = [t for t in found if t.port == 40002]
        # entries with 1 free seat of 2 (i % 3 == 1) or 2 of 2 (i % 3 == 2), not t3-t6; the host name cleaned
        expected = sorted(f"AAAAA{'BCDEFGHJKMNPQRSTUVWXYZ23456789'[i]}" for i in range(20)
                          if i % 3 and i not in (3, 4, 5, 6))
        assert sorted(t.code for t in bad) == expected
        assert all(t.host_name.isprintable() and len(t.host_name) <= discovery.MAX_HOST_NAME for t in bad)
        assert not any(t.port in (40003, 40004) for t in found)   # (a multicast address; another version)
        assert [t for t in found if t.port == 40001] == [FoundTable("GUDE23", "ce-pe", 2, "Good host", "127.0.0.1",
                                                                    40001, 4)]
        # withdrawn: gone from the list
        good.update([])
        seen.wait_for(lambda ts: not any(t.port == 40001 for t in ts))
    finally:
        for closing in (browser.close, good.close, hostile.close):
            began = time.monotonic()
            closing()
            assert time.monotonic() - began < discovery.CLOSE_TIMEOUT + 1


def test_a_flood_of_services_is_bounded_and_closing_does_not_wait_for_it():
    from zeroconf import ServiceStateChange

    browser = Browser(lambda tables: None, interfaces=LOOPBACK)
    try:
        async def flood() -> int:
            for i in range(3 * discovery.MAX_SERVICES):   # (names nobody answers for: each resolution waits)
                browser._changed(browser._zc, discovery.SERVICE, f"flood {i}.{discovery.SERVICE}",
                                 ServiceStateChange.Added)
            browser._changed(browser._zc, "_other._tcp.local.", "x._other._tcp.local.", ServiceStateChange.Added)
            return len(browser._services)
        loop = browser._zc.loop
        assert loop is not None
        assert asyncio.run_coroutine_threadsafe(flood(), loop).result(10) == discovery.MAX_SERVICES
    finally:
        began = time.monotonic()
        browser.close()
        assert time.monotonic() - began < discovery.CLOSE_TIMEOUT + 1
    browser.close()   # (twice: nothing more)
