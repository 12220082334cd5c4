"""The hand history (issue 16): a finished hand replayed from its record gives back every position and
every event the players saw, in every game; a match can start from a later hand's deal and keeps it in
its save; the History window lists the hands of the game on the table or of a save file, replays one
on the real table (keys, slider) and gives the live game back exactly as it was; "Play this deal
again" deals the same cards."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog
from waiting import HANG_GUARD_MS
from window_helpers import open_window

from cekidesk.engine.match import Match
from cekidesk.games import games, get_game, new_match
from cekidesk.persistence.saves import (
    SaveFileError,
    Seat,
    document_to_bytes,
    load_match,
    match_to_document,
    parse_document,
    save_match,
)
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations import names
from cekidesk.ui.games import game_ui
from cekidesk.ui.table import TableWidget
from cekidesk.ui.window.history import HandReplay, first_deal_of, shown_view

SEATS3 = [Seat.human("You"), Seat.bot("beginner", "Budi"), Seat.bot("beginner", "Sari")]


# ---------------------------------------------------------------------------------------------
# helpers

def players(game_id: str) -> int:
    spec = get_game(game_id)
    return max(spec.min_players, min(4, spec.max_players))


def play_hands(m: Match, hands: int, seed: int, viewer: int = 0) -> dict[int, tuple[list, list, list]]:
    """Play random legal moves until ``hands`` hands are over; per hand what ``viewer`` saw while
    it was played: the deal's events, each move's events and the view after each move."""
    rng = random.Random(seed)
    seen: dict[int, tuple[list, list, list]] = {}
    while len(m.history) < hands:
        if m.hand_over():
            m.next_hand()
        i = m.hand_index
        if i not in seen:
            seen[i] = ([e.for_viewer(viewer) for e in m.state.deal_events], [], [m.state.view(viewer)])
        seat = rng.choice(m.state.to_act())
        events = m.apply(rng.choice(m.state.legal_actions(seat)))
        seen[i][1].append([e.for_viewer(viewer) for e in events])
        seen[i][2].append(m.state.view(viewer))
    return seen


def table_cards(table: TableWidget) -> list[tuple]:
    """Every card on the table as (key, kind, face up, role, seat, where)."""
    return sorted((str(it.key), str(it.kind), it.face_up, it.role, it.seat,
                   round(it.pos().x()), round(it.pos().y())) for it in table.card_items())


# ---------------------------------------------------------------------------------------------
# A hand replayed from its record, in every game

@pytest.mark.parametrize("game_id", [spec.id for spec in games()])
def test_a_replayed_hand_shows_what_the_player_saw_forward_and_back_and_every_hand_at_its_end(qtbot, game_id):
    n = players(game_id)
    m = new_match(game_id, n, 21)
    seen = play_hands(m, 2, seed=3)
    for index in (0, 1):   # the first hand, and one dealt after a carry and a new dealer
        deal, events, views = seen[index]
        r = HandReplay(m, index, 0)
        assert r.length == len(events) == len(m.logs[index])
        assert r.deal_events == deal
        assert [r.events(k) for k in range(1, r.length + 1)] == events
        order = list(range(r.length + 1)) + list(range(r.length, -1, -1)) \
            + random.Random(index).sample(range(r.length + 1), min(40, r.length + 1))
        for k in order:    # start → end → start, then jumps: each position rebuilt, going back too
            assert r.state(k).view(0) == views[k], (game_id, index, k)
        assert r.view(r.length).legal == ()                 # a replay offers no move
    # the end position on the real table: every card still in a hand face up, by its seat
    r = HandReplay(m, 1, 0)
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(1280, 720)
    table.set_game(game_id, [f"P{i}" for i in range(n)], 0)
    table.show_view(r.view(r.length))
    items = table.card_items()
    assert not [(it.role, it.seat) for it in items if it.role in ("hand", "opponent") and not it.face_up]
    hands = m.history[1].result.details.get("hands") or ()
    for seat, cards in enumerate(hands):
        shown = Counter(str(it.kind) for it in items if it.face_up and it.seat == seat)
        assert not Counter(str(c) for c in cards) - shown, (game_id, seat)
    for seat, count in enumerate(getattr(r.state(r.length).view(0), "hand_counts", ())):
        if not hands:   # a game that plays every card: nothing is left in a hand to show
            assert count == 0, (game_id, seat)


def test_a_replayed_view_offers_no_move():
    m = new_match("ceki", 3, 4)
    view = m.state.view(m.state.to_act()[0])
    assert view.legal and shown_view(view).legal == () and shown_view(view).hand == view.hand


# ---------------------------------------------------------------------------------------------
# A match that starts from another's deal, and its save

@pytest.mark.parametrize("game_id", [spec.id for spec in games()])
def test_a_match_can_start_from_a_later_hand_and_deals_its_cards(game_id):
    n = players(game_id)
    m = new_match(game_id, n, 8)
    play_hands(m, 3, seed=9)
    for index in (0, 2):
        again = new_match(game_id, n, m.seed, m.options, m.match_options, first_deal_of(m, index))
        dealt = m.dealt_state(index)
        for p in range(n):
            assert again.state.view(p).hand == dealt.view(p).hand, (game_id, index, p)
        assert again.dealer == m.history[index].dealer
    assert first_deal_of(m, 0) is None     # the first hand: the deal number alone deals it


def test_a_match_from_a_later_deal_survives_save_and_load(tmp_path):
    m = new_match("ceki", 3, 12)
    play_hands(m, 2, seed=1)
    rec = m.history[1]
    again = new_match("ceki", 3, 12, first_deal=(rec.seed, rec.dealer))
    play_hands(again, 1, seed=2)
    again.next_hand()
    path = tmp_path / "again.cekisave"
    save_match(path, again, SEATS3)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["schema_version"] == 4 and raw["first_deal"] == {"seed": rec.seed, "dealer": rec.dealer}
    loaded = load_match(path).match
    assert loaded.first_deal == (rec.seed, rec.dealer)
    assert loaded.logs == again.logs and loaded.scores == again.scores
    assert loaded.dealt_state(0).view(0) == m.dealt_state(1).view(0)
    assert loaded.state.view(0) == again.state.view(0)


def test_a_save_without_a_first_deal_has_none_and_a_first_deal_needs_format_2(tmp_path):
    m = new_match("ceki", 3, 12)
    raw = json.loads(document_to_bytes(match_to_document(m, SEATS3)))
    assert raw["schema_version"] == 4 and "first_deal" not in raw
    del raw["start"], raw["records"]   # (format 4 adds them)
    raw["schema_version"] = 1   # a format 1 file (as older CekiDesks wrote them) with a first deal
    raw["first_deal"] = {"seed": 5, "dealer": 1}
    with pytest.raises(SaveFileError) as err:
        parse_document(json.dumps(raw))
    assert err.value.reason == "damaged"
    raw["schema_version"] = 2
    raw["first_deal"]["dealer"] = 3     # not one of the three seats
    with pytest.raises(SaveFileError):
        parse_document(json.dumps(raw))


# ---------------------------------------------------------------------------------------------
# The window

def start(w, seed: int = 5, game_id: str = "ceki") -> None:
    assert w.start_new_game(NewGameConfig(game_id, list(SEATS3), seed, {}, {"mode": "money", "stake_cents": 5}))


def live_game(w) -> tuple:
    """What a player sees and what the match holds: the table's cards, the log, the view, the status
    line, the scores and money, every hand's moves."""
    c = w.controller
    return (table_cards(w.table), w.log_dock.lines(), w.table.current_view(), w.status_label.text(),
            list(c.match.scores), list(c.match.ledger), [list(hand) for hand in c.match.logs])


