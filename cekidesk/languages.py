"""The interface languages CekiDesk offers, by the app's own language ids.  Pure Python (no Qt): the
settings validate against it, the UI (:mod:`cekidesk.ui.foundations.i18n`) loads the translations.

Qt's locale system cannot tell the two Javanese interfaces apart (Latin letters and aksara Jawa both
resolve to ``jv_ID``), so the app names its languages itself and loads the translation files by
explicit name (``cekidesk_<suffix>.qm``).
"""
from __future__ import annotations

from typing import NamedTuple


class Language(NamedTuple):
    id: str            # the app's id, kept in the settings
    native: str        # the language's name in itself (the Settings dialog lists these)
    file_suffix: str   # translations/cekidesk_<suffix>.ts / .qm ("" = the source language)
    qt_locale: str     # the QLocale for numbers, and Qt's own translations (qtbase_<lang>.qm)


SOURCE = "en"

LANGUAGES: dict[str, Language] = {
    "en": Language("en", "English", "", "en_US"),
    "id": Language("id", "Bahasa Indonesia", "id", "id_ID"),
    "jv": Language("jv", "Basa Jawa (Latin)", "jv", "jv_ID"),
    "jv-Java": Language("jv-Java", "ꦧꦱꦗꦮ (aksara Jawa)", "jv_Java", "jv_ID"),
}

# Spellings a hand-edited or older settings file may hold, and what they mean.
_ALIASES = {
    "in": "id",                     # the old ISO code of Indonesian
    "jv_java": "jv-Java", "jv-java": "jv-Java", "jv_jav": "jv-Java", "jv-jav": "jv-Java",
    "jv_latn": "jv", "jv-latn": "jv", "jw": "jv",
}


def normalize_language(value: object) -> str | None:
    """The app's id for ``value`` ("id_ID" → "id", "jv_Java" → "jv-Java", "en-GB" → "en"), or None
    if it names no language the app offers."""
    if not isinstance(value, str) or not value or len(value) > 32:
        return None
    if value in LANGUAGES:
        return value
    low = value.strip().lower().replace(".utf-8", "").replace(".utf8", "")
    if low in _ALIASES:
        return _ALIASES[low]
    for lang in LANGUAGES:
        if lang.lower() == low:
            return lang
    base, _, rest = low.replace("-", "_").partition("_")
    base = _ALIASES.get(base, base)
    if base == "jv" and rest.startswith("java"):
        return "jv-Java"
    return base if base in LANGUAGES else None


def language_for_locale(name: str, script: str = "") -> str | None:
    """The app language matching a system locale ("id_ID" → "id", "jv_ID" → "jv"; with the
    Javanese script → "jv-Java"), or None when no translation matches."""
    base = name.replace("-", "_").split("_")[0].lower()
    base = _ALIASES.get(base, base)
    if base == "jv":
        return "jv-Java" if script.lower() in ("java", "javanese", "javanesescript") else "jv"
    return base if base in LANGUAGES else None
