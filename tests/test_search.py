"""The levels every game gets from the same code: the generic search, Beginner, Hard and Expert, and
each game's search hooks (playout policy, evidence, a beginner's plausible moves, hint reasons).

Budgets here are tiny: a search's work is counted in playout moves, never in seconds, so these tests
ask nothing of the machine's speed.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.bots import LEVELS, bot_levels, canonical_level, make_bot
from cekidesk.bots.levels import BeginnerBot, ExpertBot, HardBot
from cekidesk.engine.core import Action, GameState
from cekidesk.engine.search import SearchHooks, _surely_better, candidates, search
from cekidesk.games import BUILTIN_GAMES, games, get_game, module_name
from cekidesk.games.ceki.rules import SET_GROUPS, CekiState
from cekidesk.games.ceki.search import CekiEvidence
from cekidesk.games.pei.rules import PHASE_PLAY, PeiState, rank_of
from cekidesk.games.pei.search import PeiEvidence

from bot_checks import assert_decisions_ignore_hidden_cards
from helpers import play_on

SEARCHING = [spec.id for spec in games() if spec.search is not None]
TINY = 0.002   # seconds of budget: a few imagined deals


def _state(game_id: str, seed: int, steps: int) -> GameState:
    spec = get_game(game_id)
    n = spec.default_players
    return play_on(spec.new_hand(spec.make_options({}), n, seed, seed % n), steps, seed)


def _unfinished(game_id: str, seed: int, steps: int) -> GameState:
    """``_state`` after ``steps`` steps, or after half as many (and so on) while that ends the hand: a
    game with short hands (Kartu Lima: five tricks) still gives a position to decide in."""
    while True:
        state = _state(game_id, seed, steps)
        if not state.is_terminal() or steps == 0:
            return state
        steps //= 2


def test_every_builtin_game_offers_the_four_levels_in_order():
    builtin = [spec.id for spec in games() if module_name(spec.id) in BUILTIN_GAMES]
    assert builtin and [g for g in SEARCHING if g in builtin] == builtin
    for game_id in SEARCHING:
        assert bot_levels(game_id) == list(LEVELS)
        assert [type(make_bot(game_id, lv)).level for lv in LEVELS] == list(LEVELS)


def test_old_level_ids_name_todays_levels():
    assert canonical_level("random") == "beginner"
    assert canonical_level("heuristic") == "normal"
    assert canonical_level("expert") == "expert"
    assert make_bot("ceki", "heuristic").level == "normal"
    assert make_bot("pei", "random").level == "beginner"


def test_budgets_default_by_level_and_can_be_set():
    assert make_bot("ceki", "hard").budget == HardBot.default_budget == 0.3
    assert make_bot("ceki", "expert").budget == ExpertBot.default_budget == 1.0
    assert make_bot("pei", "expert", budget=2.5).budget == 2.5
    assert make_bot("ceki", "hard").searches and make_bot("pei", "expert").searches
    assert not make_bot("ceki", "normal").searches and not make_bot("ceki", "beginner").searches


# -- the playout policies --------------------------------------------------------------------

@pytest.mark.parametrize("game_id", SEARCHING)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_the_playout_policy_makes_legal_moves_to_the_end_of_a_hand(game_id, seed, steps):
    spec = get_game(game_id)
    state = _state(game_id, seed, steps)
    rng = random.Random(seed)
    limit = spec.max_hand_actions(state.n_players, state.options) or 20_000
    for _ in range(limit):
        if state.is_terminal():
            break
        action = spec.search.playout(state, rng)
        assert action in state.all_legal_actions()
        state.apply(action)
    assert state.is_terminal()


# -- the searching levels ----------------------------------------------------------------------

@pytest.mark.parametrize("game_id", SEARCHING)
@pytest.mark.parametrize("level", ["hard", "expert"])
def test_a_search_gives_the_same_move_for_the_same_view_and_rng(game_id, level):
    for seed in range(6):
        state = _state(game_id, seed, 9 * seed)
        if state.is_terminal():
            continue
        p = state.to_act()[0]
        view = state.view(p)
        first = make_bot(game_id, level, p, budget=TINY).decide(view, random.Random(seed))
        again = make_bot(game_id, level, p, budget=TINY).decide(view, random.Random(seed))
        assert first == again
        assert first.action in view.legal


@pytest.mark.parametrize("game_id", SEARCHING)
@pytest.mark.parametrize("level", LEVELS)
def test_no_level_looks_at_hidden_cards(game_id, level):
    """Every level decides the same when everything its seat cannot see is dealt anew."""
    states = [_unfinished(game_id, seed, (seed * 37) % 120) for seed in range(8)]
    states = [s for s in states if not s.is_terminal()]
    checked = assert_decisions_ignore_hidden_cards(
        states, lambda p: make_bot(game_id, level, p, budget=TINY), redeals=2)
    assert checked >= 8


def test_a_stopped_search_plays_the_heuristics_move():
    """``should_stop`` is asked before every imagined deal: True at once means no deal at all, and
    the move is the one the game's heuristic ranks first."""
    state = _state("ceki", 3, 40)
    while len(state.all_legal_actions()) < 3:
        state.apply(state.all_legal_actions()[0])
    p = state.to_act()[0]
    view = state.view(p)
    bot = make_bot("ceki", "expert", p)
    asked = []
    bot.should_stop = lambda: asked.append(1) or True
    decision = bot.decide(view, random.Random(1))
    assert asked and bot.last.deals == 0
    assert decision.action == get_game("ceki").search.rank(view)[0][0]


