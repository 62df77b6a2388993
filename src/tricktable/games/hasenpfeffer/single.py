"""Single Hasenpfeffer: Euchre with a Joker, an auction for tricks and a one-card widow.

Four players in two partnerships (seats 0 & 2 against 1 & 3) play with 25 cards: A K Q J 10 9
of each suit and the Joker, which is always the highest trump; then the right bower (jack of
trump) and the left bower (the other jack of its colour). Six cards each, dealt 3+3 from the
dealer's left; the 25th card is the widow.

Defaults (rules.md §4 with the decisions of §0.5):

* auction from eldest until three have passed, bids 1-6 (a pass is final; 6 closes it);
* all pass: the Joker's holder must bid 3, unless the Joker is the widow card — then a misdeal,
  a fresh shuffle by the same dealer;
* the high bidder takes the widow, names trump and discards one card face down;
* the high bidder leads; follow the led effective suit if able (the left bower and the Joker
  are trumps), otherwise play anything;
* made: +1 per trick taken; set: minus the bid; the defenders always score 1 per trick;
* first side to 10 wins; if both reach it on the same hand, the bidding side wins.

Options: the one-round auction, little/big pepper bids, a dead widow, eldest's lead, four set
penalties, defenders' scoring, target and tie-break, going alone (for the maker, or for the maker
and then one defender) with two lone-hand contracts and two lone leads, deal packets, no-trump.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from ...actions import PASS, Action, Kind, card_actions
from ...cards import DECKS, JOKER_INDEX
from ...deal import WIDOW, owners_of
from ...errors import RulesError
from ...flow import HandResult
from ...flow_game import FlowGame
from ...i18n import N_
from ...options import GameDef, Option, OptionValue, Rules
from ...phase import Phase
from ...ranking import Ranking
from . import heuristic
from .auction import Auction, TeamLedger
from .auction_flow import (
    DEFENDERS_SCORE_TRICKS,
    FIRST_LEAD,
    LONE_CONTRACT,
    LONE_LEAD,
    SET_PENALTY,
    TARGET_SCORE,
    TIEBREAK,
    AuctionFlow,
    ContractState,
    FirstLead,
    LoneContract,
    LoneLead,
    Tiebreak,
)
from .batch import single_part
from .section import HasenpfefferSection, discarding_section, encoding_fields, public_section
from .single_hidden import SingleHidden
from .table_words import single_words
from .terminal import terminal_lines
from .verbs import ALONE, ALONE_CALL, NOT_ALONE, NOT_ALONE_CALL

__all__ = ["GAME", "SingleHasenpfefferFlow"]

PEPPER_LEVELS = {"little-pepper": 6, "big-pepper": 7}
# The pepper contracts as players say them (a bid's value with spaces), for the catalogs.
PEPPER_WORDS = (N_("little pepper"), N_("big pepper"))
TRICKS = 6


class BiddingMode(StrEnum):
    UNTIL_THREE_PASSED = "until_three_passed"
    SINGLE_ROUND = "single_round"


class WidowMode(StrEnum):
    BIDDER_EXCHANGE = "bidder_exchange"
    DEAD = "dead"


class GoingAlone(StrEnum):
    OFF = "off"
    MAKER = "maker"
    MAKER_AND_DEFENDER = "maker_and_defender"


BIDDING_MODE = Option(
    "bidding_mode", "choice", BiddingMode.UNTIL_THREE_PASSED,
    "How long the auction runs: until three players have passed (a pass is final), or one turn "
    "each.",
)  # fmt: skip
MIN_BID = Option("min_bid", "int", 1, "The lowest bid.", low=1, high=6)
MAX_BID = Option("max_bid", "int", 6, "The highest numeric bid.", low=1, high=6)
WIDOW_MODE = Option(
    "widow_mode", "choice", WidowMode.BIDDER_EXCHANGE,
    "The widow: the high bidder takes it and discards one card, or it stays dead.",
)  # fmt: skip
PEPPER_BIDDING = Option(
    "pepper_bidding", "bool", False,
    "Bids 1-5, little pepper (6) and big pepper (6 at doubled stakes).",
)  # fmt: skip
BIG_PEPPER_MULTIPLIER = Option(
    "big_pepper_multiplier", "int", 2, "The stake multiplier of big pepper.", low=1, high=10
)
DOUBLE_DEFENDER_TRICKS_IN_BIG_PEPPER = Option(
    "double_defender_tricks_in_big_pepper", "bool", False,
    "Against big pepper the defenders score 2 per trick.",
)  # fmt: skip
GOING_ALONE = Option(
    "going_alone", "choice", GoingAlone.OFF,
    "Going alone: not allowed, for the maker, or for the maker and then one defender.",
)  # fmt: skip
DEAL_PACKETS: Option[tuple[int, ...]] = Option(
    "deal_packets", "ints", (3, 3), "Packet sizes of the deal (they add up to 6).", low=1, high=6
)
ALLOW_NO_TRUMP = Option(
    "allow_no_trump", "bool", False,
    "The maker may name no trump ('trump NT'); the Joker then wins any trick it is played to, "
    "and may be played only when its holder cannot follow.",
)  # fmt: skip

# the Hasenpfeffers' shared options, described as they read in this game
_FIRST_LEAD = FIRST_LEAD.with_default(
    FirstLead.BIDDER, "Who leads the first trick (without lone hands)."
)
_DEFENDERS_SCORE_TRICKS = DEFENDERS_SCORE_TRICKS.with_default(
    True, "The defenders score 1 point per trick."
)
_TIEBREAK = TIEBREAK.with_default(
    Tiebreak.BIDDING_TEAM,
    "Both sides reach the target on one hand: the bidding side wins, or the higher score (the "
    "bidders on equal scores).",
)
_LONE_CONTRACT = LONE_CONTRACT.with_default(
    LoneContract.ALL_TRICKS,
    "A lone maker contracts for all six tricks (+12 / -6), or plays the bid at double stakes.",
)
_LONE_LEAD = LONE_LEAD.with_default(
    LoneLead.LEFT_OF_LONE,
    "Who leads a lone hand: the player on the lone player's left (the lone defender if both "
    "went alone), or the lone maker.",
)

OPTIONS = (
    BIDDING_MODE, MIN_BID, MAX_BID, WIDOW_MODE, _FIRST_LEAD, SET_PENALTY, _DEFENDERS_SCORE_TRICKS,
    TARGET_SCORE, _TIEBREAK, PEPPER_BIDDING, BIG_PEPPER_MULTIPLIER,
    DOUBLE_DEFENDER_TRICKS_IN_BIG_PEPPER, GOING_ALONE, _LONE_CONTRACT, _LONE_LEAD, DEAL_PACKETS,
    ALLOW_NO_TRUMP,
)  # fmt: skip


def _check(options: Mapping[str, OptionValue]) -> None:
    low, high = MIN_BID.of(options), MAX_BID.of(options)
    if low > high:
        raise RulesError("min_bid={low} is above max_bid={high}", low=low, high=high)
    packets = DEAL_PACKETS.of(options)
    if sum(packets) != TRICKS:
        text = "+".join(str(p) for p in packets)
        raise RulesError(
            "deal_packets={text} deals {dealt} cards; {needed} are needed",
            text=text,
            dealt=sum(packets),
            needed=TRICKS,
        )


@dataclass(slots=True)
class HandState(ContractState):
    """Single Hasenpfeffer's state of one hand."""

    contract_text: str = ""
    big_pepper: bool = False
    discard: int = 0
    to_ask: list[int] = field(default_factory=list)
    misdeals: int = 0

    def copy(self) -> HandState:
        return HandState(self.auction.copy(), self.bidder, self.contract, self.forced,
                         self.lone, self.lone_defender, self.contract_text, self.big_pepper,
                         self.discard, self.to_ask[:], self.misdeals)  # fmt: skip


