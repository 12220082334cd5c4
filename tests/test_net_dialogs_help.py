"""Help ▸ Playing with others: the page of the How-to-play window on playing with people at other
computers, reached from the Help menu, in every language."""
from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from window_helpers import open_window

from cekidesk.ui.foundations import i18n
from cekidesk.ui.window.help import HowToPlayDialog
from cekidesk.ui.window.help_network import NETWORK_PAGE, PAGE


def test_the_help_menu_opens_the_page(qtbot):
    w = open_window(qtbot)
    act = w.findChild(QAction, "actNetworkHelp")
    assert act is not None and act in w.commands.menu_help.actions()
    assert act.text().replace("&", "") == "Playing with others"
    act.trigger()
    dlg = w.dialogs.help_dialog
    assert dlg is not None and dlg.isVisible()
    assert dlg.browser is dlg.network_browser
    text = dlg.browser.toPlainText()
    for heading in ("Hosting a table", "Telling the others", "Joining a table", "When the connection drops",
                    "Undo at a networked table", "When the host quits"):
        assert heading in text
    assert dlg.games.currentItem().text() == "Playing with others"
    # F1 afterwards shows the game's page again
    w.dialogs.show_help()
    assert dlg.browser is not dlg.network_browser
    w.close()


def test_the_page_in_every_language(qtbot):
    try:
        for lang in ("id", "jv", "jv-Java"):
            i18n.set_language(lang)
            QApplication.processEvents()
            d = HowToPlayDialog([], None, game_id=NETWORK_PAGE)
            qtbot.addWidget(d)
            text = d.page_html(NETWORK_PAGE)
            assert "Hosting a table" not in text and "Playing with others" not in text, lang
            assert len(PAGE.sections) == 7
            d.close()
    finally:
        i18n.set_language("en")
