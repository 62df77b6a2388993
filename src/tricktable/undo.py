"""Undo for search: :meth:`~tricktable.engine.Game.push`, ``push_card`` and ``pop`` (these
functions are those methods).

A card played within a hand keeps only what it changes (its seat and bit, the trick's led suit
and leader so far, and the flow's hand state when a trick ends and the flow counts tricks); any
other action, and the card that ends a hand, keeps a whole snapshot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import PLAY, Action, Kind
from .cards import COPY_STRIDE
from .phase import Phase
from .snapshot import restore_snapshot, take_snapshot

if TYPE_CHECKING:
    from .engine import Game

__all__ = ["pop", "push", "push_card"]

_PLAY = Phase.PLAY
_PLAY_KIND = Kind.PLAY


def push(game: Game, action: Action) -> None:
    """Carry out ``action`` without checking it, keeping what :meth:`pop` needs to undo it.

    For search code that only pushes actions taken from :meth:`legal_actions`; an illegal
    action leaves the game in an undefined state. A card played within a hand records only
    what it changes; other actions, and the card that ends a hand, keep a whole snapshot.
    """
    if game.phase is _PLAY and action.kind is _PLAY_KIND:
        seat: int = game.to_move  # type: ignore[assignment]
        card = action.cards[0]
        if not game.hands[seat] >> card & 1:
            card += COPY_STRIDE  # the second copy of a pinochle card
        _push_card(game, seat, card, action)
    else:
        game._undo.append((None, take_snapshot(game)))
        game._do(action)


def push_card(game: Game, bit: int) -> None:
    """Play the card with bit index ``bit`` for the player to move, undoably; unchecked.

    The integer path for search: ``bit`` must be a bit of :meth:`legal_mask` (the exact copy
    of a pinochle card). Nothing is checked: any other bit, or a call outside the play phase,
    leaves the game in an undefined state. Undo it with :meth:`pop`.
    """
    seat: int = game.to_move  # type: ignore[assignment]
    _push_card(game, seat, bit, PLAY[bit % COPY_STRIDE])


def _push_card(game: Game, seat: int, card: int, action: Action) -> None:
    """Play ``card`` (the exact bit) for ``seat``, keeping only what :func:`pop` needs."""
    trick = game.trick
    completes = len(trick.cards) + 1 == game.active_count
    if completes and len(game.tricks) + 1 == game.tricks_per_hand:
        # the hand's last card scores the hand and deals the next one: keep everything
        game._undo.append((None, take_snapshot(game)))
    else:
        hook = completes and game._trick_hook
        state = game.flow.hand_state_copy(game.state) if hook else None
        game._undo.append(
            (seat, card, trick.led_suit, trick.best_key, trick.best_card, trick.winner, state)
        )
    game._play_logged(card, action)


def pop(game: Game) -> Action:
    """Undo the last :meth:`push` or :meth:`push_card` and return its action."""
    entry = game._undo.pop()
    game._legal = None
    game._mask = 0
    seat = entry[0]
    if seat is None:
        action: Action = game.log[-1][2]
        restore_snapshot(game, entry[1])
        return action
    _, card, led, best_key, best_card, winner, state = entry
    trick = game.trick
    if not trick.cards:  # the card completed a trick and a new one was begun
        trick = game.trick = game.tricks.pop()
        if trick.winner >= 0:
            game.tricks_won[trick.winner] -= 1
        if state is not None:
            game.state = state
    del trick.seats[-1], trick.cards[-1]
    trick.down &= (1 << len(trick.cards)) - 1
    trick.led_suit, trick.best_key, trick.best_card, trick.winner = (
        led, best_key, best_card, winner)  # fmt: skip
    game.hands[seat] |= 1 << card
    game.to_move = seat
    return game.log.pop()[2]
