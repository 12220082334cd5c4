"""Views and events on the wire: engine values to JSON and back.

A game's view is a frozen dataclass of numbers, codes, card kinds, actions, nested records and the
game's options (a pydantic model); an event is a type, a player and a dict of codes and numbers.
:func:`encode` turns any of them into plain JSON values (a card kind as its code, ``"S9"``, ``"QH"``;
an action as its text, ``"2 discard S9"``; a record as an object of its fields, a named tuple and a
tuple as an array; the options as their JSON); :func:`decode_view` reads a view back into the
game's own view class by its field types, so a client's bots and table read exactly what the
engine gave.  What is free-form in a view (a hand result's ``details``) comes back as plain JSON.
"""
from __future__ import annotations

import dataclasses
import enum
import operator
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints

from pydantic import BaseModel

from cekidesk.engine.cards import Card, Kind, WCard, WKind, parse_kind
from cekidesk.engine.core import Action, AmountRange, Event, View
from cekidesk.games import get_game

#: what :func:`encode` gives: JSON values
Json = Any


#: the options model of the game whose view is being read (a field typed with a family's base
#: options model holds the game's own)
_OPTIONS: ContextVar[type[BaseModel] | None] = ContextVar("_OPTIONS", default=None)


class DecodeError(ValueError):
    """A value on the wire that is not what its field holds."""


def encode(value: object) -> Json:
    """``value`` (a view, an event, or anything in one) as plain JSON values."""
    kind = type(value)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder_for(kind)
    return encoder(value)


def _same(value: object) -> Json:
    return value


def _encode_list(value: Iterable[object]) -> Json:
    return [encode(v) for v in value]


def _encoder_for(kind: type) -> Callable[[object], Json]:
    """How values of ``kind`` go on the wire (found once per type: a view's fields are many)."""
    if kind in (type(None), bool, str, float):
        return _same
    if issubclass(kind, (Action, Kind, WKind, Card, WCard)):
        return str
    if issubclass(kind, enum.Enum):
        return lambda v: encode(v.value)   # type: ignore[attr-defined]
    if issubclass(kind, int):
        return operator.index   # type: ignore[return-value]
    if issubclass(kind, Event):
        return lambda e: {"type": e.type, "player": e.player, "data": encode(e.data)}  # type: ignore[attr-defined]
    if issubclass(kind, BaseModel):
        return _encode_model   # type: ignore[return-value]
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in dataclasses.fields(kind))
        return lambda r: {name: encode(getattr(r, name)) for name in names}
    if issubclass(kind, Mapping):
        return lambda m: {str(k): encode(v) for k, v in m.items()}   # type: ignore[attr-defined]
    if issubclass(kind, (frozenset, set)):
        return lambda s: sorted(encode(v) for v in s)   # type: ignore[attr-defined]
    if issubclass(kind, (tuple, list)):
        return _encode_list   # type: ignore[return-value]
    raise TypeError(f"cannot put a {kind.__name__} on the wire")


_ENCODERS: dict[type, Callable[[object], Json]] = {}
#: the JSON of the options models met lately, by identity (a table's options are one frozen model,
#: in every view of every move): made once, not per view
_MODELS: dict[int, tuple[BaseModel, Json]] = {}


def _encode_model(model: BaseModel) -> Json:
    if not model.model_config.get("frozen"):
        return model.model_dump(mode="json")
    known = _MODELS.get(id(model))
    if known is None or known[0] is not model:
        if len(_MODELS) >= 4096:
            _MODELS.clear()
        known = _MODELS[id(model)] = (model, model.model_dump(mode="json"))
    return known[1]


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def _decode_union(args: tuple[Any, ...], data: Json) -> Any:
    if data is None:
        if type(None) in args:
            return None
        raise DecodeError("a value is missing")
    choices = [a for a in args if a is not type(None)]
    if len(choices) == 1:
        return decode(choices[0], data)
    if set(choices) <= {Kind, WKind} and isinstance(data, str):
        return parse_kind(data)
    for choice in choices:
        try:
            return decode(choice, data)
        except (DecodeError, ValueError, TypeError):
            continue
    raise DecodeError(f"{data!r} fits none of {choices}")


