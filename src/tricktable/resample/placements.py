"""Uniform placements of cards into places of given sizes, each card kept to its allowed places.

The resampler (:mod:`tricktable.resample`) deals the cards hidden from a seat with it: which
cards may lie where follows from the view (a suit a seat showed void in is out of its hand),
and every placement that respects that must be equally likely. Drawing card by card, or place
by place, from what is left is not uniform once places exclude different cards (an early
place's choice changes how many ways the later ones have), so :class:`Placements` counts.

Places that allow exactly the same cards are drawn as one *group* and split at random
afterwards (given the cards of the group, every split is equally valid); cards allowed in the
same groups form one *class*, interchangeable for counting. Groups are filled one after the
other; a group takes ``k`` cards of each class with probability proportional to
``prod(comb(left, k))`` times the number of ways to fill the remaining groups with what is
left, counted exactly (and remembered) over the classes' counts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping
from typing import Generic, TypeVar

__all__ = ["NoPlacement", "Placements"]

P = TypeVar("P", bound=Hashable)


class NoPlacement(ValueError):
    """No placement keeps every card in an allowed place with every place full."""


class Placements(Generic[P]):
    """Draws placements of ``allowed``'s cards into the places of ``sizes``, uniformly.

    ``allowed`` maps each card (an int) to the places it may lie in; the sizes must add up to
    the number of cards. Raises :class:`NoPlacement` if no placement exists.
    """

    def __init__(self, sizes: Mapping[P, int], allowed: Mapping[int, frozenset[P]]) -> None:
        if sum(sizes.values()) != len(allowed):
            raise NoPlacement(f"{len(allowed)} cards cannot fill places of {sum(sizes.values())}")
        self.sizes = dict(sizes)
        columns: dict[frozenset[int], list[P]] = {}
        for place in sizes:
            column = frozenset(card for card, spots in allowed.items() if place in spots)
            columns.setdefault(column, []).append(place)
        # the most selective groups first: their choices prune the counting soonest
        ordered = sorted(columns.items(), key=lambda item: len(item[0]))
        self.groups = [(members, sum(sizes[p] for p in members)) for _, members in ordered]
        classes: dict[tuple[bool, ...], list[int]] = {}
        for card in sorted(allowed):
            signature = tuple(card in column for column, _ in ordered)
            classes.setdefault(signature, []).append(card)
        self.classes = list(classes.items())
        self.start = tuple(len(cards) for _, cards in self.classes)
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        if self.count() == 0:
            raise NoPlacement("no placement keeps every card in a place it may lie in")

    def count(self) -> int:
        """How many placements there are (identical places' splits included)."""
        splits = 1
        for members, total in self.groups:
            left = total
            for place in members:
                splits *= math.comb(left, self.sizes[place])
                left -= self.sizes[place]
        return self._completions(0, self.start) * splits

    def draw(self, rng: random.Random) -> dict[P, list[int]]:
        """One placement, every one equally likely: place -> its cards."""
        pools = [cards[:] for _, cards in self.classes]
        left = self.start
        out: dict[P, list[int]] = {}
        for group, (members, _) in enumerate(self.groups):
            counts = _pick(self._choices(group, left), rng)
            cards: list[int] = []
            for number, taken in enumerate(counts):
                chosen = rng.sample(pools[number], taken)
                cards += chosen
                pools[number] = [c for c in pools[number] if c not in chosen]
            left = tuple(n - k for n, k in zip(left, counts, strict=True))
            rng.shuffle(cards)
            for place in members:
                size = self.sizes[place]
                out[place], cards = cards[:size], cards[size:]
        return out

    def _completions(self, group: int, left: tuple[int, ...]) -> int:
        """The ways to fill groups ``group`` on with ``left`` cards of each class."""
        if group == len(self.groups):
            return 0 if any(left) else 1
        key = (group, left)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = sum(ways for _, ways in self._choices(group, left))
        return found

    def _choices(self, group: int, left: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each way to fill ``group`` (cards taken of each class) with its completions."""
        size = self.groups[group][1]
        open_ = [n for n, (sig, _) in enumerate(self.classes) if sig[group] and left[n]]
        out = []
        for counts in _splits(size, [left[n] for n in open_]):
            taken = [0] * len(left)
            ways = 1
            for number, k in zip(open_, counts, strict=True):
                taken[number] = k
                ways *= math.comb(left[number], k)
            rest = self._completions(
                group + 1, tuple(n - k for n, k in zip(left, taken, strict=True))
            )
            if rest:
                out.append((tuple(taken), ways * rest))
        return out


def _pick(choices: list[tuple[tuple[int, ...], int]], rng: random.Random) -> tuple[int, ...]:
    """One choice, with probability proportional to its weight (exact integer weights)."""
    point = rng.randrange(sum(weight for _, weight in choices))
    for counts, weight in choices:
        if point < weight:
            return counts
        point -= weight
    raise AssertionError("unreachable: the point lies below the total")  # pragma: no cover


def _splits(total: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as one count per cap, each count at most its cap."""
    if not caps:
        return [()] if total == 0 else []
    rest = sum(caps[1:])
    out = []
    for first in range(max(0, total - rest), min(caps[0], total) + 1):
        out += [(first, *tail) for tail in _splits(total - first, caps[1:])]
    return out
