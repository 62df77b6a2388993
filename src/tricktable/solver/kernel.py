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

# Slots of the configuration vector.
N_SEATS, SIZE, TRICKS, TRUMP, LOO, HEADING, BLIND, UNANSWERED, TRUMP_LEADS, TT_MASK = range(10)
N_CARDS, GENERATION, WIDTH, QUICK, SUIT_LO, SUIT_HI, SIDES = 10, 11, 12, 13, 14, 19, 24
CONFIG_LENGTH = 25
HEADINGS = ("win_if_possible", "always_head_led_suit", "beat_led_card")
UNANSWERED_CODES = ("leader_wins", "trick_void", "reveal_and_follow")
TRUMP_BONUS = 1000
LOSER = 1 << 20
_DEBRUIJN = np.int64(0x03F79D71B4CB0A89)
_DEBRUIJN_INDEX = np.zeros(64, dtype=np.int64)
for _bit in range(64):
    _DEBRUIJN_INDEX[(((1 << _bit) * 0x03F79D71B4CB0A89) & ((1 << 64) - 1)) >> 58] = _bit


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
def _lowest(low):  # type: ignore[no-untyped-def]
    """The index of the single bit set in ``low`` (a de Bruijn multiply)."""
    return _DEBRUIJN_INDEX[((low * _DEBRUIJN) >> 58) & 63]


@njit(cache=True)
def _table_key(leader, hands, present, cfg, suit_of, level_lo, row):  # type: ignore[no-untyped-def]
    """Write the relative-rank key of a trick boundary into ``row``; return its hash."""
    n = cfg[N_SEATS]
    for s in range(n):
        row[s] = 0
    starts, ties = np.int64(0), np.int64(0)
    k, prev, suits = 0, -1, 0
    rest = present
    while rest != 0:
        low = rest & -rest
        rest ^= low
        card = _lowest(low)
        for s in range(n):
            if hands[s] & low:
                row[s] |= np.int64(1) << k
                break
        if prev < 0 or suit_of[prev] != suit_of[card]:
            starts |= np.int64(1) << k
            suits |= 1 << suit_of[card]
        elif level_lo[card] <= prev:
            ties |= np.int64(1) << k
        prev = card
        k += 1
    # Which suits the blocks belong to: a trump block and a plain one play differently.
    row[n], row[n + 1], row[n + 2] = starts, ties, leader | (suits << 8)
    digest = np.int64(leader + 1)
    for i in range(n + 3):
        digest = (digest ^ row[i]) * np.int64(-7046029254386353131)
        digest ^= digest >> 29
    return digest


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
    total, extra = 0, 0
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
    return total + extra


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
    """(seat, k): one seat holds the k highest trumps in play, each of which must win the
    trick it is played to (whatever the rules: no card beats it, and it is never led face
    down). (-1, 0) when the top trump's level is shared between seats."""
    trump, n = cfg[TRUMP], cfg[N_SEATS]
    holder, run = -1, 0
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
        card = level_lo[card] - 1
    return holder, run


@njit(cache=True)
def _tt_slot(slot, row, tt_keys, tt_bounds, cfg, left):  # type: ignore[no-untyped-def]
    """The slot of a key in its two-entry bucket, or the one a new entry should take: the
    first keeps the deepest search (most tricks left), the second takes whatever comes."""
    first = slot & ~np.int64(1)
    if _tt_find(first, row, tt_keys, tt_bounds, cfg):
        return first
    if _tt_find(first + 1, row, tt_keys, tt_bounds, cfg):
        return first + 1
    if tt_bounds[first, 2] != cfg[GENERATION] or tt_bounds[first, 3] <= left:
        return first
    return first + 1


@njit(cache=True)
def _tt_find(slot, row, tt_keys, tt_bounds, cfg):  # type: ignore[no-untyped-def]
    if tt_bounds[slot, 2] != cfg[GENERATION]:
        return False
    for i in range(cfg[N_SEATS] + 3):  # noqa: SIM110 - numba compiles loops, not all()
        if tt_keys[slot, i] != row[i]:
            return False
    return True


@njit(cache=True)
def _candidates(hand, legal, present, depth, suit_of, level_lo, level_hi, below, moves):  # type: ignore[no-untyped-def]
    """One card per class of equivalent legal cards into ``moves[depth]``; returns the count."""
    others = present & ~hand
    count, prev, rest = 0, -1, legal
    while rest != 0:
        low = rest & -rest
        rest ^= low
        card = _lowest(low)
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
           moves, keys, rows, tt_keys, tt_bounds, stats):  # fmt: skip
    """Our tricks from the current trick on; ``forced`` >= 0 plays that card (root moves)."""
    stats[0] += 1
    # -- trick boundary: end of hand, table probe --------------------------------------------
    slot, digest_row, tt_move, best_move = -1, trick_number, -1, -1
    low, high = 0, cfg[TRICKS] - trick_number
    if count == 0 and forced < 0:
        if high == 0:
            return 0
        present = np.int64(0)
        for s in range(cfg[N_SEATS]):
            present |= hands[s]
        digest = _table_key(leader, hands, present, cfg, suit_of, level_lo, rows[digest_row])
        slot = _tt_slot(digest & cfg[TT_MASK], rows[digest_row], tt_keys, tt_bounds, cfg,
                        high)  # fmt: skip
        if _tt_find(slot, rows[digest_row], tt_keys, tt_bounds, cfg):
            low, high, tt_move = tt_bounds[slot, 0], tt_bounds[slot, 1], tt_bounds[slot, 4]
        if cfg[QUICK]:
            sure = _quick_tricks(leader, hands, present, cfg, suit_mask)
            if ours[leader]:
                low = max(low, sure)
            else:
                high = min(high, cfg[TRICKS] - trick_number - sure)
        holder, run = _trump_run(hands, present, cfg, level_lo, level_hi)
        if holder >= 0 and ours[holder]:
            low = max(low, run)
        elif holder >= 0:
            high = min(high, cfg[TRICKS] - trick_number - run)
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
    alpha0, beta0 = alpha, beta
    # -- moves -------------------------------------------------------------------------------
    hand = hands[seat]
    present = trick_cards
    for s in range(cfg[N_SEATS]):
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
                           suit_mask, played, moves, keys, rows, tt_keys, tt_bounds,
                           stats)  # fmt: skip
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
                                  keys, rows, tt_keys, tt_bounds, stats)  # fmt: skip
        hands[seat] = hand
        # -- alpha-beta ----------------------------------------------------------------------
        if maximise:
            if value > result:
                result, best_move = value, card
                alpha = max(alpha, value)
        elif value < result:
            result, best_move = value, card
            beta = min(beta, value)
        if alpha >= beta:
            break
    # -- store the bound at a trick boundary -------------------------------------------------
    if slot >= 0:
        if result <= alpha0:
            high = min(high, result)
        elif result >= beta0:
            low = max(low, result)
        else:
            low = high = result
        for i in range(cfg[N_SEATS] + 3):
            tt_keys[slot, i] = rows[digest_row, i]
        tt_bounds[slot, 0], tt_bounds[slot, 1], tt_bounds[slot, 2] = low, high, cfg[GENERATION]
        tt_bounds[slot, 3], tt_bounds[slot, 4] = cfg[TRICKS] - trick_number, best_move
    return result
