"""Settings: defaults, round trip, and what happens with missing, damaged or odd files."""
from __future__ import annotations

import base64
import json
import logging
import os
from pathlib import Path

import pytest
from pydantic import ValidationError
from waiting import finishes

from cekidesk.persistence import Settings, load_settings, paths, save_settings
from cekidesk.persistence import settings as settings_mod
from cekidesk.persistence.settings import SETTINGS_SCHEMA_VERSION, SettingsNotice, load_settings_and_notice

LOGGER = "cekidesk.persistence.settings"


@pytest.fixture
def folder(tmp_path) -> Path:
    d = tmp_path / "cfg"
    d.mkdir()
    return d


@pytest.fixture
def path(folder) -> Path:
    return folder / "settings.json"


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def warnings_of(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == LOGGER and r.levelno == logging.WARNING]


def test_defaults():
    s = Settings()
    assert s.schema_version == SETTINGS_SCHEMA_VERSION == 2
    assert s.language is None  # follow the system (cekidesk.ui.foundations.i18n.default_language)
    assert s.card_names == "latin"
    assert s.animation_speed == "normal"
    assert s.bot_pace_ms == 600
    assert s.default_opponents == 3
    assert s.default_bot_level == "normal"
    assert s.expert_seconds == 1.0 and s.bot_budgets() == {"expert": 1.0}
    assert s.hints is True and s.highlight_legal is True and s.sort_hand is True and s.autosave is True
    assert s.last_game_id == "ceki"
    assert s.window_geometry is None


def test_round_trip(path):
    geometry = base64.b64encode(bytes(range(66))).decode("ascii")
    s = Settings(language="id", card_names="both", animation_speed="off", bot_pace_ms=0,
                 default_opponents=5, default_bot_level="expert", expert_seconds=2.5, hints=False,
                 highlight_legal=False,
                 sort_hand=False, autosave=False, last_game_id="ceki", window_geometry=geometry)
    assert save_settings(s, path) == path
    assert load_settings(path) == s
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["schema_version"] == SETTINGS_SCHEMA_VERSION and raw["card_names"] == "both" and raw["window_geometry"] == geometry
    assert set(raw) == set(Settings.model_fields)


def test_default_location_is_the_user_config_dir(tmp_path):
    s = Settings(bot_pace_ms=1200)
    written = save_settings(s)
    assert written == paths.settings_path()
    assert str(written).startswith(str(tmp_path))  # conftest redirects the user dirs
    assert written.parent.name == "CekiDesk"
    assert load_settings() == s


def test_missing_file_gives_defaults_silently(path, folder, caplog):
    caplog.set_level(logging.DEBUG)
    assert load_settings(path) == Settings()
    assert warnings_of(caplog) == []
    assert names(folder) == []  # nothing created
    assert load_settings() == Settings()  # default path, never written


@pytest.mark.parametrize("content, why", [
    (b'{"language": "id", "hints": fal', "not readable JSON"),
    (b"this is not json", "not readable JSON"),
    (b"\xff\xfe\x00garbage\x00", "not UTF-8"),
    (b"[1, 2, 3]", "JSON object"),
    (b'"just a string"', "JSON object"),
    (b'{"bot_pace_ms": NaN}', "not readable JSON"),
])
def test_corrupt_file_gives_defaults_and_keeps_a_backup(path, folder, caplog, content, why):
    path.write_bytes(content)
    caplog.set_level(logging.WARNING)
    assert load_settings(path) == Settings()
    assert path.read_bytes() == content  # loading never rewrites the file
    backup = folder / "settings.json.bad"
    assert backup.read_bytes() == content
    msgs = warnings_of(caplog)
    assert len(msgs) == 1 and why in msgs[0] and "settings.json.bad" in msgs[0]


def test_wrong_types_keep_the_valid_values(path, folder, caplog):
    path.write_text(json.dumps({
        "language": "jv",
        "hints": "yes",            # not a boolean
        "bot_pace_ms": "600",      # not a number
        "default_opponents": True,  # a boolean is not a number
        "sort_hand": False,
        "card_names": "javanese",
    }), encoding="utf-8")
    caplog.set_level(logging.WARNING)
    s = load_settings(path)
    assert s == Settings(language="jv", sort_hand=False, card_names="javanese")
    assert (folder / "settings.json.bad").read_bytes() == path.read_bytes()
    msg = " ".join(warnings_of(caplog))
    assert "hints" in msg and "bot_pace_ms" in msg and "default_opponents" in msg
    assert "language" not in msg and "sort_hand" not in msg


