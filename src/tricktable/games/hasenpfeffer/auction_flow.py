"""What Single and Double Hasenpfeffer share: an auction for tricks, a contract played by the
high bidder's side (or alone), set penalties, the lead and the game's end (rules.md §4, §5).

:class:`AuctionFlow` is the base of both flows, as :class:`~tricktable.games.rams.rams.RamsFlow` is
of the Rams family's; the options both games have are declared here once, each game taking
them with its own default where it differs (:meth:`~tricktable.options.Option.with_default`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Final

from ...actions import Action, Kind
from ...flow import Contract, Flow
from ...flow_game import FlowGame
from ...options import Option, Rules
from .auction import Auction, TeamLedger
from .section import HasenpfefferSection, auction_of
from .verbs import ALONE, GIVE, NOT_ALONE

if TYPE_CHECKING:
    from ...view import View

__all__ = [
    "DEFENDERS_SCORE_TRICKS",
    "FIRST_LEAD",
    "LONE_CONTRACT",
    "LONE_LEAD",
    "SET_PENALTY",
    "TARGET_SCORE",
    "TIEBREAK",
    "AuctionFlow",
    "ContractState",
    "FirstLead",
    "LoneContract",
    "LoneLead",
    "SetPenalty",
    "Tiebreak",
    "set_penalty",
    "winning_seats",
    "winning_side",
]

FIXED_PENALTY = 6


class SetPenalty(StrEnum):
    BID = "bid"
    TRICKS_TAKEN = "tricks_taken"
    SHORTFALL = "shortfall"
    FIXED6 = "fixed6"


class Tiebreak(StrEnum):
    BIDDING_TEAM = "bidding_team"
    HIGHER_SCORE_THEN_BIDDERS = "higher_score_then_bidders"


class FirstLead(StrEnum):
    BIDDER = "bidder"
    ELDEST = "eldest"


class LoneLead(StrEnum):
    LEFT_OF_LONE = "left_of_lone"
    LONE_PLAYER = "lone_player"


class LoneContract(StrEnum):
    ALL_TRICKS = "all_tricks"
    BID_DOUBLED = "bid_doubled"


# Enum members read once: in Python 3.11 each ``SetPenalty.X`` goes through EnumType's
# attribute hook, slow for code run every hand.
_BID = Kind.BID
_BID_PENALTY, _TAKEN_PENALTY, _SHORTFALL_PENALTY = (
    SetPenalty.BID, SetPenalty.TRICKS_TAKEN, SetPenalty.SHORTFALL)  # fmt: skip

SET_PENALTY = Option(
    "set_penalty", "choice", SetPenalty.BID,
    "What a set costs the bidders: the bid, the tricks they took, the tricks they were short, "
    "or 6.",
)  # fmt: skip
DEFENDERS_SCORE_TRICKS = Option(
    "defenders_score_tricks", "bool", True, "The bidders' opponents score their tricks."
)
TARGET_SCORE = Option("target_score", "int", 10, "Points that win the game.", low=1, high=10**6)
TIEBREAK = Option(
    "tiebreak", "choice", Tiebreak.BIDDING_TEAM,
    "Several reach the target on one hand: the bidding side wins, or the higher score (the "
    "bidders on equal scores).",
)  # fmt: skip
FIRST_LEAD = Option(
    "first_lead", "choice", FirstLead.BIDDER, "Who leads the first trick without a lone hand."
)
LONE_CONTRACT = Option(
    "lone_contract", "choice", LoneContract.ALL_TRICKS,
    "A lone hand contracts for all N tricks (+2N / -N), or plays the bid at double stakes.",
)  # fmt: skip
LONE_LEAD = Option(
    "lone_lead", "choice", LoneLead.LEFT_OF_LONE,
    "Who leads a lone hand: the player on the lone player's left (the lone defender if one "
    "went alone against him), or the lone player.",
)  # fmt: skip


def set_penalty(rule: SetPenalty, bid: int, taken: int) -> int:
    """What a set costs before any halving or doubling."""
    if rule is _BID_PENALTY:
        return bid
    if rule is _TAKEN_PENALTY:
        return taken
    if rule is _SHORTFALL_PENALTY:
        return bid - taken
    return FIXED_PENALTY


def winning_side(points: Sequence[int], target: int, bidders: int, tiebreak: Tiebreak) -> int:
    """The side that wins once at least one side has reached ``target``."""
    reached = [side for side, score in enumerate(points) if score >= target]
    if len(reached) == 1:
        return reached[0]
    if tiebreak is Tiebreak.HIGHER_SCORE_THEN_BIDDERS and points[0] != points[1]:
        return 0 if points[0] > points[1] else 1
    return bidders


def winning_seats(
    points: Sequence[int], target: int, bidder: int, tiebreak: Tiebreak
) -> tuple[int, ...]:
    """Individual play: the winners among the players at or above ``target``.

    The bidder wins if he is among them (with ``higher_score_then_bidders`` only if nobody
    there has more); otherwise the highest score wins, shared on equal scores.
    """
    reached = [seat for seat, score in enumerate(points) if score >= target]
    best = max(points[seat] for seat in reached)
    top = tuple(seat for seat in reached if points[seat] == best)
    if bidder not in reached:
        return top
    if tiebreak is Tiebreak.BIDDING_TEAM or bidder in top:
        return (bidder,)
    return top


@dataclass(slots=True)
class ContractState:
    """What every Hasenpfeffer hand knows once its auction has begun."""

    auction: Auction
    bidder: int | None = None
    contract: int = 0
    """The tricks the bidders undertook (a pepper bid counts as all six)."""
    forced: bool = False
    lone: int | None = None
    lone_defender: int | None = None


PEPPER_BIDS: Final = ("little-pepper", "big-pepper")
"""The pepper bids (every trick; big pepper at doubled stakes), numbered in this order by the
action encoding and the batch kernels, whether or not the rules allow them."""


class AuctionFlow(Flow):
    """An auction for tricks, the high bidder's contract and trick play for it.

    Subclasses say what a bid is worth (:meth:`bid_level`), what happens when all pass
    (:meth:`all_passed`) and when a contract is made (:meth:`set_contract`), and how a hand
    scores; the auction, the lead, the game end and the winners are here.
    """

    CALLS: tuple[Kind, ...] = (Kind.PASS, ALONE, NOT_ALONE)
    ONE_CARD_KINDS: tuple[Kind, ...] = (Kind.DISCARD, GIVE)
    NAMED_BIDS: tuple[str, ...] = PEPPER_BIDS
    individual = False

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.target = rules.value(TARGET_SCORE)
        self.tiebreak = rules.value(TIEBREAK)
        self.first_lead = rules.value(FIRST_LEAD)
        self.lone_lead = rules.value(LONE_LEAD)
        self.bidder_leads = self.first_lead is FirstLead.BIDDER
        self.lone_player_leads = self.lone_lead is LoneLead.LONE_PLAYER
        self.penalty_rule = rules.value(SET_PENALTY)
        self.defenders_score = rules.value(DEFENDERS_SCORE_TRICKS)
        self.lone_all_tricks = rules.value(LONE_CONTRACT) is LoneContract.ALL_TRICKS

    def contract(self, game: FlowGame) -> Contract | None:
        state: ContractState = game.state
        if state.bidder is None:
            return None
        call = self.contract_call(state)
        lone_for_all = state.lone is not None and self.lone_all_tricks
        every = lone_for_all or not call.isdigit()
        tricks = self.tricks_in_hand() if lone_for_all else state.contract
        return Contract(state.bidder, tricks, call, state.lone, every)

    def trump_maker(self, view: View) -> int | None:
        auction = auction_of(view)
        return None if auction is None else auction.bidder

    def lone_seats(self, view: View) -> tuple[int, ...]:
        auction = auction_of(view)
        if auction is None:
            return ()
        lone = [auction.alone]
        if isinstance(auction, HasenpfefferSection):
            lone.append(auction.lone_defender)
        return tuple(seat for seat in lone if seat is not None)

    def tricks_in_hand(self) -> int:
        """The tricks of a hand (every seat is dealt as many cards)."""
        return max(self.hand_sizes(0))

    def contract_call(self, state: ContractState) -> str:
        """The contract as the game names it (the number of tricks bid)."""
        return str(state.contract)

    def target_score(self) -> int:
        return self.target

    def new_ledger(self) -> TeamLedger:
        side_of = tuple(self.side_of(seat) for seat in range(self.players))
        return TeamLedger(side_of, len(self.sides()))

    # -- the auction ---------------------------------------------------------------------------

    def on_call(self, game: FlowGame, seat: int, action: Action) -> None:
        """A pass or a bid in the auction; the next to speak, or the contract."""
        auction: Auction = game.state.auction
        if action.kind is _BID:
            auction.call_bid(seat, self.bid_level(action), action.value)
        else:
            auction.call_pass(seat)
        if auction.to_speak is not None:
            game.move_to(auction.to_speak)
        elif auction.high_seat is None:
            self.all_passed(game)
        else:
            self.set_contract(game, auction.high_seat, auction.high_value, forced=False)

    @abstractmethod
    def bid_level(self, action: Action) -> int:
        """Where a bid stands on the ladder (a higher level overcalls)."""

    @abstractmethod
    def all_passed(self, game: FlowGame) -> None:
        """Everybody passed: a forced contract, or a misdeal."""

    @abstractmethod
    def set_contract(self, game: FlowGame, bidder: int, value: str, forced: bool) -> None:
        """``bidder`` plays a contract of ``value`` (a bid's value)."""

    # -- the play ------------------------------------------------------------------------------

    def leader(self, game: FlowGame, state: ContractState) -> int:
        """Who leads the first trick (``first_lead``, ``lone_lead``)."""
        if state.lone is not None:
            if self.lone_player_leads:
                return state.lone
            if state.lone_defender is not None:
                return state.lone_defender
            return game.next_active(state.lone)
        if self.bidder_leads:
            assert state.bidder is not None
            return state.bidder
        return (game.dealer + 1) % self.players

    # -- scoring and the game's end ------------------------------------------------------------

    def penalty(self, bid: int, taken: int) -> int:
        """What a set costs (``set_penalty``), before any halving or doubling."""
        return set_penalty(self.penalty_rule, bid, taken)

    def is_over(self, game: FlowGame) -> bool:
        ledger = game.ledger
        assert isinstance(ledger, TeamLedger)
        return max(ledger.points) >= self.target

    def winners(self, game: FlowGame) -> tuple[int, ...]:
        ledger = game.ledger
        assert isinstance(ledger, TeamLedger)
        bidder = int(game.results[-1].details["bidder"])
        if self.individual:
            return winning_seats(ledger.points, self.target, bidder, self.tiebreak)
        side = winning_side(ledger.points, self.target, self.side_of(bidder), self.tiebreak)
        return self.sides()[side]
