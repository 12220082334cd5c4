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

In the aksara Jawa interface (:func:`use_javanese_script`, called by ``i18n.set_language``) the
script is drawn :data:`SCRIPT_SCALE` times the Latin size — at the Latin size its small signs are
hard to read — and with line heights that fit it: the application font becomes
``["Noto Sans Javanese", system family]`` at 1.3× the system size, so every widget's font metrics
(and with them every ``sizeHint``, the log's and the help's lines) are the Javanese script's, while
Latin letters and digits, which the Javanese font lacks, fall back to the system family.  Fonts
made at a pixel size of their own (the table's labels) come from :func:`pixel_font`, scaled alike.
"""
from __future__ import annotations

import logging
import math
from typing import NamedTuple

from PySide6.QtCore import QCoreApplication, QPointF
from PySide6.QtGui import QFont, QFontDatabase, QFontInfo, QFontMetricsF, QGuiApplication, QPainterPath
from PySide6.QtWidgets import QWidget

from cekidesk.resources import resource

log = logging.getLogger(__name__)

FAMILY = "Noto Sans Javanese"
FILES = ("NotoSansJavanese-Regular.ttf", "NotoSansJavanese-Bold.ttf")

# how much larger than Latin text aksara Jawa is drawn in the aksara Jawa interface
SCRIPT_SCALE = 1.3
# the most the interface's text grows over the system's size (the interface's size at 200 %), in any
# script
MAX_GROWTH = 2.0

_installed: str | None = None
_system: QFont | None = None     # the system font, named by the family it resolves to (the Latin one)
_javanese_first = False          # the aksara Jawa interface is in use
_ui_scale = 1.0                  # the interface's size the player chose (Settings.interface_scale)
_table_text = 1.0                # how much larger the table's words are drawn (the table sets it as it fits)


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
    """Register the bundled font and make the application font the interface font (the system
    font with the Javanese one as its fallback; led by it in the aksara Jawa interface).  Returns
    the family."""
    global _system
    family = register_fonts()
    if family is None:
        return None
    app = app or QCoreApplication.instance()
    if app is None:
        return family
    if _system is None:
        base = QFont(QGuiApplication.font())
        # Name the family the system font really resolves to ("Sans Serif" is only an alias): a
        # family list whose first name is an alias would make the Javanese font the primary one,
        # and Latin text would take its much taller line height.
        real = QFontInfo(base).family()
        if real and real != family:
            base.setFamilies([real])
        _system = base
    QGuiApplication.setFont(interface_font(_system, family))
    return family


def interface_font(system: QFont, family: str = FAMILY) -> QFont:
    """The application font made from the ``system`` font for the interface language in use, at the
    interface's size (:func:`set_interface_scale`)."""
    if not _javanese_first:
        f = with_fallback(system, family)
        grow = _ui_scale
    else:
        f = QFont(system)
        f.setFamilies([family] + [x for x in (system.families() or [system.family()]) if x != family])
        # the script's 1.3× and the interface's size together, but never over twice the system's
        # size (the most the interface's size asks in Latin): 2.6× left no room for the table
        grow = max(SCRIPT_SCALE, min(MAX_GROWTH, SCRIPT_SCALE * _ui_scale))
    if grow != 1.0:
        if f.pointSizeF() > 0:
            f.setPointSizeF(system.pointSizeF() * grow)
        else:
            f.setPixelSize(round(system.pixelSize() * grow))
    return f


def set_interface_scale(scale: float) -> bool:
    """Draw the interface's text ``scale`` times its size (1.0–2.0: the Settings' interface size);
    widgets that keep the application font follow at once.  True if it changed.  (The table's own
    texts are not scaled here: the table magnifies itself, see ``TableWidget.set_access``.)"""
    global _ui_scale
    scale = min(2.0, max(1.0, float(scale)))
    if abs(scale - _ui_scale) < 1e-6:
        return False
    _ui_scale = scale
    if _installed is not None and QCoreApplication.instance() is not None:
        install_javanese_font()
    return True


def set_table_text_scale(scale: float) -> None:
    """Draw the table's words (every :func:`pixel_font`) ``scale`` times their size: the table sets
    it to the interface's size, or less where the words would not fit (``ui/table/looks.py``)."""
    global _table_text
    _table_text = max(0.5, float(scale))


def table_text_scale() -> float:
    return _table_text


def interface_scale() -> float:
    """The interface's size now (1.0–2.0)."""
    return _ui_scale


def use_javanese_script(on: bool) -> None:
    """Draw the interface for aksara Jawa (``on``: 1.3× and led by the Javanese font) or for Latin
    text (the system font).  Widgets that keep the application font follow at once (Qt sends them
    a font change)."""
    global _javanese_first
    if on == _javanese_first:
        return
    _javanese_first = on
    if _installed is not None and QCoreApplication.instance() is not None:
        install_javanese_font()


def script_scale() -> float:
    """How much larger than its Latin size a text is drawn now (1.3 in the aksara Jawa interface)."""
    return SCRIPT_SCALE if _javanese_first else 1.0


def pixel_font(px: float, bold: bool = False) -> QFont:
    """The application font at ``px`` pixels as a Latin text would have them — a table label's
    size —, scaled by :func:`script_scale` (the family list comes from the application font)."""
    f = QFont()
    f.setPixelSize(max(1, round(px * script_scale() * _table_text)))
    f.setBold(bold)
    return f


class ShortLine(NamedTuple):
    """A short one-line text as a table label draws it: its ``width``, the ``height`` it needs and
    its ``baseline`` below the middle of that height."""

    width: float
    height: float
    baseline: float


#: the lines measured (a label is measured again at each layout of the table: bounded, cleared when full)
_LINES: dict[tuple[str, str], tuple[float, ...]] = {}   # (plain tuples: nothing for the collector to track)
_LINES_MOST = 4_096


def short_line(font: QFont, text: str) -> ShortLine:
    """How a label's one line of ``text`` in ``font`` is measured and placed.  It is as tall as a
    Latin line of the font's size, or as its ink where that is taller (aksara Jawa, whose full line
    height keeps room for stacks of signs a short label seldom has: a pill of that height would
    be twice the Latin one); the ink is then centred.  Latin text is placed as a Latin line."""
    key = (font.key(), text)
    kept = _LINES.get(key)
    if kept is None:
        if len(_LINES) >= _LINES_MOST:
            _LINES.clear()
        kept = _LINES[key] = tuple(_measured_line(font, text))   # (a plain tuple: untracked)
    return ShortLine(*kept)


def _measured_line(font: QFont, text: str) -> ShortLine:
    fm = QFontMetricsF(font)
    latin = QFont(font)
    latin.setFamilies([f for f in font.families() if f != FAMILY] or font.families())
    lm = QFontMetricsF(latin)
    # the ink of the shaped glyphs, as they are drawn (QFontMetricsF.tightBoundingRect leaves out
    # the signs aksara Jawa stacks below and above a letter: a pasangan's pill was cut through it)
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, text)
    ink = path.boundingRect()
    if ink.height() + 2 <= lm.height():
        return ShortLine(fm.horizontalAdvance(text), lm.height(), lm.ascent() - lm.height() / 2)
    return ShortLine(fm.horizontalAdvance(text), ink.height() + 2, -ink.center().y())


