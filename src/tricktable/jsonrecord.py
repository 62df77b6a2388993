"""Frozen records whose JSON form and JSON schema are generated from their fields.

A record is a named tuple (or a frozen dataclass): :func:`record_dict` walks its fields and
:func:`json_schema` reads the same fields' types, so the JSON a record sends and the schema that
describes it cannot drift apart. :func:`json_fields` may rename a field's key (:func:`key`),
leave the key out while the value is ``None`` (:func:`omitted_if_none`) or give it its own
encoding and schema (:func:`encoded`). Named tuples keep views cheap to build: a view is built
for every decision a bot takes. Cards are
:data:`CardText` (their canonical notation), card sets :class:`~tricktable.cards.CardSet`, and
open JSON objects :data:`JsonObject`.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NewType, TypeVar

from .actions import Action
from .cards import CARD_TEXT, CardSet, display_key, indices_of

__all__ = [
    "CARD_TEXTS",
    "CardText",
    "JsonObject",
    "card_texts",
    "encoded",
    "field_encoders",
    "json_fields",
    "json_schema",
    "key",
    "omitted_if_none",
    "record_dict",
    "texts_of",
]

CardText = NewType("CardText", str)
"""A card in canonical notation (``"JH"``, ``"10D"``, ``"JK"``)."""

JsonObject = Mapping[str, Any]
"""An open JSON object (a ledger's or a hand result's details): read-only in a record."""

_CARD_SCHEMA = {"type": "string", "pattern": "^(JK|(10|[2-9JQKA])[CDHS])$"}


def key(name: str) -> dict[str, Any]:
    """Field metadata: the field's JSON key is ``name``."""
    return {"key": name}


def omitted_if_none() -> dict[str, Any]:
    """Field metadata: the key is absent from the JSON while the value is ``None``."""
    return {"omit_none": True}


def encoded(encode: Callable[[Any], Any], schema: dict[str, Any]) -> dict[str, Any]:
    """Field metadata: the JSON value is ``encode(value)``, described by ``schema``."""
    return {"encode": encode, "schema": schema}


def described(schema: dict[str, Any]) -> dict[str, Any]:
    """Field metadata: the JSON value as usual, described by ``schema`` (for a field whose type
    the schema cannot tell, such as a protocol)."""
    return {"schema": schema}


CARD_TEXTS: dict[int, CardText] = {index: CardText(text) for index, text in CARD_TEXT.items()}
"""Every card index's canonical text, typed."""


def card_texts(mask: int) -> tuple[CardText, ...]:
    """The cards of a bitmask as canonical texts in display order."""
    return tuple(CARD_TEXTS[index] for index in sorted(indices_of(mask), key=display_key))


def texts_of(indices: Iterable[int]) -> tuple[CardText, ...]:
    """The canonical texts of card indices, in the order given."""
    return tuple(CARD_TEXTS[index] for index in indices)


_SPECS: dict[type, dict[str, dict[str, Any]]] = {}

Record = TypeVar("Record", bound=type)


def json_fields(**specs: dict[str, Any]) -> Callable[[Record], Record]:
    """Class decorator: the JSON treatment of some fields (:func:`key`, :func:`encoded` …)."""

    def register(cls: Record) -> Record:
        _SPECS[cls] = specs
        return cls

    return register


def record_dict(record: object) -> dict[str, Any]:
    """A record's JSON object: an independent copy (tuples become lists, cards their notation)."""
    cls: type = type(record)
    return _encoder(cls)(record)


def _field_names(cls: type) -> tuple[str, ...]:
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls))
    return tuple(cls._fields)  # type: ignore[attr-defined]


@functools.cache
def _plan(cls: type) -> tuple[tuple[str, str, bool, Callable[[Any], Any] | None], ...]:
    specs = _SPECS.get(cls, {})
    plan = []
    for name in _field_names(cls):
        spec = specs.get(name, {})
        plan.append((name, spec.get("key", name), bool(spec.get("omit_none")), spec.get("encode")))
    return tuple(plan)


def field_encoders(cls: type) -> tuple[tuple[str, bool, Callable[[Any], Any]], ...]:
    """How each field of a record class becomes JSON, in field order: its key, whether the key
    is left out while the value is ``None``, and the function that makes the JSON value of a
    value that is not ``None`` (for a writer that encodes fields one by one, as
    :func:`record_dict` does)."""
    return tuple((key, omit, encode or _json) for _, key, omit, encode in _plan(cls))