@pytest.mark.parametrize("field, value", [
    ("bot_pace_ms", 999_999),
    ("bot_pace_ms", -1),
    ("default_opponents", 0),
    ("default_opponents", 9),
    ("animation_speed", "warp"),
    ("card_names", "klingon"),
    ("language", "English (please)"),
    ("default_bot_level", "God Mode!"),
    ("default_bot_level", "grandmaster"),    # the form of a level id, but no level
    ("expert_seconds", 0.4),
    ("expert_seconds", 5.5),
    ("expert_seconds", "2"),
    ("expert_seconds", True),
    ("window_geometry", "not base64 at all!"),
    ("window_geometry", "A" * 9000),
    ("schema_version", 0),
    ("schema_version", "1"),
])
def test_out_of_range_values_fall_back_to_their_default(path, folder, caplog, field, value):
    path.write_text(json.dumps({field: value, "hints": False}), encoding="utf-8")
    caplog.set_level(logging.WARNING)
    s = load_settings(path)
    assert s == Settings(hints=False)
    assert (folder / "settings.json.bad").is_file()
    assert any(field in m for m in warnings_of(caplog))


@pytest.mark.parametrize("old, level", [("random", "beginner"), ("heuristic", "normal")])
def test_the_level_ids_of_release_0_1_read_as_todays_levels(path, folder, caplog, old, level):
    path.write_text(json.dumps({"default_bot_level": old, "hints": False}), encoding="utf-8")
    caplog.set_level(logging.WARNING)
    s = load_settings(path)
    assert s == Settings(default_bot_level=level, hints=False) and s.default_bot_level == level
    assert warnings_of(caplog) == [] and names(folder) == ["settings.json"]   # nothing wrong with the file
    save_settings(s, path)
    assert json.loads(path.read_text(encoding="utf-8"))["default_bot_level"] == level


@pytest.mark.parametrize("seconds", [0.5, 2, 3.7, 5.0])
def test_the_experts_thinking_time_is_read_in_its_range(path, caplog, seconds):
    path.write_text(json.dumps({"expert_seconds": seconds}), encoding="utf-8")
    caplog.set_level(logging.WARNING)
    s = load_settings(path)
    assert s.expert_seconds == seconds and s.bot_budgets() == {"expert": seconds}
    assert warnings_of(caplog) == []


def test_unknown_keys_are_ignored_with_a_warning_and_no_backup(path, folder, caplog):
    path.write_text(json.dumps({"bot_pace_ms": 250, "table_cloth": "green"}), encoding="utf-8")
    caplog.set_level(logging.WARNING)
    assert load_settings(path) == Settings(bot_pace_ms=250)
    msgs = warnings_of(caplog)
    assert len(msgs) == 1 and "table_cloth" in msgs[0]
    assert names(folder) == ["settings.json"]


def test_newer_settings_version_is_read_as_far_as_possible(path, caplog):
    path.write_text(json.dumps({"schema_version": 7, "hints": False, "new_thing": 1}), encoding="utf-8")
    caplog.set_level(logging.WARNING)
    s = load_settings(path)
    assert s == Settings(hints=False) and s.schema_version == SETTINGS_SCHEMA_VERSION
    assert any("newer CekiDesk" in m for m in warnings_of(caplog))


def test_the_same_bad_file_is_backed_up_once_and_a_different_one_again(path, folder):
    path.write_bytes(b"{broken")
    load_settings(path)
    load_settings(path)
    assert names(folder) == ["settings.json", "settings.json.bad"]
    path.write_bytes(b"{broken differently")
    load_settings(path)
    backups = [n for n in names(folder) if n.startswith("settings.json.bad")]
    assert len(backups) == 2
    contents = sorted((folder / n).read_bytes() for n in backups)
    assert contents == [b"{broken", b"{broken differently"]


def test_saving_after_a_bad_load_repairs_the_file_and_keeps_the_backup(path, folder):
    path.write_text('{"hints": false, "bot_pace_ms": "slow"}', encoding="utf-8")
    s = load_settings(path)
    save_settings(s, path)
    assert load_settings(path) == Settings(hints=False)
    assert (folder / "settings.json.bad").read_text(encoding="utf-8") == '{"hints": false, "bot_pace_ms": "slow"}'


def test_too_large_file_gives_defaults(path, folder, caplog, monkeypatch):
    monkeypatch.setattr(settings_mod, "MAX_SETTINGS_BYTES", 100)
    path.write_text(json.dumps({"hints": False, "language": "en" + " " * 200}), encoding="utf-8")
    caplog.set_level(logging.WARNING)
    assert load_settings(path) == Settings()
    assert (folder / "settings.json.bad").is_file()
    assert any("too large" in m for m in warnings_of(caplog))


def test_a_utf8_bom_is_accepted(path, caplog):
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"hints": False}).encode())
    caplog.set_level(logging.WARNING)
    assert load_settings(path) == Settings(hints=False)
    assert warnings_of(caplog) == []


