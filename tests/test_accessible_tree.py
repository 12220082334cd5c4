"""What a screen reader finds in the window: the table's accessible interface (its seats, cards and
words as children, walked through ``QAccessible.queryAccessibleInterface`` as an AT-SPI bridge walks
it), in the player's language; the reading keys in Help; the setting that turns the announcements
of moves off (kept in the settings file); every decision of every game reachable from the keyboard.

Offscreen Qt; computer players move with pace 0; animations are off.
"""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAccessible, QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from waiting import HANG_GUARD_MS

import cekidesk.ui.games  # noqa: F401  (the registry of the games' UIs: it loads every table layout)
from cekidesk.engine.core import Action
from cekidesk.games import games, get_game
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings, load_settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations import i18n
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.table import accessible, gestures
from cekidesk.ui.table.layouts import LayoutOptions, layout_class

guard_none_refcount()

SEATS = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("normal", "Sari"), Seat.bot("normal", "Ayu")]


@pytest.fixture
def heard():
    out: list[accessible.Notice] = []
    accessible.listeners.append(out.append)
    yield out
    accessible.listeners.remove(out.append)


@pytest.fixture
def window(qtbot):
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=HANG_GUARD_MS)
    yield w
    if i18n.current_language() != "en":
        i18n.set_language("en")


def ceki_turn(qtbot, w: MainWindow) -> None:
    assert w.start_new_game(NewGameConfig("ceki", list(SEATS), 11, {}, {}))
    qtbot.waitUntil(lambda: w.controller.waiting_for_human(), timeout=HANG_GUARD_MS)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.table, timeout=HANG_GUARD_MS)


def children(iface) -> list:
    return [iface.child(i) for i in range(iface.childCount())]


def test_the_table_is_a_tree_of_seats_cards_and_words(qtbot, window, heard):
    w = window
    ceki_turn(qtbot, w)
    table = QAccessible.queryAccessibleInterface(w.table)
    assert isinstance(table, accessible.TableAccessible)
    assert table.role() == QAccessible.Role.Pane
    assert table.text(QAccessible.Text.Name) == "Card table"
    assert table.text(QAccessible.Text.Description).startswith("Your hand: ")
    # the window's tree holds the table (a screen reader walks down to it)
    top = QAccessible.queryAccessibleInterface(w)
    assert any(k.object() is w.table for k in children(top))
    assert table.parent().object() is w
    log = QAccessible.queryAccessibleInterface(w.log_dock.view)
    assert log.text(QAccessible.Text.Name) == "Game log"
    kids = children(table)
    names = [k.text(QAccessible.Text.Name) for k in kids]
    roles = [k.role() for k in kids]
    assert names[:4] == ["You", "Budi", "Sari", "Ayu"] and roles[:4] == [QAccessible.Role.Grouping] * 4
    assert kids[0].text(QAccessible.Text.Description).startswith("You, 8 cards, to move")
    namer = w.card_namer()
    hand = [c for c in w.table.plan().cards if c.selectable]
    for c in hand:
        assert namer(c.kind) in names
    # a stock of backs is one child; another player's hidden cards are their seat's count
    assert names.count("face-down card") == 1
    stock = kids[names.index("face-down card")]
    assert stock.text(QAccessible.Text.Description).startswith("the stock, playable, Stock: ")
    assert any(n.startswith("Cards left in the stock: ") for n in names)
    for i, k in enumerate(kids):
        assert k.isValid() and table.indexOfChild(k) == i and k.parent() is table
        r = k.rect()
        if k.object() is None:
            assert not r.isEmpty() and table.rect().contains(r.center()), (k.text(QAccessible.Text.Name), r)
    # the arrows: the card selected is the table's focused child, told as a focus event
    heard.clear()
    QTest.keyClick(QGuiApplication.focusWindow(), Qt.Key.Key_Right)
    focus = [n for n in heard if n.kind == "focus"]
    assert len(focus) == 1
    child = table.focusChild()
    assert child is not None and child.state().focused and child.state().selected
    assert focus[0].text == f"{child.text(QAccessible.Text.Name)}: {child.text(QAccessible.Text.Description)}"
    assert child.text(QAccessible.Text.Description) == "in your hand"   # (D or T first: no card plays yet)
    QTest.keyClick(QGuiApplication.focusWindow(), Qt.Key.Key_D)
    qtbot.waitUntil(lambda: len(w.controller.view().legal) > 1, timeout=HANG_GUARD_MS)
    assert table.focusChild().text(QAccessible.Text.Description) == "in your hand, playable"
    assert not table.focusChild().state().disabled


