"""How large the statistics file can grow, and how long it takes to load, save and sum up at its
largest: every registered game at its bound of kept hands (:data:`MAX_HANDS_PER_GAME`, in matches of
ten hands), written to a temporary folder.

    python3 bench/statistics_file.py [--repeat 5]
"""
from __future__ import annotations

import argparse
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _machine import cpu_model  # noqa: E402  (bench/ is on sys.path when run as a script)

from cekidesk.games import games  # noqa: E402
from cekidesk.persistence.statistics import MAX_HANDS_PER_GAME, StatisticsStore  # noqa: E402


def full_store(path: Path) -> StatisticsStore:
    store = StatisticsStore(path)
    rng = random.Random(1)
    for spec in games():
        kinds = spec.win_kinds or ("win",)
        for k in range(MAX_HANDS_PER_GAME // 10):
            m = store.new_match(spec.id, rng.choice(("beginner", "normal", "hard")), k % 3 > 0, f"{k:016x}")
            for i in range(10):
                won = rng.random() < 0.4
                store.record(m, i, won, rng.choice(kinds) if won else None, rng.randrange(-50, 200),
                             rng.randrange(-500, 2000), rng.random() < 0.05, "0" * 16, i == 9, won)
    return store


def best(f, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"{platform.platform()}; {cpu_model()}; Python {platform.python_version()}")
    path = Path(tempfile.mkdtemp()) / "statistics.json"
    store = full_store(path)
    store.save()
    hands = sum(len(m.hands) for m in store.doc.matches)
    print(f"{len(games())} games, {len(store.doc.matches)} matches, {hands} hands: "
          f"{path.stat().st_size / 1e6:.1f} MB")
    print(f"load {best(lambda: StatisticsStore(path), args.repeat) * 1000:.0f} ms, "
          f"save {best(store.save, args.repeat) * 1000:.0f} ms, "
          f"one game's totals {best(lambda: store.totals('ceki'), args.repeat) * 1000:.1f} ms (best of {args.repeat})")


if __name__ == "__main__":
    main()
