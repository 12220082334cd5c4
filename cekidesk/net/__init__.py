"""CekiDesk over the network: the table server and its protocol (docs/protocol.md).

* :mod:`.protocol`: every frame as a pydantic model (protocol 1);
* :mod:`.codec`: views and events to JSON and back;
* :mod:`.server` and :mod:`.table`: the asyncio ``websockets`` server hosting many tables, each one
  :class:`~cekidesk.session.Session`; :mod:`.runtime`: its scheduler, shared bot processes and saves;
* :mod:`.client`: a small asyncio client;
* :mod:`.discovery`: tables announced and found on the local network (zeroconf / mDNS);
* :mod:`.cli`: the ``cekidesk-server`` command.

Layers: ``net`` → ``session`` → …; nothing here imports the window.
"""
from __future__ import annotations

from .protocol import PROTOCOL

__all__ = ["PROTOCOL"]
