"""Actions and their notation: ``pass``, ``bid 4``, ``trump H``, ``discard 9C``, ``play JH``,
and a family's own verbs followed by what their registration says they take (nothing, cards or
a seat: :mod:`tricktable.verbs`).

An :class:`Action` is an immutable value; ``str(action)`` is its canonical notation and
:func:`parse_action` reads it back (case-insensitive, suit symbols and ``T`` accepted). Cards in
actions are always the first copy: identical pinochle cards share one notation, and the engine
plays whichever copy the seat holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from .cards import (
    CARD_BY_INDEX,
    CARD_TEXT,
    COPY_STRIDE,
    Card,
    Suit,
    display_key,
    indices_of,
    parse_card,
)
from .errors import NotationError
from .verbs import Kind

__all__ = ["Action", "Kind", "card_actions", "parse_action"]


NO_TRUMP_WORD: Final = "NT"


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of a seat. ``cards`` are copy-0 card indices; ``value`` a bid or a suit."""

    kind: Kind
    cards: tuple[int, ...] = ()
    value: str = ""
    text: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.text:
            object.__setattr__(self, "text", _format(self))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    @property
    def card(self) -> Card:
        """The (first) card of a card action."""
        return CARD_BY_INDEX[self.cards[0]]

    @property
    def bid_value(self) -> int | str:
        """A bid's amount: an int, or the word of a named contract (its game's)."""
        return int(self.value) if self.value.isdigit() else self.value

    @classmethod
    def parse(cls, text: str) -> Action:
        return parse_action(text)

    @classmethod
    def bid(cls, value: int | str) -> Action:
        return cls(Kind.BID, value=str(value))

    @classmethod
    def name_trump(cls, suit: int | None) -> Action:
        return cls(Kind.TRUMP, value=NO_TRUMP_WORD if suit is None else "CDHS"[suit])

    @classmethod
    def seat(cls, kind: Kind, seat: int) -> Action:
        """An action naming a seat (a verb that takes one: ``VERB N``)."""
        return cls(kind, value=str(seat))


def _format(action: Action) -> str:
    parts = [action.kind.value, *(CARD_TEXT[c] for c in action.cards)]
    if action.value:
        parts.append(action.value)
    return " ".join(parts)


def card_action(kind: Kind, *cards: int) -> Action:
    """A card action for card bit indices (any copy); single-card actions are interned."""
    if len(cards) == 1:
        return (_SINGLE.get(kind) or _singles(kind))[cards[0] % COPY_STRIDE]
    # several cards name one action whatever order they are written in: keep canonical order
    return _interned_card_action(
        kind, tuple(sorted((c % COPY_STRIDE for c in cards), key=display_key))
    )


@lru_cache(maxsize=4096)
def _interned_card_action(kind: Kind, cards: tuple[int, ...]) -> Action:
    return Action(kind, cards)


HalfActions = dict[int, tuple[Action, ...]]
"""The single-card actions of one kind for the cards of 32 card bits (two suits), by those bits:
plain dicts (a dict subclass is looked up through a slower slot), filled on use by
:func:`card_actions` and forgotten when there are too many (the cards of a big deck's hands)."""

PASS: Final = Action(Kind.PASS)
_SINGLE: Final[dict[Kind, tuple[Action, ...]]] = {}
"""The single-card action of each copy-0 card index, by verb (made when a verb is first used)."""


def _singles(kind: Kind) -> tuple[Action, ...]:
    single = _SINGLE.get(kind)
    if single is None:
        single = _SINGLE[kind] = tuple(
            Action(kind, (i,)) if i in CARD_TEXT else PASS for i in range(COPY_STRIDE)
        )
        _BY_HALF[kind] = ({}, {})
    return single


_BY_HALF: Final[dict[Kind, tuple[HalfActions, HalfActions]]] = {}
PLAY: Final = _singles(Kind.PLAY)
"""The play action of each copy-0 card index (other indices hold a placeholder)."""

_LOW_COPY: Final = (1 << COPY_STRIDE) - 1


