"""The window's words: a live language switch renames what it should (the Settings dialog's Close
button, the dealer chip, the human's default name), one money format with a currency setting, Pèi's
"round", plurals, the Settings command inside a menu, and the published sources cited by name."""
from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import QCoreApplication, QRect
from PySide6.QtWidgets import QApplication, QLabel, QSpinBox

from cekidesk.engine.match import Match
from cekidesk.games import new_match
from cekidesk.persistence import paths
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.about import AboutDialog
from cekidesk.ui.dialogs.new_game import NewGameDialog
from cekidesk.ui.dialogs.score_sheet import ScoreSheet, match_progress
from cekidesk.ui.foundations import i18n, names
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.window.help import HowToPlayDialog

guard_none_refcount()


@pytest.fixture(autouse=True)
def _back_to_english(qapp):
    yield
    i18n.set_language("en")
    names.set_currency("cents")


def new_window(qtbot, **settings) -> MainWindow:
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, language="en", **settings))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    return w


def switch(w: MainWindow, lang: str):
    """Change the language the way a player does: in the Settings dialog."""
    dlg = w.show_settings()
    dlg.language.setCurrentIndex(dlg.language.findData(lang))
    QApplication.processEvents()
    assert i18n.current_language() == lang
    return dlg


# ---------------------------------------------------------------------------------------------
# a live language switch

def test_the_settings_dialogs_close_button_follows_the_language(qtbot, boxes):
    w = new_window(qtbot)
    dlg = switch(w, "jv")
    assert dlg.close_button.text() == "Tutup"
    assert dlg.windowTitle() == "Setèlan"
    dlg = switch(w, "en")
    assert dlg.close_button.text() == "Close"
    w.close()


def test_the_dealer_chip_is_redrawn_in_the_new_language(qtbot, boxes):
    w = new_window(qtbot)
    seats = [Seat.human("You"), Seat.bot("beginner", "Budi"), Seat.bot("beginner", "Sari")]
    for seed in range(1, 30):        # a deal where a computer player deals (its name never changes)
        w.controller.start(new_match("ceki", 3, seed, {}, {"mode": "hands", "hands": 3}), seats)
        if w.controller.match.dealer != 0:
            break
    dealer = w.table.seat_items()[w.controller.match.dealer]
    QApplication.processEvents()

    def chip() -> object:
        r = dealer.mapRectToScene(dealer.boundingRect())
        box = w.table.mapFromScene(r).boundingRect() & w.table.viewport().rect()
        return w.table.viewport().grab(QRect(box)).toImage()

    before = chip()
    switch(w, "id")
    assert QCoreApplication.translate("TableWidget", "D") == "B"
    assert dealer.spec.dealer and dealer.spec.name in ("Budi", "Sari")
    assert chip() != before, "the dealer chip still shows the old language's letter"
    assert QCoreApplication.translate("TableWidget", "Dealer") in dealer.toolTip().splitlines()
    w.close()


def test_the_default_human_name_follows_the_language_and_is_saved_as_the_default(qtbot, boxes):
    w = new_window(qtbot)
    dlg = NewGameDialog(w.settings, w)
    assert dlg.seat_edit(0).text() == "You"
    config = dlg.config()
    dlg.deleteLater()
    assert config.seats[0].name == names.DEFAULT_HUMAN_NAME
    assert w.start_new_game(config)
    assert w.seat_names()[0] == "You"
    switch(w, "id")
    assert w.seat_names()[0] == "Anda"
    assert w.table.seat_items()[0].spec.name == "Anda"
    w.controller.flush_autosave()
    saved = json.loads(paths.autosave_path().read_text(encoding="utf-8"))
    assert "Anda" not in json.dumps(saved, ensure_ascii=False)
    # the New Game dialog offers the new word; keeping it saves the default again
    dlg = NewGameDialog(w.settings, w)
    assert dlg.seat_edit(0).text() == "Anda"
    assert dlg.config().seats[0].name == names.DEFAULT_HUMAN_NAME
    dlg.seat_edit(0).setText("Ratna")
    assert dlg.config().seats[0].name == "Ratna"          # a real name is kept as typed
    dlg.deleteLater()
    # a game saved in another language, with that language's word, shows the word of today
    switch(w, "jv")
    w.controller.start(new_match("ceki", 2, 5), [Seat.human("Anda"), Seat.bot("beginner", "Budi")])
    assert w.seat_names() == ["Sampéyan", "Budi"]
    w.controller.start(new_match("ceki", 2, 5), [Seat.human("Ratna"), Seat.bot("beginner", "You")])
    assert w.seat_names() == ["Ratna", "You"]             # only the human's default is a default
    w.close()


