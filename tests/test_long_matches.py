"""Long matches cost what one hand costs (issue 33): a match rebuilt from a hand's start
(:class:`~cekidesk.engine.records.HandStart`) or from a save's records is the match a full replay
gives — views, scores, money, pot, carry, dealer, RNG — for every game; old saves open and are
written in today's format; undo crosses a hand boundary; a save's records are checked in the
background, and a damaged one is found."""
from __future__ import annotations

import json
import random
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cekidesk.engine.match import Match
from cekidesk.games import games, get_game, new_match
from cekidesk.persistence import saves
from cekidesk.persistence.saves import (
    SaveCache,
    SaveFileError,
    Seat,
    document_to_bytes,
    full_check,
    load_match,
    match_bytes,
    match_to_document,
    parse_document,
)
from cekidesk.session.undo import UndoStack

GAME_IDS = sorted(g.id for g in games())
FIXTURES = Path(__file__).parent / "fixtures"
OLD_FILES = sorted([*FIXTURES.glob("*/*.cekisave"), *(Path(__file__).parent / "data" / "carry_old_saves").glob(
    "*-seed*.json")])


def _mode(game_id: str) -> dict:
    spec = get_game(game_id)
    return {"mode": "money" if "money" in spec.match_modes else spec.match_modes[0]}


def played(game_id: str, seed: int, moves: int, players: int | None = None) -> Match:
    """A match of up to ``moves`` random legal moves."""
    spec = get_game(game_id)
    m = new_match(game_id, players or spec.min_players, seed, match_options=_mode(game_id))
    rng = random.Random(seed)
    for _ in range(moves):
        if m.hand_over():
            if m.is_over():
                break
            m.next_hand()
            continue
        seat = m.state.to_act()[0]
        legal = m.state.legal_actions(seat)
        m.apply(legal[rng.randrange(len(legal))])
    return m


def full_replay(m: Match, logs) -> Match:
    """The match ``logs`` give played from the first deal (what every rebuild did before)."""
    again = Match(m.spec, m.n_players, m.seed, m.options, m.match_options, m.first_deal)
    for hi, hand in enumerate(logs):
        if hi:
            again.next_hand()
        for a in hand:
            again.apply(a)
    return again


def assert_same(a: Match, b: Match) -> None:
    assert (a.scores, a.ledger, a.pot, a.dealer, a.hand_seed) == (b.scores, b.ledger, b.pot, b.dealer, b.hand_seed)
    assert a.carry == b.carry and a.rng.getstate() == b.rng.getstate()
    assert a.logs == b.logs and a.starts == b.starts
    assert a.is_over() == b.is_over() and a.hand_over() == b.hand_over() and a.standings() == b.standings()
    assert [a.state.view(p) for p in range(a.n_players)] == [b.state.view(p) for p in range(b.n_players)]
    assert [saves.record_json(r) for r in a.history] == [saves.record_json(r) for r in b.history]


def _seats(n: int) -> list[Seat]:
    return [Seat.human("A")] + [Seat.bot("normal", f"B{i}") for i in range(1, n)]


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**20), moves=st.integers(0, 900), cut=st.floats(0, 1))
def test_a_match_rebuilt_from_a_hands_start_is_the_full_replay(game_id, seed, moves, cut):
    m = played(game_id, seed, moves)
    hand = min(int(cut * len(m.logs)), len(m.logs) - 1)
    index = int(cut * len(m.logs[hand]))
    logs = [*m.logs[:hand], m.logs[hand][:index]]
    assert_same(UndoStack.cut(m, hand, index), full_replay(m, logs))
    assert_same(m.replayed(logs), full_replay(m, logs))


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**20), moves=st.integers(0, 1500))
def test_a_save_opened_from_its_records_is_the_full_replay(game_id, seed, moves, monkeypatch):
    monkeypatch.setattr(saves, "FULL_CHECK_MOVES", 0)   # (every file rebuilt from its records)
    m = played(game_id, seed, moves)
    doc = match_to_document(m, _seats(m.n_players))
    assert doc.start is not None and doc.records is not None and len(doc.records) == len(m.logs) - 1
    data = document_to_bytes(doc)
    assert json.loads(match_bytes(m, _seats(m.n_players), SaveCache(), "x")) | {"saved_at": 0} == \
        json.loads(data) | {"saved_at": 0}
    again = saves.document_to_match(parse_document(data.decode()))
    assert_same(again, full_replay(m, m.logs))
    assert list(full_check(parse_document(data.decode()))) == list(range(1, len(m.logs)))
    # it plays on as the original does
    for x in (again, m):
        rng = random.Random(seed)
        for _ in range(40):
            if x.hand_over():
                if x.is_over():
                    break
                x.next_hand()
                continue
            legal = x.state.legal_actions(x.state.to_act()[0])
            x.apply(legal[rng.randrange(len(legal))])
    assert_same(again, m)


