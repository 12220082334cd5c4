"""Save files: a versioned JSON document that rebuilds a match by replaying its moves.

A save (extension ``.cekisave``) holds what determines a match — game id, game options, match
options, the seats, the seed and every hand's actions as text (``"2 discard S9"``) — plus the
match ledger (scores, cents, finished hands) as a check.  Loading validates the document, rebuilds
the :class:`~cekidesk.engine.match.Match` by replaying every action through the engine's checked
``Match.apply`` (``Match.next_hand`` between hands) and then compares the replayed ledger with the
saved one.  Nothing is ever pickled or evaluated.

Public API::

    save_match(path, match, seats) -> SaveDocument         # atomic write
    load_match(path) -> LoadedGame(match, seats, document)
    load_document(path) -> SaveDocument                    # read + validate, no replay
    match_to_document(match, seats) -> SaveDocument
    document_to_match(document) -> Match                   # replay + ledger check
    save_autosave(match, seats) / load_autosave() / remove_autosave()

``load_match`` is the window's gate: whatever it accepts, Open and Continue can show and play — one
or more human seats (several people take turns at one computer), computer players of the levels the
game offers (:func:`cekidesk.bots.bot_levels`).  Files are read through
:func:`.files.read_regular_file` (ordinary files only, after following links; never more than
:data:`MAX_FILE_BYTES`).

Every problem with a file — on loading, and the write failures of saving — raises
:class:`SaveFileError`, whose ``str()`` is a sentence a player understands and says that the file
was not changed.  Loading never writes to the file and returns nothing unless the whole match was
rebuilt and checked.  Its words are translatable where the sentence says what is wrong inside
the file (:meth:`SaveFileError.translated`); the JSON is read by the bounded reader
(:func:`.files.loads_bounded`).  Programming errors (seats that do not fit the match …) raise ``ValueError``.
"""
from __future__ import annotations

import errno
import itertools
import json
import logging
import os
import threading
import unicodedata
import weakref
import zlib
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Final, Literal, NamedTuple

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails

from cekidesk import __version__
from cekidesk.bots import bot_levels, canonical_level
from cekidesk.engine.compact import HandMoves, pack_texts
from cekidesk.engine.core import Action, ActionParseError, EngineError, GameSpec, HandResult, OptionsError
from cekidesk.engine.match import HandRecord, Match, MatchOptions, match_rng, offered_modes
from cekidesk.games import get_game

from . import journal
from .atomic import atomic_write_bytes
from .files import (
    BadPathError,
    FileTooLargeError,
    JsonBoundsError,
    NotAFileError,
    check_json_bounds,
    loads_bounded,
    read_regular_file,
)
from .paths import autosave_path
from .words import QT_TRANSLATE_NOOP, Joined, Phrase, Translate, Words

log = logging.getLogger(__name__)

FORMAT_ID: Final = "cekidesk-save"
# the newest save format, which this CekiDesk writes: 2 adds whether undo is allowed, the hands it
# was used in, and ``first_deal`` (a match that plays a deal of another again); 3 is the first format
# written by the rules of issue 32 (a game may have changed how it replays a hand since: the loader
# lets the game upgrade an older save, :meth:`cekidesk.engine.game.Game.upgrade_saved`, and names no
# game); 4 adds each finished hand's record and the start of the hand in progress (``records``,
# ``start``: the match is rebuilt from them and the current hand's moves, not by replaying every
# hand).  Formats 1 to 3 are read too (replayed in full) and written as 4.
SCHEMA_VERSION: Final = 4

# Limits that keep a hand-edited file from making the app allocate or compute absurdly.
MAX_FILE_BYTES = 8 * 1024 * 1024   # checked before reading
MAX_HANDS = 10_000
MAX_ACTIONS = 200_000              # all hands together; ~2 s of replay, ~3.5 MB of JSON
MAX_ACTION_CHARS = 64
MAX_SEATS = 14                     # the game's own player range is checked as well (Balik Satu: 14)
MAX_NAME_CHARS = 40
MAX_OPTIONS = 64                   # entries in an options object
MAX_ABS_TOTAL = 10**18             # scores and cents
# a save whose finished hands hold at most this many moves is replayed in full when it is opened
# (a few hundredths of a second); a longer one is rebuilt from its records, checked in the background
FULL_CHECK_MOVES = 2_000

# the translation context of the save refusals' words (see :mod:`.words`)
CONTEXT = "SaveFile"
NOT_CHANGED = QT_TRANSLATE_NOOP("SaveFile", "The file was not changed.")

ReasonCode = Literal[
    "missing", "not_a_file", "unreadable", "too_large", "empty", "binary", "encoding",
    "truncated", "not_json", "wrong_format", "newer_version", "damaged", "unknown_game",
    "invalid_options", "unreadable_action", "illegal_action", "ledger_mismatch",
    "too_long", "write_failed", "human_seats", "unknown_level", "bad_name", "no_folder",
]


class SaveFileError(Exception):
    """A save file that cannot be loaded, or a game that cannot be saved.

    ``str(error)`` is a complete sentence for the player (no Python terms, no traceback text) that
    ends by saying the file was not changed.  ``reason`` is a stable code (see :data:`ReasonCode`)
    for the program, ``path`` the file concerned (or None).  ``words``, where the sentence was made
    translatable, are its :class:`~.words.Words`: :meth:`translated` says it in the player's language.
    """

    def __init__(self, message: str, reason: ReasonCode, path: str | os.PathLike | None = None,
                 words: Words | None = None):
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.path = Path(path) if path is not None else None
        self.words = words

    def translated(self, translate: Translate) -> str:
        """The sentence in the words ``translate`` (``QCoreApplication.translate``) gives; in English
        where it has no translatable words."""
        if self.words is None:
            return self.message
        text = self.words.render(translate)
        return f"{text} {translate(CONTEXT, NOT_CHANGED)}" if self.message.endswith(NOT_CHANGED) else text


def _fail(reason: ReasonCode, what: str | Words, path: str | os.PathLike | None = None) -> SaveFileError:
    if isinstance(what, Words):
        return SaveFileError(f"{what.render()} {NOT_CHANGED}", reason, path, what)
    return SaveFileError(f"{what} {NOT_CHANGED}", reason, path)


def _say(source: str, **params: Phrase) -> Words:
    """Words of the save refusals (their texts marked in :data:`CONTEXT` where they are written)."""
    return Words(CONTEXT, source, dict(params))


# ---------------------------------------------------------------------------------------------
# The document

ActionText = Annotated[str, StringConstraints(min_length=1, max_length=MAX_ACTION_CHARS)]
Total = Annotated[int, Field(ge=-MAX_ABS_TOTAL, le=MAX_ABS_TOTAL)]
SeatKind = Literal["human", "bot"]


class Seat(BaseModel):
    """Who sits in one seat: a human, or a computer player of a given ``level`` ("beginner",
    "normal", "hard", "expert"; the ids "random" and "heuristic" of CekiDesk 0.1 are read as
    "beginner" and "normal", so an old save shows and saves today's levels), with the name shown at
    the table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: SeatKind
    level: str | None = Field(None, pattern=r"^[a-z][a-z0-9_-]{0,31}$")
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)

    @field_validator("level")
    @classmethod
    def _todays_level(cls, v: str | None) -> str | None:
        return None if v is None else canonical_level(v)

    @field_validator("name")
    @classmethod
    def _name_is_printable(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("a name cannot be blank")
        if any(unicodedata.category(c) in ("Cc", "Cs") for c in v):
            raise ValueError("a name cannot contain control characters")
        return v

    @model_validator(mode="after")
    def _level_fits_kind(self) -> Seat:
        if self.kind == "bot" and self.level is None:
            raise ValueError("a computer player needs a level")
        if self.kind == "human" and self.level is not None:
            raise ValueError("a human player has no level")
        return self

    @classmethod
    def human(cls, name: str) -> Seat:
        return cls(kind="human", name=name)

    @classmethod
    def bot(cls, level: str, name: str) -> Seat:
        return cls(kind="bot", level=level, name=name)


class Ledger(BaseModel):
    """The match totals at the time of saving: points and cents per seat, finished hands, and the
    cents left in the pot (games that carry a pot between hands; 0 otherwise, and in files saved
    before the pot was recorded)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scores: list[Total] = Field(max_length=MAX_SEATS)
    cents: list[Total] = Field(max_length=MAX_SEATS)
    hands_finished: int = Field(ge=0, le=MAX_HANDS)
    pot: int = Field(0, ge=0, le=MAX_ABS_TOTAL)