_HALF_KEPT: Final = 1 << 16
PLAY_HALVES: Final = _BY_HALF[Kind.PLAY]
"""The play actions of the cards of clubs and diamonds, and of hearts and spades, by their 32
bits (copy 0): the engine finds a legal mask's actions with two lookups, and asks
:func:`card_actions` for those it has not seen yet."""


def card_actions(kind: Kind, mask: int) -> tuple[Action, ...]:
    """The single-card actions of ``kind`` for the cards of ``mask``: one per notation (either
    copy of a pinochle card), lowest card index first."""
    low = (mask | mask >> COPY_STRIDE) & _LOW_COPY
    halves = _BY_HALF.get(kind)
    if halves is None:
        _singles(kind)
        halves = _BY_HALF[kind]
    clubs_diamonds, hearts_spades = halves
    try:
        return clubs_diamonds[low & 0xFFFFFFFF] + hearts_spades[low >> 32]
    except KeyError:
        return _half_actions(kind, 0, low & 0xFFFFFFFF) + _half_actions(kind, 1, low >> 32)


def _half_actions(kind: Kind, half: int, bits: int) -> tuple[Action, ...]:
    known = _BY_HALF[kind][half]
    actions = known.get(bits)
    if actions is None:
        if len(known) >= _HALF_KEPT:
            known.clear()
        single = _SINGLE[kind]
        actions = known[bits] = tuple(single[32 * half + i] for i in indices_of(bits))
    return actions


@lru_cache(maxsize=1024)
def parse_action(text: str) -> Action:
    """Parse an action in notation; raises :class:`NotationError` that quotes the text."""
    words = text.strip().split()
    if not words:
        raise NotationError("an empty string is not an action")
    try:
        kind = Kind(words[0].lower())
    except ValueError:
        known = ", ".join(k.value for k in Kind)
        raise NotationError(
            f"{text!r} is not an action; actions start with one of {known}"
        ) from None
    return _parse_rest(kind, words[1:], text)


def _parse_rest(kind: Kind, rest: list[str], text: str) -> Action:
    takes = kind.takes
    if takes == "nothing":
        if rest:
            raise NotationError(f"{text!r}: {kind.value!r} takes nothing after it")
        return Action(kind)
    if takes == "bid":
        return _parse_bid(rest, text)
    if takes == "suit":
        return _parse_trump(rest, text)
    if takes == "seat":
        return _parse_seat(kind, rest, text)
    limit = kind.most_cards
    if not 1 <= len(rest) <= limit:
        what = {1: "one card", 2: "one or two cards"}.get(limit, f"one to {limit} cards")
        raise NotationError(f"{text!r}: {kind.value!r} takes {what}, e.g. '{kind.value} JH'")
    try:
        return card_action(kind, *(parse_card(word).index for word in rest))
    except NotationError as exc:
        raise NotationError(f"{text!r}: {exc}") from None


_BID_WORD: Final = re.compile(r"[a-z]+(?:-[a-z]+)*")
"""A named contract's word (a game says which it has: its flow's ``NAMED_BIDS``)."""


def _parse_bid(rest: list[str], text: str) -> Action:
    if len(rest) == 1:
        word = rest[0].lower()
        if word.isdigit():
            return Action(Kind.BID, value=str(int(word)))
        if _BID_WORD.fullmatch(word):
            return Action(Kind.BID, value=word)
    raise NotationError(f"{text!r}: a bid is 'bid N' or 'bid' and a named contract's word")


def _parse_seat(kind: Kind, rest: list[str], text: str) -> Action:
    if len(rest) == 1 and rest[0].isdigit():
        return Action.seat(kind, int(rest[0]))
    raise NotationError(f"{text!r}: name the seat by its number, e.g. '{kind.value} 3'")


def _parse_trump(rest: list[str], text: str) -> Action:
    if len(rest) == 1:
        if rest[0].upper() == NO_TRUMP_WORD:
            return Action(Kind.TRUMP, value=NO_TRUMP_WORD)
        try:
            return Action(Kind.TRUMP, value=Suit.parse(rest[0]).letter)
        except NotationError:
            pass
    raise NotationError(f"{text!r}: name trump as 'trump C', 'trump D', 'trump H' or 'trump S'")
