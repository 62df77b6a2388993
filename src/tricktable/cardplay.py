"""Trick play from a view: who is winning, what is still out, who is void, what to play.

:class:`PlayContext` reads everything card play needs from one seat's view — the trick so far,
the cards seen this hand, voids shown by failing to follow — and :meth:`PlayContext.choose_play`
applies partnership conventions that work under any of the games' rules: lead trump when your
side named it, cash sure winners, don't overtake a winning partner, win as cheaply as possible,
throw the lowest loser, and against a lone hand don't lead into its strength.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .actions import Action
from .cards import COPY_STRIDE, indices_of, parse_card
from .hidden import voids_shown
from .ranking import NO_TRUMP, TrumpTable
from .view import View
from .view_parts import DoneTrick, TrickView

__all__ = ["PlayContext", "base_counts", "hand_indices"]


def hand_indices(view: View) -> list[int]:
    """The seat's cards as bit indices (a second pinochle copy keeps its own index)."""
    return indices_of(view.hand.mask)


def base_counts(indices: Iterable[int]) -> Counter[int]:
    """How many copies of each card (by its copy-0 index) the indices hold."""
    return Counter(index % COPY_STRIDE for index in indices)


def _texts_to_indices(texts: Iterable[str | None]) -> list[int]:
    return [parse_card(text).index for text in texts if text]


@dataclass
class PlayContext:
    """Card-play facts for the seat of a view, once trump is known."""

    seat: int
    table: TrumpTable
    hand: list[int]
    partners: frozenset[int]
    opponents: frozenset[int]
    plays: list[tuple[int, int | None]]
    to_play_after: list[int]
    outstanding: Counter[int]
    voids: dict[int, set[int]] = field(default_factory=dict)
    makers: frozenset[int] = frozenset()
    lone_opponent: int | None = None

    @classmethod
    def of(cls, view: View) -> PlayContext:
        seat, trump = view.seat, view.trump
        assert seat is not None and trump is not None
        table = view.rules.flow.ranking.table(trump)
        active = set(view.active)
        my_side = set(view.side_of(seat))
        tricks = view.all_tricks()
        hand = hand_indices(view)
        return cls(
            seat=seat,
            table=table,
            hand=hand,
            partners=frozenset((my_side & active) - {seat}),
            opponents=frozenset(active - my_side),
            plays=_current_plays(view),
            to_play_after=_seats_after(view, seat, active),
            outstanding=_outstanding(view, hand, tricks),
            voids=_voids(tricks, table, view.players),
            makers=_makers(view),
            lone_opponent=_lone_opponent(view, my_side),
        )

    # -- facts ---------------------------------------------------------------------------------

    @property
    def trump(self) -> int:
        return self.table.trump

    def suit(self, card: int) -> int:
        return self.table.suit_of[card]

    def strength(self, card: int) -> int:
        return self.table.strength[card]

    def is_trump(self, card: int) -> bool:
        return self.trump != NO_TRUMP and self.suit(card) == self.trump

    @property
    def led_suit(self) -> int:
        first = self.plays[0][1]
        return self.trump if first is None else self.suit(first)

    def best(self) -> tuple[int, int]:
        """(seat, key) of the card winning the trick so far; key -1 when nothing can win yet."""
        led = self.led_suit
        best_seat, best_key = self.plays[0][0], -1
        for seat, card in self.plays:
            if card is not None and self.table.key(card, led) > best_key:
                best_seat, best_key = seat, self.table.key(card, led)
        return best_seat, best_key

    def outstanding_in(self, suit: int) -> list[int]:
        """Cards of an effective suit not yet seen (one entry per unseen copy)."""
        return [c for c, n in self.outstanding.items() for _ in range(n) if self.suit(c) == suit]

    def is_top(self, card: int) -> bool:
        """No unseen card of its effective suit ranks above it."""
        strength = self.strength(card)
        return all(self.strength(c) <= strength for c in self.outstanding_in(self.suit(card)))

    def is_void(self, seat: int, suit: int) -> bool:
        return suit in self.voids.get(seat, set())

    def can_opponents_trump(self) -> bool:
        """Some active opponent may still hold a trump."""
        if self.trump == NO_TRUMP or not self.outstanding_in(self.trump):
            return False
        return not all(self.is_void(seat, self.trump) for seat in self.opponents)

    def is_safe_in_trick(self, card: int) -> bool:
        """No unseen card that the seats still to play could hold beats ``card`` here."""
        led = self.led_suit
        key = self.table.key(card, led)
        later = self.to_play_after
        if not later:
            return True
        suits = {led, self.trump} - {s for s in (led, self.trump) if self._all_void(later, s)}
        return all(
            self.table.key(c, led) <= key for s in suits if s != NO_TRUMP
            for c in self.outstanding_in(s)
        )  # fmt: skip

    def _all_void(self, seats: Sequence[int], suit: int) -> bool:
        return all(self.is_void(seat, suit) for seat in seats)

    # -- choices -------------------------------------------------------------------------------

    def choose_play(self, legal: Sequence[Action]) -> Action:
        by_card = {action.cards[0]: action for action in legal}
        cards = [c for c in self.hand if c % COPY_STRIDE in by_card]
        card = self.lead(cards) if not self.plays else self.follow(cards)
        return by_card[card % COPY_STRIDE]

    def lowest(self, cards: Sequence[int]) -> int:
        """The card to throw away: a non-trump before a trump, the weakest, from a short suit."""
        length = Counter(self.suit(c) for c in self.hand)
        return min(cards, key=lambda c: (self.is_trump(c), self.strength(c), length[self.suit(c)]))

    def highest(self, cards: Sequence[int]) -> int:
        return max(cards, key=lambda c: (self.is_trump(c), self.strength(c)))

    def follow(self, cards: Sequence[int]) -> int:
        best_seat, best_key = self.best()
        if best_seat in self.partners:
            return self.lowest(cards)
        led = self.led_suit
        winners = [c for c in cards if self.table.key(c, led) > best_key]
        if not winners:
            return self.lowest(cards)
        safe = [c for c in winners if self.is_safe_in_trick(c)]
        if safe:
            return min(safe, key=lambda c: self.table.key(c, led))
        if any(seat in self.partners for seat in self.to_play_after):
            return self.lowest(cards)
        return min(winners, key=lambda c: self.table.key(c, led))

    def lead(self, cards: Sequence[int]) -> int:
        trumps = [c for c in cards if self.is_trump(c)]
        sides = [c for c in cards if not self.is_trump(c)]
        if trumps and self.makers & (self.partners | {self.seat}) and self.can_opponents_trump():
            return self._lead_trump(trumps)
        if not sides:
            return self.lowest(trumps) if self.makers & self.opponents else self.highest(trumps)
        if self.lone_opponent is not None:
            return self._lead_against_lone(sides)
        tops = [c for c in sides if self.is_top(c)]
        if tops:
            return max(tops, key=lambda c: len(self.outstanding_in(self.suit(c))))
        return self._lead_low(sides, bool(trumps))

    def _lead_trump(self, trumps: Sequence[int]) -> int:
        tops = [c for c in trumps if self.is_top(c)]
        if tops or self.seat not in self.makers:
            return self.highest(trumps)
        return self.lowest(trumps)

    def _lead_against_lone(self, sides: Sequence[int]) -> int:
        """Low in a suit the lone player has not shown void in: never into his trumps."""
        lone = self.lone_opponent
        assert lone is not None
        open_suits = [c for c in sides if not self.is_void(lone, self.suit(c))]
        return self.lowest(open_suits or sides)

    def _lead_low(self, sides: Sequence[int], has_trump: bool) -> int:
        """Low from a short suit when holding trumps (to ruff later), else from a long suit."""
        length = Counter(self.suit(c) for c in self.hand)
        sign = 1 if has_trump else -1
        return min(sides, key=lambda c: (sign * length[self.suit(c)], self.strength(c)))


