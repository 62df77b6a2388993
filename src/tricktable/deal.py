"""Deals: dealing a shuffled pack in packets, and the deal text that sets one up exactly.

Deal text (like FEN in chess) lists the seats' hands from seat 0 upwards separated by ``/`` (a
seat dealt nothing is ``-``), then ``| widow`` where the game has a widow, then ``| the rest of
the pack, top first`` (in the Rams family its first card is the turn-up)::

    JK JH AH KH QH 10H / AS KS QS JS 10S 9S / AD KD QD JD 10D 9D / AC KC QC JC 10C 9H | 9C

A card written twice is the second copy of a pinochle card.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from typing import NamedTuple

from .cards import CARD_BY_INDEX, COPY_STRIDE, format_cards, parse_card
from .errors import NotationError

__all__ = [
    "WIDOW",
    "Deal",
    "deal_by_owners",
    "deal_by_schedule",
    "deal_from_number",
    "format_deal",
    "owners_of",
    "parse_deal",
    "shuffle_and_deal",
    "shuffled",
]

WIDOW = -1
"""The recipient number of the widow in a dealing schedule."""


class Deal(NamedTuple):
    """The cards of one deal: each seat's hand, the widow (if any) and the undealt rest."""

    hands: tuple[int, ...]
    widow: int | None
    stock: tuple[int, ...]

    def all_cards(self) -> int:
        mask = self.widow or 0
        for hand in self.hands:
            mask |= hand
        for card in self.stock:
            mask |= 1 << card
        return mask

    def __str__(self) -> str:
        return format_deal(self)


def deal_by_schedule(
    pack: Sequence[int], schedule: Sequence[tuple[int, int]], players: int
) -> Deal:
    """Deal ``pack`` (top first) to recipients in order: (seat or :data:`WIDOW`, packet size)."""
    return deal_by_owners(pack, _owners(tuple(schedule)), players)


def deal_by_owners(pack: Sequence[int], owners: tuple[int, ...], players: int) -> Deal:
    """Deal ``pack`` so that its ``n``-th card goes to ``owners[n]`` (a seat or :data:`WIDOW`)."""
    hands = [0] * (players + 1)  # the last slot is the widow (WIDOW == -1)
    bits = _BITS
    for card, owner in zip(pack, owners, strict=False):
        hands[owner] |= bits[card]
    widow = hands[WIDOW] if WIDOW in owners else None
    return Deal(tuple(hands[:players]), widow, tuple(pack[len(owners) :]))


_BITS = tuple(1 << index for index in range(2 * COPY_STRIDE))
_new = tuple.__new__


