"""Large buffers given back to the system when they are freed (Linux with glibc).

glibc serves a block of 128 kB or more from memory mapped for it alone, and gives it back when it
is freed — until such a block is freed: then it raises that threshold to the block's size, and the
next blocks as large come from the heap, where the gaps they leave are seldom given back.  The
autosave of a long match makes a buffer as large as the save (megabytes) at each hand, so the
window's resident memory grew with the match.  Fixing the threshold keeps it where it starts.
"""
from __future__ import annotations

import ctypes
import logging
import sys

log = logging.getLogger(__name__)

#: ``mallopt``'s parameter for the threshold (glibc's malloc.h)
M_MMAP_THRESHOLD = -3
#: glibc's own first threshold
THRESHOLD = 128 * 1024

_done = False


def give_back_large_buffers() -> bool:
    """Fix glibc's mmap threshold at :data:`THRESHOLD` (once); True if it was set.  Elsewhere (another
    system, another C library) nothing is done."""
    global _done
    if _done or not sys.platform.startswith("linux"):
        return _done
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):   # (a C library without mallopt: musl)
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    _done = mallopt(M_MMAP_THRESHOLD, THRESHOLD) == 1
    if not _done:
        log.info("mallopt(M_MMAP_THRESHOLD) was refused")
    return _done


__all__ = ["give_back_large_buffers"]
