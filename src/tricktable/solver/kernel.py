"""The numba kernel of the double-dummy search (optional: the ``[fast]`` extra).

The same search as :mod:`tricktable.solver.search` on a compact card numbering: the cards in
play at the root are renumbered 0..n-1 by (effective suit, strength), so a hand is one int64,
"the cards above this one" is a table lookup and two cards are equivalent when no other card
in play (in another hand or on the table) lies in the span of their strength levels. The
transposition table is a fixed array probed at trick boundaries, keyed on the hands squeezed
onto the cards still in play (relative ranks), with a mark per suit start and per tied level
and the set of suits still in play.

This module imports numba; :mod:`tricktable.solver.fast` loads it only when numba is there.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .kernel_tt import BUCKET, absolute, care_mask, lowest, probe, shape_rows, store

# Slots of the configuration vector.
N_SEATS, SIZE, TRICKS, TRUMP, LOO, HEADING, BLIND, UNANSWERED, TRUMP_LEADS, TT_MASK = range(10)
N_CARDS, GENERATION, WIDTH, QUICK, SUIT_LO, SUIT_HI, SIDES, PARTITION = (
    10,
    11,
    12,
    13,
    14,
    19,
    24,
    25,
)
CONFIG_LENGTH = 26
HEADINGS = ("win_if_possible", "always_head_led_suit", "beat_led_card")
UNANSWERED_CODES = ("leader_wins", "trick_void", "reveal_and_follow")
TRUMP_BONUS = 1000
LOSER = 1 << 20


@njit(cache=True)
def _power(card, led, trump, suit_of, strength):  # type: ignore[no-untyped-def]
    suit = suit_of[card]
    if suit == trump:
        return TRUMP_BONUS + strength[card]
    if suit == led:
        return strength[card]
    return -1


@njit(cache=True)
def _legal(hand, count, led, best, first, blind, best_led, trick_number, cfg, suit_mask,  # type: ignore[no-untyped-def]
           suit_of, above):  # fmt: skip
    trump = cfg[TRUMP]
    if count == 0:
        if (cfg[TRUMP_LEADS] >> trick_number) & 1:
            trumps = hand & suit_mask[trump]
            return trumps if trumps != 0 else hand
        return hand
    follow = hand & suit_mask[led]
    if cfg[LOO] == 0:
        return follow if follow != 0 else hand
    if follow != 0:
        heading = cfg[HEADING]
        if heading == 2:
            target = -1 if blind else first
        elif heading == 0:
            target = best if best >= 0 and suit_of[best] == led else -1
        else:
            target = best_led
        if target < 0:
            return follow
        heads = follow & above[target]
        return heads if heads != 0 else follow
    trumps = hand & suit_mask[trump]
    if trumps != 0:
        if best >= 0 and suit_of[best] == trump:
            over = trumps & above[best]
            return over if over != 0 else trumps
        return trumps
    return hand


@njit(cache=True)
def _revealed(leader, depth, cfg, played, next_seat, suit_of, strength):  # type: ignore[no-untyped-def]
    size = cfg[SIZE]
    start = depth - size + 1
    led = suit_of[played[start]]
    best_seat, best_key, seat = leader, -1, leader
    for i in range(start, depth + 1):
        key = _power(played[i], led, cfg[TRUMP], suit_of, strength)
        if key > best_key:
            best_seat, best_key = seat, key
        seat = next_seat[seat]
    return best_seat


@njit(cache=True)
def _quick_tricks(leader, hands, present, cfg, suit_mask):  # type: ignore[no-untyped-def]
    """Tricks the leader takes by cashing his top cards: every top trump, and the top cards
    of the plain suits when nobody else holds a trump. Not even a partner: one who must ruff
    (or head) takes the lead away, and the leader's other winners may then be stranded.

    Without Loo's obligations nobody must ruff, so when opponents hold trumps the leader
    still cashes, in one plain suit, as many top cards as every such opponent can follow
    to (while he holds trumps he follows the trump leads, so he cannot discard that suit), and
    a partner as many as he has cards that are not trumps."""
    trump, mine = cfg[TRUMP], hands[leader]
    loo = cfg[LOO] != 0
    ruffable = False
    for s in range(cfg[N_SEATS]):
        if s != leader and hands[s] & suit_mask[trump] != 0:
            ruffable = True
    total, extra, counted = 0, 0, np.int64(0)
    for suit in range(5):
        if suit != trump and ruffable and loo:
            continue
        run = 0
        for card in range(cfg[SUIT_HI + suit], cfg[SUIT_LO + suit] - 1, -1):
            bit = np.int64(1) << card
            if present & bit == 0:
                continue
            if mine & bit == 0:
                break
            run += 1
            counted |= bit
        if suit == trump or not ruffable:
            total += run
            continue
        for s in range(cfg[N_SEATS]):
            if s == leader or hands[s] & suit_mask[trump] == 0:
                continue
            # An opponent ruffs once void; a partner only when he has nothing else left (his
            # ruff would take the lead and might strand the leader's winners).
            if _same_side(s, leader, cfg):
                run = min(run, _popcount(hands[s] & ~suit_mask[trump]))
            else:
                run = min(run, _popcount(hands[s] & suit_mask[suit]))
        extra = max(extra, run)
    # The count holds wherever the same seats hold these top cards and the suit lengths are
    # the same (the rest of the rule reads lengths only): those cards are what it depends on.
    return total + extra, counted


@njit(cache=True)
def _same_side(a, b, cfg):  # type: ignore[no-untyped-def]
    return ((cfg[SIDES] >> a) & 1) == ((cfg[SIDES] >> b) & 1)


@njit(cache=True)
def _popcount(x):  # type: ignore[no-untyped-def]
    count = 0
    while x != 0:
        x &= x - 1
        count += 1
    return count


@njit(cache=True)
def _trump_run(hands, present, cfg, level_lo, level_hi):  # type: ignore[no-untyped-def]
    """(seat, k, cards): one seat holds the k highest trumps in play, each of which must win
    the trick it is played to (whatever the rules: no card beats it, and it is never led face
    down). (-1, 0, cards) when the top trump's level is shared between seats."""
    trump, n = cfg[TRUMP], cfg[N_SEATS]
    holder, run, counted = -1, 0, np.int64(0)
    card = cfg[SUIT_HI + trump]
    while card >= cfg[SUIT_LO + trump]:
        if (present >> card) & 1 == 0:
            card -= 1
            continue
        owners = 0
        for c in range(level_lo[card], level_hi[card] + 1):
            for s in range(n):
                if (hands[s] >> c) & 1:
                    owners |= 1 << s
        if owners & (owners - 1) != 0 or (holder >= 0 and owners != 1 << holder):
            break
        for s in range(n):
            if owners == 1 << s:
                holder = s
        for c in range(level_lo[card], level_hi[card] + 1):
            run += (hands[holder] >> c) & 1
            counted |= present & (np.int64(1) << c)
        card = level_lo[card] - 1
    return holder, run, counted


