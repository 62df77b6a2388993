"""What one seat knows about where the cards lie, and the hooks a family gives for the rest.

:func:`knowledge` reads a seat's view alone: its own cards and the cards it put out of play,
the cards it knows another seat holds (a turn-up that seat took, cards it gave to a lone
partner), the face-up cards still lying on the stock and the suits each seat has shown void in
by not following. The observation encoder of :mod:`tricktable.envs` and the resampler
(:mod:`tricktable.resample`) both start from it.

Where the rest lies is a family's business: its flow's :attr:`~tricktable.flow.Flow.HIDDEN`
is a :class:`HiddenModel` that names the family's hidden places (a widow nobody took, cards
thrown away face down), the cards a view pins down and how a deal is rebuilt from a
:class:`World`, where every card lies now. The resampler draws the worlds; the engine replays
them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple

from .actions import Kind, parse_action
from .cards import COPY_STRIDE, parse_card
from .deal import Deal
from .jsonrecord import CardText

if TYPE_CHECKING:
    from .ranking import TrumpTable
    from .view import View
    from .view_parts import DoneTrick, TrickView

__all__ = [
    "SUITS",
    "HiddenModel",
    "Knowledge",
    "Place",
    "Rebuilt",
    "World",
    "bit_of",
    "knowledge",
    "mask_of",
    "shown_voids",
    "thrown_cards",
    "voids_shown",
]

SUITS = 4
"""Effective suits a seat can show void in (the Joker's own suit without trump is not one)."""

PlaceKind = Literal["hand", "thrown", "widow", "stock", "face_down"]


class Place(NamedTuple):
    """Somewhere a hidden card may lie now: a seat's hand, the cards a seat threw away face
    down, the widow, the undealt stock, or a card ``seat`` led face down to trick ``trick``."""

    kind: PlaceKind
    seat: int = -1
    trick: int = -1


class Knowledge(NamedTuple):
    """What one seat knows about where the cards are; per-seat tuples are by absolute seat."""

    seat: int
    players: int
    hand: int
    """The seat's own cards (exact bits)."""
    thrown: tuple[CardText, ...]
    """Cards the seat itself put out of play this hand (discards, a hand given up)."""
    pinned: tuple[tuple[CardText, ...], ...]
    """Per seat, cards this seat knows that seat still holds."""
    public_stock: tuple[CardText, ...]
    """Face-up cards lying on the undealt stock (a turn-up nobody took), top first."""
    voids: tuple[frozenset[int], ...]
    """Per seat, the effective suits (0..3 under this hand's trump) it has shown void in."""


def knowledge(view: View) -> Knowledge:
    """The card knowledge of ``view``'s seat (``None``, a spectator, knows no hand)."""
    model = view.rules.flow.HIDDEN
    seat = -1 if view.seat is None else view.seat
    played = _played_texts(view)
    pinned = model.pinned(view)
    held = tuple(
        _without(pinned.get(s, ()), played[s]) if s != seat else () for s in range(view.players)
    )
    return Knowledge(
        seat=seat,
        players=view.players,
        hand=view.hand.mask,
        thrown=view.section.discarded,
        pinned=held,
        public_stock=model.public_stock(view),
        voids=shown_voids(view),
    )


def _played_texts(view: View) -> list[list[CardText]]:
    out: list[list[CardText]] = [[] for _ in range(view.players)]
    for trick in view.all_tricks():
        for play in trick.plays:
            if play.card is not None and not play.face_down:
                out[play.seat].append(play.card)
    return out


def _without(cards: Sequence[CardText], gone: Sequence[CardText]) -> tuple[CardText, ...]:
    left = list(gone)
    out = []
    for card in cards:
        if card in left:
            left.remove(card)
        else:
            out.append(card)
    return tuple(out)


def shown_voids(view: View) -> tuple[frozenset[int], ...]:
    """Per seat, the effective suits it has shown void in this hand (:func:`voids_shown` on
    the view's tricks; none before trump is fixed)."""
    if view.trump is None:
        return tuple(frozenset() for _ in range(view.players))
    table = view.rules.flow.trump_table(view.trump)
    return voids_shown(view.all_tricks(), table, view.players)


def voids_shown(
    tricks: Iterable[TrickView | DoneTrick], table: TrumpTable, players: int
) -> tuple[frozenset[int], ...]:
    """Per seat, the effective suits (0..3 under ``table``'s trump) it has shown void in by the
    cards of ``tricks``: the one inference of voids, for the observations, the resampler and
    the bots alike.

    A follower who plays a card face up outside the led effective suit is void in that suit.
    A face-down lead (Bierspiel's forced trump leads, Rounce's second trick) shows no suit of
    its own card, even to a seat that sees it: the trick counts as trump-led (rules.md §3.3),
    so a follower who does not play trump to it is void in trump, and, since only a leader who
    holds no trump may lead face down, so is the leader. A card a follower plays face down
    shows nothing."""
    voids: list[set[int]] = [set() for _ in range(players)]
    for trick in tricks:
        led: int | None = None
        for position, play in enumerate(trick.plays):
            if play.face_down:
                if position == 0:
                    led = table.trump
                    voids[play.seat].add(led)
                continue
            suit = table.suit_of[parse_card(play.card or "").index]
            if position == 0:
                led = suit
            elif led is not None and suit != led:
                voids[play.seat].add(led)
    return tuple(frozenset(s for s in v if s < SUITS) for v in voids)


def mask_of(cards: Sequence[CardText], taken: int = 0) -> int:
    """The bits of ``cards``, each the first copy not in ``taken`` nor already used."""
    out = 0
    for text in cards:
        base = parse_card(text).index
        bit = base if not (taken | out) >> base & 1 else base + COPY_STRIDE
        out |= 1 << bit
    return out


def bit_of(mask: int, card: CardText | int) -> int:
    """The bit index of the card ``card`` (text or index of either copy) within ``mask``."""
    base = (parse_card(card).index if isinstance(card, str) else card) % COPY_STRIDE
    if mask >> base & 1:
        return base
    if mask >> (base + COPY_STRIDE) & 1:
        return base + COPY_STRIDE
    raise ValueError(f"card {base} is not among the cards given")


@dataclass
class World:
    """Where every card of the current hand lies now, as one sample has it (card bits).

    ``played`` holds each seat's cards of this hand's tricks (face up or down),
    ``stock`` the undealt cards that nobody can see, in random order, ``public_stock`` the
    face-up ones (the turn-up), top first.
    """

    hands: list[int]
    played: list[int]
    thrown: list[int]
    widow: int = 0
    stock: list[int] = field(default_factory=list)
    public_stock: list[int] = field(default_factory=list)

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds or played this hand."""
        return self.hands[seat] | self.played[seat]


class Rebuilt(NamedTuple):
    """A world told as the engine replays it: this hand's deal, the texts of the hidden-card
    actions (by position in the view's actions) and the deals thrown in before it, each with
    the actions that threw it in."""

    deal: Deal
    texts: Mapping[int, str]
    earlier: tuple[tuple[Deal, tuple[str, ...]], ...] = ()


class HiddenModel:
    """A family's hooks for hidden information; the defaults fit a game with no widow, no
    stock, no exchanges and no gifts."""

    def pinned(self, view: View) -> Mapping[int, Sequence[CardText]]:
        """Per seat, cards ``view``'s seat saw go into that seat's hand this hand."""
        return {}

    def public_stock(self, view: View) -> tuple[CardText, ...]:
        """Face-up cards lying on the undealt stock, top first."""
        return ()

    def widow_hidden(self, view: View) -> int:
        """How many cards lie in a widow that nobody has taken (none by default)."""
        return 0

    def thrown_unseen(self, view: View) -> Mapping[int, int]:
        """Per seat, cards it threw away face down without a ``?`` action showing them (a
        widow taker's dealt hand); hidden ``discard`` and ``exchange`` actions count anyway."""
        return {}

    def confined(self, view: View) -> Mapping[int, tuple[Place, ...]]:
        """Cards (copy-0 index) the view shows to lie in one of a few places only, if hidden
        (a forced bid shows the bidder held the Joker)."""
        return {}

    def rebuild(self, view: View, world: World, rng: random.Random) -> Rebuilt:
        """The deal of this hand that leads to ``world`` (and texts for hidden actions)."""
        hands = tuple(world.held(seat) for seat in range(view.players))
        return Rebuilt(Deal(hands, None, tuple(world.public_stock + world.stock)), {})


def thrown_cards(
    view: View, world: World, kinds: frozenset[Kind], rng: random.Random
) -> dict[int, list[int]]:
    """The cards (bits) each ``kinds`` action of this hand put out of play, by the action's
    position in ``view.actions``: the observer's own actions name theirs; another seat's
    (``discard ?``, ``exchange ? ?``) get cards drawn at random from that seat's thrown cards
    in ``world`` (which of them went when shows in nothing later)."""
    left = world.thrown[:]
    out: dict[int, list[int]] = {}
    for index, (seat, text) in enumerate(view.actions):
        action_kind = text.split()[0]
        if Kind(action_kind) not in kinds:
            continue
        if "?" in text:
            chosen = _draw(left[seat], text.count("?"), rng)
        else:
            chosen = [bit_of(left[seat], c) for c in parse_action(text).cards]
        for bit in chosen:
            left[seat] &= ~(1 << bit)
        out[index] = chosen
    return out


def _draw(mask: int, count: int, rng: random.Random) -> list[int]:
    bits = [b for b in range(mask.bit_length()) if mask >> b & 1]
    if len(bits) < count:
        raise ValueError(f"{count} cards cannot come from {len(bits)}")
    return rng.sample(bits, count)
