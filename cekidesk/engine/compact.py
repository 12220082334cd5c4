"""Finished hands held compactly (issue 33: a person's match keeps every finished hand — the score
sheet, the hand history and its replay, saves and undo across hands read them — yet a window that
plays 500 hands should not grow by the hundreds of objects each hand's record, details and moves
used to leave behind).

* :func:`pack_details` / :func:`pack_carry` keep a hand result's ``details`` and a carry that is a
  frozen model as ``marshal`` bytes (made again when read), and anything that does not come back from
  ``marshal`` exactly as it is;
* :class:`MatchLogs` keeps each finished hand's moves as one text — the JSON list of action texts a
  save file writes for the hand (:meth:`MatchLogs.packed`), zlib-compressed — handed out as a new list
  (:class:`HandMoves`) read back from the text when first used; the hand in progress is a plain list.

No Qt, no game.  Used by :mod:`cekidesk.engine.records` and :mod:`cekidesk.engine.match`.
"""
from __future__ import annotations

import json
import marshal
import re
import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import overload

from pydantic import BaseModel

from .protocol import Action, Data

_ATOMS = (str, int, bool, type(None))


class _Kept:
    """A value kept as it is (it does not survive ``marshal`` exactly): rarely used."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value


def _marshalled(value: object) -> bytes | None:
    """``value`` as marshal bytes if they read back equal, else None.  (``marshal`` writes only the
    exact built-in types — ``True`` stays ``True``, a tuple a tuple — and refuses the rest.)"""
    try:
        data = marshal.dumps(value)  # type: ignore[arg-type]  # (ValueError if it cannot)
    except ValueError:
        return None
    return data if marshal.loads(data) == value else None


# -- a result's details ---------------------------------------------------------------------------

def pack_details(details: Data) -> bytes | _Kept | None:
    """A result's ``details`` as kept in a record: None for none, else marshal bytes."""
    if not details:
        return None if type(details) is dict else _Kept(details)
    data = _marshalled(details)
    return data if data is not None else _Kept(details)


def unpack_details(kept: object) -> Data:
    """The ``details`` :func:`pack_details` kept: a new dict at each call (callers may change it)."""
    if kept is None:
        return {}
    if isinstance(kept, bytes):
        out: Data = marshal.loads(kept)
        return out
    assert isinstance(kept, _Kept)
    return kept.value  # type: ignore[return-value]


# -- a carry --------------------------------------------------------------------------------------

#: the carry models met so far (a packed carry names its model by its place here)
_MODELS: list[type[BaseModel]] = []
_last_packed: tuple[object, object] | None = None


def pack_carry(carry: object) -> object:
    """A carry as kept in a record or a hand start: a number, text or None as it is; a tuple of
    them as it is (the collector stops tracking such tuples); a frozen model as bytes (its model's
    place and its ``model_dump``), made again by :func:`unpack_carry`; anything else as it is."""
    global _last_packed
    if isinstance(carry, _ATOMS):
        return carry
    last = _last_packed
    if last is not None and last[0] is carry:       # (a hand's record and the next hand's start)
        return last[1]
    kept: object = carry
    if isinstance(carry, tuple):
        if _marshalled(carry) is None:
            kept = _Kept(carry)
    elif isinstance(carry, BaseModel):
        kept = _pack_model(carry)
    else:
        kept = _Kept(carry)
    _last_packed = (carry, kept)
    return kept


def _nested(value: object) -> bool:
    """Whether a model's dump holds another model's (a dict)."""
    if isinstance(value, dict):
        return True
    return isinstance(value, tuple | list) and any(_nested(v) for v in value)


def _pack_model(carry: BaseModel) -> object:
    cls = type(carry)
    dump = carry.model_dump()
    if any(_nested(v) for v in dump.values()):
        # A carry holding models (Chot's finished bangkongs) shares them from hand to hand: kept as it
        # is, it costs a hand one carry; made again from bytes, every reading would copy them all.
        return carry
    if cls not in _MODELS:
        _MODELS.append(cls)
    data = _marshalled((_MODELS.index(cls), dump))
    if data is None:
        return _Kept(carry)
    try:
        back = _rebuilt(data)
    except Exception:  # noqa: BLE001 — a model that does not validate its own dump is kept as it is
        return _Kept(carry)
    return data if back == carry and type(back) is cls else _Kept(carry)


def _rebuilt(data: bytes) -> BaseModel:
    place, dump = marshal.loads(data)
    return _MODELS[place].model_validate(dump)


@lru_cache(maxsize=16)
def _model(data: bytes) -> BaseModel:
    """The frozen model packed in ``data`` (the latest read are shared: a frozen model never changes)."""
    return _rebuilt(data)


def unpack_carry(kept: object) -> object:
    """The carry :func:`pack_carry` kept."""
    if isinstance(kept, bytes):
        return _model(kept)
    if isinstance(kept, _Kept):
        return kept.value
    return kept


# -- the moves of finished hands --------------------------------------------------------------------

