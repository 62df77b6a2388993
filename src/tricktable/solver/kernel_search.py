"""The numba kernel's alpha-beta search, as a loop over an explicit stack (``[fast]`` extra).

The search of :mod:`tricktable.solver.search` on the compact card numbering of
:mod:`.kernel`, with the partition table of :mod:`.kernel_tt`. It is written as a loop rather
than a recursion: numba can keep a loop's machine code on disk (a recursive function's cache
crashes when loaded again), so a process pays the compilation once per install, not once per
run, and the loop passes no arguments per node.

Each ply has a frame (a row of ``frame``): the trick so far, the window, the moves and how
far through them the node is. :func:`_enter` opens a node (table probe, bounds, moves);
:func:`_play` makes the node's next move and opens the child's frame; :func:`_back` takes the
child's value back into the node and says whether the node is done.
"""

from __future__ import annotations

import numpy as np

from ..jit.bits import kernel_function, lowest
from ..trick import REVEAL_CODE, TRICK_VOID_CODE
from .kernel import (
    BLIND,
    GENERATION,
    LOSER,
    N_SEATS,
    PARTITION,
    PLANES,
    QUICK,
    SIZE,
    SUIT_HI,
    TIES,
    TRICKS,
    TRUMP,
    TRUMP_LEADS,
    TT_MASK,
    UNANSWERED,
    _candidates,
    _leads_face_down,
    _legal,
    _order,
    _power,
    _quick_tricks,
    _rank_won,
    _revealed,
    _top_trumps,
    last_trick,
)
from .kernel_bounds import cannot_take_all, sure_winner, through_partner
from .kernel_tt import (
    BUCKET,
    absolute,
    better,
    care_mask,
    probe,
    shape_rows,
    store,
)

# Fields of a frame.
(SEAT, COUNT, TRICK, LEADER, LED, BEST_KEY, BEST, WINNER, BLIND_LEAD, FIRST, BEST_LED,
 BEST_LED_STR, TRICK_CARDS, ALPHA, BETA, ALPHA0, BETA0, RESULT, BEST_MOVE, N, J, HAND, BASE,
 LOW, HIGH, LOW_CARDS, HIGH_CARDS, SEARCHED, GAIN, WON, FORCED, TT_MOVE, DIGEST, ALPHA_IN,
 BETA_IN, HELD, SKIP) = range(37)  # fmt: skip
FRAME_WIDTH = SKIP + 5
"""SKIP..SKIP+5: per effective suit, the node's moves below this compact card are skipped."""


@kernel_function()
def search(depth, state, alpha, beta, forced, static, work):  # type: ignore[no-untyped-def]
    """Our tricks from the current trick on, from the position at ``depth`` described by
    ``state`` (seat, count, trick number, leader, led, best key, best, winner, blind, first,
    best led, its strength, trick cards); ``forced`` >= 0 plays that card first and only."""
    frame = work[7]
    for i in range(13):
        frame[depth, i] = state[i]
    frame[depth, ALPHA], frame[depth, BETA], frame[depth, FORCED] = alpha, beta, forced
    held = np.int64(0)
    for s in range(static[0][N_SEATS]):
        held |= work[0][s]
    frame[depth, HELD] = held  # the cards in the hands, kept up to date by each play
    top = depth
    done = _enter(depth, static, work)
    while True:
        if not done:
            _play(depth, static, work)
            depth += 1
            done = _enter(depth, static, work)
            continue
        if depth == top:
            return frame[depth, RESULT]
        value, cards = frame[depth, RESULT], work[5][depth]
        depth -= 1
        done = _back(depth, value, cards, static, work)


