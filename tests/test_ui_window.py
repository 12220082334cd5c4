"""The main window: New Game, the status line, a whole hand to the end-of-hand dialog, continue
from the autosave, Open / Save As, settings, geometry, a responsive UI thread, the command line.

Offscreen Qt; user directories are redirected by conftest.py.  Bots play with pace 0 and no
animations; modal dialogs and message boxes are replaced so that nothing blocks.
"""
from __future__ import annotations

import enum
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel, Field
from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QFileDialog, QLabel, QMessageBox, QSpinBox
from waiting import HANG_GUARD_MS, ThinkGate, play_until_bots_thought

from cekidesk.bots import RandomBot, levels, make_bot
from cekidesk.engine.core import Action, Event
from cekidesk.persistence import paths
from cekidesk.persistence.saves import Seat, load_autosave, load_match
from cekidesk.persistence.settings import Settings, load_settings
from cekidesk.ui import dialogs
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.widgets.options_form import OptionsForm
from cekidesk.ui.window.gamelog import describe_event

# PySide6 6.12.0 on Python 3.11 drops a reference to None on every void call; without the cushion a
# long test session aborts with "none_dealloc" (see cekidesk/ui/app.py).
guard_none_refcount()

REPO = Path(__file__).resolve().parents[1]
SEATS3 = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("beginner", "Sari")]


# ---------------------------------------------------------------------------------------------
# fixtures and helpers

def quick_settings(**kw) -> Settings:
    s = Settings(animation_speed="off", bot_pace_ms=0)
    for k, v in kw.items():
        setattr(s, k, v)
    return s


def make_window(qtbot, settings: Settings | None = None) -> MainWindow:
    w = MainWindow(settings or quick_settings())
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    return w


@pytest.fixture
def window(qtbot, boxes):
    w = make_window(qtbot)
    w.show()
    yield w
    w.close()


def start(w: MainWindow, seed: int = 5, seats=SEATS3, match_options=None, options=None) -> None:
    w.start_new_game(NewGameConfig("ceki", list(seats), seed, options or {},
                                   match_options or {"mode": "money", "stake_cents": 5}))


def wait_turn_or_end(qtbot, w: MainWindow, timeout: int = HANG_GUARD_MS) -> None:
    c = w.controller
    qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=timeout)


def play_hand(qtbot, w: MainWindow, via_table: bool = True, max_turns: int = 400) -> int:
    """Play the human's turns (first legal action: draw, then the lowest card) until the hand ends.
    Returns the number of human actions."""
    c = w.controller
    n = 0
    while not c.match.hand_over():
        wait_turn_or_end(qtbot, w)
        if c.match.hand_over():
            break
        action = c.view().legal[0]
        if via_table:
            w.table.actionChosen.emit(action)
        else:
            assert c.play(action)
        n += 1
        assert n < max_turns
    return n


# ---------------------------------------------------------------------------------------------
# New Game

def test_new_game_dialog_builds_option_widgets_and_starts_the_chosen_match(qtbot, boxes):
    w = make_window(qtbot)
    dlg = NewGameDialog(w.settings, w)
    qtbot.addWidget(dlg)
    box = dlg.options_form.widgets["iyo_one_rank"]
    assert isinstance(box, QCheckBox) and not box.isChecked()
    assert box.text().replace("&", "") == "The six 1s (iyo) are one value"   # the title key, in words (and a letter)
    assert dlg.players_spin.minimum() == 2 and dlg.players_spin.maximum() == 6
    assert [dlg.mode_combo.itemData(i) for i in range(dlg.mode_combo.count())] == ["money", "target", "hands"]
    assert dlg.seat_level(1).currentData() == "normal"              # the default level
    assert [dlg.seat_level(1).itemData(i) for i in range(dlg.seat_level(1).count())] == [
        None, "beginner", "normal", "hard", "expert"]                # a person, or a computer player

    dlg.set_players(3)
    assert not dlg.seat_edit(3).isVisibleTo(dlg) and dlg.seat_edit(2).isVisibleTo(dlg)
    dlg.seat_edit(0).setText("Andi")
    dlg.seat_edit(1).setText("Pak Harjo")
    dlg.seat_level(2).setCurrentIndex(dlg.seat_level(2).findData("beginner"))
    box.setChecked(True)
    dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData("target"))
    assert dlg.target_spin.isVisibleTo(dlg) and not dlg.stake_spin.isVisibleTo(dlg)
    dlg.target_spin.setValue(150)
    dlg.seed_edit.setText("12345")
    cfg = dlg.config()
    assert cfg.seed == 12345 and cfg.seed_chosen

    w.start_new_game(cfg)
    m = w.controller.match
    assert m.seed == 12345 and m.n_players == 3
    assert m.options.iyo_one_rank is True
    assert m.match_options.mode == "target" and m.match_options.target == 150
    assert [(s.kind, s.level, s.name) for s in w.controller.seats] == [
        ("human", None, "Andi"), ("bot", "normal", "Pak Harjo"), ("bot", "beginner", "Sari")]
    assert "12345" in w.windowTitle()                                 # the deal number can be shared
    assert w.controller.human_seat == 0
    w.close()


