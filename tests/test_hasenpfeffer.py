"""Single Hasenpfeffer (rules.md §4 with the decisions of §0.5): every SH and G situation of §10.

Positions are set up with deal text and driven through ``game.apply``; trick counts that a test
needs are reached by :func:`play_taking`, a depth-first search over legal plays (push/pop) for
any line of play in which the bidding side takes exactly the wanted number of tricks.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktable as tt
from support import (
    cards_in,
    checked_playout,
    observe,
    random_playout,
    sh_known,
    sh_out_of_play,
)

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
ALL_CARDS = [str(card) for card in tt.DECKS["euchre25"].cards]


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
        if side_tricks(twin.view(None)["last_result"]["tricks"], side) == target:
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
    deck = tt.DECKS["euchre25"]
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
    assert game.view(0)["discard"] == ["JK"]
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
    assert game.view(bidder)["discard"] == [card]
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
