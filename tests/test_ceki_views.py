"""No-leak tests for Ceki: a player's view depends only on what that player may see.

* Re-dealing every card a viewer cannot see leaves their view unchanged (and does change the
  others' views, so the test can fail).
* The view equals what an observer rebuilds from the events as that viewer receives them
  (``Event.for_viewer``): nothing in it comes from anywhere else.
* Events carry secrets only to the player allowed to see them.
* ``determinize(view, rng)`` builds a full, playable state with the same view.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, Event
from cekidesk.games.ceki.rules import CekiOptions, CekiState, CekiView, determinize, unseen_kinds

from ceki_strategies import hand_setups
from helpers import act, ceki_stacked


# -- random play -------------------------------------------------------------------------------

@st.composite
def played_states(draw, max_steps: int = 500):
    """A state reached by random legal play, with the events it produced."""
    return play(*draw(hand_setups(max_steps)))


def play(n, dealer, seed, iyo, picks):
    s = CekiState(n, CekiOptions(iyo_one_rank=iyo), seed, dealer)
    events: list[Event] = []
    for x in picks:
        if s.is_terminal():
            break
        legal = s.all_legal_actions()
        events += s.apply(legal[x % len(legal)])
    return s, events


def random_states(count: int, seed: int = 0):
    """Deterministic sample of states for tests that need many at once."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(2, 6)
        picks = [rng.randrange(2**16) for _ in range(rng.randrange(0, 300))]
        yield play(n, rng.randrange(n), rng.randrange(2**32), rng.random() < 0.5, picks)


# -- redeal: the view does not depend on hidden cards --------------------------------------------

@settings(max_examples=40, deadline=None)
@given(played_states())
def test_redealing_hidden_cards_does_not_change_the_view(state_events):
    s, _ = state_events
    for viewer in range(s.n_players):
        view = s.view(viewer)
        for k in range(4):
            other = s.redeal_hidden(viewer, random.Random(k))
            assert other.view(viewer) == view
            cards = other.all_cards()
            assert sorted(cards) == list(range(120))
            # the viewer's own cards and everything public are left where they are
            assert other.hands[viewer] == s.hands[viewer]
            assert other.facedown[viewer] == s.facedown[viewer]
            assert other.discards == s.discards
            for q in range(s.n_players):
                # the redealt table is one the viewer could be at: publicly seen cards stay held
                held = Counter(u % 30 for u in other.hands[q] + other.facedown[q])
                assert not Counter(other.known[q]) - held
                assert len(other.hands[q]) == len(s.hands[q])
                assert len(other.facedown[q]) == len(s.facedown[q])


def test_redealing_does_change_what_the_others_see():
    changed = stock_changed = total = 0
    for s, _ in random_states(30, seed=1):
        if s.is_terminal():
            continue
        for viewer in range(s.n_players):
            other = s.redeal_hidden(viewer, random.Random(viewer))
            total += 1
            stock_changed += other.stock != s.stock
            changed += any(other.view(q) != s.view(q) for q in range(s.n_players) if q != viewer)
    assert total > 20
    # hidden cards really move: nearly every redeal changes another player's hand
    assert changed >= total * 0.9
    assert stock_changed >= total * 0.9


def test_redeal_hidden_is_random_in_the_rng():
    s, _ = play(4, 0, 3, False, [i * 31 for i in range(40)])
    a = s.redeal_hidden(0, random.Random(1))
    b = s.redeal_hidden(0, random.Random(1))
    c = s.redeal_hidden(0, random.Random(2))
    assert a.all_cards() == b.all_cards()
    assert a.all_cards() != c.all_cards()


# -- the view is rebuilt from the viewer's events ------------------------------------------------