@kernel_function(inline=True)
def _enter(d, static, work):  # type: ignore[no-untyped-def]
    """Open the node of frame ``d``; True when its value is known at once (in RESULT)."""
    cfg, ours = static[0], static[2]
    hands, relevant, frame, stats = work[0], work[5], work[7], work[9]
    stats[0] += 1
    seat, count, trick = frame[d, SEAT], frame[d, COUNT], frame[d, TRICK]
    if count == 0:
        stats[1] += 1
    alpha, beta = frame[d, ALPHA], frame[d, BETA]
    frame[d, BASE], frame[d, TT_MOVE] = -1, -1
    frame[d, ALPHA_IN], frame[d, BETA_IN] = alpha, beta
    low, high = 0, cfg[TRICKS] - trick
    if count == 0 and frame[d, FORCED] < 0:
        if high == 0:
            frame[d, RESULT], relevant[d] = 0, 0
            return True
        if high == 1 and cfg[BLIND] == 0:
            frame[d, RESULT], relevant[d] = last_trick(
                frame[d, LEADER], hands, cfg, static[1], ours, static[3], static[4], static[10]
            )
            return True
        low, high = _bounds(d, static, work)
        # A bound that settles the window alone reads only its own cards.
        if low >= beta:
            frame[d, RESULT], relevant[d] = low, frame[d, LOW_CARDS]
            return True
        if high <= alpha:
            frame[d, RESULT], relevant[d] = high, frame[d, HIGH_CARDS]
            return True
        if low >= high:
            frame[d, RESULT], relevant[d] = low, frame[d, LOW_CARDS] | frame[d, HIGH_CARDS]
            return True
        alpha, beta = max(alpha, low), min(beta, high)
    elif (count > 0 and frame[d, FORCED] < 0 and cfg[QUICK] and not frame[d, BLIND_LEAD]
          and (beta <= 1 or alpha >= high - 1)):  # fmt: skip
        # A window that asks whether a side takes the trick in play, or every trick left.
        side, card = sure_winner(seat, count, frame[d, LED], frame[d, BEST_KEY], frame[d, BEST],
                                 frame[d, WINNER], frame[d, TRICK_CARDS], cfg, ours, hands,
                                 static[10], static[3], static[5], static[1])  # fmt: skip
        read = (np.int64(1) << card) if card >= 0 else np.int64(0)
        if side == 1 and beta <= 1:
            frame[d, RESULT], relevant[d] = 1, read
            return True
        if side == 0 and alpha >= high - 1:
            frame[d, RESULT], relevant[d] = high - 1, read
            return True
    frame[d, LOW], frame[d, HIGH] = low, high
    frame[d, ALPHA], frame[d, BETA], frame[d, ALPHA0], frame[d, BETA0] = alpha, beta, alpha, beta
    frame[d, RESULT] = -1 if ours[seat] else LOSER
    frame[d, BEST_MOVE], frame[d, J], frame[d, SEARCHED] = -1, 0, 0
    frame[d, HAND] = hands[seat]
    for suit in range(5):
        frame[d, SKIP + suit] = -1
    frame[d, N] = _moves(d, static, work)
    return False


