"""Pèi through the real main window (offscreen): a whole round played by mouse clicks on the cards,
the stock and the capture choices the table offers, the end-of-round dialog and the next round;
quitting mid-round and continuing gives the identical table and log; the help page, the New Game
dialog and the game-log sentences of every Pèi event."""
from __future__ import annotations

import random
from collections import Counter

from PySide6.QtCore import QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox
from waiting import HANG_GUARD_MS

from cekidesk.bots import make_bot
from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.persistence import paths
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui import dialogs
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.hand_end import stake_item_text
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.games import game_ui
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.table.cards import CardItem
from cekidesk.ui.window.gamelog import describe_event

guard_none_refcount()

SEATS = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("beginner", "Sari")]
NAMES = ["You", "Budi", "Sari"]


def new_window(qtbot, size=(1280, 720)) -> MainWindow:
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    return w


def start(w: MainWindow, seed: int, stakes: str = "rampung") -> None:
    assert w.start_new_game(NewGameConfig("pei", list(SEATS), seed, {"stakes": stakes}, {"mode": "money"}))


def wait_turn_or_end(qtbot, w: MainWindow) -> None:
    c = w.controller
    qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)


def choose(w: MainWindow, view) -> Action:
    m = w.controller.match
    bot = make_bot("pei", "normal", w.controller.human_seat)
    a = bot.choose(view, random.Random(f"you:{m.seed}:{m.hand_index}:{len(m.logs[-1])}"))
    assert a in view.legal
    return a


def cards(w: MainWindow, role: str | None = None) -> list[CardItem]:
    return [it for it in w.table.card_items() if role is None or it.role == role]


def visible_point(w: MainWindow, item: CardItem) -> QPoint:
    t = w.table
    r = item.visible_rect()
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fx in (0.5, 0.3, 0.7, 0.1, 0.9):
            p = t.mapFromScene(item.mapToScene(QPointF(r.left() + fx * r.width(), r.top() + fy * r.height())))
            if not t.viewport().rect().contains(p):
                continue
            top = next((i for i in t.items(p) if isinstance(i, CardItem)), None)
            if top is item:
                return p
    raise AssertionError(f"no visible point on {item.key}")


