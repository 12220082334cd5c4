"""Ce Pe's rule editor, driven offscreen: a rule set made by editing effects, a single card and the
limit; live validation in words; save / export / import round trips; a bad file or a name clash that
changes nothing; and its place in the New Game dialog (the saved sets beside the presets, the effect
tables read-only, "Edit rules…" putting the edited rules back into the form)."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QLineEdit, QMessageBox
from test_ui_play import cards, visible_point
from toygames import duel
from waiting import HANG_GUARD_MS

import cekidesk.games as registry
from cekidesk.games.ce_pe.ruleset import PRESETS, CePeOptions, Effect, Problem, preset, rules_to_json
from cekidesk.persistence.rulesets import RULES_EXTENSION, list_rule_sets, rules_dir, save_rule_set
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.games import GameUI, game_ui, register_game_ui
from cekidesk.ui.games.ce_pe.editor import EffectsModel, RuleEditor, RuleSetHooks, parse_values
from cekidesk.ui.games.ce_pe.effects import problem_text
from cekidesk.ui.main_window import MainWindow

guard_none_refcount()

TOY_ID = "toy-ce-pe-rules"


@pytest.fixture
def editor(qtbot):
    dlg = RuleEditor(None, None, choosing=True)
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def problems_shown(dlg: RuleEditor) -> list[str]:
    return [dlg.problem_list.item(i).text() for i in range(dlg.problem_list.count())]


def cell(model: EffectsModel, key: str, column: int):
    return model.index(model.keys().index(key), column)


def edit_with_combo(qtbot, view, index, code: str) -> None:
    """Open the cell's editor as a click would, pick ``code`` in its combo box and commit it."""
    view.setCurrentIndex(index)
    view.edit(index)
    combo = view.indexWidget(index)
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(combo.findData(code))
    combo.activated.emit(combo.currentIndex())
    assert view.indexWidget(index) is None                  # chosen: the cell is closed at once


def type_values(qtbot, view, index, text: str) -> None:
    view.setCurrentIndex(index)
    view.edit(index)
    edit = view.indexWidget(index)
    assert isinstance(edit, QLineEdit)
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.indexWidget(index) is None)     # Qt commits it from the event loop


def test_values_are_read_as_the_player_types_them():
    assert parse_values("1, 11") == (1, 11)
    assert parse_values(" −10 ") == (-10,)
    assert parse_values("5 20;30") == (5, 20, 30)
    assert parse_values("99999") == (10_000,)          # held to the bound
    assert parse_values("") == ()


def make_kampung(qtbot, dlg: RuleEditor) -> None:
    """The rules of the tests below, made through the editor's widgets: 7 adds 7 and reverses, the
    Queen subtracts 5 or 15, A♠ sets the counter to 0 with no draw, limit 99, an instant win at 42."""
    ranks, view = dlg.ranks, dlg.rank_view
    edit_with_combo(qtbot, view, cell(ranks, "7", EffectsModel.COUNTER), "add")
    type_values(qtbot, view, cell(ranks, "7", EffectsModel.VALUES), "7")
    edit_with_combo(qtbot, view, cell(ranks, "Q", EffectsModel.COUNTER), "add")
    type_values(qtbot, view, cell(ranks, "Q", EffectsModel.VALUES), "-5, -15")
    dlg.card_combo.setCurrentIndex(dlg.card_combo.findData("AS"))
    qtbot.mouseClick(dlg.add_card_button, Qt.MouseButton.LeftButton)
    cards = dlg.cards
    edit_with_combo(qtbot, dlg.card_view, cell(cards, "AS", EffectsModel.COUNTER), "set")
    type_values(qtbot, dlg.card_view, cell(cards, "AS", EffectsModel.VALUES), "0")
    assert cards.setData(cell(cards, "AS", EffectsModel.NO_DRAW), Qt.CheckState.Checked.value,
                         Qt.ItemDataRole.CheckStateRole)
    dlg.form.widgets["limit"].setValue(99)
    dlg.form.widgets["instant_win"].setValue(42)
    dlg.name_edit.setText("Kampung")


KAMPUNG = preset("ce_pe").model_copy(update={
    "name": "Kampung", "limit": 99, "instant_win": 42,
    "effects": {**preset("ce_pe").effects, "7": Effect(counter="add", values=(7,), action="reverse"),
                "Q": Effect(counter="add", values=(-5, -15))},
    "card_effects": {"AS": Effect(counter="set", values=(0,), draw=False)}})


