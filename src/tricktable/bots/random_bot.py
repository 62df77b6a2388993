"""The random bot: a uniformly random legal action (the ``easy`` level and a baseline)."""

from __future__ import annotations

from ..actions import Action
from ..errors import IllegalActionError
from ..view import View
from .base import decision_random

__all__ = ["RandomBot"]


class RandomBot:
    """Picks any legal action with equal chance; deterministic for a seed and a view."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        legal = require_legal(view)
        return decision_random(self.seed, view).choice(legal)


def require_legal(view: View) -> tuple[Action, ...]:
    """The view's legal actions; an error if the view's seat is not the one to move."""
    if not view.legal:
        raise IllegalActionError(
            f"seat {view.seat!r} has no decision to make (seat {view.to_move!r} is to move)"
        )
    return view.legal
