"""Undo, Redo, Restart this deal and Save through the real window (issue #16).

An undo rebuilds the match by replaying its log without the tail taken back; a redo replays that
tail.  These tests play a human's moves and the computer players' after them (across the end of a
hand and the start of the next one), undo, redo, and compare what the player sees — the table's
cards, the game log, the score sheet — and the save with what it was before.
"""
from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from waiting import HANG_GUARD_MS
from window_helpers import open_window

from cekidesk.bots.random_bot import random_decision
from cekidesk.games import games, new_match
from cekidesk.persistence.saves import (
    document_to_bytes,
    load_match,
    match_to_document,
    parse_document,
)
from cekidesk.persistence.settings import Settings
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.main_window import MainWindow

from helpers import seats_for  # isort: skip

FIXED = datetime(2026, 1, 1, tzinfo=UTC)


def start(w: MainWindow, game_id: str, n: int, seed: int, mode: str = "target",
          undo_allowed: bool | None = None, options: dict | None = None,
          levels: tuple[str, ...] = ("beginner", "normal")) -> None:
    mo = {"mode": mode, **({"target": 100_000} if mode == "target" else {})}
    assert w.start_new_game(NewGameConfig(game_id, seats_for(n, levels), seed, options or {}, mo,
                                          undo_allowed=undo_allowed))


def settle(qtbot, w: MainWindow) -> None:
    """Wait until the person is to move or the hand is over (the computer players have moved)."""
    c = w.controller
    qtbot.waitUntil(lambda: c.match.hand_over() or (c.waiting_for_human() and c._pending is None
                                                    and c._busy_seat < 0), timeout=HANG_GUARD_MS)


def human_moves(qtbot, w: MainWindow, rng: random.Random, count: int) -> int:
    """The person makes ``count`` random legal moves (as the table reports a click), the computer
    players answering after each; fewer when the hand ends first.  Returns how many were made."""
    c = w.controller
    for made in range(count):
        settle(qtbot, w)
        if c.match.hand_over():
            return made
        w.table.actionChosen.emit(random_decision(c.view(), rng))
        settle(qtbot, w)
    return count


def finish_hand(qtbot, w: MainWindow, rng: random.Random) -> None:
    c = w.controller
    while not c.match.hand_over():
        human_moves(qtbot, w, rng, 1)


def shown(w: MainWindow) -> dict:
    """What the player sees and what a save would hold (its date and undone hands aside)."""
    c = w.controller
    m = c.match
    doc = match_to_document(m, c.seats, saved_at=FIXED, undo_allowed=c.undo_allowed)
    sheet = w.show_score_sheet().sheet
    w.score_dialog.hide()
    return {
        "cards": sorted((it.kind.code if it.kind is not None else "", it.face_up, it.role, it.seat,
                         round(it.pos().x(), 1), round(it.pos().y(), 1), it.action is not None)
                        for it in w.table.card_items()),
        "log": w.log_dock.lines(),
        "sheet": [[sheet.cell_text(r, col) for col in range(sheet.columnCount())] for r in range(sheet.rowCount())],
        "save": document_to_bytes(doc),
        "hand": (m.hand_index, m.hand_over(), len(m.history)),
        "views": [m.state.view(p) for p in range(m.n_players)],
        "end_dialog": w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(),
    }


def press(qtbot, w: MainWindow, key: QKeySequence.StandardKey) -> None:
    """The key pressed in the window (made the active one first: the score sheet was shown)."""
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=HANG_GUARD_MS)
    QTest.keySequence(w, QKeySequence(key))


def undo(qtbot, w: MainWindow) -> None:
    assert w.undo_commands.act_undo.isEnabled()
    w.undo_commands.act_undo.trigger()
    settle(qtbot, w)


def redo(qtbot, w: MainWindow) -> None:
    assert w.undo_commands.act_redo.isEnabled()
    w.undo_commands.act_redo.trigger()
    settle(qtbot, w)


def assert_same(before: dict, after: dict) -> None:
    for key in before:
        assert after[key] == before[key], key


@pytest.fixture
def window(qtbot, boxes):
    return open_window(qtbot, autosave=False)


# -- undo and redo restore the identical table, log, score sheet and save ----------------------------

