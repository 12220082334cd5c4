"""Issue 30, tables found on the local network (cekidesk/net/discovery.py): the announcement's TXT
record and how a browser reads it — a hostile or broken record never raises and never yields more
than the bounds allow, nor a code, game, seat count, address or port that is not valid —, this
computer's addresses, the server's ``tables_changed`` hook behind ``cekidesk-server --announce``,
and the unavailable path (no multicast, no interface, no zeroconf) with its clear reason.  The live
multicast tests (two processes) are in test_net_discovery_lan.py."""
from __future__ import annotations

import asyncio
import errno
import io
import ipaddress
import re
import sys
import time
import types
from contextlib import redirect_stderr
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cekidesk.net import cli, discovery
from cekidesk.net.client import TableClient
from cekidesk.net.discovery import (
    MAX_FOUND,
    MAX_HOST_NAME,
    MAX_TABLES,
    AnnouncedTable,
    DiscoveryUnavailable,
    FoundTable,
    best_address,
    found_tables,
    local_addresses,
    open_tables,
    parse_txt,
    txt_record,
)
from cekidesk.net.protocol import CODE_ALPHABET
from cekidesk.net.server import TableServer

GAMES = {"ceki": (2, 6), "pei": (3, 3), "kartu-lima": (5, 9), "ce-pe": (2, 8)}
CODE = re.compile(rf"[{CODE_ALPHABET}]{{6}}")


def as_zeroconf(props: dict[str, str]) -> dict[bytes, bytes | None]:
    """TXT properties as zeroconf hands them to a browser (bytes keys and values)."""
    return {k.encode(): v.encode() for k, v in props.items()}


def valid(t: FoundTable | AnnouncedTable) -> bool:
    low, high = GAMES[t.game]
    return bool(CODE.fullmatch(t.code)) and low <= t.players <= high and 0 < t.free_seats <= t.players


# -- the record ----------------------------------------------------------------------------------------------
def test_a_record_lists_the_open_tables_and_reads_back():
    tables = [AnnouncedTable("C3MGNJ", "ceki", 1, 2), AnnouncedTable("ABCDEF", "kartu-lima", 3, 5),
              AnnouncedTable("PQR234", "pei", 3, 3)]
    props = txt_record(tables, "Ayu's laptop")
    assert props["v"] == "1" and props["p"] == "1" and props["n"] == "3" and props["h"] == "Ayu's laptop"
    assert props["t1"] == "ABCDEF,kartu-lima,3,5"
    assert sum(len(k) + len(v) + 2 for k, v in props.items()) < 200   # (small: one mDNS packet easily)
    assert parse_txt(as_zeroconf(props), GAMES) == ("Ayu's laptop", False, tables)
    found = found_tables(as_zeroconf(txt_record(tables, "Ayu", tls=True)), ["127.0.0.1"], 8765, GAMES)
    assert found[0] == FoundTable("C3MGNJ", "ceki", 1, "Ayu", "127.0.0.1", 8765, 2, True)


def test_an_announcement_is_bounded():
    many = [AnnouncedTable(f"AAAA{a}{b}", "ceki", 1, 4) for a in "BCDEF" for b in "GHJKM"]
    props = txt_record(many + [AnnouncedTable("lower!", "ceki", 1, 2)], "x" * 500)
    assert props["n"] == str(MAX_TABLES) and len([k for k in props if k.startswith("t")]) == MAX_TABLES
    assert len(props["h"]) == MAX_HOST_NAME
    assert max(len(v) for v in props.values()) <= 64
    # a table nobody can join is never announced
    assert txt_record([AnnouncedTable("C3MGNJ", "ceki", 0, 2)], "h")["n"] == "0"


@pytest.mark.parametrize("change, why", [
    ({"v": "2"}, "another record version"),
    ({"p": "9"}, "another protocol"),
    ({"v": None}, "no version"),
])
def test_a_record_of_another_kind_is_not_read(change, why):
    props = as_zeroconf(txt_record([AnnouncedTable("C3MGNJ", "ceki", 1, 2)], "h"))
    for k, v in change.items():
        if v is None:
            del props[k.encode()]
        else:
            props[k.encode()] = v.encode()
    assert parse_txt(props, GAMES) is None, why
    assert found_tables(props, ["127.0.0.1"], 8765, GAMES) == []


