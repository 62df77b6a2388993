"""The bot protocol: a bot sees one seat's view and returns one of its legal actions.

A bot never gets the game itself, only :class:`~tricktable.view.View` objects, so it can hold no
hidden card it was not shown. Bots are deterministic: a bot's choice depends only on its seed and
the view it is given, so the same visible situation always gets the same answer (which makes hints,
server restarts and replays of bot games reproducible).
"""

from __future__ import annotations

import json
import random
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..view import View

__all__ = ["Bot", "decision_random"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action from a view."""

    name: str

    def choose(self, view: View) -> Action:
        """One of ``view.legal`` (the view must be of the seat to move)."""
        ...


DERIVED_KEYS = ("deal_commitment", "declared", "cards")
"""View keys that add no information a decision could depend on."""


def decision_random(seed: int, view: View) -> random.Random:
    """A generator for one decision, fixed by the bot's seed and everything the view shows.

    Seeding from the view (not from a generator that advances with every call) makes a bot's
    answer a function of what it can see, whatever it was asked before.
    """
    shown = view.to_dict()
    # left out: the deal's commitment tells a seat nothing about the cards, and the declared
    # contract and the cards' effective suits and ranks follow from the rest of the view; so a
    # bot's choices stay the function of the game they were before these keys were shown
    for derived in DERIVED_KEYS:
        shown.pop(derived, None)
    visible = json.dumps(shown, sort_keys=True, separators=(",", ":"), default=str)
    return random.Random(f"{seed}|{visible}")