def test_the_cache_makes_what_the_document_holds_across_an_undo():
    m = played("ceki", 5, 3000)
    seats = _seats(m.n_players)
    cache = SaveCache()
    first = json.loads(match_bytes(m, seats, cache, "x"))
    rebuilt = UndoStack.cut(m, m.hand_index - 1, 3)   # back into the hand before
    for x in (rebuilt, m):
        got = json.loads(match_bytes(x, seats, cache, "x"))
        want = json.loads(document_to_bytes(match_to_document(x, seats)))
        assert got | {"saved_at": 0} == want | {"saved_at": 0}
    assert first | {"saved_at": 0} == json.loads(match_bytes(m, seats, cache, "x")) | {"saved_at": 0}


@pytest.mark.parametrize("path", OLD_FILES, ids=lambda p: p.name)
def test_old_saves_open_and_are_written_in_todays_format(path, tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "FULL_CHECK_MOVES", 0)
    if path.suffix == ".json":
        raw = json.loads(path.read_text(encoding="utf-8"))
        if raw.get("format") != "cekidesk-save":
            pytest.skip("not a save")
    loaded = load_match(path)
    assert loaded.document.schema_version < saves.SCHEMA_VERSION and loaded.document.records is None
    again_path = tmp_path / "again.cekisave"
    saves.save_match(again_path, loaded.match, loaded.seats)
    again = load_match(again_path)
    assert again.document.schema_version == saves.SCHEMA_VERSION and again.document.records is not None
    assert_same(again.match, loaded.match)


