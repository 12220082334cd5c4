"""The statistics store (issue #16): versioned JSON in the user data folder, written atomically,
bounded, and never lost — a file it cannot use is set aside, reported once and never overwritten."""
from __future__ import annotations

import csv
import gc
import io
import json
import os

import pytest

from cekidesk.persistence import statistics as st
from cekidesk.persistence.statistics import (
    CSV_COLUMNS,
    MAX_STATISTICS_BYTES,
    StatisticsStore,
    csv_text,
    statistics_path,
)

BEFORE = "0" * 16


def _hand(store: StatisticsStore, m, index: int, won: bool, points: int = 10, money: int = 0,
          kind: str | None = None, undone: bool = False, over: bool = False) -> None:
    store.record(m, index, won, kind if kind or not won else "plain", points if won else -points, money, undone,
                 BEFORE, over, over and won)


def _filled(path=None) -> StatisticsStore:
    store = StatisticsStore(path)
    m = store.new_match("ceki", "normal", True, "a" * 16)
    for i, won in enumerate([True, True, False, True, True, True, False]):
        _hand(store, m, i, won, points=10 + i, money=(30 if won else -10), kind="triple" if i == 4 else None,
              undone=i in (1, 2))
    other = store.new_match("pei", "beginner", False, "b" * 16)
    _hand(store, other, 0, True, kind="ngete", over=True)
    return store


def test_the_store_round_trips_through_its_file():
    store = _filled()
    store.save()
    assert statistics_path().is_file()
    again = StatisticsStore()
    assert again.notice is None
    assert again.doc == store.doc
    t = again.totals("ceki")
    assert (t.matches, t.hands, t.hands_won, t.hands_undone, t.won_undone) == (1, 7, 5, 2, 1)
    assert (t.money_won, t.money_lost) == (150, 20)
    assert (t.streak, t.longest) == (0, 3)
    assert t.kinds == {"plain": 4, "triple": 1}
    assert t.best is not None and (t.best.points, t.best.kind, t.best.money) == (15, "plain", 30)
    assert t.average_points == pytest.approx((10 + 11 - 12 + 13 + 14 + 15 - 16) / 7)
    assert again.totals("pei").matches_won == 1 and again.games() == ["ceki", "pei"]
    assert again.totals("ceki", "beginner").hands == 0 and again.levels("ceki") == ["normal"]


def test_a_hand_recorded_again_replaces_itself():
    store = StatisticsStore()
    m = store.new_match("ceki", "normal", True, "a" * 16)
    _hand(store, m, 0, False)
    _hand(store, m, 0, True)        # the same hand, ended again after an undo and a redo
    _hand(store, m, 0, True)
    t = store.totals("ceki")
    assert (t.hands, t.hands_won) == (1, 1)
    _hand(store, m, 1, True)
    _hand(store, m, 0, False)       # undone back into hand 0: hand 1 was taken back with it
    assert [h.index for h in m.hands] == [0] and store.totals("ceki").hands_won == 0


def test_old_matches_are_folded_into_totals_and_the_file_stays_bounded(monkeypatch):
    monkeypatch.setattr(st, "MAX_MATCHES_PER_GAME", 5)
    monkeypatch.setattr(st, "MAX_HANDS_PER_GAME", 12)
    store = StatisticsStore()
    for k in range(9):
        m = store.new_match("ceki", "normal" if k % 2 else "hard", True, f"{k:016x}")
        for i in range(3):
            _hand(store, m, i, won=i != 1, money=5 if i != 1 else -5)
    kept = store.matches_of("ceki")
    assert len(kept) == 4 and sum(len(m.hands) for m in kept) == 12
    t = store.totals("ceki")
    assert (t.matches, t.hands, t.hands_won, t.money_won, t.money_lost) == (9, 27, 18, 90, 45)
    assert store.totals("ceki", "hard").matches + store.totals("ceki", "normal").matches == 9
    store.save()
    assert StatisticsStore().totals("ceki") == t


