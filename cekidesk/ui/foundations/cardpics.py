"""Card pictures: the one place that turns a card code into a picture.

* :class:`CardArt` renders the SVG faces (``resources/cards``) with ``QSvgRenderer`` into pixmaps,
  cached per (code, logical height, device pixel ratio, show_code) in a bounded LRU cache.  Nothing
  renders SVG while painting once a size has been seen.  With codes hidden only the SVG's ``face``
  group is drawn; with codes shown (the setting, and always during a lesson) the code is drawn on a
  tab in the top left corner, large enough to read on a card in the hand (the SVG's own corner code
  is too small for that).  The table, the dialogs and the help pages all draw through it.
* :func:`card_pixmap` / :func:`card_image` give a face for a widget (a missing picture gives a plain
  card with the code, never a crash); :class:`CardRow` shows cards in a row of groups,
  wrapped into more rows where it is narrow (:class:`FlowLayout`).
* :data:`FAMILIES` holds the card families (Ceki, Western): each one's shape, folder and back.
  Every family's back comes in the designs of :data:`BACK_DESIGNS` (``back.svg``,
  ``back-kawung.svg``); a back code draws the design chosen in the Settings
  (:meth:`CardArt.set_back_design`), so no layout or plan knows which.
  :func:`card_ratio` / :func:`card_width` give a card's shape by its code's family,
  :func:`back_code` / :func:`kind_code` the code that draws a hidden card of a family.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QLabel, QLayout, QLayoutItem, QWidget

from cekidesk.engine.cards import CardCodeError, WKind, parse_kind
from cekidesk.resources import resource

from . import names


@dataclass(frozen=True)
class CardFamily:
    """A family of cards that share a shape, a back and a folder of pictures."""

    name: str
    ratio: float            # height ÷ width
    folder: tuple[str, ...]  # under resources/cards
    back: str               # the code that draws its back


CEKI = "ceki"
WESTERN = "western"
# the card families (``GameSpec.card_family`` names one); the one place their shapes are written
FAMILIES: dict[str, CardFamily] = {
    CEKI: CardFamily(CEKI, 2.6, (), "back"),                           # viewBox 100 × 260
    WESTERN: CardFamily(WESTERN, 88 / 63, (WESTERN,), "back-western"),  # a 63 × 88 mm poker card
}
BACK = FAMILIES[CEKI].back
# the back designs (``Settings.card_back``): the file of each in a family's folder and its ground
# colour (the small card of a seat plate); the first is the default
BACK_DESIGNS: dict[str, tuple[str, str]] = {
    "lattice": ("back", "#22315f"),   # indigo, a fine diamond lattice
    "kawung": ("back-kawung", "#6a2015"),   # deep red-brown, the kawung batik motif
}
_BACKS = {fam.back: fam for fam in FAMILIES.values()}


def family(name: str) -> CardFamily:
    """The card family ``name``; a name no family has is a programming error (KeyError)."""
    return FAMILIES[name]


@lru_cache(maxsize=256)
def family_of(code: str | None) -> CardFamily:
    """The family of the card ``code`` (a face or a family's back code); None: the Ceki family."""
    if code is None:
        return FAMILIES[CEKI]
    if code in _BACKS:
        return _BACKS[code]
    try:
        kind = parse_kind(code)
    except CardCodeError:
        return FAMILIES[CEKI]
    return FAMILIES[WESTERN] if isinstance(kind, WKind) else FAMILIES[CEKI]


def back_code(family_name: str = CEKI) -> str:
    """The code that draws the back of a card of the family ``family_name``."""
    return family(family_name).back


def card_ratio(code: str | None = None) -> float:
    """Height ÷ width of the card ``code`` (its family's shape; None: a Ceki card)."""
    return family_of(code).ratio


def card_width(height: float, code: str | None = None) -> float:
    """The width of a card ``height`` tall (its family's shape; None: a Ceki card)."""
    return height / card_ratio(code)


def kind_code(kind: Any, family_name: str = CEKI) -> str:
    """The code of a card kind (``Kind`` or ``WKind``), or the back of ``family_name`` for None."""
    return back_code(family_name) if kind is None else getattr(kind, "code", str(kind))


def _svg_path(code: str, back_design: str = "lattice"):
    fam = family_of(code)
    name = BACK_DESIGNS[back_design][0] if code == fam.back else code
    return resource("cards", *fam.folder, f"{name}.svg")


class CardArt:
    """Renders and caches card pixmaps.  One shared instance: :func:`card_art`."""

    MAX_PIXMAPS = 600

    def __init__(self) -> None:
        self._renderers: dict[str, QSvgRenderer | None] = {}
        self._pixmaps: OrderedDict[tuple, QPixmap] = OrderedDict()
        self.renders = 0   # how many pixmaps were rendered (tests and the bench read it)
        self.back_design = next(iter(BACK_DESIGNS))

    def set_back_design(self, design: str) -> bool:
        """Draw every back in ``design`` (a key of :data:`BACK_DESIGNS`; another falls back to the
        default) from now on; True if that changed anything (then the caller repaints)."""
        design = design if design in BACK_DESIGNS else next(iter(BACK_DESIGNS))
        if design == self.back_design:
            return False
        self.back_design = design
        for code in _BACKS:
            self._renderers.pop(code, None)
        self._pixmaps = OrderedDict((k, pm) for k, pm in self._pixmaps.items() if k[0] not in _BACKS)
        return True

    def back_colour(self) -> str:
        """The ground colour of the backs drawn now (a back drawn too small for its pattern)."""
        return BACK_DESIGNS[self.back_design][1]

    def renderer_or_none(self, code: str) -> QSvgRenderer | None:
        if code not in self._renderers:
            path = _svg_path(code, self.back_design)
            r = QSvgRenderer(str(path)) if path.is_file() else None
            self._renderers[code] = r if r is not None and r.isValid() else None
        return self._renderers[code]

    def renderer(self, code: str) -> QSvgRenderer:
        r = self.renderer_or_none(code)
        if r is None:
            raise FileNotFoundError(f"card art {_svg_path(code, self.back_design)} is missing or not valid SVG")
        return r

    def render(self, p: QPainter, code: str, target: QRectF, show_code: bool = False) -> None:
        """Draw the card ``code`` into ``target`` (without its corner code unless ``show_code``)."""
        r = self.renderer(code)
        if not r.elementExists("face"):
            r.render(p, target)
            return
        r.render(p, "face", target)
        if show_code and r.elementExists("corner-code"):
            _code_tab(p, code, target)

    def pixmap(self, code: str, height: int, dpr: float = 1.0, show_code: bool = False) -> QPixmap:
        """The card ``code`` (or ``"back"``) ``height`` logical pixels tall, for ``dpr``."""
        height = max(4, int(height))
        dpr = round(float(dpr), 3) or 1.0
        show = bool(show_code) and code not in _BACKS
        key = (code, height, dpr, show)
        pm = self._pixmaps.get(key)
        if pm is not None:
            self._pixmaps.move_to_end(key)
            return pm
        hp = max(4, round(height * dpr))
        wp = max(2, round(hp / card_ratio(code)))
        pm = QPixmap(wp, hp)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.render(p, code, QRectF(0, 0, wp, hp), show)
        p.end()
        pm.setDevicePixelRatio(dpr)
        self.renders += 1
        self._pixmaps[key] = pm
        if len(self._pixmaps) > self.MAX_PIXMAPS:
            self._pixmaps.popitem(last=False)
        return pm

    def clear(self) -> None:
        self._pixmaps.clear()


def _code_tab(p: QPainter, code: str, card: QRectF) -> None:
    """``code`` on a tab in the top left corner of the card drawn in ``card``, its letters about a
    quarter of the card's width tall (legible on a hand card 100 px tall)."""
    size = max(6.0, card.width() * 0.27)
    font = QFont("sans-serif")
    font.setPixelSize(round(size))
    font.setBold(True)
    p.save()
    p.setFont(font)
    width = p.fontMetrics().horizontalAdvance(code) + size * 0.5
    tab = QRectF(card.left() + card.width() * 0.03, card.top() + card.width() * 0.03, width, size * 1.25)
    p.setPen(QPen(QColor("#161412"), max(1.0, size * 0.08)))
    p.setBrush(QColor("#f7f2e4"))
    p.drawRoundedRect(tab, size * 0.2, size * 0.2)
    p.setPen(QColor("#161412"))
    p.drawText(tab, Qt.AlignmentFlag.AlignCenter, code)
    p.restore()


_ART: CardArt | None = None


def card_art() -> CardArt:
    global _ART
    if _ART is None:
        _ART = CardArt()
    return _ART


def device_ratio(widget: QWidget | None = None) -> float:
    if widget is not None:
        return max(1.0, widget.devicePixelRatioF())
    screen = QGuiApplication.primaryScreen()
    return max(1.0, screen.devicePixelRatio()) if screen else 1.0


def card_image(code: str, height: int, dpr: float = 1.0) -> QImage:
    """A card face (without its corner code) ``height`` logical pixels tall, drawn at ``dpr``; a
    card without a picture is drawn as a plain card with its code."""
    art = card_art()
    if art.renderer_or_none(code) is not None:
        return art.pixmap(code, height, dpr).toImage()
    width = max(1, round(height / card_ratio(code)))
    img = QImage(max(1, round(width * dpr)), max(1, round(height * dpr)), QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    img.setDevicePixelRatio(dpr)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    box = QRectF(0, 0, width, height)
    p.setBrush(Qt.GlobalColor.white)
    p.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 4, 4)
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, code)
    p.end()
    return img


