"""Single Hasenpfeffer (rules.md §4 with the decisions of §0.5): every SH and G situation of §10.

Positions are set up with deal text and driven through ``game.apply``; trick counts that a test
needs are reached by :func:`play_taking`, a depth-first search over legal plays (push/pop) for
any line of play in which the bidding side takes exactly the wanted number of tricks.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import tricktable as tt
from sh_support import (
    ALL_CARDS,
    JOKER_WIDOW,
    TRUMPS,
    apply_all,
    auction,
    contract,
    last_result,
    legal,
    new,
    play_taking,
    spectator,
)
from support import (
    cards_in,
    checked_playout,
    observe,
    random_playout,
    sh_known,
    sh_out_of_play,
)

# -- G01-G06: every game ------------------------------------------------------------------------


def test_G01_deal_rotates_to_the_left() -> None:
    game = contract(bidder=0, target_score=50)
    assert spectator(game)["dealer"] == 0
    play_taking(game, 0, 4)
    view = spectator(game)
    assert view["dealer"] == 1
    assert view["hand_number"] == 2
    assert game.to_move == 2  # eldest of the new dealer
    assert game.record()["deals"][1]["dealer"] == 1


def test_G02_trick_winner_leads_the_next_trick() -> None:
    game = contract(bidder=0)
    # Seat 0 leads a club; seat 1 is void; seat 2's ace of clubs takes the trick.
    apply_all(game, "play 9C", "play 9D", "play AC", "play JC")
    trick = spectator(game)["tricks"][0]
    assert trick["winner"] == 2
    assert game.to_move == 2


def test_G03_trump_beats_plain_and_off_suit_discards_never_win() -> None:
    game = contract(bidder=0)
    # Clubs led by seat 0 (9C); seat 1 is void in clubs and discards AD; seat 2 follows with
    # QC; seat 3 follows with JC. Highest club wins: QC (seat 2); the ace of diamonds never does.
    apply_all(game, "play 9C", "play AD", "play QC", "play JC")
    assert spectator(game)["tricks"][0]["winner"] == 2
    # Seat 2 leads AS; everybody follows spades; the ace wins.
    apply_all(game, "play AS", "play 10S", "play 9S", "play QS")
    assert spectator(game)["tricks"][1]["winner"] == 2
    # Seat 2 leads KS; seat 3 is void and trumps with 9H, which beats the jack of spades.
    apply_all(game, "play KS", "play 9H")
    assert legal(game) == {"play 10D", "play KC", "play JK", "play JH"}  # void in spades
    apply_all(game, "play KC", "play JS")
    assert spectator(game)["tricks"][2]["winner"] == 3


def test_G04_single_hasenpfeffer_deck_has_25_distinct_cards() -> None:
    deck = tt.DECKS["joker25"]
    assert len(deck) == 25
    assert not deck.has_duplicates()
    assert len(set(ALL_CARDS)) == 25
    assert "JK" in ALL_CARDS
    game = tt.new_game("hasenpfeffer", seed=5)
    assert game.rules.flow.deck == deck


def test_G05_cards_are_conserved_through_a_hand() -> None:
    game = contract(bidder=0, target_score=50)
    before = sh_out_of_play(game)
    assert sum(before.values()) == 1  # the discard
    checked_playout(game, random.Random(1), max_actions=24, push_pop_every=6,
                    out_of_play=sh_out_of_play, known=sh_known)  # fmt: skip
    assert spectator(game)["hand_number"] == 2
    assert sum(last_result(game)["tricks"]) == 6


def test_G06_discard_widow_and_other_hands_stay_hidden() -> None:
    game = new()
    auction(game, bidder=0)
    assert "10C" in game.view(0).to_dict()["hand"]  # the bidder took the widow
    for seat in (1, 2, 3, None):
        assert "10C" not in cards_in(game.view(seat).to_dict())
    game.apply("trump H")
    game.apply("discard JK")
    assert game.view(0).to_dict()["discard"] == ["JK"]
    for seat in (1, 2, 3, None):
        view = game.view(seat).to_dict()
        assert "discard" not in view
        assert not {"JK", "10C"} & cards_in(view)
    for seat in range(4):
        seen = cards_in(game.view(seat).to_dict())
        for other in range(4):
            if other != seat:
                assert not seen & set(game.view(other).to_dict()["hand"])


# -- SH01-SH04: deal and ranking ------------------------------------------------------------------


@pytest.mark.parametrize("packets", [(3, 3), (2, 2, 2), (1, 5)])
def test_SH01_deal_six_each_in_packets_of_three_and_a_widow(packets: tuple[int, ...]) -> None:
    options: dict[str, Any] = {} if packets == (3, 3) else {"deal_packets": packets}
    game = tt.new_game("hasenpfeffer", seed=9, dealer=2, **options)
    view = spectator(game)
    assert view["hand_sizes"] == [6, 6, 6, 6]
    assert view["widow_size"] == 1
    assert not view["widow_taken"]
    _, widow = game.deal_text.split("|")
    assert len(widow.split()) == 1
    # The dealing order: packets (three and three by default) clockwise from the dealer's left,
    # then the 25th card to the widow. Deal a known pack order and check where each card went.
    pack = [tt.parse_card(c).index for c in ALL_CARDS]
    random.Random(0).shuffle(pack)
    dealt = game.rules.flow.deal(pack, 2)
    position = 0
    for size in packets:
        for seat in (3, 0, 1, 2):
            for index in pack[position : position + size]:
                assert dealt.hands[seat] >> index & 1
            position += size
    assert position == 24
    assert dealt.widow == 1 << pack[24]


@pytest.mark.parametrize("trump", "CDHS")
def test_SH02_joker_beats_the_right_bower_in_every_trump_suit(trump: str) -> None:
    assert duel(TRUMPS[trump][1], "JK", trump) == 2
    assert duel(TRUMPS[trump][1], "JK", trump, high_first=True) == 1


def duel(low: str, high: str, trump: str, high_first: bool = False) -> int:
    """Seat 1 (the bidder) leads one card, seat 2 answers with the other; seats 3 and 0 hold
    neither trumps nor the led suit. Returns the trick's winner."""
    table = tt.rules("hasenpfeffer").flow.ranking.table("CDHS".index(trump))
    led_suit = table.suit_of[tt.parse_card(low).index]
    dangerous = [
        c for c in ALL_CARDS
        if table.suit_of[tt.parse_card(c).index] in (led_suit, table.trump) and c not in (low, high)
    ]  # fmt: skip
    safe = [c for c in ALL_CARDS if c not in dangerous and c not in (low, high)]
    pool = dangerous + safe
    first, second = (high, low) if high_first else (low, high)
    seat1 = [first, *pool[0:5]]
    seat2 = [second, *pool[5:10]]
    widow = pool[10]
    rest = pool[11:]
    assert not set(rest) & set(dangerous), "too many cards of the led suit and trump"
    deal = f"{' '.join(rest[:6])} / {' '.join(seat1)} / {' '.join(seat2)} / {' '.join(rest[6:])}"
    game = contract(1, "bid 6", trump, widow, deal=f"{deal} | {widow}")
    game.apply(f"play {first}")
    game.apply(f"play {second}")
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    return int(spectator(game)["tricks"][0]["winner"])


