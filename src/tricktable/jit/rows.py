"""What every family's batch kernel does on a state row: the per-game random stream, seats,
trick play and the pieces of the heuristic policies.

A game is one int64 row (slots in :mod:`.layout`); each game has its own 64-bit random stream
(splitmix64) in a uint64 array, so games of a batch are independent and a batch is reproducible
from its seed. Trick play follows rules.md §3.3 exactly as :class:`tricktable.trick.Trick`:
the highest trump wins, else the highest card of the led effective suit, and a later card of
equal strength never beats an earlier one; a card's bid to win and the obligations are the
integer functions of :mod:`tricktable.ranking` and :mod:`tricktable.trick` themselves, compiled
here (:func:`trick_key`, :func:`obliged_lead`, :func:`head_target`, :func:`obliged_follow`).

This module imports numba; :mod:`tricktable.batch` loads the kernels only when numba is there.
"""

from __future__ import annotations

import numpy as np

from ..ranking import TRUMP_BONUS, card_key
from ..trick import follower_cards, heading_target, leader_cards, leads_face_down
from .bits import kernel_function, lowest, nth_bit, popcount
from .layout import (
    A_ALONE,
    A_NOT_ALONE,
    A_PLAY,
    ACTIVE,
    ACTIVE_COUNT,
    BEST_CARD,
    BEST_KEY,
    BEST_SEAT,
    DEALER,
    DELTA,
    DISTINCT,
    DONE_TRICKS,
    HAND_TRICKS,
    HANDS,
    LAST_WINNER,
    LEADER,
    LED,
    LEDGER,
    P_AUCTION,
    P_DONE,
    P_PLAY,
    PHASE,
    PLAYED,
    TO_MOVE,
    TRICK_CARDS,
    TRICK_COUNT,
    TRICK_SEATS,
    TRUMP,
    WON,
)

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@kernel_function()
def next_random(rng, g):  # type: ignore[no-untyped-def]
    """The next 64 random bits of game ``g``'s stream (splitmix64)."""
    x = rng[g] + _GOLDEN
    rng[g] = x
    x = (x ^ (x >> np.uint64(30))) * _MIX1
    x = (x ^ (x >> np.uint64(27))) * _MIX2
    return x ^ (x >> np.uint64(31))


