"""Whole-game snapshots: what :meth:`~tricktable.engine.Game.push` keeps to undo an action
that is not a card played within a hand, and what :meth:`~tricktable.engine.Game.copy` copies.

Lists that only grow during a hand (the log, the deals, the results) are kept by length and cut
back on restore; lists that change in place are copied; the rest are immutable values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .phase import Phase

if TYPE_CHECKING:
    from .engine import Game

__all__ = ["restore_snapshot", "take_snapshot"]

Snapshot = tuple[Any, ...]

_LIST_FIELDS = ("hands", "stock", "tricks", "tricks_won")
_APPEND_FIELDS = ("log", "deals", "dealers", "results")
_SCALAR_FIELDS = (
    "phase", "to_move", "is_over", "table", "dealer", "hand_number", "widow",
    "tricks_per_hand", "active", "active_count", "next_seat", "last_tricks", "play_rules",
)  # fmt: skip


def take_snapshot(game: Game) -> Snapshot:
    """Everything about ``game`` that play can change, as it stands."""
    lists = tuple(getattr(game, name)[:] for name in _LIST_FIELDS)
    appends = tuple(getattr(game, name) for name in _APPEND_FIELDS)
    lengths = tuple(len(a) for a in appends)
    scalars = tuple(getattr(game, name) for name in _SCALAR_FIELDS)
    state = game.flow.hand_state_copy(game.state)
    return (lists, appends, lengths, scalars, game.trick.copy(), state, game.ledger.copy(),
            game._explicit[:])  # fmt: skip


def restore_snapshot(game: Game, snap: Snapshot, full: bool = False) -> None:
    """Put ``game`` back as ``snap`` found it (``full``: copy everything, for a new game)."""
    lists, appends, lengths, scalars, trick, state, ledger, explicit = snap
    for name, value in zip(_LIST_FIELDS, lists, strict=True):
        setattr(game, name, value[:] if full else value)
    for name, value, length in zip(_APPEND_FIELDS, appends, lengths, strict=True):
        if full:
            setattr(game, name, value[:length])
        else:
            del value[length:]
    for name, value in zip(_SCALAR_FIELDS, scalars, strict=True):
        setattr(game, name, value)
    game.trick = trick.copy() if full else trick
    game.state = game.flow.hand_state_copy(state) if full else state
    game.ledger = ledger.copy() if full else ledger
    game._explicit = explicit[:]
    game.deal_number = len(game.deals) - 1
    game._legal, game._mask = None, 0
    game._simple = game.phase is Phase.PLAY and game.play_rules.plain and game._single_copy
