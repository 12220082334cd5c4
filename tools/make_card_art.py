#!/usr/bin/env python3
"""Generate the CekiDesk card faces (30 Ceki kinds + a back) as SVG files.

Usage::

    python3 tools/make_card_art.py                      # write resources/cards/*.svg
    python3 tools/make_card_art.py --sheet /tmp/s.png   # ... and render a contact sheet PNG
    python3 tools/make_card_art.py --sheet-only --sheet docs/card-sheet.png --sheet-height 180

One SVG per kind, named by its code (``C1.svg`` … ``M9.svg``, ``WF.svg``, ``RF.svg``, ``OT.svg``) and
``back.svg``.  The generated files are committed; ``tests/test_card_art.py`` checks that they equal
what this script generates now, so after changing the script, run it and commit the result.

Design (viewBox 0 0 100 260, the narrow 1 : 2.6 Ceki shape): off-white stock, black line work, red
only for the red stamps of S9, RF and OT.  A thick black *frame* around the central picture carries
the rank "index" (nine patterns, see ``FRAME_NAMES``); WF and RF carry the 1-frame, OT has none.  The
corner code ("S9") is a separate ``<g id="corner-code">`` so the app can hide it; everything else is
in ``<g id="face">``.

Chinese characters (the Myriad numerals 一…九, 萬, 千 and the seal characters) are written into the
SVGs as *paths*, so the app never needs a CJK font at run time.  The outlines are taken, at generation
time only, from Noto Serif CJK TC Bold (SIL Open Font License 1.1) with fontTools.  Neither fontTools
nor the font is a run-time dependency of CekiDesk; to regenerate the art install them first::

    pip install fonttools
    apt-get install fonts-noto-cjk        # provides NotoSerifCJK-Bold.ttc

Without the font the script stops with a clear message.  ``--reuse-glyphs`` takes the outlines from
the committed SVGs instead, which is enough to change anything but the characters themselves.
"""
from __future__ import annotations

import argparse
import glob
import math
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "resources" / "cards"

# --------------------------------------------------------------------------------------------------
# Kinds (kept here rather than imported so the tool runs without the package on sys.path; the test
# checks the list against cekidesk.engine.cards.Kind)

SUITS = (("C", "Coins"), ("S", "Strings"), ("M", "Myriads"))
CODES = tuple(f"{s}{r}" for s, _ in SUITS for r in range(1, 10)) + ("WF", "RF", "OT")
RED_STAMPED = frozenset({"S9", "RF", "OT"})
NUMERALS = "一二三四五六七八九"
WAN = "萬"
SEAL_CHARS = {"S9": "九", "RF": "花", "OT": "老"}
REQUIRED_CHARS = "".join(dict.fromkeys(NUMERALS + WAN + "千" + "".join(SEAL_CHARS.values())))


def card_name(code: str) -> str:
    if code == "WF":
        return "White Flower"
    if code == "RF":
        return "Red Flower"
    if code == "OT":
        return "Old Thousand"
    return f"{code[1]} of {dict(SUITS)[code[0]]}"


def frame_of(code: str) -> int:
    if code == "OT":
        return 0
    if code in ("WF", "RF"):
        return 1
    return int(code[1])


# --------------------------------------------------------------------------------------------------
# Palette and geometry

W, H = 100, 260
STOCK = "#f7f2e4"      # off-white card stock
EDGE = "#9a917c"       # card edge
INK = "#161412"        # black line work
RED = "#c8321f"        # the red seal (vermilion)
BACK = "#22315f"       # back: indigo
BACK_LINE = "#d9c89a"  # back: fine border
BACK_LATTICE = "#3d5294"
KAWUNG = "#6a2015"     # the second back: a deep sogan red-brown ...
KAWUNG_PETAL = "#9a4630"  # ... with its kawung petals
#: the back designs (the app's Settings offer them): ground and pattern colours; the files are
#: ``back.svg`` (lattice) and ``back-<design>.svg``
BACK_DESIGNS = {"lattice": (BACK, BACK_LATTICE), "kawung": (KAWUNG, KAWUNG_PETAL)}

# the frame: outer rectangle and band thickness; the picture panel lies inside it
FX0, FX1, FY0, FY1 = 5.0, 95.0, 20.0, 240.0
FT = 16.0
PX0, PX1, PY0, PY1 = FX0 + FT, FX1 - FT, FY0 + FT, FY1 - FT
PCX = (PX0 + PX1) / 2
PCY = (PY0 + PY1) / 2

FRAME_NAMES = {
    1: "solid bar",
    2: "double line",
    3: "ladder",
    4: "zigzag ribbon",
    5: "string of beads",
    6: "battlement",
    7: "chequer",
    8: "lozenge chain",
    9: "saw teeth",
}


