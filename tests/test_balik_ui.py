"""Balik Satu through the real main window (offscreen): a whole stacked hand by mouse — a discard,
a *ceki* call from the choice bar, the other player's revealed draw of the winning card, the *sampèi*
claim — through the end-of-hand dialog (the sets with the kena swap, the turned card, the score's
build-up); the "Claim winning cards automatically" setting on and off; the family's words (every
event has a sentence, no code reaches the player) and help pages."""
from __future__ import annotations

import balik_helpers
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget
from waiting import HANG_GUARD_MS
from window_helpers import bar_button, visible_point

import cekidesk.games as games_pkg
from cekidesk.bots import Bot
from cekidesk.engine.cards import Card, Kind
from cekidesk.engine.core import Action
from cekidesk.games import get_game, new_match
from cekidesk.games.balik import rules
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations import names
from cekidesk.ui.games import game_ui
from cekidesk.ui.games.base import HelpContext
from cekidesk.ui.main_window import MainWindow

guard_none_refcount()

GAME = "balik-satu"
#: the human's fourteen cards: four sets and a pair of 1-Coins... of 6 of Coins: a ceki wait on C6
HUMAN = "C2 S2 M2 C3 C3 S3 C4 S4 M4 C5 S5 M5 C6 C6"
#: the other player's fourteen: nothing near a win
OTHER = "C7 S7 M8 C9 S1 M1 WF RF OT S8 M9 C8 S9 M7"
#: the human (first player) gets one more card: thrown at once
EXTRA = "M6"
#: the top of the stock after the deal: the other player's draw (the human's winning card), then
#: the winner's turned card (kena: it makes the 3s a mata)
STOCK = "C6 C3"


class Scripted(Bot):
    """The other seat: always draws, throws the card it got, never calls, lets a card go."""

    game_id = GAME
    level = "test-scripted"

    def choose(self, view, rng):
        verbs = {a.verb: a for a in view.legal}
        for verb in ("draw", "no_call", "pass"):
            if verb in verbs:
                return verbs[verb]
        mine = Action(view.viewer, "discard", view.drawn)
        return mine if mine in view.legal else view.legal[0]


def stacked_deck() -> list[Card]:
    """The 120 cards of a two-player Balik Satu, top first, so that seat 0 (the human, the first
    player) is dealt HUMAN + EXTRA and seat 1 OTHER, then the stock starts with STOCK."""
    deck, dealer = balik_helpers.stacked_deck(GAME, 2, {0: f"{HUMAN} {EXTRA}", 1: OTHER}, STOCK)
    assert dealer == 1
    return deck


@pytest.fixture
def stacked(monkeypatch):
    """Balik Satu's spec with the stacked deal and the scripted computer player; the seed whose
    first dealer is seat 1."""
    spec = get_game(GAME)

    def new_hand(options, n, seed, dealer, *, carry=None):
        deck = stacked_deck() if dealer == 1 else None     # the next hand (Budi first) is shuffled
        return rules.new_hand(GAME, options, n, seed, dealer, carry=carry, deck=deck)

    monkeypatch.setitem(games_pkg._REGISTRY, GAME, spec.replace(new_hand=new_hand, bots=(Scripted,)))
    return next(s for s in range(100) if new_match(GAME, 2, s).dealer == 1)


def new_window(qtbot, auto_claim: bool) -> MainWindow:
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, auto_claim=auto_claim))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    return w


def start(w: MainWindow, seed: int) -> None:
    seats = [Seat.human("You"), Seat.bot("test-scripted", "Budi")]
    assert w.start_new_game(NewGameConfig(GAME, seats, seed, {}, {"mode": "money"}))


def wait_for_human(qtbot, w: MainWindow, phase: str) -> None:
    c = w.controller
    qtbot.waitUntil(lambda: c.waiting_for_human() and c.view().phase == phase, timeout=HANG_GUARD_MS)
    qtbot.waitUntil(lambda: w.table.current_view() == c.view(), timeout=HANG_GUARD_MS)