def fit_javanese_line(w: QWidget) -> None:
    """Make ``w`` (a combo box listing a text in aksara Jawa in a Latin interface: the languages)
    tall enough to show a line of the script in its font, which is taller than its Latin line — and
    no taller than it needs in the font it has now (called again after a font change)."""
    w.setMinimumHeight(0)
    extra = javanese_line_height(w.font()) - QFontMetricsF(w.font()).height()
    if extra > 0:
        w.setMinimumHeight(math.ceil(w.sizeHint().height() + extra))


def javanese_text_font(base: QFont | None = None) -> QFont:
    """The font of a text in aksara Jawa shown among Latin ones (the languages' list): ``base``
    (default: the application font) led by the Javanese font, at the size the aksara Jawa interface
    draws it (1.3× a Latin interface's size; the script is unreadable at a Latin size)."""
    f = QFont(base if base is not None else QGuiApplication.font())
    f.setFamilies([FAMILY] + [x for x in (f.families() or [f.family()]) if x != FAMILY])
    scale = SCRIPT_SCALE / script_scale()     # (already at that size in the aksara Jawa interface)
    if f.pointSizeF() > 0:
        f.setPointSizeF(f.pointSizeF() * scale)
    elif f.pixelSize() > 0:
        f.setPixelSize(round(f.pixelSize() * scale))
    return f


def javanese_line_height(font: QFont | None = None) -> float:
    """The height of one line of Javanese script in ``font`` (default: the application font's size)."""
    f = QFont(font if font is not None else QGuiApplication.font())
    f.setFamilies([FAMILY])
    return QFontMetricsF(f).height()