def test_empty_deal_number_gives_a_fresh_seed(qtbot, boxes):
    w = make_window(qtbot)
    dlg = NewGameDialog(w.settings, w)
    qtbot.addWidget(dlg)
    seeds = {dlg.config().seed for _ in range(5)}
    assert len(seeds) > 1 and all(1 <= s < 10**9 for s in seeds)
    assert not dlg.config().seed_chosen


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class FakeOptions(BaseModel):
    flag: bool = Field(True, title="ceki.option.iyo_one_rank", description="ceki.option.iyo_one_rank.help")
    count: int = Field(3, ge=1, le=9, title="fake.count")
    speed: Literal["slow", "fast"] = Field("fast", title="fake.speed")
    colour: Colour = Field(Colour.BLUE, title="fake.colour")


def test_options_form_is_generic(qtbot):
    form = OptionsForm(FakeOptions)
    qtbot.addWidget(form)
    assert isinstance(form.widgets["flag"], QCheckBox)
    spin = form.widgets["count"]
    assert isinstance(spin, QSpinBox) and (spin.minimum(), spin.maximum(), spin.value()) == (1, 9, 3)
    assert isinstance(form.widgets["speed"], QComboBox) and form.widgets["speed"].count() == 2
    assert isinstance(form.widgets["colour"], QComboBox)
    assert "make sets with each other" in form.widgets["flag"].toolTip()   # description, translated
    spin.setValue(7)
    form.widgets["speed"].setCurrentIndex(0)
    form.widgets["colour"].setCurrentIndex(0)
    assert FakeOptions.model_validate(form.values()) == FakeOptions(flag=True, count=7, speed="slow",
                                                                    colour=Colour.RED)


# ---------------------------------------------------------------------------------------------
# The status line

def test_status_line_says_whose_turn_and_what_to_do(qtbot, window):
    w = window
    start(w, seed=3)
    c = w.controller
    names = [s.name for s in c.seats]
    seen_take = False
    for _turn in range(3):
        wait_turn_or_end(qtbot, w)
        assert not c.match.hand_over()
        v = c.view()
        assert v.phase == "draw" and not v.called[0]
        text = w.status_label.text()
        assert text.startswith("Your turn: draw from the stock"), text
        if any(a.verb == "take" for a in v.legal):
            assert f"or take {names[2]}'s discard" in text, text           # the previous player's
            seen_take = True
        assert c.play(Action(0, "draw"))
        assert w.status_label.text().startswith("Your turn: discard a card"), w.status_label.text()
        if _turn == 2:
            break
        c.play(c.view().legal[0])
    assert seen_take
    # the human discards; the next computer player is slow to show its move
    c.pace_ms = 60_000
    assert c.play(c.view().legal[0])
    assert w.status_label.text() == f"{names[1]} is thinking…"
    assert not w.act_hint.isEnabled()


def test_status_line_and_log_when_the_hand_ends(qtbot, window):
    w = window
    start(w, seed=11)
    play_hand(qtbot, w)
    text = w.status_label.text()
    res = w.controller.match.history[-1].result
    if res.outcome == "win":
        assert text.startswith("Hand over — ") and f"×{res.details['multiplier']}" in text
    else:
        assert text.startswith("Hand over — drawn")
    assert text.endswith("Press N for the next hand.")


# ---------------------------------------------------------------------------------------------
# A whole hand

