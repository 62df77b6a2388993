"""The ``state`` messages a table sends its connections, built once per seat and change.

A message is ``{"type": "state", "seq", "view", "moved_by"}`` (the protocol's
:class:`~tricktable.server.schemas.StateOut`, same keys in the same order), its view the
engine's view of the seat it goes to (:func:`tricktable.view.build_views`, equal to
``game.view(seat)``). After a move every seat of a table is sent a view, and most of a view is
what every seat sees alike: those parts are built once (the seats' views share the very same
objects) and serialised once, and each seat's message is spliced from them and its own parts.
The text is exactly ``orjson.dumps`` of the message with ``view.to_dict()`` (a test compares):
orjson rather than the pydantic model, whose validation and serialisation of a view dict cost
five times as much.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson

from tricktable import Game
from tricktable.jsonrecord import field_encoders, record_dict
from tricktable.view import View, build_views

__all__ = ["state_text", "state_texts"]

_FIELDS = field_encoders(View)[:-1]
"""The view's own keys; its last field, the family's section, is spliced in after them."""
_KEYS = [orjson.dumps(key) + b":" for key, _, _ in _FIELDS]
_NULL = b"null"


def state_text(game: Game, seat: int | None, seq: int, moved_by: dict[str, Any] | None) -> str:
    """The state message for ``seat`` (None: a spectator)."""
    return state_texts(game, (seat,), seq, moved_by)[seat]


def state_texts(
    game: Game, seats: Iterable[int | None], seq: int, moved_by: dict[str, Any] | None
) -> dict[int | None, str]:
    """The state message of each of ``seats``, the parts they share serialised once."""
    views = build_views(game, seats)
    head = b'{"type":"state","seq":%d,"view":' % seq
    tail = b',"moved_by":' + orjson.dumps(moved_by) + b"}"
    known: list[list[tuple[object, bytes]]] = [[] for _ in range(len(_FIELDS) + 1)]
    return {seat: (head + _view_json(view, known) + tail).decode() for seat, view in views.items()}


def _view_json(view: View, known: list[list[tuple[object, bytes]]]) -> bytes:
    """``orjson.dumps(view.to_dict())``, each field's JSON taken from ``known`` where another
    seat's view had the same value (the very object, or an equal one of the same type: the
    same JSON, so nothing of one seat's own reaches another), else made and added there."""
    parts = []
    for index, (_, omit_none, encode) in enumerate(_FIELDS):
        value = view[index]
        if value is not None or not omit_none:
            parts.append(_KEYS[index] + _json_of(value, known[index], encode))
    section = _json_of(view.section, known[-1], record_dict)
    if len(section) > 2:  # its keys beside the view's own
        parts.append(section[1:-1])
    return b"{" + b",".join(parts) + b"}"


def _json_of(value: Any, known: list[tuple[object, bytes]], encode: Any) -> bytes:
    for seen, text in known:
        if seen is value or (type(seen) is type(value) and seen == value):
            return text
    text = _NULL if value is None else orjson.dumps(encode(value))
    known.append((value, text))
    return text
