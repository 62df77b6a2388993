"""The Rams family: Rams, Bierspiel and Rounce, each player for himself with a turn-up trump.

:mod:`.rams` is the family's flow (declarations, the widow, general rams, Loo); Bierspiel
(:mod:`.bierspiel`) and Rounce (:mod:`.rounce`) subclass it with their own packs and options.
"""

from __future__ import annotations

from typing import Final

from ...options import GameDef
from .bierspiel import GAME as BIERSPIEL
from .rams import GAME as RAMS
from .rounce import GAME as ROUNCE

__all__ = ["BIERSPIEL", "COMPILED", "GAMES", "RAMS", "ROUNCE"]

COMPILED: Final = ("rams", "bierspiel", "rounce", "declare", "scoring", "ledgers")
"""The modules of this package that ``tricktable compile`` compiles (the rules' hot paths)."""

GAMES: Final[tuple[GameDef, ...]] = (RAMS, BIERSPIEL, ROUNCE)
