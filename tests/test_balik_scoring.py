"""Every scoring step of the Balik Satu family on stacked hands and stocks: the turned card, *kena*
and the fifteen-card swaps, matas and red matas, *ayam* / *kandang* in the three option sets,
replays, *kandang tangan*, Chaqui's olos and chiqui turn, Chot's tokens, Gonggong's *toh bayaran*
(and its 14-card form), Tantanan's and Cekèn's pairs — and how each is paid (``settle``)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, HandResult
from cekidesk.games import get_game
from cekidesk.games.balik import rules
from cekidesk.games.balik.scoring import (
    Score,
    WinFacts,
    groups,
    score_details,
    score_win,
    settle,
)

from helpers import deck_from, kinds

K = Kind
#: a winning Balik Satu hand: one mata (C2), four mixed sets
PLAIN = "C2 C2 C2  C3 S3 M3  S4 S4 M4  C9 S9 S9  C5 S5 M5"


def opts(**changes) -> SimpleNamespace:
    """Options as the family's models give them by default, with ``changes``."""
    base = dict(yu_one_rank=True, replay_on_yu=True, call_bonus="1/2", olo_points=5, deck_column="babas",
                scoring="toh_bayaran", ceken_cents=0, bangkong_cents=2000, excess_cents=10)
    return SimpleNamespace(**(base | changes))


def facts(game: str, hand: str, card: str | None = "C2", how: str = "self", called_ceki: bool = False,
          n: int = 4, winner: int = 0) -> WinFacts:
    drawn_by = {"self": winner, "claim": (winner + 1) % n}.get(how)
    return WinFacts(game, winner, n, kinds(hand), K[card] if card else None, how, drawn_by, called_ceki)


def score(game: str, hand: str, stock: str = "", options=None, **kw) -> Score:
    return score_win(facts(game, hand, **kw), options or opts(), kinds(stock))


def result_of(s: Score, winner: int = 0, n: int = 4, how: str = "self") -> HandResult:
    """The hand's result as the rules build it from a score."""
    points = tuple(s.points if p == winner and not s.replay else 0 for p in range(n))
    return HandResult("win", points, (winner,), {"winner": winner, "how": how, **score_details(s)})


def matas(s: Score) -> list[tuple[Kind, ...]]:
    return [st for st in s.sets if len(set(st)) == 1]


# -- Balik Satu -------------------------------------------------------------------------------

@pytest.mark.parametrize("turned,value", [("C7", 7), ("M8", 8), ("S9", 10), ("RF", 11), ("OT", 12), ("C9", 9)])
def test_the_turned_card_counts_its_balik_satu_value(turned, value):
    s = score("balik-satu", PLAIN, f"{turned} M7")
    assert s.turned == (K[turned],)
    assert s.items[0] == ("card", value)
    assert s.total == sum(p for _c, p in s.items)


def test_kena_swaps_the_turned_card_into_a_mata_and_it_scores():
    s = score("balik-satu", PLAIN, "S4")
    assert s.swaps == ((K.M4, K.S4),)
    assert s.sets[:2] == (kinds("C2 C2 C2"), kinds("S4 S4 S4"))
    assert len(s.sets) == 5 and sorted(k for st in s.sets for k in st) == sorted(kinds(PLAIN.replace("M4", "S4")))
    assert s.items == (("card", 4), ("mata", 2))
    assert s.total == 6


def test_kena_keeps_a_red_card_and_swaps_out_a_plain_one():
    hand = "C2 C2 C2  C3 S3 M3  S4 C4 M4  C9 C9 S9 S9 M9 M9"
    s = score("balik-satu", hand, "C9")
    assert s.swaps == ((K.M9, K.C9),)
    assert kinds("C9 C9 C9") in s.sets and kinds("S9 S9 M9") in s.sets


def test_a_turned_card_that_makes_no_mata_swaps_nothing():
    s = score("balik-satu", PLAIN, "M7")
    assert s.swaps == () and s.items == (("card", 7), ("mata", 1))


