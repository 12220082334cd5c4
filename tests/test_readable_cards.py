"""Readable cards (issue 15): Pèi's captured cards as stacks per combination that never cover a
card past its index, each with a count; Pèi's pool cards as large as the hand's at 1280×720; Pèi's
end-of-round dialog within a 1280×720 screen without a sideways scroll bar (English and aksara
Jawa); the end-of-hand "All hands" cards at least 90 px tall in every game that has them.

The dialogs are opened on a screen whose free area is 1280×720 (``QScreen.availableGeometry`` is
what the dialog asks; the offscreen test screen is 800×800)."""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QCoreApplication, QRect, QRectF
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QLabel, QScrollArea, QWidget
from waiting import HANG_GUARD_MS

from cekidesk.engine.match import Match
from cekidesk.games import games, get_game, new_match
from cekidesk.games.pei.rules import PeiOptions, PeiState, score_cards
from cekidesk.ui.dialogs.hand_end import HandEndDialog
from cekidesk.ui.foundations import i18n, names
from cekidesk.ui.foundations.cardpics import card_width
from cekidesk.ui.foundations.fonts import install_javanese_font
from cekidesk.ui.games.pei.layout import PeiLayout
from cekidesk.ui.table.layouts import CardSpec, LayoutOptions, Plan

SCREEN = QRect(0, 0, 1280, 720)
#: the height of a window's title bar (drawn by the system, above the dialog's geometry)
TITLE_BAR = 30
NAMES = ["You", "Budi", "Sari"]
#: a Ceki card's index: the corner code (x 5.5–25, y 4–16 of the 100 × 260 face) and the frame
#: around it that tells the rank, as shares of the card's width and height
INDEX_W, INDEX_H = 0.3, 0.08


def rect(c: CardSpec) -> QRectF:
    w = card_width(c.height)
    return QRectF(c.pos.x() - w / 2, c.pos.y() - c.height / 2, w, c.height)


def rounds(seeds=range(4), sizes=((1280, 720),)):
    """(plan, view, size) at every moment of whole random rounds, both ten-rank variants."""
    for seed in seeds:
        st = PeiState(3, PeiOptions(ten_rank=bool(seed % 2)), seed)
        rng = random.Random(seed)
        while True:
            for size in sizes:
                view = st.view(0)
                yield PeiLayout(NAMES, 0).plan(view, *size, LayoutOptions()), view, size
            if st.is_terminal():
                break
            st.apply(rng.choice(st.legal_actions(st.to_act()[0])))


# ------------------------------------------------------------------------------------------------
# Pèi at the table

def index_covered(plan: Plan) -> list[str]:
    """Every captured card whose index a card drawn above it covers."""
    bad = []
    cards = plan.cards
    for a in cards:
        if a.role != "captured":
            continue
        ra = rect(a)
        index = QRectF(ra.left(), ra.top(), INDEX_W * ra.width(), INDEX_H * ra.height()).adjusted(0.5, 0.5, -0.5, -0.5)
        for b in cards:
            if b is not a and b.z > a.z and rect(b).intersects(index):
                bad.append(f"{a.key} under {b.key}")
    return bad


def test_no_captured_card_is_covered_past_its_index(qapp):
    for plan, view, size in rounds(sizes=((1280, 720), (1920, 1080), (1024, 640))):
        assert not index_covered(plan), (size, view.turn, index_covered(plan)[:3])


def test_each_combination_is_a_stack_of_its_own_with_its_count(qapp):
    """Every seat's captured cards lie as the best arrangement groups them, each group with a badge
    "×n" of its size; every card in the scene at 1280×720."""
    seen_combo = False
    for plan, view, (W, H) in rounds(sizes=((1280, 720),)):
        badges = {lab.key: lab.text for lab in plan.labels if lab.key[0] == "capn"}
        for seat in range(3):
            arr = score_cards(view.captured[seat], view.options)
            groups = [list(c.cards) for c in arr.combos] + ([list(arr.loose)] if arr.loose else [])
            seen_combo |= bool(arr.combos)
            assert [badges.get(("capn", seat, gi)) for gi in range(len(groups))] == [f"×{len(g)}" for g in groups]
            mine = [c for c in plan.cards if c.role == "captured" and c.seat == seat]
            assert sorted(c.kind for c in mine) == sorted(view.captured[seat])
            for c in mine:
                assert QRectF(0, 0, W, H).contains(rect(c)), c.key
    assert seen_combo


def test_pool_cards_are_at_least_as_large_as_the_hand_at_1280x720(qapp):
    """The table alone at 1280×720, and as it is in a 1280×720 window beside the game log."""
    measured = 0
    for plan, view, _ in rounds(sizes=((1280, 720), (1018, 634))):
        hand = [c.height for c in plan.cards if c.role == "hand"]
        pool = [c.height for c in plan.cards if c.role == "pool"]
        if hand and pool:
            measured += 1
            assert min(pool) >= max(hand), (view.turn, min(pool), max(hand))
    assert measured > 50


# ------------------------------------------------------------------------------------------------
# The end-of-hand dialogs on a 1280×720 screen

@pytest.fixture
def screen_1280x720(monkeypatch):
    monkeypatch.setattr(QScreen, "availableGeometry", lambda self: QRect(SCREEN))


@pytest.fixture
def language(qapp):
    install_javanese_font(qapp)
    yield i18n.set_language
    i18n.set_language("en")


