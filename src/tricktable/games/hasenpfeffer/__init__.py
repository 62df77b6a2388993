"""The Hasenpfeffer family: Single and Double Hasenpfeffer, two games on one auction base.

Both bid for the right to name trump (:mod:`.auction`, :mod:`.auction_flow`); Single plays a
25-card pack with a Joker and a widow (:mod:`.single`), Double a 48-card pinochle pack among four
or six with lone hands and a forced dealer (:mod:`.double`).
"""

from __future__ import annotations

from typing import Final

from ...options import GameDef
from .double import GAME as DOUBLE
from .single import GAME as SINGLE

__all__ = ["COMPILED", "DOUBLE", "GAMES", "SINGLE"]

COMPILED: Final = ("auction", "auction_flow", "single", "double", "double_scoring", "double_lone")
"""The modules of this package that ``tricktable compile`` compiles (the rules' hot paths)."""

GAMES: Final[tuple[GameDef, ...]] = (SINGLE, DOUBLE)