# ---------------------------------------------------------------------------------------------
# money

def test_one_money_format_in_every_currency(qapp):
    names.set_currency("cents")
    assert names.format_money(150) == "+150 ¢" and names.format_money(-5) == "−5 ¢"
    assert names.format_money(0) == "0 ¢" and names.format_money(7, signed=False) == "7 ¢"
    names.set_currency("points")
    assert names.format_money(150) == "+150" and names.money_affixes() == ("", "")
    i18n.set_language("id")
    names.set_currency("rupiah")
    assert names.format_money(1500, signed=False) == "Rp 1.500"
    assert names.format_money(-1500) == "−Rp 1.500"
    assert names.money_affixes() == ("Rp ", "")


def test_the_stake_is_entered_and_shown_the_same_way(qtbot, boxes):
    w = new_window(qtbot)
    dlg = NewGameDialog(w.settings, w)
    dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData("money"))
    dlg.stake_spin.setValue(1)
    assert dlg.stake_spin.text() == "1 ¢"
    assert w.start_new_game(dlg.config())
    dlg.deleteLater()
    m = w.controller.match
    assert match_progress(m, w.seat_names()) == "Stake: 1 ¢ per point."
    sheet = w.show_score_sheet()
    assert sheet.progress.text() == "Stake: 1 ¢ per point."
    # Indonesian: rupiah until the player chooses
    settings = switch(w, "id")
    assert names.currency() == "rupiah"
    assert settings.currency.currentData() == "rupiah" and w.settings.currency is None
    assert w.score_dialog.progress.text().endswith("Rp 1 per poin.") or "Rp 1" in w.score_dialog.progress.text()
    dlg = NewGameDialog(w.settings, w)
    assert dlg.stake_spin.prefix() == "Rp " and dlg.stake_spin.suffix() == ""
    dlg.deleteLater()
    # plain points, chosen in the Settings dialog: kept, and shown at once
    settings.currency.setCurrentIndex(settings.currency.findData("points"))
    assert w.settings.currency == "points" and names.currency() == "points"
    assert "Rp" not in w.score_dialog.progress.text() and "1" in w.score_dialog.progress.text()
    assert json.loads(paths.settings_path().read_text())["currency"] == "points"
    switch(w, "en")
    assert names.currency() == "points"                  # a choice does not follow the language
    w.close()


def test_the_pei_stake_amounts_are_entered_in_the_currency(qtbot):
    names.set_currency("cents")
    dlg = NewGameDialog(Settings(last_game_id="pei"))
    qtbot.addWidget(dlg)
    spins = {name: wdg for name, wdg in dlg.options_form.widgets.items() if isinstance(wdg, QSpinBox)}
    assert spins and all(s.suffix() == " ¢" for s in spins.values()), {n: s.suffix() for n, s in spins.items()}
    labels = [dlg.options_form._form.labelForField(s).text() for s in spins.values()]
    assert not any("¢" in t for t in labels), labels


# ---------------------------------------------------------------------------------------------
# one word per game, plurals

