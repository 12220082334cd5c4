"""Issue 32's words and table (engineer "words"): your own name beside the dealer chip in aksara Jawa,
the second person where "you" is the subject, Ce Pe's direction line and thrower label, Balik's
"Dealt again", Pèi's glossed stake terms, Ce Pe's players out in the end dialog, each hand's own deal
number in the history, Kartu Lima after the match, and several people at one table by their names."""
from __future__ import annotations

import random
import re

import pytest
from helpers import random_decision
from PySide6.QtWidgets import QApplication

from cekidesk.games import games, get_game
from cekidesk.ui.foundations import i18n, names
from cekidesk.ui.foundations.fonts import install_javanese_font
from cekidesk.ui.games import load_game_uis
from cekidesk.ui.table import TableWidget
from cekidesk.ui.table.plates import SeatItem

load_game_uis()

#: the table's size in the window at 1280×720 (the log beside it), the whole 1280×720, full HD
TABLE_SIZES = [(1018, 555), (1280, 720), (1920, 1080)]


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def _player_counts(game: str) -> list[int]:
    spec = get_game(game)
    return sorted({spec.min_players, max(spec.min_players, min(spec.max_players, 4)), spec.max_players})


# -- your own name beside the dealer chip ------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "jv-Java"])
@pytest.mark.parametrize("game", [g.id for g in games()])
def test_your_own_name_is_never_cut_beside_the_dealer_chip(qtbot, language, lang, game):
    """In aksara Jawa your name ("ꦱꦩ꧀ꦥꦺꦪꦤ꧀") was elided to make room for the dealer's chip on the
    plates of Ceki, Pèi and the Balik family: the chip goes to the second line when the name needs
    its room.  Every game, a few player counts, the three table sizes, you the dealer and not."""
    install_javanese_font(QApplication.instance())
    language(lang)
    you = names.default_human_name()
    spec = get_game(game)
    cut = []
    dealt_by_you = 0
    for n in _player_counts(game):
        table = TableWidget()
        qtbot.addWidget(table)
        table.set_options(animation_speed="off")
        table.set_game(game, [you, *names.DEFAULT_BOT_NAMES[:n - 1]], 0)
        table.show()
        for W, H in TABLE_SIZES:
            table.resize(W, H)
            QApplication.processEvents()
            for dealer in (0, 1):
                table.show_view(spec.new_hand(spec.options_model(), n, 3, dealer).view(0))
                plates = [it for it in table.scene().items() if isinstance(it, SeatItem)]
                assert plates
                for it in plates:
                    if SeatItem.shown_name(it.spec) != it.spec.name:
                        cut.append((n, W, H, it.spec.name, it.spec.dealer, it.spec.rect.width()))
                mine = next(it for it in plates if it.spec.seat == 0)
                dealt_by_you += mine.spec.dealer
        table.close()
    assert not cut, cut
    assert dealt_by_you or game == "kartu-lima"     # (Kartu Lima's first dealer is cut for)
