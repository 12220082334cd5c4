"""Loading the interface translations and switching language while the app runs.

The app's own language ids (:mod:`cekidesk.languages`): ``"en"`` (the source language), ``"id"``,
``"jv"`` (Javanese in Latin letters) and ``"jv-Java"`` (Javanese in aksara Jawa).  Each has a
translation file loaded by explicit name, ``cekidesk_<suffix>.qm`` — Qt's locale system could not
tell the two Javanese ones apart.

Where the ``.qm`` files come from:

* an installed CekiDesk carries them in ``cekidesk/resources_data/translations/``; the package build
  (``setup.py``'s ``build_py``) compiles ``translations/*.ts`` there with ``pyside6-lrelease``;
* a source checkout (running from the repository, or an editable install) has only the ``.ts``
  sources; they are compiled on first use with the ``lrelease`` that comes with PySide6 into the
  user cache folder, under a name made from the ``.ts`` file's hash — so an edited ``.ts`` is picked
  up at the next start, and no ``.qm`` is ever written into the repository.

:func:`set_language` installs (or removes) the translators on the QApplication; Qt then sends every
widget a ``LanguageChange`` event, and the windows retranslate themselves.  No restart.  It also sets
the interface font for the language (aksara Jawa larger than Latin: :mod:`cekidesk.ui.foundations.fonts`).

Texts the system draws — window titles in the title bar and the task bar, file dialogs' titles and
filters — may meet a system without a Javanese font, so in the aksara Jawa interface they are made
with :func:`latin` and come in Latin letters: the Javanese Latin translation, from which the aksara
Jawa one is made.
"""
from __future__ import annotations

import hashlib
import logging
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from cekidesk.languages import LANGUAGES, SOURCE, Language, language_for_locale, normalize_language

from . import fonts

log = logging.getLogger(__name__)

_PACKAGE = Path(__file__).resolve().parents[2]           # cekidesk/
SOURCE_TS_DIR = _PACKAGE.parent / "translations"          # the repository's translations/
INSTALLED_QM_DIR = _PACKAGE / "resources_data" / "translations"

# the language whose translation gives the Latin form of the aksara Jawa interface's texts
LATIN_FORM = {"jv-Java": "jv"}

_translators: list[QTranslator] = []
_current: str = SOURCE
_compiled: dict[Path, Path] = {}


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:
    """Qt's marker for a text translated later, typed: PySide6's own returns ``source`` but is declared
    to return ``object``, which would make every table of texts untyped.  (lupdate finds the texts by
    this name, so it keeps Qt's.)"""
    return source


def languages() -> list[Language]:
    return list(LANGUAGES.values())


def current_language() -> str:
    return _current


def is_applied() -> bool:
    """Whether :func:`set_language` has run in this QApplication."""
    app = QCoreApplication.instance()
    return app is not None and app.property("cekidesk_language") == _current


def default_language(locale: QLocale | None = None) -> str:
    """The language to use when the player has not chosen one: the system's where a translation
    matches (Indonesian → "id", Javanese → "jv", Javanese in Javanese script → "jv-Java"), else
    English."""
    loc = locale if locale is not None else QLocale.system()
    for name in [loc.name()] + list(loc.uiLanguages()):
        script = ""
        if "Java" in name or loc.script() == QLocale.Script.JavaneseScript:
            script = "Java"
        lang = language_for_locale(name, script)
        if lang is not None:
            return lang
    return SOURCE


def resolve(value: str | None) -> str:
    """A settings value → the language to use (None or unknown → :func:`default_language`)."""
    lang = normalize_language(value) if value else None
    if value and lang is None:
        log.warning("unknown interface language %r; using the default", value)
    return lang or default_language()


def lrelease_command() -> list[str]:
    """The ``lrelease`` that comes with PySide6 (PySide6/lrelease[.exe])."""
    import PySide6

    exe = Path(PySide6.__file__).resolve().parent / ("lrelease.exe" if sys.platform == "win32" else "lrelease")
    return [str(exe)]