def test_pei_says_round_and_counts_with_plurals(qtbot, boxes):
    sheet = ScoreSheet()
    qtbot.addWidget(sheet)
    for game, n_players, word in (("ceki", 2, "hand"), ("pei", 3, "round")):
        m = new_match(game, n_players, 3, {}, {"mode": "hands", "hands": 1})
        sheet.show_match(m, ["You", "Budi", "Sari"][:n_players], 0)
        assert sheet.header_text(0) == word.capitalize()
        assert sheet.cell_text(0, 1) == f"0 {word}s"
        assert match_progress(m, ["You", "Budi", "Sari"]) == f"{word.capitalize()} 0 of 1."
    w = new_window(qtbot)
    dlg = NewGameDialog(Settings(last_game_id="pei"), w)
    texts = [dlg.mode_combo.itemText(i) for i in range(dlg.mode_combo.count())]
    assert not any("hand" in t for t in texts) and any("rounds" in t for t in texts), texts
    dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData("hands"))
    assert dlg.hands_label.text() == "Number of rounds" and "hand" not in dlg.mode_help.text()
    dlg.deleteLater()
    w.start_new_game(NewGameDialog(Settings(last_game_id="pei"), w).config())
    assert w.act_next.text() == "&Next round" and w.info_label.text().startswith("Round 1 ·")
    assert ("N", "Deal the next round") in w.menu_shortcuts()
    w.close()


def test_counted_texts_in_english(qapp):
    assert names.counted("%n hand(s)".replace("%n", "1"), 1) == "1 hand"
    assert names.counted("%n hand(s)".replace("%n", "2"), 2) == "2 hands"


def test_no_count_is_formatted_into_a_text_without_a_plural_form():
    """Counts of things in the interface's sentences use %n forms, not {n} hands/cards/rounds."""
    import pathlib

    bad = []
    for path in pathlib.Path("cekidesk/ui").rglob("*.py"):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\{(n|count|players|total)\} (hand|round|card|player|point)s\b", line):
                bad.append(f"{path}:{i}: {line.strip()}")
    assert not bad, "\n".join(bad)


# ---------------------------------------------------------------------------------------------
# menus, sources, credits

def test_every_menu_bar_entry_is_a_menu(qtbot, boxes):
    w = new_window(qtbot)
    bar = w.menuBar().actions()
    assert bar and all(a.menu() is not None for a in bar), [a.text() for a in bar if a.menu() is None]
    assert w.act_settings in w.menu_game.actions()
    w.close()


def test_player_facing_texts_cite_the_published_sources(qtbot):
    helpd = HowToPlayDialog([], None)
    qtbot.addWidget(helpd)
    about = AboutDialog("")
    qtbot.addWidget(about)
    pages = {gid: b.toPlainText() for gid, b in helpd.browsers.items()}
    pages["about"] = about.findChild(QLabel, "aboutText").text()
    for where, text in pages.items():
        for word in ("RULINGS", "ruling", "shared rule", "project"):
            assert word.lower() not in text.lower(), (where, word)
    assert "Ceki (or Kowah)" in pages["ceki"]
    assert "Javaanse kaartspelen" in pages["pei"] and "Les plaisirs en Chine" in pages["pei"]
    assert "Noto Sans Javanese" in pages["about"] and "Open Font License" in pages["about"]


@pytest.mark.parametrize("lang", ["en", "jv-Java"])
def test_the_about_dialog_names_each_credit_once_and_scrolls_to_its_last_line(qtbot, lang):
    """The games of one family share their credit (Balik Satu, Chaqui, Balik Lima Belas …): named once.
    The credits are taller than a 720-pixel screen in aksara Jawa: they scroll, none cut off."""
    from PySide6.QtWidgets import QScrollArea

    i18n.set_language(lang)
    about = AboutDialog("Ceki (Kowah) with 4 players, deal no. 7.")
    qtbot.addWidget(about)
    about.show()
    qtbot.waitExposed(about)
    body = about.findChild(QLabel, "aboutText")
    items = re.findall(r"<li>(.*?)</li>", body.text())
    assert len(items) == len(set(items)) >= 5
    scroll = about.findChild(QScrollArea, "aboutScroll")
    assert scroll is not None and scroll.widget() is body
    assert about.height() <= 720 - 80
    qtbot.waitUntil(lambda: body.height() >= body.heightForWidth(body.width()), timeout=5000)