@pytest.mark.parametrize("trump", "CDHS")
def test_SH03_trump_ranking_joker_right_left_ace_king_queen_ten_nine(trump: str) -> None:
    order = TRUMPS[trump]
    for higher, lower in itertools.pairwise(order):
        assert duel(lower, higher, trump) == 2, f"{higher} should beat {lower}"
        assert duel(lower, higher, trump, high_first=True) == 1, f"{higher} led beats {lower}"


def test_SH04_same_colour_plain_suit_lacks_its_jack() -> None:
    # Hearts trump: diamonds are A K Q 10 9 (the J♦ is the left bower).
    diamonds = ["AD", "KD", "QD", "10D", "9D"]
    for higher, lower in itertools.pairwise(diamonds):
        assert duel(lower, higher, "H") == 2
    table = tt.rules("hasenpfeffer").flow.ranking.table(2)
    diamond_cards = {c for c in ALL_CARDS if table.suit_of[tt.parse_card(c).index] == 1}
    assert diamond_cards == set(diamonds)


# -- SH05-SH09: following suit -------------------------------------------------------------------


FOLLOW_DEAL = (
    "QC KC AC 9S 10S QD / AD KD JK AH KH QH / JD 9C 10C JC KS QS / 10D JH 10H 9H JS AS | 9D"
)


