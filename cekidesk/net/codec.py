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
#: a type as its annotations give it (a class, ``X | None``, ``tuple[Kind, ...]``)
TypeForm = Any
#: how values of one type are read
Decoder = Callable[[Json], object]


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
    # (the encoder of each item found inline: a view's arrays are most of its items)
    get = _ENCODERS.get
    return [e(v) if (e := get(type(v))) is not None else encode(v) for v in value]


def _record_encoder(names: tuple[str, ...]) -> Callable[[object], Json]:
    def encode_record(r: object) -> Json:
        get = _ENCODERS.get
        out = {}
        for name in names:
            v = getattr(r, name)
            e = get(type(v))
            out[name] = e(v) if e is not None else encode(v)
        return out
    return encode_record


#: the text of each Ceki card kind (``str`` of an enum member is a Python call each time)
_KIND_CODES: dict[Kind, str] = {k: k.name for k in Kind}


def _encode_action(action: Action) -> str:
    """An action's text, kept for the actions met lately (the same legal moves are in every view)."""
    text = _ACTIONS.get(action)
    if text is None:
        if len(_ACTIONS) >= 8192:
            _ACTIONS.clear()
        text = _ACTIONS[action] = str(action)
    return text


_ACTIONS: dict[Action, str] = {}


def _encoder_for(kind: type) -> Callable[[object], Json]:
    """How values of ``kind`` go on the wire (found once per type: a view's fields are many)."""
    if kind in (type(None), bool, str, float, int):
        return _same
    if kind is Kind:
        return _KIND_CODES.__getitem__   # type: ignore[return-value]
    if issubclass(kind, Action) and kind.__str__ is Action.__str__:
        return _encode_action   # type: ignore[return-value]
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
        names = _RECORDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
        return _record_encoder(names)
    if issubclass(kind, Mapping):
        return lambda m: {str(k): encode(v) for k, v in m.items()}   # type: ignore[attr-defined]
    if issubclass(kind, (frozenset, set)):
        return lambda s: sorted(encode(v) for v in s)   # type: ignore[attr-defined]
    if issubclass(kind, (tuple, list)):
        return _encode_list   # type: ignore[return-value]
    raise TypeError(f"cannot put a {kind.__name__} on the wire")


_ENCODERS: dict[type, Callable[[object], Json]] = {}


def encode_each(values: Iterable[object]) -> list[Json]:
    """Each of ``values`` as :func:`encode` gives it, what they hold in common (the same objects: a
    move's public records in every seat's view) encoded once: the arrays given for it are the same
    lists in each (read them, never change them)."""
    memo: dict[int, Json] = {}
    return [_encode_shared(v, memo) for v in values]


def _encode_shared(value: object, memo: dict[int, Json]) -> Json:
    kind = type(value)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder_for(kind)
    if encoder is _encode_list:
        key = id(value)   # (the objects stay alive meanwhile: the values hold them)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _encode_items(value, memo)   # type: ignore[arg-type]
        return found
    names = _RECORDS.get(kind)
    if names is not None:
        get = _ENCODERS.get
        out = {}
        for name in names:
            v = getattr(value, name)
            e = get(type(v))
            out[name] = e(v) if e is not None and e is not _encode_list and type(v) not in _RECORDS \
                else _encode_shared(v, memo)
        return out
    return encoder(value)


def _encode_items(value: Iterable[object], memo: dict[int, Json]) -> Json:
    get = _ENCODERS.get
    out = []
    for v in value:
        e = get(type(v))
        out.append(e(v) if e is not None and e is not _encode_list and type(v) not in _RECORDS
                   else _encode_shared(v, memo))
    return out


#: the fields of each record type (a dataclass, not an event) met by :func:`_encoder_for`
_RECORDS: dict[type, tuple[str, ...]] = {}
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


def _bad(data: Json, what: str) -> typing.NoReturn:
    raise DecodeError(f"{what} is expected, not {type(data).__name__}")


#: each Ceki card kind by its code (``Kind.parse`` for any other text: its errors, its tolerance)
_KINDS: dict[str, Kind] = {k.name: k for k in Kind}


def _decode_kind(d: Json) -> Kind:
    k = _KINDS.get(d) if type(d) is str else None
    if k is not None:
        return k
    return Kind.parse(d) if isinstance(d, str) else _bad(d, "a card code")


def _decode_action(d: Json) -> Action:
    """An action read from its text, kept for the texts met lately (actions are immutable values)."""
    if type(d) is not str:
        return Action.parse(d)
    action = _PARSED.get(d)
    if action is None:
        action = Action.parse(d)
        if len(_PARSED) >= 8192:
            _PARSED.clear()
        _PARSED[d] = action
    return action


_PARSED: dict[str, Action] = {}

_SCALARS: dict[Any, Any] = {
    int: lambda d: d if type(d) is int else _bad(d, "a whole number"),
    str: lambda d: d if isinstance(d, str) else _bad(d, "text"),
    bool: lambda d: d if isinstance(d, bool) else _bad(d, "true or false"),
    float: lambda d: float(d) if isinstance(d, (int, float)) and not isinstance(d, bool) else _bad(d, "a number"),
    Kind: _decode_kind,
    WKind: lambda d: WKind.parse(d) if isinstance(d, str) else _bad(d, "a card code"),
    Action: _decode_action,
}


