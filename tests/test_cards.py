"""Cards, decks and card sets (cards.py): notation round trips, decks, CardSet operations."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable as tt
from tricktable.cards import JOKER, Suit

ALL_INDICES = sorted({card.index for deck in tt.DECKS.values() for card in deck.cards})
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@st.composite
def written_cards(draw: st.DrawFn) -> tuple[tt.Card, str]:
    """A card and one of the ways a person may write it."""
    card = tt.Card(draw(st.sampled_from(ALL_INDICES))).first_copy
    text = str(card)
    if card.is_joker:
        return card, draw(st.sampled_from(["JK", "jk", "Jk", "JKR", "joker", " JK "]))
    rank, suit = text[:-1], text[-1]
    if rank == "10":
        rank = draw(st.sampled_from(["10", "T", "t"]))
    if draw(st.booleans()):
        suit = SYMBOLS[suit]
    written = rank + suit
    return card, draw(st.sampled_from([written, written.lower(), written.upper()]))


@settings(deadline=None)
@given(written_cards())
def test_card_notation_round_trip(pair: tuple[tt.Card, str]) -> None:
    card, text = pair
    parsed = tt.parse_card(text)
    assert parsed == card
    assert str(parsed) == str(card)
    assert tt.parse_card(str(parsed)) == parsed


@settings(deadline=None)
@given(st.lists(st.sampled_from(ALL_INDICES), max_size=30))
def test_card_list_round_trip_with_pinochle_duplicates(indices: list[int]) -> None:
    # At most two of each notation: the second is the second pinochle copy.
    kept: list[str] = []
    for index in indices:
        text = str(tt.Card(index))
        if kept.count(text) < 2:
            kept.append(text)
    text = " ".join(kept)
    parsed = tt.parse_cards(text)
    assert [str(c) for c in parsed] == kept
    assert len({c.index for c in parsed}) == len(parsed)  # duplicates became distinct copies
    canonical = tt.format_cards(parsed)
    assert tt.format_cards(tt.parse_cards(canonical)) == canonical
    assert sorted(canonical.split()) == sorted(kept or ["-"])


def test_a_card_written_twice_is_the_second_copy_and_thrice_is_an_error() -> None:
    first, second = tt.parse_cards("JH jh")
    assert (first.copy, second.copy) == (0, 1)
    assert str(first) == str(second) == "JH"
    assert first != second and first.first_copy == second.first_copy
    with pytest.raises(tt.NotationError, match="JH"):
        tt.parse_cards("JH JH JH")


@pytest.mark.parametrize("text", ["", "1H", "11C", "JX", "H", "JKK", "10", "AS AS"[0:4] + "x"])
def test_bad_card_text_raises_notation_error_quoting_it(text: str) -> None:
    with pytest.raises(tt.NotationError) as info:
        tt.parse_card(text)
    assert repr(text) in str(info.value)


def test_joker_and_card_properties() -> None:
    assert str(JOKER) == "JK" and JOKER.is_joker and JOKER.suit is None and JOKER.rank == 15
    ten = tt.parse_card("T♥")
    assert (str(ten), ten.rank, ten.suit, ten.copy) == ("10H", 10, Suit.HEARTS, 0)
    assert ten.symbol() == "10♥"
    assert repr(tt.parse_cards("QS QS")[1]) == "Card('QS', copy=1)"
    with pytest.raises(tt.NotationError):
        tt.Card(1)


def test_suits() -> None:
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert Suit.HEARTS.same_colour is Suit.DIAMONDS
    assert Suit.CLUBS.same_colour is Suit.SPADES
    assert Suit.DIAMONDS.is_red and not Suit.SPADES.is_red
    assert Suit.parse("♠") is Suit.SPADES
    with pytest.raises(tt.NotationError, match="'X'"):
        Suit.parse("X")


@pytest.mark.parametrize(
    ("name", "size", "duplicates"),
    [("joker25", 25, False), ("pinochle48", 48, True), ("pinochle45", 45, True),
     ("piquet32", 32, False), ("full52", 52, False)],
)  # fmt: skip
def test_G04_deck_sizes(name: str, size: int, duplicates: bool) -> None:
    deck = tt.DECKS[name]
    assert len(deck) == size == len(deck.cards) == len(set(deck.indices))
    assert deck.has_duplicates() is duplicates
    texts = [str(c) for c in deck.cards]
    if not duplicates:
        assert len(set(texts)) == size


def test_pinochle45_removes_one_nine_of_clubs_diamonds_and_hearts() -> None:
    deck = tt.DECKS["pinochle45"]
    texts = [str(c) for c in deck.cards]
    assert [texts.count(n) for n in ("9C", "9D", "9H", "9S")] == [1, 1, 1, 2]


def test_format_cards_is_canonical_and_dash_for_none() -> None:
    assert tt.format_cards([]) == "-"
    assert tt.format_cards(0) == "-"
    cards = tt.parse_cards("9c th jk as 10d")
    assert tt.format_cards(cards) == "JK AS 10H 10D 9C"


def test_cardset_operations() -> None:
    a = tt.CardSet("AS KS QH")
    b = tt.CardSet("QH 9C")
    assert len(a) == 3 and bool(a) and not tt.CardSet()
    assert str(a | b) == "AS KS QH 9C"
    assert str(a & b) == "QH"
    assert str(a - b) == "AS KS"
    assert str(a ^ b) == "AS KS 9C"
    assert tt.parse_card("KS") in a and tt.parse_card("9C") not in a
    assert str(a.of_suit(Suit.SPADES)) == "AS KS"
    assert a == tt.CardSet.parse("qh ks as") and hash(a) == hash(tt.CardSet("QH KS AS"))
    assert [str(c) for c in a] == ["AS", "KS", "QH"]
    with pytest.raises(AttributeError):
        a.mask = 0
