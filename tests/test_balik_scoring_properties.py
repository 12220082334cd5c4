"""Properties of the family's scoring over random winning hands and stocks (hypothesis): the items
add up to the total, every win scores at least 1 (a replay 0), the swaps only put turned cards in
place of same-group hand cards, the sets partition the hand after the swaps, the matas are as many
(and worth as much) as any choice of swaps could make, and every settlement conserves money."""
from __future__ import annotations

import itertools
from collections import Counter
from types import SimpleNamespace

from hypothesis import assume, given, settings, strategies as st

from cekidesk.engine.cards import ALL_KINDS, Kind
from cekidesk.engine.core import HandResult
from cekidesk.games.balik.scoring import (
    REPLAY_KINDS,
    BalikCarry,
    Score,
    WinFacts,
    groups,
    score_details,
    score_win,
    set_size,
    settle,
    settle_chot,
)

GAMES = ("balik-satu", "chaqui", "balik-lima-belas", "chot", "gonggong", "tantanan", "ceken")
PLAYERS = {"chot": (4, 4), "gonggong": (4, 6), "tantanan": (4, 4), "ceken": (3, 3)}
SWAPPING = {"balik-satu", "balik-lima-belas", "chot"}
#: copies of a kind in the largest deck each game is played with
COPIES = {"chot": 6, "tantanan": 2, "ceken": 2}
#: the most cards each game's scoring turns from the stock
TURNS = {"balik-satu": 1, "chaqui": 15, "balik-lima-belas": 15, "chot": 15, "gonggong": 14, "tantanan": 1,
         "ceken": 1}


#: the options each game has (the design's names), so that scoring one never reads another's
OPTION_NAMES = {
    "balik-satu": ("yu_one_rank", "replay_on_yu", "call_bonus"),
    "chaqui": ("yu_one_rank", "olo_points"),
    "balik-lima-belas": ("yu_one_rank", "call_bonus"),
    "chot": ("yu_one_rank", "bangkong_cents", "excess_cents"),
    "gonggong": ("yu_one_rank", "scoring", "ceken_cents"),
    "tantanan": (),
    "ceken": (),
}
OPTION_VALUES = {
    "yu_one_rank": st.booleans(), "replay_on_yu": st.booleans(),
    "call_bonus": st.sampled_from(("1/2", "5/10", "10/20")), "olo_points": st.integers(1, 20),
    "scoring": st.sampled_from(("toh_bayaran", "toh_bayaran_14", "undhuh", "umbuk")),
    "ceken_cents": st.sampled_from((0, 0, 5, 50)), "bangkong_cents": st.integers(0, 5000),
    "excess_cents": st.integers(0, 50),
}


@st.composite
def options(draw, game: str) -> SimpleNamespace:
    return SimpleNamespace(**{name: draw(OPTION_VALUES[name]) for name in OPTION_NAMES[game]})


@st.composite
def wins(draw, games: tuple[str, ...] = GAMES):
    """(facts, options, stock): a random winning hand of a random game, with at least one mata."""
    game = draw(st.sampled_from(games))
    opts = draw(options(game))
    s = set_size(game)
    group_of = groups(game, opts)
    members = {g: [k for k in ALL_KINDS if group_of[k] == g] for g in set(group_of)}
    hand: list[Kind] = []
    for i in range(5 if s == 3 else 3):
        g = draw(st.sampled_from(sorted(members)))
        if i == 0 or draw(st.booleans()):
            hand += [draw(st.sampled_from(members[g]))] * s
        else:
            hand += [draw(st.sampled_from(members[g])) for _ in range(s)]
    copies = COPIES.get(game, 16)
    assume(max(Counter(hand).values()) <= copies)
    lo, hi = PLAYERS.get(game, (2, 14))
    n = draw(st.integers(lo, hi))
    winner = draw(st.integers(0, n - 1))
    how = draw(st.sampled_from(("self", "claim", "dealt") + (("take",) if s == 2 or game == "gonggong" else ())))
    card = None if how == "dealt" else draw(st.sampled_from(hand))
    drawn_by = winner if how == "self" else (winner + 1) % n if how == "claim" else None
    drawn = draw(st.lists(st.sampled_from(ALL_KINDS), max_size=20))
    stock = [k for i, k in enumerate(drawn) if hand.count(k) + drawn[:i + 1].count(k) <= copies]
    facts = WinFacts(game, winner, n, tuple(draw(st.permutations(hand))), card, how, drawn_by,
                     draw(st.booleans()) and how != "dealt")
    return facts, opts, tuple(stock)


