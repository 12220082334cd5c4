"""The hint explains itself: H selects the hinted move (Enter then plays exactly it; a card played in
several ways opens its choices on the hinted one; a decision that is not a card gets the keyboard on
its button) and says why in one line, in the status bar and in the game log, from the bot's reasons.
The games' reasons say something worth reading (the cards and counts behind the move).

Offscreen Qt through the real window; computer players move with pace 0, animations off.
"""
from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
from test_ce_pe_table import ACE_LEGAL, table  # noqa: F401 - the Ce Pe table fixture
from test_ce_pe_table import view as ce_pe_view
from test_decision_controls import SEATS as DUEL_SEATS
from test_decision_controls import (
    duel_table,  # noqa: F401 - a fixture of the duel's table
    human_turn,
)
from test_ui_keys import new_window, press, start, table_has_the_keyboard, wait_turn_or_end
from toygames import duel
from waiting import HANG_GUARD_MS

from cekidesk.engine.cards import Kind
from cekidesk.games.balik.search import reasons as balik_reasons
from cekidesk.games.ceki.search import reasons as ceki_reasons
from cekidesk.games.pei.search import reasons as pei_reasons
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations import i18n
from cekidesk.ui.foundations.reasons import describe_reasons
from cekidesk.ui.main_window import MainWindow

guard_none_refcount()


def hint_with_reason(qtbot, w: MainWindow):
    """H at the human's turn; the decision the hint brought (the window's own signal)."""
    got = []
    w.controller.hintReady.connect(got.append)
    press(Qt.Key.Key_H)
    qtbot.waitUntil(lambda: bool(got) and not w.controller.hint_pending, timeout=HANG_GUARD_MS)
    w.controller.hintReady.disconnect(got.append)
    return got[-1]


def h_then_enter_says_why(qtbot, w: MainWindow, game: str, seeds, moves: int) -> int:
    """``moves`` times: H, the reason line in the status bar and the log, Enter plays exactly the
    hint.  Returns how many of those hints had a reason (the line with "(why)")."""
    c = w.controller
    played = with_reason = 0
    for seed in seeds:
        start(w, game, seed)
        table_has_the_keyboard(qtbot, w)
        while played < moves:
            wait_turn_or_end(qtbot, w)
            if c.match.hand_over():
                break
            decision = hint_with_reason(qtbot, w)
            assert decision is not None and decision.action in c.view().legal
            why = describe_reasons(decision.reasons, w.card_namer())
            line = w.describe_action(decision.action, c.view())
            status = w.status_label.text()
            assert line in status
            if why:
                with_reason += 1
                assert f"({why})." in status
            logged = w.log_dock.model.lines()[-1]
            assert logged.startswith("Hint: ") and line in logged and why in logged
            n = len(c.match.logs[-1])
            press(Qt.Key.Key_Return)
            qtbot.waitUntil(lambda: len(c.match.logs[-1]) > n, timeout=HANG_GUARD_MS)
            assert c.match.logs[-1][n] == decision.action
            assert "Hint" not in w.status_label.text()      # the hint went with the move
            played += 1
        if played >= moves:
            break
    return with_reason


@pytest.fixture(autouse=True)
def _english(qapp):
    i18n.set_language("en")
    yield


def test_ceki_h_then_enter_plays_the_hint_and_says_why(qtbot, boxes):
    w = new_window(qtbot)
    assert h_then_enter_says_why(qtbot, w, "ceki", range(50, 56), 8) == 8   # every Ceki hint says why
    w.close()


def test_pei_h_then_enter_plays_the_hint_and_says_why(qtbot, boxes):
    w = new_window(qtbot)
    assert h_then_enter_says_why(qtbot, w, "pei", range(60, 66), 10) >= 5
    w.close()