def test_the_table_speaks_the_players_language(qtbot, window):
    w = window
    ceki_turn(qtbot, w)
    table = QAccessible.queryAccessibleInterface(w.table)
    for lang, name, hand in (("id", "Meja kartu", "Kartu di tangan Anda: "), ("jv", "Méja kertu", "Kertu ing tangan"),
                             ("jv-Java", "ꦩꦺꦗ\u200bꦏꦼꦂꦠꦸ", "")):
        i18n.set_language(lang)
        qtbot.waitUntil(lambda name=name: table.text(QAccessible.Text.Name) == name, timeout=HANG_GUARD_MS)
        assert table.text(QAccessible.Text.Description).startswith(hand)
        said = w.announcer.hand_words()
        assert "Your" not in said and "draw from the stock" not in said, said


def test_the_reading_keys_are_in_help_and_answer_with_moves_unannounced(qtbot, window, heard):
    w = window
    keys = dict(gestures.shortcuts("ceki"))
    for key, _ in gestures.READ_KEYS:
        assert key in keys
    help_dialog = w.show_help()
    for game in ("ceki", "kartu-lima", "balik-satu", "ce-pe", "pei"):
        page = help_dialog.page_html(game)
        for what in ("Read your hand and every move you may make", "Read the scores", "Shift+Tab goes back"):
            assert what in page, (game, what)
    help_dialog.close()
    # the setting: View ▸ Announce moves, kept in the settings file
    act = w.announcer.action
    assert act in w.commands.menu_view.actions() and act.isChecked()
    act.trigger()
    assert not w.settings.announce_events and not load_settings().announce_events
    heard.clear()
    ceki_turn(qtbot, w)
    QTest.keyClick(QGuiApplication.focusWindow(), Qt.Key.Key_D)
    qtbot.waitUntil(lambda: len(w.controller.view().legal) > 1, timeout=HANG_GUARD_MS)
    assert [n.text for n in heard if n.kind == "announce"] == [], "moves are not announced with the setting off"
    QTest.keyClick(QGuiApplication.focusWindow(), Qt.Key.Key_W)
    assert [n.text for n in heard if n.kind == "announce"] == [" ".join(w.status_text().split())]
    act.trigger()
    assert w.settings.announce_events and load_settings().announce_events


def reachable(plan, view) -> set:
    """The moves a key reaches on ``plan``: a game key, a card of the hand (the arrows and Enter),
    one of its ways (its bar), a button of a bar (Tab), an amount of a range (its box)."""
    out: set = set(plan.keys.values())
    for c in plan.cards:
        if c.selectable:
            out.add(c.action)
            out.update(ch.action for ch in c.choices)
    for ch in plan.choices:
        out.add(ch.action)
        if ch.range is not None:
            out.add(("range", ch.range.verb))
    return out


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_every_decision_of_every_game_has_a_key(qapp, game_id):   # (the plans measure their words: fonts)
    """Random hands of every game at its smallest and largest tables (their first 120 moves): every
    legal move of the person is reachable from the keyboard (no move is a click only)."""
    g = get_game(game_id)
    kinds: set[str] = set()
    for n in sorted({g.min_players, g.max_players}):
        for seed in range(2):
            st = g.new_hand(g.make_options(None), n, seed, 0)
            rng = random.Random(seed)
            lay = layout_class(game_id)([f"P{i}" for i in range(n)], 0)
            for _ in range(120):
                if st.is_terminal():
                    break
                for viewer in st.to_act():
                    v = st.view(viewer)
                    lay.human = viewer
                    keys = reachable(lay.plan(v, 1280, 720, LayoutOptions()), v)
                    for a in v.legal:
                        assert a in keys, f"{game_id}: {a} has no key"
                        kinds.add(a.verb)
                    for r in v.ranges:
                        assert ("range", r.verb) in keys, f"{game_id}: {r} has no key"
                p = st.to_act()[0]
                acts = st.legal_actions(p)
                if acts:
                    st.apply(rng.choice(acts))
                else:
                    r = st.legal_ranges(p)[0]
                    st.apply(Action(p, r.verb, amount=rng.randrange(r.lo, r.hi + 1)))
    assert kinds


