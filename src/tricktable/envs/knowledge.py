"""What one seat knows about where the cards are, read from that seat's view alone.

Both the observation tensors and the OpenSpiel resampler need the same facts: the seat's own
cards, the cards played (face up) by each seat, the cards it threw away itself, cards it knows
another seat holds (a turn-up that seat took, cards it gave to a lone partner) and the suits a
seat has shown it lacks by not following. Keeping them in one place keeps the two consistent.

Seats are given relative to the viewer: ``0`` is the viewer, ``1`` the next seat clockwise …
Cards are *card slots*: the distinct card notations of the rules' pack (see
:func:`card_slots`); a pinochle card and its twin share a slot, so slot values are counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..cards import COPY_STRIDE, Deck, parse_card
from ..ranking import TrumpTable
from ..view import View
from ..view_parts import DoneTrick, DoubleSection, TrickView

__all__ = ["Knowledge", "card_slots", "read_knowledge", "slot_of"]

SUITS = 4


def card_slots(deck: Deck) -> tuple[int, ...]:
    """The distinct copy-0 card indices of ``deck``, ascending (clubs 9 … spades A, Joker)."""
    return tuple(sorted({index % COPY_STRIDE for index in deck.indices}))


def slot_of(slots: tuple[int, ...]) -> dict[int, int]:
    """Copy-0 card index -> slot number."""
    return {index: n for n, index in enumerate(slots)}


@dataclass
class Knowledge:
    """One seat's card knowledge; every per-seat list is indexed by relative seat."""

    players: int
    seat: int
    hand: list[int]
    """Card slots in the viewer's hand (a slot twice for both pinochle copies)."""
    played: list[list[int]]
    """Per relative seat, slots it played face up in the completed tricks of this hand."""
    trick: list[list[int]]
    """Per relative seat, the slot it played face up to the trick in progress."""
    face_down: list[int]
    """Per relative seat, how many cards it played face down this hand (unseen by others)."""
    history: list[list[int | None]]
    """Per completed trick, per relative seat: the slot played face up there (or ``None``)."""
    thrown: list[int]
    """Slots the viewer itself discarded, threw in or laid face down (gone from its hand)."""
    pinned: list[list[int]]
    """Per relative seat, slots the viewer knows that seat still holds."""
    voids: list[set[int]] = field(default_factory=list)
    """Per relative seat, effective suits (0..3 under the current trump) it has shown void in."""

    def relative(self, seat: int) -> int:
        return (seat - self.seat) % self.players

    def out_of_play(self) -> list[int]:
        """Slots no hidden hand can hold any more: played face up or thrown by the viewer."""
        out = [slot for seat in self.played for slot in seat]
        out += [slot for seat in self.trick for slot in seat]
        return out + self.thrown


def _slots(cards: Iterable[str | None], slot: Mapping[int, int]) -> list[int]:
    return [slot[parse_card(card).index] for card in cards if card]


def read_knowledge(view: View, slot: Mapping[int, int]) -> Knowledge:
    """The card knowledge of ``view``'s seat (the rules' ranking gives the effective suits)."""
    players, seat = view.players, view.seat or 0
    know = Knowledge(
        players=players,
        seat=seat,
        hand=[slot[card.first_copy.index] for card in view.hand],
        played=[[] for _ in range(players)],
        trick=[[] for _ in range(players)],
        face_down=[0] * players,
        history=[],
        thrown=_slots(view.section.discarded, slot),
        pinned=[[] for _ in range(players)],
        voids=[set() for _ in range(players)],
    )
    trump = view.trump
    table = None if trump is None else view.rules.flow.ranking.table(trump)
    for trick in view.tricks:
        row: list[int | None] = [None] * players
        for rel, card in _read_trick(know, trick, slot, table, know.played):
            row[rel] = card
        know.history.append(row)
    if view.trick is not None:
        for _ in _read_trick(know, view.trick, slot, table, know.trick):
            pass
    _pin_known_holdings(know, view, slot)
    return know


def _read_trick(
    know: Knowledge,
    trick: TrickView | DoneTrick,
    slot: Mapping[int, int],
    table: TrumpTable | None,
    into: list[list[int]],
) -> Iterable[tuple[int, int | None]]:
    """Record a trick's face-up cards and the voids it shows; yield (relative seat, slot)."""
    led: int | None = None
    for position, play in enumerate(trick.plays):
        rel = know.relative(play.seat)
        if play.face_down:
            know.face_down[rel] += 1
            if position == 0 and table is not None:
                # a face-down lead is only allowed to a leader holding no trump
                led = table.trump
                _mark_void(know, rel, led)
            if rel == 0 and play.card:
                know.thrown.append(slot[parse_card(play.card).index])
            yield rel, None
            continue
        assert play.card is not None  # a face-up card is shown to everyone
        index = parse_card(play.card).index
        into[rel].append(slot[index])
        if table is not None:
            suit = table.suit_of[index]
            if position == 0:
                led = suit
            elif led is not None and suit != led:
                _mark_void(know, rel, led)
        yield rel, slot[index]


def _mark_void(know: Knowledge, rel: int, suit: int | None) -> None:
    if suit is not None and 0 <= suit < SUITS:
        know.voids[rel].add(suit)


def _pin_known_holdings(know: Knowledge, view: View, slot: Mapping[int, int]) -> None:
    """Cards the viewer saw go into another seat's hand and that seat has not played yet."""
    rams, section = view.rams, view.section
    taker = rams.turnup_taken_by if rams else None
    if rams is not None and taker is not None and rams.turnup and taker != know.seat:
        # the card naming trump is always among those taken
        know.pinned[know.relative(taker)].append(slot[parse_card(rams.turnup[-1]).index])
    lone = section.alone if isinstance(section, DoubleSection) else None
    if lone is not None and lone != know.seat and isinstance(section, DoubleSection):
        know.pinned[know.relative(lone)] += _slots(section.gave or (), slot)
    for rel, pinned in enumerate(know.pinned):
        for card in know.played[rel] + know.trick[rel]:
            if card in pinned:
                pinned.remove(card)
