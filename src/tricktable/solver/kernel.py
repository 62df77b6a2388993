"""The numba kernel of the double-dummy search (optional: the ``[fast]`` extra): play rules,
bounds and move ordering on a compact card numbering.

The cards in play at the root are renumbered 0..n-1 by (effective suit, strength), so a hand
is one int64, "the cards above this one" is a table lookup and two cards are equivalent when
no other card in play (in another hand or on the table) lies in the span of their strength
levels. The search loop is :mod:`.kernel_search`, its transposition table :mod:`.kernel_tt`.
The trick rules are not written here: the obligations and a card's bid to win are the integer
functions of :mod:`tricktable.trick` and :mod:`tricktable.ranking`, compiled, given the tables
of :meth:`tricktable.ranking.TrumpTable.compact` and the codes of
:meth:`tricktable.trick.PlayRules.codes`.

This module imports numba; :mod:`tricktable.solver.fast` loads it only when numba is there.
"""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros

from ..jit.bits import kernel_function, lowest, popcount
from ..ranking import card_key
from ..trick import FOLLOW_ONLY_CODE, follower_cards, heading_target, leader_cards, leads_face_down

# Slots of the configuration vector (the rules' slots hold :meth:`PlayRules.codes`).
N_SEATS, SIZE, TRICKS, TRUMP, POLICY, HEADING, BLIND, UNANSWERED, TRUMP_LEADS, TT_MASK = range(10)
PLANES, GENERATION, QUICK, SUIT_LO, SUIT_HI = 10, 11, 13, 14, 19  # slot 12 is free
SIDES, PARTITION, TIES = 24, 25, 26  # fmt: skip
CONFIG_LENGTH = 27
LOSER = 1 << 20


# The trick rules themselves: the functions of ranking.py and trick.py, compiled.
_power = kernel_function()(card_key)
_leader_cards = kernel_function()(leader_cards)
_leads_face_down = kernel_function()(leads_face_down)
_heading_target = kernel_function()(heading_target)
_follower_cards = kernel_function()(follower_cards)


@kernel_function()
def _legal(hand, count, led, best, first, blind, best_led, trick_number, cfg, suit_mask,  # type: ignore[no-untyped-def]
           suit_of, above):  # fmt: skip
    trump = cfg[TRUMP]
    if count == 0:
        obliged = (cfg[TRUMP_LEADS] >> trick_number) & 1 != 0
        return _leader_cards(hand, obliged, suit_mask[trump])
    target = _heading_target(cfg[HEADING], led, best, first, blind, best_led, suit_of)
    return _follower_cards(hand, led, best, target, cfg[POLICY], trump, suit_mask, suit_of, above)


@kernel_function()
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


