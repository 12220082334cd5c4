"""Ce Pe through the real main window (offscreen): a whole stacked hand — an Ace played +11 from its
choice buttons by keyboard, the dimmed cards at 100 with their tooltips, a 3's exchange (click the
card to give), the computer player's King and the rest of the hand — through the end-of-hand dialog;
the game log's sentences (every event of random hands of every preset is worded, no code reaches the
player); the help page with the four rule sets side by side and the rules of the game under way."""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from waiting import HANG_GUARD_MS
from window_helpers import open_window, visible_point

import cekidesk.games as games_pkg
from cekidesk.bots import Bot
from cekidesk.engine.cards import ALL_WKINDS, WCard, WKind
from cekidesk.engine.core import Action
from cekidesk.engine.match import Match
from cekidesk.games import get_game, new_match
from cekidesk.games.ce_pe import rules
from cekidesk.games.ce_pe.ruleset import PRESETS, preset
from cekidesk.persistence.saves import Seat
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.foundations import names
from cekidesk.ui.games import game_ui
from cekidesk.ui.games.base import HelpContext
from cekidesk.ui.main_window import MainWindow

guard_none_refcount()

GAME = "ce-pe"
W = WKind.parse
HUMAN = ("AS", "3H", "9D", "2S")
BUDI = ("KC", "9C", "8C", "6C")
#: the stock's top cards: the human's draw after the Ace, Budi's after the King, the human's after the 3
STOCK = ("4D", "QH", "JD")


class Highest(Bot):
    """Budi: the play that leaves the counter highest (the King at once), else his only move."""

    game_id = GAME
    level = "test-highest"

    def choose(self, view, rng):
        plays = [a for a in view.legal if a.verb == "play"]
        if not plays:
            return view.legal[0]
        return max(plays, key=lambda a: rules.after_of(view.rules.effect_of(a.card), view.counter, a.amount))


def stacked_deck() -> list[WCard]:
    """The 52 cards with the human's four first (they start: Budi deals), then Budi's, then the stock
    from its top."""
    first = [W(c) for c in HUMAN + BUDI + STOCK]
    rest = [k for k in ALL_WKINDS if k not in first]
    return [WCard(k) for k in first + rest]


@pytest.fixture
def stacked(monkeypatch):
    """Ce Pe with the stacked deal and Budi's player; the seed whose first dealer is Budi (seat 1)."""
    spec = get_game(GAME)

    def new_hand(options, n, seed, dealer, *, carry=None):
        return rules.new_hand(options, n, seed, dealer, carry=carry, deck=stacked_deck() if dealer == 1 else None)

    monkeypatch.setitem(games_pkg._REGISTRY, GAME, spec.replace(new_hand=new_hand, bots=(Highest,)))
    return next(s for s in range(100) if new_match(GAME, 2, s).dealer == 1)


def wait_for_human(qtbot, w: MainWindow) -> None:
    c = w.controller
    qtbot.waitUntil(lambda: c.match.hand_over() or c.waiting_for_human(), timeout=HANG_GUARD_MS)
    qtbot.waitUntil(lambda: c.match.hand_over() or w.table.current_view() == c.view(), timeout=HANG_GUARD_MS)


def hand_item(w: MainWindow, code: str):
    return next(it for it in w.table.card_items() if it.role == "hand" and it.kind == W(code))


def click(qtbot, w: MainWindow, item) -> None:
    qtbot.mouseClick(w.table.viewport(), Qt.MouseButton.LeftButton, pos=visible_point(w, item))


def play_on(qtbot, w: MainWindow) -> None:
    """The human's move by mouse: a card that plays (or gives, or turns down), else a card's first
    choice; a loss is played for them (``auto_action``)."""
    c = w.controller
    items = sorted((it for it in w.table.card_items() if it.role == "hand" and (it.action or it.opens)),
                   key=lambda it: it.pos().x())
    if not items:
        assert c.view().legal == (Action(0, "lose"),)
        qtbot.waitUntil(lambda: c.match.hand_over() or not c.waiting_for_human(), timeout=HANG_GUARD_MS)
        return
    turns = c.view().turns
    click(qtbot, w, items[0])
    if items[0].opens:
        (bar,) = w.table.choice_bars()
        qtbot.mouseClick(next(iter(bar.buttons.values())), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.match.hand_over() or c.view().turns > turns, timeout=HANG_GUARD_MS)