@functools.cache
def _encoder(cls: type) -> Callable[[Any], dict[str, Any]]:
    """The function that makes ``cls``'s JSON object, written out once per class with its
    fields taken by position (as :mod:`dataclasses` writes ``__init__``): views are encoded for
    every state a server sends, and a loop over the plan cost twice as much."""
    plan = _plan(cls)
    names = [name for name, *_ in plan]
    scope: dict[str, Any] = {"P": _PLAIN, "J": _json}
    values = ", ".join(f"v{n}" for n in range(len(plan)))
    if dataclasses.is_dataclass(cls):
        lines = [f"    {values}, = " + ", ".join(f"r.{name}" for name in names)]
    else:
        lines = [f"    {values}, = r"]
    pairs: list[str] = []
    later: list[str] = []  # from the first key that may be left out on, in field order
    for n, (_, json_key, omit_none, encode) in enumerate(plan):
        if encode is not None:
            scope[f"E{n}"] = encode
            value = f"None if v{n} is None else E{n}(v{n})"
        else:
            value = f"v{n} if type(v{n}) in P else J(v{n})"
        if omit_none:
            later.append(f"    if v{n} is not None: out[{json_key!r}] = {value}")
        elif later:
            later.append(f"    out[{json_key!r}] = {value}")
        else:
            pairs.append(f"{json_key!r}: {value}")
    lines += ["    out = {" + ", ".join(pairs) + "}", *later]
    if not plan:
        lines = ["    out = {}"]
    exec("def encode(r):\n" + "\n".join(lines) + "\n    return out\n", scope)
    encode_record: Callable[[Any], dict[str, Any]] = scope["encode"]
    return encode_record


_PLAIN = frozenset({int, str, bool, float, type(None)})
"""Types that are their own JSON value."""


def _json(value: Any) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    handler = _HANDLERS.get(kind)
    if handler is None:
        handler = _HANDLERS[kind] = _handler_for(kind)
    return handler(value)


def _items(value: Iterable[Any]) -> list[Any]:
    return [item if type(item) in _PLAIN else _json(item) for item in value]


def _mapping(value: Mapping[Any, Any]) -> dict[str, Any]:
    return {str(k): _json(v) for k, v in value.items()}


def _handler_for(kind: type) -> Callable[[Any], Any]:
    """How a value of exactly ``kind`` becomes JSON, decided once per type."""
    if kind is tuple or kind is list:
        return _items
    if issubclass(kind, CardSet):
        return lambda value: list(card_texts(value.mask))
    if issubclass(kind, enum.Enum):
        return lambda value: value.value
    if issubclass(kind, Mapping):
        return _mapping
    if issubclass(kind, Action):
        return str
    if issubclass(kind, tuple) or dataclasses.is_dataclass(kind):  # a record
        return _encoder(kind)
    return str  # rules: their canonical string


_HANDLERS: dict[type, Callable[[Any], Any]] = {}


# -- schema ---------------------------------------------------------------------------------------


def json_schema(cls: type, defs: dict[str, Any], *, closed: bool = True) -> dict[str, Any]:
    """The JSON schema of a record class; nested records are added to ``defs`` by name.

    ``closed``: no other keys allowed (leave it open for a part that others extend).
    """
    hints = typing.get_type_hints(cls)
    specs = _SPECS.get(cls, {})
    properties: dict[str, Any] = {}
    required: list[str] = []
    for name in _field_names(cls):
        spec = specs.get(name, {})
        json_key = spec.get("key", name)
        hint = hints[name]
        if spec.get("omit_none"):
            hint = _without_none(hint)
        else:
            required.append(json_key)
        properties[json_key] = spec.get("schema") or _type_schema(hint, defs)
    schema = {"type": "object", "properties": properties, "required": required}
    return {**schema, "additionalProperties": False} if closed else schema


def _without_none(hint: Any) -> Any:
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    return args[0] if len(args) == 1 else hint


_SIMPLE: dict[Any, dict[str, Any]] = {
    int: {"type": "integer"},
    str: {"type": "string"},
    bool: {"type": "boolean"},
    float: {"type": "number"},
    type(None): {"type": "null"},
    CardText: _CARD_SCHEMA,
    CardSet: {"type": "array", "items": _CARD_SCHEMA},
    Action: {"type": "string"},
}


def _type_schema(hint: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if hint in _SIMPLE:
        return copy.deepcopy(_SIMPLE[hint])
    if origin in (types.UnionType, typing.Union):
        return {"anyOf": [_type_schema(a, defs) for a in typing.get_args(hint)]}
    if origin is tuple:
        return {"type": "array", "items": _type_schema(typing.get_args(hint)[0], defs)}
    if origin is typing.Literal:
        return {"enum": list(typing.get_args(hint))}
    if origin is Mapping or hint is JsonObject:
        return {"type": "object"}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return {"enum": [member.value for member in hint]}
    if isinstance(hint, type) and (hasattr(hint, "_fields") or dataclasses.is_dataclass(hint)):
        if hint.__name__ not in defs:
            defs[hint.__name__] = {}  # placeholder while its own fields are described
            defs[hint.__name__] = json_schema(hint, defs)
        return {"$ref": f"#/$defs/{hint.__name__}"}
    raise TypeError(f"no JSON schema for the field type {hint!r}")
