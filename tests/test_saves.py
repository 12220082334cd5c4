"""Save files: round trips, the document's fields, atomic writing and every kind of bad file."""
from __future__ import annotations

import json
import os
import random
import stat
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import cekidesk
from cekidesk.games import new_match as games_new_match
from cekidesk.engine.core import Action, GameOverError
from cekidesk.engine.match import Match
from cekidesk.games.ceki.rules import max_hand_actions
from cekidesk.persistence import atomic, paths, saves
from cekidesk.persistence.files import clean_stale_temp_files
from cekidesk.persistence import (
    SaveDocument,
    SaveFileError,
    Seat,
    atomic_write_bytes,
    document_to_match,
    load_autosave,
    load_match,
    match_to_document,
    remove_autosave,
    save_autosave,
    save_match,
)

from helpers import play_actions, play_hands, seats_for, step
from waiting import finishes

# ---------------------------------------------------------------------------------------------
# helpers


@pytest.fixture
def folder(tmp_path) -> Path:
    """An empty folder of its own (conftest puts the redirected home folder in tmp_path)."""
    d = tmp_path / "files"
    d.mkdir()
    return d


def new_match(n: int = 4, seed: int = 11, **kw) -> Match:
    return games_new_match("ceki", n, seed, **kw)


def assert_same_match(a: Match, b: Match) -> None:
    assert b.spec.id == a.spec.id
    assert b.n_players == a.n_players
    assert b.seed == a.seed
    assert b.options == a.options
    assert b.match_options == a.match_options
    assert b.scores == a.scores
    assert b.ledger == a.ledger
    assert b.history == a.history
    assert b.logs == a.logs
    assert b.hand_index == a.hand_index
    assert b.dealer == a.dealer
    assert b.hand_seed == a.hand_seed
    assert b.hand_over() == a.hand_over()
    assert b.is_over() == a.is_over()
    assert b.rng.getstate() == a.rng.getstate()
    assert b.state.rng.getstate() == a.state.rng.getstate()
    for p in range(a.n_players):
        assert b.state.view(p) == a.state.view(p)


def round_trip_file(tmp_path: Path, match: Match, seats=None) -> saves.LoadedGame:
    seats = seats if seats is not None else seats_for(match.n_players)
    path = tmp_path / "game.cekisave"
    save_match(path, match, seats)
    return load_match(path)


def round_trip_memory(match: Match) -> Match:
    doc = match_to_document(match, seats_for(match.n_players))
    text = saves.document_to_bytes(doc).decode("utf-8")
    return document_to_match(saves.parse_document(text))


# ---------------------------------------------------------------------------------------------
# round trips


def test_fresh_match_round_trips(tmp_path):
    m = new_match()
    loaded = round_trip_file(tmp_path, m)
    assert_same_match(m, loaded.match)
    assert loaded.match.logs == [[]]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_mid_hand_round_trips(tmp_path, n):
    m = new_match(n, seed=100 + n)
    play_actions(m, random.Random(n), 37)
    assert not m.hand_over() and m.logs[-1]
    loaded = round_trip_file(tmp_path, m)
    assert_same_match(m, loaded.match)
    assert loaded.seats == tuple(seats_for(n))


def test_round_trip_right_after_a_draw_action(tmp_path):
    """Saved in the middle of a turn: the player has drawn and must still discard."""
    m = new_match(3, seed=5)
    rng = random.Random(9)
    while True:
        play_actions(m, rng, 1)
        if m.logs[-1] and m.logs[-1][-1].verb in ("draw", "take") and not m.hand_over():
            break
    loaded = round_trip_file(tmp_path, m)
    assert loaded.match.state.phase == "discard"
    assert_same_match(m, loaded.match)


def test_between_hands_round_trips(tmp_path):
    """Saved when a hand has just ended (before next_hand), and again after next_hand."""
    m = new_match(4, seed=3)
    play_hands(m, random.Random(3), 1)
    assert m.hand_over() and len(m.history) == 1
    loaded = round_trip_file(tmp_path, m)
    assert_same_match(m, loaded.match)
    # both can go on to the same next hand
    m.next_hand()
    loaded.match.next_hand()
    assert_same_match(m, loaded.match)
    # saved with the new hand started but no action yet
    assert m.logs[-1] == []
    again = round_trip_file(tmp_path, m)
    assert_same_match(m, again.match)


def test_several_hands_round_trip_and_play_on_identically(tmp_path):
    m = new_match(4, seed=2024, match_options={"stake_cents": 25})
    rng = random.Random(1)
    play_hands(m, rng, 5)
    play_actions(m, rng, 60)
    assert len(m.history) >= 5 and any(m.ledger)
    loaded = round_trip_file(tmp_path, m).match
    assert_same_match(m, loaded)
    # the same moves from here on give the same match
    r1, r2 = random.Random(77), random.Random(77)
    for _ in range(400):
        more1, more2 = step(m, r1), step(loaded, r2)
        assert more1 == more2
    assert_same_match(m, loaded)


