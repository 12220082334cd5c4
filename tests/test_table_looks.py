"""Two table colours and two card backs: Settings keeps them, the Settings dialog offers them, and the
open table (felt, face-down cards of both card families, the seat plates' small card) changes at once.

Offscreen Qt through the real window; colours are read back from the drawn table.
"""
from __future__ import annotations

import json

import pytest
from PySide6.QtGui import QColor, QImage
from window_helpers import open_window

from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings, load_settings, save_settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations.cardpics import BACK_DESIGNS, back_code, card_art
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.table.cards import CardItem

guard_none_refcount()

SEATS = {"ceki": [Seat.human("You"), Seat.bot("beginner", "Budi"), Seat.bot("beginner", "Sari"),
                  Seat.bot("beginner", "Ayu")],
         "ce-pe": [Seat.human("You"), Seat.bot("beginner", "Budi"), Seat.bot("beginner", "Sari")]}


@pytest.fixture(autouse=True)
def _default_backs(qapp):
    """The card art is shared by the whole app: every test starts and ends with the default backs."""
    card_art().set_back_design("lattice")
    yield
    card_art().set_back_design("lattice")


def average(img: QImage) -> tuple[float, float, float]:
    n = img.width() * img.height()
    r = g = b = 0
    for y in range(img.height()):
        for x in range(img.width()):
            c = img.pixelColor(x, y)
            r, g, b = r + c.red(), g + c.green(), b + c.blue()
    return r / n, g / n, b / n


def felt(w: MainWindow) -> tuple[float, float, float]:
    """The colour of the table's top left corner (felt only)."""
    return average(w.table.viewport().grab().toImage().copy(4, 4, 24, 24))


def a_back(w: MainWindow) -> tuple[float, float, float]:
    """The average colour of the inside of a face-down card on the table (the pattern, no border)."""
    t = w.table
    backs = [it for it in t.card_items() if it.code_shown() == back_code(it.family) and it.isVisible()]
    assert backs, "no face-down card on the table"
    item = max(backs, key=lambda it: it.zValue())
    r = t.mapFromScene(item.sceneBoundingRect()).boundingRect()
    inner = r.adjusted(r.width() // 4, r.height() // 8, -r.width() // 4, -r.height() // 8)
    return average(t.viewport().grab(inner).toImage())


def start(w: MainWindow, game: str, seed: int = 4) -> None:
    assert w.start_new_game(NewGameConfig(game, list(SEATS[game]), seed, {}, {"mode": "money"}))


# ---------------------------------------------------------------------------------------------
# the settings

def test_the_looks_are_kept_and_a_bad_value_falls_back_to_its_default(tmp_path):
    path = tmp_path / "settings.json"
    assert Settings().table_colour == "green" and Settings().card_back == "lattice"
    save_settings(Settings(table_colour="red", card_back="kawung"), path)
    back = load_settings(path)
    assert (back.table_colour, back.card_back) == ("red", "kawung")
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(table_colour="purple", card_back=7)
    path.write_text(json.dumps(data), encoding="utf-8")
    again = load_settings(path)
    assert (again.table_colour, again.card_back) == ("green", "lattice")
    assert again.hints == back.hints


def test_the_card_art_draws_the_chosen_back_of_every_family(qapp):
    art = card_art()
    for family in ("ceki", "western"):
        code = back_code(family)
        lattice = art.pixmap(code, 120).toImage()
        assert art.set_back_design("kawung") and not art.set_back_design("kawung")
        kawung = art.pixmap(code, 120).toImage()
        assert kawung != lattice
        assert average(kawung)[0] > average(kawung)[2]          # red-brown
        assert average(lattice)[2] > average(lattice)[0]        # indigo
        assert art.set_back_design("no such design") and art.back_design == "lattice"
        assert art.pixmap(code, 120).toImage() == lattice
    assert list(BACK_DESIGNS) == ["lattice", "kawung"]


# ---------------------------------------------------------------------------------------------
# the dialog and the open table

@pytest.mark.parametrize("game", ["ceki", "ce-pe"])
def test_the_settings_dialog_changes_the_open_table_at_once(qtbot, boxes, game):
    w = open_window(qtbot)
    start(w, game)
    qtbot.waitUntil(lambda: any(it.code_shown() == back_code(it.family) for it in w.table.card_items()))
    r, g, b = felt(w)
    assert g > r + 20                                            # green
    br, bg, bb = a_back(w)
    assert bb > br                                               # indigo
    dlg = w.show_settings()
    assert [dlg.table_colour.itemData(i) for i in range(dlg.table_colour.count())] == ["green", "red"]
    assert all(dlg.table_colour.itemText(i) and dlg.card_back.itemText(i) for i in range(2))
    dlg.table_colour.setCurrentIndex(1)
    assert w.settings.table_colour == "red"
    r, g, b = felt(w)
    assert r > g + 20                                            # red-brown, with no new game
    dlg.card_back.setCurrentIndex(1)
    assert w.settings.card_back == "kawung"
    br, bg, bb = a_back(w)
    assert br > bb + 20                                          # the kawung back
    dlg.close()
    # kept: a new window opens with them
    w2 = MainWindow(load_settings())
    qtbot.addWidget(w2)
    assert (w2.settings.table_colour, w2.settings.card_back) == ("red", "kawung")
    w2.close()
    w.close()


def test_a_window_opens_with_the_chosen_back_and_the_plates_small_card_in_its_colour(qtbot, boxes):
    w = open_window(qtbot, card_back="kawung", table_colour="red")
    start(w, "ceki")
    assert card_art().back_design == "kawung"
    assert QColor(card_art().back_colour()) == QColor(BACK_DESIGNS["kawung"][1])
    r, g, b = felt(w)
    assert r > g + 20
    w.close()


def test_a_face_down_card_item_repaints_with_the_new_back(qtbot, boxes):
    w = open_window(qtbot)
    start(w, "ceki")
    items = [it for it in w.table.card_items() if isinstance(it, CardItem)
             and it.code_shown() == back_code(it.family)]
    assert items
    before = a_back(w)
    w.settings.card_back = "kawung"
    w.apply_settings()
    after = a_back(w)
    assert after != before and after[0] > after[2]
    w.close()
