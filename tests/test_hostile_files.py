"""Hostile files are refused (issue 33): every file the app reads — saves, settings, statistics, rule
sets — is read through one bounded JSON reader, and ends in a clean load or its kind's typed refusal
with a sentence a player understands; the window survives all of it.

The fuzzers here run the mutations of ``tools/fuzz_files.py`` (which makes the big runs) with a
bounded number of hypothesis examples each; the rest are the cases the first fuzz found.
"""
from __future__ import annotations

import json
import os
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cekidesk.games.ce_pe.ruleset import RuleFileError, preset, rules_to_json
from cekidesk.persistence import paths
from cekidesk.persistence.files import MAX_JSON_DEPTH, BadPathError, JsonBoundsError, loads_bounded, read_regular_file
from cekidesk.persistence.rulesets import list_rule_sets, read_rule_file
from cekidesk.persistence.saves import SaveFileError, load_autosave, load_match
from cekidesk.persistence.settings import Settings, load_settings_and_notice, read_settings
from cekidesk.persistence.statistics import (
    Folded,
    HandStat,
    MatchStat,
    StatisticsDocument,
    StatisticsStore,
    Totals,
    statistics_path,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import fuzz_files  # noqa: E402  (tools/ is on sys.path now)

DEEP = b"[" * 5000 + b"]" * 5000


def _fuzz(kind: str):
    @settings(max_examples=40, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(mutator=st.sampled_from(sorted(fuzz_files.MUTATORS)), seed=st.integers(0, 2**32))
    def test(mutator: str, seed: int) -> None:
        fuzz_files.outcome(kind, fuzz_files.hostile(kind, mutator, seed))   # raises if unexpected
    return test


test_hostile_saves_are_loaded_or_refused_with_a_sentence = _fuzz("save")
test_hostile_settings_fall_back_to_defaults_with_a_notice = _fuzz("settings")
test_hostile_statistics_are_loaded_within_bounds_or_set_aside = _fuzz("statistics")
test_hostile_rule_sets_are_loaded_or_refused_and_set_aside = _fuzz("rules")


# ---------------------------------------------------------------------------------------------
# the bounded reader

@pytest.mark.parametrize("text, problem, key", [
    (DEEP, "too_deep", None),
    (b'{"a":' * 3000 + b"1" + b"}" * 3000, "too_deep", None),
    (b'{"seed": 1' + b"0" * 400 + b"}", "number", "seed"),
    (b'{"scores": [1, -123456789012345678901]}', "number", "scores"),
    (b"[1e400]", "number", None),
    (b"[NaN]", "number", None),
    (b'{"a": -Infinity}', "number", None),
])
def test_the_reader_refuses_deep_nesting_and_numbers_out_of_range(text, problem, key):
    with pytest.raises(JsonBoundsError) as info:
        loads_bounded(text)
    assert info.value.problem == problem and info.value.key == key


def test_the_reader_reads_what_is_within_bounds_brackets_and_digits_in_strings_too():
    nested = b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH
    assert loads_bounded(nested) is not None
    text = json.dumps({"name": "[" * 100 + "{" * 100, "id": "1" * 40, "n": 2**64 - 1, "f": 1e-400}).encode()
    assert loads_bounded(b"\xef\xbb\xbf" + text)["n"] == 2**64 - 1
    with pytest.raises(ValueError):
        loads_bounded(b'"' + b'\\"' * 100_000)   # a string that never ends: refused, in linear time


def test_a_path_with_a_nul_character_is_an_os_error_not_a_value_error(tmp_path):
    with pytest.raises(BadPathError):
        read_regular_file(str(tmp_path / "a\0b"), 10)


# ---------------------------------------------------------------------------------------------
# saves

def test_a_nul_path_is_refused_as_a_save_error():
    with pytest.raises(SaveFileError) as info:
        load_match("game\0.cekisave")
    assert info.value.reason == "bad_name"
    fuzz_files.player_sentence(str(info.value))


def test_a_file_in_place_of_the_data_folder_is_named_as_such():
    paths.data_dir().parent.mkdir(parents=True, exist_ok=True)
    paths.data_dir().write_text("not a folder")
    with pytest.raises(SaveFileError) as info:
        load_autosave()
    msg = str(info.value)
    assert info.value.reason == "no_folder"
    assert f"the folder “{paths.data_dir().name}” that should hold it is a file, not a folder" in msg, msg
    fuzz_files.player_sentence(msg)


def test_an_autosave_that_cannot_be_written_for_a_file_in_place_of_its_folder_says_so():
    from cekidesk.persistence.saves import write_save

    paths.data_dir().parent.mkdir(parents=True, exist_ok=True)
    paths.data_dir().write_text("not a folder")
    with pytest.raises(SaveFileError) as info:
        write_save(paths.autosave_path(), b"{}")
    assert info.value.reason == "write_failed"
    assert "that should hold it is a file, not a folder" in str(info.value), str(info.value)


@pytest.mark.parametrize("edit, words", [
    (lambda d: d.update(log=[]), "“log” has too few entries"),
    (lambda d: d.update(seats=[]), "“seats” has too few entries"),
    (lambda d: d["seats"][0].update(name=""), "seat 1, “name” is empty"),
    (lambda d: d.update(seed="x"), "“seed” should be a whole number"),
    (lambda d: d["ledger"].update(hands_finished=-1), "“hands_finished” is out of range"),
    (lambda d: d.update(game="Ceki!"), "“game” is not written the way CekiDesk writes it"),
    (lambda d: d.update(seed=10**30), "the entry “seed” holds a number far beyond what a save can hold"),
])
def test_save_refusals_are_worded_for_players_not_by_pydantic(tmp_path, edit, words):
    doc = json.loads(fuzz_files.bases()["save"][0])
    edit(doc)
    path = tmp_path / "edited.cekisave"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    msg = str(info.value)
    assert words in msg, msg
    fuzz_files.player_sentence(msg)


# ---------------------------------------------------------------------------------------------
# settings

def test_damaged_settings_give_a_notice_the_window_can_show(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(DEEP)
    settings_, notice = read_settings(path)
    assert settings_ == Settings() and notice is not None and notice.problem == "damaged"
    assert notice.kept == tmp_path / "settings.json.bad"
    text = notice.message()
    assert "“settings.json” is damaged" in text and "“settings.json.bad”" in text
    assert load_settings_and_notice(path) == (Settings(), None)   # (its notices: the set-aside ones only)


def test_settings_with_some_bad_values_keep_the_rest_and_say_so(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"hints": False, "bot_pace_ms": 2**31, "default_opponents": 10**400 // 10**390}))
    settings_, notice = read_settings(path)
    assert settings_ == Settings(hints=False)
    assert notice is not None and notice.problem == "invalid_values"
    assert notice.message(lambda context, text: f"[{context}] {text}").startswith("[SettingsNotice] Some of")


# ---------------------------------------------------------------------------------------------
# statistics

def _statistics_file(totals: dict) -> None:
    statistics_path().parent.mkdir(parents=True, exist_ok=True)
    statistics_path().write_text(json.dumps({"format": "cekidesk-statistics", "schema_version": 1, "folded": [
        {"game": "ceki", "level": "normal", "totals": totals}]}))


@pytest.mark.parametrize("totals", [{"hands": 2**31}, {"hands": 10**400}, {"points": -(10**18)},
                                    {"kinds": {"ceki": 2**40}}, {"best": {"points": 2**31}}])
def test_statistics_totals_beyond_what_the_window_counts_are_set_aside(totals):
    _statistics_file({"hands": 1, **totals} if "hands" not in totals else totals)
    store = StatisticsStore()
    assert store.notice is not None and store.notice.problem == "damaged" and store.doc == StatisticsDocument()


def test_folded_totals_that_add_up_beyond_the_bound_are_set_aside():
    statistics_path().parent.mkdir(parents=True, exist_ok=True)
    statistics_path().write_text(json.dumps({"format": "cekidesk-statistics", "schema_version": 1, "folded": [
        {"game": "ceki", "level": level, "totals": {"hands": 6 * 10**8}} for level in ("normal", "hard")]}))
    assert StatisticsStore().notice is not None


def test_the_statistics_window_shows_totals_beyond_a_c_int_without_overflow(qtbot):
    """The store's bounds keep such numbers out of the file; the window is the last guard."""
    from cekidesk.ui.window.statistics_window import StatisticsDialog

    store = StatisticsStore()
    huge = Totals.model_construct(**{**Totals().model_dump(exclude={"best"}), "matches": 2**40, "hands": 2**40,
                                     "hands_won": 2**39, "streak": 2**33, "longest": 2**33, "points": 10**30,
                                     "money_won": 2**70, "kinds": {"kowah": 2**40}, "best": None})
    store.doc.folded.append(Folded.model_construct(game="ceki", level="normal", totals=huge))
    big = MatchStat.model_construct(id="a" * 32, game="ceki", level="normal", money=True, fingerprint="0" * 16,
                                    started=datetime(9999, 12, 31, 23, tzinfo=UTC), over=False, won=False,
                                    hands=[HandStat(index=0, seq=0, won=True, kind="kowah",
                                                    points=10**9, money=10**12, undone=False, before="0" * 16)])
    store.doc.matches.append(big)
    dialog = StatisticsDialog(store, "ceki")
    qtbot.addWidget(dialog)
    dialog.show()
    for measure in (0, 1):
        dialog.measure_box.setCurrentIndex(measure)
        dialog.grab()
    assert dialog.values["hands"].text()


# ---------------------------------------------------------------------------------------------
# rule sets

def test_a_rule_set_nested_5000_deep_is_refused_and_set_aside(tmp_path):
    path = tmp_path / "deep.cepe.json"
    path.write_bytes(DEEP)
    with pytest.raises(RuleFileError) as info:
        read_rule_file(path)
    assert info.value.code == "not_json"
    found, notices = list_rule_sets(tmp_path)
    assert found == [] and [n.kept for n in notices] == [tmp_path / "deep.cepe.json.bad"]
    assert list_rule_sets(tmp_path) == ([], [])   # set aside once: the folder is clean afterwards


@pytest.mark.parametrize("name", [" ", "\t\n", "Ce\x00Pe"])
def test_a_rule_set_with_a_blank_or_unprintable_name_is_refused(tmp_path, name):
    path = tmp_path / "blank.cepe.json"
    doc = json.loads(rules_to_json(preset("bloody")))
    doc["rules"]["name"] = name
    path.write_text(json.dumps(doc))
    with pytest.raises(RuleFileError) as info:
        read_rule_file(path)
    assert (info.value.code, info.value.detail) == ("invalid", "name")


def test_a_rule_set_number_out_of_range_names_its_field(tmp_path):
    path = tmp_path / "big.cepe.json"
    path.write_text(rules_to_json(preset("bloody")).replace('"limit": 99', '"limit": 1' + "0" * 400))
    with pytest.raises(RuleFileError) as info:
        read_rule_file(path)
    assert (info.value.code, info.value.detail) == ("invalid", "limit")


# ---------------------------------------------------------------------------------------------
# through the real window

@pytest.fixture
def window(qtbot, boxes):
    from cekidesk.ui.main_window import MainWindow

    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    yield w
    w.close()


def test_the_window_refuses_a_nul_path_with_a_message(window, boxes, qtbot):
    with qtbot.capture_exceptions() as errors:
        assert window.open_file("game\0.cekisave") is False
    assert not errors and len(boxes) == 1 and "not one a file can have" in boxes[0][2]


@settings(max_examples=12, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(mutator=st.sampled_from(sorted(fuzz_files.MUTATORS)), seed=st.integers(0, 2**32))
def test_the_window_opens_a_hostile_save_or_says_why_and_shows_hostile_statistics(window, boxes, qtbot, tmp_path,
                                                                                  mutator, seed):
    from cekidesk.ui.window.statistics_window import StatisticsDialog

    save = tmp_path / f"{seed}.cekisave"
    save.write_bytes(fuzz_files.hostile("save", mutator, seed))
    stats = tmp_path / f"{seed}.json"
    stats.write_bytes(fuzz_files.hostile("statistics", mutator, seed))
    boxes.clear()
    with qtbot.capture_exceptions() as errors:
        if not window.open_file(save):
            assert len(boxes) == 1 and boxes[0][0] == "warning", boxes
            fuzz_files.player_sentence(boxes[0][2])
        dialog = StatisticsDialog(StatisticsStore(stats), None, window)
        for g in range(dialog.game_box.count()):
            dialog.game_box.setCurrentIndex(g)
        dialog.grab()
        dialog.deleteLater()
    assert not errors, errors
    os.remove(save)


# ---------------------------------------------------------------------------------------------
# in the player's language

@pytest.mark.parametrize("lang, words", [
    ("id", ["Berkas simpanan ini rusak atau telah diubah dengan tangan", "kursi 1, “name” kosong",
            "Berkas itu tidak diubah."]),
    ("jv", ["Berkas simpenan iki rusak utawa wis diowahi nganggo tangan", "kursi 1, “name” kosong",
            "Berkasé ora diowahi."]),
])
def test_save_refusals_and_the_settings_notice_are_said_in_the_players_language(qapp, tmp_path, lang, words):
    from PySide6.QtCore import QCoreApplication

    from cekidesk.ui.foundations import i18n

    doc = json.loads(fuzz_files.bases()["save"][0])
    doc["seats"][0]["name"] = ""
    path = tmp_path / "edited.cekisave"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    settings_path_ = tmp_path / "settings.json"
    settings_path_.write_bytes(DEEP)
    notice = read_settings(settings_path_)[1]
    assert notice is not None
    try:
        i18n.set_language(lang)
        said = info.value.translated(QCoreApplication.translate)
        told = notice.message(QCoreApplication.translate)
    finally:
        i18n.set_language("en")
    for w in words:
        assert w in said, said
    assert "CekiDesk" in told and "settings.json" in told and "damaged" not in told, told
    assert info.value.translated(lambda _c, text: text) == str(info.value)


def test_every_load_refusal_has_its_words_a_missing_file_too(qapp, tmp_path):
    from PySide6.QtCore import QCoreApplication

    from cekidesk.ui.foundations import i18n

    with pytest.raises(SaveFileError) as info:
        load_match(tmp_path / "nowhere.cekisave")
    assert info.value.words is not None
    try:
        i18n.set_language("id")
        said = info.value.translated(QCoreApplication.translate)
    finally:
        i18n.set_language("en")
    assert said == "Berkas “nowhere.cekisave” tidak ditemukan; mungkin sudah dipindahkan atau dihapus. Tidak ada " \
                   "yang diubah.", said


def test_saving_to_a_nul_path_is_a_save_error_not_a_value_error():
    from cekidesk.persistence.saves import write_save

    with pytest.raises(SaveFileError) as info:
        write_save(paths.saves_dir() / "a\0b.cekisave", b"{}")
    assert info.value.reason == "write_failed"
    assert "“a?b.cekisave”: that is not a name a file can have" in str(info.value)
