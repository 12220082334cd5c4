"""The looks the player chose for seeing the table: the theme (light, dark, high contrast), the
interface's size, and reduced motion — and what the system prefers where the player has not chosen.

* :class:`Theme` holds every colour the window and the table draw in a theme: the window's palette,
  the game log's important events, the felt (high contrast: its own), the marks on the cards (a
  playable card, the hint, the keyboard's selection, a trick's winner, a drawn card, a taken card's
  edge), the seats' plates, the labels' pills and the captions.  The table's parts read
  :func:`current` when they paint, so a change of theme shows at once.
* :data:`HIGH_CONTRAST` meets WCAG 2.1 AA: every text at least 4.5:1 against what it lies on, every
  mark at least 3:1 against the felt and the card it outlines (:func:`theme_pairs` lists the pairs,
  ``tests/test_contrast.py`` computes them).
* :func:`system_preferences` reads what Qt knows of the system: its colour scheme
  (``QStyleHints.colorScheme``), its contrast preference (``QStyleHints.accessibility()
  .contrastPreference()``, Qt 6.10 and later, which platforms report it: Windows' high-contrast mode,
  macOS' *Increase contrast*, and Linux desktops through the settings portal; elsewhere Qt says
  "no preference" and CekiDesk cannot tell), and reduced motion, for which Qt has no API: CekiDesk
  asks the system itself (GNOME's ``enable-animations``, Windows' client-area animations, macOS'
  *Reduce motion*), and where none answers, assumes motion is fine.
* The interface's size (100–200 %) scales the application font (:func:`set_interface_scale`, through
  :mod:`.fonts`) and magnifies the table (``TableWidget.set_access``).

Colours in here are plain ``(r, g, b)`` or ``(r, g, b, a)`` tuples, so the contrast check needs no
Qt; :func:`qc` makes a ``QColor``.
"""
from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

log = logging.getLogger(__name__)

RGB = tuple[int, ...]   # (r, g, b) or (r, g, b, a)

THEMES = ("light", "dark", "high_contrast")
#: the interface's size, percent, and the card sizes offered
SCALE_RANGE = (100, 200)
CARD_SIZES = (100, 125, 150)
#: how long a card that moved is highlighted with reduced motion (instead of flying), ms
FLASH_MS = 700


def qc(rgb: RGB) -> QColor:
    """A ``QColor`` of an ``(r, g, b[, a])`` tuple."""
    return QColor(*rgb)


