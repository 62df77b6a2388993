"""The Rams family in the batch (numba): Rams, Bierspiel and Rounce. Declarations (in, pass,
widow, general), the widow discard, the turn-up exchange (Bierspiel's 7♦ case included), play
under Loo's obligations or follow-only with forced trump leads and face-down leads, and the
settlement in chips or counters.

One function per step of :class:`tricktable.games.rams.rams.RamsFlow` and its two subclasses, on a
state row (:mod:`tricktable.jit.layout`, the family slots in :mod:`.rams`); actions are codec numbers.
"""

from __future__ import annotations

import numpy as np

from ....jit.bits import kernel_function, lowest, popcount
from ....jit.drivers import make_drivers
from ....jit.layout import (
    A_DECLINE,
    A_DISCARD,
    A_GENERAL,
    A_IN,
    A_PASS,
    A_PLAY,
    A_WIDOW,
    ACTIVE,
    ACTIVE_COUNT,
    BEST_CARD,
    BEST_KEY,
    BEST_SEAT,
    DEALER,
    DELTA,
    DONE_TRICKS,
    HAND_TRICKS,
    HANDS,
    LAST_WINNER,
    LEADER,
    LED,
    LEDGER,
    P_DECLARE,
    P_DISCARD,
    P_EXCHANGE,
    P_PLAY,
    PHASE,
    PLAYED,
    TO_MOVE,
    TRICK_CARDS,
    TRICK_COUNT,
    TRICK_SEATS,
    TRUMP,
    WIDOW,
    WON,
)
from ....jit.rows import (
    below,
    cheapest_winner,
    face_down_lead,
    head_target,
    obliged_follow,
    obliged_lead,
    set_active,
    shuffle,
    start_trick,
    trick_key,
)
from ....ranking import TRUMP_BONUS
from ....trick import ALWAYS_HEAD_CODE, REVEAL_CODE, TRICK_VOID_CODE
from .kernel_rams_declare import can_pass, can_take_widow, next_declarer, start_play
from .kernel_rams_settle import TRICKS, settle
from .rams import (
    BEFORE,
    BLIND,
    CARRY,
    EXCHANGER,
    FACE_DOWN,
    GENERAL,
    IN_MASK,
    O_ANTE,
    O_CHIPS,
    O_DECK,
    O_GENERAL_ANY_TURN,
    O_GENERAL_RAMS,
    O_HEADING,
    O_PARTIAL,
    O_PLAYERS,
    O_POLICY,
    O_SEVEN,
    O_SITS_OUT,
    O_UNANSWERED,
    O_WIDOW_SIZE,
    OFFER,
    OUT,
    POT,
    SEATED,
    SEATED_COUNT,
    SIMPLE,
    TRUMP_LEADS,
    TURN,
    TURNUP,
    TURNUP_COUNT,
    WIDOW_TAKER,
    WINNERS,
)

DEAL_WORK = 64
HAND = 5


# -- the deal ------------------------------------------------------------------------------------


@kernel_function()
def deal(row, rng, g, cfg, tables, dealer, work):  # type: ignore[no-untyped-def]
    """A fresh random deal by ``dealer`` to the seats still in; the declarations start."""
    players = cfg[O_PLAYERS]
    count = 0
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if (row[OUT] >> seat) & 1 == 0:
            row[SEATED + count] = seat
            count += 1
    if count == 6 and cfg[O_SITS_OUT] != 0:
        count = 5  # the dealer sits last in the order and deals himself no hand
    row[SEATED_COUNT] = count
    cards = work[DEAL_WORK:]
    shuffle(rng, g, cfg[O_DECK], cards)
    for seat in range(players):
        row[HANDS + seat] = 0
    k = 0
    for n in range(count):
        hand = np.int64(0)
        for _ in range(HAND):
            hand |= np.int64(1) << cards[k]
            k += 1
        row[HANDS + row[SEATED + n]] = hand
    widow = np.int64(0)
    for _ in range(cfg[O_WIDOW_SIZE]):
        widow |= np.int64(1) << cards[k]
        k += 1
    row[WIDOW] = widow
    row[TURNUP] = cards[k]
    row[TURNUP + 1] = -1
    row[TURNUP_COUNT] = 1
    if cards[k] == cfg[O_SEVEN]:
        row[TURNUP + 1] = cards[k + 1]
        row[TURNUP_COUNT] = 2
    row[DEALER] = dealer
    start_hand(row, cfg, tables[0])