def _decode_tuple(args: tuple[Any, ...], data: Json) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise DecodeError("an array is expected")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(decode(args[0], x) for x in data)
    if len(args) != len(data):
        raise DecodeError(f"an array of {len(args)} is expected")
    return tuple(decode(a, x) for a, x in zip(args, data, strict=True))


_SCALARS: dict[Any, Any] = {
    int: lambda d: d if type(d) is int else _bad(d, "a whole number"),
    str: lambda d: d if isinstance(d, str) else _bad(d, "text"),
    bool: lambda d: d if isinstance(d, bool) else _bad(d, "true or false"),
    float: lambda d: float(d) if isinstance(d, (int, float)) and not isinstance(d, bool) else _bad(d, "a number"),
    Kind: lambda d: Kind.parse(d) if isinstance(d, str) else _bad(d, "a card code"),
    WKind: lambda d: WKind.parse(d) if isinstance(d, str) else _bad(d, "a card code"),
    Action: lambda d: Action.parse(d),
}


def _bad(data: Json, what: str) -> typing.NoReturn:
    raise DecodeError(f"{what} is expected, not {type(data).__name__}")


def decode(tp: Any, data: Json) -> Any:
    """The value of type ``tp`` that :func:`encode` gave ``data`` for."""
    if tp is Any or tp is object:
        return data
    if tp in _SCALARS:
        return _SCALARS[tp](data)
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return _decode_union(get_args(tp), data)
    if origin is tuple:
        return _decode_tuple(get_args(tp), data)
    if origin is list:
        return [decode(get_args(tp)[0], x) for x in data] if isinstance(data, list) else _bad(data, "an array")
    if origin is dict or tp is dict:
        return dict(data) if isinstance(data, dict) else _bad(data, "an object")
    if not isinstance(tp, type):
        raise DecodeError(f"cannot read a {tp!r}")
    if issubclass(tp, BaseModel):
        own = _OPTIONS.get()
        return (own if own is not None and issubclass(own, tp) else tp).model_validate(data)
    if issubclass(tp, enum.Enum):
        return tp(data)
    if dataclasses.is_dataclass(tp):
        return _decode_record(tp, data)
    if issubclass(tp, tuple) and hasattr(tp, "_fields"):
        hints = _hints(tp)
        if not isinstance(data, list) or len(data) > len(tp._fields):
            raise DecodeError(f"an array for a {tp.__name__} is expected")
        return tp(*(decode(hints[name], x) for name, x in zip(tp._fields, data, strict=False)))
    raise DecodeError(f"cannot read a {tp.__name__}")


def _decode_record(tp: type, data: Json) -> Any:
    if not isinstance(data, dict):
        raise DecodeError(f"an object for a {tp.__name__} is expected")
    hints = _hints(tp)
    names = {f.name for f in dataclasses.fields(tp) if f.init}
    unknown = set(data) - names
    if unknown:
        raise DecodeError(f"a {tp.__name__} has no field {sorted(unknown)[0]!r}")
    return tp(**{name: decode(hints[name], value) for name, value in data.items()})


def view_type(game_id: str) -> type[View]:
    """The view class of a registered game (an unknown id raises ``OptionsError``)."""
    return get_game(game_id).view_type


def decode_view(game_id: str, data: Json) -> View:
    """The view of ``game_id`` that :func:`encode` gave ``data`` for (``DecodeError`` if it is not one)."""
    game = get_game(game_id)
    mark = _OPTIONS.set(game.options_model)
    try:
        view: View = decode(game.view_type, data)
    except (ValueError, TypeError, KeyError) as exc:
        raise DecodeError(f"not a view of {game_id}: {exc}") from None
    finally:
        _OPTIONS.reset(mark)
    return view


def decode_event(data: Json) -> Event:
    """An event as :func:`encode` gave it (its secrets, if any, merged into ``data`` already)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str) or not isinstance(data.get("data"), dict):
        raise DecodeError("not an event")
    player = data.get("player")
    if player is not None and type(player) is not int:
        raise DecodeError("not an event")
    return Event(data["type"], player, dict(data["data"]))


__all__ = ["AmountRange", "DecodeError", "Json", "decode", "decode_event", "decode_view", "encode", "view_type"]
