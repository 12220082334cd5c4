#!/usr/bin/env python3
"""Generate the CekiDesk Western card faces (52 cards + a back) as SVG files.

Usage::

    python3 tools/make_western_art.py                      # write resources/cards/western/*.svg
    python3 tools/make_western_art.py --sheet /tmp/w.png   # ... and render a contact sheet PNG
    python3 tools/make_western_art.py --sheet-only --sheet /tmp/w.png --sheet-height 60

One SVG per card, named by its code (``AS.svg``, ``2S.svg`` … ``10S.svg``, ``JS.svg``, ``QS.svg``,
``KS.svg``, the same for H, D and C) and ``back.svg``.  The generated files are committed;
``tests/test_western_art.py`` checks that they equal what this script generates now, so after
changing the script, run it and commit the result.

Design (viewBox 0 0 126 176: the 63 × 88 mm poker card at 2 units per mm): the stock, edge, ink and
red of the Ceki art (``tools/make_card_art.py``); hearts and diamonds red, spades and clubs black.
Large corner indices (rank over suit pip) top left and, turned, bottom right, made to be read on a
card 60 px tall; pips laid out traditionally for 2–10 (those below the middle turned); the courts
are a crown per rank (a coronet for the Jack, a diadem for the Queen, a crown with a cross for the
King) over the suit in a framed, double-ended panel; the Ace of Spades carries a large spade in a
medallion.  The back is the Ceki back's indigo lattice, cream border and cash-coin medallion.

Nothing here needs a font: the rank letters and numbers are stroked paths drawn by this script, so
every card renders alike with QtSvg alone.  Everything is in ``<g id="face">`` (the corner indices
are part of a Western face, unlike the Ceki corner code the app can hide).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_card_art as ceki  # the shared drawing helpers, palette and contact sheet
from make_card_art import INK, RED, f, polygon, rect

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "resources" / "cards" / "western"

# --------------------------------------------------------------------------------------------------
# Cards (kept here rather than imported so the tool runs without the package on sys.path; the test
# checks them against cekidesk.engine.cards.WKind)

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = (("S", "Spades"), ("H", "Hearts"), ("D", "Diamonds"), ("C", "Clubs"))
CODES = tuple(f"{r}{s}" for s, _ in SUITS for r in RANKS)
RED_SUITS = frozenset({"H", "D"})
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


def card_name(code: str) -> str:
    rank, suit = code[:-1], code[-1]
    return f"{RANK_NAMES.get(rank, rank)} of {dict(SUITS)[suit]}"


# --------------------------------------------------------------------------------------------------
# Geometry

W, H = 126, 176
GOLD = "#e2c46a"        # the courts' panel and the ace's medallion
PALE = "#efe3bf"

# the corner index: a rank INDEX_H tall from (INDEX_X, INDEX_Y), the suit pip below it
INDEX_X, INDEX_Y, INDEX_H = 5.5, 6.0, 25.0
INDEX_PIP = 8.0                      # the index pip's half-size
INDEX_PIP_Y = INDEX_Y + INDEX_H + 4.5 + INDEX_PIP

# the pip field: three columns, rows from top to bottom (pip centres)
COLS = (40.0, 63.0, 86.0)
TOP, BOTTOM = 30.0, 146.0
PIP = 10.5                           # a pip's half-size

# Rank glyphs: strokes in a 10 × 16 box (y down), drawn with a round pen
_GLYPHS = {
    "A": "M0.4 16L5 0L9.6 16M2.1 10.6H7.9",
    "2": "M0.8 4.2C0.8 1.5 2.7 0 5 0C7.4 0 9.2 1.5 9.2 4C9.2 7 6.6 9 0.6 16H9.6",
    "3": "M0.8 0H9.2L4.4 6.4C7.6 6.2 9.6 8.2 9.6 11.1C9.6 14.2 7.5 16 4.8 16C3 16 1.4 15.3 0.4 13.8",
    "4": "M7.2 16V0L0.4 11.2H9.8",
    "5": "M8.8 0H1.6L0.9 7.4C2.1 6.6 3.5 6.2 5 6.2C7.8 6.2 9.5 8.2 9.5 11C9.5 14 7.5 16 4.8 16"
         "C3 16 1.4 15.3 0.4 14",
    "6": "M8.6 1.2C7.7 0.4 6.6 0 5.4 0C2.2 0 0.5 3.6 0.5 9C0.5 13.6 2.3 16 5 16C7.8 16 9.5 14 9.5 11"
         "C9.5 8 7.8 6.2 5.2 6.2C3 6.2 1.3 7.6 0.5 9.6",
    "7": "M0.3 0H9.7L3.8 16",
    "8": "M5 7.4C2.6 7.4 1.1 6 1.1 3.7C1.1 1.4 2.6 0 5 0C7.4 0 8.9 1.4 8.9 3.7C8.9 6 7.4 7.4 5 7.4"
         "C2.3 7.4 0.5 9 0.5 11.7C0.5 14.4 2.4 16 5 16C7.6 16 9.5 14.4 9.5 11.7C9.5 9 7.7 7.4 5 7.4Z",
    "9": "M1.4 14.8C2.3 15.6 3.4 16 4.6 16C7.8 16 9.5 12.4 9.5 7C9.5 2.4 7.7 0 5 0C2.2 0 0.5 2 0.5 5"
         "C0.5 8 2.2 9.8 4.8 9.8C7 9.8 8.7 8.4 9.5 6.4",
    # "10" is drawn narrower: a 1 and a 0 in one 12-unit box, squeezed (see rank_path)
    "10": "M0.2 3.2L3 0V16M8.6 0A3.2 8 0 0 1 8.6 16A3.2 8 0 0 1 8.6 0Z",
    "J": "M3.2 0H9.8M7.8 0V11.4C7.8 14.5 6.3 16 4.1 16C2 16 0.7 14.7 0.3 12.3",
    "Q": "M5 0A4.6 8 0 0 1 5 16A4.6 8 0 0 1 5 0ZM5.8 11.2L9.9 16.4",
    "K": "M1 0V16M9.6 0L1 10M3.8 6.9L9.8 16",
}
_GLYPH_W = {"10": 12.0}
GLYPH_PEN = 2.8      # stroke width in glyph units

# Suit pips: paths in a box −1 … 1 (y down), the spade and heart point up/down as printed
_PIPS = {
    "H": "M0 1C-0.32 0.62-1 0.18-1-0.38C-1-0.78-0.72-1-0.44-1C-0.2-1-0.06-0.86 0-0.64"
         "C0.06-0.86 0.2-1 0.44-1C0.72-1 1-0.78 1-0.38C1 0.18 0.32 0.62 0 1Z",
    "S": "M0-1C-0.32-0.62-1-0.22-1 0.28C-1 0.64-0.76 0.84-0.48 0.84C-0.3 0.84-0.14 0.76-0.05 0.62"
         "C-0.08 0.8-0.2 0.94-0.38 1H0.38C0.2 0.94 0.08 0.8 0.05 0.62C0.14 0.76 0.3 0.84 0.48 0.84"
         "C0.76 0.84 1 0.64 1 0.28C1-0.22 0.32-0.62 0-1Z",
    "D": "M0-1Q0.34-0.46 0.78 0Q0.34 0.46 0 1Q-0.34 0.46-0.78 0Q-0.34-0.46 0-1Z",
    "C": "M-0.37-0.5A0.37 0.37 0 1 0 0.37-0.5A0.37 0.37 0 1 0-0.37-0.5Z"
         "M-0.9 0.16A0.37 0.37 0 1 0-0.16 0.16A0.37 0.37 0 1 0-0.9 0.16Z"
         "M0.16 0.16A0.37 0.37 0 1 0 0.9 0.16A0.37 0.37 0 1 0 0.16 0.16Z"
         "M-0.13-0.2H0.13L0.1 0.62C0.14 0.82 0.26 0.94 0.4 1H-0.4C-0.26 0.94-0.14 0.82-0.1 0.62Z",
}


def colour(suit: str) -> str:
    return RED if suit in RED_SUITS else INK


def pip(suit: str, cx: float, cy: float, size: float, turned: bool = False, fill: str | None = None) -> str:
    """The suit's pip centred on (cx, cy), ``size`` its half-size; ``turned`` upside down."""
    turn = " rotate(180)" if turned else ""
    return (f'<path transform="translate({f(cx)} {f(cy)}){turn} scale({f(size)})" '
            f'd="{_PIPS[suit]}" fill="{fill or colour(suit)}"/>')