def test_SH05_left_bower_is_not_a_diamond() -> None:
    game = contract(1, "bid 6", "H", "9D", deal=FOLLOW_DEAL)
    game.apply("play AD")
    # Seat 2's only diamond-printed card is the J♦, a heart now: void in diamonds, free choice.
    assert legal(game) == {"play JD", "play 9C", "play 10C", "play JC", "play KS", "play QS"}
    game.apply("play KS")
    assert legal(game) == {"play 10D"}  # seat 3 holds a real diamond and must follow


def test_SH06_trump_lead_forces_the_left_bower() -> None:
    game = contract(1, "bid 6", "H", "9D", deal=FOLLOW_DEAL)
    game.apply("play AH")
    assert legal(game) == {"play JD"}


@pytest.mark.parametrize("lead", ["JK", "JD"])
def test_SH07_leading_the_joker_or_left_bower_is_a_trump_lead(lead: str) -> None:
    deal = "QC KC AC 9S 10S QD / JD KD JK AH KH QH / AD 9C 10C JC KS QS / 10D JH 10H 9H JS AS | 9D"
    game = contract(1, "bid 6", "H", "9D", deal=deal)
    game.apply(f"play {lead}")
    assert legal(game) == {f"play {c}" for c in ("AD", "9C", "10C", "JC", "KS", "QS")}  # void
    game.apply("play AD")
    assert legal(game) == {"play JH", "play 10H", "play 9H"}  # seat 3 must follow with trumps


def test_SH08_joker_cannot_be_discarded_on_a_plain_lead_when_able_to_follow() -> None:
    deal = "QC KC AC 9S 10S QD / AD KD 9D AH KH QH / JK 9C 10C JC KS QS / 10D JH 10H 9H JS AS | JD"
    game = contract(1, "bid 6", "H", "JD", deal=deal)
    game.apply("play QH")  # a trump lead: the Joker must follow
    assert legal(game) == {"play JK"}
    game2 = contract(1, "bid 6", "H", "JD", deal=deal)
    game2.apply("play AD")  # diamonds: seat 2 is void, the Joker is allowed
    assert "play JK" in legal(game2)
    deal3 = "QC KC AC 9S 10S QD / AD KD 9D AH KH QH / JK 9C 10C JC KS 10D / QS JH 10H 9H JS AS | JD"
    game3 = contract(1, "bid 6", "H", "JD", deal=deal3)
    game3.apply("play KD")
    assert legal(game3) == {"play 10D"}
    with pytest.raises(tt.IllegalActionError, match="play JK"):
        game3.apply("play JK")


def test_SH09_no_obligation_to_trump_or_overtrump_when_void() -> None:
    deal = "QC KC AC 9S 10S QD / AD KD 9D AH KH QH / JK 9C 10C JC KS QS / 10D JH 10H 9H JS AS | JD"
    game = contract(1, "bid 6", "H", "JD", deal=deal)
    apply_all(game, "play AD")
    assert legal(game) == {f"play {c}" for c in ("JK", "9C", "10C", "JC", "KS", "QS")}
    game.apply("play JK")
    game.apply("play 10D")
    assert legal(game) == {f"play {c}" for c in ("QD",)}
    game.apply("play QD")
    assert spectator(game)["tricks"][0]["winner"] == 2
    # Seat 2 leads a club; seat 3 is void in clubs and holds trumps but may throw a spade.
    game.apply("play 9C")
    assert legal(game) == {f"play {c}" for c in ("JH", "10H", "9H", "JS", "AS")}
    game.apply("play AS")
    assert spectator(game)["trick"]["plays"][-1]["card"] == "AS"


# -- SH10-SH15: the auction ------------------------------------------------------------------------


def test_SH10_a_bid_must_exceed_the_high_bid_within_one_to_six() -> None:
    game = new()
    assert legal(game) == {"pass", *(f"bid {n}" for n in range(1, 7))}
    game.apply("bid 2")
    assert legal(game) == {"pass", "bid 3", "bid 4", "bid 5", "bid 6"}
    for bad in ("bid 2", "bid 1", "bid 7", "bid 0", "bid little-pepper"):
        with pytest.raises(tt.IllegalActionError, match=bad):
            game.apply(bad)
    assert game.to_move == 2


