"""The player's settings: a small pydantic model kept as JSON in the user config directory.

Loading never fails and never stops the app:

* no file → the defaults, silently;
* a file that cannot be understood at all (not JSON, not UTF-8, not a JSON object) → the defaults;
* a file larger than :data:`MAX_SETTINGS_BYTES`, or something that is not an ordinary file (a folder,
  a FIFO, a device, found by ``stat`` alone, never read) → the defaults, and the thing is *renamed*
  aside (cheap, whatever its size) so that the next save can write a real settings file; the
  :class:`SettingsNotice` that :func:`load_settings_and_notice` returns lets the window say so once;
* a file in which some values are wrong (wrong type, out of range, unknown choice) → **the valid
  values are kept** and each invalid one falls back to its default;
* keys this version does not know (e.g. written by a newer CekiDesk) are ignored.

:func:`read_settings` also returns a :class:`SettingsNotice` for a damaged file (``"damaged"``) and for
values that fell back to their defaults (``"invalid_values"``), whose sentence
(:meth:`SettingsNotice.message`) the window shows in the player's language; the JSON is read by the
bounded reader (:func:`~.files.loads_bounded`: deep nesting and numbers out of range are damage).

In the damaged cases the file is copied (the too large and the odd ones: renamed) beside itself as
``settings.json.bad`` (or ``settings.json.bad-YYYYmmdd-HHMMSS`` if a different backup already has that
name; an identical backup is not made twice) and a warning is logged through :mod:`logging`; unknown
keys only cause a warning.  Loading never writes to the settings file itself; the next
:func:`save_settings` replaces it (atomically).  Values are read strictly: ``"600"`` is not a number
and ``"yes"`` is not a boolean.
"""
from __future__ import annotations

import base64
import binascii
import filecmp
import logging
import os
import shutil
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError, field_validator

from cekidesk.bots import LEVELS, canonical_level
from cekidesk.games import DEFAULT_GAME_ID
from cekidesk.languages import normalize_language

from .atomic import atomic_write_text
from .files import FileTooLargeError, NotAFileError, loads_bounded, read_regular_file
from .paths import settings_path
from .words import QT_TRANSLATE_NOOP, Translate, english

log = logging.getLogger(__name__)

SETTINGS_SCHEMA_VERSION = 2
# Version 2: ``language`` holds the app's language ids (cekidesk.languages) and may be None ("follow
# the system").  Version 1 offered only English, so its "en" was never a choice: it becomes None.
MAX_SETTINGS_BYTES = 1024 * 1024
BACKUP_SUFFIX = ".bad"

# the range of the Expert's thinking time a player may choose (seconds) and its default
EXPERT_SECONDS = (0.5, 5.0)
EXPERT_SECONDS_DEFAULT = 1.0

CardNames = Literal["latin", "javanese", "both"]
AnimationSpeed = Literal["off", "fast", "normal", "slow"]
Currency = Literal["rupiah", "cents", "points"]
TableColour = Literal["green", "red"]
CardBack = Literal["lattice", "kawung"]
Theme = Literal["light", "dark", "high_contrast"]
# the interface's size (percent) a player may choose, and the card sizes (percent)
INTERFACE_SCALE = (100, 200)
CARD_SIZES = (100, 125, 150)


