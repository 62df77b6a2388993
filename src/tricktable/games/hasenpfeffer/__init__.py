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

__all__ = ["DOUBLE", "GAMES", "SINGLE"]

GAMES: Final[tuple[GameDef, ...]] = (SINGLE, DOUBLE)
