"""The learned fast level: a game's learned evaluator takes the decisions it was trained for
(Single Hasenpfeffer's bid, trump and discard so far), the heuristic every other one.

The evaluator (:mod:`tricktable.learn.model`) reads only the seat's view and runs in numpy, a
fraction of a millisecond a decision; without numpy, or for a game or rule options no
evaluator was trained on, the bot is the heuristic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..view import View
from .heuristic import HeuristicBot

if TYPE_CHECKING:
    from ..learn.model import Evaluator

__all__ = ["LearnedBot", "learned_choice"]


class LearnedBot:
    """Learned evaluators where they exist, the heuristic elsewhere."""

    name = "learned"

    def __init__(self, seed: int = 0) -> None:
        self.heuristic = HeuristicBot(seed=seed)
        warm_evaluators()  # load the weights now, not inside the first decision's time

    def choose(self, view: View) -> Action:
        return learned_choice(view) or self.heuristic.choose(view)


def warm_evaluators() -> None:
    """Load every shipped evaluator (a few hundred kB of weights, once per process)."""
    from ..learn.decisions import DECISIONS

    for game in {decision.game for decision in DECISIONS.values()}:
        _evaluators(game)


def learned_choice(view: View) -> Action | None:
    """The learned evaluator's action at ``view``, or None where no evaluator applies."""
    for evaluator in _evaluators(view.game):
        if evaluator.applies(view):
            return evaluator.choose(view)
    return None


def _evaluators(game: str) -> tuple[Evaluator, ...]:
    try:
        from ..learn.model import evaluators
    except ImportError:  # numpy is missing: the heuristic alone
        return ()
    return evaluators(game)