DAMAGED = {
    "bad JSON": b'{"format": "cekidesk-statistics", "matches": [',
    "wrong types": json.dumps({"format": "cekidesk-statistics", "schema_version": 1,
                               "matches": [{"id": 5, "game": ["ceki"]}]}).encode(),
    "wrong version": json.dumps({"format": "cekidesk-statistics", "schema_version": 99, "matches": []}).encode(),
    "binary": bytes(range(256)) * 4,
    "not an object": b"[1, 2, 3]",
}


@pytest.mark.parametrize("what", sorted(DAMAGED) + ["huge", "a folder"])
def test_a_file_it_cannot_use_is_set_aside_never_overwritten_and_recording_goes_on(what):
    path = statistics_path()
    path.parent.mkdir(parents=True)
    if what == "huge":
        with open(path, "wb") as f:
            f.truncate(MAX_STATISTICS_BYTES + 1)
        original = None
    elif what == "a folder":
        path.mkdir()
        original = None
    else:
        original = DAMAGED[what]
        path.write_bytes(original)
    store = StatisticsStore()
    assert store.notice is not None and store.notice.kept is not None
    assert store.notice.problem == {"huge": "too_large", "a folder": "not_a_file",
                                    "wrong version": "newer"}.get(what, "damaged")
    kept = store.notice.kept
    assert kept.name.startswith("statistics.json.damaged-")
    if original is not None:
        assert kept.read_bytes() == original
    assert store.totals("ceki").hands == 0               # statistics start afresh …
    m = store.new_match("ceki", "normal", False, "c" * 16)
    _hand(store, m, 0, True)
    store.save()                                         # … in a new file, beside the old one
    assert StatisticsStore().totals("ceki").hands == 1
    if original is not None:
        assert kept.read_bytes() == original
    # a second damaged file gets a name of its own
    path.write_bytes(b"nonsense")
    second = StatisticsStore().notice
    assert second is not None and second.kept is not None and second.kept != kept and kept.exists()


