"""Plain whist play on the 52-card pack: the rules bridge solvers know, for cross-checking.

Four seats, partners opposite (0 and 2 against 1 and 3), follow suit if able, otherwise play
anything; the highest trump wins, else the highest card of the suit led.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import DECKS, Suit, format_cards, parse_cards
from ..errors import NotationError
from ..ranking import Ranking
from ..trick import FOLLOW_ONLY
from .position import Position, position_from_deal

__all__ = ["WHIST_RANKING", "whist_position"]

WHIST_RANKING = Ranking(DECKS["full52"].mask)


def whist_position(hands: Sequence[str], trump: str | None = None, leader: int = 0) -> Position:
    """Four hands (seat 0 upwards) of equal length, trump ``"C"``..``"S"`` or ``None``.

    >>> from tricktable.solver import solve
    >>> solve(whist_position(["AS", "KS", "QS", "2S"], trump=None, leader=0))
    {'play AS': 1}
    """
    if len(hands) != 4:
        raise NotationError(f"whist needs four hands, got {len(hands)}: {list(hands)!r}")
    masks = [sum(c.bit for c in parse_cards(h)) for h in hands]
    suit = None if trump is None or trump.upper() in ("N", "NT") else int(Suit.parse(trump))
    text = " / ".join(format_cards(m) for m in masks)
    return position_from_deal(text, ranking=WHIST_RANKING, trump=suit, leader=leader,
                              sides=((0, 2), (1, 3)), rules=FOLLOW_ONLY)  # fmt: skip