def test_options_and_match_modes_round_trip(tmp_path):
    m = new_match(5, seed=8, options={"iyo_one_rank": True},
                  match_options={"mode": "hands", "hands": 2, "stake_cents": 10})
    play_hands(m, random.Random(8), 2)
    assert m.is_over()
    loaded = round_trip_file(tmp_path, m).match
    assert_same_match(m, loaded)
    assert loaded.options.iyo_one_rank is True
    assert loaded.match_options.mode == "hands"
    with pytest.raises(GameOverError):
        loaded.next_hand()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), n=st.integers(2, 6), hands=st.integers(0, 3),
       extra=st.integers(0, 250), play_seed=st.integers(0, 2**32),
       stake=st.integers(0, 100), iyo=st.booleans())
def test_property_save_load_is_identical(seed, n, hands, extra, play_seed, stake, iyo):
    """Random seeds, player counts, options and lengths: whole hands, then part of one more."""
    m = new_match(n, seed=seed, options={"iyo_one_rank": iyo}, match_options={"stake_cents": stake})
    rng = random.Random(play_seed)
    play_hands(m, rng, hands)
    play_actions(m, rng, extra)
    event(f"hands in the log: {len(m.logs)}")
    assert_same_match(m, round_trip_memory(m))


# ---------------------------------------------------------------------------------------------
# the document


def test_saved_json_fields(tmp_path):
    m = new_match(4, seed=42, match_options={"stake_cents": 5})
    rng = random.Random(4)
    play_hands(m, rng, 2)
    m.next_hand()
    play_actions(m, rng, 11)
    seats = [Seat.human("Sari"), Seat.bot("normal", "Pak Budi"), Seat.bot("beginner", "Bu Wati"),
             Seat.bot("expert", "ꦱꦸꦠꦺꦴ")]
    path = tmp_path / "game.cekisave"
    returned = save_match(path, m, seats)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert set(raw) == {"format", "schema_version", "app_version", "saved_at", "game", "options",
                        "match_options", "seats", "seed", "log", "ledger", "undo_allowed", "undone_hands",
                        "start", "records"}
    assert raw["format"] == "cekidesk-save"
    assert raw["schema_version"] == 4
    assert len(raw["records"]) == 2 and len(raw["start"]["rng"]) == 625
    assert raw["undo_allowed"] is False and raw["undone_hands"] == []   # a money match: no undo
    assert raw["app_version"] == cekidesk.__version__
    datetime.fromisoformat(raw["saved_at"].replace("Z", "+00:00"))
    assert raw["game"] == "ceki"
    assert raw["options"] == {"iyo_one_rank": False}
    assert raw["match_options"] == {"mode": "money", "stake_cents": 5, "target": 200, "hands": 8}
    assert raw["seats"] == [
        {"kind": "human", "level": None, "name": "Sari"},
        {"kind": "bot", "level": "normal", "name": "Pak Budi"},
        {"kind": "bot", "level": "beginner", "name": "Bu Wati"},
        {"kind": "bot", "level": "expert", "name": "ꦱꦸꦠꦺꦴ"},
    ]
    assert raw["seed"] == 42
    assert raw["log"] == [[str(a) for a in hand] for hand in m.logs]
    assert len(raw["log"]) == 3 and len(raw["log"][-1]) == 11
    assert all(isinstance(a, str) for hand in raw["log"] for a in hand)
    assert raw["ledger"] == {"scores": m.scores, "cents": m.ledger, "hands_finished": 2, "pot": 0}
    # every action string reads back as the same action
    for hand, actions in zip(raw["log"], m.logs):
        assert [Action.parse(t) for t in hand] == actions
    # the document returned is the document read back
    assert saves.load_document(path) == returned
    assert path.suffix == paths.SAVE_EXTENSION == ".cekisave"


def test_seats_must_fit_the_match(tmp_path):
    m = new_match(4)
    with pytest.raises(ValueError):
        save_match(tmp_path / "x.cekisave", m, seats_for(3))
    assert not (tmp_path / "x.cekisave").exists()
    with pytest.raises(ValueError):
        Seat(kind="bot", name="No level")
    with pytest.raises(ValueError):
        Seat(kind="human", level="beginner", name="Sari")
    with pytest.raises(ValueError):
        Seat.human("x" * 41)
    with pytest.raises(ValueError):
        Seat.human("   ")


