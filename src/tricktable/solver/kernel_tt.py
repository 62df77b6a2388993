"""The numba kernel's transposition table, with partition search (the ``[fast]`` extra).

Positions are stored at trick boundaries. An entry is found by the seat on lead and the
*shape* of the position (how many cards of each effective suit every seat holds) and it
stores, per suit, only the top of the suit that decided its value: for each of those cards
its owner (and whether it is tied with the card above, for identical pinochle cards). The
search reports the cards whose ranks mattered (a trick winner that beat a card of its own
suit, the cards a bound counted); every card of a suit at least as strong as the weakest of
them is in the entry, the lower ones only by count. A later position with the same shape
and the same owners of those top cards has the same value, whatever its low cards are: that
is partition search (Ginsberg), the idea behind the bridge solvers' "winning ranks".

Under Loo's obligations (heading, overtrumping) the legal cards themselves depend on ranks,
so there every card of the position is kept: an entry then matches that position alone.

Layout of a slot's key row for ``n`` seats: ``[leader, lengths[0..n), care, ties & care,
hands[0..n) & care]``, hands and care in relative ranks (bit ``k`` = the ``k``-th card in
play by suit and strength). Bounds row: ``low, high, generation, tricks left, best card, last use``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

BUCKET = 32
"""Slots searched for one shape (the table is probed a bucket at a time)."""

_DEBRUIJN = np.int64(0x03F79D71B4CB0A89)
_DEBRUIJN_INDEX = np.zeros(64, dtype=np.int64)
for _bit in range(64):
    _DEBRUIJN_INDEX[(((1 << _bit) * 0x03F79D71B4CB0A89) & ((1 << 64) - 1)) >> 58] = _bit


@njit(cache=True)
def lowest(low):  # type: ignore[no-untyped-def]
    """The index of the single bit set in ``low`` (a de Bruijn multiply)."""
    return _DEBRUIJN_INDEX[((low * _DEBRUIJN) >> 58) & 63]


@njit(cache=True)
def shape_rows(leader, hands, present, n, suit_of, level_lo, row):  # type: ignore[no-untyped-def]
    """Fill ``row`` for a trick boundary: ``row[0..n)`` the hands in relative ranks,
    ``row[n]`` the ties, ``row[n+1..2n]`` each seat's suit lengths (4 bits a suit). Returns
    the hash of the leader and the lengths, which picks the bucket."""
    for s in range(2 * n + 1):
        row[s] = 0
    ties = np.int64(0)
    k, prev = 0, -1
    rest = present
    while rest != 0:
        low = rest & -rest
        rest ^= low
        card = lowest(low)
        for s in range(n):
            if hands[s] & low:
                row[s] |= np.int64(1) << k
                row[n + 1 + s] += np.int64(1) << (4 * suit_of[card])
                break
        if prev >= 0 and suit_of[prev] == suit_of[card] and level_lo[card] <= prev:
            ties |= np.int64(1) << k
        prev = card
        k += 1
    row[n] = ties
    digest = np.int64(leader + 1)
    for s in range(n + 1, 2 * n + 1):
        digest = (digest ^ row[s]) * np.int64(-7046029254386353131)
        digest ^= digest >> 29
    return digest


@njit(cache=True)
def care_mask(rel, present, suit_of, strength, partition):  # type: ignore[no-untyped-def]
    """The relative-rank mask of the cards an entry keeps: in each suit, every card in play
    at least as strong as the weakest relevant card of that suit (every card if not
    ``partition``)."""
    floor = np.full(5, 1 << 30, dtype=np.int64)
    rest = rel & present
    while rest != 0:
        low = rest & -rest
        rest ^= low
        card = lowest(low)
        floor[suit_of[card]] = min(floor[suit_of[card]], strength[card])
    care, k = np.int64(0), 0
    rest = present
    while rest != 0:
        low = rest & -rest
        rest ^= low
        card = lowest(low)
        if not partition or strength[card] >= floor[suit_of[card]]:
            care |= np.int64(1) << k
        k += 1
    return care


@njit(cache=True)
def absolute(care, present):  # type: ignore[no-untyped-def]
    """The cards in play at the relative ranks ``care``."""
    out, k, rest = np.int64(0), 0, present
    while rest != 0:
        low = rest & -rest
        rest ^= low
        if (care >> k) & 1:
            out |= low
        k += 1
    return out


@njit(cache=True)
def _same_shape(slot, leader, row, n, tt_keys):  # type: ignore[no-untyped-def]
    if tt_keys[slot, 0] != leader:
        return False
    for s in range(n):  # noqa: SIM110 - numba compiles loops, not all()
        if tt_keys[slot, 1 + s] != row[n + 1 + s]:
            return False
    return True


@njit(cache=True)
def _same_top(slot, row, n, tt_keys, care):  # type: ignore[no-untyped-def]
    if tt_keys[slot, n + 2] != row[n] & care:
        return False
    for s in range(n):  # noqa: SIM110 - numba compiles loops, not all()
        if tt_keys[slot, n + 3 + s] != row[s] & care:
            return False
    return True


@njit(cache=True)
def probe(base, leader, row, n, generation, stamp, tt_keys, tt_bounds, found):  # type: ignore[no-untyped-def]
    """Combine every matching entry of the bucket into ``found``: [low, high, care, card].
    Returns whether any entry matched."""
    hit = False
    for slot in range(base, base + BUCKET):
        if tt_bounds[slot, 2] != generation or not _same_shape(slot, leader, row, n, tt_keys):
            continue
        care = tt_keys[slot, n + 1]
        if not _same_top(slot, row, n, tt_keys, care):
            continue
        if not hit:
            found[0], found[1], found[2], found[3] = 0, 1 << 20, 0, -1
            hit = True
        found[0] = max(found[0], tt_bounds[slot, 0])
        found[1] = min(found[1], tt_bounds[slot, 1])
        found[2] |= care
        tt_bounds[slot, 5] = stamp
        if found[3] < 0:
            found[3] = tt_bounds[slot, 4]
    return hit


@njit(cache=True)
def store(base, leader, row, n, care, low, high, left, card, generation, stamp, tt_keys,  # type: ignore[no-untyped-def]
          tt_bounds):  # fmt: skip
    """Keep the bounds of a position: in the slot of the same entry, else a stale slot, else
    the slot with the fewest tricks left (the cheapest to search again), the least recently
    used of those."""
    target, stale, victim = -1, -1, -1
    for slot in range(base, base + BUCKET):
        if tt_bounds[slot, 2] != generation:
            stale = slot if stale < 0 else stale
        elif (tt_keys[slot, n + 1] == care and _same_shape(slot, leader, row, n, tt_keys)
                and _same_top(slot, row, n, tt_keys, care)):  # fmt: skip
            target = slot
            break
        elif victim < 0 or _older(tt_bounds, slot, victim):
            victim = slot
    if target < 0:
        target = stale if stale >= 0 else victim
    tt_keys[target, 0] = leader
    for s in range(n):
        tt_keys[target, 1 + s] = row[n + 1 + s]
        tt_keys[target, n + 3 + s] = row[s] & care
    tt_keys[target, n + 1], tt_keys[target, n + 2] = care, row[n] & care
    tt_bounds[target, 0], tt_bounds[target, 1], tt_bounds[target, 2] = low, high, generation
    tt_bounds[target, 3], tt_bounds[target, 4], tt_bounds[target, 5] = left, card, stamp


@njit(cache=True)
def _older(tt_bounds, slot, other):  # type: ignore[no-untyped-def]
    """Whether ``slot`` is the better one to overwrite: fewer tricks left, or used longer ago."""
    if tt_bounds[slot, 3] != tt_bounds[other, 3]:
        return tt_bounds[slot, 3] < tt_bounds[other, 3]
    return tt_bounds[slot, 5] < tt_bounds[other, 5]