def best_mata_worth(hand: Counter, extra: Counter, group_of, s: int, worth) -> int:
    """The most the matas can be worth with any swaps of ``extra`` cards for same-group hand cards,
    by trying every number of matas of every kind (independent of the scoring's greedy choice)."""
    total = 0
    for g in set(group_of):
        kinds = [k for k in ALL_KINDS if group_of[k] == g and hand[k] + extra[k] >= s]
        t = sum(hand[k] for k in ALL_KINDS if group_of[k] == g) // s
        best = 0
        for ms in itertools.product(*(range((hand[k] + extra[k]) // s + 1) for k in kinds)):
            if sum(ms) <= t:
                best = max(best, sum(m * worth(k) for m, k in zip(ms, kinds, strict=True)))
        total += best
    return total


def result_of(f: WinFacts, score: Score) -> HandResult:
    points = tuple(score.points if p == f.winner and not score.replay else 0 for p in range(f.n_players))
    return HandResult("win", points, (f.winner,), {"winner": f.winner, "how": f.how, **score_details(score)})


@settings(max_examples=400, deadline=None)
@given(wins())
def test_a_score_adds_up_and_every_win_scores(win):
    f, opts, stock = win
    score = score_win(f, opts, stock)
    assert sum(p for _code, p in score.items) == score.total
    replayable = getattr(opts, "replay_on_yu", False) and stock[:1] and stock[0] in REPLAY_KINDS
    assert score.replay == bool(replayable)
    assert score.total >= 1 or score.replay
    assert len(score.turned) <= TURNS[f.game_id] and score.turned == stock[:len(score.turned)]
    assert score.tokens == ({True: "ten", False: "one"}[f.called_ceki] if f.game_id == "chot" else None)
    assert score_win(f, opts, stock) == score   # deterministic


@settings(max_examples=400, deadline=None)
@given(wins())
def test_swaps_put_turned_cards_in_place_of_same_group_cards_and_the_sets_partition_the_hand(win):
    f, opts, stock = win
    score = score_win(f, opts, stock)
    s, group_of = set_size(f.game_id), groups(f.game_id, opts)
    outs, ins = Counter(o for o, _i in score.swaps), Counter(i for _o, i in score.swaps)
    assert all(group_of[o] == group_of[i] for o, i in score.swaps)
    assert outs <= Counter(f.hand) and ins <= Counter(score.turned)
    after = Counter(f.hand) - outs + ins
    assert Counter(k for st_ in score.sets for k in st_) == after
    assert len(score.sets) == (5 if s == 3 else 3)
    assert all(len(st_) == s and len({group_of[k] for k in st_}) == 1 for st_ in score.sets)
    matas = [st_ for st_ in score.sets if len(set(st_)) == 1]
    assert score.sets[:len(matas)] == tuple(matas)   # matas first
    assert matas


@settings(max_examples=300, deadline=None)
@given(wins())
def test_the_swaps_make_the_matas_worth_most(win):
    f, opts, stock = win
    score = score_win(f, opts, stock)
    if f.game_id not in SWAPPING or score.replay:
        return
    s, group_of = set_size(f.game_id), groups(f.game_id, opts)
    red = f.game_id == "balik-satu"
    worth = (lambda k: 2 if k.red_stamp else 1) if red else (lambda k: 1)
    best = best_mata_worth(Counter(f.hand), Counter(score.turned), group_of, s, worth)
    scored = sum(p for code, p in score.items if code in ("mata", "red_mata"))
    assert scored == best


@settings(max_examples=400, deadline=None)
@given(wins(), st.integers(0, 500), st.integers(0, 10_000), st.data())
def test_every_settlement_conserves_money(win, stake, pot, data):
    f, opts, stock = win
    score = score_win(f, opts, stock)
    result = result_of(f, score)
    if f.game_id == "chot":
        ones = tuple(data.draw(st.integers(0, 19)) for _ in range(4))
        out = settle_chot(result, opts, stake, carry=BalikCarry(ones=ones, tens=(0,) * 4))
        assert out.pot == 0
        pot = 0
    else:
        out = settle(result, opts, stake, pot=pot, carry=BalikCarry(pot=pot))
        assert out.carry.pot == out.pot
    assert len(out.payments) == f.n_players and out.pot >= 0
    assert sum(out.payments) + out.pot - pot == 0
    if f.game_id != "chot" and getattr(opts, "scoring", "") not in ("undhuh", "umbuk") and not score.replay:
        # everyone pays the winner total × stake (and the ceken bet on top)
        assert out.payments[f.winner] >= score.total * stake * (f.n_players - 1)


@settings(max_examples=300, deadline=None)
@given(wins(("chaqui",)))
def test_a_chiqui_turn_stops_at_the_first_card_that_makes_one_more_olo(win):
    f, opts, stock = win
    score = score_win(f, opts, stock)
    group_of = groups(f.game_id, opts)
    hand = Counter(f.hand)

    def olos(counts: Counter) -> int:
        return sum(c // 3 for c in counts.values())

    def makes_an_olo(k: Kind) -> bool:
        return (f.card is not None and k != f.card and group_of[k] == group_of[f.card]
                and olos(hand - Counter([f.card]) + Counter([k])) > olos(hand))

    hits = [i for i, k in enumerate(stock[:15]) if makes_an_olo(k)]
    if hits:
        assert score.turned == stock[:hits[0] + 1] and [i for _o, i in score.swaps] == [stock[hits[0]]]
        assert score.items == (("olo", opts.olo_points * (olos(hand) + 1)),)
    else:
        chiqui = any(makes_an_olo(k) for k in ALL_KINDS)
        assert score.turned == (stock[:15] if chiqui else ()) and score.swaps == ()
        doubled = 2 if f.how == "dealt" else 1
        assert score.total == opts.olo_points * olos(hand) * doubled