def test_a_whole_hand_with_an_ace_choice_and_an_exchange(qtbot, boxes, stacked):
    w = open_window(qtbot)
    c = w.controller
    assert w.start_new_game(NewGameConfig(GAME, [Seat.human("You"), Seat.bot("test-highest", "Budi")], stacked,
                                          {"penalty": "out"}, {"mode": "hands", "limit": 1}))
    wait_for_human(qtbot, w)
    assert sorted(c.view().hand, key=lambda k: k.number) == sorted(map(W, HUMAN), key=lambda k: k.number)
    assert w.status_label.text() == "Your turn: the counter is at 0, the limit 100. Play a card."
    # the Ace by keyboard: select it, Enter shows its two ways, Right and Enter choose +11
    ace = hand_item(w, "AS")
    assert ace.opens and ace.action is None
    w.table.setFocus()
    qtbot.keyClick(w.table, Qt.Key.Key_Home)
    while w.table.selected_card().kind != W("AS"):
        qtbot.keyClick(w.table, Qt.Key.Key_Right)
    qtbot.keyClick(w.table, Qt.Key.Key_Return)
    (bar,) = w.table.choice_bars()
    buttons = list(bar.buttons.values())
    assert [b.text() for b in buttons] == ["+1 → 1", "+11 → 11"]
    qtbot.waitUntil(buttons[0].hasFocus, timeout=HANG_GUARD_MS)
    qtbot.keyClick(buttons[0], Qt.Key.Key_Right)
    qtbot.keyClick(buttons[1], Qt.Key.Key_Return)
    # Budi's King sets 100: the human's 9, 2 and 4 are dimmed and say why
    qtbot.waitUntil(lambda: c.waiting_for_human() and c.view().counter == 100, timeout=HANG_GUARD_MS)
    wait_for_human(qtbot, w)
    assert c.match.logs[0][0] == Action(0, "play", W("AS"), None, 11)
    for code, made in (("9D", 109), ("2S", 102), ("4D", 104)):
        item = hand_item(w, code)
        assert item.dim and item.action is None and not item.opens
        assert f"Cannot be played: it would make {made}" in item.toolTip()
    counter = next(lab for key, lab in w.table._labels.items() if key == ("counter",))
    assert counter.spec.text == "100 / 100"
    # the 3: a click plays it (its target comes after the draw, issue 32); then the human clicks the
    # card to give, to the one other player
    click(qtbot, w, hand_item(w, "3H"))
    qtbot.waitUntil(lambda: c.view().phase == "give", timeout=HANG_GUARD_MS)
    wait_for_human(qtbot, w)
    assert w.status_label.text().startswith("Exchange: click the card you give and choose who gets it")
    assert hand_item(w, "9D").action == Action(0, "give", W("9D"), 1)
    click(qtbot, w, hand_item(w, "9D"))
    qtbot.waitUntil(lambda: c.match.hand_over() or c.view().phase == "play" and W("9D") not in c.view().hand,
                    timeout=HANG_GUARD_MS)
    taken = next(e for e in c.match.hand_events if e.type == "exchange").for_viewer(0).data["taken"]
    assert taken in ("9C", "8C", "6C", "QH")
    for _ in range(300):
        if c.match.hand_over():
            break
        wait_for_human(qtbot, w)
        if not c.match.hand_over():
            play_on(qtbot, w)
    assert c.match.hand_over()
    lines = w.log_dock.lines()
    assert "You play Ace of Spades: +11 → 11." in lines
    assert "Budi plays King of Clubs: the counter is set to 100." in lines
    assert "You play 3 of Hearts; the counter stays at 100." in lines
    exchanged = f"You exchange a card with Budi: you give 9 of Diamonds and get {names.card_name(taken)}."
    three = lines.index("You play 3 of Hearts; the counter stays at 100.")
    assert lines[three + 1].startswith("You draw ") and lines[three + 2] == exchanged    # draw, then give
    assert "You draw 4 of Diamonds." in lines and "You draw Jack of Diamonds." in lines
    check_end_dialog(qtbot, w)
    w.close()


