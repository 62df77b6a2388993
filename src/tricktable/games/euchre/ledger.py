"""Euchre's score: points per side (a partnership, or one player in cutthroat)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["SideLedger"]


class SideLedger:
    """Points per side; every seat shows its side's points."""

    __slots__ = ("points", "side_of")

    def __init__(self, side_of: tuple[int, ...], sides: int) -> None:
        self.side_of = side_of
        self.points = [0] * sides

    def scores(self) -> tuple[int, ...]:
        return tuple(map(self.points.__getitem__, self.side_of))

    def copy(self) -> SideLedger:
        other = SideLedger(self.side_of, len(self.points))
        other.points = self.points[:]
        return other

    def to_dict(self) -> dict[str, Any]:
        return {"sides": self.points[:]}

    def restore(self, saved: Mapping[str, Any]) -> None:
        self.points = [int(points) for points in saved["sides"]]