def card_pixmap(code: str, height: int, widget: QWidget | None = None) -> QPixmap:
    dpr = device_ratio(widget)
    art = card_art()
    if art.renderer_or_none(code) is not None:
        return art.pixmap(code, height, dpr)
    return QPixmap.fromImage(card_image(code, height, dpr))


class FlowLayout(QLayout):
    """Widgets side by side, left to right, starting a new line where the next one does not fit
    (Qt has no such layout of its own).  Its height follows its width (``heightForWidth``), so a
    scroll area that resizes its widget scrolls down, never sideways, and a narrower window only
    makes more lines."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6, line_spacing: int | None = None):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setContentsMargins(0, 0, 0, 0)
        self.setSpacing(spacing)
        self._line_spacing = spacing if line_spacing is None else line_spacing

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        """Everything on one line."""
        hints = [it.sizeHint() for it in self._items]
        w = sum(h.width() for h in hints) + self.spacing() * max(0, len(hints) - 1)
        return QSize(w, max((h.height() for h in hints), default=0))

    def minimumSize(self) -> QSize:
        """As wide as the widest item (one a line)."""
        size = QSize()
        for it in self._items:
            size = size.expandedTo(it.minimumSize())
        return size

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in ``rect`` (only measure unless ``move``); the height used."""
        x, y, line_h = rect.x(), rect.y(), 0
        for it in self._items:
            shown = it.widget()
            if shown is not None and shown.isHidden():   # (a hidden widget takes no place)
                continue
            hint = it.sizeHint()
            if x > rect.x() and x + hint.width() > rect.right() + 1:
                x, y = rect.x(), y + line_h + self._line_spacing
                line_h = 0
            if move:
                it.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self.spacing()
            line_h = max(line_h, hint.height())
        return y + line_h - rect.y()