def test_the_log_line_is_worded_again_in_another_language(qtbot, boxes):
    w = new_window(qtbot)
    start(w, "ceki", 51)
    table_has_the_keyboard(qtbot, w)
    wait_turn_or_end(qtbot, w)
    hint_with_reason(qtbot, w)
    english = w.log_dock.model.lines()[-1]
    w.settings.card_names = "both"
    w.apply_settings()
    assert w.log_dock.model.lines()[-1] != english and w.log_dock.model.lines()[-1].startswith("Hint: ")
    w.close()


# ---------------------------------------------------------------------------------------------
# a decision that is not a card: the keyboard on its button, Enter chooses exactly it

def test_a_hinted_choice_or_amount_gets_the_keyboard_and_enter_chooses_it(qtbot, duel_table):  # noqa: F811
    """The duel's bet (an amount) and its buttons (declare or pass, a target, a value): the hinted
    one — never the first control, which the keyboard would reach anyway — is what Enter chooses."""
    w = new_window(qtbot)
    assert w.start_new_game(NewGameConfig(duel.GAME_ID, list(DUEL_SEATS), 3, {}, {"mode": "money"}))
    c = w.controller
    kinds = set()
    while human_turn(qtbot, w) and len(kinds) < 2:
        view = c.view()
        if view.ranges:
            r = view.ranges[0]
            hinted = r.action(view.viewer, r.clamp(r.lo + 2 * r.step))
            assert hinted.amount != r.lo
            kinds.add("amount")
        else:
            hinted = view.legal[-1]
            kinds.add("button")
        w.table.set_hint(hinted)
        focused = QApplication.focusWidget()
        assert isinstance(focused, QPushButton) and focused in [
            b for bar in w.table.choice_bars() for b in bar.buttons.values()]
        n = len(c.match.logs[-1])
        press(Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: len(c.match.logs[-1]) > n, timeout=HANG_GUARD_MS)
        assert c.match.logs[-1][n] == hinted
    assert kinds == {"amount", "button"}
    w.close()


# ---------------------------------------------------------------------------------------------
# the reasons of the games: the cards and counts behind the move

def _pei_view(captured_by_viewer=(), captured_by_other=(), pool=(), hand=()):
    from helpers import pei_stacked
    v = pei_stacked().view(0)
    captured = [tuple(captured_by_viewer), tuple(captured_by_other), ()]
    return dataclasses.replace(v, captured=tuple(captured), pool=tuple(pool), hand=tuple(hand))


def test_pei_says_a_capture_completes_a_combination():
    from cekidesk.engine.core import Action
    v = _pei_view(captured_by_viewer=(Kind.WF, Kind.S8), pool=(Kind.M9, Kind.C4), hand=(Kind.C9, Kind.C5))
    codes = dict(pei_reasons(v, Action(0, "play", Kind.C9)))
    assert codes.get("pei.completes") == {"combo": "pang_keyang"}
    worded = describe_reasons(pei_reasons(v, Action(0, "play", Kind.C9)), str)
    assert "completes your pang kéyang" in worded


def test_pei_counts_a_combination_and_sees_what_an_opponent_lacks():
    from cekidesk.engine.core import Action
    v = _pei_view(captured_by_viewer=(Kind.S8,), captured_by_other=(Kind.S8, Kind.M9),
                  pool=(Kind.WF, Kind.C4), hand=(Kind.RF, Kind.C5))
    play = Action(0, "play", Kind.RF)
    got = dict(pei_reasons(v, play))
    assert got["pei.combo"] == {"combo": "pang_keyang", "n": 2, "of": 3}
    assert got["pei.denies"] == {"combo": "pang_keyang"}
    assert describe_reasons(pei_reasons(v, play), str).count(";") >= 2
    # laying a card that captures nothing brings no combination closer
    assert not {"pei.combo", "pei.completes", "pei.denies"} & dict(pei_reasons(v, Action(0, "play", Kind.C5))).keys()


