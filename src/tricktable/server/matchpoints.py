"""Matchpoints: each result on a board scored against the field that held the same cards.

Every table of a duplicate event plays the same boards with the same hands in the same places,
so the seat (or the partnership) at one table is compared with the same seat at every other
table of the board, and only with them: the luck of the cards cancels out.

The scale, the same for every game:

- each result earns **2 matchpoints for every other table's result it beats, 1 for every one
  it ties**, 0 for one it loses;
- the board's *top* is ``2 × (tables − 1)``; a result's **percentage** is its matchpoints over
  the top (a board played at one table only gives 50 %);
- an entrant's score in the event is the average of its percentages over the boards it played.

What is compared is the hand's points for that seat as the game scores them
(``last_result.deltas``): in the Hasenpfeffers the side's points for the hand (a set contract's
penalty counts negative), in Rams, Bierspiel and Rounce played for chips the chips won or lost
in the hand, and played by counters (countdown) the counters taken off (a hand's delta is
negative when it takes counters off, so :func:`result_value` turns it round): more is better in
every game.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

__all__ = ["TOP_PER_TABLE", "board_matchpoints", "percentages", "result_value", "standings"]

K = TypeVar("K", bound=Hashable)

TOP_PER_TABLE = 2
"""Matchpoints for beating one other table's result (half of it for a tie)."""


def result_value(delta: float, countdown: bool) -> float:
    """What a seat's hand delta is worth on the scale where more is better."""
    return -delta if countdown else delta


def board_matchpoints(results: Mapping[K, float]) -> dict[K, int]:
    """Each result's matchpoints against the others: ``results`` are one board's, of one seat
    (or partnership) at every table that played it, keyed by the entrant that held it."""
    return {
        key: sum(
            TOP_PER_TABLE if mine > theirs else TOP_PER_TABLE // 2 if mine == theirs else 0
            for other, theirs in results.items()
            if other != key
        )
        for key, mine in results.items()
    }


def percentages(results: Mapping[K, float]) -> dict[K, float]:
    """Each result's matchpoints as a percentage of the board's top (50 alone on a board)."""
    top = TOP_PER_TABLE * (len(results) - 1)
    points = board_matchpoints(results)
    return {key: 50.0 if top == 0 else 100.0 * points[key] / top for key in results}


def standings(boards: Mapping[object, Mapping[K, float]]) -> list[tuple[K, float]]:
    """Every entrant's average percentage over the boards it played, best first (ties by the
    entrant's order of first appearance)."""
    totals: dict[K, list[float]] = {}
    for results in boards.values():
        for key, share in percentages(results).items():
            totals.setdefault(key, []).append(share)
    averages = [(key, sum(shares) / len(shares)) for key, shares in totals.items()]
    return sorted(averages, key=lambda item: -item[1])
