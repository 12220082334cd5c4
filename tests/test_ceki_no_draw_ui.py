"""The Ceki house rule against endless hands in words (issue 9, item 5): the status line counts the
last turns down, the log, the status line, the end-of-hand dialog and the table say why the hand
was drawn, and the How-to-play page states the rule with its number.  Played in the real window."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from waiting import HANG_GUARD_MS

from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.engine.match import Match
from cekidesk.games import new_match
from cekidesk.games.ceki.rules import NO_DRAW_TURNS, CekiOptions, CekiState
from cekidesk.persistence.saves import Seat, save_match
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.games import game_ui
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.window.gamelog import describe_event

guard_none_refcount()

NAMES = ["You", "Budi"]


def test_the_words_of_a_hand_drawn_by_the_bound():
    ui = game_ui("ceki")
    ev = Event("no_draw", None, {"turns": 30})
    assert describe_event(ev, NAMES, 0, "ceki") == \
        "Nobody has drawn from the stock for 30 turns in a row: the hand is drawn."
    res = HandResult("draw", (0, 0), (), {"hands": [[], []], "drawn_by": "no_draw", "turns": 30})
    assert ui.hand_over_text(res, NAMES, 0) == "Hand over — drawn: 30 turns in a row without a draw from the stock."
    stock = HandResult("draw", (0, 0), (), {"hands": [[], []], "drawn_by": "exhausted"})
    assert ui.hand_over_text(stock, NAMES, 0) == "Hand over — drawn: the stock ran out."
    assert "no_draw" in ui.important_events


def test_the_status_line_counts_down_only_the_last_round():
    ui = game_ui("ceki")
    view = CekiState(2, CekiOptions(), 3, 0).view(1)
    assert "Turns left" not in ui.your_turn_text(view, NAMES)
    assert "Turns left" not in ui.your_turn_text(replace(view, turns_without_draw=NO_DRAW_TURNS - 3), NAMES)
    near = ui.your_turn_text(replace(view, turns_without_draw=NO_DRAW_TURNS - 2), NAMES)
    assert near.startswith("Your turn: draw from the stock.")
    assert near.endswith(" (Turns left before the hand is drawn unless someone draws from the stock: 2.)")


def looping_match() -> Match:
    """A two-player match whose first hand, played by take-always players, is one turn from the
    bound with seat 0 (the human) to take the discard."""
    for seed in range(200):
        m = new_match("ceki", 2, seed)
        while not m.hand_over():
            s = m.state
            if s.turns_without_draw == NO_DRAW_TURNS - 1 and s.current == 0 and s.phase == "draw":
                return m
            legal = s.legal_actions(s.current)
            take = [a for a in legal if a.verb == "take"]
            m.apply(take[0] if take else legal[0])
    raise AssertionError("no seed loops")


def test_a_looping_hand_in_the_window(qtbot, tmp_path: Path):
    path = tmp_path / "loop.cekisave"
    save_match(path, looping_match(), [Seat.human("You"), Seat.bot("normal", "Budi")])
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, autosave=False))
    qtbot.addWidget(w)
    w.show()
    c = w.controller
    c.load(path)
    qtbot.waitUntil(lambda: c.waiting_for_human(), timeout=HANG_GUARD_MS)
    assert w.status_text().endswith("(Turns left before the hand is drawn unless someone draws from the stock: 1.)")
    assert c.play(Action(0, "take"))
    assert c.play(c.view().legal[0])
    assert c.match.hand_over()
    assert w.status_text().startswith("Hand over — drawn: 30 turns in a row without a draw from the stock.")
    assert w.log_dock.lines()[-1] == "Nobody has drawn from the stock for 30 turns in a row: the hand is drawn."
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    dlg = w.hand_end_dialog
    assert dlg.headline.text() == "Drawn hand"
    assert dlg.explanation.text() == ("Nobody drew from the stock for 30 turns in a row, so the hand ends drawn "
                                      "(a house rule against endless passing) and nobody scores.")
    labels = [lab.spec.text for lab in w.table._labels.values()]
    assert "Drawn hand: 30 turns without a draw from the stock" in labels


def test_the_help_page_states_the_house_rule_with_its_number(qtbot):
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, autosave=False))
    qtbot.addWidget(w)
    dlg = w.show_help()
    dlg.show_game("ceki")
    text = " ".join(dlg.browser.toPlainText().split())
    assert "House rule: a hand also ends drawn after 30 turns in a row in which nobody draws from the stock." in text
    assert "30 turns in a row without a draw from the stock end the hand as a draw, with no score." in text
    dlg.close()
