"""Pieces the Hasenpfeffers share: the auction and the partnership score ledger.

The auction starts with eldest and goes clockwise. In the ``single_round`` form every seat speaks
once (dealer last); in the multi-round form (Single Hasenpfeffer's ``until_three_passed``, Double
Hasenpfeffer's ``until_all_but_one_passed``) a pass is final and the auction goes round until all
but one have passed with a bid standing, or everybody has passed. A bid at the top of the ladder
closes the auction at once, since nobody could overcall it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

__all__ = ["Auction", "TeamLedger"]


class Auction:
    """The state of one auction; bids are compared by their ladder level (higher wins).

    ``passed`` is the set of seats that have passed, as a bitmask; ``to_speak`` is ``None``
    once the auction is over.
    """

    __slots__ = ("calls", "eldest", "high_level", "high_seat", "high_value", "passed",
                 "players", "single_round", "to_speak", "top_level")  # fmt: skip

    def __init__(self, players: int, eldest: int, single_round: bool, top_level: int) -> None:
        self.players, self.eldest = players, eldest
        self.single_round, self.top_level = single_round, top_level
        self.calls: list[tuple[int, str]] = []
        self.passed = 0
        self.high_level = 0
        self.high_value = ""
        self.high_seat: int | None = None
        self.to_speak: int | None = eldest

    def copy(self) -> Auction:
        other = Auction(self.players, self.eldest, self.single_round, self.top_level)
        other.calls, other.passed, other.to_speak = self.calls[:], self.passed, self.to_speak
        other.high_level, other.high_value, other.high_seat = (
            self.high_level, self.high_value, self.high_seat)  # fmt: skip
        return other

    def __repr__(self) -> str:
        high = f"high={self.high_value!r} by {self.high_seat}"
        return f"Auction(calls={self.calls!r}, passed={self.passed:#b}, {high}, to={self.to_speak})"

    @property
    def is_over(self) -> bool:
        return self.to_speak is None

    @property
    def all_passed(self) -> bool:
        return self.to_speak is None and self.high_seat is None

    def has_passed(self, seat: int) -> bool:
        return bool(self.passed >> seat & 1)

    def call_pass(self, seat: int) -> None:
        self.calls.append((seat, "pass"))
        self.passed |= 1 << seat
        self.to_speak = self._next_speaker(seat)

    def call_bid(self, seat: int, level: int, value: str) -> None:
        text = _BID_CALLS.get(value)
        if text is None:  # the ladder's few bids are written once each
            text = _BID_CALLS[value] = f"bid {value}"
        self.calls.append((seat, text))
        self.high_level, self.high_value, self.high_seat = level, value, seat
        # _next_speaker in line (the bidder is the high seat): a call less for every bid
        if level >= self.top_level:
            self.to_speak = None
        elif self.single_round:
            self.to_speak = None if len(self.calls) >= self.players else (seat + 1) % self.players
        else:
            self.to_speak = _next_multi_round(self.players, self.passed, seat, seat)

    def _next_speaker(self, seat: int) -> int | None:
        if self.high_level >= self.top_level:
            return None
        if self.single_round:
            return None if len(self.calls) >= self.players else (seat + 1) % self.players
        high = -1 if self.high_seat is None else self.high_seat
        return _next_multi_round(self.players, self.passed, high, seat)

    def to_list(self) -> list[dict[str, Any]]:
        return [{"seat": seat, "call": call} for seat, call in self.calls]


_BID_CALLS: dict[str, str] = {}
"""A bid's call as the auction lists it ("bid 3"), by the bid's value."""


@functools.cache
def _next_multi_round(players: int, passed: int, high_seat: int, seat: int) -> int | None:
    """Who speaks after ``seat`` when a pass is final (``high_seat`` -1: no bid yet); ``None``
    once all but the high bidder have passed, or everybody has."""
    left = [other for other in range(players) if not passed >> other & 1]
    if not left or left == [high_seat]:
        return None
    return next(o for o in ((seat + step) % players for step in range(1, players + 1)) if o in left)


class TeamLedger:
    """Points per side; every seat carries its side's score."""

    __slots__ = ("points", "side_of")

    def __init__(self, side_of: tuple[int, ...], sides: int) -> None:
        self.side_of = side_of
        self.points = [0] * sides

    def scores(self) -> tuple[int, ...]:
        return tuple(map(self.points.__getitem__, self.side_of))

    def copy(self) -> TeamLedger:
        other = TeamLedger(self.side_of, len(self.points))
        other.points = self.points[:]
        return other

    def add(self, side: int, points: int) -> None:
        self.points[side] += points

    def to_dict(self) -> dict[str, Any]:
        return {"sides": self.points[:]}

    def restore(self, saved: Mapping[str, Any]) -> None:
        self.points = [int(points) for points in saved["sides"]]
