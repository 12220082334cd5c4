"""The four levels in the window: New Game and Settings offer them, weakest first, each with what it
does (a tooltip on every entry and a line under the list); the Expert's thinking time is a setting
that Expert seats get from the next game on; settings of CekiDesk 0.1 show today's levels.
Offscreen Qt; the searching bots are replaced by a quick move where they would be asked to play."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cekidesk.bots import LEVELS, levels
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings, load_settings
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.dialogs.settings import SettingsDialog
from cekidesk.ui.foundations import i18n
from cekidesk.ui.main_window import MainWindow

guard_none_refcount()

DESCRIBED = {   # a word of each level's description, to tell them apart
    "beginner": "obvious mistakes", "normal": "one turn at a time", "hard": "imagines the cards",
    "expert": "reads the table"}


@pytest.fixture(autouse=True)
def _english(qapp):
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def quick_search(monkeypatch):
    """Hard and Expert players move at once (their budget is still theirs): no test waits for a search."""
    monkeypatch.setattr(levels.SearchBot, "decide", lambda self, view, rng: levels.Decision(view.legal[0]))


def items(combo) -> list[tuple[str, str, str]]:
    return [(combo.itemData(i), combo.itemText(i), combo.itemData(i, Qt.ItemDataRole.ToolTipRole))
            for i in range(combo.count())]


@pytest.mark.parametrize("game", ["ceki", "pei"])
def test_new_game_offers_the_four_levels_each_with_what_it_does(qtbot, game):
    dlg = NewGameDialog(Settings(last_game_id=game, expert_seconds=2.5))
    qtbot.addWidget(dlg)
    dlg.show()
    combo = dlg.seat_level(1)
    person, *offered = items(combo)                         # a person, or a computer player of a level
    assert person[:2] == (None, "Person")
    assert [level for level, _, _ in offered] == list(LEVELS)
    assert [text for _, text, _ in offered] == ["Computer: Beginner", "Computer: Normal", "Computer: Hard",
                                                 "Computer: Expert"]
    for level, _, tip in offered:
        assert DESCRIBED[level] in tip.lower()
    assert "0.3 s a move" in offered[2][2]                  # Hard's own budget
    assert "2.5 s a move" in offered[3][2]                  # the Expert's, as the settings choose
    # the line under the seats says what the level being chosen does
    assert combo.currentData() == "normal" and DESCRIBED["normal"] in dlg.level_help.text()
    combo.highlighted.emit(combo.findData("expert"))         # pointing at Expert in the open list
    assert "Expert" in dlg.level_help.text() and "2.5 s a move" in dlg.level_help.text()
    dlg.seat_level(2).setCurrentIndex(dlg.seat_level(2).findData("beginner"))   # Beginner for another seat
    assert "Beginner" in dlg.level_help.text() and DESCRIBED["beginner"] in dlg.level_help.text()
    assert dlg.level_help.isVisible() and dlg.level_help.wordWrap()
    assert dlg.config().seats[2].level == "beginner"


@pytest.mark.parametrize("old, level", [("random", "beginner"), ("heuristic", "normal")])
def test_settings_of_release_0_1_offer_todays_level(qtbot, tmp_path, old, level):
    path = tmp_path / "settings.json"
    path.write_text(f'{{"default_bot_level": "{old}"}}', encoding="utf-8")
    settings = load_settings(path)
    dlg = NewGameDialog(settings)
    qtbot.addWidget(dlg)
    assert [dlg.seat_level(i).currentData() for i in range(1, 4)] == [level] * 3
    sdlg = SettingsDialog(settings)
    qtbot.addWidget(sdlg)
    assert sdlg.level.currentData() == level


def test_settings_offer_the_levels_and_the_experts_thinking_time(qtbot):
    settings = Settings(default_bot_level="hard")
    dlg = SettingsDialog(settings)
    qtbot.addWidget(dlg)
    dlg.show()
    changed = []
    dlg.settingsChanged.connect(lambda: changed.append(True))
    offered = items(dlg.level)
    assert [(level, text) for level, text, _ in offered] == [
        ("beginner", "Beginner"), ("normal", "Normal"), ("hard", "Hard"), ("expert", "Expert")]
    assert all(DESCRIBED[level] in tip.lower() for level, _, tip in offered)
    assert dlg.level.currentData() == "hard" and DESCRIBED["hard"] in dlg.level_help.text().lower()

    spin = dlg.expert
    assert (spin.minimum(), spin.maximum(), spin.value()) == (0.5, 5.0, 1.0)
    assert "next game" in dlg.expert_help.text()            # when a change applies
    spin.setValue(3.5)
    assert settings.expert_seconds == 3.5 and changed
    dlg.level.setCurrentIndex(dlg.level.findData("expert"))
    assert settings.default_bot_level == "expert"
    assert "3.5 s a move" in dlg.level_help.text()          # the Expert's description follows the setting
    spin.setValue(99)                                       # typed beyond the range: the spin box keeps to it
    assert settings.expert_seconds == 5.0


def test_the_hint_option_names_the_level_that_gives_hints(qtbot):
    dlg = SettingsDialog(Settings())
    qtbot.addWidget(dlg)
    assert "skilled" not in dlg.hints.text().lower() and "Hard" in dlg.hints.text()


def test_expert_seats_think_for_the_time_set_from_the_next_game_on(qtbot, boxes, quick_search):
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0, expert_seconds=2.5))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    seats = [Seat.human("You"), Seat.bot("expert", "Budi"), Seat.bot("hard", "Sari"), Seat.bot("expert", "Ayu")]
    assert w.start_new_game(NewGameConfig("ceki", seats, 5, {}, {"mode": "money", "stake_cents": 5}))
    bots = w.controller.bots
    assert (bots[1].level, bots[1].budget) == ("expert", 2.5) and bots[3].budget == 2.5
    assert (bots[2].level, bots[2].budget) == ("hard", levels.HardBot.default_budget)   # Hard keeps its own

    dlg = w.show_settings()
    dlg.expert.setValue(4.0)
    QApplication.processEvents()
    assert load_settings().expert_seconds == 4.0            # stored at once …
    assert w.controller.bots[1].budget == 2.5               # … and the game in progress plays on as it was
    assert w.start_new_game(NewGameConfig("ceki", seats, 6, {}, {"mode": "money", "stake_cents": 5}))
    assert [w.controller.bots[i].budget for i in (1, 2, 3)] == [4.0, levels.HardBot.default_budget, 4.0]
    w.close()