def finished_hand(game: str, players: int, seed: int = 3, until=lambda m: True) -> Match:
    """A match whose hand is over (random moves), the first of the deals from ``seed`` on that
    ``until`` accepts."""
    for s in range(seed, seed + 40):
        m = new_match(game, players, s, {}, {"mode": "money"})
        rng = random.Random(s)
        while not m.hand_over():
            m.apply(rng.choice(m.state.all_legal_actions()))
        if until(m):
            return m
    raise AssertionError(f"no deal of {game} as wanted")


def open_dialog(qtbot, m: Match, namer=None) -> HandEndDialog:
    names_ = ["You"] + [f"Player {i}" for i in range(1, m.n_players)]
    dlg = HandEndDialog(m, names_, 0, namer)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg, timeout=HANG_GUARD_MS)
    QApplication.processEvents()
    return dlg


def show_tab(dlg: HandEndDialog, page: QWidget) -> None:
    dlg.tabs.setCurrentWidget(page)
    QApplication.processEvents()


def sideways(page: QWidget) -> list[str]:
    """The scroll areas on ``page`` that show a horizontal scroll bar."""
    areas = [page] if isinstance(page, QAbstractScrollArea) else []
    areas += page.findChildren(QAbstractScrollArea)
    return [a.objectName() or type(a).__name__ for a in areas if a.horizontalScrollBar().isVisible()]


def assert_on_screen(dlg: HandEndDialog) -> None:
    geo = dlg.geometry()
    assert SCREEN.contains(geo), geo
    assert geo.top() >= TITLE_BAR        # room for the title bar the system adds


@pytest.mark.parametrize("lang", ["en", "jv-Java"])
def test_pei_end_of_round_fits_a_1280x720_screen(qtbot, screen_1280x720, language, lang):
    language(lang)
    namer = (lambda c: names.card_label(c, "javanese")) if lang == "jv-Java" else None
    for seed in (3, 11):
        dlg = open_dialog(qtbot, finished_hand("pei", 3, seed), namer)
        assert_on_screen(dlg)
        for i in range(dlg.tabs.count()):
            page = dlg.tabs.widget(i)
            if page is dlg.sheet:
                continue      # the score sheet: a column per round, a long match scrolls sideways
            show_tab(dlg, page)
            assert not sideways(page), (lang, seed, dlg.tabs.tabText(i), sideways(page))
        area = dlg.findChild(QScrollArea, "peiArrangements")
        assert area is not None and area.widget().width() <= area.viewport().width()
        dlg.close()


def hands_cases():
    """Every game with an "All hands" tab (or Ce Pe's showcase of everyone's last cards), with its
    most players."""
    return [("ceki", 6), ("balik-satu", 14), ("chaqui", 14), ("balik-lima-belas", 14), ("chot", 4),
            ("gonggong", 6), ("tantanan", 4), ("ceken", 3), ("ce-pe", 8)]


def hands_page(dlg: HandEndDialog) -> QWidget | None:
    want = {QCoreApplication.translate("HandEndDialog", "All hands"),
            QCoreApplication.translate("HandEndDialog", "Hands")}
    for i in range(dlg.tabs.count()):
        if dlg.tabs.tabText(i) in want:
            return dlg.tabs.widget(i)
    return None


@pytest.mark.parametrize("lang", ["en", "jv-Java"])
@pytest.mark.parametrize("game,players", hands_cases())
def test_all_hands_cards_are_at_least_90px_tall_at_1280x720(qtbot, screen_1280x720, language, game, players, lang):
    language(lang)
    m = finished_hand(game, players, until=lambda m: bool(m.history[-1].result.details.get("hands")))
    dlg = open_dialog(qtbot, m)
    assert SCREEN.left() <= dlg.geometry().left() and dlg.geometry().right() <= SCREEN.right()
    page = hands_page(dlg)
    assert page is not None
    show_tab(dlg, page)
    pics = [lab for lab in page.findChildren(QLabel) if lab.property("card")]
    assert len(pics) >= sum(1 for h in m.history[-1].result.details["hands"][:players] for _ in h) > 0
    heights = {lab.pixmap().deviceIndependentSize().height() for lab in pics}
    assert min(heights) >= 90 and min(lab.height() for lab in pics) >= 90, heights
    assert not sideways(page), (game, sideways(page))


@pytest.mark.parametrize("lang", ["en", "jv-Java"])
@pytest.mark.parametrize("game", [g.id for g in games()])
def test_every_end_of_hand_dialog_fits_a_1280x720_screen(qtbot, screen_1280x720, language, game, lang):
    """With its most players, in Latin and in the taller lines of aksara Jawa, every game's
    end-of-hand dialog lies within a 1280×720 screen with its buttons in view (Kartu Lima's nine
    players' tricks and Balik Satu's payments pushed it 25–95 px past the bottom in aksara Jawa):
    its pages scroll down instead."""
    language(lang)
    most = get_game(game).max_players
    for seed in (3, 9):
        dlg = open_dialog(qtbot, finished_hand(game, most, seed))
        # (it shrinks to the screen once its wrapped texts are fitted: a layout or two after showing)
        qtbot.waitUntil(lambda dlg=dlg: SCREEN.contains(dlg.geometry()), timeout=HANG_GUARD_MS)
        assert_on_screen(dlg)
        button = dlg.next_button
        assert button.isVisible() and dlg.rect().contains(button.geometry().translated(button.parentWidget().pos()))
        dlg.close()
