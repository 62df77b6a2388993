"""Card ranking once trump is fixed: effective suits, strengths and per-trump tables.

A :class:`Ranking` says which special cards a game has (the Joker on top, bowers, Bierspiel's
7♦, the Écarté ace); :meth:`Ranking.table` computes, once per trump, everything trick play needs
as flat lists indexed by card bit: the effective suit, the strength inside it, the mask of each
effective suit and, per card, the mask of the cards of its suit that beat it. Bowers, the Joker
and the 7♦ are therefore data, not branches in the hot path.

Trump ``4`` (:data:`NO_TRUMP`) is play without trump; the Joker, if the deck has one, is then a
suit of its own that wins any trick it is played to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final, Literal, NamedTuple

from .cards import COPY_STRIDE, JOKER_INDEX, indices_of

__all__ = ["NO_TRUMP", "TRUMP_BONUS", "CompactTable", "Ranking", "TrumpTable", "card_key"]

NO_TRUMP: Final = 4
TRUMP_BONUS: Final = 1000
"""Added to a trump's strength in a card's bid to win a trick (:meth:`TrumpTable.key`), so that
every trump beats every card of the led suit. Defined here only: every other user (the solvers,
the batch kernels, the bots) imports it from this module."""


def card_key(
    card: int, led: int, trump: int, suit_of: Sequence[int], strength: Sequence[int]
) -> int:
    """How strongly ``card`` bids to win a trick led in effective suit ``led`` (-1: never):
    a trump above every card of the led suit, the led suit by strength, any other card never
    (rules.md §3.3). Written once on plain integers: :meth:`TrumpTable.key` and the solver's
    and the batch's compiled kernels run this very function."""
    suit = suit_of[card]
    if suit == trump:
        return TRUMP_BONUS + strength[card]
    return strength[card] if suit == led else -1


class CompactTable(NamedTuple):
    """A :class:`TrumpTable` on a compact numbering of the cards (``n`` for ``order[n]``), as
    plain integers for the compiled kernels; an empty slot (-1 in ``order``) has suit and
    strength -1 and nothing above it. Masks are Python ints: bit 63 is the caller's to sign."""

    suit_of: tuple[int, ...]
    strength: tuple[int, ...]
    suit_mask: tuple[int, ...]
    above: tuple[int, ...]


_JACK, _SEVEN, _ACE, _KING = 11, 7, 14, 13
_DIAMONDS = 1


@dataclass(frozen=True, slots=True)
class TrumpTable:
    """Everything trick play needs for one trump, indexed by card bit index."""

    trump: int
    suit_of: tuple[int, ...]
    strength: tuple[int, ...]
    suit_mask: tuple[int, ...]
    above: tuple[int, ...]
    trump_mask: int = field(init=False)
    led_keys: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """Per led effective suit, :meth:`key` of every card: the trick winner's lookup."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "trump_mask", self.suit_mask[self.trump])
        keys = tuple(
            tuple(self.key(card, led) for card in range(len(self.suit_of)))
            for led in range(len(self.suit_mask))
        )
        object.__setattr__(self, "led_keys", keys)

    def key(self, index: int, led_suit: int) -> int:
        """How strongly a card played to a trick led in ``led_suit`` bids to win it (-1: never)."""
        return card_key(index, led_suit, self.trump, self.suit_of, self.strength)

    def compact(self, order: Sequence[int]) -> CompactTable:
        """This table for the cards ``order`` (bit indices, -1 for an empty slot) numbered
        0..n-1 in that order: what the solver's and the batch's kernels are given."""
        number = {card: n for n, card in enumerate(order) if card >= 0}
        suit_of = tuple(self.suit_of[c] if c >= 0 else -1 for c in order)
        strength = tuple(self.strength[c] if c >= 0 else -1 for c in order)
        suit_mask = [0] * len(self.suit_mask)
        above = [0] * len(order)
        for card, n in number.items():
            suit_mask[suit_of[n]] |= 1 << n
            for other in indices_of(self.above[card]):
                if other in number:
                    above[n] |= 1 << number[other]
        return CompactTable(suit_of, strength, tuple(suit_mask), tuple(above))


@dataclass(frozen=True, slots=True)
class Ranking:
    """The ranking scheme of a game's deck; tables are built once per trump and cached."""

    deck_mask: int
    joker_top: bool = False
    bowers: bool = False
    seven_diamonds: bool = False
    ace: Literal["high", "ecarte"] = "high"

    def table(self, trump: int | None) -> TrumpTable:
        return _build_table(self, NO_TRUMP if trump is None else trump)

    def plain_strength(self, rank: int) -> int:
        if rank == _ACE and self.ace == "ecarte":
            return 2 * _JACK - 1
        return 2 * rank

    def top_trump_strength(self) -> int:
        return self.plain_strength(_KING if self.ace == "ecarte" else _ACE)


def _classify(ranking: Ranking, index: int, trump: int) -> tuple[int, int]:
    """(effective suit, strength) of one card under ``trump``."""
    base = index % COPY_STRIDE
    if base == JOKER_INDEX:
        return trump, 200
    suit, rank = base // 16, base % 16
    if trump == NO_TRUMP:
        return suit, ranking.plain_strength(rank)
    if ranking.bowers and rank == _JACK and suit in (trump, 3 - trump):
        return trump, 199 if suit == trump else 198
    if ranking.seven_diamonds and rank == _SEVEN and suit == _DIAMONDS:
        return trump, ranking.top_trump_strength() - 1
    return suit, ranking.plain_strength(rank)


@cache
def _build_table(ranking: Ranking, trump: int) -> TrumpTable:
    size = 2 * COPY_STRIDE
    suit_of = [-1] * size
    strength = [-1] * size
    suit_mask = [0] * 5
    for index in indices_of(ranking.deck_mask):
        suit_of[index], strength[index] = _classify(ranking, index, trump)
        suit_mask[suit_of[index]] |= 1 << index
    above = [0] * size
    for index in indices_of(ranking.deck_mask):
        for other in indices_of(suit_mask[suit_of[index]]):
            if strength[other] > strength[index]:
                above[index] |= 1 << other
    return TrumpTable(trump, tuple(suit_of), tuple(strength), tuple(suit_mask), tuple(above))
