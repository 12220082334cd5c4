"""Issue 32: the rule editor can build the source's own example, "Ace of Spades can be used to kill
someone (make them lose one card)": an effect ``kill`` — a chosen player loses a card (under lives, a
life) — in the rule file format, the engine and the bots, on stacked deals."""
from __future__ import annotations

import random

import pytest
from ce_pe_helpers import hand_codes, play, rules, stacked
from PySide6.QtCore import Qt

from cekidesk.engine.cards import WKind
from cekidesk.engine.core import Action
from cekidesk.games import get_game
from cekidesk.games.ce_pe import bot
from cekidesk.games.ce_pe.ruleset import ACTIONS, TARGETED, Effect, RuleFileError, rules_from_json, rules_to_json

W = WKind.parse
KILL = Effect(action="kill")


def killer_rules(preset_id: str = "ce_pe", **changes):
    """A preset with the Ace of Spades as the source's killer card (no counter change)."""
    return rules(preset_id, **{"name": "Killer Ace", "card_effects": {"AS": KILL}, **changes})


def test_kill_is_an_action_that_names_another_player():
    assert "kill" in ACTIONS and "kill" in TARGETED
    s = stacked(3, {0: "AS 2H 2D 2C"}, options=killer_rules())
    assert sorted(str(a) for a in s.legal_actions(0) if a.card == W("AS")) == ["0 play AS @1", "0 play AS @2"]


def test_under_lives_the_target_loses_a_life_and_the_killer_draws():
    s = stacked(3, {0: "AS 2H 2D 2C", 2: "9H 9D 9C 9S"}, stock="KD", options=killer_rules(), counter=40)
    events = play(s, "0 play AS @2")
    assert [e.type for e in events] == ["play", "kill", "draw"]
    kill = events[1]
    assert kill.data == {"target": 2, "lost": True, "life": True, "left": 3}
    lost = kill.for_viewer(2).data["card"]
    assert lost.startswith("9") and "card" not in kill.for_viewer(0).data       # only the target sees it
    assert len(s.hands[2]) == 3 and [k.code for k in s.view(2).my_face_down] == [lost]
    assert s.view(0).face_down == (0, 0, 1)
    assert s.counter == 40 and "KD" in hand_codes(s, 0) and s.current == 1


def test_under_lives_a_target_with_one_card_left_is_out_and_the_last_standing_wins():
    s = stacked(2, {0: "AS 2H 2D 2C", 1: "9H"}, options=killer_rules())
    s.face_down[1] = s.hands[1][1:]        # three lives already lost: one card left
    s.hands[1] = s.hands[1][:1]
    events = play(s, "0 play AS @1")
    assert [e.type for e in events] == ["play", "kill", "out", "win"]
    r = s.result()
    assert r.winners == (0,) and r.details["reason"] == "last_standing" and r.details["order"] == (1,)
    assert get_game("ce-pe").settle(r, s.options, 25).payments == (25, -25)


def test_under_out_the_target_simply_holds_a_card_fewer():
    s = stacked(3, {0: "AS 2H 2D 2C 2S", 1: "9H 9D 9C 9S 8S"}, options=killer_rules("normal_99"), counter=50)
    # (Normal 99 sets 0 with its own AS: the card effect replaces it)
    events = play(s, "0 play AS @1")
    assert [e.type for e in events] == ["play", "kill", "draw"]
    assert events[1].data["life"] is False and len(s.hands[1]) == 4 and not s.out[1]
    assert s.counter == 50


def test_a_kill_of_an_empty_hand_takes_nothing():
    s = stacked(3, {0: "AS 2H 2D 2C"}, options=killer_rules("ninety_nine", hand_size=4))
    s.hands[2] = []
    events = play(s, "0 play AS @2")
    assert events[1].type == "kill" and events[1].data == {"target": 2, "lost": False, "life": False}