@kernel_function(inline=True)
def _bounds(d, static, work):  # type: ignore[no-untyped-def]
    """(low, high) at a trick boundary from the table, quick tricks and the top trumps;
    the cards each depends on go to LOW_CARDS and HIGH_CARDS, the table's best lead to TT_MOVE."""
    cfg, ours, above, suit_mask = static[0], static[2], static[8], static[10]
    hands, rows, found, frame, stats = work[0], work[4], work[6], work[7], work[9]
    leader, trick, n_seats, planes = frame[d, LEADER], frame[d, TRICK], cfg[N_SEATS], cfg[PLANES]
    left = cfg[TRICKS] - trick
    low, high, low_cards, high_cards = 0, left, np.int64(0), np.int64(0)
    present = frame[d, HELD]
    row = rows[trick]
    digest = shape_rows(leader, hands, present, n_seats, planes, suit_mask, cfg[TIES], row)
    base = digest & cfg[TT_MASK] & ~np.int64(BUCKET - 1)
    frame[d, BASE], frame[d, DIGEST], frame[d, TT_MOVE] = base, digest, -1
    alpha, beta = frame[d, ALPHA], frame[d, BETA]
    if probe(base, digest, row, n_seats, planes, cfg[GENERATION], stats[0], alpha, beta,
             work[8], found):  # fmt: skip
        frame[d, TT_MOVE] = found[3]
        at = n_seats + 1 + planes
        if found[0] > low:
            low, low_cards = found[0], absolute(found[2], row, at)
        if found[1] < high:
            high, high_cards = found[1], absolute(found[4], row, at)
    # Each bound keeps the cards of the source that gave it (a bound that is not needed
    # would only make the table's entries narrower).
    sure_mine, sure_theirs, mine, theirs = _top_trumps(hands, cfg, ours, suit_mask, above)
    if better(sure_mine, mine, low, low_cards, sure_mine >= beta, low >= beta):
        low, low_cards = sure_mine, mine
    bound = left - sure_theirs
    if better(-bound, theirs, -high, high_cards, bound <= alpha, high <= alpha):
        high, high_cards = bound, theirs
    # Quick tricks only where they settle the node: a weaker bound returned in place of a
    # search, or a window narrowed by it, costs more later than it saves here.
    if cfg[QUICK]:
        needed = beta if ours[leader] else left - alpha
        sure, cards = _quick_tricks(leader, hands, present, cfg, suit_mask, static[9], needed)
        if sure < needed:
            sure, cards = through_partner(leader, sure, cards, needed, hands, present, cfg,
                                          suit_mask, static[6], static[9])  # fmt: skip
        if ours[leader]:
            if sure >= beta and better(sure, cards, low, low_cards, True, low >= beta):
                low, low_cards = sure, cards
        elif left - sure <= alpha and better(sure - left, cards, -high, high_cards, True,
                                             high <= alpha):  # fmt: skip
            high, high_cards = left - sure, cards
        # Where the side on lead needs every trick left, it may be shown to lose one.
        needs_all = left - 1 <= alpha if ours[leader] else beta <= 1
        if needs_all and low < high:
            lose, cards = cannot_take_all(leader, left, hands, present, cfg, suit_mask,
                                          static[6], static[9])  # fmt: skip
            if lose and ours[leader] and better(1 - left, cards, -high, high_cards, True,
                                                high <= alpha):  # fmt: skip
                high, high_cards = left - 1, cards
            elif lose and not ours[leader] and better(1, cards, low, low_cards, True, low >= beta):
                low, low_cards = 1, cards
    frame[d, LOW_CARDS], frame[d, HIGH_CARDS] = low_cards, high_cards
    return low, high


@kernel_function(inline=True)
def _moves(d, static, work):  # type: ignore[no-untyped-def]
    """Generate and order the node's moves into ``moves[d]``; returns how many."""
    cfg, next_seat, ours, suit_of, strength, power, level_lo, level_hi, above, below, suit_mask = (
        static)  # fmt: skip
    hands, moves, keys, frame = work[0], work[2], work[3], work[7]
    seat, count, hand = frame[d, SEAT], frame[d, COUNT], frame[d, HAND]
    present = frame[d, TRICK_CARDS] | frame[d, HELD]
    if frame[d, FORCED] >= 0:
        moves[d, 0] = frame[d, FORCED]
        return 1
    legal = _legal(hand, count, frame[d, LED], frame[d, BEST], frame[d, FIRST],
                   frame[d, BLIND_LEAD] != 0, frame[d, BEST_LED], frame[d, TRICK], cfg,
                   suit_mask, suit_of, above)  # fmt: skip
    n = _candidates(hand, legal, present, d, suit_of, level_lo, level_hi, below, moves)
    _order(seat, count, n, frame[d, LED], frame[d, BEST_KEY], frame[d, WINNER], d, cfg, ours,
           suit_of, strength, power, moves, keys, hands, present, suit_mask, level_lo,
           level_hi, below, next_seat)  # fmt: skip
    # Leads: the table's best lead from an earlier search of this position first. (The lead
    # that last cut off a node at the same depth, the bridge solvers' killer move, put first
    # as well cost 3.6 % more nodes on the bench's bridge deals once followers play third
    # hand high.)
    if count == 0:
        _to_front(d, frame[d, TT_MOVE], n, moves)
    return n


@kernel_function(inline=True)
def _to_front(d, card, n, moves):  # type: ignore[no-untyped-def]
    if card < 0:
        return
    for j in range(1, n):
        if moves[d, j] == card:
            for i in range(j, 0, -1):
                moves[d, i] = moves[d, i - 1]
            moves[d, 0] = card
            return


