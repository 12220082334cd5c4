"""No-leak tests for Pèi: a player's view depends only on what that player may see.

* Re-dealing every card a viewer cannot see leaves their view unchanged (and changes the others'
  hands, so the test can fail).
* The patih's peek (la pêche: the unyik's) is in that player's view and events only.
* A view holds card kinds, never card uids.
* ``determinize(view, rng)`` builds a full, playable state with the same view; ``unseen_kinds``
  counts exactly the cards hidden from the viewer.
"""
from __future__ import annotations

import random
from dataclasses import fields

from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.engine.cards import ALL_KINDS, Kind
from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.games.pei.rules import PATIH, UNYIK, PeiOptions, PeiState, PeiView, determinize, unseen_kinds

from helpers import pei_stacked

VARIANTS = ["javanese", "la_peche", "magelang"]


def play(seed: int, variant: str, steps: int, ten: bool = False) -> tuple[PeiState, list[Event]]:
    s = PeiState(3, PeiOptions(variant=variant, ten_rank=ten), seed, seed % 3)
    events = list(s.deal_events)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        events += s.apply(rng.choice(s.all_legal_actions()))
    return s, events


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(VARIANTS), steps=st.integers(0, 130),
       ten=st.booleans(), redeal_seed=st.integers(0, 2**32))
def test_redeal_hidden_keeps_the_view(seed, variant, steps, ten, redeal_seed):
    s, _ = play(seed, variant, steps, ten)
    for p in range(3):
        other = s.redeal_hidden(p, random.Random(redeal_seed))
        assert other.view(p) == s.view(p)
        assert sorted(other.all_cards()) == list(range(120))
        # the known stock places stay, the viewer's hand stays
        assert other.hands[p] == s.hands[p]


def test_redeal_hidden_really_redeals():
    s, _ = play(3, "javanese", 10)
    changed = 0
    for p in range(3):
        for r in range(5):
            o = s.redeal_hidden(p, random.Random(r))
            changed += any(o.view(q).hand != s.view(q).hand for q in range(3) if q != p)
    assert changed >= 12


def test_the_patih_peek_is_private():
    s = pei_stacked(last="RF", peek="S8")
    patih = s.roles[PATIH]
    for p in range(3):
        v = s.view(p)
        assert v.last_card == Kind.RF
        assert v.peek == (Kind.S8 if p == patih else None)
    peek = [e for e in s.deal_events if e.type == "peek"][0]
    for p in range(3):
        seen = peek.for_viewer(p).data
        assert seen == ({"card": "S8"} if p == patih else {})
    assert peek.for_viewer(None).data == {}


def test_la_peche_peek_is_the_unyik_only():
    s = PeiState(3, PeiOptions(variant="la_peche"), 21)
    unyik = s.roles[UNYIK]
    for p in range(3):
        v = s.view(p)
        assert v.last_card is None
        assert (v.peek is not None) == (p == unyik)
    assert s.view(unyik).peek == Kind(s.stock[0] % 30)


def test_deal_events_show_each_hand_only_to_its_owner():
    s = PeiState(3, PeiOptions(), 8)
    deals = [e for e in s.deal_events if e.type == "deal"]
    assert [e.player for e in deals] == list(s.roles)
    for e in deals:
        for p in range(3):
            data = e.for_viewer(p).data
            assert ("cards" in data) == (p == e.player)
            if p == e.player:
                assert sorted(Kind.parse(c) for c in data["cards"]) == list(s.view(p).hand)


def _walk(value, path="view"):
    """Yield (path, value) for every leaf of a view."""
    if isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            yield from _walk(v, f"{path}[{i}]")
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, f"{path}.{k}")
    else:
        yield path, value


CARD_FIELDS = {"hand", "pool", "captured", "seating", "last_card", "peek", "pending"}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(VARIANTS), steps=st.integers(0, 140))
def test_views_hold_kinds_never_uids(seed, variant, steps):
    s, _ = play(seed, variant, steps)
    for p in range(3):
        v = s.view(p)
        for f in fields(PeiView):
            value = getattr(v, f.name)
            if f.name in CARD_FIELDS:
                for path, leaf in _walk(value, f.name):
                    assert leaf is None or type(leaf) is Kind, (path, leaf)
            elif f.name == "legal":
                assert all(a.card is None or type(a.card) is Kind for a in value)
            elif f.name == "result":
                assert value is None or isinstance(value, HandResult)
        assert v == s.view(p)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(VARIANTS), steps=st.integers(0, 130),
       det_seed=st.integers(0, 2**32))
def test_determinize_gives_the_same_view_and_plays_on(seed, variant, steps, det_seed):
    s, _ = play(seed, variant, steps)
    for p in range(3):
        v = s.view(p)
        d = determinize(v, random.Random(det_seed))
        assert d.view(p) == v
        assert sorted(d.all_cards()) == list(range(120))
        rng = random.Random(det_seed)
        while not d.is_terminal():
            d.apply(rng.choice(d.all_legal_actions()))
        assert d.turn == 41


def test_unseen_kinds_counts_the_hidden_cards():
    s, _ = play(5, "javanese", 31)
    for p in range(3):
        v = s.view(p)
        hidden = [u % 30 for q in range(3) if q != p for u in s.hands[q]]
        known = s._known_stock(p)
        hidden += [u % 30 for i, u in enumerate(s.stock) if i not in known]
        left = unseen_kinds(v)
        assert sum(left.values()) == len(hidden)
        assert {k: left[k] for k in ALL_KINDS} == {k: hidden.count(k.value) for k in ALL_KINDS}


def test_legal_actions_are_only_in_the_actors_view():
    s, _ = play(1, "javanese", 0)
    raja = s.roles[0]
    assert s.view(raja).legal and all(isinstance(a, Action) for a in s.view(raja).legal)
    for p in range(3):
        if p != raja:
            assert s.view(p).legal == ()
