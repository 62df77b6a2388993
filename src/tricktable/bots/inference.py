"""Reading the other seats' choices: how well a sampled deal explains what they did.

The resampler draws the hidden cards uniformly among those consistent with the view, so a deal
where an opponent who passed holds the best hand at the table is as likely as any other. The
search bots weight each sampled deal by a *model* of the others: the heuristic strategy. At
every visible choice of another seat (a bid, a pass, a declaration, an exchange; optionally a
card), the deal keeps its weight when the model would have chosen the same and loses most of
it otherwise. A seat that plays differently from the model only costs some precision: no deal
is ever ruled out.
"""

from __future__ import annotations

import random
from typing import Final

from ..actions import Action, Kind
from ..engine import Game
from ..resample import Judge
from .heuristic import strategy_for
from .learned import evaluator_for

__all__ = ["FLOOR", "MISMATCH", "model_judge", "policy_judge"]

MISMATCH: Final = 0.25
"""Weight factor for a deal on which the model would have acted otherwise."""
FLOOR: Final = 0.02
"""The least a policy's probability counts for: a seat that plays against the learned policy
costs a deal most of its weight, never all of it."""


def model_judge(cards: bool = False, mismatch: float = MISMATCH) -> Judge:
    """A judge that compares each choice with the heuristic strategy's in the sampled deal.

    ``cards``: judge card play too, not only the bidding and declarations.
    """

    def judge(game: Game, seat: int, action: Action) -> float:
        if action.kind is Kind.PLAY and not cards:
            return 1.0
        view = game.view(seat)
        if len(view.legal) < 2:
            return 1.0
        # A fixed generator: strategies draw from it only to break ties between equal choices.
        return 1.0 if strategy_for(game.rules.name)(view, random.Random(0)) == action else mismatch

    return judge


def policy_judge(cards: bool = False, weights: str | None = None, floor: float = FLOOR) -> Judge:
    """A judge that weights each choice by the probability the learned policy gives it from
    that seat's view of the sampled deal (policy-based inference); decisions no network
    takes are judged by the heuristic model as :func:`model_judge` does."""
    fallback = model_judge(cards)

    def judge(game: Game, seat: int, action: Action) -> float:
        if action.kind is Kind.PLAY and not cards:
            return 1.0
        view = game.view(seat)
        if len(view.legal) < 2:
            return 1.0
        evaluator = evaluator_for(view, weights)
        if evaluator is None:
            return fallback(game, seat, action)
        return max(evaluator.probabilities(view).get(str(action), 0.0), floor)

    return judge
