"""The autosave's journal: every move appended beside the autosave, so that a crash or a kill loses at
most the move in flight.

The autosave (a save file, :mod:`.saves`) is written whole only now and then — when a match is put
on the table or rebuilt (an undo), and at the start of each hand — on a thread of its own.  Between
those, each change of the match is one line appended to ``autosave.journal``:

* ``move``: the ``i``-th move of hand ``h`` (``"a"``: the action as text);
* ``deal``: hand ``h`` was dealt (the one before it is over);
* ``cut``: the match was taken back to the start of hand ``h`` (an undo, a redo, a restart: the
  moves of the hand as it is now follow), with the hands in which moves were taken back.

Each line names the match (:func:`match_key`: its game, seed, players and first deal) and carries a
CRC-32 of itself.  A line is written with one ``write`` call on the session's thread before the next
move can be made — the operating system has it even if the process is killed the moment after — and
made durable (``fdatasync``) by a thread of the journal's own, so no move waits for the disk.

Reading (:func:`replay`) applies the lines to the autosave's match in order: a line whose match is
another one, or whose position the match has passed, is skipped (the autosave already holds it); a
``cut`` rebuilds the match from the hand's start.  The first line that is torn (no end of line, a
wrong CRC, not JSON) or does not fit ends the reading: the lines before it are kept, never the whole
autosave lost.  After the autosave is written, the lines it holds are dropped (:meth:`Journal.rotate`),
so the journal holds about one hand; it is read at most :data:`MAX_JOURNAL_BYTES`.
"""
from __future__ import annotations

import json
import logging
import os
import threading
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cekidesk.engine.core import Action, ActionParseError, EngineError
from cekidesk.engine.match import Match

from .atomic import atomic_write_bytes
from .paths import autosave_path

log = logging.getLogger(__name__)

JOURNAL_NAME = "autosave.journal"
#: the most of a journal that is read (about 40,000 moves; it normally holds one hand)
MAX_JOURNAL_BYTES = 4 * 1024 * 1024
#: a base (the autosave written whole) is asked for after this many lines without one
LINES_PER_BASE = 1000


def journal_path() -> Path:
    """The journal beside the autosave."""
    return autosave_path().with_name(JOURNAL_NAME)


def match_key(match: Match) -> str:
    """What names a match in the journal's lines."""
    first = "" if match.first_deal is None else f"{match.first_deal[0]}/{match.first_deal[1]}"
    return f"{match.spec.id}:{match.n_players}:{match.seed}:{first}"


def line(record: dict[str, object]) -> bytes:
    """One journal line: the CRC-32 of the record's JSON (8 hex digits), a space, the JSON, an end of line."""
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"%08x %s\n" % (zlib.crc32(text), text)


def move_line(key: str, hand: int, index: int, action: Action) -> bytes:
    return line({"m": key, "h": hand, "i": index, "a": str(action)})


def deal_line(key: str, hand: int) -> bytes:
    return line({"m": key, "deal": hand})


def cut_line(key: str, hand: int, undone: Iterable[int]) -> bytes:
    return line({"m": key, "cut": hand, "undone": sorted(set(undone))})


class Journal:
    """The journal file, appended to by the session's thread and rewritten by the autosave's writer
    (:meth:`rotate`); durable by a thread of its own.  Lines are counted from the journal's creation
    (``seq``), so that a base can say which lines it holds."""

    def __init__(self, path: Path | None = None):
        self.path = path if path is not None else journal_path()
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._lines: list[tuple[int, bytes]] = []   # the lines in the file, with their numbers
        self.seq = 0                                 # the number of the last line appended
        self._dirty = threading.Condition(self._lock)
        self._unsynced = False
        self._closed = False
        self._syncer: threading.Thread | None = None

    def append(self, data: Iterable[bytes]) -> None:
        """Append lines (one ``write``); raises ``OSError`` if the file cannot be written."""
        chunk = list(data)
        if not chunk:
            return
        with self._lock:
            fd = self._open()
            os.write(fd, b"".join(chunk))
            for piece in chunk:
                self.seq += 1
                self._lines.append((self.seq, piece))
            self._unsynced = True
            self._dirty.notify()
            self._start_syncer()

    def rotate(self, through: int) -> None:
        """Drop the lines up to number ``through`` (an autosave holding them is on the disk): the file
        is rewritten with the others, atomically.  May be called from any thread."""
        with self._lock:
            keep = [(n, piece) for n, piece in self._lines if n > through]
            if len(keep) == len(self._lines):
                return
            self._close()
            try:
                if keep or self.path.exists():
                    atomic_write_bytes(self.path, b"".join(piece for _, piece in keep))
            except OSError as exc:
                log.warning("the journal could not be rewritten: %s", exc)
                return
            self._lines = keep

    def clear(self) -> None:
        """Remove the journal (the match is over, or another takes its place)."""
        with self._lock:
            self._close()
            self._lines = []
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                log.warning("the journal could not be removed: %s", exc)

    def pending(self) -> int:
        """How many lines the journal holds."""
        with self._lock:
            return len(self._lines)

    def sync(self) -> None:
        """Make what was appended durable now (on the caller's thread)."""
        with self._lock:
            if self._fd is not None and self._unsynced:
                os.fdatasync(self._fd) if hasattr(os, "fdatasync") else os.fsync(self._fd)
            self._unsynced = False

    def close(self) -> None:
        """Sync, stop the syncing thread, close the file."""
        try:
            self.sync()
        except OSError as exc:
            log.warning("the journal could not be synced: %s", exc)
        with self._lock:
            self._closed = True
            self._dirty.notify()
            self._close()
        if self._syncer is not None and self._syncer is not threading.current_thread():
            self._syncer.join(5)

    def _open(self) -> int:
        if self._fd is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_BINARY", 0), 0o666)
            self._closed = False
        return self._fd

    def _close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                if self._unsynced:
                    os.fsync(fd)
            except OSError:
                pass
            os.close(fd)
            self._unsynced = False

    def _start_syncer(self) -> None:
        if self._syncer is None or not self._syncer.is_alive():
            self._syncer = threading.Thread(target=self._sync_loop, name="cekidesk-journal", daemon=True)
            self._syncer.start()

    def _sync_loop(self) -> None:
        while True:
            with self._lock:
                while not self._closed and (not self._unsynced or self._fd is None):
                    self._dirty.wait(1.0)
                if self._closed:
                    return
                assert self._fd is not None
                fd = os.dup(self._fd)   # (synced without the lock: appends never wait for the disk)
                self._unsynced = False
            try:
                os.fdatasync(fd) if hasattr(os, "fdatasync") else os.fsync(fd)
            except OSError as exc:
                log.warning("the journal could not be synced: %s", exc)
            finally:
                os.close(fd)