@pytest.mark.parametrize("entry", [
    "C3MGNI,ceki,1,2",          # I is not in the codes' alphabet (nor O, 0, 1)
    "c3mgnj,ceki,1,2",          # lower case
    "C3MGNJX,ceki,1,2",         # too long
    "C3MGNJ,poker,1,2",         # no such game here
    "C3MGNJ,Ceki,1,2",
    "C3MGNJ,ceki,3,2",          # more free seats than players
    "C3MGNJ,ceki,0,2",          # nobody can join
    "C3MGNJ,ceki,1,7",          # Ceki has 2-6 players
    "C3MGNJ,pei,1,4",           # Pei has 3
    "C3MGNJ,ceki,-1,2", "C3MGNJ,ceki,1,", "C3MGNJ,ceki,１,2",   # (a full-width digit)
    "C3MGNJ,ceki,01,002", "C3MGNJ,ceki,1,2,9", "C3MGNJ ceki 1 2", "", ",,,",
])
def test_a_table_entry_that_is_not_valid_is_left_out(entry):
    props = as_zeroconf({"v": "1", "p": "1", "h": "h", "n": "2", "t0": entry, "t1": "ABCDEF,ceki,1,2"})
    assert parse_txt(props, GAMES) == ("h", False, [AnnouncedTable("ABCDEF", "ceki", 1, 2)])


def test_a_record_too_big_or_repeating_itself_is_cut_down():
    props = {"v": "1", "p": "1", "h": "\x1b[31mred\x00 host\n" + "é" * 50}
    props |= {f"t{i}": f"C3MGN{CODE_ALPHABET[i]},ceki,1,2" for i in range(20)}
    parsed = parse_txt(as_zeroconf(props), GAMES)
    assert parsed is not None
    host, _, tables = parsed
    assert host.startswith("[31mred host é") and len(host) <= MAX_HOST_NAME and host.isprintable()
    assert len(tables) == MAX_TABLES
    # the same code twice counts once; t20 and beyond, or keys past the limit, are not read
    same = as_zeroconf({"v": "1", "p": "1", "t0": "C3MGNJ,ceki,1,2", "t1": "C3MGNJ,ceki,2,3",
                        "t20": "ABCDEF,ceki,1,2", "t05": "ABCDEG,ceki,1,2"})
    assert parse_txt(same, GAMES) == ("", False, [AnnouncedTable("C3MGNJ", "ceki", 1, 2)])
    flood = as_zeroconf({"v": "1", "p": "1", **{f"x{i}": "y" for i in range(40)}})
    assert parse_txt(flood, GAMES) is None
    # a host name of no characters falls back to the address
    found = found_tables(as_zeroconf({"v": "1", "p": "1", "h": "\x00\x01", "t0": "C3MGNJ,ceki,1,2"}),
                         ["192.168.1.20"], 8765, GAMES)
    assert [t.host_name for t in found] == ["192.168.1.20"]


@pytest.mark.parametrize("port", [0, -1, 65536, None, True, "8765", 8765.0])
def test_a_port_out_of_range_finds_nothing(port):
    props = as_zeroconf(txt_record([AnnouncedTable("C3MGNJ", "ceki", 1, 2)], "h"))
    assert found_tables(props, ["127.0.0.1"], port, GAMES) == []


def test_the_address_to_join_is_the_best_usable_one():
    assert best_address(["::1", "fe80::1", "fd00::2", "169.254.3.4", "192.168.1.20", "127.0.0.1"]) == "192.168.1.20"
    assert best_address(["127.0.0.1", "fd00::2", "169.254.3.4"]) == "fd00::2"
    assert best_address(["::1", "127.0.0.1"]) == "127.0.0.1"
    for bad in (["224.0.0.251"], ["0.0.0.0"], ["::"], ["fe80::1"], ["255.255.255.255"], ["example.org"], [""], []):
        assert best_address(bad) is None, bad
    props = as_zeroconf(txt_record([AnnouncedTable("C3MGNJ", "ceki", 1, 2)], "h"))
    assert found_tables(props, ["224.0.0.251", "0.0.0.0"], 8765, GAMES) == []


# -- hostile records -----------------------------------------------------------------------------------------
keys = st.one_of(st.sampled_from([b"v", b"p", b"h", b"n", b"tls", b"V"] + [f"t{i}".encode() for i in range(25)]),
                 st.binary(max_size=12))
values = st.one_of(st.none(), st.binary(max_size=300), st.sampled_from([b"1", b"2", b""]),
                   st.builds(lambda c, g, f, p: f"{c},{g},{f},{p}".encode(),
                             st.one_of(st.text(CODE_ALPHABET, min_size=5, max_size=7), st.text(max_size=8)),
                             st.sampled_from([*GAMES, "poker", "", "CEKI", "ceki\x00"]),
                             st.integers(-2, 12), st.integers(-2, 12)))
records = st.dictionaries(keys, values, max_size=48).map(lambda d: {b"v": b"1", b"p": b"1", **d}
                                                          if len(d) % 2 else d)
