"""A How-to-play page as data, and the one renderer that turns it into the help window's rich text.

A game's :meth:`~cekidesk.ui.games.base.GameUI.help_page` returns a :class:`HelpPage`: a translation
context and a sequence of blocks — a title, paragraphs, lists, pictures of cards, tables, the
table of keys and :class:`Section` s, each with an anchor and a title (a :class:`Contents` block lists
them).  The blocks hold *inline* parts:

* a ``str`` is a source text of the page's context, marked where it is written with
  ``QT_TRANSLATE_NOOP("<context>", "…")`` (so ``pyside6-lupdate`` finds it) and translated when the
  page is rendered — rich text, as the translators write it (``<b>``, ``<i>``);
* :class:`Fmt` is such a text with ``{name}`` values filled in (and a ``%n`` count);
* :class:`Tr` a text of another context (the game's terms, the window's words);
* :class:`Said` words that are already in the reader's language (a name, a number), escaped;
  :class:`Key` the text of an engine key, :class:`CardName` a card's name;
* :class:`Bold`, :class:`Italic`, :class:`Small` and :data:`BR` dress other parts, :class:`Escaped`
  writes them as plain text;
* :class:`Cards` draws cards (their names as the pictures' titles), :class:`Picture` one card;
* a tuple is its parts one after another.

:func:`render_html` writes a page for a :class:`HelpContext` (the pictures, the player's card-name
form, the keys); nothing else writes HTML for a help page.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication

from ..foundations import names


class HelpContext:
    """What a help page may use: card pictures (``img``), the player's card-name form, the
    keyboard shortcuts and the options of the game under way (``current_options``).  The dialog
    registers every picture a page asks for."""

    def __init__(self, img: Callable[[str, int, str], str], card_names: str = "latin",
                 shortcuts: Sequence[tuple[str, str]] = (), current: tuple[str, BaseModel] | None = None):
        self._img = img
        self.card_names = card_names
        self.shortcuts = list(shortcuts)
        self._current = current

    def current_options(self, game_id: str) -> BaseModel | None:
        """The options of the game under way when it is ``game_id`` (a page may show the rules being
        played, e.g. Ce Pe's effect table), else None."""
        if self._current is None or self._current[0] != game_id:
            return None
        return self._current[1]

    def img(self, code: str, height: int, title: str = "") -> str:
        return self._img(code, height, title)

    def card(self, code: str) -> str:
        """A card's name in the chosen form (for running text)."""
        return names.card_label(code, self.card_names)

    def cards(self, codes: Sequence[str], height: int) -> str:
        return " ".join(self.img(c, height, names.card_label(c, self.card_names)) for c in codes)


# -- inline parts ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Said:
    """Words already in the reader's language (a name, a number, a card): shown as they are, escaped
    (``escape=False``: words that are rich text already, a translated text with its ``<i>``)."""

    text: str
    escape: bool = True


@dataclass(frozen=True)
class Key:
    """The translated text of an engine key (:func:`cekidesk.ui.foundations.names.text`: an option's title, a match
    mode's explanation), ``default`` for a key without one."""

    key: str
    default: str | None = None
    escape: bool = False


@dataclass(frozen=True)
class CardName:
    """A card's name in the reader's language, escaped: ``form`` ``english`` (the translated English
    name), ``javanese`` (its Javanese name in Latin letters), ``script`` (in aksara Jawa), ``peranakan``
    (its Malay or Hokkien name) or ``label`` (the player's chosen card-name form)."""

    code: str
    form: str = "english"


_CARD_NAMES: dict[str, Callable[[str], str]] = {
    "english": names.card_name,
    "javanese": names.javanese_name,
    "script": lambda code: names.javanese_name(code, script=True),
    "peranakan": names.peranakan_name,
}


@dataclass(frozen=True)
class Tr:
    """A text of another translation context than the page's (marked where it is written)."""

    context: str
    source: str
    escape: bool = False


@dataclass(frozen=True)
class Fmt:
    """A text (a source text of the page's context, or a :class:`Tr`) with ``{name}`` values filled in;
    ``n`` is the count of its ``%n`` plural form.  Made with :func:`fmt`."""

    text: str | Tr
    values: tuple[tuple[str, Inline], ...] = ()
    n: int | None = None


def fmt(text: str | Tr, count: int | None = None, **values: Inline | int) -> Fmt:
    """``text`` with its ``{name}`` values (a number is written as it is) and its ``%n`` ``count``."""
    return Fmt(text, tuple((k, Said(str(v)) if isinstance(v, int) else v) for k, v in values.items()), count)


@dataclass(frozen=True)
class Styled:
    """Parts in bold (``b``), italics (``i``) or small print (``small``)."""

    tag: str
    parts: Inline


def Bold(*parts: Inline) -> Styled:
    return Styled("b", parts)


def Italic(*parts: Inline) -> Styled:
    return Styled("i", parts)


def Small(*parts: Inline) -> Styled:
    return Styled("small", parts)


@dataclass(frozen=True)
class Escaped:
    """Parts written as plain text: their markup characters escaped."""

    parts: Inline


@dataclass(frozen=True)
class Break:
    """A line break inside a paragraph or a table cell."""


BR = Break()


@dataclass(frozen=True)
class Space:
    """A wide gap between groups of pictures (``width`` non-breaking spaces)."""

    width: int = 3


GAP = Space()


@dataclass(frozen=True)
class Cards:
    """Pictures of cards in a row, each titled with the card's name in the reader's form."""

    codes: tuple[str, ...]
    height: int


@dataclass(frozen=True)
class Picture:
    """One card's picture with a title of its own."""

    code: str
    height: int
    title: str | Said | Tr | CardName = Said("")


Inline: TypeAlias = (
    str | Said | Key | CardName | Tr | Fmt | Styled | Escaped | Break | Space | Cards | Picture | tuple["Inline", ...]
)


# -- blocks --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Title:
    """The page's heading."""

    text: Inline


@dataclass(frozen=True)
class Para:
    """A paragraph."""

    text: Inline


@dataclass(frozen=True)
class Bullets:
    """A list, bulleted or numbered (``ordered``)."""

    items: tuple[Inline, ...]
    ordered: bool = False


@dataclass(frozen=True)
class Table:
    """Rows of cells.  ``head``: a first row of column titles (its first cell is the row titles'
    corner); ``middle``: every cell centred vertically (pictures beside words)."""

    rows: tuple[tuple[Inline | Cell, ...], ...]
    padding: int = 6
    spacing: int = 0
    border: int = 0
    middle: bool = True
    head: tuple[Inline, ...] = ()


@dataclass(frozen=True)
class Cell:
    """A table cell aligned otherwise than its table's (``align``: left, center; ``valign``: top, middle)."""

    parts: Inline
    align: str = ""
    valign: str = ""


@dataclass(frozen=True)
class KeysTable:
    """The keys of the window and of the game's table, each with what it does."""


@dataclass(frozen=True)
class Contents:
    """A line of links to the page's sections."""


@dataclass(frozen=True)
class Section:
    """A titled part of the page (``anchor``: its link target)."""

    anchor: str
    title: str
    blocks: tuple[Block, ...]


Block: TypeAlias = Title | Para | Bullets | Table | KeysTable | Contents | Section


@dataclass(frozen=True)
class HelpPage:
    """A How-to-play page: its texts' translation context and its blocks."""

    context: str
    blocks: tuple[Block, ...]

    @property
    def sections(self) -> list[Section]:
        return [b for b in self.blocks if isinstance(b, Section)]


# -- the renderer ----------------------------------------------------------------------------------------

class _Writer:
    """Writes one page's rich text for one :class:`HelpContext`."""

    def __init__(self, page: HelpPage, ctx: HelpContext):
        self.page = page
        self.ctx = ctx

    def tr(self, text: str | Tr, n: int | None = None) -> str:
        context, source = (text.context, text.source) if isinstance(text, Tr) else (self.page.context, text)
        if n is None:
            return QCoreApplication.translate(context, source)
        return names.counted(QCoreApplication.translate(context, source, None, n), n)

    def inline(self, part: Inline) -> str:
        if isinstance(part, str):
            return self.tr(part)
        if isinstance(part, Tr):
            return html.escape(self.tr(part)) if part.escape else self.tr(part)
        if isinstance(part, tuple):
            return "".join(self.inline(p) for p in part)
        if isinstance(part, Said):
            return html.escape(part.text) if part.escape else part.text
        if isinstance(part, Key):
            text = names.text(part.key, part.default)
            return html.escape(text) if part.escape else text
        if isinstance(part, Fmt):
            return self.tr(part.text, part.n).format(**{k: self.inline(v) for k, v in part.values})
        if isinstance(part, Styled):
            return f"<{part.tag}>{self.inline(part.parts)}</{part.tag}>"
        if isinstance(part, CardName):
            if part.form == "label":
                return html.escape(names.card_label(part.code, self.ctx.card_names))
            return html.escape(_CARD_NAMES[part.form](part.code))
        if isinstance(part, Escaped):
            return html.escape(self.inline(part.parts))
        if isinstance(part, Break):
            return "<br>"
        if isinstance(part, Space):
            return "&nbsp;" * part.width
        if isinstance(part, Cards):
            return self.ctx.cards(part.codes, part.height)
        if isinstance(part.title, CardName):
            title = names.card_label(part.code, self.ctx.card_names) if part.title.form == "label" \
                else _CARD_NAMES[part.title.form](part.title.code)
        else:
            title = part.title.text if isinstance(part.title, Said) else self.tr(part.title)
        return self.ctx.img(part.code, part.height, title)

    def block(self, b: Block) -> str:
        if isinstance(b, Title):
            return f"<h1>{self.inline(b.text)}</h1>"
        if isinstance(b, Para):
            return f"<p>{self.inline(b.text)}</p>"
        if isinstance(b, Bullets):
            tag = "ol" if b.ordered else "ul"
            return f"<{tag}>" + "".join(f"<li>{self.inline(i)}</li>" for i in b.items) + f"</{tag}>"
        if isinstance(b, Table):
            return self.table(b)
        if isinstance(b, KeysTable):
            return self.keys()
        if isinstance(b, Contents):
            return "<p>" + " · ".join(f'<a href="#{s.anchor}">{html.escape(self.tr(s.title))}</a>'
                                      for s in self.page.sections) + "</p>"
        heading = f'<h2><a name="{b.anchor}">&#8203;</a>{self.tr(b.title)}</h2>'
        return "".join([heading] + [self.block(x) for x in b.blocks])

    def table(self, t: Table) -> str:
        border = f"border='{t.border}' " if t.border else ""
        td = "<td valign='middle'>" if t.middle else "<td>"
        out = [f"<table {border}cellspacing='{t.spacing}' cellpadding='{t.padding}'>"]
        if t.head:
            out.append("<tr>" + "".join(f"<th align='left'>{self.inline(h)}</th>" if h else "<th></th>"
                                        for h in t.head) + "</tr>")
        out += ["<tr>" + "".join(self.cell(c) if isinstance(c, Cell) else f"{td}{self.inline(c)}</td>" for c in row)
                + "</tr>" for row in t.rows]
        return "".join(out) + "</table>"

    def cell(self, c: Cell) -> str:
        align = f" align='{c.align}'" if c.align else ""
        valign = f" valign='{c.valign}'" if c.valign else ""
        return f"<td{align}{valign}>{self.inline(c.parts)}</td>"

    def keys(self) -> str:
        if not self.ctx.shortcuts:
            none = QCoreApplication.translate("HelpPage", "Every menu command shows its key in the menu.")
            return f"<p>{none}</p>"
        esc = html.escape
        return ("<table cellspacing='0' cellpadding='3'>" + "".join(
            f"<tr><td><b>{esc(k)}</b></td><td>&nbsp;&nbsp;{esc(v)}</td></tr>" for k, v in self.ctx.shortcuts)
            + "</table>")


def render_html(page: HelpPage, ctx: HelpContext) -> str:
    """The rich text of ``page`` for the help window (its card pictures asked of ``ctx``)."""
    w = _Writer(page, ctx)
    return "".join(w.block(b) for b in page.blocks)
