"""The bundled Javanese-script font (Noto Sans Javanese, ``resources/fonts``).

Without a font that has Javanese glyphs and shaping, aksara Jawa draws as empty boxes — and most
systems have none.  :func:`install_javanese_font` registers the two bundled files with
``QFontDatabase`` and makes *Noto Sans Javanese* a fallback of the application font, so every label,
tooltip, menu, dialog and table text finds Javanese glyphs there while Latin text keeps the system
font:

* the application font gets the family list ``[system family, "Noto Sans Javanese"]``
  (``QFont.setFamilies``); widgets and items that copy or derive their font keep the list;
* the system family and the generic families also get it as a *substitution*, which Qt consults
  for characters missing from a font, for fonts made from a family name alone.

Qt lays out a line with the ascent and descent of every font used in it, so a line with aksara Jawa
is taller (about 1.75× at the same point size: the script's stacked pasangan and signs above and
below); layouts that ask for ``sizeHint`` get the room by themselves, and fixed-size places use
:func:`javanese_line_height`.
"""
from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QFontDatabase, QFontInfo, QFontMetricsF, QGuiApplication

from cekidesk.resources import resource

log = logging.getLogger(__name__)

FAMILY = "Noto Sans Javanese"
FILES = ("NotoSansJavanese-Regular.ttf", "NotoSansJavanese-Bold.ttf")

_installed: str | None = None


def register_fonts() -> str | None:
    """Add the bundled fonts to Qt's font database (once).  Returns the family name, or None if the
    files are missing or unreadable (then Javanese script depends on the system's fonts)."""
    global _installed
    if _installed is not None:
        return _installed
    family = None
    for name in FILES:
        path = resource("fonts", name)
        fid = QFontDatabase.addApplicationFont(str(path))
        if fid < 0:
            log.warning("could not load the font %s", path)
            continue
        fams = QFontDatabase.applicationFontFamilies(fid)
        family = family or (fams[0] if fams else None)
    _installed = family
    return family


def with_fallback(font: QFont, family: str = FAMILY) -> QFont:
    """``font`` with ``family`` appended to its family list (unchanged if already there)."""
    f = QFont(font)
    fams = list(f.families()) or [f.family()]
    if family not in fams:
        f.setFamilies(fams + [family])
    return f


def install_javanese_font(app: QCoreApplication | None = None) -> str | None:
    """Register the bundled font and make it the application font's fallback.  Returns the family."""
    family = register_fonts()
    if family is None:
        return None
    app = app or QCoreApplication.instance()
    if app is None:
        return family
    base = QFont(QGuiApplication.font())
    # Name the family the system font really resolves to ("Sans Serif" is only an alias): a family
    # list whose first name is an alias would make the Javanese font the primary one, and Latin
    # text would take its much taller line height.
    real = QFontInfo(base).family()
    if real and real != family:
        base.setFamilies([real])
    QGuiApplication.setFont(with_fallback(base, family))
    return family


def javanese_line_height(font: QFont | None = None) -> float:
    """The height of one line of Javanese script in ``font`` (default: the application font's size)."""
    f = QFont(font if font is not None else QGuiApplication.font())
    f.setFamilies([FAMILY])
    return QFontMetricsF(f).height()
