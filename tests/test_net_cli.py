"""``cekidesk-server`` as a command (issue 29): ``--port 0`` prints the port it chose, it binds only
127.0.0.1 unless ``--host`` says otherwise, wrong flags get one clear line and no traceback, and a
SIGTERM stops it with its tables kept, telling every connection first."""
from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from cekidesk.net.cli import is_loopback
from cekidesk.net.client import TableClient
from cekidesk.net.protocol import Closing

ROOT = Path(__file__).resolve().parents[1]


def _server(*args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "cekidesk.net.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def _first_line(proc: subprocess.Popen, timeout: float = 60.0) -> str:
    """The server's first line of output (waiting for it at most ``timeout``)."""
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    assert got, "the server printed nothing"
    return got[0]


def test_port_0_prints_the_port_and_sigterm_keeps_the_tables(tmp_path):
    proc = _server("--port", "0", "--data", str(tmp_path))
    try:
        line = _first_line(proc)
        assert "listening on ws://127.0.0.1:" in line, line
        port = int(line.split("ws://127.0.0.1:")[1].split()[0])

        async def create_and_hear_the_stop() -> tuple[str, str, int]:
            async with TableClient(f"ws://127.0.0.1:{port}") as c:
                code = await c.create("pei", [{"kind": "person"}] * 3)
                await c.join(code, 0, "Ayu")
                proc.send_signal(signal.SIGTERM)
                closing = await c.expect(Closing, 20)   # everybody is told before the server goes
                with pytest.raises(ConnectionClosed) as closed:
                    await c.recv(20)
                return code, closing.reason, closed.value.rcvd.code if closed.value.rcvd else 1006
        code, reason, close_code = asyncio.run(asyncio.wait_for(create_and_hear_the_stop(), 60))
        assert (reason, close_code) == ("server_stop", 1001)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert "tables are kept" in out
    assert (tmp_path / "tables" / code / "table.json").exists()
    # and a second start takes the table up
    again = _server("--port", "0", "--data", str(tmp_path))
    try:
        assert "(1 tables restored" in _first_line(again)
        again.send_signal(signal.SIGTERM)
        again.communicate(timeout=30)
    finally:
        again.kill()


@pytest.mark.parametrize(("args", "says"), [
    (["--port", "eighty"], "not a port number"),
    (["--port", "70000"], "a port is 0–65535"),
    (["--max-tables", "0"], "must be at least 1"),
    (["--tls-cert", "cert.pem"], "--tls-cert and --tls-key go together"),
    (["--tls-cert", "no-cert.pem", "--tls-key", "no-key.pem"], "does not exist"),
    (["--bogus"], "unrecognized arguments"),
])
def test_wrong_flags_get_one_clear_message(tmp_path, args, says):
    proc = _server("--data", str(tmp_path), *args)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, (out, err)
    assert says in err and "Traceback" not in err and "(see cekidesk-server --help)" in err


def test_a_port_in_use_is_said_plainly(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = _server("--port", str(port), "--data", str(tmp_path))
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1 and f"cannot listen on 127.0.0.1 port {port}" in err and "Traceback" not in err


def test_only_loopback_names_count_as_this_computer():
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.5.5.5", "::1", "localhost"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "::", "192.168.1.2", "example.org", ""))


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command for a test certificate")
def test_wss_with_a_certificate(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-days", "1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    proc = _server("--port", "0", "--data", str(tmp_path / "data"), "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        line = _first_line(proc)
        assert "listening on wss://127.0.0.1:" in line, line
        port = int(line.split("wss://127.0.0.1:")[1].split()[0])
        trust = ssl.create_default_context(cafile=str(cert))

        async def hello() -> str:
            async with TableClient(f"wss://127.0.0.1:{port}", tls=trust) as c:
                return c.welcome.server
        assert asyncio.run(asyncio.wait_for(hello(), 30)).startswith("cekidesk-server")
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    finally:
        proc.kill()