def test_a_kena_red_mata_counts_two():
    s = score("balik-satu", PLAIN, "S9")
    assert s.swaps == ((K.C9, K.S9),)
    assert s.items == (("card", 10), ("mata", 1), ("red_mata", 2))


def test_unmarked_matas_count_one_and_red_matas_two():
    hand = "C2 C2 C2  RF RF RF  S9 S9 S9  OT OT OT  C5 S5 M5"
    s = score("balik-satu", hand, "M7")
    assert s.items == (("card", 7), ("mata", 1), ("red_mata", 6))
    assert s.total == 14


@pytest.mark.parametrize("bonus,ayam,kandang", [("1/2", 1, 2), ("5/10", 5, 10), ("10/20", 10, 20)])
@pytest.mark.parametrize("how", ["claim", "self"])
def test_ayam_and_kandang_after_a_ceki_call_in_each_option_set(bonus, ayam, kandang, how):
    s = score("balik-satu", PLAIN, "M7", opts(call_bonus=bonus), how=how, called_ceki=True)
    expected = ("ayam", ayam) if how == "claim" else ("kandang", kandang)
    assert s.items == (("card", 7), ("mata", 1), expected)


@pytest.mark.parametrize("how", ["claim", "self"])
def test_a_tan_win_gets_no_call_bonus(how):
    s = score("balik-satu", PLAIN, "M7", opts(call_bonus="10/20"), how=how, called_ceki=False)
    assert [c for c, _p in s.items] == ["card", "mata"]


@pytest.mark.parametrize("yu", ["WF", "C1", "S1", "M1"])
def test_a_turned_yu_replays_the_hand(yu):
    s = score("balik-satu", PLAIN, yu, how="self", called_ceki=True)
    assert s.replay and s.total == 0 and s.items == () and s.turned == (K[yu],)
    assert s.points == 0
    assert settle(result_of(s), opts(), 10).payments == (0, 0, 0, 0)


@pytest.mark.parametrize("yu,value", [("WF", 1), ("C1", 1), ("S1", 1), ("M1", 1)])
def test_with_replays_off_a_turned_yu_scores_its_value(yu, value):
    s = score("balik-satu", PLAIN, yu, opts(replay_on_yu=False))
    assert not s.replay and s.items == (("card", value), ("mata", 1))


@pytest.mark.parametrize("red,value", [("RF", 11), ("OT", 12)])
def test_the_red_honours_never_replay(red, value):
    assert not score("balik-satu", PLAIN, red).replay


def test_kandang_tangan_doubles_without_a_call_bonus():
    s = score("balik-satu", PLAIN, "M7", card=None, how="dealt", called_ceki=True)
    assert s.items == (("card", 7), ("mata", 1), ("double", 8))
    assert s.total == 16


def test_an_empty_stock_turns_nothing():
    s = score("balik-satu", PLAIN, "")
    assert s.turned == () and s.items == (("mata", 1),) and s.total == 1


def test_everyone_pays_the_winner_total_times_stake():
    s = score("balik-satu", PLAIN, "S9", how="claim", called_ceki=True)
    assert s.total == 14
    out = settle(result_of(s, winner=2, n=5, how="claim"), opts(), 10)
    assert out.payments == (-140, -140, 560, -140, -140) and out.pot == 0
    assert sorted(out.items) == sorted(("win", p, 2, 140) for p in (0, 1, 3, 4))


def test_a_drawn_hand_pays_nothing():
    drawn = HandResult("draw", (0, 0, 0), (), {"drawn_by": "exhausted", "winner": None})
    assert settle(drawn, opts(), 10).payments == (0, 0, 0)