class FirstDeal(BaseModel):
    """How the first hand of a match that plays a deal again was dealt: that deal's hand seed and
    dealer (:attr:`Match.first_deal`); later hands follow the match's seed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seed: int = Field(ge=0, lt=2**62)
    dealer: int = Field(ge=0, lt=MAX_SEATS)


RNG_WORDS = 625   # random.Random's state: 624 words and the position in them
Seat_ = Annotated[int, Field(ge=0, lt=MAX_SEATS)]


class RecordModel(BaseModel):
    """One finished hand as the match recorded it (:class:`~cekidesk.engine.records.HandRecord`):
    dealer, seed, result, payments, the pot and the carry after it (format 4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    dealer: Seat_
    seed: int = Field(ge=0, lt=2**62)
    outcome: str = Field(min_length=1, max_length=40)
    points: list[Total] = Field(max_length=MAX_SEATS)
    winners: list[Seat_] = Field(max_length=MAX_SEATS)
    # (Any: any JSON — the bounded reader has checked its depth and numbers; quicker than JsonValue)
    details: dict[str, Any] = Field(default_factory=dict, max_length=MAX_OPTIONS)
    payments: list[Total] = Field(max_length=MAX_SEATS)
    pot: int = Field(0, ge=0, le=MAX_ABS_TOTAL)
    items: list[tuple[Annotated[str, StringConstraints(max_length=40)], Seat_ | None, Seat_ | None, Total]] = Field(
        default_factory=list, max_length=4 * MAX_SEATS * MAX_SEATS)
    carry: Any = None


class StartModel(BaseModel):
    """The start of the hand in progress (the last one of the log): its dealer and seed, the scores,
    money, pot and carry it was dealt with, and the match's random generator after its seed was
    drawn (format 4).  Checked against the records and the match's seed when the save is opened."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    dealer: Seat_
    seed: int = Field(ge=0, lt=2**62)
    scores: list[Total] = Field(max_length=MAX_SEATS)
    cents: list[Total] = Field(max_length=MAX_SEATS)
    pot: int = Field(0, ge=0, le=MAX_ABS_TOTAL)
    carry: Any = None
    rng: list[Annotated[int, Field(ge=0, lt=2**32)]] = Field(min_length=RNG_WORDS, max_length=RNG_WORDS)


class SaveDocument(BaseModel):
    """One save file (schema version 4; versions 1 to 3 are read too, the game upgrading their moves
    and options: :func:`document_to_match`).

    ``log`` holds one list per hand played or in progress, each the actions in order, as text.
    The last hand may be unfinished (mid-hand save) or finished (saved between hands).
    ``undo_allowed`` is the choice made when the match started (None in a version 1 file: then
    :func:`undo_allowed_by_default`), ``undone_hands`` the indices of the hands in which a move
    was taken back or the deal restarted.  ``records`` (one per hand of the log but the last) and
    ``start`` (the last hand's start), from format 4 on, let the match be rebuilt by replaying the
    last hand only; a file without them is replayed in full.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["cekidesk-save"] = FORMAT_ID
    schema_version: Literal[1, 2, 3, 4] = SCHEMA_VERSION
    app_version: str = Field(__version__, min_length=1, max_length=40)
    saved_at: datetime | None = None
    game: str = Field(pattern=r"^[a-z][a-z0-9_-]{0,31}$")  # a game id: "ceki", "balik-satu"
    options: dict[str, JsonValue] = Field(default_factory=dict, max_length=MAX_OPTIONS)
    match_options: dict[str, JsonValue] = Field(default_factory=dict, max_length=MAX_OPTIONS)
    seats: list[Seat] = Field(min_length=1, max_length=MAX_SEATS)
    seed: int = Field(ge=-(2**63), le=2**64 - 1)
    log: list[list[ActionText]] = Field(min_length=1, max_length=MAX_HANDS)
    ledger: Ledger
    undo_allowed: bool | None = None
    undone_hands: list[Annotated[int, Field(ge=0, lt=MAX_HANDS)]] = Field(default_factory=list,
                                                                          max_length=MAX_HANDS)
    first_deal: FirstDeal | None = None
    start: StartModel | None = None
    records: list[RecordModel] | None = Field(None, max_length=MAX_HANDS)

    @field_validator("saved_at")
    @classmethod
    def _date_in_range(cls, v: datetime | None) -> datetime | None:
        """The date in UTC (a date without time zone is taken as UTC, as CekiDesk writes it).  A date
        that cannot be expressed in UTC (beyond the years 1 to 9999) counts as unknown rather than
        making the save unreadable: it is only shown to the player, never needed to continue."""
        if v is None:
            return None
        if v.tzinfo is None:
            v = v.replace(tzinfo=UTC)
        try:
            return v.astimezone(UTC)
        except OverflowError:
            return None

    @field_validator("log")
    @classmethod
    def _not_too_many_actions(cls, v: list[list[str]]) -> list[list[str]]:
        total = sum(len(hand) for hand in v)
        if total > MAX_ACTIONS:
            raise ValueError(f"there are {total:,} moves, more than the {MAX_ACTIONS:,} a save may hold")
        return v

    @model_validator(mode="after")
    def _ledger_fits(self) -> SaveDocument:
        n = len(self.seats)
        if len(self.ledger.scores) != n or len(self.ledger.cents) != n:
            raise ValueError(f"the scores are not given for each of the {n} seats")
        if self.ledger.hands_finished > len(self.log):
            raise ValueError("more hands are counted as finished than were played")
        if any(i >= len(self.log) for i in self.undone_hands):
            raise ValueError("a hand that was not played is marked as undone")
        if self.first_deal is not None and self.schema_version < 2:
            raise ValueError("a first deal is given from save format 2 on")
        if self.first_deal is not None and self.first_deal.dealer >= n:
            raise ValueError(f"the first dealer is not one of the {n} seats")
        if (self.start is None) != (self.records is None):
            raise ValueError("the records of the hands and the start of the last one go together")
        if self.records is not None and self.schema_version < 4:
            raise ValueError("the records of the hands are given from save format 4 on")
        if self.records is not None and len(self.records) != len(self.log) - 1:
            raise ValueError("there is not one record for each finished hand")
        return self

    @property
    def n_players(self) -> int:
        return len(self.seats)


@dataclass(frozen=True)
class LoadedGame:
    """A loaded save: the rebuilt match (ready to continue), its seats and the document read."""

    match: Match
    seats: tuple[Seat, ...]
    document: SaveDocument
    # the hands in which moves were taken back as the autosave's journal says (None: as the document)
    journal_undone: tuple[int, ...] | None = None

    @property
    def undo_allowed(self) -> bool:
        """Whether moves may be taken back in this match (as chosen at its start)."""
        allowed = self.document.undo_allowed
        return undo_allowed_by_default(self.match.match_options) if allowed is None else allowed

    @property
    def undone_hands(self) -> frozenset[int]:
        if self.journal_undone is not None:
            return frozenset(self.journal_undone)
        return frozenset(self.document.undone_hands)

    @property
    def unchecked(self) -> bool:
        """The match was rebuilt from the records of its finished hands, which are yet to be checked
        against a replay of their moves (:func:`full_check`)."""
        return needs_full_check(self.document)


def undo_allowed_by_default(match_options: MatchOptions) -> bool:
    """A practice match may take moves back, a money match never: what a match whose choice is not
    recorded (a save of schema version 1) is taken to have chosen."""
    return match_options.mode != "money"


# ---------------------------------------------------------------------------------------------
# Player-readable descriptions of validation errors

_COUNTED = {"seats": QT_TRANSLATE_NOOP("SaveFile", "seat {n}"), "log": QT_TRANSLATE_NOOP("SaveFile", "hand {n}"),
            "scores": QT_TRANSLATE_NOOP("SaveFile", "score {n}"),
            "cents": QT_TRANSLATE_NOOP("SaveFile", "money total {n}")}
_TYPE_TAGS = {"str", "int", "float", "bool", "none", "list", "dict"}


def _where(loc: Sequence[str | int]) -> Joined:
    """("seats", 2, "name") → "seat 3, “name”"; ("log", 4, 17) → "hand 5, move 18" (in words)."""
    items = [p for p in loc
             if not (isinstance(p, str) and (p in _TYPE_TAGS or "[" in p or p.startswith("function-")))]
    words: list[Phrase] = []
    for i, part in enumerate(items):
        prev = items[i - 1] if i else None
        if isinstance(part, int):
            if isinstance(prev, str) and prev in _COUNTED and words:
                words[-1] = _say(_COUNTED[prev], n=part + 1)
            elif isinstance(prev, int) and i >= 2 and items[i - 2] == "log":
                words.append(_say(QT_TRANSLATE_NOOP("SaveFile", "move {n}"), n=part + 1))
            else:
                words.append(_say(QT_TRANSLATE_NOOP("SaveFile", "entry {n}"), n=part + 1))
        else:
            words.append(f"“{_shown(str(part), 30)}”")
    return Joined(words, ", ")


# what a kind of pydantic error means, said of an entry (``{where}``) of a file
_PROBLEMS: dict[str, str] = {
    "missing": QT_TRANSLATE_NOOP("SaveFile", "{where} is missing"),
    "extra_forbidden": QT_TRANSLATE_NOOP("SaveFile", "{where} is not expected here"),
    "too_short": QT_TRANSLATE_NOOP("SaveFile", "{where} has too few entries"),
    "too_long": QT_TRANSLATE_NOOP("SaveFile", "{where} has too many entries"),
    "string_too_short": QT_TRANSLATE_NOOP("SaveFile", "{where} is empty"),
    "string_too_long": QT_TRANSLATE_NOOP("SaveFile", "{where} is too long"),
    "string_pattern_mismatch": QT_TRANSLATE_NOOP("SaveFile", "{where} is not written the way CekiDesk writes it"),
    "literal_error": QT_TRANSLATE_NOOP("SaveFile", "{where} is not one of the values CekiDesk knows"),
    "greater_than": QT_TRANSLATE_NOOP("SaveFile", "{where} is out of range"),
    "int_type": QT_TRANSLATE_NOOP("SaveFile", "{where} should be a whole number"),
    "float_type": QT_TRANSLATE_NOOP("SaveFile", "{where} should be a number"),
    "bool_type": QT_TRANSLATE_NOOP("SaveFile", "{where} should be true or false"),
    "string_type": QT_TRANSLATE_NOOP("SaveFile", "{where} should be text"),
    "list_type": QT_TRANSLATE_NOOP("SaveFile", "{where} should be a list"),
    "dict_type": QT_TRANSLATE_NOOP("SaveFile", "{where} should be a group of entries"),
    "datetime_type": QT_TRANSLATE_NOOP("SaveFile", "{where} should be a date and time"),
    "none_required": QT_TRANSLATE_NOOP("SaveFile", "{where} should be empty (null)"),
}
# the kinds of error that say the same as one above
_SAME = {"enum": "literal_error", "greater_than_equal": "greater_than", "less_than": "greater_than",
         "less_than_equal": "greater_than", "int_parsing": "int_type", "int_from_float": "int_type",
         "model_type": "dict_type", "model_attributes_type": "dict_type", "datetime_parsing": "datetime_type",
         "datetime_from_date_parsing": "datetime_type"}


def _problem(err: ErrorDetails) -> Words:
    """One pydantic error as a phrase a player understands: where, and what is wrong there."""
    place = _where(err.get("loc", ()))
    where: Phrase = place if place.parts else _say(QT_TRANSLATE_NOOP("SaveFile", "the file"))
    typ = str(err.get("type", ""))
    typ = _SAME.get(typ, typ)
    if typ in _PROBLEMS:
        return _say(_PROBLEMS[typ], where=where)
    if typ == "value_error":   # our own validators' words, written for players (in English)
        msg = str(err.get("msg", ""))
        msg = msg[len("Value error, "):] if msg.startswith("Value error, ") else msg
        if not err.get("loc"):
            return _say("{msg}", msg=msg)
        return _say(QT_TRANSLATE_NOOP("SaveFile", "{where}: {msg}"), where=where, msg=msg)
    if typ.endswith(("_type", "_parsing")):
        return _say(QT_TRANSLATE_NOOP("SaveFile", "{where} is of the wrong kind"), where=where)
    return _say(QT_TRANSLATE_NOOP("SaveFile", "{where} is not valid"), where=where)


def validation_words(exc: ValidationError, limit: int = 3) -> Joined:
    """A short summary of a pydantic error in a player's words (no pydantic wording, no input
    values): "seat 3, “name” is too long; “seed” is missing"."""
    errors = exc.errors(include_url=False, include_input=False)
    parts: list[Phrase] = [_problem(err) for err in errors[:limit]]
    if len(errors) > limit:
        parts.append(_say(QT_TRANSLATE_NOOP("SaveFile", "and {n} more"), n=len(errors) - limit))
    return Joined(parts)


def describe_validation_error(exc: ValidationError, limit: int = 3) -> str:
    """:func:`validation_words` in English."""
    return validation_words(exc, limit).render()


def _quote_action(text: str) -> str:
    shown = "".join(c if c.isprintable() else "?" for c in text)
    if len(shown) > 30:
        shown = shown[:29] + "…"
    return f"“{shown}”"


# ---------------------------------------------------------------------------------------------
# Reading

def _looks_binary(data: bytes) -> bool:
    if b"\x00" in data:
        return True
    sample = data[:4096]
    control = sum(1 for b in sample if b < 9 or 13 < b < 32 or b == 127)
    return control > max(2, len(sample) // 100)


def _read_text(path: Path) -> str:
    """The file's text, after the checks that need no parsing (existence, kind, size, encoding).
    Anything but an ordinary file (after following links) is refused before it is opened, and no
    more than :data:`MAX_FILE_BYTES` are read (see :func:`.files.read_regular_file`)."""
    try:
        data = read_regular_file(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        words = _say(QT_TRANSLATE_NOOP("SaveFile", "The file “{file}” could not be found; it may have been moved "
                                                   "or deleted. Nothing was changed."), file=path.name)
        raise SaveFileError(words.render(), "missing", path, words) from None
    except PermissionError:
        raise _fail("unreadable", _say(QT_TRANSLATE_NOOP("SaveFile", "CekiDesk is not allowed to read the file "
                                                                     "“{file}”."), file=path.name), path) from None
    except BadPathError:
        raise _fail("bad_name", _say(QT_TRANSLATE_NOOP("SaveFile", "The name “{name}” is not one a file can have, "
                                                                   "so no game can be read from it."),
                                     name=_shown(path.name)), path) from None
    except NotADirectoryError:
        raise _fail("no_folder", _no_folder(path), path) from None
    except NotAFileError as exc:
        if exc.is_folder:
            raise _fail("not_a_file", _say(QT_TRANSLATE_NOOP("SaveFile", "The item “{file}” is a folder, not a "
                                                                         "saved game."), file=path.name),
                        path) from None
        raise _fail("not_a_file", _say(QT_TRANSLATE_NOOP("SaveFile", "The item “{file}” is not an ordinary file, so "
                                                                     "it is not a saved game."), file=path.name),
                    path) from None
    except FileTooLargeError:
        raise _fail("too_large", _say(QT_TRANSLATE_NOOP("SaveFile", "The file “{file}” is far too large to be a "
                                                                    "CekiDesk save (saves are at most {mb} MB)."),
                                      file=path.name, mb=MAX_FILE_BYTES // (1024 * 1024)), path) from None
    except OSError:
        raise _fail("unreadable", _say(QT_TRANSLATE_NOOP("SaveFile", "The file “{file}” could not be read."),
                                       file=path.name), path) from None
    if not data.strip():
        raise _fail("empty", _say(QT_TRANSLATE_NOOP("SaveFile", "The file “{file}” is empty, so there is no game "
                                                                "in it."), file=path.name), path)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise _fail("encoding", _say(QT_TRANSLATE_NOOP("SaveFile", "This file is not a CekiDesk save (its text is in "
                                                                   "a different encoding than the UTF-8 that CekiDesk "
                                                                   "saves use).")), path)
    if _looks_binary(data):
        raise _fail("binary", _say(QT_TRANSLATE_NOOP("SaveFile", "This file is not a CekiDesk save (it does not "
                                                                 "contain text).")), path)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise _fail("encoding", _say(QT_TRANSLATE_NOOP("SaveFile", "This file is not a CekiDesk save, or it was "
                                                                   "re-saved by another program (its text is not in "
                                                                   "the UTF-8 encoding that CekiDesk saves use).")),
                    path) from None


def _shown(text: str, most: int = 60) -> str:
    """``text`` as a message may quote it: unprintable characters as "?", at most ``most`` long."""
    shown = "".join(c if c.isprintable() else "?" for c in text)
    return shown[:most - 1] + "…" if len(shown) > most else shown


def _file_in_the_way(path: Path) -> Path | None:
    """The nearest of the folders on the way to ``path`` that is a file, not a folder."""
    return next((f for f in path.parents if os.path.lexists(f) and not f.is_dir()), None)


def _no_folder(path: Path) -> Words:
    """The words for a file that cannot be read because a folder on its way is a file."""
    folder = _file_in_the_way(path)
    if folder is None:
        return _say(QT_TRANSLATE_NOOP("SaveFile", "The file “{file}” cannot be read: one of the folders that "
                                                  "should hold it is a file, not a folder."), file=_shown(path.name))
    return _say(QT_TRANSLATE_NOOP("SaveFile", "The file “{file}” cannot be read: the folder “{folder}” that should "
                                              "hold it is a file, not a folder ({where})."),
                file=_shown(path.name), folder=_shown(folder.name), where=_shown(str(folder), 120))


def _blocked_folder(path: Path) -> str:
    """Why a folder on the way to ``path`` is not one (for a failed write, in English)."""
    folder = _file_in_the_way(path)
    if folder is None:
        return "one of the folders that should hold it is a file, not a folder."
    return (f"the folder “{_shown(folder.name)}” that should hold it is a file, not a folder "
            f"({_shown(str(folder), 120)}).")


def _parse_json(text: str, path: Path | None) -> JsonValue:
    try:
        return loads_bounded(text)
    except JsonBoundsError as exc:
        if exc.problem == "too_deep":
            raise _fail("damaged", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: its data is "
                                                                      "nested far deeper than a save's.")),
                        path) from None
        if exc.key is None:
            raise _fail("damaged", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: an entry holds "
                                                                      "a number far beyond what a save can hold.")),
                        path) from None
        raise _fail("damaged", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: the entry “{key}” "
                                                                  "holds a number far beyond what a save can hold."),
                                    key=_shown(exc.key, 30)), path) from None
    except json.JSONDecodeError as exc:
        body = text.rstrip()
        # the text ends inside the document, or inside a string that never closes
        if body[:1] in ("{", "[") and (exc.pos >= len(body) or exc.msg.startswith("Unterminated string")):
            raise _fail("truncated", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is incomplete: it ends in "
                                                                        "the middle of the game data, perhaps because "
                                                                        "saving was interrupted.")), path) from None
        raise _fail("not_json", _say(QT_TRANSLATE_NOOP("SaveFile", "This file is not a CekiDesk save (it is not "
                                                                   "readable JSON).")), path) from None
    except ValueError:  # (a surrogate, or a number Python cannot read)
        raise _fail("damaged", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: it contains values "
                                                                  "CekiDesk cannot read.")), path) from None


