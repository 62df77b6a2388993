"""Double Hasenpfeffer's lone hand (rules.md §5.6, §0.5 decisions 6-7): DH12-DH16, DH21-DH23,
the transfer options, what each seat sees, and random lone hands."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable as tt
from double_support import (
    FORMS,
    LONE_4_FAILED,
    LONE_4_MADE,
    LONE_6_FAILED,
    LONE_6_MADE,
    NAME,
    apply_all,
    check_no_leak,
    check_recall,
    check_record_matches,
    fixed_game,
    go_alone_4,
    go_alone_6,
    go_alone_game,
    new,
    play_out_hand,
    six_alone,
    texts,
)
from support import cards_of, check_push_pop, perft
from tricktable.engine import Game


def test_DH12_lone_four_hand_discards_two_receives_two() -> None:
    game = new(LONE_4_MADE)
    apply_all(game, "bid 6", "pass", "pass", "pass", "trump H")
    assert texts(game) == ["alone", "not-alone"]
    game.apply("alone")
    assert (game.phase, game.to_move) == ("discard", 1)
    game.apply("discard 9C")
    assert (game.phase, game.to_move) == ("discard", 1)
    game.apply("discard 9C")
    assert (game.phase, game.to_move) == ("give", 3)
    apply_all(game, "give 10H", "give 10H")
    assert game.phase == "play"
    sizes = game.view(None).to_dict()["hand_sizes"]
    assert sizes == [12, 12, 12, 10]
    assert game.view(None).to_dict()["active"] == [0, 1, 2]
    assert game.view(1).to_dict()["discards"] == ["9C", "9C"]
    play_out_hand(game)
    tricks = game.last_tricks
    assert len(tricks) == 12
    assert all(len(trick.plays()) == 3 for trick in tricks)
    assert all(3 not in trick.seats for trick in tricks)


def test_DH13_lone_six_hand_each_partner_gives_one_clockwise_unseen() -> None:
    game = tt.new_game(NAME, dealer=0, deal=LONE_6_MADE, players=6)
    apply_all(game, "bid 6", *["pass"] * 5, "trump H", "alone", "discard 9C", "discard 9C")
    assert (game.phase, game.to_move) == ("give", 3)
    assert "pass" not in texts(game)
    game.apply("give AD")
    assert game.to_move == 5
    for seat in (0, 2, 4, 5, None):
        assert "AD" not in str(game.view(seat).to_dict()), seat
    assert game.view(5).to_dict().get("gave") == []
    assert game.view(3).to_dict()["gave"] == ["AD"]
    game.apply("give KH")
    assert game.phase == "play"
    received = game.view(1).to_dict()["received"]
    assert received == [{"seat": 3, "card": "AD"}, {"seat": 5, "card": "KH"}]
    assert game.view(0).to_dict()["gifts"] == [{"seat": 3, "count": 1}, {"seat": 5, "count": 1}]
    assert game.view(None).to_dict()["hand_sizes"][1] == 8
    play_out_hand(game)
    assert all(len(trick.plays()) == 4 for trick in game.last_tricks)


def test_DH14_lone_made_scores_twice_the_tricks() -> None:
    four = go_alone_4(LONE_4_MADE)
    play_out_hand(four)
    assert four.scores == (0, 24, 0, 24)
    six = go_alone_6(LONE_6_MADE)
    play_out_hand(six)
    assert six.scores == (0, 16, 0, 16, 0, 16)


def test_DH15_lone_failed_loses_n_opponents_two_per_trick() -> None:
    four = go_alone_4(LONE_4_FAILED)
    play_out_hand(four)
    assert four.results[0].tricks == (1, 11, 0, 0)
    assert four.scores == (2, -12, 2, -12)
    six = go_alone_6(LONE_6_FAILED)
    play_out_hand(six)
    assert six.results[0].tricks == (1, 7, 0, 0, 0, 0)
    assert six.scores == (2, -8, 2, -8, 2, -8)


def test_DH15_lone_failed_opponents_one_per_trick_option() -> None:
    four = go_alone_4(LONE_4_FAILED, lone_opponent_trick_value=1)
    play_out_hand(four)
    assert four.scores == (1, -12, 1, -12)
    six = go_alone_6(LONE_6_FAILED, lone_opponent_trick_value=1)
    play_out_hand(six)
    assert six.scores == (1, -8, 1, -8, 1, -8)


def test_DH16_left_of_lone_leads_by_default_lone_player_with_option() -> None:
    assert go_alone_4(LONE_4_MADE).to_move == 2
    assert go_alone_6(LONE_6_MADE).to_move == 2
    assert go_alone_4(LONE_4_MADE, lone_lead="lone_player").to_move == 1
    assert go_alone_6(LONE_6_MADE, lone_lead="lone_player").to_move == 1


def test_DH21_partner_gives_any_cards_he_chooses() -> None:
    game = new(LONE_4_MADE)
    apply_all(game, "bid 6", "pass", "pass", "pass", "trump H", "alone", "discard 9C", "discard AH")
    offered = {f"give {c}" for c in ("10H", "AD", "KD", "QD", "10D", "9D")}
    assert set(texts(game)) == offered
    assert len(texts(game)) == len(offered)
    apply_all(game, "give 9D", "give 9D")
    received = game.view(1).to_dict()["received"]
    assert received == [{"seat": 3, "card": "9D"}, {"seat": 3, "card": "9D"}]
    assert cards_of(game.view(1).to_dict()["hand"])["9D"] == 2


def test_DH22_partner_cards_dead_never_played_never_shown() -> None:
    game = go_alone_4(LONE_4_MADE)
    dead = cards_of(game.view(3).to_dict()["hand"])
    assert dead == cards_of("AD AD KD KD QD QD 10D 10D 9D 9D")
    while game.hand_number == 1:
        assert game.to_move != 3
        for seat in (0, 1, 2, None):
            words = str(game.view(seat).to_dict())
            assert not any(f"'{card}'" in words for card in dead), seat
        game.apply(game.legal_actions()[0])
    assert not any(3 in trick.seats for trick in game.last_tricks)


def test_DH23_lone_bid_doubled() -> None:
    made = lone_bid_doubled(losers=3)
    assert made.results[0].tricks[1] == 9
    assert made.scores == (6, 18, 6, 18)
    failed = lone_bid_doubled(losers=5)
    assert failed.results[0].tricks[1] == 7
    assert failed.scores == (10, -16, 10, -16)


def card_list(text: str) -> list[str]:
    return text.split()


TOP_TRUMPS = card_list("JH JH JD JD AH AH KH KH QH QH 10H 10H 9H 9H")


def lone_bid_doubled(losers: int) -> Game:
    """Seat 1 bids 8 alone (hearts) with ``12 - losers`` top trumps and ``losers`` low spades."""
    spades = card_list("9S 9S 10S 10S JS JS QS QS KS KS AS AS")
    clubs = card_list("AC AC KC KC QC QC JC JC 10C 10C")
    gifts = TOP_TRUMPS[10 - losers : 12 - losers]
    lone = [*TOP_TRUMPS[: 10 - losers], *spades[:losers], "9C", "9C"]
    partner = [*gifts, *card_list("AD AD KD KD QD QD 10D 10D 9D 9D")]
    rest = [*TOP_TRUMPS[12 - losers :], *spades[losers:], *clubs]
    hands = (rest[0::2], lone, rest[1::2], partner)
    game = new(" / ".join(" ".join(hand) for hand in hands), lone_contract="bid_doubled")
    apply_all(game, "bid 8", "pass", "pass", "pass", "trump H", "alone", "discard 9C",
              "discard 9C", *(f"give {card}" for card in gifts))  # fmt: skip
    play_out_hand(game)
    return game


def test_lone_hand_option_off_and_only_on_a_bid_of_all_tricks() -> None:
    off = tt.new_game(NAME, seed=8, dealer=0, lone_hand=False)
    apply_all(off, "bid 6", "pass", "pass", "pass", "trump S")
    assert off.phase == "play"
    strict = tt.new_game(NAME, seed=8, dealer=0, lone_requires_max_bid=True)
    apply_all(strict, "bid 11", "pass", "pass", "pass", "trump S")
    assert strict.phase == "play"
    top = tt.new_game(NAME, seed=8, dealer=0, lone_requires_max_bid=True)
    apply_all(top, "bid 12", "trump S")
    assert texts(top) == ["alone", "not-alone"]


def test_forced_dealer_may_go_alone() -> None:
    game = tt.new_game(NAME, seed=8, dealer=3)
    apply_all(game, *["pass"] * 4, "trump D", "alone")
    assert (game.phase, game.to_move) == ("discard", 3)
    assert game.view(0).to_dict()["alone"] == 3


def test_lone_cards_exchanged_option() -> None:
    none = go_alone_game(LONE_4_MADE, lone_cards_exchanged=0)
    assert none.phase == "play"
    assert none.view(None).to_dict()["hand_sizes"] == [12, 12, 12, 12]
    three = go_alone_game(LONE_4_MADE, lone_cards_exchanged=3)
    apply_all(three, "discard 9C", "discard 9C", "discard QH", "give 10H", "give 10H")
    assert three.phase == "give"
    three.apply("give AD")
    assert three.phase == "play"
    assert three.view(None).to_dict()["hand_sizes"] == [12, 12, 12, 9]


def test_DH13_one_partner_two_the_lone_player_names_the_partner_who_gives_both() -> None:
    game = tt.new_game(NAME, dealer=0, deal=LONE_6_MADE, players=6,
                       six_hand_transfer="one_partner_two")  # fmt: skip
    apply_all(game, "bid 6", *["pass"] * 5, "trump H", "alone")
    assert (game.phase, game.to_move) == ("alone", 1)
    assert texts(game) == ["partner 3", "partner 5"]  # his partners, clockwise from him
    with pytest.raises(tt.IllegalActionError, match="partner 3, partner 5"):
        game.apply("partner 2")  # an opponent is nobody's giver
    game.apply("partner 5")
    assert game.phase == "discard"
    apply_all(game, "discard 9C", "discard 9C")
    assert (game.phase, game.to_move) == ("give", 5)
    assert "pass" not in texts(game)  # the named partner must give
    apply_all(game, "give KH", "give AC")
    assert game.phase == "play"
    received = game.view(1).to_dict()["received"]
    assert received == [{"seat": 5, "card": "KH"}, {"seat": 5, "card": "AC"}]
    assert game.view(0).to_dict()["gifts"] == [{"seat": 3, "count": 0}, {"seat": 5, "count": 2}]
    assert [a["action"] for a in game.view(0).to_dict()["actions"]][-5:] == [
        "partner 5", "discard ?", "discard ?", "give ?", "give ?",
    ]  # fmt: skip


def test_DH21_the_named_partner_gives_any_cards_he_chooses() -> None:
    game = six_alone("partner 3", six_hand_transfer="one_partner_two")
    assert game.to_move == 3
    assert {"give KH", "give AD"} <= set(texts(game))
    apply_all(game, "give KH", "give AD")
    assert game.phase == "play"
    assert game.view(0).to_dict()["gifts"] == [{"seat": 3, "count": 2}, {"seat": 5, "count": 0}]


def test_one_partner_two_with_four_players_or_no_cards_names_nobody() -> None:
    four = go_alone_game(LONE_4_MADE, six_hand_transfer="one_partner_two")
    assert four.phase == "discard"  # one partner: he is the giver
    none = tt.new_game(NAME, dealer=0, deal=LONE_6_MADE, players=6,
                       six_hand_transfer="one_partner_two", lone_cards_exchanged=0)  # fmt: skip
    apply_all(none, "bid 6", *["pass"] * 5, "trump H", "alone")
    assert none.phase == "play"


def test_six_hand_transfer_partners_jointly_two() -> None:
    game = six_alone(six_hand_transfer="partners_jointly_two")
    game.apply("pass")
    assert game.to_move == 5
    assert "pass" not in texts(game)  # never two passes in a row
    game.apply("give KH")
    assert game.to_move == 3
    assert "pass" in texts(game)
    game.apply("pass")
    game.apply("give AC")
    assert game.phase == "play"
    assert [g["count"] for g in game.view(0).to_dict()["gifts"]] == [0, 2]


def test_views_give_each_seat_what_it_may_know_and_no_more() -> None:
    game = go_alone_4(LONE_4_MADE)
    lone, partner, opponent = (game.view(s).to_dict() for s in (1, 3, 0))
    for view in (lone, partner, opponent):
        assert view["bidder"] == 1
        assert view["contract"] == "6"
        assert view["alone"] == 1
        assert view["trump"] == "H"
        assert view["auction"][0] == {"seat": 1, "call": "bid 6"}
        assert view["gifts"] == [{"seat": 3, "count": 2}]
        assert view["lone_discard_count"] == 2
        assert view["dead"] == [3]
        assert view["tricks_per_hand"] == 12
    assert lone["discards"] == ["9C", "9C"]
    assert [r["card"] for r in lone["received"]] == ["10H", "10H"]
    assert partner["gave"] == ["10H", "10H"]
    for view in (partner, opponent, game.view(2).to_dict(), game.view(None).to_dict()):
        assert "discards" not in view
        assert "received" not in view
    assert "gave" not in opponent
    assert "9C" not in str(opponent)  # seat 0 holds no 9C: the discards stay hidden


@pytest.mark.parametrize("form", ["4p", "6p"])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_lone_hands_conserve_cards_and_hide_them(form: str, seed: int) -> None:
    """Random games where every bidder goes alone: conservation, leaks, one winner per trick."""
    rng = random.Random(seed)
    game = tt.new_game(NAME, seed=seed, target_score=20, **FORMS[form])
    for step in range(200):
        if game.is_over:
            break
        legal = game.legal_actions()
        choice = tt.parse_action("alone") if game.phase == "alone" else rng.choice(legal)
        game.apply(choice)
        if step % 5 == 0:
            check_no_leak(game)
            check_recall(game)
    check_record_matches(game)


PERFT_LONE = {"4p": [12, 132, 1584], "6p": [8, 56, 448]}


@pytest.mark.parametrize("form", PERFT_LONE)
def test_perft_lone_exchange(form: str) -> None:
    """Seat 1 goes alone: the discards, then the partners' gifts."""
    game = fixed_game(form, "trump H", "alone")
    counts = [perft(game, depth) for depth in range(1, 4)]
    assert counts == PERFT_LONE[form]


def test_push_pop_and_record_through_every_phase_of_a_lone_hand() -> None:
    game = six_alone(six_hand_transfer="partners_jointly_two")
    for action in ("pass", "give KH", "pass", "give AC", "play 10H"):
        check_push_pop(game)
        game.apply(action)
    check_record_matches(game)
    assert tt.replay(game.record()).view(1).to_dict() == game.view(1).to_dict()