@dataclass(frozen=True)
class Theme:
    """Every colour of one theme (see the module's docstring)."""

    name: str
    # the window: None keeps the style's own palette (the light theme)
    window: RGB | None = None
    base: RGB | None = None
    text: RGB | None = None
    button: RGB | None = None
    highlight: RGB | None = None
    highlighted_text: RGB | None = None
    link: RGB | None = None
    disabled_text: RGB | None = None
    tooltip_base: RGB | None = None
    log_important: RGB = (138, 28, 16)
    # the table: None keeps the felt the player chose (Settings.table_colour)
    felt: tuple[RGB, RGB, RGB] | None = None
    felt_rail: RGB = (255, 255, 255, 14)
    card_face: RGB = (247, 242, 228)          # the cards' ground (for the contrast of the marks)
    card_edge: RGB | None = None              # an outline round every card (high contrast)
    legal: RGB = (140, 240, 150)
    hint: RGB = (255, 196, 40)
    select: RGB = (90, 190, 255)
    win: RGB = (255, 120, 60)
    drawn: RGB = (40, 200, 190)
    frozen: RGB = (150, 185, 220)
    taken: RGB = (240, 170, 40)
    flash: RGB = (255, 240, 170)              # a card that moved, with reduced motion
    mark_ink: RGB = (255, 255, 255)           # the star or stroke drawn on a coloured mark
    halo: bool = True                         # soft halos round the marks (off: crisp lines only)
    plate_top: RGB = (18, 32, 26, 215)
    plate_bottom: RGB = (8, 18, 14, 215)
    plate_winner_top: RGB = (92, 70, 20, 235)
    plate_winner_bottom: RGB = (60, 44, 10, 235)
    plate_text: RGB = (245, 240, 225)
    plate_small: RGB = (230, 225, 210)
    plate_border: RGB = (255, 255, 255, 45)
    plate_turn: RGB = (255, 205, 70)
    plate_thinking: RGB = (120, 200, 255)
    badge: RGB = (200, 50, 31)
    badge_text: RGB = (255, 255, 255)
    labels: dict[str, tuple[RGB, RGB]] = field(default_factory=lambda: {
        "count": ((0, 0, 0, 150), (240, 236, 220)),
        "banner": ((200, 50, 31), (255, 255, 255)),
        "winner": ((255, 205, 70, 235), (40, 28, 0)),
        "note": ((0, 0, 0, 0), (240, 236, 220)),
    })
    caption_fill: RGB = (255, 250, 232, 240)
    caption_text: RGB = (30, 24, 12)
    caption_edge: RGB = (40, 30, 10, 160)
    zoom_fill: RGB = (12, 20, 16, 225)
    zoom_text: RGB = (250, 244, 226)
    gold: RGB = (255, 205, 70)

    def label(self, style: str) -> tuple[RGB, RGB]:
        """A label style's (pill, text) colours."""
        return self.labels.get(style, self.labels["count"])

    def palette(self) -> QPalette | None:
        """The window's palette in this theme (None: the style's own)."""
        if self.window is None:
            return None
        assert self.base and self.text and self.button and self.highlight and self.highlighted_text
        p = QPalette()
        roles = QPalette.ColorRole
        for role, rgb in ((roles.Window, self.window), (roles.WindowText, self.text), (roles.Base, self.base),
                          (roles.AlternateBase, self.button), (roles.Text, self.text), (roles.Button, self.button),
                          (roles.ButtonText, self.text), (roles.BrightText, self.text),
                          (roles.Highlight, self.highlight), (roles.HighlightedText, self.highlighted_text),
                          (roles.ToolTipBase, self.tooltip_base or self.base), (roles.ToolTipText, self.text),
                          (roles.PlaceholderText, self.disabled_text or self.text),
                          (roles.Link, self.link or self.highlight), (roles.LinkVisited, self.link or self.highlight)):
            p.setColor(role, qc(rgb))
        grey = qc(self.disabled_text or self.text)
        for role in (roles.WindowText, roles.Text, roles.ButtonText):
            p.setColor(QPalette.ColorGroup.Disabled, role, grey)
        return p


#: the theme of the light window (the style's palette) and the table as it always was
LIGHT = Theme("light")

#: a dark window; the table keeps its (already dark) felt and marks
DARK = Theme(
    "dark", window=(40, 42, 46), base=(28, 30, 33), text=(236, 236, 236), button=(52, 55, 60),
    highlight=(38, 94, 190), highlighted_text=(255, 255, 255), link=(120, 180, 255),
    disabled_text=(165, 165, 165), tooltip_base=(52, 55, 60), log_important=(255, 140, 120))

