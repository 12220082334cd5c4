"""Make the table's sound effects (resources/sounds/*.wav) from nothing but arithmetic.

    python3 tools/make_sounds.py            # write resources/sounds/deal.wav, play.wav, win.wav
    python3 tools/make_sounds.py --check    # change nothing; exit 1 if a file differs from what this makes

The sounds are synthesised here, so the app carries no recording of anybody else's:

* ``deal`` — a card sliding off the pack: a short swish of filtered noise, rising then falling;
* ``play`` — a card laid on the table: a dry tap (a burst of bright noise) over a soft low knock;
* ``win`` — three struck metal keys, like a saron's, climbing the sléndro scale (each step 240 cents):
  each key rings with the inharmonic partials of a bar (1, 2.76, 5.40) that die away at their own pace.

Mono, 16 bits, 22,050 samples a second (a few tens of kilobytes in all).  A fixed seed makes the noise,
so the files come out byte for byte the same every time (``--check``; ``tests/test_sounds.py``).
"""
from __future__ import annotations

import argparse
import io
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "sounds"
RATE = 22_050


def _noise(seconds: float, seed: int) -> list[float]:
    rnd = random.Random(seed)
    return [rnd.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def _lowpass(xs: list[float], cutoff: float) -> list[float]:
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for x in xs:
        y += a * (x - y)
        out.append(y)
    return out


def _highpass(xs: list[float], cutoff: float) -> list[float]:
    low = _lowpass(xs, cutoff)
    return [x - lo for x, lo in zip(xs, low, strict=True)]


def deal() -> list[float]:
    """A swish: band-limited noise under an envelope that rises fast and falls slower."""
    seconds = 0.16
    band = _highpass(_lowpass(_noise(seconds, 11), 3_800.0), 700.0)
    n = len(band)
    out = []
    for i, x in enumerate(band):
        t = i / n
        env = (t / 0.25) if t < 0.25 else (1.0 - (t - 0.25) / 0.75) ** 2
        out.append(x * env * 2.2)
    return out


def play() -> list[float]:
    """A tap: a 25 ms burst of bright noise over a 170 Hz knock that dies in about 60 ms."""
    seconds = 0.09
    click = _highpass(_noise(seconds, 23), 1_500.0)
    out = []
    for i, x in enumerate(click):
        t = i / RATE
        tap = x * math.exp(-t / 0.006) * 1.4
        knock = math.sin(2.0 * math.pi * 170.0 * t) * math.exp(-t / 0.018) * 0.55
        out.append(tap + knock)
    return out


def _key(freq: float, seconds: float) -> list[float]:
    """One struck metal key: a bar's partials, the higher ones dying sooner."""
    partials = ((1.0, 1.0, 0.45), (2.76, 0.35, 0.16), (5.40, 0.12, 0.06))
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        strike = min(1.0, t / 0.002)
        out.append(strike * sum(a * math.exp(-t / tau) * math.sin(2.0 * math.pi * freq * k * t)
                                for k, a, tau in partials))
    return out


def win() -> list[float]:
    """Three keys of the sléndro scale, 0.18 s apart, the last one left to ring."""
    step = 2.0 ** (240 / 1200)
    base = 280.0
    notes = (base, base * step, base * step ** 3)
    gap, ring = 0.18, 0.9
    total = [0.0] * int((gap * (len(notes) - 1) + ring) * RATE)
    for n, freq in enumerate(notes):
        start = int(n * gap * RATE)
        for i, x in enumerate(_key(freq, ring)):
            total[start + i] += x * 0.5
    return total


SOUNDS: dict[str, Callable[[], list[float]]] = {"deal": deal, "play": play, "win": win}


def wav_bytes(samples: list[float]) -> bytes:
    """16-bit mono WAV of ``samples``, normalised to −3 dB peak and faded over its last 5 ms."""
    peak = max(abs(x) for x in samples) or 1.0
    gain = 0.707 / peak
    fade = int(0.005 * RATE)
    frames = bytearray()
    for i, x in enumerate(samples):
        left = len(samples) - i
        if left < fade:
            x *= left / fade
        frames += struct.pack("<h", int(round(max(-1.0, min(1.0, x * gain)) * 32_767)))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file is out of date")
    args = ap.parse_args(argv)
    stale = []
    for name, make in SOUNDS.items():
        path = OUT / f"{name}.wav"
        data = wav_bytes(make())
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(path)
            continue
        OUT.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"{path.relative_to(ROOT)}: {len(data):,} bytes")
    for path in stale:
        print(f"{path.relative_to(ROOT)} is out of date: run python3 tools/make_sounds.py")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
