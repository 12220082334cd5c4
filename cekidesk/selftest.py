"""The ``cekidesk-selftest`` command: does this CekiDesk have everything it needs to run?

    cekidesk-selftest [SCREENSHOT.png]
    cekidesk-selftest --compare A.png B.png

A bundle (``packaging/cekidesk.spec``) is built by collecting files, and a file left out shows only
when a player meets it: a language that stays English, aksara Jawa drawn as empty boxes, a blank
card, a window that never opens.  The self-test meets them all at once, the way the app does, and
prints one line per check (``ok`` or ``FAIL``, then what it found), exit status 0 when every check
passed and 1 otherwise:

* every interface language: its ``.qm`` file loads and translates a known text;
* a font draws Latin letters: the interface's font (the system's, as the window resolves it) has
  a glyph for every letter and digit of :data:`LATIN_SAMPLE` — without one, every text of the window
  would be drawn as empty boxes, which still ink a picture;
* the bundled Javanese font registers and draws an aksara Jawa word (ink, from that font alone);
* every card face of every deck (Ceki and Western) and every back design is drawn by the app's own
  card pictures code, and none is blank;
* the real window shows a table: a hand of Ceki with a fixed deal number, at the moment it is first
  your turn, grabbed at 1280×720 (and written to ``SCREENSHOT.png`` when one is given).

It runs offscreen (``QT_QPA_PLATFORM=offscreen``, the default here) or on a display.  Nothing of
the player's is touched: the window plays with its settings, autosave and saves in a throw-away folder
(:func:`cekidesk.persistence.paths.use_root`).  The output is the same for the same build: the
table's deal, moves and size are fixed and nothing moves (animations off), so the screenshots of two
runs, or of a bundle and of the source it was built from, are the same picture; ``--compare``
compares two of them pixel by pixel, allowing a small difference per pixel (fonts' antialiasing).
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
from array import array
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # Qt is imported where it is used: the command line starts without it
    from PySide6.QtGui import QImage

#: the table the screenshot shows: the game, its deal number and the window's size
TABLE_GAME = "ceki"
TABLE_SEED = 7
TABLE_SIZE = (1280, 720)
#: a text every translation translates (context, source)
KNOWN_TEXT = ("MainWindow", "&Game")
#: Latin letters and digits the interface's font must have glyphs for (English, Indonesian and Javanese
#: in Latin letters: the é and è of Javanese spelling too)
LATIN_SAMPLE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789éè"
#: "ceki" in aksara Jawa, drawn with the bundled font
JAVANESE_WORD = "ꦕꦼꦏꦶ"
JAVANESE_BLOCK = range(0xA980, 0xA9E0)
CARD_HEIGHT = 120
#: how much two screenshots' channels may differ in a pixel (0–255) before the pixel counts as changed,
#: and how many changed pixels ``--compare`` allows (antialiased text may shift by a shade)
PIXEL_TOLERANCE = 24
CHANGED_PIXELS_ALLOWED = 0.001


class CheckFailed(Exception):
    """A check found something missing or wrong (its message says what)."""


def _pixels(image: QImage) -> array:
    """The pixels of a QImage as 32-bit ARGB numbers, row by row."""
    from PySide6.QtGui import QImage

    img = image.convertToFormat(QImage.Format.Format_ARGB32)
    pixels = array("I")
    pixels.frombytes(bytes(img.constBits())[: img.width() * img.height() * 4])
    return pixels


def ink(image: QImage) -> tuple[float, float]:
    """How much of ``image`` is drawn: the share of its pixels that are not transparent, and the
    share that differ from its commonest colour (0 for an empty or a one-colour picture)."""
    pixels = _pixels(image)
    if not pixels:
        return 0.0, 0.0
    opaque = sum(1 for p in pixels if p >> 24)
    _, common = Counter(pixels).most_common(1)[0]
    return opaque / len(pixels), (len(pixels) - common) / len(pixels)


def check_languages() -> str:
    """Every translation loads and translates :data:`KNOWN_TEXT` (aksara Jawa into the script)."""
    from PySide6.QtCore import QCoreApplication

    from cekidesk.languages import LANGUAGES, SOURCE
    from cekidesk.ui.foundations import i18n

    found, wrong = [], []
    try:
        for lang in LANGUAGES:
            if lang == SOURCE:
                continue
            i18n.set_language(lang)
            text = QCoreApplication.translate(*KNOWN_TEXT)
            in_script = any(ord(ch) in JAVANESE_BLOCK for ch in text)
            if not text or text == KNOWN_TEXT[1] or in_script != lang.endswith("-Java"):
                wrong.append(f"{lang} ({i18n.qm_file(lang) or 'no .qm file'}: {text!r})")
            else:
                found.append(f"{lang} {text!r}")
    finally:
        i18n.set_language(SOURCE)
    if wrong:
        raise CheckFailed("not translated: " + ", ".join(wrong))
    return f"{KNOWN_TEXT[1]!r} is " + ", ".join(found)


def check_latin_font() -> str:
    """The interface's font (the application font, resolved by the system's font configuration as
    the window's is) has a glyph for every character of :data:`LATIN_SAMPLE`, and draws them."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFontInfo, QImage, QPainter, QRawFont
    from PySide6.QtWidgets import QApplication

    font = QApplication.font()
    family = QFontInfo(font).family()
    raw = QRawFont.fromFont(font)
    if not raw.isValid():
        raise CheckFailed(f"no font draws Latin letters: the interface font {family!r} does not load "
                          "(is any font installed? fc-list lists them)")
    missing = [ch for ch in LATIN_SAMPLE if not raw.supportsCharacter(ord(ch))]
    if missing:
        raise CheckFailed(f"no font draws Latin letters: the interface font {raw.familyName()!r} has no glyph for "
                          f"{''.join(missing)!r}; every text would be drawn as boxes (is any font installed? "
                          "fc-list lists them)")
    image = QImage(400, 60, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setFont(font)
    painter.setPen(Qt.GlobalColor.black)
    painter.drawText(image.rect(), Qt.AlignmentFlag.AlignCenter, "CekiDesk Kartu Lima")
    painter.end()
    if ink(image)[1] == 0:
        raise CheckFailed(f"the interface font {raw.familyName()!r} draws no ink")
    return f"{raw.familyName()} has every letter and digit of {LATIN_SAMPLE[:3]}…{LATIN_SAMPLE[-5:]}"


def check_font() -> str:
    """The bundled Javanese font registers and, alone, draws :data:`JAVANESE_WORD` with ink."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFont, QFontInfo, QFontMetrics, QImage, QPainter

    from cekidesk.ui.foundations import fonts

    family = fonts.register_fonts()
    if family != fonts.FAMILY:
        raise CheckFailed(f"{fonts.FAMILY} did not register (got {family!r}; files {', '.join(fonts.FILES)})")
    font = QFont(family)
    font.setPixelSize(48)
    font.setStyleStrategy(QFont.StyleStrategy.NoFontMerging)   # its own glyphs, no other font's
    if QFontInfo(font).family() != family:
        raise CheckFailed(f"a font of the family {family} resolves to {QFontInfo(font).family()}")
    missing = [f"U+{ord(ch):04X}" for ch in JAVANESE_WORD if not QFontMetrics(font).inFontUcs4(ord(ch))]
    if missing:
        raise CheckFailed(f"{family} has no glyph for {' '.join(missing)}")
    image = QImage(200, 100, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setFont(font)
    painter.setPen(Qt.GlobalColor.black)
    painter.drawText(image.rect(), Qt.AlignmentFlag.AlignCenter, JAVANESE_WORD)
    painter.end()
    _, drawn = ink(image)
    if drawn == 0:
        raise CheckFailed(f"{JAVANESE_WORD} in {family} draws no ink")
    return f"{family} registered; {JAVANESE_WORD} drawn ({drawn:.1%} of the picture inked)"


def card_codes() -> dict[str, list[str]]:
    """Every face of every deck, by family, and the families' backs (one per back design)."""
    from cekidesk.engine.cards import ALL_WKINDS, Kind
    from cekidesk.ui.foundations.cardpics import CEKI, FAMILIES, WESTERN

    return {CEKI: [k.code for k in Kind], WESTERN: [k.code for k in ALL_WKINDS],
            "backs": [fam.back for fam in FAMILIES.values()]}


def check_cards() -> str:
    """Every card face and back is drawn from its picture, and none is blank."""
    from cekidesk.ui.foundations.cardpics import BACK_DESIGNS, card_art, card_image

    art = card_art()
    counts, bad = [], []
    try:
        for group, codes in card_codes().items():
            for design in BACK_DESIGNS if group == "backs" else [art.back_design]:
                art.set_back_design(design)
                for code in codes:
                    if art.renderer_or_none(code) is None:
                        bad.append(f"{code} (no picture)")
                        continue
                    opaque, drawn = ink(card_image(code, CARD_HEIGHT))
                    if opaque < 0.5 or drawn < 0.01:
                        bad.append(f"{code} (blank: {opaque:.0%} opaque, {drawn:.1%} drawn)")
            counts.append(f"{group} {len(codes) * (len(BACK_DESIGNS) if group == 'backs' else 1)}")
    finally:
        art.set_back_design(next(iter(BACK_DESIGNS)))
    if bad:
        raise CheckFailed("; ".join(bad))
    return "drawn and not blank: " + ", ".join(counts)


def table_image() -> QImage:
    """The real window at :data:`TABLE_SIZE` showing a hand of :data:`TABLE_GAME` (deal
    :data:`TABLE_SEED`) when it is first the person's turn, as a QImage."""
    from PySide6.QtCore import QEventLoop, QTimer

    from cekidesk.games import get_game
    from cekidesk.persistence.saves import Seat
    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.dialogs.new_game import NewGameConfig
    from cekidesk.ui.foundations.names import DEFAULT_BOT_NAMES
    from cekidesk.ui.main_window import MainWindow

    spec = get_game(TABLE_GAME)
    seats = [Seat.human("You")] + [Seat.bot("beginner", DEFAULT_BOT_NAMES[i])
                                   for i in range(spec.default_players - 1)]
    win = MainWindow(Settings(language="en", animation_speed="off", bot_pace_ms=0, autosave=False))
    try:
        win.resize(*TABLE_SIZE)
        win.show()
        win.start_new_game(NewGameConfig(spec.id, seats, TABLE_SEED, {}, {"mode": "money", "stake_cents": 5}))
        c = win.controller
        loop = QEventLoop()
        for _ in range(6000):   # (a bound on the waits, not on the time: 6000 × 20 ms at least)
            if c.waiting_for_human() or (c.match is not None and c.match.hand_over()):
                break
            QTimer.singleShot(20, loop.quit)
            loop.exec()
        if not c.waiting_for_human():
            raise CheckFailed("the table never came to the person's turn")
        for _ in range(10):   # (the last view's paint events)
            QTimer.singleShot(20, loop.quit)
            loop.exec()
        return win.grab().toImage()
    finally:
        win.close()
        win.controller.shutdown()


def check_table(path: Path | None) -> str:
    """The window draws a table (not blank), written to ``path`` if given."""
    image = table_image()
    _, drawn = ink(image)
    if image.width() != TABLE_SIZE[0] or image.height() != TABLE_SIZE[1] or drawn < 0.05:
        raise CheckFailed(f"the window drew {image.width()}×{image.height()} px, {drawn:.1%} of it not felt")
    where = ""
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(path), "PNG"):  # type: ignore[call-overload]  # PySide6 takes it as text
            raise CheckFailed(f"could not write {path}")
        where = f", written to {path}"
    return f"{TABLE_GAME} deal {TABLE_SEED} at {image.width()}×{image.height()}{where}"