def rank_path(rank: str, x: float, y: float, height: float, fill: str) -> str:
    """The rank ``rank`` as a stroked path, its box's top left at (x, y), ``height`` tall."""
    s = height / 16.0
    sx = s * 10.0 / _GLYPH_W.get(rank, 10.0) * (1.15 if rank == "10" else 1.0)
    return (f'<path transform="translate({f(x)} {f(y)}) scale({f(sx)} {f(s)})" d="{_GLYPHS[rank]}" '
            f'fill="none" stroke="{fill}" stroke-width="{f(GLYPH_PEN)}" stroke-linecap="round" '
            f'stroke-linejoin="round"/>')


def _index(rank: str, suit: str) -> str:
    col = colour(suit)
    width = INDEX_H * 10.0 / 16.0
    pip_cx = INDEX_X + width / 2
    return rank_path(rank, INDEX_X, INDEX_Y, INDEX_H, col) + pip(suit, pip_cx, INDEX_PIP_Y, INDEX_PIP)


def corner_indices(rank: str, suit: str) -> str:
    one = _index(rank, suit)
    return f'{one}<g transform="rotate(180 {f(W / 2)} {f(H / 2)})">{one}</g>'


# --------------------------------------------------------------------------------------------------
# Pips, aces and courts

def _rows(n: int) -> list[float]:
    return [TOP + i * (BOTTOM - TOP) / (n - 1) for i in range(n)]