def test_undo_takes_back_the_move_and_the_computer_moves_and_redo_restores_them(qtbot, window):
    """By the keys: Ctrl+Z, then Ctrl+Shift+Z."""
    w, c = window, window.controller
    start(w, "ceki", 3, 11)
    rng = random.Random(3)
    human_moves(qtbot, w, rng, 3)
    settle(qtbot, w)
    before_last = shown(w)
    human_moves(qtbot, w, rng, 1)
    after_move = shown(w)
    assert after_move["save"] != before_last["save"]
    log_len = sum(len(h) for h in c.match.logs)

    press(qtbot, w, QKeySequence.StandardKey.Undo)
    settle(qtbot, w)
    assert_same(before_last, shown(w))   # the human's move and every computer move after it are gone
    assert sum(len(h) for h in c.match.logs) < log_len
    assert c.undone_hands == frozenset({0})
    assert c.waiting_for_human()

    press(qtbot, w, QKeySequence.StandardKey.Redo)
    settle(qtbot, w)
    assert_same(after_move, shown(w))
    assert not w.undo_commands.act_redo.isEnabled()


@pytest.mark.parametrize("game", sorted(spec.id for spec in games()))
def test_undo_and_redo_in_every_game(qtbot, window, game):
    w = window
    spec = next(s for s in games() if s.id == game)
    start(w, game, min(max(spec.min_players, 3), spec.max_players), 23)
    rng = random.Random(7)
    human_moves(qtbot, w, rng, 2)
    before = shown(w)
    made = human_moves(qtbot, w, rng, 2)   # a short hand may end first
    after = shown(w)
    for _ in range(made):
        undo(qtbot, w)
    assert_same(before, shown(w))
    for _ in range(made):
        redo(qtbot, w)
    assert_same(after, shown(w))


def test_undo_and_redo_across_the_end_of_a_hand_and_the_start_of_the_next(qtbot, window):
    w, c = window, window.controller
    start(w, "ceki", 2, 5)
    rng = random.Random(8)
    finish_hand(qtbot, w, rng)
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    ended = shown(w)
    assert ended["hand"] == (0, True, 1) and ended["end_dialog"]

    # the last move of the hand, by its key while the end-of-hand dialog is open: the hand is open
    # again, its settlement and dialog gone
    QTest.keySequence(w.hand_end_dialog, QKeySequence(QKeySequence.StandardKey.Undo))
    settle(qtbot, w)
    reopened = shown(w)
    assert reopened["hand"] == (0, False, 0) and not reopened["end_dialog"]
    assert c.match.scores == [0, 0] and c.match.ledger == [0, 0]
    redo(qtbot, w)
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    assert_same(ended, shown(w))

    w.next_hand()
    settle(qtbot, w)
    next_hand = shown(w)
    assert next_hand["hand"][0] == 1
    undo(qtbot, w)   # nobody has moved yet in this hand for the person: back into the previous one
    assert c.match.hand_index == 0 and not c.match.hand_over()
    assert shown(w)["hand"] == (0, False, 0)
    redo(qtbot, w)   # the end of the hand, and the next hand's start as it was
    assert_same(next_hand, shown(w))


def test_a_new_move_after_an_undo_ends_the_redo(qtbot, window):
    w, c = window, window.controller
    start(w, "ceki", 3, 21)
    rng = random.Random(1)
    human_moves(qtbot, w, rng, 2)
    undo(qtbot, w)
    assert c.can_redo()
    legal = c.view().legal
    undone = c._redo[-1][0][0]
    other = next((a for a in legal if a != undone), None)
    if other is None:
        pytest.skip("only one move was possible")
    w.table.actionChosen.emit(other)
    settle(qtbot, w)
    assert not c.can_redo() and not w.undo_commands.act_redo.isEnabled()


def test_the_same_move_again_keeps_the_redo_of_the_rest(qtbot, window):
    w, c = window, window.controller
    start(w, "ceki", 3, 21)
    rng = random.Random(1)
    human_moves(qtbot, w, rng, 2)
    after = shown(w)
    undo(qtbot, w)
    w.table.actionChosen.emit(c._redo[-1][0][0])   # the move taken back, chosen again
    settle(qtbot, w)
    # the computer players (made afresh, with the same randomness) answer as before: every move
    # of the redo was played again, so nothing is left to redo and the position is the same
    assert not c.can_redo()
    assert_same(after, shown(w))