def test_seats_may_be_given_as_dicts(tmp_path):
    m = new_match(2)
    loaded = round_trip_file(tmp_path, m, [{"kind": "human", "name": "A"},
                                           {"kind": "bot", "level": "hard", "name": "B"}])
    assert loaded.seats == (Seat.human("A"), Seat.bot("hard", "B"))


@pytest.mark.parametrize("old, level", [("random", "beginner"), ("heuristic", "normal")])
def test_the_level_ids_of_release_0_1_read_as_todays_levels(old, level):
    assert Seat.bot(old, "B").level == level
    assert Seat.model_validate({"kind": "bot", "level": old, "name": "B"}).level == level
    assert Seat.bot(level, "B") == Seat.bot(old, "B")


OLD_SAVES = [Path(__file__).parent / "fixtures" / "saves" / "ceki-mid-hand.cekisave",
             Path(__file__).parent / "fixtures" / "saves" / "pei-mid-hand.cekisave",
             Path(__file__).parent / "data" / "carry_old_saves" / "ceki-3p-seed12.json",
             Path(__file__).parent / "data" / "carry_old_saves" / "pei-3p-seed14.json"]


@pytest.mark.parametrize("old_save", OLD_SAVES, ids=lambda p: p.name)
def test_a_save_of_release_0_1_seats_todays_levels_and_saves_their_ids(tmp_path, old_save):
    """0.1.0 wrote "random" and "heuristic": they load as Beginner and Normal, and a save made
    after that writes the new ids (the committed files hold the old ones, as 0.1.0 wrote them)."""
    old = {s["level"] for s in json.loads(old_save.read_text(encoding="utf-8"))["seats"]} - {None}
    assert old and old <= {"random", "heuristic"}
    loaded = load_match(old_save)
    want = {"random": "beginner", "heuristic": "normal"}
    assert {s.level for s in loaded.seats if s.kind == "bot"} == {want[o] for o in old}
    again = tmp_path / "again.cekisave"
    save_match(again, loaded.match, loaded.seats)
    written = [s["level"] for s in json.loads(again.read_text(encoding="utf-8"))["seats"]]
    assert [w for w in written if w is not None] == [s.level for s in loaded.seats if s.kind == "bot"]
    assert not set(written) & {"random", "heuristic"}
    assert load_match(again).seats == loaded.seats


def test_a_match_too_long_for_a_save_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "MAX_ACTIONS", 10)
    m = new_match(2)
    play_actions(m, random.Random(1), 11)
    path = tmp_path / "long.cekisave"
    path.write_bytes(b"old")
    with pytest.raises(SaveFileError) as info:
        save_match(path, m, seats_for(2))
    assert info.value.reason == "too_long"
    assert path.read_bytes() == b"old"


def test_autosave_helpers_use_the_user_data_dir(tmp_path):
    assert load_autosave() is None
    m = new_match(3, seed=1)
    play_actions(m, random.Random(1), 20)
    where = save_autosave(m, seats_for(3))
    assert where == paths.autosave_path()
    assert where.name == "autosave.cekisave" and where.parent.name == "CekiDesk"
    assert str(where).startswith(str(tmp_path))  # conftest redirects the user dirs
    assert_same_match(m, load_autosave().match)
    remove_autosave()
    assert not where.exists()
    remove_autosave()  # no autosave: nothing to do
    assert load_autosave() is None


def test_paths():
    assert paths.settings_path().name == "settings.json"
    assert paths.settings_path().parent.name == "CekiDesk"
    assert paths.saves_dir().parent == paths.data_dir()
    assert paths.with_save_extension("a/b") == Path("a/b.cekisave")
    assert paths.with_save_extension("a/b.CEKISAVE") == Path("a/b.CEKISAVE")


def test_persistence_does_not_import_qt():
    code = ("import sys, cekidesk.persistence; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'PyQt5', 'PyQt6')]; "
            "sys.exit(1 if bad else 0)")
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    assert subprocess.run([sys.executable, "-c", code], env=env, cwd=root).returncode == 0


# ---------------------------------------------------------------------------------------------
# atomic writing


def _only(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def test_atomic_write_replaces_the_file(folder):
    target = folder / "f.txt"
    atomic_write_bytes(target, b"one")
    assert target.read_bytes() == b"one"
    atomic_write_bytes(target, b"two")
    assert target.read_bytes() == b"two"
    assert _only(folder) == ["f.txt"]


@pytest.mark.parametrize("broken", ["replace", "fsync"])
def test_failed_save_leaves_the_old_file_intact(folder, monkeypatch, broken):
    path = folder / "game.cekisave"
    m = new_match(4, seed=1)
    save_match(path, m, seats_for(4))
    before = path.read_bytes()
    play_actions(m, random.Random(2), 30)

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, broken, fail)
    with pytest.raises(SaveFileError) as info:
        save_match(path, m, seats_for(4))
    monkeypatch.undo()
    assert info.value.reason == "write_failed"
    msg = str(info.value)
    assert "disk is full" in msg and "not changed" in msg and "Errno" not in msg
    assert path.read_bytes() == before
    assert _only(folder) == ["game.cekisave"]  # no temporary file left behind
    assert_same_match(new_match(4, seed=1), load_match(path).match)


