"""Tricks (trick.py): the incremental winner, identical cards, face-down leads, obligations."""

from __future__ import annotations

import tricktable as tt
from tricktable.ranking import Ranking
from tricktable.trick import PlayRules, Trick, legal_mask, resolve_winner

EUCHRE = Ranking(tt.DECKS["joker25"].mask, joker_top=True, bowers=True)
PINOCHLE = Ranking(tt.DECKS["pinochle48"].mask, bowers=True)
PIQUET = tt.DECKS["piquet32"].mask


def trick(ranking: Ranking, trump: int, plays: str, leader: int = 0) -> Trick:
    table = ranking.table(trump)
    cards = tt.parse_cards(plays)
    result = Trick(leader)
    for offset, card in enumerate(cards):
        result.add((leader + offset) % 4, card.index, table)
    return result


def test_G03_highest_trump_wins_else_highest_of_led_suit() -> None:
    assert trick(EUCHRE, 2, "AS KS 9H QS").winner == 2
    assert trick(EUCHRE, 2, "KS AS AC QS").winner == 1
    assert trick(EUCHRE, 2, "9C AS AD AC").winner == 3
    assert trick(EUCHRE, 2, "JD JK JH 9H").winner == 1


def test_incremental_winner_after_each_card() -> None:
    table = EUCHRE.table(2)
    t = Trick(3)
    winners = []
    for seat, card in zip((3, 0, 1, 2), tt.parse_cards("KS AS 9H JD"), strict=True):
        t.add(seat, card.index, table)
        winners.append(t.winner)
    assert winners == [3, 0, 1, 2]
    assert t.led_suit == 3
    assert len(t) == 4


def test_DH02_DH03_DH04_identical_cards_the_first_played_wins() -> None:
    assert trick(PINOCHLE, 2, "JH JH AH JD").winner == 0
    assert trick(PINOCHLE, 2, "AS KS AS 9S").winner == 0
    assert trick(PINOCHLE, 2, "KC JD JD QC").winner == 1


def test_copy_and_equality() -> None:
    t = trick(EUCHRE, 2, "AS KS")
    other = t.copy()
    assert other == t
    other.add(2, tt.parse_card("QS").index, EUCHRE.table(2))
    assert len(t) == 2 and other != t
    assert "0:AS" in repr(t)


def test_follow_only_legal_cards() -> None:
    table = EUCHRE.table(2)
    rules = PlayRules()
    led = trick(EUCHRE, 2, "AD")
    hand = tt.CardSet("JD 9C KS").mask
    assert legal_mask(rules, hand, led, table, 0) == hand  # the J♦ is a heart: void
    hand = tt.CardSet("QD JK 9C").mask
    assert legal_mask(rules, hand, led, table, 0) == tt.CardSet("QD").mask
    assert legal_mask(rules, hand, Trick(0), table, 0) == hand  # any lead


def test_loo_strict_head_trump_overtrump_undertrump() -> None:
    ranking = Ranking(PIQUET)
    table = ranking.table(3)
    rules = PlayRules(policy="loo_strict")
    led = trick(ranking, 3, "10H")
    hand = tt.CardSet("9H KH 7S").mask
    assert legal_mask(rules, hand, led, table, 0) == tt.CardSet("KH").mask  # RA19 head
    trumped = trick(ranking, 3, "10H QS")
    assert legal_mask(rules, hand, trumped, table, 0) == tt.CardSet("9H KH").mask  # RA20
    void = tt.CardSet("7S AS 8C").mask
    assert legal_mask(rules, void, led, table, 0) == tt.CardSet("7S AS").mask  # RA21
    assert legal_mask(rules, void, trumped, table, 0) == tt.CardSet("AS").mask  # RA22
    low = tt.CardSet("7S 8C").mask
    assert legal_mask(rules, low, trumped, table, 0) == tt.CardSet("7S").mask  # RA23
    assert legal_mask(rules, tt.CardSet("8C 9D").mask, led, table, 0) == tt.CardSet("8C 9D").mask


