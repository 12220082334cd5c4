"""The match layer's pot (``Settlement``, ``GameSpec.carries_pot``, ``Match.pot``,
``HandRecord.pot/items``) and its save files (``Ledger.pot``).

The first part uses Ceki with a stand-in settle function that puts money in the middle, so the pot
machinery is tested apart from any one game's stakes; Ceki itself must be settled exactly as before.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cekidesk.engine import Settlement
from cekidesk.engine import core
from cekidesk.games import get_game, new_match
import cekidesk.games as games_pkg
from cekidesk.engine.core import EngineError, HandResult
from cekidesk.engine.match import HandRecord, normalise_settlement
from cekidesk.games.ceki import rules as ceki
from cekidesk.persistence import SaveFileError, load_match, save_match
from cekidesk.persistence import saves

from helpers import play_actions, play_hands, seats_for


# -- Settlement ----------------------------------------------------------------------------------

def test_settlement_from_items_follows_the_money():
    items = (("a", 0, None, 10), ("b", 1, None, 10), ("c", None, 2, 15), ("d", 1, 0, 3))
    s = Settlement.from_items(3, 7, items)
    assert s.payments == (-10 + 3, -10 - 3, 15)
    assert s.pot == 7 + 20 - 15
    assert s.items == items
    assert sum(s.payments) + (s.pot - 7) == 0


def test_normalise_a_tuple_keeps_the_pot():
    s = normalise_settlement((5, -5), 12, 2)
    assert s == Settlement((5, -5), 12, ())


@pytest.mark.parametrize("bad", [
    Settlement((5, -4), 0),             # money made out of nothing
    Settlement((5, -5), 3),             # money appears in the pot
    Settlement((1, -1, 0), 0),          # a payment for a seat that is not there
])
def test_normalise_refuses_money_out_of_nothing(bad):
    with pytest.raises(EngineError):
        normalise_settlement(bad, 0, 2)


def test_normalise_accepts_money_into_the_pot():
    assert normalise_settlement(Settlement((-5, 0), 5), 0, 2).pot == 5


def test_normalise_refuses_a_negative_pot():
    with pytest.raises(EngineError):
        normalise_settlement(Settlement((5, 0), -5), 0, 2)


# -- Ceki keeps its settlement ---------------------------------------------------------------------

def test_ceki_spec_has_no_pot_and_stakes_per_point():
    spec = get_game("ceki")
    assert spec.carries_pot is False and spec.stake_per_point is True


def test_ceki_match_is_settled_as_before():
    m = new_match("ceki", 4, 99, match_options={"stake_cents": 3})
    play_hands(m, random.Random(5), 6)
    ledger = [0] * 4
    for rec in m.history:
        assert isinstance(rec, HandRecord)
        assert rec.payments == ceki.settle(rec.result, m.options, 3)
        assert rec.pot == 0 and rec.items == ()
        ledger = [a + b for a, b in zip(ledger, rec.payments)]
    assert m.ledger == ledger and m.pot == 0 and sum(m.ledger) == 0


# -- a pot game (Ceki with a stand-in settle that feeds the middle) -------------------------------

def pot_settle(result: HandResult, options, stake_cents: int, pot: int = 0, carry=None) -> Settlement:
    """Each hand every seat puts 2 cents in the middle; a winner takes half the pot (rounded down)."""
    n = len(result.points)
    items = [("stake", p, None, 2) for p in range(n)]
    total = pot + 2 * n
    if result.winners:
        items.append(("win", None, result.winners[0], total // 2))
    return Settlement.from_items(n, pot, tuple(items))


@pytest.fixture
def pot_ceki(monkeypatch):
    """The registry's Ceki replaced by one that carries a pot (undone after the test)."""
    spec = games_pkg._REGISTRY["ceki"].replace(settle=pot_settle, carries_pot=True, stake_per_point=False)
    monkeypatch.setitem(games_pkg._REGISTRY, "ceki", spec)
    return spec


def test_match_carries_the_pot(pot_ceki):
    m = new_match("ceki", 3, 4)
    assert m.pot == 0
    play_hands(m, random.Random(2), 8)
    pot = 0
    for rec in m.history:
        assert rec.items[:3] == tuple(("stake", p, None, 2) for p in range(3))
        expected = pot_settle(rec.result, m.options, 1, pot=pot)
        assert rec.payments == expected.payments and rec.pot == expected.pot
        assert sum(rec.payments) + (rec.pot - pot) == 0
        pot = rec.pot
    assert m.pot == pot > 0
    assert sum(m.ledger) + m.pot == 0


def test_pot_ledger_round_trips_through_a_save(pot_ceki, tmp_path: Path):
    m = new_match("ceki", 3, 21)
    rng = random.Random(8)
    play_hands(m, rng, 4)
    play_actions(m, rng, 9)
    assert m.pot > 0
    path = tmp_path / "pot.cekisave"
    save_match(path, m, seats_for(3, ("beginner",)))
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["ledger"]["pot"] == m.pot
    loaded = load_match(path).match
    assert loaded.pot == m.pot and loaded.ledger == m.ledger and loaded.history == m.history
    # a pot that does not fit the moves is caught
    raw["ledger"]["pot"] = m.pot + 1
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(SaveFileError) as exc:
        load_match(path)
    assert exc.value.reason == "ledger_mismatch"


def test_old_save_without_a_pot_still_loads(tmp_path: Path):
    m = new_match("ceki", 4, 3)
    play_hands(m, random.Random(1), 2)
    path = tmp_path / "old.cekisave"
    save_match(path, m, seats_for(4, ("beginner",)))
    raw = json.loads(path.read_text(encoding="utf-8"))
    del raw["ledger"]["pot"]
    path.write_text(json.dumps(raw), encoding="utf-8")
    loaded = load_match(path)
    assert loaded.document.ledger.pot == 0 and loaded.match.pot == 0
    assert loaded.match.ledger == m.ledger


def test_a_negative_saved_pot_is_damage(tmp_path: Path):
    m = new_match("ceki", 4, 3)
    path = tmp_path / "neg.cekisave"
    save_match(path, m, seats_for(4, ("beginner",)))
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["ledger"]["pot"] = -1
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(SaveFileError) as exc:
        saves.load_document(path)
    assert exc.value.reason == "damaged"