def test_unserialisable_data_leaves_the_old_file_intact(folder):
    target = folder / "f.json"
    target.write_bytes(b"old contents")
    with pytest.raises(TypeError):
        atomic_write_bytes(target, object())  # fails while writing the temporary file
    assert target.read_bytes() == b"old contents"
    assert _only(folder) == ["f.json"]


def test_failed_first_write_leaves_nothing(folder, monkeypatch):
    def fail(*args):
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        atomic_write_bytes(folder / "new.txt", b"x")
    assert _only(folder) == []


def test_save_creates_missing_folders(tmp_path):
    path = tmp_path / "a" / "b" / "game.cekisave"
    save_match(path, new_match(), seats_for(4))
    assert path.is_file()


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions and symlinks")
def test_atomic_write_keeps_permissions_and_symlinks(folder):
    real = folder / "real.txt"
    real.write_bytes(b"a")
    os.chmod(real, 0o640)
    link = folder / "link.txt"
    link.symlink_to(real)
    atomic_write_bytes(link, b"b")
    assert link.is_symlink() and real.read_bytes() == b"b"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    fresh = folder / "fresh.txt"
    atomic_write_bytes(fresh, b"c")
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~atomic._current_umask()
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == []


# ---------------------------------------------------------------------------------------------
# bad files: one error type, a player's message, the file untouched

JARGON = ("Traceback", "Error", "Exception", "pydantic", "errors.pydantic.dev", "[type=", "json.",
          "utf-8'", "codec", "byte 0x", "Errno", "NoneType", "ValueError", "\n", "__", "line 1 column")


def valid_save_dict(hands: int = 2, extra_actions: int = 9, seed: int = 21) -> dict:
    m = new_match(4, seed=seed)
    rng = random.Random(seed)
    play_hands(m, rng, hands)
    m.next_hand()
    play_actions(m, rng, extra_actions)
    return json.loads(saves.document_to_bytes(match_to_document(m, seats_for(4))))


def dumps(d: dict) -> bytes:
    return json.dumps(d, ensure_ascii=False, indent=1).encode("utf-8")


def edited(**changes) -> bytes:
    d = valid_save_dict()
    for k, v in changes.items():
        d[k] = v
    return dumps(d)


def with_log(edit) -> bytes:
    d = valid_save_dict()
    edit(d)
    return dumps(d)


def _set_action(hand: int, move: int, text: str):
    def edit(d):
        d["log"][hand][move] = text
    return edit


def _wrong_player(d):
    # hand 2, move 3: the same verb by the wrong player
    a = Action.parse(d["log"][1][2])
    d["log"][1][2] = str(a._replace(player=(a.player + 1) % 4))


def _unheld_discard(d):
    """Replace the first discard of hand 2 by a discard of a kind the player may not throw."""
    from cekidesk.engine.cards import ALL_KINDS

    m = new_match(4, seed=21)
    for text in d["log"][0]:
        m.apply(Action.parse(text))
    m.next_hand()
    for i, text in enumerate(d["log"][1]):
        a = Action.parse(text)
        if a.verb == "discard":
            legal = m.state.legal_actions(a.player)
            d["log"][1][i] = str(next(Action(a.player, "discard", k) for k in ALL_KINDS
                                      if Action(a.player, "discard", k) not in legal))
            return i
        m.apply(a)
    raise AssertionError("no discard in hand 2")


def _unfinished_hand_then_another(d):
    d["log"][0] = d["log"][0][:10]


def _overlong_hand(d):
    """Hand 3 (in progress) one move longer than any Ceki hand of four can be."""
    d["log"][2] += ["0 draw"] * (max_hand_actions(4) + 1 - len(d["log"][2]))


def _scores_changed(d):
    d["ledger"]["scores"][0] += 7


def _cents_changed(d):
    d["ledger"]["cents"][1] -= 3
    d["ledger"]["cents"][2] += 3


def _hands_finished_changed(d):
    d["ledger"]["hands_finished"] = 1


def _seven_seats(d):
    d["seats"] = seats_dicts(7)
    d["ledger"] = {"scores": [0] * 7, "cents": [0] * 7, "hands_finished": 0}
    d["log"] = [[]]
    d.pop("records", None), d.pop("start", None)


