"""Bierspiel (rules.md §7 with §0.5.17): every BI situation of §10, and the family invariants."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable as tt
from rams_support import (
    all_in,
    assert_view_hides,
    cards_of,
    play_first_legal,
    play_session,
    strings_in,
    texts,
)
from tricktable.cards import parse_card
from tricktable.engine import Game
from tricktable.games.rams.ledgers import CounterLedger
from tricktable.games.rams.scoring import Outcome, settle_counters

# Dealer 0 throughout; clubs trump (turn-up 9C) unless said.
# Seat 1 has no trump: blind leads; nobody else has a trump either.
NO_TRUMPS = (
    "QD JD 10D 9D 8D / AS KS QS AH KH / JS 10S 9S QH JH / 10H 9H 8H AD KD"
    " | 8S 7S 7H AC KC | 9C 7D QC JC 10C 8C 7C"
)
# Seat 1 has no trump; seats 2 and 3 have some.
BLIND = (
    "QD JD 10D 9D 8D / AS KS AH KH AD / 7D 8C QS JS 10S / KC 7C QH JH 10H"
    " | 9S 8S 7S 9H 8H | 9C 7H KD AC QC JC 10C"
)
# Seat 1 leads trumps; seat 2's only trump is the 7D.
TRUMP_LEAD = (
    "AD KD QD JD 10D / KC 8C QS JS 10S / 7D AH KH QH JH / AS KS 9D 8D 10H"
    " | 9S 8S 7S 9H 8H | 9C 7H AC QC JC 10C 7C"
)
# The 7D turned up; the next card (9H) names hearts.
SEVEN_UP = (
    "AD KD QD JD 10D / AS KS QS JS 10S / AH KH QH JH 10H / AC KC QC JC 10C"
    " | 9S 8S 7S 9C 8C | 7D 9H 8H 7H 9D 8D 7C"
)


def new(deal: str, **options: Any) -> Game:
    return tt.new_game("bierspiel", dealer=0, deal=deal, **options)


def to_play(game: Game) -> None:
    all_in(game)
    if game.phase == "exchange":
        game.apply("decline")


def strength(game: Game, card: str) -> int:
    assert game.table is not None
    return game.table.strength[parse_card(card).index]


def test_BI01_seven_of_diamonds_second_trump_in_every_suit() -> None:
    ranking = tt.rules("bierspiel").flow.ranking
    for trump in "CHS":
        table = ranking.table("CDHS".index(trump))
        ace, king = (table.strength[parse_card(r + trump).index] for r in "AK")
        seven = table.strength[parse_card("7D").index]
        assert ace > seven > king
        assert table.suit_of[parse_card("7D").index] == "CDHS".index(trump)


def test_BI02_diamonds_trump_ace_seven_king() -> None:
    table = tt.rules("bierspiel").flow.ranking.table(1)
    ace, seven, king = (table.strength[parse_card(c).index] for c in ("AD", "7D", "KD"))
    assert ace > seven > king


def test_BI03_only_diamond_is_the_seven_so_void_must_trump() -> None:
    deal = (
        "10D 9D 8D JH 10H / AD KD AS KS QS / 7D 8C AH KH QH / QD JD JS 10S 9S"
        " | 8S 7S 9H 8H 7H | 9C AC KC QC JC 10C 7C"
    )
    game = new(deal, forced_trump_leads="off")
    to_play(game)
    game.apply("play AD")
    assert texts(game) == {"play 7D", "play 8C"}


def test_BI04_trump_led_seven_follows_and_beats_the_king() -> None:
    game = new(TRUMP_LEAD)
    to_play(game)
    game.apply("play KC")
    assert texts(game) == {"play 7D"}
    game.apply("play 7D")
    assert game.trick.winner == 2


def test_BI05_seven_turned_next_card_names_trump() -> None:
    game = new(SEVEN_UP)
    assert game.view(1).to_dict()["turnup"] == ["7D", "9H"]
    assert game.trump == 2


def test_BI06_dealer_takes_both_and_discards_two() -> None:
    game = new(SEVEN_UP)
    all_in(game)
    assert game.to_move == 0
    exchanges = [a for a in game.legal_actions() if a.kind == "exchange"]
    assert len(exchanges) == 10 and all(len(a.cards) == 2 for a in exchanges)
    game.apply("exchange JD 10D")
    assert cards_of(game.hands[0]) == {"AD", "KD", "QD", "7D", "9H"}
    assert set(game.view(0).to_dict()["discards"]) == {"JD", "10D"}
    assert "JD" not in strings_in(game.view(1).to_dict())


def test_BI06_partial_option_takes_the_trump_card() -> None:
    game = new(SEVEN_UP, seven_turnup_partial=True)
    all_in(game)
    game.apply("exchange 10D")
    assert cards_of(game.hands[0]) == {"AD", "KD", "QD", "JD", "9H"}


def test_BI07_dealer_passes_first_active_left_may_take_both() -> None:
    game = new(SEVEN_UP)
    for call in ("pass", "in", "in", "pass"):
        game.apply(call)
    assert game.phase == "exchange" and game.to_move == 2
    game.apply("exchange JH 10H")
    assert cards_of(game.hands[2]) == {"AH", "KH", "QH", "7D", "9H"}


def test_BI07_dealer_who_plays_and_declines_forfeits() -> None:
    game = new(SEVEN_UP)
    all_in(game)
    game.apply("decline")
    assert game.phase == "play"


def test_BI07_ordinary_turnup_not_transferred_by_default() -> None:
    game = new(NO_TRUMPS)
    for call in ("in", "in", "in", "pass"):
        game.apply(call)
    assert game.phase == "play"
    other = new(NO_TRUMPS, turnup_transfer="always")
    for call in ("in", "in", "in", "pass"):
        other.apply(call)
    assert other.phase == "exchange" and other.to_move == 1


def test_BI08_no_decision_before_the_turnup_is_complete() -> None:
    game = new(SEVEN_UP)
    view = game.view(game.to_move).to_dict()
    assert game.phase == "declare" and view["trump"] == "H"
    assert view["turnup"] == ["7D", "9H"] and view["legal_actions"]


@pytest.mark.parametrize(
    ("calls", "forced"),
    [
        (("in", "in", "in", "in"), {0, 1, 2}),
        (("in", "in", "pass", "in"), {0, 1}),
        (("in", "pass", "pass", "in"), {0}),
        (("pass", "general"), {0, 1, 2}),
    ],
)
def test_BI09_forced_trump_leads_count(calls: tuple[str, ...], forced: set[int]) -> None:
    game = new(NO_TRUMPS)
    for call in calls:
        game.apply(call)
    if game.phase == "exchange":
        game.apply("decline")
    assert game.play_rules.trump_leads == frozenset(forced)
    assert game.view(game.to_move).to_dict()["trump_lead_tricks"] == sorted(forced)


def test_BI09_general_counts_every_player() -> None:
    deal = (
        "AS KS QS JS 10S / AH KH QH JH 10H / AD KD QD JD 10D / AC KC QC JC 10C"
        " / 9S 9H 9D 9C 8S / - | 8H 8D 8C 7S 7H | 7C 7D"
    )
    game = tt.new_game("bierspiel", dealer=5, deal=deal, players=6)
    game.apply("general")
    assert game.play_rules.trump_leads == frozenset({0, 1, 2})


def test_BI10_forced_lead_with_trump_only_trumps() -> None:
    game = new(TRUMP_LEAD)
    to_play(game)
    assert texts(game) == {"play KC", "play 8C"}


def test_BI11_forced_lead_without_trump_is_face_down_and_hidden() -> None:
    game = new(BLIND)
    to_play(game)
    assert texts(game) == {f"play {c}" for c in ("AS", "KS", "AH", "KH", "AD")}
    game.apply("play AH")
    assert game.trick.face_down == [True]
    assert game.view(1).to_dict()["trick"]["plays"][0]["card"] == "AH"
    for seat in (0, 2, 3, None):
        assert game.view(seat).to_dict()["trick"]["plays"][0]["card"] is None
        assert "AH" not in strings_in(game.view(seat).to_dict())
    assert_view_hides(game)


def test_BI12_after_blind_lead_must_trump_and_overtrump() -> None:
    game = new(BLIND)
    to_play(game)
    game.apply("play AH")
    assert texts(game) == {"play 7D", "play 8C"}
    game.apply("play 8C")
    assert texts(game) == {"play KC"}
    game.apply("play KC")
    game.apply("play QD")
    assert game.tricks[-1].winner == 3


def test_BI13_blind_lead_nobody_trumps_leader_wins() -> None:
    game = new(NO_TRUMPS)
    to_play(game)
    for card in ("AH", "QH", "10H", "QD"):
        game.apply(f"play {card}")
    assert game.tricks[-1].winner == 1 and game.to_move == 1


def test_BI13_trick_void_option() -> None:
    game = new(NO_TRUMPS, blind_lead_no_trump="trick_void")
    to_play(game)
    for card in ("AH", "QH", "10H", "QD"):
        game.apply(f"play {card}")
    assert game.tricks[-1].winner == -1 and sum(game.tricks_won) == 0
    assert game.to_move == 1


def test_BI14_lead_after_the_forced_tricks_is_free() -> None:
    game = new(NO_TRUMPS)
    to_play(game)
    plays = ["AH", "QH", "10H", "QD", "KH", "JH", "9H", "JD", "AS", "JS", "8H", "10D"]
    for card in plays:
        game.apply(f"play {card}")
    assert game.tricks_won[1] == 3 and game.to_move == 1
    assert texts(game) == {"play KS", "play QS"}
    game.apply("play KS")
    assert game.trick.face_down == [False]


def test_BI15_points_start_fifteen_minus_trick_plus_five_loo() -> None:
    rules = tt.rules("bierspiel")
    ledger = CounterLedger(4, 15)
    settle_counters(ledger, rules, Outcome((1, 2, 3, 0), (1, 2, 3), (1, 1, 2, 2, 2), None))
    assert ledger.counters == [15, 13, 12, 20]
    assert tt.new_game("bierspiel", seed=1).scores == (15, 15, 15, 15)


BI16 = (
    "AC KC QC JC 10C / AH KH 7C 8D 7S / QH JH 10H AS KS"
    " | QS JS 10S 9S 8S | 9H 8H 7H AD KD QD JD 10D 9D 7D 9C 8C"
)


def test_BI16_two_reach_zero_earliest_in_trick_order_wins() -> None:
    game = tt.new_game("bierspiel", dealer=0, deal=BI16, players=3, countdown_start=2)
    to_play(game)
    plays = ["AH", "10H", "QC", "KH", "JH", "JC", "7C", "QH", "10C", "AS", "AC", "7S",
             "KS", "KC", "8D"]  # fmt: skip
    for card in plays:
        game.apply(f"play {card}")
    assert game.is_over and game.scores == (7, 0, -1)
    assert game.winners == (1,)


def test_BI17_no_ante_and_passing_allowed_on_first_hand() -> None:
    game = tt.new_game("bierspiel", seed=2)
    assert "pass" in texts(game)
    assert game.view(0).to_dict()["pot"] is None
    chips = tt.new_game("bierspiel", seed=2, scoring="chips")
    assert "pass" in texts(chips) and chips.ledger.pot == 5


def test_BI18_forced_trump_lead_in_general() -> None:
    game = new(TRUMP_LEAD)
    game.apply("general")
    game.apply("decline")
    assert game.to_move == 1 and texts(game) == {"play KC", "play 8C"}


def test_BI19_seven_turned_then_a_diamond_diamonds_trump() -> None:
    deal = SEVEN_UP.replace("| 7D 9H 8H", "| 7D 9D 8H").replace("9D 8D 7C", "9H 8D 7C")
    game = new(deal)
    assert game.trump == 1
    assert strength(game, "AD") > strength(game, "7D") > strength(game, "KD")


def test_ecarte_puts_the_seven_below_the_top_trump() -> None:
    table = tt.rules("bierspiel", ace_rank="ecarte").flow.ranking.table(0)
    king, seven, queen = (table.strength[parse_card(c).index] for c in ("KC", "7D", "QC"))
    assert king > seven > queen


def test_seven_is_plain_without_the_option() -> None:
    table = tt.rules("bierspiel", seven_diamonds_second_trump=False).flow.ranking.table(0)
    assert table.suit_of[parse_card("7D").index] == 1


def test_whole_hand_through_first_legal_play() -> None:
    game = new(BLIND)
    to_play(game)
    play_first_legal(game)
    assert sum(game.results[-1].tricks) == 5


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 3},
        {"players": 5, "scoring": "chips"},
        {"players": 6, "countdown_end": "last_in_loses"},
        {"blind_lead_no_trump": "trick_void", "scoring": "chips"},
        {"blind_lead_no_trump": "reveal_and_follow", "turnup_transfer": "always"},
        {"seven_turnup_partial": True, "tiebreak": "lowest_score", "countdown_start": 5},
        {"forced_trump_leads": "off", "ace_rank": "ecarte"},
    ],
)
def test_invariants_over_option_sets(options: dict[str, Any]) -> None:
    for seed in range(3):
        game = tt.new_game("bierspiel", seed=seed, **options)
        play_session(game, random.Random(seed), 1200, deep=100 if seed == 0 else 0)
