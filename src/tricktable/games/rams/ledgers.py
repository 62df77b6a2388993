"""The Rams family's two score ledgers: chips with a pot, and counters that count down.

:class:`ChipLedger` keeps each player's balance relative to the start, the ``pot`` on the table
for the hand being played (what was carried in plus the dealer's ante) and the ``carry``, the
chips already destined for the next pot. Chips only ever move between these buckets, so
``sum(balances) + pot + carry`` stays 0 — the conservation the tests check.

While a hand is settled each ledger may keep a ``journal``: every movement with its reason
(:data:`Payment`), so a hand's result can say why each chip or point moved.

:class:`CounterLedger` keeps each player's counter (it falls by one per trick won and rises by
penalties) and, for ``last_in_loses``, who has dropped out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["ChipLedger", "CounterLedger", "Payment", "merged"]

Payment = dict[str, Any]
"""One movement, JSON-ready. Chips: ``{"for": reason, "from": place, "to": place, "chips": n}``
where a place is a seat, ``"pot"`` (this hand's) or ``"carry"`` (the next hand's pot);
counters: ``{"for": reason, "seat": s, "change": n}``."""


def merged(payments: list[Payment]) -> list[Payment]:
    """``payments`` with the movements of one reason between the same places added up (a
    trick's share of the pot is paid per trick; people read "wins 4 for 2 tricks")."""
    out: dict[tuple[Any, ...], Payment] = {}
    for payment in payments:
        amount = "chips" if "chips" in payment else "change"
        key = tuple(v for k, v in payment.items() if k != amount)
        if key in out:
            out[key][amount] += payment[amount]
        else:
            out[key] = dict(payment)
    return list(out.values())


class ChipLedger:
    """Chip balances per seat, the pot of the current hand and the carry to the next pot."""

    __slots__ = ("balances", "carry", "journal", "pot")

    def __init__(self, players: int) -> None:
        self.balances = [0] * players
        self.pot = 0
        self.carry = 0
        self.journal: list[Payment] | None = None
        """Where the movements are noted while a hand is settled (None: not noted)."""

    def scores(self) -> tuple[int, ...]:
        return tuple(self.balances)

    def copy(self) -> ChipLedger:
        other = ChipLedger(len(self.balances))
        other.balances, other.pot, other.carry = self.balances[:], self.pot, self.carry
        return other

    def to_dict(self) -> dict[str, Any]:
        return {"balances": self.balances[:], "pot": self.pot, "carry": self.carry}

    def restore(self, saved: Mapping[str, Any]) -> None:
        self.balances = [int(b) for b in saved["balances"]]
        self.pot, self.carry = int(saved["pot"]), int(saved["carry"])

    def remaining(self) -> list[int]:
        """Every seat: nobody drops out of a chip session."""
        return list(range(len(self.balances)))

    @property
    def is_simple_pot(self) -> bool:
        """Nothing carried into the coming hand: its pot will hold only the ante."""
        return self.carry == 0

    def open_pot(self, dealer: int, ante: int) -> None:
        """Start a hand: the carry becomes the pot and the dealer antes."""
        self.pot, self.carry = self.carry + ante, 0
        self.balances[dealer] -= ante

    def _note(self, why: str, source: int | str, target: int | str, chips: int) -> None:
        if self.journal is not None and chips:
            self.journal.append({"for": why, "from": source, "to": target, "chips": chips})

    def pay_from_pot(self, seat: int, chips: int, why: str = "tricks") -> None:
        self.pot -= chips
        self.balances[seat] += chips
        self._note(why, "pot", seat, chips)

    def pay_to_carry(self, seat: int, chips: int, why: str = "looed") -> None:
        self.balances[seat] -= chips
        self.carry += chips
        self._note(why, seat, "carry", chips)

    def transfer(self, payer: int, payee: int, chips: int, why: str = "general") -> None:
        self.balances[payer] -= chips
        self.balances[payee] += chips
        self._note(why, payer, payee, chips)

    def close_pot(self) -> None:
        """End a hand: whatever the pot still holds goes on to the next pot."""
        self._note("left", "pot", "carry", self.pot)
        self.carry += self.pot
        self.pot = 0

    def total(self) -> int:
        """Always 0: chips are only moved, never made."""
        return sum(self.balances) + self.pot + self.carry


class CounterLedger:
    """Counters per seat (lower is better) and the seats that have dropped out."""

    __slots__ = ("counters", "journal", "out")

    def __init__(self, players: int, start: int) -> None:
        self.counters = [start] * players
        self.out = [False] * players
        self.journal: list[Payment] | None = None
        """Where the changes are noted while a hand is settled (None: not noted)."""

    def scores(self) -> tuple[int, ...]:
        return tuple(self.counters)

    def copy(self) -> CounterLedger:
        other = CounterLedger(0, 0)
        other.counters, other.out = self.counters[:], self.out[:]
        return other

    def to_dict(self) -> dict[str, Any]:
        out = [seat for seat, gone in enumerate(self.out) if gone]
        return {"counters": self.counters[:], "out": out}

    def restore(self, saved: Mapping[str, Any]) -> None:
        self.counters = [int(c) for c in saved["counters"]]
        gone = set(saved["out"])
        self.out = [seat in gone for seat in range(len(self.counters))]

    def add(self, seat: int, points: int, why: str = "tricks") -> None:
        self.counters[seat] += points
        if self.journal is not None and points:
            self.journal.append({"for": why, "seat": seat, "change": points})

    def remaining(self) -> list[int]:
        return [seat for seat, gone in enumerate(self.out) if not gone]

    def drop_finished(self) -> list[int]:
        """Mark every remaining seat at 0 or below as out; return them."""
        dropped = [s for s in self.remaining() if self.counters[s] <= 0]
        for seat in dropped:
            self.out[seat] = True
        return dropped
