"""Tables announced on the local network, and found there (zeroconf / mDNS service discovery).

A table server that is asked to (``cekidesk-server --announce``, or the window's hosted table) runs
an :class:`Announcer`: one DNS-SD service of type :data:`SERVICE` per server, whose TXT record lists
its open tables (a free person's seat, the match not over), at most :data:`MAX_TABLES` of them.  A
:class:`Browser` (the Join dialog's list) finds every such service on the network, reads its TXT
record defensively and reports the tables as :class:`FoundTable` — each with an address and port a
:class:`~cekidesk.net.client.TableClient` joins through.  docs/protocol.md, "Finding tables on the
local network", describes the record.

What a hostile announcement can do is bounded: a browser keeps at most :data:`MAX_SERVICES`
servers and reports at most :data:`MAX_FOUND` tables, reads at most :data:`MAX_TABLES` entries of a
record whose fields must each match their pattern (a table code of the protocol's alphabet, a game
this CekiDesk has, seat counts the game allows, a port 1–65535, a printable host name of at most
:data:`MAX_HOST_NAME` characters), drops anything else, and tells its listener at most every
:data:`CHANGE_DELAY` seconds.

Everything runs on zeroconf's own thread (its event loop): :meth:`Announcer.update` only hands the
tables over, never waits for the network; the browser's ``on_change`` is called on that thread.
Closing takes at most about :data:`CLOSE_TIMEOUT` seconds.  Where zeroconf cannot start (no
multicast permitted, no network interface, zeroconf not installed) the constructors raise
:class:`DiscoveryUnavailable` with a ``reason`` code the window turns into words;
:func:`check_multicast` tells whether multicast really comes back on an interface.

No Qt here: layers ``net → session``; the window's adapter brings ``on_change`` to its own thread.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import errno
import ipaddress
import logging
import re
import secrets
import select
import socket
import struct
import time
from collections.abc import Callable, Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from .protocol import CODE_PATTERN, PROTOCOL

if TYPE_CHECKING:
    from zeroconf import ServiceInfo, Zeroconf
    from zeroconf.asyncio import AsyncServiceBrowser

    from .table import Table

log = logging.getLogger(__name__)

#: the DNS-SD service type of a CekiDesk table server
SERVICE = "_cekidesk._tcp.local."
#: the TXT record's own version (``v``)
TXT_VERSION = "1"
MAX_TABLES = 20          # tables one announcement lists
MAX_SERVICES = 64        # servers a browser keeps track of
MAX_FOUND = 200          # tables a browser reports at once
MAX_HOST_NAME = 40       # characters of a host's name
MAX_TXT_KEYS = 32        # keys of a TXT record a browser reads at all (v, p, h, n, tls and t0…t19 are 25)
MAX_SEATS = 16           # players a table may have
CHANGE_DELAY = 0.2       # s: the browser's changes are told at most this often
RESOLVE_TIMEOUT_MS = 3000
TTL = 120                # s: how long others keep the records (a server killed without goodbye fades then)
CLOSE_TIMEOUT = 2.0      # s
START_TIMEOUT = 10.0     # s: zeroconf's own start is bounded by 9 s

Reason = Literal["no_multicast", "no_zeroconf", "no_network"]
_GAME = re.compile(r"[a-z][a-z0-9-]{0,31}")
_CODE = re.compile(CODE_PATTERN)
_ENTRY = re.compile(r"t(?:[0-9]|1[0-9])")


class DiscoveryUnavailable(Exception):
    """Tables cannot be announced or found here: ``reason`` is ``no_multicast`` (the system or the
    network forbids multicast), ``no_network`` (no network interface to use) or ``no_zeroconf``
    (the zeroconf package is missing); the message says it in English for logs and the console."""

    MESSAGES: dict[str, str] = {
        "no_multicast": "multicast is not allowed here, so tables cannot be announced or found on the local network",
        "no_network": "there is no network interface to announce or find tables on",
        "no_zeroconf": "the zeroconf package is not installed, so tables cannot be announced or found",
    }

    def __init__(self, reason: Reason, detail: str = ""):
        self.reason: Reason = reason
        self.detail = detail
        super().__init__(self.MESSAGES[reason] + (f" ({detail})" if detail else ""))


@dataclass(frozen=True)
class AnnouncedTable:
    """An open table as an announcement lists it: its code, game id, free person's seats and players."""

    code: str
    game: str
    free_seats: int
    players: int


