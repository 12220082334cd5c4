"""Layout defects left after aksara Jawa grew to 1.3× the Latin size (issue 15): the help's list of
games, the Settings dialog's height, and the table labels of Kartu Lima, Ce Pe and the Balik Satu
family — their line spacing and their place beside the cards — at 1280×720 and full HD, in English
and in aksara Jawa."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTabBar, QTabWidget
from test_jv_readable import LANGUAGES, clips, text_size
from waiting import HANG_GUARD_MS
from window_helpers import open_window

from cekidesk.ui import i18n


@pytest.fixture
def language():
    """Sets the interface language for a test and puts English back after it."""
    yield i18n.set_language
    i18n.set_language("en")


def scrolled_away(dialog) -> list[str]:
    """The names of the help's games a player cannot see without scrolling (tab bars that need their
    arrows, list rows outside the list or cut), each with why."""
    out = []
    for bar in dialog.findChildren(QTabBar):
        need = sum(bar.tabRect(i).width() for i in range(bar.count()))
        if bar.isVisible() and need > bar.width():
            out.append(f"tabs {need} px wide in a bar of {bar.width()}: {[bar.tabText(i) for i in range(bar.count())]}")
    for view in dialog.findChildren(QAbstractItemView):
        if not view.isVisible():
            continue
        port = QRectF(view.viewport().rect())
        model = view.model()
        for row in range(model.rowCount()):
            idx = model.index(row, 0)
            rect = QRectF(view.visualRect(idx))
            text = idx.data()
            if not port.contains(rect):
                out.append(f"{text!r} at {rect.getRect()} outside the list's {port.getRect()}")
            elif text_size(view.font(), text).width() > rect.width() - 4:
                out.append(f"{text!r} wider than its row ({rect.width()})")
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_of_the_help_is_seen_whole_without_scrolling(qtbot, boxes, language, lang):
    """At 1280×720 the help names every game in full (eleven tabs of "How to play …" needed the
    tab bar's arrows in every language); the window fits the screen with its title bar."""
    w = open_window(qtbot, language=lang, card_names="javanese")
    QApplication.processEvents()     # (the language change reaches the window: it rebuilds its help)
    help_dialog = w.show_help()
    qtbot.waitExposed(help_dialog, timeout=HANG_GUARD_MS)
    QApplication.processEvents()
    assert help_dialog.browsers
    assert scrolled_away(help_dialog) == []
    assert help_dialog.height() <= 650 and help_dialog.width() <= 1280
    assert clips(help_dialog) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_settings_fit_a_1280_by_720_screen_with_every_text_whole(qtbot, boxes, language, lang):
    """Settings was 940 pixels tall in aksara Jawa (one column of every row): now every page of it
    fits in 650 (a 720-pixel screen less a task bar and the title bar), nothing clipped."""
    w = open_window(qtbot, language=lang)
    QApplication.processEvents()
    dlg = w.show_settings()
    qtbot.waitExposed(dlg, timeout=HANG_GUARD_MS)
    pages = dlg.findChildren(QTabWidget)
    shown_pages = [(t, i) for t in pages for i in range(t.count())] or [(None, 0)]
    for tabs, i in shown_pages:
        if tabs is not None:
            tabs.setCurrentIndex(i)
        QApplication.processEvents()
        assert dlg.height() <= 650 and dlg.width() <= 1280, (i, dlg.size())
        assert clips(dlg) == [], i
        assert scrolled_away(dlg) == [], i
