"""Hints: the strongest bot's suggestion for a view, with a short reason a player can read.

>>> import tricktable as tt
>>> game = tt.new_game("rams", seed=2)
>>> action, reason = hint(game.view(game.to_move), samples=2)
>>> action in game.legal_actions() and bool(reason)
True
"""

from __future__ import annotations

import dataclasses

from ..actions import Action
from ..view import View
from .pimc import Analysis, PimcBot
from .random_bot import require_legal

__all__ = ["HINT_SAMPLES", "HINT_SECONDS", "HintBot", "Lesson", "explain", "hint", "lesson"]

HINT_SAMPLES = 24
HINT_SECONDS = 1.0


def hint(
    view: View, *, seed: int = 0, samples: int = HINT_SAMPLES, time_limit: float = HINT_SECONDS
) -> tuple[Action, str]:
    """The suggested action for the seat of ``view`` and why, from the PIMC bot's samples.

    Raises :class:`~tricktable.errors.IllegalActionError` if that seat is not to move.
    """
    legal = require_legal(view)
    if len(legal) == 1:
        return legal[0], "it is the only legal action"
    bot = PimcBot(seed=seed, samples=samples, time_limit=time_limit)
    analysis = bot.analyse(view)
    return analysis.best, explain(analysis)


@dataclasses.dataclass(frozen=True, slots=True)
class Lesson:
    """What the strongest bot thinks of an action taken at a view (learning mode)."""

    played: str
    suggested: str
    reason: str
    as_good: bool
    """The action taken is worth as much as the suggestion, as far as the player is shown
    (to the tenth of a trick or point): then the bot only broke a tie differently."""


def lesson(
    view: View,
    played: Action | str,
    *,
    seed: int = 0,
    samples: int = HINT_SAMPLES,
    time_limit: float = HINT_SECONDS,
) -> Lesson:
    """The strongest bot's choice at ``view``, compared with ``played`` (a legal action there).

    >>> import tricktable as tt
    >>> game = tt.new_game("hasenpfeffer", seed=3)
    >>> view = game.view(game.to_move)
    >>> first = view.legal[0]
    >>> verdict = lesson(view, first, samples=2)
    >>> verdict.played == str(first) and verdict.suggested in map(str, view.legal)
    True
    """
    played = str(played)
    legal = require_legal(view)
    if len(legal) == 1:
        return Lesson(played, str(legal[0]), "it is the only legal action", True)
    analysis = PimcBot(seed=seed, samples=samples, time_limit=time_limit).analyse(view)
    best = str(analysis.best)
    gap = analysis.values[best] - analysis.values.get(played, float("-inf"))
    return Lesson(played, best, explain(analysis), best == played or round(gap, 1) <= 0)


def explain(analysis: Analysis) -> str:
    """E.g. ``takes 3.2 of the tricks left, on average over 24 sampled deals (next best: …)``."""
    ranked = analysis.ranked()
    best = analysis.values[str(analysis.best)]
    ranked = [item for item in ranked if item[0] != str(analysis.best)]
    if analysis.unit == "tricks":
        head = f"takes {best:.1f} of the tricks left"
        tail = f"{ranked[0][0]} {ranked[0][1]:.1f}" if ranked else ""
    else:
        head = f"is worth {best:+.1f} points to your side"
        tail = f"{ranked[0][0]} {ranked[0][1]:+.1f}" if ranked else ""
    deals = "deal" if analysis.samples == 1 else "deals"
    reason = f"{head}, on average over {analysis.samples} sampled {deals}"
    return f"{reason} (next best: {tail})" if tail else reason


class HintBot:
    """A bot for showing hints: its action's text is the notation followed by the reason.

    The returned action equals the suggested one (an action's text does not take part in
    comparisons); only its display carries the reason, e.g. ``play JH — takes 3.2 of …``.
    """

    name = "hint"

    def __init__(self, seed: int = 0, time_limit: float = HINT_SECONDS) -> None:
        self.seed = seed
        self.time_limit = time_limit

    def choose(self, view: View) -> Action:
        action, reason = hint(view, seed=self.seed, time_limit=self.time_limit)
        return dataclasses.replace(action, text=f"{action} — {reason}")