def test_a_stop_after_some_deals_ends_the_search_there():
    state = _state("pei", 4, 0)
    p = state.to_act()[0]
    view = state.view(p)
    bot = make_bot("pei", "hard", p)
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 5

    bot.should_stop = stop
    bot.decide(view, random.Random(2))
    assert bot.last.deals == 5


def test_a_bot_travels_without_its_stop_check():
    import pickle

    bot = make_bot("ceki", "expert", 1)
    bot.should_stop = lambda: False
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.should_stop is None and copy.level == "expert" and copy.seat == 1


def test_surely_better_needs_a_margin_of_standard_errors():
    a = {i: 1.0 + (i % 2) for i in range(40)}
    b = {i: 1.0 for i in range(40)}
    assert _surely_better(a, b, 1.0)
    assert not _surely_better(b, a, 1.0)
    assert not _surely_better(b, b, 1.0)
    noisy = {i: (10.0 if i % 2 else -9.0) for i in range(40)}   # mean +0.5, huge spread
    assert not _surely_better(noisy, b, 1.0)


def test_candidates_keep_the_heuristics_best_first():
    state = _state("ceki", 5, 41)
    while state.phase != "discard":
        state.apply(state.all_legal_actions()[0])
    view = state.view(state.current)
    hooks = get_game("ceki").search
    cands, prior = candidates(view, hooks, 3)
    ranked = [a for a, _ in hooks.rank(view)]
    assert cands == ranked[:3] and prior == ranked[0]
    everything, _ = candidates(view, SearchHooks(playout=hooks.playout), 3)
    assert everything == list(view.legal)


def test_search_counts_its_work_in_playout_moves():
    state = _state("ceki", 8, 30)
    while len(state.all_legal_actions()) < 2:
        state.apply(state.all_legal_actions()[0])
    view = state.view(state.to_act()[0])
    hooks = get_game("ceki").search
    small = search(view, CekiState, hooks, random.Random(1), budget_steps=2_000)
    big = search(view, CekiState, hooks, random.Random(1), budget_steps=20_000)
    assert 0 < small.deals < big.deals
    assert small.steps >= 2_000 and big.steps >= 20_000
    assert big.steps < 20_000 + 2_000   # the last deal overshoots by at most one deal's work


# -- Beginner ------------------------------------------------------------------------------------

def test_the_ceki_beginner_keeps_made_sets_and_takes_only_a_card_it_can_pair_or_set():
    bot = BeginnerBot(game_id="ceki")
    seen = 0
    for seed in range(60):
        state = _state("ceki", seed, (seed * 13) % 90)
        if state.is_terminal():
            continue
        p = state.current
        view = state.view(p)
        groups = SET_GROUPS[False]
        counts = {}
        for k in view.hand:
            counts[groups[k]] = counts.get(groups[k], 0) + 1
        for r in range(5):
            a = bot.choose(view, random.Random(r))
            if a.verb == "take" and not view.called[p]:
                assert counts.get(groups[view.discards[-1]], 0) in (1, 2)
            if a.verb == "discard":
                loose = [b for b in view.legal if counts[groups[b.card]] < 3]
                if loose:
                    assert counts[groups[a.card]] < 3, (view.hand, a)
                    seen += 1
    assert seen > 30