def test_an_undo_drops_the_computer_move_on_its_way_the_search_and_the_hint(qtbot, window):
    """A searching computer player thinks in the bot process and a hint is searched there too: an
    undo cancels both, and neither answer changes the rebuilt match when it comes."""
    w, c = window, window.controller
    start(w, "ceki", 2, 31, levels=("hard",))
    rng = random.Random(9)
    human_moves(qtbot, w, rng, 1)
    before = shown(w)
    w.table.actionChosen.emit(random_decision(c.view(), rng))
    assert c._busy_seat == 1   # the Hard player searches
    undo(qtbot, w)
    assert c._busy_seat < 0 and c._pending is None
    assert c.request_hint() and c.hint_pending
    hints = []
    c.hintReady.connect(hints.append)
    undo(qtbot, w)   # back one more move: the hint was for a position that is gone
    assert not c.hint_pending
    redo(qtbot, w)
    assert_same(before, shown(w))
    qtbot.wait(300)
    assert hints == [] and shown(w)["save"] == before["save"]


def test_a_move_the_game_made_for_the_person_is_taken_back_with_their_choice_before_it(qtbot, window,
                                                                                       monkeypatch):
    """An automatic move (GameUI.auto_action: a claim, the only throw after a call) is no choice: an
    undo goes back to the person's choice before it, or the move would only be made again."""
    from cekidesk.ui.games import game_ui
    w, c = window, window.controller
    start(w, "ceki", 2, 41)
    settle(qtbot, w)
    chose_at = shown(w)
    human_moves(qtbot, w, random.Random(2), 1)   # a choice of the person
    auto_at = c.view()
    monkeypatch.setattr(type(game_ui("ceki")), "auto_action",
                        lambda self, view, settings: view.legal[0] if view == auto_at else None)
    c.set_paused(False)   # (the controller asks again: the move is made for the person)
    qtbot.waitUntil(lambda: c.view() != auto_at, timeout=HANG_GUARD_MS)
    settle(qtbot, w)
    after = shown(w)
    undo(qtbot, w)
    assert c.view() != auto_at
    assert_same(chose_at, shown(w))
    redo(qtbot, w)
    assert_same(after, shown(w))


def test_an_undo_ends_the_replay_of_the_last_round(qtbot, window):
    w, c = window, window.controller
    start(w, "ceki", 3, 11)
    rng = random.Random(3)
    human_moves(qtbot, w, rng, 2)
    before = shown(w)
    human_moves(qtbot, w, rng, 1)
    c.pace_ms = 60_000   # the replay's moves come slowly: it is still going when the undo comes
    assert c.start_replay() and c.replaying
    ended = []
    c.replayEnded.connect(lambda: ended.append(1))
    undo(qtbot, w)
    assert not c.replaying and ended == [1]
    c.pace_ms = 0
    assert_same(before, shown(w))


# -- the money match: no undo ----------------------------------------------------------------------

def test_undo_is_refused_in_a_money_match(qtbot, window):
    w, c = window, window.controller
    start(w, "ceki", 3, 11, mode="money")
    rng = random.Random(3)
    human_moves(qtbot, w, rng, 2)
    before = shown(w)
    u = w.undo_commands
    assert not c.undo_allowed
    assert not u.act_undo.isEnabled() and not u.act_redo.isEnabled() and not u.act_restart.isEnabled()
    assert u.act_undo.toolTip() == "Undo is off in a money match."
    assert not c.undo() and not c.restart_deal() and not c.redo()
    press(qtbot, w, QKeySequence.StandardKey.Undo)
    assert w.statusBar().currentMessage() == "Undo is off in a money match."
    assert_same(before, shown(w))
    doc = parse_document(document_to_bytes(match_to_document(c.match, c.seats, undo_allowed=c.undo_allowed))
                         .decode("utf-8"))
    assert doc.undo_allowed is False


def test_new_game_dialog_offers_undo_for_practice_and_says_a_money_match_has_none(qtbot, boxes):
    dlg = NewGameDialog(Settings(language="en"))
    qtbot.addWidget(dlg)
    combo = dlg.mode_combo
    combo.setCurrentIndex(combo.findData("target"))
    assert dlg.practice_check.isEnabled() and dlg.practice_check.isChecked()
    assert dlg.config().undo_allowed is True
    dlg.practice_check.setChecked(False)   # the player's own choice for a practice match
    assert dlg.config().undo_allowed is False
    combo.setCurrentIndex(combo.findData("money"))
    assert not dlg.practice_check.isEnabled() and not dlg.practice_check.isChecked()
    assert dlg.mode_help.text().endswith("A money match cannot be undone.")
    assert dlg.config().undo_allowed is False
    combo.setCurrentIndex(combo.findData("hands"))
    assert dlg.practice_check.isEnabled() and not dlg.practice_check.isChecked()   # kept as chosen