def test_SH11_until_three_passed_a_pass_is_final_and_the_last_bidder_declares() -> None:
    game = new()
    apply_all(game, "bid 1", "pass", "bid 2", "pass")  # seats 1, 2, 3, 0
    assert game.to_move == 1  # seats 2 and 0 have passed for good
    game.apply("bid 3")
    assert game.to_move == 3
    game.apply("pass")
    view = spectator(game)
    assert view["phase"] == "trump"
    assert (view["bidder"], view["contract"]) == (1, "3")
    assert game.to_move == 1
    # A bid of 6 closes the auction at once.
    game = new()
    game.apply("bid 6")
    assert spectator(game)["phase"] == "trump"
    assert spectator(game)["bidder"] == 1
    # The first three pass: the dealer may still bid.
    game = new()
    apply_all(game, "pass", "pass", "pass")
    assert game.to_move == 0
    game.apply("bid 1")
    assert (spectator(game)["bidder"], spectator(game)["phase"]) == (0, "trump")


def test_SH12_single_round_auction_each_seat_speaks_once() -> None:
    game = new(bidding_mode="single_round")
    speakers = []
    for text in ("bid 1", "bid 2", "pass", "pass"):
        speakers.append(game.to_move)
        game.apply(text)
    assert speakers == [1, 2, 3, 0]
    view = spectator(game)
    assert (view["phase"], view["bidder"], view["contract"]) == ("trump", 2, "2")
    assert [call["seat"] for call in view["auction"]] == [1, 2, 3, 0]


@pytest.mark.parametrize("holder", [0, 1, 2, 3])
def test_SH13_all_pass_forces_the_joker_holder_to_bid_three(holder: int) -> None:
    hands = ["JH 9S 9C 10D KC", "AH KH QS JS AD", "JD QH AS KS AC", "10H 9H 10S KD QD"]
    extra = ["QC", "9D", "JC", "10C"]
    seats = [f"{hands[s]} {extra[s]}" for s in range(4)]
    seats[holder] = f"JK {hands[holder]}"
    widow = extra[holder]
    game = new(" / ".join(seats) + f" | {widow}")
    apply_all(game, "pass", "pass", "pass", "pass")
    view = spectator(game)
    assert view["phase"] == "trump"
    assert (view["bidder"], view["contract"], view["forced_bid"]) == (holder, "3", True)
    assert game.to_move == holder
    assert len(game.view(holder).to_dict()["hand"]) == 7  # took the widow
    assert view["misdeals"] == 0


def test_SH14_joker_in_the_widow_and_all_pass_is_a_misdeal() -> None:
    game = new(JOKER_WIDOW)
    apply_all(game, "pass", "pass", "pass", "pass")
    view = spectator(game)
    assert view["phase"] == "auction"
    assert view["dealer"] == 0  # same dealer
    assert view["hand_number"] == 1
    assert view["misdeals"] == 1
    assert game.scores == (0, 0, 0, 0)
    assert game.to_move == 1  # eldest again
    assert view["history"] == []
    record = game.record()
    assert [d["dealer"] for d in record["deals"]] == [0, 0]
    assert record["deals"][1]["deal"] != record["deals"][0]["deal"]  # a fresh shuffle
    assert view["hand_sizes"] == [6, 6, 6, 6]
    assert tt.replay(record) == game


def test_SH15_joker_in_the_widow_after_a_bid_goes_to_the_bidder_or_stays_dead() -> None:
    game = new(JOKER_WIDOW)
    auction(game, bidder=2, bid="bid 2")
    assert "JK" in game.view(2).to_dict()["hand"]
    assert spectator(game)["misdeals"] == 0
    dead = new(JOKER_WIDOW, widow_mode="dead")
    auction(dead, bidder=2, bid="bid 2")
    dead.apply("trump S")
    for seat in range(4):
        assert "JK" not in dead.view(seat).to_dict()["hand"]
    random_playout(dead, random.Random(3), max_actions=24)
    plays = [a["action"] for a in dead.record()["deals"][0]["actions"]]
    assert "play JK" not in plays
    assert sum(1 for p in plays if p.startswith("play")) == 24


