"""The pure-Python double-dummy search: alpha-beta on the trick count of one side.

Techniques (after the bridge solvers' literature, written afresh for any trick-play rules):

* fail-soft alpha-beta; the side of the seat to move at the root maximises its tricks, every
  other seat minimises them (with one seat per side this is the paranoid reduction);
* a fixed-size transposition table probed at trick boundaries and keyed on the *relative*
  ranks of the remaining cards: per effective suit, the owners of the remaining cards from the
  strongest down, with a mark for a card as strong as the previous one (identical pinochle
  cards). Positions that differ only in which low cards are gone share an entry;
* equivalent cards are searched once: cards of one seat in one effective suit with no other
  remaining card (of any other seat, or in the trick) as strong as or between them, and
  identical pinochle cards. The classes are computed once per trick, since only cards played
  to a complete trick may close a gap (a card on the table still separates);
* move ordering: leads strongest first; a follower whose side is winning plays low, otherwise
  the cheapest card that takes the lead first;
* bounds at trick boundaries: a node's value lies in [0, tricks left], and a seat holding the
  k highest trumps in play wins at least k more tricks.

The play obligations are :mod:`tricktable.trick`'s own integer functions
(:func:`~tricktable.trick.follower_cards` …) and a card's bid to win is
:func:`tricktable.ranking.card_key`, on this search's state; the bookkeeping of the trick and
its winner (:class:`tricktable.trick.Trick`, :func:`tricktable.trick.resolve_winner`) is mirrored
here, and tests/test_trick_rules.py pins it against the engine.
"""

from __future__ import annotations

from ..cards import indices_of
from ..ranking import TRUMP_BONUS, card_key
from ..trick import (
    LOO_STRICT_CODE,
    best_of_led,
    follower_cards,
    heading_target,
    leader_cards,
    leads_face_down,
)
from .position import Position

__all__ = ["Searcher"]

TT_BITS = 18
"""The transposition table holds 2**TT_BITS entries (about 30 MB when full)."""

_TRICK_MARK = -2
_TIE = 16
_LOSER = 1 << 16