@dataclass(frozen=True)
class FoundTable:
    """A table found on the local network: join it at ``address``:``port`` (``tls``: with wss://)."""

    code: str
    game: str
    free_seats: int
    host_name: str
    address: str
    port: int
    players: int = 0
    tls: bool = False


# -- the TXT record ------------------------------------------------------------------------------------
def clean_name(text: str, limit: int = MAX_HOST_NAME) -> str:
    """``text`` as one printable line of at most ``limit`` characters (control characters dropped)."""
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())[:limit].strip()


def txt_record(tables: Sequence[AnnouncedTable], host_name: str, tls: bool = False) -> dict[str, str]:
    """The TXT properties announcing ``tables`` (the first :data:`MAX_TABLES` valid ones)."""
    props = {"v": TXT_VERSION, "p": str(PROTOCOL), "h": clean_name(host_name) or "CekiDesk"}
    if tls:
        props["tls"] = "1"
    n = 0
    for t in tables:
        if n >= MAX_TABLES:
            break
        if (_CODE.fullmatch(t.code) and _GAME.fullmatch(t.game) and 0 < t.free_seats <= t.players <= MAX_SEATS):
            props[f"t{n}"] = f"{t.code},{t.game},{t.free_seats},{t.players}"
            n += 1
    props["n"] = str(n)
    return props


def _text(value: object, limit: int) -> str | None:
    if not isinstance(value, bytes) or len(value) > limit:
        return None
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _players_of() -> dict[str, tuple[int, int]]:
    from cekidesk.games import games

    return {g.id: (g.min_players, g.max_players) for g in games()}


def parse_txt(properties: Mapping[Any, object],
              games: Mapping[str, tuple[int, int]] | None = None) -> tuple[str, bool, list[AnnouncedTable]] | None:
    """The host name, whether it serves wss://, and the tables of a TXT record (as zeroconf gives it:
    bytes keys and values); None for a record that is not a CekiDesk announcement this version reads.
    A table entry that is not valid is left out; at most :data:`MAX_TABLES`, each code once.  ``games``:
    game id → (min, max) players (default: this CekiDesk's games)."""
    if not isinstance(properties, Mapping) or len(properties) > MAX_TXT_KEYS:
        return None
    props: dict[str, bytes | None] = {}
    for key, value in properties.items():
        name = _text(key, 8)
        if name is None or (value is not None and not isinstance(value, bytes)):
            continue
        props[name.lower()] = value
    if _text(props.get("v"), 4) != TXT_VERSION or _text(props.get("p"), 4) != str(PROTOCOL):
        return None
    games = _players_of() if games is None else games
    host = clean_name(_text(props.get("h"), 4 * MAX_HOST_NAME) or "")
    tables: list[AnnouncedTable] = []
    seen: set[str] = set()
    for key in sorted((k for k in props if _ENTRY.fullmatch(k)), key=lambda k: int(k[1:])):
        entry = _parse_entry(_text(props[key], 64), games)
        if entry is not None and entry.code not in seen and len(tables) < MAX_TABLES:
            seen.add(entry.code)
            tables.append(entry)
    return host, props.get("tls") == b"1", tables


def _parse_entry(text: str | None, games: Mapping[str, tuple[int, int]]) -> AnnouncedTable | None:
    if text is None:
        return None
    parts = text.split(",")
    if len(parts) != 4:
        return None
    code, game, free, players = parts
    if not _CODE.fullmatch(code) or not _GAME.fullmatch(game) or game not in games:
        return None
    if not (free.isascii() and free.isdigit() and players.isascii() and players.isdigit()
            and len(free) <= 2 and len(players) <= 2):
        return None
    low, high = games[game]
    f, p = int(free), int(players)
    if not (low <= p <= high and 0 < f <= p):
        return None
    return AnnouncedTable(code, game, f, p)


def _address_rank(text: str) -> int | None:
    """How good an announced address is to connect to (lower: better), None: not one to use."""
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    if ip.is_multicast or ip.is_unspecified or ip.is_reserved:
        return None
    if ip.version == 6 and ip.is_link_local:
        return None   # (needs an interface of ours to go with it: no use to tell)
    if ip.is_loopback:
        return 4 if ip.version == 4 else 5
    if ip.is_link_local:
        return 3
    return 1 if ip.version == 4 else 2