def seats_dicts(n):
    return [s.model_dump(mode="json") for s in seats_for(n)]


def _bom_utf16() -> bytes:
    return dumps(valid_save_dict()).decode("utf-8").encode("utf-16")


def _latin1() -> bytes:
    d = valid_save_dict()
    d["seats"][0]["name"] = "José Pérez"
    return json.dumps(d, ensure_ascii=False).encode("latin-1")


def _truncated() -> bytes:
    data = dumps(valid_save_dict())
    return data[: len(data) // 2]


def _newer() -> bytes:
    d = valid_save_dict()
    d["schema_version"] = saves.SCHEMA_VERSION + 1
    d["app_version"] = "3.0.0"
    d["something_new"] = {"x": 1}
    return dumps(d)


def _settings_file() -> bytes:
    return b'{\n  "schema_version": 1,\n  "language": "en",\n  "hints": true\n}\n'


def _nan() -> bytes:
    return dumps(valid_save_dict()).replace(b'"seed": 21', b'"seed": NaN')


def _too_many_actions() -> bytes:
    d = valid_save_dict()
    d["log"] = [["0 draw"] * 20_000 for _ in range(11)]
    return dumps(d)


# (id, bytes or callable giving bytes, expected reason, words the message must contain)
BAD_FILES = [
    ("empty", b"", "empty", ["empty"]),
    ("only-whitespace", b"  \n\t\n", "empty", ["empty"]),
    ("truncated", _truncated, "truncated", ["incomplete"]),
    ("not-json", b"Dear Sari, here are the rules of Ceki as promised.\n", "not_json", ["not readable JSON"]),
    ("json-with-trailing-junk", lambda: dumps(valid_save_dict()) + b"}", "not_json", ["not readable JSON"]),
    ("binary", random.Random(0).randbytes(4096), "binary", ["not a CekiDesk save"]),
    ("png-like", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(200), "binary", ["not a CekiDesk save"]),
    ("utf16", _bom_utf16, "encoding", ["encoding"]),
    ("latin1", _latin1, "encoding", ["UTF-8"]),
    ("json-array", b"[1, 2, 3]", "wrong_format", ["not a CekiDesk save"]),
    ("json-number", b"42", "wrong_format", ["not a CekiDesk save"]),
    ("other-format", b'{"format": "something-else", "schema_version": 1}', "wrong_format",
     ["not a CekiDesk save"]),
    ("settings-file", _settings_file, "wrong_format", ["not a CekiDesk save"]),
    ("newer-schema", _newer, "newer_version", ["newer CekiDesk", "3.0.0", "update"]),
    ("schema-version-text", lambda: edited(schema_version="1"), "damaged", ["damaged"]),
    ("schema-version-zero", lambda: edited(schema_version=0), "damaged", ["damaged"]),
    ("unknown-field", lambda: edited(cheat=True), "damaged", ["“cheat”"]),
    ("missing-field", lambda: with_log(lambda d: d.pop("seed")), "damaged", ["“seed”", "missing"]),
    ("seed-text", lambda: edited(seed="21"), "damaged", ["“seed”"]),
    ("seed-huge", lambda: edited(seed=10**30), "damaged", ["“seed”"]),
    ("nan", _nan, "damaged", ["damaged"]),
    ("name-too-long", lambda: with_log(lambda d: d["seats"][2].update(name="x" * 41)), "damaged",
     ["seat 3", "“name”"]),
    ("bad-seat-kind", lambda: with_log(lambda d: d["seats"][1].update(kind="alien")), "damaged",
     ["seat 2", "“kind”"]),
    ("no-hands", lambda: edited(log=[]), "damaged", ["“log”"]),
    ("too-many-hands", lambda: edited(log=[[]] * 10_001), "damaged", ["“log”"]),
    ("too-many-actions", _too_many_actions, "damaged", ["moves"]),
    ("action-too-long", lambda: with_log(_set_action(1, 0, "0 draw " + "x" * 100)), "damaged",
     ["hand 2", "move 1"]),
    ("action-not-text", lambda: with_log(_set_action(1, 0, 17)), "damaged", ["hand 2", "move 1"]),
    ("ledger-wrong-size", lambda: with_log(lambda d: d["ledger"]["scores"].pop()), "damaged", ["scores"]),
    ("unknown-game", lambda: edited(game="no_such_game"), "unknown_game", ["does not know", "no_such_game"]),
    ("bad-game-option", lambda: edited(options={"iyo_one_rank": "maybe"}), "invalid_options",
     ["game options", "iyo_one_rank"]),
    ("unknown-game-option", lambda: edited(options={"jokers": True}), "invalid_options", ["“jokers”"]),
    ("bad-match-mode", lambda: edited(match_options={"mode": "chess"}), "invalid_options", ["match settings"]),
    ("negative-stake", lambda: edited(match_options={"stake_cents": -5}), "invalid_options",
     ["“stake_cents”"]),
    ("seven-seats", lambda: with_log(_seven_seats), "invalid_options", ["7 seats", "2 to 6"]),
    ("unknown-bot-level", lambda: with_log(lambda d: d["seats"][1].update(level="grandmaster")), "unknown_level",
     ["“grandmaster”", "seat 2", "computer player"]),
    ("no-human", lambda: with_log(lambda d: d["seats"][0].update(kind="bot", level="beginner")), "human_seats",
     ["no human player"]),
    ("unreadable-action", lambda: with_log(_set_action(1, 4, "two discard S9")), "unreadable_action",
     ["move 5 of hand 2", "cannot be read"]),
    ("unreadable-card", lambda: with_log(_set_action(0, 1, "1 discard ZZ9")), "unreadable_action",
     ["move 2 of hand 1"]),
    ("unicode-digit-player", lambda: with_log(_set_action(0, 0, "² draw")), "unreadable_action",
     ["move 1 of hand 1"]),
    ("wrong-player", lambda: with_log(_wrong_player), "illegal_action",
     ["move 3 of hand 2", "not allowed by the rules"]),
    ("unknown-verb", lambda: with_log(_set_action(1, 0, "0 shuffle")), "illegal_action", ["hand 2"]),
    ("unfinished-hand-then-another", lambda: with_log(_unfinished_hand_then_another), "illegal_action",
     ["hand 1 stops before it is finished"]),
    ("hand-longer-than-the-rules-allow", lambda: with_log(_overlong_hand), "damaged",
     ["hand 3 has 5,282 moves", "(5,281)"]),
    ("scores-changed", lambda: with_log(_scores_changed), "ledger_mismatch", ["do not match"]),
    ("cents-changed", lambda: with_log(_cents_changed), "ledger_mismatch", ["do not match"]),
    ("hands-finished-changed", lambda: with_log(_hands_finished_changed), "ledger_mismatch",
     ["do not match"]),
]


def assert_player_message(err: SaveFileError, reason: str, words=()) -> None:
    msg = str(err)
    assert err.reason == reason, msg
    for j in JARGON:
        assert j not in msg, f"{j!r} in {msg!r}"
    assert msg[:1].isupper() and msg.endswith("."), msg
    assert msg.endswith("The file was not changed.") or (reason == "missing" and "Nothing was changed" in msg)
    assert len(msg) < 400, msg
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"


def _snapshot(path: Path):
    st_ = path.stat()
    return path.read_bytes(), st_.st_mtime_ns, st_.st_size


@pytest.mark.parametrize("case_id, content, reason, words", BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_bad_save_file(folder, case_id, content, reason, words):
    data = content() if callable(content) else content
    path = folder / f"{case_id}.cekisave"
    path.write_bytes(data)
    os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))
    before = _snapshot(path)
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    assert_player_message(info.value, reason, words)
    assert info.value.path == path
    assert _snapshot(path) == before
    assert _only(folder) == [path.name]