def test_failed_save_leaves_the_old_settings(path, folder, monkeypatch):
    save_settings(Settings(hints=False), path)
    before = path.read_bytes()

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        save_settings(Settings(hints=True), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert names(folder) == ["settings.json"]


def test_model_is_validated():
    s = Settings()
    with pytest.raises(ValidationError):
        s.bot_pace_ms = -5
    with pytest.raises(ValidationError):
        s.animation_speed = "warp"
    with pytest.raises(ValidationError):
        Settings(no_such_setting=1)
    with pytest.raises(ValidationError):
        s.expert_seconds = 60
    with pytest.raises(ValidationError):
        s.default_bot_level = "grandmaster"
    s.bot_pace_ms = 100
    assert s.bot_pace_ms == 100
    s.default_bot_level = "heuristic"
    assert s.default_bot_level == "normal"
    with pytest.raises(TypeError):
        save_settings({"hints": True})  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# files that are too large or not files: set aside by renaming, never read or copied

@pytest.fixture
def no_opening(monkeypatch):
    """Fail if any file is opened for reading or copied."""
    def refuse(*args, **kwargs):
        raise AssertionError("the file was opened")

    monkeypatch.setattr(os, "open", refuse)
    monkeypatch.setattr(settings_mod.shutil, "copy2", refuse)
    monkeypatch.setattr(settings_mod.filecmp, "cmp", refuse)


def test_a_huge_sparse_file_is_renamed_aside_unread(path, folder, caplog, monkeypatch):
    with open(path, "wb") as f:
        f.write(b'{"hints": false}')
        f.truncate(20 * 1024**3)                     # 20 GB, sparse: costs nothing on disk
    inode = path.stat().st_ino
    caplog.set_level(logging.WARNING)
    monkeypatch.setattr(os, "open", lambda *a, **k: pytest.fail("the file was opened"))
    monkeypatch.setattr(settings_mod.shutil, "copy2", lambda *a, **k: pytest.fail("the file was copied"))
    (settings, notice), exc = finishes(load_settings_and_notice, path)
    assert exc is None
    monkeypatch.undo()
    assert settings == Settings()
    assert notice == SettingsNotice("too_large", path, folder / "settings.json.bad")
    assert names(folder) == ["settings.json.bad"]
    assert (folder / "settings.json.bad").stat().st_ino == inode      # moved, not copied
    assert any("too large" in m and "settings.json.bad" in m for m in warnings_of(caplog))
    save_settings(Settings(hints=False), path)                        # the next save writes a real file
    assert load_settings_and_notice(path) == (Settings(hints=False), None)
    assert (folder / "settings.json.bad").stat().st_size == 20 * 1024**3


def test_a_second_oversized_file_does_not_replace_the_first_one_set_aside(path, folder, monkeypatch):
    monkeypatch.setattr(settings_mod, "MAX_SETTINGS_BYTES", 10)
    for content in (b"x" * 11, b"y" * 12):
        path.write_bytes(content)
        assert load_settings_and_notice(path)[1].problem == "too_large"
    kept = sorted((folder / n).read_bytes() for n in names(folder))
    assert kept == [b"x" * 11, b"y" * 12] and not path.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes and links")
@pytest.mark.parametrize("behind_a_link", [False, True])
def test_a_named_pipe_is_set_aside_without_blocking(path, folder, no_opening, behind_a_link):
    fifo = folder / "pipe" if behind_a_link else path
    os.mkfifo(fifo)
    if behind_a_link:
        path.symlink_to(fifo)
    (settings, notice), exc = finishes(load_settings_and_notice, path)
    assert exc is None
    assert settings == Settings() and notice.problem == "not_a_file"
    assert notice.kept == folder / "settings.json.bad" and not os.path.lexists(path)
    assert notice.kept.is_symlink() == behind_a_link           # the link is moved, not what it points to


def test_a_folder_in_place_of_the_file_is_set_aside_so_settings_can_be_saved(path, folder, caplog):
    path.mkdir()
    (path / "inside").write_text("mine")
    caplog.set_level(logging.WARNING)
    settings, notice = load_settings_and_notice(path)
    assert any("not an ordinary file" in m for m in warnings_of(caplog))
    assert settings == Settings() and notice.problem == "not_a_file"
    assert (folder / "settings.json.bad" / "inside").read_text() == "mine"
    save_settings(Settings(hints=False), path)
    assert load_settings(path) == Settings(hints=False)


def test_an_ordinary_bad_file_gives_no_notice(path):
    path.write_bytes(b"{broken")
    assert load_settings_and_notice(path) == (Settings(), None)
