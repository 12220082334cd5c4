"""``cekidesk-selftest`` (cekidesk/selftest.py): it passes on a complete CekiDesk, draws the same table
every time, leaves the player's folders alone, and each check fails when what it checks is missing."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter

from cekidesk import selftest
from cekidesk.persistence import paths
from cekidesk.ui.foundations import cardpics, fonts, i18n


@pytest.fixture
def english(qapp):
    yield
    i18n.set_language("en")


def run() -> tuple[bool, list[str]]:
    lines: list[str] = []
    return selftest.run_checks(None, out=lines.append), lines


def test_passes_and_draws_the_same_table_every_time(qapp, tmp_path, capsys, english):
    first, second = tmp_path / "a" / "table.png", tmp_path / "table again.png"
    assert selftest.main([str(first)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == [
        "ok    languages", "ok    latin font", "ok    javanese font", "ok    card faces", "ok    table",
        "self-test passed"]
    assert "ceki 30, western 52, backs 4" in out[3]
    assert selftest.main([str(second)]) == 0
    image = QImage(str(first))
    assert (image.width(), image.height()) == selftest.TABLE_SIZE
    same, how = selftest.compare(first, second)   # (two processes draw the very same bytes; after other
    assert same, how                                # tests in this one, an antialiased edge may differ)


def test_the_players_folders_are_left_alone(qapp, tmp_path, english):
    user_data, user_config = paths.data_dir(), paths.config_dir()
    assert selftest.main([str(tmp_path / "t.png")]) == 0
    assert (paths.data_dir(), paths.config_dir()) == (user_data, user_config)
    assert not user_config.exists() and not user_data.exists()   # (the tests' own empty home)


def test_use_root_moves_every_folder_and_back(tmp_path):
    user = paths.settings_path()
    paths.use_root(tmp_path)
    try:
        assert paths.settings_path() == tmp_path / "config" / paths.SETTINGS_NAME
        assert paths.autosave_path() == tmp_path / "data" / paths.AUTOSAVE_NAME
        assert paths.saves_dir() == tmp_path / "data" / "saves"
    finally:
        paths.use_root(None)
    assert paths.settings_path() == user


def test_a_language_that_stays_english_fails(qapp, monkeypatch, english):
    real = i18n.qm_file
    monkeypatch.setattr(i18n, "qm_file", lambda lang: None if lang == "jv" else real(lang))
    with pytest.raises(selftest.CheckFailed, match=r"not translated: jv \(no \.qm file: '&Game'\)"):
        selftest.check_languages()
    assert i18n.current_language() == "en"


def test_a_missing_javanese_font_fails(qapp, monkeypatch):
    monkeypatch.setattr(fonts, "register_fonts", lambda: None)
    with pytest.raises(selftest.CheckFailed, match="Noto Sans Javanese did not register"):
        selftest.check_font()


def test_a_font_without_latin_letters_fails(qapp, monkeypatch):
    """Boxes have ink: the check asks the interface font for the glyphs themselves."""
    from PySide6.QtGui import QRawFont

    real = QRawFont.supportsCharacter
    monkeypatch.setattr(QRawFont, "supportsCharacter", lambda self, ch: ch > 0x7F and real(self, ch))
    with pytest.raises(selftest.CheckFailed, match="no font draws Latin letters: the interface font .* has no glyph"):
        selftest.check_latin_font()


def test_a_system_without_fonts_fails_the_latin_check(tmp_path):
    """A real font configuration with no font in it (only the bundled Javanese font is there then):
    the check fails instead of passing with boxes."""
    import os
    import subprocess
    import sys

    conf = tmp_path / "fonts.conf"
    conf.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">'
                    f"<fontconfig><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>", encoding="utf-8")
    code = ("from cekidesk.ui.app import make_application\nmake_application('t')\nfrom cekidesk import selftest\n"
            "try:\n    print('ok', selftest.check_latin_font())\nexcept selftest.CheckFailed as exc:\n"
            "    print('FAIL', exc)\n")
    env = dict(os.environ, FONTCONFIG_FILE=str(conf), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.startswith("FAIL no font draws Latin letters"), done.stdout + done.stderr
    env.pop("FONTCONFIG_FILE")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.startswith("ok "), done.stdout + done.stderr


def test_a_missing_or_blank_card_fails(qapp, monkeypatch, english):
    monkeypatch.setattr(cardpics, "_ART", None)   # a card art of its own, with nothing cached
    real_path, real_image = cardpics._svg_path, cardpics.card_image
    monkeypatch.setattr(cardpics, "_svg_path", lambda code, design="lattice":
                        Path("/nonexistent/S9.svg") if code == "S9" else real_path(code, design))

    def blank(code: str, height: int, dpr: float = 1.0) -> QImage:
        if code != "QH":
            return real_image(code, height, dpr)
        image = QImage(40, height, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.white)
        return image

    monkeypatch.setattr(cardpics, "card_image", blank)
    with pytest.raises(selftest.CheckFailed) as failed:
        selftest.check_cards()
    assert str(failed.value).startswith("S9 (no picture); QH (blank: 100% opaque, 0.0% drawn)")
    passed, lines = run()
    assert not passed and lines[3].startswith("FAIL  card faces: S9 (no picture)") and lines[-1] == "self-test FAILED"


def test_every_card_of_every_deck_is_checked():
    codes = selftest.card_codes()
    assert len(codes["ceki"]) == 30 and len(set(codes["western"])) == 52
    assert {"WF", "RF", "OT", "S9"} <= set(codes["ceki"]) and {"AS", "10H", "KD"} <= set(codes["western"])
    assert codes["backs"] == [fam.back for fam in cardpics.FAMILIES.values()]


def test_ink(qapp):
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    assert selftest.ink(image) == (0.0, 0.0)
    image.fill(Qt.GlobalColor.white)
    assert selftest.ink(image) == (1.0, 0.0)
    image.setPixelColor(3, 3, QColor("black"))
    assert selftest.ink(image) == (1.0, 0.01)


def _picture(path: Path, shade: int = 0, box: bool = False, size: int = 100) -> Path:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(QColor(40 + shade, 120 + shade, 60 + shade))
    if box:
        p = QPainter(image)
        p.fillRect(10, 10, 12, 12, QColor("red"))
        p.end()
    image.save(str(path))
    return path


def test_compare(qapp, tmp_path):
    a = _picture(tmp_path / "a.png")
    assert selftest.compare(a, _picture(tmp_path / "b.png"))[0]
    same, how = selftest.compare(a, _picture(tmp_path / "c.png", shade=10))   # antialiasing-sized shifts
    assert same and how.startswith("0 of 10000 pixels differ by more than 24 (largest difference 10")
    same, how = selftest.compare(a, _picture(tmp_path / "d.png", box=True))
    assert not same and how.startswith("144 of 10000 pixels differ")
    same, how = selftest.compare(a, _picture(tmp_path / "e.png", size=99))
    assert not same and how == "the sizes differ: 100×100 and 99×99"
    assert selftest.compare(a, tmp_path / "missing.png") == (False, f"{tmp_path / 'missing.png'} is not a picture")


def test_compare_from_the_command_line(qapp, tmp_path, capsys):
    a, b = _picture(tmp_path / "a.png"), _picture(tmp_path / "b.png", box=True)
    assert selftest.main(["--compare", str(a), str(a)]) == 0
    assert selftest.main(["--compare", str(a), str(b)]) == 1
    assert capsys.readouterr().out.splitlines()[1].startswith(f"DIFFERENT: {a} and {b}: 144 of 10000")
