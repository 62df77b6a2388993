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

Layout of a slot's key row for ``n`` seats: ``[hash of the shape, lengths[0..n) (the leader
with seat 0's), care, ties & care, hands[0..n) & care]``, hands and care in relative ranks (bit ``k`` = the ``k``-th card in
play by suit and strength). Bounds row: ``low, high, generation, tricks left, best card``; index: a tag, an age, the care and a signature of the kept cards' owners.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.core.extending import intrinsic
from numba.cpython.unsafe.numbers import trailing_zeros

BUCKET = 64
"""Slots searched for one shape (the table is probed a bucket at a time): a shape keeps many
entries, one per set of cards that decided a bound (16 a bucket: 1.6x the nodes of 32; 64: 0.86x
of 32 and faster; 128: fewer nodes still, but the scans cost more than they save)."""


def kernel_function(*, inline: bool = False) -> Any:
    """The decorator of every kernel function: numba, cached on disk, without reference
    counting (the kernel allocates nothing, and counting the references of each array
    passed between its functions took more than half of the search's time). Without the GIL,
    so a bot's search in a server's or worker's thread leaves the others running."""
    options: dict[str, Any] = {"cache": True, "_nrt": False, "nogil": True}
    if inline:
        options["inline"] = "always"
    return njit(**options)


GENERATION_BITS = (1 << 13) - 1
STAMP_BITS = (1 << 42) - 1

LEADER_SHIFT = 24
"""The leader rides above seat 0's suit lengths (5 suits of 4 bits) in the shape words."""


@intrinsic
def _ctpop(typingctx, value):  # type: ignore[no-untyped-def]
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@kernel_function(inline=True)
def popcount(value):  # type: ignore[no-untyped-def]
    """The number of bits set in an int64 (one machine instruction)."""
    return _ctpop(value)  # type: ignore[call-arg]  # numba supplies the typing context


@kernel_function()
def lowest(low):  # type: ignore[no-untyped-def]
    """The index of the lowest bit set in ``low``."""
    return trailing_zeros(low)  # type: ignore[call-arg]


@kernel_function()
def shape_rows(leader, hands, present, n, suit_mask, ties_of, row):  # type: ignore[no-untyped-def]
    """Fill ``row`` for a trick boundary: ``row[0..n)`` the hands in relative ranks,
    ``row[n]`` the ties, ``row[n+1..2n]`` each seat's suit lengths (4 bits a suit, the leader
    above seat 0's). Returns the hash of the lengths, which picks the bucket.

    ``ties_of`` has bit ``k`` for a card as strong as the card below it (the second copy of
    a pinochle card): the two are tied while both are in play."""
    steps = compress_steps(present)
    for s in range(n):
        lengths, rest = np.int64(0), hands[s]
        for suit in range(5):
            lengths |= popcount(rest & suit_mask[suit]) << (4 * suit)
        row[s], row[n + 1 + s] = compress(rest, steps), lengths
    row[n + 1] |= np.int64(leader) << LEADER_SHIFT
    row[n] = compress(ties_of & present & (present << 1), steps) if ties_of != 0 else 0
    digest = np.int64(n)
    for s in range(n + 1, 2 * n + 1):
        digest = (digest ^ row[s]) * np.int64(-7046029254386353131)
        digest ^= digest >> 29
    return digest


@kernel_function()
def compress_steps(present):  # type: ignore[no-untyped-def]
    """The six masks of the parallel "compress" (Hacker's Delight, 7-4) that move every card
    of ``present`` down to its relative rank: compressing several hands by the same cards in
    play then costs a dozen operations each, not a loop over their cards. ``present`` never
    has bit 63 (at most 63 cards), so no shift sees a sign."""
    m, mk = present, ~present << 1
    m0, m, mk = _step(m, mk, 1)
    m1, m, mk = _step(m, mk, 2)
    m2, m, mk = _step(m, mk, 4)
    m3, m, mk = _step(m, mk, 8)
    m4, m, mk = _step(m, mk, 16)
    m5, m, mk = _step(m, mk, 32)
    return present, m0, m1, m2, m3, m4, m5


@kernel_function(inline=True)
def _step(m, mk, shift):  # type: ignore[no-untyped-def]
    mp = mk ^ (mk << 1)
    mp ^= mp << 2
    mp ^= mp << 4
    mp ^= mp << 8
    mp ^= mp << 16
    mp ^= mp << 32
    mv = mp & m
    return mv, (m ^ mv) | (mv >> shift), mk & ~mp