def pip_positions(n: int) -> list[tuple[float, float]]:
    """The traditional places of the pips of the 2 … 10 (centres)."""
    left, mid, right = COLS
    mid_y = (TOP + BOTTOM) / 2
    r3 = _rows(3)
    r4 = _rows(4)
    if n == 2:
        return [(mid, TOP), (mid, BOTTOM)]
    if n == 3:
        return [(mid, y) for y in r3]
    sides = {4: [TOP, BOTTOM], 5: [TOP, BOTTOM], 6: r3, 7: r3, 8: r3, 9: r4, 10: r4}[n]
    out = [(x, y) for y in sides for x in (left, right)]
    if n == 5 or n == 9:
        out.append((mid, mid_y))
    elif n == 7:
        out.append((mid, (TOP + mid_y) / 2))
    elif n == 8:
        out += [(mid, (TOP + mid_y) / 2), (mid, (BOTTOM + mid_y) / 2)]
    elif n == 10:
        out += [(mid, (r4[0] + r4[1]) / 2), (mid, (r4[2] + r4[3]) / 2)]
    return out


def pips(n: int, suit: str) -> str:
    mid_y = (TOP + BOTTOM) / 2
    return "".join(pip(suit, x, y, PIP, turned=y > mid_y + 0.1) for x, y in pip_positions(n))


def ace(suit: str) -> str:
    cx, cy = W / 2, H / 2
    if suit != "S":
        return pip(suit, cx, cy, 21.0)
    # the Ace of Spades: a large spade on a gold medallion with a ring of beads
    out = [ceki.circle(cx, cy, 37.0, GOLD, extra=f' stroke="{INK}" stroke-width="1.4"'),
           ceki.ring(cx, cy, 32.0, 0.8)]
    for i in range(24):
        a = i * 360.0 / 24
        out.append(f'<circle cx="{f(cx)}" cy="{f(cy - 34.6)}" r="1.1" fill="{INK}" '
                   f'transform="rotate({f(a)} {f(cx)} {f(cy)})"/>')
    out.append(ceki.circle(cx, cy, 29.0, ceki.STOCK))
    out.append(pip("S", cx, cy - 1.0, 25.0))
    out.append(pip("S", cx, cy - 3.0, 9.0, fill=GOLD))
    return "".join(out)


