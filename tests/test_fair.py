"""Deals from secrets (tricktable.fair): the commitment's byte layout, seeded games dealing as
before, server keys, duplicate boards, and no secret in any view before its hand is over."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable as tt
from tricktable import fair
from tricktable.bots import make_bot
from tricktable.deal import shuffle_and_deal
from tricktable.errors import RecordError


def _played_out(game: tt.Game, seed: int = 1, hands: int = 4) -> tt.Game:
    """``game`` played by random bots until it is over or its deal ``hands`` has begun."""
    bot = make_bot("random", seed=seed)
    while not game.is_over and game.deal_number < hands:
        game.apply(bot.choose(game.view(game.to_move)))
    return game


def test_the_commitment_is_the_documented_bytes() -> None:
    secret = bytes(range(32))
    data = b"tricktable-deal/1\x00tbl-7\x00" + (3).to_bytes(8, "big") + secret
    assert fair.commitment("tbl-7", 3, secret) == hashlib.sha256(data).hexdigest()
    assert fair.commitment("tbl-7", 4, secret) != fair.commitment("tbl-7", 3, secret)
    assert fair.commitment("tbl-8", 3, secret) != fair.commitment("tbl-7", 3, secret)


def test_a_label_with_a_zero_byte_is_refused() -> None:
    with pytest.raises(RecordError, match="zero byte"):
        fair.commitment("a\x00b", 0, b"x")


@pytest.mark.parametrize("name", tt.GAME_NAMES)
def test_a_seeded_game_deals_from_its_seed_secrets_as_before(name: str) -> None:
    game = _played_out(tt.new_game(name, seed=11))
    for number, deal in enumerate(game.deals):
        owners = game.flow.dealt_to(game, game.dealers[number])
        made = fair.deal_from_secret(game.flow.deck.indices, fair.seed_secret(11, number), owners,
                                     game.player_count)  # fmt: skip
        assert made == shuffle_and_deal(game.flow.deck.indices, 11, number, owners,
                                        game.player_count)  # fmt: skip
        assert str(made) == str(deal)


def test_a_keyed_table_deals_from_its_key_and_not_its_seed() -> None:
    rules = tt.rules("hasenpfeffer")
    keyed = tt.Game(rules, seed=5, dealer=0, deal_source=fair.KeyedDeals(b"k" * 32, "T1"))
    seeded = tt.Game(rules, seed=5, dealer=0)
    again = tt.Game(rules, seed=99, dealer=0, deal_source=fair.KeyedDeals(b"k" * 32, "T1"))
    assert str(keyed.deals[0]) != str(seeded.deals[0])
    assert str(keyed.deals[0]) == str(again.deals[0])  # the key decides, not the seed
    assert keyed.copy().deal_source is keyed.deal_source
    source = fair.KeyedDeals(b"k" * 32, "T1")
    assert source.secret(0) != source.secret(1)
    assert len(fair.new_key()) == 32 and fair.new_key() != fair.new_key()


def test_every_seat_sees_the_current_deals_commitment() -> None:
    game = tt.Game(tt.rules("rams"), seed=2, deal_source=fair.KeyedDeals(b"s" * 32, "T2"))
    seen = set()
    bot = make_bot("random", seed=3)
    while not game.is_over and game.deal_number < 4:
        expected = fair.commitment("T2", game.deal_number, fair.secret_of(game, game.deal_number))
        for seat in (*range(game.player_count), None):
            view = game.view(seat).to_dict()
            assert view["deal_commitment"] == expected
        assert len(expected) == 64 and expected == expected.lower()
        seen.add(expected)
        game.apply(bot.choose(game.view(game.to_move)))
    assert len(seen) == len(game.deals) - (not game.is_over) > 1  # the last deal just dealt


def test_no_view_or_unfinished_record_holds_a_secret_before_its_hand_is_over() -> None:
    key = b"\x07" * 32
    game = tt.Game(tt.rules("hasenpfeffer"), seed=4, deal_source=fair.KeyedDeals(key, "T3"))
    bot = make_bot("random", seed=4)
    checked = 0
    while not game.is_over and game.deal_number < 3:
        current = fair.secret_of(game, game.deal_number).hex()
        for seat in (*range(game.player_count), None):
            text = json.dumps(game.view(seat).to_dict())
            assert current not in text and key.hex() not in text
        record = game.record()
        entry = record["deals"][game.deal_number]
        assert "secret" not in entry and current not in json.dumps(record)
        assert all("secret" in e for e in record["deals"][: game.deal_number])
        checked += 1
        game.apply(bot.choose(game.view(game.to_move)))
    assert checked > 20
    assert all("secret" in e for e in game.record()["deals"][:-1])  # the hands over
    assert key.hex() not in json.dumps(game.record())


def test_every_table_of_a_duplicate_board_has_the_same_hands_and_commitment() -> None:
    boards = fair.BoardDeals((b"board-1-secret", b"board-2-secret"), "event-9", first=1)
    rules = tt.rules("hasenpfeffer")
    tables = [tt.Game(rules, seed=seed, dealer=0, deal_source=boards) for seed in (1, 2, 3)]
    assert len({str(t.deals[0]) for t in tables}) == 1
    assert len({t.view(0).deal_commitment for t in tables}) == 1
    assert tables[0].view(0).deal_commitment == fair.commitment("event-9", 1, b"board-1-secret")
    with pytest.raises(RecordError, match="past the 2 boards"):
        boards.secret(2)


@settings(max_examples=40, deadline=None)
@given(st.binary(min_size=1, max_size=64), st.binary(min_size=1, max_size=64))
def test_different_secrets_make_different_commitments(first: bytes, second: bytes) -> None:
    same = fair.commitment("T", 0, first) == fair.commitment("T", 0, second)
    assert same == (first == second)


def test_a_duplicate_rounds_tables_deal_its_boards_then_their_own_keys_deals() -> None:
    boards = fair.BoardDeals((b"board-3", b"board-4"), "event-9", first=3)
    rules = tt.rules("euchre", target_score=30)
    tables = [
        tt.Game(rules, seed=seed, dealer=0, deal_source=fair.RoundDeals(boards, key))
        for seed, key in ((1, b"k" * 32), (2, b"j" * 32))
    ]
    bot = make_bot("random", seed=5)
    for game in tables:
        while game.deal_number < 3:
            game.apply(bot.choose(game.view(game.to_move)))
    first, second = (game.record()["deals"] for game in tables)
    for number in (0, 1):  # the boards: the same hands and the same commitment at both
        assert first[number]["deal"] == second[number]["deal"]
        assert first[number]["commitment"] == second[number]["commitment"]
        assert first[number]["commitment_number"] == 3 + number
    assert first[2]["deal"] != second[2]["deal"]  # past the boards: each table's own
    assert first[2]["commitment_number"] == fair.AFTER_BOARDS
    game = tables[0]
    while not game.is_over:
        game.apply(bot.choose(game.view(game.to_move)))
    from tricktable.verify import verify_record

    assert verify_record(game.record()) is None