# digits → 1, an exponent's letter → 2, anything else → 0: a float written with an exponent (``1e400``)
# is a 1 followed by a 2 (:func:`_plainly_bounded`)
_EXPONENTS = bytes(1 if c in b"0123456789" else 2 if c in b"eE" else 0 for c in range(256))


def _plainly_bounded(text: str) -> bool:
    """Whether ``text`` can go straight to the model's JSON validation: nested within bounds, no
    over-long number, and nowhere (in strings neither) a ``NaN``, an ``Infinity`` or a number with an
    exponent — the only things the bounded reader refuses that the model's parser would take.  Saves
    CekiDesk writes hold none of them; a text that does is read the long way (:func:`_parse_json`)."""
    data = text.encode("utf-8", "surrogatepass")
    try:
        check_json_bounds(data)
    except JsonBoundsError:
        return False
    return b"NaN" not in data and b"Infinity" not in data and data.translate(_EXPONENTS).find(b"\x01\x02") < 0


def parse_document(text: str, path: str | os.PathLike | None = None) -> SaveDocument:
    """Validate the text of a save file.  Raises :class:`SaveFileError`.

    The text is parsed once: a text within the reader's bounds (:func:`_plainly_bounded`, checked on its
    bytes at C speed) is validated by the model straight from the JSON, and its header needs no
    look of its own (the model takes only this format and the versions this CekiDesk reads).  Any
    other text, or one the model refuses, is read by the bounded reader first, so each refusal
    keeps its own words (damaged, truncated, not JSON, another kind of file, a newer version)."""
    if _plainly_bounded(text):
        try:
            doc = SaveDocument.model_validate_json(text, strict=True)
        except ValidationError:
            pass   # (the long way says why)
        else:   # (the header's two fields have defaults in the model; a file must say them)
            if {"format", "schema_version"} <= doc.model_fields_set:
                return doc
    p = Path(path) if path is not None else None
    data = _parse_json(text, p)
    if not isinstance(data, dict) or data.get("format") != FORMAT_ID:
        raise _fail("wrong_format", _say(QT_TRANSLATE_NOOP("SaveFile", "This file is not a CekiDesk save (it is a "
                                                                       "different kind of file).")), p)
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _fail("damaged", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: its format version is "
                                                                  "missing or not valid.")), p)
    if version > SCHEMA_VERSION:
        made_by = data.get("app_version")
        by: Phrase = (f"CekiDesk {made_by}" if isinstance(made_by, str) and 0 < len(made_by) <= 40
                      and made_by.isprintable() else _say(QT_TRANSLATE_NOOP("SaveFile", "a newer CekiDesk")))
        raise _fail("newer_version", _say(QT_TRANSLATE_NOOP("SaveFile", "This save was made by a newer CekiDesk "
                                                                        "({by}, save format {version}); this CekiDesk "
                                                                        "({mine}) reads save format {format}. Please "
                                                                        "update CekiDesk to open it."),
                                          by=by, version=version, mine=__version__, format=SCHEMA_VERSION), p)
    try:
        return SaveDocument.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise _fail("damaged", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged or was edited by "
                                                               "hand ({details})."),
                                    details=validation_words(exc)), p) from None