def test_the_editor_makes_a_rule_set_and_saves_it(qtbot, editor):
    make_kampung(qtbot, editor)
    assert problems_shown(editor) == ["None: these rules can be played."]
    assert editor.rules() == CePeOptions.model_validate(KAMPUNG.model_dump())
    saved = editor.save()
    assert saved is not None and saved.path.parent == rules_dir()
    assert [s.rules for s in list_rule_sets()[0]] == [editor.rules()]
    # the saved set is offered at once to start from
    assert editor.start_combo.currentText() == "Kampung (saved)" and editor.delete_button.isEnabled()
    # the preview shows every rank and the single card, with its effect in words, and follows edits
    editor.tabs.setCurrentWidget(editor.preview)
    page = editor.preview.toPlainText()
    assert "7\n+7; reverse the direction of play" in page and "Queen\n−5 or −15" in page
    assert page.rstrip().endswith("Ace of Spades\nset to 0; no draw")
    assert editor.preview.toHtml().count("<img") == 14
    assert 'src="card:AH/88"' in editor.preview.toHtml()          # the Ace rank: not the A♠ of its own
    editor.ranks.setData(cell(editor.ranks, "2", EffectsModel.VALUES), "5")
    assert "2\n+5" in editor.preview.toPlainText()


def test_problems_are_shown_live_and_block_saving(qtbot, editor):
    editor.form.widgets["start"].setValue(150)
    shown = problems_shown(editor)
    assert problem_text(Problem("start_over_limit", (150, 100))) in shown
    assert not editor.save_button.isEnabled() and not editor.use_button.isEnabled()
    assert not editor.export_button.isEnabled() and editor.rules() is None
    editor.form.widgets["start"].setValue(0)
    assert problems_shown(editor) == ["None: these rules can be played."] and editor.save_button.isEnabled()
    # no card can be played: every rank adds 60 and nothing is always playable, from 50
    for key in editor.ranks.keys():
        editor.ranks.setData(cell(editor.ranks, key, EffectsModel.COUNTER), "add")
        editor.ranks.setData(cell(editor.ranks, key, EffectsModel.VALUES), "60")
        editor.ranks.setData(cell(editor.ranks, key, EffectsModel.ALWAYS), Qt.CheckState.Unchecked.value,
                             Qt.ItemDataRole.CheckStateRole)
    editor.form.widgets["start"].setValue(50)
    assert problems_shown(editor) == [problem_text(Problem("nothing_playable", (50, 100)))]
    assert not editor.save_button.isEnabled()
    # a counter change with no value, and no name
    editor.form.widgets["start"].setValue(0)
    editor.ranks.setData(cell(editor.ranks, "2", EffectsModel.VALUES), "")
    editor.name_edit.setText("   ")
    assert problems_shown(editor) == ["Give the rules a name.", problem_text(Problem("no_values", ("2",)))]
    assert editor.save() is None and list_rule_sets() == ([], [])


def test_export_then_import_gives_the_same_rules(qtbot, editor, tmp_path):
    make_kampung(qtbot, editor)
    editor.ask_export_path = lambda: str(tmp_path / "kampung")
    written = editor.export_file()
    assert written == tmp_path / ("kampung" + RULES_EXTENSION)
    other = RuleEditor(None, None)
    qtbot.addWidget(other)
    assert other.rules() == preset("ce_pe")
    other.ask_import_path = lambda: str(written)
    assert other.import_file() == editor.rules()
    assert other.rules() == editor.rules() and other.name_edit.text() == "Kampung"


@pytest.mark.parametrize("content, words", [
    (b"\x89PNG not rules at all", "is not a CekiDesk rule set"),
    (b"{" * 300_000, "is far too large to be a rule set"),
    (json.dumps({"format": "cekidesk-ce-pe-rules", "version": 7, "rules": {}}).encode(), "newer CekiDesk"),
    (rules_to_json(KAMPUNG).replace('"hand_size": 4', '"hand_size": 400').encode(), "out of range"),
    (rules_to_json(KAMPUNG).replace('"start": 0', '"start": 120').encode(),
     "The counter would start at 120, above the limit of 99."),
])
def test_a_bad_import_is_refused_in_words_and_changes_nothing(qtbot, editor, boxes, tmp_path, content, words):
    make_kampung(qtbot, editor)
    editor.save()
    before = editor.rules()
    folder = sorted(p.read_bytes() for p in rules_dir().iterdir())
    bad = tmp_path / "shared.cepe.json"
    bad.write_bytes(content)
    editor.ask_import_path = lambda: str(bad)
    assert editor.import_file() is None
    assert editor.rules() == before
    assert sorted(p.read_bytes() for p in rules_dir().iterdir()) == folder
    [(kind, _title, text)] = boxes
    assert kind == "warning" and "shared.cepe.json" in text and words in text and "Nothing was changed." in text
    assert "Traceback" not in text and "Error" not in text