def test_the_unmodified_valid_save_loads(tmp_path):
    """The bad-file cases are edits of this file, which loads (so each case fails for its edit)."""
    path = tmp_path / "ok.cekisave"
    path.write_bytes(dumps(valid_save_dict()))
    loaded = load_match(path)
    assert len(loaded.match.history) == 2 and len(loaded.match.logs[-1]) == 9


def test_illegal_discard_names_the_move(tmp_path):
    d = valid_save_dict()
    move = _unheld_discard(d) + 1
    path = tmp_path / "g.cekisave"
    path.write_bytes(dumps(d))
    before = _snapshot(path)
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    assert_player_message(info.value, "illegal_action", [f"move {move} of hand 2", "discard"])
    assert _snapshot(path) == before


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.cekisave"
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    assert_player_message(info.value, "missing", ["could not be found", "nowhere.cekisave"])
    assert not path.exists()


def test_a_folder_is_not_a_save(tmp_path):
    folder = tmp_path / "folder.cekisave"
    folder.mkdir()
    with pytest.raises(SaveFileError) as info:
        load_match(folder)
    assert_player_message(info.value, "not_a_file", ["folder"])
    assert folder.is_dir() and list(folder.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.cekisave"
    os.mkfifo(fifo)
    with pytest.raises(SaveFileError) as info:
        load_match(fifo)
    assert_player_message(info.value, "not_a_file", ["not an ordinary file"])


def test_a_huge_file_is_refused_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "huge.cekisave"
    with open(path, "wb") as f:
        f.write(b'{"format": "cekidesk-save"')
        f.truncate(saves.MAX_FILE_BYTES + 1)  # sparse: cheap to make
    before = _snapshot(path)

    def no_reading(*args, **kwargs):
        raise AssertionError("the file was opened")

    monkeypatch.setattr(os, "open", no_reading)
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    monkeypatch.undo()
    assert_player_message(info.value, "too_large", ["too large", "8 MB"])
    assert _snapshot(path) == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes and links")
def test_a_named_pipe_behind_a_link_is_refused_before_opening(tmp_path, monkeypatch):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "game.cekisave"
    link.symlink_to(fifo)
    opened = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda p, *a, **k: opened.append(p) or real_open(p, *a, **k))
    _, exc = finishes(load_match, link)
    assert isinstance(exc, SaveFileError), exc
    assert_player_message(exc, "not_a_file", ["“game.cekisave”", "not an ordinary file"])
    assert opened == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_file_swapped_for_a_pipe_after_the_check_is_refused_without_blocking(tmp_path, monkeypatch):
    """The path passes the check as a file, then leads to a pipe without a writer when it is opened:
    the open must not wait for a writer, and the opened pipe is refused."""
    path = tmp_path / "g.cekisave"
    path.write_bytes(dumps(valid_save_dict()))
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda p, flags, *a: real_open(fifo, flags, *a))
    _, exc = finishes(load_match, path)
    assert isinstance(exc, SaveFileError), exc
    assert_player_message(exc, "not_a_file")


