"""The heuristic bot: a rule-based player per game, chosen through :data:`STRATEGIES`.

A strategy is a function ``(view, rng) -> Action`` over one game's views; ``rng`` only breaks
ties. A game's strategy is its ``GameDef.heuristic`` (its family's ``heuristic`` module), or
its flow's ``heuristic`` hook; games without one fall back to :func:`fallback_strategy`, which
plays cards sensibly (:mod:`tricktable.cardplay`, which a family's strategy may build on too)
and makes other decisions at random, so every registered game is playable.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..actions import Action, Kind
from ..cardplay import PlayContext
from ..games import REGISTRY
from ..view import View
from .base import decision_random
from .random_bot import require_legal

__all__ = [
    "STRATEGIES",
    "HeuristicBot",
    "Strategy",
    "fallback_strategy",
    "flow_strategy",
    "strategy_for",
]

Strategy = Callable[[View, random.Random], Action]

STRATEGIES: dict[str, Strategy] = {
    name: game.heuristic for name, game in REGISTRY.items() if game.heuristic is not None
}


def fallback_strategy(view: View, rng: random.Random) -> Action:
    """Sensible card play under any rules; any other decision at random."""
    legal = view.legal
    if legal[0].kind is Kind.PLAY and view.trump is not None:
        return PlayContext.of(view).choose_play(legal)
    return rng.choice(legal)


def flow_strategy(view: View, rng: random.Random) -> Action:
    """The flow's ``heuristic`` hook where it decides (Euchre's calls), else the fallback."""
    chosen = view.rules.flow.heuristic(view, rng)
    return chosen if chosen is not None else fallback_strategy(view, rng)


def strategy_for(game_name: str) -> Strategy:
    """The heuristic strategy of a game: the one the heuristic bot plays, so that a
    playout or a search's continuation plays as the bot would."""
    return STRATEGIES.get(game_name, flow_strategy)


class HeuristicBot:
    """Plays each game by its strategy in :data:`STRATEGIES` (or the fallback)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        require_legal(view)
        return strategy_for(view.rules.name)(view, decision_random(self.seed, view))