def load_document(path: str | os.PathLike) -> SaveDocument:
    """Read and validate a save file without replaying it.  Raises :class:`SaveFileError`."""
    p = Path(path)
    return parse_document(_read_text(p), p)


# ---------------------------------------------------------------------------------------------
# Document ↔ match

def _seats(seats: Sequence[Seat | dict[str, Any]], n_players: int) -> list[Seat]:
    out = [s if isinstance(s, Seat) else Seat.model_validate(s) for s in seats]
    if len(out) != n_players:
        raise ValueError(f"the match has {n_players} players but {len(out)} seats were given")
    return out


def match_to_document(
    match: Match,
    seats: Sequence[Seat | dict[str, Any]],
    *,
    saved_at: datetime | None = None,
    undo_allowed: bool | None = None,
    undone_hands: Iterable[int] = (),
) -> SaveDocument:
    """The save document of ``match`` with these ``seats`` (one per player, in seat order).

    ``saved_at`` defaults to now (UTC); ``undo_allowed`` (None: :func:`undo_allowed_by_default`)
    and ``undone_hands`` are recorded as given.  Raises ``ValueError`` if the seats do not fit the match,
    and :class:`SaveFileError` (reason ``"too_long"``) if the match exceeds the limits a save may
    hold (:data:`MAX_HANDS`, :data:`MAX_ACTIONS`).
    """
    seat_list = _seats(seats, match.n_players)
    resumable = _resume_fields(match)
    log_text = [[str(a) for a in hand] for hand in match.logs]
    total = sum(len(h) for h in log_text)
    if len(log_text) > MAX_HANDS or total > MAX_ACTIONS:
        raise SaveFileError(
            f"This match is too long to be saved ({len(log_text):,} hands, {total:,} moves; a save holds at "
            f"most {MAX_HANDS:,} hands and {MAX_ACTIONS:,} moves). Please start a new match. "
            "No file was changed.", "too_long")
    first = match.first_deal
    return SaveDocument(
        first_deal=None if first is None else FirstDeal(seed=first[0], dealer=first[1]),
        app_version=__version__,
        saved_at=saved_at if saved_at is not None else datetime.now(UTC),
        game=match.spec.id,
        options=match.options.model_dump(mode="json"),
        match_options=match.match_options.model_dump(mode="json", exclude_none=True),
        seats=seat_list,
        seed=match.seed,
        log=log_text,
        ledger=Ledger(scores=list(match.scores), cents=list(match.ledger),
                      hands_finished=len(match.history), pot=match.pot),
        undo_allowed=undo_allowed_by_default(match.match_options) if undo_allowed is None else undo_allowed,
        undone_hands=sorted(set(undone_hands)),
        start=resumable[0] if resumable else None,
        records=resumable[1] if resumable else None,
    )