def test_a_name_clash_asks_before_replacing(qtbot, editor, boxes, monkeypatch):
    make_kampung(qtbot, editor)
    first = editor.save()
    editor.form.widgets["limit"].setValue(100)
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.No))
    assert editor.save() is None
    assert [s.rules.limit for s in list_rule_sets()[0]] == [99]
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    again = editor.save()
    assert again is not None and again.path == first.path
    assert [s.rules.limit for s in list_rule_sets()[0]] == [100]


def test_starting_from_a_preset_or_a_saved_set_and_deleting_one(qtbot, editor, boxes):
    save_rule_set(KAMPUNG)
    editor._fill_start_combo()
    combo = editor.start_combo
    assert [combo.itemText(i) for i in range(combo.count())][-1] == "Kampung (saved)"
    combo.setCurrentIndex(list(PRESETS).index("ninety_nine"))
    combo.activated.emit(combo.currentIndex())
    assert editor.rules() == preset("ninety_nine") and not editor.delete_button.isEnabled()
    combo.setCurrentIndex(combo.count() - 1)
    combo.activated.emit(combo.currentIndex())
    assert editor.rules() == KAMPUNG
    editor.delete_chosen()                    # the question is answered Yes
    assert list_rule_sets() == ([], []) and combo.count() == len(PRESETS)
    assert editor.rules() == KAMPUNG          # the rules being edited stay


def test_a_damaged_saved_set_is_reported_once_and_the_others_are_offered(qtbot, boxes):
    save_rule_set(KAMPUNG)
    (rules_dir() / ("broken" + RULES_EXTENSION)).write_text("{ not json")
    dlg = RuleEditor(None, None)
    qtbot.addWidget(dlg)
    [(kind, _title, text)] = boxes
    assert kind == "warning" and "“broken.cepe.json” is not a CekiDesk rule set." in text
    assert "broken.cepe.json.bad" in text and "Your other rule sets are kept." in text
    assert dlg.start_combo.itemText(dlg.start_combo.count() - 1) == "Kampung (saved)"
    again = RuleEditor(None, None)
    qtbot.addWidget(again)
    assert len(boxes) == 1


# -- the New Game dialog ------------------------------------------------------------------------------

class ToyRulesUI(RuleSetHooks, GameUI):
    game_id = TOY_ID


@pytest.fixture
def rules_game():
    """A test-only game whose options are Ce Pe's rule sets (until the real game is registered)."""
    class RulesToy(duel.DuelGame):
        info = dataclasses.replace(duel.SPEC.info, id=TOY_ID,
                                   presets=tuple((f"ce-pe.preset.{k}", v) for k, v in PRESETS.items()))
        options_model = CePeOptions

    spec = RulesToy()
    registry.register(spec)
    register_game_ui(ToyRulesUI)
    yield spec
    registry.unregister(TOY_ID)


def new_game_dialog(qtbot) -> NewGameDialog:
    dlg = NewGameDialog(Settings(), None)
    qtbot.addWidget(dlg)
    dlg.game_combo.setCurrentIndex(dlg.game_combo.findData(TOY_ID))
    return dlg


def test_new_game_lists_the_saved_sets_after_the_presets(qtbot, rules_game):
    save_rule_set(KAMPUNG)
    dlg = new_game_dialog(qtbot)
    combo = dlg.preset_combo
    labels = [combo.itemText(i) for i in range(combo.count())]
    assert labels[len(PRESETS):] == ["Kampung (saved)", "Custom"]
    assert combo.currentIndex() == 0                        # the defaults are the source's preset
    combo.setCurrentIndex(len(PRESETS))
    values = dlg.options_form.values()
    assert CePeOptions.model_validate(values) == KAMPUNG
    assert dlg.options_form.widgets["instant_win"].text() == "42"
    # the effect tables are words, never text boxes; a single card shows only when there is one
    effects = dlg.options_form.widgets["effects"]
    assert not isinstance(effects, QLineEdit) and "Queen: −5 or −15" in effects.text()
    assert "Ace of Spades: set to 0; no draw" in dlg.options_form.widgets["card_effects"].text()
    combo.setCurrentIndex(0)
    assert not dlg.options_form.widgets["card_effects"].isVisibleTo(dlg)
    assert dlg.options_form.widgets["instant_win"].text() == "Off"
    assert dlg.config().options["instant_win"] is None


