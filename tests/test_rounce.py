"""Rounce (rules.md §8 with §0.5.16 and 18): every RO situation of §10, and the invariants."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable as tt
from rams_support import all_in, cards_of, play_first_legal, play_session, strings_in, texts
from tricktable.cards import CARD_TEXT, DECKS, indices_of, parse_cards
from tricktable.engine import Game


def deal_text(hands: list[str], widow: str, turnup: str) -> str:
    """Deal text with the rest of the 52-card pack after the turn-up."""
    used = {str(c) for part in [*hands, widow, turnup] for c in parse_cards(part)}
    rest = [CARD_TEXT[i] for i in DECKS["full52"].indices if CARD_TEXT[i] not in used]
    return " / ".join(hands) + f" | {widow} | {turnup} " + " ".join(rest)


WIDOW = "AC KC QC JC 10C 9C"
# Dealer 0, hearts trump (turn-up 2H). Seat 1 wins tricks 1 and 2.
R1 = deal_text(
    ["8S 7S 6S 5S 4S", "AS 6H 4H 3C 2C", "KS 2S 7D 6D 5D", "3H JD 10D 9D 8D"], WIDOW, "2H"
)
# As R1, but seat 1 holds no trump.
R2 = deal_text(
    ["8S 7S 6S 5S 4S", "AS 5C 4C 3C 2C", "KS 2S 7D 6D 5D", "3H JD 10D 9D 8D"], WIDOW, "2H"
)


def new(deal: str = R1, **options: Any) -> Game:
    return tt.new_game("rounce", dealer=0, deal=deal, **options)


def to_play(game: Game) -> None:
    all_in(game)
    if game.phase == "exchange":
        game.apply("decline")


def win_first_trick(game: Game) -> None:
    to_play(game)
    for card in ("AS", "2S", "8D", "4S"):
        game.apply(f"play {card}")
    assert game.tricks[-1].winner == 1


def test_RO01_52_cards_ace_high_nine_players() -> None:
    game = tt.new_game("rounce", seed=4, players=9)
    assert sum(h.bit_count() for h in game.hands) == 45
    assert (game.widow or 0).bit_count() == 6 and len(game.stock) == 1
    table = game.flow.ranking.table(0)
    strengths = [table.strength[i] for i in (14, 13, 12, 11, 10, 2)]
    assert strengths == sorted(strengths, reverse=True)
    with pytest.raises(tt.RulesError, match="players"):
        tt.rules("rounce", players=10)


def test_RO02_RO10_widow_taker_discards_hand_takes_six_discards_one() -> None:
    game = new()
    old = cards_of(game.hands[1])
    game.apply("widow")
    assert game.phase == "discard" and game.to_move == 1
    assert cards_of(game.hands[1]) == set(WIDOW.split())
    assert len(game.legal_actions()) == 6
    game.apply("discard 9C")
    assert game.hands[1].bit_count() == 5 and game.phase == "declare" and game.to_move == 2
    assert set(game.view(1).to_dict()["discards"]) == old | {"9C"}
    for seat in (0, 2, 3, None):
        assert not strings_in(game.view(seat).to_dict()) & (old | {"9C"})


def test_RO03_follower_need_not_head_void_need_not_trump() -> None:
    game = new()
    to_play(game)
    game.apply("play AS")
    assert texts(game) == {"play KS", "play 2S"}
    game.apply("play 2S")
    assert texts(game) == {f"play {c}" for c in ("3H", "JD", "10D", "9D", "8D")}


def test_RO04_trick_one_winner_with_trump_must_lead_trump() -> None:
    game = new()
    win_first_trick(game)
    assert texts(game) == {"play 6H", "play 4H"}


def test_RO05_trick_one_winner_without_trump_any_lead() -> None:
    game = new(R2)
    win_first_trick(game)
    assert texts(game) == {"play 5C", "play 4C", "play 3C", "play 2C"}
    game.apply("play 2C")
    assert game.trick.face_down == [False]


def test_RO05_face_down_option() -> None:
    game = new(R2, trick2_no_trump="face_down")
    win_first_trick(game)
    game.apply("play 2C")
    assert game.trick.face_down == [True]
    assert "2C" not in strings_in(game.view(2).to_dict())


def test_RO06_trick_three_lead_is_free() -> None:
    game = new()
    win_first_trick(game)
    for card in ("6H", "7D", "3H", "5S"):
        game.apply(f"play {card}")
    assert game.tricks[-1].winner == 1
    assert texts(game) == {"play 4H", "play 3C", "play 2C"}


def test_RO07_general_never_offered() -> None:
    game = new()
    while game.phase == "declare":
        assert "general" not in texts(game)
        game.apply("in")
    with pytest.raises(tt.RulesError, match="general"):
        tt.rules("rounce", general_rams=True)


def test_RO08_pot_holding_only_the_ante_passing_allowed() -> None:
    game = new()
    assert game.state.simple_pot and game.ledger.pot == 5
    assert "pass" in texts(game)


def test_RO09_pot_scoring_as_rams() -> None:
    game = new()
    to_play(game)
    play_first_legal(game)
    result = game.results[-1]
    share = 5 // 5
    expected = [share * t - (5 if t == 0 else 0) for t in result.tricks]
    expected[0] -= 5  # the dealer's ante
    assert list(result.deltas) == expected
    assert game.ledger.total() == 0


def test_widow_options_must_leave_five_cards() -> None:
    with pytest.raises(tt.RulesError, match="widow_discard"):
        tt.rules("rounce", widow_size=7)
    rules = tt.rules("rounce", widow_size=7, widow_discard=2, widow_packets="3+4")
    assert rules.flow.widow_packets == (3, 4)
    with pytest.raises(tt.RulesError, match="widow_packets"):
        tt.rules("rounce", widow_packets="3+2")


def test_widow_gets_its_extra_card_in_the_last_packet() -> None:
    flow = tt.rules("rounce").flow
    pack = list(DECKS["full52"].indices)
    deal = flow.deal(pack, 0)
    assert deal.widow == sum(1 << pack[p] for p in (9, 10, 11, 21, 22, 23))
    assert sorted(indices_of(deal.hands[0])) == sorted(pack[p] for p in (12, 13, 14, 24, 25))


def test_loo_strict_option() -> None:
    game = new(play_policy="loo_strict")
    to_play(game)
    game.apply("play AS")
    game.apply("play 2S")
    assert texts(game) == {"play 3H"}


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 9},
        {"players": 6, "scoring": "countdown"},
        {"players": 2, "allow_two_players": True},
        {"play_policy": "loo_strict", "trick2_no_trump": "face_down", "players": 5},
        {"simple_pot_all_play": True, "deal_packets": "2+3", "widow_rule": "eldest_only"},
    ],
)
def test_invariants_over_option_sets(options: dict[str, Any]) -> None:
    for seed in range(3):
        game = tt.new_game("rounce", seed=seed, **options)
        play_session(game, random.Random(seed), 1200, deep=100 if seed == 0 else 0)