def test_a_practice_match_without_undo_refuses_it_too(qtbot, window):
    w, c = window, window.controller
    start(w, "ceki", 2, 4, undo_allowed=False)
    human_moves(qtbot, w, random.Random(2), 1)
    assert not c.undo() and w.undo_commands.act_undo.toolTip() == "Undo is off in this match."


# -- restart this deal -----------------------------------------------------------------------------------

def test_restart_this_deal_plays_the_hand_again_from_its_start(qtbot, window, boxes):
    w, c = window, window.controller
    start(w, "ceki", 3, 17)
    settle(qtbot, w)
    at_start = shown(w)
    human_moves(qtbot, w, random.Random(6), 3)
    moved = shown(w)
    assert w.undo_commands.act_restart.isEnabled()
    w.undo_commands.act_restart.trigger()
    settle(qtbot, w)
    assert [b[0] for b in boxes] == ["question"]   # moves would be lost: asked first
    assert_same(at_start, shown(w))
    assert c.undone_hands == frozenset({0})
    redo(qtbot, w)
    assert_same(moved, shown(w))


def test_restart_answered_no_changes_nothing(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    w = window
    start(w, "ceki", 3, 17)
    human_moves(qtbot, w, random.Random(6), 2)
    before = shown(w)
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.No))
    assert not w.undo_commands.restart_deal()
    assert_same(before, shown(w))
    assert w.controller.undone_hands == frozenset()


# -- games with choices made at once, and with a carry ------------------------------------------------------

def test_undo_in_kartu_lima_where_everybody_chooses_at_once(qtbot, window):
    """The person chooses a rooster before the computer players: an undo takes back their choices
    too, and they wait for the person's new choice (choosing at once again would end the redo)."""
    w, c = window, window.controller
    c.pace_ms = 60_000   # the first computer player's choice waits: the person chooses first
    start(w, "kartu-lima", 5, 9, options={"roosters": "tantangan", "gor_goran": True})
    qtbot.waitUntil(c.waiting_for_human, timeout=HANG_GUARD_MS)
    assert len(c.match.state.to_act()) > 1, "a round everybody chooses at once"
    w.table.actionChosen.emit(random_decision(c.view(), random.Random(4)))
    c.pace_ms = 0
    c.skip_pacing()
    settle(qtbot, w)
    human_moves(qtbot, w, random.Random(5), 2)
    after = shown(w)
    while c.match.logs[0] and c.can_undo():
        undo(qtbot, w)
    assert c.match.logs == [[]]   # the person's first choice was the first move of the hand
    qtbot.wait(200)
    assert c.match.logs == [[]] and c.can_redo()
    while c.can_redo():
        redo(qtbot, w)
    assert_same(after, shown(w))


def test_undo_with_a_carry_from_hand_to_hand(qtbot, window):
    """Kartu Lima carries the banjiran, the streak, the pot's hands from hand to hand (the match's
    carry): undoing the last move of the second hand gives back the carry as the first hand left
    it; the redo, the carry after the second."""
    w, c = window, window.controller
    start(w, "kartu-lima", 5, 14, options={"stakes": "undhuh_undhuh", "undhuh_streak": True})
    rng = random.Random(5)
    finish_hand(qtbot, w, rng)
    w.next_hand()
    finish_hand(qtbot, w, rng)
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None, timeout=HANG_GUARD_MS)
    ended = shown(w)
    after_first, after_second = c.match.history[0].carry, c.match.carry
    assert after_first != after_second
    undo(qtbot, w)
    assert c.match.hand_index == 1 and not c.match.hand_over()
    assert c.match.carry == after_first
    redo(qtbot, w)
    assert c.match.carry == after_second
    assert_same(ended, shown(w))


# -- Ctrl+S ------------------------------------------------------------------------------------------------------

def test_ctrl_s_writes_the_current_file_and_the_title_shows_it(qtbot, window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog
    w, c = window, window.controller
    start(w, "ceki", 3, 11)
    target = tmp_path / "mine.cekisave"
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (asked.append(1), (str(target), ""))[1]))
    press(qtbot, w, QKeySequence.StandardKey.Save)   # no file yet: asks for a name
    assert asked == [1] and target.exists()
    assert w.windowTitle().startswith("mine.cekisave[*]") and not w.isWindowModified()
    human_moves(qtbot, w, random.Random(2), 1)
    assert w.isWindowModified()
    press(qtbot, w, QKeySequence.StandardKey.Save)   # now to the file, not asked
    assert asked == [1] and not w.isWindowModified()
    loaded = load_match(target)
    assert loaded.match.logs == c.match.logs and loaded.undo_allowed is True
    undo(qtbot, w)
    assert w.isWindowModified()
    w.undo_commands.act_save.trigger()
    assert load_match(target).undone_hands == frozenset({0})