class Settings(BaseModel):
    """What the player chose in the preferences (every field has a default)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    schema_version: int = Field(SETTINGS_SCHEMA_VERSION, ge=1,
                                description="Version of the settings format.")
    language: str | None = Field(None, max_length=32,
                                 description="Interface language: 'en', 'id', 'jv' (Javanese in Latin letters) "
                                             "or 'jv-Java' (Javanese script); None follows the system.")
    card_names: CardNames = Field("latin", description="How cards are named: Latin, Javanese or both.")
    currency: Currency | None = Field(None, description="How amounts of money are shown: rupiah (Rp), "
                                                        "cents (¢) or plain points; None follows the "
                                                        "language (rupiah for Indonesian and Javanese).")
    animation_speed: AnimationSpeed = Field("normal", description="Speed of card animations.")
    bot_pace_ms: int = Field(600, ge=0, le=5000,
                             description="Pause before each computer player's move, in milliseconds.")
    default_opponents: int = Field(3, ge=1, le=5,
                                   description="Computer opponents offered for a new game.")
    default_bot_level: str = Field("normal", pattern=r"^[a-z][a-z0-9_-]{0,31}$",
                                   description="Level of the computer opponents for a new game: 'beginner', "
                                               "'normal', 'hard' or 'expert' (0.1's 'random' and "
                                               "'heuristic' are read as 'beginner' and 'normal').")
    expert_seconds: float = Field(EXPERT_SECONDS_DEFAULT, ge=EXPERT_SECONDS[0], le=EXPERT_SECONDS[1],
                                  description="How long an Expert computer player thinks about a move, in "
                                              "seconds (from the next game on).")
    hints: bool = Field(True, description="Show hints.")
    highlight_legal: bool = Field(True, description="Highlight the cards and moves that are allowed now.")
    sort_hand: bool = Field(True, description="Keep the player's hand sorted.")
    auto_claim: bool = Field(True, description="Take a card that wins for the player at once, where a game lets a "
                                               "player claim it (e.g. a revealed stock card in Balik Satu).")
    auto_throw_after_call: bool = Field(True, description="After a ceki call, throw the card that must be thrown "
                                                          "at once (the only card a caller may throw).")
    show_card_codes: bool = Field(False, description="Print each card's code (S9, WF …) in its corner, for learners.")
    table_colour: TableColour = Field("green", description="The table's felt: green or red-brown.")
    card_back: CardBack = Field("lattice", description="The card backs: the indigo lattice or the red-brown "
                                                       "kawung (in every card family).")
    sound_effects: bool = Field(False, description="Play sound effects: a card dealt, a card played, a hand won "
                                                   "(needs Qt's multimedia module, PySide6-Addons).")
    sound_volume: int = Field(70, ge=0, le=100, description="The sound effects' volume, in per cent.")
    autosave: bool = Field(True, description="Save the game in progress automatically.")
    announce_events: bool = Field(True, description="Tell a screen reader every move as the game log words it "
                                                    "(the computer players' quick moves in one summary).")
    last_game_id: str = Field(DEFAULT_GAME_ID, pattern=r"^[a-z][a-z0-9_-]{0,31}$",
                              description="The game chosen last time.")
    window_geometry: str | None = Field(None, max_length=8192,
                                        description="The main window's geometry (base64, from Qt).")
    theme: Theme | None = Field(None, description="The window's and the table's colours: 'light', 'dark' or "
                                                  "'high_contrast' (WCAG 2.1 AA); None follows the system's "
                                                  "preference (read at every start).")
    interface_scale: int = Field(100, ge=INTERFACE_SCALE[0], le=INTERFACE_SCALE[1],
                                 description="The interface's size in percent (100-200): its text, and the "
                                             "table drawn that much larger.")
    card_size: int = Field(100, ge=CARD_SIZES[0], le=CARD_SIZES[-1],
                           description="The cards' size in percent (100, 125 or 150): the table drawn that much "
                                       "larger again, laid out for a table that much smaller.")
    reduced_motion: bool | None = Field(None, description="Cards move at once, with a short highlight, instead "
                                                          "of flying; None follows the system's preference.")
    look_for_tables: bool = Field(True, description="Join a table lists the tables announced on the local "
                                                    "network (zeroconf/mDNS); off: nothing is asked on the network, "
                                                    "the address and code are typed.")
    lesson_offered: bool = Field(False, description="The first start's offer of a guided first hand was made "
                                                    "(it is made once).")

    def bot_budgets(self) -> dict[str, float]:
        """The thinking time (seconds a move) the player chose for computer players, by level; the
        levels not named here think for their own default time (``make_bot(..., budget=...)``)."""
        return {"expert": self.expert_seconds}

    @field_validator("language")
    @classmethod
    def _language(cls, v: str | None) -> str | None:
        if v is None:
            return None
        lang = normalize_language(v)   # also reads older spellings: "id_ID", "jv_Java", "in"
        if lang is None:
            raise ValueError("not an interface language CekiDesk offers")
        return lang

    @field_validator("default_bot_level")
    @classmethod
    def _level(cls, v: str) -> str:
        level = canonical_level(v)   # CekiDesk 0.1 saved "random" and "heuristic"
        if level not in LEVELS:
            raise ValueError("not a level of the computer players")
        return level

    @field_validator("window_geometry")
    @classmethod
    def _base64(cls, v: str | None) -> str | None:
        if v is not None:
            try:
                base64.b64decode(v, validate=True)
            except (binascii.Error, ValueError):
                raise ValueError("not base64 text") from None
        return v


FIELDS = frozenset(Settings.model_fields)


# ---------------------------------------------------------------------------------------------

NoticeProblem = Literal["too_large", "not_a_file", "damaged", "invalid_values"]

# The sentences of the notices the window shows in its words (it has its own for "too_large" and
# "not_a_file"); translated with ``QCoreApplication.translate(NOTICE_CONTEXT, text)``.
NOTICE_CONTEXT = "SettingsNotice"
NOTICE_TEXTS: dict[str, str] = {
    "damaged": QT_TRANSLATE_NOOP("SettingsNotice", "Your settings file “{file}” is damaged and could not be "
                                                   "read, so CekiDesk starts with the default settings."),
    "invalid_values": QT_TRANSLATE_NOOP("SettingsNotice", "Some of the values in your settings file “{file}” "
                                                          "could not be read; they are back to their defaults."),
    "kept": QT_TRANSLATE_NOOP("SettingsNotice", "A copy of the file is kept as “{kept}” in {folder}."),
}


@dataclass(frozen=True)
class SettingsNotice:
    """The settings file could not be used (wholly or in part): ``problem`` is ``"too_large"`` or
    ``"not_a_file"`` (set aside unread), ``"damaged"`` (not readable settings at all: the defaults)
    or ``"invalid_values"`` (some values: their defaults); ``path`` the settings path, ``kept`` where
    the thing, or a copy of the damaged file, now is (None if it could not be moved or copied)."""

    problem: NoticeProblem
    path: Path
    kept: Path | None

    def message(self, translate: Translate = english) -> str:
        """The notice of a ``"damaged"`` or ``"invalid_values"`` file as the window shows it, in the
        words ``translate`` (``QCoreApplication.translate``) gives: one or two sentences."""
        text = translate(NOTICE_CONTEXT, NOTICE_TEXTS.get(self.problem, NOTICE_TEXTS["damaged"]))
        text = text.format(file=self.path.name)
        if self.kept is not None:
            text += " " + translate(NOTICE_CONTEXT, NOTICE_TEXTS["kept"]).format(
                kept=self.kept.name, folder=str(self.kept.parent))
        return text


def backup_name(path: Path) -> Path:
    """A name beside ``path`` that nothing has yet: ``settings.json.bad``, or with the time added (also
    where a damaged rule-set file is set aside)."""
    target = path.with_name(path.name + BACKUP_SUFFIX)
    if os.path.lexists(target):
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        base = target.with_name(f"{target.name}-{stamp}")
        target, n = base, 1
        while os.path.lexists(target):
            n += 1
            target = base.with_name(f"{base.name}-{n}")
    return target


def _backup(path: Path) -> Path | None:
    """Copy the damaged (small) file beside itself; return the backup's path (None if it failed)."""
    try:
        for old in sorted(path.parent.glob(path.name + BACKUP_SUFFIX + "*")):
            if old.is_file() and filecmp.cmp(old, path, shallow=False):
                return old  # already kept
        target = backup_name(path)
        shutil.copy2(path, target)
        return target
    except OSError as exc:
        log.warning("could not keep a copy of the damaged settings file %s: %s", path, exc)
        return None