# ---------------------------------------------------------------------------------------------
# The records and the start of the current hand (format 4)

def _json_value(value: object) -> JsonValue:
    """``value`` (a hand's details, a carry) as JSON: tuples as lists, a frozen pydantic model as its
    JSON.  Raises ``TypeError`` for anything JSON cannot hold."""
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, (list, tuple)):
        return [_json_value(v) for v in value]
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {k: _json_value(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        dumped: JsonValue = value.model_dump(mode="json")
        return dumped
    raise TypeError(f"{type(value).__name__} is not JSON")


def record_json(rec: HandRecord) -> dict[str, JsonValue]:
    """A finished hand's record as a save holds it (:class:`RecordModel`)."""
    r = rec.result
    return {"dealer": rec.dealer, "seed": rec.seed, "outcome": r.outcome, "points": list(r.points),
            "winners": list(r.winners), "details": _json_value(r.details), "payments": list(rec.payments),
            "pot": rec.pot, "items": [list(i) for i in rec.items], "carry": _json_value(rec.carry)}


def start_json(match: Match) -> dict[str, JsonValue]:
    """The start of ``match``'s current hand as a save holds it (:class:`StartModel`)."""
    start = match.starts[-1]
    rng: list[JsonValue] = [*match.rng.getstate()[1]]
    return {"dealer": start.dealer, "seed": start.seed, "scores": list(start.scores), "cents": list(start.ledger),
            "pot": start.pot, "carry": _json_value(start.carry), "rng": rng}


def _resume_fields(match: Match) -> tuple[StartModel, list[RecordModel]] | None:
    """``start`` and ``records`` of ``match``'s document; None if something in them is not JSON (the
    file is then replayed in full when it is opened)."""
    try:
        return (StartModel.model_validate(start_json(match)),
                [RecordModel.model_validate(record_json(r)) for r in match.history[:match.hand_index]])
    except (TypeError, ValidationError):
        log.warning("the records of a %s match cannot be saved: it will be replayed when opened", match.spec.id)
        return None


def _carry_from_json(value: JsonValue, like: object) -> object:
    """The carry ``value`` holds, typed as ``like`` (the carry the match started with: a frozen model's
    JSON becomes that model, lists become tuples).  Raises ``ValueError`` if it does not come back
    exactly as it was written."""
    if isinstance(like, BaseModel) and isinstance(value, dict):
        carry: object = type(like).model_validate(value)
    else:
        carry = _tuples(value)
    try:
        if _json_value(carry) != value:
            raise ValueError("the carry does not read back as written")
    except TypeError:
        raise ValueError("the carry is not JSON") from None
    return carry


def _tuples(value: JsonValue) -> object:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        raise ValueError("a carry's group of entries needs its model")
    return value


def _record(model: RecordModel, index: int, carry: object) -> HandRecord:
    result = HandResult(model.outcome, tuple(model.points), tuple(model.winners), dict(model.details))
    return HandRecord(index, model.dealer, model.seed, result, tuple(model.payments), model.pot,
                      tuple((c, a, b, x) for c, a, b, x in model.items), carry)


def _check_seats(seats: Sequence[Seat], game_id: str) -> None:
    """The window seats one or more people (taking turns at one computer) and computer players of
    the levels the game offers; a save with other seats would load and then wait for ever for a
    player who is not there."""
    if not any(s.kind == "human" for s in seats):
        raise _fail("human_seats", _say(QT_TRANSLATE_NOOP("SaveFile", "This save has no human player: CekiDesk "
                                                                      "needs at least one person at the table, so it "
                                                                      "cannot continue this game.")))
    levels = bot_levels(game_id)
    for i, s in enumerate(seats):
        if s.kind == "bot" and s.level not in levels:
            raise _fail("unknown_level", _say(QT_TRANSLATE_NOOP("SaveFile", "This save has a kind of computer player "
                                                                            "this CekiDesk does not know (“{level}”, "
                                                                            "seat {seat}); it may have been made by a "
                                                                            "newer CekiDesk."),
                                              level=str(s.level), seat=i + 1))


def _upgraded(spec: GameSpec, doc: SaveDocument) -> tuple[dict[str, JsonValue], list[list[str]]]:
    """The options and hands of ``doc`` as today's rules replay them: a save of an older format is
    upgraded by its game (:meth:`~cekidesk.engine.game.Game.upgrade_saved`; the game's own business,
    this module names none), today's is taken as it is."""
    options, hands = dict(doc.options), [list(hand) for hand in doc.log]
    if doc.schema_version >= SCHEMA_VERSION:
        return options, hands
    try:
        options, hands = spec.upgrade_saved(options, hands, doc.schema_version)
    except Exception:  # a game's bug must not escape as anything but a save error
        log.exception("could not upgrade a save of format %s", doc.schema_version)
        raise _fail("damaged", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file could not be opened: the game in "
                                                                  "it cannot be started."))) from None
    if (len(hands) != len(doc.log) or len(options) > MAX_OPTIONS
            or any(len(h) > MAX_ACTIONS or not all(isinstance(a, str) for a in h) for h in hands)):
        log.error("the upgrade of a save of format %s returned what a save cannot hold", doc.schema_version)
        raise _fail("damaged", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file could not be opened: the game in "
                                                                  "it cannot be started."))) from None
    return options, hands


def _check_hand_lengths(hands: Sequence[Sequence[str]], spec: GameSpec, n_players: int,
                        options: BaseModel) -> None:
    """No hand may be longer than the game's rules allow (checked before anything is replayed)."""
    limit = spec.max_hand_actions(n_players, options)
    if limit is None:
        return
    for hi, hand in enumerate(hands):
        if len(hand) > limit:
            raise _fail("damaged", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: hand {hand} has "
                                                                      "{moves} moves, more than a hand of “{game}” can "
                                                                      "have ({limit})."),
                                        hand=hi + 1, moves=f"{len(hand):,}", game=spec.id, limit=f"{limit:,}"))


def document_to_match(doc: SaveDocument) -> Match:
    """Rebuild the match of a (validated) document, then check the scores, ledger and finished hands
    against the document.  A document of format 4 is rebuilt from its hands' records and the start
    of the hand in progress, checked against each other and against the match's seed (cheap), and
    only the hand in progress is replayed; an older one replays every action.  The records of format
    4 are checked against a replay of every hand by :func:`full_check` (the session runs it in the
    background).  Raises :class:`SaveFileError`; on error no match is returned."""
    spec, options, match_options, hands = _prepared(doc)
    if doc.start is not None and doc.records is not None and needs_full_check(doc):
        match = _resumed(doc, spec, options, match_options, hands)
    elif doc.start is not None and doc.records is not None:   # short: replayed in full, checked against them
        match = _replayed_and_checked(doc)
    else:
        match = _new_match(doc, spec, options, match_options)
        _replay(match, hands)
    _check_ledger(doc, match)
    return match


def _prepared(doc: SaveDocument) -> tuple[GameSpec, BaseModel, MatchOptions, list[list[str]]]:
    """The game, options, match options and (upgraded) hands of ``doc``, each checked."""
    try:
        spec = get_game(doc.game)
    except OptionsError:
        raise _fail("unknown_game", _say(QT_TRANSLATE_NOOP("SaveFile", "This save is for a game this CekiDesk does "
                                                                       "not know (“{game}”); it may have been made by "
                                                                       "a newer CekiDesk."), game=doc.game)) from None
    n = len(doc.seats)
    if not spec.min_players <= n <= spec.max_players:
        seats = (_say(QT_TRANSLATE_NOOP("SaveFile", "1 seat")) if n == 1
                 else _say(QT_TRANSLATE_NOOP("SaveFile", "{n} seats"), n=n))
        raise _fail("invalid_options", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: it has "
                                                                          "{seats}, but “{game}” is played by {low} "
                                                                          "to {high} players."),
                                            seats=seats, game=spec.id, low=spec.min_players, high=spec.max_players))
    _check_seats(doc.seats, spec.id)
    raw_options, hands = _upgraded(spec, doc)
    try:
        options = spec.options_model.model_validate(raw_options, strict=True)
    except ValidationError as exc:
        raise _fail("invalid_options", _say(QT_TRANSLATE_NOOP("SaveFile", "The game options in this save are "
                                                                       "not valid ({details})."),
                                            details=validation_words(exc))) from None
    try:
        match_options = MatchOptions.model_validate(doc.match_options, strict=True)
    except ValidationError as exc:
        raise _fail("invalid_options", _say(QT_TRANSLATE_NOOP("SaveFile", "The match settings in this save are "
                                                                       "not valid ({details})."),
                                            details=validation_words(exc))) from None
    if match_options.mode not in offered_modes(spec):
        raise _fail("invalid_options", _say(QT_TRANSLATE_NOOP("SaveFile", "The match settings in this save are not "
                                                                          "valid (“{game}” is not played in the "
                                                                          "“{mode}” mode)."),
                                            game=spec.id, mode=match_options.mode))
    _check_hand_lengths(hands, spec, n, options)
    return spec, options, match_options, hands