def _crown(rank: str, cx: float, base: float, col: str) -> str:
    """The crown of a court, its band's bottom at ``base`` (drawn upright; the panel turns it)."""
    band = rect(cx - 17, base - 6, 34, 6, GOLD, extra=f' stroke="{INK}" stroke-width="1"')
    jewels = "".join(ceki.circle(cx + dx, base - 3, 1.5, col) for dx in (-10, 0, 10))
    if rank == "K":      # three high points, balls on top, a cross in the middle
        body = polygon([(cx - 17, base - 6), (cx - 17, base - 20), (cx - 9, base - 12), (cx, base - 23),
                        (cx + 9, base - 12), (cx + 17, base - 20), (cx + 17, base - 6)], GOLD)
        edge = (f'<polygon points="{ceki.pts([(cx - 17, base - 6), (cx - 17, base - 20), (cx - 9, base - 12), (cx, base - 23), (cx + 9, base - 12), (cx + 17, base - 20), (cx + 17, base - 6)])}" '
                f'fill="none" stroke="{INK}" stroke-width="1" stroke-linejoin="round"/>')
        tops = "".join(ceki.circle(cx + dx, base - dy, 2.2, col) for dx, dy in ((-17, 21), (17, 21)))
        cross = (ceki.line(cx, base - 31, cx, base - 22, 2.2) + ceki.line(cx - 4, base - 27.5, cx + 4, base - 27.5, 2.2))
        return body + edge + band + jewels + tops + cross
    if rank == "Q":      # a diadem: five rounded points with pearls
        d = [f"M{f(cx - 17)} {f(base - 6)}V{f(base - 14)}"]
        for i in range(5):
            x0 = cx - 17 + i * 6.8
            d.append(f"Q{f(x0 + 3.4)} {f(base - 24 - (3 if i == 2 else 0))} {f(x0 + 6.8)} {f(base - 14)}")
        d.append(f"V{f(base - 6)}Z")
        body = f'<path d="{"".join(d)}" fill="{GOLD}" stroke="{INK}" stroke-width="1" stroke-linejoin="round"/>'
        pearls = "".join(ceki.circle(cx - 17 + i * 6.8 + 3.4, base - 20.5 - (3 if i == 2 else 0), 1.8, col)
                         for i in range(5))
        return body + band + jewels + pearls
    # the Jack: a low coronet with square merlons and a feather
    body = polygon([(cx - 17, base - 6), (cx - 17, base - 14), (cx - 11, base - 14), (cx - 11, base - 10),
                    (cx - 3, base - 10), (cx - 3, base - 14), (cx + 3, base - 14), (cx + 3, base - 10),
                    (cx + 11, base - 10), (cx + 11, base - 14), (cx + 17, base - 14), (cx + 17, base - 6)], GOLD)
    feather = (f'<path d="M{f(cx + 12)} {f(base - 13)}C{f(cx + 14)} {f(base - 24)} {f(cx + 21)} {f(base - 29)} '
               f'{f(cx + 28)} {f(base - 31)}C{f(cx + 25)} {f(base - 24)} {f(cx + 20)} {f(base - 17)} '
               f'{f(cx + 12)} {f(base - 13)}Z" fill="{col}" stroke="{INK}" stroke-width="0.8"/>')
    outline = (f'<polyline points="{ceki.pts([(cx - 17, base - 6), (cx - 17, base - 14), (cx - 11, base - 14), (cx - 11, base - 10), (cx - 3, base - 10), (cx - 3, base - 14), (cx + 3, base - 14), (cx + 3, base - 10), (cx + 11, base - 10), (cx + 11, base - 14), (cx + 17, base - 14), (cx + 17, base - 6)])}" '
               f'fill="none" stroke="{INK}" stroke-width="1" stroke-linejoin="round"/>')
    return feather + body + outline + band + jewels


# the courts' panel
PX0, PY0, PX1, PY1 = 26.0, 20.0, W - 26.0, H - 20.0


def court(rank: str, suit: str) -> str:
    col = colour(suit)
    cx, cy = W / 2, H / 2
    upper = _crown(rank, cx, cy - 31, col) + pip(suit, cx, cy - 21, 9.5)
    out = [rect(PX0, PY0, PX1 - PX0, PY1 - PY0, PALE, rx=3, extra=f' stroke="{col}" stroke-width="2.2"'),
           rect(PX0 + 3.5, PY0 + 3.5, PX1 - PX0 - 7, PY1 - PY0 - 7, "none", rx=1.5,
                extra=f' stroke="{INK}" stroke-width="0.8"'),
           ceki.line(PX0 + 3.5, cy, PX1 - 3.5, cy, 0.8),
           upper, f'<g transform="rotate(180 {f(cx)} {f(cy)})">{upper}</g>']
    # the rank's letter, large, across the middle line on a gold lozenge
    lz = [(cx, cy - 11.5), (cx + 11, cy), (cx, cy + 11.5), (cx - 11, cy)]
    out.append(polygon(lz, GOLD))
    out.append(f'<polygon points="{ceki.pts(lz)}" fill="none" stroke="{INK}" stroke-width="0.9"/>')
    out.append(rank_path(rank, cx - 3.6, cy - 5.8, 11.6, col))
    return "".join(out)