def _damaged(path: Path, why: str) -> tuple[Settings, SettingsNotice]:
    kept = _backup(path)
    where = f"; a copy was kept as {kept.name}" if kept else ""
    log.warning("the settings file %s %s; using the default settings%s", path, why, where)
    return Settings(), SettingsNotice("damaged", path, kept)


def _set_aside(path: Path, problem: Literal["too_large", "not_a_file"], why: str) -> SettingsNotice:
    """Rename what is at ``path`` (a link itself, not what it points to) beside it: no copy, so it
    costs nothing whatever its size, and the next save writes a real settings file in its place."""
    backup = backup_name(path)
    target: Path | None = backup
    try:
        os.rename(path, backup)
    except OSError as exc:
        log.warning("could not move the settings file %s aside: %s", path, exc)
        target = None
    where = f"; it was renamed {target.name}" if target else ""
    log.warning("the settings file %s %s; using the default settings%s", path, why, where)
    return SettingsNotice(problem, path, target)


def load_settings(path: str | os.PathLike | None = None) -> Settings:
    """The settings stored at ``path`` (default: :func:`~cekidesk.persistence.paths.settings_path`).

    Never raises for a bad or missing file; see the module docstring for what happens instead.
    """
    return read_settings(path)[0]


def load_settings_and_notice(path: str | os.PathLike | None = None) -> tuple[Settings, SettingsNotice | None]:
    """:func:`load_settings`, and a :class:`SettingsNotice` if the file was set aside unread (the
    notices of damaged files and values come from :func:`read_settings`)."""
    settings, notice = read_settings(path)
    return settings, notice if notice is not None and notice.problem in ("too_large", "not_a_file") else None


