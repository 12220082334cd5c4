"""The table server's protocol, version 1: every frame as a pydantic model (docs/protocol.md).

Frames are JSON text, one object each, named by ``type``.  A client's first frame is
:class:`Hello`; the server answers :class:`Welcome` (or an :class:`Error` and closes).  Then the
client creates tables, joins one by its code (a seat or as a spectator), takes its seat back with
its seat token after a reconnect, says it is ready, plays, chats and leaves.  Every frame the
server sends about a table names the table's ``move`` number (every move of the match so far,
counted from its first), so a client can tell when it missed one.

Nothing here touches a socket: :func:`parse_client_frame` and :func:`parse_server_frame` read a
text into its model (raising :class:`FrameError` with an error code), :func:`dump` writes one.
"""
from __future__ import annotations

import json
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, JsonValue, TypeAdapter, ValidationError

T = TypeVar("T")

#: the protocol this module speaks
PROTOCOL = 1
#: the largest frame either side accepts (bytes of UTF-8 text)
MAX_FRAME = 64 * 1024
#: the longest chat line and name (characters)
MAX_CHAT = 300
MAX_NAME = 40
#: a table code: six letters and digits without the ones read alike (0/O, 1/I/L)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CODE_PATTERN = rf"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$"
#: a seat token: 128 random bits, URL-safe base64 (22 characters)
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{22}$"

#: a JSON object (a game's options), checked to hold JSON values only
JsonObject = dict[str, JsonValue]
#: a JSON object the server made (a view, an event): parsed from JSON text it can only hold JSON
#: values, so a frame's reader does not walk it again (the encoding is :mod:`.codec`'s)
Payload = dict[str, object]

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME, pattern=r"^[^\x00-\x1f\x7f]+$")]
Level = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,31}$")]