addresses = st.lists(st.one_of(st.ip_addresses().map(str), st.text(max_size=20)), max_size=20)
ports = st.one_of(st.integers(-10, 70000), st.none(), st.booleans(), st.text(max_size=5))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(records, addresses, ports)
def test_a_hostile_record_never_raises_and_yields_only_valid_bounded_tables(props, addrs, port):
    parsed = parse_txt(props, GAMES)
    if parsed is not None:
        host, tls, tables = parsed
        assert len(host) <= MAX_HOST_NAME and host.isprintable() and isinstance(tls, bool)
        assert len(tables) <= MAX_TABLES and len({t.code for t in tables}) == len(tables)
        assert all(valid(t) for t in tables)
    found = found_tables(props, addrs, port, GAMES)
    assert len(found) <= MAX_TABLES
    for t in found:
        assert valid(t) and 0 < t.port <= 65535 and isinstance(t.port, int)
        ip = ipaddress.ip_address(t.address)
        assert not (ip.is_multicast or ip.is_unspecified or (ip.version == 6 and ip.is_link_local))
        assert t.address in addrs and 0 < len(t.host_name) <= 4 * MAX_HOST_NAME


@settings(max_examples=100)
@given(st.lists(st.builds(AnnouncedTable, st.text(CODE_ALPHABET, min_size=6, max_size=6),
                          st.sampled_from(sorted(GAMES)), st.integers(1, 9), st.integers(1, 9)), max_size=30),
       st.text(max_size=80))
def test_whatever_is_announced_reads_back_as_the_valid_ones(tables, host):
    parsed = parse_txt(as_zeroconf(txt_record(tables, host)), GAMES)
    assert parsed is not None
    expected, seen, announced = [], set(), 0
    for t in tables:   # (the announcer leaves out what no browser would read; a browser drops repeats)
        if 0 < t.free_seats <= t.players <= discovery.MAX_SEATS and announced < MAX_TABLES:
            announced += 1
            if valid(t) and t.code not in seen:
                expected.append(t)
                seen.add(t.code)
    assert parsed[2] == expected


# -- this computer's addresses ---------------------------------------------------------------------------------
def test_local_addresses_best_first(monkeypatch):
    monkeypatch.setattr(discovery, "_adapters", lambda: [
        ("lo", ["127.0.0.1", "::1"]), ("docker0", ["172.17.0.1"]), ("wlan0", ["fe80::2%3", "2001:db8::5"]),
        ("eth0", ["169.254.7.7", "192.168.1.20", "fd00::2"])])
    assert local_addresses() == ["192.168.1.20", "172.17.0.1", "2001:db8::5", "fd00::2", "169.254.7.7"]
    assert local_addresses(6) == ["2001:db8::5", "fd00::2"]
    monkeypatch.setattr(discovery, "_adapters", lambda: [("lo", ["127.0.0.1", "::1"])])
    assert local_addresses() == ["127.0.0.1"]


def test_local_addresses_here_are_real_addresses_of_this_machine():
    found = local_addresses()
    assert found and all(ipaddress.ip_address(a) for a in found)
    assert found == ["127.0.0.1"] or not any(ipaddress.ip_address(a).is_loopback for a in found)


def test_a_server_is_announced_where_it_listens():
    assert discovery.interfaces_for("127.0.0.1") == ["127.0.0.1"] == discovery.addresses_for("localhost")
    assert discovery.interfaces_for("::1") == ["127.0.0.1"]
    assert discovery.interfaces_for("0.0.0.0") is None and discovery.interfaces_for("::") is None
    assert discovery.interfaces_for("192.168.1.20") == ["192.168.1.20"]
    assert discovery.addresses_for("192.168.1.20") == ["192.168.1.20"]
    assert all(ipaddress.ip_address(a).version == 4 for a in discovery.addresses_for("0.0.0.0"))


# -- the server's open tables and its hook ---------------------------------------------------------------------
def test_open_tables_are_those_with_a_free_persons_seat():
    def table(code, status="waiting", closed=False, seats=(("person", None), ("person", "h"), ("computer", None))):
        return SimpleNamespace(code=code, game="ceki", status=status, closed=closed,
                               seats=[SimpleNamespace(kind=k, token_hash=t) for k, t in seats])
    tables = [table("AAAAAA"), table("BBBBBB", status="playing"), table("CCCCCC", status="match_over"),
              table("DDDDDD", closed=True), table("EEEEEE", seats=(("person", "h"), ("computer", None)))]
    assert open_tables(tables) == [AnnouncedTable("AAAAAA", "ceki", 1, 3), AnnouncedTable("BBBBBB", "ceki", 1, 3)]
    assert len(open_tables([table(f"A{i:05}") for i in range(50)])) == MAX_TABLES


