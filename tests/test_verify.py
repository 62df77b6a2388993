"""Verifying records (tricktable.verify): untouched records of every game pass; a record with
one card, action, secret or commitment changed fails, naming the hand."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import tricktable as tt
from tricktable import fair
from tricktable.bots import make_bot
from tricktable.verify import verify_record


def _record(name: str, seed: int, source: fair.DealSource | None = None) -> dict[str, Any]:
    game = tt.Game(tt.rules(name), seed=seed, deal_source=source)
    bot = make_bot("heuristic", seed=seed)
    while not game.is_over:
        game.apply(bot.choose(game.view(game.to_move)))
    record: dict[str, Any] = json.loads(json.dumps(game.record()))
    return record


@pytest.mark.parametrize("name", tt.GAME_NAMES)
def test_untouched_records_of_every_game_verify(name: str) -> None:
    assert verify_record(_record(name, 21)) is None
    keyed = _record(name, 22, fair.KeyedDeals(fair.new_key(), "table-x"))
    assert verify_record(keyed) is None
    assert keyed["table_label"] == "table-x"


def _swap_a_card(deal_text: str) -> str:
    """The deal with the first card of seat 0 and the first of seat 1 swapped."""
    hands = deal_text.split(" / ")
    first, second = hands[0].split(), hands[1].split()
    first[0], second[0] = second[0], first[0]
    return " / ".join([" ".join(first), " ".join(second), *hands[2:]])


@pytest.mark.parametrize("name", tt.GAME_NAMES)
def test_a_record_with_a_changed_card_fails_naming_the_hand(name: str) -> None:
    record = _record(name, 23)
    edited = copy.deepcopy(record)
    edited["deals"][1]["deal"] = _swap_a_card(edited["deals"][1]["deal"])
    mismatch = verify_record(edited)
    assert mismatch is not None and mismatch.hand == 2
    assert "secret deals" in mismatch.reason


def test_a_record_with_a_changed_action_fails_naming_the_hand() -> None:
    record = _record("hasenpfeffer", 24)
    edited = copy.deepcopy(record)
    last = edited["deals"][1]["actions"][-1]
    last["action"] = "play JK" if last["action"] != "play JK" else "play 9C"
    mismatch = verify_record(edited)
    assert mismatch is not None and mismatch.hand == 2
    assert "is not legal" in mismatch.reason and str(mismatch).startswith("hand 2: ")


def test_an_action_by_the_wrong_seat_fails() -> None:
    edited = _record("rams", 25)
    action = edited["deals"][0]["actions"][0]
    action["seat"] = (action["seat"] + 1) % 5 if "seat" in action else 0
    mismatch = verify_record(edited)
    assert mismatch is not None and mismatch.hand == 1 and "not that seat's turn" in mismatch.reason


def test_a_changed_secret_or_commitment_fails() -> None:
    record = _record("rounce", 26, fair.KeyedDeals(b"r" * 32, "t"))
    secret = copy.deepcopy(record)
    secret["deals"][2]["secret"] = "00" + secret["deals"][2]["secret"][2:]
    commitment = copy.deepcopy(record)
    commitment["deals"][0]["commitment"] = "f" * 64
    for edited, hand in ((secret, 3), (commitment, 1)):
        mismatch = verify_record(edited)
        assert mismatch is not None and mismatch.hand == hand and "commitment" in mismatch.reason


def test_a_changed_score_fails_on_the_last_hand() -> None:
    record = _record("bierspiel", 27)
    record["scores"][0] += 1
    mismatch = verify_record(record)
    assert mismatch is not None and mismatch.hand == len(record["deals"])


def test_a_hand_not_yet_over_has_no_secret_and_does_not_verify() -> None:
    game = tt.new_game("hasenpfeffer", seed=28)
    bot = make_bot("heuristic", seed=1)
    while game.deal_number < 1:
        game.apply(bot.choose(game.view(game.to_move)))
    mismatch = verify_record(game.record())
    assert mismatch is not None and mismatch.hand == 2 and "not revealed" in mismatch.reason


def test_a_record_from_before_commitments_or_not_a_record_fails_on_hand_1() -> None:
    old = _record("hasenpfeffer", 29)
    del old["table_label"]
    for record in (old, {"format": "something"}, [1, 2]):
        mismatch = verify_record(record)
        assert mismatch is not None and mismatch.hand == 1


def test_a_deal_set_by_text_does_not_follow_from_a_secret() -> None:
    game = tt.new_game("hasenpfeffer", seed=30)
    dealt = tt.new_game("hasenpfeffer", seed=30, dealer=game.dealer,
                        deal=_swap_a_card(game.deal_text))  # fmt: skip
    mismatch = verify_record(dealt.record())
    assert mismatch is not None and mismatch.hand == 1


def test_a_session_of_boards_verifies_with_its_deal_limit_and_not_without() -> None:
    boards = fair.BoardDeals(tuple(bytes([n]) * 32 for n in range(3)), "event-x", first=4)
    game = tt.Game(tt.rules("euchre", target_score=1), seed=9, dealer=0,
                   deal_source=fair.RoundDeals(boards, b"k" * 32), deal_limit=3)  # fmt: skip
    bot = make_bot("heuristic", seed=9)
    while not game.is_over:
        game.apply(bot.choose(game.view(game.to_move)))
    record: dict[str, Any] = json.loads(json.dumps(game.record()))
    assert [d["commitment_number"] for d in record["deals"]] == [4, 5, 6]  # boards only
    assert verify_record(record) is None
    older = {k: v for k, v in record.items() if k != "deal_limit"}
    failed = verify_record(older)  # the target of 1 ends the game after its first hand
    assert failed is not None and failed.hand == 1, failed


def test_a_mismatch_is_said_in_the_readers_language() -> None:
    from tricktable.i18n import translator

    edited = _record("hasenpfeffer", 25)
    edited["deals"][0]["dealer"] = 7
    mismatch = verify_record(edited)
    assert mismatch is not None and mismatch.hand == 1
    german = mismatch.said(translator("de").gettext)
    assert german.startswith("Spiel 1: nach den Regeln gibt Platz ") and german.endswith("Platz 7")
    assert mismatch.said(translator("en").gettext) == str(mismatch)