def test_the_normal_player_kills_the_weakest():
    s = stacked(4, {0: "AS 9H 9D 9C"}, options=killer_rules(), counter=95)
    s.hands[3] = s.hands[3][:1]             # seat 3 has one card left: one kill puts it out
    action = bot.CePeNormalBot().choose(s.view(0), random.Random(0))
    assert action == Action(0, "play", W("AS"), 3, None)


def test_the_killer_ace_goes_through_a_rule_file_of_version_2():
    r = killer_rules()
    text = rules_to_json(r)
    assert '"version": 2' in text and '"kill"' in text
    assert rules_from_json(text) == r
    assert '"version": 1' in rules_to_json(rules())      # a file without a kill stays readable by older ones
    with pytest.raises(RuleFileError):
        rules_from_json(text.replace('"kill"', '"murder"'))


def test_a_whole_hand_with_the_killer_ace_plays_to_the_end():
    game = get_game("ce-pe")
    kills = 0
    for seed in range(6):
        s = game.new_hand(killer_rules(card_effects={c: KILL for c in ("AS", "AH", "AD", "AC")}), 4, seed, 0)
        rng = random.Random(seed)
        while not s.is_terminal():
            p = s.to_act()[0]
            kills += sum(1 for e in s.apply(rng.choice(s.legal_actions(p))) if e.type == "kill")
        assert s.result().winners or s.result().details["reason"] == "loss"
    assert kills


# -- the rule editor and the words (Qt) ---------------------------------------------------------

def test_the_rule_editor_builds_the_sources_killer_ace_and_words_it(qtbot):
    """The editor's card effects: A♠ with the action "make a chosen player lose a card"."""
    from test_ce_pe_editor import cell, edit_with_combo

    from cekidesk.ui.games.ce_pe.editor import EffectsModel, RuleEditor

    dlg = RuleEditor(None, None, choosing=True)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.card_combo.setCurrentIndex(dlg.card_combo.findData("AS"))
    qtbot.mouseClick(dlg.add_card_button, Qt.MouseButton.LeftButton)
    # (a new card starts as its rank: the Ace's +1 or +11 is taken off, the kill put on)
    edit_with_combo(qtbot, dlg.card_view, cell(dlg.cards, "AS", EffectsModel.COUNTER), "none")
    edit_with_combo(qtbot, dlg.card_view, cell(dlg.cards, "AS", EffectsModel.ACTION), "kill")
    dlg.name_edit.setText("Killer Ace")
    made = dlg.rules()
    ace = made.card_effects["AS"]
    assert (ace.counter, ace.action, ace.draw, ace.always) == ("none", "kill", True, False)   # (its values unused)
    assert made.model_copy(update={"card_effects": {"AS": KILL}}) == killer_rules()
    s = stacked(3, {0: "AS 2H 2D 2C"}, options=made, counter=40)
    assert [e.type for e in play(s, "0 play AS @1")] == ["play", "kill", "draw"] and s.counter == 40
    dlg.tabs.setCurrentWidget(dlg.preview)
    assert dlg.preview.toPlainText().rstrip().endswith(
        "Ace of Spades\nmake a chosen player lose a card (under lives, a life)")


def test_the_log_words_a_kill(qapp):
    from cekidesk.engine.core import Event
    from cekidesk.ui.foundations import names
    from cekidesk.ui.games import game_ui

    ui = game_ui("ce-pe")
    seats, namer = ["You", "Budi", "Sari"], names.card_namer("latin", "ce-pe")

    def say(player, viewer=0, **data):
        return ui.describe_event(Event("kill", player, data), seats, viewer, namer)

    assert say(0, target=1, lost=True, life=True, left=3) == "You make Budi lose a card."
    assert say(1, target=2, lost=True, life=True, left=3) == "Budi makes Sari lose a card."
    assert say(1, target=0, lost=True, life=True, left=3, card="9H") == \
        "Budi makes you lose a card: your 9 of Hearts is turned face down."
    assert say(2, target=1, lost=False, life=False) == "Budi's hand is empty: nothing is lost."
