"""Toy High, the test game registered the way a built-in game is, played through the real window: a
whole match chosen in the New Game dialog, every card clicked on the table, the end of each hand,
the final standings."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from test_ui_play import cards
from waiting import HANG_GUARD_MS
from window_helpers import open_window, visible_point

import cekidesk.games as registry
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs import NewGameDialog
from toy_game import plugin
from toy_game.toy_high import GAME

guard_none_refcount()


@pytest.fixture
def toy_high():
    registered = GAME.id in {g.id for g in registry.games()}
    plugin.register()
    yield GAME
    if not registered:
        registry.unregister(GAME.id)


def test_a_whole_match_through_the_window(qtbot, boxes, monkeypatch, toy_high):
    def accept(dlg):
        dlg.game_combo.setCurrentIndex(dlg.game_combo.findData(GAME.id))
        assert dlg.spec is GAME
        dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData("hands"))
        dlg.hands_spin.setValue(2)
        dlg.seed_edit.setText("3")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    w = open_window(qtbot)
    assert w.new_game()
    c = w.controller
    m = c.match
    assert m.spec is GAME and m.n_players == 2 and m.match_options.hands == 2
    clicks = 0
    while True:
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if m.hand_over():
            qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(),
                            timeout=HANG_GUARD_MS)
            if m.is_over():
                break
            index = m.hand_index
            qtbot.mouseClick(w.hand_end_dialog.next_button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda index=index: m.hand_index == index + 1, timeout=HANG_GUARD_MS)
            continue
        mine = cards(w, "hand")
        assert len(mine) == len(c.view().hand)
        playable = [it for it in mine if it.action is not None]
        moves = len(m.logs[-1])
        qtbot.mouseClick(w.table.viewport(), Qt.MouseButton.LeftButton, pos=visible_point(w, playable[0]))
        qtbot.waitUntil(lambda moves=moves: len(m.logs[-1]) > moves or m.hand_over(), timeout=HANG_GUARD_MS)
        clicks += 1
    assert len(m.history) == 2 and clicks == 2 * GAME.make_options().hand_size
    assert sum(m.ledger) == 0 and m.winners()
    qtbot.mouseClick(w.hand_end_dialog.next_button, Qt.MouseButton.LeftButton)   # Final standings
    qtbot.waitUntil(lambda: w.standings_dialog is not None and w.standings_dialog.isVisible(),
                    timeout=HANG_GUARD_MS)
    w.close()
