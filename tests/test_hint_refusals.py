"""A refused click or key is answered (issue 32): the card shakes, briefly, and the status line says
why; Enter with nothing chosen says what to choose, in every game and for every kind of decision
(a card, a button, an amount); Ceki's greyed cards say why in their tooltip, in the player's
language.

Offscreen Qt through the real window; computer players move with pace 0.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTransform
from test_ui_keys import new_window, table_has_the_keyboard
from waiting import HANG_GUARD_MS

from cekidesk.engine.core import Action
from cekidesk.persistence.saves import Seat
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations import i18n
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.table.cards import SHAKE_MS, CardItem, shake_allowed

guard_none_refcount()

NAMES = ["Budi", "Sari", "Ayu", "Joko", "Wati", "Slamet"]


def seats(n: int) -> list[Seat]:
    return [Seat.human("You")] + [Seat.bot("beginner", NAMES[i]) for i in range(n - 1)]


@pytest.fixture(autouse=True)
def _english(qapp):
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def shaking_window(qtbot) -> MainWindow:
    """A window whose table animates (a refused card shakes) but whose computer players move at once."""
    w = new_window(qtbot)
    w.settings.animation_speed = "fast"
    w.apply_settings()
    return w


def ceki_until(qtbot, w: MainWindow, seed: int, wanted, prefer: str = "take") -> None:
    """A Ceki game until the person's turn meets ``wanted(view)``: meanwhile the person plays the
    move of verb ``prefer`` when it is offered, else the Normal player's move; a hand that ends is
    followed by the next."""
    from cekidesk.games.ceki.search import HOOKS
    assert w.start_new_game(NewGameConfig("ceki", seats(4), seed, {}, {"mode": "money"}))
    c = w.controller
    for _ in range(400):
        qtbot.waitUntil(lambda: (c.waiting_for_human() or c.match.hand_over()) and not w.table.is_animating(),
                        timeout=HANG_GUARD_MS)
        if c.match.hand_over():
            w.next_hand()
            continue
        view = c.view()
        if wanted(view):
            return
        chosen = [a for a in view.legal if a.verb == prefer] or [HOOKS.rank(view)[0][0]]
        w.table.actionChosen.emit(chosen[0])
    pytest.fail("the position never came")


def click(qtbot, w: MainWindow, item: CardItem) -> None:
    qtbot.mouseClick(w.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=w.table.mapFromScene(item.mapToScene(item.card_rect().center())))


def hand(w: MainWindow) -> list[CardItem]:
    return [it for it in w.table.card_items() if it.role == "hand"]


def took_from_the_pile(view) -> bool:
    return view.phase == "discard" and not view.called[view.viewer] and len(view.legal) < len(set(view.hand))


def test_a_greyed_ceki_card_says_why_and_a_click_on_it_shakes_it_and_says_why(qtbot, boxes):
    w = shaking_window(qtbot)
    ceki_until(qtbot, w, 7, took_from_the_pile)
    greyed = [it for it in hand(w) if it.action is None]
    assert greyed and all(it.dim for it in greyed)
    why = "Taken from the pile this turn: it cannot go straight back."
    assert all(why in it.toolTip() for it in greyed)
    n = len(w.controller.match.logs[-1])
    click(qtbot, w, greyed[0])
    assert greyed[0].shaking()
    status = w.status_label.text()
    assert status.startswith(why) and w.status.status_text() in status
    assert len(w.controller.match.logs[-1]) == n            # nothing was played
    qtbot.waitUntil(lambda: not greyed[0].shaking(), timeout=HANG_GUARD_MS)
    assert greyed[0].transform() == QTransform()            # back in its place
    # a playable card is no refusal: it is played
    click(qtbot, w, next(it for it in hand(w) if it.action is not None))
    qtbot.waitUntil(lambda: len(w.controller.match.logs[-1]) > n, timeout=HANG_GUARD_MS)
    w.close()


def test_in_aksara_jawa_the_greyed_card_says_why_in_aksara_jawa(qtbot, boxes):
    w = shaking_window(qtbot)
    w.settings.language = "jv-Java"
    w.apply_settings()
    ceki_until(qtbot, w, 7, took_from_the_pile)
    greyed = next(it for it in hand(w) if it.action is None)
    why = greyed.toolTip().splitlines()[-1]
    assert why and not any("a" <= ch <= "z" for ch in why.lower()), why     # no Latin letter left
    assert any("\ua980" <= ch <= "\ua9df" for ch in why)
    w.close()


def test_a_click_on_a_hand_card_before_drawing_and_out_of_turn_says_why(qtbot, boxes):
    w = shaking_window(qtbot)
    ceki_until(qtbot, w, 3, lambda v: v.phase == "draw")
    card = hand(w)[0]
    click(qtbot, w, card)
    assert card.shaking()
    assert w.status_label.text().startswith("First draw a card from the stock or take the card on the pile")
    w.close()


def test_enter_on_a_chosen_card_that_cannot_be_played_shakes_it(qtbot, boxes):
    w = shaking_window(qtbot)
    ceki_until(qtbot, w, 7, took_from_the_pile)
    table_has_the_keyboard(qtbot, w)
    greyed = next(it for it in hand(w) if it.action is None)
    for _ in range(len(hand(w)) + 1):
        if w.table.selected_card() is greyed:
            break
        qtbot.keyClick(w.table, Qt.Key.Key_Right)
    assert w.table.selected_card() is greyed
    qtbot.keyClick(w.table, Qt.Key.Key_Return)
    assert greyed.shaking() and w.status_label.text().startswith("Taken from the pile this turn")
    w.close()


def test_with_animations_off_the_card_does_not_shake_but_the_word_is_said(qtbot, boxes):
    assert not shake_allowed("off") and shake_allowed("normal") and SHAKE_MS <= 400
    w = new_window(qtbot)        # animations off
    ceki_until(qtbot, w, 7, took_from_the_pile)
    greyed = next(it for it in hand(w) if it.action is None)
    click(qtbot, w, greyed)
    assert not greyed.shaking() and w.status_label.text().startswith("Taken from the pile this turn")
    w.close()


# -- Enter with nothing chosen, in every game and for every kind of decision -----------------------

GAMES = [("ceki", 4, {}), ("pei", 3, {}), ("balik-satu", 4, {}), ("tantanan", 4, {}),
         ("kartu-lima", 5, {"roosters": "tantangan", "gor_goran": True, "abang_ireng": True,
                            "stakes": "bal_balan"}),
         ("ce-pe", 4, "bloody")]


def decision_kind(w: MainWindow) -> str:
    view = w.controller.view()
    if view.ranges:
        return "amount"
    if any(it.action is not None or it.opens for it in w.table.card_items()):
        return "card"
    return "button"


@pytest.mark.parametrize("game_id,n,options", GAMES, ids=[g for g, _n, _o in GAMES])
def test_enter_with_nothing_chosen_says_what_to_choose_in_every_game(qtbot, boxes, game_id, n, options):
    import importlib

    from cekidesk.games import module_name
    if isinstance(options, str):
        from cekidesk.games.ce_pe.ruleset import PRESETS
        options = dict(PRESETS[options])
    hooks = importlib.import_module(f"cekidesk.games.{module_name(game_id)}.search").HOOKS
    w = new_window(qtbot)
    assert w.start_new_game(NewGameConfig(game_id, seats(n), 11, options, {"mode": "money"}))
    c = w.controller
    table_has_the_keyboard(qtbot, w)
    kinds: set[str] = set()
    for _ in range(24):
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if c.match.hand_over():
            if c.match.is_over():
                break
            c.next_hand()
            continue
        w.table._select(None)         # nothing chosen
        w.table.setFocus()
        kind = decision_kind(w)
        kinds.add(kind)
        n_moves = len(c.match.logs[-1])
        qtbot.keyClick(w.table, Qt.Key.Key_Return)
        said = w.status_label.text()
        assert said.startswith("Nothing is chosen yet"), (game_id, kind, said)
        assert ("buttons" in said) == (kind != "card"), (kind, said)
        assert w.status.status_text() in said
        assert len(c.match.logs[-1]) == n_moves
        view = c.view()
        if view.ranges and not view.legal:
            r = view.ranges[0]
            action = r.action(view.viewer, r.lo)
        else:
            action = hooks.rank(view)[0][0]
        w.table.actionChosen.emit(action)
    w.close()
    assert "card" in kinds
    if game_id in ("balik-satu", "tantanan", "kartu-lima"):
        assert "button" in kinds, kinds
    if game_id == "kartu-lima":
        assert "amount" in kinds, kinds


def test_a_refused_card_out_of_turn_says_wait(qtbot, boxes):
    """Between the person's turns a click on their card is answered too (the computer players
    held, so the person's turn does not come meanwhile)."""
    w = shaking_window(qtbot)
    ceki_until(qtbot, w, 3, lambda v: v.phase == "draw")
    w.table.actionChosen.emit(Action(0, "draw"))
    qtbot.waitUntil(lambda: w.controller.view().phase == "discard", timeout=HANG_GUARD_MS)
    with w.held():
        w.table.actionChosen.emit(w.controller.view().legal[0])
        qtbot.waitUntil(lambda: not w.controller.waiting_for_human(), timeout=HANG_GUARD_MS)
        card = hand(w)[0]
        click(qtbot, w, card)
        assert w.status_label.text().startswith("Not your turn yet.")
    w.close()