class Observer:
    """What one seat knows, rebuilt only from the events as that seat receives them."""

    def __init__(self, viewer: int, n: int):
        self.viewer, self.n = viewer, n
        self.hand: Counter[str] = Counter()
        self.facedown: Counter[str] = Counter()
        self.hand_counts = [0] * n
        self.facedown_counts = [0] * n
        self.called = [False] * n
        self.known: list[list[str]] = [[] for _ in range(n)]
        self.discards: list[str] = []
        self.throws: list[tuple[int, str, int]] = []   # thrower, card, taker (-1: nobody)
        self.last_fresh = False
        self.stock = 0
        self.drawn: str | None = None
        self.turns_without_draw = 0
        self.took = False

    def see(self, event: Event) -> None:
        e = event.for_viewer(self.viewer)
        assert e.secret is None
        q, d, me = e.player, e.data, e.player == self.viewer
        if e.type == "deal":
            self.hand_counts[q] = d["count"]
            self.stock = d["stock"]
            if me:
                self.hand.update(d["cards"])
            else:
                assert "cards" not in d
        elif e.type == "call":
            self.called[q] = True
            self.facedown_counts[q] = d["facedown"]
            self.hand_counts[q] -= d["facedown"]
            if me:
                self.hand.subtract(d["cards"])
                self.facedown.update(d["cards"])
            else:
                assert "cards" not in d
        elif e.type == "draw":
            self.turns_without_draw = 0
            self.stock = d["stock"]
            self.hand_counts[q] += 1
            if me:
                self.hand[d["card"]] += 1
                self.drawn = d["card"]
            else:
                assert "card" not in d
        elif e.type == "take":
            self.took = True
            assert self.discards.pop() == d["card"]
            thrower, card, _ = self.throws[-1]
            assert card == d["card"]
            self.throws[-1] = (thrower, card, q)
            self.hand_counts[q] += 1
            if not self.called[q]:
                self.known[q].append(d["card"])
            if me:
                self.hand[d["card"]] += 1
        elif e.type == "discard":
            self.turns_without_draw += self.took
            self.took = False
            self.hand_counts[q] -= 1
            self.discards.append(d["card"])
            self.throws.append((q, d["card"], -1))
            self.last_fresh = d["fresh"]
            if d["card"] in self.known[q]:
                self.known[q].remove(d["card"])
            if me:
                self.hand[d["card"]] -= 1
                self.drawn = None
        elif e.type == "win":
            self.drawn = None
        else:
            assert e.type in ("exhausted", "no_draw"), e.type

    def check(self, view: CekiView) -> None:
        def ks(codes):
            return tuple(sorted(Kind.parse(c) for c in codes))

        assert view.hand == ks(self.hand.elements())
        assert view.facedown == ks(self.facedown.elements())
        assert view.hand_counts == tuple(self.hand_counts)
        assert view.facedown_counts == tuple(self.facedown_counts)
        assert view.called == tuple(self.called)
        assert view.known == tuple(ks(k) for k in self.known)
        assert view.discards == tuple(Kind.parse(c) for c in self.discards)
        assert view.last_fresh == self.last_fresh
        assert view.stock_count == self.stock
        assert view.drawn == (Kind.parse(self.drawn) if self.drawn else None)
        assert view.turns_without_draw == self.turns_without_draw
        assert view.throws == tuple((t, Kind.parse(c), tk) for t, c, tk in self.throws)


def test_view_fields_are_all_accounted_for():
    # A new field must be added to the Observer check (or declared public/derived here).
    assert {f.name for f in fields(CekiView)} == {
        "viewer", "n_players", "dealer", "options", "current", "phase", "to_act", "legal",
        "hand", "facedown", "drawn", "hand_counts", "facedown_counts", "called", "known",
        "discards", "last_fresh", "stock_count", "turns_without_draw", "result", "throws"}


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), st.integers(0, 5), st.integers(0, 2**32 - 1), st.booleans(),
       st.integers(0, 2**32 - 1))
def test_each_view_is_what_the_viewers_events_tell(n, dealer, seed, iyo, choice_seed):
    dealer %= n
    s = CekiState(n, CekiOptions(iyo_one_rank=iyo), seed, dealer)
    observers = [Observer(p, n) for p in range(n)]
    for o in observers:
        for e in s.deal_events:
            o.see(e)
        o.check(s.view(o.viewer))
    rng = random.Random(choice_seed)
    while not s.is_terminal():
        legal = s.all_legal_actions()
        for e in s.apply(legal[rng.randrange(len(legal))]):
            for o in observers:
                o.see(e)
        for o in observers:
            o.check(s.view(o.viewer))
    for o in observers:
        o.check(s.view(o.viewer))


def test_known_cards_do_not_reveal_the_callers_pair():
    """Two tables whose events look the same to seat 0 must look the same in seat 0's view.

    Seat 1 takes an S5 and calls.  In table A the S5 completes the pair (it goes face-down), in
    table B it completes a set (it stays in the hand).  Seat 0 cannot tell which."""
    junk0 = "C1 C2 C3 C4 S6 WF RF M9"
    junk2 = "S1 S2 S3 S4 M6 OT C9 M2"
    a = ceki_stacked(3, 2, [junk0, "C7 S7 M7 C8 S8 M8 C5 OT", junk2], stock="S5")
    b = ceki_stacked(3, 2, [junk0, "C7 S7 M7 C8 S8 C5 M5 OT", junk2], stock="S5")
    ev_a = act(a, "0 draw", "0 discard S5", "1 take", "1 discard OT")
    ev_b = act(b, "0 draw", "0 discard S5", "1 take", "1 discard OT")
    assert a.called[1] and b.called[1]
    assert a.view(1).facedown != b.view(1).facedown   # the tables really differ for seat 1
    for viewer in (0, 2):
        assert [e.for_viewer(viewer) for e in ev_a] == [e.for_viewer(viewer) for e in ev_b]
        assert [e.for_viewer(viewer) for e in a.deal_events] == \
               [e.for_viewer(viewer) for e in b.deal_events]
        va, vb = a.view(viewer), b.view(viewer)
        assert va.known == vb.known
        assert va == vb
    # the S5 seen taken is still held by seat 1, in its hand or face-down
    assert Kind.S5 in a.view(0).known[1]