@pytest.mark.parametrize("text, expected", [
    ("9999-12-31T23:59:59-14:00", None),                         # 10000-01-01 in UTC
    ("0001-01-01T00:00:00+14:00", None),                         # before the year 1 in UTC
    ("9999-12-31T23:59:59Z", datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone.utc)),
    ("2026-03-04T05:06:07+07:00", datetime(2026, 3, 3, 22, 6, 7, tzinfo=timezone.utc)),
    ("2026-03-04T05:06:07", datetime(2026, 3, 4, 5, 6, 7, tzinfo=timezone.utc)),   # no zone: UTC
])
def test_the_saved_date_is_kept_in_utc_or_counts_as_unknown(tmp_path, text, expected):
    path = tmp_path / "g.cekisave"
    path.write_bytes(edited(saved_at=text))
    loaded = load_match(path)
    assert loaded.document.saved_at == expected
    if expected is not None:
        assert loaded.document.saved_at.utcoffset().total_seconds() == 0


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="needs POSIX permissions, not root")
def test_an_unreadable_file(tmp_path):
    path = tmp_path / "locked.cekisave"
    path.write_bytes(dumps(valid_save_dict()))
    os.chmod(path, 0)
    try:
        with pytest.raises(SaveFileError) as info:
            load_match(path)
        assert_player_message(info.value, "unreadable", ["not allowed to read"])
    finally:
        os.chmod(path, 0o644)


def test_a_failed_load_builds_no_match(tmp_path, monkeypatch):
    """Nothing half-loaded escapes: the error comes from inside the replay and nothing is returned."""
    d = valid_save_dict()
    d["ledger"]["scores"][3] += 1
    path = tmp_path / "g.cekisave"
    path.write_bytes(dumps(d))
    result = []
    with pytest.raises(SaveFileError):
        result.append(load_match(path))
    assert result == []


def test_an_engine_bug_during_replay_is_still_a_save_error(tmp_path, monkeypatch):
    path = tmp_path / "g.cekisave"
    path.write_bytes(dumps(valid_save_dict()))

    def broken(self, action):
        raise ZeroDivisionError("bug")

    monkeypatch.setattr(Match, "apply", broken)
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    assert_player_message(info.value, "illegal_action", ["move 1 of hand 1"])


# ---------------------------------------------------------------------------------------------
# robustness: any damage gives a loaded game or a SaveFileError, nothing else

_VALID = None


def _valid_bytes() -> bytes:
    global _VALID
    if _VALID is None:
        _VALID = dumps(valid_save_dict(hands=1, extra_actions=5))
    return _VALID


def _load_bytes(data: bytes):
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "f.cekisave"
        path.write_bytes(data)
        try:
            load_match(path)
        except SaveFileError as exc:
            assert_player_message(exc, exc.reason)
        assert path.read_bytes() == data


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_damaged_bytes_give_a_save_error_or_a_game(data):
    raw = bytearray(_valid_bytes())
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["flip", "delete", "insert", "cut"]))
        i = data.draw(st.integers(0, len(raw) - 1))
        if kind == "flip":
            raw[i] = data.draw(st.integers(0, 255))
        elif kind == "delete":
            del raw[i:i + data.draw(st.integers(1, 20))]
        elif kind == "insert":
            raw[i:i] = data.draw(st.binary(min_size=1, max_size=8))
        else:
            del raw[i:]
        if not raw:
            break
    _load_bytes(bytes(raw))


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300).map(lambda s: s.encode("utf-8"))))
def test_random_content_gives_a_save_error(blob):
    _load_bytes(blob)