def test_the_yu_class_is_one_group_unless_the_option_parts_the_honours():
    on, off = groups("balik-satu", opts()), groups("balik-satu", opts(yu_one_rank=False))
    yu = [K.WF, K.RF, K.OT, K.C1, K.S1, K.M1]
    assert len({on[k] for k in yu}) == 1
    assert len({off[k] for k in (K.C1, K.S1, K.M1)}) == 1
    assert len({off[k] for k in yu}) == 4
    assert on[K.C2] == on[K.S2] == on[K.M2] == off[K.M2] != on[K.C3]
    # Tantanan and Cekèn always count the honours as rank 1
    assert len({groups("tantanan", SimpleNamespace())[k] for k in yu}) == 1


def test_kena_works_across_the_yu_class_only_when_it_is_one_group():
    hand = "C2 C2 C2  RF RF C1  S4 S4 M4  C9 S9 S9  C5 S5 M5"
    s = score("balik-satu", hand, "RF")
    assert s.swaps == ((K.C1, K.RF),) and ("red_mata", 2) in s.items
    hand_off = "C2 C2 C2  C1 S1 M1  S4 S4 M4  C9 S9 S9  C5 S5 M5"
    s = score("balik-satu", hand_off, "M1", opts(replay_on_yu=False, yu_one_rank=False))
    assert s.swaps == () and s.items == (("card", 1), ("mata", 1))


# -- Chaqui -----------------------------------------------------------------------------------

def test_chaqui_pays_a_fixed_amount_per_olo_and_turns_nothing_without_a_chiqui():
    hand = "C2 C2 C2  S3 S3 S3  S4 C4 M4  C9 S9 M9  C5 S5 M5"
    s = score("chaqui", hand, "S4 M7", opts(olo_points=5), card="M4")
    assert s.turned == () and s.items == (("olo", 10),) and s.total == 10
    assert score("chaqui", hand, "", opts(olo_points=3), card="M4").total == 6


def test_a_chiqui_win_turns_until_the_pair_becomes_an_olo():
    hand = "C2 C2 C2  C3 S3 M3  S4 S4 M4  C9 S9 M9  C5 C5 S5"
    stock = "M7 C6 S5 M5 C5 C5 C8"
    s = score("chaqui", hand, stock, card="S5")
    assert s.turned == kinds("M7 C6 S5 M5 C5")
    assert s.swaps == ((K.S5, K.C5),)
    assert kinds("C5 C5 C5") in matas(s)
    assert s.items == (("olo", 10),)


def test_a_chiqui_win_turns_fifteen_at_most():
    hand = "C2 C2 C2  C3 S3 M3  S4 S4 M4  C9 S9 M9  C5 C5 S5"
    stock = "M7 " * 16 + "C5"
    s = score("chaqui", hand, stock, card="S5")
    assert len(s.turned) == 15 and s.swaps == () and s.items == (("olo", 5),)


def test_chaqui_doubles_a_dealt_winning_hand():
    hand = "C2 C2 C2  C3 S3 M3  S4 S4 M4  C9 S9 M9  C5 C5 S5"
    s = score("chaqui", hand, "C5", card=None, how="dealt")
    assert s.turned == () and s.items == (("olo", 5), ("double", 5)) and s.total == 10


# -- Balik Lima Belas and Chot ------------------------------------------------------------------

STOCK15 = "S4 S9 S3 S3 C5 C5 M7 M7 M7 M8 M8 M8 M6 M6 M6 C4"


def test_balik_lima_belas_turns_fifteen_and_swaps_into_matas():
    s = score("balik-lima-belas", PLAIN, STOCK15)
    assert s.turned == kinds(STOCK15)[:15]
    assert sorted(s.swaps) == sorted([(K.C3, K.S3), (K.M3, K.S3), (K.M4, K.S4),
                                       (K.S5, K.C5), (K.M5, K.C5), (K.C9, K.S9)])
    assert len(matas(s)) == 5
    # red matas count no extra
    assert s.items == (("win", 1), ("mata", 5)) and s.total == 6


