"""The game engine: a whole game of any registered game, hand after hand until it is over.

- :mod:`.state`: :class:`GameState`, the one record of a game's state (every field, what it
  holds), with the changes a flow may make and whole-state snapshots;
- :mod:`.play`: trick play on that state and undo for search (``push``/``push_card``/``pop``);
- :mod:`.game`: :class:`Game`, the public game (deals, checked actions, views, copies, records).
"""

from __future__ import annotations

from ..phase import Phase
from .game import Game
from .state import GameState

__all__ = ["Game", "GameState", "Phase"]
