"""Swiss pairing for duplicate events: entrants grouped into tables by score, no two entrants
at a table together twice while that can be avoided, and the byes (a table that bots fill up)
given fairly.

An *entrant* is a player (individual events) or a pair (pair events); a table holds ``size``
entrants (two pairs at a partnership table, four or five players at a Rams table). When the
field does not fill its tables exactly, one table is short and bots take its empty places:
its entrants have a *bye*. The bye goes to the entrants who have had the fewest byes, the
lowest-ranked among them, so nobody has a second bye before everyone has had one (as far as
the field's size allows).

The rest are seated in rank order: the best-placed entrant not seated yet with the next ones
that have met none of the others at the table. The search backtracks, and only if no seating
without a repeated meeting exists does it allow one, then two, … (the fewest it can): a
seating with fewer repeats is always found when there is one, as long as the search stays
within its budget of tables tried (:data:`BUDGET`, shared by the whole round; fields of a few
dozen entrants never reach it); past it, the seating with the fewest repeats found so far is
taken (the first found, greedily, always has some seating).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeVar

__all__ = ["BUDGET", "History", "Pairing", "pair_round", "repeats"]

BUDGET = 200_000
"""Candidates one round's search may try before it settles for the best seating found so far."""

E = TypeVar("E", bound=Hashable)


@dataclass
class History:
    """What earlier rounds decide about the next one: who met whom, and who had byes."""

    met: set[frozenset[object]] = field(default_factory=set)
    byes: dict[object, int] = field(default_factory=dict)

    def record(self, tables: Sequence[Sequence[object]], bye: Sequence[object]) -> None:
        """Add a round's tables and its bye."""
        for table in (*tables, bye):
            self.met.update(frozenset(two) for two in combinations(table, 2))
        for entrant in bye:
            self.byes[entrant] = self.byes.get(entrant, 0) + 1


@dataclass(frozen=True)
class Pairing:
    """A round's seating: full tables (entrants in rank order) and the short table's entrants."""

    tables: tuple[tuple[object, ...], ...]
    bye: tuple[object, ...]


def pair_round(
    ranking: Sequence[E], size: int, history: History | None = None, budget: int = BUDGET
) -> Pairing:
    """The next round's tables for the entrants of ``ranking`` (best first), ``size`` a table.

    Raises ``ValueError`` for a table size below 2 or an entrant listed twice.
    """
    if size < 2:
        raise ValueError(f"a table seats at least 2 entrants, not {size!r}")
    if len(set(ranking)) != len(ranking):
        raise ValueError(f"an entrant is listed twice in {list(ranking)!r}")
    past = history or History()
    bye = _bye(ranking, size, past.byes)
    rest = [e for e in ranking if e not in bye]
    search = _Search(size, past.met, budget)
    best = search.greedy(tuple(rest))
    for allowed in range(repeats(best, past.met)):
        found = search.seat(tuple(rest), allowed)
        if found is not None:
            best = found
            break
        if search.left < 0:
            break
    return Pairing(tuple(tuple(t) for t in best), tuple(bye))


def _bye(ranking: Sequence[E], size: int, byes: Mapping[object, int]) -> list[E]:
    """The entrants of the short table: fewest byes first, the lowest-ranked among them."""
    short = len(ranking) % size
    if short == 0:
        return []
    order = sorted(range(len(ranking)), key=lambda i: (byes.get(ranking[i], 0), -i))
    chosen = sorted(order[:short])  # kept in rank order
    return [ranking[i] for i in chosen]


class _OverBudget(Exception):
    pass


class _Search:
    """Tables for entrants in rank order with at most so many repeated meetings: the top
    entrant with the best-ranked companions that fit, backtracking; remembered per entrants
    left and repeats allowed."""

    def __init__(self, size: int, met: set[frozenset[object]], budget: int) -> None:
        self.size, self.met, self.left = size, met, budget
        self.memo: dict[tuple[tuple[object, ...], int], list[list[object]] | None] = {}

    def greedy(self, rest: tuple[object, ...]) -> list[list[object]]:
        """A seating found without backtracking: each table the top entrant left, then one by
        one the best-ranked entrant who met the fewest of those already at the table."""
        tables: list[list[object]] = []
        left = list(rest)
        while left:
            table = [left.pop(0)]
            while len(table) < self.size:
                pick = min(range(len(left)), key=lambda i: (self._met_at(left[i], table), i))
                table.append(left.pop(pick))
            tables.append(table)
        return tables

    def _met_at(self, entrant: object, table: list[object]) -> int:
        return sum(frozenset((entrant, other)) in self.met for other in table)

    def seat(self, rest: tuple[object, ...], allowed: int) -> list[list[object]] | None:
        """A seating of ``rest`` with at most ``allowed`` repeats, ``None`` if there is none
        (or the budget ran out: then :attr:`left` is negative)."""
        if self.left < 0:
            return None
        try:
            return self._seat(rest, allowed)
        except _OverBudget:
            return None

    def _seat(self, rest: tuple[object, ...], allowed: int) -> list[list[object]] | None:
        if not rest:
            return []
        key = (rest, allowed)
        if key in self.memo:
            return self.memo[key]
        found: list[list[object]] | None = None
        for table, cost in self._tables(rest[1:], 0, [rest[0]], 0, allowed):
            seated = set(table)
            below = self._seat(tuple(e for e in rest if e not in seated), allowed - cost)
            if below is not None:
                found = [table, *below]
                break
        self.memo[key] = found
        return found

    def _tables(
        self, others: tuple[object, ...], start: int, chosen: list[object], cost: int, allowed: int
    ) -> Iterator[tuple[list[object], int]]:
        """The tables of ``chosen`` and companions from ``others[start:]``, in rank order, with
        at most ``allowed`` repeats (a companion that would pass it is not tried further)."""
        for index in range(start, len(others)):
            self.left -= 1
            if self.left < 0:
                raise _OverBudget
            entrant = others[index]
            total = cost + self._met_at(entrant, chosen)
            if total > allowed:
                continue
            table = [*chosen, entrant]
            if len(table) == self.size:
                yield table, total
            else:
                yield from self._tables(others, index + 1, table, total, allowed)


def repeats(tables: Sequence[Sequence[object]], met: set[frozenset[object]]) -> int:
    """How many meetings of ``tables`` happened before."""
    return sum(frozenset(two) in met for table in tables for two in combinations(table, 2))
