"""The kernel's later-trick and sure-trick bounds: where they prune, where they must not."""

from __future__ import annotations

from typing import Any

import pytest

import tricktable as tt
from tricktable.cards import indices_of
from tricktable.solver import Position, fast, solve, whist_position

pytestmark = pytest.mark.skipif(not fast.available(), reason="numba (the [fast] extra) is needed")


def _packed(position: Position) -> tuple[Any, dict[str, Any]]:
    from tricktable.solver import kernel_bounds

    return kernel_bounds, fast._pack(position)


def _cards(packed: dict[str, Any], mask: int) -> set[str]:
    names = {i: card for card, i in packed["compact"].items()}
    return {tt.cards.CARD_TEXT[names[i]] for i in indices_of(mask & ((1 << 64) - 1))}


def _cannot_take_all(position: Position) -> tuple[bool, set[str]]:
    bounds, packed = _packed(position)
    leader = position.to_move
    present = 0
    for hand in packed["hands"]:
        present |= int(hand)
    lose, cards = bounds.cannot_take_all(
        leader, position.tricks - position.trick_number, packed["hands"], fast._signed(present),
        packed["cfg"], packed["suit_mask"], packed["level_lo"], packed["below"],
    )  # fmt: skip
    return bool(lose), _cards(packed, int(cards))


def _sure_winner(position: Position) -> tuple[int, set[str]]:
    bounds, packed = _packed(position)
    trick, compact = position.trick, packed["compact"]
    best = compact[trick.best_card] if trick.best_card >= 0 else -1
    on_table = fast._signed(sum(1 << compact[card] for card in trick.cards))
    side, card = bounds.sure_winner(
        position.to_move, len(trick.cards), trick.led_suit, trick.best_key, best, trick.winner,
        on_table, packed["cfg"], packed["ours"], packed["hands"], packed["suit_mask"],
        packed["suit_of"], packed["power"], packed["next_seat"],
    )  # fmt: skip
    return int(side), _cards(packed, 1 << int(card)) if card >= 0 else set()


def _play(position: Position, *cards: str) -> Position:
    for text in cards:
        position = position.after(tt.parse_card(text).index)
    return position


def test_a_leader_holding_only_suits_the_opponents_top_loses_a_trick() -> None:
    position = whist_position(["2S 2H", "AS AH", "3S 3H", "4S 4H"], trump=None, leader=0)
    assert _cannot_take_all(position) == (True, {"AS", "AH"})
    assert max(solve(position).values()) < 2


def test_a_side_that_cannot_stay_on_lead_loses_a_later_trick() -> None:
    # North's AS is the side's only lead the opponents cannot win; the hearts are East's.
    position = whist_position(["AS 2H", "QS AH", "KS 3H", "4S 4H"], trump=None, leader=0)
    assert _cannot_take_all(position) == (True, {"AS", "AH"})
    assert max(solve(position).values()) < 2


def test_no_later_trick_is_given_away_while_the_side_can_stay_on_lead() -> None:
    cashes = whist_position(["AS KS", "QS AH", "JS 3H", "4S 4H"], trump=None, leader=0)
    assert _cannot_take_all(cashes) == (False, {"AS", "AH"})
    assert max(solve(cashes).values()) == 2
    # The partner's entry counts too: North leads to the AH and South cashes the AS.
    entry = whist_position(["2H 3C", "KS QH", "AS AH", "4S 4H"], trump=None, leader=0)
    assert _cannot_take_all(entry)[0] is False
    assert max(solve(entry).values()) == 2


def test_later_tricks_need_every_trump_out_of_play() -> None:
    position = whist_position(["2S 2H", "AS AH", "3S 3H", "4S 5D"], trump="D", leader=0)
    assert _cannot_take_all(position) == (False, set())


def test_a_side_whose_best_card_beats_all_still_to_come_wins_the_trick() -> None:
    position = _play(whist_position(["AS 2H", "3S 3H", "KS 4H", "4S 5H"], trump=None, leader=2),
                     "KS", "4S")  # fmt: skip
    assert position.to_move == 0
    assert _sure_winner(position) == (1, {"AS"})
    # Seat 1 holds only a lower spade: the AS already wins, for the side of seat 0.
    assert _sure_winner(_play(position, "AS")) == (0, {"AS"})  # seat 1's side is "ours" now


def test_a_ruff_still_to_come_wins_the_trick_for_the_other_side() -> None:
    ruff = _play(whist_position(["AS 2H", "3D 3H", "KS 4H", "4S 5H"], trump="D", leader=2),
                 "KS", "4S")  # fmt: skip
    assert _sure_winner(ruff) == (0, set())  # a ruff wins by the suits alone: no rank read
    assert solve(ruff) == {"play AS": 0}


def test_no_sure_trick_when_identical_cards_tie() -> None:
    # Seat 0's AS and seat 1's identical AS still to come: which wins depends on the order.
    pinochle = tt.ranking.Ranking(tt.cards.DECKS["pinochle48"].mask)
    tie = tt.solver.position_from_deal("AS 9H / AS 10H / KS JH / 9S QH", ranking=pinochle,
                                       trump=None, leader=2, sides=((0, 2), (1, 3)))  # fmt: skip
    tie = _play(tie, "KS", "9S")
    assert tie.to_move == 0
    assert _sure_winner(tie) == (-1, set())


def test_a_card_that_beat_one_of_its_suit_on_the_table_is_read() -> None:
    # The 8D wins because it beat the 5D led: a lower diamond of seat 2 would not.
    position = whist_position(["6D 2H", "5D 3H", "8D 4H", "2S 5H"], trump="C", leader=1)
    last = _play(position, "5D", "8D", "2S")
    assert last.to_move == 0
    assert _sure_winner(last) == (1, {"8D"})


def _through_partner(position: Position, needed: int) -> tuple[int, set[str]]:
    bounds, packed = _packed(position)
    present = 0
    for hand in packed["hands"]:
        present |= int(hand)
    tricks, cards = bounds.through_partner(
        position.to_move, 0, 0, needed, packed["hands"], fast._signed(present), packed["cfg"],
        packed["suit_mask"], packed["level_lo"], packed["below"],
    )  # fmt: skip
    return int(tricks), _cards(packed, int(cards))


def test_quick_tricks_cross_to_the_partners_top_cards() -> None:
    position = whist_position(["2H 5C", "KH QS", "AH AS", "3H 4C"], trump=None, leader=0)
    assert _through_partner(position, 2) == (2, {"AH", "AS"})
    assert min(solve(position).values()) == 2


def test_no_entry_to_a_partner_where_an_opponent_can_ruff_or_the_leader_has_trumps() -> None:
    ruff = whist_position(["2H 5C", "KD QS", "AH AS", "3H 4C"], trump="D", leader=0)
    assert _through_partner(ruff, 2) == (0, set())
    assert max(solve(ruff).values()) == 1
    trumps = whist_position(["2H 5D", "KH QS", "AH AS", "3H 4C"], trump="D", leader=0)
    assert _through_partner(trumps, 2) == (0, set())