@kernel_function(inline=True)
def compress(cards, steps):  # type: ignore[no-untyped-def]
    """``cards`` (of the ``present`` of :func:`compress_steps`) in relative ranks."""
    x = cards & steps[0]
    t = x & steps[1]
    x = (x ^ t) | (t >> 1)
    t = x & steps[2]
    x = (x ^ t) | (t >> 2)
    t = x & steps[3]
    x = (x ^ t) | (t >> 4)
    t = x & steps[4]
    x = (x ^ t) | (t >> 8)
    t = x & steps[5]
    x = (x ^ t) | (t >> 16)
    t = x & steps[6]
    return (x ^ t) | (t >> 32)


@kernel_function(inline=True)
def expand(relative, steps):  # type: ignore[no-untyped-def]
    """The cards of ``present`` at the relative ranks ``relative`` (the inverse of
    :func:`compress`, its steps in reverse)."""
    x = relative
    x = (x & ~steps[6]) | ((x << 32) & steps[6])
    x = (x & ~steps[5]) | ((x << 16) & steps[5])
    x = (x & ~steps[4]) | ((x << 8) & steps[4])
    x = (x & ~steps[3]) | ((x << 4) & steps[3])
    x = (x & ~steps[2]) | ((x << 2) & steps[2])
    x = (x & ~steps[1]) | ((x << 1) & steps[1])
    return x & steps[0]


@kernel_function()
def care_mask(rel, present, suit_mask, level_lo, below, partition):  # type: ignore[no-untyped-def]
    """The relative-rank mask of the cards an entry keeps: in each suit, every card in play
    at least as strong as the weakest relevant card of that suit (every card if not
    ``partition``). Compact cards are ordered by suit and strength, so that is every card
    of the suit from the weakest relevant card's strength level up."""
    if not partition:
        return (np.int64(1) << popcount(present)) - 1
    kept = np.int64(0)
    for suit in range(5):
        mine = rel & present & suit_mask[suit]
        if mine != 0:
            kept |= present & suit_mask[suit] & ~below[level_lo[lowest(mine)]]
    return compress(kept, compress_steps(present))


@kernel_function()
def absolute(care, present):  # type: ignore[no-untyped-def]
    """The cards in play at the relative ranks ``care``."""
    return expand(care, compress_steps(present))


@kernel_function()
def _same_shape(slot, digest, row, n, tt_keys):  # type: ignore[no-untyped-def]
    if tt_keys[slot, 0] != digest:
        return False
    for s in range(n):  # noqa: SIM110 - numba compiles loops, not all()
        if tt_keys[slot, 1 + s] != row[n + 1 + s]:
            return False
    return True


@kernel_function()
def _same_top(slot, row, n, tt_keys, care):  # type: ignore[no-untyped-def]
    if tt_keys[slot, n + 2] != row[n] & care:
        return False
    for s in range(n):  # noqa: SIM110 - numba compiles loops, not all()
        if tt_keys[slot, n + 3 + s] != row[s] & care:
            return False
    return True


@kernel_function()
def _tag(digest, generation):  # type: ignore[no-untyped-def]
    return (digest ^ (generation * np.int64(-7046029254386353131))) | 1


@kernel_function()
def _age(generation, left, stamp):  # type: ignore[no-untyped-def]
    """Replacement order of a slot, smallest first: another generation's, then fewer tricks
    left (the cheapest to search again), then the least recently used."""
    return ((generation & GENERATION_BITS) << 50) | (left << 42) | (stamp & STAMP_BITS)