# -- events --------------------------------------------------------------------------------------

def test_event_secrets_go_only_to_their_owner():
    seen = Counter()
    for s, events in random_states(40, seed=2):
        n = s.n_players
        for e in list(s.deal_events) + events:
            seen[e.type] += 1
            if e.type in ("deal", "call", "draw"):
                key = "card" if e.type == "draw" else "cards"
                assert e.secret is not None and key in e.secret and key not in e.data
                assert e.secret_to == frozenset({e.player})
                assert key in e.for_viewer(e.player).data
                for q in [*range(n), None]:
                    if q != e.player:
                        assert key not in e.for_viewer(q).data
                        assert e.for_viewer(q).data == e.data
            else:
                assert e.secret is None
                assert all(e.for_viewer(q) == e for q in [*range(n), None])
    assert seen["deal"] and seen["draw"] and seen["call"] and seen["take"] and seen["discard"]


def test_draw_event_card_is_only_visible_to_the_drawer():
    s = CekiState(4, CekiOptions(), 17, 0)
    (e,) = s.apply(Action(1, "draw"))
    assert e.type == "draw" and e.player == 1
    drawn = s.view(1).drawn
    assert e.for_viewer(1).data["card"] == drawn.code
    for q in (0, 2, 3, None):
        assert "card" not in e.for_viewer(q).data
        if q is not None:
            assert s.view(q).drawn is None


def test_deal_events_show_each_hand_only_to_its_owner():
    s = CekiState(5, CekiOptions(), 4, 2)
    for e in s.deal_events:
        if e.type != "deal":
            continue
        owner = e.player
        cards = e.for_viewer(owner).data["cards"]
        assert sorted(Kind.parse(c) for c in cards) == sorted(s.view(owner).hand + s.view(owner).facedown)
        for q in range(5):
            if q != owner:
                assert "cards" not in e.for_viewer(q).data


def test_views_hold_no_other_players_cards():
    for s, _ in random_states(30, seed=3):
        for p in range(s.n_players):
            v = s.view(p)
            assert v.viewer == p
            assert Counter(v.hand) == Counter(Kind(u % 30) for u in s.hands[p])
            assert Counter(v.facedown) == Counter(Kind(u % 30) for u in s.facedown[p])
            assert v.drawn is None or (s.current == p and v.drawn in v.hand)
            assert all(a.player == p for a in v.legal)
            if not s.is_terminal():
                assert v.result is None
            # others appear only as counts and publicly seen cards
            for q in range(s.n_players):
                assert v.hand_counts[q] == len(s.hands[q])
                assert v.facedown_counts[q] == len(s.facedown[q])


# -- determinize ---------------------------------------------------------------------------------

def _play_out(s: CekiState, rng: random.Random) -> None:
    while not s.is_terminal():
        legal = s.all_legal_actions()
        assert legal
        s.apply(legal[rng.randrange(len(legal))])
        assert sorted(s.all_cards()) == list(range(120))


@settings(max_examples=40, deadline=None)
@given(played_states(), st.integers(0, 2**32 - 1))
def test_determinize_gives_a_full_state_with_the_same_view(state_events, rseed):
    s, _ = state_events
    for viewer in range(s.n_players):
        view = s.view(viewer)
        rng = random.Random(rseed + viewer)
        d = determinize(view, rng)
        assert d.view(viewer) == view
        cards = d.all_cards()
        assert len(cards) == 120 and sorted(cards) == list(range(120))
        assert sum(unseen_kinds(view).values()) == (
            sum(view.hand_counts) - view.hand_counts[viewer] + sum(view.facedown_counts)
            - view.facedown_counts[viewer] + view.stock_count
            - sum(len(k) for q, k in enumerate(view.known) if q != viewer))
        # a bot searches on from it: play must go on legally to the end
        if not d.is_terminal():
            _play_out(d.clone(), random.Random(rseed))


def test_determinize_samples_differ_and_never_read_the_real_state():
    s, _ = play(4, 1, 99, False, [i * 17 for i in range(60)])
    view = s.view(0)
    a = determinize(view, random.Random(1))
    b = determinize(view, random.Random(2))
    assert a.view(0) == b.view(0) == view
    assert a.all_cards() != b.all_cards()