@kernel_function()
def _quick_tricks(leader, hands, present, cfg, suit_mask, below, needed):  # type: ignore[no-untyped-def]
    """Tricks the leader takes by cashing his top cards: every top trump, and the top cards
    of the plain suits when nobody else holds a trump. Not even a partner: one who must ruff
    (or head) takes the lead away, and the leader's other winners may then be stranded.

    Without Loo's obligations nobody must ruff, so when opponents hold trumps the leader
    still cashes, in one plain suit, as many top cards as every such opponent can follow
    to (while he holds trumps he follows the trump leads, so he cannot discard that suit), and
    a partner as many as he has cards that are not trumps.

    Counting stops once it reaches ``needed`` (trumps first): the cards of the suits it did
    not need do not decide the bound."""
    trump, mine = cfg[TRUMP], hands[leader]
    loo = cfg[POLICY] != FOLLOW_ONLY_CODE
    ruffable = False
    for s in range(cfg[N_SEATS]):
        if s != leader and hands[s] & suit_mask[trump] != 0:
            ruffable = True
    total, extra, counted, extra_cards = 0, 0, np.int64(0), np.int64(0)
    long_extra, long_cards = 0, np.int64(0)
    for k in range(5):
        if total >= needed:
            return total, counted
        suit = trump if k == 0 else (k - 1 if k - 1 < trump else k)
        if suit != trump and ruffable and loo:
            continue
        # The run: his cards of the suit above every other card of it in play.
        held, others = mine & suit_mask[suit], present & ~mine & suit_mask[suit]
        cards = held & ~below[_highest(others) + 1] if others != 0 else held
        run = popcount(cards)
        if others == 0:
            cards = np.int64(0)  # a suit he holds alone: lengths only
        first, rest, take = np.int64(0), cards, needed - total
        while rest != 0 and take > 0:
            top = np.int64(1) << _highest(rest)
            first, rest, take = first | top, rest ^ top, take - 1
        if suit == trump or not ruffable:
            if total + run >= needed:
                # The top cards that reach it are all this count reads (no more is claimed).
                return max(total, needed), counted | first
            total += run
            counted |= cards
            if suit != trump and not ruffable:
                # Once the opponents are out of the suit, the rest of it wins too: cashed
                # last, every card the leader holds in it makes a trick for his side.
                # A partner's card above the leader's lowest would overtake a low card and
                # take the lead, perhaps stranding the rest, so every partner must be under.
                longest, partners = 0, np.int64(0)
                for s in range(cfg[N_SEATS]):
                    if not _same_side(s, leader, cfg):
                        longest = max(longest, popcount(hands[s] & suit_mask[suit]))
                    elif s != leader:
                        partners |= hands[s] & suit_mask[suit]
                if run >= longest and held != 0 and partners < (np.int64(1) << lowest(held)):
                    length = popcount(held) - run
                    if length > long_extra:
                        # With partners in the suit it also reads that they lie under the
                        # leader's lowest card: the ranks from it up.
                        low_card = (np.int64(1) << lowest(held)) if partners != 0 else 0
                        long_extra, long_cards = length, cards | low_card
            continue
        for s in range(cfg[N_SEATS]):
            if s == leader or hands[s] & suit_mask[trump] == 0:
                continue
            # An opponent ruffs once void; a partner only when he has nothing else left (his
            # ruff would take the lead and might strand the leader's winners).
            if _same_side(s, leader, cfg):
                run = min(run, popcount(hands[s] & ~suit_mask[trump]))
            else:
                run = min(run, popcount(hands[s] & suit_mask[suit]))
        if run > extra:
            extra, extra_cards = run, cards
    if long_extra > extra:
        extra, extra_cards = long_extra, long_cards
    counted |= extra_cards
    # The count holds wherever the same seats hold these top cards and the suit lengths are
    # the same (the rest of the rule reads lengths only): those cards are what it depends on.
    return total + extra, counted


@kernel_function()
def _same_side(a, b, cfg):  # type: ignore[no-untyped-def]
    return ((cfg[SIDES] >> a) & 1) == ((cfg[SIDES] >> b) & 1)


@kernel_function()
def _top_trumps(hands, cfg, ours, suit_mask, above):  # type: ignore[no-untyped-def]
    """(ours, theirs, our cards, their cards): tricks each side is sure of with its top
    trumps, and the cards that decide each. A trump above every trump of the other side wins
    the trick it is played to, whatever the rules (only a partner's higher trump could beat
    it, and a trump is never led face down), so a side takes at least as many tricks as one
    of its seats holds such trumps; that seat's such trumps and the other side's best trump
    decide it."""
    n, trumps = cfg[N_SEATS], suit_mask[cfg[TRUMP]]
    mine, theirs = np.int64(0), np.int64(0)
    for s in range(n):
        if ours[s]:
            mine |= hands[s] & trumps
        else:
            theirs |= hands[s] & trumps
    top_mine, top_theirs = _highest(mine), _highest(theirs)
    sure_mine, sure_theirs = 0, 0
    cards_mine, cards_theirs = np.int64(0), np.int64(0)
    for s in range(n):
        held = hands[s] & trumps
        if held == 0:
            continue
        beaten = top_theirs if ours[s] else top_mine
        # Against no trumps at all every trump wins: the count reads lengths only.
        winners = held & above[beaten] if beaten >= 0 else held
        count, read = popcount(winners), winners if beaten >= 0 else np.int64(0)
        if ours[s] and count > sure_mine:
            sure_mine, cards_mine = count, read
        elif not ours[s] and count > sure_theirs:
            sure_theirs, cards_theirs = count, read
    if top_theirs >= 0 and sure_mine > 0:
        cards_mine |= np.int64(1) << top_theirs
    if top_mine >= 0 and sure_theirs > 0:
        cards_theirs |= np.int64(1) << top_mine
    return sure_mine, sure_theirs, cards_mine, cards_theirs


