"""Dropping the actions that the first sampled deals already show to be clearly worse.

A decision valued by playouts pays for every candidate on every deal, yet a few deals often
settle most of them: a general rams with a weak hand loses 30 chips where playing loses two.
Every candidate is played out on the same deals, so the differences between two candidates'
values, deal by deal, are far less noisy than either value (common random numbers). Once
:data:`MIN_DEALS` deals are in, a candidate whose weighted mean difference to the best one
exceeds :data:`Z` standard errors of that difference stops being played out, and the deals
that follow go to the candidates still in question. Nothing is dropped while all candidates
are level, so close decisions get every deal, as before.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..actions import Action

__all__ = ["MIN_DEALS", "MIN_EFFECTIVE", "Race", "Z"]

MIN_DEALS = 6
"""Deals every candidate is played out on before any can be dropped."""
MIN_EFFECTIVE = 3.0
"""Effective deals (the weights' (sum w)^2 / sum w^2) needed before any is dropped."""
Z = 3.0
"""Standard errors by which a candidate must trail the best one to be dropped."""


@dataclass
class Race:
    """The candidates of one decision still being played out, and their values so far."""

    alive: list[Action]
    values: dict[str, list[float]] = field(default_factory=dict)
    weights: list[float] = field(default_factory=list)

    @classmethod
    def of(cls, candidates: Sequence[Action]) -> Race:
        return cls(list(candidates), {str(a): [] for a in candidates})

    def add(self, deal: dict[str, float], weight: float) -> None:
        """One deal's value of every candidate still alive; then drop the clearly beaten."""
        self.weights.append(weight)
        for action in self.alive:
            self.values[str(action)].append(deal[str(action)])
        if len(self.weights) >= MIN_DEALS and len(self.alive) > 1:
            self._drop_beaten()

    def _drop_beaten(self) -> None:
        best = max(self.alive, key=lambda a: self.mean(str(a)))
        top = self.values[str(best)]
        self.alive = [a for a in self.alive if a == best or not self._trails(top, str(a))]

    def mean(self, text: str) -> float:
        """The weighted mean value of a candidate over the deals it was played out on."""
        values = self.values[text]
        mass = sum(self.weights[: len(values)])
        return sum(w * v for w, v in zip(self.weights, values, strict=False)) / (mass or 1.0)

    def _trails(self, top: list[float], text: str) -> bool:
        """Whether ``text`` is worse than the values ``top`` by more than ``Z`` errors."""
        diffs = [t - v for t, v in zip(top, self.values[text], strict=True)]
        weights = self.weights[: len(diffs)]
        mass = sum(weights)
        if mass <= 0:
            return False
        centre = sum(w * d for w, d in zip(weights, diffs, strict=True)) / mass
        spread = sum(w * (d - centre) ** 2 for w, d in zip(weights, diffs, strict=True)) / mass
        effective = mass * mass / sum(w * w for w in weights)
        if effective < MIN_EFFECTIVE:
            return False  # a deal or two carry nearly all the weight: no evidence yet
        return centre > 0 and centre > Z * math.sqrt(spread / (effective - 1.0))