def compile_ts(ts: Path, qm: Path) -> None:
    """Compile one ``.ts`` into ``qm`` with lrelease (raises ``RuntimeError`` if it fails)."""
    qm.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=".qm", dir=qm.parent)
    os.close(fd)
    try:
        proc = subprocess.run(lrelease_command() + ["-silent", str(ts), "-qm", tmp],
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 0 or os.path.getsize(tmp) == 0:
            raise RuntimeError(f"lrelease failed for {ts}: {proc.stderr.strip() or proc.stdout.strip()}")
        os.replace(tmp, qm)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _cache_dir() -> Path:
    from platformdirs import user_cache_dir

    from cekidesk.persistence.paths import APP_NAME

    return Path(user_cache_dir(APP_NAME, appauthor=False)) / "translations"


def qm_file(lang: str) -> Path | None:
    """The ``.qm`` file of an app language (compiled from the source ``.ts`` in a checkout); None for
    English or when there is none."""
    info = LANGUAGES.get(lang)
    if info is None or not info.file_suffix:
        return None
    name = f"cekidesk_{info.file_suffix}"
    ts = SOURCE_TS_DIR / f"{name}.ts"
    if ts.is_file():
        try:
            digest = hashlib.sha256(ts.read_bytes()).hexdigest()[:16]
            qm = _cache_dir() / f"{name}-{digest}.qm"
            if _compiled.get(ts) == qm and qm.is_file():
                return qm
            if not qm.is_file():
                compile_ts(ts, qm)
            _compiled[ts] = qm
            return qm
        except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
            log.warning("could not compile %s: %s", ts, exc)
    for folder in (INSTALLED_QM_DIR,):
        qm = folder / f"{name}.qm"
        if qm.is_file():
            return qm
    try:
        from cekidesk.resources import resource

        qm = resource("translations", f"{name}.qm")
        if qm.is_file():
            return qm
    except FileNotFoundError:
        pass
    log.warning("no translation file for %s (%s.qm)", lang, name)
    return None


def _qt_translator(info: Language) -> QTranslator | None:
    """Qt's own translation (standard buttons, context menus) where Qt ships one."""
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    lang = info.qt_locale.split("_")[0]
    for base in ("qtbase", "qt"):
        path = Path(folder) / f"{base}_{lang}.qm"
        if path.is_file():
            t = QTranslator()
            if t.load(str(path)):
                return t
    return None


class LatinForm(QTranslator):
    """Installed after the interface's own translation (so asked first) in a language written in
    another script: silent (a null answer makes Qt ask the next translator) except while
    :func:`latin_script` is on, when it answers with the Latin-letter translation ``latin`` (or
    the English text it lacks)."""

    def __init__(self, latin: QTranslator):
        super().__init__()
        self.latin = latin
        self.on = 0

    def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str | None:
        if not self.on:
            return None
        return self.latin.translate(context, source, disambiguation, n) or source

    def isEmpty(self) -> bool:
        return False


def _latin_form(lang: str) -> LatinForm | None:
    """The :class:`LatinForm` of ``lang``'s texts, if it is written in another script and the Latin
    translation loads."""
    qm = qm_file(LATIN_FORM[lang]) if lang in LATIN_FORM else None
    t = QTranslator()
    return LatinForm(t) if qm is not None and t.load(str(qm)) else None


@contextmanager
def latin_script() -> Iterator[None]:
    """Texts translated inside come in Latin letters (unchanged in a Latin-letter interface)."""
    forms = [t for t in _translators if isinstance(t, LatinForm)]
    for t in forms:
        t.on += 1
    try:
        yield
    finally:
        for t in forms:
            t.on -= 1


def latin(make: Callable[[], str]) -> str:
    """``make()``'s text with its translated parts in Latin letters — for what the system draws,
    which may lack a Javanese font: ``setWindowTitle(i18n.latin(lambda: self.tr("Settings")))``."""
    with latin_script():
        return make()


def set_language(value: str | None) -> str:
    """Use the interface language ``value`` (an app id; None = the default) from now on.  Removes
    the previous translators and installs the new ones; every widget gets a ``LanguageChange``.
    Returns the language now in use."""
    global _current
    lang = resolve(value)
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("set_language needs a QApplication")
    info = LANGUAGES[lang]
    new: list[QTranslator] = []
    qm = qm_file(lang)
    if qm is not None:
        t = QTranslator()
        if t.load(str(qm)):
            new.append(t)
        else:
            log.warning("could not load the translation %s", qm)
    if info.file_suffix:
        qt = _qt_translator(info)
        if qt is not None:
            new.append(qt)
    form = _latin_form(lang)
    if form is not None:
        new.append(form)
    fonts.use_javanese_script(lang == "jv-Java")   # before the windows retranslate (and measure) themselves
    for t in _translators:
        QCoreApplication.removeTranslator(t)
    _translators[:] = new
    for t in new:
        QCoreApplication.installTranslator(t)
    QLocale.setDefault(QLocale(info.qt_locale) if lang != SOURCE else _english_locale())
    _current = lang
    app.setProperty("cekidesk_language", lang)
    if not new and lang != SOURCE:
        log.warning("the %s translation is missing; the interface stays in English", lang)
    return lang


def _english_locale() -> QLocale:
    system = QLocale.system()
    return system if system.language() == QLocale.Language.English else QLocale("en_US")