@kernel_function()
def _highest(cards):  # type: ignore[no-untyped-def]
    """The index of the highest bit set in ``cards``, -1 for none."""
    return -1 if cards == 0 else 63 - leading_zeros(cards)  # type: ignore[call-arg]


@kernel_function()
def last_trick(leader, hands, cfg, next_seat, ours, suit_of, strength, suit_mask):  # type: ignore[no-untyped-def]
    """(tricks of ours, cards that decided it) when every seat has one card left (and no
    face-down lead is possible): each plays it, no search needed. The winner's rank
    decided the trick only if it beat a card of its own suit."""
    card = lowest(hands[leader])
    led, best, winner, trick = suit_of[card], card, leader, np.int64(1) << card
    best_key = _power(card, led, cfg[TRUMP], suit_of, strength)
    seat = next_seat[leader]
    for _ in range(cfg[SIZE] - 1):
        card = lowest(hands[seat])
        trick |= np.int64(1) << card
        key = _power(card, led, cfg[TRUMP], suit_of, strength)
        if key > best_key:
            best, best_key, winner = card, key, seat
        seat = next_seat[seat]
    beaten = trick & suit_mask[suit_of[best]] & ~(np.int64(1) << best)
    return (1 if ours[winner] else 0), (np.int64(1) << best if beaten != 0 else np.int64(0))


@kernel_function()
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


@kernel_function()
def _lead_key(seat, card, hands, present, cfg, ours, suit_of, suit_mask, level_lo, level_hi,  # type: ignore[no-untyped-def]
              below, next_seat):  # fmt: skip
    """Sort key of a lead (smallest first), after the bridge solvers' weights: cash a card
    that wins the trick, lead towards a partner's top card or his ruff, keep off suits an
    opponent can ruff or whose top cards sit behind the leader, and prefer suits in which
    the opponents have few cards to choose from (their voids count as a free choice)."""
    suit, trump = suit_of[card], cfg[TRUMP]
    in_suit = present & suit_mask[suit]
    top = _highest(in_suit)
    second = _highest(in_suit & ~below[level_lo[top]])
    trumps_out = present & suit_mask[trump] != 0
    left = popcount(hands[seat])
    mine = popcount(hands[seat] & suit_mask[suit])
    top_seat, second_seat, opponents, bonus = -1, -1, 0, 0
    partner_ruffs, opponent_ruffs, partner_len = False, False, 0
    other, last = next_seat[seat], -1
    for k in range(cfg[SIZE] - 1):
        held = hands[other] & suit_mask[suit]
        length = popcount(held)
        ruffs = suit != trump and length == 0 and hands[other] & suit_mask[trump] != 0
        if (held >> top) & 1:
            top_seat = other
        if second >= 0 and (held >> second) & 1:
            second_seat = other
        if ours[other] == ours[seat]:
            partner_ruffs = partner_ruffs or ruffs
            partner_len = max(partner_len, length)
        else:
            opponents += length if length > 0 else left + 1
            opponent_ruffs = opponent_ruffs or ruffs
            if k == cfg[SIZE] - 2:
                last = other
        other = next_seat[other]
    if (hands[seat] >> top) & 1:
        top_seat = seat
    if second >= 0 and (hands[seat] >> second) & 1:
        second_seat = seat
    if opponent_ruffs:
        bonus -= 12
    if partner_ruffs:
        bonus += 17
    if last >= 0 and last in (top_seat, second_seat):
        if popcount(hands[last] & suit_mask[suit]) != 1:
            bonus -= 12
    elif _partner(second_seat, seat, ours) and ours[top_seat] != ours[seat] and partner_len != 1:
        bonus += 27  # an opponent holds the top card, the leader's partner the second
    weight = bonus - (opponents * 128) // 13
    rank = popcount(in_suit & below[card])
    span = below[level_hi[top] + 1] & ~below[level_lo[card]]
    is_top = present & ~hands[seat] & span == 0
    ours_top = top_seat >= 0 and ours[top_seat] == ours[seat]
    wins = (ours_top and not opponent_ruffs) or (partner_ruffs and not opponent_ruffs)
    if suit == trump or not trumps_out:
        wins = ours_top
    if wins:
        if top_seat == seat and is_top:
            weight += 48 if _partner(second_seat, seat, ours) else 31
        elif top_seat == seat:
            weight += rank - 3
        elif ours_top:
            weight += (42 if second_seat == seat else 28) + rank
        else:
            weight += 11 + rank
    elif top_seat == seat:
        weight += 38 if is_top else rank - 14
    elif ours_top:
        weight += 34 + rank
    else:
        weight += 17 - rank
    ruff_back = mine == 1 and suit != trump and hands[seat] & suit_mask[trump] != 0
    if ruff_back and partner_len > 1 and _partner(top_seat, seat, ours):
        weight += 19  # a singleton to the partner's top card, for a ruff on the return
    return -weight * 64 + card


