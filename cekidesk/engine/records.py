"""What a match is made of besides its game: its options, its finished hands, the carry between
hands and the endings a game may define (no Qt, no game).  :mod:`cekidesk.engine.match` plays a match
with these; the game class (:mod:`cekidesk.engine.game`) names them without importing the match.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from .compact import pack_carry, pack_details, unpack_carry, unpack_details
from .protocol import EngineError, HandResult, SettlementItem

#: the end conditions every game may offer (its ``match_modes``); a game's own are its ``match_endings``
GENERIC_MODES: tuple[str, ...] = ("money", "target", "hands")


class MatchOptions(BaseModel):
    """How a match is scored and when it ends.

    * ``money``: every hand is settled in cents (``stake_cents`` per point, for games whose info
      has ``stake_per_point``; other games take their amounts from their own options); the match
      goes on until the players stop.
    * ``target``: the match ends after the hand in which someone reaches ``target`` points.
    * ``hands``: the match ends after ``hands`` hands.
    * a game's own ending (:class:`MatchEnding`, named by its ``mode``): the game decides, given
      ``limit`` when the ending takes a number (lives, bangkong …).
    Payments are recorded in the ledger in every mode; the mode only decides when the match ends.
    ``limit`` is None unless the mode is a game's ending that takes a number; a save leaves it out
    then, so saves of the generic modes keep their shape.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: str = Field("money", pattern=r"^[a-z][a-z0-9_]{0,31}$", title="match.mode")
    stake_cents: int = Field(1, ge=0, le=1_000_000, title="match.stake_cents")
    target: int = Field(200, ge=1, le=1_000_000, title="match.target")
    hands: int = Field(8, ge=1, le=10_000, title="match.hands")
    limit: int | None = Field(None, ge=1, le=10_000, title="match.limit")


class HandRecord:
    """One finished hand: its result, the payments in cents per seat, the pot left in the middle
    after it (games with ``carries_pot``) and the itemised payments (``Settlement.items``).

    Held compactly (issue 33: a match a person plays keeps every finished hand, for the score sheet,
    the hand history, saves and undo): the numbers and tuples are kept as they are (the garbage
    collector stops tracking tuples of numbers), while the result's ``details`` and a carry that is
    a model are kept as ``marshal`` bytes and made again when read — so a record is one object the
    collector tracks, however rich its details.  ``result`` (and a model ``carry``) is therefore a
    new, equal object at each reading; what does not round-trip through ``marshal`` exactly is kept
    as it is.  Frozen; equal to a record of the same fields."""

    __slots__ = ("index", "dealer", "seed", "outcome", "points", "winners", "_details", "payments", "pot",
                 "items", "_carry")
    __match_args__ = ("index", "dealer", "seed", "result", "payments", "pot", "items", "carry")

    index: int
    dealer: int
    seed: int
    outcome: str
    points: tuple[int, ...]
    winners: tuple[int, ...]
    _details: object
    payments: tuple[int, ...]
    pot: int
    items: tuple[SettlementItem, ...]
    _carry: object

    def __init__(self, index: int, dealer: int, seed: int, result: HandResult, payments: tuple[int, ...],
                 pot: int = 0, items: tuple[SettlementItem, ...] = (), carry: object = None) -> None:
        put = object.__setattr__
        put(self, "index", index)
        put(self, "dealer", dealer)
        put(self, "seed", seed)
        put(self, "outcome", result.outcome)
        put(self, "points", result.points)
        put(self, "winners", result.winners)
        put(self, "_details", pack_details(result.details))
        put(self, "payments", payments)
        put(self, "pot", pot)
        put(self, "items", items)
        put(self, "_carry", pack_carry(carry))

    @property
    def result(self) -> HandResult:
        """The hand's result (a new object at each reading: see the class)."""
        return HandResult(self.outcome, self.points, self.winners, unpack_details(self._details))

    @property
    def carry(self) -> object:
        """The match's carry after this hand (None for games without one)."""
        return unpack_carry(self._carry)

    def _fields(self) -> tuple[object, ...]:
        return (self.index, self.dealer, self.seed, self.result, self.payments, self.pot, self.items, self.carry)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a HandRecord is frozen (cannot set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a HandRecord is frozen (cannot delete {name})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRecord):
            return NotImplemented
        return self is other or self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # (its details are a dict: never hashable)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (HandRecord, self._fields())

    def __repr__(self) -> str:
        names = ("index", "dealer", "seed", "result", "payments", "pot", "items", "carry")
        return "HandRecord(" + ", ".join(f"{n}={v!r}" for n, v in zip(names, self._fields(), strict=True)) + ")"