def test_undo_across_a_hand_boundary_rebuilds_the_hand_before():
    m = played("ceki", 9, 100_000 // 40)   # a few hands
    while not m.hand_over():
        m.apply(m.state.legal_actions(m.state.to_act()[0])[0])
    m.next_hand()
    assert m.hand_index >= 1
    person = next(a.player for a in reversed(m.logs[-2]))
    stack = UndoStack(True)
    cut = stack.undo_point(m, frozenset({person}), lambda _m, _p: False)
    assert cut is not None and cut[0] == m.hand_index - 1   # the hand in progress has no move yet
    rebuilt = stack.take_back(m, *cut)
    hand, index, _ = cut
    assert_same(rebuilt, full_replay(m, [*m.logs[:hand], m.logs[hand][:index]]))
    assert rebuilt.history == m.history[:hand] and rebuilt.starts[hand] is m.starts[hand]
    redone = stack.redone(rebuilt)
    assert_same(redone, full_replay(m, m.logs))


def _tampered(doc_bytes: bytes, edit) -> bytes:
    raw = json.loads(doc_bytes)
    edit(raw)
    return json.dumps(raw).encode()


@pytest.mark.parametrize("edit", [
    pytest.param(lambda d: d["records"][0]["points"].__setitem__(0, d["records"][0]["points"][0] + 1), id="points"),
    pytest.param(lambda d: d["records"][0].__setitem__("seed", d["records"][0]["seed"] ^ 1), id="seed"),
    pytest.param(lambda d: d["start"]["rng"].__setitem__(5, d["start"]["rng"][5] ^ 1), id="rng"),
    pytest.param(lambda d: d["start"].__setitem__("dealer", (d["start"]["dealer"] + 1) % 3), id="dealer"),
])
def test_records_that_do_not_add_up_are_refused_at_once(edit, tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "FULL_CHECK_MOVES", 0)
    m = played("ceki", 4, 2500, players=3)
    assert m.hand_index >= 2
    path = tmp_path / "bad.cekisave"
    path.write_bytes(_tampered(document_to_bytes(match_to_document(m, _seats(3))), edit))
    with pytest.raises(SaveFileError) as err:
        load_match(path)
    assert err.value.reason == "ledger_mismatch"


def test_a_record_the_moves_do_not_give_is_found_by_the_background_check(tmp_path, monkeypatch):
    """A file edited so that its numbers add up but a hand's details are not what its moves give
    opens (rebuilt from its records), and the check in the background finds it."""
    from cekidesk.session import ManualScheduler, Problem, Session

    monkeypatch.setattr(saves, "FULL_CHECK_MOVES", 0)
    m = played("ceki", 4, 2500, players=3)
    path = tmp_path / "edited.cekisave"
    path.write_bytes(_tampered(document_to_bytes(match_to_document(m, _seats(3))),
                               lambda d: d["records"][0]["details"].__setitem__("edited", True)))
    loaded = load_match(path)
    assert loaded.unchecked
    scheduler = ManualScheduler()
    told: list = []
    session = Session(scheduler, pace_ms=0, autosave=False)
    session.listener = told.append
    session.start(loaded.match, loaded.seats)
    session.set_paused(True)
    scheduler.run()
    assert session.full_check is not None and session.full_check.finished
    assert any(isinstance(s, Problem) and s.code == "save_damaged" for c in told for s in c.steps)
    # an untouched file is checked quietly
    saves.save_match(path, m, _seats(3))
    loaded = load_match(path)
    told.clear()
    session.start(loaded.match, loaded.seats)
    scheduler.run()
    assert session.full_check.finished and session.full_check.hands == m.hand_index
    assert not any(isinstance(s, Problem) for c in told for s in c.steps)


def test_the_window_says_when_the_background_check_finds_a_damaged_save(qtbot, boxes, tmp_path, monkeypatch):
    """Opened in the real window, the edited file's table comes up; when the check in the background
    finds the record its moves do not give, the window says so once, in a box and in the log."""
    from waiting import HANG_GUARD_MS
    from window_helpers import open_window

    monkeypatch.setattr(saves, "FULL_CHECK_MOVES", 0)
    m = played("ceki", 4, 2500, players=3)
    path = tmp_path / "edited.cekisave"
    path.write_bytes(_tampered(document_to_bytes(match_to_document(m, _seats(3))),
                               lambda d: d["records"][0]["details"].__setitem__("edited", True)))
    w = open_window(qtbot, autosave=False)
    assert w.open_file(str(path))
    w.controller.set_paused(True)
    qtbot.waitUntil(lambda: any(b[1] == "Saved game damaged" for b in boxes), timeout=HANG_GUARD_MS)
    damaged = [b for b in boxes if b[1] == "Saved game damaged"]
    assert len(damaged) == 1 and "changed or damaged" in damaged[0][2]
    assert any("changed or damaged" in line for line in w.log_dock.lines())
    w.close()


def test_the_cache_keeps_one_compressed_line_a_hand_and_writes_the_documents_bytes(monkeypatch):
    """The save cache keeps each finished hand's record line only, compressed (its moves' line is the
    match's own packed text), and the file it makes is, byte for byte, the one the document gives."""
    m = played("kartu-lima", 3, 2500)
    seats = _seats(m.n_players)
    cache = SaveCache()
    data = match_bytes(m, seats, cache, "x")
    held = cache._hands
    assert len(held) == m.hand_index > 10
    for rec, line, _, _ in held:
        assert isinstance(line, bytes)
        text = json.dumps(saves.RecordModel.model_validate(saves.record_json(rec)).model_dump(mode="json"),
                          ensure_ascii=False).encode()
        assert len(line) < len(text) / 2
    saved_at = json.loads(data)["saved_at"]
    doc = match_to_document(m, seats, saved_at=datetime.fromisoformat(saved_at))
    assert data == document_to_bytes(doc)
    # (made in one buffer of the size it was told: a wrong size is still the right file, but slower)
    sizes: list[int] = []
    real = saves._joined
    monkeypatch.setattr(saves, "_joined", lambda pieces, size=None: sizes.append(size) or real(pieces, size))
    for x, c in ((m, cache), (UndoStack.cut(m, m.hand_index - 1, 3), cache), (played("kartu-lima", 3, 5), SaveCache())):
        assert len(match_bytes(x, seats, c, "x")) == sizes[-1]