def test_a_destroyed_table_leaves_no_interface_behind(qtbot):
    """Tables made and thrown away (a new window each game) with their trees walked: nothing is
    left for Qt to reach once they are gone."""
    for _ in range(3):
        w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
        qtbot.addWidget(w)
        w.show()
        assert w.start_new_game(NewGameConfig("ceki", list(SEATS), 3, {}, {}))
        iface = QAccessible.queryAccessibleInterface(w.table)
        for k in children(iface):
            QAccessible.uniqueId(k)
            k.text(QAccessible.Text.Description)
        assert isinstance(iface.rect(), QRect)
        w.close()
        w.deleteLater()
        qtbot.waitUntil(lambda w=w: not w.isVisible(), timeout=HANG_GUARD_MS)


def test_the_last_round_again_is_told_move_by_move(qtbot, window, heard):
    """Ctrl+R: the replay of the last round is announced (its moves as the log words them), then the
    person's turn again."""
    w = window
    ceki_turn(qtbot, w)
    win = QGuiApplication.focusWindow()
    QTest.keyClick(win, Qt.Key.Key_D)
    qtbot.waitUntil(lambda: len(w.controller.view().legal) > 1, timeout=HANG_GUARD_MS)
    QTest.keyClick(win, Qt.Key.Key_Right)
    QTest.keyClick(win, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: w.controller.waiting_for_human() and w.controller.can_replay(), timeout=HANG_GUARD_MS)
    lines = w.log_dock.model.lines()
    heard.clear()
    QTest.keyClick(win, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: w.controller.replaying, timeout=HANG_GUARD_MS)
    qtbot.waitUntil(lambda: not w.controller.replaying, timeout=HANG_GUARD_MS)
    said = [n.text for n in heard if n.kind == "announce"]
    assert said[0].startswith("The last round again"), said
    told = " ".join(said)
    for line in lines[-3:]:   # the computer players' last moves, said again
        assert " ".join(line.split()) in told, (line, said)
    assert said[-1] == " ".join(w.status_text().split())


def test_an_undo_says_where_the_game_is_now(qtbot, window, heard):
    w = window
    assert w.start_new_game(NewGameConfig("ceki", list(SEATS), 11, {}, {}, undo_allowed=True))
    qtbot.waitUntil(lambda: w.controller.waiting_for_human(), timeout=HANG_GUARD_MS)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.table, timeout=HANG_GUARD_MS)
    win = QGuiApplication.focusWindow()
    QTest.keyClick(win, Qt.Key.Key_D)
    qtbot.waitUntil(lambda: len(w.controller.view().legal) > 1, timeout=HANG_GUARD_MS)
    heard.clear()
    QTest.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(w.controller.view().legal) == 1, timeout=HANG_GUARD_MS)
    said = [n.text for n in heard if n.kind == "announce"]
    assert said == [" ".join(w.status_text().split())], said


def test_the_hint_is_told(qtbot, window, heard, monkeypatch):
    """H: the hint's line (what and why) is announced, and Enter then plays it."""
    from cekidesk.bots.levels import HardBot

    monkeypatch.setattr(HardBot, "default_budget", 0.05)   # (what it says, not how good it is)
    w = window
    ceki_turn(qtbot, w)
    heard.clear()
    QTest.keyClick(QGuiApplication.focusWindow(), Qt.Key.Key_H)
    qtbot.waitUntil(lambda: any(n.text.startswith("Hint: ") for n in heard), timeout=HANG_GUARD_MS)
    said = [n.text for n in heard if n.kind == "announce"]
    assert said == [" ".join(w.hints.line().split())], said


def test_a_lessons_note_is_read_when_it_takes_the_keyboard(qtbot, window, heard):
    w = window
    assert w.coach.start("ceki")
    qtbot.waitUntil(lambda: w.findChild(QWidget, "coachNote").isVisible(), timeout=HANG_GUARD_MS)
    qtbot.waitUntil(lambda: any(n.kind == "announce" and n.assertive for n in heard), timeout=HANG_GUARD_MS)
    note = w.findChild(QWidget, "coachNote")
    assert note.isVisible()
    said = [n.text for n in heard if n.kind == "announce" and n.assertive]
    assert said[-1] == " ".join(note.findChild(QLabel).text().split())
    assert QApplication.focusWidget() is note.next_button
    # Enter: the next note (or the move it teaches); every note shown is said when it comes
    shown = {" ".join(note.findChild(QLabel).text().split())}
    for _ in range(6):
        QTest.keyClick(QGuiApplication.focusWindow(), Qt.Key.Key_Return)
        qtbot.wait(1)
        if note.isVisible():
            shown.add(" ".join(note.findChild(QLabel).text().split()))
    said = {n.text for n in heard if n.kind == "announce" and n.assertive}
    assert shown <= said, shown - said