# ---------------------------------------------------------------------------------------------
# Reading

@dataclass(frozen=True)
class Replayed:
    """What :func:`replay` did: the match after the journal, the lines applied and skipped, whether it
    ended at a torn or unfitting line, and the undone hands the last ``cut`` gave (None: none)."""

    match: Match
    applied: int
    skipped: int
    torn: bool
    undone: tuple[int, ...] | None


def read_records(path: Path | None = None) -> tuple[list[dict[str, object]], bool]:
    """The journal's whole lines, each checked, and whether it ended at a torn or damaged line."""
    p = path if path is not None else journal_path()
    try:
        with open(p, "rb") as f:
            data = f.read(MAX_JOURNAL_BYTES + 1)
    except FileNotFoundError:
        return [], False
    except OSError as exc:
        log.warning("the journal cannot be read: %s", exc)
        return [], True
    records: list[dict[str, object]] = []
    torn = len(data) > MAX_JOURNAL_BYTES
    for raw in data[:MAX_JOURNAL_BYTES].split(b"\n")[:-1]:
        record = _record(raw)
        if record is None:
            torn = True
            break
        records.append(record)
    else:
        torn = torn or not data.endswith(b"\n") and bool(data)
    return records, torn


def _record(raw: bytes) -> dict[str, object] | None:
    crc, _, text = raw.partition(b" ")
    try:
        if len(crc) != 8 or int(crc, 16) != zlib.crc32(text):
            return None
        record = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    return record if isinstance(record, dict) and isinstance(record.get("m"), str) else None


def replay(match: Match, records: list[dict[str, object]]) -> Replayed:
    """Apply the journal's ``records`` to ``match`` (the autosave's), as the module docstring says."""
    key = match_key(match)
    applied = skipped = 0
    undone: tuple[int, ...] | None = None
    for record in records:
        if record.get("m") != key:
            skipped += 1
            continue
        try:
            outcome = _apply(match, record)
        except (EngineError, ActionParseError, ValueError, TypeError):
            log.warning("the journal's line %d does not fit the autosave", applied + skipped + 1)
            return Replayed(match, applied, skipped, True, undone)
        if outcome is None:
            return Replayed(match, applied, skipped, True, undone)
        match, did = outcome
        hands = record.get("undone")
        if "cut" in record and did and isinstance(hands, list):
            undone = tuple(h for h in hands if isinstance(h, int))
        applied += did
        skipped += not did
    return Replayed(match, applied, skipped, False, undone)


def _apply(match: Match, record: dict[str, object]) -> tuple[Match, bool] | None:
    """``record`` applied to ``match``: (the match, whether it changed); None if it does not fit (a gap)."""
    end = (match.hand_index, len(match.logs[-1]))
    if "cut" in record:
        hand = record["cut"]
        if not isinstance(hand, int) or hand < 0:
            return None
        if (hand, 0) >= end:
            return (match, False) if (hand, 0) == end else None
        return match.rewound(hand), True
    if "deal" in record:
        hand = record["deal"]
        if not isinstance(hand, int):
            return None
        if hand <= match.hand_index:
            return match, False
        if hand != match.hand_index + 1 or not match.hand_over() or match.is_over():
            return None
        match.next_hand()
        return match, True
    hand, index, text = record.get("h"), record.get("i"), record.get("a")
    if not isinstance(hand, int) or not isinstance(index, int) or not isinstance(text, str):
        return None
    if (hand, index) < end:
        return match, False
    if (hand, index) != end:
        return None
    match.apply(Action.parse(text))
    return match, True


__all__ = ["JOURNAL_NAME", "Journal", "Replayed", "cut_line", "deal_line", "journal_path", "line",
           "match_key", "move_line", "read_records", "replay"]
