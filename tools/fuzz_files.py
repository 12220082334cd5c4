"""Hostile files against CekiDesk's loaders: saves, settings, statistics and Ce Pe rule sets.

Real files of each kind (saves of played matches, settings, a filled statistics file, the published
rule sets) are mutated — a value somewhere replaced by a huge or non-finite number, a deep nesting,
a blank or control-character string, a wrong type, an empty list, a key taken out or added; bytes
flipped, cut, inserted; another encoding — and read by the loader the app uses.  Each file must end
in one of the two expected outcomes: a clean load, or the typed refusal of its kind (a
``SaveFileError`` with a player's sentence, settings falling back to defaults with a notice, a
statistics file set aside, a ``RuleFileError``).  Anything else — another exception, a statistics
total Qt cannot count, a refusal worded in Python terms — is an unexpected outcome.

    python3 tools/fuzz_files.py [--count 5000] [--seed 1] [--window 200]

``--window N`` also opens the first N hostile saves (Open) and statistics files (the Statistics
window) in the real window, offscreen.  The tests (``tests/test_hostile_files.py``) run the same
mutations with hypothesis, a few dozen examples each.
"""
from __future__ import annotations

import argparse
import json
import logging
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cekidesk.games import games, new_match  # noqa: E402
from cekidesk.games.ce_pe.ruleset import PRESETS, RuleFileError, preset, rules_to_json  # noqa: E402
from cekidesk.persistence.rulesets import list_rule_sets, read_rule_file  # noqa: E402
from cekidesk.persistence.saves import SaveFileError, Seat, document_to_bytes, load_match, match_to_document  # noqa: E402
from cekidesk.persistence.settings import Settings  # noqa: E402

try:
    from cekidesk.persistence.settings import read_settings
except ImportError:   # (a CekiDesk before issue 33, to compare: its settings gave no notice when damaged)
    from cekidesk.persistence.settings import load_settings_and_notice as read_settings
from cekidesk.persistence.statistics import StatisticsStore  # noqa: E402

KINDS = ("save", "settings", "statistics", "rules")
FILE_NAMES = {"save": "fuzzed.cekisave", "settings": "settings.json", "statistics": "statistics.json",
              "rules": "fuzzed.cepe.json"}
#: words that must never reach a player's message
JARGON = ("Traceback", "Error", "Exception", "pydantic", "NoneType", "[type=", "should have", "Input should",
          "validation error", "Field required", "Extra inputs", "Value error", "errors.pydantic.dev")
C_INT_MAX = 2**31 - 1


# ---------------------------------------------------------------------------------------------
# real files to start from

def played_save(game_id: str, n: int, seed: int, actions: int, hands: int = 0,
                match_options: dict[str, object] | None = None) -> bytes:
    """The save file of a real match: ``hands`` finished hands, then ``actions`` random legal moves
    (also the starting points of ``tests/test_save_fuzz.py``)."""
    m = new_match(game_id, n, seed, None, match_options or {"mode": "money", "stake_cents": 5})
    rng = random.Random(seed)
    while len(m.history) < hands:
        if m.hand_over():
            m.next_hand()
        m.apply(rng.choice(m.state.all_legal_actions()))
    if hands and actions:
        m.next_hand()
    for _ in range(actions):
        if m.hand_over():
            break
        m.apply(rng.choice(m.state.all_legal_actions()))
    seats = [Seat.human("You")] + [Seat.bot("normal" if i % 2 else "beginner", f"Bot {i}") for i in range(1, n)]
    return document_to_bytes(match_to_document(m, seats))


def _statistics_file() -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        store = StatisticsStore(Path(folder) / "statistics.json")
        rng = random.Random(3)
        for spec in games()[:4]:
            kinds = spec.win_kinds or ("win",)
            for k in range(3):
                m = store.new_match(spec.id, rng.choice(("beginner", "normal", "mixed")), k % 2 == 0, f"{k:016x}")
                for i in range(3):
                    won = rng.random() < 0.5
                    store.record(m, i, won, rng.choice(kinds) if won else None, rng.randrange(-50, 200),
                                 rng.randrange(-500, 2000), i == 1, "0" * 16, i == 2, won)
        store._folded("ceki", "normal").add_hand(store.doc.matches[0].hands[0], True)
        return store.doc.model_dump_json().encode()


