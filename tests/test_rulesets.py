"""The player's saved Ce Pe rule sets: save, list, replace only when asked, delete, export / import,
and damaged, foreign, huge or newer files reported and set aside without losing the other sets."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cekidesk.games.ce_pe.ruleset import MAX_RULES_BYTES, CePeOptions, RuleFileError, preset, rules_to_json
from cekidesk.persistence import paths
from cekidesk.persistence.rulesets import (
    RULES_EXTENSION,
    RuleSetExists,
    delete_rule_set,
    list_rule_sets,
    read_rule_file,
    rules_dir,
    save_rule_set,
    write_rule_file,
)


def my_rules(name: str = "Kampung 42", **changes) -> CePeOptions:
    return preset("ce_pe").model_copy(update={"name": name, "instant_win": 42, **changes})


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_the_folder_is_rules_in_the_user_data_folder():
    assert rules_dir() == paths.data_dir() / "rules"


def test_save_then_list_gives_the_same_rules_back():
    saved = save_rule_set(my_rules())
    assert saved.path.parent == rules_dir() and saved.path.name.endswith(RULES_EXTENSION)
    assert saved.path.read_text(encoding="utf-8") == rules_to_json(my_rules())
    found, notices = list_rule_sets()
    assert notices == [] and [s.rules for s in found] == [my_rules()]


def test_no_folder_lists_nothing():
    assert list_rule_sets() == ([], [])


def test_a_name_clash_is_refused_unless_replacing():
    first = save_rule_set(my_rules())
    other = my_rules("  kampung   42 ", limit=99, start=0, effects=preset("normal_99").effects)
    with pytest.raises(RuleSetExists) as e:
        save_rule_set(other)
    assert e.value.existing.rules == my_rules()
    assert read_rule_file(first.path) == my_rules()       # untouched
    again = save_rule_set(other, replace=True)
    assert again.path == first.path and read_rule_file(first.path) == other
    assert len(list_rule_sets()[0]) == 1


def test_names_that_make_the_same_file_name_get_their_own_files():
    a = save_rule_set(my_rules("House rules!"))
    b = save_rule_set(my_rules("House rules?"))
    c = save_rule_set(my_rules("ꦲꦸꦩꦃ"))            # a name in aksara Jawa keeps its letters
    assert len({a.path, b.path, c.path}) == 3
    assert sorted(s.rules.name for s in list_rule_sets()[0]) == sorted(["House rules!", "House rules?", "ꦲꦸꦩꦃ"])


def test_delete_removes_only_that_set():
    a = save_rule_set(my_rules("A"))
    save_rule_set(my_rules("B"))
    delete_rule_set(a)
    assert [s.rules.name for s in list_rule_sets()[0]] == ["B"]


def test_export_and_import_round_trip(tmp_path):
    out = write_rule_file(my_rules(), tmp_path / "share.cepe.json")
    assert read_rule_file(out) == my_rules()


@pytest.mark.parametrize("content, code", [
    (b"\x00\xff not json", "not_json"),
    (b'{"format": "cekidesk-save", "rules": {}}', "not_rules"),
    (json.dumps({"format": "cekidesk-ce-pe-rules", "version": 9, "rules": {}}).encode(), "newer"),
    (rules_to_json(my_rules()).replace('"limit": 100', '"limit": 123456').encode(), "invalid"),
    (rules_to_json(my_rules()).replace('"start": 0', '"start": 150').encode(), "start_over_limit"),
    (b" " * (MAX_RULES_BYTES + 1), "too_big"),
])
def test_a_bad_import_raises_with_its_code(tmp_path, content, code):
    p = tmp_path / "bad.cepe.json"
    p.write_bytes(content)
    with pytest.raises(RuleFileError) as e:
        read_rule_file(p)
    assert e.value.code == code


def test_unplayable_rules_in_a_file_give_the_problem_and_its_numbers(tmp_path):
    p = tmp_path / "high.cepe.json"
    p.write_text(rules_to_json(my_rules()).replace('"start": 0', '"start": 150'))
    with pytest.raises(RuleFileError) as e:
        read_rule_file(p)
    assert (e.value.code, e.value.detail) == ("start_over_limit", (150, 100))


def test_a_folder_or_a_missing_file_is_refused_in_words(tmp_path):
    with pytest.raises(RuleFileError) as e:
        read_rule_file(tmp_path)
    assert e.value.code == "not_a_file"
    with pytest.raises(RuleFileError) as e:
        read_rule_file(tmp_path / "gone.cepe.json")
    assert e.value.code == "unreadable"


def test_a_damaged_saved_set_is_set_aside_and_the_others_are_kept():
    good = save_rule_set(my_rules("Good"))
    folder = rules_dir()
    broken = folder / ("broken" + RULES_EXTENSION)
    broken.write_text(rules_to_json(my_rules("Broken")).replace('"hand_size": 4', '"hand_size": "four"'))
    huge = folder / ("huge" + RULES_EXTENSION)
    huge.write_bytes(b"{" * (MAX_RULES_BYTES + 10))
    found, notices = list_rule_sets()
    assert [s.path for s in found] == [good.path]
    assert sorted((n.path.name, n.error.code) for n in notices) == [
        ("broken" + RULES_EXTENSION, "invalid"), ("huge" + RULES_EXTENSION, "too_big")]
    assert all(n.kept is not None and n.kept.exists() for n in notices)
    assert files(folder) == sorted([good.path.name, "broken.cepe.json.bad", "huge.cepe.json.bad"])
    # reported once: the next listing finds only the good set
    assert list_rule_sets() == ([found[0]], [])
    # and a new set of the damaged one's name never writes over the kept file
    save_rule_set(my_rules("Broken"))
    assert (folder / "broken.cepe.json.bad").read_text().count('"four"') == 1


def test_a_newer_file_is_reported_and_left_in_place():
    folder = rules_dir()
    folder.mkdir(parents=True)
    newer = folder / ("newer" + RULES_EXTENSION)
    newer.write_text(json.dumps({"format": "cekidesk-ce-pe-rules", "version": 99, "rules": {"name": "Newer"}}))
    found, notices = list_rule_sets()
    assert found == [] and [(n.error.code, n.kept) for n in notices] == [("newer", None)]
    assert newer.exists()
    saved = save_rule_set(my_rules("Newer"))
    assert saved.path != newer and "version" in newer.read_text()


def test_a_write_that_fails_leaves_the_old_set(monkeypatch):
    saved = save_rule_set(my_rules())

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        save_rule_set(my_rules(limit=200), replace=True)
    assert read_rule_file(saved.path) == my_rules()
    assert files(rules_dir()) == [saved.path.name]
