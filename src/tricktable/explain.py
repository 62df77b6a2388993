"""Why an action is refused: the message of an :class:`~tricktable.errors.IllegalActionError`.

It names the action, the seat and the phase, what is wrong with a card (not held, or the trick
obliges another), and lists what is legal now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Kind
from .cards import CARD_TEXT, COPY_STRIDE
from .phase import Phase
from .ranking import NO_TRUMP

if TYPE_CHECKING:
    from .engine import Game

__all__ = ["explain_illegal"]


def explain_illegal(game: Game, action: Action) -> str:
    """The message refusing ``action`` in ``game`` as it stands."""
    seat = game.to_move
    if game.phase is Phase.OVER:
        return f"{str(action)!r} is not legal: the game is over"
    legal = ", ".join(str(a) for a in game.legal_actions())
    head = f"{str(action)!r} is not legal for seat {seat} in the {game.phase.value} phase"
    if action.kind is Kind.PLAY and game.phase is Phase.PLAY and seat is not None:
        card = action.cards[0]
        hand = game.hands[seat]
        if not (hand >> card | hand >> (card + COPY_STRIDE)) & 1:
            head += f": seat {seat} does not hold {CARD_TEXT[card]}"
        elif game.trick.cards:
            head += f": {_follow_reason(game)}"
    return f"{head}; legal now: {legal}"


def _follow_reason(game: Game) -> str:
    assert game.table is not None
    led = game.trick.led_suit
    name = "trump" if led == game.table.trump else "CDHS"[led] if led < NO_TRUMP else "?"
    return f"the trick was led in {name} and the rules oblige you as listed"