def check_end_dialog(qtbot, w: MainWindow) -> None:
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    dlg = w.hand_end_dialog
    res = w.controller.match.history[-1].result
    winner, loser = res.winners[0], 1 - res.winners[0]
    assert res.details["order"] == [loser] or tuple(res.details["order"]) == (loser,)
    assert dlg.headline.text() == ("Hand over — you are the last player standing!" if winner == 0
                                   else "Hand over — Budi is the last player standing.")
    text = dlg.explanation.text()
    assert f"The counter ended at {res.details['counter']}." in text
    assert f"Out, first to last: {'Budi' if loser == 1 else 'You'}." in text
    assert dlg.content.showcase is not None
    shown = [lab.property("card") for lab in dlg.content.showcase.findChildren(type(dlg.headline))
             if lab.property("card")]
    assert sorted(shown) == sorted(c for hand in res.details["hands"] for c in hand)


def test_every_event_has_a_sentence_without_codes(qapp):
    """Random hands of every preset for 2 and 5 players: each event seen by seat 0 is worded (a draw
    by somebody else is deliberately silent), with no engine code or Python term in the sentence."""
    ui = game_ui(GAME)
    seen: set[str] = set()
    for pid in PRESETS:
        for n in (2, 5):
            for seed in range(4):
                m = new_match(GAME, n, seed, PRESETS[pid])
                rng = random.Random(seed)
                events = list(m.state.deal_events)
                while not m.state.is_terminal():
                    p = m.state.to_act()[0]
                    events += m.apply(rng.choice(m.state.legal_actions(p)))
                namer = names.card_namer("latin", GAME)
                seats = [f"P{i}" for i in range(n)]
                for e in events:
                    seen.add(e.type)
                    mine = e.for_viewer(0)
                    line = ui.describe_event(mine, seats, 0, namer)
                    if e.type in ("draw", "deal") and e.player != 0:
                        assert line is None
                        continue
                    assert line, e
                    assert "{" not in line and "_" not in line and "None" not in line and "%n" not in line, line
                assert ui.hand_over_text(m.state.result(), seats, 0).startswith("Hand over — ")
    assert {"deal", "play", "draw", "reverse", "skip", "choose_next", "exchange", "swap_hands",
            "take_replacement", "turn_down", "lose_token", "out", "win", "redeal"} <= seen, seen


def test_the_log_words_the_counter_the_targets_and_the_secrets():
    ui = game_ui(GAME)
    seats = ["You", "Budi", "Sari"]
    namer = names.card_namer("latin", GAME)

    def say(kind, player, **data):
        from cekidesk.engine.core import Event

        return ui.describe_event(Event(kind, player, data), seats, 0, namer)

    assert say("play", 1, card="QH", amount=-20, target=None, before=73, after=53, action="none") == \
        "Budi plays Queen of Hearts: −20 → 53."
    assert say("play", 2, card="3C", amount=None, target=0, before=53, after=53, action="exchange") == \
        "Sari plays 3 of Clubs; the counter stays at 53."
    assert say("exchange", 2, target=0, took_card=True, given="7H", taken="KS") == \
        "Sari exchanges a card with you: you give King of Spades and get 7 of Hearts."
    assert say("exchange", 2, target=1, took_card=True) == "Sari exchanges a card with Budi."
    assert say("exchange", 2, target=1, took_card=False) == \
        "Sari gives Budi a card; their hand was empty, so nothing is taken."
    assert say("choose_next", 1, seat=0) == "Budi chooses you to play next."
    assert say("choose_next", 1, seat=1) == "Budi chooses to play next again."
    assert say("skip", 1, seat=0) == "You are skipped."
    assert say("reverse", 1, direction=-1) == "The direction of play turns: now anticlockwise."
    assert say("take_replacement", 1, target=0, took_card=True, card="2D") == \
        "Budi takes their replacement from your hand: 2 of Diamonds."
    assert say("turn_down", 1, left=3) == "Budi cannot play: they turn a card face down and lose a life."
    assert say("turn_down", 0, left=3, card="9S") == "You cannot play: you turn 9 of Spades face down and lose a life."
    assert say("lose_token", 2, left=1) == "Sari cannot play and loses a token: 1 left."
    assert say("out", 1, place=3) == "Budi is out, in place 3."
    assert say("reshuffle", None, count=17) == \
        "The stock is empty: 17 cards from the discards are shuffled into a new stock."
    assert say("instant_win", 2, counter=42) == "Sari makes exactly 42 and wins at once."