@njit(cache=True)
def _candidates(hand, legal, present, depth, suit_of, level_lo, level_hi, below, moves):  # type: ignore[no-untyped-def]
    """One card per class of equivalent legal cards into ``moves[depth]``; returns the count."""
    others = present & ~hand
    count, prev, rest = 0, -1, legal
    while rest != 0:
        low = rest & -rest
        rest ^= low
        card = lowest(low)
        if prev >= 0 and suit_of[prev] == suit_of[card]:
            span = below[level_hi[card] + 1] & ~below[level_lo[prev]]
            if others & span == 0:
                prev = card
                continue
        moves[depth, count] = card
        count += 1
        prev = card
    return count


@njit(cache=True)
def _lead_key(seat, card, hands, present, cfg, ours, suit_of, suit_mask, level_lo, level_hi,  # type: ignore[no-untyped-def]
              below):  # fmt: skip
    """Sort key of a lead (smallest first), after the bridge solvers' heuristics: cash a card
    that wins the trick, else lead towards a partner's top card or his ruff, and avoid suits
    an opponent can ruff; within a kind, winners high and the rest low."""
    suit, trump, n = suit_of[card], cfg[TRUMP], cfg[N_SEATS]
    top = cfg[SUIT_HI + suit]
    while top >= cfg[SUIT_LO + suit] and (present >> top) & 1 == 0:
        top -= 1
    span = below[level_hi[top] + 1] & ~below[level_lo[card]]
    score = 0
    if present & ~hands[seat] & span == 0:
        score = 6  # the card is (equivalent to) the suit's top card: it wins now
    else:
        for s in range(n):
            if s != seat and (hands[s] >> top) & 1 and ours[s] == ours[seat]:
                score = 5  # partner holds the top card
    if suit != trump:
        for s in range(n):
            if s == seat or hands[s] & suit_mask[suit] != 0 or hands[s] & suit_mask[trump] == 0:
                continue
            score += 2 if ours[s] == ours[seat] else -7
    elif score < 6:
        score -= 1
    return -score * 128 + (-card if score >= 6 else card)