@kernel_function()
def _partner(other, seat, ours):  # type: ignore[no-untyped-def]
    """Whether ``other`` (-1: nobody) is a partner of ``seat``, not the seat itself."""
    return other >= 0 and other != seat and ours[other] == ours[seat]


@kernel_function()
def _order(seat, count, n, led, best_key, winner, depth, cfg, ours, suit_of, strength, power,  # type: ignore[no-untyped-def]
           moves, keys, hands, present, suit_mask, level_lo, level_hi, below, next_seat):  # fmt: skip
    """Sort the candidates: leads by :func:`_lead_key`; followers low when their side wins
    anyway, else a sure winner (cheapest) first, then a card that wins for now, then losers
    (and after them a winner where a partner behind can take the trick as well)."""
    threat, help_ = -1, -1
    if count > 0:
        threat, help_ = _still_to_play(seat, count, led, cfg, ours, hands, suit_mask, power,
                                       next_seat)  # fmt: skip
    partner_holds = best_key >= 0 and ours[winner] == ours[seat] and best_key > threat
    partner_can = help_ > best_key and help_ > threat
    for j in range(n):
        card = moves[depth, j]
        if count == 0:
            keys[depth, j] = _lead_key(seat, card, hands, present, cfg, ours, suit_of,
                                       suit_mask, level_lo, level_hi, below, next_seat)  # fmt: skip
            continue
        bid = _power(card, led, cfg[TRUMP], suit_of, strength)
        if partner_holds or (partner_can and bid <= threat):
            keys[depth, j] = power[card]  # the side wins anyway: play low
        elif bid > best_key and bid > threat and not partner_can:
            keys[depth, j] = bid  # a sure winner, the cheapest first
        elif bid > best_key and help_ < 0:
            # Wins for now with only opponents behind: the highest first (third hand high),
            # which makes them spend their top card or lose the trick.
            keys[depth, j] = 2 * LOSER - bid
        elif bid > best_key and help_ <= best_key:
            keys[depth, j] = LOSER + bid  # wins for now, a partner behind: the cheapest first
        elif bid > best_key:
            # A partner behind can beat the trick's best card himself (and the threat, when
            # this card is a sure winner): play low first and keep this one (second hand low).
            keys[depth, j] = 3 * LOSER + bid
        else:
            keys[depth, j] = 2 * LOSER + power[card]
    for j in range(1, n):
        card, key, i = moves[depth, j], keys[depth, j], j - 1
        while i >= 0 and keys[depth, i] > key:
            moves[depth, i + 1], keys[depth, i + 1] = moves[depth, i], keys[depth, i]
            i -= 1
        moves[depth, i + 1], keys[depth, i + 1] = card, key


@kernel_function()
def _still_to_play(seat, count, led, cfg, ours, hands, suit_mask, power, next_seat):  # type: ignore[no-untyped-def]
    """(threat, help): the strongest card the opponents, and the partners, still to play to
    this trick could add (their best of the led suit, else their best trump; -1 for none)."""
    threat, help_, other = -1, -1, next_seat[seat]
    for _ in range(cfg[SIZE] - count - 1):
        cards = hands[other] & suit_mask[led]
        if cards == 0:
            cards = hands[other] & suit_mask[cfg[TRUMP]]
        top = power[_highest(cards)] if cards != 0 else -1
        if ours[other] == ours[seat]:
            help_ = max(help_, top)
        else:
            threat = max(threat, top)
        other = next_seat[other]
    return threat, help_


@kernel_function()
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
