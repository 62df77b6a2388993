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

A trick boundary's row (:func:`shape_rows`) for ``n`` seats and ``P`` owner planes:
``[lengths[0..n) (4 bits a suit, the leader above seat 0's), ties, planes[0..P), the seven
compress steps of the cards in play]``; ties and planes in relative ranks (bit ``k`` = the
``k``-th card in play by suit and strength), plane ``p`` the cards of the seats whose number
has bit ``p`` set. A slot is spread over five arrays: its key ``[hash of the shape,
lengths[0..n)]``, its bounds ``[low, high, generation, tricks left, best card]``, a 31-bit tag,
an age, and its filter ``[care, ties & care, planes[0..P) & care]``: a probe reads the tags of
a bucket, then the filters of the slots of its tag, and a key only for an entry that matches.
"""

from __future__ import annotations

import numpy as np

from ..jit.bits import kernel_function, lowest, popcount

BUCKET = 64
"""Slots searched for one shape (the table is probed a bucket at a time): a shape keeps many
entries, one per set of cards that decided a bound (16 a bucket: 1.6x the nodes of 32; 64: 0.86x
of 32 and faster; 128: fewer nodes still, but the scans cost more than they save)."""


GENERATION_BITS = (1 << 13) - 1
STAMP_BITS = (1 << 42) - 1

LEADER_SHIFT = 24
"""The leader rides above seat 0's suit lengths (5 suits of 4 bits) in the shape words."""


@kernel_function()
def shape_rows(leader, hands, present, n, planes, suit_mask, ties_of, row):  # type: ignore[no-untyped-def]
    """Fill ``row`` for a trick boundary (layout in the module's docstring). Returns the hash
    of the lengths, which picks the bucket.

    ``ties_of`` has bit ``k`` for a card as strong as the card below it (the second copy of
    a pinochle card): the two are tied while both are in play."""
    steps = compress_steps(present)
    for s in range(n):
        lengths, rest = np.int64(0), hands[s]
        for suit in range(5):
            lengths |= popcount(rest & suit_mask[suit]) << (4 * suit)
        row[s] = lengths
    row[0] |= np.int64(leader) << LEADER_SHIFT
    row[n] = compress(ties_of & present & (present << 1), steps) if ties_of != 0 else 0
    for k in range(planes):
        plane = np.int64(0)
        for s in range(n):
            if (s >> k) & 1:
                plane |= hands[s]
        row[n + 1 + k] = compress(plane, steps)
    at = n + 1 + planes
    for i in range(7):
        row[at + i] = steps[i]
    digest = np.int64(n)
    for s in range(n):
        digest = (digest ^ row[s]) * np.int64(-7046029254386353131)
        digest ^= digest >> 29
    return digest


@kernel_function(inline=True)
def _row_steps(row, at):  # type: ignore[no-untyped-def]
    return (row[at], row[at + 1], row[at + 2], row[at + 3], row[at + 4], row[at + 5],
            row[at + 6])  # fmt: skip


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
def care_mask(rel, present, suit_mask, level_lo, below, partition, row, at):  # type: ignore[no-untyped-def]
    """The relative-rank mask of the cards an entry keeps: in each suit, every card in play
    at least as strong as the weakest relevant card of that suit (every card if not
    ``partition``). Compact cards are ordered by suit and strength, so that is every card
    of the suit from the weakest relevant card's strength level up. ``row[at:at+7]`` holds
    the compress steps of ``present`` (:func:`shape_rows`)."""
    if not partition:
        return (np.int64(1) << popcount(present)) - 1
    kept = np.int64(0)
    for suit in range(5):
        mine = rel & present & suit_mask[suit]
        if mine != 0:
            kept |= present & suit_mask[suit] & ~below[level_lo[lowest(mine)]]
    return compress(kept, _row_steps(row, at))


@kernel_function()
def absolute(care, row, at):  # type: ignore[no-untyped-def]
    """The cards in play at the relative ranks ``care`` (the steps in ``row[at:at+7]``)."""
    return expand(care, _row_steps(row, at))


@kernel_function()
def _same_shape(slot, digest, row, n, tt_keys):  # type: ignore[no-untyped-def]
    if tt_keys[slot, 0] != digest:
        return False
    for s in range(n):  # noqa: SIM110 - numba compiles loops, not all()
        if tt_keys[slot, 1 + s] != row[s]:
            return False
    return True


@kernel_function(inline=True)
def _same_owners(slot, row, n, planes, care, tt_filter):  # type: ignore[no-untyped-def]
    """Whether the cards ``care`` keeps have the owners (and ties) of the slot's entry: each
    owner plane holds bit ``k`` of the seat of every card, so a few words say it exactly."""
    if tt_filter[slot, 1] != row[n] & care:
        return False
    for k in range(planes):  # noqa: SIM110 - numba compiles loops, not all()
        if tt_filter[slot, 2 + k] != row[n + 1 + k] & care:
            return False
    return True


@kernel_function()
def _tag(digest, generation):  # type: ignore[no-untyped-def]
    """A 31-bit tag of the shape and the generation (a match is then checked exactly)."""
    return ((digest ^ (generation * np.int64(-7046029254386353131))) >> 33) | 1


@kernel_function(inline=True)
def _tag_matches(base, tag, tt_tags):  # type: ignore[no-untyped-def]
    """Bit ``k`` set for each slot ``base + k`` of the bucket holding ``tag`` (no branch per
    slot: about a third of them match)."""
    same, start = np.int64(0), np.uint64(base)
    for k in range(BUCKET):
        same |= np.int64(tt_tags[start + np.uint64(k)] == tag) << k
    return same


@kernel_function()
def _age(generation, left, stamp):  # type: ignore[no-untyped-def]
    """Replacement order of a slot, smallest first: another generation's, then fewer tricks
    left (the cheapest to search again), then the least recently used."""
    return ((generation & GENERATION_BITS) << 50) | (left << 42) | (stamp & STAMP_BITS)


@kernel_function()
def probe(base, digest, row, n, planes, generation, stamp, alpha, beta, tables, found):  # type: ignore[no-untyped-def]
    """Combine every matching entry of the bucket into ``found``: [low, high, care of the low
    bound, card, care of the high bound]. A bound that settles the window (low >= ``beta``,
    high <= ``alpha``) comes from the entry with the fewest cards among those that settle it,
    else it is the tightest. Returns whether any entry matched. ``tables``: keys, bounds,
    tags, ages and owner filters (:func:`store`)."""
    tt_keys, tt_bounds, tt_tags, tt_ages, tt_filter = tables
    hit = False
    same = _tag_matches(base, _tag(digest, generation), tt_tags)
    while same != 0:
        slot = base + lowest(same)
        same &= same - 1
        # The entries of one shape share its tag and mostly differ in their top cards: those
        # are compared first, from the slot's filter row.
        care = tt_filter[slot, 0]
        if not _same_owners(slot, row, n, planes, care, tt_filter):
            continue
        if tt_bounds[slot, 2] != generation or not _same_shape(slot, digest, row, n, tt_keys):
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
        tt_ages[slot] = (tt_ages[slot] & ~STAMP_BITS) | (stamp & STAMP_BITS)
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
def store(base, digest, row, n, planes, care, low, high, left, card, generation, stamp, tables):  # type: ignore[no-untyped-def]
    """Keep the bounds of a position: in the slot of the same entry, else in the slot that
    comes first in the replacement order (:func:`_age`)."""
    tt_keys, tt_bounds, tt_tags, tt_ages, tt_filter = tables
    tag, target = _tag(digest, generation), -1
    same = _tag_matches(base, tag, tt_tags)
    while same != 0:
        slot = base + lowest(same)
        same &= same - 1
        if (tt_filter[slot, 0] == care and _same_owners(slot, row, n, planes, care, tt_filter)
                and tt_bounds[slot, 2] == generation
                and _same_shape(slot, digest, row, n, tt_keys)):  # fmt: skip
            target = slot
            break
    if target < 0:
        target = _victim(base, generation, tt_ages)
    tt_keys[target, 0] = digest
    for s in range(n):
        tt_keys[target, 1 + s] = row[s]
    tt_filter[target, 0], tt_filter[target, 1] = care, row[n] & care
    for k in range(planes):
        tt_filter[target, 2 + k] = row[n + 1 + k] & care
    tt_bounds[target, 0], tt_bounds[target, 1], tt_bounds[target, 2] = low, high, generation
    tt_bounds[target, 3], tt_bounds[target, 4] = left, card
    tt_tags[target], tt_ages[target] = tag, _age(generation, left, stamp)


@kernel_function(inline=True)
def _victim(base, generation, tt_ages):  # type: ignore[no-untyped-def]
    """The slot of the bucket that comes first in the replacement order."""
    now, victim, oldest = generation & GENERATION_BITS, base, np.int64(0)
    start = np.uint64(base)
    for k in range(BUCKET):
        age = tt_ages[start + np.uint64(k)]
        age = age if age >> 50 == now else np.int64(-1)
        if k == 0 or age < oldest:
            victim, oldest = base + k, age
    return victim