class CardRow(QWidget):
    """Card pictures in a row, in groups separated by a gap (e.g. the three sets of a win); where the
    row is narrower than the groups, they go on into more lines (a group is never split)."""

    def __init__(self, groups: Sequence[Sequence[str]], height: int = 96,
                 namer: Callable[[Any], str] | None = None, parent: QWidget | None = None,
                 overlap: float = 0.0):
        super().__init__(parent)
        namer = namer or names.card_name
        gap = max(6, height // 5)
        lay = FlowLayout(self, gap, gap // 2)
        self.labels: list[QLabel] = []
        for group in groups:
            # each group is a box of fixed size with its cards placed by hand, so that they can
            # overlap (a layout's negative spacing means "the default" to Qt, not an overlap)
            w = round(card_width(height, group[0] if group else None))
            dx = max(1, round(w * (1.0 - overlap))) if overlap else w + 3
            box = QWidget(self)
            box.setFixedSize(w + dx * max(0, len(group) - 1), height)
            for i, code in enumerate(group):
                lab = QLabel(box)
                lab.setPixmap(card_pixmap(code, height, self))
                lab.setToolTip(namer(code))
                lab.setAccessibleName(names.card_name(code))
                lab.setProperty("card", code)
                lab.move(i * dx, 0)
                self.labels.append(lab)
            lay.addWidget(box)