@kernel_function()
def start_hand(row, cfg, suit_of):  # type: ignore[no-untyped-def]
    players = cfg[O_PLAYERS]
    for seat in range(players):
        row[WON + seat] = 0
        row[DELTA + seat] = 0
        row[BEFORE + seat] = row[LEDGER + seat]
    row[SIMPLE] = 0
    if cfg[O_CHIPS] != 0:
        row[SIMPLE] = 1 if row[CARRY] == 0 else 0
        row[POT] = row[CARRY] + cfg[O_ANTE]
        row[CARRY] = 0
        row[LEDGER + row[DEALER]] -= cfg[O_ANTE]
    row[TRUMP] = suit_of[4, row[TURNUP + row[TURNUP_COUNT] - 1]]  # the printed suit
    row[DONE_TRICKS] = 0
    row[HAND_TRICKS] = TRICKS
    row[LAST_WINNER] = -1
    row[TURN] = 0
    row[IN_MASK] = 0
    row[WIDOW_TAKER] = -1
    row[GENERAL] = -1
    row[OFFER] = -1
    row[EXCHANGER] = -1
    row[TRUMP_LEADS] = 0
    row[BLIND] = 0
    row[FACE_DOWN] = 0
    row[PLAYED] = 0
    set_active(row, (1 << players) - 1, players)
    start_trick(row, row[SEATED])
    row[PHASE] = P_DECLARE
    row[TO_MOVE] = row[SEATED]


# -- legal actions -----------------------------------------------------------------------------


@kernel_function()
def play_mask(row, cfg, suit_of, strength, suit_mask, above):  # type: ignore[no-untyped-def]
    """The cards the seat to move may play (rules.md §3.4: :func:`tricktable.trick.legal_mask`'s
    own functions, compiled)."""
    hand = row[HANDS + row[TO_MOVE]]
    trump = row[TRUMP]
    count = row[TRICK_COUNT]
    if count == 0:
        obliged = (row[TRUMP_LEADS] >> row[DONE_TRICKS]) & 1 != 0
        return obliged_lead(hand, obliged, suit_mask[trump, trump])
    led, best, heading = row[LED], row[BEST_CARD], cfg[O_HEADING]
    best_led = best_of_led(row, suit_of, strength) if heading == ALWAYS_HEAD_CODE else -1
    target = head_target(heading, led, best, row[TRICK_CARDS], row[FACE_DOWN] != 0, best_led,
                         suit_of[trump])  # fmt: skip
    return obliged_follow(hand, led, best, target, cfg[O_POLICY], trump, suit_mask[trump],
                          suit_of[trump], above[trump])  # fmt: skip


@kernel_function()
def best_of_led(row, suit_of, strength):  # type: ignore[no-untyped-def]
    """The strongest card of the led suit played face up to the trick (-1: none)."""
    trump, led = row[TRUMP], row[LED]
    target, top = -1, -1
    for i in range(row[TRICK_COUNT]):
        card = row[TRICK_CARDS + i]
        if i == 0 and row[FACE_DOWN] != 0:
            continue
        if suit_of[trump, card] == led and strength[trump, card] > top:
            target, top = card, strength[trump, card]
    return target


@kernel_function()
def card_actions(mask, first, out, n):  # type: ignore[no-untyped-def]
    while mask != 0:
        out[n] = first + lowest(mask)
        n += 1
        mask &= mask - 1
    return n


@kernel_function()
def legal(row, cfg, tables, out):  # type: ignore[no-untyped-def]
    """Write the legal actions (codec numbers) into ``out``; return how many."""
    suit_of, strength, suit_mask, above, aux = tables
    phase = row[PHASE]
    hand = row[HANDS + row[TO_MOVE]]
    if phase == P_PLAY:
        return card_actions(play_mask(row, cfg, suit_of, strength, suit_mask, above),
                            cfg[A_PLAY], out, 0)  # fmt: skip
    if phase == P_DECLARE:
        out[0] = cfg[A_IN]
        n = 1
        if row[GENERAL] < 0 and can_pass(row, cfg):
            out[n] = cfg[A_PASS]
            n += 1
        if can_take_widow(row, cfg):
            out[n] = cfg[A_WIDOW]
            n += 1
        if (row[GENERAL] < 0 and cfg[O_GENERAL_RAMS] != 0
                and (cfg[O_GENERAL_ANY_TURN] != 0 or row[TURN] == 0)):  # fmt: skip
            out[n] = cfg[A_GENERAL]
            n += 1
        return n
    if phase == P_DISCARD:
        return card_actions(hand, cfg[A_DISCARD], out, 0)
    if phase == P_EXCHANGE:
        n = 0
        single = row[TURNUP_COUNT] == 1 or cfg[O_PARTIAL] != 0
        if row[TURNUP_COUNT] == 2:
            rest = hand
            while rest != 0:
                a = lowest(rest)
                rest &= rest - 1
                others = rest
                while others != 0:
                    b = lowest(others)
                    others &= others - 1
                    out[n] = aux[1 + a, b]
                    n += 1
        if single:
            rest = hand
            while rest != 0:
                out[n] = aux[0, lowest(rest)]
                n += 1
                rest &= rest - 1
        out[n] = cfg[A_DECLINE]
        return n + 1
    return 0


