"""Deals (deal.py): dealing by schedule and the deal text, with round trips."""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable as tt
from tricktable.deal import (
    WIDOW,
    Deal,
    _shuffle_number,
    deal_by_schedule,
    format_deal,
    parse_deal,
)

SH_DEAL = "JK JH AH KH QH 10H / AS KS QS JS 10S 9S / AD KD QD JD 10D 9D / AC KC QC JC 10C 9H | 9C"


def shuffled(deck: str, seed: int) -> list[int]:
    pack = list(tt.DECKS[deck].indices)
    random.Random(seed).shuffle(pack)
    return pack


@settings(deadline=None)
@given(st.integers(0, 2**32))
def test_single_hasenpfeffer_deal_text_round_trip(seed: int) -> None:
    pack = shuffled("joker25", seed)
    deal = deal_by_schedule(pack, [(s, 6) for s in range(4)] + [(WIDOW, 1)], 4)
    text = str(deal)
    again = parse_deal(text, 4, True)
    assert again == deal
    assert str(parse_deal(text.lower().replace("10", "T"), 4, True)) == text
    assert deal.all_cards() == tt.DECKS["joker25"].mask


@settings(deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4, 6]))
def test_pinochle_deal_with_duplicates_round_trip(seed: int, players: int) -> None:
    pack = shuffled("pinochle48", seed)
    size = 48 // players
    deal = deal_by_schedule(pack, [(s, size) for s in range(players)], players)
    text = format_deal(deal)
    again = parse_deal(text, players, False)
    assert str(again) == text
    assert again.all_cards().bit_count() == 48
    assert [h.bit_count() for h in again.hands] == [size] * players


@settings(deadline=None)
@given(st.integers(0, 2**32))
def test_deal_with_widow_and_stock_round_trip(seed: int) -> None:
    pack = shuffled("piquet32", seed)
    schedule = [(0, 5), (1, 5), (WIDOW, 5), (2, 5)]
    deal = deal_by_schedule(pack, schedule, 3)
    assert deal.stock == tuple(pack[20:])
    text = str(deal)
    assert text.count("|") == 2
    assert str(parse_deal(text, 3, True)) == text


def test_deal_by_schedule_deals_packets_in_order() -> None:
    pack = list(range(2, 14))  # 2C..KC
    deal = deal_by_schedule(pack, [(0, 2), (1, 2), (WIDOW, 1), (0, 2), (1, 2)], 2)
    assert tt.format_cards(deal.hands[0]) == "8C 7C 3C 2C"
    assert tt.format_cards(deal.hands[1]) == "10C 9C 5C 4C"
    assert deal.widow == 1 << 6
    assert [str(tt.Card(c)) for c in deal.stock] == ["JC", "QC", "KC"]


def test_empty_hand_is_a_dash() -> None:
    deal = Deal((0, tt.CardSet("AS").mask), None, ())
    assert str(deal) == "- / AS"
    assert parse_deal("- / AS", 2, False) == deal


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("JK JH / AS", "2 hands"),
        ("JK / AS / KS / QS | 9C | 9D | 9H", "parts"),
        ("JK XX / AS / KS / QS | 9C", "'XX'"),
        ("AS AS AS / KS / QS / JS | 9C", "more than twice"),
    ],
)
def test_bad_deal_text_raises_notation_error(text: str, message: str) -> None:
    with pytest.raises(tt.NotationError, match=message):
        parse_deal(text, 4, True)


def test_new_game_checks_the_deal_fits_the_rules() -> None:
    game = tt.new_game("hasenpfeffer", dealer=0, deal=SH_DEAL.lower())
    assert game.deal_text == tt.new_game("hasenpfeffer", dealer=0, deal=SH_DEAL).deal_text
    short = SH_DEAL.replace("JK JH", "JH")
    with pytest.raises(tt.NotationError, match="seat 0 holds 5"):
        tt.new_game("hasenpfeffer", dealer=0, deal=short + " JK")
    with pytest.raises(tt.NotationError, match="8C is not in the 25-card pack"):
        tt.new_game("hasenpfeffer", dealer=0, deal=SH_DEAL.replace(" | 9C", " | 9C 8C"))
    with pytest.raises(tt.NotationError, match="8C is not in the 25-card pack"):
        tt.new_game("hasenpfeffer", dealer=0, deal=SH_DEAL.replace("9C", "8C"))


@pytest.mark.parametrize("seed", [0, 7, -3, 2**62 - 1, 2**100, True, "seven"])
def test_shuffle_number_is_the_digest_of_the_seed_and_deal_number_text(seed: object) -> None:
    # every deal of every game comes from this number: its text must never change, whatever
    # the seed's type (True is hashed as "True", not as 1)
    for deal_number in (0, 1, 199):
        text = f"{seed}:{deal_number}".encode()
        digest = hashlib.blake2b(text, digest_size=64).digest()
        assert _shuffle_number(seed, deal_number) == int.from_bytes(digest, "big")  # type: ignore[arg-type]
