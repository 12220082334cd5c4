"""The protocol's frames and the codec (issue 29): every frame round-trips through its JSON text;
a bad text is a clear :class:`FrameError`; every game's views round-trip through the codec."""
from __future__ import annotations

import json
import random

import pytest
from helpers import shipped_games

from cekidesk.engine.core import Action, Event
from cekidesk.games import new_match
from cekidesk.net.client import legal_moves
from cekidesk.net.codec import DecodeError, decode_event, decode_view, encode, encode_each
from cekidesk.net.protocol import (
    MAX_CHAT,
    PROTOCOL,
    Chat,
    ChatLine,
    Closing,
    Create,
    Created,
    Error,
    FrameError,
    Hello,
    Join,
    Joined,
    Leave,
    Left,
    Limits,
    Moved,
    Play,
    Ready,
    Remove,
    Removed,
    Resume,
    SeatInfo,
    SeatKind,
    Seats,
    SeatSpec,
    Start,
    TableOptions,
    TableState,
    UndoAnswer,
    UndoAsk,
    UndoAsked,
    UndoRefused,
    Welcome,
    dump,
    parse_client_frame,
    parse_server_frame,
)

SEAT = SeatInfo(name="Ayu", kind="person", level=None, held=True, present=True, computer=False, ready=True)
CLIENT_FRAMES = [
    Hello(protocol=PROTOCOL, client="CekiDesk 1.0"),
    Create(game="ceki", seats=[SeatSpec(kind="person", name="Ayu"), SeatSpec(kind="computer", level="hard")],
           options={"draw_to_win": True}, match_options={"mode": "hands", "hands": 2},
           table=TableOptions(takeover_after_s=5, pace_ms=0, seed=9)),
    Join(code="ABC234", seat=1, name="Budi"), Join(code="ABC234"),
    Resume(code="ABC234", token="A" * 21 + "_"), Ready(), Play(action="2 discard S9", move=14),
    Chat(text="sugeng enjing ꦱꦸꦒꦼꦁ"), Leave(),
    Start(), SeatKind(seat=2, kind="computer", level="hard"), SeatKind(seat=1, kind="person"), Remove(seat=3),
    UndoAsk(), UndoAnswer(agree=True), UndoAnswer(agree=False),
]
SERVER_FRAMES = [
    Welcome(server="cekidesk-server 1.0", limits=Limits(frames_per_second=30, burst=60)),
    Error(code="illegal", message="that move is not allowed now", move=3), Created(code="ABC234"),
    Joined(code="ABC234", seat=0, token="B" * 22, move=0),
    TableState(code="ABC234", game="ceki", options={}, match_options={}, seats=[SEAT], you=0, status="playing",
               hand=0, move=0, standings=[0, 0], to_act=[1], view={"viewer": 0}, events=[]),
    Moved(move=4, seat=1, events=[{"type": "draw", "player": 1, "data": {}}], view=None, to_act=[0],
          standings=[0, 0], status="playing"),
    Seats(move=4, seats=[SEAT]), ChatLine(move=4, seat=None, name="spectator", text="hi"), Left(move=9),
    Created(code="ABC234", host=True), Seats(move=4, seats=[SEAT], host=0),
    TableState(code="ABC234", game="ceki", options={}, match_options={}, seats=[SEAT], you=None, status="waiting",
               hand=0, move=0, standings=[], to_act=[], view=None, events=[], host=0,
               table=TableOptions(undo=True, takeover_after_s=10)),
    Removed(move=5), UndoAsked(move=7, seat=1, name="Budi"), UndoRefused(move=7, seat=1),
    UndoRefused(move=7, seat=1, reason="timeout"), Closing(reason="host_quit"), Closing(reason="server_stop"),
]


@pytest.mark.parametrize("frame", CLIENT_FRAMES, ids=lambda f: f.type)
def test_client_frames_round_trip(frame):
    assert parse_client_frame(dump(frame)) == frame


@pytest.mark.parametrize("frame", SERVER_FRAMES, ids=lambda f: f.type)
def test_server_frames_round_trip(frame):
    assert parse_server_frame(dump(frame)) == frame


@pytest.mark.parametrize(("text", "code"), [
    ("", "bad_json"), ("{", "bad_json"), ("[1]", "bad_frame"), ('"hello"', "bad_frame"),
    ('{"protocol": 1}', "unknown_type"), ('{"type": 7}', "unknown_type"), ('{"type": "welcome"}', "unknown_type"),
    ('{"type": "hello", "protocol": "one", "client": "x"}', "bad_frame"),
    ('{"type": "join", "code": "ABC23"}', "bad_frame"), ('{"type": "join", "code": "ABC230"}', "bad_frame"),
    ('{"type": "ready", "extra": 1}', "bad_frame"),
    (json.dumps({"type": "chat", "text": "x" * (MAX_CHAT + 1)}), "bad_frame"),
    ('{"type": "join", "code": "ABC234", "name": "a\\u0000b"}', "bad_frame"),
    ('{"type": "resume", "code": "ABC234", "token": "short"}', "bad_frame"),
    ('{"type": "create", "game": "ceki", "seats": []}', "bad_frame"),
    ('{"type": "seat_kind", "seat": 1, "kind": "robot"}', "bad_frame"), ('{"type": "remove"}', "bad_frame"),
    ('{"type": "undo_answer"}', "bad_frame"), ('{"type": "start", "now": true}', "bad_frame"),
    ("[" * 100_000, "bad_json"), (b"{}", "not_text"),
])
def test_bad_texts_are_clear_frame_errors(text, code):
    with pytest.raises(FrameError) as err:
        parse_client_frame(text)
    assert err.value.code == code
    assert len(err.value.message) <= 200 and "Traceback" not in err.value.message