# -- acting ------------------------------------------------------------------------------------


@kernel_function()
def apply(row, rng, g, action, cfg, tables, work):  # type: ignore[no-untyped-def]
    """Carry out legal ``action`` (a codec number) for the seat to move."""
    suit_of, strength, _suit_mask, _above, aux = tables
    seat = row[TO_MOVE]
    phase = row[PHASE]
    if phase == P_PLAY:
        play(row, cfg, seat, action - cfg[A_PLAY], suit_of, strength, tables[2])
    elif phase == P_DECLARE:
        if action != cfg[A_PASS]:
            row[IN_MASK] |= np.int64(1) << seat
        if action == cfg[A_GENERAL]:
            row[GENERAL] = seat
        elif action == cfg[A_WIDOW]:
            row[WIDOW_TAKER] = seat
            row[HANDS + seat] = row[WIDOW]
            row[WIDOW] = 0
            if popcount(row[HANDS + seat]) > HAND:
                row[PHASE] = P_DISCARD
                return
        next_declarer(row, cfg)
    elif phase == P_DISCARD:
        row[HANDS + seat] &= ~(np.int64(1) << (action - cfg[A_DISCARD]))
        if popcount(row[HANDS + seat]) <= HAND:
            row[PHASE] = P_DECLARE
            next_declarer(row, cfg)
    elif phase == P_EXCHANGE:
        if action != cfg[A_DECLINE]:
            exchange(row, seat, action, aux)
        start_play(row, cfg)


@kernel_function()
def exchange(row, seat, action, aux):  # type: ignore[no-untyped-def]
    """Take the turned-up card(s) for the card(s) the action names."""
    hand = row[HANDS + seat]
    last = row[TURNUP + row[TURNUP_COUNT] - 1]
    rest = hand
    while rest != 0:
        a = lowest(rest)
        rest &= rest - 1
        if aux[0, a] == action:
            row[HANDS + seat] = (hand & ~(np.int64(1) << a)) | (np.int64(1) << last)
            row[EXCHANGER] = seat
            return
        others = rest
        while others != 0:
            b = lowest(others)
            others &= others - 1
            if aux[1 + a, b] == action:
                taken = (np.int64(1) << row[TURNUP]) | (np.int64(1) << last)
                discards = (np.int64(1) << a) | (np.int64(1) << b)
                row[HANDS + seat] = (hand & ~discards) | taken
                row[EXCHANGER] = seat
                return


@kernel_function()
def play(row, cfg, seat, card, suit_of, strength, suit_mask):  # type: ignore[no-untyped-def]
    """Play ``card`` for ``seat``: face down when a forced trump lead cannot be followed."""
    trump = row[TRUMP]
    count = row[TRICK_COUNT]
    hand = row[HANDS + seat]
    row[HANDS + seat] = hand & ~(np.int64(1) << card)
    row[TRICK_CARDS + count] = card
    row[TRICK_SEATS + count] = seat
    row[TRICK_COUNT] = count + 1
    obliged = (row[TRUMP_LEADS] >> row[DONE_TRICKS]) & 1 != 0
    blind = count == 0 and face_down_lead(row[BLIND] != 0, obliged, hand, suit_mask[trump, trump])
    if blind:
        row[LED] = trump
        row[FACE_DOWN] = 1
    else:
        row[PLAYED] |= np.int64(1) << card
        if count == 0:
            row[LED] = suit_of[trump, card]
        key = trick_key(card, row[LED], trump, suit_of[trump], strength[trump])
        if key > row[BEST_KEY]:
            row[BEST_KEY] = key
            row[BEST_SEAT] = seat
            row[BEST_CARD] = card
    if row[TRICK_COUNT] < row[ACTIVE_COUNT]:
        nxt = seat
        for step in range(1, cfg[O_PLAYERS] + 1):
            other = (seat + step) % cfg[O_PLAYERS]
            if (row[ACTIVE] >> other) & 1:
                nxt = other
                break
        row[TO_MOVE] = nxt
        return
    winner = row[BEST_SEAT]
    if row[FACE_DOWN] != 0 and row[BEST_CARD] < 0:
        rule = cfg[O_UNANSWERED]
        if rule == TRICK_VOID_CODE:
            winner = -1
        elif rule == REVEAL_CODE:
            winner = revealed_winner(row, suit_of, strength)
        else:
            winner = row[LEADER]
    if winner >= 0:
        row[WON + winner] += 1
    row[WINNERS + row[DONE_TRICKS]] = winner
    row[LAST_WINNER] = winner
    row[DONE_TRICKS] += 1
    leader = winner if winner >= 0 else row[LEADER]
    start_trick(row, leader)
    row[FACE_DOWN] = 0
    if row[DONE_TRICKS] == TRICKS:
        settle(row, cfg)