#: the action of each action text met (shared objects; bounded: cleared when full)
_ACTIONS: dict[str, Action] = {}
_ACTIONS_MOST = 4_096   # (a game has a few hundred distinct moves: Ce Pe about 1,000)
#: zlib's level for the finished hands' moves: the fastest (a third of level 6's time when a long match
#: is opened, its hands packed from the file's texts; a hand's moves take about 40 % more bytes)
PACK_LEVEL = 1


def _action(text: str) -> Action:
    action = _ACTIONS.get(text)
    if action is None:
        if len(_ACTIONS) >= _ACTIONS_MOST:
            _ACTIONS.clear()
        action = _ACTIONS[text] = Action.parse(text)
    return action


#: what JSON writes other than as it is in a text (with ``ensure_ascii=False``): quotes, backslashes, controls
_ESCAPED = re.compile(r'[\x00-\x1f\\"]')


def _json_list(texts: Sequence[str]) -> bytes:
    """``json.dumps(texts, ensure_ascii=False)`` as UTF-8, joined directly when no text needs escaping
    (action texts never do: the same bytes, several times faster)."""
    if not texts:
        return b"[]"
    if _ESCAPED.search("".join(texts)) is None:
        return ('["' + '", "'.join(texts) + '"]').encode()
    return json.dumps(list(texts), ensure_ascii=False).encode()


def pack_actions(actions: Sequence[Action]) -> bytes | tuple[Action, ...]:
    """A finished hand's moves as the JSON list of their texts (what a save file writes for the
    hand), zlib-compressed (about a sixth of the text, less than the list of the moves), or as a
    tuple if one of them does not read back from its text as it is."""
    texts = [str(a) for a in actions]
    known = _ACTIONS
    for text, action in zip(texts, actions, strict=True):
        seen = known.get(text)
        if seen is action:
            continue
        if seen is None:
            try:
                seen = Action.parse(text)
            except Exception:  # noqa: BLE001 — an action without a readable text stays as it is
                return tuple(actions)
            if seen == action:
                if len(known) >= _ACTIONS_MOST:
                    known.clear()
                known[text] = action      # (the hand's own object: the next hands share it)
                continue
        if seen != action:
            return tuple(actions)
    return zlib.compress(_json_list(texts), PACK_LEVEL)


def pack_texts(texts: Sequence[str]) -> bytes | None:
    """What :func:`pack_actions` makes of the actions these texts read as (the same bytes), made from
    the texts without making an action of each (a save's finished hands, as it is opened): None if one
    of them is not an action's own text (it does not read, or reads as an action written otherwise;
    :func:`pack_actions` of the actions then says what to keep).  A text not met before is read once."""
    known = _ACTIONS
    for text in set(texts):
        if text in known:
            continue
        try:
            action = Action.parse(text)
        except Exception:  # noqa: BLE001 — the caller reads them one by one and says which
            return None
        if str(action) != text:
            return None
        if len(known) >= _ACTIONS_MOST:
            known.clear()
        known[text] = action
    return zlib.compress(_json_list(texts), PACK_LEVEL)


@lru_cache(maxsize=64)
def _unpacked(packed: bytes) -> tuple[Action, ...]:
    """The actions of a packed hand (the latest read are kept: an undo walks one hand back move by move)."""
    return tuple(_action(t) for t in json.loads(zlib.decompress(packed)))


def unpack_actions(packed: bytes | tuple[Action, ...]) -> list[Action]:
    """A new list of the actions :func:`pack_actions` packed."""
    return list(packed if isinstance(packed, tuple) else _unpacked(packed))


class HandMoves(list[Action]):
    """The moves of one finished hand as a list of its own (a copy: changing it changes no match),
    read from the packed text only when first used — so that going over a long match's hands for
    their lengths or for the few whose lines a save lacks (:class:`~cekidesk.persistence.saves.
    SaveCache`) reads none of the others.  Every method of ``list`` reads the moves first; the
    copies ``copy``/``pickle`` make are plain lists."""

    __slots__ = ("_packed", "_n")

    def __init__(self, packed: bytes | tuple[Action, ...], n: int) -> None:
        super().__init__()
        self._packed: bytes | tuple[Action, ...] | None = packed
        self._n = n

    def _fill(self) -> None:
        packed = self._packed
        if packed is not None:
            self._packed = None
            list.extend(self, packed if isinstance(packed, tuple) else _unpacked(packed))

    def __len__(self) -> int:
        return self._n if self._packed is not None else list.__len__(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandMoves) and isinstance(self._packed, bytes) and isinstance(other._packed, bytes):
            return self._packed == other._packed
        self._fill()
        if isinstance(other, HandMoves):
            other._fill()
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __reduce_ex__(self, protocol: object) -> tuple[object, tuple[object, ...]]:
        return (list, (list(self),))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (list, (list(self),))


