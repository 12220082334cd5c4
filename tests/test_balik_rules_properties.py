"""Properties of the Balik Satu family's rules (hypothesis): the fast winning test, waits and mata
count of ``family`` agree with a brute-force decomposition into sets; random hands keep every card,
keep every caller waiting, and show each player a hand split that really is made of their cards."""
from __future__ import annotations

import random
from collections import Counter
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.engine.cards import Kind
from cekidesk.games import get_game
from cekidesk.games.balik.family import GAME_IDS, shape

SHAPES = [("balik-satu", True), ("balik-satu", False), ("tantanan", True)]


def brute_force(counts: tuple[int, ...], group: tuple[int, ...], s: int) -> int:
    """The most matas over every split of ``counts`` into sets of ``s`` cards of one group, or -1
    when there is no split (a winning hand: a split with at least one mata)."""

    @cache
    def best(c: tuple[int, ...]) -> int:
        if not any(c):
            return 0
        k = next(i for i, x in enumerate(c) if x)       # the first card must go in some set
        out = -1
        members = [j for j in range(k, 30) if group[j] == group[k]]
        for combo in _combos(members, c, s - 1, k):
            rest = list(c)
            rest[k] -= 1
            for j in combo:
                rest[j] -= 1
            sub = best(tuple(rest))
            if sub >= 0:
                out = max(out, sub + (all(j == k for j in combo)))
        return out

    return best(counts)


def _combos(members: list[int], c: tuple[int, ...], need: int, first: int):
    """Multisets of ``need`` kinds from ``members`` that the hand still holds (``first`` has one out)."""
    def go(i: int, left: int, chosen: list[int]):
        if left == 0:
            yield tuple(chosen)
            return
        if i == len(members):
            return
        j = members[i]
        avail = c[j] - (1 if j == first else 0)
        for take in range(min(avail, left), -1, -1):
            yield from go(i + 1, left - take, chosen + [j] * take)
    yield from go(0, need, [])


def hands(shp, size: int):
    """Hands of ``size`` cards made of random sets of the shape's groups (mixed or identical), with
    up to two cards changed for any kind: winning, waiting and near hands are all common."""
    one_set = st.sampled_from(shp.members).flatmap(
        lambda ks: st.lists(st.sampled_from(ks), min_size=shp.s, max_size=shp.s))
    changes = st.lists(st.tuples(st.integers(0, size - 1), st.sampled_from(list(Kind))), max_size=2)

    def build(parts) -> list[Kind]:
        sets, changed = parts
        cards = [Kind(k) for s in sets for k in s][:size]
        for i, k in changed:
            cards[i] = k
        return cards
    return st.tuples(st.lists(one_set, min_size=-(-size // shp.s), max_size=-(-size // shp.s)), changes).map(build)


def counts_of(hand) -> tuple[int, ...]:
    out = [0] * 30
    for k in hand:
        out[k] += 1
    return tuple(out)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_winning_test_and_max_matas_agree_with_a_brute_force_split(data):
    game_id, yu = data.draw(st.sampled_from(SHAPES))
    shp = shape(game_id, yu)
    counts = counts_of(data.draw(hands(shp, shp.hand + 1)))
    matas = brute_force(counts, shp.group, shp.s)
    assert shp.is_winning(counts) == (matas >= 1)
    if matas >= 1:
        assert shp.max_matas(counts) == matas
        assert sorted(k for st_ in shp.sets(counts) for k in st_) == sorted(
            Kind(k) for k in range(30) for _ in range(counts[k]))


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_waits_are_exactly_the_kinds_that_make_the_hand_win(data):
    game_id, yu = data.draw(st.sampled_from(SHAPES))
    shp = shape(game_id, yu)
    counts = counts_of(data.draw(hands(shp, shp.hand)))
    expected = []
    for k in range(30):
        more = list(counts)
        more[k] += 1
        if brute_force(tuple(more), shp.group, shp.s) >= 1:
            expected.append(k)
    assert list(shp.waits(counts)) == expected
    if expected:
        assert shp.call_kind(counts) == ("tan" if max(counts) >= shp.s else "ceki")


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(GAME_IDS), seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 20))
def test_random_hands_keep_every_card_and_every_caller_waiting(game, seed, pick):
    spec = get_game(game)
    n = spec.min_players + pick % (spec.max_players - spec.min_players + 1)
    opts = spec.make_options()
    carry = spec.initial_carry(n, opts) if spec.initial_carry else None
    state = spec.new_hand(opts, n, seed, seed % n, **({"carry": carry} if carry is not None else {}))
    deck = sorted(state.all_cards())
    rng = random.Random(seed)
    shp = state.shape
    while not state.is_terminal():
        state.apply(rng.choice(state.all_legal_actions()))
        assert sorted(state.all_cards()) == deck
        for p in range(n):
            v = state.view(p)
            if v.calls[p] is not None and len(v.hand) == shp.hand:
                assert v.waits, "a caller's hand always waits"
            in_sets = Counter(k for s in v.sets for k in s)
            assert not in_sets - Counter(v.hand)
            pending = v.claim is not None and v.claim[2] == "stock"
            assert sum(v.hand_counts) + v.stock_count + len(v.discards) + pending == len(deck)
