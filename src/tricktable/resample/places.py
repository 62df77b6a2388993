"""Where the cards hidden from a seat may lie: the resampler's places and exclusions.

:class:`Seen` gives every card the seat can place a bit of its own (one copy per notation of
a pinochle pair) and leaves the rest, the *pool*, to be dealt. :func:`hidden_places` says how
many pool cards each hidden place holds now; :func:`allowed_places` where each pool card may
lie — out of a seat's hand (and its later face-down leads) when the seat's plays show it did
not hold the card then, and only where the family confines it (a forced bidder's Joker).

A play shows a card was not held when holding it beside the card played would have made that
card illegal: the rules' obligations (follow, head, trump, overtrump, lead a trump) all say
"play from the best category you hold", so one card at a time decides it. A face-down lead,
allowed only to a leader holding no trump, shows no trump at all.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..actions import Kind
from ..cards import COPY_STRIDE
from ..errors import TricktableError
from ..hidden import Knowledge, Place, mask_of
from ..ranking import TrumpTable
from ..trick import PlayRules, Trick

if TYPE_CHECKING:
    from ..view import View

__all__ = ["SamplingError", "Seen", "allowed_places", "hidden_places"]


class SamplingError(TricktableError):
    """No world fits a view: a spectator's view, an inconsistent view, or very bad luck."""


class Seen:
    """The bits of every card a seat can place, each notation given a copy of its own.

    ``plays`` has, per trick of this hand, the bit of each card in it (``-1``: face down and
    unseen); ``pool`` the bits of every other card of the pack, the hidden ones.
    """

    def __init__(self, view: View, know: Knowledge) -> None:
        players = view.players
        self.hand = used = view.hand.mask
        self.played = [0] * players
        self.plays: list[list[int]] = []
        for trick in view.all_tricks():
            bits = []
            for play in trick.plays:
                bit = mask_of([play.card], used) if play.card is not None else 0
                used |= bit
                self.played[play.seat] |= bit
                bits.append(bit.bit_length() - 1)
            self.plays.append(bits)
        self.thrown = mask_of(know.thrown, used)
        used |= self.thrown
        self.pinned = []
        for cards in know.pinned:
            self.pinned.append(mask_of(cards, used))
            used |= self.pinned[-1]
        self.public_stock = []
        for card in know.public_stock:
            bit = mask_of([card], used)
            used |= bit
            self.public_stock.append(bit.bit_length() - 1)
        deck = view.rules.flow.deck.mask
        if used & ~deck or used.bit_count() != _shown(view, know):
            raise SamplingError(f"the view of seat {view.seat} shows a card the pack lacks")
        self.pool = [b for b in range(deck.bit_length()) if (deck & ~used) >> b & 1]


def _shown(view: View, know: Knowledge) -> int:
    """How many cards the view places (each once if the view is consistent)."""
    played = sum(1 for t in view.all_tricks() for p in t.plays if p.card is not None)
    pinned = sum(len(cards) for cards in know.pinned)
    return len(view.hand) + played + len(know.thrown) + pinned + len(know.public_stock)


def hidden_places(view: View, seen: Seen) -> dict[Place, int]:
    """Every hidden place and how many pool cards lie there now; the stock takes the rest."""
    model, me = view.rules.flow.HIDDEN, view.seat
    places: dict[Place, int] = {}
    for seat in range(view.players):
        size = view.hand_sizes[seat] - seen.pinned[seat].bit_count()
        if seat != me and size:
            places[Place("hand", seat)] = size
    for number, trick in enumerate(view.all_tricks()):
        for play in trick.plays:
            if play.card is None:
                places[Place("face_down", play.seat, number)] = 1
    thrown = dict(model.thrown_unseen(view))
    for seat, text in view.actions:
        if "?" in text and Kind(text.split()[0]).thrown:
            thrown[seat] = thrown.get(seat, 0) + text.count("?")
    for seat, count in sorted(thrown.items()):
        if seat != me and count:
            places[Place("thrown", seat)] = count
    widow = model.widow_hidden(view)
    if widow:
        places[Place("widow")] = widow
    rest = len(seen.pool) - sum(places.values())
    if rest < 0:
        raise SamplingError(
            f"the view of seat {me} leaves {len(seen.pool)} hidden cards for "
            f"{sum(places.values())} hidden places"
        )
    if rest:
        places[Place("stock")] = rest
    return places


def allowed_places(
    view: View, seen: Seen, places: dict[Place, int], rules: PlayRules
) -> dict[int, frozenset[Place]]:
    """Per pool card, the places it may lie in (the hand's plays read under ``rules``)."""
    everywhere = frozenset(places)
    banned = _play_bans(view, seen, rules)
    confined = view.rules.flow.HIDDEN.confined(view)
    allowed = {}
    for bit in seen.pool:
        spots = everywhere - {place for place, mask in banned.items() if mask >> bit & 1}
        only = confined.get(bit % COPY_STRIDE)
        allowed[bit] = spots & frozenset(only) if only is not None else spots
    return allowed


def _play_bans(view: View, seen: Seen, rules: PlayRules) -> dict[Place, int]:
    """Per hand or face-down place, the pool cards its seat's plays show it did not hold."""
    if view.trump is None:
        return {}
    banned: dict[Place, int] = {}
    for seat, trick, cards in _not_held(view, seen, rules):
        for place in _held_since(view, seen, seat, trick):
            banned[place] = banned.get(place, 0) | cards
    return banned


def _not_held(view: View, seen: Seen, rules: PlayRules) -> Iterator[tuple[int, int, int]]:
    """(seat, trick, pool cards it did not hold when it played to that trick)."""
    assert view.trump is not None
    table = view.rules.flow.trump_table(view.trump)
    pool = sum(1 << bit for bit in seen.pool)
    filler = seen.pool[0] if seen.pool else 0  # a face-down card's identity never matters
    for number, (trick, bits) in enumerate(zip(view.all_tricks(), seen.plays, strict=True)):
        state = Trick(trick.leader)
        for play, bit in zip(trick.plays, bits, strict=True):
            card = filler if bit < 0 else bit
            if play.seat != view.seat and play.face_down:
                # led face down: no trump then, the face-down card itself included
                yield play.seat, number - 1, table.trump_mask & pool
            elif play.seat != view.seat:
                yield play.seat, number, _illegal_beside(rules, (card, number), state, table, pool)
            state.add(play.seat, card, table, play.face_down)


def _held_since(view: View, seen: Seen, seat: int, trick: int) -> list[Place]:
    """The places of cards ``seat`` held after playing to ``trick``: its hand, its later
    face-down leads."""
    places = [Place("hand", seat)]
    for number, bits in enumerate(seen.plays):
        if number > trick:
            plays = view.all_tricks()[number].plays
            places += [
                Place("face_down", seat, number)
                for play, bit in zip(plays, bits, strict=True)
                if bit < 0 and play.seat == seat
            ]
    return places


def _illegal_beside(
    rules: PlayRules, played: tuple[int, int], trick: Trick, table: TrumpTable, pool: int
) -> int:
    """The pool cards whose presence beside the card played (bit, trick number) would have
    made it illegal."""
    card, number = played
    obligation, own = rules.obligation, 1 << card
    out = 0
    for bit in range(pool.bit_length()):
        if pool >> bit & 1 and not obligation(own | 1 << bit, trick, table, number) & own:
            out |= 1 << bit
    return out