@kernel_function(inline=True)
def _play(d, static, work):  # type: ignore[no-untyped-def]
    """Play the node's next move and fill the child's frame ``d + 1``."""
    cfg, next_seat, ours, suit_of, strength = static[0], static[1], static[2], static[3], static[4]
    suit_mask = static[10]
    hands, played, moves, frame = work[0], work[1], work[2], work[7]
    seat, count, trick, trump = frame[d, SEAT], frame[d, COUNT], frame[d, TRICK], cfg[TRUMP]
    hand, card = frame[d, HAND], moves[d, frame[d, J]]
    bit = np.int64(1) << card
    hands[seat] = hand ^ bit
    played[d] = card
    c = d + 1
    frame[c, HELD] = frame[d, HELD] ^ bit
    for i in range(LED, TRICK_CARDS):
        frame[c, i] = frame[d, i]
    if count == 0:
        obliged = (cfg[TRUMP_LEADS] >> trick) & 1 == 1
        blind = _leads_face_down(cfg[BLIND] != 0, obliged, hand, suit_mask[trump])
        frame[c, FIRST], frame[c, BLIND_LEAD] = card, blind
        frame[c, LED] = trump if blind else suit_of[card]
        frame[c, BEST_KEY], frame[c, BEST], frame[c, WINNER] = -1, -1, seat
        frame[c, BEST_LED], frame[c, BEST_LED_STR] = -1, -1
    if not (count == 0 and frame[c, BLIND_LEAD]):
        key = _power(card, frame[c, LED], trump, suit_of, strength)
        if key > frame[c, BEST_KEY]:
            frame[c, BEST_KEY], frame[c, BEST], frame[c, WINNER] = key, card, seat
        if suit_of[card] == frame[c, LED] and strength[card] > frame[c, BEST_LED_STR]:
            frame[c, BEST_LED], frame[c, BEST_LED_STR] = card, strength[card]
    frame[c, FORCED] = -1
    if count + 1 < cfg[SIZE]:
        frame[c, SEAT], frame[c, COUNT], frame[c, TRICK] = next_seat[seat], count + 1, trick
        frame[c, LEADER], frame[c, TRICK_CARDS] = frame[d, LEADER], frame[d, TRICK_CARDS] | bit
        frame[c, ALPHA], frame[c, BETA] = frame[d, ALPHA], frame[d, BETA]
        frame[d, GAIN], frame[d, WON] = 0, 0
        return
    taker = _taker(d, c, static, work)
    gain = 1 if taker >= 0 and ours[taker] != 0 else 0
    nxt = taker if taker >= 0 else frame[d, LEADER]
    frame[d, GAIN] = gain
    frame[d, WON] = _rank_won(d, cfg, played, suit_of, frame[c, BEST])
    frame[c, SEAT], frame[c, COUNT], frame[c, TRICK], frame[c, LEADER] = nxt, 0, trick + 1, nxt
    frame[c, TRICK_CARDS] = 0
    frame[c, ALPHA], frame[c, BETA] = frame[d, ALPHA] - gain, frame[d, BETA] - gain


@kernel_function(inline=True)
def _taker(d, c, static, work):  # type: ignore[no-untyped-def]
    """Who takes the trick just completed at ply ``d`` (-1: nobody, a void trick)."""
    cfg, next_seat, suit_of, strength = static[0], static[1], static[3], static[4]
    played, frame = work[1], work[7]
    if frame[c, BLIND_LEAD] and frame[c, BEST] < 0:
        if cfg[UNANSWERED] == TRICK_VOID_CODE:
            return -1
        if cfg[UNANSWERED] == REVEAL_CODE:
            return _revealed(frame[d, LEADER], d, cfg, played, next_seat, suit_of, strength)
        return frame[d, LEADER]
    return frame[c, WINNER]


@kernel_function(inline=True)
def _back(d, value, cards, static, work):  # type: ignore[no-untyped-def]
    """Take a child's value into node ``d``; True when the node is done (cut off or every
    move tried), its value then in RESULT."""
    ours = static[2]
    hands, moves, frame = work[0], work[2], work[7]
    seat = frame[d, SEAT]
    hands[seat] = frame[d, HAND]
    value += frame[d, GAIN]
    card = moves[d, frame[d, J]]
    cards |= frame[d, WON]
    if static[0][PARTITION] != 0:
        cards = _class_kept(d, card, cards, static, work)
    frame[d, SEARCHED] |= cards
    if ours[seat]:
        if value > frame[d, RESULT]:
            frame[d, RESULT], frame[d, BEST_MOVE] = value, card
            frame[d, ALPHA] = max(frame[d, ALPHA], value)
    elif value < frame[d, RESULT]:
        frame[d, RESULT], frame[d, BEST_MOVE] = value, card
        frame[d, BETA] = min(frame[d, BETA], value)
    frame[d, J] += 1
    if frame[d, ALPHA] >= frame[d, BETA]:
        frame[d, SEARCHED] = cards  # the refutation alone decides the bound
    else:
        if static[0][PARTITION] != 0:
            _skip_equivalent(d, card, static, work)
        if frame[d, J] < frame[d, N]:
            return False
    _finish(d, static, work)
    return True


