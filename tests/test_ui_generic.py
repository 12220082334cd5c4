"""The window's game-independent parts: itemised stakes in words, overlapping card rows, the help's
keys per game, the money line of a game that settles by its own stakes."""
from __future__ import annotations

import pytest

from cekidesk.engine.match import Match
from cekidesk.games import new_match
from cekidesk.ui.dialogs.hand_end import stake_item_text
from cekidesk.ui.dialogs.score_sheet import match_progress
from cekidesk.ui.foundations.cardpics import CardRow
from cekidesk.ui.table import TableWidget

NAMES = ["You", "Budi", "Sari"]


def test_stake_items_agree_with_you_and_name_the_pot():
    assert stake_item_text(("jung", 1, 0, 15), NAMES, 0) == "Budi pays you 15 ¢ (jung: the difference in points)"
    assert stake_item_text(("jung", 0, 2, 5), NAMES, 0).startswith("You pay Sari 5 ¢")
    assert stake_item_text(("jung", 2, 1, 20), NAMES, 0).startswith("Sari pays Budi 20 ¢")
    assert stake_item_text(("wulwulan_stake", 0, None, 10), NAMES, 0).startswith("You put 10 ¢ into the pot")
    assert stake_item_text(("wulwulan_win", None, 1, 30), NAMES, 0).startswith("Budi takes 30 ¢ from the pot")
    assert stake_item_text(("jedhil_win", None, 0, 10), NAMES, 0).startswith("You take 10 ¢ from the pot")
    zero = stake_item_text(("jentolan_deals", 2, None, 0), NAMES, 0)
    assert zero.startswith("Sari: ") and "0.00" not in zero and "pot" not in zero


def test_card_row_overlap_really_overlaps(qtbot):
    plain = CardRow([["C1", "C2", "C3"]], 80)
    tight = CardRow([["C1", "C2", "C3"]], 80, overlap=0.5)
    qtbot.addWidget(plain)
    qtbot.addWidget(tight)
    xs = [lab.x() for lab in tight.labels]
    w = tight.labels[0].pixmap().deviceIndependentSize().width()
    assert xs[1] - xs[0] == pytest.approx(w * 0.5, abs=1.5)
    assert tight.sizeHint().width() < plain.sizeHint().width()
    assert len(plain.labels) == 3


def test_help_keys_are_the_games_own():
    pei = dict(TableWidget.shortcuts("pei"))
    ceki = dict(TableWidget.shortcuts("ceki"))
    assert "T" in ceki and "T" not in pei          # take the discard: Ceki only
    assert ceki["D"] != pei["D"]                   # each game says what D draws


def test_money_line_of_a_game_with_its_own_stakes(qtbot):
    m = new_match("pei", 3, 5, {"stakes": "wulwulan"}, {"mode": "money"})
    line = match_progress(m, NAMES)
    assert "per point" not in line and "pot" in line.lower()
    c = new_match("ceki", 3, 5, {}, {"mode": "money", "stake_cents": 5})
    assert match_progress(c, NAMES) == "Stake: 5 ¢ per point."
