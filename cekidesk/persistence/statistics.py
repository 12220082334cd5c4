"""The player's statistics: every finished hand the person played against computer players, kept as
versioned JSON in the user data folder (``statistics.json``; no Qt).

What is kept: per match (its game, the computer players' level — ``"mixed"`` when they differ —,
whether it is played for money) the person's hands, each with its index in the match, won or not,
the game's win-kind code (``GameSpec.win_kind``), the points, the money (cents, + won / − paid),
whether undo or a restart was used in it, and the order it was recorded in.  A hand is keyed by its
match and its index: recording it again (``handEnded`` after an undo and a redo) replaces it.

The file is bounded: each game keeps its last :data:`MAX_MATCHES_PER_GAME` matches and at most
:data:`MAX_HANDS_PER_GAME` hands; an older match is folded into the totals of its game and level
(:class:`Totals`), so every number but the chart's oldest matches survives.

Loading never fails and never loses the file: a file that is damaged, hand-edited beyond what the
model accepts, too large, of another version or not an ordinary file is renamed aside
(``statistics.json.damaged-<time>``) and reported once (:class:`StatisticsNotice`); statistics then
start afresh in a new file.  Every number is bounded well inside what the Statistics window can
show (:data:`MAX_COUNT`, :data:`MAX_AMOUNT`, also for a game's totals added up over its levels), and
the JSON is read by the bounded reader (:func:`~.files.loads_bounded`).
Writing is atomic (:func:`~cekidesk.persistence.atomic.atomic_write_text`).
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import os
import uuid
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic.dataclasses import dataclass as pydantic_dataclass

from .atomic import atomic_write_text
from .files import (
    FileTooLargeError,
    JsonBoundsError,
    NotAFileError,
    check_json_bounds,
    loads_bounded,
    read_regular_file,
)
from .paths import data_dir

log = logging.getLogger(__name__)

STATISTICS_NAME = "statistics.json"
FORMAT_ID: Final = "cekidesk-statistics"
STATISTICS_SCHEMA_VERSION: Final = 1
#: far more than the bounded contents can need (about 12 games × 5,000 hands × ~90 bytes)
MAX_STATISTICS_BYTES = 16 * 1024 * 1024
MAX_MATCHES_PER_GAME = 500
MAX_HANDS_PER_GAME = 5000
DAMAGED_SUFFIX = ".damaged-"
#: the level of a match whose computer players are of different levels
MIXED_LEVEL = "mixed"
#: The bounds of what a file may hold, well inside what the window can show (Qt counts in a C
#: ``int``: below 2**31): any count, per game all levels together …
MAX_COUNT = 10**9
#: … and any sum of points or money (cents)
MAX_AMOUNT = 10**15
#: folded totals: one per game and level (12 games × 6 levels is far less)
MAX_FOLDED = 256

_CODE = r"^[a-z][a-z0-9_-]{0,31}$"


def statistics_path() -> Path:
    return data_dir() / STATISTICS_NAME


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


@pydantic_dataclass(slots=True, kw_only=True, config=ConfigDict(extra="forbid", strict=True))
class HandStat:
    """One finished hand of the person's (see the module docstring).

    A slotted dataclass, checked as the models are, not a model: a long match keeps thousands (up to
    :data:`MAX_HANDS_PER_GAME` a game), and a model is two objects for the garbage collector to track
    (itself and the set of the fields given; its fields' dict too until a collection finds it holds
    only plain values), this one (issue 33); its JSON is the same."""

    index: int = Field(ge=0, le=1_000_000)
    seq: int = Field(ge=0, le=MAX_COUNT)
    won: bool
    kind: str | None = Field(None, pattern=_CODE)
    points: int = Field(ge=-10**9, le=10**9)
    money: int = Field(ge=-10**12, le=10**12)
    undone: bool = False
    #: a digest of the actions of the match's hands before this one: a reopened match is known by it
    before: str = Field(pattern=r"^[0-9a-f]{16}$")


class MatchStat(_Model):
    """One match: what it was, and the person's hands in it (by index)."""

    id: str = Field(pattern=r"^[0-9a-f]{32}$")
    game: str = Field(pattern=_CODE)
    level: str = Field(pattern=_CODE)
    money: bool
    #: a digest of what the match was started with (game, seed, options, seats)
    fingerprint: str = Field(pattern=r"^[0-9a-f]{16}$")
    started: datetime
    over: bool = False
    won: bool = False
    hands: list[HandStat] = Field(default_factory=list, max_length=MAX_HANDS_PER_GAME)

    def hand(self, index: int) -> HandStat | None:
        return next((h for h in self.hands if h.index == index), None)

    def agrees(self, befores: Sequence[str]) -> bool:
        """Whether the recorded hands were played after the same actions as the finished hands of a
        match (``befores``: the digests of the actions before each); False when none is recorded."""
        known = [h for h in self.hands if h.index < len(befores)]
        return bool(known) and all(befores[h.index] == h.before for h in known)

    def total(self, money: bool) -> int:
        """What the match brought the person: money (cents) or points."""
        return sum(h.money if money else h.points for h in self.hands)


