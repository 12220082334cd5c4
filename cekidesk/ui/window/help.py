"""Help ▸ How to play: each game's rules in CekiDesk's own words, with card pictures.

One page per game, chosen from a list of the games' names (eleven tabs of "How to play …" never fit
a 1280-pixel screen, least of all in aksara Jawa at 1.3×; a list shows every name whole and grows
with the games); the pages themselves are data of the games' UI modules
(:meth:`cekidesk.ui.games.base.GameUI.help_page`), written by the one renderer of
:mod:`cekidesk.ui.games.help_page`.  The pictures are rendered from the card SVGs and handed
to each page's document with ``document().addResource`` under ``card:<code>/<height>`` URLs, as the
page asks for them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from cekidesk.games import DEFAULT_GAME_ID, games

from ..foundations import i18n, names
from ..foundations.cardpics import device_ratio
from ..games import HelpContext, game_ui
from ..games.help_page import render_html
from ..table import TableWidget
from ..widgets.helpers import close_buttons
from ..widgets.pictures import picture_source
from .help_network import NETWORK_PAGE
from .help_network import PAGE as NETWORK_HELP
from .help_network import PAGE_TITLE as NETWORK_TITLE


class HowToPlayDialog(QDialog):
    """A non-modal window with the rules of every game, one page (QTextBrowser) each, chosen in the
    list of games beside it; it opens on ``game_id``'s page.  ``shortcuts`` are the window's keys;
    each page adds its table's own."""

    def __init__(self, shortcuts: Sequence[tuple[str, str]] = (), parent: QWidget | None = None,
                 game_id: str = DEFAULT_GAME_ID, card_names: str = "latin",
                 current: tuple[str, BaseModel] | None = None):
        super().__init__(parent)
        self.setObjectName("howToPlay")
        self.setWindowTitle(i18n.latin(lambda: self.tr("How to play")))
        self.shortcuts = list(shortcuts)
        self.card_names = card_names
        self.current = current     # (game id, options) of the game under way, for its page
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        lay.addLayout(row)
        self.games = QListWidget(self)
        self.games.setObjectName("helpGames")
        self.pages = QStackedWidget(self)
        self.browsers: dict[str, QTextBrowser] = {}
        for spec in games():
            b = QTextBrowser(self.pages)
            b.setObjectName(f"helpBrowser_{spec.id}")
            b.setOpenExternalLinks(False)
            b.setOpenLinks(True)
            self.browsers[spec.id] = b
            self.pages.addWidget(b)
            self.games.addItem(QListWidgetItem())
        # after the games, the page on playing with people at other computers (Help ▸ Playing with others)
        self.network_browser = QTextBrowser(self.pages)
        self.network_browser.setObjectName(f"helpBrowser_{NETWORK_PAGE}")
        self.pages.addWidget(self.network_browser)
        self.games.addItem(QListWidgetItem())
        self.games.currentRowChanged.connect(self.pages.setCurrentIndex)
        row.addWidget(self.games)
        row.addWidget(self.pages, 1)
        lay.addWidget(close_buttons(self, self.tr("Close"))[0])
        self.refresh()
        self.show_game(game_id)
        self.resize(940, 640)     # with its title bar, within a 1280×720 screen that has a task bar

    def refresh(self, card_names: str | None = None) -> None:
        """(Re)write every page and the list of games — after a change of language or of the
        card-name form."""
        if card_names is not None:
            self.card_names = card_names
        for i, (gid, b) in enumerate(self.browsers.items()):
            ui = game_ui(gid)
            item = self.games.item(i)
            item.setText(names.game_title(f"game.{gid}"))
            item.setToolTip(ui.help_title())
            b.setAccessibleName(ui.help_title())
            keys = list(TableWidget.shortcuts(gid)) + self.shortcuts
            ctx = HelpContext(self._picture_source(b), self.card_names, keys, self.current)
            b.setHtml("<html><body>" + ui.help_html(ctx) + "</body></html>")
        title = QCoreApplication.translate("NetworkHelp", NETWORK_TITLE)
        self.games.item(len(self.browsers)).setText(title)
        self.network_browser.setAccessibleName(title)
        ctx = HelpContext(self._picture_source(self.network_browser), self.card_names, self.shortcuts)
        self.network_browser.setHtml("<html><body>" + render_html(NETWORK_HELP, ctx) + "</body></html>")
        self._fit_list()

    def _fit_list(self) -> None:
        """The list as wide as its longest name (names are short: the page keeps the room)."""
        g = self.games
        g.setFixedWidth(g.sizeHintForColumn(0) + 2 * g.frameWidth() + g.spacing() * 2 + 8)

    def set_current(self, current: tuple[str, BaseModel] | None) -> None:
        """The game under way and its options (None: none); the pages are rewritten if they changed."""
        if current != self.current:
            self.current = current
            self.refresh()

    def show_game(self, game_id: str) -> None:
        """The page of ``game_id`` (or :data:`~.help_network.NETWORK_PAGE`: playing with others)."""
        ids = [*self.browsers, NETWORK_PAGE]
        if game_id in ids:
            self.games.setCurrentRow(ids.index(game_id))

    @property
    def browser(self) -> QTextBrowser:
        """The page shown now."""
        return cast(QTextBrowser, self.pages.currentWidget())   # every page is a browser

    def page_html(self, game_id: str | None = None) -> str:
        b = self.network_browser if game_id == NETWORK_PAGE else self.browsers[game_id] if game_id else self.browser
        return b.toHtml()

    def _picture_source(self, browser: QTextBrowser) -> Callable[[str, int, str], str]:
        return picture_source(browser, device_ratio(self))
