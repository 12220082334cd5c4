"""The statistics store loaded off the window's thread (reading and checking the file takes up to
about a second at its size bound): :class:`StoreLoader` starts the load at once on a thread of its
own, says ``loaded(store)`` on the window's thread when it is done, and :meth:`StoreLoader.wait`
gives the store at once to whoever cannot go on without it (a hand that ended, the Statistics
window)."""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from cekidesk.persistence.statistics import StatisticsStore
from cekidesk.persistence.statistics_pending import load_store

log = logging.getLogger(__name__)


class _Signals(QObject):
    done = Signal()


class _Load(QRunnable):
    def __init__(self, loader: StoreLoader):
        super().__init__()
        self._loader = loader

    def run(self) -> None:   # the pool's thread: touches only the loader's lock-guarded result
        self._loader._run()


class StoreLoader(QObject):
    """See the module docstring.  ``loaded`` is emitted once, on the window's thread, with the store
    (whether :meth:`wait` took it first or not)."""

    loaded = Signal(object)

    def __init__(self, load: Callable[[], StatisticsStore] = load_store, parent: QObject | None = None):
        super().__init__(parent)
        self._load = load
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._store: StatisticsStore | None = None
        self._told = False
        self._signals = _Signals()
        self._signals.done.connect(self._tell)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._pool.start(_Load(self))

    def _run(self) -> None:
        try:
            store = self._load()
        except Exception:   # never lose the statistics window over it: an empty store that writes nothing
            log.exception("the statistics could not be loaded")
            store = _empty_store()
        with self._lock:
            self._store = store
        self._done.set()
        self._signals.done.emit()

    def ready(self) -> bool:
        return self._done.is_set()

    def wait(self, msecs: int | None = None) -> StatisticsStore | None:
        """The store, waiting for the load (at most ``msecs``; None: until it is done); None if it is
        not loaded by then.  Tells ``loaded`` now if it was not told yet."""
        if not self._done.wait(None if msecs is None else msecs / 1000):
            return None
        self._tell()
        with self._lock:
            return self._store

    def _tell(self) -> None:
        if self._told:
            return
        self._told = True
        with self._lock:
            store = self._store
        self.loaded.emit(store)

    def close(self) -> None:
        self._pool.waitForDone()


def _empty_store() -> StatisticsStore:
    """A store of no statistics that never writes (the load failed unexpectedly)."""
    store = StatisticsStore(Path("/nonexistent-cekidesk-statistics/statistics.json"))
    store.writable = False
    return store
