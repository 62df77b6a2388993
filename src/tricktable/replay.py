"""Replaying a game record: the registered game of its rules string, every action applied.

Above the core and the games (it reads the registry); :mod:`tricktable.record` writes records.
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import Any

from .engine import Game
from .errors import RecordError, TricktableError
from .fair import DealSource
from .games import rules
from .record import FORMAT, deal_limit_of

__all__ = ["replay"]


def replay(
    record: Mapping[str, Any], *, upto: int | None = None, deal_source: DealSource | None = None
) -> Game:
    """Rebuild the game of a record (``upto``: only the first so many actions; ``deal_source``:
    where the deals after the record's come from, and the commitments, if not the seed)."""
    if not isinstance(record, Mapping):
        raise RecordError(
            f"{reprlib.repr(record)} is not a game record: give the dict game.record() returns"
        )
    if record.get("format") != FORMAT:
        raise RecordError(f"not a tricktable record: format is {record.get('format')!r}")
    try:
        game = Game(rules(str(record["rules"])), seed=int(record["seed"]),
                    dealer=int(record["first_dealer"]),
                    deals=[str(d["deal"]) for d in record["deals"]],
                    deal_source=deal_source, deal_limit=deal_limit_of(record))  # fmt: skip
        actions = [
            (int(a["seat"]), str(a["action"])) for d in record["deals"] for a in d["actions"]
        ]
    except (KeyError, TypeError) as exc:
        raise RecordError(f"the record is missing or mistypes {exc}") from None
    _apply_all(game, actions[:upto])
    return game


def _apply_all(game: Game, actions: list[tuple[int, str]]) -> None:
    for number, (seat, text) in enumerate(actions):
        if game.to_move != seat:
            raise RecordError(f"action {number} of the record has seat {seat} play {text!r}, "
                              f"but seat {game.to_move} is to move")  # fmt: skip
        try:
            game.apply(text)
        except TricktableError as exc:
            raise RecordError(f"action {number} of the record does not replay: {exc}") from None