def f(x: float) -> str:
    """Format a coordinate compactly (2 decimals, no trailing zeros)."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def pts(points) -> str:
    return " ".join(f"{f(x)},{f(y)}" for x, y in points)


def rect(x, y, w, h, fill=INK, rx=None, extra="") -> str:
    r = f' rx="{f(rx)}"' if rx else ""
    return f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}"{r} fill="{fill}"{extra}/>'


def circle(cx, cy, r, fill=INK, extra="") -> str:
    return f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{fill}"{extra}/>'


def ring(cx, cy, r, width, color=INK) -> str:
    return (f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="none" stroke="{color}" '
            f'stroke-width="{f(width)}"/>')


def polygon(points, fill=INK) -> str:
    return f'<polygon points="{pts(points)}" fill="{fill}"/>'


def line(x1, y1, x2, y2, width, color=INK, cap="butt") -> str:
    return (f'<line x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}" stroke="{color}" '
            f'stroke-width="{f(width)}" stroke-linecap="{cap}"/>')


def ellipse(cx, cy, rx, ry, angle=0.0, fill=INK, extra="") -> str:
    t = f' transform="rotate({f(angle)} {f(cx)} {f(cy)})"' if angle else ""
    return (f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}"{t} fill="{fill}"{extra}/>')


# --------------------------------------------------------------------------------------------------
# Glyph outlines (generation-time only)

FONT_FAMILY = "Noto Serif CJK TC"
FONT_STYLE = "Bold"
FONT_CANDIDATES = (
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc",          # Debian / Ubuntu fonts-noto-cjk
    "/usr/share/fonts/google-noto-cjk/NotoSerifCJK-Bold.ttc",        # Fedora
    "/usr/share/fonts/noto-cjk/NotoSerifCJK-Bold.ttc",               # Arch
    "/usr/share/fonts/**/NotoSerifCJK*Bold*.tt[cf]",
    "/usr/share/fonts/**/NotoSerifTC*Bold*.[ot]tf",
    "/usr/local/share/fonts/**/NotoSerifCJK*Bold*.tt[cf]",
    "~/.local/share/fonts/**/NotoSerifCJK*Bold*.tt[cf]",
    "~/.fonts/**/NotoSerifCJK*Bold*.tt[cf]",
    "/Library/Fonts/NotoSerifCJK*Bold*.tt[cf]",
)
GLYPH_EM = 1000.0


class GlyphSourceError(RuntimeError):
    """The CJK glyph outlines needed for the Myriads and honours cannot be had."""


class Glyphs:
    """Character → SVG path data (font units, y down, centred on the glyph's bounding box)."""

    def __init__(self, source: str, paths: dict[str, str]):
        self.source = source
        self.paths = paths

    def __getitem__(self, ch: str) -> str:
        return self.paths[ch]


def _font_help() -> str:
    return (
        f"The card art draws the Chinese characters {REQUIRED_CHARS} as SVG paths taken from the "
        f"font {FONT_FAMILY} {FONT_STYLE} (SIL OFL 1.1) with fontTools. These are needed only to "
        "generate the art, never to run CekiDesk.\n"
        "  install them:   pip install fonttools && apt-get install fonts-noto-cjk\n"
        "  or point to the font:   --font /path/to/NotoSerifCJK-Bold.ttc\n"
        "  or keep the characters of the committed SVGs:   --reuse-glyphs"
    )


def find_font() -> str | None:
    env = os.environ.get("CEKIDESK_CJK_FONT")
    if env:
        return env
    for pattern in FONT_CANDIDATES:
        for path in sorted(glob.glob(os.path.expanduser(pattern), recursive=True)):
            if os.path.isfile(path):
                return path
    return None


def load_glyphs(font_path: str | None = None) -> Glyphs:
    """Extract the outlines of REQUIRED_CHARS from the CJK font (fontTools needed)."""
    try:
        from fontTools.pens.boundsPen import BoundsPen
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.pens.transformPen import TransformPen
        from fontTools.ttLib import TTCollection, TTFont
    except ImportError:
        raise GlyphSourceError("fontTools is not installed.\n" + _font_help()) from None
    path = font_path or find_font()
    if not path or not os.path.isfile(path):
        where = f" (looked for {path})" if path else ""
        raise GlyphSourceError(f"No {FONT_FAMILY} {FONT_STYLE} font found{where}.\n" + _font_help())
    if path.lower().endswith((".ttc", ".otc")):
        fonts = TTCollection(path).fonts
    else:
        fonts = [TTFont(path)]

    def family(font):
        name = font["name"]
        return (name.getDebugName(16) or name.getDebugName(1) or "", name.getDebugName(4) or "")

    chosen = next((ft for ft in fonts if family(ft)[0] == FONT_FAMILY), None)
    if chosen is None:
        chosen = next((ft for ft in fonts if " TC" in family(ft)[1]), fonts[0])
    cmap = chosen.getBestCmap()
    missing = [ch for ch in REQUIRED_CHARS if ord(ch) not in cmap]
    if missing:
        raise GlyphSourceError(f"{path} lacks the characters {''.join(missing)}.\n" + _font_help())
    glyph_set = chosen.getGlyphSet()
    version = (chosen["name"].getDebugName(5) or "").split(";")[0]
    source = f"{family(chosen)[1]}, {version}".strip(", ")
    out: dict[str, str] = {}
    for ch in REQUIRED_CHARS:
        gname = cmap[ord(ch)]
        bp = BoundsPen(glyph_set)
        glyph_set[gname].draw(bp)
        x0, y0, x1, y1 = bp.bounds
        cx, cy = round((x0 + x1) / 2), round((y0 + y1) / 2)
        sp = SVGPathPen(glyph_set, ntos=lambda v: f(v))
        # y up → y down, centred on the bounding box
        glyph_set[gname].draw(TransformPen(sp, (1, 0, 0, -1, -cx, cy)))
        out[ch] = sp.getCommands()
    return Glyphs(source, out)


_GLYPH_RE = re.compile(r'<path class="glyph" data-char="U\+([0-9A-F]+)" [^>]*?d="([^"]+)"')
_SOURCE_RE = re.compile(r"Glyph outlines: (.+?) \(SIL Open Font License")


def reuse_glyphs(svg_dir: Path) -> Glyphs:
    """Recover the glyph outlines written into existing SVGs (no font needed)."""
    paths: dict[str, str] = {}
    source = None
    for svg in sorted(Path(svg_dir).glob("*.svg")):
        text = svg.read_text(encoding="utf-8")
        for cp, d in _GLYPH_RE.findall(text):
            paths.setdefault(chr(int(cp, 16)), d)
        m = _SOURCE_RE.search(text)
        if m and source is None:
            source = m.group(1)
    missing = [ch for ch in REQUIRED_CHARS if ch not in paths]
    if missing or source is None:
        raise GlyphSourceError(
            f"The SVGs in {svg_dir} do not hold the outlines of {''.join(missing) or 'the glyphs'}.\n"
            + _font_help())
    return Glyphs(source, paths)


def glyph(glyphs: Glyphs, ch: str, cx: float, cy: float, size: float, fill=INK) -> str:
    """Place a character centred at (cx, cy), drawn at an em size of ``size`` units."""
    s = size / GLYPH_EM
    return (f'<path class="glyph" data-char="U+{ord(ch):04X}" '
            f'transform="translate({f(cx)} {f(cy)}) scale({s:.5f})" fill="{fill}" d="{glyphs[ch]}"/>')


# --------------------------------------------------------------------------------------------------
# Frames: each side is a band of length L and thickness FT, drawn in local (u along, v across;
# v = 0 is the outer edge) coordinates and mapped onto the four sides, clockwise.

class Band:
    def __init__(self, length: float, thick: float, matrix):
        self.L, self.t, self.m = length, thick, matrix
        self.out: list[str] = []

    def map(self, u, v):
        a, b, c, d, e, ff = self.m
        return a * u + c * v + e, b * u + d * v + ff

    def poly(self, points, fill=INK):
        self.out.append(polygon([self.map(u, v) for u, v in points], fill))

    def rect(self, u0, v0, u1, v1, fill=INK):
        if fill == INK:   # run black bars under the corner blocks: no hairline seams
            u0, u1 = (u0 - 0.5 if u0 <= 0 else u0), (u1 + 0.5 if u1 >= self.L else u1)
        x0, y0 = self.map(u0, v0)
        x1, y1 = self.map(u1, v1)
        self.out.append(rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0), fill))

    def circle(self, u, v, r, fill=INK):
        x, y = self.map(u, v)
        self.out.append(circle(x, y, r, fill))

    def periods(self, p):
        n = max(1, round(self.L / p))
        return n, self.L / n