#: high contrast (WCAG 2.1 AA): a black window and table, white text, marks in colours that stand
#: out 3:1 from the black felt and from the cream card alike, each mark with its own shape
HIGH_CONTRAST = Theme(
    "high_contrast", window=(0, 0, 0), base=(0, 0, 0), text=(255, 255, 255), button=(24, 24, 24),
    highlight=(255, 255, 0), highlighted_text=(0, 0, 0), link=(0, 255, 255), disabled_text=(190, 190, 190),
    tooltip_base=(0, 0, 0), log_important=(255, 255, 0),
    felt=((16, 16, 16), (8, 8, 8), (0, 0, 0)), felt_rail=(255, 255, 255, 90),
    card_edge=(255, 255, 255),
    legal=(0, 150, 0), hint=(0, 110, 255), select=(220, 0, 220), win=(230, 0, 0), drawn=(0, 120, 200),
    frozen=(140, 90, 255), taken=(200, 80, 0), flash=(0, 110, 255), mark_ink=(255, 255, 255), halo=False,
    plate_top=(0, 0, 0), plate_bottom=(0, 0, 0), plate_winner_top=(0, 0, 0), plate_winner_bottom=(0, 0, 0),
    plate_text=(255, 255, 255), plate_small=(255, 255, 255), plate_border=(255, 255, 255),
    plate_turn=(255, 255, 0), plate_thinking=(0, 255, 255), badge=(255, 255, 0), badge_text=(0, 0, 0),
    labels={"count": ((0, 0, 0), (255, 255, 255)), "banner": ((255, 255, 0), (0, 0, 0)),
            "winner": ((255, 255, 0), (0, 0, 0)), "note": ((0, 0, 0, 0), (255, 255, 255))},
    caption_fill=(255, 255, 255), caption_text=(0, 0, 0), caption_edge=(0, 0, 0),
    zoom_fill=(0, 0, 0), zoom_text=(255, 255, 255), gold=(255, 255, 0))

_BY_NAME = {t.name: t for t in (LIGHT, DARK, HIGH_CONTRAST)}
_current = LIGHT


def current() -> Theme:
    """The theme in use now."""
    return _current


def theme(name: str) -> Theme:
    """The theme called ``name`` (an unknown name: the light one)."""
    return _BY_NAME.get(name, LIGHT)


# -- WCAG 2.1 contrast -------------------------------------------------------------------------------

