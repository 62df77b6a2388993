"""Computer players that see only a seat's view.

>>> import tricktable as tt
>>> from tricktable.bots import make_bot
>>> game = tt.new_game("hasenpfeffer", seed=1)
>>> bot = make_bot("heuristic", seed=1)
>>> bot.choose(game.view(game.to_move)) in game.legal_actions()
True

Names: ``random``, ``heuristic``, ``pimc`` and ``ismcts``, and the difficulty levels ``easy``
(random), ``medium`` (heuristic), ``hard`` and ``expert`` (PIMC with the budgets of
:data:`LEVEL_PARAMS`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..errors import RulesError
from .base import Bot
from .heuristic import STRATEGIES, HeuristicBot
from .ismcts import IsmctsBot
from .learned import LearnedBot
from .pimc import PimcBot
from .random_bot import RandomBot

__all__ = [
    "BOTS", "LEVELS", "LEVEL_PARAMS", "STRATEGIES", "Bot", "HeuristicBot", "IsmctsBot",
    "LearnedBot", "PimcBot", "RandomBot", "make_bot",
]  # fmt: skip

BOTS: Final[dict[str, Callable[..., Bot]]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "pimc": PimcBot,
    "ismcts": IsmctsBot,
    "learned": LearnedBot,
}

LEVELS: Final[dict[str, str]] = {
    "easy": "random",
    "medium": "learned",
    "hard": "pimc",
    "expert": "pimc",
}

LEVEL_PARAMS: Final[dict[str, dict[str, Any]]] = {
    "hard": {"samples": 48, "time_limit": 0.7, "solve_cards": 32},
    "expert": {"samples": 160, "time_limit": 4.0, "solve_cards": 36},
}
"""Budgets of the levels: ``hard`` decides within 1 s a move, ``expert`` within 5 s. With the
compiled solver (twelve cards more, four fewer with the pinochle pack: the Python search takes
seconds for 32 Double Hasenpfeffer cards) Double Hasenpfeffer is solved from 40 cards left
(``hard``: a median 13 ms, at most 0.36 s a position) and 44 (``expert``: 37 ms, at most
0.77 s); every other game from its first card."""


def make_bot(name: str, *, seed: int = 0, **params: Any) -> Bot:
    """A bot by name or difficulty level, deterministic for ``seed``.

    Raises :class:`~tricktable.errors.RulesError` (a ``ValueError``) for an unknown name.
    """
    key = name.strip().lower()
    factory = BOTS.get(LEVELS.get(key, key))
    params = {**LEVEL_PARAMS.get(key, {}), **params}
    if factory is None:
        known = ", ".join([*BOTS, *LEVELS])
        raise RulesError(f"there is no bot {name!r}; choose one of {known}")
    return factory(seed=seed, **params)