def test_the_pei_beginner_captures_whenever_it_can():
    bot = BeginnerBot(game_id="pei")
    seen = 0
    for seed in range(40):
        state = _state("pei", seed, (seed * 7) % 100)
        if state.is_terminal() or state.phase != PHASE_PLAY:
            continue
        view = state.view(state.current)
        ranks = {rank_of(k, view.options) for k in view.pool}
        if not any(rank_of(k, view.options) in ranks for k in view.hand):
            continue
        for r in range(5):
            a = bot.choose(view, random.Random(r))
            assert rank_of(a.card, view.options) in ranks
            seen += 1
    assert seen > 20


# -- evidence -------------------------------------------------------------------------------------

def _play_hand_watching(game_id: str, seed: int, watcher: int, evidence):
    """Play a hand with Normal players; ``evidence`` observes every view ``watcher`` is given.  Returns
    the states before each action, with the actions."""
    spec = get_game(game_id)
    n = spec.default_players
    state = spec.new_hand(spec.make_options({}), n, seed, seed % n)
    bots = [make_bot(game_id, "normal", p) for p in range(n)]
    trail = []
    while not state.is_terminal():
        p = state.to_act()[0]
        view = state.view(p)
        if p == watcher:
            evidence.observe(view)
        action = bots[p].choose(view, random.Random(seed))
        trail.append((state.clone(), action))
        state.apply(action)
    return trail


def test_ceki_evidence_states_only_what_really_happened():
    """Every value the Expert reads as let go by a caller was on top of the pile when that caller
    drew, and every value read as thrown by a player was thrown by them."""
    facts = 0
    for seed in range(30):
        ev = CekiEvidence()
        trail = _play_hand_watching("ceki", seed, 0, ev)
        groups = SET_GROUPS[False]
        passed: dict[int, set[int]] = {}
        threw: dict[int, set[int]] = {}
        for state, action in trail:
            p = action.player
            if action.verb == "draw" and state.called[p] and state.discards:
                passed.setdefault(p, set()).add(groups[state.discards[-1] % 30])
            if action.verb == "discard":
                threw.setdefault(p, set()).add(groups[action.card])
        for q, gs in ev.passed.items():
            assert gs <= passed.get(q, set())
            facts += len(gs)
        for q, gs in ev.threw.items():
            assert gs <= threw.get(q, set())
            facts += len(gs)
    assert facts > 50


def test_pei_evidence_states_only_what_really_happened():
    """Every rank the Expert reads as not held by an opponent lay in the pool when that opponent
    played a card that captured nothing."""
    facts = 0
    for seed in range(20):
        ev = PeiEvidence()
        trail = _play_hand_watching("pei", seed, 0, ev)
        lacked: dict[int, set[int]] = {}
        for i, (state, action) in enumerate(trail):
            if action.verb != "play":
                continue
            after = trail[i + 1][0] if i + 1 < len(trail) else None
            captured_nothing = after is not None and len(after.captured[action.player]) == len(
                state.captured[action.player]) and after.phase != "capture"
            if captured_nothing:
                ranks = {r for r, bucket in enumerate(state.pool) if bucket}
                lacked.setdefault(action.player, set()).update(ranks)
        for q, ranks in ev.lacks.items():
            assert ranks <= lacked.get(q, set())
            facts += len(ranks)
    assert facts > 20


def test_evidence_weights_imagined_deals_that_go_against_it_lower():
    ev = CekiEvidence()
    state = _state("ceki", 2, 0)
    assert ev.weight(state) == 1.0
    q = 1
    state.called[q] = True
    state.call_group[q] = 4
    ev.passed[q] = {4}
    assert ev.weight(state) < 1.0
    pev = PeiEvidence()
    pstate = _state("pei", 2, 0)
    assert pev.weight(pstate) == 1.0
    other = next(s for s in range(3) if pstate.hands[s])
    pev.lacks[other] = {pstate.rank[pstate.hands[other][0] % 30]}
    assert pev.weight(pstate) < 1.0


@pytest.mark.parametrize("game_id", SEARCHING)
def test_reasons_name_the_move(game_id):
    """The hint's reasons are codes with plain parameters; a searching bot adds how many deals it
    imagined."""
    for seed in range(8):
        state = _state(game_id, seed, 11 * seed)
        if state.is_terminal() or len(state.all_legal_actions()) < 2:
            continue
        p = state.to_act()[0]
        decision = make_bot(game_id, "hard", p, budget=TINY).decide(state.view(p), random.Random(seed))
        codes = [code for code, _ in decision.reasons]
        assert codes[-1] == "search.deals"
        # a family's games share their codes under the family's package name (``balik.``)
        assert all(code.startswith((game_id + ".", module_name(game_id) + ".", "search.")) for code in codes)
        for _, params in decision.reasons:
            assert all(isinstance(v, (int, str, bool)) for v in params.values())