def throw_and_call(qtbot, w: MainWindow) -> None:
    """Click the extra card to throw it, then "Call ceki" on the bar."""
    c = w.controller
    wait_for_human(qtbot, w, "discard")
    assert c.view().hand_counts[0] == 15
    (card,) = [it for it in w.table.card_items() if it.role == "hand" and it.kind == Kind.M6]
    assert card.action == Action(0, "discard", Kind.M6)
    qtbot.mouseClick(w.table.viewport(), Qt.MouseButton.LeftButton, pos=visible_point(w, card))
    wait_for_human(qtbot, w, "call")
    button = bar_button(w, Action(0, "call"))
    assert button.text().replace("&", "") == "Call ceki"
    assert bar_button(w, Action(0, "no_call")).text().replace("&", "") == "Don't call"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.view().calls[0] == "ceki", timeout=HANG_GUARD_MS)
    assert any(it.spec.badge == "ceki" for q, it in w.table.seat_items().items() if q == 0)


def check_end_dialog(qtbot, w: MainWindow) -> None:
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    dlg = w.hand_end_dialog
    d = w.controller.match.history[-1].result.details
    # the turned C3 takes the place of the S3: two matas (C6 and C3), 3 for the card, +1 ayam
    assert (d["how"], d["call"], d["turned"], d["swaps"]) == ("claim", "ceki", ["C3"], [["S3", "C3"]])
    assert d["total"] == 3 + 2 + 1
    assert dlg.headline.text() == "You win 6 points!"
    text = dlg.explanation.text()
    assert "Won on 6 of Coins — lak hitam, drawn from the stock by Budi (sampèi!)." in text
    assert "The call was ceki." in text
    assert "kena: 3 of Coins — sa batik takes the place of 3 of Strings — sa udang." in text
    score = dlg.findChild(QLabel, "scoreLines").text()
    for line in ("the turned card, 3 of Coins — sa batik: +3", "2 matas: +2",
                 "ayam: won after a ceki call on a card somebody else drew: +1", "Total: 6 points"):
        assert line in score and line not in text, line
    sets = dlg.findChild(QWidget, "winningSets")
    shown = [lab.property("card") for lab in sets.findChildren(QLabel) if lab.property("card")]
    assert shown[:6] == ["C3", "C3", "C3", "C6", "C6", "C6"] or shown[:6] == ["C6", "C6", "C6", "C3", "C3", "C3"]
    turned = dlg.findChild(QWidget, "turnedCards")
    (lab,) = turned.findChildren(QLabel)
    assert lab.property("card") == "C3"
    assert not lab.isEnabled() and "swapped into the winning hand" in lab.toolTip()
    qtbot.mouseClick(dlg.next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.controller.match.hand_index == 1, timeout=HANG_GUARD_MS)


def test_a_whole_hand_by_mouse_with_a_call_and_a_sampei_claim(qtbot, boxes, stacked):
    w = new_window(qtbot, auto_claim=False)
    c = w.controller
    start(w, stacked)
    throw_and_call(qtbot, w)
    # Budi draws the 6 of Coins face up: the human is asked, the card lies face up near Budi
    wait_for_human(qtbot, w, "claim")
    view = c.view()
    assert view.claim == (Kind.C6, 1, "stock") and view.revealed == (Kind.C6, 1)
    (rev,) = [it for it in w.table.card_items() if it.key == ("revealed",)]
    assert rev.face_up and rev.kind == Kind.C6
    assert "Budi drew 6 of Coins: it wins for you" in w.status_label.text()
    # issue 32: "the calling player takes it and wins the round": no "Let it go" for a revealed card
    assert not any(Action(0, "pass") in bar.buttons for bar in w.table.choice_bars())
    qtbot.mouseClick(bar_button(w, Action(0, "claim")), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.match.hand_over(), timeout=HANG_GUARD_MS)
    assert [a.verb for a in c.match.logs[0] if a.player == 0] == ["discard", "call", "claim"]
    lines = w.log_dock.lines()
    assert "You call ceki! You wait for 1 kind of card." in lines
    assert "Budi draws 6 of Coins — lak hitam, face up for all to see." in lines
    assert "Sampèi! You claim 6 of Coins — lak hitam, drawn by Budi." in lines
    check_end_dialog(qtbot, w)
    w.close()