def test_the_help_page_shows_the_four_rule_sets_and_the_rules_under_way(qapp):
    ui = game_ui(GAME)
    page = ui.help_html(HelpContext(lambda code, h, t="": "", "latin"))
    for title in ("Ce Pe", "Normal 99", "Bloody", "Ninety-Nine"):
        assert f"<th align='left'>{title}</th>" in page
    # the King's row: the four rule sets' effects side by side
    assert ("<tr><td><b>King</b></td><td>set to 100 (always playable)</td><td>set to 99 (always playable)</td>"
            "<td>set to 99 (always playable)</td><td>set to 99 (always playable)</td></tr>") in page
    assert "Ace of Spades" in page and "as its rank" in page
    assert "When a game of Ce Pe is under way" in page
    mine = preset("ce_pe").model_copy(update={"name": "Forty-two", "instant_win": 42})
    page = ui.help_html(HelpContext(lambda code, h, t="": "", "latin", current=(GAME, mine)))
    assert "The game under way is played with the rules “Forty-two”" in page
    assert "<tr><td><b>Instant win at</b></td><td>42</td></tr>" in page
    assert "House rules" in page and "the blog post “Ce Pe”" in page


def test_the_help_window_shows_the_rules_of_the_game_under_way(qtbot, boxes):
    w = open_window(qtbot)
    assert w.start_new_game(NewGameConfig(GAME, [Seat.human("You"), Seat.bot("normal", "Budi")], 3,
                                          PRESETS["ninety_nine"], {"mode": "last_standing"}))
    dlg = w.show_help()
    html = dlg.page_html(GAME)
    assert "The game under way is played with the rules" in html and "Ninety-Nine" in html
    w.close()


def test_the_whole_match_of_ninety_nine_is_worded_at_its_end():
    """A redeal after a loss: the hand's status says who lost; the score sheet's entry too."""
    ui = game_ui(GAME)
    m = Match(get_game(GAME), 3, 1, PRESETS["ninety_nine"], {"mode": "last_standing"})
    rng = random.Random(1)
    while not m.state.is_terminal():
        m.apply(rng.choice(m.state.legal_actions(m.state.to_act()[0])))
    res = m.state.result()
    seats = ["You", "Budi", "Sari"]
    text = ui.hand_over_text(res, seats, 0)
    if not res.winners:
        loser = res.details["loser"]
        assert text == ("Hand over — you lost; the cards are dealt again." if loser == 0 else
                        f"Hand over — {seats[loser]} lost; the cards are dealt again.")
        assert ui.hand_summary(res, seats) == f"{seats[loser]} lost"
    else:
        assert "last player standing" in text or "at once" in text


def test_a_money_match_says_how_a_hand_is_paid():
    ui = game_ui(GAME)
    m = Match(get_game(GAME), 3, 1, PRESETS["ce_pe"], {"mode": "money", "stake_cents": 500})
    stake = names.format_money(500, signed=False)
    assert ui.stake_summary(m) == f"Stake: {stake} from each player out to the winner of the hand."
    m = Match(get_game(GAME), 3, 1, PRESETS["ninety_nine"], {"mode": "money", "stake_cents": 500})
    assert "to the last one standing, when the match is decided" in ui.stake_summary(m)


def test_the_hints_reasons_are_worded():
    from cekidesk.ui.foundations.reasons import describe_reasons

    namer = names.card_namer("latin", GAME)
    line = describe_reasons([("ce_pe.pressure", {"counter": 95, "limit": 100, "player": 2}),
                             ("ce_pe.keep_magic", {}), ("ce_pe.target_weakest", {"player": 1}),
                             ("ce_pe.worst_card", {"kind": "9D"})], namer)
    assert line == ("leaves the counter at 95, close to the limit of 100, for the next player; keeps the cards "
                    "that can be played at any count for later; aims at the player closest to going out; "
                    "9 of Diamonds is the card worth least to keep")