def _pattern(b: Band, rank: int) -> None:
    L, t = b.L, b.t
    if rank == 1:                                   # solid bar
        b.rect(0, 0, L, t)
    elif rank == 2:                                 # double line
        b.rect(0, 0, L, t * 0.36)
        b.rect(0, t * 0.64, L, t)
    elif rank == 3:                                 # ladder: two rails and rungs
        b.rect(0, 0, L, t)
        n, p = b.periods(15)
        for i in range(n):
            u0 = i * p + 2.2
            b.rect(u0, 2.6, u0 + p - 4.4, t - 2.6, STOCK)
    elif rank == 4:                                 # zigzag ribbon between two fine rails
        b.rect(0, 0, L, 1.2)
        b.rect(0, t - 1.2, L, t)
        n, p = b.periods(22)
        d = 4.6                                     # vertical thickness of the ribbon
        top = [(0, (t - d) / 2)]
        for i in range(n):
            top += [(i * p + p / 4, 0), (i * p + 3 * p / 4, t - d)]
        top.append((L, (t - d) / 2))
        b.poly(top + [(u, v + d) for u, v in reversed(top)])
    elif rank == 5:                                 # a string of big beads
        b.rect(0, t / 2 - 0.8, L, t / 2 + 0.8)
        n, p = b.periods(14)
        for i in range(n):
            b.circle((i + 0.5) * p, t / 2, t * 0.36)
    elif rank == 6:                                 # battlement: outer bar with square merlons
        b.rect(0, 0, L, t * 0.45)
        n, p = b.periods(11)
        for i in range(n):
            b.rect(i * p + p * 0.25, 0, i * p + p * 0.75, t)
    elif rank == 7:                                 # chequer, two rows
        n, p = b.periods(t)
        h = p / 2
        for i in range(2 * n):
            v0 = 0 if i % 2 == 0 else t / 2
            b.rect(i * h, v0, i * h + h, v0 + t / 2)
        b.rect(0, 0, L, 1.0)
        b.rect(0, t - 1.0, L, t)
    elif rank == 8:                                 # lozenge chain between two fine rails
        b.rect(0, 0, L, 1.3)
        b.rect(0, t - 1.3, L, t)
        n, p = b.periods(17)
        for i in range(n):
            c = (i + 0.5) * p
            b.poly([(c - p / 2, t / 2), (c, 1.3), (c + p / 2, t / 2), (c, t - 1.3)])
            b.poly([(c - p / 5, t / 2), (c, t / 2 - p / 5), (c + p / 5, t / 2), (c, t / 2 + p / 5)], STOCK)
    elif rank == 9:                                 # saw teeth pointing inward, inner rail
        b.rect(0, 0, L, 2.6)
        b.rect(0, t - 1.4, L, t)
        n, p = b.periods(14)
        for i in range(n):
            b.poly([(i * p, 2.6), ((i + 1) * p, 2.6), ((i + 0.5) * p, t - 1.4)])