def _channel(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    """WCAG 2.1's relative luminance of an opaque sRGB colour."""
    r, g, b = rgb[:3]
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def over(top: RGB, under: RGB) -> RGB:
    """``top`` (perhaps translucent) laid over the opaque ``under``."""
    a = (top[3] if len(top) > 3 else 255) / 255
    return tuple(round(t * a + u * (1 - a)) for t, u in zip(top[:3], under[:3], strict=True))


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2.1's contrast ratio of two opaque colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Pair:
    """Two colours one is seen against, what they are, and the ratio WCAG asks of them: 4.5 for a
    text, 3 for a mark (a non-text element)."""

    what: str
    fg: RGB
    bg: RGB
    need: float

    @property
    def ratio(self) -> float:
        return contrast(self.fg, self.bg)


TEXT, MARK = 4.5, 3.0


def theme_pairs(t: Theme) -> Iterator[Pair]:
    """Every pair of colours of ``t`` that one sees against each other on the table and in the
    window: each text on its ground, each mark against the felt and against the card it outlines
    (a translucent colour over what lies under it)."""
    felts = t.felt or ((38, 112, 72), (26, 86, 55), (10, 40, 26))
    if t.window is not None:
        assert t.text and t.base and t.button and t.highlight and t.highlighted_text
        for name, bg in (("window", t.window), ("base", t.base), ("button", t.button)):
            yield Pair(f"text on {name}", t.text, bg, TEXT)
            if t.disabled_text is not None:
                yield Pair(f"disabled text on {name}", t.disabled_text, bg, TEXT)
        yield Pair("selected text", t.highlighted_text, t.highlight, TEXT)
        yield Pair("log: important events", t.log_important, t.base, TEXT)
        if t.link is not None:
            yield Pair("link", t.link, t.base, TEXT)
    for i, felt in enumerate(felts):
        face = t.card_face
        for what, rgb in (("playable card", t.legal), ("hint", t.hint), ("selection", t.select),
                          ("winning card", t.win), ("drawn card", t.drawn), ("frozen card", t.frozen),
                          ("taken card's edge", t.taken), ("moved card (reduced motion)", t.flash)):
            yield Pair(f"{what} on felt {i}", over(rgb, felt), felt, MARK)
            yield Pair(f"{what} against the card", over(rgb, face), face, MARK)
        if t.card_edge is not None:
            yield Pair(f"card edge on felt {i}", t.card_edge, felt, MARK)
        plate = over(t.plate_bottom, felt)
        yield Pair(f"seat's name on felt {i}", over(t.plate_text, plate), plate, TEXT)
        yield Pair(f"seat's count on felt {i}", over(t.plate_small, plate), plate, TEXT)
        yield Pair(f"seat's edge on felt {i}", over(t.plate_border, felt), felt, MARK)
        yield Pair(f"turn's edge on felt {i}", t.plate_turn, felt, MARK)
        yield Pair(f"lit drop target, winner's stars on felt {i}", t.gold, felt, MARK)
        yield Pair(f"thinking dots on felt {i}", t.plate_thinking, plate, MARK)
        for style in t.labels:
            bg, fg = t.label(style)
            ground = over(bg, felt)
            yield Pair(f"{style} label on felt {i}", over(fg, ground), ground, TEXT)
        yield Pair(f"felt's rail on felt {i}", over(t.felt_rail, felt), felt, 1.0)   # (decoration)
    if t.card_edge is not None:
        yield Pair("card edge against a back", t.card_edge, (34, 49, 95), MARK)
        yield Pair("card edge against a kawung back", t.card_edge, (106, 32, 21), MARK)
    yield Pair("badge", t.badge_text, t.badge, TEXT)
    for what, rgb in (("winning card", t.win), ("drawn card", t.drawn), ("taken card's edge", t.taken)):
        yield Pair(f"the star or stripes on a {what}'s mark", t.mark_ink, rgb, MARK)
    yield Pair("turn's pointer on its plate", t.plate_turn, over(t.plate_bottom, felts[1]), MARK)
    cap = over(t.caption_fill, felts[1])
    yield Pair("caption", over(t.caption_text, cap), cap, TEXT)
    zoom = over(t.zoom_fill, felts[1])
    yield Pair("zoomed card's names", over(t.zoom_text, zoom), zoom, TEXT)


# -- the system's preferences --------------------------------------------------------------------------

@dataclass(frozen=True)
class SystemPreferences:
    """What the system says: ``dark`` (None: it does not say), ``high_contrast`` (None: Qt cannot
    tell on this platform), ``reduced_motion`` (None: no answer)."""

    dark: bool | None
    high_contrast: bool | None
    reduced_motion: bool | None

    def theme(self) -> str:
        """The theme that follows them."""
        if self.high_contrast:
            return "high_contrast"
        return "dark" if self.dark else "light"


_system: SystemPreferences | None = None


def system_preferences(fresh: bool = False) -> SystemPreferences:
    """The system's colour scheme and contrast as Qt knows them, and its reduced motion as the
    system says (see the module's docstring): read once a run (``fresh``: again), as the issue asks
    that the app follow them at its start."""
    global _system
    if _system is not None and not fresh:
        return _system
    _system = _read_system()
    return _system


def set_system_preferences(prefs: SystemPreferences | None) -> None:
    """Answer for the system (tests; None: ask it again next time)."""
    global _system
    _system = prefs


def _read_system() -> SystemPreferences:
    dark: bool | None = None
    high: bool | None = None
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        hints = QGuiApplication.styleHints()
        scheme = hints.colorScheme()
        if scheme != Qt.ColorScheme.Unknown:
            dark = scheme == Qt.ColorScheme.Dark
        access = getattr(hints, "accessibility", None)   # Qt 6.10 and later
        if access is not None:
            high = access().contrastPreference() == Qt.ContrastPreference.HighContrast or None
    return SystemPreferences(dark, high, system_reduced_motion())


def system_reduced_motion() -> bool | None:
    """Whether the system asks for reduced motion: True, False, or None when it cannot be told.
    ``CEKIDESK_REDUCED_MOTION=1`` (or ``0``) answers for it (tests, or a system we cannot ask)."""
    forced = os.environ.get("CEKIDESK_REDUCED_MOTION")
    if forced in ("0", "1"):
        return forced == "1"
    try:
        if sys.platform == "win32":
            return _windows_reduced_motion()
        if sys.platform == "darwin":
            out = _ask(["defaults", "read", "com.apple.universalaccess", "reduceMotion"])
            return None if out is None else out == "1"
        if os.environ.get("QT_QPA_PLATFORM") == "offscreen":
            return None
        out = _ask(["gsettings", "get", "org.gnome.desktop.interface", "enable-animations"])
        return None if out is None else out == "false"
    except Exception as exc:   # asking is a courtesy: it must never stop the app
        log.info("could not read the system's reduced-motion preference: %s", exc)
        return None


def _ask(cmd: list[str]) -> str | None:
    """The trimmed output of a quick system command, or None (no such command, an error, slow)."""
    if shutil.which(cmd[0]) is None:
        return None
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=1.5, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _windows_reduced_motion() -> bool | None:
    import ctypes

    spi_getclientareaanimation = 0x1042
    on = ctypes.c_int(1)
    user32 = ctypes.windll.user32   # type: ignore[attr-defined]
    if not user32.SystemParametersInfoW(spi_getclientareaanimation, 0, ctypes.byref(on), 0):
        return None
    return not on.value


# -- applying them -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Access:
    """The looks resolved from the settings and the system: the ``theme``'s name, the interface's
    ``scale`` (1.0–2.0), the ``cards`` size (1.0–1.5) and ``reduced_motion``."""

    theme: str = "light"
    scale: float = 1.0
    cards: float = 1.0
    reduced_motion: bool = False


def resolve(theme_name: str | None, scale: int, card_size: int, reduced_motion: bool | None,
            system: SystemPreferences | None = None) -> Access:
    """The looks of the settings' ``theme_name`` (None: the system's), ``scale`` and ``card_size``
    (percent, bounded) and ``reduced_motion`` (None: the system's)."""
    need_system = theme_name is None or reduced_motion is None
    sysp = system if system is not None else (system_preferences() if need_system
                                              else SystemPreferences(None, None, None))
    name = theme_name if theme_name in THEMES else sysp.theme()
    motion = reduced_motion if reduced_motion is not None else bool(sysp.reduced_motion)
    lo, hi = SCALE_RANGE
    return Access(name, min(hi, max(lo, scale)) / 100, min(CARD_SIZES[-1], max(CARD_SIZES[0], card_size)) / 100,
                  motion)


_style_palette: QPalette | None = None
_style_name: str | None = None
#: styles that draw with the system's own colours and ignore a palette: a dark or high-contrast
#: theme switches to Fusion, which follows it, and the light theme back
_NATIVE_STYLES = ("windowsvista", "windows11", "macos")


def apply_theme(name: str) -> bool:
    """Use the theme ``name`` from now on: the application's palette (the style's own for the
    light theme) and the table's colours.  True if it changed."""
    global _current, _style_palette, _style_name
    new = theme(name)
    changed = new is not _current
    _current = new
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        if _style_palette is None:
            _style_palette = QPalette(QGuiApplication.palette())
        pal = new.palette()
        _use_style(pal is not None)
        QGuiApplication.setPalette(pal if pal is not None else _style_palette)
    return changed


def _use_style(own_palette: bool) -> None:
    """Fusion while a theme brings its own palette, where the style would not follow it."""
    global _style_name
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    current = app.style().name().lower()
    if own_palette and current in _NATIVE_STYLES:
        _style_name = current
        app.setStyle("Fusion")
    elif not own_palette and _style_name is not None:
        app.setStyle(_style_name)
        _style_name = None


def with_theme(name: str) -> Theme:
    """The theme ``name`` as a copy (tests change a colour of it without touching the real one)."""
    return replace(theme(name))


__all__ = ["Access", "DARK", "HIGH_CONTRAST", "LIGHT", "Pair", "SystemPreferences", "Theme", "apply_theme",
           "contrast", "current", "luminance", "resolve", "system_preferences", "theme", "theme_pairs"]