def item_for(w: MainWindow, action: Action) -> CardItem:
    if action.verb == "draw":
        found = cards(w, "stock")
        assert found and all(it.action == action for it in found)
        return max(found, key=lambda it: it.zValue())
    if action.verb == "capture":
        found = [it for it in cards(w, "pool") if it.action == action]
        assert len(found) == 1 and found[0].kind == action.card and found[0].highlight
        return found[0]
    hand = [it for it in cards(w, "hand") if it.kind == action.card]
    assert hand and all(it.action == action for it in hand)
    return hand[len(hand) // 2]


def check_table_shows(w: MainWindow, view) -> None:
    assert Counter(it.kind for it in cards(w, "hand")) == Counter(view.hand)
    assert Counter(it.kind for it in cards(w, "pool")) == Counter(view.pool)
    for q in range(3):
        assert Counter(it.kind for it in cards(w) if it.role == "captured" and it.seat == q) == Counter(view.captured[q])
        assert w.table.seat_items()[q].spec.count == view.hand_counts[q]
    assert [it.kind for it in cards(w, "pending")] == ([view.pending] if view.pending is not None else [])


def play_round_by_mouse(qtbot, w: MainWindow) -> list[str]:
    c, t = w.controller, w.table
    clicked: list[str] = []
    while True:
        wait_turn_or_end(qtbot, w)
        if c.match.hand_over():
            return clicked
        view = c.view()
        assert t.current_view() == view
        check_table_shows(w, view)
        text = w.status_label.text()
        assert text.startswith("Your turn")
        if view.phase == "capture":
            assert "choose which card to capture" in text
        action = choose(w, view)
        item = item_for(w, action)
        pos = visible_point(w, item)
        n = len(c.match.logs[-1])
        qtbot.mouseClick(t.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        qtbot.waitUntil(lambda: len(c.match.logs[-1]) > n, timeout=HANG_GUARD_MS)
        assert c.match.logs[-1][n] == action
        clicked.append(item.role)
        assert len(clicked) < 100


def test_a_whole_round_by_mouse_to_the_end_of_round_dialog_and_the_next(qtbot, boxes):
    w = new_window(qtbot)
    c = w.controller
    roles: set[str] = set()
    for seed in range(31, 41):
        start(w, seed)
        assert c.match.spec.id == "pei" and c.match.n_players == 3
        roles = set(play_round_by_mouse(qtbot, w))
        assert {"hand", "stock"} <= roles
        if "pool" in roles:        # a capture choice was clicked too
            break
    assert roles == {"hand", "stock", "pool"}, roles
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    dlg = w.hand_end_dialog
    res = c.match.history[-1].result
    win = res.details["ranking"][0]
    who = "You are" if win == 0 else f"{NAMES[win]} is"
    assert dlg.headline.text() == f"{who} ngeté with {res.points[win]} points" + ("!" if win == 0 else "")
    assert "Ranking: ngeté" in dlg.explanation.text() and "tengah" in dlg.explanation.text()
    ui = game_ui("pei")
    shown = {seat: rows for seat, rows in ui.showcase_rows}
    for seat in range(3):
        arr = res.details["arrangements"][seat]
        want = [c for _, c, _ in arr["combos"]] + ([arr["loose"]] if arr["loose"] else [])
        got = [getattr(row, "cards", None) or [lab.property("card") for lab in row.labels] for row in shown[seat]]
        assert got == want
    labels = [lab.text() for lab in dlg.findChildren(type(dlg.headline)) if lab.objectName().startswith("comboLabel_")]
    assert len(labels) == sum(len(a["combos"]) for a in res.details["arrangements"])
    assert w.status_label.text().endswith("Press N for the next round.")
    assert w.status_label.text().startswith("Round over — ")
    # the itemised payments read as sentences with the Pèi words
    items = dlg.findChild(type(dlg.headline), "stakeItems")
    if c.match.history[-1].items:
        assert items is not None and ("jung" in items.text() or "té" in items.text())
    qtbot.mouseClick(dlg.next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.match.hand_index == 1 and w.hand_end_dialog is None, timeout=HANG_GUARD_MS)
    assert not c.match.hand_over()
    assert any(line.startswith("Round 2 — ") and "raja" in line for line in w.log_dock.lines())
    assert any(line.startswith("Seating draw") for line in w.log_dock.lines())
    wait_turn_or_end(qtbot, w)
    check_table_shows(w, c.view())
    w.close()


def test_quit_mid_round_and_continue_gives_the_identical_table(qtbot, boxes, monkeypatch):
    w1 = new_window(qtbot)
    start(w1, 44)
    c1 = w1.controller
    while True:
        wait_turn_or_end(qtbot, w1)
        v = c1.view()
        if v.turn >= 16 and any(v.captured):
            break
        assert c1.play(choose(w1, v))
    view1 = c1.view()
    pos1 = {it.key: (it.kind, it.face_up, it.role, round(it.pos().x(), 2), round(it.pos().y(), 2))
            for it in w1.table.card_items()}
    log1 = w1.log_dock.lines()
    status1 = w1.status_label.text()
    assert c1.autosave_exists()
    w1.act_quit.trigger()
    monkeypatch.setattr(dialogs, "ask_continue", lambda parent, loaded: True)
    w2 = new_window(qtbot)
    w2.startup()
    c2 = w2.controller
    qtbot.wait(20)
    assert c2.view() == view1
    pos2 = {it.key: (it.kind, it.face_up, it.role, round(it.pos().x(), 2), round(it.pos().y(), 2))
            for it in w2.table.card_items()}
    assert pos2 == pos1
    assert w2.log_dock.lines() == log1
    assert w2.status_label.text() == status1
    w2.close()


def test_help_page_pictures_the_combinations(qtbot, boxes):
    w = new_window(qtbot)
    start(w, 5)
    dlg = w.show_help()
    assert dlg.browser is dlg.browsers["pei"]
    html = dlg.page_html("pei")
    text = dlg.browsers["pei"].toPlainText()
    for code in ("C1", "C2", "C3", "S9", "RF", "OT", "WF", "S8", "M9", "C8", "S2", "M2", "C9", "S1", "M1"):
        assert f"card:{code}/" in html, code
    img = dlg.browsers["pei"].document().resource(QTextDocument.ResourceType.ImageResource, QUrl("card:M9/84"))
    assert img is not None and not img.isNull()
    for words in ("raja", "patih", "unyik", "bunci ireng", "bunci abang", "pang kéyang", "pang picis", "macan",
                  "39", "117", "154", "la pêche", "Magelang", "jentolan", "wudon", "rampung", "jung", "ngeté",
                  "bottom", "Javaanse kaartspelen", "every round", "anticlockwise", "only you see this"):
        assert words in text, words
    w.close()


def test_new_game_dialog_offers_pei_for_three_with_the_stake_amounts_of_the_method(qtbot, boxes):
    w = new_window(qtbot)
    dlg = NewGameDialog(w.settings, w)
    qtbot.addWidget(dlg)
    dlg.game_combo.setCurrentIndex(dlg.game_combo.findData("pei"))
    assert dlg.game_combo.currentText() == "Pèi"
    assert dlg.players_spin.minimum() == dlg.players_spin.maximum() == dlg.players_spin.value() == 3
    form = dlg.options_form
    stakes = form.widgets["stakes"]
    assert isinstance(stakes, QComboBox)
    texts = [stakes.itemText(i) for i in range(stakes.count())]
    assert all(not t.startswith(("jentolan", "wudon", "rampung")) for t in texts)
    assert texts[0].startswith("Jentolan")
    assert isinstance(form.widgets["variant"], QComboBox) and form.widgets["variant"].currentText().startswith("Javanese")
    assert isinstance(form.widgets["ten_rank"], QCheckBox)
    dlg.show()
    groups = {"jentolan": set(), "wudon": {"wudon_stake"},
              "rampung": {"te_lumrah", "te_mati", "belahan", "patang_atusan", "jung"},
              "parewanan": {"wudon_stake", "te_lumrah", "te_mati", "belahan", "patang_atusan", "jung"},
              "wulwulan": {"wulwulan_stake"},
              "jedhil": {"jedhil_stake", "jedhil_win", "jedhil_win_350", "jedhil_win_400", "jedhil_second"}}
    amounts = set().union(*groups.values())
    dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData("money"))   # (the amounts are a money match's)
    for method, shown in groups.items():
        stakes.setCurrentIndex(stakes.findData(method))
        for name in amounts:
            visible = form.widgets[name].isVisibleTo(dlg)
            assert visible == (name in shown), (method, name)
            assert isinstance(form.widgets[name], QSpinBox)
    # the stake per point is not asked for: the method's amounts are used
    assert not dlg.stake_spin.isVisibleTo(dlg)
    # a match not for money asks for no amount (issue 32); the method stays (jentolan: the loser deals)
    dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData("hands"))
    assert stakes.isVisibleTo(dlg) and not any(form.widgets[name].isVisibleTo(dlg) for name in amounts)
    dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData("money"))
    assert "stake method chosen under Rules" in dlg.mode_help.text()
    stakes.setCurrentIndex(stakes.findData("jedhil"))
    form.widgets["jedhil_win"].setValue(12)
    cfg = dlg.config()
    assert cfg.game_id == "pei" and cfg.options["stakes"] == "jedhil" and cfg.options["jedhil_win"] == 12
    w.start_new_game(cfg)
    assert w.controller.match.options.jedhil_win == 12
    w.close()