class Frame(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- what a client sends -----------------------------------------------------------------------

class Hello(Frame):
    type: Literal["hello"] = "hello"
    protocol: int
    client: str = Field(min_length=1, max_length=100)


class SeatSpec(Frame):
    """One seat of a new table: a person's (taken by whoever joins it) or a computer player's."""

    kind: Literal["person", "computer"]
    level: Level | None = None
    name: Name | None = None


class TableOptions(Frame):
    """The table's own choices beside the game's: how long a gone person's seat waits before a
    computer player of ``takeover_level`` plays it (until they return), how long their seat token
    stays good (after that the seat is open to anybody), the computer players' pace, and (tests) a
    seed."""

    takeover_after_s: float = Field(30.0, ge=0, le=3600)
    takeover_level: Level = "normal"
    seat_kept_s: float = Field(3600.0, ge=1, le=7 * 24 * 3600)
    pace_ms: int = Field(600, ge=0, le=5000)
    seed: int | None = Field(None, ge=0, lt=2**62)
    #: moves may be taken back when every other person present agrees (the host's choice)
    undo: bool = False

    def public(self) -> TableOptions:
        """The options as everybody at the table may know them: without the seed (it deals every hand)."""
        return self if self.seed is None else self.model_copy(update={"seed": None})


class Create(Frame):
    type: Literal["create"] = "create"
    game: str = Field(min_length=1, max_length=40)
    options: JsonObject | None = None
    match_options: JsonObject | None = None
    seats: list[SeatSpec] = Field(min_length=1, max_length=32)
    table: TableOptions = TableOptions()


class Join(Frame):
    """Join the table ``code``: take the open seat ``seat`` (None: watch as a spectator)."""

    type: Literal["join"] = "join"
    code: str = Field(pattern=CODE_PATTERN)
    seat: int | None = Field(None, ge=0, lt=64)
    name: Name = "Player"


class Resume(Frame):
    """Take one's seat back after a reconnect, with its seat token."""

    type: Literal["resume"] = "resume"
    code: str = Field(pattern=CODE_PATTERN)
    token: str = Field(pattern=TOKEN_PATTERN)


class Ready(Frame):
    """Ready for the match (or the next hand) to begin."""

    type: Literal["ready"] = "ready"


class Play(Frame):
    """A move, in the engine's text form (``"2 discard S9"``); ``move``: the move number the client
    last saw (a move made since makes this one stale: refused)."""

    type: Literal["play"] = "play"
    action: str = Field(min_length=1, max_length=80)
    move: int | None = Field(None, ge=0)


class Chat(Frame):
    type: Literal["chat"] = "chat"
    text: str = Field(min_length=1, max_length=MAX_CHAT)


class Leave(Frame):
    """Leave the table: a seat is given up (its token no longer works; a computer player plays it)."""

    type: Literal["leave"] = "leave"


class Start(Frame):
    """(The host.) Begin the match now: it begins once every seat a person holds is ready; the seats
    nobody holds are played by computer players of the table's ``takeover_level``."""

    type: Literal["start"] = "start"


class SeatKind(Frame):
    """(The host, before the match begins.) Make the seat ``seat`` a computer player's of ``level``,
    or open it for a person to join (``kind`` person, no level).  A seat a person holds is not changed."""

    type: Literal["seat_kind"] = "seat_kind"
    seat: int = Field(ge=0, lt=64)
    kind: Literal["person", "computer"]
    level: Level | None = None


class Remove(Frame):
    """(The host.) Remove the person at ``seat``: they are told (``removed``) and closed, their token
    no longer works; the seat is open again (before the match) or a computer player plays it at once."""

    type: Literal["remove"] = "remove"
    seat: int = Field(ge=0, lt=64)


class UndoAsk(Frame):
    """Ask everybody to agree to take back one's last move of the hand (a table with ``undo``)."""

    type: Literal["undo_ask"] = "undo_ask"


class UndoAnswer(Frame):
    """The answer to an ``undo_asked``."""

    type: Literal["undo_answer"] = "undo_answer"
    agree: bool


ClientFrame = Annotated[Hello | Create | Join | Resume | Ready | Play | Chat | Leave | Start | SeatKind | Remove
                        | UndoAsk | UndoAnswer, Field(discriminator="type")]


# -- what the server sends ----------------------------------------------------------------------

class Limits(Frame):
    max_frame: int = MAX_FRAME
    frames_per_second: float
    burst: int


class Welcome(Frame):
    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL
    server: str
    limits: Limits


#: the error codes (docs/protocol.md says what each means)
ErrorCode = Literal[
    "bad_json", "bad_frame", "unknown_type", "protocol", "hello_first", "not_text", "rate_limited",
    "too_many_tables", "unknown_game", "bad_options", "bad_seats", "no_table", "seat_taken", "bad_token",
    "not_at_table", "already_at_table", "spectator", "not_started", "not_your_turn", "illegal", "stale",
    "bad_action", "replaced", "timeout", "too_slow", "server_error", "not_host", "started", "bad_seat",
    "no_people", "undo_off", "undo_pending", "nothing_to_undo", "not_asked"]


class Error(Frame):
    type: Literal["error"] = "error"
    code: ErrorCode
    message: str
    move: int | None = None


class Created(Frame):
    """A table was made; the connection that made it is its host (``host``): the host's rights go
    with the seat it takes first (its token)."""

    type: Literal["created"] = "created"
    code: str
    host: bool = True


class Joined(Frame):
    """You are at table ``code``: at ``seat`` with its ``token`` (keep it to take the seat back), or
    (seat None) as a spectator."""

    type: Literal["joined"] = "joined"
    code: str
    seat: int | None
    token: str | None
    move: int


class SeatInfo(Frame):
    """A seat as everybody at the table sees it: ``kind`` person/computer, ``held``: a person has
    the seat (else it is open to join), ``present``: they are connected, ``computer``: a computer
    player plays it now (a computer's seat, or a person's gone for longer than the takeover delay)."""

    name: str
    kind: Literal["person", "computer"]
    level: str | None
    held: bool
    present: bool
    computer: bool
    ready: bool


Status = Literal["waiting", "playing", "hand_over", "match_over"]


class TableState(Frame):
    """The whole table as this connection may see it: sent on joining, on taking a seat back and
    whenever a match or hand is put on the table.  ``view``: the seat's view (None for a
    spectator, and before the match begins); ``events``: the hand's deal as the seat may see it
    (for a spectator, every public event of the hand so far)."""

    type: Literal["table"] = "table"
    code: str
    game: str
    options: JsonObject
    match_options: JsonObject
    seats: list[SeatInfo]
    you: int | None
    status: Status
    hand: int
    move: int
    standings: list[int]
    to_act: list[int]
    view: Payload | None
    events: list[Payload]
    #: the host's seat (None: the host holds no seat, or has left)
    host: int | None = None
    #: the table's own options (never its seed)
    table: TableOptions = TableOptions()


class Moved(Frame):
    """A move was played by ``seat``: its events and the view after it, as this connection may see them."""

    type: Literal["moved"] = "moved"
    move: int
    seat: int
    events: list[Payload]
    view: Payload | None
    to_act: list[int]
    standings: list[int]
    status: Status


class Seats(Frame):
    """The seats changed (someone joined, left, came back, a computer took over)."""

    type: Literal["seats"] = "seats"
    move: int
    seats: list[SeatInfo]
    #: the host's seat (as in ``table``)
    host: int | None = None


class ChatLine(Frame):
    type: Literal["chat"] = "chat"
    move: int
    seat: int | None
    name: str
    text: str


class Left(Frame):
    type: Literal["left"] = "left"
    move: int


class Removed(Frame):
    """The host removed you from the table (the connection is closed next; the seat's token no
    longer works)."""

    type: Literal["removed"] = "removed"
    move: int


class UndoAsked(Frame):
    """The person at ``seat`` asks to take back their last move (and every move after it): each
    other person present answers with ``undo_answer`` (the asker is sent this frame too)."""

    type: Literal["undo_asked"] = "undo_asked"
    move: int
    seat: int
    name: str


#: why an undo was not done: somebody said no, nobody answered in time, or the question ended
#: (the asker left or was removed)
UndoRefusal = Literal["refused", "timeout", "cancelled"]


class UndoRefused(Frame):
    """The undo ``seat`` asked for is not done (``reason``)."""

    type: Literal["undo_refused"] = "undo_refused"
    move: int
    seat: int
    reason: UndoRefusal = "refused"


#: how many finished hands one ``hands`` frame carries at most
HANDS_PER_FRAME = 64


class Hands(Frame):
    """Finished hands ``first``, ``first + 1`` …: each one's record (as a save holds it,
    ``persistence.saves.record_json``) and its moves in their text form.  A finished hand is public
    at the table (its seed, every card): sent to everybody right after a hand's last move (that
    hand), and before the ``table`` frame on joining or taking a seat back (every finished hand, in
    frames of at most :data:`HANDS_PER_FRAME`)."""

    type: Literal["hands"] = "hands"
    move: int
    first: int = Field(ge=0)
    records: list[Payload] = Field(max_length=HANDS_PER_FRAME)
    actions: list[list[str]] = Field(max_length=HANDS_PER_FRAME)


#: why the server closes: its host quit the app that ran it, or the server was stopped
ClosingReason = Literal["host_quit", "server_stop"]


class Closing(Frame):
    """The server stops (every connection is closed next, code 1001); the tables stay saved."""

    type: Literal["closing"] = "closing"
    reason: ClosingReason


ServerFrame = Annotated[Welcome | Error | Created | Joined | TableState | Moved | Seats | ChatLine | Left | Removed
                        | UndoAsked | UndoRefused | Closing | Hands, Field(discriminator="type")]

AnyClientFrame = (Hello | Create | Join | Resume | Ready | Play | Chat | Leave | Start | SeatKind | Remove | UndoAsk
                  | UndoAnswer)
AnyServerFrame = (Welcome | Error | Created | Joined | TableState | Moved | Seats | ChatLine | Left | Removed
                  | UndoAsked | UndoRefused | Closing | Hands)
_CLIENT: TypeAdapter[AnyClientFrame] = TypeAdapter(ClientFrame)
_SERVER: TypeAdapter[AnyServerFrame] = TypeAdapter(ServerFrame)
_CLIENT_TYPES = frozenset({"hello", "create", "join", "resume", "ready", "play", "chat", "leave", "start",
                           "seat_kind", "remove", "undo_ask", "undo_answer"})
_SERVER_TYPES = frozenset({"welcome", "error", "created", "joined", "table", "moved", "seats", "chat", "left",
                           "removed", "undo_asked", "undo_refused", "closing", "hands"})


class FrameError(ValueError):
    """A frame that cannot be read: ``code`` (``bad_json``, ``unknown_type``, ``bad_frame``) and a
    message that names the first problem (never a server's internals)."""

    def __init__(self, code: ErrorCode, message: str):
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message


def _problem(exc: ValidationError) -> str:
    err = exc.errors(include_url=False, include_context=False, include_input=False)[0]
    where = ".".join(str(p) for p in err["loc"][1:]) or "the frame"
    return f"{where}: {err['msg']}"[:200]


def _parse(text: str | bytes, adapter: TypeAdapter[T], types: frozenset[str]) -> T:
    if isinstance(text, bytes):
        raise FrameError("not_text", "frames are JSON text")
    # a good frame is read and checked in one pass (pydantic's own JSON reader); a frame it refuses is
    # read again below, to say what is wrong with it as before (not JSON, no known type, which field)
    try:
        return adapter.validate_json(text)
    except ValidationError:
        pass
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise FrameError("bad_json", "the frame is not JSON") from None
    if not isinstance(data, dict):
        raise FrameError("bad_frame", "a frame is a JSON object")
    kind = data.get("type")
    if kind not in types:
        raise FrameError("unknown_type", "unknown frame type" if isinstance(kind, str) else "a frame needs a type")
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        raise FrameError("bad_frame", _problem(exc)) from None


def parse_client_frame(text: str | bytes) -> AnyClientFrame:
    """A client's frame (raises :class:`FrameError`)."""
    return _parse(text, _CLIENT, _CLIENT_TYPES)


def parse_server_frame(text: str | bytes) -> AnyServerFrame:
    """A server's frame (raises :class:`FrameError`)."""
    return _parse(text, _SERVER, _SERVER_TYPES)


def dump(frame: Frame) -> str:
    """The frame's JSON text (compact; every field written)."""
    return frame.model_dump_json()


__all__ = ["AnyClientFrame", "AnyServerFrame", "CODE_ALPHABET", "CODE_LENGTH", "Chat", "ChatLine", "ClientFrame",
           "Closing", "ClosingReason", "Create", "Created", "Error", "ErrorCode", "Frame", "FrameError",
           "HANDS_PER_FRAME", "Hands", "Hello",
           "Join", "Joined", "JsonObject", "Leave", "Left", "Limits", "MAX_CHAT", "MAX_FRAME", "MAX_NAME", "Moved",
           "PROTOCOL", "Payload", "Play", "Ready", "Remove", "Removed", "Resume", "SeatInfo", "SeatKind", "SeatSpec",
           "Seats", "ServerFrame", "Start", "Status", "TableOptions", "TableState", "UndoAnswer", "UndoAsk",
           "UndoAsked", "UndoRefusal", "UndoRefused", "Welcome", "dump", "parse_client_frame", "parse_server_frame"]
