"""``cekidesk-server``: the table server as a command (docs/protocol.md, README "Table server").

It listens on ``--host`` (127.0.0.1 unless the flag says otherwise: another address is bound only
when asked for by name) and ``--port`` (8765; 0 picks a free port), keeps its tables in ``--data``
and prints the address it listens on.  Wrong flags get a one-line message and exit status 2, never
a traceback; Ctrl+C or SIGTERM stop it with every table kept on the disk (every connection is told
first: a ``closing`` frame with the reason ``server_stop``).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import logging
import signal
import socket
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from cekidesk import __version__
from cekidesk.persistence import paths

from .discovery import Announcer, DiscoveryUnavailable, announce, clean_name
from .server import TableServer

LOOPBACK_NAMES = {"localhost", "ip6-localhost"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:   # (argparse's, with a hint instead of the usage block)
        self.exit(2, f"{self.prog}: {message}\n(see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cekidesk-server",
                description="Host CekiDesk tables that people at other computers play through.")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this computer only; "
                        "give another, e.g. 0.0.0.0, to let other computers in)")
    p.add_argument("--port", type=_port, default=8765, help="the port (default 8765; 0: any free port, printed)")
    p.add_argument("--data", type=Path, default=None,
                   help="the folder for the tables' saves (default: CekiDesk's data folder, 'server')")
    p.add_argument("--max-tables", type=_positive, default=1000, help="the most tables at once (default 1000)")
    p.add_argument("--bot-processes", type=_positive, default=2,
                   help="processes the searching computer players share (default 2)")
    p.add_argument("--tls-cert", type=Path, help="a certificate (PEM) to serve wss:// (with --tls-key)")
    p.add_argument("--tls-key", type=Path, help="the certificate's private key (PEM)")
    p.add_argument("--announce", action="store_true",
                   help="announce the open tables on the local network (zeroconf/mDNS), so that CekiDesk's "
                        "Join dialog lists them; with the default --host only to this computer")
    p.add_argument("--verbose", action="store_true", help="log what happens")
    p.add_argument("--stats", action="store_true",
                   help="at the end, print how long the people's moves took the server (p50, p99)")
    p.add_argument("--version", action="version", version=f"cekidesk-server {__version__}")
    return p


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0–65535, not {value}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def is_loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _tls(args: argparse.Namespace, p: argparse.ArgumentParser) -> ssl.SSLContext | None:
    if (args.tls_cert is None) != (args.tls_key is None):
        p.error("--tls-cert and --tls-key go together")
    if args.tls_cert is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(args.tls_cert, args.tls_key)
    except FileNotFoundError:
        p.error("the certificate or its key file does not exist")
    except (ssl.SSLError, OSError):
        p.error("the certificate and key cannot be used (are they PEM files that belong together?)")
    return context


def _stats(times: list[float]) -> str:
    if not times:
        return "cekidesk-server: stats: no moves"
    times.sort()
    def at(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))] * 1000
    return (f"cekidesk-server: stats: {len(times)} moves, server time per move p50 {at(0.5):.2f} ms, "
            f"p99 {at(0.99):.2f} ms, max {times[-1] * 1000:.2f} ms")


async def _run(args: argparse.Namespace, tls: ssl.SSLContext | None, data: Path) -> int:
    server = TableServer(data, max_tables=args.max_tables, bot_processes=args.bot_processes)
    try:
        port = await server.start(args.host, args.port, tls)
    except OSError as exc:
        print(f"cekidesk-server: cannot listen on {args.host} port {args.port}: {exc.strerror or exc}",
              file=sys.stderr)
        await server.stop()
        return 1
    scheme = "wss" if tls else "ws"
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"cekidesk-server {__version__}: listening on {scheme}://{host}:{port} "
          f"({len(server.tables)} tables restored from {data})", flush=True)
    if not is_loopback(args.host) and tls is None:
        print("cekidesk-server: other computers can connect; without --tls-cert the traffic is not encrypted",
              file=sys.stderr, flush=True)
    announcer = _announce(server, args, port, tls is not None)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        if announcer is not None:
            announcer.close()
        await server.stop("server_stop")   # (everybody is told: ``closing``)
    if args.stats:
        print(_stats(list(server.move_times)), flush=True)
    print("cekidesk-server: stopped; the tables are kept", flush=True)
    return 0


def _announce(server: TableServer, args: argparse.Namespace, port: int, tls: bool) -> Announcer | None:
    """``--announce``: an announcer of the server's open tables (:func:`.discovery.announce`); None (and
    a line saying why) where tables cannot be announced here."""
    if not args.announce:
        return None
    name = clean_name(socket.gethostname()) or "cekidesk-server"
    try:
        announcer = announce(server, port, args.host, name, tls=tls)
    except DiscoveryUnavailable as exc:
        print(f"cekidesk-server: not announced on the local network: {exc}", file=sys.stderr, flush=True)
        return None
    where = ("to this computer only (it listens on a loopback address)" if is_loopback(args.host)
             else "on the local network at " + ", ".join(announcer.addresses))
    print(f"cekidesk-server: announcing the open tables as \"{name}\" {where}", flush=True)
    return announcer


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    tls = _tls(args, p)
    data = args.data if args.data is not None else paths.data_dir() / "server"
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError:
        p.error("the --data folder cannot be made there")
    if not data.is_dir():
        p.error("--data must name a folder")
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="cekidesk-server: %(levelname)s: %(message)s")
    try:
        return asyncio.run(_run(args, tls, data))
    except KeyboardInterrupt:
        return 0


__all__ = ["is_loopback", "main", "parser"]


if __name__ == "__main__":
    sys.exit(main())