def _new_match(doc: SaveDocument, spec: GameSpec, options: BaseModel, match_options: MatchOptions) -> Match:
    """The match of ``doc`` as its first hand is dealt."""
    n = len(doc.seats)
    try:
        first = doc.first_deal
        match = Match(spec, n, doc.seed, options, match_options,
                      None if first is None else (first.seed, first.dealer))
    except OptionsError:
        raise _fail("invalid_options", _say(QT_TRANSLATE_NOOP("SaveFile", "The game options in this save are not "
                                                                          "valid."))) from None
    except Exception:  # a rules bug must not escape as anything but a save error
        log.exception("could not start the match of a save")
        raise _fail("damaged", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file could not be opened: the game in "
                                                                  "it cannot be started."))) from None

    return match


def _check_ledger(doc: SaveDocument, match: Match) -> None:
    led = doc.ledger
    if (list(match.scores) != led.scores or list(match.ledger) != led.cents
            or len(match.history) != led.hands_finished or match.pot != led.pot):
        raise _mismatch()


def _mismatch() -> SaveFileError:
    return _fail("ledger_mismatch", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: the scores and "
                                                                       "money recorded in it do not match the "
                                                                       "moves it contains.")))


def _resumed(doc: SaveDocument, spec: GameSpec, options: BaseModel, match_options: MatchOptions,
             hands: list[list[str]]) -> Match:
    """The match of a format 4 ``doc`` rebuilt from its records and start, its last hand replayed.
    Checked without replaying the hands before: the seeds and the random generator against the
    match's seed, the dealers against the game's rotation, the scores, money, pot and carry of the
    start against the records, no hand before the last one ending the match."""
    start, models = doc.start, doc.records
    assert start is not None and models is not None
    n = len(doc.seats)
    match = _new_match(doc, spec, options, match_options)   # (the first hand dealt: its dealer, first carry)
    rng = match_rng(doc.seed, n, 0)
    seeds = [rng.randrange(2**62) for _ in hands]
    if doc.first_deal is not None:
        seeds[0] = doc.first_deal.seed
    if [r.seed for r in models] + [start.seed] != seeds or list(rng.getstate()[1]) != start.rng:
        raise _mismatch()
    try:
        carry, carry_json = match.carry, _json_value(match.carry)
        history = []
        for i, model in enumerate(models):
            if model.carry != carry_json:   # (most hands leave the carry as it was: read once)
                carry, carry_json = _carry_from_json(model.carry, match.carry), model.carry
            history.append(_record(model, i, carry))
        if _json_value(carry) != start.carry:
            raise ValueError("the start's carry is not the last hand's")
    except (ValueError, TypeError, ValidationError):
        raise _mismatch() from None
    _check_records(match, history, start)
    resumed = Match.resumed(spec, n, doc.seed, options, match_options, match.first_deal, history,
                            _finished(hands[:-1]), rng, start.seed)
    _replay(resumed, hands[-1:], first=len(hands) - 1)
    return resumed


def _check_records(match: Match, history: Sequence[HandRecord], start: StartModel) -> None:
    """The dealers follow the game's rotation, the totals add up to the start's, and the match went
    on after every hand before the last (``match``: the document's match as it was dealt)."""
    n, mo = match.n_players, match.match_options
    dealer, scores, cents, pot = match.dealer, [0] * n, [0] * n, 0
    for i, rec in enumerate(history):
        # (a record's points and winners read as they are: its ``result`` is made afresh at each reading)
        if (rec.dealer != dealer or len(rec.points) != n or len(rec.payments) != n
                or any(not 0 <= w < n for w in rec.winners) or sum(rec.payments) + rec.pot - pot != 0):
            raise _mismatch()
        for p in range(n):
            scores[p] += rec.points[p]
            cents[p] += rec.payments[p]
        pot = rec.pot
        if (mo.mode == "hands" and i + 1 >= mo.hands) or (mo.mode == "target" and max(scores) >= mo.target):
            raise _mismatch()
        try:
            dealer = match.spec.next_dealer(rec.result, rec.dealer, n)
        except Exception:   # a game's rotation that cannot read a damaged record
            raise _mismatch() from None
    if (start.dealer, start.scores, start.cents, start.pot) != (dealer, scores, cents, pot):
        raise _mismatch()


_PARSED: dict[str, Action] = {}


def _parsed(text: str, hand: int, move: int) -> Action:
    action = _PARSED.get(text)
    if action is None:
        try:
            action = Action.parse(text)
        except (ActionParseError, ValueError):
            where = _say(QT_TRANSLATE_NOOP("SaveFile", "move {move} of hand {hand} ({action})"),
                         move=move + 1, hand=hand + 1, action=_quote_action(text))
            raise _fail("unreadable_action", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: "
                                                                                "{where} cannot be read."),
                                                  where=where)) from None
        if len(_PARSED) < 100_000:
            _PARSED[text] = action
    return action


def _actions(hands: Sequence[Sequence[str]], first: int = 0) -> list[list[Action]]:
    """The actions of hands ``first``, ``first + 1`` … (the few distinct texts of a match parsed once each)."""
    get = _PARSED.get
    return [[get(text) or _parsed(text, hi, mi) for mi, text in enumerate(hand)]
            for hi, hand in enumerate(hands, first)]


def _finished(hands: Sequence[Sequence[str]]) -> list[Sequence[Action]]:
    """The moves of finished hands, each packed straight from its texts (:func:`pack_texts`: no action
    made of each move of a long match), or read one by one where a text is not an action's own."""
    out: list[Sequence[Action]] = []
    for i, hand in enumerate(hands):
        packed = pack_texts(hand)
        out.append(HandMoves(packed, len(hand)) if packed is not None else _actions([hand], i)[0])
    return out


def needs_full_check(doc: SaveDocument) -> bool:
    """Whether opening ``doc`` left its earlier hands unchecked (:func:`full_check` then replays them in
    the background): a format 4 file whose finished hands hold more than :data:`FULL_CHECK_MOVES`
    moves.  A shorter one is replayed in full when it is opened, as quick as its last hand."""
    return doc.records is not None and sum(len(h) for h in doc.log[:-1]) > FULL_CHECK_MOVES


def _replayed_and_checked(doc: SaveDocument) -> Match:
    """The match of a format 4 ``doc`` replayed from its first deal, its records and start checked
    against the replay (:func:`full_check`)."""
    steps = full_check(doc)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        match: Match = done.value
    return match


def full_check(doc: SaveDocument) -> Generator[int, None, Match | None]:
    """Replay every hand of a format 4 ``doc`` (a match :func:`document_to_match` rebuilt from its
    records) and check the records and the start against the replay: yields the number of hands
    replayed after each one, so that a caller can spread the work, and returns the replayed match
    (its last hand dealt, not played); raises :class:`SaveFileError` if the file's records are not
    what its moves give.  Nothing to do for an older format (its opening replayed it all)."""
    if doc.start is None or doc.records is None:
        return None
    spec, options, match_options, hands = _prepared(doc)
    match = _new_match(doc, spec, options, match_options)
    for hi, hand in enumerate(hands[:-1]):
        if hi:
            _next_hand(match, hi)
        _play_hand(match, hand, hi)
        yield hi + 1
    if len(hands) > 1:
        _next_hand(match, len(hands) - 1)
    records = [json.loads(json.dumps(record_json(r))) for r in match.history[:len(hands) - 1]]
    if (records != [json.loads(json.dumps(m.model_dump(mode="json"))) for m in doc.records]
            or json.loads(json.dumps(start_json(match))) != json.loads(json.dumps(doc.start.model_dump(mode="json")))):
        raise _mismatch()
    _play_hand(match, hands[-1], len(hands) - 1)
    return match


