"""``cekidesk-sim --game ce-pe --rules PRESET|FILE``: the report of wins, eliminations, hand lengths
and stock rebuilds for every preset and a rule-set file; a bad rule file or preset gets one clear
line and exit code 2, never a traceback."""
from __future__ import annotations

import pytest

from cekidesk.games.ce_pe.ruleset import CePeOptions, preset, rules_to_json
from cekidesk.sim import main

BASE = ["--game", "ce-pe", "--rounds", "12", "--seed", "3", "--quiet"]


def report(capsys, argv) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("preset_id", ["ce_pe", "normal_99", "bloody", "ninety_nine"])
def test_every_preset_is_simulated_with_its_rules_and_reported(capsys, preset_id):
    out = report(capsys, [*BASE, "--rules", preset_id])
    assert f"name={preset(preset_id).name}" in out
    for line in ("hands ended by:", "eliminations:", "  out 1st:", "hand length (turns): mean",
                 "stock rebuilt:"):
        assert line in out
    assert out == report(capsys, [*BASE, "--rules", preset_id])


def test_ninety_nine_reports_the_hands_lost_before_a_redeal(capsys):
    out = report(capsys, [*BASE, "--rules", "ninety_nine"])
    assert "loss " in out.split("hands ended by:")[1].splitlines()[0]


def test_a_rule_set_file_plays_exactly_its_rules(capsys, tmp_path):
    mine = CePeOptions.model_validate({**preset("bloody").model_dump(), "name": "Kelas 9B", "hand_size": 3})
    path = tmp_path / "kelas.cepe.json"
    path.write_text(rules_to_json(mine), encoding="utf-8")
    out = report(capsys, [*BASE, "--rules", str(path)])
    assert "name=Kelas 9B" in out and "hand_size=3" in out
    # --options change the file's rules further
    out = report(capsys, [*BASE, "--rules", str(path), "--options", "hand_size=2"])
    assert "hand_size=2" in out


@pytest.mark.parametrize("content,words", [
    ("not json at all", "not a rule set (not JSON text)"),
    ('{"format": "something-else", "rules": {}}', "not a rule set of this game"),
    ('{"format": "cekidesk-ce-pe-rules", "version": 99, "rules": {}}', "newer version of CekiDesk"),
    ('{"format": "cekidesk-ce-pe-rules", "version": 1, "rules": {"limit": 5, "start": 50}}',
     "the rules cannot be played (start_over_limit)"),
    ('{"format": "cekidesk-ce-pe-rules", "version": 1, "rules": {"hand_size": 99}}',
     "a value out of bounds (hand_size)"),
    ('{"format": "cekidesk-ce-pe-rules", "version": 1, "rules": ' + "[" * 5000 + "]" * 5000 + "}",
     "not a rule set (not JSON text)"),                      # nested far too deep: no RecursionError
    ('{"format": "cekidesk-ce-pe-rules", "version": 1, "rules": {"limit": 1' + "0" * 400 + "}}",
     "a value out of bounds (limit)"),
])
def test_a_bad_rule_file_gets_one_clear_line_and_exit_code_2(capsys, tmp_path, content, words):
    path = tmp_path / "bad.cepe.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main([*BASE, "--rules", str(path)])
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("cekidesk-sim: error: --rules") and words in err and "Traceback" not in err


def test_an_unknown_preset_names_the_presets(capsys):
    with pytest.raises(SystemExit) as exc:
        main([*BASE, "--rules", "uno"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "neither a preset of ce-pe (ce_pe, normal_99, bloody, ninety_nine) nor a readable file" in err