class Best(_Model):
    """The best hand: most points (of equal points, most money), with its win kind and money."""

    points: int = Field(ge=-10**9, le=10**9)
    kind: str | None = Field(None, pattern=_CODE)
    money: int = Field(0, ge=-10**12, le=10**12)
    in_money_match: bool = False


class Totals(_Model):
    """Counts over hands and matches, the streaks of won hands included: the folded-away older
    matches of one game and level, and the sums the Statistics window shows."""

    matches: int = Field(0, ge=0, le=MAX_COUNT)
    matches_won: int = Field(0, ge=0, le=MAX_COUNT)
    hands: int = Field(0, ge=0, le=MAX_COUNT)
    hands_won: int = Field(0, ge=0, le=MAX_COUNT)
    hands_undone: int = Field(0, ge=0, le=MAX_COUNT)
    won_undone: int = Field(0, ge=0, le=MAX_COUNT)
    points: int = Field(0, ge=-MAX_AMOUNT, le=MAX_AMOUNT)
    money_won: int = Field(0, ge=0, le=MAX_AMOUNT)
    money_lost: int = Field(0, ge=0, le=MAX_AMOUNT)
    kinds: dict[Annotated[str, Field(pattern=_CODE)], Annotated[int, Field(ge=0, le=MAX_COUNT)]] = Field(
        default_factory=dict, max_length=64)
    best: Best | None = None
    streak: int = Field(0, ge=0, le=MAX_COUNT)
    longest: int = Field(0, ge=0, le=MAX_COUNT)

    def add_hand(self, h: HandStat, money_match: bool) -> None:
        """Count one hand (hands are added in the order they were played, for the streaks)."""
        self.hands += 1
        self.hands_won += h.won
        self.hands_undone += h.undone
        self.won_undone += h.won and h.undone
        self.points += h.points
        if money_match:
            self.money_won += max(0, h.money)
            self.money_lost += max(0, -h.money)
        if h.kind is not None:
            self.kinds[h.kind] = self.kinds.get(h.kind, 0) + 1
        self.streak = self.streak + 1 if h.won else 0
        self.longest = max(self.longest, self.streak)
        if h.won and (self.best is None or (h.points, h.money) >= (self.best.points, self.best.money)):
            self.best = Best(points=h.points, kind=h.kind, money=h.money, in_money_match=money_match)

    def add_match(self, m: MatchStat) -> None:
        if m.hands:
            self.matches += 1
            self.matches_won += m.over and m.won

    def merge(self, other: Totals) -> None:
        """Add another game's or level's folded totals (their streaks cannot be interleaved: the
        longer one is kept)."""
        for name in ("matches", "matches_won", "hands", "hands_won", "hands_undone", "won_undone", "points",
                     "money_won", "money_lost"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for k, n in other.kinds.items():
            self.kinds[k] = self.kinds.get(k, 0) + n
        if other.best is not None and (self.best is None or (other.best.points, other.best.money)
                                       > (self.best.points, self.best.money)):
            self.best = other.best
        self.streak = max(self.streak, other.streak)
        self.longest = max(self.longest, other.longest)

    @property
    def average_points(self) -> float | None:
        return self.points / self.hands if self.hands else None


class Folded(_Model):
    """The totals of a game's and level's matches that no longer fit in the file."""

    game: str = Field(pattern=_CODE)
    level: str = Field(pattern=_CODE)
    totals: Totals


class StatisticsDocument(_Model):
    format: Literal["cekidesk-statistics"] = FORMAT_ID
    schema_version: Literal[1] = STATISTICS_SCHEMA_VERSION
    next_seq: int = Field(0, ge=0, le=MAX_COUNT)
    matches: list[MatchStat] = Field(default_factory=list, max_length=MAX_STATISTICS_BYTES // 200)
    folded: list[Folded] = Field(default_factory=list, max_length=MAX_FOLDED)

    @model_validator(mode="after")
    def _sums_in_range(self) -> StatisticsDocument:
        """What the window adds up (a game's folded totals of every level) stays within the bounds."""
        for game in {f.game for f in self.folded}:
            total = Totals()
            for f in self.folded:
                if f.game == game:
                    total.merge(f.totals)
            try:
                Totals.model_validate(total.model_dump())
            except ValidationError:
                raise ValueError(f"the totals of {game} are out of range") from None
        return self


@dataclass(frozen=True)
class StatisticsNotice:
    """The statistics file could not be used and was set aside: ``problem`` is ``"damaged"``,
    ``"too_large"``, ``"newer"`` (another version's) or ``"not_a_file"``; ``kept`` where it is now
    (None: it could not be moved, and nothing will be written over it this session)."""

    problem: Literal["damaged", "too_large", "newer", "not_a_file"]
    path: Path
    kept: Path | None


def digest(value: object) -> str:
    """A short stable digest of a JSON-able value (16 hex digits)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def _aside_name(path: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target, n = path.with_name(path.name + DAMAGED_SUFFIX + stamp), 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}{DAMAGED_SUFFIX}{stamp}-{n}")
    return target


class StatisticsStore:
    """The statistics in memory, loaded once at start and written after every recorded hand."""

    def __init__(self, path: Path | None = None):
        self.path = statistics_path() if path is None else path
        self.notice: StatisticsNotice | None = None
        #: False when a file that could not be moved aside still lies at the path: never write over it
        self.writable = True
        self.doc = self._load()

    # -- loading ----------------------------------------------------------------------------------
    def _load(self) -> StatisticsDocument:
        try:
            data = read_regular_file(self.path, MAX_STATISTICS_BYTES)
        except FileNotFoundError:
            return StatisticsDocument()
        except FileTooLargeError:
            return self._set_aside("too_large")
        except NotAFileError:
            return self._set_aside("not_a_file")
        except OSError as exc:
            log.warning("the statistics file %s cannot be read (%s); statistics are not kept this time",
                        self.path, exc)
            self.writable = False
            return StatisticsDocument()
        try:
            check_json_bounds(data)   # nesting and digits bounded before any parser sees the file
            doc = StatisticsDocument.model_validate_json(data)
            if "format" in doc.model_fields_set and "schema_version" not in doc.model_fields_set:
                return self._set_aside("newer")   # (a version this one does not know: none written)
            return doc
        except JsonBoundsError:
            return self._set_aside("damaged")
        except ValidationError as exc:
            try:
                raw = loads_bounded(data)
            except ValueError:
                return self._set_aside("damaged")
            if isinstance(raw, dict) and raw.get("format") == FORMAT_ID and raw.get("schema_version") != 1:
                return self._set_aside("newer")
            log.warning("the statistics file %s is not valid: %s", self.path, str(exc).splitlines()[0])
            return self._set_aside("damaged")

    def _set_aside(self, problem: Literal["damaged", "too_large", "newer", "not_a_file"]) -> StatisticsDocument:
        target: Path | None = _aside_name(self.path)
        try:
            os.rename(self.path, target)   # type: ignore[arg-type]
        except OSError as exc:
            log.warning("could not move the statistics file %s aside: %s", self.path, exc)
            target, self.writable = None, False
        log.warning("the statistics file %s cannot be used (%s)%s; statistics start afresh", self.path,
                    problem, f"; it was renamed {target.name}" if target else "")
        self.notice = StatisticsNotice(problem, self.path, target)
        return StatisticsDocument()

    # -- saving -----------------------------------------------------------------------------------
    def save(self) -> None:
        """Write the file atomically.  Raises ``OSError`` (the old file intact); does nothing when
        an unusable file could not be moved out of the way."""
        if not self.writable:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.path, self.doc.model_dump_json() + "\n")

    # -- matches ----------------------------------------------------------------------------------
    def match(self, match_id: str) -> MatchStat | None:
        return next((m for m in self.doc.matches if m.id == match_id), None)

    def find_match(self, fingerprint: str, befores: Sequence[str]) -> MatchStat | None:
        """The latest kept match started like this whose recorded hands agree with ``befores`` (the
        digests of the actions before each finished hand of the match as it is now): the same match,
        reopened.  None when no hand of it was recorded."""
        return next((m for m in reversed(self.doc.matches) if m.fingerprint == fingerprint and m.agrees(befores)),
                    None)

    def new_match(self, game: str, level: str, money: bool, fingerprint: str) -> MatchStat:
        m = MatchStat(id=uuid.uuid4().hex, game=game, level=level, money=money, fingerprint=fingerprint,
                      started=datetime.now(UTC))
        self.doc.matches.append(m)
        return m

    def record(self, m: MatchStat, index: int, won: bool, kind: str | None, points: int, money: int,
               undone: bool, before: str, over: bool, match_won: bool) -> HandStat:
        """Record (or replace) hand ``index`` of the match ``m`` and keep the file within bounds."""
        old = m.hand(index)
        seq = old.seq if old is not None else self.doc.next_seq
        if old is None:
            self.doc.next_seq += 1
        else:
            m.hands.remove(old)
        # a hand played again after an undo into an earlier one: the later hands were taken back
        m.hands = [h for h in m.hands if h.index < index]
        hand = HandStat(index=index, seq=seq, won=won, kind=kind, points=points, money=money, undone=undone,
                        before=before)
        m.hands.append(hand)
        m.over, m.won = over, match_won
        if self.doc.matches[-1] is not m:   # the latest played match goes last
            self.doc.matches.remove(m)
            self.doc.matches.append(m)
        self._fold_old(m.game)
        return hand

    def _fold_old(self, game: str) -> None:
        """Fold the game's oldest matches into its totals until it fits the bounds; a single match
        longer than the bound (money is played until the player stops) folds its oldest hands."""
        mine = [m for m in self.doc.matches if m.game == game]
        hands = sum(len(m.hands) for m in mine)
        while len(mine) > MAX_MATCHES_PER_GAME or hands > MAX_HANDS_PER_GAME:
            old = mine[0]
            if len(mine) > 1:
                mine.pop(0)
                self.doc.matches.remove(old)
                self._folded(old.game, old.level).add_match(old)
                gone = old.hands
            else:
                gone = sorted(old.hands, key=lambda h: h.seq)[:hands - MAX_HANDS_PER_GAME]
                old.hands = [h for h in old.hands if h not in gone]
            hands -= len(gone)
            for h in sorted(gone, key=lambda h: h.seq):
                self._folded(old.game, old.level).add_hand(h, old.money)

    def _folded(self, game: str, level: str) -> Totals:
        for f in self.doc.folded:
            if f.game == game and f.level == level:
                return f.totals
        f = Folded(game=game, level=level, totals=Totals())
        self.doc.folded.append(f)
        return f.totals

    # -- what the window shows ------------------------------------------------------------------------
    def matches_of(self, game: str, level: str | None = None) -> list[MatchStat]:
        """The kept matches of ``game`` (of one level, or all: None) with a recorded hand, oldest first."""
        return [m for m in self.doc.matches if m.game == game and m.hands and (level is None or m.level == level)]

    def totals(self, game: str, level: str | None = None) -> Totals:
        """Every count of ``game`` (one level, or all), the folded-away matches included."""
        out = Totals()
        for f in self.doc.folded:
            if f.game == game and (level is None or f.level == level):
                out.merge(f.totals)
        matches = self.matches_of(game, level)
        for m in matches:
            out.add_match(m)
        for money, h in sorted(((m.money, h) for m in matches for h in m.hands), key=lambda mh: mh[1].seq):
            out.add_hand(h, money)
        return out

    def games(self) -> list[str]:
        """The games with statistics."""
        return sorted({m.game for m in self.doc.matches if m.hands} | {f.game for f in self.doc.folded})

    def levels(self, game: str) -> list[str]:
        """The levels ``game`` has statistics for."""
        return sorted({m.level for m in self.matches_of(game)} | {f.level for f in self.doc.folded if f.game == game})

    def reset(self, game: str | None = None) -> None:
        """Forget the statistics of ``game`` (None: of every game)."""
        self.doc.matches = [m for m in self.doc.matches if game is not None and m.game != game]
        self.doc.folded = [f for f in self.doc.folded if game is not None and f.game != game]

    def rows(self, games: Iterable[str] | None = None) -> list[tuple[MatchStat, HandStat]]:
        """Every kept hand (of ``games``, or all) with its match, in the order they were played."""
        wanted = None if games is None else set(games)
        pairs = [(m, h) for m in self.doc.matches if wanted is None or m.game in wanted for h in m.hands]
        return sorted(pairs, key=lambda mh: mh[1].seq)


def kind_counts(totals: Totals, order: Sequence[str]) -> list[tuple[str, int]]:
    """The win kinds in the game's order (every one of ``order``, then any other counted)."""
    counts = Counter(totals.kinds)
    return [(k, counts.get(k, 0)) for k in order] + sorted((k, n) for k, n in counts.items() if k not in order)


#: the columns of the CSV export, one row per kept hand (codes, not words: for spreadsheets)
CSV_COLUMNS = ("game", "level", "match", "match_started", "money_match", "hand", "won", "win_kind", "points",
               "money_cents", "undo_used", "match_over", "match_won")


def csv_text(rows: Iterable[tuple[MatchStat, HandStat]]) -> str:
    """The CSV export of ``rows`` (:meth:`StatisticsStore.rows`): a header, then one line per hand;
    hands are numbered from 1, booleans are 1 or 0."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for m, h in rows:
        w.writerow((m.game, m.level, m.id, m.started.isoformat(timespec="seconds"), int(m.money), h.index + 1,
                    int(h.won), h.kind or "", h.points, h.money, int(h.undone), int(m.over), int(m.over and m.won)))
    return out.getvalue()


def write_csv(path: str | Path, rows: Iterable[tuple[MatchStat, HandStat]]) -> None:
    """Write the CSV export to ``path`` (UTF-8, atomically).  Raises ``OSError``."""
    atomic_write_text(path, csv_text(rows))
