"""Refresh the translation sources after the code's texts changed, and regenerate the aksara Jawa file.

    python3 tools/update_translations.py            # lupdate all three .ts files, then jv → jv_Java
    python3 tools/update_translations.py --check    # change nothing; exit 1 if something is out of date
    python3 tools/update_translations.py --no-lupdate   # only regenerate jv_Java from jv

1. ``pyside6-lupdate -extensions py cekidesk -ts translations/cekidesk_<lang>.ts`` for ``id``, ``jv`` and
   ``jv_Java`` (no obsolete entries, no source locations, so diffs show only real changes).  New texts
   arrive as *unfinished* entries: translate them in ``cekidesk_id.ts`` and ``cekidesk_jv.ts`` (Qt
   Linguist, or any text editor).
2. ``cekidesk_jv_Java.ts`` (Javanese in aksara Jawa) is made from ``cekidesk_jv.ts`` (Javanese in Latin
   letters) with :func:`cekidesk.aksara.transliterate`: every entry whose Javanese Latin text is new or
   changed is written again (placeholders, ``&`` accelerators, card codes, numbers, key names and
   rich-text tags stay as they are; words of a sentence are joined by zero-width spaces so long lines
   can wrap).  Each entry remembers the Latin text it was made from in its translator comment
   (``jv: …``); an entry whose Latin text has not changed is left alone, so a correction made by hand
   in the aksara Jawa file after reviewing it survives the next run.  An entry still unfinished in
   ``cekidesk_jv.ts`` stays unfinished in ``cekidesk_jv_Java.ts``.
3. Prints how many entries of each file are unfinished (``tests/test_translations.py`` requires none).

See ``translations/README.md``.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cekidesk.aksara import ZWSP, transliterate  # noqa: E402

TS_DIR = ROOT / "translations"
FILES = {"id": "id_ID", "jv": "jv_ID", "jv_Java": "jv_ID"}   # file suffix -> lupdate target language
COMMENT_PREFIX = "jv: "

# Words copied untouched into the aksara Jawa text, besides what the transliterator keeps anyway
# ({placeholders}, <tags>, card codes, CamelCase names, key combinations, numbers): key names and
# proper names written in Latin letters.
KEEP = ("Qt for Python", "Noto Serif CJK", "Adobe", "pydantic", "platformdirs", "autosave.bad", "Esc", "Enter", "Return", "Space", "Tab", "Backspace", "Delete", "Home", "End", "Ctrl", "Shift",
        "Alt", "Cmd", "Qt", "PySide6", "Python", "Noto Sans Javanese", "Noto", "SIL", "Open Font License",
        "MIT", "Unicode", "pagat.com", "John McLeod", "Andy", "The Babas", "Babas", "Pwee", "Amaro",
        "La pêche", "la pêche", "Javaanse kaartspelen", "Les plaisirs en Chine", "Tcheng Ki-tong",
        "Ceki (or Kowah): a traditional game for 2–6 players", "Rp")


def _lupdate_cmd() -> list[str]:
    exe = shutil.which("pyside6-lupdate")
    return [exe] if exe else [sys.executable, "-c",
                              "import sys; from PySide6.scripts.pyside_tool import lupdate; lupdate()"]


def lupdate_to(ts: Path, target: str = "en_US") -> None:
    """pyside6-lupdate -extensions py cekidesk -ts <ts> (from the repository's top folder)."""
    cmd = _lupdate_cmd() + ["-extensions", "py", "-no-obsolete", "-locations", "none",
                            "-target-language", target, "cekidesk", "-ts", str(ts)]
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def lupdate(names: list[str]) -> None:
    for suffix in names:
        lupdate_to(TS_DIR / f"cekidesk_{suffix}.ts", FILES[suffix])


def _key(ctx: str, msg: ET.Element) -> tuple[str, str, str]:
    return (ctx, msg.findtext("source") or "", msg.findtext("comment") or "")


def messages(tree: ET.ElementTree):
    for ctx in tree.getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for msg in ctx.iter("message"):
            yield name, msg


FORM_SEPARATOR = "\n"   # between the numerus forms of a plural (%n) entry in the "jv: …" comment


def finished_text(msg: ET.Element) -> str | None:
    """The translation, or None while unfinished; a plural (numerus) entry's forms joined by
    FORM_SEPARATOR (Indonesian and Javanese have one form)."""
    tr = msg.find("translation")
    if tr is None or tr.get("type") in ("unfinished", "obsolete", "vanished"):
        return None
    if msg.get("numerus") == "yes":
        forms = [f.text or "" for f in tr.findall("numerusform")]
        return FORM_SEPARATOR.join(forms) if forms and all(forms) else None
    return tr.text or None


def set_text(msg: ET.Element, tr: ET.Element, text: str) -> None:
    """Write ``text`` (forms joined by FORM_SEPARATOR for a numerus entry) into ``tr``."""
    if msg.get("numerus") != "yes":
        tr.text = text
        return
    for f in tr.findall("numerusform"):
        tr.remove(f)
    tr.text = "\n            "
    forms = text.split(FORM_SEPARATOR)
    for i, form in enumerate(forms):
        el = ET.SubElement(tr, "numerusform")
        el.text = form
        el.tail = "\n            " if i + 1 < len(forms) else "\n        "


def to_script(latin: str) -> str:
    return transliterate(latin, joiner=ZWSP, keep=KEEP)


def regenerate_jv_java(jv: Path, jv_java: Path, write: bool = True) -> tuple[int, int]:
    """Bring the aksara Jawa file in line with the Latin one.  Returns (changed, unfinished)."""
    latin = {_key(c, m): finished_text(m) for c, m in messages(ET.parse(jv))}
    tree = ET.parse(jv_java)
    changed = unfinished = 0
    for ctx, msg in messages(tree):
        source_latin = latin.get(_key(ctx, msg))
        tr = msg.find("translation")
        if tr is None:
            tr = ET.SubElement(msg, "translation")
        note = msg.find("translatorcomment")
        if source_latin is None:
            unfinished += 1
            if finished_text(msg) is not None or tr.get("type") != "unfinished":
                tr.set("type", "unfinished")
                set_text(msg, tr, "")
                changed += 1
            continue
        want_note = COMMENT_PREFIX + source_latin
        if note is not None and note.text == want_note and finished_text(msg) is not None:
            continue   # made from this very text before (and perhaps corrected by hand since): keep
        if note is None:
            note = ET.Element("translatorcomment")
            # lupdate's order: location, source, comment, extracomment, translatorcomment, translation
            msg.insert(list(msg).index(tr), note)
        note.text = want_note
        set_text(msg, tr, FORM_SEPARATOR.join(to_script(f) for f in source_latin.split(FORM_SEPARATOR)))
        tr.attrib.pop("type", None)
        changed += 1
    if write and changed:
        tree.write(jv_java, encoding="utf-8", xml_declaration=True)
        text = jv_java.read_text(encoding="utf-8")
        if "<!DOCTYPE TS>" not in text:
            text = text.replace("?>\n", "?>\n<!DOCTYPE TS>\n", 1)
        jv_java.write_text(text, encoding="utf-8")
    return changed, unfinished


def unfinished_count(ts: Path) -> int:
    return sum(1 for _, m in messages(ET.parse(ts)) if finished_text(m) is None)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 if an update is needed")
    ap.add_argument("--no-lupdate", action="store_true", help="skip lupdate (only jv → jv_Java)")
    args = ap.parse_args(argv)
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            global TS_DIR
            real = TS_DIR
            for suffix in FILES:
                shutil.copy2(real / f"cekidesk_{suffix}.ts", Path(tmp) / f"cekidesk_{suffix}.ts")
            TS_DIR = Path(tmp)
            try:
                if not args.no_lupdate:
                    lupdate(list(FILES))
                regenerate_jv_java(TS_DIR / "cekidesk_jv.ts", TS_DIR / "cekidesk_jv_Java.ts")
                if not args.no_lupdate:
                    lupdate(["jv_Java"])
                stale = [s for s in FILES if (TS_DIR / f"cekidesk_{s}.ts").read_bytes()
                         != (real / f"cekidesk_{s}.ts").read_bytes()]
            finally:
                TS_DIR = real
        for s in stale:
            print(f"translations/cekidesk_{s}.ts is out of date: run python3 tools/update_translations.py")
        return 1 if stale else 0
    if not args.no_lupdate:
        lupdate(list(FILES))
    changed, unfinished = regenerate_jv_java(TS_DIR / "cekidesk_jv.ts", TS_DIR / "cekidesk_jv_Java.ts")
    if not args.no_lupdate:
        lupdate(["jv_Java"])   # lupdate's own layout for the file written above
    print(f"cekidesk_jv_Java.ts: {changed} entries regenerated from cekidesk_jv.ts")
    for suffix in FILES:
        n = unfinished_count(TS_DIR / f"cekidesk_{suffix}.ts")
        print(f"cekidesk_{suffix}.ts: {n} unfinished" + (" — translate them" if n else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