class SingleHasenpfefferFlow(AuctionFlow):
    VIEW_SECTION = HasenpfefferSection
    HIDDEN = SingleHidden()
    ACTION_KINDS = frozenset({Kind.PASS, Kind.BID, Kind.TRUMP, Kind.DISCARD, ALONE, NOT_ALONE,
                              Kind.PLAY})  # fmt: skip
    players = 4
    has_widow = True
    widow_size = 1

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.deck = DECKS["joker25"]
        self.ranking = Ranking(self.deck.mask, joker_top=True, bowers=True)
        self.pepper = rules.value(PEPPER_BIDDING)
        self.exchange = rules.value(WIDOW_MODE) is WidowMode.BIDDER_EXCHANGE
        self.going_alone = rules.value(GOING_ALONE)
        self.alone_allowed = self.going_alone is not GoingAlone.OFF
        self.top_level = 7 if self.pepper else rules.value(MAX_BID)
        self.single_round = rules.value(BIDDING_MODE) is BiddingMode.SINGLE_ROUND
        self.big_pepper_stake = rules.value(BIG_PEPPER_MULTIPLIER)
        self.big_pepper_defenders = rules.value(DOUBLE_DEFENDER_TRICKS_IN_BIG_PEPPER)
        packets = rules.value(DEAL_PACKETS)
        self.owners = [
            owners_of([(seat, size) for size in packets for seat in _clockwise_from(dealer + 1)]
                      + [(WIDOW, 1)])
            for dealer in range(4)
        ]  # fmt: skip
        self.calls_after = [(PASS, *self._bids_above(level)) for level in range(8)]
        self.levels = {str(n): n for n in range(1, 7)} | PEPPER_LEVELS
        suits: list[int | None] = [0, 1, 2, 3]
        if rules.value(ALLOW_NO_TRUMP):
            suits.append(None)
        self.trump_actions = tuple(Action.name_trump(s) for s in suits)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def side_of(self, seat: int) -> int:
        return seat % 2

    # -- dealing -------------------------------------------------------------------------------

    def hand_sizes(self, dealer: int) -> tuple[int, ...]:
        return (TRICKS,) * 4

    def dealt_to(self, game: FlowGame | None, dealer: int) -> tuple[int, ...]:
        return self.owners[dealer]

    def new_ledger(self) -> TeamLedger:
        return TeamLedger((0, 1, 0, 1), 2)

    def start_hand(self, game: FlowGame) -> None:
        eldest = (game.dealer + 1) % 4
        state = HandState(Auction(4, eldest, self.single_round, self.top_level))
        game.begin_hand(state, _AUCTION, eldest)

    # -- decisions -----------------------------------------------------------------------------

    def legal_actions(self, game: FlowGame) -> tuple[Action, ...]:
        phase = game.phase
        if phase is _AUCTION:
            state: HandState = game.state
            return self.calls_after[state.auction.high_level]
        if phase is _TRUMP:
            return self.trump_actions
        if phase is _DISCARD:
            return card_actions(_DISCARD_KIND, game.hands[game.to_move])  # type: ignore[index]
        return _ALONE_OR_NOT

    def _bids_above(self, level: int) -> list[Action]:
        low = max(self.rules.value(MIN_BID), level + 1)
        high = self.rules.value(MAX_BID)
        if self.pepper:
            high = min(high, 5)
        bids = [Action.bid(n) for n in range(low, high + 1)]
        if self.pepper:
            bids += [Action.bid(word) for word, lvl in PEPPER_LEVELS.items() if lvl > level]
        return bids

    def apply(self, game: FlowGame, seat: int, action: Action) -> None:
        _HANDLERS[action.kind](self, game, seat, action)

    def on_call(self, game: FlowGame, seat: int, action: Action) -> None:
        """:meth:`AuctionFlow.on_call` with the bid's level read in line (a call less a bid)."""
        auction: Auction = game.state.auction
        if action.kind is _BID_KIND:
            value = action.value
            auction.call_bid(seat, self.levels[value], value)
        else:
            auction.call_pass(seat)
        to_speak = auction.to_speak
        if to_speak is not None:
            game.move_to(to_speak)
        elif auction.high_seat is None:
            self.all_passed(game)
        else:
            self.set_contract(game, auction.high_seat, auction.high_value, forced=False)

    def bid_level(self, action: Action) -> int:
        return self.levels[action.value]

    def all_passed(self, game: FlowGame) -> None:
        if game.widow and game.widow >> JOKER_INDEX & 1:
            misdeals, hand = game.state.misdeals + 1, game.hand_number
            game.redeal()
            if game.hand_number == hand:  # the same hand dealt again (in a session: a new one)
                game.state.misdeals = misdeals
            return
        holder = next(s for s in range(4) if game.hands[s] >> JOKER_INDEX & 1)
        self.set_contract(game, holder, "3", forced=True)

    def contract_call(self, state: ContractState) -> str:
        return state.contract_text if isinstance(state, HandState) else str(state.contract)

    def set_contract(self, game: FlowGame, bidder: int, value: str, forced: bool) -> None:
        state: HandState = game.state
        state.bidder, state.forced, state.contract_text = bidder, forced, value
        state.contract = TRICKS if value in PEPPER_LEVELS else self.levels[value]
        state.big_pepper = value == "big-pepper"
        if self.exchange:
            game.set_hand(bidder, game.hands[bidder] | (game.widow or 0))
        game.move_to(bidder, _TRUMP)

    def _on_trump(self, game: FlowGame, seat: int, action: Action) -> None:
        game.set_trump(_SUIT_OF_TRUMP[action.value])
        if self.exchange:
            game.move_to(seat, _DISCARD)
        else:
            self._after_discard(game)

    def _on_discard(self, game: FlowGame, seat: int, action: Action) -> None:
        card = 1 << action.cards[0]
        game.set_hand(seat, game.hands[seat] & ~card)
        game.state.discard = card
        self._after_discard(game)

    def _after_discard(self, game: FlowGame) -> None:
        if not self.alone_allowed:
            self._start_play(game)
        else:
            game.move_to(game.state.bidder, Phase.ALONE)

    def _on_alone(self, game: FlowGame, seat: int, action: Action) -> None:
        state: HandState = game.state
        wants = action.kind is ALONE
        if seat == state.bidder:
            if wants:
                state.lone = seat
                if self.going_alone is GoingAlone.MAKER_AND_DEFENDER:
                    state.to_ask = [(seat + 1) % 4, (seat + 3) % 4]
        elif wants:
            state.lone_defender = seat
            state.to_ask = []
        else:
            state.to_ask.pop(0)
        if state.to_ask and state.lone_defender is None:
            game.move_to(state.to_ask[0])
        else:
            self._start_play(game)

    def _start_play(self, game: FlowGame) -> None:
        state: HandState = game.state
        if state.lone is not None:  # the lone players' partners sit the hand out
            out = [(s + 2) % 4 for s in (state.lone, state.lone_defender) if s is not None]
            game.set_active(s for s in range(4) if s not in out)
        game.start_play(self.leader(game, state), TRICKS)

    # -- scoring -------------------------------------------------------------------------------

    def score_hand(self, game: FlowGame) -> HandResult:
        state: HandState = game.state
        bidder = state.bidder
        assert bidder is not None
        side = bidder % 2
        won = game.tricks_won
        taken = won[side] + won[side + 2]
        made, bidders, defenders = self._hand_points(state, taken)
        ledger = game.ledger
        assert isinstance(ledger, TeamLedger)
        points = ledger.points
        points[side] += bidders
        points[1 - side] += defenders
        deltas = (bidders, defenders) if side == 0 else (defenders, bidders)
        outcome = (bidder, state.lone is not None, state.contract_text, state.forced, taken, made)
        summary = _summary(outcome, bidders, defenders)
        details = {
            "bidder": bidder,
            "contract": state.contract_text,
            "made": made,
            "taken": taken,
            "forced": state.forced,
            "alone": state.lone,
            "lone_defender": state.lone_defender,
            "trump": _TRUMP_TEXT[game.table.trump],  # type: ignore[union-attr]
        }
        first, second = points
        # tuple.__new__ skips the named tuple's Python-level __new__: one result a hand
        return _new(HandResult, (game.deal_number, game.hand_number, game.dealer, tuple(won),
                                 deltas * 2, (first, second, first, second), summary,
                                 details))  # fmt: skip

    def _hand_points(self, state: HandState, taken: int) -> tuple[bool, int, int]:
        """(made, bidders' points, defenders' points) for the bidders' tricks."""
        pepper = self.big_pepper_stake if state.big_pepper else 1
        contract, win, lose = state.contract, pepper, pepper
        if state.lone is not None:
            win *= 2
            if self.lone_all_tricks:
                contract = TRICKS
            else:
                lose *= 2
        made = taken >= contract
        bidders = win * taken if made else -lose * self.penalty(contract, taken)
        return made, bidders, self._defender_points(state, TRICKS - taken)

    def _defender_points(self, state: HandState, tricks: int) -> int:
        if not self.defenders_score:
            return 0
        value = 2 if state.lone_defender is not None else 1
        if state.big_pepper and self.big_pepper_defenders:
            value *= 2
        return value * tricks

    # -- view ----------------------------------------------------------------------------------

    def view(self, game: FlowGame, seat: int | None) -> HasenpfefferSection:
        state: HandState = game.state
        auction = state.auction
        shown = (tuple(auction.calls), auction.high_value, state.bidder, state.contract_text,
                 state.forced, state.lone, state.lone_defender,
                 self.exchange and state.bidder is not None, state.misdeals)  # fmt: skip
        section = public_section(shown)
        if seat is not None and seat == state.bidder and state.discard:
            return discarding_section(section, state.discard)
        return section


