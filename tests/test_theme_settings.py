"""Seeing the table (issue 31): the theme, the interface's and the cards' size and reduced motion as
settings (bounded, validated, older files still read), chosen in the Settings dialog and applied at
once; the system's preferences followed where the player has not chosen; every state the table
showed by colour alone now drawn with a shape of its own too."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QComboBox, QSpinBox, QStyleOptionGraphicsItem
from window_helpers import open_window

from cekidesk.persistence.settings import Settings, read_settings, save_settings
from cekidesk.ui.foundations import fonts, theme
from cekidesk.ui.foundations.theme import HIGH_CONTRAST, SystemPreferences, qc, resolve
from cekidesk.ui.table.cards import CardItem
from cekidesk.ui.table.layouts import LabelSpec, SeatSpec
from cekidesk.ui.table.plates import LabelItem, SeatItem


@pytest.fixture(autouse=True)
def _looks_back():
    """Every test starts and ends with the light theme, the system's size and no system preference."""
    theme.set_system_preferences(SystemPreferences(None, None, None))
    yield
    theme.apply_theme("light")
    fonts.set_interface_scale(1.0)
    fonts.set_table_text_scale(1.0)
    theme.set_system_preferences(None)


# -- the settings ---------------------------------------------------------------------------------------

def test_an_older_settings_file_reads_with_the_system_followed(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema_version": 2, "language": "id", "table_colour": "red"}))
    s, notice = read_settings(path)
    assert notice is None and s.language == "id" and s.table_colour == "red"
    assert (s.theme, s.interface_scale, s.card_size, s.reduced_motion) == (None, 100, 100, None)


def test_wrong_values_fall_back_one_by_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"theme": "neon", "interface_scale": 500, "card_size": "big", "reduced_motion": "yes",
                                "table_colour": "red"}))
    s, notice = read_settings(path)
    assert notice is not None and notice.problem == "invalid_values"
    assert (s.theme, s.interface_scale, s.card_size, s.reduced_motion) == (None, 100, 100, None)
    assert s.table_colour == "red"
    path.write_text(json.dumps({"interface_scale": 99}))
    assert read_settings(path)[0].interface_scale == 100
    path.write_text(json.dumps({"interface_scale": 200, "card_size": 150, "theme": "high_contrast",
                                "reduced_motion": True}))
    s, notice = read_settings(path)
    assert notice is None and (s.theme, s.interface_scale, s.card_size, s.reduced_motion) == (
        "high_contrast", 200, 150, True)


def test_the_choices_are_saved_and_read_again(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(theme="dark", interface_scale=175, card_size=125, reduced_motion=False), path)
    s = read_settings(path)[0]
    assert (s.theme, s.interface_scale, s.card_size, s.reduced_motion) == ("dark", 175, 125, False)


def test_unchosen_looks_follow_the_system_and_a_choice_wins():
    dark_calm = SystemPreferences(dark=True, high_contrast=None, reduced_motion=True)
    assert resolve(None, 100, 100, None, dark_calm) == theme.Access("dark", 1.0, 1.0, True)
    high = SystemPreferences(dark=False, high_contrast=True, reduced_motion=None)
    assert resolve(None, 150, 125, None, high) == theme.Access("high_contrast", 1.5, 1.25, False)
    assert resolve("light", 100, 100, False, dark_calm) == theme.Access("light", 1.0, 1.0, False)
    unknown = SystemPreferences(None, None, None)   # a platform where Qt cannot tell
    assert resolve(None, 300, 10, None, unknown) == theme.Access("light", 2.0, 1.0, False)


def test_the_system_preference_of_reduced_motion_can_be_given(monkeypatch):
    monkeypatch.setenv("CEKIDESK_REDUCED_MOTION", "1")
    assert theme.system_reduced_motion() is True
    monkeypatch.setenv("CEKIDESK_REDUCED_MOTION", "0")
    assert theme.system_reduced_motion() is False


# -- the window -----------------------------------------------------------------------------------------

def test_the_first_start_follows_a_dark_system_that_asks_for_less_motion(qtbot, boxes):
    theme.set_system_preferences(SystemPreferences(dark=True, high_contrast=None, reduced_motion=True))
    w = open_window(qtbot)
    assert theme.current().name == "dark"
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightnessF() < 0.3
    assert w.table._motion.reduced


def test_the_seeing_page_applies_each_choice_at_once(qtbot, boxes):
    w = open_window(qtbot)
    size = QApplication.font().pointSizeF()
    dlg = w.show_settings()
    qtbot.waitExposed(dlg)
    themes = dlg.findChild(QComboBox, "themeCombo")
    themes.setCurrentIndex(themes.findData("high_contrast"))
    assert w.settings.theme == "high_contrast" and theme.current() is HIGH_CONTRAST
    assert QApplication.palette().color(QPalette.ColorRole.Window) == QColor(0, 0, 0)
    scale = dlg.findChild(QSpinBox, "scaleSpin")
    scale.setValue(150)
    assert w.settings.interface_scale == 150 and fonts.interface_scale() == 1.5
    assert QApplication.font().pointSizeF() == pytest.approx(size * 1.5, rel=0.02)
    cards = dlg.findChild(QComboBox, "cardSizeCombo")
    cards.setCurrentIndex(cards.findData(125))
    assert w.settings.card_size == 125 and w.table._sizes == (1.25, 1.5)
    motion = dlg.findChild(QComboBox, "motionCombo")
    motion.setCurrentIndex(motion.findData(True))
    assert w.settings.reduced_motion is True and w.table._motion.reduced
    motion.setCurrentIndex(0)
    assert w.settings.reduced_motion is None
    themes.setCurrentIndex(0)   # back to the system's (here: none said, so light)
    assert w.settings.theme is None and theme.current().name == "light"
    dlg.close()