@pytest.mark.parametrize("auto_claim", [True, False])
def test_the_claim_setting_claims_at_once_or_asks(qtbot, boxes, stacked, auto_claim):
    w = new_window(qtbot, auto_claim=auto_claim)
    c = w.controller
    start(w, stacked)
    throw_and_call(qtbot, w)
    if auto_claim:
        # nobody clicks: the claim is made for the human
        qtbot.waitUntil(lambda: c.match.hand_over(), timeout=HANG_GUARD_MS)
        assert c.match.logs[0][-1] == Action(0, "claim")
        check_end_dialog(qtbot, w)
    else:
        wait_for_human(qtbot, w, "claim")
        qtbot.wait(50)
        assert not c.match.hand_over() and c.view().phase == "claim"
        # asked: the person claims (a revealed winning card cannot be let go, issue 32)
        assert c.view().legal == (Action(0, "claim"),)
        qtbot.mouseClick(bar_button(w, Action(0, "claim")), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: c.match.hand_over(), timeout=HANG_GUARD_MS)
        check_end_dialog(qtbot, w)
    w.close()


def test_a_person_who_chooses_first_replaces_the_move_made_for_them(qtbot, boxes, stacked):
    """The automatic claim waits for the pace; a click before it counts instead."""
    w = new_window(qtbot, auto_claim=True)
    c = w.controller
    start(w, stacked)
    throw_and_call(qtbot, w)
    c.pace_ms = 60_000      # no move is due by itself during this test: Budi's is played by skipping the pause

    def claim_asked():
        c.skip_pacing()
        return c.waiting_for_human() and c.view().phase == "claim"

    qtbot.waitUntil(claim_asked, timeout=HANG_GUARD_MS)
    qtbot.waitUntil(lambda: c._pending is not None, timeout=HANG_GUARD_MS)     # the claim, made for them
    assert c._pending[2] == Action(0, "claim")
    problems: list = []
    c.problem.connect(lambda *a: problems.append(a))
    assert c.play(Action(0, "claim"))      # (the only move: a revealed winning card is the caller's)
    qtbot.waitUntil(lambda: Action(0, "claim") in c.match.logs[0], timeout=HANG_GUARD_MS)
    c.skip_pacing()         # time passes: the claim made for them is gone, not played twice
    assert c.match.logs[0].count(Action(0, "claim")) == 1 and not problems
    w.close()


def test_every_event_has_a_sentence_without_codes(qapp):
    """Random hands of every game of the family: each event is worded (or deliberately silent:
    the end's reveal), with no engine code or Python term in the sentence."""
    import random

    from cekidesk.engine.match import Match

    seen: set[str] = set()
    for gid in ("balik-satu", "chaqui", "balik-lima-belas", "chot", "gonggong", "tantanan", "ceken"):
        ui = game_ui(gid)
        spec = get_game(gid)
        for n in sorted({spec.min_players, spec.max_players}):
            for seed in range(3):
                m = Match(spec, n, seed)
                rng = random.Random(seed)
                events = list(m.state.deal_events)
                while not m.state.is_terminal():
                    p = m.state.to_act()[0]
                    # prefer calls and claims so that they happen
                    legal = m.state.legal_actions(p)
                    pick = next((a for a in legal if a.verb in ("call", "claim", "win")), rng.choice(legal))
                    events += m.apply(pick)
                namer = names.card_namer("latin", gid)
                for e in events:
                    seen.add(e.type)
                    line = ui.describe_event(e.for_viewer(0), [f"P{i}" for i in range(n)], 0, namer)
                    if e.type == "reveal" or e.type == "win" and e.data["how"] == "claim":
                        assert line is None     # the table and "All hands" show it; the claim said it
                        continue
                    assert line, e
                    assert "{" not in line and "_" not in line and "None" not in line, line
                result = m.state.result()
                assert ui.hand_over_text(result, [f"P{i}" for i in range(n)], 0).startswith("Hand over — ")
    assert {"deal", "draw", "discard", "call", "claim", "win", "turn", "reveal"} <= seen, seen