def _replay(match: Match, hands: Sequence[Sequence[str]], first: int = 0) -> None:
    """Play every move of ``hands`` (hands ``first``, ``first + 1`` … of a document's log, as upgraded)
    on ``match``, whose current hand is hand ``first``, hand after hand.  Raises
    :class:`SaveFileError` at the first move or hand that does not fit."""
    for offset, hand in enumerate(hands):
        if offset:
            _next_hand(match, first + offset)
        _play_hand(match, hand, first + offset)


def _next_hand(match: Match, hi: int) -> None:
    """Deal hand ``hi`` (counted from 0) after the one before it, which must be over."""
    if not match.hand_over():
        raise _fail("illegal_action", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: hand "
                                                                         "{hand} stops before it is finished, "
                                                                         "yet another hand follows."), hand=hi))
    if match.is_over():
        raise _fail("illegal_action", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: the "
                                                                         "match was over after hand {hand}, "
                                                                         "yet another hand follows."), hand=hi))
    match.next_hand()


def _play_hand(match: Match, hand: Sequence[str], hi: int) -> None:
    """Play the moves of hand ``hi`` (counted from 0) on ``match``."""
    for mi, text in enumerate(hand):
        where = _say(QT_TRANSLATE_NOOP("SaveFile", "move {move} of hand {hand} ({action})"),
                     move=mi + 1, hand=hi + 1, action=_quote_action(text))
        try:
            action = Action.parse(text)
        except (ActionParseError, ValueError):
            raise _fail("unreadable_action", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: "
                                                                                "{where} cannot be read."),
                                                  where=where)) from None
        try:
            match.apply(action)
        except EngineError:
            raise _fail("illegal_action", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file is damaged: {where} "
                                                                             "is not allowed by the rules at that "
                                                                             "point of the game."),
                                               where=where)) from None
        except Exception as exc:  # an engine bug must not escape as anything but a save error
            log.warning("replaying %s raised %r", where.render(), exc, exc_info=True)
            raise _fail("illegal_action", _say(QT_TRANSLATE_NOOP("SaveFile", "This save file could not be "
                                                                             "replayed: {where} could not be "
                                                                             "played."), where=where)) from None


# ---------------------------------------------------------------------------------------------
# Files

def document_to_bytes(doc: SaveDocument) -> bytes:
    """The file contents for ``doc``: indented UTF-8 JSON, the start of the hand in progress on one
    line, then one line per finished hand's record, then one line per hand of the log."""
    d = doc.model_dump(mode="json")
    hands, start, records = d.pop("log"), d.pop("start"), d.pop("records")
    lines = None if records is None else (json.dumps(r, ensure_ascii=False).encode() for r in records)
    return _joined(_pieces(d, start, lines, (json.dumps(h, ensure_ascii=False).encode() for h in hands)))


def _pieces(head: dict[str, object], start: object, records: Iterable[bytes] | None,
            hands: Iterable[bytes]) -> Iterator[bytes]:
    """A save file's bytes piece by piece: ``head`` (the document but its start, records and log),
    ``start``, the ``records``' lines and the ``hands``' lines (each the JSON of one, UTF-8)."""
    if head.get("first_deal", 0) is None:
        del head["first_deal"]   # (only a match that plays a deal again has one)
    text = json.dumps(head, indent=2, ensure_ascii=False)
    assert text.endswith("\n}")
    yield (text[:-2] + ",\n").encode()
    if start is not None and records is not None:
        yield b'  "start": ' + json.dumps(start, ensure_ascii=False).encode() + b',\n  "records": [\n'
        yield from _listed(records)
        yield b"\n  ],\n"
    yield b'  "log": [\n'
    yield from _listed(hands)
    yield b"\n  ]\n}\n"


def _listed(lines: Iterable[bytes]) -> Iterator[bytes]:
    """``lines`` as the items of an indented JSON list, one a line."""
    before = b"    "
    for line in lines:
        yield before
        yield line
        before = b",\n    "


def _joined(pieces: Iterable[bytes], size: int | None = None) -> bytes:
    """``pieces`` in one buffer.  With their ``size`` known, the buffer is made at once at that size
    and each piece let go as soon as it is copied in: the file's bytes are the one large block
    made — not a text of the whole file, its encoding and the joined lines besides, nor a buffer
    grown step by step, blocks of sizes that grow with the match, which ``malloc`` keeps in its heap
    for later (an autosave a hand: the process's memory grew with the match).  One block larger than
    any before it is mapped on its own, and given back to the system when it is let go."""
    if size is None:
        return b"".join(pieces)
    out = bytearray(size)
    at = 0
    for piece in pieces:
        out[at:at + len(piece)] = piece
        at += len(piece)
    del out[at:]        # (nothing, if ``size`` was right)
    return bytes(out)   # (a copy, and the buffer let go: two blocks of the file's size, for a moment)


def _listed_size(lengths: Sequence[int]) -> int:
    """How many bytes :func:`_listed` gives for lines of these ``lengths``."""
    return sum(lengths) + 4 + 6 * (len(lengths) - 1) if lengths else 0


class FinishedHands(NamedTuple):
    """A match's finished hands as read on the thread that plays it (:meth:`SaveCache.missing`): their
    records, and its log of them (sharing the match's packed moves)."""

    records: list[HandRecord]
    logs: Sequence[Sequence[Action]]

    def log_line(self, i: int) -> bytes:
        """Finished hand ``i``'s line of the save's log (the JSON list of its moves' texts)."""
        packed = getattr(self.logs, "packed", None)
        if packed is not None:
            return str(packed(i)).encode()
        return json.dumps([str(a) for a in self.logs[i]], ensure_ascii=False).encode()


class SaveCache:
    """The record lines of a match's finished hands, kept from one autosave to the next so that
    writing the file costs the hand in progress, not the match: a hand's record line is made once,
    and kept (zlib-compressed: a fraction of the line) while the match (or the match an undo rebuilt
    from it) still has that hand's record — a record is never changed, and a new one means the hand
    was played anew.  The hands' log lines are not kept here: the match holds each finished hand's
    moves as that very line, compressed (:meth:`~cekidesk.engine.compact.MatchLogs.packed`).
    Thread-safe: the lines may be made on another thread than the one that reads the match
    (:func:`match_bytes_job`)."""

    def __init__(self) -> None:
        # each finished hand's record, its record line compressed, and the lengths of its two lines
        self._hands: list[tuple[HandRecord, bytes, int, int]] = []
        self._lock = threading.Lock()

    def missing(self, match: Match) -> tuple[FinishedHands, int]:
        """``match``'s finished hands (before the one in progress) and how many of them have no lines
        here yet."""
        done = match.hand_index
        prefix = getattr(match.logs, "prefix", None)
        hands = FinishedHands(match.history[:done], prefix(done) if prefix is not None else match.logs[:done])
        return hands, done - self._kept(hands.records)

    def _kept(self, records: Sequence[HandRecord]) -> int:
        with self._lock:
            keep = 0
            while keep < min(len(records), len(self._hands)) and self._hands[keep][0] is records[keep]:
                keep += 1
            return keep

    def lines(self, hands: FinishedHands) -> tuple[Iterator[bytes], Iterator[bytes], int]:
        """The record lines and log lines of ``hands`` (what :meth:`missing` gave), each made when
        read (those records not here are made now and kept), and how many bytes the file's lists of
        them take (:func:`_listed`).  Raises ``TypeError`` or ``ValidationError`` for a record a save
        cannot hold."""
        records = hands.records
        keep = self._kept(records)
        with self._lock:
            kept = self._hands[:keep]
        made = []
        for i in range(keep, len(records)):
            line = json.dumps(RecordModel.model_validate(record_json(records[i])).model_dump(mode="json"),
                              ensure_ascii=False).encode()
            made.append((records[i], zlib.compress(line, 6), len(line), len(hands.log_line(i))))
        packed = kept + made
        with self._lock:
            self._hands = packed
        size = _listed_size([n for _, _, n, _ in packed]) + _listed_size([n for _, _, _, n in packed])
        return ((zlib.decompress(line) for _, line, _, _ in packed),
                (hands.log_line(i) for i in range(len(records))), size)


