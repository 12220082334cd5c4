"""Layout defects left after aksara Jawa grew to 1.3× the Latin size (issue 15): the help's list of
games, the Settings dialog's height, and the table labels of Kartu Lima, Ce Pe and the Balik Satu
family — their line spacing and their place beside the cards — at 1280×720 and full HD, in English
and in aksara Jawa."""
from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
from helpers import random_decision
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTabBar, QTabWidget
from test_jv_readable import LANGUAGES, clips, text_size
from waiting import HANG_GUARD_MS
from window_helpers import open_window

from cekidesk.games import get_game
from cekidesk.ui.foundations import i18n, names
from cekidesk.ui.table import TableWidget
from cekidesk.ui.table.widget import LabelItem
from cekidesk.ui.window.help import HowToPlayDialog


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


# -- the tables: labels beside the cards, their lines apart -----------------------------------------

#: the table's size in the window at 1280×720 (the log beside it), the whole 1280×720, full HD
TABLE_SIZES = [(1018, 555), (1280, 720), (1920, 1080)]


def random_views(game: str, n: int, seed: int, options: dict):
    """Seat 0's views of a hand played by random decisions (amounts in a range included)."""
    spec = get_game(game)
    rng = random.Random(seed)
    st = spec.new_hand(spec.options_model(**options), n, seed, 0)
    while True:
        yield st.view(0)
        if st.is_terminal():
            return
        st.apply(random_decision(st, rng))


def overlaps(table: TableWidget, cards_too: bool = True) -> list[str]:
    """Every label of the scene that lies over a card (``cards_too``) or over another label, with
    both.  (Each item's scene rectangle is mapped once: mapping it again for every pair was most of
    the sweeps' time.)"""
    labels = [(it, it.mapRectToScene(it.boundingRect().adjusted(1, 1, -1, -1)))   # (the item's 1-pixel margin)
              for it in table.scene().items() if isinstance(it, LabelItem) and it.isVisible()]
    cards = [(c, c.mapRectToScene(c.visible_rect())) for c in table.card_items() if c.isVisible()] \
        if cards_too else []
    out = []
    for i, (lab, r) in enumerate(labels):
        for c, rc in cards:
            if r.intersects(rc):
                out.append(f"label {lab.spec.key} {lab.spec.text!r} over card {c.key}")
        for other, ro in labels[i + 1:]:
            if r.intersects(ro):
                out.append(f"label {lab.spec.key} {lab.spec.text!r} over label {other.spec.key} {other.spec.text!r}")
    return out


def walk(qtbot, game: str, players: list[int], options: dict, seeds: range, lang: str,
         cards_too: bool = True, keep: Callable[[int, Any], bool] = lambda step, view: True) -> dict:
    """Every overlap of the table of ``game`` through random hands, by players, size, seed and move
    (the moves after which ``keep`` holds of the move's number and the view).  The moves are shown at
    the table sizes in turn (every size meets every part of a hand, early and late), each move once:
    showing every move at every size tripled the sweeps' time for the same kinds of table."""
    i18n.set_language(lang)
    found = {}
    for n in players:
        table = TableWidget()
        qtbot.addWidget(table)
        table.set_options(animation_speed="off", card_namer=names.card_namer("javanese" if lang == "jv-Java"
                                                                             else "latin"))
        table.set_game(game, [f"Player {q}" for q in range(n)], 0)
        table.show()
        shown = 0
        for seed in seeds:
            for step, view in enumerate(random_views(game, n, seed, options)):
                if not keep(step, view):
                    continue
                W, H = TABLE_SIZES[(shown + seed) % len(TABLE_SIZES)]
                shown += 1
                if (table.width(), table.height()) != (W, H):
                    table.resize(W, H)
                    QApplication.processEvents()
                table.show_view(view)
                bad = overlaps(table, cards_too)
                if bad:
                    found[(n, W, H, seed, step)] = bad
        table.close()
    return found


@pytest.mark.parametrize("lang", ["en", "jv-Java"])
@pytest.mark.parametrize("players", [5, 6, 7, 9])
def test_no_kartu_lima_label_lies_over_a_card_or_another_label(qtbot, language, lang, players):
    """The wangsalan's meaning at a right-hand seat lay over that seat's trick card; the lines of a
    seat crowded each other in aksara Jawa.  (One test a player count: each walks three hands at
    three table sizes.)"""
    found = walk(qtbot, "kartu-lima", [players], {"stakes": "bal_balan", "roosters": "tetep",
                                                   "gor_goran": True, "abang_ireng": True}, range(3), lang)
    assert not found, found


@pytest.mark.parametrize("lang", ["en", "jv-Java"])
@pytest.mark.parametrize("players", [[2, 4], [6]])
def test_no_ce_pe_label_lies_over_a_card_or_another_label(qtbot, language, lang, players):
    """The direction line under the counter ran into the piles in aksara Jawa, the thrower's name
    under the discards into their turned corners."""
    assert not (found := walk(qtbot, "ce-pe", players, {}, range(2), lang)), found


def balik_words_move(step: int, view) -> bool:
    """The moves after which a Balik table's words can come near its cards: a revealed draw, a call
    or a claim, the end; of the others every third."""
    return view.revealed is not None or view.phase in ("call", "claim") or view.result is not None or step % 3 == 0


@pytest.mark.parametrize("lang", ["en", "jv-Java"])
@pytest.mark.parametrize("game, players, seeds", [
    ("balik-satu", [2, 4], range(2)), ("balik-satu", [6], range(2)), ("balik-satu", [10], range(0, 1)),
    ("balik-satu", [10], range(1, 2)), ("gonggong", [4, 6], range(1)), ("balik-lima-belas", [2, 4], range(1)),
    ("balik-lima-belas", [6, 10], range(1))])
def test_the_balik_satu_tables_words_keep_apart(qtbot, language, lang, game, players, seeds):
    """The words under and over the stock, the pile and a revealed draw, the notes in the middle and
    the score's lines are spaced by their own heights (1.3× in aksara Jawa): none lies over another
    or over a card (in aksara Jawa a revealed draw's "… drew" lay over its drawer's fan, the stock's
    count over the result; the top seat's revealed draw lay over the thrower's name over the pile;
    "Turned for the score" reached a side seat's fan at the end)."""
    assert not (found := walk(qtbot, game, players, {}, seeds, lang, keep=balik_words_move)), found


def split_syllables(doc) -> list[str]:
    """The text runs of a rich-text document that begin with a combining sign (a vowel sign, a
    pangkon, a layar…): the run before it was cut off from it, so the sign is drawn on its own
    (over a dotted circle) instead of on its letter."""
    out = []
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            text = it.fragment().text()
            if text and unicodedata.category(text[0]) in ("Mn", "Mc"):
                out.append(f"{block.text()!r} cut before {text!r}")
            it += 1
        block = block.next()
    return out


def test_no_help_page_cuts_a_syllable_of_aksara_jawa(qtbot, language):
    """An anchor before a heading's first letter made Qt put that letter in a run of its own, and
    the vowel sign after it was drawn apart over a dotted circle ("ꦏ ◌ꦼꦂꦠꦸꦤꦺ" for Kertuné): every
    game's help page in aksara Jawa keeps each syllable in one run."""
    language("jv-Java")
    help_dialog = HowToPlayDialog()
    qtbot.addWidget(help_dialog)
    assert help_dialog.browsers
    for browser in help_dialog.browsers.values() if isinstance(help_dialog.browsers, dict) else help_dialog.browsers:
        assert split_syllables(browser.document()) == []