def test_game_log_sentences_for_every_pei_event():
    ui = game_ui("pei")
    say = lambda e, human=0: describe_event(e, NAMES, human, "pei")  # noqa: E731
    seating = Event("seating", None, {"cards": [["C9", "M1"], ["S3", "C4"], ["WF", "S2"]], "roles": [0, 1, 2],
                                      "rounds": [[["C9", "M1"], ["S3", "C4"], ["WF", "S2"]]]})
    assert say(seating) == ("Seating draw: You 9 of Coins + 1 of Myriads = 19, Budi 3 of Strings + 4 of Coins = 7, "
                            "Sari White Flower + 2 of Strings = 3. Raja: You; patih: Budi; unyik: Sari.")
    assert ui.describe_event(Event("seating", None, {"cards": [["C9", "M1"], ["S3", "C4"], ["WF", "S2"]],
                                                     "roles": [0, 1, 2], "rounds": [[], []]}), NAMES, 0,
                             str).startswith("Seating draw (ties drawn again): ")
    deal_you = Event("deal", 0, {"count": 14, "pool": ["C5"] * 12, "stock": 42, "last_card": "S7", "role": 0,
                                 "cards": ["C1", "OT"]})
    assert say(deal_you) == "You are dealt 1 of Coins and Old Thousand; 12 of your packets go face up to the pool."
    assert say(Event("deal", 2, {"count": 14, "pool": ["C5"] * 12, "stock": 42, "last_card": "S7", "role": 2})) == \
        ("Sari is dealt 14 cards; 12 go face up to the pool. The top card of the stock is turned up: "
         "7 of Strings (the unyik's last draw).")
    assert say(Event("deal", 1, {"count": 14, "pool": ["C5"] * 12, "stock": 42, "last_card": "S7", "role": 1})) == \
        "Budi is dealt 14 cards; 12 go face up to the pool."
    assert say(Event("peek", 1, {"card": "M4"}), human=1) == \
        "You look at the next card of the stock: 4 of Myriads. Only you know it; it will be your last draw."
    assert say(Event("peek", 1, {})) == "Budi looks at a card of the stock that only they will draw."
    assert say(Event("play", 0, {"card": "C5", "captured": "M5", "choice": False})) == \
        "You play 5 of Coins and capture 5 of Myriads."
    assert say(Event("play", 2, {"card": "S6", "captured": None, "choice": False})) == \
        "Sari plays 6 of Strings: no match, it stays in the pool."
    assert say(Event("play", 1, {"card": "WF", "captured": None, "choice": True})) == \
        "Budi plays White Flower: several kinds of that rank lie in the pool."
    assert say(Event("capture", 1, {"card": "WF", "captured": "RF", "from": "hand"})) == \
        "Budi chooses Red Flower: captured with White Flower."
    assert say(Event("draw", 0, {"card": "S8", "captured": "C8", "choice": False, "left": 30})) == \
        "You draw 8 of Strings from the bottom of the stock and capture 8 of Coins (30 left)."
    assert say(Event("draw", 2, {"card": "S3", "captured": None, "choice": False, "left": 0})) == \
        "Sari draws 3 of Strings from the bottom of the stock: it stays in the pool (0 left)."
    assert say(Event("draw", 2, {"card": "S3", "captured": None, "choice": True, "left": 9})) == \
        "Sari draws 3 of Strings from the bottom of the stock: several kinds of that rank lie in the pool (9 left)."
    end = Event("end", None, {"ranking": [2, 0, 1], "points": [322, 275, 354], "left": ["M3"], "roles": [0, 1, 2]})
    assert say(end) == ("Round over: Sari 354 (ngeté), You 322 (tengah), Budi 275 (kete). "
                        "Left in the pool: 3 of Myriads.")
    assert {"end", "seating"} <= ui.important_events
    # the status texts
    res = HandResult("scored", (322, 275, 354), (2,), {"ranking": [2, 0, 1]})
    assert ui.hand_over_text(res, NAMES, 0) == "Round over — Sari is ngeté with 354 points."
    assert ui.hand_summary(res, NAMES) == "Sari ngeté 354"
    # the itemised stakes read as sentences
    assert stake_item_text(("jung", 1, 2, 40), NAMES, 0) == "Budi pays Sari 40 ¢ (jung: the difference in points)"
    assert stake_item_text(("wudon_win", None, 2, 20), NAMES, 0) == \
        "Sari takes 20 ¢ from the pot (wudon: the ngeté's two thirds)"