def _corner(x, y, rank) -> list[str]:
    out = [rect(x, y, FT, FT)]
    if rank != 1:
        c = FT / 2
        out.append(polygon([(x + c, y + 2.4), (x + FT - 2.4, y + c), (x + c, y + FT - 2.4),
                            (x + 2.4, y + c)], STOCK))
        out.append(circle(x + c, y + c, 1.2))
    return out


def frame(rank: int) -> str:
    if rank == 0:
        return ""
    t = FT
    lh, lv = FX1 - FX0 - 2 * t, FY1 - FY0 - 2 * t
    sides = (
        Band(lh, t, (1, 0, 0, 1, FX0 + t, FY0)),                 # top, left → right
        Band(lv, t, (0, 1, -1, 0, FX1, FY0 + t)),                # right, top → bottom
        Band(lh, t, (-1, 0, 0, -1, FX1 - t, FY1)),               # bottom, right → left
        Band(lv, t, (0, -1, 1, 0, FX0, FY1 - t)),                # left, bottom → top
    )
    parts: list[str] = []
    for side in sides:
        _pattern(side, rank)
        parts += side.out
    for x, y in ((FX0, FY0), (FX1 - t, FY0), (FX1 - t, FY1 - t), (FX0, FY1 - t)):
        parts += _corner(x, y, rank)
    # a fine keyline inside the frame
    parts.append(f'<rect x="{f(PX0 + 1.6)}" y="{f(PY0 + 1.6)}" width="{f(PX1 - PX0 - 3.2)}" '
                 f'height="{f(PY1 - PY0 - 3.2)}" fill="none" stroke="{INK}" stroke-width="0.5"/>')
    return f'<g id="frame" class="frame-{rank}">' + "".join(parts) + "</g>"


# --------------------------------------------------------------------------------------------------
# Suit marks

def coin(cx, cy, r) -> str:
    """A Chinese cash coin: black rim, inner ring, square hole, four character strokes."""
    hole = r * 0.30
    parts = [
        circle(cx, cy, r),
        circle(cx, cy, r * 0.80, STOCK),
        ring(cx, cy, r * 0.66, r * 0.07),
        rect(cx - hole, cy - hole, 2 * hole, 2 * hole, STOCK,
             extra=f' stroke="{INK}" stroke-width="{f(r * 0.13)}"'),
    ]
    m = r * 0.50
    w = r * 0.12
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        x, y = cx + dx * m, cy + dy * m
        if dx:
            parts.append(rect(x - w / 2, y - r * 0.13, w, r * 0.26))
        else:
            parts.append(rect(x - r * 0.13, y - w / 2, r * 0.26, w))
    return "".join(parts)


def coins(n: int) -> str:
    top, bottom = PY0 + 6, PY1 - 6
    span = bottom - top
    if n == 1:
        out = [coin(PCX, PCY, 23)]
        # the 1 of Coins' three rows of small dots, above and below the coin
        for k in range(3):
            for sign in (-1, 1):
                y = PCY + sign * (40 + k * 12)
                for j in range(5):
                    out.append(circle(PX0 + 8 + j * (PX1 - PX0 - 16) / 4, y, 2.5))
        return "".join(out)
    if n <= 4:
        r = min(21.0, (span - (n - 1) * 6) / n / 2)
        gap = (span - 2 * r * n) / (n - 1) if n > 1 else 0
        gap = min(gap, 14)
        total = 2 * r * n + gap * (n - 1)
        y0 = PCY - total / 2 + r
        return "".join(coin(PCX, y0 + i * (2 * r + gap), r) for i in range(n))
    # five or more: a column weaving left and right
    r = 15.0
    step = (span - 2 * r) / (n - 1)
    step = min(step, 30.0)
    total = step * (n - 1)
    y0 = PCY - total / 2
    dx = 14.0
    return "".join(coin(PCX + (dx if i % 2 else -dx), y0 + i * step, r) for i in range(n))