def read_settings(path: str | os.PathLike | None = None) -> tuple[Settings, SettingsNotice | None]:
    """:func:`load_settings`, and a :class:`SettingsNotice` for every file that could not be used
    as it is: set aside unread, damaged (the defaults) or with values that fell back to their
    defaults — what the window tells the player once (:meth:`SettingsNotice.message`)."""
    p = Path(path) if path is not None else settings_path()
    try:
        data = read_regular_file(p, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), None
    except FileTooLargeError as exc:
        return Settings(), _set_aside(p, "too_large", f"is too large ({exc.size} bytes)")
    except NotAFileError:
        return Settings(), _set_aside(p, "not_a_file", "is not an ordinary file")
    except OSError as exc:
        log.warning("the settings file %s cannot be read (%s); using the default settings", p, exc)
        return Settings(), None
    return _parse(p, data)


def _parse(p: Path, data: bytes) -> tuple[Settings, SettingsNotice | None]:
    """The settings in ``data``, the contents of the file ``p`` (see the module docstring)."""
    try:
        raw = loads_bounded(data)
    except UnicodeDecodeError:
        return _damaged(p, "is not UTF-8 text")
    except ValueError:   # not JSON; nested too deep, a number out of range, NaN (bounded reading)
        return _damaged(p, "is not readable JSON")
    if not isinstance(raw, dict):
        return _damaged(p, "does not hold a JSON object")

    unknown = sorted(str(k) for k in raw if k not in FIELDS)
    if unknown:
        log.warning("the settings file %s has entries this version does not know, ignored: %s",
                    p, ", ".join(unknown[:20]))
    version = raw.get("schema_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SETTINGS_SCHEMA_VERSION:
        log.warning("the settings file %s was written by a newer CekiDesk (settings version %s); "
                    "reading the settings this version knows", p, version)

    if (isinstance(version, int) and not isinstance(version, bool) and version < 2
            and raw.get("language") == "en"):
        raw = {k: v for k, v in raw.items() if k != "language"}   # see SETTINGS_SCHEMA_VERSION
        log.info("settings version %s: the interface language now follows the system", version)

    good: dict[str, JsonValue] = {}
    bad: list[str] = []
    for name in sorted(FIELDS & raw.keys()):
        if name == "schema_version":
            if not (isinstance(version, int) and not isinstance(version, bool) and version >= 1):
                bad.append(name)
            continue  # the loaded settings are always of this version
        try:
            Settings.model_validate({name: raw[name]}, strict=True)
        except ValidationError:
            bad.append(name)
        else:
            good[name] = raw[name]
    settings = Settings.model_validate(good, strict=True)
    if not bad:
        return settings, None
    kept = _backup(p)
    where = f"; a copy of the file was kept as {kept.name}" if kept else ""
    log.warning("the settings file %s has invalid values for %s; using their defaults%s",
                p, ", ".join(bad), where)
    return settings, SettingsNotice("invalid_values", p, kept)


def save_settings(settings: Settings, path: str | os.PathLike | None = None) -> Path:
    """Write ``settings`` to ``path`` (default: the settings path) atomically, creating the folder
    if needed.  Returns the path written.  Raises ``OSError`` if it cannot be written (the old file
    is then unchanged)."""
    if not isinstance(settings, Settings):
        raise TypeError(f"save_settings needs Settings, not {type(settings).__name__}")
    p = Path(path) if path is not None else settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    text = settings.model_copy(update={"schema_version": SETTINGS_SCHEMA_VERSION}).model_dump_json(indent=2)
    atomic_write_text(p, text + "\n")
    return p