@kernel_function()
def below(rng, g, n):  # type: ignore[no-untyped-def]
    """A uniform integer in ``0..n-1`` (``n`` < 2**31) from game ``g``'s stream: the high
    32 bits scaled by ``n`` (bias below n / 2**32)."""
    return np.int64(((next_random(rng, g) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@kernel_function()
def random_bit(rng, g, mask):  # type: ignore[no-untyped-def]
    """A uniformly chosen set bit of ``mask`` (not 0)."""
    return nth_bit(mask, below(rng, g, popcount(mask)))


@kernel_function()
def shuffle(rng, g, pool, cards):  # type: ignore[no-untyped-def]
    """The cards of the mask ``pool`` in a uniformly random order in ``cards``; returns how
    many there are."""
    n = 0
    while pool != 0:
        card = lowest(pool)
        pool &= pool - 1
        j = below(rng, g, n + 1)  # inside-out Fisher-Yates
        cards[n] = cards[j]
        cards[j] = card
        n += 1
    return n


@kernel_function()
def clear_hand(row, players, tricks):  # type: ignore[no-untyped-def]
    """Nothing won, scored or played yet in a hand of ``tricks`` tricks; no trump."""
    for seat in range(players):
        row[WON + seat] = 0
        row[DELTA + seat] = 0
    row[TRUMP] = 4
    row[DONE_TRICKS] = 0
    row[HAND_TRICKS] = tricks
    row[LAST_WINNER] = -1
    row[PLAYED] = 0


@kernel_function()
def book(row, seat, delta):  # type: ignore[no-untyped-def]
    """``seat`` scores ``delta`` for the hand, added to its running score."""
    row[DELTA + seat] = delta
    row[LEDGER + seat] += delta


@kernel_function()
def end_hand(row):  # type: ignore[no-untyped-def]
    """The hand is scored; nobody is to move."""
    row[PHASE] = P_DONE
    row[TO_MOVE] = -1


DEAL_WORK = 64
"""``work[DEAL_WORK:]`` is a deal's scratch; ``work[:64]`` holds legal actions."""


@kernel_function()
def deal_hands(row, rng, g, pool, work, players, size):  # type: ignore[no-untyped-def]
    """Shuffle the cards of the mask ``pool`` into ``work[DEAL_WORK:]`` and give seat ``s`` the
    ``size`` cards from ``size * s`` on; returns the next card, the first left undealt."""
    cards = work[DEAL_WORK:]
    shuffle(rng, g, pool, cards)
    for seat in range(players):
        hand = np.int64(0)
        for k in range(size * seat, size * seat + size):
            hand |= np.int64(1) << cards[k]
        row[HANDS + seat] = hand
    return cards[players * size]


@kernel_function()
def open_bidding(row, players):  # type: ignore[no-untyped-def]
    """Everyone is in the hand; the dealer's left speaks first."""
    eldest = (row[DEALER] + 1) % players
    set_active(row, (1 << players) - 1, players)
    start_trick(row, eldest)
    row[PHASE] = P_AUCTION


@kernel_function(inline=True)
def card_value(suit_of, strength, trump, card):  # type: ignore[no-untyped-def]
    """A card's worth to keep when ``trump`` is named: its strength, trumps above the rest."""
    return strength[trump, card] + (TRUMP_BONUS if suit_of[trump, card] == trump else 0)


@kernel_function()
def next_active(row, seat, players):  # type: ignore[no-untyped-def]
    """The next seat clockwise that plays the tricks of this hand (itself if no other)."""
    active = row[ACTIVE]
    for step in range(1, players + 1):
        other = (seat + step) % players
        if (active >> other) & 1:
            return other
    return seat


@kernel_function()
def start_trick(row, leader):  # type: ignore[no-untyped-def]
    row[TRICK_COUNT] = 0
    row[LEADER] = leader
    row[LED] = -1
    row[BEST_KEY] = -1
    row[BEST_SEAT] = leader
    row[BEST_CARD] = -1
    row[TO_MOVE] = leader


# The trick rules themselves: the functions of ranking.py and trick.py, compiled (on a trump's
# row of the tables: ``suit_of[trump]`` …).
trick_key = kernel_function()(card_key)
obliged_lead = kernel_function()(leader_cards)
face_down_lead = kernel_function()(leads_face_down)
head_target = kernel_function()(heading_target)
obliged_follow = kernel_function()(follower_cards)


@kernel_function()
def follow_only(row, hand, suit_mask):  # type: ignore[no-untyped-def]
    """The cards of ``hand`` that may be played under follow-only obligations."""
    if row[TRICK_COUNT] == 0:
        return hand
    follow = hand & suit_mask[row[TRUMP], row[LED]]
    return follow if follow != 0 else hand


@kernel_function()
def add_card(row, seat, card, suit_of, strength):  # type: ignore[no-untyped-def]
    """Play compact ``card`` for ``seat`` to the trick in play (face up); update the winner."""
    row[HANDS + seat] &= ~(np.int64(1) << card)
    row[PLAYED] |= np.int64(1) << card
    trump = row[TRUMP]
    count = row[TRICK_COUNT]
    suit = suit_of[trump, card]
    if count == 0:
        row[LED] = suit
    row[TRICK_CARDS + count] = card
    row[TRICK_SEATS + count] = seat
    row[TRICK_COUNT] = count + 1
    key = trick_key(card, row[LED], trump, suit_of[trump], strength[trump])
    if key > row[BEST_KEY]:
        row[BEST_KEY] = key
        row[BEST_SEAT] = seat
        row[BEST_CARD] = card


@kernel_function()
def close_trick_if_full(row, players):  # type: ignore[no-untyped-def]
    """After a card: move on to the next seat, or close a full trick (the winner leads next).

    Returns True when a trick was closed."""
    seat = row[TRICK_SEATS + row[TRICK_COUNT] - 1]
    if row[TRICK_COUNT] < row[ACTIVE_COUNT]:
        row[TO_MOVE] = next_active(row, seat, players)
        return False
    winner = row[BEST_SEAT]
    row[WON + winner] += 1
    row[LAST_WINNER] = winner
    row[DONE_TRICKS] += 1
    start_trick(row, winner)
    return True


@kernel_function()
def set_active(row, active, players):  # type: ignore[no-untyped-def]
    row[ACTIVE] = active
    count = 0
    for seat in range(players):
        count += (active >> seat) & 1
    row[ACTIVE_COUNT] = count


@kernel_function()
def play_slot_card(hand, slot, distinct):  # type: ignore[no-untyped-def]
    """The compact card a seat plays for codec card ``slot``: the first copy if it holds it,
    else the second (as the reference engine does)."""
    if (hand >> slot) & 1:
        return slot
    return slot + distinct


@kernel_function()
def slot_mask(mask, distinct):  # type: ignore[no-untyped-def]
    """A compact mask with pinochle twins folded onto their first copy's slot."""
    return (mask | (mask >> distinct)) & ((np.int64(1) << distinct) - 1)


# -- pieces of the heuristic policies ----------------------------------------------------------


@kernel_function()
def trump_count(hand, trump, suit_mask):  # type: ignore[no-untyped-def]
    return popcount(hand & suit_mask[trump, trump])


@kernel_function()
def best_suit(hand, suit_mask, strength):  # type: ignore[no-untyped-def]
    """The suit that would give ``hand`` the strongest trumps, and their count."""
    best, best_value = 0, -1
    for suit in range(4):
        trumps = hand & suit_mask[suit, suit]
        value = 0
        while trumps != 0:
            card = lowest(trumps)
            value += 10 + strength[suit, card] // 40
            trumps &= trumps - 1
        if value > best_value:
            best, best_value = suit, value
    return best, popcount(hand & suit_mask[best, best])


@kernel_function()
def cheapest_winner(row, cfg, suit_of, strength, buffer, count):  # type: ignore[no-untyped-def]
    """The weakest legal card that would win the trick now, or else the weakest legal card
    (leading: the strongest card)."""
    trump = row[TRUMP]
    seat = row[TO_MOVE]
    hand = row[HANDS + seat]
    leading = row[TRICK_COUNT] == 0
    pick, pick_key = buffer[0], -(1 << 40)
    low, low_key = buffer[0], 1 << 40
    for i in range(count):
        card = play_slot_card(hand, buffer[i] - cfg[A_PLAY], cfg[DISTINCT])
        suit = suit_of[trump, card]
        if suit == trump:
            key = TRUMP_BONUS + strength[trump, card]
        elif leading or suit == row[LED]:
            key = strength[trump, card]
        else:
            key = -1
        if leading:
            if key > pick_key:
                pick, pick_key = buffer[i], key
            continue
        if key > row[BEST_KEY] and (pick_key < 0 or key < pick_key):
            pick, pick_key = buffer[i], key
        plain = card_value(suit_of, strength, trump, card)
        if plain < low_key:
            low, low_key = buffer[i], plain
    if leading or pick_key >= 0:
        return pick
    return low


@kernel_function(inline=True)
def followable(row, cfg, tables):  # type: ignore[no-untyped-def]
    """The codec card slots the seat to move may play under follow-only obligations, as a
    mask (a family kernel's ``playable`` step where only the led suit binds)."""
    hand = row[HANDS + row[TO_MOVE]]
    return slot_mask(follow_only(row, hand, tables[2]), cfg[DISTINCT])


@kernel_function()
def play_action(row, cfg, tables, seat, action, players):  # type: ignore[no-untyped-def]
    """``seat`` plays the card ``action`` names (its notation's first copy in the hand);
    whether that closed the hand's last trick."""
    card = play_slot_card(row[HANDS + seat], action - cfg[A_PLAY], cfg[DISTINCT])
    add_card(row, seat, card, tables[0], tables[1])
    return close_trick_if_full(row, players) and row[DONE_TRICKS] == row[HAND_TRICKS]


@kernel_function()
def play_or_guess(row, rng, g, cfg, suit_of, strength, buffer, count):  # type: ignore[no-untyped-def]
    """A heuristic's last resort: in play :func:`cheapest_winner`, in any other phase one of the
    ``count`` legal actions in ``buffer`` at random."""
    if row[PHASE] != P_PLAY:
        return buffer[below(rng, g, count)]
    return cheapest_winner(row, cfg, suit_of, strength, buffer, count)


@kernel_function()
def alone_actions(cfg, out):  # type: ignore[no-untyped-def]
    """Going alone or not, into ``out``; returns how many."""
    out[0] = cfg[A_ALONE]
    out[1] = cfg[A_NOT_ALONE]
    return 2