def test_each_game_has_its_own_help_page_with_pictures_and_house_rules(qapp):
    pictures: list[str] = []

    def img(code, height, title=""):
        pictures.append(code)
        return f"<img src='{code}'>"

    for gid in ("balik-satu", "chaqui", "balik-lima-belas", "chot", "gonggong", "tantanan", "ceken"):
        pictures.clear()
        ui = game_ui(gid)
        page = ui.help_html(HelpContext(img, "both"))
        assert ui.help_title() == "How to play " + names.game_title(f"game.{gid}")
        assert "(house)" in page and pictures, gid
        assert "Pwee" in page or "Javaanse" in page, gid
        assert "ꦕꦼꦏꦶ" in page or "ꦧꦏ꧀" in page, gid       # the game's words in aksara Jawa too
        assert ui.rules_source()


def test_every_reason_of_the_hint_is_worded(qapp):
    """Each reason code of the family's search (cekidesk.games.balik.search.reasons) has words; none
    is dropped as unworded."""
    import random

    from cekidesk.games.balik.search import reasons
    from cekidesk.ui.foundations.reasons import describe_reasons

    namer = names.card_namer("latin", GAME)
    worded: set[str] = set()
    for gid in ("balik-satu", "gonggong", "tantanan"):
        spec = get_game(gid)
        for seed in range(4):
            st = rules.new_hand(gid, spec.options_model(), spec.min_players, seed, 0)
            rng = random.Random(seed)
            while not st.is_terminal():
                p = st.to_act()[0]
                view = st.view(p)
                for a in view.legal:
                    for code, params in reasons(view, a):
                        line = describe_reasons([(code, params)], namer)
                        assert line and "{" not in line, (code, params)
                        worded.add(code)
                legal = st.legal_actions(p)
                st.apply(next((a for a in legal if a.verb in ("call", "claim", "win")), rng.choice(legal)))
    assert {"balik.draw", "balik.call", "balik.waits", "balik.win"} <= worded, worded


def test_every_option_choice_ending_and_payment_of_the_family_has_words(qapp):
    import typing

    from cekidesk.games.balik.scoring import BANGKONG_ENDING

    for gid in ("balik-satu", "chaqui", "balik-lima-belas", "chot", "gonggong", "tantanan", "ceken"):
        assert names.has_text(f"game.{gid}") and names.has_text(f"game.{gid}.blurb"), gid
        for name, info in get_game(gid).options_model.model_fields.items():
            assert names.has_text(info.title) and names.has_text(info.description), (gid, name)
            for value in typing.get_args(info.annotation):
                assert names.has_text(f"{info.title}.{value}"), (gid, name, value)
    for key in ("", ".help", ".limit"):
        assert names.has_text(BANGKONG_ENDING.title_key + key)
    for code in ("win", "ante", "pot", "ceken", "bangkong", "excess"):
        assert names.has_text(f"stake.{code}"), code
    assert game_ui("gonggong").money_options >= {"ceken_cents"}
    assert game_ui("chot").money_options >= {"bangkong_cents", "excess_cents"}