def test_the_server_tells_when_its_open_tables_change(tmp_path):
    async def go():
        server = TableServer(tmp_path)
        told: list[list[AnnouncedTable]] = []
        server.tables_changed = lambda: told.append(open_tables(server.tables.values()))
        port = await server.start("127.0.0.1", 0)

        async def until(cond) -> None:
            deadline = time.monotonic() + 10
            while not cond():
                assert time.monotonic() < deadline, told
                await asyncio.sleep(0.01)
        try:
            async with TableClient(f"ws://127.0.0.1:{port}") as host, TableClient(f"ws://127.0.0.1:{port}") as guest:
                code = await host.create("ceki", [{"kind": "person"}, {"kind": "person"}])
                assert told[-1] == [AnnouncedTable(code, "ceki", 2, 2)]           # made
                await host.join(code, 0, "Ayu")
                assert told[-1] == [AnnouncedTable(code, "ceki", 1, 2)]
                await guest.join(code, 1, "Budi")
                assert told[-1] == []                                              # filled
                await guest.leave()
                await until(lambda: told[-1] == [AnnouncedTable(code, "ceki", 1, 2)])   # a seat given up
                server.tables[code].close()
                server._forget(server.tables[code])
                assert told[-1] == []                                              # closed
        finally:
            await server.stop()
    asyncio.run(asyncio.wait_for(go(), 30))


# -- where discovery cannot work -----------------------------------------------------------------------------
@pytest.mark.parametrize("code, reason", [(errno.EPERM, "no_multicast"), (errno.ENOPROTOOPT, "no_multicast"),
                                          (errno.ENODEV, "no_network"), (errno.EADDRNOTAVAIL, "no_network")])
def test_zeroconf_refused_is_discovery_unavailable_with_its_reason(monkeypatch, code, reason):
    import zeroconf

    def refuse(*args, **kwargs):
        raise OSError(code, "refused")
    monkeypatch.setattr(zeroconf, "Zeroconf", refuse)
    for start in (lambda: discovery.Browser(lambda tables: None, interfaces=["127.0.0.1"]),
                  lambda: discovery.Announcer(8765, "h", addresses=["127.0.0.1"], interfaces=["127.0.0.1"])):
        with pytest.raises(DiscoveryUnavailable) as raised:
            start()
        assert raised.value.reason == reason and "refused" in str(raised.value)
        assert ("multicast is not allowed" if reason == "no_multicast" else "no network interface") in str(raised.value)


def test_without_zeroconf_discovery_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "zeroconf", None)
    with pytest.raises(DiscoveryUnavailable) as raised:
        discovery.Browser(lambda tables: None, interfaces=["127.0.0.1"])
    assert raised.value.reason == "no_zeroconf" and "zeroconf package is not installed" in str(raised.value)


def test_an_interface_this_computer_does_not_have_is_unavailable():
    # (203.0.113.9 is a documentation address: no interface here has it, and nothing is sent to it)
    with pytest.raises(DiscoveryUnavailable) as raised:
        discovery.Browser(lambda tables: None, interfaces=["203.0.113.9"])
    assert raised.value.reason in ("no_network", "no_multicast")
    with pytest.raises(DiscoveryUnavailable) as raised:
        discovery.start_zeroconf([])
    assert raised.value.reason == "no_network"
    with pytest.raises(DiscoveryUnavailable) as raised:
        discovery.check_multicast("203.0.113.9", timeout=0.5)
    assert raised.value.reason == "no_multicast" and "203.0.113.9" in str(raised.value)


def test_the_server_says_plainly_when_it_cannot_announce(monkeypatch):
    def unavailable(*args, **kwargs):
        raise DiscoveryUnavailable("no_multicast", "Operation not permitted")
    monkeypatch.setattr(cli, "Announcer", unavailable)
    args = cli.parser().parse_args(["--announce"])
    server = types.SimpleNamespace(tables={}, tables_changed=None)
    err = io.StringIO()
    with redirect_stderr(err):
        assert cli._announce(server, args, 8765, False) is None   # type: ignore[arg-type]
    assert err.getvalue() == ("cekidesk-server: not announced on the local network: multicast is not allowed here, "
                              "so tables cannot be announced or found on the local network (Operation not "
                              "permitted)\n")
    assert server.tables_changed is None
    assert cli._announce(server, cli.parser().parse_args([]), 8765, False) is None   # type: ignore[arg-type]


def test_found_tables_are_bounded_in_all():
    assert MAX_FOUND >= MAX_TABLES and discovery.MAX_SERVICES * MAX_TABLES >= MAX_FOUND
