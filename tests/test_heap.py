"""The app fixes glibc's mmap threshold at start (issue 33: the window's memory stays flat), so the
large buffers of a long match's autosave go back to the system when freed."""
from __future__ import annotations

import ctypes
import sys

import pytest

from cekidesk.ui.foundations import heap


def _glibc() -> bool:
    try:
        ctypes.CDLL(None).gnu_get_libc_version  # noqa: B018
    except (OSError, AttributeError):
        return False
    return sys.platform.startswith("linux")


@pytest.mark.skipif(not _glibc(), reason="glibc's malloc only")
def test_the_threshold_is_fixed_once_by_the_application(qapp):
    from cekidesk.ui.app import make_application

    make_application()
    assert heap._done is True and heap.give_back_large_buffers() is True


def test_elsewhere_nothing_is_done(monkeypatch):
    monkeypatch.setattr(heap, "_done", False)
    monkeypatch.setattr(heap.sys, "platform", "darwin")
    assert heap.give_back_large_buffers() is False