def test_determinize_over_many_states():
    checked = Counter()
    for s, _ in random_states(120, seed=5):
        for viewer in range(s.n_players):
            view = s.view(viewer)
            d = determinize(view, random.Random(viewer))
            assert d.view(viewer) == view
            assert sorted(d.all_cards()) == list(range(120))
            if view.phase == "discard":
                checked["mine" if view.current == viewer else "other"] += 1
                if view.current == viewer and view.drawn is None:
                    checked["after_take"] += 1
                if view.called[view.current] and view.current != viewer:
                    checked["caller_mid_turn"] += 1
                    _play_out(d, random.Random(viewer))
    assert checked["after_take"] >= 3, checked


def test_determinize_after_the_viewer_took_the_discard():
    s = ceki_stacked(3, 2, ["C1 C2 C3 C4 S6 WF RF M9", "C1 S2 S3 S4 M6 OT C9 M2",
                       "M1 C6 M3 M4 C9 WF RF OT"], stock="M5")
    act(s, "0 draw", "0 discard C1", "1 take")      # seat 1 may not throw C1 back this turn
    view = s.view(1)
    assert Action(1, "discard", Kind.C1) not in view.legal
    for k in range(5):
        d = determinize(view, random.Random(k))
        assert d.view(1) == view
        assert Action(1, "discard", Kind.C1) not in d.legal_actions(1)


def test_determinize_while_another_caller_is_mid_turn():
    s = ceki_stacked(3, 2, ["C1 C2 C3 C4 S6 WF RF M9", "C7 S7 M7 C8 S8 M8 C5 S5",
                       "S1 S2 S3 S4 M6 OT C9 M2"], stock="M9 C2")
    act(s, "0 draw", "0 discard M9", "1 draw")      # seat 1 has called and must throw its C2
    for viewer in (0, 2):
        view = s.view(viewer)
        assert view.phase == "discard" and view.current == 1 and view.called[1]
        for k in range(5):
            d = determinize(view, random.Random(k))
            assert d.view(viewer) == view
            (only,) = d.legal_actions(1)           # a caller throws the card it drew
            assert only.verb == "discard" and d.drawn in d.hands[1]
            assert only.card == Kind(d.drawn % 30)
            _play_out(d, random.Random(k))


def test_determinize_when_seen_cards_went_face_down():
    """Seat 1 (iyo option) takes an M1 and calls with all eight iyo cards face-down: the M1 seen
    taken is held face-down, and seat 1 has no hand cards left to hold it."""
    iyo = CekiOptions(iyo_one_rank=True)
    s = ceki_stacked(3, 2, ["M1 C2 C3 C4 S6 S7 M8 M9", "WF WF RF RF OT C1 S1 C5",
                       "S2 S3 S4 M6 C9 M2 M3 C7"], stock="C6", options=iyo)
    act(s, "0 draw", "0 discard M1", "1 take", "1 discard C5")
    v0 = s.view(0)
    assert v0.called[1] and v0.hand_counts[1] == 0 and v0.facedown_counts[1] == 8
    assert v0.known[1] == (Kind.M1,)
    for k in range(5):
        d = determinize(v0, random.Random(k))
        assert d.view(0) == v0
        assert Kind.M1.value in [u % 30 for u in d.facedown[1]]
        assert sorted(d.all_cards()) == list(range(120))
        other = s.redeal_hidden(0, random.Random(k))
        assert other.view(0) == v0
        assert Kind.M1.value in [u % 30 for u in other.facedown[1]]


def test_determinize_gives_another_caller_whole_sets_and_a_real_face_down_pair():
    """A caller's hand is two sets and their face-down cards one value (issue 11: the searchers
    imagine what a caller waits for); the cards seen taken stay theirs, the rest of the view too."""
    checked = Counter()
    for s, _ in random_states(150, seed=11):   # both readings of the iyo, 2 to 6 players
        if s.is_terminal():                     # (a winner's hand has the winning card too)
            continue
        for viewer in range(s.n_players):
            view = s.view(viewer)
            for q in range(s.n_players):
                if q == viewer or not view.called[q]:
                    continue
                d = determinize(view, random.Random(q))
                assert d.view(viewer) == view
                assert sorted(d.all_cards()) == list(range(120))
                g = d.group
                down = {g[u % 30] for u in d.facedown[q]}
                assert len(down) == 1 and d.call_group[q] in down
                mid_turn = view.current == q and view.phase == "discard"
                hand = d.hands[q][:-1] if mid_turn else d.hands[q]
                assert all(c % 3 == 0 for c in Counter(g[u % 30] for u in hand).values()), hand
                held = Counter(u % 30 for u in d.hands[q] + d.facedown[q])
                assert not Counter(k.value for k in view.known[q]) - held
                checked["iyo" if view.options.iyo_one_rank else "plain"] += 1
    assert checked["iyo"] >= 10 and checked["plain"] >= 10, checked
