"""The player's saved rule sets: one small file each in the game's folder of the user data folder
(no Qt).  A game that has rule-set files gives their format (``Game.rule_set_format``: the files'
ending, folder, largest size, reader and writer); nothing here names a game.  Every function takes
the game's id; without one it works with the one registered game that has rule sets (Ce Pe).

A rule set is written exactly as a rule-set file is exported (the format's ``write``, atomically), so
a saved set can be shared by copying its file and an exported one can be dropped into the folder.
What can go wrong never costs the player anything:

* a damaged or foreign file in the folder (too large, not a file, not JSON, not a rule set, rules
  that break a bound or cannot be played) is reported once, in a :class:`RuleSetNotice`, and renamed
  aside (``<file>.bad``, or with the time added, as a bad settings file), never overwritten;
* a file written by a newer CekiDesk is reported and left where it is (that CekiDesk can read it);
* saving under a name that a saved set already has raises :class:`RuleSetExists` unless the caller
  says to replace it (the window asks first); a new set gets a file name nothing has;
* importing a file that is not a good rule set raises :class:`RuleFileError` and changes nothing.
"""
from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cekidesk.engine.game import RuleFileError, RuleSetFormat
from cekidesk.games import games, get_game

from .atomic import atomic_write_text
from .files import FileTooLargeError, JsonBoundsError, NotAFileError, loads_bounded, read_regular_file
from .paths import data_dir
from .settings import backup_name

log = logging.getLogger(__name__)

#: a game's options, as its rule-set format reads and writes them (the game's own options model: the
#: caller, the game's own window package, knows which)
Rules = Any


def rule_set_format(game_id: str | None = None) -> RuleSetFormat[Rules]:
    """The rule-set format of ``game_id`` (None: of the one registered game that has rule sets).
    Raises ``ValueError`` for a game without rule sets."""
    if game_id is not None:
        fmt = get_game(game_id).rule_set_format()
        if fmt is None:
            raise ValueError(f"{game_id} has no rule-set files")
        return fmt
    found = [fmt for g in games() if (fmt := g.rule_set_format()) is not None]
    if len(found) != 1:
        raise ValueError(f"{len(found)} games have rule-set files: name the game")
    return found[0]


def __getattr__(name: str) -> str:
    # RULES_EXTENSION and RULES_FOLDER: the ending and folder of the files of the game with rule sets
    if name == "RULES_EXTENSION":
        return rule_set_format().extension
    if name == "RULES_FOLDER":
        return rule_set_format().folder
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def rules_dir(game_id: str | None = None) -> Path:
    """The folder of the player's saved rule sets (of ``game_id``)."""
    return data_dir() / rule_set_format(game_id).folder


@dataclass(frozen=True)
class SavedRuleSet:
    """A rule set in the folder: its file and its rules (``rules.name`` is what the player calls it)."""

    path: Path
    rules: Rules
    #: what the player calls the set (the format's ``name`` of the rules)
    name: str = ""


@dataclass(frozen=True)
class RuleSetNotice:
    """A file in the folder that could not be used: ``error`` says why (its ``code``: a
    :class:`RuleFileError` code, ``not_a_file`` or ``unreadable``), ``kept`` where it is now (None:
    left in place — a newer CekiDesk's file — or it could not be moved)."""

    path: Path
    error: RuleFileError
    kept: Path | None


class RuleSetExists(Exception):
    """A saved rule set already has this name (``existing``: it)."""

    def __init__(self, existing: SavedRuleSet):
        super().__init__(existing.name)
        self.existing = existing


def read_rule_file(path: str | os.PathLike[str], game_id: str | None = None) -> Rules:
    """The rule set in the file at ``path`` (an import, or a saved set).  Raises
    :class:`RuleFileError`: ``too_big``, ``not_a_file``, ``unreadable``, ``not_json`` (also: nested
    too deep), ``invalid`` (also: a number out of range; a blank name) or a code of the format's
    ``read`` — nothing else."""
    fmt = rule_set_format(game_id)
    try:
        data = read_regular_file(path, fmt.max_bytes)
    except FileTooLargeError as exc:
        raise RuleFileError("too_big", exc.size) from None
    except NotAFileError:
        raise RuleFileError("not_a_file") from None
    except OSError as exc:
        raise RuleFileError("unreadable", exc.strerror or str(exc)) from None
    return _bounded_rules(data, fmt)


