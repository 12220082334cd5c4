"""The help pages as data (cekidesk.ui.games.help_page): the one renderer writes each kind of block, and
every text of every shipped game's page is a source text the shipped translations know in its context
(a test game registered from tests/ is in no translation: see ``helpers.shipped_games``)."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from helpers import shipped_games

from cekidesk.ui.games import game_ui
from cekidesk.ui.games.help_page import (
    BR,
    GAP,
    Bold,
    Bullets,
    Cards,
    Cell,
    Contents,
    Escaped,
    Fmt,
    HelpContext,
    HelpPage,
    Inline,
    Italic,
    KeysTable,
    Para,
    Picture,
    Said,
    Section,
    Small,
    Styled,
    Table,
    Title,
    Tr,
    fmt,
    render_html,
)

ROOT = Path(__file__).resolve().parent.parent


def fake_img(code: str, height: int, title: str = "") -> str:
    return f"[{code}/{height}:{title}]"


def test_the_renderer_writes_every_kind_of_block(qapp):
    page = HelpPage("NoSuchContext", (
        Title("How to play"),
        Contents(),
        Section("one", "First", (
            Para(("Plain ", Bold("bold"), " ", Italic(Said("a < b")), BR, Small("small"))),
            Para(fmt("{n} cards, {who}", n=3, who=Said("Budi & Sari"))),
            Para(Escaped(fmt("<{x}>", x=Said("y", escape=False)))),
            Bullets(("a", "b"), ordered=True),
            Para((Cards(("S9", "RF"), 40), GAP, Picture("OT", 30, Said("Old")))),
        )),
        Section("two", "Second", (
            Table((("x", Cell("y", align="center", valign="top")),), padding=2, spacing=4),
            Table(((Bold(Said("King")), Said("10")),), padding=4, border=1, middle=False, head=("", Said("Set"))),
            KeysTable(),
        )),
    ))
    out = render_html(page, HelpContext(fake_img, "latin", [("F1", "Help <me>")]))
    assert out.startswith('<h1>How to play</h1><p><a href="#one">First</a> · <a href="#two">Second</a></p>')
    assert '<h2><a name="one">&#8203;</a>First</h2>' in out
    assert "<p>Plain <b>bold</b> <i>a &lt; b</i><br><small>small</small></p>" in out
    assert "<p>3 cards, Budi &amp; Sari</p>" in out and "<p>&lt;y&gt;</p>" in out
    assert "<ol><li>a</li><li>b</li></ol>" in out
    assert "<p>[S9/40:9 of Strings — sanga bang] [RF/40:Red Flower — kenci]&nbsp;&nbsp;&nbsp;[OT/30:Old]</p>" in out
    assert ("<table cellspacing='4' cellpadding='2'><tr><td valign='middle'>x</td>"
            "<td align='center' valign='top'>y</td></tr></table>") in out
    assert ("<table border='1' cellspacing='0' cellpadding='4'><tr><th></th><th align='left'>Set</th></tr>"
            "<tr><td><b>King</b></td><td>10</td></tr></table>") in out
    assert "<tr><td><b>F1</b></td><td>&nbsp;&nbsp;Help &lt;me&gt;</td></tr>" in out
    assert render_html(HelpPage("", (KeysTable(),)), HelpContext(fake_img)) == \
        "<p>Every menu command shows its key in the menu.</p>"


def _shipped(lang: str = "id") -> set[tuple[str, str]]:
    root = ET.parse(ROOT / "translations" / f"cekidesk_{lang}.ts").getroot()
    return {(c.findtext("name") or "", m.findtext("source") or "") for c in root.iter("context")
            for m in c.iter("message")}


def _texts(part: Inline, context: str) -> list[tuple[str, str]]:
    """Every (context, source text) an inline part is translated from."""
    if isinstance(part, str):
        return [(context, part)] if part else []
    if isinstance(part, Tr):
        return [(part.context, part.source)]
    if isinstance(part, tuple):
        return [t for p in part for t in _texts(p, context)]
    if isinstance(part, Fmt):
        return _texts(part.text, context) + [t for _, v in part.values for t in _texts(v, context)]
    if isinstance(part, (Styled, Escaped)):
        return _texts(part.parts, context)
    if isinstance(part, Picture) and not isinstance(part.title, Said):
        return _texts(part.title, context) if isinstance(part.title, (str, Tr)) else []
    return []


def _page_texts(page: HelpPage) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []

    def walk(blocks: tuple) -> None:
        for b in blocks:
            if isinstance(b, Section):
                out.append((page.context, b.title))
                walk(b.blocks)
            elif isinstance(b, (Title, Para)):
                out.extend(_texts(b.text, page.context))
            elif isinstance(b, Bullets):
                out.extend(t for i in b.items for t in _texts(i, page.context))
            elif isinstance(b, Table):
                cells = [c.parts if isinstance(c, Cell) else c for row in b.rows for c in row] + list(b.head)
                out.extend(t for c in cells for t in _texts(c, page.context))

    walk(page.blocks)
    return out


def test_every_text_of_every_help_page_is_translated_in_its_context(qapp):
    shipped = _shipped()
    for spec in shipped_games():
        page = game_ui(spec.id).help_page(HelpContext(fake_img, "both"))
        texts = _page_texts(page)
        assert texts, spec.id
        missing = [t for t in texts if t not in shipped]
        assert not missing, (spec.id, missing[:3])
