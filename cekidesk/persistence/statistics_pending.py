"""Statistics that could not be written at quit, kept for the next start (no Qt).

When ``statistics.json`` cannot be written as the app quits (a full disk, a read-only folder), the
statistics in memory are written whole to a *pending* file in the first of these folders that takes
it: beside the statistics file, the user's state folder, the user's cache folder (platformdirs; under
:func:`~cekidesk.persistence.paths.use_root`, its ``state`` and ``cache`` folders).  The next start
reads the statistics file, then the pending files: a pending document that has recorded more hands
than the file (its ``next_seq``, which only grows, is larger — it was the whole of the statistics
in memory, the file's included) takes the file's place, is written as ``statistics.json`` and the
pending files are removed; while the file still cannot be written they stay, and the statistics of
this session are kept in memory as usual.  A pending file that is damaged or older than the file is
removed once the file is written.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import platformdirs
from pydantic import ValidationError

from . import paths
from .atomic import atomic_write_text
from .files import read_regular_file
from .statistics import MAX_STATISTICS_BYTES, StatisticsDocument, StatisticsStore

log = logging.getLogger(__name__)

PENDING_NAME = "statistics.pending.json"


def pending_paths(store_path: Path) -> list[Path]:
    """Where unsaved statistics may be kept, in the order they are tried."""
    data = paths.data_dir()
    if data != platformdirs.user_data_path(paths.APP_NAME, appauthor=False, roaming=True):
        state, cache = data.parent / "state", data.parent / "cache"   # (paths.use_root: all in one folder)
    else:
        state = platformdirs.user_state_path(paths.APP_NAME, appauthor=False)
        cache = platformdirs.user_cache_path(paths.APP_NAME, appauthor=False)
    out: list[Path] = []
    for folder in (store_path.parent, state, cache):
        p = folder / PENDING_NAME
        if p not in out:
            out.append(p)
    return out


def keep_pending(store: StatisticsStore) -> Path | None:
    """Write the statistics in memory to the first pending place that takes them; where they went,
    or None when none did."""
    text = store.doc.model_dump_json() + "\n"
    for p in pending_paths(store.path):
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(p, text)
        except OSError as exc:
            log.warning("the statistics could not be kept in %s either: %s", p, exc)
            continue
        log.info("the statistics that could not be saved are kept in %s until the next start", p)
        return p
    return None


def _read(p: Path) -> StatisticsDocument | None:
    try:
        return StatisticsDocument.model_validate_json(read_regular_file(p, MAX_STATISTICS_BYTES))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, ValidationError, RecursionError) as exc:
        log.warning("the pending statistics %s cannot be used: %s", p, str(exc).splitlines()[0] if str(exc) else exc)
        return None


def drop_pending(store: StatisticsStore) -> None:
    """Remove the pending files (the statistics file now holds everything)."""
    for p in pending_paths(store.path):
        try:
            os.remove(p)
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("could not remove the pending statistics %s: %s", p, exc)


def fold_pending(store: StatisticsStore) -> bool:
    """Take the statistics kept at the last quit into ``store`` (see the module docstring); True if
    some were taken."""
    there = [p for p in pending_paths(store.path) if os.path.lexists(p)]
    if not there:
        return False
    found = [(doc, p) for p in there for doc in [_read(p)] if doc is not None]
    best = max(found, key=lambda dp: dp[0].next_seq, default=None)
    taken = best is not None and store.writable and best[0].next_seq > store.doc.next_seq
    if taken and best is not None:
        store.doc = best[0]
        log.info("the statistics kept in %s at the last quit are taken in", best[1])
    try:
        store.save()
    except OSError as exc:
        log.warning("the statistics file still cannot be written (%s); the pending statistics stay", exc)
        return taken
    if store.writable:
        drop_pending(store)
    return taken


def load_store(path: Path | None = None) -> StatisticsStore:
    """The statistics store, loaded, with the statistics kept at the last quit taken in (this reads
    and may write files: it runs off the window's thread)."""
    store = StatisticsStore(path)
    fold_pending(store)
    return store
