"""Shared deals and helpers for the Single Hasenpfeffer tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import tricktable as tt

# Hearts are split between the sides; every suit has all six of its cards somewhere.
DEAL = "JK JH 9S 9C 10D KC / AH KH QS JS AD 9D / JD QH AS KS AC QC / 10H 9H 10S KD QD JC | 10C"
# The Joker is the widow card.
JOKER_WIDOW = (
    "AH JH 9S 9C 10D KC / 10C KH QS JS AD 9D / JD QH AS KS AC QC / 10H 9H 10S KD QD JC | JK"
)

TRUMPS = {  # high to low, rules.md §4.3
    "C": ["JK", "JC", "JS", "AC", "KC", "QC", "10C", "9C"],
    "D": ["JK", "JD", "JH", "AD", "KD", "QD", "10D", "9D"],
    "H": ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H"],
    "S": ["JK", "JS", "JC", "AS", "KS", "QS", "10S", "9S"],
}
# Seat 0 holds the top trumps (hearts): alone, it takes five or six tricks.
LONE_STRONG = (
    "JK JH JD AH KH 9C / QH 10H 9H AS KS QS / JS 10S 9S AD KD QD / JC 10D 9D KC QC 10C | AC"
)
# Seat 0 holds the Joker and the ace of hearts: alone or not, side 0 takes one to four tricks.
LONE_WEAK = "JK AH 9C 9S 10S QD / JH KH QH AS KS QS / JS JC 10H AD KD 9D / JD 9H 10D KC QC 10C | AC"
ALL_CARDS = [str(card) for card in tt.DECKS["joker25"].cards]


def new(deal: str = DEAL, **options: Any) -> tt.Game:
    return tt.new_game("hasenpfeffer", dealer=0, deal=deal, seed=11, **options)


def legal(game: tt.Game) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def apply_all(game: tt.Game, *texts: str) -> None:
    for text in texts:
        game.apply(text)


def spectator(game: tt.Game) -> dict[str, Any]:
    return game.view(None).to_dict()


def auction(game: tt.Game, bidder: int, bid: str = "bid 1") -> None:
    """Eldest (seat 1) onwards: everybody passes except ``bidder``, who makes ``bid``."""
    for seat in (1, 2, 3, 0):
        if spectator(game)["phase"] != "auction":
            break
        assert game.to_move == seat
        game.apply(bid if seat == bidder else "pass")


def contract(
    bidder: int,
    bid: str = "bid 1",
    trump: str = "H",
    discard: str = "10C",
    deal: str = DEAL,
    **options: Any,
) -> tt.Game:
    """A game at the point after the bidder has named trump and discarded."""
    game = new(deal, **options)
    auction(game, bidder, bid)
    game.apply(f"trump {trump}")
    if options.get("widow_mode", "bidder_exchange") == "bidder_exchange":
        game.apply(f"discard {discard}")
    return game


def side_tricks(tricks: list[int], side: int) -> int:
    return tricks[side] + tricks[side + 2]


def play_taking(game: tt.Game, side: int, target: int, attempts: int = 5000) -> None:
    """Play the current hand to its end along some legal line in which ``side`` (0: seats 0
    and 2, 1: seats 1 and 3) takes exactly ``target`` tricks, found by seeded random tries."""
    rng = random.Random(target)
    hand = game.hand_number
    for _ in range(attempts):
        twin = game.copy()
        line = []
        while not twin.is_over and twin.hand_number == hand:
            action = rng.choice(twin.legal_actions())
            twin.apply(action)
            line.append(action)
        if side_tricks(twin.view(None).to_dict()["last_result"]["tricks"], side) == target:
            for action in line:
                game.apply(action)
            return
    raise AssertionError(f"no line of play gives side {side} {target} tricks; change the deal")


def last_result(game: tt.Game) -> dict[str, Any]:
    result = spectator(game)["last_result"]
    assert result is not None
    return result  # type: ignore[no-any-return]


def side_deltas(game: tt.Game) -> tuple[int, int]:
    deltas = last_result(game)["deltas"]
    return deltas[0], deltas[1]


def tricks_in_play(game: tt.Game) -> Iterator[dict[str, Any]]:
    yield from spectator(game)["tricks"]
