"""Running a call that might hang (a blocking open or read) without hanging the test run."""
from __future__ import annotations

import threading
from typing import Any, Callable

#: Only a guard against a hang, never a speed bound: a healthy call returns in milliseconds.
HANG_GUARD_SECONDS = 120


def finishes(fn: Callable[..., Any], *args: Any) -> tuple[Any, BaseException | None]:
    """Run ``fn(*args)`` in a thread and return (result, exception); fail the test if it hangs."""
    out: list[Any] = [None, None]

    def run() -> None:
        try:
            out[0] = fn(*args)
        except BaseException as exc:  # noqa: BLE001 (handed back to the test)
            out[1] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(HANG_GUARD_SECONDS)
    assert not t.is_alive(), f"{getattr(fn, '__name__', fn)} hangs"
    return out[0], out[1]
