"""The learned fast level: a game's learned evaluator takes the decisions it was trained for
(Single Hasenpfeffer's bid, trump and discard so far), the heuristic every other one.

The evaluator (:mod:`tricktable.learn.model`) reads only the seat's view and runs in numpy, a
fraction of a millisecond a decision; without numpy, or for a game or rule options no
evaluator was trained on, the bot is the heuristic.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..actions import Action
from ..games import GAME_NAMES
from ..phase import Phase
from ..view import View
from .heuristic import HeuristicBot, Strategy, strategy_for

if TYPE_CHECKING:
    from ..learn.model import Evaluator

__all__ = ["LearnedBot", "evaluator_for", "learned_choice", "learned_strategy"]


class LearnedBot:
    """Learned evaluators where they exist, the heuristic elsewhere."""

    name = "learned"

    def __init__(self, seed: int = 0, weights: str | None = None) -> None:
        self.heuristic = HeuristicBot(seed=seed)
        self.weights = weights
        """A folder of weights to play with instead of the package's (a trial's networks)."""
        warm_evaluators(weights)  # load the weights now, not inside the first decision's time

    def choose(self, view: View) -> Action:
        return learned_choice(view, self.weights, self.heuristic) or self.heuristic.choose(view)


def warm_evaluators(weights: str | None = None) -> None:
    """Load every evaluator (a few hundred kB of weights a decision, once per process)."""
    for game in GAME_NAMES:
        _evaluators(game, weights)


def learned_choice(
    view: View, weights: str | None = None, heuristic: HeuristicBot | None = None
) -> Action | None:
    """The learned evaluator's action at ``view`` (the package's weights, or those in the
    folder ``weights``), or None where no evaluator applies; a vetoing network (the cards')
    overrules ``heuristic``'s choice only where it values it far below its best."""
    evaluator = evaluator_for(view, weights)
    if evaluator is None:
        return None
    if evaluator.veto is not None:
        return evaluator.overrule(view, (heuristic or HeuristicBot()).choose(view))
    return evaluator.choose(view)


def learned_strategy(weights: str | None = None) -> Strategy:
    """The learned networks' calls (bids, trump, discards, declarations…), the heuristic's
    cards and every call no network takes: the continuation a search or a labeller plays
    on with, once the networks call better than the heuristic (expert iteration)."""

    def strategy(view: View, rng: random.Random) -> Action:
        found = None if view.phase is Phase.PLAY else learned_choice(view, weights)
        return found or strategy_for(view.game)(view, rng)

    return strategy


def evaluator_for(view: View, weights: str | None = None) -> Evaluator | None:
    """The learned evaluator of ``view``'s decision, or None where there is none."""
    return next((e for e in _evaluators(view.game, weights) if e.applies(view)), None)


def _evaluators(game: str, weights: str | None) -> tuple[Evaluator, ...]:
    try:
        from ..learn.model import evaluators
    except ImportError:  # numpy is missing: the heuristic alone
        return ()
    return evaluators(game, weights)
