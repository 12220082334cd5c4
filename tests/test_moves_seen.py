"""Every move seen where it happens (issue #15): a computer player's move in words beside its seat
and its seat lit while it thinks, none at pace "instant"; pausing the computer players, one step
at a time; the replay of the last round of moves, which leaves the match and the save as they were;
Ceki's strips of thrown cards and the forced throw after a call.

Offscreen Qt through the real main window; animations are off.  Waits are on conditions (qtbot's
``waitUntil`` / ``waitSignal``), never on the clock: a caption's time on the table is a timer the
tests read, not one they wait out.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from cekidesk.persistence import paths
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.main_window import MainWindow, caption_ms

from waiting import HANG_GUARD_MS

guard_none_refcount()

SEATS = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("normal", "Sari"), Seat.bot("beginner", "Ayu")]


def window(qtbot, pace: int) -> MainWindow:
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=pace))
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    return w


def start(w: MainWindow, game: str = "ceki", seed: int = 21, seats=SEATS, options=None) -> None:
    assert w.start_new_game(NewGameConfig(game, list(seats), seed, options or {}, {"mode": "hands", "hands": 3}))


def until_human(qtbot, w: MainWindow) -> None:
    c = w.controller
    qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)


def play_first_legal(w: MainWindow) -> None:
    """The human's whole turn (Ceki's draw and discard): the first legal move each time."""
    c = w.controller
    assert c.play(c.view().legal[0])
    while c.waiting_for_human():
        assert c.play(c.view().legal[0])


# ---------------------------------------------------------------------------------------------
# captions and the lit seat

def test_caption_ms_scales_with_the_pace_and_instant_has_none():
    assert caption_ms(0) == 0
    assert caption_ms(300) == 1500
    assert caption_ms(1000) == 3000 > caption_ms(600)


def test_a_computer_move_is_said_beside_its_seat_and_the_seat_is_lit_while_it_thinks(qtbot):
    w = window(qtbot, pace=400)
    lit: list[tuple[int, bool]] = []
    w.controller.thinking.connect(lambda seat: lit.append(
        (seat, seat >= 0 and w.table.seat_items()[seat].thinking)))
    start(w)
    c = w.controller
    until_human(qtbot, w)
    if c.waiting_for_human():
        play_first_legal(w)
    qtbot.waitUntil(lambda: any(q != c.human_seat for q in w.table.captions()), timeout=HANG_GUARD_MS)
    seat, text = next((q, t) for q, t in w.table.captions().items() if q != c.human_seat)
    assert seat in c.bots and text.strip()
    assert (seat, True) in lit          # its plate was lit while it thought
    item = w.table._captions[seat]
    assert item.isVisible() and item.timer.interval() == caption_ms(400)
    plate = w.table.seat_items()[seat].sceneBoundingRect()
    bubble = item.sceneBoundingRect()
    assert w.table.sceneRect().contains(bubble)
    # beside its own seat: nearer to it than to any other plate
    dist = {q: (p.sceneBoundingRect().center() - bubble.center()).manhattanLength()
            for q, p in w.table.seat_items().items()}
    assert min(dist, key=dist.get) == seat, (dist, plate)


def test_instant_pace_shows_no_caption(qtbot):
    w = window(qtbot, pace=0)
    shown = []
    w.table.show_caption = lambda *a: shown.append(a)
    start(w)
    until_human(qtbot, w)
    c = w.controller
    for _ in range(3):
        if c.match.hand_over():
            break
        play_first_legal(w)
        until_human(qtbot, w)
    assert len(c.match.logs[-1]) > 3 and shown == []


# ---------------------------------------------------------------------------------------------
# pause and step

def test_pause_stops_the_computer_players_and_step_plays_exactly_one_move(qtbot):
    w = window(qtbot, pace=0)
    start(w)
    c = w.controller
    until_human(qtbot, w)
    w.act_pause.trigger()
    assert c.paused and w.act_pause.isChecked()
    play_first_legal(w)
    moves = len(c.match.logs[-1])
    for _ in range(20):                      # the event loop turns: nobody moves
        QApplication.processEvents()
        QTest.qWait(5)
    assert len(c.match.logs[-1]) == moves
    assert "Paused" in w.status_text()
    assert w.act_step.isEnabled()
    w.act_step.trigger()
    qtbot.waitUntil(lambda: len(c.match.logs[-1]) == moves + 1, timeout=HANG_GUARD_MS)
    for _ in range(20):
        QApplication.processEvents()
        QTest.qWait(5)
    assert len(c.match.logs[-1]) == moves + 1 and c.paused
    w.act_pause.trigger()                    # go on
    assert not c.paused
    until_human(qtbot, w)
    assert len(c.match.logs[-1]) > moves + 1 or c.match.hand_over()


def test_space_on_the_table_pauses_while_the_computer_players_move(qtbot):
    w = window(qtbot, pace=0)
    start(w)
    c = w.controller
    until_human(qtbot, w)
    c.set_paused(True)
    play_first_legal(w)          # the computer players are to move, and wait
    w.table.setFocus()
    QTest.keyClick(w.table, Qt.Key.Key_Space)
    assert not c.paused and w.act_pause.isChecked() is False
    c.set_paused(True)
    c.set_paused(False)
    QTest.keyClick(w.table, Qt.Key.Key_Space)
    assert c.paused or c.waiting_for_human()


# ---------------------------------------------------------------------------------------------
# the replay of the last round

def test_the_replay_shows_the_moves_since_the_humans_last_turn_and_returns_to_the_same_position(qtbot):
    w = window(qtbot, pace=0)
    start(w)
    c = w.controller
    until_human(qtbot, w)
    assert not w.act_replay.isEnabled()
    play_first_legal(w)
    until_human(qtbot, w)
    assert c.waiting_for_human(), "the deal's first round ended the hand"
    c.flush_autosave()
    saved = paths.autosave_path().read_bytes()
    log = list(c.match.logs[-1])
    human_moves = [i for i, a in enumerate(log) if a.player == c.human_seat]
    since = len(log) - human_moves[-1]
    live = c.view()
    frames = []
    c.replayFrame.connect(lambda view, events: frames.append((view, events)))
    assert w.act_replay.isEnabled()
    with qtbot.waitSignal(c.replayEnded, timeout=HANG_GUARD_MS * 4):
        w.act_replay.trigger()
        assert c.replaying and "last round again" in w.status_text()
        assert not c.play(c.view().legal[0])          # the person cannot move meanwhile
    assert len(frames) == since + 1                   # the position they moved in, then every move
    assert frames[0][1] == [] and all(events for _, events in frames[1:])
    assert frames[-1][0] == live
    assert c.view() == live and list(c.match.logs[-1]) == log and w.table.current_view() == live
    c.flush_autosave()
    assert paths.autosave_path().read_bytes() == saved
    assert c.waiting_for_human() and not c.replaying


def test_a_click_or_esc_ends_the_replay(qtbot):
    w = window(qtbot, pace=0)
    start(w)
    c = w.controller
    until_human(qtbot, w)
    play_first_legal(w)
    until_human(qtbot, w)
    live = c.view()
    for end in (lambda: w.table.clicked.emit(), lambda: QTest.keyClick(w, Qt.Key.Key_Escape)):
        assert c.start_replay()
        assert c.replaying
        end()
        assert not c.replaying and w.table.current_view() == live


# ---------------------------------------------------------------------------------------------
# Ceki: the forced throw after a call

def _caller_to_throw():
    """A Ceki position where the player to move has called and must throw the card drawn."""
    import random

    from cekidesk.games import new_match

    for seed in range(200):
        m = new_match("ceki", 4, seed)
        rng = random.Random(seed)
        while not m.hand_over():
            p = m.state.to_act()[0]
            view = m.state.view(p)
            if view.called[p] and [a.verb for a in view.legal] == ["discard"]:
                return view
            m.apply(rng.choice(view.legal))
    raise AssertionError("no deal had a caller to throw")


def test_after_a_call_the_forced_card_is_thrown_for_the_person_as_the_setting_asks():
    from cekidesk.ui.games import game_ui

    view = _caller_to_throw()
    ui = game_ui("ceki")
    assert ui.auto_action(view, Settings()) == view.legal[0]
    assert ui.auto_action(view, Settings(auto_throw_after_call=False)) is None