@kernel_function()
def probe(base, digest, row, n, generation, stamp, alpha, beta, tt_keys, tt_bounds, tt_index,  # type: ignore[no-untyped-def]
          found):  # fmt: skip
    """Combine every matching entry of the bucket into ``found``: [low, high, care of the low
    bound, card, care of the high bound]. A bound that settles the window (low >= ``beta``,
    high <= ``alpha``) comes from the entry with the fewest cards among those that settle it,
    else it is the tightest.
    Returns whether any entry matched. ``tt_index`` holds each slot's tag, age, care and
    signature in four rows, so a bucket is scanned in a few cache lines."""
    hit, tag = False, _tag(digest, generation)
    tags, ages, cares, sigs = tt_index[0], tt_index[1], tt_index[2], tt_index[3]
    # The slots of the tag first, without a branch per slot (about a third of them match).
    same = np.int64(0)
    for k in range(BUCKET):
        same |= np.int64(tags[base + k] == tag) << k
    while same != 0:
        slot = base + lowest(same)
        same &= same - 1
        if _signature(row, n, cares[slot]) != sigs[slot]:
            continue
        # The entries of one shape share its tag and mostly differ in their top cards: those
        # are compared first.
        care = tt_keys[slot, n + 1]
        if not _same_top(slot, row, n, tt_keys, care) or tt_bounds[slot, 2] != generation:
            continue
        if not _same_shape(slot, digest, row, n, tt_keys):
            continue
        if not hit:
            found[0], found[1], found[2], found[3], found[4] = 0, 1 << 20, 0, -1, 0
            hit = True
        # Each bound keeps the care of the entry that gave it: the other entries' cards do
        # not decide it.
        low, high, width = tt_bounds[slot, 0], tt_bounds[slot, 1], popcount(care)
        if _better(low, found[0], low >= beta, found[0] >= beta, width, popcount(found[2])):
            found[0], found[2] = low, care
        if _better(-high, -found[1], high <= alpha, found[1] <= alpha, width, popcount(found[4])):
            found[1], found[4] = high, care
        ages[slot] = (ages[slot] & ~STAMP_BITS) | (stamp & STAMP_BITS)
        if found[3] < 0:
            found[3] = tt_bounds[slot, 4]
    return hit


@kernel_function()
def better(bound, cards, current, current_cards, settles, settled):  # type: ignore[no-untyped-def]
    """Whether a lower bound ``bound`` read from ``cards`` should replace ``current``: one that
    settles the window wins over one that does not, between two that settle the one that reads
    fewer cards, else the tighter (a bound that only narrows the window joins an entry only when
    the value depends on it)."""
    return _better(bound, current, settles, settled, popcount(cards), popcount(current_cards))


@kernel_function()
def _better(bound, current, settles, settled, width, current_width):  # type: ignore[no-untyped-def]
    if settles and settled:
        return width < current_width
    if settles or settled:
        return settles
    return bound > current


@kernel_function()
def store(base, digest, row, n, care, low, high, left, card, generation, stamp, tt_keys,  # type: ignore[no-untyped-def]
          tt_bounds, tt_index):  # fmt: skip
    """Keep the bounds of a position: in the slot of the same entry, else in the slot that
    comes first in the replacement order (:func:`_age`)."""
    tag, target, victim, oldest = _tag(digest, generation), -1, -1, np.int64(0)
    tags, ages, cares, sigs = tt_index[0], tt_index[1], tt_index[2], tt_index[3]
    now, sig = generation & GENERATION_BITS, _signature(row, n, care)
    for slot in range(base, base + BUCKET):
        if (tags[slot] == tag and cares[slot] == care and sigs[slot] == sig
                and tt_bounds[slot, 2] == generation
                and _same_shape(slot, digest, row, n, tt_keys)
                and _same_top(slot, row, n, tt_keys, care)):  # fmt: skip
            target = slot
            break
        age = ages[slot] if ages[slot] >> 50 == now else np.int64(-1)
        if victim < 0 or age < oldest:
            victim, oldest = slot, age
    if target < 0:
        target = victim
    tt_keys[target, 0] = digest
    for s in range(n):
        tt_keys[target, 1 + s] = row[n + 1 + s]
        tt_keys[target, n + 3 + s] = row[s] & care
    tt_keys[target, n + 1], tt_keys[target, n + 2] = care, row[n] & care
    tt_bounds[target, 0], tt_bounds[target, 1], tt_bounds[target, 2] = low, high, generation
    tt_bounds[target, 3], tt_bounds[target, 4] = left, card
    tags[target], ages[target] = tag, _age(generation, left, stamp)
    cares[target], sigs[target] = care, sig


@kernel_function(inline=True)
def _signature(row, n, care):  # type: ignore[no-untyped-def]
    """A hash of who holds the cards ``care`` keeps, from the relative hands of ``row``: kept
    beside the tags, it turns away most entries of a shape without reading their keys (a
    match is then checked card by card)."""
    sig = np.int64(0)
    for s in range(n):
        sig = (sig ^ (row[s] & care)) * np.int64(-7046029254386353131)
    return sig ^ (row[n] & care)
