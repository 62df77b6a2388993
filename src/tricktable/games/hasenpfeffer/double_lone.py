"""The partners' gift to a lone player in Double Hasenpfeffer (rules.md §5.6, §0.5 decision 7).

The partners give one card at a time with ``give X``, starting with the partner nearest the lone
player clockwise. With one partner (four players) he gives them all. With two partners
(``six_hand_transfer``):

* ``each_partner_one``: the partners take turns clockwise, one card each turn (two cards: one
  each);
* ``one_partner_two``: the lone player names the partner who gives them all (``partner N``,
  right after ``alone``);
* ``partners_jointly_two``: the partners take turns, each giving a card or passing, but never
  two passes in a row, so the gift always ends.

Nobody but the giver and the lone player ever sees a given card, not even the other partner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

__all__ = ["SixHandTransfer", "Transfer"]


class SixHandTransfer(StrEnum):
    EACH_PARTNER_ONE = "each_partner_one"
    ONE_PARTNER_TWO = "one_partner_two"
    PARTNERS_JOINTLY_TWO = "partners_jointly_two"


NAMED = SixHandTransfer.ONE_PARTNER_TWO
JOINT = SixHandTransfer.PARTNERS_JOINTLY_TWO
TURNS = SixHandTransfer.EACH_PARTNER_ONE


@dataclass
class Transfer:
    """Who gives next and what has been given so far."""

    mode: SixHandTransfer
    partners: tuple[int, ...]
    """The lone player's partners, clockwise from him."""
    count: int
    gifts: list[tuple[int, int]] = field(default_factory=list)
    """(giver, card bit index) in the order given."""
    giver: int = -1
    """Who gives next (``-1`` while the lone player has still to name him)."""
    may_pass: bool = False

    def __post_init__(self) -> None:
        if self.giver < 0 and not self.giver_to_name:
            self.giver = self.partners[0]
            self.may_pass = self.mode == JOINT and len(self.partners) > 1

    @property
    def giver_to_name(self) -> bool:
        """Whether the lone player is still to name the partner who gives every card."""
        return self.mode == NAMED and len(self.partners) > 1 and self.count > 0 and (self.giver < 0)

    def name_giver(self, seat: int) -> None:
        """The lone player names ``seat`` (one of his partners) to give every card."""
        self.giver, self.may_pass = seat, False

    def copy(self) -> Transfer:
        return Transfer(self.mode, self.partners, self.count, self.gifts[:], self.giver,
                        self.may_pass)  # fmt: skip

    @property
    def done(self) -> bool:
        return len(self.gifts) >= self.count

    def give(self, seat: int, card: int) -> None:
        self.gifts.append((seat, card))
        if self.done:
            return
        if self.mode == TURNS:
            self.giver = self.partners[len(self.gifts) % len(self.partners)]
            self.may_pass = False
        elif self.mode == JOINT:
            self.giver = self._after(seat)
            self.may_pass = len(self.partners) > 1
        else:
            self.giver, self.may_pass = seat, False

    def pass_turn(self, seat: int) -> None:
        """A partner passes (``partners_jointly_two``): the other must give this turn."""
        self.giver, self.may_pass = self._after(seat), False

    def _after(self, seat: int) -> int:
        position = self.partners.index(seat)
        return self.partners[(position + 1) % len(self.partners)]

    def given_by(self, seat: int) -> list[int]:
        return [card for giver, card in self.gifts if giver == seat]

    def counts(self) -> list[dict[str, int]]:
        """How many cards each partner gave (public: the cards themselves are not)."""
        return [{"seat": p, "count": len(self.given_by(p))} for p in self.partners]
