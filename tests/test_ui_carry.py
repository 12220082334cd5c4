"""The window with a game that carries state between hands (the test-only game of
tests/toygames/): a preset chosen in the New Game dialog, a game-defined ending, a match played
to its end through the real window by mouse clicks, standings that say who is out and name sides."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

import cekidesk.games as registry
from cekidesk.engine.match import Match
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameDialog
from cekidesk.ui.dialogs.score_sheet import ScoreSheet, match_progress
from cekidesk.ui.dialogs.standings import StandingsDialog
from cekidesk.ui.main_window import MainWindow

from test_ui_play import cards, visible_point
from toygames import carry_game as toy
from toygames import carry_ui
from waiting import HANG_GUARD_MS

guard_none_refcount()


@pytest.fixture
def toy_game():
    registry.register(toy.SPEC)
    carry_ui.register()
    yield toy.SPEC
    registry.unregister(toy.SPEC.id)


def choose_toy(dlg: NewGameDialog) -> None:
    dlg.game_combo.setCurrentIndex(dlg.game_combo.findData(toy.GAME_ID))
    assert dlg.spec is toy.SPEC


def test_a_preset_fills_the_options_and_an_edit_makes_them_custom(qtbot, toy_game):
    dlg = NewGameDialog(Settings(), None)
    qtbot.addWidget(dlg)
    choose_toy(dlg)
    combo, lives = dlg.preset_combo, dlg.options_form.widgets["lives"]
    assert [combo.itemText(i) for i in range(combo.count())] == ["Quick", "Long", "Custom"]
    assert combo.currentText() == "Custom"                      # the defaults are no preset
    combo.setCurrentIndex(1)
    assert lives.value() == 3 and dlg.preset_help.text() == "Three lives each."
    lives.setValue(2)
    assert combo.currentText() == "Custom" and dlg.preset_help.text() == ""
    lives.setValue(1)                                            # back to a preset's values: named again
    assert combo.currentText() == "Quick"
    # a game without presets shows no Rules combo
    dlg.game_combo.setCurrentIndex(dlg.game_combo.findData("ceki"))
    assert not dlg.preset_combo.isVisibleTo(dlg)


def test_the_games_own_endings_are_offered_with_their_words(qtbot, toy_game):
    dlg = NewGameDialog(Settings(), None)
    qtbot.addWidget(dlg)
    choose_toy(dlg)
    modes = [dlg.mode_combo.itemData(i) for i in range(dlg.mode_combo.count())]
    assert modes == ["money", "hands", "last_standing", "streak"]
    dlg.mode_combo.setCurrentIndex(modes.index("streak"))
    assert dlg.mode_combo.currentText() == "Wins in a row"
    assert dlg.limit_spin.isVisibleTo(dlg) and dlg.limit_label.text() == "Wins in a row:"
    dlg.limit_spin.setValue(5)
    assert dlg.config().match_options == {"mode": "streak", "limit": 5}
    dlg.mode_combo.setCurrentIndex(modes.index("last_standing"))
    assert not dlg.limit_spin.isVisibleTo(dlg)
    assert dlg.mode_help.text() == "The match ends when one player has lives left."
    assert dlg.config().match_options == {"mode": "last_standing"}


def test_play_a_last_player_standing_match_to_its_end_through_the_window(qtbot, boxes, monkeypatch, toy_game):
    def accept(dlg):
        choose_toy(dlg)
        dlg.set_players(3)
        dlg.preset_combo.setCurrentIndex(0)                     # Quick: one life each
        dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData("last_standing"))
        dlg.seed_edit.setText("5")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    assert w.new_game()
    c = w.controller
    m: Match = c.match
    assert m.spec is toy.SPEC and m.options.lives == 1 and m.match_options.mode == "last_standing"
    clicks = 0
    while True:
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if c.match.hand_over():
            qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(),
                            timeout=HANG_GUARD_MS)
            if m.is_over():
                break
            n = m.hand_index
            qtbot.mouseClick(w.hand_end_dialog.next_button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: m.hand_index == n + 1, timeout=HANG_GUARD_MS)
            view = c.view()
            seat = w.table.seat_items()[c.human_seat].spec
            assert seat.badge == (f"×{view.streak[c.human_seat]}" if view.streak[c.human_seat] else "")
            continue
        (card,) = cards(w, "hand")
        n = len(m.logs[-1])
        qtbot.mouseClick(w.table.viewport(), Qt.MouseButton.LeftButton, pos=visible_point(w, card))
        qtbot.waitUntil(lambda: len(m.logs[-1]) > n or m.hand_over(), timeout=HANG_GUARD_MS)
        clicks += 1
    assert len(m.history) == 2 and len(m.out_seats()) == 2          # one life each: two hands
    assert clicks >= 1
    winner = m.winners()
    assert len(winner) == 1 and winner[0] not in m.out_seats()
    qtbot.mouseClick(w.hand_end_dialog.next_button, Qt.MouseButton.LeftButton)   # Final standings
    qtbot.waitUntil(lambda: w.standings_dialog is not None and w.standings_dialog.isVisible(),
                    timeout=HANG_GUARD_MS)
    dlg = w.standings_dialog
    table = dlg.table
    rows = [table.item(r, 1).text() for r in range(table.rowCount())]
    names = w.seat_names()
    assert names[winner[0]] in rows[0] and "out" not in rows[0]
    assert all(r.endswith("— out") for r in rows[1:])
    w.close()


def test_sides_are_named_in_the_standings_and_the_score_sheet(qtbot, toy_game):
    m = Match(toy.SPEC, 4, 3, {"partners": True, "lives": 3}, {"mode": "hands", "hands": 3})
    while not m.is_over():
        if m.hand_over():
            m.next_hand()
        m.apply(m.state.all_legal_actions()[0])
    names = ["Sari", "Budi", "Ayu", "Joko"]
    dlg = StandingsDialog(m, names, 0)
    qtbot.addWidget(dlg)
    side = "Sari & Ayu" if 0 in m.winners() else "Budi & Joko"
    assert dlg.headline.text() == f"{side} win the match."
    last = dlg.table.columnCount() - 1
    assert dlg.table.horizontalHeaderItem(last).text() == "Side"
    sides = {dlg.table.item(r, last).text() for r in range(4)}
    assert sides == {"Sari & Ayu", "Budi & Joko"}
    sheet = ScoreSheet()
    qtbot.addWidget(sheet)
    sheet.show_match(m, names, 0)
    assert "(Budi & Joko)" in sheet.header_text(3)


def test_the_progress_line_of_a_games_own_ending_names_it_and_who_is_out(qtbot, toy_game):
    m = Match(toy.SPEC, 3, 5, {"lives": 1}, {"mode": "last_standing"})
    names = ["Sari", "Budi", "Ayu"]
    assert match_progress(m, names) == "Last player standing"
    m.apply(m.state.all_legal_actions()[0])
    while not m.hand_over():
        m.apply(m.state.all_legal_actions()[0])
    (out,) = m.out_seats()
    assert match_progress(m, names) == f"Last player standing. Out: {names[out]}."
    streak = Match(toy.SPEC, 3, 5, {}, {"mode": "streak", "limit": 4})
    assert match_progress(streak, names) == "Wins in a row: 4"


def test_the_end_of_hand_table_names_sides_and_who_is_out(qtbot, toy_game):
    from cekidesk.ui.dialogs.hand_end import HandEndDialog

    names = ["Sari", "Budi", "Ayu", "Joko"]
    m = Match(toy.SPEC, 4, 3, {"partners": True, "lives": 1}, {"mode": "hands", "hands": 3})
    while not m.hand_over():
        m.apply(m.state.all_legal_actions()[0])
    dlg = HandEndDialog(m, names, 0)
    qtbot.addWidget(dlg)
    pay = dlg.payments
    last = pay.columnCount() - 1
    assert pay.horizontalHeaderItem(last).text() == "Side"
    assert pay.item(1, last).text() == "Budi & Joko" and pay.item(2, last).text() == "Sari & Ayu"
    (out,) = m.out_seats()
    assert pay.item(out, 0).text().endswith("— out")
    assert sum(pay.item(i, 0).text().endswith("— out") for i in range(4)) == 1
