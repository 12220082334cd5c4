"""The guided first hands of the Balik Satu family and Ce Pe: each tells its game's own story (the
engine says so, not the notes), and each can be played to its summary in the real window by the
keyboard alone, every note pointing at something that is on the table when it is shown."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from waiting import HANG_GUARD_MS
from window_helpers import open_window

from cekidesk.games.balik.family import GAME_IDS
from cekidesk.ui.games import game_ui
from cekidesk.ui.window.coach import SummaryDialog

GAMES = (*GAME_IDS, "ce-pe")
#: the key the notes name for each of the person's moves (a card to throw or play: Enter)
KEYS = {"draw": Qt.Key.Key_D, "take": Qt.Key.Key_T, "call": Qt.Key.Key_C, "claim": Qt.Key.Key_S,
        "win": Qt.Key.Key_S}


def played(game_id: str):
    """The lesson of ``game_id`` and its match played to the end, with every move's events."""
    lesson = game_ui(game_id).lesson()
    match = lesson.new_match()
    events = [e for a in lesson.actions() for e in match.apply(a)]
    return lesson, match.history[-1].result, events


@pytest.mark.parametrize("game_id", GAMES)
def test_every_lesson_is_short_and_won_by_the_person(game_id):
    lesson, result, _events = played(game_id)
    assert result.winners == (lesson.human,)
    assert len(lesson.script) <= 17
    assert 2 <= lesson.n_players <= 4


def test_each_balik_lesson_shows_its_own_way_of_winning():
    how = {gid: played(gid)[1].details for gid in GAME_IDS}
    assert {gid: (d["how"], d["source"], d["call"]) for gid, d in how.items()} == {
        "balik-satu": ("claim", "stock", "tan"),          # a revealed draw claimed: sampèi
        "chaqui": ("claim", "stock", "tan"),
        "balik-lima-belas": ("self", "stock", "ceki"),    # a ceki call, won on your own draw
        "chot": ("claim", "stock", "tan"),
        "gonggong": ("claim", "discard", "tan"),          # metu: another player's throw
        "tantanan": ("claim", "discard", "tan"),
        "ceken": ("self", "stock", "tan"),                # rabas
    }
    assert how["balik-satu"]["turned"] and dict(how["balik-satu"]["score"])["card"] > 0
    assert how["balik-lima-belas"]["swaps"] and dict(how["balik-lima-belas"]["score"])["kandang"] == 2
    assert how["chot"]["swaps"]


def test_chaquis_take_lays_an_olo_open():
    lesson, _result, events = played("chaqui")
    assert [(e.player, e.data["card"]) for e in events if e.type == "expose"] == [(lesson.human, "S4")]


def test_chot_is_won_on_the_partners_draw():
    _lesson, result, events = played("chot")
    claim = next(e for e in events if e.type == "claim")
    assert claim.data["from"] == 2 and (0, 2) in game_ui("chot").lesson().new_match().sides


def test_ce_pes_lesson_shows_the_counting_cards_the_acting_cards_and_lives_lost():
    lesson, result, events = played("ce-pe")
    plays = {e.data["card"][:-1]: (e.data["before"], e.data["after"], e.data["action"])
             for e in events if e.type == "play" and e.player == lesson.human}
    assert plays["A"] == (0, 1, "none") and plays["Q"] == (1, 21, "none") and plays["K"][1:] == (100, "none")
    assert {plays[r][2] for r in ("J", "7", "5")} == {"skip", "reverse", "choose_next"}
    downs = [e.player for e in events if e.type == "turn_down"]
    assert downs.count(lesson.human) == 1 and downs.count(1 - lesson.human) == 4
    assert result.details["reason"] == "last_standing"


def _press(key: Qt.Key) -> None:
    """A key pressed where the keyboard is (the note's Next button, or the table)."""
    QTest.keyClick(QGuiApplication.focusWindow(), key)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_is_played_to_its_summary_by_the_keyboard_alone(qtbot, boxes, game_id):
    w = open_window(qtbot)
    w.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is w.windowHandle(), timeout=HANG_GUARD_MS)
    coach = w.coach
    assert coach.start(game_id)
    lesson = coach.lesson
    notes_seen = 0
    summary = None
    for _step in range(400):
        summary = next((d for d in w.findChildren(SummaryDialog) if d.isVisible()), None)
        if summary is not None:
            break
        note = coach.note()
        if note is not None and coach.bubble.isVisible():
            if note.targets():
                assert coach.targets(), f"note {notes_seen} of {game_id} points at nothing on the table"
            assert coach.bubble.text.text().strip() and "{" not in coach.bubble.text.text()
            notes_seen += 1
            _press(Qt.Key.Key_Return)
            continue
        move = coach.taught()
        if move is not None and move.player == lesson.human and w.controller.waiting_for_human():
            played = coach.index() + 1
            _press(KEYS.get(move.verb, Qt.Key.Key_Return))
            qtbot.waitUntil(lambda n=played: coach.index() >= n, timeout=HANG_GUARD_MS)
            continue
        qtbot.wait(10)
    assert summary is not None, f"the lesson of {game_id} did not reach its summary"
    assert notes_seen == len(lesson.notes)
    assert w.controller.match.hand_over() and w.controller.match.logs[-1] == lesson.actions()
    summary.reject()
