"""The money of the Balik Satu family across hands: Chot's tokens, *bangkong* (pooled sides, ties,
excess, a payment per finished bangkong) and its match ending; Gonggong's *undhuh-undhuhan* and
*umbuk* pots and the *ceken* side bet — settled alone and through a real ``Match`` that plays
scripted hands with the family's game class."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from pydantic import BaseModel, ConfigDict

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, GameState, HandResult
from cekidesk.games.balik import BalikGame
from cekidesk.engine.match import Match, MatchOptions
from cekidesk.games import get_game
from cekidesk.games.balik.scoring import (
    BalikCarry,
    BangkongRecord,
    WinFacts,
    carry_view,
    initial_carry,
    score_details,
    score_win,
    settle,
    settle_chot,
)

from helpers import kinds

WIN = "C2 C2 C2  C3 S3 M3  S4 S4 M4  C9 S9 M9  C5 S5 M5"


def chot_result(winner: int, total: int, tokens: str = "one") -> HandResult:
    points = tuple(total * (10 if tokens == "ten" else 1) if p == winner else 0 for p in range(4))
    return HandResult("win", points, (winner, (winner + 2) % 4),
                      {"winner": winner, "how": "self", "total": total, "tokens": tokens, "replay": False})


def win(winner: int, how: str, n: int = 4) -> HandResult:
    return HandResult("win", tuple(1 if p == winner else 0 for p in range(n)), (winner,),
                      {"winner": winner, "how": how, "total": 1, "replay": False})


DRAW = HandResult("draw", (0, 0, 0, 0), (), {"drawn_by": "exhausted", "winner": None})
CHOT = SimpleNamespace(yu_one_rank=True, bangkong_cents=2000, excess_cents=10)


def gong(**kw) -> SimpleNamespace:
    return SimpleNamespace(**({"yu_one_rank": True, "scoring": "undhuh", "ceken_cents": 0} | kw))


# -- Chot -----------------------------------------------------------------------------------------

def test_chot_tokens_accumulate_per_seat_without_payment_below_twenty():
    carry = initial_carry(4)
    out = settle_chot(chot_result(0, 6), CHOT, 0, carry=carry)
    out = settle_chot(chot_result(3, 1, "ten"), CHOT, 0, carry=out.carry)
    out = settle_chot(chot_result(0, 7), CHOT, 0, carry=out.carry)
    assert out.payments == (0, 0, 0, 0) and out.items == ()
    assert (out.carry.ones, out.carry.tens, out.carry.record) == ((13, 0, 0, 0), (0, 0, 0, 1), ())
    assert out.carry.points() == (13, 0, 0, 10)


def test_a_drawn_or_replayed_hand_leaves_the_tokens():
    carry = BalikCarry(ones=(3, 0, 0, 0), tens=(0, 1, 0, 0))
    assert settle_chot(DRAW, CHOT, 0, carry=carry).carry == carry
    replay = HandResult("replay", (0,) * 4, (), {"winner": 0, "replay": True, "total": 0})
    assert settle_chot(replay, CHOT, 0, carry=carry).carry == carry


def test_twenty_points_end_a_bangkong_the_sides_pool_and_the_losers_pay_bangkong_and_excess():
    carry = BalikCarry(ones=(12, 5, 0, 0), tens=(0, 0, 0, 0))
    out = settle_chot(chot_result(0, 1, "ten"), CHOT, 0, carry=carry)
    # seat 0 holds 22; side (0, 2): 22; side (1, 3): 5; excess 17
    assert out.carry.record == (BangkongRecord(side=0, total=22, excess=17),)
    assert out.carry.ones == out.carry.tens == (0, 0, 0, 0)
    assert sorted(out.items) == sorted([("bangkong", 1, 0, 1000), ("bangkong", 3, 2, 1000),
                                        ("excess", 1, 0, 85), ("excess", 3, 2, 85)])
    assert out.payments == (1085, -1085, 1085, -1085) and out.pot == 0


def test_a_seat_not_a_side_must_reach_twenty():
    carry = BalikCarry(ones=(9, 0, 9, 0), tens=(0, 0, 0, 0))
    out = settle_chot(chot_result(0, 1), CHOT, 0, carry=carry)
    assert out.carry.record == () and out.carry.points() == (10, 0, 9, 0)


def test_the_losing_side_can_win_the_bangkong_it_did_not_end():
    carry = BalikCarry(ones=(0, 15, 0, 11), tens=(0, 0, 0, 0))
    out = settle_chot(chot_result(0, 2, "ten"), CHOT, 0, carry=carry)
    assert out.carry.record == (BangkongRecord(side=1, total=26, excess=6),)
    assert out.payments == (-1030, 1030, -1030, 1030)


def test_a_tied_bangkong_is_recorded_and_nobody_pays():
    carry = BalikCarry(ones=(15, 0, 0, 20), tens=(0, 0, 0, 0))
    out = settle_chot(chot_result(0, 5), CHOT, 0, carry=carry)
    assert out.carry.record == (BangkongRecord(side=None, total=20, excess=0),)
    assert out.payments == (0, 0, 0, 0) and out.items == ()


def test_an_odd_amount_is_split_with_the_odd_cent_from_the_first_loser():
    carry = BalikCarry(ones=(19, 0, 0, 0), tens=(0, 0, 0, 0))
    out = settle_chot(chot_result(0, 2), SimpleNamespace(bangkong_cents=101, excess_cents=3), 0, carry=carry)
    assert sorted(out.items) == sorted([("bangkong", 1, 0, 51), ("bangkong", 3, 2, 50),
                                        ("excess", 1, 0, 32), ("excess", 3, 2, 31)])
    assert sum(out.payments) == 0


def test_the_carry_view_shows_tokens_points_sides_record_and_pot():
    carry = BalikCarry(ones=(3, 1, 0, 2), tens=(0, 1, 1, 0), record=(BangkongRecord(side=1, total=24, excess=4),))
    view = carry_view(carry)
    assert (view.ones, view.tens, view.points) == ((3, 1, 0, 2), (0, 1, 1, 0), (3, 11, 10, 2))
    assert view.side_points == (13, 13) and view.record == ((1, 24, 4),) and view.pot == 0
    assert carry_view(None) is None
    pot = carry_view(get_game("gonggong").initial_carry(4, gong()).model_copy(update={"pot": 40}))
    assert (pot.ones, pot.points, pot.side_points, pot.record, pot.pot) == ((), (), (), (), 40)


# -- a real Match over scripted hands ------------------------------------------------------------

class ScriptedState(GameState):
    """A hand that ends with the next scripted result as soon as seat 0 says "end"."""

    def __init__(self, options, n_players, seed, result):
        super().__init__(n_players, options, seed)
        self.script_result, self.over = result, False

    def to_act(self):
        return () if self.over else (0,)

    def legal_actions(self, player):
        return [] if self.over or player else [Action(0, "end")]

    def _apply(self, action, events):
        self.over = True

    def is_terminal(self):
        return self.over

    def result(self):
        return self.script_result


class ChotOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    yu_one_rank: bool = True
    bangkong_cents: int = 2000
    excess_cents: int = 10


class GongOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    yu_one_rank: bool = True
    scoring: str = "undhuh"
    ceken_cents: int = 0


def scripted_match(game_id: str, options_model: type[BaseModel], results: list[HandResult],
                   **match_options) -> Match:
    script = iter(results)
    carries: list = []

    class Scripted(BalikGame):
        def new_hand(self, options, n_players, seed, dealer=0, carry=None):
            carries.append(carry)
            return ScriptedState(options, n_players, seed, next(script))

        def next_dealer(self, result, dealer, n_players):
            return (dealer + 1) % n_players

    spec = Scripted(game_id)
    spec.options_model = options_model
    match = Match(spec, 4, 1, None, MatchOptions(**match_options))
    match.dealt_carries = carries
    return match


def play_out(match: Match) -> None:
    while True:
        match.apply(Action(0, "end"))
        if match.is_over():
            return
        match.next_hand()


def test_a_chot_match_settles_each_bangkong_and_ends_after_the_chosen_number():
    score = score_win(WinFacts("chot", 1, 4, kinds(WIN), Kind.C2, "self", 1, True), CHOT, kinds("M7"))
    assert (score.total, score.tokens) == (4, "ten")       # win 1 + mata 1 + kandang 2 (issue 32)
    ten = HandResult("win", (0, 40, 0, 0), (1, 3), {"winner": 1, "how": "self", **score_details(score)})
    results = [chot_result(0, 9), chot_result(2, 5), chot_result(0, 12),   # seat 0 at 21: side 0 26, excess 26
               chot_result(3, 3), ten,                                      # seat 1 at 40: side 1 43, excess 43
               chot_result(0, 20)]
    match = scripted_match("chot", ChotOptions, results, mode="bangkong", limit=2)
    play_out(match)
    assert len(match.history) == 5
    assert match.carry.record == (BangkongRecord(side=0, total=26, excess=26),
                                  BangkongRecord(side=1, total=43, excess=43))
    # each hand's new_hand sees the tokens so far
    assert [c.ones for c in match.dealt_carries] == [(0, 0, 0, 0), (9, 0, 0, 0), (9, 0, 5, 0), (0,) * 4,
                                                     (0, 0, 0, 3)]
    assert [r.payments for r in match.history] == [(0,) * 4, (0,) * 4, (1130, -1130, 1130, -1130),
                                                   (0,) * 4, (-1215, 1215, -1215, 1215)]
    assert match.ledger == [-85, 85, -85, 85]
    # one bangkong each: side (1, 3) wins on excess
    assert match.winners() == (1, 3)


def test_a_chot_match_with_equal_bangkong_and_excess_names_everyone():
    results = [chot_result(0, 20), chot_result(1, 20)]
    match = scripted_match("chot", ChotOptions, results, mode="bangkong", limit=2)
    play_out(match)
    assert match.winners() == (0, 1, 2, 3) and match.ledger == [0, 0, 0, 0]


def test_an_undhuh_pot_through_several_hands():
    results = [win(0, "take"), win(2, "claim"), win(1, "self"), DRAW, win(3, "take")]
    match = scripted_match("gonggong", GongOptions, results, stake_cents=10)
    for _hand in results:
        match.apply(Action(0, "end"))
        assert match.carry.pot == match.pot   # the views' copy of the pot
        if len(match.history) < len(results):
            match.next_hand()
    assert [r.pot for r in match.history] == [30, 20, 0, 40, 30]
    first, _second, third, drawn, _fifth = match.history
    assert sorted(first.items) == sorted([("ante", p, None, 10) for p in range(4)] + [("pot", None, 0, 10)])
    assert third.items == (("pot", None, 1, 20),)
    assert drawn.payments == (-10, -10, -10, -10)
    assert match.ledger == [-10, 0, -10, -10] and sum(match.ledger) + match.pot == 0


def test_an_umbuk_pot_pays_half_to_metu_and_all_to_rabas():
    opts = gong(scoring="umbuk")
    first = settle(win(0, "take"), opts, 25, pot=0)
    assert first.pot == 50 and first.payments == (25, -25, -25, -25)
    odd = settle(win(1, "claim"), opts, 25, pot=51)
    assert odd.items == (("pot", None, 1, 25),) and odd.pot == 26
    rabas = settle(win(2, "dealt"), opts, 25, pot=26)
    assert rabas.pot == 0 and rabas.payments == (0, 0, 26, 0)


def test_an_undhuh_metu_takes_no_more_than_the_pot():
    out = settle(win(0, "take"), gong(), 10, pot=4)
    assert out.items == (("pot", None, 0, 4),) and out.pot == 0


def test_ceken_is_paid_beside_the_pot():
    out = settle(win(3, "take"), gong(ceken_cents=7), 10, pot=100)
    assert sorted(out.items) == sorted([("pot", None, 3, 10)] + [("ceken", p, 3, 7) for p in range(3)])
    assert out.payments == (-7, -7, -7, 31) and out.pot == 90


@pytest.mark.parametrize("scoring", ["undhuh", "umbuk"])
def test_a_drawn_hand_leaves_the_pot(scoring):
    out = settle(DRAW, gong(scoring=scoring, ceken_cents=5), 10, pot=70)
    assert out.pot == 70 and out.items == () and out.payments == (0, 0, 0, 0)


# -- the real Chot ------------------------------------------------------------------------------

def play_eager(match: Match, rng: random.Random) -> None:
    """One hand by random moves, except that a player always wins, claims and calls when they may
    (so that hands are won)."""
    while not match.hand_over():
        p = match.state.to_act()[0]
        legal = match.state.legal_actions(p)
        match.apply(next((a for a in legal if a.verb in ("win", "claim", "call")), None)
                    or legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("seed", [3, 11])
def test_a_real_chot_match_pays_each_bangkong_as_it_ends_and_stops_after_the_chosen_number(seed):
    match = Match(get_game("chot"), 4, seed, {"bangkong_cents": 1000, "excess_cents": 7},
                  MatchOptions(mode="bangkong", limit=2))
    rng = random.Random(seed)
    points = [0, 0, 0, 0]
    ended = []
    while True:
        play_eager(match, rng)
        record = match.history[-1]
        for p in range(4):
            points[p] += record.result.points[p]
        if max(points) >= 20:
            a, b = points[0] + points[2], points[1] + points[3]
            ended.append((a, b))
            won = 0 if a > b else 1
            cents = 1000 + 7 * abs(a - b) if a != b else 0
            # each partner receives half (the odd cent to the side's first seat), the others pay it
            assert (record.payments[won], record.payments[won + 2]) == (cents - cents // 2, cents // 2)
            assert sum(record.payments) == 0
            points = [0, 0, 0, 0]
        else:
            assert record.payments == (0, 0, 0, 0)
        assert match.carry.points() == tuple(points)
        if match.is_over():
            break
        match.next_hand()
        assert len(match.history) < 500
    assert len(ended) == 2 == len(match.carry.record)
    assert [(r.total, r.excess) for r in match.carry.record] == [(max(a, b), abs(a - b)) for a, b in ended]
    assert match.scores == [sum(r.result.points[p] for r in match.history) for p in range(4)]
    assert set(match.winners()) in ({0, 2}, {1, 3}, {0, 1, 2, 3})


@pytest.mark.parametrize("scoring", ["undhuh", "umbuk"])
def test_a_real_gonggong_pot_lasts_from_hand_to_hand_and_the_table_shows_it(scoring):
    match = Match(get_game("gonggong"), 4, 5, {"scoring": scoring}, MatchOptions(stake_cents=10))
    rng = random.Random(5)
    pots = []
    for _hand in range(8):
        assert match.state.view(0).carry_view.pot == match.pot
        play_eager(match, rng)
        record = match.history[-1]
        antes = [i for i in record.items if i[0] == "ante"]
        assert len(antes) == (4 if (pots[-1] if pots else 0) == 0 else 0)
        if record.result.winners:
            taken = sum(c for code, _payer, payee, c in record.items if code == "pot")
            middle = (pots[-1] if pots else 0) + 10 * len(antes)
            rabas = record.result.details["how"] in ("self", "dealt")
            assert taken == (middle if rabas else min(10, middle) if scoring == "undhuh" else middle // 2)
        pots.append(match.pot)
        match.next_hand()
    assert sum(match.ledger) + match.pot == 0 and match.carry.pot == match.pot
    assert any(h.result.winners for h in match.history)