def string_of_cash(cx, y0, y1, w) -> str:
    """A string of cash: a stick of coins seen edge-on, tied in three places, knot on top."""
    h = y1 - y0
    parts = [
        line(cx, y0 - 4.5, cx, y1 + 2.5, 1.2),
        ring(cx, y0 - 5.5, 2.2, 1.2),
        rect(cx - w / 2, y0, w, h, STOCK, rx=w * 0.32,
             extra=f' stroke="{INK}" stroke-width="1.5"'),
    ]
    # edge-on coins
    k = max(3, int(h / 4.2))
    step = h / k
    for i in range(1, k):
        y = y0 + i * step
        parts.append(line(cx - w / 2 + 1.4, y, cx + w / 2 - 1.4, y, 0.9))
    # ties
    for frac in (0.0, 0.5, 1.0):
        y = y0 + 2.2 + frac * (h - 4.4)
        parts.append(rect(cx - w / 2 - 0.8, y - 1.6, w + 1.6, 3.2, INK, rx=0.8))
    return "".join(parts)


_STRING_ROWS = {2: (2,), 3: (3,), 4: (2, 2), 5: (2, 1, 2), 6: (3, 3), 7: (3, 1, 3), 8: (3, 2, 3),
                9: (3, 3, 3)}


def strings(n: int, stamp: bool) -> str:
    out: list[str] = []
    if n == 1:
        # yu panjang, "the long one": one long string, no big dot
        return string_of_cash(PCX, PY0 + 16, PY1 - 10, 17)
    # the big dot (on S9 it moves left to make room for the red seal)
    dot_x = PCX - 14 if stamp else PCX
    out.append(circle(dot_x, PY0 + 15, 9))
    out.append(circle(dot_x - 2.6, PY0 + 12.4, 2.0, STOCK))
    rows = _STRING_ROWS[n]
    top, bottom = PY0 + 38, PY1 - 8
    row_gap = 13.0
    row_h = (bottom - top - row_gap * (len(rows) - 1)) / len(rows)
    w = 12.5 if max(rows) == 3 else 14.0
    for ri, cnt in enumerate(rows):
        y0 = top + ri * (row_h + row_gap)
        pitch = 20.0 if cnt == 3 else 24.0
        for j in range(cnt):
            cx = PCX + (j - (cnt - 1) / 2) * pitch
            out.append(string_of_cash(cx, y0, y0 + row_h, w))
    return "".join(out)


def myriads(n: int, glyphs: Glyphs) -> str:
    # numeral above 萬, each on a faint cartouche
    return "".join([
        glyph(glyphs, NUMERALS[n - 1], PCX, PY0 + 46, 54),
        line(PX0 + 10, PCY + 2, PX1 - 10, PCY + 2, 0.8),
        circle(PCX, PCY + 2, 2.2),
        glyph(glyphs, WAN, PCX, PY1 - 50, 58),
    ])


def seal(cx, cy, size, ch: str, glyphs: Glyphs) -> str:
    """A square red seal with a white keyline and a white character."""
    s = size
    return "".join([
        rect(cx - s / 2, cy - s / 2, s, s, RED, rx=s * 0.08),
        f'<rect x="{f(cx - s / 2 + s * 0.09)}" y="{f(cy - s / 2 + s * 0.09)}" width="{f(s * 0.82)}" '
        f'height="{f(s * 0.82)}" rx="{f(s * 0.04)}" fill="none" stroke="{STOCK}" '
        f'stroke-width="{f(s * 0.045)}"/>',
        glyph(glyphs, ch, cx, cy, s * 0.68, STOCK),
    ])


# --------------------------------------------------------------------------------------------------
# Honours

def _flower(cx, cy, r, petal_fill, line_fill, n_petals=5, rot=-90.0) -> str:
    parts = []
    for i in range(n_petals):
        a = rot + i * 360 / n_petals
        px = cx + math.cos(math.radians(a)) * r * 0.55
        py = cy + math.sin(math.radians(a)) * r * 0.55
        parts.append(ellipse(px, py, r * 0.36, r * 0.52, a + 90, petal_fill,
                             extra=f' stroke="{line_fill}" stroke-width="{f(max(0.9, r * 0.06))}"'))
    parts.append(circle(cx, cy, r * 0.26, line_fill))
    for i in range(n_petals):
        a = rot + 36 + i * 360 / n_petals
        parts.append(circle(cx + math.cos(math.radians(a)) * r * 0.15,
                            cy + math.sin(math.radians(a)) * r * 0.15, r * 0.045, petal_fill))
    return "".join(parts)


def _leaf(x, y, length, angle, fill, stroke) -> str:
    cx = x + math.cos(math.radians(angle)) * length / 2
    cy = y + math.sin(math.radians(angle)) * length / 2
    return ellipse(cx, cy, length / 2, length * 0.2, angle, fill,
                   extra=f' stroke="{stroke}" stroke-width="1.1"')


