"""Ce Pe under any rule set players can make: hypothesis draws random *valid* rule sets (effects,
limits, start values, penalties, hand sizes, decks, redeal, instant wins, per-card effects) and plays
each to its end with random legal moves.  At every step: the counter never passes the limit, every
card is somewhere (hands + stock + discards + face-down = decks × 52), the hand ends within its bound,
and no view or event tells a player what they cannot see (another hand, the stock's order, the cards
of an exchange between two others)."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cekidesk.engine.cards import ALL_WKINDS
from cekidesk.engine.core import events_for
from cekidesk.games.ce_pe import rules as R
from cekidesk.games.ce_pe.ruleset import ACTIONS, RANKS, CePeOptions, Effect, problems

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

values = st.lists(st.integers(-40, 40), min_size=1, max_size=3).map(tuple)


@st.composite
def effects(draw) -> Effect:
    counter = draw(st.sampled_from(("none", "add", "add_or_sub", "set")))
    return Effect(counter=counter, values=draw(values) if counter != "none" else (),
                  action=draw(st.sampled_from(ACTIONS)), draw=draw(st.booleans()), always=draw(st.booleans()))


@st.composite
def rule_sets(draw) -> tuple[CePeOptions, int]:
    n = draw(st.integers(2, 8))
    limit = draw(st.integers(-30, 150))
    penalty = draw(st.sampled_from(("lives", "tokens", "out")))
    fields = dict(
        limit=limit, start=draw(st.integers(limit - 60, limit)), hand_size=draw(st.integers(1, 7)),
        decks=draw(st.integers(1, 3)), penalty=penalty, tokens=draw(st.integers(1, 3)),
        redeal_after_loss=penalty != "lives" and draw(st.booleans()),
        instant_win=draw(st.one_of(st.none(), st.integers(limit - 30, limit))),
        effects={r: draw(effects()) for r in RANKS},
        card_effects=draw(st.dictionaries(st.sampled_from([k.code for k in ALL_WKINDS]), effects(), max_size=3)),
    )
    probe = type("Rules", (), fields)
    assume(not problems(probe) and not problems(probe, n))
    return CePeOptions(**fields), n


def conserved(s: R.CePeState) -> None:
    assert sorted(s.all_cards()) == list(range(52 * s.options.decks))


def no_leak(s: R.CePeState, rng: random.Random) -> None:
    """What each player sees is the same at a table where everything hidden from them was dealt
    again, and so is what they are told of the next action."""
    nxt = None if s.is_terminal() else s.legal_actions(s.current)[rng.randrange(len(s.legal_actions(s.current)))]
    for q in range(s.n_players):
        other = s.redeal_hidden(q, random.Random(rng.randrange(2**32)))
        assert other.view(q) == s.view(q)
        made = R.CePeState.determinize(s.view(q), random.Random(rng.randrange(2**32)))
        assert made.view(q) == s.view(q)
        if nxt is not None and nxt.player != q and nxt in other.legal_actions(nxt.player):
            here, there = s.clone(), other
            seen_here, seen_there = events_for(here.apply(nxt), q), events_for(there.apply(nxt), q)
            if here.view(q) == there.view(q):
                assert seen_here == seen_there


def exchanges_stay_between_the_two(s: R.CePeState, events) -> None:
    for e in events:
        if e.type in ("exchange", "take_replacement", "draw", "turn_down"):
            for q in range(s.n_players):
                seen = e.for_viewer(q).data
                if q not in e.secret_to:
                    assert not {"given", "taken", "card"} & set(seen), (e, q)


@SETTINGS
@given(case=rule_sets(), seed=st.integers(0, 2**32 - 1))
def test_any_valid_rule_set_plays_to_an_end_within_the_limit_conserving_cards_and_leaking_nothing(case, seed):
    options, n = case
    rng = random.Random(seed)
    carry = R.initial_carry(n, options)
    s = R.new_hand(options, n, seed, seed % n, carry=carry)
    bound = R.max_hand_actions(n, options)
    steps = 0
    while not s.is_terminal():
        assert s.counter <= options.limit
        if steps % 37 == 0:
            conserved(s)
            no_leak(s, rng)
        legal = s.legal_actions(s.current)
        assert legal, "a player to act always has a legal action"
        events = s.apply(legal[rng.randrange(len(legal))])
        exchanges_stay_between_the_two(s, events)
        steps += 1
        assert steps <= bound, "the hand did not end within its bound"
    assert s.counter <= options.limit
    conserved(s)
    no_leak(s, rng)
    res = s.result()
    assert res.winners or (options.redeal_after_loss and res.details["reason"] == "loss")
    settled = R.settle(res, options, 7, carry=carry)
    assert sum(settled.payments) == 0


@SETTINGS
@given(case=rule_sets(), seed=st.integers(0, 2**32 - 1))
def test_the_legal_plays_are_exactly_the_ways_that_keep_the_counter_at_most_the_limit(case, seed):
    options, n = case
    s = R.new_hand(options, n, seed, 0)
    rng = random.Random(seed)
    for _ in range(30):
        if s.is_terminal() or s.phase != "play":
            break
        p = s.current
        legal = set(s.legal_actions(p))
        for u in s.hands[p]:
            kind = R.kind_of(u)
            eff = options.effect_of(kind)
            offered = {(a.amount, a.target) for a in legal if a.verb == "play" and a.card == kind}
            ways = R.plays_of(eff, s.counter, options.limit)
            assert {am for am, _t in offered} == {am for am, _after in ways}
            assert all(after <= options.limit for _am, after in ways)
            assert bool(ways) == eff.playable(s.counter, options.limit)
        s.apply(sorted(legal, key=str)[rng.randrange(len(legal))])