def decode(tp: Any, data: Json) -> Any:
    """The value of type ``tp`` that :func:`encode` gave ``data`` for."""
    return _decoder(tp)(data)


#: how each type is read, found once per type (a view's fields are many, its arrays long)
_DECODERS: dict[TypeForm, Decoder] = {}


def _decoder(tp: TypeForm) -> Decoder:
    try:
        found = _DECODERS.get(tp)
    except TypeError:   # (a type that cannot be a key: found each time)
        return _decoder_for(tp)
    if found is None:
        found = _DECODERS[tp] = _decoder_for(tp)
    return found


def _same_json(data: Json) -> Json:
    return data


def _decoder_for(tp: TypeForm) -> Decoder:   # noqa: C901  (one case a kind of type)
    if tp is typing.Any or tp is object:
        return _same_json
    if tp in _SCALARS:
        return typing.cast(Decoder, _SCALARS[tp])
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        args = get_args(tp)
        if len(args) == 2 and type(None) in args:   # (X | None: the common case)
            one = args[0] if args[1] is type(None) else args[1]
            return lambda d: None if d is None else _decoder(one)(d)
        return lambda d: _decode_union(args, d)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]
            found: list[Decoder] = []   # (found at the first value: a type may hold itself)

            def variadic(d: Json) -> tuple[object, ...]:
                if not isinstance(d, list):
                    raise DecodeError("an array is expected")
                if item is int and all(type(x) is int for x in d):
                    return tuple(d)
                if not found:
                    found.append(_decoder(item))
                return tuple(map(found[0], d))
            return variadic

        def fixed(d: Json) -> tuple[object, ...]:
            if not isinstance(d, list):
                raise DecodeError("an array is expected")
            if len(args) != len(d):
                raise DecodeError(f"an array of {len(args)} is expected")
            return tuple(decode(a, x) for a, x in zip(args, d, strict=True))
        return fixed
    if origin is list:
        item = get_args(tp)[0]
        return lambda d: list(map(_decoder(item), d)) if isinstance(d, list) else _bad(d, "an array")
    if origin is dict or tp is dict:
        return lambda d: dict(d) if isinstance(d, dict) else _bad(d, "an object")
    if not isinstance(tp, type):
        return lambda d: _cannot(f"cannot read a {tp!r}")
    if issubclass(tp, BaseModel):
        def model(d: Json) -> BaseModel:
            own = _OPTIONS.get()
            return (own if own is not None and issubclass(own, tp) else tp).model_validate(d)
        return model
    if issubclass(tp, enum.Enum):
        return tp
    if dataclasses.is_dataclass(tp):
        return _record_decoder(tp)
    if issubclass(tp, tuple) and hasattr(tp, "_fields"):
        return _named_decoder(tp)
    return lambda d: _cannot(f"cannot read a {tp.__name__}")


def _cannot(what: str) -> typing.NoReturn:
    raise DecodeError(what)


def _named_decoder(tp: TypeForm) -> Decoder:
    size = len(tp._fields)
    items: list[Decoder] = []   # (found at the first value, as a record's fields)
    #: the values read lately, by their arrays, for a named tuple of plain fields (numbers, texts,
    #: card kinds: read the same from the same array each time), e.g. the throws of a hand that
    #: every view holds again; None: not such a named tuple
    known: list[dict[tuple[object, ...], object] | None] = []

    def named(d: Json) -> object:
        if not isinstance(d, list) or len(d) > size:
            raise DecodeError(f"an array for a {tp.__name__} is expected")
        if not items:
            hints = _hints(tp)
            items.extend(_decoder(hints[name]) for name in tp._fields)
            known.append({} if all(hints[name] in _SCALARS for name in tp._fields) else None)
        seen = known[0]
        if seen is not None and all(type(x) is int or type(x) is str for x in d):   # (True is not 1 here)
            key = tuple(d)
            value = seen.get(key)
            if value is None:
                if len(seen) >= 4096:
                    seen.clear()
                value = seen[key] = tp(*[f(x) for f, x in zip(items, d, strict=False)])
            return value
        return tp(*[f(x) for f, x in zip(items, d, strict=False)])
    return named


def _record_decoder(tp: type) -> Decoder:
    names = frozenset(f.name for f in dataclasses.fields(tp) if f.init)
    fields: dict[str, Decoder] = {}   # (found at the first record: a record may hold its own kind)

    def record(data: Json) -> object:
        if not isinstance(data, dict):
            raise DecodeError(f"an object for a {tp.__name__} is expected")
        if not data.keys() <= names:
            raise DecodeError(f"a {tp.__name__} has no field {sorted(set(data) - names)[0]!r}")
        if not fields:
            hints = _hints(tp)
            fields.update({name: _decoder(hints[name]) for name in names})
        return tp(**{name: fields[name](value) for name, value in data.items()})
    return record


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


__all__ = ["AmountRange", "DecodeError", "Json", "decode", "decode_event", "decode_view", "encode", "encode_each",
           "view_type"]