def test_reduced_motion_puts_cards_down_at_once_and_outlines_the_ones_that_moved(qtbot, boxes):
    from cekidesk.games import get_game
    from cekidesk.persistence.saves import Seat
    from cekidesk.ui.dialogs.new_game import NewGameConfig

    w = open_window(qtbot, animation_speed="slow", reduced_motion=True)
    spec = get_game("ceki")
    seats = [Seat.human("You")] + [Seat.bot("random", f"Bot {i}") for i in range(1, 4)]
    w.start_new_game(NewGameConfig(spec.id, seats, 3, {}, {"mode": "money", "stake_cents": 5}))
    qtbot.waitUntil(lambda: w.controller.waiting_for_human())
    table = w.table
    assert not table.is_animating()
    action = next(a for a in w.controller.view().legal)
    w.controller.play(action)
    qtbot.waitUntil(lambda: bool(table._motion.flashing()) or w.controller.waiting_for_human())
    # no flight: every card is where the plan says at once; what moved is outlined for a moment
    assert not table.is_animating()
    flashed = table._motion.flashing()
    assert flashed and all(it.flash for it in flashed)
    qtbot.waitUntil(lambda: not table._motion.flashing(), timeout=3000)
    assert not any(it.flash for it in flashed)
    assert table.celebrate([0]) is False   # no stars rise with reduced motion


# -- shapes besides colours -------------------------------------------------------------------------------

def paint(item, size=(200, 300), at=(100, 150)) -> QImage:
    img = QImage(*size, QImage.Format.Format_ARGB32)
    img.fill(QColor(0, 0, 0))
    p = QPainter(img)
    p.translate(*at)
    item.paint(p, QStyleOptionGraphicsItem())
    p.end()
    return img


def count(img: QImage, rgb, area: QRectF, tol: int = 40) -> int:
    c = QColor(*rgb[:3])
    n = 0
    for y in range(int(area.top()), int(area.bottom())):
        for x in range(int(area.left()), int(area.right())):
            px = img.pixelColor(x, y)
            if abs(px.red() - c.red()) + abs(px.green() - c.green()) + abs(px.blue() - c.blue()) < tol:
                n += 1
    return n


@pytest.mark.parametrize("name", ["light", "high_contrast"])
def test_a_playable_card_has_a_pointer_and_the_hinted_one_a_diamond(qapp, name):
    theme.apply_theme(name)
    t = theme.current()
    card = CardItem("k", None, False, 160)
    top = 150 - 80   # the card's top in the picture
    above = QRectF(20, top - 16, 160, 15)
    assert count(paint(card), t.legal, above) == 0
    card.highlight = True
    assert count(paint(card), t.legal, above) > 10          # the pointer above the card
    card.hint = True
    assert count(paint(card), t.hint, above) > 10           # the hint's diamond
    card.hint, card.highlight = False, False
    card.mark = "taken"
    band = QRectF(70, 150 + 80 - 10, 60, 10)
    img = paint(card)
    assert count(img, t.taken, band) > 20 and count(img, t.mark_ink, band) > 5   # a hatched band, not a colour


def test_the_turn_has_a_pointer_on_its_plate(qapp):
    spec = SeatSpec(0, QRectF(0, 0, 200, 60), "Sari", 4)
    t = theme.current()
    plate_left = QRectF(4.5, 8, 26, 22)   # (inside the border: the pointer, not the turn's edge)
    assert count(paint(SeatItem(spec), at=(0, 0)), t.plate_turn, plate_left) == 0
    spec.to_move = True
    assert count(paint(SeatItem(spec), at=(0, 0)), t.plate_turn, plate_left) > 15


def test_the_warming_counter_has_a_gauge(qapp):
    lab = LabelItem(LabelSpec("c", "98 / 100", QPointF(0, 0), 30, "banner", fill=(200, 40, 30), gauge=0.95))
    r = lab.boundingRect()
    img = paint(lab, size=(int(r.width()) + 20, int(r.height()) + 20), at=(r.width() / 2 + 10, r.height() / 2 + 10))
    strip = QRectF(10, 10 + r.height() * 0.80, r.width() * 0.9, r.height() * 0.15)
    full = count(img, (255, 255, 255), strip)
    lab.spec.gauge = 0.1
    img = paint(lab, size=(int(r.width()) + 20, int(r.height()) + 20), at=(r.width() / 2 + 10, r.height() / 2 + 10))
    assert full > count(img, (255, 255, 255), strip) + 20   # its length says how far it has gone


def test_high_contrast_outlines_every_card_and_draws_the_felt_black(qtbot):
    from cekidesk.ui.table import TableWidget

    theme.apply_theme("high_contrast")
    card = CardItem("k", None, False, 160)
    img = paint(card)
    edge = QRectF(100 - 31, 150 - 2, 3, 4)   # the card's left edge, a back's indigo elsewhere
    assert count(img, HIGH_CONTRAST.card_edge, edge) > 0
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(400, 300)
    table.show()
    shot = table.grab().toImage()
    middle = shot.pixelColor(shot.width() // 2, shot.height() // 2)
    assert max(middle.red(), middle.green(), middle.blue()) <= qc(HIGH_CONTRAST.felt[0]).red() + 2