def white_flower() -> str:
    """A white flower on a black ground: unlike the 1 of Coins' light field of dots."""
    g0x, g0y, g1x, g1y = PX0 + 3.5, PY0 + 3.5, PX1 - 3.5, PY1 - 3.5
    out = [rect(g0x, g0y, g1x - g0x, g1y - g0y, INK, rx=3)]
    stem = [(PCX, PY1 - 16), (PCX - 3, PCY + 40), (PCX + 2, PCY + 6), (PCX, PCY - 36)]
    out.append(f'<path d="M{f(stem[0][0])} {f(stem[0][1])} C{pts(stem[1:])}" fill="none" '
               f'stroke="{STOCK}" stroke-width="2.2" stroke-linecap="round"/>')
    out.append(_leaf(PCX - 1, PCY + 44, 22, -150, INK, STOCK))
    out.append(_leaf(PCX + 0.5, PCY + 24, 21, -30, INK, STOCK))
    out.append(_leaf(PCX - 1, PCY + 4, 17, -145, INK, STOCK))
    # a bud on a side stem
    out.append(f'<path d="M{f(PCX + 1)} {f(PCY + 62)} Q{f(PCX + 14)} {f(PCY + 50)} {f(PCX + 16)} '
               f'{f(PCY + 36)}" fill="none" stroke="{STOCK}" stroke-width="1.6"/>')
    out.append(ellipse(PCX + 16.5, PCY + 31, 4.2, 6.5, 10, STOCK))
    out.append(_flower(PCX, PCY - 42, 27, STOCK, INK))
    # white base: a little mound of earth
    out.append(ellipse(PCX, PY1 - 14, 16, 3.2, 0, STOCK))
    return "".join(out)


def red_flower(glyphs: Glyphs) -> str:
    """A black-line flower with leaves on the light stock, and a large red seal."""
    out = []
    out.append(f'<path d="M{f(PCX)} {f(PY1 - 46)} C{f(PCX + 4)} {f(PCY + 20)} {f(PCX - 4)} '
               f'{f(PCY - 10)} {f(PCX)} {f(PCY - 30)}" fill="none" stroke="{INK}" stroke-width="2.4"/>')
    out.append(_leaf(PCX + 1, PCY + 14, 22, -25, INK, INK))
    out.append(_leaf(PCX - 1, PCY - 4, 20, -155, INK, INK))
    out.append(_flower(PCX, PCY - 44, 27, STOCK, INK, n_petals=6, rot=-90))
    # petal veins
    for i in range(6):
        a = -90 + i * 60
        out.append(line(PCX + math.cos(math.radians(a)) * 9, PCY - 44 + math.sin(math.radians(a)) * 9,
                        PCX + math.cos(math.radians(a)) * 20, PCY - 44 + math.sin(math.radians(a)) * 20,
                        1.3))
    out.append(seal(PCX, PY1 - 24, 34, SEAL_CHARS["RF"], glyphs))
    return "".join(out)


def old_thousand(glyphs: Glyphs) -> str:
    """No frame: a tall black tablet with a white 千, a knotted cord above, the red seal below."""
    out = []
    tx0, tx1, ty0, ty1 = 20.0, 80.0, 54.0, 186.0
    # a cord with an endless knot on top
    out.append(line(PCX, 21, PCX, ty0 - 5, 1.6))
    out.append(ellipse(PCX - 9, 35, 5.5, 3.2, 0, "none", extra=f' stroke="{INK}" stroke-width="1.6"'))
    out.append(ellipse(PCX + 9, 35, 5.5, 3.2, 0, "none", extra=f' stroke="{INK}" stroke-width="1.6"'))
    out.append(polygon([(PCX, 28), (PCX + 7, 35), (PCX, 42), (PCX - 7, 35)], STOCK))
    out.append(f'<polygon points="{pts([(PCX, 28), (PCX + 7, 35), (PCX, 42), (PCX - 7, 35)])}" '
               f'fill="none" stroke="{INK}" stroke-width="1.8"/>')
    out.append(polygon([(PCX, 32), (PCX + 3, 35), (PCX, 38), (PCX - 3, 35)]))
    # the tablet: double outline, black field, white 千
    out.append(rect(tx0 - 5, ty0 - 5, tx1 - tx0 + 10, ty1 - ty0 + 10, STOCK, rx=9,
                    extra=f' stroke="{INK}" stroke-width="1.6"'))
    out.append(rect(tx0, ty0, tx1 - tx0, ty1 - ty0, INK, rx=5))
    out.append(rect(tx0 + 3, ty0 + 3, tx1 - tx0 - 6, ty1 - ty0 - 6, "none", rx=3,
                    extra=f' stroke="{STOCK}" stroke-width="0.8"'))
    out.append(ring(PCX, ty0 + 18, 6.5, 1.6, STOCK))
    out.append(circle(PCX, ty0 + 18, 2.2, STOCK))
    out.append(glyph(glyphs, "千", PCX, (ty0 + ty1) / 2 + 10, 62, STOCK))
    # seal below
    out.append(seal(PCX, 218, 30, SEAL_CHARS["OT"], glyphs))
    # tassels
    for dx in (-22, 22):
        out.append(line(PCX + dx, ty1 + 5, PCX + dx, ty1 + 22, 1.4))
        out.append(polygon([(PCX + dx, ty1 + 20), (PCX + dx - 3.5, ty1 + 34), (PCX + dx + 3.5, ty1 + 34)]))
    return "".join(out)


# --------------------------------------------------------------------------------------------------
# Cards

def _card_stock() -> str:
    return (rect(0, 0, W, H, EDGE, rx=7.5) + rect(1.1, 1.1, W - 2.2, H - 2.2, STOCK, rx=6.6))


