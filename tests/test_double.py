"""Double Hasenpfeffer (rules.md §5, §0.5 decisions 5-8): the DH situations of §10 outside the
lone hand, and the invariants and perft counts of every form (4 and 6 in partnerships, 2-6
individuals)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import tricktable as tt
from double_support import (
    FORMS,
    HEARTS,
    NAME,
    apply_all,
    check_no_leak,
    check_recall,
    dh_known,
    dh_out_of_play,
    first_trick_winner,
    fixed_game,
    new,
    play_suit_table,
    strength,
    suit_table_deal,
    table,
    texts,
    trick_game,
)
from support import checked_playout, perft
from tricktable.cards import DECKS, parse_card
from tricktable.engine import Game


def test_DH01_euchre_ranking_with_duplicates_hearts_trump() -> None:
    order = ["JH", "JD", "AH", "KH", "QH", "10H", "9H"]
    t = table(HEARTS)
    keys = [strength(HEARTS, card) for card in order]
    assert all(suit == HEARTS for suit, _ in keys)
    assert [k for _, k in keys] == sorted((k for _, k in keys), reverse=True)
    assert len({k for _, k in keys}) == len(order)
    for card in order:  # both copies rank alike
        index = parse_card(card).index
        assert t.strength[index] == t.strength[index + 64]
    assert bin(t.trump_mask).count("1") == 14
    # not pinochle order (A 10 K Q J 9): the ten ranks below the king and queen
    assert strength(HEARTS, "KS") > strength(HEARTS, "10S")
    assert strength(HEARTS, "QD") > strength(HEARTS, "10D")
    assert strength(HEARTS, "JS") > strength(HEARTS, "10S")
    assert bin(t.suit_mask[1]).count("1") == 10  # diamonds lack their jacks


def test_DH02_two_identical_right_bowers_earlier_wins() -> None:
    game = trick_game({1: "JH", 2: "JH", 3: "AH", 0: "JD"}, order=(1, 2, 3, 0), trump="H")
    assert first_trick_winner(game) == 1


def test_DH02_the_second_copy_is_played_by_whoever_holds_it() -> None:
    game = trick_game({1: "AH", 2: "JH", 3: "JH", 0: "9H"}, order=(1, 2, 3, 0), trump="H")
    assert first_trick_winner(game) == 2


def test_DH03_identical_plain_aces_earlier_wins() -> None:
    game = trick_game({2: "AS", 3: "KS", 0: "AS", 1: "9S"}, order=(2, 3, 0, 1), trump="H")
    assert first_trick_winner(game) == 2


def test_DH04_identical_left_bowers_on_a_plain_lead_earlier_wins() -> None:
    game = trick_game({3: "KC", 0: "JD", 1: "JD", 2: "QC"}, order=(3, 0, 1, 2), trump="H")
    assert first_trick_winner(game) == 0


def test_DH05_deal_four_at_a_time_no_widow_no_turn_up() -> None:
    for players, size in ((4, 12), (6, 8)):
        flow = tt.rules(NAME, players=players).flow
        pack = list(flow.deck.indices)
        deal = flow.deal(pack, 0)
        assert deal.widow is None
        assert deal.stock == ()
        for packet in range(size // 4):
            for turn in range(players):
                seat = (1 + turn) % players  # eldest first
                start = (packet * players + turn) * 4
                expected = sum(1 << card for card in pack[start : start + 4])
                assert deal.hands[seat] & expected == expected
        game = tt.new_game(NAME, seed=3, players=players)
        assert game.view(None).to_dict()["hand_sizes"] == [size] * players
        assert "|" not in game.deal_text


def test_DH06_six_hand_partners_alternate() -> None:
    game = tt.new_game(NAME, seed=5, dealer=0, players=6)
    assert game.view(0).to_dict()["sides"] == [[0, 2, 4], [1, 3, 5]]
    apply_all(game, "bid 6", *["pass"] * 5, "trump S", "not-alone")
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    seats = [play["seat"] for play in game.view(None).to_dict()["tricks"][0]["plays"]]
    assert [seat % 2 for seat in seats] == [1, 0, 1, 0, 1, 0]
    assert game.scores[0] == game.scores[2] == game.scores[4]


def test_DH07_min_bid_six_max_all_tricks() -> None:
    game = tt.new_game(NAME, seed=1, dealer=0)
    assert texts(game) == ["pass"] + [f"bid {n}" for n in range(6, 13)]
    before = game.record()
    for illegal in ("bid 5", "bid 13"):
        with pytest.raises(tt.IllegalActionError, match=illegal):
            game.apply(illegal)
    assert game.record() == before
    six = tt.new_game(NAME, seed=1, dealer=0, players=6)
    assert texts(six) == ["pass", "bid 6", "bid 7", "bid 8"]
    six.apply("bid 7")
    assert texts(six) == ["pass", "bid 8"]


def test_DH07_min_bid_option_and_its_limit() -> None:
    game = tt.new_game(NAME, seed=1, dealer=0, min_bid=3)
    assert texts(game)[:2] == ["pass", "bid 3"]
    with pytest.raises(tt.RulesError, match="min_bid=9"):
        tt.rules(NAME, players=6, min_bid=9)


def test_DH08_single_round_each_one_chance_dealer_last() -> None:
    game = tt.new_game(NAME, seed=2, dealer=0)
    apply_all(game, "bid 6", "pass", "bid 7")
    assert game.to_move == 0  # the dealer speaks last
    game.apply("pass")
    assert game.phase == "trump"
    assert game.to_move == 3  # seat 1 had his one chance
    assert game.view(0).to_dict()["bidder"] == 3
    assert game.view(0).to_dict()["contract"] == "7"


def test_DH08_multi_round_option_until_all_but_one_passed() -> None:
    game = tt.new_game(NAME, seed=2, dealer=0, bidding_mode="until_all_but_one_passed")
    apply_all(game, "bid 6", "bid 7", "pass", "pass")
    assert game.to_move == 1
    apply_all(game, "bid 8", "pass")
    assert game.phase == "trump"
    assert game.view(2).to_dict()["bidder"] == 1
    assert game.view(2).to_dict()["contract"] == "8"


def test_DH09_all_pass_dealer_forced_to_min_bid() -> None:
    game = tt.new_game(NAME, seed=4, dealer=2)
    apply_all(game, *["pass"] * 4)
    view = game.view(0).to_dict()
    assert (game.phase, game.to_move) == ("trump", 2)
    assert (view["bidder"], view["contract"], view["forced_bid"]) == (2, "6", True)
    forced = tt.new_game(NAME, seed=4, dealer=2, min_bid=7)
    apply_all(forced, *["pass"] * 4)
    assert forced.view(0).to_dict()["contract"] == "7"


def forced_dealer_hand(tricks_for_dealer: int, **options: Any) -> Game:
    """Dealer 0 is forced to 6 and his side takes ``tricks_for_dealer`` tricks."""
    winners = [0] * tricks_for_dealer + [1] * (12 - tricks_for_dealer)
    game = new(suit_table_deal(winners), bowers=False, **options)
    apply_all(game, *["pass"] * 4, "trump H", "not-alone")
    play_suit_table(game, winners)
    return game


def test_DH10_forced_dealer_makes_seven() -> None:
    game = forced_dealer_hand(7)
    assert game.scores == (7, 5, 7, 5)
    assert game.results[0].details["forced"] is True


def test_DH10_forced_dealer_set_with_five_full_or_half_penalty() -> None:
    assert forced_dealer_hand(5).scores == (-6, 7, -6, 7)
    assert forced_dealer_hand(5, forced_dealer_half_penalty=True).scores == (-3, 7, -3, 7)


def ordinary_hand(bid: int, taken: int, **options: Any) -> Game:
    """Seat 1 bids ``bid`` (hearts) and his side takes ``taken`` tricks."""
    winners = [1] * taken + [0] * (12 - taken)
    game = new(suit_table_deal(winners), bowers=False, **options)
    game.apply(f"bid {bid}")
    while game.phase == "auction":  # a bid of 12 closes the auction at once
        game.apply("pass")
    apply_all(game, "trump H", "not-alone")
    play_suit_table(game, winners)
    return game


def test_DH11_ordinary_made_and_set() -> None:
    assert ordinary_hand(7, 8).scores == (4, 8, 4, 8)
    assert ordinary_hand(7, 6).scores == (6, -7, 6, -7)
    assert ordinary_hand(12, 12).scores == (0, 12, 0, 12)


def test_DH11_set_penalty_and_opponents_scoring_options() -> None:
    assert ordinary_hand(8, 5, set_penalty="shortfall").scores[1] == -3
    assert ordinary_hand(8, 5, set_penalty="tricks_taken").scores[1] == -5
    assert ordinary_hand(8, 5, set_penalty="fixed6").scores[1] == -6
    assert ordinary_hand(7, 8, defenders_score_tricks=False).scores == (0, 8, 0, 8)


def test_DH11_first_lead_bidder_or_eldest() -> None:
    game = tt.new_game(NAME, seed=6, dealer=0)
    apply_all(game, "pass", "bid 6", "pass", "pass", "trump C", "not-alone")
    assert (game.phase, game.to_move) == ("play", 2)
    eldest = tt.new_game(NAME, seed=6, dealer=0, first_lead="eldest")
    apply_all(eldest, "pass", "bid 6", "pass", "pass", "trump C", "not-alone")
    assert eldest.to_move == 1


def two_hands(**options: Any) -> Game:
    """Target 8: seats 1 & 3 make 7 of 6 (7 : 5), then seats 0 & 2 make 6 of 6 (11 : 13)."""
    first = [1] * 7 + [0] * 5
    second = [0] * 6 + [1] * 6
    rules = tt.rules(NAME, target_score=8, bowers=False, **options)
    game = Game(rules, dealer=0, deals=[suit_table_deal(first), suit_table_deal(second)])
    apply_all(game, "bid 6", "pass", "pass", "pass", "trump H", "not-alone")
    play_suit_table(game, first)
    assert not game.is_over
    assert game.scores == (5, 7, 5, 7)
    apply_all(game, "bid 6", "pass", "pass", "pass", "trump H", "not-alone")  # seat 2 bids
    play_suit_table(game, second)
    return game


def test_DH17_game_to_62_both_reach_target_bidding_side_wins() -> None:
    assert tt.rules(NAME).options["target_score"] == 62
    game = two_hands()
    assert game.is_over
    assert game.scores == (11, 13, 11, 13)
    assert game.winners == (0, 2)


def test_DH17_tiebreak_higher_score_option() -> None:
    assert two_hands(tiebreak="higher_score_then_bidders").winners == (1, 3)


def test_DH18_no_bowers_jacks_rank_between_queen_and_ten_in_their_own_suit() -> None:
    queen, jack, ten = (strength(HEARTS, c, bowers=False) for c in ("QH", "JH", "10H"))
    assert queen > jack > ten
    assert strength(HEARTS, "JD", bowers=False)[0] == 1  # a diamond, not a trump
    t = table(HEARTS, bowers=False)
    assert [bin(t.suit_mask[s]).count("1") for s in range(4)] == [12, 12, 12, 12]
    game = trick_game(
        {1: "KD", 2: "JD", 3: "9D", 0: "QD"}, order=(1, 2, 3, 0), trump="H", bowers=False
    )
    assert first_trick_winner(game) == 1


def test_DH19_five_players_45_cards_nine_each_in_four_four_one() -> None:
    rules = tt.rules(NAME, players=5, individual=True)
    flow = rules.flow
    assert len(flow.deck) == 45
    missing = Counter(str(c) for c in DECKS["pinochle48"].cards)
    missing.subtract(Counter(str(c) for c in flow.deck.cards))
    assert +missing == Counter({"9C": 1, "9D": 1, "9H": 1})
    pack = list(flow.deck.indices)
    deal = flow.deal(pack, 0)
    assert [hand.bit_count() for hand in deal.hands] == [9] * 5
    order = [1, 2, 3, 4, 0]
    sizes = [4] * 10 + [1] * 5
    position = 0
    for turn, size in enumerate(sizes):
        packet = sum(1 << card for card in pack[position : position + size])
        assert deal.hands[order[turn % 5]] & packet == packet
        position += size
    game = tt.new_game(rules, seed=9)
    assert game.view(None).to_dict()["hand_sizes"] == [9] * 5
    assert texts(game)[-1] == "bid 9"


def test_DH19_five_player_options() -> None:
    flow = tt.rules(NAME, players=5, individual=True, five_player_removed="9S+9S+9H").flow
    counts = Counter(str(c) for c in flow.deck.cards)
    assert (counts["9S"], counts["9H"], counts["9C"]) == (0, 1, 2)
    packets = tt.rules(NAME, players=5, individual=True, deal_packet=3).flow
    assert packets.packets() == [3, 3, 3]
    for bad in ("9S+9S+9S", "AS+9C+9D", "9C+9D"):
        with pytest.raises(tt.RulesError, match="five_player_removed"):
            tt.rules(NAME, players=5, individual=True, five_player_removed=bad)


def test_DH19_player_counts() -> None:
    for players, size in ((2, 24), (3, 16), (4, 12), (6, 8)):
        game = tt.new_game(NAME, seed=1, players=players, individual=True)
        assert game.view(None).to_dict()["hand_sizes"] == [size] * players
        assert game.view(None).to_dict()["sides"] == [[seat] for seat in range(players)]
    for players in (2, 3, 5):
        with pytest.raises(tt.RulesError, match=f"players={players}"):
            tt.rules(NAME, players=players)


def individual_hand(taken: int, **options: Any) -> Game:
    """Four individuals: seat 1 bids 6 (hearts) and takes ``taken``; seats 0, 2, 3 the rest."""
    others = [0, 2, 3]
    winners = [1] * taken + [others[i % 3] for i in range(12 - taken)]
    game = new(suit_table_deal(winners), individual=True, bowers=False, **options)
    apply_all(game, "bid 6", "pass", "pass", "pass", "trump H")
    assert game.phase == "play"  # no lone hands for individuals
    play_suit_table(game, winners)
    return game


def test_DH20_individual_scoring_bidder_and_one_per_trick() -> None:
    assert individual_hand(7).scores == (2, 7, 2, 1)
    assert individual_hand(5).scores == (3, -6, 2, 2)
    assert individual_hand(7, individual_scoring="bidder_only").scores == (0, 7, 0, 0)


@pytest.mark.parametrize("form", FORMS)
def test_invariants_random_games(form: str) -> None:
    game = tt.new_game(NAME, seed=11, target_score=10, **FORMS[form])
    checked_playout(game, random.Random(11), max_actions=150, out_of_play=dh_out_of_play,
                    known=dh_known, push_pop_every=50)  # fmt: skip
    check_no_leak(game)


PERFT_FROM_DEAL = {
    "4p": [8, 39, 148], "6p": [4, 13, 36], "individual-2": [20, 213, 932],
    "individual-3": [12, 81, 460], "individual-4": [8, 39, 188], "individual-5": [5, 18, 82],
    "individual-6": [4, 13, 60],
}  # fmt: skip


PERFT_PLAY = {
    "4p": [12, 36, 114, 342, 3762],
    "6p": [8, 16, 32, 64, 128, 288, 2016],
    "individual-2": [24, 146, 3358],
    "individual-3": [16, 64, 264, 3960],
    "individual-4": [12, 36, 114, 342, 3762],
    "individual-5": [9, 20, 44, 96, 240, 1920],
    "individual-6": [8, 16, 32, 64, 128, 288, 2016],
}


@pytest.mark.parametrize("form", FORMS)
def test_perft_from_the_deal(form: str) -> None:
    game = fixed_game(form)
    before = game.record()
    counts = [perft(game, depth) for depth in range(1, len(PERFT_FROM_DEAL[form]) + 1)]
    assert counts == PERFT_FROM_DEAL[form]
    assert game.record() == before


@pytest.mark.parametrize("form", FORMS)
def test_perft_first_trick(form: str) -> None:
    """Seat 1 bids 6, all pass, hearts trump (not alone): the first trick and one more card."""
    after_trump = ["trump H"] if "individual" in form else ["trump H", "not-alone"]
    game = fixed_game(form, *after_trump)
    assert game.phase == "play"
    counts = [perft(game, depth) for depth in range(1, len(PERFT_PLAY[form]) + 1)]
    assert counts == PERFT_PLAY[form]


def test_rules_strings_round_trip() -> None:
    rules = tt.rules(NAME, players=6, lone_lead="lone_player", six_hand_transfer="one_partner_two")
    assert tt.rules(str(rules)) == rules
    assert tt.rules("dh") == tt.rules(NAME)
    assert "double-hasenpfeffer" in tt.REGISTRY


OPTION_SETS = [
    {"players": 6, "six_hand_transfer": "one_partner_two", "lone_lead": "lone_player"},
    {"players": 6, "six_hand_transfer": "partners_jointly_two", "lone_cards_exchanged": 3},
    {"lone_contract": "bid_doubled", "bidding_mode": "until_all_but_one_passed"},
    {"bowers": False, "first_lead": "eldest", "forced_dealer_half_penalty": True},
    {"lone_cards_exchanged": 0, "lone_opponent_trick_value": 1, "set_penalty": "shortfall"},
    {"players": 5, "individual": True, "deal_packet": 3, "individual_scoring": "bidder_only"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_invariants_random_games_with_options(options: dict[str, Any]) -> None:
    game = tt.new_game(NAME, seed=21, target_score=8, **options)
    checked_playout(game, random.Random(21), max_actions=120, out_of_play=dh_out_of_play,
                    known=dh_known, push_pop_every=60)  # fmt: skip
    check_no_leak(game)
    check_recall(game)