@kernel_function()
def revealed_winner(row, suit_of, strength):  # type: ignore[no-untyped-def]
    trump = row[TRUMP]
    led = suit_of[trump, row[TRICK_CARDS]]
    best_seat, best = row[LEADER], -1
    for i in range(row[TRICK_COUNT]):
        key = trick_key(row[TRICK_CARDS + i], led, trump, suit_of[trump], strength[trump])
        if key > best:
            best_seat, best = row[TRICK_SEATS + i], key
    return best_seat


# -- policies ----------------------------------------------------------------------------------


@kernel_function()
def playable(row, cfg, tables):  # type: ignore[no-untyped-def]
    """The cards the seat to move may play, as a mask (the drivers' ``playable`` step)."""
    suit_of, strength, suit_mask, above, _aux = tables
    return play_mask(row, cfg, suit_of, strength, suit_mask, above)


@kernel_function()
def card_value(row, card, suit_of, strength):  # type: ignore[no-untyped-def]
    trump = row[TRUMP]
    return strength[trump, card] + (TRUMP_BONUS if suit_of[trump, card] == trump else 0)


@kernel_function()
def heuristic_action(row, rng, g, cfg, tables, buffer):  # type: ignore[no-untyped-def]
    """Play with two trumps or a trump and an ace (or when passing is not allowed), never take
    the widow or announce a general; take the turn-up for the weakest card(s); discard the
    weakest card; in the tricks win as cheaply as possible, else play the lowest card."""
    suit_of, strength, suit_mask, _above, aux = tables
    hand = row[HANDS + row[TO_MOVE]]
    trump = row[TRUMP]
    count = legal(row, cfg, tables, buffer)
    phase = row[PHASE]
    if phase == P_DECLARE:
        trumps = popcount(hand & suit_mask[trump, trump])
        aces = 0
        rest = hand
        while rest != 0:
            card = lowest(rest)
            rest &= rest - 1
            if suit_of[trump, card] != trump and strength[trump, card] >= 28:
                aces += 1
        strong = trumps >= 2 or (trumps >= 1 and aces >= 1)
        for i in range(count):
            if buffer[i] == cfg[A_PASS] and not strong:
                return buffer[i]
        return cfg[A_IN]
    if phase in (P_DISCARD, P_EXCHANGE):
        pick, pick_value = buffer[count - 1], 1 << 40
        for i in range(count):
            action = buffer[i]
            if action == cfg[A_DECLINE]:
                continue
            value = 0
            if phase == P_DISCARD:
                value = card_value(row, action - cfg[A_DISCARD], suit_of, strength)
            else:
                rest = hand
                while rest != 0:
                    a = lowest(rest)
                    rest &= rest - 1
                    if aux[0, a] == action:
                        value = card_value(row, a, suit_of, strength)
                    others = rest
                    while others != 0:
                        b = lowest(others)
                        others &= others - 1
                        if aux[1 + a, b] == action:
                            value = card_value(row, a, suit_of, strength) + card_value(
                                row, b, suit_of, strength
                            )
            if value < pick_value:
                pick, pick_value = action, value
        return pick
    if phase != P_PLAY:
        return buffer[below(rng, g, count)]
    return cheapest_winner(row, cfg, suit_of, strength, buffer, count)


deal_all, play_out, legal_masks, step_all, play_until = make_drivers(
    __name__, deal=deal, legal=legal, apply=apply, playable=playable, heuristic=heuristic_action
)
