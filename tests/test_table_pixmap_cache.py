"""Qt's pixmap cache, where the card items keep their device pictures: its limit is what the table
needs at its size (a long session fills the cache to its limit, so the limit is memory the session
keeps)."""
from __future__ import annotations

from PySide6.QtGui import QPixmapCache
from waiting import HANG_GUARD_MS

import cekidesk.ui.games  # noqa: F401  (the registry of the games' UIs)
from cekidesk.ui.table.widget import QT_PIXMAP_CACHE_KB, TableWidget, pixmap_cache_kb


def test_the_limit_is_a_screenful_of_the_tables_pixels_and_never_below_qts_own():
    assert pixmap_cache_kb(1280, 720) == QT_PIXMAP_CACHE_KB == 10 * 1024
    assert pixmap_cache_kb(800, 600, 1.0) == QT_PIXMAP_CACHE_KB
    assert 30 * 1024 < pixmap_cache_kb(3840, 2160) == pixmap_cache_kb(1920, 1080, 2.0) < 33 * 1024   # a 4K table


def test_the_table_sets_the_limit_for_its_size_and_again_when_resized(qtbot):
    QPixmapCache.setCacheLimit(96 * 1024)   # (as an older table left it)
    w = TableWidget()
    qtbot.addWidget(w)
    w.resize(900, 600)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    dpr = w.viewport().devicePixelRatioF()
    vp = w.viewport().size()
    assert QPixmapCache.cacheLimit() == pixmap_cache_kb(vp.width(), vp.height(), dpr) == QT_PIXMAP_CACHE_KB
    w.resize(2600, 1700)
    qtbot.waitUntil(lambda: w.viewport().width() > 2000, timeout=HANG_GUARD_MS)
    vp = w.viewport().size()
    assert QPixmapCache.cacheLimit() == pixmap_cache_kb(vp.width(), vp.height(), dpr) > QT_PIXMAP_CACHE_KB