def test_a_whole_hand_through_the_window_to_the_end_of_hand_dialog(qtbot, window):
    w = window
    start(w, seed=21)
    assert w.log_dock.lines()[1].startswith("Hand 1 — ")
    turns = play_hand(qtbot, w, via_table=True)
    assert turns > 0
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    dlg = w.hand_end_dialog
    m = w.controller.match
    res = m.history[-1].result
    if res.outcome == "win":
        winner = w.controller.seats[res.winners[0]].name
        kind = res.details["win_kind"]
        assert kind in dlg.headline.text() and f"×{res.details['multiplier']}" in dlg.headline.text()
        assert winner in dlg.headline.text() or dlg.headline.text().startswith("You win")
        assert dlg.sets_row is not None and len(dlg.sets_row.labels) == 9
        assert any("wins with" in line or "You win" in line for line in w.log_dock.lines())
    else:
        assert dlg.headline.text() == "Drawn hand"
    assert dlg.sheet.rowCount() == 2                                     # hand 1 + totals
    assert dlg.payments.rowCount() == 3
    # the game log told every move in words
    lines = w.log_dock.lines()
    assert any(line.startswith("You draw ") for line in lines)
    assert any(line.startswith("Budi ") for line in lines)
    # Next hand
    qtbot.mouseClick(dlg.next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.controller.match.hand_index == 1, timeout=HANG_GUARD_MS)
    assert w.hand_end_dialog is None
    assert any(line.startswith("Hand 2 — ") for line in w.log_dock.lines())


def test_end_of_match_shows_final_standings(qtbot, window):
    w = window
    start(w, seed=4, match_options={"mode": "hands", "hands": 1})
    play_hand(qtbot, w, via_table=False)
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None, timeout=HANG_GUARD_MS)
    assert w.controller.match.is_over()
    assert w.hand_end_dialog.next_button.text().replace("&", "") == "Final standings"
    w.hand_end_dialog.next_button.click()
    assert w.standings_dialog is not None and w.standings_dialog.isVisible()
    assert w.standings_dialog.table.rowCount() == 3
    assert "match" in w.standings_dialog.headline.text()
    assert not w.controller.autosave_exists()                  # a finished match leaves no autosave


def test_score_sheet_rows_and_totals(qtbot, window):
    w = window
    start(w, seed=8)
    for _ in range(2):
        play_hand(qtbot, w, via_table=False)
        qtbot.waitUntil(lambda: w.hand_end_dialog is not None, timeout=HANG_GUARD_MS)
        w.next_hand()
    d = w.show_score_sheet()
    m = w.controller.match
    sheet = d.sheet
    assert sheet.rowCount() == 3
    assert sheet.cell_text(2, 0) == "Total"
    # money match: points and money for each of the three seats
    assert sheet.columnCount() == 2 + 3 * 2
    for i in range(3):
        assert sheet.cell_text(2, 2 + 2 * i) == dialogs.names.format_points(m.scores[i])
        assert sheet.cell_text(2, 3 + 2 * i) == dialogs.names.format_money(m.ledger[i])


# ---------------------------------------------------------------------------------------------
# Continue, Open, Save As

def test_quit_and_continue_restores_the_same_table(qtbot, boxes, monkeypatch):
    w1 = make_window(qtbot)
    w1.show()
    start(w1, seed=9)
    play_hand(qtbot, w1, via_table=False)                # a finished hand: scores are not all zero
    qtbot.waitUntil(lambda: w1.hand_end_dialog is not None, timeout=HANG_GUARD_MS)
    w1.next_hand()
    for _ in range(3):                                   # and a few moves of the next one
        wait_turn_or_end(qtbot, w1)
        w1.controller.play(w1.controller.view().legal[0])
    w1.close()
    c1 = w1.controller
    before = (c1.view(), list(c1.match.scores), list(c1.match.ledger), c1.seats, c1.match.hand_index)
    assert any(before[1])

    asked = []
    monkeypatch.setattr(dialogs, "ask_continue", lambda parent, loaded: asked.append(loaded) or True)
    w2 = make_window(qtbot)
    w2.startup()
    assert len(asked) == 1
    c2 = w2.controller
    assert (c2.view(), list(c2.match.scores), list(c2.match.ledger), c2.seats, c2.match.hand_index) == before
    assert any(line.startswith("Hand 2 — ") for line in w2.log_dock.lines())
    assert any(line.startswith("Hand 1: ") for line in w2.log_dock.lines())
    w2.close()