def compare(a: Path, b: Path) -> tuple[bool, str]:
    """Whether two screenshots are the same picture (see :data:`PIXEL_TOLERANCE`), and how they differ."""
    from PySide6.QtGui import QImage

    images = [QImage(str(p)) for p in (a, b)]
    for p, img in zip((a, b), images, strict=True):
        if img.isNull():
            return False, f"{p} is not a picture"
    if images[0].size() != images[1].size():
        sizes = " and ".join(f"{i.width()}×{i.height()}" for i in images)
        return False, f"the sizes differ: {sizes}"
    changed, worst = 0, 0
    for p, q in zip(*(_pixels(i) for i in images), strict=True):
        if p != q:
            d = max(abs(((p >> s) & 255) - ((q >> s) & 255)) for s in (0, 8, 16, 24))
            worst = max(worst, d)
            changed += d > PIXEL_TOLERANCE
    total = images[0].width() * images[0].height()
    same = changed <= total * CHANGED_PIXELS_ALLOWED
    return same, (f"{changed} of {total} pixels differ by more than {PIXEL_TOLERANCE} "
                  f"(largest difference {worst}; {CHANGED_PIXELS_ALLOWED:.1%} allowed)")


def run_checks(screenshot: Path | None, out: Callable[[str], None] = print) -> bool:
    """Run every check, printing a line each; True if all passed."""
    checks: list[tuple[str, Callable[[], str]]] = [
        ("languages", check_languages),
        ("latin font", check_latin_font),
        ("javanese font", check_font),
        ("card faces", check_cards),
        ("table", lambda: check_table(screenshot)),
    ]
    passed = True
    for name, check in checks:
        try:
            out(f"ok    {name}: {check()}")
        except CheckFailed as exc:
            passed = False
            out(f"FAIL  {name}: {exc}")
        except Exception as exc:   # a missing piece may show as any error: report it, run the rest
            passed = False
            out(f"FAIL  {name}: {type(exc).__name__}: {exc}")
    out("self-test passed" if passed else "self-test FAILED")
    return passed


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()   # a bundle's bot process is this program run again
    parser = argparse.ArgumentParser(
        prog="cekidesk-selftest",
        description="Check that CekiDesk has everything it needs: the languages, the Javanese font, every "
                    "card picture and the window's table (written to SCREENSHOT).")
    parser.add_argument("screenshot", metavar="SCREENSHOT", nargs="?", type=Path,
                        help="write the table's picture here (PNG)")
    parser.add_argument("--compare", metavar=("A", "B"), nargs=2, type=Path,
                        help="only compare two screenshots pixel by pixel (exit status 0 if they are the same)")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from cekidesk.ui.app import guard_none_refcount, make_application

    guard_none_refcount()
    make_application("cekidesk-selftest")
    if args.compare:
        same, how = compare(*args.compare)
        print(f"{'same' if same else 'DIFFERENT'}: {args.compare[0]} and {args.compare[1]}: {how}")
        return 0 if same else 1
    from cekidesk.persistence import paths

    with tempfile.TemporaryDirectory(prefix="cekidesk-selftest-") as root:
        paths.use_root(Path(root))
        try:
            return 0 if run_checks(args.screenshot) else 1
        finally:
            paths.use_root(None)


if __name__ == "__main__":
    sys.exit(main())