def test_balik_lima_belas_makes_no_more_matas_than_the_hand_has_sets_of_a_group():
    hand = "C2 C2 C2  C3 S3 M3  S4 S4 M4  C9 S9 S9  C5 S5 M5"
    s = score("balik-lima-belas", hand, "C3 C3 S3 S3 M3 M3")
    # one set of threes: one mata of them at the most, with the fewest swaps
    assert len(s.swaps) == 2 and len(matas(s)) == 2


@pytest.mark.parametrize("how,code,points", [("claim", "ayam", 5), ("self", "kandang", 10)])
def test_balik_lima_belas_keeps_ayam_and_kandang(how, code, points):
    s = score("balik-lima-belas", PLAIN, "M7", opts(call_bonus="5/10"), how=how, called_ceki=True)
    assert s.items == (("win", 1), ("mata", 1), (code, points))


def test_balik_lima_belas_turns_what_is_left_and_doubles_a_dealt_hand():
    s = score("balik-lima-belas", PLAIN, "S4 M7", card=None, how="dealt", called_ceki=True)
    assert s.turned == kinds("S4 M7")
    assert s.items == (("win", 1), ("mata", 2), ("double", 3)) and s.total == 6


@pytest.mark.parametrize("ceki,tokens,points", [(False, "one", 6), (True, "ten", 80)])
def test_chot_scores_as_balik_lima_belas_in_tokens_of_one_or_ten(ceki, tokens, points):
    """Issue 32: kandang (2) counts too after a ceki call, in tokens of ten."""
    s = score("chot", PLAIN, STOCK15, how="self", called_ceki=ceki)
    assert s.items == (("win", 1), ("mata", 5)) + ((("kandang", 2),) if ceki else ())
    assert s.tokens == tokens and s.points == points


# -- Gonggong, Tantanan, Cekèn ------------------------------------------------------------------

GONG = "C2 C2 C2  C3 S3 M3  S4 S4 M4  C9 S9 M9  C5 S5 M5"


@pytest.mark.parametrize("how,card,item", [("take", "C2", ("metu", 1)), ("claim", "C2", ("metu", 1)),
                                           ("take", "S9", ("metu_red", 2)), ("self", "C2", ("rabas", 2)),
                                           ("self", "S9", ("rabas_red", 3))])
def test_toh_bayaran_step_one_metu_and_rabas(how, card, item):
    s = score("gonggong", GONG, "C7", card=card, how=how)
    assert s.items[0] == item


@pytest.mark.parametrize("turned,value", [("RF", 10), ("OT", 10), ("M1", 10), ("WF", 1), ("C1", 1),
                                          ("S1", 1), ("S9", 9), ("C6", 6)])
def test_toh_bayaran_adds_the_turned_cards_javanese_value(turned, value):
    s = score("gonggong", GONG, turned, card="M4", how="take")
    assert s.items == (("metu", 1), ("bak", 1), ("card", value)) and not s.replay


def test_toh_bayaran_counts_one_per_bak_and_two_per_red_bak():
    hand = "C2 C2 C2  OT OT OT  S9 S9 S9  C9 C9 C9  C5 S5 M5"
    s = score("gonggong", hand, "C7", card="S9", how="self")
    assert s.items == (("rabas_red", 3), ("bak", 2), ("red_bak", 4), ("card", 7)) and s.total == 16
    assert s.swaps == () and s.turned == (K.C7,)


def test_the_fourteen_card_toh_bayaran_forms_bak_from_the_turned_cards_and_the_hand():
    stock = "C3 C3 S4 C5 C5 S9 S9 M7 M7 M7 C8 C8 RF RF C6"
    s = score("gonggong", GONG, stock, opts(scoring="toh_bayaran_14"), card="C2", how="take")
    assert s.turned == kinds(stock)[:14]
    # hand less the winning C2: C2 C2 (no bak); with the turned: C3 C3 C3, S4 S4 S4, C5 C5 C5,
    # S9 S9 S9 (red), M7 M7 M7
    assert s.items == (("metu", 1), ("bak", 1), ("turn_bak", 4), ("turn_red_bak", 2))
    assert s.total == 8