class MatchSoFar(Protocol):
    """What a game's ending (:attr:`MatchEnding.decide`) reads of a match: its finished hands, its
    carry, its options, its scores and who is out (a :class:`cekidesk.engine.match.Match` is one)."""

    @property
    def n_players(self) -> int: ...

    @property
    def history(self) -> Sequence[HandRecord]: ...

    @property
    def carry(self) -> object: ...

    @property
    def match_options(self) -> MatchOptions: ...

    @property
    def scores(self) -> Sequence[int]: ...

    def out_seats(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class MatchEnding:
    """An end condition a game defines (``Game.match_endings``) beside the generic modes.

    ``mode`` is its code in :class:`MatchOptions` (and in save files); ``title_key`` the names key
    of its title in the New Game dialog (``<title_key>.help`` its explanation, ``<title_key>.limit``
    the label of its number when ``limit_default`` is not None).  ``decide(match)`` reads the
    finished hands (``match.history``, ``match.carry``, ``match.match_options.limit`` …, never
    changing them) after each hand and answers None while the match goes on, else the winners.
    """

    mode: str
    title_key: str
    decide: Callable[[MatchSoFar], tuple[int, ...] | None]
    limit_default: int | None = None
    limit_range: tuple[int, int] = (1, 100)


class HandStart:
    """A match as hand ``index`` was dealt: what the rest of the match replays from, so that an
    undo, a redo or the opening of a save costs one hand, not the whole match.

    ``draws`` counts the numbers the match's RNG had drawn (the first dealer, then one seed per
    hand): the RNG after them is the one the next hand's seed comes from.  ``carry`` is the carry
    the hand was dealt with (the one after the hand before it).  Held compactly as
    :class:`HandRecord` is (a carry that is a model kept as bytes, made again when read); frozen."""

    __slots__ = ("index", "dealer", "seed", "draws", "scores", "ledger", "pot", "_carry")
    __match_args__ = ("index", "dealer", "seed", "draws", "scores", "ledger", "pot", "carry")

    index: int
    dealer: int
    seed: int
    draws: int
    scores: tuple[int, ...]
    ledger: tuple[int, ...]
    pot: int
    _carry: object

    def __init__(self, index: int, dealer: int, seed: int, draws: int, scores: tuple[int, ...],
                 ledger: tuple[int, ...], pot: int, carry: object) -> None:
        put = object.__setattr__
        for name, value in (("index", index), ("dealer", dealer), ("seed", seed), ("draws", draws),
                            ("scores", scores), ("ledger", ledger), ("pot", pot)):
            put(self, name, value)
        put(self, "_carry", pack_carry(carry))

    @property
    def carry(self) -> object:
        return unpack_carry(self._carry)

    def _fields(self) -> tuple[object, ...]:
        return (self.index, self.dealer, self.seed, self.draws, self.scores, self.ledger, self.pot, self.carry)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a HandStart is frozen (cannot set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a HandStart is frozen (cannot delete {name})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandStart):
            return NotImplemented
        return self is other or self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (HandStart, self._fields())

    def __repr__(self) -> str:
        names = self.__match_args__
        return "HandStart(" + ", ".join(f"{n}={v!r}" for n, v in zip(names, self._fields(), strict=True)) + ")"


@dataclass(frozen=True)
class _RecordFields:
    index: int
    dealer: int
    seed: int
    result: HandResult
    payments: tuple[int, ...]
    pot: int = 0
    items: tuple[SettlementItem, ...] = ()
    carry: object = None


@dataclass(frozen=True)
class _StartFields:
    index: int
    dealer: int
    seed: int
    draws: int
    scores: tuple[int, ...]
    ledger: tuple[int, ...]
    pot: int
    carry: object


# Both read as the frozen dataclasses they were: ``dataclasses.fields``, ``replace`` and ``asdict`` work on
# them (the fields are the constructor's; ``replace`` builds a new compact record).
HandRecord.__dataclass_fields__ = _RecordFields.__dataclass_fields__  # type: ignore[attr-defined]
HandRecord.__dataclass_params__ = _RecordFields.__dataclass_params__  # type: ignore[attr-defined]
HandStart.__dataclass_fields__ = _StartFields.__dataclass_fields__  # type: ignore[attr-defined]
HandStart.__dataclass_params__ = _StartFields.__dataclass_params__  # type: ignore[attr-defined]


_CARRY_ATOMS = (str, int, bool, type(None))


def check_carry(value: object) -> object:
    """``value`` if it is a carry: frozen and JSON-safe — str/int/bool/None, tuples of carries, or
    a frozen pydantic model (whose ``model_dump(mode="json")`` is its JSON).  A mutable carry would
    let a hand change what the match replays; a float or object would not survive JSON."""
    if isinstance(value, _CARRY_ATOMS):
        return value
    if isinstance(value, tuple):
        for v in value:
            check_carry(v)
        return value
    if isinstance(value, BaseModel) and value.model_config.get("frozen"):
        return value
    raise EngineError(f"a match carry must be frozen and JSON-safe, not {type(value).__name__}")


__all__ = ["GENERIC_MODES", "HandRecord", "HandStart", "MatchEnding", "MatchOptions", "MatchSoFar", "check_carry"]