def best_address(addresses: Iterable[str]) -> str | None:
    """The announced address to join through: a LAN IPv4 one first, then IPv6, link-local, loopback."""
    ranked = sorted((rank, i, a) for i, a in enumerate(addresses) if (rank := _address_rank(a)) is not None)
    return ranked[0][2] if ranked else None


def found_tables(properties: Mapping[Any, object], addresses: Iterable[str], port: object,
                 games: Mapping[str, tuple[int, int]] | None = None) -> list[FoundTable]:
    """The tables one resolved service announces (empty for anything not valid)."""
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port <= 65535:
        return []
    parsed = parse_txt(properties, games)
    address = best_address(list(addresses)[:16])
    if parsed is None or address is None:
        return []
    host, tls, tables = parsed
    host = host or address
    return [FoundTable(t.code, t.game, t.free_seats, host, address, port, t.players, tls) for t in tables]


# -- this computer's addresses -------------------------------------------------------------------------
_VIRTUAL = re.compile(r"^(docker|br-|veth|virbr|vmnet|vboxnet|tun|tap|wg|zt|utun|lxc|lxd|cni|flannel|podman)",
                      re.I)


def _adapters() -> list[tuple[str, list[str]]]:
    """(interface name, its addresses) of every interface."""
    try:
        import ifaddr
    except ImportError:
        return [("", _addresses_by_name())]
    out = []
    for adapter in ifaddr.get_adapters():
        ips = []
        for ip in adapter.ips:
            ips.append(ip.ip if isinstance(ip.ip, str) else ip.ip[0])
        out.append((str(adapter.nice_name or adapter.name), ips))
    return out


def _addresses_by_name() -> list[str]:
    with contextlib.suppress(OSError, UnicodeError):
        return [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)]
    return []


def local_addresses(version: int | None = None) -> list[str]:
    """This computer's addresses that others on the local network reach it by, best first (IPv4
    before IPv6, a real interface's before a virtual one's, link-local last); ``["127.0.0.1"]`` when
    there is none.  ``version``: 4 or 6 only."""
    ranked = []
    for order, (name, ips) in enumerate(_adapters()):
        virtual = bool(_VIRTUAL.match(name))
        for text in ips:
            rank = _address_rank(text.split("%")[0])
            if rank is None or rank >= 4:
                continue
            ip = ipaddress.ip_address(text.split("%")[0])
            if version is not None and ip.version != version:
                continue
            ranked.append((rank, virtual, order, str(ip)))
    seen: list[str] = []
    for *_, text in sorted(ranked):
        if text not in seen:
            seen.append(text)
    return seen or (["::1"] if version == 6 else ["127.0.0.1"])


def interfaces_for(host: str | None) -> list[str] | None:
    """The interfaces to announce on for a server listening on ``host``: loopback only for a loopback
    address (a server only this computer reaches is announced to it alone), every interface (None)
    for a wildcard, else that address."""
    if host is None or host in ("", "0.0.0.0", "::"):
        return None
    if host.lower() in ("localhost", "ip6-localhost"):
        return ["127.0.0.1"]
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return None
    if ip.is_loopback:
        return ["127.0.0.1"]   # (zeroconf cannot use ::1; a browser on this computer listens on 127.0.0.1 too)
    return [str(ip)]


def addresses_for(host: str | None) -> list[str]:
    """The addresses to announce for a server listening on ``host`` (see :func:`interfaces_for`)."""
    if host is None or host in ("", "::"):
        return local_addresses()
    if host == "0.0.0.0":
        return local_addresses(4)
    if host.lower() in ("localhost", "ip6-localhost"):
        return ["127.0.0.1"]
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return local_addresses()
    return [str(ip)]


def open_tables(tables: Iterable[Table]) -> list[AnnouncedTable]:
    """A table server's tables that people can join (a free person's seat, the match not over), as
    an announcement lists them; the first :data:`MAX_TABLES`."""
    out = []
    for table in tables:
        if table.closed or table.status == "match_over":
            continue
        free = sum(1 for s in table.seats if s.kind == "person" and s.token_hash is None)
        if free:
            out.append(AnnouncedTable(table.code, table.game, free, len(table.seats)))
        if len(out) >= MAX_TABLES:
            break
    return out


