"""Interface languages: ids, defaults, settings migration, switching at runtime, Javanese script drawn,
no clipped texts with long translations."""
from __future__ import annotations

import json
import logging
import math

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QTranslator
from PySide6.QtGui import QTextLayout
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel
from waiting import HANG_GUARD_MS

from cekidesk.languages import normalize_language
from cekidesk.persistence import paths
from cekidesk.persistence.settings import Settings, load_settings
from cekidesk.ui.foundations import i18n
from cekidesk.ui.foundations.fonts import FAMILY, install_javanese_font


@pytest.fixture(autouse=True)
def _back_to_english(qapp):
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("value,lang", [("en", "en"), ("id", "id"), ("id_ID", "id"), ("in", "id"), ("jv", "jv"),
                                        ("jv_ID", "jv"), ("jv-Java", "jv-Java"), ("jv_Java", "jv-Java"),
                                        ("en-GB", "en"), ("zh_TW", None), ("English (please)", None), ("", None)])
def test_language_ids(value, lang):
    assert normalize_language(value) == lang


def test_default_follows_the_system_locale():
    assert i18n.default_language(QLocale("id_ID")) == "id"
    assert i18n.default_language(QLocale("jv_ID")) == "jv"
    assert i18n.default_language(QLocale("de_DE")) == "en"
    assert i18n.default_language(QLocale("en_US")) == "en"


def test_settings_migrate_and_validate_the_language(tmp_path, caplog):
    p = tmp_path / "s.json"
    p.write_text(json.dumps({"schema_version": 1, "language": "en"}), encoding="utf-8")
    assert load_settings(p).language is None          # v1 offered only English: now follow the system
    p.write_text(json.dumps({"schema_version": 1, "language": "jv_Java"}), encoding="utf-8")
    assert load_settings(p).language == "jv-Java"
    p.write_text(json.dumps({"schema_version": 2, "language": "en"}), encoding="utf-8")
    assert load_settings(p).language == "en"           # chosen in v2: kept
    caplog.set_level(logging.WARNING)
    p.write_text(json.dumps({"schema_version": 2, "language": "klingon", "hints": False}), encoding="utf-8")
    s = load_settings(p)
    assert s.language is None and s.hints is False
    assert any("language" in r.getMessage() for r in caplog.records)
    with pytest.raises(ValueError):
        Settings(language="xx")


def test_switching_language_at_runtime(qapp):
    seen = []

    class Probe(QLabel):
        def changeEvent(self, e):
            if e.type() == QEvent.Type.LanguageChange:
                seen.append(1)
            super().changeEvent(e)

    probe = Probe()
    tr = QCoreApplication.translate
    assert i18n.set_language("id") == "id"
    assert tr("MainWindow", "&Game") == "&Permainan"
    assert tr("CardName", "9 of Strings") == "9 Untai"
    assert i18n.set_language("jv") == "jv" and tr("MainWindow", "&Game") == "&Dolanan"
    assert i18n.set_language("jv-Java") == "jv-Java" and tr("MainWindow", "&Game") == "ꦢꦺꦴꦭꦤꦤ꧀(&D)"
    assert i18n.set_language("en") == "en" and tr("MainWindow", "&Game") == "&Game"
    QApplication.processEvents()
    assert seen, "widgets get LanguageChange"
    del probe


def test_javanese_script_is_drawn_with_the_bundled_font(qtbot):
    install_javanese_font()
    label = QLabel("ꦏꦸꦕꦶꦁ")
    qtbot.addWidget(label)
    label.show()
    layout = QTextLayout(label.text(), label.font())
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    families = {run.rawFont().familyName() for run in layout.glyphRuns()}
    assert families == {FAMILY}
    assert all(0 not in run.glyphIndexes() for run in layout.glyphRuns())   # glyph 0 = the empty box
    img = label.grab().toImage()
    dark = sum(1 for x in range(img.width()) for y in range(img.height()) if img.pixelColor(x, y).lightness() < 128)
    assert dark > 20
    from PySide6.QtGui import QFontMetrics
    ink = QFontMetrics(label.font()).tightBoundingRect("ꦧꦸꦚ꧀ꦕꦶꦲꦧꦿꦶꦠ꧀ ꦏ꧀ꦭꦺꦗ ꦒ꧀ꦭꦶꦤ꧀ꦝꦶꦁ")
    assert ink.height() <= label.sizeHint().height()          # stacked signs are not cut off