def test_a_status_line_longer_than_its_two_lines_shows_it_whole_a_little_smaller(qtbot, boxes):
    """A long hint in aksara Jawa: the status line keeps its height (the table never jumps or stops a
    card in flight) and draws the text a little smaller until every word fits; back to its own size
    for a short one.  Only a text too long even then (none of the app's) is cut at a word with "…",
    the whole of it in the tooltip (``text()`` is the whole line)."""
    w = new_window(qtbot)
    w.settings.language = "jv-Java"
    w.apply_settings()
    label = w.status_label
    flags = int(Qt.TextFlag.TextWordWrap)
    two = label.height()
    assert two == label.height_for(2)
    base = label.base_font.pointSizeF()
    word = "ꦲꦶꦏꦶ\u200bꦏꦼꦂꦠꦸ\u200bꦱꦶꦁ\u200bꦢꦶꦮꦺꦴꦁ"
    n = 1
    while label.fontMetrics().boundingRect(label.contentsRect(), flags, " ".join([word] * n)).height() \
            <= 2 * label.fontMetrics().lineSpacing():
        n += 1
    longer = " ".join([word] * n)                # just over two lines at the base size
    w.set_status(longer)
    assert super(type(label), label).text() == longer and label.toolTip() == ""
    assert label.height() == two and label.font().pointSizeF() < base
    assert label.fontMetrics().boundingRect(label.contentsRect(), flags, longer).height() <= label.height()
    long_text = " ".join([word] * 40)
    w.set_status(long_text)
    assert label.text() == long_text and label.toolTip() == long_text
    shown = super(type(label), label).text()
    assert shown.endswith("…") and long_text.startswith(shown[:-1]) and label.height() == two
    w.set_status("ꦲꦶꦏꦶ")            # a short one: whole, no tooltip, its own size
    assert super(type(label), label).text() == "ꦲꦶꦏꦶ" and label.toolTip() == ""
    assert label.font().pointSizeF() == base and label.height() == two
    w.close()
