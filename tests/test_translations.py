"""The shipped translations: complete, compiled as shipped, aksara Jawa consistent and drawable."""
from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtGui import QRawFont

from cekidesk.aksara import ALLOWED_NON_JAVANESE, ZWSP, is_javanese_char, strip_protected, transliterate
from cekidesk.languages import LANGUAGES
from cekidesk.resources import resource
from cekidesk.ui.foundations import i18n

ROOT = Path(__file__).resolve().parent.parent
TS = {lang: ROOT / "translations" / f"cekidesk_{info.file_suffix}.ts"
      for lang, info in LANGUAGES.items() if info.file_suffix}
sys.path.insert(0, str(ROOT / "tools"))
import update_translations as tool  # noqa: E402

PLACEHOLDER = re.compile(r"\{\w*\}|%\d|%n|<[^<>]+>")


def tr_text(tr) -> str | None:
    """A translation's text; for a plural (numerus) entry its first form (Indonesian and Javanese have
    one), which is also what QTranslator.translate gives without a count."""
    forms = tr.findall("numerusform")
    return forms[0].text if forms else tr.text


def messages(path: Path):
    for ctx in ET.parse(path).getroot().iter("context"):
        for m in ctx.iter("message"):
            tr = m.find("translation")
            yield ctx.findtext("name"), m.findtext("source"), m.findtext("comment"), tr


@pytest.mark.parametrize("lang", sorted(TS))
def test_every_entry_is_translated_and_keeps_its_placeholders(lang):
    entries = list(messages(TS[lang]))
    assert len(entries) > 300
    for ctx, source, _, tr in entries:
        assert tr is not None and tr.get("type") is None and (tr_text(tr) or "").strip(), (lang, ctx, source)
        assert sorted(PLACEHOLDER.findall(source)) == sorted(PLACEHOLDER.findall(tr_text(tr))), (lang, source, tr_text(tr))
        has_accel = bool(re.search(r"&(?!&)\w", source))
        assert has_accel == bool(re.search(r"&(?!&)\w", tr_text(tr))), (lang, source, tr_text(tr))


def test_the_ts_files_cover_every_text_of_the_code(tmp_path):
    """lupdate over the package finds nothing the shipped files lack (and no context-less text, which
    is what lupdate makes of ``tr = QCoreApplication.translate; tr("Ctx", "…")``)."""
    out = tmp_path / "all.ts"
    tool.lupdate_to(out)
    found = {(c, s) for c, s, _, _ in messages(out)}
    assert all(c for c, _ in found), sorted(s for c, s in found if not c)
    for lang, path in TS.items():
        shipped = {(c, s) for c, s, _, _ in messages(path)}
        assert found <= shipped, (lang, sorted(found - shipped)[:5])


@pytest.mark.parametrize("lang", sorted(TS))
def test_the_compiled_qm_gives_every_translation(lang, qapp):
    qm = i18n.qm_file(lang)                     # compiled from the .ts just as the app does
    assert qm is not None and qm.stat().st_size > 0
    t = QTranslator()
    assert t.load(str(qm))
    for ctx, source, comment, tr in messages(TS[lang]):
        assert t.translate(ctx, source, comment) == tr_text(tr), (lang, ctx, source)


def test_installed_qm_files_match_the_sources(qapp):
    """When the package was built (pip install .), its .qm files say what the .ts files say."""
    folder = i18n.INSTALLED_QM_DIR
    if not folder.is_dir():
        pytest.skip("running from a source checkout: no built .qm files")
    for lang, ts in TS.items():
        t = QTranslator()
        assert t.load(str(folder / f"{ts.stem}.qm"))
        for ctx, source, comment, tr in messages(ts):
            assert t.translate(ctx, source, comment) == tr_text(tr)


def test_jv_java_is_the_transliteration_of_jv():
    latin = {(c, s): tr_text(tr) for c, s, _, tr in messages(TS["jv"])}
    for ctx, source, _, tr in messages(TS["jv-Java"]):
        assert tr_text(tr) == tool.to_script(latin[(ctx, source)]), (ctx, source)


def test_jv_java_is_up_to_date_with_the_tool():
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "update_translations.py"), "--check", "--no-lupdate"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _script_texts() -> list[str]:
    from cekidesk.ui.foundations import names

    out = [tr_text(tr) for _, _, _, tr in messages(TS["jv-Java"])]
    for k in names.Kind:
        out += list(names.javanese_names(k).script)
    out += [names.game_term(c).script for c in names.term_codes() if names.game_term(c).script]
    out += [LANGUAGES["jv-Java"].native]
    return out


def test_javanese_script_texts_use_only_the_javanese_block():
    for text in _script_texts():
        rest = strip_protected(text, tool.KEEP)
        bad = {ch for ch in rest if not is_javanese_char(ch) and ch not in ALLOWED_NON_JAVANESE}
        if text == LANGUAGES["jv-Java"].native:   # "ꦧꦱꦗꦮ (aksara Jawa)": the Latin gloss is meant
            bad -= set("aksaraJw")
        assert not bad, (text, bad)
    # and every entry with words in the Latin file has them in aksara Jawa
    latin = {(c, s): tr_text(tr) for c, s, _, tr in messages(TS["jv"])}
    for ctx, source, _, tr in messages(TS["jv-Java"]):
        if re.search(r"[^\W\d_]", strip_protected(latin[(ctx, source)], tool.KEEP)):
            assert any(is_javanese_char(ch) for ch in tr_text(tr)), (source, tr_text(tr))


def test_the_bundled_font_has_a_glyph_for_every_javanese_character(qapp):
    used = {ch for text in _script_texts() for ch in text if is_javanese_char(ch)}
    used |= {chr(c) for c in range(0xA984, 0xA9C1)} - {"\ua9b3"} | {"\ua9c8", "\ua9c9", "\ua9b3"}
    for name in ("NotoSansJavanese-Regular.ttf", "NotoSansJavanese-Bold.ttf"):
        raw = QRawFont(str(resource("fonts", name)), 16)
        assert raw.isValid(), name
        missing = sorted(f"U+{ord(ch):04X}" for ch in used if not raw.supportsCharacter(ord(ch)))
        assert not missing, (name, missing)


def test_card_names_and_terms_in_script_are_the_transliterations():
    from cekidesk.ui.foundations import names

    for k in names.Kind:
        jn = names.javanese_names(k)
        assert len(jn.latin) == len(jn.script) >= 1
        assert [transliterate(n) for n in jn.latin] == list(jn.script), k
    for code in names.term_codes():
        t = names.game_term(code)
        if t.script:
            assert transliterate(t.latin) == t.script, code
    assert ZWSP not in "".join(_script_texts()[-40:])