def test_main_window_and_settings_dialog_change_language_at_once(qtbot):
    from cekidesk.ui.main_window import MainWindow

    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, language="en"))
    qtbot.addWidget(w)
    w.show()
    assert w.menu_game.title() == "&Game"
    dlg = w.show_settings()
    dlg.language.setCurrentIndex(dlg.language.findData("id"))
    QApplication.processEvents()
    assert i18n.current_language() == "id", i18n.current_language()
    assert QCoreApplication.translate("MainWindow", "&Game") == "&Permainan"
    assert w.menu_game.title() == "&Permainan"
    assert w.act_settings.text() == "P&engaturan…"
    assert dlg.windowTitle() == "Pengaturan"
    assert dlg.hints.text().startswith("Tawarkan")
    assert w.log_dock.windowTitle() == "Catatan permainan"
    assert "Tidak ada permainan" in w.status_label.text()
    assert json.loads(paths.settings_path().read_text())["language"] == "id"
    dlg.language.setCurrentIndex(dlg.language.findData("jv-Java"))
    QApplication.processEvents()
    assert w.menu_game.title() == "ꦢꦺꦴꦭꦤꦤ꧀(&D)"
    assert [dlg.language.itemText(i) for i in range(dlg.language.count())] == [
        "English", "Bahasa Indonesia", "Basa Jawa (Latin)", "ꦧꦱꦗꦮ (aksara Jawa)"]


class LongTranslator(QTranslator):
    """Every text about 40% longer (placeholders and accelerators kept)."""

    def translate(self, context, source, disambiguation=None, n=-1):
        if not source or source.strip() in ("", ", ", " · ") or source.startswith("{") and source.endswith("}"):
            return source
        extra = math.ceil(0.4 * len(source))
        if len(source) < 25:                       # a short label: one longer word
            return source + " " + "w" * extra
        return source + (" wwwww" * math.ceil(extra / 6))   # a sentence: more words


def _clipped(root) -> list[str]:
    out = []
    for w in root.findChildren(QLabel) + root.findChildren(QAbstractButton):
        if not w.isVisibleTo(root) or not w.text() or w.width() == 0:
            continue
        if isinstance(w, QLabel) and w.wordWrap():
            if w.heightForWidth(w.width()) > w.height() + 1:
                out.append(w.text())
        elif w.sizeHint().width() > w.width() + 1:
            out.append(w.text())
    return out


def _check_long_texts(qtbot, dialog_name: str | None, game: str = "ceki") -> None:
    from cekidesk.ui import dialogs
    from cekidesk.ui.main_window import MainWindow

    long = LongTranslator()
    QCoreApplication.installTranslator(long)
    try:
        w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, last_game_id=game))
        qtbot.addWidget(w)
        w.retranslate()
        w.resize(1280, 720)
        w.show()
        qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
        assert w.menu_game.title() == "&Game ww"   # the pseudo-translation is in force
        if dialog_name is None:
            assert [t for t in _clipped(w) if t != w.status_label.text()] == []
            return
        dlg = getattr(dialogs, dialog_name)(w.settings, w)
        dlg.show()
        qtbot.waitExposed(dlg, timeout=HANG_GUARD_MS)
        QApplication.processEvents()
        clipped = _clipped(dlg)
        dlg.close()
        dlg.deleteLater()
        assert clipped == [], dialog_name
    finally:
        QCoreApplication.removeTranslator(long)
        QApplication.processEvents()


def test_long_translations_leave_no_clipped_label_or_button_in_the_main_window(qtbot):
    _check_long_texts(qtbot, None)


def test_long_translations_leave_no_clipped_label_or_button_in_the_settings(qtbot):
    _check_long_texts(qtbot, "SettingsDialog")


@pytest.mark.parametrize("game", ["ceki", "pei"])
def test_long_translations_leave_no_clipped_label_or_button_in_the_new_game_dialog(qtbot, game):
    _check_long_texts(qtbot, "NewGameDialog", game)


@pytest.mark.parametrize("game", ["ceki", "pei"])
def test_seat_names_fit_their_fields_in_aksara_jawa(qtbot, game):
    """The level combos beside the names ask for the width of their longest text, which in aksara
    Jawa once left every name field a few pixels wide (a name cut to its first letters)."""
    from cekidesk.ui.dialogs.new_game import NewGameDialog

    i18n.set_language("jv-Java")
    dlg = NewGameDialog(Settings(language="jv-Java", last_game_id=game))
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg, timeout=HANG_GUARD_MS)
    QApplication.processEvents()
    shown = [dlg.seat_edit(i) for i in range(dlg.players_spin.value())]
    assert shown
    for edit in shown:
        room = edit.contentsRect().width() - edit.textMargins().left() - edit.textMargins().right()
        assert edit.fontMetrics().horizontalAdvance(edit.text()) < room - 4, edit.text()


def test_latin_text_keeps_its_own_font_and_line_height(qapp):
    """The Javanese font is a fallback only: Latin text is drawn in the system font with its line
    height (a family list led by an alias such as "Sans Serif" once made the Javanese font primary,
    and every Latin line 40% taller)."""
    from PySide6.QtGui import QFont, QFontInfo, QFontMetrics

    install_javanese_font(qapp)
    f = qapp.font()
    primary = QFont(f)
    primary.setFamilies([f.families()[0]])
    assert QFontInfo(f).family() != FAMILY
    assert f.families()[-1] == FAMILY
    assert QFontMetrics(f).height() == QFontMetrics(primary).height()
    lay = QTextLayout("Budi ꦏꦸꦕꦶꦁ", f)
    lay.beginLayout()
    lay.createLine()
    lay.endLayout()
    fams = [run.rawFont().familyName() for run in lay.glyphRuns()]
    assert FAMILY in fams and any(x != FAMILY for x in fams)