def _clockwise_from(seat: int) -> list[int]:
    return [(seat + step) % 4 for step in range(4)]


_ALONE_OR_NOT = (ALONE_CALL, NOT_ALONE_CALL)
_new = tuple.__new__
# Enum members read once: in Python 3.11 each ``Phase.X`` goes through EnumType's attribute
# hook, which costs more than the rest of a call's handling.
_AUCTION, _TRUMP, _DISCARD = Phase.AUCTION, Phase.TRUMP, Phase.DISCARD
_DISCARD_KIND, _BID_KIND = Kind.DISCARD, Kind.BID
_SUIT_OF_TRUMP: dict[str, int | None] = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": None}
_TRUMP_TEXT = ("C", "D", "H", "S", "NT")  # by TrumpTable.trump (NO_TRUMP is 4)


@functools.cache
def _summary(outcome: tuple[int, bool, str, bool, int, bool], bidders: int, defenders: int) -> str:
    """A hand's summary line for (bidder, alone, contract, forced, tricks taken, made) and the
    sides' points, formatted once for each of its few outcomes: a hand is scored every two
    dozen cards, and formatting was a quarter of scoring."""
    bidder, alone, contract, forced, taken, made = outcome
    lone = "alone " if alone else ""
    forced_text = " (forced)" if forced else ""
    return (
        f"seat {bidder} {lone}bid {contract}{forced_text}, took {taken}: "
        f"{'made' if made else 'set'}, {bidders:+d} / {defenders:+d}"
    )  # the points as signed() writes them


_HANDLERS = {
    Kind.PASS: SingleHasenpfefferFlow.on_call,
    Kind.BID: SingleHasenpfefferFlow.on_call,
    Kind.TRUMP: SingleHasenpfefferFlow._on_trump,
    Kind.DISCARD: SingleHasenpfefferFlow._on_discard,
    ALONE: SingleHasenpfefferFlow._on_alone,
    NOT_ALONE: SingleHasenpfefferFlow._on_alone,
}

GAME = GameDef(
    name="hasenpfeffer",
    title="Single Hasenpfeffer",
    summary="Four players in partnerships, 25 cards with the Joker as top trump, bid for tricks.",
    options=OPTIONS,
    make_flow=SingleHasenpfefferFlow,
    check=_check,
    aliases=("single-hasenpfeffer", "sh", "pepper"),
    presets=(
        ("Standard (to 10)", {}),
        ("Short game (to 5)", {"target_score": 5}),
        ("Pepper bids and going alone", {"pepper_bidding": True, "going_alone": "maker"}),
    ),
    table=single_words,
    heuristic=heuristic.choose,
    encoding=encoding_fields,
    terminal=terminal_lines,
    verbs=(ALONE, NOT_ALONE),
    batch=single_part,
)