# -- SH16-SH19: widow, trump, first lead ----------------------------------------------------------


def test_SH16_widow_exchange_take_name_trump_discard_one() -> None:
    game = new()
    auction(game, bidder=3, bid="bid 2")
    assert spectator(game)["phase"] == "trump"
    assert legal(game) == {"trump C", "trump D", "trump H", "trump S"}
    hand = game.view(3).to_dict()["hand"]
    assert len(hand) == 7 and "10C" in hand
    game.apply("trump D")
    assert spectator(game)["phase"] == "discard"
    assert legal(game) == {f"discard {c}" for c in hand}
    game.apply("discard 10C")
    assert len(game.view(3).to_dict()["hand"]) == 6
    assert spectator(game)["hand_sizes"] == [6, 6, 6, 6]
    random_playout(game, random.Random(2), max_actions=24)
    result = last_result(game)
    assert sum(result["tricks"]) == 6  # the discard counts for nobody


@pytest.mark.parametrize(("bidder", "card"), [(0, "JK"), (0, "JH"), (2, "JD")])
def test_SH17_the_bidder_may_discard_the_joker_or_a_bower(bidder: int, card: str) -> None:
    game = new()
    auction(game, bidder=bidder)
    game.apply("trump H")
    assert f"discard {card}" in legal(game)
    game.apply(f"discard {card}")
    assert game.view(bidder).to_dict()["discard"] == [card]
    assert card not in game.view(bidder).to_dict()["hand"]
    assert spectator(game)["phase"] == "play"


def test_SH18_dead_widow_never_enters_play() -> None:
    game = new(widow_mode="dead")
    auction(game, bidder=0)
    assert len(game.view(0).to_dict()["hand"]) == 6
    game.apply("trump H")
    assert spectator(game)["phase"] == "play"
    assert not spectator(game)["widow_taken"]
    checked_playout(game, random.Random(4), max_actions=24, push_pop_every=8,
                    out_of_play=sh_out_of_play, known=sh_known)  # fmt: skip
    plays = [a["action"] for a in game.record()["deals"][0]["actions"]]
    assert "play 10C" not in plays


def test_SH19_first_lead_bidder_by_default_eldest_with_option() -> None:
    assert contract(bidder=2).to_move == 2
    assert contract(bidder=2, first_lead="eldest").to_move == 1
    assert contract(bidder=0, first_lead="eldest").to_move == 1


# -- errors -------------------------------------------------------------------------------------


def test_illegal_action_names_action_phase_and_legal_and_changes_nothing() -> None:
    game = new()
    game.apply("bid 3")
    before = observe(game)
    with pytest.raises(tt.IllegalActionError) as info:
        game.apply("bid 2")
    message = str(info.value)
    assert "'bid 2'" in message
    assert "auction" in message
    assert "pass, bid 4, bid 5, bid 6" in message
    assert observe(game) == before
    with pytest.raises(tt.IllegalActionError, match="play JH"):
        game.apply("play JH")
    assert observe(game) == before


def test_illegal_play_says_why() -> None:
    game = contract(1, "bid 6", "H", "9D", deal=FOLLOW_DEAL)
    before = observe(game)
    with pytest.raises(tt.IllegalActionError, match="does not hold QC") as info:
        game.apply("play QC")
    assert "play" in str(info.value)
    game.apply("play AH")
    with pytest.raises(tt.IllegalActionError, match="legal now: play JD"):
        game.apply("play 9C")
    game2 = contract(1, "bid 6", "H", "9D", deal=FOLLOW_DEAL)
    assert observe(game2) == before


def test_malformed_text_raises_notation_error_quoting_it() -> None:
    game = new()
    before = observe(game)
    for text in ("bid", "play XX", "jump", "trump Q", ""):
        with pytest.raises(tt.NotationError) as info:
            game.apply(text)
        assert repr(text) in str(info.value) or text == ""
    assert observe(game) == before


def test_a_finished_game_refuses_every_action() -> None:
    game = tt.new_game("hasenpfeffer", seed=4, target_score=1)
    random_playout(game, random.Random(4), max_actions=200)
    assert game.is_over
    with pytest.raises(tt.IllegalActionError, match="over"):
        game.apply("pass")