def _filled(name: str) -> object:
    method = getattr(list, name)

    def filled(self: HandMoves, *args: object, **kwargs: object) -> object:
        self._fill()
        return method(self, *args, **kwargs)

    filled.__name__ = name
    return filled


for _name in ("__getitem__", "__iter__", "__reversed__", "__contains__", "__repr__", "__add__", "__mul__",
              "__rmul__", "__iadd__", "__imul__", "__lt__", "__le__", "__gt__", "__ge__", "__setitem__",
              "__delitem__", "__copy__", "index", "count", "copy", "append", "extend", "insert", "pop", "remove",
              "reverse", "sort", "clear"):
    if hasattr(list, _name):
        setattr(HandMoves, _name, _filled(_name))


class MatchLogs(Sequence[list[Action]]):
    """A match's moves, one list per hand: the finished hands' packed (:func:`pack_actions`) and
    handed out as a new list at each reading, the hand in progress a plain list (the last item,
    which :meth:`append` packs when the next hand starts).  Equal to any sequence of the same
    hands' moves (``[[]]`` for a match whose first hand has no move yet)."""

    __slots__ = ("_done", "_counts", "_current")

    def __init__(self, finished: Iterable[Sequence[Action]] = ()) -> None:
        self._done: list[bytes | tuple[Action, ...]] = []
        self._counts = array("L")
        self._current: list[Action] | None = None
        for hand in finished:
            self._pack(hand)

    def _pack(self, hand: Sequence[Action]) -> None:
        n = len(hand)
        if isinstance(hand, HandMoves) and hand._packed is not None:
            self._done.append(hand._packed)     # (a finished hand of another match: packed already)
        else:
            self._done.append(pack_actions(hand))
        self._counts.append(n)

    def append(self, hand: list[Action]) -> None:
        """Start the next hand's list (``hand``, the list its moves go to); the hand before it is
        packed."""
        if self._current is not None:
            self._pack(self._current)
        self._current = hand

    @property
    def current(self) -> list[Action]:
        """The list of the last hand's moves (the hand in progress, or the one just finished)."""
        if self._current is None:
            raise IndexError("no hand has begun")
        return self._current

    def prefix(self, n: int) -> MatchLogs:
        """The first ``n`` hands (finished ones: none of them the hand in progress), sharing their
        packed texts."""
        if n > len(self._done):
            raise IndexError(f"only {len(self._done)} hands are finished")
        out = MatchLogs()
        out._done = self._done[:n]
        out._counts = self._counts[:n]
        return out

    def packed(self, i: int) -> str:
        """Finished hand ``i``'s moves as the JSON list of their texts (a save file's line)."""
        kept = self._done[i if i >= 0 else i + len(self)]
        if isinstance(kept, bytes):
            return zlib.decompress(kept).decode()
        return json.dumps([str(a) for a in kept], ensure_ascii=False)

    def hand_length(self, i: int) -> int:
        """How many moves hand ``i`` holds (without reading them)."""
        i = i if i >= 0 else i + len(self)
        return len(self.current) if i == len(self._done) else self._counts[i]

    def key(self) -> tuple[object, ...]:
        """A value equal for equal logs, made without reading the finished hands' moves."""
        return (*self._done, tuple(self._current or ()))

    def moves(self) -> int:
        """How many moves all the hands hold."""
        return sum(self._counts) + (len(self._current) if self._current is not None else 0)

    def forget(self, n: int) -> None:
        """Drop the first ``n`` finished hands (:meth:`Match.forget_finished_hands`)."""
        del self._done[:n]
        del self._counts[:n]

    def __len__(self) -> int:
        return len(self._done) + (self._current is not None)

    @overload
    def __getitem__(self, i: int) -> list[Action]: ...
    @overload
    def __getitem__(self, i: slice) -> list[list[Action]]: ...

    def __getitem__(self, i: int | slice) -> list[Action] | list[list[Action]]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("hand index out of range")
        if i == len(self._done):
            return self.current
        return HandMoves(self._done[i], self._counts[i])

    def __setitem__(self, i: int, hand: Sequence[Action]) -> None:
        """Put ``hand``'s moves in place of hand ``i``'s (the hand in progress: ``hand`` itself if it is a
        list, which the match's next moves go to)."""
        n = len(self)
        if isinstance(i, slice) or not -n <= i < n:
            raise IndexError("one hand of the match is replaced at a time")
        i = i if i >= 0 else i + n
        if i == len(self._done):
            self._current = hand if type(hand) is list else list(hand)
            return
        self._done[i] = pack_actions(hand)
        self._counts[i] = len(hand)

    def __iter__(self) -> Iterator[list[Action]]:
        for i in range(len(self)):
            yield self[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MatchLogs):
            return (self._done == other._done and self._counts == other._counts
                    and self._current == other._current)
        if not isinstance(other, list | tuple):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"MatchLogs({list(self)!r})"


__all__ = ["HandMoves", "MatchLogs", "pack_actions", "pack_carry", "pack_details", "pack_texts", "unpack_actions",
           "unpack_carry", "unpack_details"]