def test_edit_rules_puts_the_edited_rules_into_the_form(qtbot, rules_game, monkeypatch):
    dlg = new_game_dialog(qtbot)
    assert dlg.edit_rules_button.isVisibleTo(dlg)
    dlg.options_form.widgets["hand_size"].setValue(6)       # the editor starts from what the form shows
    seen = {}

    def run(editor: RuleEditor) -> int:
        seen["hand_size"] = editor.form.widgets["hand_size"].value()
        editor.show()
        make_kampung(qtbot, editor)
        editor.form.widgets["hand_size"].setValue(4)
        editor.save()                                        # saved there: listed in New Game at once
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(RuleEditor, "exec", run)
    qtbot.mouseClick(dlg.edit_rules_button, Qt.MouseButton.LeftButton)
    assert seen == {"hand_size": 6}
    assert CePeOptions.model_validate(dlg.config().options) == KAMPUNG
    assert dlg.preset_combo.currentText() == "Kampung (saved)"
    # cancelled: the form keeps what it shows
    monkeypatch.setattr(RuleEditor, "exec", lambda editor: QDialog.DialogCode.Rejected)
    dlg.preset_combo.setCurrentIndex(0)
    qtbot.mouseClick(dlg.edit_rules_button, Qt.MouseButton.LeftButton)
    assert CePeOptions.model_validate(dlg.config().options) == preset("ce_pe")


def test_games_without_an_editor_show_no_edit_button(qtbot):
    dlg = NewGameDialog(Settings(), None)
    qtbot.addWidget(dlg)
    dlg.game_combo.setCurrentIndex(dlg.game_combo.findData("ceki"))
    assert not dlg.edit_rules_button.isVisibleTo(dlg)


def test_the_rule_set_folder_path_is_shown_for_a_bad_file(qtbot, boxes):
    rules_dir().mkdir(parents=True)
    (rules_dir() / ("x" + RULES_EXTENSION)).write_bytes(b"\0" * 10)
    RuleEditor(None, None).deleteLater()
    assert str(rules_dir()) in boxes[0][2] and Path(rules_dir() / "x.cepe.json.bad").exists()


# -- the real game: a rule set made in the editor, chosen in New Game, played, saved and loaded -------

@pytest.fixture
def wired(monkeypatch):
    """Ce Pe's GameUI with the rule-set hooks (the one-line mix-in of RuleSetHooks into CePeUI, done
    here until words.py has it)."""
    gui = game_ui("ce-pe")
    if not isinstance(gui, RuleSetHooks):
        for name in ("edits_options", "option_presets", "edit_options", "option_summary"):
            monkeypatch.setattr(type(gui), name, getattr(RuleSetHooks, name))
    return gui


def human_moves(qtbot, w: MainWindow, moves: int) -> int:
    """Make up to ``moves`` moves for the human by clicking the table (a card, then the first of its
    choices if it has several; a button when no card can be played); the moves made."""
    c = w.controller
    made = 0
    while made < moves and not c.match.hand_over():
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if c.match.hand_over():
            break
        m = c.match
        n = len(m.logs[-1])
        limit = c.view().limit
        hand = [it for it in cards(w) if it.selectable]
        if hand:
            qtbot.mouseClick(w.table.viewport(), Qt.MouseButton.LeftButton, pos=visible_point(w, hand[0]))
        if len(m.logs[-1]) == n and w.table.choice_bars():
            qtbot.mouseClick(list(w.table.choice_bars()[0].buttons.values())[0], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda m=m, n=n: len(m.logs[-1]) > n or m.hand_over(), timeout=HANG_GUARD_MS)
        assert c.view().counter <= limit
        made += 1
    return made


