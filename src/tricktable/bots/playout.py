"""Fast playouts to the end of a hand on a determinized game, and what a hand was worth.

The search bots (:mod:`.pimc`, :mod:`.ismcts`) run these on worlds they drew themselves from
their own view (:mod:`tricktable.resample`), so reading a world's cards is no peeking: every
hidden card in it was drawn by the bot. Card play is greedy (win the trick as cheaply as
possible, else throw the lowest card; a little randomness keeps playouts varied) or, with
``heuristic=True``, the heuristic bot's (what PIMC uses: greedy leads are random, which values
hands too noisily); other decisions use the heuristic bot's strategy on the world's views.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import PLAY, Action
from ..cards import COPY_STRIDE
from ..engine import Game
from ..phase import Phase
from ..ranking import TRUMP_BONUS, TrumpTable
from .heuristic import Strategy, strategy_for

__all__ = ["greedy_play", "hand_values", "playout", "policy_action"]

EXPLORE = 0.1
"""Chance that a playout plays a random legal card instead of the greedy one."""


def playout(
    game: Game,
    rng: random.Random,
    hand: int | None = None,
    *,
    heuristic: bool = False,
    strategy: Strategy | None = None,
) -> None:
    """Play ``game`` on until hand ``hand`` (default: the current one) is over.

    ``heuristic``: every seat plays its cards by the heuristic strategy too (several times
    slower than the greedy card play, but it is how the heuristic bot would go on).
    """
    hand = game.hand_number if hand is None else hand
    while not game.is_over and game.hand_number == hand:
        game.push(policy_action(game, rng, heuristic=heuristic, strategy=strategy))


def policy_action(
    game: Game, rng: random.Random, *, heuristic: bool = False, strategy: Strategy | None = None
) -> Action:
    """The playout policy's choice for the seat to move: ``strategy``'s (default: the game's
    heuristic), or a greedy card when ``heuristic`` is off."""
    if game.phase is Phase.PLAY and not heuristic:
        return greedy_play(game, rng)
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]  # forced (often, under the Rams family's obligations): no view needed
    return (strategy or strategy_for(game.rules.name))(game.view(game.to_move), rng)


def greedy_play(game: Game, rng: random.Random) -> Action:
    """Win the trick with the cheapest winning card, unless partner wins; else play low."""
    cards = _cards(game.legal_mask())
    if len(cards) == 1:
        return PLAY[cards[0]]
    trick, table, seat = game.trick, game.table, game.to_move
    assert table is not None and seat is not None
    if not trick.cards or rng.random() < EXPLORE:
        return PLAY[rng.choice(cards)]
    led = trick.led_suit
    power = [(table.key(c, led), c) for c in cards]
    winners = [pc for pc in power if pc[0] > trick.best_key]
    if winners and game.flow.side_of(trick.winner) != game.flow.side_of(seat):
        return PLAY[min(winners)[1]]
    return PLAY[min(cards, key=lambda c: _cheapness(table, c))]


def _cheapness(table: TrumpTable, card: int) -> int:
    return table.strength[card] + (TRUMP_BONUS if table.trump_mask >> card & 1 else 0)


def _cards(mask: int) -> list[int]:
    """The first-copy indices of a card mask."""
    mask = (mask | mask >> COPY_STRIDE) & ((1 << COPY_STRIDE) - 1)
    return [b for b in range(mask.bit_length()) if mask >> b & 1]


def hand_values(game: Game, before: Sequence[int]) -> list[float]:
    """For every seat, what the play since ``before`` (the scores then) was worth to it.

    A seat's value is its side's gain minus the mean gain of the other sides, so that a point
    the opponents lose counts like a point won; with counters (``scoring=countdown``) a counter
    going down is the gain.
    """
    sign = game.flow.score_sign()
    gains = [sign * (after - was) for after, was in zip(game.scores, before, strict=True)]
    sides = game.flow.sides()
    side_gain = [gains[side[0]] for side in sides]
    values = [0.0] * game.player_count
    for index, side in enumerate(sides):
        others = [g for i, g in enumerate(side_gain) if i != index]
        rest = sum(others) / len(others) if others else 0.0
        for seat in side:
            values[seat] = side_gain[index] - rest
    return values