def test_ceki_names_the_discard_let_go_and_a_lone_card():
    from cekidesk.engine.core import Action
    from cekidesk.games import new_match
    m = new_match("ceki", 4, 5)
    while m.state.to_act()[0] != 0 or not m.state.view(0).discards:
        p = m.state.to_act()[0]
        m.apply(m.state.view(p).legal[-1])
    v = m.state.view(0)
    draw = next(a for a in v.legal if a.verb == "draw")
    # the discard let go is named when the heuristic values a fresh card above it (issue 32: the truth)
    from cekidesk.games.ceki.bot import scores
    ranked = [a.verb for a, _score in scores(v)]
    said = ("ceki.draw", {"kind": v.discards[-1].code}) in ceki_reasons(v, draw)
    assert said == (ranked.index("draw") < ranked.index("take"))
    hand = (Kind.C1, Kind.C1, Kind.S5, Kind.M9)
    lone = dataclasses.replace(v, hand=hand)
    assert ("ceki.lone", {"kind": "S5"}) in ceki_reasons(lone, Action(0, "discard", Kind.S5))
    assert not any(code == "ceki.lone" for code, _ in ceki_reasons(lone, Action(0, "discard", Kind.C1)))


def test_balik_says_why_of_every_discard():
    """Every throw the hint could give in a Balik Satu hand has a reason with its card or count."""
    from cekidesk.games import new_match
    m = new_match("balik-satu", 4, 9)
    seen = 0
    while not m.hand_over() and seen < 12:
        p = m.state.to_act()[0]
        v = m.state.view(p)
        for a in v.legal:
            if a.verb == "discard":
                got = balik_reasons(v, a)
                assert got and describe_reasons(got, str), f"no words for {a}"
                seen += 1
                counted = dict(got).get("balik.few_live")
                assert counted is None or counted["n"] > 0
        m.apply(v.legal[0])
    assert seen >= 12


def test_a_hinted_way_of_playing_a_card_opens_its_choices_on_it(qtbot, table):  # noqa: F811
    """Ce Pe's Ace: the hint +11 opens the Ace's choices with the keyboard on +11 (not on +1, the
    first), so Enter plays +11."""
    table.show_view(ce_pe_view(legal=ACE_LEGAL, counter=60))
    chosen: list = []
    table.actionChosen.connect(chosen.append)
    table.set_hint(ACE_LEGAL[1])
    (bar,) = table.choice_bars()
    assert table.focusWidget() is list(bar.buttons.values())[1]
    qtbot.keyClick(list(bar.buttons.values())[1], Qt.Key.Key_Return)
    assert chosen == [ACE_LEGAL[1]]


def test_ce_pe_says_a_card_brings_the_counter_down():
    from cekidesk.engine.cards import WKind
    from cekidesk.engine.core import Action
    from cekidesk.games.ce_pe.bot import reasons as ce_pe_reasons
    down = Action(0, "play", WKind.parse("10H"), None, -10)
    v = ce_pe_view(legal=(down,), counter=60)
    assert ("ce_pe.lowers", {"counter": 50}) in ce_pe_reasons(v, down)
    assert describe_reasons(ce_pe_reasons(v, down), str) == \
        "brings the counter down to 50, leaving room for your next cards"


def test_a_chosen_pile_card_stays_chosen_when_the_table_is_resized(qtbot, boxes):
    """H may choose the pile's card (a take); a long hint's status line, or the player, then resizes
    the table, and Enter must still take it: the selection outlives the new layout."""
    w = new_window(qtbot)
    t = w.table
    for seed in range(50, 80):
        start(w, "ceki", seed)
        table_has_the_keyboard(qtbot, w)
        wait_turn_or_end(qtbot, w)
        pile = [it for it in t.card_items() if it.role == "pile" and it.action is not None]
        if w.controller.waiting_for_human() and pile:
            break
    else:
        pytest.fail("no deal gave a takeable pile card")
    t._select(pile[0].key)
    assert t.selected_card() is not None and t.selected_card().key == pile[0].key
    w.resize(w.width() - 60, w.height() - 40)
    qtbot.waitUntil(lambda: t.viewport().height() != 0)
    QApplication.processEvents()
    assert t.selected_card() is not None and t.selected_card().key == pile[0].key
    w.close()
