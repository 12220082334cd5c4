"""Issue 32's words and table (engineer "words"): your own name beside the dealer chip in aksara Jawa,
the second person where "you" is the subject, Ce Pe's direction line and thrower label, Balik's
"Dealt again", Pèi's glossed stake terms, Ce Pe's players out in the end dialog, each hand's own deal
number in the history, Kartu Lima after the match, and several people at one table by their names."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from helpers import random_decision
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from cekidesk.games import games, get_game
from cekidesk.ui.foundations import i18n, names
from cekidesk.ui.foundations.fonts import install_javanese_font
from cekidesk.ui.games import load_game_uis
from cekidesk.ui.table import TableWidget
from cekidesk.ui.table.plates import SeatItem

load_game_uis()

#: the table's size in the window at 1280×720 (the log beside it), the whole 1280×720, full HD
TABLE_SIZES = [(1018, 555), (1280, 720), (1920, 1080)]


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def _player_counts(game: str) -> list[int]:
    spec = get_game(game)
    return sorted({spec.min_players, max(spec.min_players, min(spec.max_players, 4)), spec.max_players})


# -- your own name beside the dealer chip ------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "jv-Java"])
@pytest.mark.parametrize("game", [g.id for g in games()])
def test_your_own_name_is_never_cut_beside_the_dealer_chip(qtbot, language, lang, game):
    """In aksara Jawa your name ("ꦱꦩ꧀ꦥꦺꦪꦤ꧀") was elided to make room for the dealer's chip on the
    plates of Ceki, Pèi and the Balik family: the chip goes to the second line when the name needs
    its room.  Every game, a few player counts, the three table sizes, you the dealer and not."""
    install_javanese_font(QApplication.instance())
    language(lang)
    you = names.default_human_name()
    spec = get_game(game)
    cut = []
    dealt_by_you = 0
    for n in _player_counts(game):
        table = TableWidget()
        qtbot.addWidget(table)
        table.set_options(animation_speed="off")
        table.set_game(game, [you, *names.DEFAULT_BOT_NAMES[:n - 1]], 0)
        table.show()
        for W, H in TABLE_SIZES:
            table.resize(W, H)
            QApplication.processEvents()
            for dealer in (0, 1):
                table.show_view(spec.new_hand(spec.options_model(), n, 3, dealer).view(0))
                plates = [it for it in table.scene().items() if isinstance(it, SeatItem)]
                assert plates
                for it in plates:
                    if SeatItem.shown_name(it.spec) != it.spec.name:
                        cut.append((n, W, H, it.spec.name, it.spec.dealer, it.spec.rect.width()))
                mine = next(it for it in plates if it.spec.seat == 0)
                dealt_by_you += mine.spec.dealer
        table.close()
    assert not cut, cut
    assert dealt_by_you or game == "kartu-lima"     # (Kartu Lima's first dealer is cut for)


# -- "you" as the subject: the second person --------------------------------------------------------

#: "You" followed by a verb in the third person ("You begins", "You deals", "You is") or a possessive
#: made of the name ("You's"): a seat name in a sentence written for somebody else
THIRD_PERSON = re.compile(r"\bYou(?:'s\b| (?:is|has|was|does|goes|[a-z]*[^s\W]s)\b)")


#: options that bring a game's rarer sentences (side bets, other stake methods)
RICH_OPTIONS = {
    "kartu-lima": {"stakes": "undhuh_undhuh", "tomprang": True, "roosters": "tetep", "gor_goran": True,
                   "abang_ireng": True, "kucingan": True, "bedoran": True, "kasutan": True},
    "pei": {"stakes": "parewanan"},
}


def _sentences_of_a_match(game: str, n: int, seed: int, parent) -> list[str]:
    """Every sentence the log, the captions, the status line and the end-of-hand dialog say to the
    person in seat 0 (named "You", as the window names the only person) through a match of random
    moves."""
    from helpers import step

    from cekidesk.engine.protocol import events_for
    from cekidesk.games import new_match
    from cekidesk.ui.games import game_ui
    from cekidesk.ui.games.base import HandEndContent

    ui = game_ui(game)
    from cekidesk.ui.dialogs.hand_end import stake_item_text
    from cekidesk.ui.dialogs.score_sheet import match_progress

    mode = {"mode": "money", "stake_cents": 10} if seed % 2 else {"mode": "target", "target": 10**6}
    m = new_match(game, n, seed, RICH_OPTIONS.get(game) if seed >= 2 else None, match_options=mode)
    seat_names = [names.default_human_name(), *names.DEFAULT_BOT_NAMES[:n - 1]]
    namer = names.card_namer("latin", game)
    rng = random.Random(seed)
    said: list[str] = []
    hand = -1
    while True:
        if m.hand_index != hand:
            hand = m.hand_index
            said.append(ui.hand_heading(m, seat_names, 0))
            for ev in events_for(m.state.deal_events, 0):
                said += [ui.describe_event(ev, seat_names, 0, namer) or "", ui.caption(ev, seat_names, 0, namer) or ""]
        if not m.hand_over():
            view = m.state.view(0)
            if view.legal:
                said.append(ui.your_turn_text(view, seat_names))
        done = len(m.history)
        before = len(m.hand_events)
        if len(m.history) >= 3 or not step(m, rng):
            break
        if m.hand_index == hand:
            for ev in events_for(list(m.hand_events)[before:], 0):
                said += [ui.describe_event(ev, seat_names, 0, namer) or "",
                         ui.caption(ev, seat_names, 0, namer) or ""]
        if len(m.history) > done:
            rec = m.history[-1]
            content = HandEndContent()
            ui.fill_hand_end(content, m, rec, seat_names, 0, namer, parent)
            said += [ui.hand_over_text(rec.result, seat_names, 0), content.headline, content.explanation,
                     content.caption, ui.hand_summary(rec.result, seat_names), match_progress(m, seat_names, 0)]
            said += [stake_item_text(item, seat_names, 0) for item in rec.items]
    return [s for s in said if s]


@pytest.mark.parametrize("game", [g.id for g in games()])
def test_a_sentence_with_you_as_its_subject_speaks_to_you(qtbot, game):
    """Ce Pe's deal said "the counter starts at 0, You begins": every sentence in which the only
    person is the subject is in the second person ("you begin", "you deal"), in every game."""
    from PySide6.QtWidgets import QWidget
    parent = QWidget()
    qtbot.addWidget(parent)
    spec = get_game(game)
    wrong = set()
    for n in sorted({spec.min_players, spec.max_players if spec.max_players <= 6 else 6}):
        for seed in range(4):
            for s in _sentences_of_a_match(game, n, seed, parent):
                if THIRD_PERSON.search(s):
                    wrong.add(s)
    assert not wrong, sorted(wrong)[:20]


# -- Kartu Lima: New Game's money-only stakes, the badge and dealer after the match ------------------------

def test_new_game_offers_kartu_lima_stakes_only_for_a_money_match(qtbot):
    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.dialogs.new_game import NewGameDialog
    from cekidesk.ui.games import game_ui

    dlg = NewGameDialog(Settings())
    qtbot.addWidget(dlg)
    dlg.game_combo.setCurrentIndex(dlg.game_combo.findData("kartu-lima"))
    dlg.show()
    qtbot.waitExposed(dlg)
    form = dlg.options_form
    money_only = game_ui("kartu-lima").money_only_options
    assert {"stakes", "wudhon_stake", "side_stake", "kucingan", "gor_goran"} <= money_only

    def shown(name: str) -> bool:
        return form.widgets[name].isVisibleTo(dlg)
    dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData("money"))
    assert shown("stakes") and shown("wudhon_stake") and shown("side_stake") and shown("kucingan")
    form.widgets["stakes"].setCurrentIndex(form.widgets["stakes"].findData("bal_balan"))
    form.widgets["kucingan"].setChecked(True)
    assert shown("bal_stake") and not shown("wudhon_stake")
    assert dlg.config().options["stakes"] == "bal_balan" and dlg.config().options["kucingan"] is True
    for mode in ("hands", "target"):
        dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData(mode))
        assert not any(shown(f) for f in money_only), [f for f in money_only if shown(f)]
        assert shown("roosters") and shown("five_myriads") and shown("ana_kene")   # they change the play
        options = dlg.config().options
        assert options["stakes"] == "wudhon_tengah" and options["kucingan"] is False   # no bet in a match of points
    dlg.mode_combo.setCurrentIndex(dlg.mode_combo.findData("money"))     # the choices made are still there
    assert shown("bal_stake") and dlg.config().options["stakes"] == "bal_balan"


def test_kartu_lima_table_shows_the_last_hands_banjiran_and_dealer_after_the_match(qtbot):
    from helpers import step

    from cekidesk.games import new_match
    from cekidesk.games.kartu_lima.rules import streak_name

    for seed in range(3):
        m = new_match("kartu-lima", 5, seed, match_options={"mode": "hands", "hands": 3})
        rng = random.Random(seed)
        while step(m, rng):
            pass
        assert m.is_over()
        carry = m.history[-1].carry
        view = m.state.view(0)
        table = TableWidget()
        qtbot.addWidget(table)
        table.set_options(animation_speed="off")
        table.set_game("kartu-lima", ["You", *names.DEFAULT_BOT_NAMES[:4]], 0)
        table.resize(1280, 720)
        table.show_view(view)
        plates = {it.spec.seat: it.spec for it in table.scene().items() if isinstance(it, SeatItem)}
        badged = [q for q, s in plates.items() if s.badge]
        assert badged == [carry.banjiran], (seed, badged, carry)
        assert plates[carry.banjiran].badge == names.term(streak_name(carry.streak), "latin")
        assert [q for q, s in plates.items() if s.dealer] == [carry.banjiran]
        table.close()


# -- Ce Pe: the thrower's name clear of the seats; the direction line on your turn ------------------------

@pytest.mark.parametrize("lang", ["en", "jv-Java"])
@pytest.mark.parametrize("players", [7, 8])
def test_ce_pe_thrower_label_clears_the_seats_with_many_players(qtbot, language, lang, players):
    """With eight players the name under the discards lay over the lower right seat's backs: it
    goes over or beside the pile where under it is taken.  Every move of two random hands, at the
    three table sizes: the label clears every plate, every card and every other label."""
    from cekidesk.ui.table.widget import LabelItem

    install_javanese_font(QApplication.instance())
    language(lang)
    spec = get_game("ce-pe")
    table = TableWidget()
    qtbot.addWidget(table)
    table.set_options(animation_speed="off")
    table.set_game("ce-pe", [names.default_human_name(), *names.DEFAULT_BOT_NAMES[:players - 1]], 0)
    table.show()
    bad, seen = [], 0
    for seed in range(2):
        rng = random.Random(seed)
        st = spec.new_hand(spec.options_model(), players, seed, seed % players)
        for step in range(160):
            if step % 4:
                if st.is_terminal():
                    break
                st.apply(random_decision(st, rng))
                continue
            W, H = TABLE_SIZES[(step // 4) % 3]
            if (table.width(), table.height()) != (W, H):
                table.resize(W, H)
                QApplication.processEvents()
            table.show_view(st.view(0))
            items = [it for it in table.scene().items() if it.isVisible()]
            thrower = [it for it in items if isinstance(it, LabelItem) and it.spec.key == ("thrower",)]
            if thrower:
                seen += 1
                r = thrower[0].mapRectToScene(thrower[0].boundingRect().adjusted(1, 1, -1, -1))
                others = [it for it in items if it is not thrower[0]
                          and isinstance(it, (SeatItem, LabelItem))] + list(table.card_items())
                for it in others:
                    if isinstance(it, SeatItem):
                        local = QRectF(0, 0, it.spec.rect.width(), it.spec.rect.height())
                    elif isinstance(it, LabelItem):
                        local = it.boundingRect().adjusted(1, 1, -1, -1)     # (the item's 1-pixel margin)
                    else:
                        local = it.visible_rect()
                    rect = it.mapRectToScene(local)
                    if it.isVisible() and r.intersects(rect):
                        bad.append((seed, step, W, thrower[0].spec.text, getattr(it, "key", None) or it.spec.key
                                    if not isinstance(it, SeatItem) else f"seat {it.spec.seat}"))
            if st.is_terminal():
                break
            st.apply(random_decision(st, rng))
    assert seen > 10
    assert not bad, bad[:10]


# -- every dialog's Alt+letters unique, in every language --------------------------------------------

def _duplicates(top) -> dict[str, list[str]]:
    from cekidesk.ui.widgets.mnemonics import dialog_marks
    seen: dict[str, list[str]] = {}
    for key, text in dialog_marks(top):
        seen.setdefault(key, []).append(text)
    return {k: v for k, v in seen.items() if len(v) > 1}


def _every_dialog(qtbot, w, monkeypatch):
    """Every dialog and message box of the window, shown, one after another (a generator: each is
    checked while it is open)."""
    from helpers import step as play_step
    from PySide6.QtWidgets import QMessageBox, QTabWidget

    from cekidesk.games import new_match
    from cekidesk.persistence.saves import Seat, load_match, save_match
    from cekidesk.ui.dialogs.continue_game import ask_continue
    from cekidesk.ui.dialogs.hand_end import HandEndDialog
    from cekidesk.ui.dialogs.new_game import NewGameDialog
    from cekidesk.ui.dialogs.standings import StandingsDialog
    from cekidesk.ui.games.ce_pe.editor import RuleEditor
    from cekidesk.ui.games.ceki.lesson import lesson as ceki_lesson
    from cekidesk.ui.window import quit_prompt
    from cekidesk.ui.window.coach import LessonChooser, SummaryDialog
    from cekidesk.ui.window.history import HistoryDialog

    def shown(dlg, what):
        dlg.show()
        qtbot.waitExposed(dlg)
        QApplication.processEvents()
        return dlg, what

    dlg = NewGameDialog(w.settings, w)
    qtbot.addWidget(dlg)
    shown(dlg, "new game")
    for g in range(dlg.game_combo.count()):
        dlg.game_combo.setCurrentIndex(g)
        for m in range(dlg.mode_combo.count()):
            dlg.mode_combo.setCurrentIndex(m)
            QApplication.processEvents()
            yield dlg, f"new game {dlg.game_combo.itemData(g)} {dlg.mode_combo.itemData(m)}"
    dlg.close()
    settings = w.show_settings()
    for tabs in settings.findChildren(QTabWidget) or [None]:
        for i in range(tabs.count() if tabs else 1):
            if tabs:
                tabs.setCurrentIndex(i)
            yield shown(settings, f"settings {i}")
    settings.close()
    seats = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("normal", "Sari")]
    m = new_match("ceki", 3, 5, match_options={"mode": "hands", "hands": 1})
    rng = random.Random(5)
    while play_step(m, rng):
        pass
    names_ = ["You", "Budi", "Sari"]
    for make, what in ((lambda: HandEndDialog(m, names_, 0, parent=w), "hand end"),
                       (lambda: StandingsDialog(m, names_, 0, w), "standings"),
                       (lambda: HistoryDialog(w), "history"),
                       (lambda: RuleEditor(parent=w), "Ce Pe rule editor"),
                       (lambda: LessonChooser("ceki", w), "lesson chooser"),
                       (lambda: SummaryDialog(ceki_lesson(), w), "lesson summary"),
                       (lambda: quit_prompt.make_box(w, "text", True)[0], "quit question")):
        d = make()
        qtbot.addWidget(d)
        yield shown(d, what)
        d.close()
    for show, what in ((w.show_score_sheet, "score sheet"), (w.show_help, "help"), (w.show_about, "about"),
                       (w.show_statistics, "statistics")):
        d = show()
        yield shown(d, what)
        d.close()
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.cekidesk"
        save_match(path, new_match("ceki", 3, 9), seats)
        boxes: list = []

        def exec_(box):
            boxes.append(box)
            box.show()
            QApplication.processEvents()
            return 0
        monkeypatch.setattr(QMessageBox, "exec", exec_)
        ask_continue(w, load_match(path))
        yield boxes[0], "continue question"
        boxes[0].close()


@pytest.mark.parametrize("lang", ["en", "id", "jv", "jv-Java"])
def test_no_dialog_repeats_an_alt_letter_in_any_language(qtbot, boxes, language, monkeypatch, lang):
    """New Game in aksara Jawa marked (P) and (D) twice (Javanese "&Pemain:" and "&Pungkasan:"),
    Indonesian Settings M twice, English New Game E and U with Ce Pe: in every dialog and message box
    of the window, each letter is marked once."""
    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.main_window import MainWindow

    w = MainWindow(Settings(language=lang, animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    checked = []
    for dlg, what in _every_dialog(qtbot, w, monkeypatch):
        checked.append(what)
        assert not _duplicates(dlg), (lang, what, _duplicates(dlg))
    assert len(checked) > 30


def test_a_dialog_open_during_a_language_change_keeps_its_alt_letters_unique(qtbot, boxes, language):
    from cekidesk.persistence.settings import Settings
    from cekidesk.ui.main_window import MainWindow

    w = MainWindow(Settings(language="en", animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.show()
    dlg = w.show_settings()
    qtbot.waitExposed(dlg)
    dlg.language.setCurrentIndex(dlg.language.findData("id"))     # Indonesian marks M, T and W twice
    qtbot.waitUntil(lambda: i18n.current_language() == "id" and dlg.windowTitle() != "Settings")
    qtbot.waitUntil(lambda: not _duplicates(dlg))
    dlg.language.setCurrentIndex(dlg.language.findData("jv-Java"))
    qtbot.waitUntil(lambda: i18n.current_language() == "jv-Java")
    qtbot.waitUntil(lambda: not _duplicates(dlg))
    dlg.close()


# -- several people at one computer: each by their own name, nobody "You" ---------------------------------

def test_with_several_people_the_first_is_never_called_you(qtbot, boxes):
    """Two people who kept the offered name (as a save of before named the first "You"): the table,
    the captions, the log, the status line, the pass screen and the end-of-hand dialog call them
    "Player 1" and "Player 3", never "You"."""
    from PySide6.QtWidgets import QAbstractButton, QLabel
    from test_seats import play_hand, texts_shown
    from window_helpers import open_window

    from cekidesk.persistence.saves import Seat
    from cekidesk.ui.dialogs.new_game import NewGameConfig

    w = open_window(qtbot)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    seats = [Seat.human(names.DEFAULT_HUMAN_NAME), Seat.bot("normal", "Budi"), Seat.human(names.DEFAULT_HUMAN_NAME)]
    assert w.start_new_game(NewGameConfig("ceki", seats, 11, {}, {"mode": "hands", "hands": 3}))
    assert w.seat_names() == ["Player 1", "Budi", "Player 3"]
    you = re.compile(r"\bYou\b")
    said: list[str] = []

    def look() -> None:
        texts = texts_shown(w)
        said.extend(texts)
        assert not [t for t in texts if you.search(t)], [t for t in texts if you.search(t)]
    look.checks = look.screens = 0      # (what play_hand's leak check counts)
    done = play_hand(qtbot, w, look)
    assert done.get("Player 1") and done.get("Player 3")
    assert any("Player 1" in t for t in said) and any("Player 3" in t for t in said)
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible())
    dlg = w.hand_end_dialog
    words = [x.text() for x in dlg.findChildren(QLabel) + dlg.findChildren(QAbstractButton)]
    assert not [t for t in words if you.search(t)]
    assert not [line for line in w.log_dock.lines() if you.search(line)]
    w.close()


# -- Balik's redeal, Pèi's stake terms, Ce Pe's players out, the deal numbers -----------------------------

def _finished_hand(game: str, n: int, seed: int, keep=lambda result: True, tries: int = 400):
    """The state of a random hand of ``game`` at its end whose result ``keep`` accepts (from ``seed`` on)."""
    spec = get_game(game)
    for s in range(seed, seed + tries):
        st = spec.new_hand(spec.options_model(), n, s, 0)
        rng = random.Random(s)
        while not st.is_terminal():
            st.apply(random_decision(st, rng))
        if keep(st.result()):
            return st
    raise AssertionError("no such hand")


def test_balik_says_dealt_again_not_replay(qtbot):
    """A turned 1 or White Flower deals the hand again: the dialog's headline, the status line, the
    table and the score sheet say "Dealt again", never "Replay" (the hand history's replay is
    something else)."""
    from cekidesk.ui.games import game_ui
    from cekidesk.ui.table.layouts import LayoutOptions, layout_class

    st = _finished_hand("balik-satu", 4, 100, lambda r: bool(r.details.get("replay")))
    res = st.result()
    ui = game_ui("balik-satu")
    seat_names = ["You", "Budi", "Sari", "Ayu"]
    headline = ui._headline(res, seat_names, 0)
    assert headline.startswith("Dealt again: ") and "was turned" in headline
    assert ui.hand_over_text(res, seat_names, 0).endswith("the hand is dealt again.")
    assert ui.hand_summary(res, seat_names) == "dealt again"
    plan = layout_class("balik-satu")(seat_names, 0).plan(st.view(0), 1280, 720, LayoutOptions())
    notes = [lab.text for lab in plan.labels if lab.key == ("result",)]
    assert notes == ["Dealt again"]
    everything = [headline, ui.hand_over_text(res, seat_names, 0), *notes]
    assert not any("Replay" in t or "replay" in t for t in everything)


def test_peis_stake_terms_are_glossed_in_every_language(language):
    """Té lumrah, té mati, belahan, patang atusan, jung, wudon, wul-wulan, jedhil: each says in a
    word or two what it is, in New Game's options and in the itemised payments of a round."""
    from cekidesk.games import get_game as game

    fields = game("pei").options_model.model_fields
    glossed = {"te_lumrah": "normal payment", "te_mati": "dead payment", "belahan": "split",
               "patang_atusan": "four hundred", "jung": "difference", "wudon_stake": "middle",
               "wulwulan_stake": "jackpot", "jedhil_stake": "extract"}
    for field, gloss in glossed.items():
        assert gloss in names.text(fields[field].title, ""), field
    for code, gloss in (("te_lumrah", "normal payment"), ("te_mati", "dead payment"), ("belahan", "split"),
                        ("patang_atusan", "four hundred"), ("wudon_stake", "middle"), ("jedhil_stake", "extract")):
        assert gloss in names.text(f"stake.{code}", ""), code
    for lang, word in (("id", "bayaran biasa"), ("jv", "bayaran lumrah")):
        language(lang)
        assert word in names.text(fields["te_lumrah"].title, "") and word in names.text("stake.te_lumrah", "")
        for field in glossed:
            title = names.text(fields[field].title, "")
            assert "(" in title, (lang, title)       # every term keeps its gloss in brackets


