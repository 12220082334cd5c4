"""Card values: kinds, codes, properties, counting schemes (RULINGS §1) and decks."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.engine.cards import (
    ALL_KINDS,
    ALL_WKINDS,
    Card,
    CardCodeError,
    Counting,
    Kind,
    Suit,
    WCard,
    WKind,
    WSuit,
    ceki_deck,
    parse_kind,
    western_deck,
)

EXPECTED_CODES = (
    [f"C{i}" for i in range(1, 10)]
    + [f"S{i}" for i in range(1, 10)]
    + [f"M{i}" for i in range(1, 10)]
    + ["WF", "RF", "OT"]
)


# -- kinds -------------------------------------------------------------------------------------

def test_there_are_exactly_the_thirty_kinds_of_rulings_1():
    assert [k.code for k in ALL_KINDS] == EXPECTED_CODES
    assert len(set(ALL_KINDS)) == 30
    assert [k.value for k in ALL_KINDS] == list(range(30))


@pytest.mark.parametrize("kind", list(Kind))
def test_every_kind_round_trips_through_its_code(kind):
    assert str(kind) == kind.code == kind.name
    assert Kind.parse(str(kind)) is kind
    assert Kind.parse(str(kind).lower()) is kind
    assert Kind.parse(f"  {kind} ") is kind
    assert parse_kind(str(kind)) is kind


def test_suits_and_pips():
    assert Kind.C1.suit is Suit.COINS and Kind.C1.pips == 1
    assert Kind.C9.suit is Suit.COINS and Kind.C9.pips == 9
    assert Kind.S5.suit is Suit.STRINGS and Kind.S5.pips == 5
    assert Kind.M1.suit is Suit.MYRIADS and Kind.M1.pips == 1
    assert Kind.M9.suit is Suit.MYRIADS and Kind.M9.pips == 9
    for h in (Kind.WF, Kind.RF, Kind.OT):
        assert h.suit is Suit.HONOURS
        assert h.pips == 0
        assert h.is_honour
    for k in ALL_KINDS:
        if k.code[0] in "CSM":
            assert not k.is_honour
            assert k.pips == int(k.code[1])
            assert k.suit.value == k.code[0]


def test_red_stamps_are_s9_rf_ot_only():
    assert {k for k in ALL_KINDS if k.red_stamp} == {Kind.S9, Kind.RF, Kind.OT}


def test_iyo_class_is_the_six_rank_one_cards():
    assert {k for k in ALL_KINDS if k.is_iyo} == {
        Kind.WF, Kind.RF, Kind.OT, Kind.C1, Kind.S1, Kind.M1}


def test_frames():
    # WF and RF carry the 1-frame, OT has no frame, suited cards the frame of their rank.
    assert Kind.WF.frame == 1
    assert Kind.RF.frame == 1
    assert Kind.OT.frame == 0
    assert Kind.C1.frame == 1
    assert Kind.S9.frame == 9
    assert Kind.M4.frame == 4
    # The 9 of Strings has the 9-frame, the Red Flower the 1-frame (how the source tells them apart).
    assert Kind.S9.frame != Kind.RF.frame


# -- counting schemes (RULINGS §1) -------------------------------------------------------------

def test_javanese_counting():
    v = {k: k.value_in(Counting.JAVANESE) for k in ALL_KINDS}
    assert v[Kind.RF] == v[Kind.OT] == v[Kind.M1] == 10
    assert v[Kind.WF] == v[Kind.C1] == v[Kind.S1] == 1
    for k in ALL_KINDS:
        if k not in (Kind.RF, Kind.OT, Kind.M1, Kind.WF, Kind.C1, Kind.S1):
            assert v[k] == k.pips
    assert sum(c.kind.value_in(Counting.JAVANESE) for c in ceki_deck(4)) == 660


def test_ceki_counting_honours_one_each():
    assert Kind.WF.value_in(Counting.CEKI) == 1
    assert Kind.RF.value_in(Counting.CEKI) == 1
    assert Kind.OT.value_in(Counting.CEKI) == 1
    assert Kind.M1.value_in(Counting.CEKI) == 1
    assert Kind.S9.value_in(Counting.CEKI) == 9
    for k in ALL_KINDS:
        if not k.is_honour:
            assert k.value_in(Counting.CEKI) == k.pips
    # A set of three 9s is worth 27, a set of honours 3 (the source's examples).
    assert 3 * Kind.C9.value_in(Counting.CEKI) == 27
    assert 3 * Kind.WF.value_in(Counting.CEKI) == 3


def test_balik_satu_counting():
    assert Kind.S9.value_in(Counting.BALIK_SATU) == 10
    assert Kind.RF.value_in(Counting.BALIK_SATU) == 11
    assert Kind.OT.value_in(Counting.BALIK_SATU) == 12
    assert Kind.WF.value_in(Counting.BALIK_SATU) == 1
    assert Kind.C9.value_in(Counting.BALIK_SATU) == 9
    assert Kind.M9.value_in(Counting.BALIK_SATU) == 9
    for k in ALL_KINDS:
        if k not in (Kind.S9, Kind.RF, Kind.OT, Kind.WF):
            assert k.value_in(Counting.BALIK_SATU) == k.pips


# -- physical cards and decks ------------------------------------------------------------------

@pytest.mark.parametrize("half_packs,size", [(1, 30), (2, 60), (4, 120), (7, 210)])
def test_deck_sizes_and_unique_uids(half_packs, size):
    deck = ceki_deck(half_packs)
    assert len(deck) == size
    assert sorted(c.uid for c in deck) == list(range(size))
    assert len(set(deck)) == size
    for k in ALL_KINDS:
        assert sum(1 for c in deck if c.kind is k) == half_packs


def test_deck_needs_a_half_pack():
    with pytest.raises(ValueError):
        ceki_deck(0)


def test_every_card_of_a_four_half_pack_deck_round_trips():
    for card in ceki_deck(4):
        text = str(card)
        assert Card.parse(text) == card
        assert Card.from_uid(card.uid) == card
        assert card.code == card.kind.code
        if card.copy == 0:
            assert text == card.kind.code
        else:
            assert text == f"{card.kind.code}.{card.copy}"


def test_card_codes_examples():
    assert str(Card(Kind.S9, 2)) == "S9.2"
    assert str(Card(Kind.S9)) == "S9"
    assert Card.parse("s9.3") == Card(Kind.S9, 3)
    assert Card(Kind.OT, 3).uid == 3 * 30 + 29
    assert Card.from_uid(119) == Card(Kind.OT, 3)
    assert Card.from_uid(0) == Card(Kind.C1, 0)


def test_card_from_negative_uid_is_refused():
    with pytest.raises(CardCodeError):
        Card.from_uid(-1)


def test_every_western_kind_round_trips():
    assert len(ALL_WKINDS) == 52
    assert len(set(ALL_WKINDS)) == 52
    assert sorted(w.number for w in ALL_WKINDS) == list(range(52))
    for w in ALL_WKINDS:
        assert WKind.parse(str(w)) == w
        assert WKind.parse(str(w).lower()) == w
        assert parse_kind(str(w)) == w


def test_every_western_card_of_two_decks_round_trips():
    deck = western_deck(2)
    assert len(deck) == 104
    assert sorted(c.uid for c in deck) == list(range(104))
    for c in deck:
        assert WCard.parse(str(c)) == c


def test_western_codes_examples():
    assert str(WKind(1, WSuit.SPADES)) == "AS"
    assert str(WKind(10, WSuit.HEARTS)) == "10H"
    assert str(WKind(13, WSuit.DIAMONDS)) == "KD"
    assert WKind.parse("qc") == WKind(12, WSuit.CLUBS)
    assert str(WCard(WKind(11, WSuit.CLUBS), 1)) == "JC.1"


def test_ceki_and_western_codes_are_disjoint():
    ceki = {k.code for k in ALL_KINDS}
    west = {w.code for w in ALL_WKINDS}
    assert not ceki & west
    for code in ceki:
        with pytest.raises(CardCodeError):
            WKind.parse(code)
    for code in west:
        with pytest.raises(CardCodeError):
            Kind.parse(code)


BAD_CEKI = ["S0", "XX", "", "S9.x", "11S", "1S", "C10", "W", "H1", "S", "9S", "S9.-1", "S9.1.2",
            "S9.²"]
BAD_WEST = ["S0", "XX", "", "11S", "1S", "0S", "AX", "A", "10", "S9", "AS.x", "AS.²"]


@pytest.mark.parametrize("code", BAD_CEKI)
def test_bad_ceki_codes_raise_card_code_error(code):
    with pytest.raises(CardCodeError) as info:
        Card.parse(code)
    assert repr(code.strip().partition(".")[0]) in str(info.value) or repr(code) in str(info.value)
    if "." not in code:
        with pytest.raises(CardCodeError, match="not a Ceki card code"):
            Kind.parse(code)


@pytest.mark.parametrize("code", BAD_WEST)
def test_bad_western_codes_raise_card_code_error(code):
    with pytest.raises(CardCodeError) as info:
        WCard.parse(code)
    assert "is not" in str(info.value)
    if "." not in code:
        with pytest.raises(CardCodeError, match="not a Western card code"):
            WKind.parse(code)


@pytest.mark.parametrize("code", ["S0", "XX", "", "11S", "1S", "WF1"])
def test_parse_kind_refuses_codes_of_neither_deck(code):
    with pytest.raises(CardCodeError, match="is not a card code"):
        parse_kind(code)


def test_card_code_error_message_names_the_code():
    with pytest.raises(CardCodeError, match="'S0'"):
        Kind.parse("S0")
    with pytest.raises(CardCodeError, match="must be a number"):
        Card.parse("S9.x")
    with pytest.raises(CardCodeError, match="'11S'"):
        WKind.parse("11S")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=8))
def test_any_text_parses_to_a_card_or_raises_card_code_error(text):
    for parse in (Card.parse, WCard.parse):
        try:
            card = parse(text)
        except CardCodeError:
            continue
        assert parse(str(card)) == card
