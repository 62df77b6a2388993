"""Single Hasenpfeffer scoring (rules.md §4.8-§4.11 with §0.5): SH20-SH33, and invariants.

Scores are checked on deals where the bidding side takes an exact number of tricks, reached
by :func:`sh_support.play_taking`; random games check the bookkeeping and trick winners.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktable as tt
from sh_support import (
    DEAL,
    LONE_STRONG,
    LONE_WEAK,
    TRUMPS,
    apply_all,
    auction,
    contract,
    last_result,
    legal,
    new,
    play_taking,
    side_deltas,
    side_tricks,
    spectator,
)
from support import (
    checked_playout,
    sh_known,
    sh_out_of_play,
)

# -- SH20-SH26: scoring ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "taken", "bidders", "defenders"),
    [(4, 5, 5, 1), (4, 4, 4, 2), (4, 3, -4, 3), (6, 6, 6, 0), (6, 5, -6, 1)],
)
def test_SH20_SH21_worked_examples_of_section_4_8(
    bid: int, taken: int, bidders: int, defenders: int
) -> None:
    game = contract(bidder=0, bid=f"bid {bid}", target_score=50)
    play_taking(game, 0, taken)
    assert side_deltas(game) == (bidders, defenders)
    assert game.scores == (bidders, defenders, bidders, defenders)
    assert last_result(game)["details"]["made"] is (bidders > 0)


def test_SH20_made_bid_with_overtrick_scores_every_trick() -> None:
    game = contract(bidder=0, bid="bid 4")
    play_taking(game, 0, 5)
    assert side_deltas(game) == (5, 1)


def test_SH21_set_loses_the_bid() -> None:
    game = contract(bidder=0, bid="bid 4")
    play_taking(game, 0, 3)
    assert side_deltas(game) == (-4, 3)


def test_SH22_forced_joker_bid_set() -> None:
    game = new()
    apply_all(game, "pass", "pass", "pass", "pass", "trump H", "discard 10C")
    assert spectator(game)["forced_bid"]
    play_taking(game, 0, 2)
    assert side_deltas(game) == (-3, 4)
    assert "(forced)" in last_result(game)["summary"]


def test_SH23_negative_scores_are_possible() -> None:
    deals = [DEAL, DEAL]
    game = tt.Game(tt.rules("hasenpfeffer"), seed=1, dealer=0, deals=deals)
    # Hand 1: seat 0 bids 2 and takes 2 -> side 0 has 2.
    auction(game, bidder=0, bid="bid 2")
    apply_all(game, "trump H", "discard 10C")
    play_taking(game, 0, 2)
    assert game.scores[0] == 2
    # Hand 2 (dealer 1): seat 2 bids 4, side 0 takes 3 -> 2 - 4 = -2.
    apply_all(game, "bid 4", "pass", "pass", "pass", "trump H", "discard 10C")
    play_taking(game, 0, 3)
    assert game.scores[0] == -2
    assert game.scores == (-2, 7, -2, 7)


def test_SH24_a_side_reaching_ten_wins_only_when_the_hand_is_scored() -> None:
    game = tt.Game(tt.rules("hasenpfeffer"), seed=1, dealer=0, deals=[DEAL, DEAL])
    auction(game, bidder=0, bid="bid 6")
    apply_all(game, "trump H", "discard 10C")
    play_taking(game, 0, 6)
    assert game.scores == (6, 0, 6, 0)
    assert not game.is_over
    apply_all(game, "bid 4", "pass", "pass", "pass", "trump H", "discard 10C")  # seat 2
    play_taking(game, 0, 4)
    # The game ends only when the hand is scored: one action earlier it was still going on.
    record = game.record()
    plays = [a for d in record["deals"] for a in d["actions"] if "play" in a["action"]]
    assert len(plays) == 48
    actions = sum(len(d["actions"]) for d in record["deals"])
    before_last = tt.replay(record, upto=actions - 1)
    assert not before_last.is_over
    assert before_last.phase == "play"
    assert game.is_over
    assert game.scores == (10, 2, 10, 2)
    assert game.winners == (0, 2)
    assert game.to_move is None
    assert game.legal_actions() == []


def tie_game(taken_second: int, **options: Any) -> tt.Game:
    """Target 5: hand 1 seat 1 bids 1 and side 1 takes 3 (3/3); hand 2 seat 2 bids 1."""
    rules = tt.rules("hasenpfeffer", target_score=5, **options)
    game = tt.Game(rules, seed=1, dealer=0, deals=[DEAL, DEAL])
    auction(game, bidder=1)
    apply_all(game, "trump S", "discard 10C")
    play_taking(game, 1, 3)
    assert game.scores == (3, 3, 3, 3)
    apply_all(game, "bid 1", "pass", "pass", "pass", "trump H", "discard 10C")
    play_taking(game, 0, taken_second)
    assert game.is_over
    return game


def test_SH25_both_reach_the_target_bidding_side_wins_with_the_lower_score() -> None:
    game = tie_game(2)
    assert game.scores == (5, 7, 5, 7)
    assert game.winners == (0, 2)


def test_SH25_tiebreak_higher_score_then_bidders() -> None:
    game = tie_game(2, tiebreak="higher_score_then_bidders")
    assert game.scores == (5, 7, 5, 7)
    assert game.winners == (1, 3)
    level = tie_game(3, tiebreak="higher_score_then_bidders")
    assert level.scores == (6, 6, 6, 6)
    assert level.winners == (0, 2)


@pytest.mark.parametrize(
    ("penalty", "bidders"), [("bid", -4), ("shortfall", -3), ("tricks_taken", -1), ("fixed6", -6)]
)
def test_SH26_set_penalty_variants(penalty: str, bidders: int) -> None:
    game = contract(0, "bid 4", "H", "9C", LONE_WEAK, set_penalty=penalty)
    play_taking(game, 0, 1)
    assert side_deltas(game) == (bidders, 5)


# -- SH27-SH29, SH32, SH33: pepper and defenders' scoring ---------------------------------------


def test_SH27_pepper_ladder() -> None:
    game = new(pepper_bidding=True)
    numbers = {f"bid {n}" for n in range(1, 6)}
    assert legal(game) == {"pass", *numbers, "bid little-pepper", "bid big-pepper"}
    with pytest.raises(tt.IllegalActionError, match="bid 6"):
        game.apply("bid 6")
    game.apply("bid 5")
    assert legal(game) == {"pass", "bid little-pepper", "bid big-pepper"}
    game.apply("bid little-pepper")
    assert legal(game) == {"pass", "bid big-pepper"}
    game.apply("bid big-pepper")
    view = spectator(game)
    assert (view["phase"], view["bidder"], view["contract"]) == ("trump", 3, "big-pepper")
    # Big pepper straight away closes the auction.
    first = new(pepper_bidding=True)
    first.apply("bid big-pepper")
    assert spectator(first)["phase"] == "trump"


@pytest.mark.parametrize(
    ("taken", "bidders", "defenders", "options"),
    [
        (6, 12, 0, {}),
        (4, -12, 2, {}),
        (4, -12, 4, {"double_defender_tricks_in_big_pepper": True}),
    ],
)
def test_SH28_big_pepper_made_and_failed(
    taken: int, bidders: int, defenders: int, options: dict[str, Any]
) -> None:
    game = contract(0, "bid big-pepper", pepper_bidding=True, **options)
    play_taking(game, 0, taken)
    assert side_deltas(game) == (bidders, defenders)


@pytest.mark.parametrize(("taken", "bidders", "defenders"), [(6, 6, 0), (5, -6, 1)])
def test_SH29_little_pepper_made_and_failed(taken: int, bidders: int, defenders: int) -> None:
    game = contract(0, "bid little-pepper", pepper_bidding=True)
    play_taking(game, 0, taken)
    assert side_deltas(game) == (bidders, defenders)


@pytest.mark.parametrize(
    ("bid", "taken", "options", "bidders"),
    [
        ("big-pepper", 4, {"set_penalty": "shortfall"}, -4),
        ("big-pepper", 4, {"set_penalty": "tricks_taken"}, -8),
        ("little-pepper", 5, {"set_penalty": "shortfall"}, -1),
        ("big-pepper", 4, {"big_pepper_multiplier": 3}, -18),
        ("big-pepper", 6, {"big_pepper_multiplier": 3}, 18),
    ],
)
def test_SH28_SH29_pepper_with_other_set_penalties_and_multipliers(
    bid: str, taken: int, options: dict[str, Any], bidders: int
) -> None:
    # rules.md §0.5 decision 4: a set costs m x P, P = what set_penalty gives for contract 6.
    game = contract(0, f"bid {bid}", pepper_bidding=True, target_score=50, **options)
    play_taking(game, 0, taken)
    assert side_deltas(game) == (bidders, 6 - taken)


def test_no_trump_option_joker_wins_and_follows_only_when_void() -> None:
    game = new(allow_no_trump=True)
    auction(game, bidder=0)
    assert legal(game) == {"trump C", "trump D", "trump H", "trump S", "trump NT"}
    apply_all(game, "trump NT", "discard 10C")
    assert spectator(game)["trump"] == "NT"
    # Seat 0 leads 9S; everybody follows; the ace wins.
    apply_all(game, "play 9S", "play QS", "play AS", "play 10S")
    assert spectator(game)["tricks"][0]["winner"] == 2
    # Without trump the J♦ is a plain diamond: seat 2 leads it and seat 3 must follow.
    game.apply("play JD")
    assert legal(game) == {"play KD", "play QD"}
    game.apply("play KD")
    assert legal(game) == {"play 10D"}  # seat 0 can follow: the Joker may not be played
    apply_all(game, "play 10D", "play AD")
    assert spectator(game)["tricks"][1]["winner"] == 1
    # Seat 1 leads a spade; seat 0, void in spades, plays the Joker and wins over the king.
    apply_all(game, "play JS", "play KS", "play QD")
    assert "play JK" in legal(game)
    game.apply("play JK")
    assert spectator(game)["tricks"][2]["winner"] == 0


def test_SH32_pepper_form_all_pass_still_forces_a_bid_of_three() -> None:
    game = new(pepper_bidding=True)
    apply_all(game, "pass", "pass", "pass", "pass")
    view = spectator(game)
    assert (view["bidder"], view["contract"], view["forced_bid"]) == (0, "3", True)
    apply_all(game, "trump H", "discard 10C")
    play_taking(game, 0, 4)
    assert side_deltas(game) == (4, 2)  # normal stakes


def test_SH33_defenders_do_not_score_with_the_option() -> None:
    made = contract(bidder=0, bid="bid 2", defenders_score_tricks=False)
    play_taking(made, 0, 4)
    assert side_deltas(made) == (4, 0)
    failed = contract(bidder=0, bid="bid 5", defenders_score_tricks=False)
    play_taking(failed, 0, 3)
    assert side_deltas(failed) == (-5, 0)


# -- SH30-SH31: going alone -----------------------------------------------------------------------


def test_SH30_maker_alone_partner_out_left_of_maker_leads() -> None:
    game = contract(bidder=0, bid="bid 3", going_alone="maker")
    assert spectator(game)["phase"] == "alone"
    assert game.to_move == 0
    assert legal(game) == {"alone", "not-alone"}
    game.apply("alone")
    view = spectator(game)
    assert view["phase"] == "play"
    assert view["active"] == [0, 1, 3]
    assert view["alone"] == 0
    assert game.to_move == 1  # the player on the maker's left
    apply_all(game, game.legal_actions()[0].text)
    assert game.to_move == 3  # seat 2 is skipped
    game.apply(game.legal_actions()[0])
    assert game.to_move == 0
    game.apply(game.legal_actions()[0])
    assert len(spectator(game)["tricks"][0]["plays"]) == 3


def test_SH30_not_alone_plays_the_usual_hand() -> None:
    game = contract(bidder=0, bid="bid 3", going_alone="maker")
    game.apply("not-alone")
    view = spectator(game)
    assert view["active"] == [0, 1, 2, 3]
    assert view["alone"] is None
    assert game.to_move == 0


def test_SH30_lone_lead_lone_player() -> None:
    game = contract(bidder=0, bid="bid 3", going_alone="maker", lone_lead="lone_player")
    game.apply("alone")
    assert game.to_move == 0


@pytest.mark.parametrize(
    ("lone_contract", "bid", "taken", "bidders", "defenders"),
    [
        ("all_tricks", 3, 6, 12, 0),
        ("all_tricks", 3, 5, -6, 1),
        ("bid_doubled", 4, 5, 10, 1),
        ("bid_doubled", 4, 4, 8, 2),
        ("bid_doubled", 4, 3, -8, 3),
    ],
)
def test_SH30_lone_hand_scoring(
    lone_contract: str, bid: int, taken: int, bidders: int, defenders: int
) -> None:
    deal = LONE_STRONG if taken >= 5 else LONE_WEAK
    game = contract(0, f"bid {bid}", "H", "9C", deal, going_alone="maker",
                    lone_contract=lone_contract, target_score=50)  # fmt: skip
    game.apply("alone")
    play_taking(game, 0, taken)
    assert side_deltas(game) == (bidders, defenders)
    assert last_result(game)["details"]["alone"] == 0


def test_SH30_big_pepper_alone_doubles_the_lone_figures() -> None:
    game = contract(0, "bid big-pepper", "H", "9C", LONE_STRONG, going_alone="maker",
                    pepper_bidding=True, target_score=50)  # fmt: skip
    game.apply("alone")
    play_taking(game, 0, 6)
    assert side_deltas(game) == (24, 0)


def test_SH31_defender_alone_only_after_the_maker() -> None:
    game = contract(bidder=0, bid="bid 3", going_alone="maker_and_defender")
    game.apply("not-alone")
    assert spectator(game)["phase"] == "play"  # nobody else is asked
    game = contract(bidder=0, bid="bid 3", going_alone="maker_and_defender")
    game.apply("alone")
    assert game.to_move == 1  # defenders asked clockwise from the maker's left
    assert legal(game) == {"alone", "not-alone"}
    game.apply("not-alone")
    assert game.to_move == 3
    game.apply("alone")
    view = spectator(game)
    assert (view["alone"], view["lone_defender"]) == (0, 3)
    assert view["active"] == [0, 3]
    assert game.to_move == 3  # the lone defender leads
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    assert len(spectator(game)["tricks"][0]["plays"]) == 2


def test_SH31_first_defender_accepting_plays_alone() -> None:
    game = contract(bidder=0, bid="bid 3", going_alone="maker_and_defender")
    apply_all(game, "alone", "alone")
    view = spectator(game)
    assert (view["alone"], view["lone_defender"], view["active"]) == (0, 1, [0, 1])
    assert game.to_move == 1


def test_SH31_lone_lead_lone_player_gives_the_lead_to_the_maker() -> None:
    game = contract(bidder=0, bid="bid 3", going_alone="maker_and_defender",
                    lone_lead="lone_player")  # fmt: skip
    apply_all(game, "alone", "alone")
    assert game.to_move == 0


@pytest.mark.parametrize(
    ("lone_contract", "taken", "bidders", "defenders"),
    [("all_tricks", 6, 12, 0), ("all_tricks", 4, -6, 4), ("bid_doubled", 2, -6, 8)],
)
def test_SH31_lone_defender_tricks_count_two(
    lone_contract: str, taken: int, bidders: int, defenders: int
) -> None:
    deal = LONE_STRONG if taken >= 5 else LONE_WEAK
    game = contract(0, "bid 3", "H", "9C", deal, going_alone="maker_and_defender",
                    lone_contract=lone_contract, target_score=50)  # fmt: skip
    apply_all(game, "alone", "alone")
    play_taking(game, 0, taken)
    assert side_deltas(game) == (bidders, defenders)
    assert last_result(game)["details"]["lone_defender"] == 1


# -- invariants over random games -------------------------------------------------------------

OPTION_CHOICES: dict[str, list[Any]] = {
    "bidding_mode": ["until_three_passed", "single_round"],
    "widow_mode": ["bidder_exchange", "dead"],
    "first_lead": ["bidder", "eldest"],
    "set_penalty": ["bid", "tricks_taken", "shortfall", "fixed6"],
    "defenders_score_tricks": [True, False],
    "tiebreak": ["bidding_team", "higher_score_then_bidders"],
    "pepper_bidding": [False, True],
    "double_defender_tricks_in_big_pepper": [False, True],
    "going_alone": ["off", "maker", "maker_and_defender"],
    "lone_contract": ["all_tricks", "bid_doubled"],
    "lone_lead": ["left_of_lone", "lone_player"],
    "deal_packets": [(3, 3), (2, 2, 2), (1, 1, 1, 1, 1, 1), (2, 4)],
    "max_bid": [4, 6],
    "allow_no_trump": [False, True],
}

options_strategy = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_CHOICES.items()})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), options=options_strategy)
def test_G05_invariants_hold_in_random_games_with_any_options(
    seed: int, options: dict[str, Any]
) -> None:
    game = tt.new_game("hasenpfeffer", seed=seed, target_score=6, **options)
    checked_playout(game, random.Random(seed), max_actions=50, push_pop_every=12,
                    out_of_play=sh_out_of_play, known=sh_known)  # fmt: skip


def test_thousands_of_random_hands_keep_score_bookkeeping_and_trick_winners() -> None:
    for seed in range(1500):
        game = tt.new_game("hasenpfeffer", seed=seed)
        rng = random.Random(seed)
        while game.hand_number == 1:
            game.apply(rng.choice(game.legal_actions()))
        record = game.record()
        finished = [deal for deal in record["deals"] if deal["result"] is not None]
        assert len(finished) == 1
        check_hand(finished[0], finished[0]["result"])
        assert list(game.scores) == finished[0]["result"]["scores"]
        assert tt.replay(record) == game


def check_hand(deal: dict[str, Any], result: dict[str, Any]) -> None:
    """Recompute one finished hand from its record: trick winners by rules.md §3.2-3.3 and the
    default scoring of §4.8."""
    actions = [a["action"] for a in deal["actions"]]
    trump = next(a.split()[1] for a in actions if a.startswith("trump "))
    plays = [(a["seat"], a["action"].split()[1]) for a in deal["actions"] if "play " in a["action"]]
    assert len(plays) == 24
    tricks = [0] * 4
    for start in range(0, 24, 4):
        tricks[reference_winner(plays[start : start + 4], trump)] += 1
    assert tricks == result["tricks"]
    details = result["details"]
    bidder_side = details["bidder"] % 2
    contract = int(details["contract"])
    taken = side_tricks(tricks, bidder_side)
    bidders = taken if taken >= contract else -contract
    expected = [0, 0]
    expected[bidder_side], expected[1 - bidder_side] = bidders, 6 - taken
    assert result["deltas"] == expected * 2


def reference_winner(plays: list[tuple[int, str]], trump: str) -> int:
    """The winner of a four-card trick by rules.md §3.2/§3.3, independent of the engine."""
    order = TRUMPS[trump]
    left = order[2]

    def suit(card: str) -> str:
        return trump if card in order[:3] else card[-1]

    plain = ["A", "K", "Q", "J", "10", "9"]
    led = suit(plays[0][1])

    def key(card: str) -> tuple[int, int]:
        if card in order:
            return (2, -order.index(card))
        if suit(card) == led and card != left:
            return (1, -plain.index(card[:-1]))
        return (0, 0)

    best = max(range(4), key=lambda i: key(plays[i][1]))
    return plays[best][0]


def reference_suit(card: str, trump: str) -> str:
    """The effective suit of a card by rules.md §3.2 (Joker and both bowers are trumps)."""
    return trump if card in TRUMPS[trump][:3] else card[-1]


def test_legal_plays_match_follow_only_in_random_hands() -> None:
    positions = 0
    for seed in range(150):
        game = tt.new_game("hasenpfeffer", seed=seed)
        rng = random.Random(seed)
        while game.hand_number == 1:
            view = game.view(game.to_move).to_dict()
            if view["phase"] == "play":
                hand, trump = view["hand"], view["trump"]
                plays = view["trick"]["plays"]
                expected = set(hand)
                if plays:
                    led = reference_suit(plays[0]["card"], trump)
                    follow = {c for c in hand if reference_suit(c, trump) == led}
                    expected = follow or expected
                assert legal(game) == {f"play {c}" for c in expected}
                positions += 1
            game.apply(rng.choice(game.legal_actions()))
    assert positions == 150 * 24