def test_an_opened_file_is_the_one_saved_to(qtbot, window, tmp_path):
    w = window
    start(w, "ceki", 3, 11)
    path = tmp_path / "g.cekisave"
    assert w.save_to(path)
    start(w, "ceki", 3, 12)
    assert w.undo_commands.file is None and not w.windowTitle().startswith("g.cekisave")
    assert w.open_file(path)
    assert w.undo_commands.file == path and w.windowTitle().startswith("g.cekisave[*]")


# -- saves: the choice and the undone hands are kept; old saves have a default -------------------------

def test_the_choice_and_the_undone_hands_survive_save_and_load(qtbot, window, tmp_path):
    w, c = window, window.controller
    start(w, "ceki", 3, 11)
    human_moves(qtbot, w, random.Random(3), 2)
    undo(qtbot, w)
    path = tmp_path / "u.cekisave"
    assert w.save_to(path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["schema_version"] == 4 and raw["undo_allowed"] is True and raw["undone_hands"] == [0]
    start(w, "ceki", 3, 12, mode="money")
    assert w.open_file(path)
    assert c.undo_allowed and c.undone_hands == frozenset({0}) and c.can_undo()


@pytest.mark.parametrize(("mode", "allowed"), [("money", False), ("target", True)])
def test_a_save_of_schema_1_has_undo_as_its_mode_says(tmp_path, mode, allowed):
    m = new_match("ceki", 3, 5, match_options={"mode": mode})
    d = json.loads(document_to_bytes(match_to_document(m, seats_for(3))))
    d["schema_version"] = 1
    del d["undo_allowed"], d["undone_hands"], d["start"], d["records"]
    path = tmp_path / "old.cekisave"
    path.write_text(json.dumps(d), encoding="utf-8")
    loaded = load_match(path)
    assert loaded.undo_allowed is allowed and loaded.undone_hands == frozenset()


def test_a_save_marking_an_unplayed_hand_as_undone_is_damaged(tmp_path):
    m = new_match("ceki", 3, 5, match_options={"mode": "target"})
    d = json.loads(document_to_bytes(match_to_document(m, seats_for(3))))
    d["undone_hands"] = [3]
    from cekidesk.persistence.saves import SaveFileError
    with pytest.raises(SaveFileError) as err:
        parse_document(json.dumps(d))
    assert err.value.reason == "damaged"


# -- the help's keys -----------------------------------------------------------------------------------------------

def test_the_help_lists_the_new_keys(qtbot, window):
    keys = dict(window.menu_shortcuts())
    for key in ("Ctrl+S", "Ctrl+Z", "Ctrl+Shift+Z"):
        assert QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText) in keys


# -- the property: a rebuild by replay is the position itself ---------------------------------------------------

GAME_IDS = sorted(spec.id for spec in games())


@settings(max_examples=40)
@given(game=st.sampled_from(GAME_IDS), seed=st.integers(0, 10**6), moves=st.integers(0, 120),
       cut=st.floats(0, 1))
def test_a_match_rebuilt_from_its_log_cut_anywhere_is_the_match_as_it_was(game, seed, moves, cut):
    """Play a random match, keeping every seat's view at every point; the log cut at a random point
    and replayed gives the same views, scores, money, pot and carry as the match had there."""
    from helpers import random_decision as any_decision
    spec = next(s for s in games() if s.id == game)
    n = spec.min_players
    m = new_match(game, n, seed, match_options={"mode": "hands", "hands": 3})
    rng = random.Random(seed)
    points = []

    def record() -> None:
        points.append(([list(h) for h in m.logs],
                       [m.state.view(p) for p in range(n)],
                       (list(m.scores), list(m.ledger), m.pot, m.carry, m.dealer, len(m.history))))

    record()
    for _ in range(moves):
        if m.hand_over():
            if m.is_over():
                break
            m.next_hand()
        else:
            m.apply(any_decision(m.state, rng))
        record()
    logs, views, ledger = points[int(cut * (len(points) - 1))]
    rebuilt = m.replayed(logs)
    assert [rebuilt.state.view(p) for p in range(n)] == views
    assert (list(rebuilt.scores), list(rebuilt.ledger), rebuilt.pot, rebuilt.carry, rebuilt.dealer,
            len(rebuilt.history)) == ledger
    assert rebuilt.logs == logs