def _bounded_rules(data: bytes, fmt: RuleSetFormat[Rules]) -> Rules:
    """The rules of a file's bytes, read by the bounded reader first (no ``RecursionError``, no
    huge number: a refusal), and with a name that says something (not blank, printable)."""
    try:
        loads_bounded(data)
    except JsonBoundsError as exc:
        if exc.problem == "number" and exc.key:
            raise RuleFileError("invalid", exc.key) from None
        raise RuleFileError("not_json") from None
    except ValueError:
        raise RuleFileError("not_json") from None
    try:
        rules = fmt.read(data)
    except RuleFileError:
        raise
    except Exception as exc:   # a hostile file must not escape as anything but a refusal
        log.warning("a rule-set file could not be read: %r", exc)
        raise RuleFileError("not_rules") from None
    name = fmt.name(rules)
    if not name.strip() or not name.isprintable():
        raise RuleFileError("invalid", "name")
    return rules


def write_rule_file(rules: Rules, path: str | os.PathLike[str], game_id: str | None = None) -> Path:
    """Write ``rules`` to ``path`` as a rule-set file, atomically (an export; the folder must exist).
    Raises ``OSError`` with any old file intact."""
    p = Path(path)
    atomic_write_text(p, rule_set_format(game_id).write(rules))
    return p


def _set_aside(path: Path, error: RuleFileError) -> RuleSetNotice:
    kept: Path | None = None
    if error.code != "newer":
        target = backup_name(path)
        try:
            os.rename(path, target)
            kept = target
        except OSError as exc:
            log.warning("could not move the rule-set file %s aside: %s", path, exc)
    log.warning("the rule-set file %s cannot be used (%s)%s", path, error,
                f"; it was renamed {kept.name}" if kept else "")
    return RuleSetNotice(path, error, kept)


def list_rule_sets(folder: Path | None = None,
                   game_id: str | None = None) -> tuple[list[SavedRuleSet], list[RuleSetNotice]]:
    """The saved rule sets, by name, and a notice for each file that could not be used (set aside;
    see the module docstring).  Never raises: a missing or unreadable folder holds nothing."""
    folder = rules_dir(game_id) if folder is None else folder
    extension = rule_set_format(game_id).extension
    try:
        paths = sorted(p for p in folder.iterdir() if p.name.lower().endswith(extension))
    except OSError:
        return [], []
    found: list[SavedRuleSet] = []
    notices: list[RuleSetNotice] = []
    for p in paths:
        try:
            rules = read_rule_file(p, game_id)
            found.append(SavedRuleSet(p, rules, rule_set_format(game_id).name(rules)))
        except RuleFileError as exc:
            notices.append(_set_aside(p, exc))
    found.sort(key=lambda s: (s.name.casefold(), s.path.name))
    return found, notices


def _same_name(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def _file_stem(name: str) -> str:
    """A file name for a rule set's name: its letters and digits (any script), the rest as dashes."""
    stem = re.sub(r"[^\w]+", "-", name, flags=re.UNICODE).strip("-_").lower()
    return stem[:40] or "rules"


def _free_path(folder: Path, name: str, extension: str) -> Path:
    stem = _file_stem(name)
    path, n = folder / (stem + extension), 1
    while os.path.lexists(path):
        n += 1
        path = folder / f"{stem}-{n}{extension}"
    return path


def save_rule_set(rules: Rules, replace: bool = False, folder: Path | None = None,
                  game_id: str | None = None) -> SavedRuleSet:
    """Save ``rules`` under its name.  A saved set of that name (spaces and case aside) raises
    :class:`RuleSetExists` unless ``replace``, which writes over that set's own file.  Raises
    ``OSError`` when the folder or the file cannot be written (nothing is changed then)."""
    folder = rules_dir(game_id) if folder is None else folder
    folder.mkdir(parents=True, exist_ok=True)
    fmt = rule_set_format(game_id)
    name = fmt.name(rules)
    existing = next((s for s in list_rule_sets(folder, game_id)[0] if _same_name(s.name, name)), None)
    if existing is not None and not replace:
        raise RuleSetExists(existing)
    path = existing.path if existing is not None else _free_path(folder, name, fmt.extension)
    return SavedRuleSet(write_rule_file(rules, path, game_id), rules, name)


def delete_rule_set(saved: SavedRuleSet) -> None:
    """Remove a saved rule set's file.  Raises ``OSError`` if it cannot be removed."""
    os.remove(saved.path)


__all__ = ["RuleFileError", "RuleSetExists", "RuleSetNotice", "SavedRuleSet", "delete_rule_set", "list_rule_sets",
           "read_rule_file", "rule_set_format", "rules_dir", "save_rule_set", "write_rule_file"]