def test_document_model_forbids_extra_fields():
    d = valid_save_dict()
    d["extra"] = 1
    with pytest.raises(ValueError):
        SaveDocument.model_validate(d)


# ---------------------------------------------------------------------------------------------
# temporary files left by interrupted writes

def _leave_a_temp_file_behind(target: Path, monkeypatch) -> Path:
    """Make the real atomic writer stop as if killed between writing and renaming: its temporary
    file stays (the clean-up after an error is what a kill -9 skips)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    before = set(target.parent.iterdir())
    with monkeypatch.context() as m:
        m.setattr(atomic.os, "replace", lambda *a: (_ for _ in ()).throw(OSError("killed")))
        m.setattr(atomic.os, "unlink", lambda *a: None)
        with pytest.raises(OSError):
            atomic_write_bytes(target, b"half")
    (left,) = set(target.parent.iterdir()) - before
    return left


def _age(path: Path, seconds: float) -> None:
    t = time.time() - seconds
    os.utime(path, (t, t), follow_symlinks=False)


def test_stale_temporary_files_of_cekidesk_are_removed_and_nothing_else(monkeypatch):
    auto = paths.autosave_path()
    settings_file = paths.settings_path()
    mine = paths.saves_dir() / "my game.cekisave"
    stale = [_leave_a_temp_file_behind(p, monkeypatch) for p in (auto, settings_file, mine)]
    for p in stale:
        _age(p, 3600)
    fresh = _leave_a_temp_file_behind(auto, monkeypatch)          # another CekiDesk is writing it now
    data, config = paths.data_dir(), paths.config_dir()
    others = [data / ".autosave.cekisave.abc.tmp",                # not mkstemp's name
              data / ".notes.txt.abcdefgh.tmp",                   # not a CekiDesk target
              data / "autosave.cekisave.abcdefgh.tmp",            # no leading dot
              data / ".autosave.cekisave.abcdefgh.tmp.keep",
              config / ".settings.json.ABCDEFGH.tmp",             # mkstemp never writes capitals
              data / ".settings.json.abcdefgh.tmp",               # the settings do not live here
              paths.saves_dir() / ".notes.txt.abcdefgh.tmp",
              auto, settings_file]
    for p in others:
        p.write_bytes(b"keep me")
    folder = data / ".autosave.cekisave.dirdirdi.tmp"
    folder.mkdir()
    target = data / "precious.txt"
    target.write_bytes(b"keep me")
    link = data / ".autosave.cekisave.linklink.tmp"
    link.symlink_to(target)
    for p in others + [folder, link]:
        _age(p, 3600)

    removed = clean_stale_temp_files()

    assert sorted(removed) == sorted(stale)
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and folder.is_dir() and link.is_symlink() and target.read_bytes() == b"keep me"
    assert all(p.read_bytes() == b"keep me" for p in others)
    assert clean_stale_temp_files() == []


def test_the_temporary_name_pattern_is_the_writers(tmp_path):
    for name in ("autosave.cekisave", "settings.json", "a.b c.cekisave"):
        fd, tmp = tempfile.mkstemp(prefix=atomic.temp_prefix(tmp_path / name), suffix=atomic.TEMP_SUFFIX,
                                   dir=tmp_path)
        os.close(fd)
        assert atomic.temp_target(Path(tmp).name) == name


def test_clean_up_without_folders_does_nothing():
    assert not paths.data_dir().exists()
    assert clean_stale_temp_files() == []
    assert not paths.data_dir().exists()


def test_a_hand_as_long_as_the_rules_allow_is_replayed_and_a_longer_one_is_damage():
    """The length check uses each game's own bound, before any move is replayed: one move more
    than a Pèi hand can have is damage; at the bound the moves themselves are judged."""
    m = games_new_match("pei", 3, 4)
    play_actions(m, random.Random(4), 20)
    d = json.loads(saves.document_to_bytes(match_to_document(m, seats_for(3))))
    d["log"][0] += ["0 draw"] * (168 - len(d["log"][0]))
    with pytest.raises(SaveFileError) as info:
        document_to_match(saves.parse_document(dumps(d).decode()))
    assert info.value.reason == "illegal_action"
    d["log"][0].append("0 draw")
    with pytest.raises(SaveFileError) as info:
        document_to_match(saves.parse_document(dumps(d).decode()))
    assert_player_message(info.value, "damaged", ["hand 1 has 169 moves", "“pei”", "(168)"])
