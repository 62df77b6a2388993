"""Card ranking once trump is fixed (ranking.py): effective suits and strengths per trump."""

from __future__ import annotations

import pytest

import tricktable as tt
from tricktable.ranking import NO_TRUMP, TRUMP_BONUS, Ranking

EUCHRE = Ranking(tt.DECKS["joker25"].mask, joker_top=True, bowers=True)
PIQUET = tt.DECKS["piquet32"].mask


def idx(text: str) -> int:
    return tt.parse_card(text).index


def order(ranking: Ranking, trump: int | None, cards: str) -> list[str]:
    """The cards sorted strongest first by their strength in their effective suit."""
    table = ranking.table(trump)
    return sorted(cards.split(), key=lambda c: -table.strength[idx(c)])


@pytest.mark.parametrize(
    ("trump", "expected"),
    [(0, "JK JC JS AC KC QC 10C 9C"), (1, "JK JD JH AD KD QD 10D 9D"),
     (2, "JK JH JD AH KH QH 10H 9H"), (3, "JK JS JC AS KS QS 10S 9S")],
)  # fmt: skip
def test_SH03_euchre_trump_order(trump: int, expected: str) -> None:
    table = EUCHRE.table(trump)
    trumps = {str(tt.Card(i)) for i in tt.DECKS["joker25"].indices if table.suit_of[i] == trump}
    assert trumps == set(expected.split())
    assert order(EUCHRE, trump, expected) == expected.split()
    assert table.trump_mask == tt.CardSet(expected).mask


def test_SH04_plain_suits_with_hearts_trump() -> None:
    table = EUCHRE.table(2)
    assert table.suit_mask[1] == tt.CardSet("AD KD QD 10D 9D").mask  # no J♦
    assert table.suit_mask[3] == tt.CardSet("AS KS QS JS 10S 9S").mask
    assert order(EUCHRE, 2, "9S JS AS 10S QS KS") == ["AS", "KS", "QS", "JS", "10S", "9S"]
    assert table.suit_of[idx("JD")] == 2
    # a card's "above" mask: the cards of its effective suit that beat it
    assert table.above[idx("AH")] == tt.CardSet("JK JH JD").mask
    assert table.above[idx("JK")] == 0


def test_trick_keys_trump_over_led_over_off_suit() -> None:
    table = EUCHRE.table(2)
    assert table.key(idx("9H"), 3) > table.key(idx("AS"), 3) >= 0
    assert table.key(idx("AC"), 3) == -1  # off-suit never wins
    assert table.key(idx("9H"), 3) >= TRUMP_BONUS


def test_no_trump_table_keeps_printed_suits() -> None:
    table = EUCHRE.table(None)
    assert table.trump == NO_TRUMP
    assert table.suit_of[idx("JD")] == 1
    assert order(EUCHRE, None, "JH AH 9H") == ["AH", "JH", "9H"]


def test_bierspiel_seven_of_diamonds_second_trump() -> None:
    ranking = Ranking(PIQUET, seven_diamonds=True)
    assert order(ranking, 3, "KS 7D AS QS") == ["AS", "7D", "KS", "QS"]  # BI01
    assert order(ranking, 1, "KD 7D AD") == ["AD", "7D", "KD"]  # BI02
    assert ranking.table(3).suit_of[idx("7D")] == 3


def test_ecarte_ranking_king_high() -> None:
    ranking = Ranking(PIQUET, ace="ecarte")
    assert order(ranking, 0, "AS KS QS JS 10S") == ["KS", "QS", "JS", "AS", "10S"]


def test_double_hasenpfeffer_duplicates_share_strength() -> None:
    ranking = Ranking(tt.DECKS["pinochle48"].mask, bowers=True)
    first, second = tt.parse_cards("JH JH")
    table = ranking.table(2)
    assert table.strength[first.index] == table.strength[second.index]
    assert table.above[first.index] == 0
    left = tt.parse_cards("JD JD")
    assert table.above[left[0].index] == first.bit | second.bit


def test_tables_are_built_once_per_trump() -> None:
    assert EUCHRE.table(2) is EUCHRE.table(2)


def test_compact_table_renumbers_the_cards_in_the_given_order() -> None:
    table = EUCHRE.table(2)
    cards = ["9H", "AH", "JD", "AS", "-", "JK"]
    order = [-1 if c == "-" else idx(c) for c in cards]
    compact = table.compact(order)
    assert compact.suit_of == (2, 2, 2, 3, -1, 2)  # J♦ is a trump: a bower
    assert compact.strength[4] == -1 and compact.above[4] == 0  # the empty slot
    assert compact.suit_mask[2] == 0b100111 and compact.suit_mask[3] == 0b1000
    # the cards above the ace of trump among these: the left bower and the Joker
    assert compact.above[1] == 0b100100
    assert compact.above[0] == 0b100110 and compact.above[5] == 0
