"""Pieces the Hasenpfeffers share: the auction and the partnership score ledger.

The auction starts with eldest and goes clockwise. In the ``single_round`` form every seat speaks
once (dealer last); in the multi-round form (Single Hasenpfeffer's ``until_three_passed``, Double
Hasenpfeffer's ``until_all_but_one_passed``) a pass is final and the auction goes round until all
but one have passed with a bid standing, or everybody has passed. A bid at the top of the ladder
closes the auction at once, since nobody could overcall it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Auction", "TeamLedger"]


@dataclass
class Auction:
    """The state of one auction; bids are compared by their ladder level (higher wins)."""

    players: int
    eldest: int
    single_round: bool
    top_level: int
    calls: list[tuple[int, str]] = field(default_factory=list)
    passed: list[bool] = field(default_factory=list)
    high_level: int = 0
    high_value: str = ""
    high_seat: int | None = None
    to_speak: int | None = None

    def __post_init__(self) -> None:
        if not self.passed:
            self.passed = [False] * self.players
        self.to_speak = self.eldest

    def copy(self) -> Auction:
        other = Auction(self.players, self.eldest, self.single_round, self.top_level,
                        self.calls[:], self.passed[:], self.high_level, self.high_value,
                        self.high_seat)  # fmt: skip
        other.to_speak = self.to_speak  # __post_init__ starts every auction at eldest
        return other

    @property
    def is_over(self) -> bool:
        return self.to_speak is None

    @property
    def all_passed(self) -> bool:
        return self.is_over and self.high_seat is None

    def call_pass(self, seat: int) -> None:
        self.calls.append((seat, "pass"))
        self.passed[seat] = True
        self._advance(seat)

    def call_bid(self, seat: int, level: int, value: str) -> None:
        self.calls.append((seat, f"bid {value}"))
        self.high_level, self.high_value, self.high_seat = level, value, seat
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        if self.high_level >= self.top_level:
            self.to_speak = None
        elif self.single_round:
            spoken = len(self.calls)
            self.to_speak = None if spoken >= self.players else (seat + 1) % self.players
        else:
            self.to_speak = self._next_multi_round(seat)

    def _next_multi_round(self, seat: int) -> int | None:
        passed, players = self.passed, self.players
        left = passed.count(False)
        if not left or (left == 1 and self.high_seat is not None and not passed[self.high_seat]):
            return None
        for step in range(1, players + 1):
            other = (seat + step) % players
            if not passed[other]:
                return other
        return None  # pragma: no cover - a seat is left

    def to_list(self) -> list[dict[str, Any]]:
        return [{"seat": seat, "call": call} for seat, call in self.calls]


class TeamLedger:
    """Points per side; every seat carries its side's score."""

    __slots__ = ("points", "side_of")

    def __init__(self, side_of: tuple[int, ...], sides: int) -> None:
        self.side_of = side_of
        self.points = [0] * sides

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points[side] for side in self.side_of)

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