def owners_of(schedule: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """The recipient of each dealt position of a schedule (for :func:`deal_by_owners`)."""
    return _owners(tuple(schedule))


@functools.cache
def _owners(schedule: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The recipient of each dealt position of a schedule."""
    return tuple(recipient for recipient, size in schedule for _ in range(size))


def shuffled(pack: Sequence[int], seed: int, deal_number: int) -> list[int]:
    """Deal ``deal_number`` of a game with ``seed``: ``pack`` in a uniformly random order.

    The order comes from a 512-bit BLAKE2b digest of the seed and the deal number read as a
    mixed-radix number (bias below 2**-280 for 52 cards), so no generator state is carried
    and every deal of a game can be reproduced on its own. The digits are taken a word at a
    time: one division of the big number per group of radices, the rest in small integers.
    """
    number = _shuffle_number(seed, deal_number)
    cards = list(pack)
    out: list[int] = []
    pick_up, append = cards.pop, out.append
    for radices, product in _radix_groups(len(cards)):
        number, word = divmod(number, product)
        for remaining in radices:
            word, pick = divmod(word, remaining)
            append(pick_up(pick))
    return out


def shuffle_and_deal(
    pack: Sequence[int], seed: int, deal_number: int, owners: tuple[int, ...], players: int
) -> Deal:
    """``deal_by_owners(shuffled(pack, seed, deal_number), owners, players)`` in one pass.

    Each card goes to its recipient as it is picked from the pack, so a deal costs one loop.
    """
    return deal_from_number(pack, _shuffle_number(seed, deal_number), owners, players)


def deal_from_number(
    pack: Sequence[int], number: int, owners: tuple[int, ...], players: int
) -> Deal:
    """The deal that ``number`` (a 512-bit digest read big-endian) picks, as :func:`shuffled`
    reads it: the pack in that order, its ``n``-th card to ``owners[n]``."""
    steps, pack_bits, has_widow = _dealing_plan(tuple(pack), owners)
    cards = list(pack_bits)  # as bits, so that a hand takes a picked card as it is
    hands = [0] * (players + 1)  # the last slot is the widow (WIDOW == -1)
    stock: list[int] = []
    pick_up, to_stock = cards.pop, stock.append
    for product, pairs, dealt, undealt in steps:
        number, word = divmod(number, product)
        # two digits at a time from a table (one ``%`` and one ``//`` for two cards), then
        # the odd one as ``word % remaining`` and ``word //= remaining``
        for span, digits, first, second in pairs:
            low, high = digits[word % span]
            word //= span
            hands[first] |= pick_up(low)
            hands[second] |= pick_up(high)
        for remaining, owner in dealt:
            hands[owner] |= pick_up(word % remaining)
            word //= remaining
        for remaining in undealt:
            to_stock(pick_up(word % remaining).bit_length() - 1)
            word //= remaining
    widow = hands[WIDOW] if has_widow else None
    # tuple.__new__ skips the named tuple's Python-level __new__: one deal a hand
    return _new(Deal, (tuple(hands[:players]), widow, tuple(stock)))


_BLAKE2B_512 = hashlib.blake2b(digest_size=64)
"""An empty 512-bit hash, copied for every deal: a copy costs less than a new hash's
keyword arguments (the shuffle runs once a hand)."""


def _shuffle_number(seed: int, deal_number: int) -> int:
    if type(seed) is int and type(deal_number) is int:
        text = b"%d:%d" % (seed, deal_number)  # the f-string's bytes, without a str between
    else:  # anything else given as a seed keeps its own text (True is "True", not "1")
        text = f"{seed}:{deal_number}".encode()
    digest = _BLAKE2B_512.copy()
    digest.update(text)
    return int.from_bytes(digest.digest(), "big")


DealingPair = tuple[int, tuple[tuple[int, int], ...], int, int]
DealingStep = tuple[int, tuple[DealingPair, ...], tuple[tuple[int, int], ...], tuple[int, ...]]


@functools.cache
def _dealing_plan(
    pack: tuple[int, ...], owners: tuple[int, ...]
) -> tuple[tuple[DealingStep, ...], tuple[int, ...], bool]:
    """How :func:`shuffle_and_deal` deals ``pack`` to ``owners``: the steps of
    :func:`_radix_groups` (product; the dealt positions two by two as (the radices' product,
    the two digits of each number below it, the two owners); the last dealt position if
    left over, as (radix, owner); the undealt positions' radices), the pack's cards as bits,
    and whether a card goes to the widow."""
    steps: list[DealingStep] = []
    position = 0
    for radices, product in _radix_groups(len(pack)):
        dealt = [(radix, owners[position + i]) for i, radix in enumerate(radices)
                 if position + i < len(owners)]  # fmt: skip
        twos = zip(dealt[::2], dealt[1::2], strict=False)  # an odd last one stays single
        pairs = tuple((r1 * r2, _digit_pairs(r1, r2), o1, o2) for (r1, o1), (r2, o2) in twos)
        steps.append((product, pairs, tuple(dealt[2 * len(pairs) :]), radices[len(dealt) :]))
        position += len(radices)
    return tuple(steps), tuple(_BITS[card] for card in pack), WIDOW in owners


@functools.cache
def _digit_pairs(low: int, high: int) -> tuple[tuple[int, int], ...]:
    """The two mixed-radix digits (radix ``low`` first) of each number below ``low * high``."""
    return tuple((value % low, value // low) for value in range(low * high))


_ONE_DIGIT = 1 << 30


@functools.cache
def _radix_groups(size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The radices ``size, size - 1, …, 1`` in groups whose product stays below 2**30: a
    group's digits are then read with operators on one-digit integers, CPython's quick case."""
    groups: list[tuple[tuple[int, ...], int]] = []
    radices: list[int] = []
    product = 1
    for remaining in range(size, 0, -1):
        if product * remaining >= _ONE_DIGIT:
            groups.append((tuple(radices), product))
            radices, product = [], 1
        radices.append(remaining)
        product *= remaining
    groups.append((tuple(radices), product))
    return tuple(groups)


def format_deal(deal: Deal) -> str:
    parts = [" / ".join(format_cards(hand) for hand in deal.hands)]
    if deal.widow is not None:
        parts.append(format_cards(deal.widow))
    if deal.stock:
        parts.append(" ".join(str(CARD_BY_INDEX[c]) for c in deal.stock))
    return " | ".join(parts)


class _Reader:
    """Reads cards across a whole deal text, giving a repeated card its second copy."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.seen = 0

    def card(self, token: str) -> int:
        index = parse_card(token).index
        if self.seen >> index & 1:
            index += COPY_STRIDE
            if self.seen >> index & 1:
                raise NotationError(f"{token!r} appears more than twice in the deal {self.text!r}")
        self.seen |= 1 << index
        return index

    def mask(self, part: str) -> int:
        mask = 0
        for token in part.split():
            if token != "-":
                mask |= 1 << self.card(token)
        return mask


def parse_deal(text: str, players: int, has_widow: bool) -> Deal:
    """Read deal text for a game with ``players`` seats; the counts are checked by the game."""
    parts = [p.strip() for p in text.split("|")]
    most = 3 if has_widow else 2
    if len(parts) > most:
        raise NotationError(
            f"deal {text!r} has {len(parts)} parts separated by '|'; at most {most}"
        )
    seats = parts[0].split("/")
    if len(seats) != players:
        raise NotationError(
            f"deal {text!r} has {len(seats)} hands separated by '/'; expected {players}"
        )
    reader = _Reader(text)
    hands = tuple(reader.mask(seat) for seat in seats)
    widow = reader.mask(parts[1]) if has_widow and len(parts) > 1 else (0 if has_widow else None)
    rest = parts[-1] if len(parts) == most else ""
    stock = tuple(reader.card(t) for t in rest.split() if t != "-")
    return Deal(hands, widow, stock)