def play_to_hand_end(qtbot, w) -> None:
    """The person plays their first legal move each turn until the hand is over."""
    c = w.controller
    while not c.match.hand_over():
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if not c.match.hand_over():
            assert c.play(c.view().legal[0])


def two_hands_and_a_third_begun(qtbot, w) -> None:
    c = w.controller
    for _ in range(2):
        play_to_hand_end(qtbot, w)
        w.next_hand()
    qtbot.waitUntil(lambda: c.waiting_for_human(), timeout=HANG_GUARD_MS)
    assert len(c.match.history) == 2 and not c.match.hand_over()


def test_the_history_lists_the_finished_hands_sortable(qtbot, boxes):
    w = open_window(qtbot)
    start(w)
    c = w.controller
    two_hands_and_a_third_begun(qtbot, w)
    w.activateWindow()
    w.table.setFocus()
    QTest.keySequence(w, w.history.action.shortcut())     # Ctrl+H (⌘Y on macOS)
    d = w.history.dialog
    assert d.isVisible() and d.model.rowCount() == 2
    heads = [d.model.headerData(i, Qt.Orientation.Horizontal) for i in range(d.model.columnCount())]
    assert heads == ["Hand", "Deal no.", "Dealer", "Winner", "Result", "Your points", "Your money"]
    rows = [[d.proxy.index(r, col).data() for col in range(len(heads))] for r in range(2)]
    assert [r[0] for r in rows] == ["1", "2"]
    # each hand's own deal number (issue 32): the match's for the first hand its seed deals, the
    # second hand's own shuffle for the second, as the status line said while it was played
    assert [r[1] for r in rows] == [str(c.match.seed), str(c.match.history[1].seed)]
    assert rows[0][1] != rows[1][1]
    seat_names = w.seat_names()
    for row, rec in zip(rows, c.match.history, strict=True):
        assert row[2] == seat_names[rec.dealer]
        assert row[3] == (", ".join(seat_names[s] for s in rec.result.winners) or "nobody")
        assert row[4] == game_ui("ceki").hand_summary(rec.result, seat_names)
        assert row[5] == names.format_points(rec.result.points[0], signed=True)
        assert row[6] == names.format_money(rec.payments[0])
    assert d.chosen() == 1                                   # the newest hand is chosen
    d.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)    # sortable: by number, newest first
    assert d.proxy.index(0, 0).data() == "2"
    play_to_hand_end(qtbot, w)                               # a third hand ends: the list follows
    assert d.model.rowCount() == 3
    w.close()


