"""A guard against a PySide6 binding bug (see :func:`guard_none_refcount`)."""
from __future__ import annotations

import ctypes
import logging
import sys

_none_guarded = False


def guard_none_refcount() -> bool:
    """Work around a binding bug: PySide6 6.12.0 on Python 3.11 gives back one reference to ``None``
    too many on every call of a Qt method that returns nothing (and one to ``True`` on every
    ``Signal.emit()``).  After some tens of thousands of calls — a few minutes of play — Python
    aborts with "none_dealloc: deallocating None".  Python 3.12 made these singletons immortal,
    which hides the bug there; PySide6 6.11.x does not have it.

    If a probe shows a leak, give the singleton a cushion of 2**40 references (what immortality
    does in 3.12).  Returns True if a cushion was added.  Idempotent; harmless where nothing leaks.
    ``cekidesk.ui`` applies it on import; ``pyproject.toml`` also keeps 6.12.0 off Python < 3.12.
    """
    global _none_guarded
    if _none_guarded or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        ping = Signal()

    probe = _Probe()
    applied = False
    for obj, poke in ((None, lambda: probe.setObjectName("probe")), (True, probe.ping.emit),
                      (False, probe.ping.emit)):
        before = sys.getrefcount(obj)
        for _ in range(16):
            poke()
        lost = before - sys.getrefcount(obj)
        if lost >= 16:
            ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40
            applied = True
            logging.getLogger(__name__).warning(
                "this PySide6 loses references to %r (%d in 16 calls); it was given a reference cushion", obj, lost)
    _none_guarded = True
    return applied