def match_bytes_job(match: Match, seats: Sequence[Seat], cache: SaveCache, path: str | os.PathLike,
                    *, undo_allowed: bool | None = None, undone_hands: Iterable[int] = ()
                    ) -> tuple[Callable[[], bytes], int]:
    """What the save file of ``match`` needs, read from it now (on the thread that plays it): a job
    that makes the file's bytes (what :func:`save_bytes` of :func:`match_to_document` gives) on any
    thread, with ``cache`` (the finished hands' lines made once), and how many finished hands' lines
    the job has to make.  The job raises :class:`SaveFileError` (``"too_long"``) as those do; this
    raises it and ``ValueError`` for seats that do not fit."""
    seat_list = _seats(seats, match.n_players)
    total = sum(len(h) for h in match.logs)
    if len(match.logs) > MAX_HANDS or total > MAX_ACTIONS:
        raise SaveFileError(
            f"This match is too long to be saved ({len(match.logs):,} hands, {total:,} moves; a save holds at "
            f"most {MAX_HANDS:,} hands and {MAX_ACTIONS:,} moves). Please start a new match. "
            "No file was changed.", "too_long")
    try:
        start = StartModel.model_validate(start_json(match)).model_dump(mode="json")
    except (TypeError, ValidationError):
        data = save_bytes(match_to_document(match, seat_list, undo_allowed=undo_allowed,
                                            undone_hands=undone_hands), path)
        return (lambda: data), 0
    first = match.first_deal
    head = SaveDocument.model_construct(
        first_deal=None if first is None else FirstDeal(seed=first[0], dealer=first[1]),
        saved_at=datetime.now(UTC), game=match.spec.id, options=match.options.model_dump(mode="json"),
        match_options=match.match_options.model_dump(mode="json", exclude_none=True), seats=seat_list,
        seed=match.seed, log=[],
        ledger=Ledger(scores=list(match.scores), cents=list(match.ledger), hands_finished=len(match.history),
                      pot=match.pot),
        undo_allowed=undo_allowed_by_default(match.match_options) if undo_allowed is None else undo_allowed,
        undone_hands=sorted(set(undone_hands))).model_dump(mode="json")
    for key in ("log", "start", "records"):
        del head[key]
    current = json.dumps([str(a) for a in match.logs[-1]], ensure_ascii=False).encode()
    finished, missing = cache.missing(match)
    whole = (match, seat_list, undo_allowed, tuple(undone_hands))

    def make() -> bytes:
        try:
            records, hands, lines = cache.lines(finished)
        except (TypeError, ValidationError):
            m, sl, allowed, undone = whole
            return save_bytes(match_to_document(m, sl, undo_allowed=allowed, undone_hands=undone), path)
        # the file's size: its parts but the lines, and the lines (the current hand's after the others')
        size = sum(map(len, _pieces(head, start, [], []))) + lines + len(current) + (6 if finished.records else 4)
        data = _joined(_pieces(head, start, records, itertools.chain(hands, (current,))), size)
        if len(data) > MAX_FILE_BYTES:
            raise SaveFileError("This match is too long to be saved. Please start a new match. "
                                "No file was changed.", "too_long", Path(path))
        return data

    return make, missing


def match_bytes(match: Match, seats: Sequence[Seat], cache: SaveCache, path: str | os.PathLike, *,
                undo_allowed: bool | None = None, undone_hands: Iterable[int] = ()) -> bytes:
    """The bytes of the save file of ``match`` made now with ``cache`` (:func:`match_bytes_job`)."""
    make, _ = match_bytes_job(match, seats, cache, path, undo_allowed=undo_allowed, undone_hands=undone_hands)
    return make()


def _write_failure(exc: OSError, path: Path) -> SaveFileError:
    if exc.errno == errno.ENOSPC:
        why = "the disk is full"
    elif exc.errno in (errno.EACCES, errno.EPERM):
        why = "CekiDesk is not allowed to write there"
    elif exc.errno == errno.EROFS:
        why = "that disk cannot be written to"
    elif exc.errno == errno.ENAMETOOLONG:
        why = "the file name is too long"
    elif exc.errno in (errno.ENOTDIR, errno.EEXIST):
        why = _blocked_folder(path).rstrip(".")
    elif isinstance(exc, BadPathError):
        why = "that is not a name a file can have"
    else:
        why = "the system refused to write the file"
    return SaveFileError(f"The game could not be saved to “{_shown(path.name, len(path.name) + 1)}”: {why}. "
                         "The previous file, if there was one, was not changed.", "write_failed", path)


def save_match(path: str | os.PathLike, match: Match, seats: Sequence[Seat | dict[str, Any]], *,
               undo_allowed: bool | None = None, undone_hands: Iterable[int] = ()) -> SaveDocument:
    """Save ``match`` with its ``seats`` to ``path``, atomically (the old file stays whole if
    anything fails).  Creates the parent folder if needed.  Returns the document written.
    ``undo_allowed`` and ``undone_hands`` as :func:`match_to_document` takes them.

    Raises :class:`SaveFileError` (``"write_failed"``, ``"too_long"``) and ``ValueError`` for seats
    that do not fit the match.
    """
    doc = match_to_document(match, seats, undo_allowed=undo_allowed, undone_hands=undone_hands)
    write_save(path, save_bytes(doc, path))
    return doc


def save_bytes(doc: SaveDocument, path: str | os.PathLike) -> bytes:
    """The bytes of a save file of ``doc``, to be written to ``path`` (:func:`write_save`).  Raises
    :class:`SaveFileError` (``"too_long"``) for a match too long to be saved."""
    data = document_to_bytes(doc)
    if len(data) > MAX_FILE_BYTES:
        raise SaveFileError("This match is too long to be saved. Please start a new match. "
                            "No file was changed.", "too_long", Path(path))
    return data


def write_save(path: str | os.PathLike, data: bytes) -> None:
    """Write a save file's ``data`` (:func:`save_bytes`) to ``path`` atomically, creating the folder
    if needed.  Raises :class:`SaveFileError` (``"write_failed"``); the old file is then unchanged.
    Touches nothing but the file system, so it may run on a thread of its own."""
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(p, data)
    except OSError as exc:
        raise _write_failure(exc, p) from None
    except ValueError:   # a NUL character in the path
        raise _write_failure(BadPathError(p), p) from None


def load_match(path: str | os.PathLike) -> LoadedGame:
    """Load a save: read, validate, replay and check it.  Raises :class:`SaveFileError` (and
    nothing else for a bad file); the file is only read, never written."""
    p = Path(path)
    doc = load_document(p)
    try:
        match = document_to_match(doc)
    except SaveFileError as exc:
        exc.path = p
        raise
    loaded = LoadedGame(match, tuple(doc.seats), doc)
    if loaded.unchecked:
        _UNCHECKED[match] = doc
    return loaded


# the documents of the matches rebuilt from records yet to be checked (:func:`unchecked_document`)
_UNCHECKED: weakref.WeakKeyDictionary[Match, SaveDocument] = weakref.WeakKeyDictionary()


def unchecked_document(match: Match) -> SaveDocument | None:
    """The document ``match`` was loaded from if its earlier hands are yet to be checked against
    their moves (:func:`full_check`; asked once: the caller runs the check), else None."""
    return _UNCHECKED.pop(match, None)


def save_autosave(match: Match, seats: Sequence[Seat | dict[str, Any]]) -> Path:
    """Save the game in progress to :func:`~cekidesk.persistence.paths.autosave_path`."""
    p = autosave_path()
    save_match(p, match, seats)
    return p


def load_autosave() -> LoadedGame | None:
    """The autosaved game with the moves of its journal played on (:mod:`.journal`), or None if there
    is none.  A damaged autosave raises :class:`SaveFileError` (the app can then offer to discard it
    with :func:`remove_autosave`); a damaged journal loses only its lines from the damage on."""
    try:
        loaded = load_match(autosave_path())
    except SaveFileError as exc:
        if exc.reason == "missing":
            return None
        raise
    return with_journal(loaded)


def with_journal(loaded: LoadedGame, path: str | os.PathLike | None = None) -> LoadedGame:
    """``loaded`` (the autosave) with the moves of the journal at ``path`` (default: the autosave's)
    played on."""
    records, torn = journal.read_records(None if path is None else Path(path))
    if torn:
        log.warning("the autosave's journal ends with a torn or damaged line; the lines before it are used")
    if not records:
        return loaded
    doc = _UNCHECKED.pop(loaded.match, None)
    try:
        done = journal.replay(loaded.match, records)
    except Exception:   # a rules bug must not cost the autosave
        log.exception("the autosave's journal could not be replayed")
        return loaded
    if doc is not None:
        _UNCHECKED[done.match] = doc
    log.info("the autosave's journal: %d lines played on, %d skipped", done.applied, done.skipped)
    return LoadedGame(done.match, loaded.seats, loaded.document,
                      done.undone if done.undone is not None else loaded.journal_undone)


def remove_autosave() -> None:
    """Delete the autosave, if any (e.g. when the match ends; its journal is the session's to clear)."""
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