# -- zeroconf ------------------------------------------------------------------------------------------
def _interfaces(interfaces: Sequence[str] | None) -> list[str]:
    """The IPv4 interface addresses to use (None: every IPv4 interface, loopback included, so that a
    server on this computer announcing on loopback alone is found too)."""
    if interfaces is not None:
        return list(interfaces)
    found = []
    for _, ips in _adapters():
        for text in ips:
            with contextlib.suppress(ValueError):
                if ipaddress.ip_address(text.split("%")[0]).version == 4 and text not in found:
                    found.append(text)
    return found


def start_zeroconf(interfaces: Sequence[str] | None = None) -> Zeroconf:
    """A zeroconf instance on its own thread, multicasting on ``interfaces`` (IPv4 addresses; None:
    every IPv4 interface); :class:`DiscoveryUnavailable` where it cannot."""
    try:
        from zeroconf import IPVersion, Zeroconf
    except ImportError as exc:
        raise DiscoveryUnavailable("no_zeroconf", str(exc)) from None
    chosen = _interfaces(interfaces)
    if not chosen:
        raise DiscoveryUnavailable("no_network")
    v6 = [a for a in chosen if ":" in a]
    version = IPVersion.V6Only if len(v6) == len(chosen) else IPVersion.V4Only if not v6 else IPVersion.All
    def make() -> Zeroconf:
        return Zeroconf(interfaces=list(chosen), ip_version=version)

    try:
        if _loop_running():   # (made in a thread without one, zeroconf runs a loop of its own on its own thread)
            with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="cekidesk-zeroconf") as pool:
                zc = pool.submit(make).result(START_TIMEOUT)
        else:
            zc = make()
    except OSError as exc:
        code = exc.errno
        reason: Reason = "no_network" if code in (errno.ENODEV, errno.EADDRNOTAVAIL, errno.ENETDOWN,
                                                  errno.ENETUNREACH) else "no_multicast"
        raise DiscoveryUnavailable(reason, exc.strerror or str(exc)) from None
    except Exception as exc:   # (zeroconf's own errors: not started in time and the like)
        raise DiscoveryUnavailable("no_multicast", f"{type(exc).__name__}: {exc}"[:200]) from None
    if not zc.engine.senders:   # (every interface refused to join the multicast group)
        _close_zeroconf(zc)
        raise DiscoveryUnavailable("no_multicast", "no interface joined the mDNS group")
    return zc


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _close_zeroconf(zc: Zeroconf) -> None:
    try:
        zc.close()
    except Exception as exc:   # (closing is best effort: never a reason to fail the caller)
        log.debug("zeroconf did not close cleanly: %s", exc)


def _run(zc: Zeroconf, coro: Coroutine[Any, Any, Any], timeout: float) -> Any:
    """Run ``coro`` on zeroconf's loop from another thread, waiting at most ``timeout`` seconds."""
    loop = zc.loop
    if loop is None or loop.is_closed():
        coro.close()
        return None
    future = asyncio.run_coroutine_threadsafe(coro, loop)
    try:
        return future.result(timeout)
    except (concurrent.futures.TimeoutError, concurrent.futures.CancelledError):
        future.cancel()
        return None