def _corner_code(code: str) -> str:
    t = (f'<text x="5.5" y="15.5" font-family="sans-serif" font-size="12" font-weight="bold" '
         f'fill="{INK}">{code}</text>')
    return (f'<g id="corner-code">{t}'
            f'<g transform="rotate(180 {f(W / 2)} {f(H / 2)})">{t}</g></g>')


def _svg(title: str, body: str, glyphs: Glyphs | None) -> str:
    prov = ""
    if glyphs is not None:
        prov = (f"<!-- Glyph outlines: {glyphs.source} (SIL Open Font License 1.1), "
                f"drawn as paths by tools/make_card_art.py -->\n")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        "<!-- CekiDesk card art. Generated by tools/make_card_art.py: do not edit by hand. -->\n"
        f"{prov}"
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}">\n'
        f"<title>{title}</title>\n"
        f"{body}\n"
        "</svg>\n"
    )


def face_svg(code: str, glyphs: Glyphs) -> str:
    if code not in CODES:
        raise ValueError(code)
    suit, stamp = code[0], code in RED_STAMPED
    parts = [_card_stock(), frame(frame_of(code))]
    uses_glyphs = True
    if code == "WF":
        parts.append(white_flower())
        uses_glyphs = False
    elif code == "RF":
        parts.append(red_flower(glyphs))
    elif code == "OT":
        parts.append(old_thousand(glyphs))
    elif suit == "C":
        parts.append(coins(int(code[1])))
        uses_glyphs = False
    elif suit == "S":
        parts.append(strings(int(code[1]), stamp))
        if stamp:
            parts.append(seal(PCX + 13, PY0 + 16, 22, SEAL_CHARS[code], glyphs))
        else:
            uses_glyphs = False
    else:
        parts.append(myriads(int(code[1]), glyphs))
    body = f'<g id="face">{"".join(parts)}</g>\n{_corner_code(code)}'
    return _svg(card_name(code), body, glyphs if uses_glyphs else None)


