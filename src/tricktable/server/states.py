"""The ``state`` messages a table sends its connections, built once per seat and change.

A message is ``{"type": "state", "seq", "view", "moved_by"}`` (the protocol's
:class:`~tricktable.server.schemas.StateOut`, same keys in the same order), its view the
engine's view of the seat it goes to (:func:`tricktable.view.build_views`, equal to
``game.view(seat)``). The text is exactly ``orjson.dumps`` of the message with
``view.to_dict()`` (a test compares): orjson rather than the pydantic model, whose validation
and serialisation of a view dict cost five times as much.

Most of what a view holds was in the table's previous view too, and in its other seats' views:
the tricks, the calls, the actions of the deal, the section. So the JSON value of each of those
parts (and of each action) is remembered by its value: a part equal to one seen before (of the
same type) has the same JSON, so nothing of one seat's own reaches another, and a move makes
the JSON of what it changed only. Plain parts (numbers, tuples of numbers, the phase) go to
orjson as they are.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import Any

import orjson

from tricktable import Game
from tricktable.cards import CardSet
from tricktable.jsonrecord import field_encoders, record_dict
from tricktable.view import View, build_views

__all__ = ["state_text", "state_texts", "texts_of", "undealt"]

_AS_IS = frozenset(
    {
        "game", "players", "seat", "phase", "to_move", "dealer", "hand_number", "hand_sizes",
        "scores", "sides", "active", "tricks_won", "is_over", "winners", "deal_commitment",
    }
)  # fmt: skip
"""Fields whose values orjson writes as their JSON (a tuple as a list, the phase by value)."""
_DIRECT = frozenset({"rules", "trump"})
"""Fields whose encoders are cheaper than a look-up (the rules' text is remembered by them)."""
_EACH = frozenset({"actions", "history", "cards"})
"""Tuples that grow (by a part per move, or per hand): each part's JSON is remembered, not the
whole's (a hand's result holds a dict: it is remembered by the very object, which the game keeps
from hand to hand, so a long game's history is not encoded again for every move)."""
_FIELDS = field_encoders(View)[:-1]
"""The view's own keys; its last field, the family's section, goes in after them."""
_SECTION = len(_FIELDS)
_AS_IS_WAY, _DIRECT_WAY, _EACH_WAY, _REMEMBERED_WAY = range(4)
_WAYS = tuple(
    (index, key, omit_none, encode,
     _AS_IS_WAY if key in _AS_IS else _DIRECT_WAY if key in _DIRECT
     else _EACH_WAY if key in _EACH else _REMEMBERED_WAY)
    for index, (key, omit_none, encode) in enumerate(_FIELDS)
)  # fmt: skip
"""Each field's index, key, omission, encoder and way of encoding, decided once (not by
three set look-ups per field of every view)."""
_REMEMBERED = 1 << 15
"""Parts whose JSON is remembered; past that the memory starts afresh (a few MB at most)."""

_known: dict[tuple[int, type, Any], Any] = {}


def state_text(
    game: Game,
    seat: int | None,
    seq: int,
    moved_by: dict[str, Any] | None,
    waiting: bool = False,
) -> str:
    """The state message for ``seat`` (None: a spectator)."""
    return state_texts(game, (seat,), seq, moved_by, waiting)[seat]


def state_texts(
    game: Game,
    seats: Iterable[int | None],
    seq: int,
    moved_by: dict[str, Any] | None,
    waiting: bool = False,
) -> dict[int | None, str]:
    """The state message of each of ``seats``; while the table ``waiting`` for a player, each
    view as before the deal: no cards in anyone's hand and no choice for anyone."""
    return texts_of(build_views(game, seats), seq, moved_by, waiting)


def texts_of(
    views: dict[int | None, View],
    seq: int,
    moved_by: dict[str, Any] | None,
    waiting: bool = False,
) -> dict[int | None, str]:
    """The state message of each view of ``views`` (by seat), built already."""
    texts = {}
    before: tuple[View, dict[str, Any]] | None = None
    for seat, built in views.items():
        view = undealt(built) if waiting else built
        json = _view_json(view, before)
        before = (view, json)
        message = {"type": "state", "seq": seq, "view": json, "moved_by": moved_by}
        texts[seat] = orjson.dumps(message).decode()
    return texts


def undealt(view: View) -> View:
    """``view`` with nothing dealt yet: empty hands, no legal actions, nobody to move."""
    return view._replace(
        hand=CardSet(), legal=(), hand_sizes=(0,) * len(view.hand_sizes), to_move=None
    )


def _view_json(view: View, before: tuple[View, dict[str, Any]] | None) -> dict[str, Any]:
    """What orjson writes as ``view.to_dict()``; a field holding the very object it held in
    the view ``before`` (another seat's of the same state: most parts are shared) takes that
    view's JSON value of it."""
    out: dict[str, Any] = {}
    shared, shared_json = before if before is not None else ((), {})
    for index, key, omit_none, encode, way in _WAYS:
        value: Any = view[index]
        if shared and value is shared[index] and key in shared_json:
            out[key] = shared_json[key]
        elif value is None:
            if not omit_none:
                out[key] = None
        elif way == _AS_IS_WAY:
            out[key] = value
        elif way == _DIRECT_WAY:
            out[key] = encode(value)
        elif way == _EACH_WAY:
            out[key] = _remembered_parts(index, value, encode)
        else:
            out[key] = _remembered(index, value, encode)
    out.update(_remembered(_SECTION, view.section, record_dict))
    return out


def _remembered(index: int, value: Any, encode: Callable[[Any], Any]) -> Any:
    """``encode(value)``, remembered by the field, type and value (the records of a view are
    immutable and compare by value; each field holds values of one declared type, so equal
    values there are equal JSON); a value that holds a dict (a hand's result), by the very
    object, kept with it. The result is shared: only orjson reads it."""
    try:
        key: tuple[int, type, Any] = (index, type(value), value)
        found = _known.get(key)
    except TypeError:  # unhashable
        key = (index, dict, id(value))
        seen = _known.get(key)
        found = seen[1] if seen is not None and seen[0] is value else None
        if found is None:
            found = encode(value)
            _remember(key, (value, found))
        return found
    if found is None:
        found = encode(value)
        _remember(key, found)
    return found


def _remembered_parts(index: int, value: tuple[Any, ...], encode: Callable[[Any], Any]) -> Any:
    """The JSON list of a tuple of parts, remembered by the very parts when the same objects
    come again (a game keeps its hands' results from move to move, and every seat's view holds
    the same ones), else each part's JSON remembered on its own."""
    key = (index, list, tuple(map(id, value)))
    seen = _known.get(key)
    if seen is not None and all(map(operator.is_, seen[0], value)):
        found: Any = seen[1]
        return found
    found = [_remembered(index, part, encode) for part in value]
    _remember(key, (value, found))
    return found


def _remember(key: tuple[int, type, Any], json_value: Any) -> None:
    if len(_known) >= _REMEMBERED:
        _known.clear()
    _known[key] = json_value