class Announcer:
    """Announces a table server's open tables (see the module docstring): ``port`` is where it
    listens, ``host_name`` how the Join list names it; ``addresses`` to announce (default: this
    computer's LAN addresses), ``interfaces`` to multicast on (default: every IPv4 interface; see
    :func:`interfaces_for`), ``tls``: it serves wss://.  The service is registered at the first
    :meth:`update` with a table, and kept (its list maybe empty) until :meth:`close`."""

    def __init__(self, port: int, host_name: str, *, addresses: Sequence[str] | None = None,
                 interfaces: Sequence[str] | None = None, tls: bool = False):
        if not 0 < port <= 65535:
            raise ValueError(f"not a port: {port}")
        self.port, self.host_name, self.tls = port, clean_name(host_name) or "CekiDesk", tls
        self.addresses = [a for a in (addresses if addresses is not None else local_addresses())
                          if _address_rank(a) is not None]
        if not self.addresses:
            raise DiscoveryUnavailable("no_network", "no address to announce")
        suffix = secrets.token_hex(2)
        # the instance name (unique: a suffix of its own; zeroconf renames it on a clash anyway)
        self.name = f"{clean_name(self.host_name, 40)} {suffix}.{SERVICE}"
        self._server = f"cekidesk-{secrets.token_hex(4)}.local."
        self.error: str | None = None
        self._zc = start_zeroconf(interfaces)
        self._wanted: dict[str, str] | None = None
        self._applied: dict[str, str] | None = None
        self._info: ServiceInfo | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    @property
    def registered(self) -> bool:
        return self._info is not None

    def update(self, tables: Sequence[AnnouncedTable]) -> None:
        """Announce ``tables`` from now on (from any thread; returns at once)."""
        if self._closed:
            return
        props = txt_record(tables, self.host_name, self.tls)
        loop = self._zc.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):   # (the loop closing under us)
                loop.call_soon_threadsafe(self._want, props)

    def _want(self, props: dict[str, str]) -> None:
        self._wanted = props
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._sync())

    def _service(self, props: dict[str, str]) -> ServiceInfo:
        from zeroconf import ServiceInfo

        return ServiceInfo(SERVICE, self.name, port=self.port, properties=dict(props), server=self._server,
                           host_ttl=TTL, other_ttl=TTL, parsed_addresses=list(self.addresses))

    async def _sync(self) -> None:
        while not self._closed and self._wanted is not None and self._wanted != self._applied:
            props = self._wanted
            if self._info is None and props.get("n") == "0":
                self._applied = props   # (nothing to announce yet: nothing registered)
                continue
            info = self._service(props)
            try:
                if self._info is None:
                    await (await self._zc.async_register_service(info, allow_name_change=True))
                    self.name = info.name
                else:
                    await (await self._zc.async_update_service(info))
                self._info = info
                self.error = None
            except Exception as exc:   # (the network went away, a name clash zeroconf cannot solve…)
                self.error = f"{type(exc).__name__}: {exc}"[:200]
                log.warning("the tables could not be announced: %s", self.error)
                return
            self._applied = props

    async def _withdraw(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._info is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(await self._zc.async_unregister_service(self._info), CLOSE_TIMEOUT / 2)
            self._info = None

    def close(self) -> None:
        """Withdraw the announcement (others drop it at once) and stop; at most about
        :data:`CLOSE_TIMEOUT` seconds, and only once."""
        if self._closed:
            return
        self._closed = True
        _run(self._zc, self._withdraw(), CLOSE_TIMEOUT / 2)
        _close_zeroconf(self._zc)


class Browser:
    """Finds the tables announced on the local network and tells ``on_change`` the whole list (sorted
    by host, then code) whenever it changes, on zeroconf's thread; ``interfaces`` as for
    :func:`start_zeroconf`."""

    def __init__(self, on_change: Callable[[list[FoundTable]], None], *,
                 interfaces: Sequence[str] | None = None):
        self.on_change = on_change
        self._games = _players_of()
        self._zc = start_zeroconf(interfaces)
        self._services: dict[str, list[FoundTable]] = {}
        self._resolving: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._told: list[FoundTable] = []
        self._timer: asyncio.TimerHandle | None = None
        self._closed = False
        self._browser: AsyncServiceBrowser | None = None
        if _run(self._zc, self._start(), START_TIMEOUT) is None or self._browser is None:
            _close_zeroconf(self._zc)
            raise DiscoveryUnavailable("no_multicast", "zeroconf did not start")

    @property
    def tables(self) -> list[FoundTable]:
        """The tables told last."""
        return list(self._told)

    async def _start(self) -> bool:
        from zeroconf.asyncio import AsyncServiceBrowser

        self._browser = AsyncServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
        return True

    # (all of the following runs on zeroconf's loop)
    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if self._closed or service_type != SERVICE or len(name) > 255:
            return
        key = name.lower()
        if state_change is ServiceStateChange.Removed:
            task = self._resolving.pop(key, None)
            if task is not None:
                task.cancel()
            self._again.discard(key)
            if self._services.pop(key, None) is not None:
                self._soon()
            return
        if key not in self._services and len(self._services) >= MAX_SERVICES:
            return   # (a flood of services: the first ones are kept)
        self._services.setdefault(key, [])
        if key in self._resolving:
            self._again.add(key)   # (changed while being read: read it once more after)
        else:
            self._resolving[key] = asyncio.get_running_loop().create_task(self._resolve(key, name))

    async def _resolve(self, key: str, name: str) -> None:
        from zeroconf.asyncio import AsyncServiceInfo

        try:
            while True:
                self._again.discard(key)
                info = AsyncServiceInfo(SERVICE, name)
                found: list[FoundTable] = []
                with contextlib.suppress(Exception):   # (a record zeroconf cannot read: nothing found)
                    if await info.async_request(self._zc, RESOLVE_TIMEOUT_MS):
                        found = found_tables(info.properties, info.parsed_addresses(), info.port, self._games)
                if self._closed or key not in self._services:
                    return
                if found != self._services[key]:
                    self._services[key] = found
                    self._soon()
                if key not in self._again:
                    return
        finally:
            self._resolving.pop(key, None)

    def _soon(self) -> None:
        if self._timer is None and not self._closed:
            self._timer = asyncio.get_running_loop().call_later(CHANGE_DELAY, self._tell)

    def _tell(self) -> None:
        self._timer = None
        if self._closed:
            return
        tables: list[FoundTable] = []
        seen = set()
        for found in self._services.values():
            for t in found:
                if (t.address, t.port, t.code) not in seen and len(tables) < MAX_FOUND:
                    seen.add((t.address, t.port, t.code))
                    tables.append(t)
        tables.sort(key=lambda t: (t.host_name.lower(), t.code, t.address, t.port))
        if tables == self._told:
            return
        self._told = tables
        try:
            self.on_change(list(tables))
        except Exception:
            log.exception("the listener of found tables failed")

    async def _stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for task in list(self._resolving.values()):
            task.cancel()
        if self._browser is not None:
            with contextlib.suppress(Exception):
                await self._browser.async_cancel()

    def close(self) -> None:
        """Stop looking (``on_change`` is not called any more); at most about :data:`CLOSE_TIMEOUT` s."""
        if self._closed:
            return
        self._closed = True
        _run(self._zc, self._stop(), CLOSE_TIMEOUT / 2)
        _close_zeroconf(self._zc)


# -- does multicast work here? -------------------------------------------------------------------------
PROBE_GROUP = "239.255.67.68"   # (an organisation-local group: never routed off the local network)


def check_multicast(interface: str = "127.0.0.1", timeout: float = 2.0) -> None:
    """Send one multicast datagram out on ``interface`` (an IPv4 address of this computer) and wait at
    most ``timeout`` seconds for it to come back; :class:`DiscoveryUnavailable` (``no_multicast``,
    saying what failed) where it does not.  On 127.0.0.1 nothing leaves this computer."""
    nonce = b"cekidesk-probe " + secrets.token_hex(8).encode()
    receiver = sender = None
    try:
        receiver = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
        receiver.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        receiver.bind(("", 0))
        port = receiver.getsockname()[1]
        receiver.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                            struct.pack("4s4s", socket.inet_aton(PROBE_GROUP), socket.inet_aton(interface)))
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(interface))
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 1)
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        sender.sendto(nonce, (PROBE_GROUP, port))
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([receiver], [], [], left)
            if ready and receiver.recv(256) == nonce:
                return
        raise DiscoveryUnavailable("no_multicast", f"a multicast datagram sent on {interface} did not come back "
                                                   f"within {timeout:g} s")
    except OSError as exc:
        raise DiscoveryUnavailable("no_multicast", f"{interface}: {exc.strerror or exc}") from None
    finally:
        for s in (receiver, sender):
            if s is not None:
                s.close()


__all__ = ["CHANGE_DELAY", "MAX_FOUND", "MAX_HOST_NAME", "MAX_SERVICES", "MAX_TABLES", "SERVICE", "AnnouncedTable",
           "Announcer", "Browser", "DiscoveryUnavailable", "FoundTable", "addresses_for", "best_address",
           "check_multicast", "clean_name", "found_tables", "interfaces_for", "local_addresses", "open_tables",
           "parse_txt", "start_zeroconf", "txt_record"]
