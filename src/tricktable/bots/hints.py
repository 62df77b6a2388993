"""Hints: the strongest bot's suggestion for a view, with a short reason a player can read.

>>> import tricktable as tt
>>> game = tt.new_game("rams", seed=2)
>>> action, reason = hint(game.view(game.to_move), samples=2)
>>> action in game.legal_actions() and bool(reason)
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..actions import Action
from ..view import View
from .pimc import Analysis, PimcBot
from .random_bot import require_legal

__all__ = [
    "HINT_SAMPLES",
    "HINT_SECONDS",
    "ONLY_LEGAL",
    "HintBot",
    "Lesson",
    "Reason",
    "explain",
    "hint",
    "lesson",
    "reason_of",
    "suggest",
]

HINT_SAMPLES = 24
HINT_SECONDS = 1.0


@dataclasses.dataclass(frozen=True, slots=True)
class Reason:
    """Why the strongest bot chose its action, as parts each language can put into words (the
    browser and the terminal say them in the player's language); ``str()`` is the English.

    >>> str(Reason("tricks", 3.2, 24, "play AS", 2.0))
    'takes 3.2 of the tricks left, on average over 24 sampled deals (next best: play AS 2.0)'
    >>> str(ONLY_LEGAL)
    'it is the only legal action'
    """

    unit: str = ""
    """``tricks`` (double-dummy, from here on) or ``points`` (to the side); empty when only."""
    value: float = 0.0
    samples: int = 0
    next: str | None = None
    """The next best action in notation, if there was another one."""
    next_value: float | None = None
    only: bool = False
    """The action is the only legal one: nothing was sampled."""

    def __str__(self) -> str:
        if self.only:
            return "it is the only legal action"
        number = "{:.1f}" if self.unit == "tricks" else "{:+.1f}"
        if self.unit == "tricks":
            head = f"takes {number.format(self.value)} of the tricks left"
        else:
            head = f"is worth {number.format(self.value)} points to your side"
        deals = "deal" if self.samples == 1 else "deals"
        reason = f"{head}, on average over {self.samples} sampled {deals}"
        if self.next is None or self.next_value is None:
            return reason
        return f"{reason} (next best: {self.next} {number.format(self.next_value)})"

    def as_dict(self) -> dict[str, Any]:
        """The parts as JSON, the values to the tenth the English shows."""
        if self.only:
            return {"only": True}
        return {
            "unit": self.unit,
            "value": round(self.value, 1),
            "samples": self.samples,
            "next": self.next,
            "next_value": None if self.next_value is None else round(self.next_value, 1),
        }


ONLY_LEGAL = Reason(only=True)


def suggest(
    view: View, *, seed: int = 0, samples: int = HINT_SAMPLES, time_limit: float = HINT_SECONDS
) -> tuple[Action, Reason]:
    """The suggested action for the seat of ``view`` and the parts of why.

    Raises :class:`~tricktable.errors.IllegalActionError` if that seat is not to move.
    """
    legal = require_legal(view)
    if len(legal) == 1:
        return legal[0], ONLY_LEGAL
    analysis = PimcBot(seed=seed, samples=samples, time_limit=time_limit).analyse(view)
    return analysis.best, reason_of(analysis)


def hint(
    view: View, *, seed: int = 0, samples: int = HINT_SAMPLES, time_limit: float = HINT_SECONDS
) -> tuple[Action, str]:
    """The suggested action for the seat of ``view`` and why, in English (:func:`suggest`)."""
    action, reason = suggest(view, seed=seed, samples=samples, time_limit=time_limit)
    return action, str(reason)


@dataclasses.dataclass(frozen=True, slots=True)
class Lesson:
    """What the strongest bot thinks of an action taken at a view (learning mode)."""

    played: str
    suggested: str
    as_good: bool
    """The action taken is worth as much as the suggestion, as far as the player is shown
    (to the tenth of a trick or point): then the bot only broke a tie differently."""
    why: Reason

    @property
    def reason(self) -> str:
        """Why, in English."""
        return str(self.why)


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
        return Lesson(played, str(legal[0]), True, ONLY_LEGAL)
    analysis = PimcBot(seed=seed, samples=samples, time_limit=time_limit).analyse(view)
    best = str(analysis.best)
    gap = analysis.values[best] - analysis.values.get(played, float("-inf"))
    return Lesson(played, best, best == played or round(gap, 1) <= 0, reason_of(analysis))


def reason_of(analysis: Analysis) -> Reason:
    """The parts of why the analysis chose its best action: its value, the samples and the
    next best action with its value (if there was another)."""
    best = str(analysis.best)
    others = [item for item in analysis.ranked() if item[0] != best]
    following = others[0] if others else (None, None)
    return Reason(analysis.unit, analysis.values[best], analysis.samples, *following)


def explain(analysis: Analysis) -> str:
    """E.g. ``takes 3.2 of the tricks left, on average over 24 sampled deals (next best: …)``."""
    return str(reason_of(analysis))


class HintBot:
    """A bot for showing hints: its action's text is the notation followed by the reason.

    The returned action equals the suggested one (an action's text does not take part in
    comparisons); only its display carries the reason, e.g. ``play JH — takes 3.2 of …``.
    ``reason`` keeps the parts of the last one, for a reader who says them in another language.
    """

    name = "hint"

    def __init__(self, seed: int = 0, time_limit: float = HINT_SECONDS) -> None:
        self.seed = seed
        self.time_limit = time_limit
        self.reason: Reason | None = None

    def choose(self, view: View) -> Action:
        action, self.reason = suggest(view, seed=self.seed, time_limit=self.time_limit)
        return dataclasses.replace(action, text=f"{action} — {self.reason}")