@cache
def bases() -> dict[str, tuple[bytes, ...]]:
    """Good files of each kind, as the app writes them."""
    return {
        "save": (played_save("ceki", 3, 41, 7), played_save("ceki", 4, 42, 5, hands=1),
                 played_save("pei", 3, 45, 6), played_save("balik-satu", 4, 47, 6),
                 played_save("ce-pe", 3, 48, 5)),
        "settings": (Settings().model_dump_json(indent=2).encode(),
                     Settings(language="jv", bot_pace_ms=100, card_names="both", currency="cents",
                              window_geometry="AAAA").model_dump_json().encode()),
        "statistics": (_statistics_file(),),
        "rules": tuple(rules_to_json(preset(p)).encode() for p in PRESETS),
    }


# ---------------------------------------------------------------------------------------------
# mutations: (rng, good file) -> hostile file

HOSTILE_VALUES: tuple[object, ...] = (
    2**31, -(2**31) - 1, 2**31 - 1, 10**9, -(10**9), 10**12, 10**15, 2**63, 2**64, -(2**64), 10**30, 0, -1, 1.5,
    1e308, "", " ", "\u0000", "\u202e", "x" * 5000,
    None, True, [], {}, [[]], {"": None}, "9999-12-31T23:59:59+14:00", "0001-01-01T00:00:00-14:00")
RAW_VALUES = ("1" + "0" * 400, "-1" + "0" * 30, "1e400", "-1e400", "NaN", "Infinity", "[" * 5000 + "]" * 5000,
              "{\"a\":" * 3000 + "1" + "}" * 3000, "1e-400", "\"\\ud800\"", "123456789012345678901")


def _nodes(value: object, path: tuple = ()) -> list[tuple]:
    """Every place in a JSON value, as the path of keys and indices leading to it."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:50]):
            out += _nodes(v, path + (i,))
    return out


def _set(doc: object, path: tuple, value: object) -> object:
    if not path:
        return value
    parent: object = doc
    for step in path[:-1]:
        parent = parent[step]  # type: ignore[index]
    parent[path[-1]] = value  # type: ignore[index]
    return doc


def _replace_value(rng: random.Random, data: bytes) -> bytes:
    doc = json.loads(data)
    for _ in range(rng.randint(1, 3)):
        doc = _set(doc, rng.choice(_nodes(doc)), rng.choice(HOSTILE_VALUES))
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode()


MARK = "\u2063@@RAW@@\u2063"


def _raw_value(rng: random.Random, data: bytes) -> bytes:
    """A value written as JSON text no ``json.dumps`` makes: 10**400, 1e400, NaN, 5,000 brackets deep."""
    doc = json.loads(data)
    places = [p for p in _nodes(doc) if p]
    doc = _set(doc, rng.choice(places), MARK)
    return json.dumps(doc).replace(json.dumps(MARK), rng.choice(RAW_VALUES), 1).encode()


def _drop_or_add_key(rng: random.Random, data: bytes) -> bytes:
    doc = json.loads(data)
    dicts = [p for p in _nodes(doc) if isinstance(_get(doc, p), dict)]
    target = _get(doc, rng.choice(dicts))
    assert isinstance(target, dict)
    if target and rng.random() < 0.6:
        del target[rng.choice(list(target))]
    else:
        target[rng.choice(("cheat", "__class__", "", "x" * 300))] = rng.choice(HOSTILE_VALUES)
    return json.dumps(doc).encode()


def _get(doc: object, path: tuple) -> object:
    for step in path:
        doc = doc[step]  # type: ignore[index]
    return doc


def _empty_lists(rng: random.Random, data: bytes) -> bytes:
    doc = json.loads(data)
    lists = [p for p in _nodes(doc) if isinstance(_get(doc, p), list)]
    if lists:
        doc = _set(doc, rng.choice(lists), [] if rng.random() < 0.7 else [[]] * rng.randint(2, 20))
    return json.dumps(doc).encode()


def _bytes_flipped(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)


def _cut(rng: random.Random, data: bytes) -> bytes:
    return data[:rng.randrange(len(data))]


def _inserted(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    junk = rng.choice((b"[" * 5000, b"{" * 2000, b"\x00\x00", b"\xef\xbb\xbf", rng.randbytes(rng.randint(1, 64)),
                       b"9" * 400, b"-", b"\"", b"\\"))
    return data[:at] + junk + data[at:]


def _whole(rng: random.Random, data: bytes) -> bytes:
    """A file that is something else entirely."""
    return rng.choice((b"", b" \n", b"[" * 5000 + b"]" * 5000, b"[" * 100_000, b"1" * 5000, b"null", b"[]", b"{}",
                       data.decode("utf-8", "replace").encode("utf-16"), b"\xef\xbb\xbf" + data,
                       data.replace(b"\"", b"'"), rng.randbytes(2000), b"{\"a\":" * 4000 + b"1" + b"}" * 4000))


MUTATORS: dict[str, Callable[[random.Random, bytes], bytes]] = {
    "value": _replace_value, "raw": _raw_value, "key": _drop_or_add_key, "lists": _empty_lists,
    "flip": _bytes_flipped, "cut": _cut, "insert": _inserted, "whole": _whole,
}


def hostile(kind: str, mutator: str, seed: int) -> bytes:
    """One hostile file of ``kind``: a good one, mutated by ``mutator`` once or twice."""
    rng = random.Random(seed)
    data = rng.choice(bases()[kind])
    for _ in range(rng.choice((1, 1, 1, 2))):
        try:
            data = MUTATORS[mutator](rng, data)
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):   # (a mutation made it unparseable)
            data = _bytes_flipped(rng, data) if data else b"{"
    return data


# ---------------------------------------------------------------------------------------------
# the loaders, and what counts as expected

class Unexpected(AssertionError):
    """An outcome that is neither a clean load nor the kind's typed refusal."""


