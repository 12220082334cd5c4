#!/usr/bin/env python3
"""See a screenshot as a person with a colour-vision deficiency sees it (issue 31: no state of the
table told by colour alone).

    python3 tools/colour_vision.py shot.png                 # shot-protanopia.png, -deuteranopia, -tritanopia
    python3 tools/colour_vision.py shot.png --sheet all.png # the original and the three in one picture
    python3 tools/colour_vision.py shot.png --severity 0.6  # an anomalous trichromacy, roughly

The simulation is Machado, Oliveira and Fernandes, "A Physiologically-based Model for Simulation of
Color Vision Deficiency" (IEEE TVCG 15(6), 2009): one 3×3 matrix per deficiency, applied to linear
RGB (the sRGB picture decoded, the result encoded again), as DaltonLens and colorspacious apply it.
The matrices are the paper's for severity 1.0 (protanopia, deuteranopia, tritanopia: one kind of
cone missing); a lower ``--severity`` blends them with the identity, an approximation of the paper's
own tables for anomalous trichromacy.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

#: Machado et al. 2009, severity 1.0, for linear RGB
MATRICES: dict[str, np.ndarray] = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}


def to_linear(srgb: np.ndarray) -> np.ndarray:
    """sRGB values 0–255 as linear light 0–1."""
    s = srgb / 255.0
    return np.where(s <= 0.04045, s / 12.92, ((s + 0.055) / 1.055) ** 2.4)


def to_srgb(linear: np.ndarray) -> np.ndarray:
    """Linear light 0–1 (clipped) as sRGB values 0–255."""
    c = np.clip(linear, 0.0, 1.0)
    s = np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)
    return np.round(s * 255.0).astype(np.uint8)


def simulate(rgb: np.ndarray, kind: str, severity: float = 1.0) -> np.ndarray:
    """``rgb`` (H×W×3, uint8) as seen with ``kind`` of :data:`MATRICES` at ``severity`` (0–1)."""
    m = severity * MATRICES[kind] + (1.0 - severity) * np.eye(3)
    lin = to_linear(rgb.astype(np.float64))
    return to_srgb(lin @ m.T)


def read_rgb(path: Path) -> np.ndarray:
    """The picture at ``path`` as an H×W×3 uint8 array (through Qt, which the app has anyway)."""
    from PySide6.QtGui import QImage

    img = QImage(str(path))
    if img.isNull():
        raise SystemExit(f"cannot read the picture {path}")
    img = img.convertToFormat(QImage.Format.Format_RGB888)
    w, h, stride = img.width(), img.height(), img.bytesPerLine()
    data = np.frombuffer(img.constBits(), dtype=np.uint8, count=stride * h).reshape(h, stride)
    return data[:, : w * 3].reshape(h, w, 3).copy()


def write_rgb(rgb: np.ndarray, path: Path) -> None:
    from PySide6.QtGui import QImage

    h, w, _ = rgb.shape
    data = np.ascontiguousarray(rgb)
    img = QImage(data.data, w, h, 3 * w, QImage.Format.Format_RGB888)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not img.copy().save(str(path)):
        raise SystemExit(f"cannot write {path}")


def sheet(pictures: list[tuple[str, np.ndarray]]) -> np.ndarray:
    """The pictures two by two (each the same size), a thin white line between them."""
    h, w, _ = pictures[0][1].shape
    out = np.full((2 * h + 4, 2 * w + 4, 3), 255, dtype=np.uint8)
    for i, (_, pic) in enumerate(pictures[:4]):
        y, x = divmod(i, 2)
        out[y * (h + 4): y * (h + 4) + h, x * (w + 4): x * (w + 4) + w] = pic
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("picture", type=Path)
    ap.add_argument("--out-dir", type=Path, default=None, help="where to write (default: beside the picture)")
    ap.add_argument("--sheet", type=Path, default=None, help="also the original and the three in one picture")
    ap.add_argument("--severity", type=float, default=1.0, help="0 to 1 (default 1: dichromacy)")
    ap.add_argument("--half", action="store_true", help="the sheet at half size (for a README)")
    args = ap.parse_args(argv)
    if not 0.0 <= args.severity <= 1.0:
        ap.error("--severity is between 0 and 1")
    rgb = read_rgb(args.picture)
    out_dir = args.out_dir or args.picture.parent
    made = [("original", rgb)]
    for kind in MATRICES:
        sim = simulate(rgb, kind, args.severity)
        out = out_dir / f"{args.picture.stem}-{kind}.png"
        write_rgb(sim, out)
        made.append((kind, sim))
        print(out)
    if args.sheet is not None:
        whole = sheet(made)
        if args.half:   # every other pixel, averaged in 2×2 blocks
            h, w = whole.shape[0] // 2 * 2, whole.shape[1] // 2 * 2
            whole = whole[:h, :w].reshape(h // 2, 2, w // 2, 2, 3).mean(axis=(1, 3)).round().astype(np.uint8)
        write_rgb(whole, args.sheet)
        print(args.sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
