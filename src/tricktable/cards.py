"""Cards, decks and card sets.

A card is a bit index: ``copy * 64 + suit * 16 + rank`` with ranks 2..14 (ace 14) and the Joker
at index 63. The second copy of a pinochle card sits 64 above the first, so a set of cards of any
deck is one Python int and following suit is a single ``&``. :class:`Card` and :class:`CardSet`
are the readable types over those ints; the engine works on the ints themselves.

Notation (input case-insensitive, output canonical): rank ``2``..``10`` (``T`` accepted for 10),
``J Q K A``, then the suit ``C D H S`` (``♣ ♦ ♥ ♠`` accepted); the Joker is ``JK``. Identical
pinochle cards share a notation.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

from .errors import NotationError

__all__ = [
    "DECKS",
    "JOKER",
    "Card",
    "CardSet",
    "Deck",
    "Suit",
    "card_index",
    "format_cards",
    "parse_card",
    "parse_cards",
    "pinochle45",
]


class Suit(IntEnum):
    """The four suits; the value is the suit's block in a card's bit index."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def same_colour(self) -> Suit:
        """The other suit of this suit's colour (the suit of the left bower)."""
        return Suit(3 - self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        letter = _SUIT_ALIASES.get(text.strip().upper())
        if letter is None:
            raise NotationError(f"{text!r} is not a suit; use one of C, D, H, S")
        return cls("CDHS".index(letter))


_SUIT_ALIASES: Final = {
    "C": "C", "D": "D", "H": "H", "S": "S",
    "♣": "C", "♦": "D", "♥": "H", "♠": "S",
    "♧": "C", "♢": "D", "♡": "H", "♤": "S",
}  # fmt: skip
_RANK_TEXT: Final = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_ALIASES: Final = {v: k for k, v in _RANK_TEXT.items()} | {"T": 10}
_JOKER_NAMES: Final = frozenset({"JK", "JKR", "JOKER"})
JOKER_INDEX: Final = 63
COPY_STRIDE: Final = 64


def card_index(rank: int, suit: int, copy: int = 0) -> int:
    """The bit index of a card: ``copy * 64 + suit * 16 + rank``."""
    return copy * COPY_STRIDE + suit * 16 + rank


def _is_valid_index(index: int) -> bool:
    if index in (JOKER_INDEX, JOKER_INDEX + COPY_STRIDE):
        return True
    return 0 <= index < 2 * COPY_STRIDE and 2 <= index % 16 <= 14


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card, identified by its bit index (see the module docstring)."""

    index: int

    def __post_init__(self) -> None:
        if not _is_valid_index(self.index):
            raise NotationError(f"{self.index!r} is not a card index")

    @property
    def is_joker(self) -> bool:
        return self.index % COPY_STRIDE == JOKER_INDEX

    @property
    def rank(self) -> int:
        """2..14 (ace 14); 15 for the Joker."""
        return 15 if self.is_joker else self.index % 16

    @property
    def suit(self) -> Suit | None:
        """The printed suit; ``None`` for the Joker."""
        return None if self.is_joker else Suit(self.index % COPY_STRIDE // 16)

    @property
    def copy(self) -> int:
        """0 or 1: which of two identical pinochle cards this is (it never affects rank)."""
        return self.index // COPY_STRIDE

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def first_copy(self) -> Card:
        """The copy-0 card with the same notation."""
        return CARD_BY_INDEX[self.index % COPY_STRIDE]

    def __str__(self) -> str:
        return CARD_TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})" if self.copy == 0 else f"Card({str(self)!r}, copy=1)"

    def symbol(self) -> str:
        """Notation with a suit symbol, e.g. ``10♥``, for display."""
        if self.is_joker:
            return "JK"
        assert self.suit is not None
        return _RANK_TEXT[self.rank] + self.suit.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card in notation (copy 0 for pinochle cards)."""
        return parse_card(text)


def _format_index(index: int) -> str:
    index %= COPY_STRIDE
    if index == JOKER_INDEX:
        return "JK"
    return _RANK_TEXT[index % 16] + "CDHS"[index // 16]


_ALL_INDICES: Final = [i for i in range(2 * COPY_STRIDE) if _is_valid_index(i)]
CARD_BY_INDEX: Final[dict[int, Card]] = {i: Card(i) for i in _ALL_INDICES}
CARD_TEXT: Final[dict[int, str]] = {i: _format_index(i) for i in _ALL_INDICES}
JOKER: Final = CARD_BY_INDEX[JOKER_INDEX]


def parse_card(text: str) -> Card:
    """Parse one card (case-insensitive; ``T`` for 10 and suit symbols accepted)."""
    cleaned = text.strip().upper()
    if cleaned in _JOKER_NAMES:
        return JOKER
    if len(cleaned) >= 2 and cleaned[-1] in _SUIT_ALIASES:
        rank = _RANK_ALIASES.get(cleaned[:-1])
        if rank is not None:
            return CARD_BY_INDEX[card_index(rank, "CDHS".index(_SUIT_ALIASES[cleaned[-1]]))]
    raise NotationError(
        f"{text!r} is not a card; write a rank 2-10, J, Q, K or A and a suit C, D, H or S "
        "(for example 10H or QS), or JK for the Joker"
    )


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas; ``-`` or an empty string is no cards.

    A card written twice is its second pinochle copy the second time.
    """
    cards: list[Card] = []
    seen = 0
    for token in text.replace(",", " ").split():
        if token == "-":
            continue
        card = parse_card(token)
        if seen >> card.index & 1:
            card = CARD_BY_INDEX[card.index + COPY_STRIDE]
            if seen >> card.index & 1:
                raise NotationError(f"{token!r} appears more than twice in {text!r}")
        seen |= card.bit
        cards.append(card)
    return cards


def display_key(index: int) -> tuple[int, int, int, int]:
    """Canonical order of cards in text: Joker, then spades, hearts, diamonds, clubs, high first."""
    base = index % COPY_STRIDE
    if base == JOKER_INDEX:
        return (0, 0, 0, index // COPY_STRIDE)
    return (1, 3 - base // 16, -(base % 16), index // COPY_STRIDE)


def indices_of(mask: int) -> list[int]:
    """The bit indices set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def format_cards(cards: Iterable[Card] | int) -> str:
    """Cards in canonical notation and order, separated by spaces (``-`` for none)."""
    indices = indices_of(cards) if isinstance(cards, int) else [c.index for c in cards]
    if not indices:
        return "-"
    return " ".join(CARD_TEXT[i] for i in sorted(indices, key=display_key))


class CardSet:
    """An immutable set of cards over an int bitmask, with the usual set operators."""

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card] | int | str = 0) -> None:
        if isinstance(cards, int):
            mask = cards
        elif isinstance(cards, str):
            mask = sum(c.bit for c in parse_cards(cards))
        else:
            mask = 0
            for card in cards:
                mask |= card.bit
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __iter__(self) -> Iterator[Card]:
        return (CARD_BY_INDEX[i] for i in sorted(indices_of(self.mask), key=display_key))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __str__(self) -> str:
        return format_cards(self.mask)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> CardSet:
        return cls(text)

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of a printed suit."""
        return CardSet(self.mask & SUIT_MASKS[suit])


SUIT_MASKS: Final = tuple(
    sum(1 << (copy * COPY_STRIDE + s * 16 + r) for copy in (0, 1) for r in range(2, 15))
    for s in range(4)
)


@dataclass(frozen=True, slots=True)
class Deck:
    """A named pack: its cards as a mask, dealt in a canonical order before shuffling."""

    name: str
    mask: int
    indices: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The cards' bit indices in canonical order (the order of a new pack)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "indices", tuple(sorted(indices_of(self.mask), key=display_key)))

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(CARD_BY_INDEX[i] for i in self.indices)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def has_duplicates(self) -> bool:
        return self.mask >> COPY_STRIDE != 0


def _mask(ranks: Iterable[int], copies: int = 1) -> int:
    ranks = list(ranks)
    return sum(1 << card_index(r, s, c) for r in ranks for s in range(4) for c in range(copies))


def pinochle45(removed: Iterable[Card]) -> Deck:
    """The five-player pinochle pack: 48 cards less three (by default one 9 of C, D and H)."""
    mask = _mask(range(9, 15), copies=2)
    for card in removed:
        base = card.index % COPY_STRIDE
        held = [i for i in (base + COPY_STRIDE, base) if mask >> i & 1]
        if not held:
            raise NotationError(f"{card} cannot be removed from the pinochle pack a third time")
        mask ^= 1 << held[0]
    return Deck("pinochle45", mask)


DECKS: Final = {
    # nine to ace of each suit and the Joker
    "joker25": Deck("joker25", _mask(range(9, 15)) | JOKER.bit),
    "pinochle48": Deck("pinochle48", _mask(range(9, 15), copies=2)),
    "pinochle45": pinochle45(parse_cards("9C 9D 9H")),
    "piquet32": Deck("piquet32", _mask(range(7, 15))),
    "full52": Deck("full52", _mask(range(2, 15))),
}