def test_the_call_and_the_claim_by_keyboard(qtbot, boxes, stacked):
    """C calls, S claims (window-wide keys); none of the family's keys is the window's own N or H."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest

    from cekidesk.ui.games.balik.layout import BalikLayout

    assert not {int(Qt.Key.Key_N), int(Qt.Key.Key_H)} & set(BalikLayout.game_keys)
    w = new_window(qtbot, auto_claim=False)
    c = w.controller
    start(w, stacked)
    wait_for_human(qtbot, w, "discard")
    assert c.play(Action(0, "discard", Kind.M6))
    wait_for_human(qtbot, w, "call")
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is w.windowHandle(), timeout=HANG_GUARD_MS)
    QTest.keyClick(QGuiApplication.focusWindow(), Qt.Key.Key_C)
    qtbot.waitUntil(lambda: c.view().calls[0] == "ceki", timeout=HANG_GUARD_MS)
    wait_for_human(qtbot, w, "claim")
    QTest.keyClick(QGuiApplication.focusWindow(), Qt.Key.Key_S)
    qtbot.waitUntil(lambda: c.match.hand_over(), timeout=HANG_GUARD_MS)
    assert c.match.logs[0][-1] == Action(0, "claim")
    w.close()


def test_fifteen_turned_cards_are_shown_readable_in_one_row(qtbot):
    """Balik Lima Belas and Chot turn fifteen cards: one row, none overlapping, each as tall as most
    of a winning set's card, narrower than the dialog at 1280×720; the one swapped in is greyed."""
    from cekidesk.ui.games.balik.game_ui import SHOWCASE_HEIGHT, BalikUI

    parent = QWidget()
    qtbot.addWidget(parent)
    turned = ["C1", "C8", "M3", "C5", "M1", "M2", "C4", "C9", "S3", "M2", "S5", "M5", "RF", "C7", "M4"]
    box = BalikUI._showcase([["C6", "C6", "C6"]], turned, ["M2"], str, parent)
    (row,) = box.findChildren(QWidget, "turnedCards")
    assert [lab.property("card") for lab in row.labels] == turned
    xs = [lab.x() for lab in row.labels]
    widths = [lab.pixmap().deviceIndependentSize().width() for lab in row.labels]
    assert all(b - a >= w for a, b, w in zip(xs, xs[1:], widths))
    assert xs[-1] + widths[-1] < 600
    assert all(lab.pixmap().deviceIndependentSize().height() >= 0.75 * SHOWCASE_HEIGHT for lab in row.labels)
    greyed = [lab.property("card") for lab in row.labels if not lab.isEnabled()]
    assert greyed == ["M2"]


def test_the_log_says_your_discard_when_another_player_takes_or_claims_the_humans_card(qapp):
    from cekidesk.engine.core import Event

    ui = game_ui("gonggong")
    seats = ["You", "Budi", "Sari", "Ayu"]
    say = lambda t, **d: ui.describe_event(Event(t, 2, d), seats, 0, names.card_name)  # noqa: E731
    assert say("take", card="C1", **{"from": 0}) == "Sari takes 1 of Coins from you."
    assert say("take", card="C1", **{"from": 1}) == "Sari takes 1 of Coins from Budi."
    assert say("claim", card="C1", source="discard", **{"from": 0}) == "Sari claims your discard 1 of Coins."
    assert say("claim", card="C1", source="stock", **{"from": 0}) == "Sampèi! Sari claims 1 of Coins, drawn by you."
    assert say("win", card="C1", how="take", **{"from": 0}) == "Sari wins on your discard 1 of Coins (metu)."
    assert say("win", card="C1", how="take", **{"from": 3}) == "Sari wins on Ayu's discard 1 of Coins (metu)."


@pytest.mark.parametrize("scoring,pot", [("toh_bayaran", False), ("undhuh", True), ("umbuk", True)])
def test_only_gonggongs_pot_methods_speak_of_a_pot(scoring, pot):
    match = new_match("gonggong", 4, 3, {"scoring": scoring})
    assert game_ui("gonggong").uses_pot(match) is pot
    assert game_ui("balik-satu").uses_pot(new_match("balik-satu", 4, 3)) is False