def back_pattern(design: str, w: float, h: float) -> str:
    """A back's all-over pattern inside its border (``w`` × ``h`` card): the indigo back's fine
    diamond lattice, or kawung — four oval petals round a cream dot on the diagonals, the old
    Javanese batik motif — in rows."""
    x0, y0, x1, y1 = 10.0, 10.0, w - 10.0, h - 10.0
    ground, colour = BACK_DESIGNS[design]
    if design == "lattice":
        lat = []
        for k in range(-30, 30):
            for dx in (1, -1):
                seg = _clip_line(w / 2 + k * 10.0, h / 2, dx, 1, x0, y0, x1, y1)
                if seg:
                    lat.append(f"M{f(seg[0])} {f(seg[1])}L{f(seg[2])} {f(seg[3])}")
        return f'<path d="{"".join(lat)}" fill="none" stroke="{colour}" stroke-width="1.1"/>'
    cols = round((x1 - x0) / 12.0)
    step = (x1 - x0) / cols
    rows = int((y1 - y0) // step)
    top = (h - rows * step) / 2
    rx = step * 2 ** 0.5 / 4          # the petals of two neighbouring dots meet on the diagonal
    parts = []
    for j in range(rows):
        for i in range(cols):
            cx, cy = x0 + (i + 0.5) * step, top + (j + 0.5) * step
            for angle, (sx, sy) in ((45, (1, 1)), (135, (-1, 1)), (225, (-1, -1)), (315, (1, -1))):
                ex, ey = cx + sx * rx / 2 ** 0.5, cy + sy * rx / 2 ** 0.5
                parts.append(f'<ellipse cx="{f(ex)}" cy="{f(ey)}" rx="{f(rx * 0.92)}" ry="{f(rx * 0.5)}" '
                             f'transform="rotate({angle} {f(ex)} {f(ey)})" fill="{colour}"/>')
            parts.append(circle(cx, cy, step * 0.09, BACK_LINE))
    return "".join(parts)


def back_svg(design: str = "lattice") -> str:
    ground = BACK_DESIGNS[design][0]
    parts = [rect(0, 0, W, H, EDGE, rx=7.5), rect(1.1, 1.1, W - 2.2, H - 2.2, ground, rx=6.6)]
    # the all-over pattern inside a double border
    parts.append(back_pattern(design, W, H))
    for ins, wdt in ((5.0, 1.0), (8.0, 0.6)):
        parts.append(f'<rect x="{f(ins)}" y="{f(ins)}" width="{f(W - 2 * ins)}" height="{f(H - 2 * ins)}" '
                     f'rx="{f(max(1.0, 6.6 - ins))}" fill="none" stroke="{BACK_LINE}" '
                     f'stroke-width="{f(wdt)}"/>')
    # a central medallion: a cash coin in a lozenge
    lz = [(W / 2, H / 2 - 24), (W / 2 + 17, H / 2), (W / 2, H / 2 + 24), (W / 2 - 17, H / 2)]
    parts.append(polygon(lz, ground))
    parts.append(f'<polygon points="{pts(lz)}" fill="none" stroke="{BACK_LINE}" stroke-width="1.2"/>')
    parts.append(circle(W / 2, H / 2, 9.5, BACK_LINE))
    parts.append(circle(W / 2, H / 2, 7.6, ground))
    parts.append(rect(W / 2 - 3, H / 2 - 3, 6, 6, BACK_LINE))
    parts.append(rect(W / 2 - 1.6, H / 2 - 1.6, 3.2, 3.2, ground))
    for dy in (-1, 1):
        parts.append(circle(W / 2, H / 2 + dy * 32, 2.2, BACK_LINE))
    title = "Card back" if design == "lattice" else f"Card back ({design})"
    return _svg(title, f'<g id="face">{"".join(parts)}</g>', None)


def _clip_line(px, py, dx, dy, x0, y0, x1, y1):
    """Clip the infinite line (px, py) + s (dx, dy) to a rectangle (Liang–Barsky)."""
    lo, hi = -1e9, 1e9
    for p0, d, a, b in ((px, dx, x0, x1), (py, dy, y0, y1)):
        if abs(d) < 1e-12:
            if not a <= p0 <= b:
                return None
            continue
        s0, s1 = sorted(((a - p0) / d, (b - p0) / d))
        lo, hi = max(lo, s0), min(hi, s1)
    if hi - lo < 1e-6:
        return None
    return px + lo * dx, py + lo * dy, px + hi * dx, py + hi * dy


def build_all(glyphs: Glyphs) -> dict[str, str]:
    """File name → SVG text for the 30 faces and the back."""
    out = {f"{code}.svg": face_svg(code, glyphs) for code in CODES}
    out.update({back_file(d): back_svg(d) for d in BACK_DESIGNS})
    return out


def back_file(design: str) -> str:
    """The file of the back ``design``."""
    return "back.svg" if design == "lattice" else f"back-{design}.svg"


def write_all(out_dir: Path, files: dict[str, str]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (out_dir / name).write_bytes(text.encode("utf-8"))


# --------------------------------------------------------------------------------------------------
# Contact sheet (needs PySide6's QtSvg)

_APP = None
SHEET_ROWS = (CODES[0:9], CODES[9:18], CODES[18:27], CODES[27:30] + ("back",))


def render_svg(data: bytes, height: int):
    """Render SVG bytes to a QImage ``height`` pixels tall (aspect from the SVG)."""
    from PySide6.QtCore import QByteArray, QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    r = QSvgRenderer(QByteArray(data))
    if not r.isValid():
        raise ValueError("invalid SVG")
    vb = r.viewBoxF()
    width = max(1, round(height * vb.width() / vb.height()))
    img = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    r.render(p, QRectF(0, 0, width, height))
    p.end()
    return img


def render_sheet(card_dir: Path, path: Path, height: int = 120, gap: int | None = None,
                 rows=SHEET_ROWS, aspect: float = W / H) -> None:
    """A contact sheet of the cards ``rows`` (codes, one tuple a row) from ``card_dir``, each
    ``height`` px tall and ``aspect`` (width ÷ height) wide (tools/make_western_art.py uses it too)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # a tool: never needs a window
    from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter

    global _APP
    if QGuiApplication.instance() is None:   # text (the corner code) needs an application
        _APP = QGuiApplication(sys.argv[:1])
    gap = gap if gap is not None else max(4, height // 12)
    width = round(height * aspect)
    cols = max(len(r) for r in rows)
    sheet = QImage(cols * width + (cols + 1) * gap, len(rows) * height + (len(rows) + 1) * gap,
                   QImage.Format.Format_ARGB32_Premultiplied)
    sheet.fill(QColor("#2d5a3d"))
    p = QPainter(sheet)
    for ri, row in enumerate(rows):
        for ci, code in enumerate(row):
            img = render_svg((Path(card_dir) / f"{code}.svg").read_bytes(), height)
            p.drawImage(gap + ci * (width + gap), gap + ri * (height + gap), img)
    p.end()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    if not sheet.save(str(path)):
        raise OSError(f"could not write {path}")


# --------------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    ap.add_argument("--font", help="the CJK font (default: Noto Serif CJK Bold, found on the system)")
    ap.add_argument("--reuse-glyphs", nargs="?", const=DEFAULT_OUT, type=Path, metavar="DIR",
                    help="take the character outlines from existing SVGs (default: the committed ones) "
                         "instead of the font")
    ap.add_argument("--sheet", type=Path, help="also render a contact sheet PNG to this path")
    ap.add_argument("--sheet-height", type=int, default=120, help="card height on the sheet in px")
    ap.add_argument("--sheet-only", action="store_true", help="only render the sheet from --out")
    args = ap.parse_args(argv)

    if not args.sheet_only:
        try:
            glyphs = reuse_glyphs(args.reuse_glyphs) if args.reuse_glyphs else load_glyphs(args.font)
        except GlyphSourceError as e:
            print(f"make_card_art: {e}", file=sys.stderr)
            return 2
        files = build_all(glyphs)
        write_all(args.out, files)
        print(f"wrote {len(files)} SVG files to {args.out}")
    if args.sheet:
        render_sheet(args.out, args.sheet, args.sheet_height)
        print(f"wrote contact sheet {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