# --------------------------------------------------------------------------------------------------
# Cards

def _card_stock() -> str:
    return rect(0, 0, W, H, ceki.EDGE, rx=5.5) + rect(1.1, 1.1, W - 2.2, H - 2.2, ceki.STOCK, rx=4.6)


def _svg(title: str, body: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        "<!-- CekiDesk card art. Generated by tools/make_western_art.py: do not edit by hand. -->\n"
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}">\n'
        f"<title>{title}</title>\n"
        f"{body}\n"
        "</svg>\n"
    )


def face_svg(code: str) -> str:
    if code not in CODES:
        raise ValueError(code)
    rank, suit = code[:-1], code[-1]
    if rank == "A":
        centre = ace(suit)
    elif rank in ("J", "Q", "K"):
        centre = court(rank, suit)
    else:
        centre = pips(int(rank), suit)
    body = f'<g id="face">{_card_stock()}{centre}{corner_indices(rank, suit)}</g>'
    return _svg(card_name(code), body)


def back_svg(design: str = "lattice") -> str:
    """The Ceki back's family: its ground and all-over pattern (the indigo lattice or the red-brown
    kawung), a double cream border, a cash coin in a lozenge."""
    ground = ceki.BACK_DESIGNS[design][0]
    parts = [rect(0, 0, W, H, ceki.EDGE, rx=5.5), rect(1.1, 1.1, W - 2.2, H - 2.2, ground, rx=4.6)]
    parts.append(ceki.back_pattern(design, W, H))
    for ins, wdt in ((5.0, 1.0), (8.0, 0.6)):
        parts.append(f'<rect x="{f(ins)}" y="{f(ins)}" width="{f(W - 2 * ins)}" height="{f(H - 2 * ins)}" '
                     f'rx="{f(max(1.0, 4.6 - ins))}" fill="none" stroke="{ceki.BACK_LINE}" '
                     f'stroke-width="{f(wdt)}"/>')
    cx, cy = W / 2, H / 2
    lz = [(cx, cy - 30), (cx + 24, cy), (cx, cy + 30), (cx - 24, cy)]
    parts.append(polygon(lz, ground))
    parts.append(f'<polygon points="{ceki.pts(lz)}" fill="none" stroke="{ceki.BACK_LINE}" stroke-width="1.2"/>')
    parts.append(ceki.circle(cx, cy, 12.0, ceki.BACK_LINE))
    parts.append(ceki.circle(cx, cy, 9.6, ground))
    parts.append(rect(cx - 3.8, cy - 3.8, 7.6, 7.6, ceki.BACK_LINE))
    parts.append(rect(cx - 2, cy - 2, 4, 4, ground))
    for dy in (-1, 1):
        parts.append(ceki.circle(cx, cy + dy * 38, 2.4, ceki.BACK_LINE))
    for dx in (-1, 1):
        parts.append(ceki.circle(cx + dx * 32, cy, 2.4, ceki.BACK_LINE))
    title = "Card back" if design == "lattice" else f"Card back ({design})"
    return _svg(title, f'<g id="face">{"".join(parts)}</g>')


def build_all() -> dict[str, str]:
    """File name → SVG text for the 52 faces and the back."""
    out = {f"{code}.svg": face_svg(code) for code in CODES}
    out.update({ceki.back_file(d): back_svg(d) for d in ceki.BACK_DESIGNS})
    return out


# --------------------------------------------------------------------------------------------------
# Contact sheet (needs PySide6's QtSvg)

SHEET_ROWS = tuple(CODES[i:i + 13] for i in range(0, 52, 13)) + (("back",),)


# --------------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    ap.add_argument("--sheet", type=Path, help="also render a contact sheet PNG to this path")
    ap.add_argument("--sheet-height", type=int, default=120, help="card height on the sheet in px")
    ap.add_argument("--sheet-only", action="store_true", help="only render the sheet from --out")
    args = ap.parse_args(argv)
    if not args.sheet_only:
        files = build_all()
        ceki.write_all(args.out, files)
        print(f"wrote {len(files)} SVG files to {args.out}")
    if args.sheet:
        ceki.render_sheet(args.out, args.sheet, args.sheet_height, rows=SHEET_ROWS, aspect=W / H)
        print(f"wrote contact sheet {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