def test_forced_trump_lead_and_face_down_lead() -> None:
    ranking = Ranking(PIQUET, seven_diamonds=True)
    table = ranking.table(3)
    rules = PlayRules(policy="loo_strict", trump_leads=frozenset({0}), blind_lead=True)
    hand = tt.CardSet("AS 9H").mask
    assert legal_mask(rules, hand, Trick(0), table, 0) == tt.CardSet("AS").mask
    assert legal_mask(rules, hand, Trick(0), table, 1) == hand
    blind = Trick(0)
    blind.add(0, tt.parse_card("AH").index, table, face_down=True)
    blind.add(1, tt.parse_card("KH").index, table)
    assert blind.led_suit == 3
    assert resolve_winner(rules, blind, table) == 0  # nobody trumped: the leader
    assert resolve_winner(PlayRules(blind_unanswered="trick_void"), blind, table) is None
    blind.add(2, tt.parse_card("7S").index, table)
    assert resolve_winner(rules, blind, table) == 2


def test_rule_codes_are_the_places_of_the_choices() -> None:
    """The kernels' integer codes come from here: one per choice, in the enums' order."""
    from tricktable import trick as T

    assert T.POLICIES[T.LOO_STRICT_CODE] is T.Policy.LOO_STRICT
    assert T.POLICIES[T.FOLLOW_ONLY_CODE] is T.Policy.FOLLOW_ONLY
    assert T.HEADINGS[T.BEAT_LED_CARD_CODE] is T.Heading.BEAT_LED_CARD
    assert T.HEADINGS[T.ALWAYS_HEAD_CODE] is T.Heading.ALWAYS_HEAD_LED_SUIT
    assert T.HEADINGS[T.WIN_IF_POSSIBLE_CODE] is T.Heading.WIN_IF_POSSIBLE
    assert T.UNANSWERED[T.TRICK_VOID_CODE] is T.BlindUnanswered.TRICK_VOID
    assert T.UNANSWERED[T.REVEAL_CODE] is T.BlindUnanswered.REVEAL_AND_FOLLOW
    assert T.UNANSWERED[T.LEADER_WINS_CODE] is T.BlindUnanswered.LEADER_WINS
    rules = PlayRules("loo_strict", "beat_led_card", frozenset({0, 2}), True, "trick_void")
    assert rules.codes() == (T.LOO_STRICT_CODE, T.BEAT_LED_CARD_CODE, 1, T.TRICK_VOID_CODE, 0b101)
    assert PlayRules().codes() == (T.FOLLOW_ONLY_CODE, T.WIN_IF_POSSIBLE_CODE, 0, 0, 0)


def test_RA19_RA22_the_integer_obligations_on_plain_tables() -> None:
    """The functions the kernels compile, called on a trump table's tuples and the codes."""
    from tricktable import trick as T

    ranking = Ranking(PIQUET)
    table = ranking.table(3)

    def card(text: str) -> int:
        return tt.parse_card(text).index

    def follow(hand: str, led: int, best: int, target: int) -> int:
        return T.follower_cards(tt.CardSet(hand).mask, led, best, target, T.LOO_STRICT_CODE, 3,
                                table.suit_mask, table.suit_of, table.above)  # fmt: skip

    ten, queen, suits = card("10H"), card("QS"), table.suit_of
    assert follow("9H KH 7S", 2, ten, ten) == tt.CardSet("KH").mask  # RA19 head
    assert follow("7S AS 8C", 2, queen, -1) == tt.CardSet("AS").mask  # RA22 overtrump
    assert T.heading_target(T.BEAT_LED_CARD_CODE, 2, queen, ten, False, -1, suits) == ten
    assert T.heading_target(T.BEAT_LED_CARD_CODE, 2, -1, ten, True, -1, suits) == -1
    assert T.heading_target(T.WIN_IF_POSSIBLE_CODE, 2, queen, ten, False, ten, suits) == -1
    assert T.leader_cards(tt.CardSet("AS 9H").mask, True, table.trump_mask) == tt.CardSet("AS").mask
    assert T.leader_cards(tt.CardSet("9H").mask, True, table.trump_mask) == tt.CardSet("9H").mask