def test_ce_pes_end_dialog_says_out_for_the_players_out(qtbot):
    from PySide6.QtWidgets import QLabel, QWidget

    from cekidesk.games import new_match
    from cekidesk.ui.games import game_ui
    from cekidesk.ui.games.base import HandEndContent

    parent = QWidget()
    qtbot.addWidget(parent)
    for seed in range(40):
        m = new_match("ce-pe", 4, seed)
        rng = random.Random(seed)
        while not m.hand_over():
            m.apply(random_decision(m.state, rng))
        rec = m.history[-1]
        order = list(rec.result.details.get("order") or ())
        if order:
            break
    content = HandEndContent()
    seat_names = ["You", "Budi", "Sari", "Ayu"]
    game_ui("ce-pe").fill_hand_end(content, m, rec, seat_names, 0, names.card_namer("latin"), parent)
    notes = {int(lab.objectName().removeprefix("handNote")): lab.text()
             for lab in content.showcase.findChildren(QLabel) if lab.objectName().startswith("handNote")}
    assert set(order) <= set(notes) and all(notes[q] == "out" for q in order)
    hands = rec.result.details["hands"]
    assert all(notes.get(q) in ("out", "no cards") for q in range(4) if not hands[q])


def test_the_status_line_shows_the_hands_own_deal_number(qtbot, boxes):
    from window_helpers import open_window

    from cekidesk.persistence.saves import Seat
    from cekidesk.ui.dialogs.new_game import NewGameConfig

    w = open_window(qtbot)
    seats = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("normal", "Sari")]
    assert w.start_new_game(NewGameConfig("ceki", seats, 4242, {}, {"mode": "hands", "hands": 3}))
    assert w.info_label.text() == "Hand 1 · deal no. 4242"
    c = w.controller
    qtbot.waitUntil(lambda: c.match.hand_over() or c.waiting_for_human())
    while not c.match.hand_over():
        qtbot.waitUntil(lambda: c.match.hand_over() or c.waiting_for_human())
        if c.waiting_for_human():
            c.play(c.view().legal[0])
    w.next_hand()
    qtbot.waitUntil(lambda: c.match.hand_index == 1)
    assert w.info_label.text() == f"Hand 2 · deal no. {c.match.hand_seed}" and c.match.hand_seed != 4242
    w.close()