def player_sentence(text: str) -> None:
    """Raise :class:`Unexpected` unless ``text`` is a sentence for a player."""
    if not (text[:1].isupper() and text.rstrip().endswith(".") and len(text) < 600):
        raise Unexpected(f"not a sentence: {text!r}")
    for word in JARGON:
        if word in text:
            raise Unexpected(f"{word!r} in {text!r}")


def _load_save(path: Path) -> str:
    try:
        load_match(path)
    except SaveFileError as exc:
        player_sentence(str(exc))
        if exc.words is None or exc.translated(lambda _context, text: text) != str(exc):
            raise Unexpected(f"a refusal without its words in the player's language: {exc}") from None
        return f"refused: {exc.reason}"
    return "loaded"


def _load_settings(path: Path) -> str:
    settings, notice = read_settings(path)
    if not isinstance(settings, Settings):
        raise Unexpected(f"not settings: {settings!r}")
    if notice is not None:
        if notice.problem in ("damaged", "invalid_values"):
            player_sentence(notice.message())
        return f"defaults: {notice.problem}"
    return "loaded"


def _load_statistics(path: Path) -> str:
    store = StatisticsStore(path)
    for game in store.games():
        for level in [None, *store.levels(game)]:
            t = store.totals(game, level)
            counts = (t.matches, t.hands, t.hands_won, t.hands_undone, t.streak, t.longest, *t.kinds.values(),
                      *(len(m.hands) for m in store.matches_of(game, level)))
            if max(counts, default=0) > C_INT_MAX or (t.best is not None and abs(t.best.points) > C_INT_MAX):
                raise Unexpected(f"a total Qt cannot count: {t!r}")
    return f"set aside: {store.notice.problem}" if store.notice else "loaded"


def _load_rules(path: Path) -> str:
    try:
        read_rule_file(path)
        outcome = "loaded"
    except RuleFileError as exc:
        outcome = f"refused: {exc.code}"
    found, notices = list_rule_sets(path.parent)   # New Game and the editor: the file set aside
    if (outcome == "loaded") != bool(found) or (outcome != "loaded") != bool(notices):
        raise Unexpected(f"the folder disagrees with the file: {found} {notices}")
    return outcome


LOADERS: dict[str, Callable[[Path], str]] = {"save": _load_save, "settings": _load_settings,
                                             "statistics": _load_statistics, "rules": _load_rules}