@pytest.mark.parametrize("game", [g.id for g in shipped_games()])
def test_every_games_views_and_events_round_trip(game):
    from cekidesk.games import get_game
    n = get_game(game).default_players
    match = new_match(game, n, 11)
    rng = random.Random(3)
    for _ in range(80):
        if match.hand_over():
            if match.is_over():
                break
            match.next_hand()
        for seat in range(n):
            view = match.state.view(seat)
            assert decode_view(game, json.loads(json.dumps(encode(view)))) == view
        seat = match.state.to_act()[0]
        events = match.apply(rng.choice(legal_moves(match.state.view(seat))))
        for e in events:
            for viewer in (None, *range(n)):
                seen = e.for_viewer(viewer)
                back = decode_event(json.loads(json.dumps(encode(seen))))
                assert encode(back) == encode(seen)


@pytest.mark.parametrize("game", [g.id for g in shipped_games()])
def test_every_seats_view_encoded_at_once_is_each_encoded_alone(game):
    """``encode_each`` (a move's frames: every seat's view, what they share encoded once) gives each
    view's JSON as ``encode`` does, and an array shared between views is not changed by the next."""
    from cekidesk.games import get_game
    n = get_game(game).default_players
    match = new_match(game, n, 5)
    rng = random.Random(4)
    for _ in range(60):
        if match.hand_over():
            if match.is_over():
                break
            match.next_hand()
        views = [match.state.view(seat) for seat in range(n)]
        alone = json.dumps([encode(v) for v in views])
        assert json.dumps(encode_each(views)) == alone
        assert json.dumps(encode_each([*views, *views])) == json.dumps([*json.loads(alone), *json.loads(alone)])
        seat = match.state.to_act()[0]
        match.apply(rng.choice(legal_moves(match.state.view(seat))))


@pytest.mark.parametrize("text", [
    '{"type": "hello", "protocol": 1, "client": "x"}', '{"type": "hello", "protocol": "1", "client": "x"}',
    '{"type": "play", "action": "2 discard S9", "move": 3.0}', '{"type": "play", "action": "0 draw", "move": null}',
    '{"type": "create", "game": "ceki", "seats": [{"kind": "person"}], "options": {"a": [1, {"b": null}]}}',
    '{"type": "join", "code": "ABC234", "seat": 1, "name": "Ann \\u00e9"}', '{"type": "ready", "type": "ready"}',
    '{"type": "chat", "text": "\\ud83c\\udccf"}',
])
def test_a_good_frame_reads_as_it_did_in_two_steps(text):
    """Frames are read and checked in one pass (pydantic's JSON reader): what it gives is what
    ``json.loads`` and then the models gave."""
    from cekidesk.net.protocol import _CLIENT
    assert parse_client_frame(text) == _CLIENT.validate_python(json.loads(text))


def test_a_throw_read_again_is_the_same_and_a_bad_one_is_still_refused():
    """The throws every later view holds again are read once; what is not a throw is refused even
    when it equals one read before (``true`` is not ``1``)."""
    match = new_match("ceki", 4, 1)
    good = encode(match.state.view(0))
    throws = [[0, "C2", 1], [1, "WF", -1]]
    first = decode_view("ceki", {**good, "throws": throws})
    again = decode_view("ceki", {**good, "throws": [list(t) for t in throws]})
    assert first.throws == again.throws and first.throws[0].kind.name == "C2" and first.throws[0].taker == 1
    for bad in ([[0, "C2", True]], [[0.0, "C2", 1]], [[0, "XX", 1]], [[0, "C2", 1, 2]]):
        with pytest.raises(DecodeError):
            decode_view("ceki", {**good, "throws": bad})


def test_a_view_that_is_not_one_is_refused():
    match = new_match("ceki", 4, 1)
    good = encode(match.state.view(0))
    for bad in ({**good, "hand": "S9"}, {**good, "no_such_field": 1}, {**good, "hand": ["XX"]}, [], "view"):
        with pytest.raises(DecodeError):
            decode_view("ceki", bad)
    with pytest.raises(DecodeError):
        decode_event({"type": "x", "player": "0", "data": {}})


def test_actions_and_events_encode_as_text_and_codes():
    assert encode(Action.parse("2 discard S9")) == "2 discard S9"
    assert encode(Event("draw", 1, {"card": Action.parse("1 take OT").card})) == {
        "type": "draw", "player": 1, "data": {"card": "OT"}}


def test_the_tables_options_everybody_sees_hold_no_seed():
    topts = TableOptions(seed=42, undo=True)
    assert topts.public().seed is None and topts.public().undo and topts.seed == 42
    assert TableOptions().public() == TableOptions()