@njit(cache=True)
def _order(seat, count, n, led, best_key, winner, depth, cfg, ours, suit_of, strength, power,  # type: ignore[no-untyped-def]
           moves, keys, hands, present, suit_mask, level_lo, level_hi, below):  # fmt: skip
    """Sort the candidates: leads by :func:`_lead_key`; followers cheapest useful card first."""
    partner_wins = count > 0 and best_key >= 0 and ours[winner] == ours[seat]
    for j in range(n):
        card = moves[depth, j]
        if count == 0:
            keys[depth, j] = _lead_key(seat, card, hands, present, cfg, ours, suit_of,
                                       suit_mask, level_lo, level_hi, below)  # fmt: skip
        elif partner_wins:
            keys[depth, j] = power[card]
        else:
            bid = _power(card, led, cfg[TRUMP], suit_of, strength)
            keys[depth, j] = bid if bid > best_key else LOSER + power[card]
    for j in range(1, n):
        card, key, i = moves[depth, j], keys[depth, j], j - 1
        while i >= 0 and keys[depth, i] > key:
            moves[depth, i + 1], keys[depth, i + 1] = moves[depth, i], keys[depth, i]
            i -= 1
        moves[depth, i + 1], keys[depth, i + 1] = card, key


# Not cached: numba's on-disk cache of a recursive function crashes when it is loaded again.
@njit
def search(seat, count, depth, trick_number, leader, led, best_key, best, winner, blind, first,  # type: ignore[no-untyped-def]
           best_led, best_led_str, trick_cards, alpha, beta, forced, hands, cfg, next_seat,
           ours, suit_of, strength, power, level_lo, level_hi, above, below, suit_mask, played,
           moves, keys, rows, relevant, found, tt_keys, tt_bounds, stats):  # fmt: skip
    """Our tricks from the current trick on; ``forced`` >= 0 plays that card (root moves).

    Also leaves in ``relevant[depth]`` the cards whose ranks the answer depends on (see
    :mod:`.kernel_tt`): the answer holds in every position that differs only below them."""
    stats[0] += 1
    # -- trick boundary: end of hand, table probe, bounds -----------------------------------
    base, tt_move, best_move = -1, -1, -1
    low, high = 0, cfg[TRICKS] - trick_number
    bound_cards = np.int64(0)
    n_seats = cfg[N_SEATS]
    row = rows[trick_number]
    if count == 0 and forced < 0:
        relevant[depth] = 0
        if high == 0:
            return 0
        present = np.int64(0)
        for s in range(n_seats):
            present |= hands[s]
        digest = shape_rows(leader, hands, present, n_seats, suit_of, level_lo, row)
        base = digest & cfg[TT_MASK] & ~np.int64(BUCKET - 1)
        if probe(base, leader, row, n_seats, cfg[GENERATION], stats[0], tt_keys, tt_bounds,
                 found):  # fmt: skip
            if found[0] > low or found[1] < high:
                bound_cards |= absolute(found[2], present)
            low, high, tt_move = max(low, found[0]), min(high, found[1]), found[3]
            stats[1] += 1
        if cfg[QUICK]:
            sure, cards = _quick_tricks(leader, hands, present, cfg, suit_mask)
            if ours[leader] and sure > low:
                low, bound_cards = sure, bound_cards | cards
            elif not ours[leader] and cfg[TRICKS] - trick_number - sure < high:
                high, bound_cards = cfg[TRICKS] - trick_number - sure, bound_cards | cards
        holder, run, cards = _trump_run(hands, present, cfg, level_lo, level_hi)
        if holder >= 0 and ours[holder] and run > low:
            low, bound_cards = run, bound_cards | cards
        elif holder >= 0 and not ours[holder] and cfg[TRICKS] - trick_number - run < high:
            high, bound_cards = cfg[TRICKS] - trick_number - run, bound_cards | cards
        relevant[depth] = bound_cards
        if low >= beta or low >= high:
            stats[2] += 1
            return low
        if high <= alpha:
            stats[2] += 1
            return high
        stats[3] += 1
        alpha, beta = max(alpha, low), min(beta, high)
    alpha0, beta0 = alpha, beta
    # -- moves -------------------------------------------------------------------------------
    hand = hands[seat]
    present = trick_cards
    for s in range(n_seats):
        present |= hands[s]
    if forced >= 0:
        n = 1
        moves[depth, 0] = forced
    else:
        legal = _legal(hand, count, led, best, first, blind, best_led, trick_number, cfg,
                       suit_mask, suit_of, above)  # fmt: skip
        n = _candidates(hand, legal, present, depth, suit_of, level_lo, level_hi, below, moves)
        _order(seat, count, n, led, best_key, winner, depth, cfg, ours, suit_of, strength,
               power, moves, keys, hands, present, suit_mask, level_lo, level_hi,
               below)  # fmt: skip
        # The table's best lead from an earlier search of this position goes first.
        for j in range(1, n if tt_move >= 0 else 0):
            if moves[depth, j] == tt_move:
                for i in range(j, 0, -1):
                    moves[depth, i] = moves[depth, i - 1]
                moves[depth, 0] = tt_move
                break
    maximise = ours[seat] != 0
    result = -1 if maximise else LOSER
    trump = cfg[TRUMP]
    searched = np.int64(0)
    for j in range(n):
        card = moves[depth, j]
        bit = np.int64(1) << card
        hands[seat] = hand ^ bit
        played[depth] = card
        # -- the card joins the trick --------------------------------------------------------
        n_led, n_key, n_best, n_win, n_blind, n_first = led, best_key, best, winner, blind, first
        n_best_led, n_best_led_str = best_led, best_led_str
        if count == 0:
            n_first = card
            n_blind = (cfg[BLIND] != 0 and (cfg[TRUMP_LEADS] >> trick_number) & 1 == 1
                       and hand & suit_mask[trump] == 0)  # fmt: skip
            n_led = trump if n_blind else suit_of[card]
            n_key, n_best, n_win, n_best_led, n_best_led_str = -1, -1, seat, -1, -1
        if not (count == 0 and n_blind):
            key = _power(card, n_led, trump, suit_of, strength)
            if key > n_key:
                n_key, n_best, n_win = key, card, seat
            if suit_of[card] == n_led and strength[card] > n_best_led_str:
                n_best_led, n_best_led_str = card, strength[card]
        # -- next seat, or the trick is complete ---------------------------------------------
        if count + 1 < cfg[SIZE]:
            value = search(next_seat[seat], count + 1, depth + 1, trick_number, leader, n_led,
                           n_key, n_best, n_win, n_blind, n_first, n_best_led, n_best_led_str,
                           trick_cards | bit, alpha, beta, -1, hands, cfg, next_seat, ours,
                           suit_of, strength, power, level_lo, level_hi, above, below,
                           suit_mask, played, moves, keys, rows, relevant, found, tt_keys,
                           tt_bounds, stats)  # fmt: skip
            child_cards = relevant[depth + 1]
        else:
            taker = n_win
            if n_blind and n_best < 0:
                if cfg[UNANSWERED] == 1:
                    taker = -1
                elif cfg[UNANSWERED] == 2:
                    taker = _revealed(leader, depth, cfg, played, next_seat, suit_of, strength)
                else:
                    taker = leader
            gain = 1 if taker >= 0 and ours[taker] != 0 else 0
            nxt = taker if taker >= 0 else leader
            value = gain + search(nxt, 0, depth + 1, trick_number + 1, nxt, -1, -1, -1, nxt,
                                  False, -1, -1, -1, np.int64(0), alpha - gain, beta - gain, -1,
                                  hands, cfg, next_seat, ours, suit_of, strength, power,
                                  level_lo, level_hi, above, below, suit_mask, played, moves,
                                  keys, rows, relevant, found, tt_keys, tt_bounds,
                                  stats)  # fmt: skip
            child_cards = relevant[depth + 1] | _rank_won(depth, cfg, played, suit_of, n_best)
        hands[seat] = hand
        # -- alpha-beta ----------------------------------------------------------------------
        searched |= child_cards
        if maximise:
            if value > result:
                result, best_move = value, card
                alpha = max(alpha, value)
        elif value < result:
            result, best_move = value, card
            beta = min(beta, value)
        if alpha >= beta:
            searched = child_cards  # the refutation alone decides the bound
            break
    relevant[depth] = searched | bound_cards
    # -- store the bound at a trick boundary -------------------------------------------------
    if base >= 0:
        if result <= alpha0:
            high = min(high, result)
        elif result >= beta0:
            low = max(low, result)
        else:
            low = high = result
        care = care_mask(relevant[depth], present, suit_of, strength, cfg[PARTITION] != 0)
        store(base, leader, row, n_seats, care, low, high, cfg[TRICKS] - trick_number,
              best_move, cfg[GENERATION], stats[0], tt_keys, tt_bounds)  # fmt: skip
    return result


@njit(cache=True)
def _rank_won(depth, cfg, played, suit_of, best):  # type: ignore[no-untyped-def]
    """The trick's winning card if it beat a card of its own suit (its rank won the trick;
    a ruff or a lone card of the led suit wins by the suit lengths alone), else nothing.
    A trick with no face-up best card (an unanswered blind lead) counts every card."""
    start = depth - cfg[SIZE] + 1
    if best < 0:
        everything = np.int64(0)
        for i in range(start, depth + 1):
            everything |= np.int64(1) << played[i]
        return everything
    for i in range(start, depth + 1):
        if played[i] != best and suit_of[played[i]] == suit_of[best]:
            return np.int64(1) << best
    return np.int64(0)