def outcome(kind: str, data: bytes) -> str:
    """Write ``data`` as a file of ``kind`` in a fresh folder and load it: the outcome's name.
    Raises :class:`Unexpected` (or whatever escaped the loader) for an unexpected outcome."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / FILE_NAMES[kind]
        path.write_bytes(data)
        return LOADERS[kind](path)


# ---------------------------------------------------------------------------------------------
# the big run

def run_kind(kind: str, count: int, seed: int) -> tuple[Counter, list[str], float]:
    """``count`` hostile files of ``kind``: the outcomes counted, the unexpected ones described."""
    outcomes: Counter = Counter()
    unexpected: list[str] = []
    names = sorted(MUTATORS)
    start = time.perf_counter()
    for i in range(count):
        mutator = names[i % len(names)]
        file_seed = seed * 1_000_003 + i
        try:
            outcomes[outcome(kind, hostile(kind, mutator, file_seed))] += 1
        except Exception as exc:   # noqa: BLE001 (everything counts, and the run goes on)
            outcomes["UNEXPECTED"] += 1
            unexpected.append(f"{kind} {mutator} seed {file_seed}: {type(exc).__name__}: {str(exc)[:200]}")
    return outcomes, unexpected, time.perf_counter() - start


def run_window(count: int, seed: int) -> int:
    """Open ``count`` hostile saves (Game ▸ Open) and statistics files (the Statistics window) in the
    real window, offscreen: each must end in a message box or an opened game / a shown window, never
    in an exception.  Returns the number of unexpected outcomes."""
    import os
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QMessageBox

    from cekidesk.persistence import paths
    from cekidesk.ui.app import guard_none_refcount
    from cekidesk.ui.main_window import MainWindow
    from cekidesk.ui.window.statistics_window import StatisticsDialog

    guard_none_refcount()
    app = QApplication.instance() or QApplication([])
    told: list[str] = []

    def box(parent: object, title: str, text: str, *args: object, **kwargs: object) -> QMessageBox.StandardButton:
        told.append(text)
        return QMessageBox.StandardButton.No

    for kind in ("warning", "critical", "information", "question"):
        setattr(QMessageBox, kind, staticmethod(box))
    outcomes: Counter = Counter()
    bad: list[str] = []
    with tempfile.TemporaryDirectory() as root:
        paths.use_root(Path(root))
        window = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
        for i in range(count):
            for kind in ("save", "statistics"):
                data = hostile(kind, sorted(MUTATORS)[i % len(MUTATORS)], seed * 1_000_003 + i)
                path = Path(root) / FILE_NAMES[kind]
                path.write_bytes(data)
                told.clear()
                try:
                    if kind == "save":
                        opened = window.open_file(path)
                        if not opened and len(told) != 1:
                            raise Unexpected(f"refused with {len(told)} messages")
                        outcomes["save " + ("opened" if opened else "refused")] += 1
                    else:
                        dialog = StatisticsDialog(StatisticsStore(path), None, window)
                        for g in range(dialog.game_box.count()):
                            dialog.game_box.setCurrentIndex(g)
                        dialog.grab()
                        dialog.deleteLater()
                        outcomes["statistics shown"] += 1
                    app.processEvents()
                except Exception as exc:   # noqa: BLE001
                    bad.append(f"window {kind} seed {seed * 1_000_003 + i}: {type(exc).__name__}: {str(exc)[:200]}")
        window.close()
        paths.use_root(None)
    print(f"window     {count:6} saves and statistics files: "
          + ", ".join(f"{k} {n}" for k, n in sorted(outcomes.items())), flush=True)
    for line in bad[:20]:
        print("   ", line)
    return len(bad)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=5000, help="files of each kind (default 5000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--window", type=int, default=0, help="also open this many saves and statistics files in "
                                                          "the real window (offscreen)")
    args = ap.parse_args()
    logging.disable(logging.WARNING)   # every refusal logs a line: only the figures are wanted
    bad = 0
    for kind in args.kinds.split(","):
        outcomes, unexpected, seconds = run_kind(kind, args.count, args.seed)
        bad += len(unexpected)
        kinds: Counter = Counter()
        for name, n in outcomes.items():
            kinds[name.split(":")[0]] += n
        shown = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
        print(f"{kind:10} {args.count:6} files in {seconds:6.1f} s: {shown}", flush=True)
        print(" " * 11 + "; ".join(f"{k.split(': ')[-1]} {n}" for k, n in outcomes.most_common() if ":" in k),
              flush=True)
        for line in unexpected[:20]:
            print("   ", line)
    if args.window:
        bad += run_window(args.window, args.seed)
    print("unexpected outcomes:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