class Searcher:
    """Solves one position; ``values()`` gives every legal card its trick count."""

    def __init__(self, position: Position, tt_bits: int = TT_BITS) -> None:
        self.position = position
        table = position.table
        self.suit_of, self.strength = table.suit_of, table.strength
        self.suit_mask, self.above = table.suit_mask, table.above
        self.trump, self.trump_mask = table.trump, table.trump_mask
        rules = position.rules
        codes = rules.codes()
        self.policy_code, self.heading_code = codes.policy, codes.heading
        self.loo = codes.policy == LOO_STRICT_CODE
        self.trump_leads = rules.trump_leads
        self.blind_lead = rules.blind_lead
        self.blind_unanswered = rules.blind_unanswered
        self.hands = list(position.hands)
        self.seats = [s for s in range(position.players) if position.active[s]]
        self.next_seat = [position.next_seat(s) for s in range(position.players)]
        self.size = len(self.seats)
        ours = position.side_of(position.to_move)
        self.ours = [s in ours for s in range(position.players)]
        self.tricks = position.tricks
        self.levels = _suit_levels(position)
        self.level_masks = [[sum(1 << c for c in level) for level in suit] for suit in self.levels]
        self.level_suits = [table.suit_of[indices_of(masks[0])[0]] for masks in self.level_masks]
        self.trump_levels = next(
            (
                masks
                for masks in self.level_masks
                if table.suit_of[indices_of(masks[0])[0]] == self.trump
            ),
            [],
        )
        trump_bonus = [TRUMP_BONUS if suit == table.trump else 0 for suit in table.suit_of]
        self.power = [
            bonus + strength for bonus, strength in zip(trump_bonus, table.strength, strict=True)
        ]
        self.played: list[int] = list(position.trick.cards)
        self.tt_mask = (1 << tt_bits) - 1
        self.tt: list[tuple[object, int, int] | None] = [None] * (1 << tt_bits)
        self.nodes = 0

    # -- the root ----------------------------------------------------------------------------

    def values(self) -> dict[int, int]:
        """{card: tricks the root side takes from the current trick on} per legal card."""
        pos = self.position
        trick = pos.trick
        trick_cards = 0
        for card in trick.cards:
            trick_cards |= 1 << card
        reps, classes = self._classes(trick_cards)
        seat, hand = pos.to_move, self.hands[pos.to_move]
        legal = pos.legal_cards()
        state = self._root_state()
        out: dict[int, int] = {}
        remaining = self.tricks - pos.trick_number
        for card in indices_of(legal & reps[seat]):
            self.hands[seat] = hand ^ (1 << card)
            value = self._after(seat, card, len(trick.cards), state, reps,
                                pos.trick_number, -1, remaining + 1, hand)  # fmt: skip
            self.hands[seat] = hand
            for twin in indices_of(classes[card] & legal):
                out[twin] = value
        return out

    def _root_state(self) -> tuple[int, int, int, int, int, bool, int, int, int]:
        trick = self.position.trick
        if not trick.cards:
            return (trick.leader, -1, -1, -1, trick.leader, False, -1, -1, -1)
        best_led = best_of_led(trick, self.position.table)
        best_led_strength = self.strength[best_led] if best_led >= 0 else -1
        return (trick.leader, trick.led_suit, trick.best_key, trick.best_card, trick.winner,
                trick.face_down[0], trick.cards[0], best_led, best_led_strength)  # fmt: skip

    # -- the search --------------------------------------------------------------------------

    def _trump_run(self) -> tuple[int, int]:
        """(seat, k): one seat holds the k highest trumps in play; each must win its trick
        (no card beats it and it is never led face down). (-1, 0) if the top is shared."""
        holder, run = -1, 0
        for level in self.trump_levels:
            owners = [seat for seat in self.seats if self.hands[seat] & level]
            if not owners:
                continue
            if len(owners) > 1 or (holder >= 0 and owners[0] != holder):
                break
            holder = owners[0]
            run += (self.hands[holder] & level).bit_count()
        return holder, run

    def _quick_tricks(self, leader: int) -> int:
        """Tricks ``leader`` takes by cashing his top cards (as the kernel's quick tricks):
        every top trump, and the top plain cards when no other seat can ruff them. Without
        Loo's obligations only opponents ruff, and an opponent holding trumps follows trump
        leads, so one plain suit still yields as many top cards as each of them can follow
        (and a partner as many as he has cards that are not trumps)."""
        hands, mine = self.hands, self.hands[leader]
        present = 0
        for seat in self.seats:
            present |= hands[seat]
        ours = self.ours[leader]
        ruffers = [s for s in self.seats if s != leader and hands[s] & self.trump_mask]
        total = extra = 0
        for suit, levels in zip(self.level_suits, self.level_masks, strict=True):
            if suit != self.trump and ruffers and self.loo:
                continue
            run = 0
            for level in levels:
                held = level & present
                if held & ~mine:
                    break
                run += held.bit_count()
            if suit == self.trump or not ruffers:
                total += run
                continue
            suit_cards = self.suit_mask[suit]
            for s in ruffers:
                # An opponent ruffs once void; a partner only when he has nothing else left
                # (his ruff would take the lead and might strand the leader's winners).
                cards = suit_cards if self.ours[s] != ours else ~self.trump_mask
                run = min(run, (hands[s] & cards).bit_count())
            extra = max(extra, run)
        return total + extra

    def _lead(self, leader: int, trick_number: int, alpha: int, beta: int) -> int:
        """Our tricks from trick ``trick_number`` on, ``leader`` to lead it."""
        left = self.tricks - trick_number
        if left == 0:
            return 0
        key, reps = self._boundary(leader, trick_number)
        slot = hash(key) & self.tt_mask
        entry = self.tt[slot]
        low, high = (entry[1], entry[2]) if entry is not None and entry[0] == key else (0, left)
        if not self.trump_leads:
            sure = self._quick_tricks(leader)
            if self.ours[leader]:
                low = max(low, sure)
            else:
                high = min(high, left - sure)
        holder, run = self._trump_run()
        if holder >= 0:
            if self.ours[holder]:
                low = max(low, run)
            else:
                high = min(high, left - run)
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha0, beta0 = max(alpha, low), min(beta, high)
        state = (leader, -1, -1, -1, leader, False, -1, -1, -1)
        value = self._node(leader, 0, state, reps, trick_number, alpha0, beta0)
        if value <= alpha0:
            high = min(high, value)
        elif value >= beta0:
            low = max(low, value)
        else:
            low = high = value
        self.tt[slot] = (key, low, high)
        return value

    # The recursive pair below takes its state positionally: it is the hot loop.
    def _node(  # noqa: PLR0917
        self,
        seat: int,
        count: int,
        state: tuple[int, int, int, int, int, bool, int, int, int],
        reps: list[int],
        trick_number: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Our tricks from the current trick on, ``seat`` to play its ``count``-th card."""
        self.nodes += 1
        hand = self.hands[seat]
        legal = self._legal(hand, count, state, trick_number)
        moves = self._order(seat, legal & reps[seat], count, state)
        maximise = self.ours[seat]
        best = -1 if maximise else 1 << 20
        for card in moves:
            self.hands[seat] = hand ^ (1 << card)
            value = self._after(seat, card, count, state, reps, trick_number, alpha, beta, hand)
            self.hands[seat] = hand
            if maximise:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _after(  # noqa: PLR0917
        self,
        seat: int,
        card: int,
        count: int,
        state: tuple[int, int, int, int, int, bool, int, int, int],
        reps: list[int],
        trick_number: int,
        alpha: int,
        beta: int,
        hand: int,
    ) -> int:
        """Play ``card`` (already out of the hand; ``hand`` is the hand before it) and go on."""
        new_state = self._add(seat, card, count, state, hand, trick_number)
        # ``played`` is the path's cards in order, so a trick's cards are its last entries.
        self.played.append(card)
        if count + 1 < self.size:
            value = self._node(self.next_seat[seat], count + 1, new_state, reps,
                               trick_number, alpha, beta)  # fmt: skip
        else:
            winner = self._winner(new_state)
            gain = 1 if winner >= 0 and self.ours[winner] else 0
            leader = winner if winner >= 0 else new_state[0]
            value = gain + self._lead(leader, trick_number + 1, alpha - gain, beta - gain)
        self.played.pop()
        return value

    # -- the rules of play (trick.py's and ranking.py's functions on the search's state) ------

    def _add(  # noqa: PLR0917
        self,
        seat: int,
        card: int,
        count: int,
        state: tuple[int, int, int, int, int, bool, int, int, int],
        hand: int,
        trick_number: int,
    ) -> tuple[int, int, int, int, int, bool, int, int, int]:
        leader, led, best_key, best, winner, blind, first, best_led, best_led_str = state
        suit = self.suit_of[card]
        if count == 0:
            blind = leads_face_down(self.blind_lead, trick_number in self.trump_leads, hand,
                                    self.trump_mask)  # fmt: skip
            led, first = (self.trump if blind else suit), card
            if blind:
                return (leader, led, -1, -1, leader, True, card, -1, -1)
        strength = self.strength[card]
        key = card_key(card, led, self.trump, self.suit_of, self.strength)
        if key > best_key:
            best_key, best, winner = key, card, seat
        if suit == led and strength > best_led_str:
            best_led, best_led_str = card, strength
        return (leader, led, best_key, best, winner, blind, first, best_led, best_led_str)

    def _legal(
        self,
        hand: int,
        count: int,
        state: tuple[int, int, int, int, int, bool, int, int, int],
        trick_number: int,
    ) -> int:
        """The engine's obligations (trick.py's own functions on this search's state)."""
        if count == 0:
            return leader_cards(hand, trick_number in self.trump_leads, self.trump_mask)
        led, best = state[1], state[3]
        target = heading_target(self.heading_code, led, best, state[6], state[5], state[7],
                                self.suit_of) if self.loo else -1  # fmt: skip
        return follower_cards(hand, led, best, target, self.policy_code, self.trump,
                              self.suit_mask, self.suit_of, self.above)  # fmt: skip

    def _winner(self, state: tuple[int, int, int, int, int, bool, int, int, int]) -> int:
        """The seat that wins the complete trick (-1: nobody, a void blind trick)."""
        if not state[5] or state[3] >= 0:
            return state[4]
        if self.blind_unanswered == "trick_void":
            return -1
        if self.blind_unanswered == "reveal_and_follow":
            return self._revealed_winner(state[0])
        return state[0]

    def _revealed_winner(self, leader: int) -> int:
        cards = self.played[-self.size :]
        led = self.suit_of[cards[0]]
        best_seat, best_key, seat = leader, -1, leader
        for card in cards:
            key = card_key(card, led, self.trump, self.suit_of, self.strength)
            if key > best_key:
                best_seat, best_key = seat, key
            seat = self.next_seat[seat]
        return best_seat

    # -- move ordering -----------------------------------------------------------------------

    def _order(
        self,
        seat: int,
        moves: int,
        count: int,
        state: tuple[int, int, int, int, int, bool, int, int, int],
    ) -> list[int]:
        cards = indices_of(moves)
        if len(cards) < 2:
            return cards
        power = self.power
        if count == 0:
            cards.sort(key=power.__getitem__, reverse=True)
            return cards
        led, best_key, winner = state[1], state[2], state[4]
        strength = self.strength
        if best_key >= 0 and self.ours[winner] == self.ours[seat]:
            cards.sort(key=strength.__getitem__)
            return cards
        suit_of, trump = self.suit_of, self.trump

        def cheapest_win_first(card: int) -> int:
            suit = suit_of[card]
            bid = power[card] if suit in (led, trump) else -1
            return bid if bid > best_key else _LOSER + strength[card]

        cards.sort(key=cheapest_win_first)
        return cards

    # -- equivalence classes and the table key -----------------------------------------------

    def _boundary(self, leader: int, trick_number: int) -> tuple[object, list[int]]:
        """The table key of a trick boundary and each seat's class representatives."""
        hands, seats = self.hands, self.seats
        present = 0
        for seat in seats:
            present |= hands[seat]
        codes: list[int] = [leader, trick_number]
        reps = [0] * len(hands)
        for suit_levels in self.level_masks:
            codes.append(-1)
            run_seat = -1
            for level in suit_levels:
                held = level & present
                if not held:
                    continue
                if held & (held - 1):
                    run_seat = self._tied_level(held, codes, reps, run_seat)
                    continue
                owner = next(seat for seat in seats if hands[seat] & held)
                codes.append(owner)
                if owner != run_seat:
                    reps[owner] |= held
                    run_seat = owner
        return tuple(codes), reps

    def _tied_level(self, held: int, codes: list[int], reps: list[int], run_seat: int) -> int:
        """Key codes and classes for identical cards; returns the seat whose run goes on."""
        owned = sorted(
            (next(seat for seat in self.seats if self.hands[seat] >> card & 1), card)
            for card in indices_of(held)
        )
        codes.append(owned[0][0])
        codes.extend(seat + _TIE for seat, _ in owned[1:])
        if all(seat == owned[0][0] for seat, _ in owned):
            if owned[0][0] != run_seat:
                reps[owned[0][0]] |= 1 << owned[0][1]
            return owned[0][0]
        for seat, card in owned:
            reps[seat] |= 1 << card
        return -1

    def _classes(self, trick_cards: int) -> tuple[list[int], dict[int, int]]:
        """Representatives per seat, and per card its class, with ``trick_cards`` on the table."""
        reps = [0] * len(self.hands)
        owner = self._owners(trick_cards)
        classes: dict[int, int] = {}
        for suit_levels in self.levels:
            self._walk_suit(suit_levels, owner, reps, None, classes)
        return reps, classes

    def _owners(self, trick_cards: int) -> dict[int, int]:
        owner = dict.fromkeys(indices_of(trick_cards), _TRICK_MARK)
        for seat in self.seats:
            for card in indices_of(self.hands[seat]):
                owner[card] = seat
        return owner

    def _walk_suit(
        self,
        suit_levels: list[list[int]],
        owner: dict[int, int],
        reps: list[int],
        codes: list[int] | None,
        classes: dict[int, int] | None = None,
    ) -> None:
        """Walk one suit strongest first; a run of levels held by one seat is one class."""
        run_seat, run_card = -1, -1
        for level in suit_levels:
            held = [(owner[c], c) for c in level if c in owner]
            if not held:
                continue
            if codes is not None:
                seats = sorted(s for s, _ in held)
                codes.append(seats[0])
                codes.extend(s + _TIE for s in seats[1:])
            single = held[0][0] >= 0 and all(s == held[0][0] for s, _ in held)
            if single and held[0][0] == run_seat:
                if classes is not None:
                    for _, card in held:
                        classes[run_card] |= 1 << card
                continue
            run_seat, run_card = (held[0][0], held[0][1]) if single else (-1, -1)
            self._start_classes(held, reps, classes)

    @staticmethod
    def _start_classes(
        held: list[tuple[int, int]], reps: list[int], classes: dict[int, int] | None
    ) -> None:
        firsts: dict[int, int] = {}
        for seat, card in held:
            if seat < 0:
                continue
            if seat in firsts:
                if classes is not None:
                    classes[firsts[seat]] |= 1 << card
                continue
            firsts[seat] = card
            reps[seat] |= 1 << card
            if classes is not None:
                classes[card] = 1 << card


def _suit_levels(position: Position) -> list[list[list[int]]]:
    """Per effective suit, the cards in play grouped by strength, strongest first."""
    table = position.table
    present = 0
    for hand in position.hands:
        present |= hand
    for card in position.trick.cards:
        present |= 1 << card
    by_suit: dict[int, dict[int, list[int]]] = {}
    for card in indices_of(present):
        levels = by_suit.setdefault(table.suit_of[card], {})
        levels.setdefault(table.strength[card], []).append(card)
    return [
        [levels[strength] for strength in sorted(levels, reverse=True)]
        for _, levels in sorted(by_suit.items())
    ]