def test_a_dealt_gonggong_hand_is_a_doubled_rabas():
    s = score("gonggong", GONG, "C7", card=None, how="dealt")
    assert s.items == (("rabas", 2), ("bak", 1), ("card", 7), ("double", 10)) and s.total == 20


PAIRS = "C3 C3  S4 M4  OT WF"


@pytest.mark.parametrize("game", ["tantanan", "ceken"])
def test_tantanan_and_ceken_score_toh_bayaran_with_pairs(game):
    s = score(game, PAIRS, "M1 C2", SimpleNamespace(), card="WF", how="take", n=4 if game == "tantanan" else 3)
    # mixed sets group by group, the yu group first
    assert s.sets == (kinds("C3 C3"), kinds("WF OT"), kinds("S4 M4"))
    assert s.items == (("metu", 1), ("bak", 1), ("card", 10)) and s.total == 12
    red = score(game, "RF RF  S4 M4  C1 WF", "C2", SimpleNamespace(), card="RF", how="self")
    assert red.items == (("rabas_red", 3), ("red_bak", 2), ("card", 2))


def test_undhuh_and_umbuk_score_the_win_alone():
    assert score("gonggong", GONG, "C7", opts(scoring="undhuh"), how="take").items == (("metu", 1),)
    s = score("gonggong", GONG, "C7", opts(scoring="umbuk"), how="self")
    assert s.items == (("rabas", 1),) and s.turned == ()


def test_toh_bayaran_pays_from_every_loser_and_the_ceken_side_bet_on_top():
    s = score("gonggong", GONG, "C7", card="S9", how="self")
    out = settle(result_of(s, winner=1, n=4, how="self"), opts(ceken_cents=50), 2, pot=0)
    assert s.total == 11
    assert out.payments == (-72, 216, -72, -72) and out.pot == 0
    assert sorted(out.items) == sorted([("win", p, 1, 22) for p in (0, 2, 3)]
                                       + [("ceken", p, 1, 50) for p in (0, 2, 3)])


def test_the_score_details_carry_codes_and_numbers():
    s = score("balik-satu", PLAIN, "S4")
    d = score_details(s)
    assert d == {"sets": [["C2", "C2", "C2"], ["S4", "S4", "S4"], ["C3", "S3", "M3"], ["C5", "S5", "M5"],
                          ["C9", "S9", "S9"]],
                 "turned": ["S4"], "swaps": [["M4", "S4"]], "score": [["card", 4], ["mata", 2]],
                 "total": 6, "replay": False, "tokens": None}


def test_each_game_names_its_money():
    satu = get_game("balik-satu")
    assert satu.initial_carry(4, opts()) is None and not satu.carries_pot and not satu.match_endings
    gong = get_game("gonggong")
    assert gong.carries_pot and gong.initial_carry(4, opts()).pot == 0
    chot = get_game("chot")
    assert chot.stake_per_point is False
    assert [(e.mode, e.limit_default) for e in chot.match_endings] == [("bangkong", 3)]


# -- through the rules ---------------------------------------------------------------------------

def test_a_dealt_winning_hand_is_scored_and_paid_through_the_rules():
    spec = get_game("balik-satu")
    options = spec.make_options({})
    other = "C6 C6 S6 C7 C7 S7 M8 M8 S8 M6 M7 C8 WF RF"
    state = rules.new_hand("balik-satu", options, 2, 0, dealer=1, deck=deck_from(f"{PLAIN} {other} S4 C1"))
    assert state.legal_actions(0) == [Action(0, "win")]
    state.apply(Action(0, "win"))
    result = state.result()
    assert result.details["turned"] == ["S4"] and result.details["swaps"] == [["M4", "S4"]]
    assert result.details["score"] == [["card", 4], ["mata", 2], ["double", 6]]
    assert result.points == (12, 0) and result.winners == (0,)
    assert spec.settle(result, options, 5).payments == (60, -60)
