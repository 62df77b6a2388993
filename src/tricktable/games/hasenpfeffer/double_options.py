"""Double Hasenpfeffer's options and their checks: two to six players (four or six in
partnerships), the 48-card pinochle pack (45 cards for five), the auction's bids, lone hands
and the lone player's exchange, and individual scoring (rules.md §5)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from ...cards import parse_card, pinochle45
from ...errors import NotationError, RulesError
from ...options import Option, OptionValue
from .auction_flow import (
    DEFENDERS_SCORE_TRICKS,
    FIRST_LEAD,
    LONE_CONTRACT,
    LONE_LEAD,
    SET_PENALTY,
    TARGET_SCORE,
    TIEBREAK,
    LoneLead,
)
from .double_lone import SixHandTransfer
from .double_scoring import FORCED_DEALER_HALF_PENALTY, LONE_OPPONENT_TRICK_VALUE

__all__ = [
    "BIDDING_MODE", "BOWERS", "DEAL_PACKET", "FIVE_PLAYER_REMOVED", "INDIVIDUAL",
    "INDIVIDUAL_SCORING", "LONE_CARDS_EXCHANGED", "LONE_HAND", "LONE_REQUIRES_MAX_BID", "MIN_BID",
    "OPTIONS", "PLAYERS", "SIX_HAND_TRANSFER", "BiddingMode", "IndividualScoring", "check",
    "tricks_per_hand",
]  # fmt: skip

PACK = 48
FIVE_PLAYER_PACK = 45
NINE = 9


class BiddingMode(StrEnum):
    SINGLE_ROUND = "single_round"
    UNTIL_ALL_BUT_ONE_PASSED = "until_all_but_one_passed"


class IndividualScoring(StrEnum):
    OTHERS_BY_TRICKS = "others_by_tricks"
    BIDDER_ONLY = "bidder_only"


PLAYERS = Option(
    "players", "int", 4,
    "Players: 4 or 6 in two partnerships, or 2-6 each playing for himself.",
    low=2, high=6,
)  # fmt: skip
INDIVIDUAL = Option("individual", "bool", False, "Every player plays for himself (no lone hands).")
BOWERS = Option(
    "bowers", "bool", True,
    "Euchre ranking: both jacks of trump, then both jacks of its colour, top the trumps. "
    "Without bowers every suit ranks A K Q J 10 9.",
)  # fmt: skip
MIN_BID = Option(
    "min_bid", "int", 6, "The lowest bid; the dealer must play it when all pass.", low=1, high=24
)
BIDDING_MODE = Option(
    "bidding_mode", "choice", BiddingMode.SINGLE_ROUND,
    "One chance each to bid (dealer last), or round and round until all but one have passed "
    "(a pass is final).",
)  # fmt: skip
LONE_HAND = Option(
    "lone_hand", "bool", True,
    "The bidder may play alone with his partners' help (partnerships only).",
)  # fmt: skip
LONE_REQUIRES_MAX_BID = Option(
    "lone_requires_max_bid", "bool", False, "Only a bid of all N tricks may be played alone."
)
LONE_CARDS_EXCHANGED = Option(
    "lone_cards_exchanged", "int", 2,
    "Cards the lone player discards and receives from his partners.", low=0, high=4,
)  # fmt: skip
SIX_HAND_TRANSFER = Option(
    "six_hand_transfer", "choice", SixHandTransfer.EACH_PARTNER_ONE,
    "With six players: each partner gives one card in turn clockwise from the lone player; or "
    "the lone player names one partner, who gives them all ('partner N'); or the partners give "
    "between them, each turn a card or a pass.",
)  # fmt: skip
DEAL_PACKET = Option(
    "deal_packet", "int", 4, "Cards per packet of the deal (the last may be smaller).",
    low=1, high=24,
)  # fmt: skip
FIVE_PLAYER_REMOVED: Option[tuple[str, ...]] = Option(
    "five_player_removed", "cards", ("9C", "9D", "9H"),
    "The three 9s taken out of the pack for five players.",
)  # fmt: skip
INDIVIDUAL_SCORING = Option(
    "individual_scoring", "choice", IndividualScoring.OTHERS_BY_TRICKS,
    "Individual play: every player but the bidder scores 1 per trick, or only the bidder "
    "scores.",
)  # fmt: skip

_LONE_LEAD = LONE_LEAD.with_default(
    LoneLead.LEFT_OF_LONE,
    "Who leads a lone hand: the player on the lone player's left, or the lone player.",
)

OPTIONS = (
    PLAYERS, INDIVIDUAL, BOWERS, MIN_BID, BIDDING_MODE, FORCED_DEALER_HALF_PENALTY, LONE_HAND,
    LONE_CONTRACT, LONE_REQUIRES_MAX_BID, LONE_CARDS_EXCHANGED, SIX_HAND_TRANSFER,
    LONE_OPPONENT_TRICK_VALUE, FIRST_LEAD, _LONE_LEAD, DEAL_PACKET, FIVE_PLAYER_REMOVED,
    SET_PENALTY, DEFENDERS_SCORE_TRICKS, INDIVIDUAL_SCORING, TARGET_SCORE.with_default(62),
    TIEBREAK,
)  # fmt: skip


def tricks_per_hand(players: int) -> int:
    """N: the cards each player holds, which is also the number of tricks of a hand."""
    return (FIVE_PLAYER_PACK if players == 5 else PACK) // players


def check(options: Mapping[str, OptionValue]) -> None:
    """The checks across options (partnerships of 4 or 6, a bid within the hand, three 9s)."""
    players = PLAYERS.of(options)
    if not INDIVIDUAL.of(options) and players not in (4, 6):
        raise RulesError(
            "players={players} cannot play in two partnerships; use 4 or 6, or individual=true "
            "for 2-6 players each for himself",
            players=players,
        )
    tricks = tricks_per_hand(players)
    if MIN_BID.of(options) > tricks:
        raise RulesError(
            "min_bid={bid} is more than the {tricks} tricks of a hand with {players} players; "
            "use 1..{tricks}",
            bid=MIN_BID.of(options),
            tricks=tricks,
            players=players,
        )
    _check_removed(FIVE_PLAYER_REMOVED.of(options))


def _check_removed(removed: tuple[str, ...]) -> None:
    """The five-player pack leaves out three 9s (the same one at most twice)."""
    if len(removed) != 3 or any(parse_card(str(c)).rank != NINE for c in removed):
        raise RulesError(
            "five_player_removed={cards} must name three 9s, e.g. 9C+9D+9H",
            cards="+".join(str(c) for c in removed),
        )
    try:
        pinochle45(parse_card(str(c)) for c in removed)
    except NotationError as exc:
        raise RulesError("five_player_removed: {problem}", problem=exc) from None