def test_continue_a_game_saved_between_hands_shows_how_the_hand_ended(qtbot, boxes, monkeypatch):
    w1 = make_window(qtbot)
    start(w1, seed=10)
    play_hand(qtbot, w1, via_table=False)
    w1.close()
    monkeypatch.setattr(dialogs, "ask_continue", lambda parent, loaded: True)
    w2 = make_window(qtbot)
    w2.show()
    w2.startup()
    assert w2.controller.match.hand_over()
    qtbot.waitUntil(lambda: w2.hand_end_dialog is not None and w2.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    assert w2.status_label.text().endswith("Press N for the next hand.")
    assert w2.act_next.isEnabled()
    w2.act_next.trigger()
    assert w2.controller.match.hand_index == 1 and w2.hand_end_dialog is None
    w2.close()


def test_startup_without_autosave_shows_the_new_game_dialog(qtbot, boxes, monkeypatch):
    shown = []

    def accept(self):
        shown.append(self)
        self.seed_edit.setText("77")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    monkeypatch.setattr(dialogs, "ask_continue", lambda *a: pytest.fail("nothing to continue"))
    w = make_window(qtbot)
    w.startup()
    assert len(shown) == 1 and w.controller.match.seed == 77
    w.close()


def test_broken_autosave_is_reported_and_kept_aside(qtbot, boxes, monkeypatch):
    auto = paths.autosave_path()
    auto.parent.mkdir(parents=True, exist_ok=True)
    junk = b'{"format": "cekidesk-save", "schema_version": 1, "game": "ceki", "log": [[\n'
    auto.write_bytes(junk)

    def accept(self):
        assert auto.read_bytes() == junk                 # untouched until the new game starts
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    w = make_window(qtbot)
    w.startup()
    assert boxes and boxes[0][0] == "warning" and "The file was not changed" in boxes[0][2]
    assert w.controller.match is not None
    bad = auto.with_name("autosave.bad")
    assert bad.read_bytes() == junk
    w.controller.flush_autosave()
    assert load_autosave() is not None                  # the new game is autosaved
    w.close()


def test_open_a_broken_file_shows_the_error_and_changes_nothing(qtbot, window, boxes, tmp_path):
    w = window
    start(w, seed=13)
    wait_turn_or_end(qtbot, w)
    m, view = w.controller.match, w.controller.view()
    bad = tmp_path / "broken.cekisave"
    data = b"\x00\x01 not a save at all \xff"
    bad.write_bytes(data)
    foreign = tmp_path / "foreign.cekisave"
    foreign.write_text(json.dumps({"format": "something-else", "hello": 1}))
    foreign_bytes = foreign.read_bytes()
    assert w.open_file(bad) is False
    assert w.open_file(foreign) is False
    assert [b[0] for b in boxes] == ["warning", "warning"]
    assert all("The file was not changed." in b[2] for b in boxes)
    assert "Traceback" not in boxes[0][2]
    assert bad.read_bytes() == data and foreign.read_bytes() == foreign_bytes
    assert w.controller.match is m and w.controller.view() == view


def test_open_a_good_file_continues_it(qtbot, window, tmp_path):
    w = window
    start(w, seed=14)
    wait_turn_or_end(qtbot, w)
    path = tmp_path / "g.cekisave"
    w.save_to(path)
    before = path.read_bytes()
    start(w, seed=15)
    assert w.open_file(path)
    assert w.controller.match.seed == 14
    assert path.read_bytes() == before


def test_save_as_writes_a_file_that_loads_to_the_same_match(qtbot, window, tmp_path):
    w = window
    start(w, seed=16)
    for _ in range(4):
        wait_turn_or_end(qtbot, w)
        w.controller.play(w.controller.view().legal[0])
    wait_turn_or_end(qtbot, w)
    target = tmp_path / "my game"                           # the extension is added
    assert w.save_to(target)
    loaded = load_match(target.with_name("my game.cekisave"))
    m = w.controller.match
    assert loaded.match.state.view(0) == m.state.view(0)
    assert [[str(a) for a in h] for h in loaded.match.logs] == [[str(a) for a in h] for h in m.logs]
    assert loaded.seats == w.controller.seats and loaded.match.seed == 16


def test_save_as_failure_is_reported(qtbot, window, boxes, tmp_path):
    w = window
    start(w, seed=17)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert w.save_to(blocker / "inside.cekisave") is False   # the folder is a file
    assert boxes and "could not be saved" in boxes[-1][2]


# ---------------------------------------------------------------------------------------------
# Settings and geometry

def test_settings_apply_at_once_and_persist(qtbot, window, monkeypatch):
    w = window
    start(w, seed=18)
    calls = []
    monkeypatch.setattr(w.table, "set_options", lambda **kw: calls.append(kw))
    dlg = w.show_settings()
    dlg.speed.setCurrentIndex(dlg.speed.findData("slow"))
    dlg.pace.setValue(1200)
    dlg.hints.setChecked(False)
    dlg.card_names.setCurrentIndex(dlg.card_names.findData("both"))
    dlg.opponents.setValue(2)
    saved = json.loads(paths.settings_path().read_text())
    assert saved["animation_speed"] == "slow" and saved["bot_pace_ms"] == 1200
    assert saved["hints"] is False and saved["card_names"] == "both" and saved["default_opponents"] == 2
    assert w.controller.pace_ms == 1200
    assert calls and calls[-1]["animation_speed"] == "slow"
    assert calls[-1]["card_namer"]("S9") == "9 of Strings — sanga bang ꦱꦔꦧꦁ"  # "both": Latin and script
    assert not w.act_hint.isVisible() if w.toolbar.isVisible() else True
    assert not w.hint_available()
    assert load_settings().bot_pace_ms == 1200
    dlg.show_codes.setChecked(True)
    assert calls[-1]["show_codes"] is True
    assert load_settings().show_card_codes is True


def test_window_geometry_is_remembered(qtbot, boxes):
    w = make_window(qtbot)
    w.show()
    w.resize(760, 530)          # inside the offscreen screen (800 × 600): no clamping
    w.move(30, 40)
    qtbot.wait(20)
    geometry = w.geometry()
    assert geometry.size() == QSize(760, 530)
    w.close()
    assert load_settings().window_geometry
    w2 = make_window(qtbot, load_settings())
    w2.show()
    qtbot.wait(20)
    assert w2.geometry() == geometry
    w2.close()


def test_default_size_fits_1280x720(qtbot, boxes):
    w = make_window(qtbot)
    assert w.width() <= 1280 and w.height() <= 720


# ---------------------------------------------------------------------------------------------
# Hint

def test_hint_asks_the_hard_level_without_blocking_and_marks_the_table(qtbot, window, monkeypatch):
    w = window
    c = w.controller
    marked = []
    monkeypatch.setattr(w.table, "set_hint", lambda a: marked.append(a))
    start(w, seed=19)
    wait_turn_or_end(qtbot, w)
    assert w.act_hint.isEnabled()
    m = c.match
    expected = make_bot("ceki", "hard", c.human_seat).decide(
        c.view(), random.Random(f"hint:{m.seed}:{len(m.logs[-1])}")).action
    w.act_hint.trigger()
    # the window goes on while the Hard player searches in the bot process
    assert c.hint_pending and "Thinking about a hint…" in w.status_label.text()
    assert not w.act_hint.isEnabled()
    qtbot.waitUntil(lambda: not c.hint_pending, timeout=HANG_GUARD_MS)
    action = marked[-1]
    assert action == expected                                # the Hard level's move
    assert "Hint: " in w.status_label.text() and w.act_hint.isEnabled()
    w.controller.play(action)                                # playing clears the hint
    assert marked[-1] is None and "Hint" not in w.status_label.text()
    w.settings.hints = False
    w.apply_settings()
    wait_turn_or_end(qtbot, w)
    assert not w.show_hint()


# ---------------------------------------------------------------------------------------------
# The UI thread is never blocked by a thinking bot

def test_ui_thread_keeps_ticking_while_slow_bots_think(qtbot, window, monkeypatch):
    gate = ThinkGate()
    gate.hold(monkeypatch, levels.BeginnerBot)               # each think lasts ten ticks of the UI thread
    w = window
    seats = [Seat.human("You"), Seat.bot("beginner", "Budi"), Seat.bot("beginner", "Sari")]
    play_until_bots_thought(qtbot, w.controller, lambda: start(w, seed=20, seats=seats),
                            lambda view: view.legal[0], gate)
    assert not gate.starved, "the UI thread stood still while a computer player thought"
    assert gate.released >= 6                                # it ticked through six thinks and more


def test_a_failing_computer_player_is_replaced_and_play_goes_on(qtbot, window, monkeypatch):
    from cekidesk.games.ceki import bot as ceki_bot

    def broken(self, view, rng):
        raise RuntimeError("bug in the bot")

    monkeypatch.setattr(ceki_bot.CekiHeuristicBot, "choose", broken)
    w = window
    c = w.controller
    start(w, seed=22, seats=[Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("beginner", "Sari")])
    qtbot.waitUntil(lambda: any("Budi's computer player ran into a problem" in line for line in w.log_dock.lines()),
                    timeout=HANG_GUARD_MS)
    assert type(c.bots[1]) is RandomBot                  # plain random moves: nothing to go wrong
    assert c.seats[1].level == "normal"                  # the seat (and its save) keeps its level
    for _ in range(3):                      # the game goes on round the table
        wait_turn_or_end(qtbot, w)
        c.play(c.view().legal[0])
    assert any(line.startswith(("Budi draws", "Budi takes")) for line in w.log_dock.lines())


# ---------------------------------------------------------------------------------------------
# Words

def test_game_log_sentences():
    names = ["You", "Budi", "Sari"]
    assert describe_event(Event("draw", 1, {"stock": 80}), names, 0, "ceki") == "Budi draws from the stock."
    assert describe_event(Event("draw", 0, {"card": "C5"}), names, 0, "ceki") == "You draw 5 of Coins."
    assert describe_event(Event("take", 2, {"card": "S9"}), names, 0, "ceki") == "Sari takes 9 of Strings."
    assert describe_event(Event("discard", 2, {"card": "RF", "fresh": True}), names, 0, "ceki") == \
        "Sari discards Red Flower (just drawn)."
    assert describe_event(Event("discard", 0, {"card": "OT", "fresh": False}), names, 0, "ceki") == "You discard Old Thousand."
    assert describe_event(Event("call", 1, {"facedown": 2}), names, 0, "ceki") == "Budi calls ceki! (2 cards face-down)"
    assert describe_event(Event("exhausted", None, {}), names, 0, "ceki") == "The stock is empty: the hand is drawn."
    win = Event("win", 2, {"win_kind": "double", "card": "M7", "base": 51, "multiplier": 2, "score": 102})
    assert describe_event(win, names, 0, "ceki") == "Sari wins with 7 of Myriads: ×2 (double), 51 × 2 = 102 points."


def test_help_page_has_pictures_rules_shortcuts_and_source(qtbot, window):
    dlg = window.show_help()
    html = dlg.browser.toHtml()
    text = dlg.browser.toPlainText()
    assert "card:S9/" in html and "card:WF/" in html
    img = dlg.browser.document().resource(QTextDocument.ResourceType.ImageResource, QUrl("card:S9/92"))
    assert img is not None and not img.isNull()
    for words in ("×3", "triple", "102 points", "Calling ceki", "automatically", "cannot be thrown back",
                  "drawn", "clockwise", "Ceki (or Kowah)", "Ctrl+N", "F1"):
        assert words in text, words
    assert "sanga bang" in text                                         # Javanese names in the gallery


def test_about_names_version_licence_credits_and_seed(qtbot, window):
    start(window, seed=424242)
    dlg = window.show_about()
    from cekidesk import __version__
    text = dlg.findChild(QLabel, "aboutText").text()
    for words in (__version__, "MIT", "Noto Serif CJK", "Open Font License", "424242"):
        assert words in text, words
    dlg.close()


def test_error_reporter_logs_and_shows_a_friendly_box(qtbot, boxes):
    from cekidesk.ui.app import ErrorReporter, log_path, setup_logging

    setup_logging()
    rep = ErrorReporter()
    try:
        raise ZeroDivisionError("boom")
    except ZeroDivisionError:
        rep(*sys.exc_info())
    assert boxes and boxes[-1][0] == "critical"
    assert "Traceback" not in boxes[-1][2] and "ZeroDivisionError" not in boxes[-1][2]
    assert "unexpected problem" in boxes[-1][2]
    import logging
    for h in logging.getLogger().handlers:
        h.flush()
    assert "ZeroDivisionError: boom" in log_path().read_text()


# ---------------------------------------------------------------------------------------------
# The command line

def test_cli_wrong_flag_exits_2_with_one_line(tmp_path):
    r = subprocess.run([sys.executable, "-m", "cekidesk.app", "--bogus"], cwd=REPO, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0
    assert "unrecognized arguments: --bogus" in r.stderr
    r = subprocess.run([sys.executable, "-m", "cekidesk.app", "--seed", "many"], cwd=REPO,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "deal number" in r.stderr



# ---------------------------------------------------------------------------------------------
# Saves and files the window must survive (issue 9)

def _session(w: MainWindow):
    """What must not change when an open fails: the match, seats and bots, the table, the autosave."""
    c = w.controller
    c.flush_autosave()
    auto = paths.autosave_path()
    return (c.match, c.match.state.view(c.human_seat), c.seats, dict(c.bots), w.table.current_view(),
            list(w.table._names), auto.read_bytes() if auto.exists() else None, w.log_dock.lines())


def _save_with(tmp_path: Path, w: MainWindow, name: str, edit) -> Path:
    """Save the window's game, edit the JSON document with ``edit`` and write it as ``name``."""
    good = tmp_path / "good.cekisave"
    assert w.save_to(good)
    doc = json.loads(good.read_text(encoding="utf-8"))
    edit(doc)
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _no_human(doc):
    doc["seats"][0] = {"kind": "bot", "level": "normal", "name": "Budi"}


@pytest.mark.parametrize("edit, words", [
    (lambda doc: doc["seats"][1].update(level="grandmaster"), "“grandmaster”"),
    (_no_human, "no human player"),
])
def test_opening_a_save_the_window_cannot_play_is_refused_and_changes_nothing(qtbot, window, boxes, tmp_path,
                                                                              edit, words):
    w = window
    start(w, seed=31)
    wait_turn_or_end(qtbot, w)
    path = _save_with(tmp_path, w, "bad.cekisave", edit)
    before = _session(w)
    assert w.open_file(path) is False
    assert [b[0] for b in boxes] == ["warning"] and words in boxes[0][2] and "Traceback" not in boxes[0][2]
    assert _session(w) == before
    moves = len(before[0].logs[-1])
    assert w.controller.play(w.controller.view().legal[0])   # and the game goes on
    assert len(before[0].logs[-1]) == moves + 1


def test_a_match_that_cannot_be_seated_leaves_the_session_untouched(qtbot, window, boxes, tmp_path, monkeypatch):
    """Even if a loaded game reached the window with seats it cannot play, nothing is replaced."""
    from cekidesk.persistence import saves
    from cekidesk.ui.window.features import files as files_feature

    w = window
    start(w, seed=32)
    wait_turn_or_end(qtbot, w)
    path = tmp_path / "g.cekisave"
    w.save_to(path)
    before = _session(w)
    real = load_match(path)
    for seats in ((real.seats[0], Seat.bot("grandmaster", "Budi"), real.seats[2]),
                  (Seat.bot("normal", "Sari"), real.seats[1], real.seats[2])):
        monkeypatch.setattr(files_feature, "load_match",
                            lambda p, seats=seats: saves.LoadedGame(real.match, seats, real.document))
        assert w.open_file(path) is False
        assert boxes[-1][1] == "Cannot play this game" and "Nothing was changed." in boxes[-1][2]
        assert _session(w) == before
        with pytest.raises(ValueError):
            w.controller.start(real.match, seats)
        assert _session(w) == before


def test_the_continue_question_survives_a_date_beyond_the_local_time_zone(qtbot, boxes, monkeypatch):
    monkeypatch.setenv("TZ", "WIB-7")                      # UTC+7: 9999-12-31 23:59 UTC is in the year 10000
    time.tzset()
    try:
        w1 = make_window(qtbot)
        start(w1, seed=33)
        w1.close()
        auto = paths.autosave_path()
        doc = json.loads(auto.read_text(encoding="utf-8"))
        texts = []
        monkeypatch.setattr(dialogs, "ask_continue",
                            lambda parent, loaded: texts.append(dialogs.describe_saved(loaded)) or True)
        for when in ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00"):
            doc["saved_at"] = when
            auto.write_text(json.dumps(doc), encoding="utf-8")
            w = make_window(qtbot)
            w.startup()
            assert w.controller.match is not None and w.controller.match.seed == 33
            w.close()
        assert len(texts) == 3 and all(t.startswith("Ceki") and "saved" not in t and t.endswith(".") for t in texts)
        assert boxes == []
    finally:
        monkeypatch.undo()
        time.tzset()


def test_open_asks_before_replacing_a_game_in_progress(qtbot, window, boxes, tmp_path, monkeypatch):
    w = window
    c = w.controller
    start(w, seed=34)
    wait_turn_or_end(qtbot, w)
    path = tmp_path / "other.cekisave"
    w.save_to(path)
    start(w, seed=35)
    wait_turn_or_end(qtbot, w)
    paused_while_choosing = []

    def choose(*args, **kwargs):
        paused_while_choosing.append(c.paused)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(choose))
    answers = iter([QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes])

    def question(parent, title, text, *args):
        boxes.append(("question", title, text))
        return next(answers)

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    before = _session(w)
    w.act_open.trigger()                                     # No: the game goes on unchanged
    assert boxes[-1][1] == "Replace the game in progress?" and "“other.cekisave”" in boxes[-1][2]
    assert _session(w) == before and not c.paused
    w.act_open.trigger()                                     # Yes: the file is opened
    assert c.match.seed == 34 and not c.paused
    assert paused_while_choosing == [True, True]
    assert [b[0] for b in boxes] == ["question", "question"]


def test_open_without_a_game_in_progress_does_not_ask(qtbot, window, boxes, tmp_path, monkeypatch):
    w = window
    start(w, seed=36)
    path = tmp_path / "g.cekisave"
    w.save_to(path)
    w2 = make_window(qtbot)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    w2.act_open.trigger()
    assert w2.controller.match.seed == 36 and not [b for b in boxes if b[0] == "question"]
    w2.close()


def test_startup_removes_stale_temporary_files_and_tells_once_about_unusable_settings(qtbot, boxes, monkeypatch):
    auto = paths.autosave_path()
    auto.parent.mkdir(parents=True)
    stale = auto.with_name(".autosave.cekisave.k1ll3d_9.tmp")
    stale.write_bytes(b"half a save")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    settings_file = paths.settings_path()
    settings_file.parent.mkdir(parents=True)
    with open(settings_file, "wb") as f:
        f.truncate(20 * 1024**3)                             # sparse
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    w = MainWindow()
    qtbot.addWidget(w)
    w.startup()
    assert not stale.exists()
    warnings = [b for b in boxes if b[0] == "warning"]
    assert len(warnings) == 1 and warnings[0][1] == "Settings not used"
    assert "“settings.json”" in warnings[0][2] and "“settings.json.bad”" in warnings[0][2]
    assert settings_file.with_name("settings.json.bad").stat().st_size == 20 * 1024**3
    w.startup()
    assert len([b for b in boxes if b[0] == "warning"]) == 1
    w.close()


@pytest.mark.parametrize("content, problem", [(b'{"language": "en", "card_nam', "damaged"),
                                               (b'{"version": 1, "animation_speed": "warp"}', "values")])
def test_a_damaged_settings_file_is_told_at_start_in_words_and_kept(qtbot, boxes, monkeypatch, content, problem):
    """A settings file that is not JSON, or whose values cannot be read, is no longer passed over in
    silence: the window says so once, in a sentence, and a copy of the file is kept."""
    settings_file = paths.settings_path()
    settings_file.parent.mkdir(parents=True)
    settings_file.write_bytes(content)
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    w = MainWindow()
    qtbot.addWidget(w)
    w.startup()
    warnings = [b for b in boxes if b[0] == "warning"]
    assert len(warnings) == 1 and warnings[0][1] == "Settings not used", boxes
    text = warnings[0][2]
    assert "“settings.json”" in text and "settings.json.bad" in text, text
    said = "is damaged and could not be read" if problem == "damaged" else "Some of the values"
    assert said in text and "default" in text, text
    assert settings_file.with_name("settings.json.bad").read_bytes() == content
    w.startup()
    assert len([b for b in boxes if b[0] == "warning"]) == 1
    w.close()


def test_switching_the_game_in_the_new_game_dialog_hides_the_old_game_widgets_at_once(qtbot, boxes):
    """The seat rows and the options form of the game switched away from are deleted later (by the
    event loop); until then they must not be drawn over the new game's."""
    w = make_window(qtbot)
    dlg = NewGameDialog(w.settings, w)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.game_combo.setCurrentIndex(dlg.game_combo.findData("ceki"))
    old = [x for x in [*(x for row in dlg._seat_rows for x in row), dlg._options_form] if x.isVisible()]
    assert len(old) >= 4 and dlg._options_form in old
    dlg.game_combo.setCurrentIndex(dlg.game_combo.findData("pei"))
    assert not any(x.isVisible() for x in old)
