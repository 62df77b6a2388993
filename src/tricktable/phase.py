"""The phases of a hand, shared by the engine and the game flows."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
    """The phase of the current hand; ``over`` once the game has ended."""

    AUCTION = "auction"
    TRUMP = "trump"
    DISCARD = "discard"
    ALONE = "alone"
    GIVE = "give"
    DECLARE = "declare"
    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"