def test_a_rule_set_made_in_the_editor_is_chosen_in_new_game_played_saved_and_loaded(
        qtbot, boxes, monkeypatch, wired, tmp_path):
    editor = RuleEditor(None, None)
    qtbot.addWidget(editor)
    editor.show()
    make_kampung(qtbot, editor)
    made = editor.save().rules

    def accept(dlg):
        dlg.game_combo.setCurrentIndex(dlg.game_combo.findData("ce-pe"))
        dlg.set_players(3)
        dlg.preset_combo.setCurrentIndex(dlg.preset_combo.findText("Kampung (saved)"))
        dlg.seed_edit.setText("7")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    assert w.new_game()
    c = w.controller
    assert c.match.spec.id == "ce-pe" and c.match.options == made
    assert c.view().limit == 99 and c.view().rules == made
    assert human_moves(qtbot, w, 3) >= 1
    # a save keeps the exact rules: loaded, the game goes on under them
    path = tmp_path / "kampung.cekisave"
    assert w.save_to(path)
    w.controller.flush_autosave()
    assert w.open_file(path)
    assert c.match.options == made and c.view().rules == made
    if not c.match.hand_over():
        human_moves(qtbot, w, 2)
    assert c.match.options == made
    assert not [b for b in boxes if b[0] == "warning"]
    w.close()


def test_the_start_combo_names_the_set_the_rules_came_from(qtbot):
    bloody = RuleEditor(preset("bloody").model_dump(mode="json"), None)
    qtbot.addWidget(bloody)
    assert bloody.start_combo.currentData() == "bloody"
    own = RuleEditor({**preset("bloody").model_dump(mode="json"), "start": 50}, None)
    qtbot.addWidget(own)
    assert own.start_combo.currentIndex() == -1 and own.form.widgets["start"].value() == 50
    # options the form shows that are no rule set yet are kept, with their problem listed
    high = RuleEditor({**preset("ce_pe").model_dump(mode="json"), "start": 150}, None)
    qtbot.addWidget(high)
    assert high.form.widgets["start"].value() == 150
    assert problems_shown(high) == [problem_text(Problem("start_over_limit", (150, 100)))]


def test_the_game_menu_opens_the_rule_sets_with_the_rules_of_the_game_under_way(qtbot, boxes, monkeypatch, wired):
    seen = []

    def run(editor: RuleEditor) -> int:
        seen.append((editor.use_button, editor.rules()))
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(RuleEditor, "exec", run)
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    act = w.act_rule_sets["ce-pe"]
    assert act.text() == "Ce Pe rule sets…" and act in w.menu_game.actions()
    act.trigger()                                           # no game under way: the source's rules
    assert seen == [(None, preset("ce_pe"))]
    started = w.start_new_game(NewGameConfig("ce-pe", [Seat.human("You"), Seat.bot("normal", "Budi")], 3,
                                             preset("ninety_nine").model_dump(mode="json"), {"mode": "hands"}))
    assert started
    act.trigger()
    assert seen[-1] == (None, preset("ninety_nine")) and w.controller.match.options == preset("ninety_nine")
    w.close()


def test_in_aksara_jawa_a_row_is_as_tall_as_a_line_of_javanese_script(qtbot, qapp):
    from cekidesk.ui.foundations import i18n
    from cekidesk.ui.foundations.fonts import install_javanese_font, javanese_line_height

    install_javanese_font(qapp)
    try:
        i18n.set_language("jv-Java")
        dlg = RuleEditor(None, None)
        qtbot.addWidget(dlg)
        need = javanese_line_height(dlg.rank_view.font())
        assert dlg.rank_view.rowHeight(0) >= need and dlg.card_view.verticalHeader().defaultSectionSize() >= need
    finally:
        i18n.set_language("en")


def test_new_game_does_not_start_rules_that_cannot_be_played_and_keeps_every_choice(qtbot, boxes, rules_game):
    dlg = new_game_dialog(qtbot)
    dlg.show()
    dlg.options_form.widgets["start"].setValue(150)
    dlg.seat_edit(1).setText("Joko")
    dlg.accept()
    assert dlg.isVisible() and dlg.result() != QDialog.DialogCode.Accepted
    [(kind, title, _text)] = boxes
    assert kind == "warning" and title == "These rules cannot be played"
    assert dlg.options_form.widgets["start"].value() == 150 and dlg.seat_edit(1).text() == "Joko"
    dlg.options_form.widgets["start"].setValue(0)
    dlg.accept()
    assert dlg.result() == QDialog.DialogCode.Accepted