def _current_plays(view: View) -> list[tuple[int, int | None]]:
    plays = view.trick.plays if view.trick is not None else ()
    # a face-down card shows no suit and never wins, even to a seat that sees it
    return [(p.seat, None if p.card is None or p.face_down else parse_card(p.card).index)
            for p in plays]  # fmt: skip


def _seats_after(view: View, seat: int, active: set[int]) -> list[int]:
    plays = view.trick.plays if view.trick is not None else ()
    played = {p.seat for p in plays} | {seat}
    order = [(seat + step) % view.players for step in range(1, view.players)]
    return [s for s in order if s in active and s not in played]


def _outstanding(
    view: View, hand: list[int], tricks: Sequence[TrickView | DoneTrick]
) -> Counter[int]:
    """Cards not yet seen: not in this hand, not played, not put away by this seat (a Single
    Hasenpfeffer widow discard, a Double Hasenpfeffer lone hand's discards, a Rams-family hand
    given up for the widow or card exchanged for the turn-up)."""
    unseen = base_counts(indices_of(view.rules.flow.deck.mask))
    unseen -= base_counts(hand)
    seen = [p.card for t in tricks for p in t.plays]
    unseen -= base_counts(_texts_to_indices([*seen, *view.section.discarded]))
    return unseen


def _voids(
    tricks: Sequence[TrickView | DoneTrick], table: TrumpTable, players: int
) -> dict[int, set[int]]:
    """Effective suits each seat has shown void in this hand (the one inference of
    :func:`tricktable.hidden.voids_shown`, face-down leads included)."""
    shown = voids_shown(tricks, table, players)
    return {seat: set(suits) for seat, suits in enumerate(shown) if suits}


def _makers(view: View) -> frozenset[int]:
    """The seats of the side that named trump (empty when no seat did)."""
    maker = view.rules.flow.trump_maker(view)
    return frozenset() if maker is None else frozenset(view.side_of(maker))


def _lone_opponent(view: View, my_side: set[int]) -> int | None:
    lone = view.rules.flow.lone_seats(view)
    return next((seat for seat in lone if seat not in my_side), None)