@kernel_function(inline=True)
def _class_kept(d, card, cards, static, work):  # type: ignore[no-untyped-def]
    """The child's relevant ``cards``, with ``card`` added when they hold a card of its class
    that stayed in the hand. The search played the class's lowest card for all of them; that
    stands for the others only while no other card lies between, so a kept card's rank
    deciding the value makes the ranks down to the played card decide it too."""
    level_lo, level_hi, below = static[6], static[7], static[9]
    frame = work[7]
    hand, in_suit = frame[d, HAND], static[10][static[3][card]]
    kept = cards & hand & in_suit & ~below[card + 1]
    if kept == 0:
        return cards
    present = frame[d, TRICK_CARDS] | frame[d, HELD]
    others = present & ~hand
    rest, prev = hand & in_suit & ~below[card + 1], card
    while rest != 0:
        nxt = lowest(rest)
        rest &= rest - 1
        if others & below[level_hi[nxt] + 1] & ~below[level_lo[prev]] != 0:
            return cards
        if (kept >> nxt) & 1:
            return cards | (np.int64(1) << card)
        prev = nxt
    return cards


@kernel_function(inline=True)
def _skip_equivalent(d, card, static, work):  # type: ignore[no-untyped-def]
    """After ``card`` was searched without a cut-off: if it lies below every card of its suit
    whose rank decided the node so far, any other card of the suit below them gives the same
    value (the positions differ only under the relevant ranks), so those moves are skipped."""
    cfg, suit_of, level_lo, suit_mask = static[0], static[3], static[6], static[10]
    moves, frame = work[2], work[7]
    suit = suit_of[card]
    if frame[d, SKIP + suit] < 0:
        decided = frame[d, SEARCHED] & suit_mask[suit]
        limit = cfg[SUIT_HI + suit] + 1
        if decided != 0:
            limit = level_lo[lowest(decided)]
        if card < limit:
            frame[d, SKIP + suit] = limit
    j, n = frame[d, J], frame[d, N]
    while j < n:
        move = moves[d, j]
        if move >= frame[d, SKIP + suit_of[move]]:
            break
        j += 1
    frame[d, J] = j


@kernel_function(inline=True)
def _finish(d, static, work):  # type: ignore[no-untyped-def]
    """Report the node's relevant cards and keep its bound in the table (trick boundaries)."""
    cfg, level_lo, below, suit_mask = static[0], static[6], static[9], static[10]
    rows, relevant, frame, stats = work[4], work[5], work[7], work[9]
    relevant[d] = frame[d, SEARCHED]
    result, left = frame[d, RESULT], cfg[TRICKS] - frame[d, TRICK]
    # The search's value alone bounds the node; a bound that narrowed the window is needed
    # too when the value fell between the window given and the narrowed one.
    low, high = result, result
    if result <= frame[d, ALPHA0]:
        low = 0
        if result > frame[d, ALPHA_IN]:
            low = frame[d, LOW]
            relevant[d] |= frame[d, LOW_CARDS]
    elif result >= frame[d, BETA0]:
        high = left
        if result < frame[d, BETA_IN]:
            high = frame[d, HIGH]
            relevant[d] |= frame[d, HIGH_CARDS]
    if frame[d, BASE] < 0:
        return
    present = frame[d, HELD]
    trick, n, planes = frame[d, TRICK], cfg[N_SEATS], cfg[PLANES]
    row = rows[trick]
    care = care_mask(relevant[d], present, suit_mask, level_lo, below, cfg[PARTITION] != 0, row,
                     n + 1 + planes)  # fmt: skip
    store(frame[d, BASE], frame[d, DIGEST], row, n, planes, care, low, high, cfg[TRICKS] - trick,
          frame[d, BEST_MOVE], cfg[GENERATION], stats[0], work[8])  # fmt: skip