def test_a_file_that_cannot_be_moved_aside_is_never_written_over(monkeypatch):
    path = statistics_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{broken")
    monkeypatch.setattr(os, "rename", lambda *a: (_ for _ in ()).throw(PermissionError("no")))
    store = StatisticsStore()
    assert store.notice is not None and store.notice.kept is None
    m = store.new_match("ceki", "normal", False, "c" * 16)
    _hand(store, m, 0, True)
    store.save()
    assert path.read_bytes() == b"{broken"


def test_reset_forgets_one_game_or_all():
    store = _filled()
    store.reset("ceki")
    assert store.games() == ["pei"]
    store = _filled()
    store.reset(None)
    assert store.games() == [] and store.totals("pei").hands == 0


def test_the_csv_export_has_a_header_and_one_row_per_hand_in_the_order_played():
    store = _filled()
    text = csv_text(store.rows())
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 1 + 8
    first = dict(zip(CSV_COLUMNS, rows[1], strict=True))
    assert (first["game"], first["level"], first["money_match"], first["hand"], first["won"], first["win_kind"],
            first["points"], first["money_cents"], first["undo_used"]) == (
        "ceki", "normal", "1", "1", "1", "plain", "10", "30", "0")
    third = dict(zip(CSV_COLUMNS, rows[3], strict=True))
    assert (third["won"], third["win_kind"], third["points"], third["money_cents"], third["undo_used"]) == (
        "0", "", "-12", "-10", "1")
    last = dict(zip(CSV_COLUMNS, rows[-1], strict=True))
    assert (last["game"], last["win_kind"], last["match_over"], last["match_won"]) == ("pei", "ngete", "1", "1")
    assert list(csv.reader(io.StringIO(csv_text(store.rows(["pei"])))))[1][0] == "pei"


def test_a_match_longer_than_the_bound_folds_its_oldest_hands_and_the_file_still_loads(monkeypatch):
    monkeypatch.setattr(st, "MAX_HANDS_PER_GAME", 10)
    store = StatisticsStore()
    m = store.new_match("ceki", "normal", True, "a" * 16)
    for i in range(25):
        _hand(store, m, i, won=i % 4 != 0, money=3)
    assert [h.index for h in m.hands] == list(range(15, 25))
    t = store.totals("ceki")
    assert (t.matches, t.hands, t.hands_won, t.money_won) == (1, 25, 18, 75)
    assert (t.streak, t.longest) == (0, 3)
    store.save()
    again = StatisticsStore()
    assert again.notice is None and again.totals("ceki") == t


# -- issue 33: what a recorded hand costs in memory ------------------------------------------------------

def _tracked_inside(obj: object, leave: tuple = ()) -> int:
    """How many objects the collector tracks among ``obj`` and what it holds (classes, modules and the
    objects of ``leave`` aside; the caller collects first): what ``obj`` itself costs, whatever else
    the process holds."""
    import gc

    left = {id(o) for o in leave}
    seen: set[int] = set()
    todo, count = [obj], 0
    while todo:
        o = todo.pop()
        if id(o) in seen or id(o) in left or isinstance(o, type) or type(o).__name__ == "module":
            continue
        seen.add(id(o))
        count += gc.is_tracked(o)
        todo.extend(gc.get_referents(o))
    return count


def test_a_recorded_hand_is_one_object_and_its_file_text_is_as_before():
    store = StatisticsStore()
    m = store.new_match("ceki", "normal", True, "a" * 16)
    _hand(store, m, 0, True)
    for i in range(1, 401):
        _hand(store, m, i, i % 3 == 0, kind="triple" if i % 5 == 0 else None, undone=i % 7 == 0)
    # (a model was two: itself and the set of its fields given)
    gc.collect()
    assert [_tracked_inside(h) for h in m.hands] == [1] * 401
    hand = m.hands[5]
    assert not hasattr(hand, "__dict__")
    # the file is written as it always was: the hand's fields, every one, in this order
    store.save()
    written = json.loads(statistics_path().read_text(encoding="utf-8"))["matches"][0]["hands"][5]
    assert list(written.items()) == [("index", 5), ("seq", 5), ("won", False), ("kind", "triple"), ("points", -10),
                                     ("money", 0), ("undone", False), ("before", BEFORE)]
    again = StatisticsStore()
    assert again.doc == store.doc and again.match(m.id).hands[5] == hand


@pytest.mark.parametrize("field, value", [("won", 1), ("index", -1), ("kind", "No Kind"), ("before", "xyz"),
                                          ("extra", True), ("points", 10**10)])
def test_a_hand_the_file_cannot_hold_is_refused_as_before(field, value):
    from pydantic import ValidationError

    fields = {"index": 0, "seq": 0, "won": True, "kind": None, "points": 1, "money": 0, "undone": False,
              "before": BEFORE, field: value}
    with pytest.raises(ValidationError):
        st.HandStat(**fields)
    doc = json.loads(_filled().doc.model_dump_json())
    doc["matches"][0]["hands"][0] = fields
    with pytest.raises(ValidationError):
        st.StatisticsDocument.model_validate_json(json.dumps(doc))


def test_the_digests_remembered_for_a_match_hold_no_object_a_hand():
    from cekidesk.session import statistics as keeper

    starts = [[i] for i in range(400)]            # (hand starts: any objects, known by identity)
    logs = [[] for _ in range(400)]
    digests = keeper.digest_hands(starts, logs)
    kept = (keeper._BEFORE, keeper._BEFORE_STARTS, keeper._BEFORE_DIGESTS)
    gc.collect()
    assert _tracked_inside(kept, leave=tuple(keeper._BEFORE_STARTS)) <= 4   # (a pair a hand was 400)
    assert len(digests) == 400 and keeper._known(starts, 400) == digests    # remembered, by the very starts
    assert keeper._known([list(s) for s in starts], 400) == digests[:1]     # (equal ones are other hands)
    assert keeper.digest_hands(starts, logs) == digests
