"""The engine protocol: actions, events, the registry and player counts."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.games import games, get_game, new_match
from cekidesk.engine.cards import ALL_KINDS, ALL_WKINDS, Kind, WKind, WSuit
from cekidesk.engine.core import (
    Action,
    ActionParseError,
    EngineError,
    Event,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    OptionsError,
    events_for,
)
from cekidesk.games.ceki.rules import CekiOptions, CekiState, CekiView


# -- actions -----------------------------------------------------------------------------------

@pytest.mark.parametrize("action,text", [
    (Action(2, "discard", Kind.S9), "2 discard S9"),
    (Action(0, "draw"), "0 draw"),
    (Action(1, "take"), "1 take"),
    (Action(0, "play", WKind(12, WSuit.HEARTS), amount=-20), "0 play QH =-20"),
    (Action(1, "play", WKind(5, WSuit.SPADES), target=3), "1 play 5S @3"),
    (Action(3, "play", WKind(10, WSuit.CLUBS), target=0, amount=10), "3 play 10C @0 =10"),
    (Action(4, "bet", amount=25), "4 bet =25"),
    (Action(5, "choose", target=2), "5 choose @2"),
    (Action(12, "discard", Kind.OT), "12 discard OT"),
])
def test_action_text_examples(action, text):
    assert str(action) == text
    assert Action.parse(text) == action


def test_every_ceki_and_western_card_round_trips_in_an_action():
    for k in ALL_KINDS:
        a = Action(1, "discard", k)
        assert Action.parse(str(a)) == a
        assert type(Action.parse(str(a)).card) is Kind
    for w in ALL_WKINDS:
        a = Action(0, "play", w, target=1, amount=-10)
        assert Action.parse(str(a)) == a
        assert type(Action.parse(str(a)).card) is WKind


_cards = st.one_of(st.none(), st.sampled_from(ALL_KINDS), st.sampled_from(ALL_WKINDS))


@settings(max_examples=200, deadline=None)
@given(
    player=st.integers(0, 20),
    verb=st.sampled_from(["draw", "take", "discard", "play", "bet", "pass_turn"]),
    card=_cards,
    target=st.one_of(st.none(), st.integers(0, 20)),
    amount=st.one_of(st.none(), st.integers(-1000, 1000)),
)
def test_action_round_trip_property(player, verb, card, target, amount):
    a = Action(player, verb, card, target, amount)
    assert Action.parse(str(a)) == a
    assert hash(Action.parse(str(a))) == hash(a)


@pytest.mark.parametrize("text", [
    "", "draw", "x draw", "-1 draw", "1", "1 2draw", "1 draw XX", "1 discard S0", "1 play @x",
    "1 play =", "1 play =1.5", "1 discard S9 S8", "1 play @1 @2", "1 play =1 =2", "1 play @1 S9",
    "1 play =3 QH", "² draw", "1 play @²", "1 discard S9.1",
])
def test_junk_actions_raise_action_parse_error(text):
    with pytest.raises(ActionParseError):
        Action.parse(text)


def test_non_text_action_raises_action_parse_error():
    with pytest.raises(ActionParseError):
        Action.parse(3)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError):
        Action.parse(None)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20))
def test_any_text_parses_or_raises_action_parse_error(text):
    try:
        a = Action.parse(text)
    except ActionParseError:
        return
    assert Action.parse(str(a)) == a


def test_error_hierarchy():
    assert issubclass(NotYourTurnError, IllegalActionError)
    assert issubclass(GameOverError, IllegalActionError)
    for e in (IllegalActionError, ActionParseError, OptionsError):
        assert issubclass(e, EngineError)


# -- events ------------------------------------------------------------------------------------

def test_event_for_viewer_hides_secrets_from_others_and_spectators():
    e = Event("draw", 1, {"stock": 50}, {"card": "S9"}, frozenset({1}))
    mine = e.for_viewer(1)
    assert mine.data == {"stock": 50, "card": "S9"}
    assert mine.secret is None and mine.type == "draw" and mine.player == 1
    for viewer in (0, 2, 3, None):
        theirs = e.for_viewer(viewer)
        assert theirs.data == {"stock": 50}
        assert theirs.secret is None
        assert "S9" not in repr(theirs)
    # the original is untouched
    assert e.data == {"stock": 50}


def test_event_secret_for_several_viewers():
    e = Event("peek", 0, {}, {"card": "OT"}, frozenset({0, 2}))
    assert e.for_viewer(0).data == {"card": "OT"}
    assert e.for_viewer(2).data == {"card": "OT"}
    assert e.for_viewer(1).data == {}
    assert e.for_viewer(None).data == {}


def test_event_without_secret_is_the_same_for_all():
    e = Event("discard", 0, {"card": "S9", "fresh": True})
    for viewer in (0, 1, None):
        assert e.for_viewer(viewer) == e


def test_events_for_filters_a_list():
    evs = [Event("draw", 0, {}, {"card": "C1"}, frozenset({0})), Event("discard", 0, {"card": "C1"})]
    assert [x.data for x in events_for(evs, 1)] == [{}, {"card": "C1"}]
    assert [x.data for x in events_for(evs, 0)] == [{"card": "C1"}, {"card": "C1"}]


# -- registry and options ----------------------------------------------------------------------

def test_registry_knows_ceki():
    spec = get_game("ceki")
    assert spec.id == "ceki"
    assert spec in games()
    assert (spec.min_players, spec.max_players) == (2, 6)
    assert spec.options_model is CekiOptions
    assert spec.view_type is CekiView
    assert set(spec.match_modes) == {"money", "target", "hands"}
    state = spec.new_hand(spec.make_options(), 4, 7, 1)
    assert isinstance(state, CekiState)
    assert state.dealer == 1 and state.n_players == 4


def test_unknown_game_raises_options_error():
    with pytest.raises(OptionsError, match="no game 'nope'"):
        get_game("nope")


@pytest.mark.parametrize("n", [-1, 0, 1, 7, 12])
def test_bad_player_counts(n):
    spec = get_game("ceki")
    with pytest.raises(OptionsError):
        spec.check_players(n)
    with pytest.raises(OptionsError):
        CekiState(n, CekiOptions(), 0)
    with pytest.raises(OptionsError):
        new_match("ceki", n, 0)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_good_player_counts(n):
    get_game("ceki").check_players(n)
    assert len(CekiState(n, CekiOptions(), 0).hands) == n


@pytest.mark.parametrize("dealer", [-1, 4, 9])
def test_bad_dealer_seat(dealer):
    with pytest.raises(OptionsError):
        CekiState(4, CekiOptions(), 0, dealer)


def test_make_options():
    spec = get_game("ceki")
    assert spec.make_options() == CekiOptions()
    assert spec.make_options({"iyo_one_rank": True}).iyo_one_rank is True
    opts = CekiOptions(iyo_one_rank=True)
    assert spec.make_options(opts) is opts
    with pytest.raises(OptionsError):
        spec.make_options({"no_such_rule": True})
    with pytest.raises(OptionsError):
        spec.make_options({"iyo_one_rank": "perhaps"})


def test_bad_match_options():
    with pytest.raises(OptionsError):
        new_match("ceki", 4, 0, match_options={"mode": "forever"})
    with pytest.raises(OptionsError):
        new_match("ceki", 4, 0, match_options={"hands": 0})
    with pytest.raises(OptionsError):
        new_match("ceki", 4, 0, options={"bogus": 1})


def test_stacked_deck_must_hold_every_card_once():
    from cekidesk.engine.cards import ceki_deck

    deck = ceki_deck(4)
    with pytest.raises(OptionsError):
        CekiState(4, CekiOptions(), 0, 0, deck[:-1])
    with pytest.raises(OptionsError):
        CekiState(4, CekiOptions(), 0, 0, deck[:-1] + [deck[0]])


def test_look_alike_actions_are_refused_or_played_as_the_engine_value():
    """An int in place of a Kind (IntEnum compares equal) or a float seat must not reach the rules."""
    from cekidesk.engine.core import Action, IllegalActionError
    from cekidesk.games.ceki.rules import CekiOptions, CekiState

    s = CekiState(4, CekiOptions(), 3, 0)
    p = s.current
    with pytest.raises(IllegalActionError):
        s.apply(Action(float(p), "draw"))
    s.apply(Action(p, "draw"))
    legal = s.legal_actions(p)[0]
    events = s.apply(Action(p, "discard", int(legal.card)))
    assert events[0].data["card"] == legal.card.code
