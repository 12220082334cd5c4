"""Render CekiDesk's app icon (``resources/icons/cekidesk.svg``) into the PNG sizes of an icon theme.

    python3 packaging/linux/make_icons.py OUT_DIR

writes ``OUT_DIR/hicolor/<n>x<n>/apps/<app id>.png`` for every size of :data:`SIZES` and the SVG itself
as ``OUT_DIR/hicolor/scalable/apps/<app id>.svg``: the layout of the freedesktop icon theme, so
``install.sh`` copies the tree into ``<prefix>/share/icons`` as it is (and other packaging takes the
PNGs from it).  The PNGs are built, never committed: the SVG is the one source, and QSvgRenderer
(PySide6, which CekiDesk needs anyway) renders it, so no other tool is needed.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parents[1] / "resources" / "icons" / "cekidesk.svg"
#: the icon's name is the desktop file's id (the one ``.desktop`` file beside this script)
APP_ID = next(HERE.glob("*.desktop")).stem
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(svg: Path, size: int, out: Path) -> None:
    """Draw the whole SVG into a transparent ``size`` × ``size`` PNG (antialiased)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {svg} is not an SVG Qt can draw")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out), "PNG"):
        raise SystemExit(f"make_icons: could not write {out}")


def make_icons(out_dir: Path, svg: Path = SOURCE) -> list[Path]:
    """Write the icon-theme tree under ``out_dir``; returns the files written."""
    theme = out_dir / "hicolor"
    written = []
    for size in SIZES:
        png = theme / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        render(svg, size, png)
        written.append(png)
    scalable = theme / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(svg, scalable)
    written.append(scalable)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render CekiDesk's icon into an icon-theme folder of PNGs.")
    parser.add_argument("out_dir", type=Path, help="the folder to write hicolor/<n>x<n>/apps/… into")
    parser.add_argument("--svg", type=Path, default=SOURCE, help="the icon to render (default: %(default)s)")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # no display needed
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])   # noqa: F841 (QPainter wants one)
    for path in make_icons(args.out_dir, args.svg):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
