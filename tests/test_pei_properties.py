"""Property tests of the Pèi state: from any seed, options (stake amounts included) and sequence
of legal actions every card is accounted for, hands last exactly 42 turns, saves load back
identical and no money is made or lost.  What every game must do (illegal actions change
nothing, replay, the fast path, clones) is checked for every game by ``test_conformance.py``."""
from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cekidesk.games import new_match
from cekidesk.engine.core import Action
from cekidesk.games.pei.rules import PeiOptions, PeiState, score_cards
from cekidesk.persistence import document_to_match, match_to_document, saves

from helpers import seats_for, step

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

options_st = st.builds(
    PeiOptions,
    variant=st.sampled_from(["javanese", "la_peche", "magelang"]),
    ten_rank=st.booleans(),
    second_bunci=st.booleans(),
    stakes=st.sampled_from(["jentolan", "wudon", "rampung", "parewanan", "wulwulan", "jedhil"]),
    jung=st.integers(0, 20),
    jedhil_stake=st.integers(0, 30),
    wudon_stake=st.integers(0, 30),
)


def check_invariants(s: PeiState) -> None:
    cards = s.all_cards()
    assert len(cards) == 120 and sorted(cards) == list(range(120))
    plays_done = s.turn + (0 if s.phase == "play" else 1)
    draws_done = s.turn + (1 if (s.phase == "capture" and s.pending_from == "stock") or s.is_terminal() else 0)
    assert sum(len(h) for h in s.hands) == 42 - plays_done
    assert len(s.stock) == 42 - draws_done
    assert s.pending >= 0 if s.phase == "capture" else s.pending == -1
    for b, bucket in enumerate(s.pool):
        assert all(s.rank[u % 30] == b for u in bucket)
    for p in range(3):
        v = s.view(p)
        assert sum(v.hand_counts) + len(v.pool) + sum(map(len, v.captured)) + v.stock_count \
            + (v.pending is not None) == 120
        assert len(v.captured[p]) % 2 == 0
        assert v.scores[p] == score_cards(v.captured[p], s.options).total
        if not s.is_terminal() and p == s.current:
            assert v.legal
        else:
            assert v.legal == ()


def random_hand(seed: int, options: PeiOptions, picks: list[int], check=True):
    s = PeiState(3, options, seed, seed % 3)
    log: list[Action] = []
    i = 0
    while not s.is_terminal():
        legal = s.all_legal_actions()
        a = legal[(picks[i % len(picks)] if picks else i) % len(legal)]
        i += 1
        s.apply(a)
        log.append(a)
        if check:
            check_invariants(s)
    return s, log


@SETTINGS
@given(seed=st.integers(0, 2**32), options=options_st,
       picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=120))
def test_random_hands_account_for_every_card_and_last_42_turns(seed, options, picks):
    s, log = random_hand(seed, options, picks)
    assert sum(a.verb == "play" for a in log) == 42
    assert sum(a.verb == "draw" for a in log) == 42
    assert s.hands == [[], [], []] and s.stock == []
    assert s.turn == 41 and s.to_act() == ()
    caps = sum(a.verb == "capture" for a in log)
    assert len(log) == 84 + caps
    r = s.result()
    assert sum(len(c) for c in s.captured) + len(s.pool_uids()) == 120
    assert sorted(r.details["ranking"]) == [0, 1, 2]
    pts = r.points
    w, mid, last = r.details["ranking"]
    assert pts[w] >= pts[mid] >= pts[last]


# -- matches: saves and money -----------------------------------------------------------------------

@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**62), options=options_st, hands=st.integers(0, 3),
       extra=st.integers(0, 100), play_seed=st.integers(0, 2**32))
def test_save_load_is_identical_and_money_balances(seed, options, hands, extra, play_seed):
    m = new_match("pei", 3, seed, options)
    rng = random.Random(play_seed)
    while len(m.history) < hands:
        step(m, rng)
    for _ in range(extra):
        step(m, rng)
    pot = 0
    for rec in m.history:
        assert sum(rec.payments) + (rec.pot - pot) == 0
        pot = rec.pot
    assert sum(m.ledger) + m.pot == 0 and m.pot == pot
    doc = match_to_document(m, seats_for(3, ("beginner",)))
    text = saves.document_to_bytes(doc).decode("utf-8")
    back = document_to_match(saves.parse_document(text))
    assert back.options == m.options and back.scores == m.scores and back.ledger == m.ledger
    assert back.pot == m.pot and back.history == m.history and back.logs == m.logs
    assert back.dealer == m.dealer and back.hand_seed == m.hand_seed
    assert back.state.rng.getstate() == m.state.rng.getstate()
    for p in range(3):
        assert back.state.view(p) == m.state.view(p)


def test_save_file_round_trip_of_a_pei_match(tmp_path: Path):
    m = new_match("pei", 3, 77, {"stakes": "wulwulan"})
    rng = random.Random(7)
    while len(m.history) < 3:
        step(m, rng)
    for _ in range(30):
        step(m, rng)
    assert m.pot > 0
    path = tmp_path / "pei.cekisave"
    saves.save_match(path, m, seats_for(3, ("beginner",)))
    loaded = saves.load_match(path).match
    assert loaded.pot == m.pot and loaded.history == m.history
    for p in range(3):
        assert loaded.state.view(p) == m.state.view(p)
    # both go on identically
    r1, r2 = random.Random(1), random.Random(1)
    for _ in range(200):
        assert step(m, r1) == step(loaded, r2)
    assert loaded.ledger == m.ledger and loaded.pot == m.pot