def test_a_replay_moves_by_keys_buttons_and_slider_and_gives_the_live_game_back(qtbot, boxes):
    w = open_window(qtbot)
    start(w)
    c = w.controller
    two_hands_and_a_third_begun(qtbot, w)
    live = live_game(w)
    d = w.history.show_dialog()
    d.table.selectRow(0)
    d.replay_button.click()
    h, bar = w.history, w.history.bar
    r = h.replay
    assert r is not None and r.index == 0 and bar.isVisible() and not d.isVisible()
    assert c.paused and "replayed" in w.status_label.text()
    assert not w.act_next.isEnabled() and not w.act_pause.isEnabled()
    assert w.table.current_view() == r.view(0)
    w.activateWindow()
    w.table.setFocus()

    def at(k: int) -> None:
        assert h.position == k and bar.slider.value() == k
        assert w.table.current_view() == r.view(k)
        # the log: the hand's heading and deal, then exactly the moves so far
        assert len(w.log_dock.lines()) == len(h._log(k))

    QTest.keyClick(w, Qt.Key.Key_Right)
    QTest.keyClick(w, Qt.Key.Key_Right)
    at(2)
    QTest.keyClick(w, Qt.Key.Key_Left)
    at(1)
    QTest.keyClick(w, Qt.Key.Key_End)
    at(r.length)
    assert not bar.act_forward.isEnabled() and "The end" in bar.where.text()
    QTest.keyClick(w, Qt.Key.Key_Home)
    at(0)
    bar.slider.setValue(r.length // 2)
    at(r.length // 2)
    bar.act_back.trigger()
    at(r.length // 2 - 1)
    QTest.keyClick(w, Qt.Key.Key_Space)          # play …
    assert bar.playing()
    qtbot.waitUntil(lambda: h.position >= r.length // 2 + 1, timeout=HANG_GUARD_MS)
    QTest.keyClick(w, Qt.Key.Key_Space)          # … and pause
    assert not bar.playing()
    assert w.table.current_view().legal == ()     # the table offers no move …
    assert [list(hand) for hand in c.match.logs] == live[-1]   # … and the game stood still
    QTest.keyClick(w, Qt.Key.Key_Escape)
    assert h.replay is None and not bar.isVisible() and d.isVisible() and not c.paused
    assert live_game(w) == live
    w.close()


def a_turn_into_the_second_hand(qtbot):
    """A window whose first hand is over and whose person has just played a whole turn of the
    second: a computer player is next."""
    w = open_window(qtbot)
    start(w)
    c = w.controller
    play_to_hand_end(qtbot, w)
    w.next_hand()
    qtbot.waitUntil(lambda: c.waiting_for_human(), timeout=HANG_GUARD_MS)
    while c.waiting_for_human():
        assert c.play(c.view().legal[0])
    return w, c


def test_the_computer_players_wait_while_a_replay_is_shown(qtbot, boxes):
    w, c = a_turn_into_the_second_hand(qtbot)      # a computer player is next …
    moves = len(c.match.logs[-1])
    w.history.start(c.match, 0, c.seats)           # … but the replay comes first
    assert c.paused
    qtbot.waitUntil(lambda: c._pending is not None, timeout=HANG_GUARD_MS)   # its move is chosen, and waits
    w.history.go(3)
    w.history.go(1)
    assert len(c.match.logs[-1]) == moves
    w.history.close_replay()
    assert not c.paused
    qtbot.waitUntil(lambda: len(c.match.logs[-1]) > moves or c.match.hand_over(), timeout=HANG_GUARD_MS)
    w.close()


def test_play_this_deal_again_deals_the_same_cards_and_is_saved(qtbot, boxes, tmp_path):
    w = open_window(qtbot)
    start(w, seed=31)
    c = w.controller
    two_hands_and_a_third_begun(qtbot, w)
    old = c.match
    for index in (0, 1):
        d = w.history.show_dialog()
        d.model.show_match(old, SEATS3)       # (the list of the first match, as it was)
        d.table.selectRow(index)
        asked = len(boxes)
        d.again_button.click()
        assert boxes[asked:] and boxes[asked][0] == "question"     # a game in progress: asked first
        m = c.match
        assert m is not old and m.seed == old.seed and m.hand_index == 0
        assert m.first_deal == (None if index == 0 else (old.history[index].seed, old.history[index].dealer))
        assert m.options == old.options and m.match_options == old.match_options
        dealt = old.dealt_state(index)
        assert all(m.state.view(p).hand == dealt.view(p).hand for p in range(3))
        assert m.dealer == old.history[index].dealer
        assert "dealt again" in w.log_dock.lines()[-1]
    path = tmp_path / "again.cekisave"
    assert w.save_to(path)
    loaded = load_match(path).match
    assert loaded.first_deal == c.match.first_deal and loaded.state.view(0) == c.match.state.view(0)
    w.close()


def test_the_end_of_hand_dialog_plays_its_deal_again(qtbot, boxes):
    w = open_window(qtbot)
    start(w, seed=44)
    c = w.controller
    play_to_hand_end(qtbot, w)
    w.next_hand()
    play_to_hand_end(qtbot, w)
    old = c.match
    dlg = w.show_hand_end()
    button = dlg.findChild(type(dlg.next_button), "playAgainButton")
    assert button is not None and button.text() == "Play this deal &again"
    button.click()
    qtbot.waitUntil(lambda: c.match is not old, timeout=HANG_GUARD_MS)
    dealt = old.dealt_state(1)
    assert all(c.match.state.view(p).hand == dealt.view(p).hand for p in range(3))
    w.close()


def test_the_history_of_a_saved_game_leaves_the_game_on_the_table(qtbot, boxes, tmp_path, monkeypatch):
    w = open_window(qtbot)
    start(w, seed=51)
    c = w.controller
    play_to_hand_end(qtbot, w)
    w.next_hand()
    play_to_hand_end(qtbot, w)
    path = tmp_path / "two hands.cekisave"
    assert w.save_to(path)
    start(w, seed=52, game_id="pei")     # another game on the table now
    live = c.match
    qtbot.waitUntil(lambda: c.waiting_for_human(), timeout=HANG_GUARD_MS)
    before = (table_cards(w.table), w.log_dock.lines(), w.table.current_view())
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    d = w.history.show_dialog()
    assert d.model.rowCount() == 0
    d.open_button.click()
    assert d.model.rowCount() == 2 and "two hands.cekisave" in d.caption.text() and d.live_button.isVisible()
    assert c.match is live
    d.table.selectRow(1)
    d.replay_button.click()
    assert w.history.replay.match.spec.id == "ceki" and w.table.current_view().__class__.__name__ == "CekiView"
    w.history.go(w.history.replay.length)
    w.history.close_replay()
    assert c.match is live and (table_cards(w.table), w.log_dock.lines(), w.table.current_view()) == before
    d.live_button.click()
    assert d.model.game is live and d.model.rowCount() == 0 and not d.live_button.isVisible()
    w.close()


def test_a_bad_save_file_in_the_history_is_told_and_changes_nothing(qtbot, boxes, tmp_path):
    w = open_window(qtbot)
    start(w)
    c = w.controller
    play_to_hand_end(qtbot, w)
    d = w.history.show_dialog()
    bad = tmp_path / "bad.cekisave"
    bad.write_text('{"format": "cekidesk-save", "schema_version": 1, "game": "ceki"', encoding="utf-8")
    assert not d.show_file(bad)
    kind, title, text = boxes[-1]
    assert kind == "warning" and title == "Cannot open this file"
    assert "incomplete" in text and "not changed" in text and "Traceback" not in text
    assert d.file is None and d.model.game is c.match and d.model.rowCount() == 1
    w.close()


def test_a_new_game_during_a_replay_ends_it_and_does_not_start_paused(qtbot, boxes):
    w = open_window(qtbot)
    start(w)
    c = w.controller
    play_to_hand_end(qtbot, w)
    w.history.start(c.match, 0, c.seats)
    assert c.paused
    start(w, seed=6)
    assert w.history.replay is None and not w.history.bar.isVisible()
    qtbot.waitUntil(lambda: not c.paused, timeout=HANG_GUARD_MS)
    assert w.table.current_view() == c.view() and w.log_dock.lines()[0].startswith("Ceki")
    w.close()


def test_a_saved_games_replay_keeps_its_players_names_through_a_language_change(qtbot, boxes, tmp_path):
    w = open_window(qtbot)
    others = [Seat.human("Rini"), Seat.bot("beginner", "Tono"), Seat.bot("beginner", "Wulan")]
    m = new_match("ceki", 3, 3)
    play_hands(m, 1, seed=5)
    m.next_hand()
    path = tmp_path / "theirs.cekisave"
    save_match(path, m, others)
    start(w)
    d = w.history.show_dialog()
    assert d.show_file(path)
    d.replay_button.click()
    names_now = lambda: sorted(item.spec.name for item in w.table.seat_items().values())  # noqa: E731
    assert names_now() == ["Rini", "Tono", "Wulan"]
    w.settings.language = "id"
    w.apply_settings()
    QApplication.processEvents()     # (the language change reaches the widgets as posted events)
    assert w.menu_game.title() != "&Game"
    assert names_now() == ["Rini", "Tono", "Wulan"]
    w.history.close_replay()
    assert names_now() == sorted(w.seat_names())
    w.settings.language = "en"
    w.apply_settings()
    QApplication.processEvents()
    w.close()


def test_a_hands_replay_ends_the_replay_of_the_last_round_first(qtbot, boxes):
    w, c = a_turn_into_the_second_hand(qtbot)
    qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
    assert c.start_replay()
    w.history.start(c.match, 0, c.seats)
    assert not c.replaying and not w.end_replay_key.isEnabled()
    assert w.table.current_view() == w.history.replay.view(0)
    w.close()
