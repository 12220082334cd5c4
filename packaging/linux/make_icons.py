"""Render CekiDesk's app icon (``resources/icons/cekidesk.svg``) into the PNG sizes of an icon theme.

    python3 packaging/linux/make_icons.py OUT_DIR

writes ``OUT_DIR/hicolor/<n>x<n>/apps/<app id>.png`` for every size of :data:`SIZES` and the SVG itself
as ``OUT_DIR/hicolor/scalable/apps/<app id>.svg``: the layout of the freedesktop icon theme, so
``install.sh`` copies the tree into ``<prefix>/share/icons`` as it is (and other packaging takes the
PNGs from it).  The PNGs are built, never committed: the SVG is the one source, and QSvgRenderer
(PySide6, which CekiDesk needs anyway) renders it, so no other tool is needed.

    python3 packaging/linux/make_icons.py --ico cekidesk.ico --icns cekidesk.icns

writes the icon files Windows (``.ico``: the installer's and the programs' icon) and macOS
(``.icns``: the ``.app``'s) want instead, each holding the icon at every size its system asks for, as
PNG images (:func:`write_ico`, :func:`write_icns`): the bundle's build (``packaging/cekidesk.spec``)
makes them on the runner, so neither ``iconutil`` nor an image tool is needed there either.
"""
from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parents[1] / "resources" / "icons" / "cekidesk.svg"
#: the icon's name is the desktop file's id (the one ``.desktop`` file beside this script)
APP_ID = next(HERE.glob("*.desktop")).stem
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: the sizes of a Windows .ico (256 is the largest an .ico holds; Explorer and the task bar pick among them)
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)
#: an .icns file's PNG entries: the type code of each, and its size in pixels (the @2x ones are Retina's)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512))


def render(svg: Path, size: int, out: Path) -> None:
    """Draw the whole SVG into a transparent ``size`` × ``size`` PNG (antialiased)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(png(svg, size))


def png(svg: Path, size: int) -> bytes:
    """The whole SVG drawn into a transparent ``size`` × ``size`` picture (antialiased), as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
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
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise SystemExit(f"make_icons: could not draw {svg} as a PNG")
    return bytes(data.data())


def write_ico(out: Path, svg: Path = SOURCE) -> None:
    """A Windows icon of every size of :data:`ICO_SIZES`: the ICONDIR header, one 16-byte entry per
    image (its size, 0 meaning 256; 32 bits per pixel; the PNG's length and offset), then the PNGs."""
    images = [png(svg, size) for size in ICO_SIZES]
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries = b""
    for size, data in zip(ICO_SIZES, images, strict=True):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(head + entries + b"".join(images))


def write_icns(out: Path, svg: Path = SOURCE) -> None:
    """A macOS icon family of :data:`ICNS_TYPES`: ``icns`` and the file's length, then per entry its
    type, its length (with these 8 bytes) and its PNG."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data
                    for kind, data in ((kind, png(svg, size)) for kind, size in ICNS_TYPES))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)


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
    parser.add_argument("out_dir", type=Path, nargs="?", help="the folder to write hicolor/<n>x<n>/apps/… into")
    parser.add_argument("--svg", type=Path, default=SOURCE, help="the icon to render (default: %(default)s)")
    parser.add_argument("--ico", type=Path, help="also write a Windows icon (.ico) here")
    parser.add_argument("--icns", type=Path, help="also write a macOS icon (.icns) here")
    args = parser.parse_args(argv)
    if args.out_dir is None and args.ico is None and args.icns is None:
        parser.error("name a folder, --ico or --icns")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # no display needed
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])   # noqa: F841 (QPainter wants one)
    written = make_icons(args.out_dir, args.svg) if args.out_dir is not None else []
    for path, write in ((args.ico, write_ico), (args.icns, write_icns)):
        if path is not None:
            write(path, args.svg)
            written.append(path)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
