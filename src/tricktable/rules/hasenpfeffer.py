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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..actions import ALONE, NOT_ALONE, PASS, Action, Kind, card_actions
from ..cards import DECKS, JOKER_INDEX
from ..deal import WIDOW, owners_of
from ..errors import RulesError
from ..jsonrecord import card_texts
from ..phase import Phase
from ..ranking import NO_TRUMP, Ranking
from ..view_parts import Call, HasenpfefferSection
from .auction import Auction, TeamLedger
from .base import Flow, HandResult, signed
from .hasenpfeffer_hidden import SingleHidden
from .options import GameDef, Option, OptionValue, Rules

if TYPE_CHECKING:
    from ..engine import Game

__all__ = ["GAME", "SingleHasenpfefferFlow"]

PEPPER_LEVELS = {"little-pepper": 6, "big-pepper": 7}
TRICKS = 6

OPTIONS = (
    Option("bidding_mode", "choice", "until_three_passed",
           "How long the auction runs: until three players have passed (a pass is final), or "
           "one turn each.", choices=("until_three_passed", "single_round")),
    Option("min_bid", "int", 1, "The lowest bid.", low=1, high=6),
    Option("max_bid", "int", 6, "The highest numeric bid.", low=1, high=6),
    Option("widow_mode", "choice", "bidder_exchange",
           "The widow: the high bidder takes it and discards one card, or it stays dead.",
           choices=("bidder_exchange", "dead")),
    Option("first_lead", "choice", "bidder", "Who leads the first trick (without lone hands).",
           choices=("bidder", "eldest")),
    Option("set_penalty", "choice", "bid",
           "What a set costs the bidders: the bid, the tricks they took, the tricks they were "
           "short, or 6.", choices=("bid", "tricks_taken", "shortfall", "fixed6")),
    Option("defenders_score_tricks", "bool", True, "The defenders score 1 point per trick."),
    Option("target_score", "int", 10, "Points that win the game.", low=1, high=10**6),
    Option("tiebreak", "choice", "bidding_team",
           "Both sides reach the target on one hand: the bidding side wins, or the higher score "
           "(the bidders on equal scores).", choices=("bidding_team", "higher_score_then_bidders")),
    Option("pepper_bidding", "bool", False,
           "Bids 1-5, little pepper (6) and big pepper (6 at doubled stakes)."),
    Option("big_pepper_multiplier", "int", 2, "The stake multiplier of big pepper.",
           low=1, high=10),
    Option("double_defender_tricks_in_big_pepper", "bool", False,
           "Against big pepper the defenders score 2 per trick."),
    Option("going_alone", "choice", "off",
           "Going alone: not allowed, for the maker, or for the maker and then one defender.",
           choices=("off", "maker", "maker_and_defender")),
    Option("lone_contract", "choice", "all_tricks",
           "A lone maker contracts for all six tricks (+12 / -6), or plays the bid at double "
           "stakes.",
           choices=("all_tricks", "bid_doubled")),
    Option("lone_lead", "choice", "left_of_lone",
           "Who leads a lone hand: the player on the lone player's left (the lone defender if "
           "both went alone), or the lone maker.", choices=("left_of_lone", "lone_player")),
    Option("deal_packets", "ints", (3, 3), "Packet sizes of the deal (they add up to 6).",
           low=1, high=6),
    Option("allow_no_trump", "bool", False,
           "The maker may name no trump ('trump NT'); the Joker then wins any trick it is "
           "played to, and may be played only when its holder cannot follow."),
)  # fmt: skip


def _check(options: Mapping[str, OptionValue]) -> None:
    if int(options["min_bid"]) > int(options["max_bid"]):  # type: ignore[arg-type]
        raise RulesError(f"min_bid={options['min_bid']} is above max_bid={options['max_bid']}")
    packets = options["deal_packets"]
    assert isinstance(packets, tuple)
    if sum(int(p) for p in packets) != TRICKS:
        text = "+".join(str(p) for p in packets)
        raise RulesError(
            f"deal_packets={text} deals {sum(int(p) for p in packets)} cards; 6 needed"
        )


@dataclass(slots=True)
class HandState:
    """Single Hasenpfeffer's state of one hand."""

    auction: Auction
    bidder: int | None = None
    contract: int = 0
    contract_text: str = ""
    forced: bool = False
    big_pepper: bool = False
    discard: int = 0
    lone: int | None = None
    lone_defender: int | None = None
    to_ask: list[int] = field(default_factory=list)
    misdeals: int = 0

    def copy(self) -> HandState:
        return HandState(self.auction.copy(), self.bidder, self.contract, self.contract_text,
                         self.forced, self.big_pepper, self.discard, self.lone,
                         self.lone_defender, self.to_ask[:], self.misdeals)  # fmt: skip


class SingleHasenpfefferFlow(Flow):
    VIEW_SECTION = HasenpfefferSection
    HIDDEN = SingleHidden()
    ACTION_KINDS = frozenset({Kind.PASS, Kind.BID, Kind.TRUMP, Kind.DISCARD, Kind.ALONE,
                              Kind.NOT_ALONE, Kind.PLAY})  # fmt: skip
    players = 4
    has_widow = True
    widow_size = 1

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.o = rules.options
        self.r = rules
        self.deck = DECKS["euchre25"]
        self.ranking = Ranking(self.deck.mask, joker_top=True, bowers=True)
        self.pepper = bool(self.o["pepper_bidding"])
        self.exchange = self.o["widow_mode"] == "bidder_exchange"
        self.going_alone = str(self.o["going_alone"])
        self.target = rules.get_int("target_score")
        self.top_level = 7 if self.pepper else rules.get_int("max_bid")
        self.single_round = self.o["bidding_mode"] == "single_round"
        self.set_penalty = str(self.o["set_penalty"])
        self.defenders_score = bool(self.o["defenders_score_tricks"])
        self.lone_all_tricks = self.o["lone_contract"] == "all_tricks"
        self.big_pepper_stake = rules.get_int("big_pepper_multiplier")
        self.big_pepper_defenders = bool(self.o["double_defender_tricks_in_big_pepper"])
        packets = rules.get_ints("deal_packets")
        self.owners = [
            owners_of([(seat, size) for size in packets for seat in _clockwise_from(dealer + 1)]
                      + [(WIDOW, 1)])
            for dealer in range(4)
        ]  # fmt: skip
        self.calls_after = [(PASS, *self._bids_above(level)) for level in range(8)]
        self.levels = {str(n): n for n in range(1, 7)} | PEPPER_LEVELS
        suits: list[int | None] = [0, 1, 2, 3]
        if self.o["allow_no_trump"]:
            suits.append(None)
        self.trump_actions = tuple(Action.name_trump(s) for s in suits)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def side_of(self, seat: int) -> int:
        return seat % 2

    # -- dealing -------------------------------------------------------------------------------

    def hand_sizes(self, dealer: int) -> tuple[int, ...]:
        return (TRICKS,) * 4

    def dealt_to(self, game: Game | None, dealer: int) -> tuple[int, ...]:
        return self.owners[dealer]

    def new_ledger(self) -> TeamLedger:
        return TeamLedger((0, 1, 0, 1), 2)

    def start_hand(self, game: Game) -> None:
        eldest = (game.dealer + 1) % 4
        game.state = HandState(Auction(4, eldest, self.single_round, self.top_level))
        game.phase, game.to_move = Phase.AUCTION, eldest

    # -- decisions -----------------------------------------------------------------------------

    def legal_actions(self, game: Game) -> tuple[Action, ...]:
        phase = game.phase
        if phase is Phase.AUCTION:
            state: HandState = game.state
            return self.calls_after[state.auction.high_level]
        if phase is Phase.TRUMP:
            return self.trump_actions
        if phase is Phase.DISCARD:
            return card_actions(Kind.DISCARD, game.hands[game.to_move])  # type: ignore[index]
        return _ALONE_OR_NOT

    def _bids_above(self, level: int) -> list[Action]:
        low = max(self.r.get_int("min_bid"), level + 1)
        high = self.r.get_int("max_bid")
        if self.pepper:
            high = min(high, 5)
        bids = [Action.bid(n) for n in range(low, high + 1)]
        if self.pepper:
            bids += [Action.bid(word) for word, lvl in PEPPER_LEVELS.items() if lvl > level]
        return bids

    def apply(self, game: Game, seat: int, action: Action) -> None:
        handler = _HANDLERS[action.kind]
        handler(self, game, seat, action)

    def _on_pass(self, game: Game, seat: int, action: Action) -> None:
        auction: Auction = game.state.auction
        auction.call_pass(seat)
        self._after_call(game, auction)

    def _on_bid(self, game: Game, seat: int, action: Action) -> None:
        auction: Auction = game.state.auction
        auction.call_bid(seat, self.levels[action.value], action.value)
        self._after_call(game, auction)

    def _after_call(self, game: Game, auction: Auction) -> None:
        if auction.to_speak is not None:
            game.to_move = auction.to_speak
        elif auction.high_seat is None:
            self._all_passed(game)
        else:
            self._set_contract(game, auction.high_seat, auction.high_value, forced=False)

    def _all_passed(self, game: Game) -> None:
        if game.widow and game.widow >> JOKER_INDEX & 1:
            misdeals = game.state.misdeals + 1
            game.redeal()
            game.state.misdeals = misdeals
            return
        holder = next(s for s in range(4) if game.hands[s] >> JOKER_INDEX & 1)
        self._set_contract(game, holder, "3", forced=True)

    def _set_contract(self, game: Game, bidder: int, value: str, forced: bool) -> None:
        state: HandState = game.state
        state.bidder, state.forced, state.contract_text = bidder, forced, value
        state.contract = TRICKS if value in PEPPER_LEVELS else self.levels[value]
        state.big_pepper = value == "big-pepper"
        if self.exchange:
            game.hands[bidder] |= game.widow or 0
        game.phase, game.to_move = Phase.TRUMP, bidder

    def _on_trump(self, game: Game, seat: int, action: Action) -> None:
        game.set_trump(_SUIT_OF_TRUMP[action.value])
        if self.exchange:
            game.phase = Phase.DISCARD
        else:
            self._after_discard(game)

    def _on_discard(self, game: Game, seat: int, action: Action) -> None:
        card = action.cards[0]
        game.hands[seat] &= ~(1 << card)
        game.state.discard = 1 << card
        self._after_discard(game)

    def _after_discard(self, game: Game) -> None:
        if self.going_alone == "off":
            self._start_play(game)
        else:
            game.phase, game.to_move = Phase.ALONE, game.state.bidder

    def _on_alone(self, game: Game, seat: int, action: Action) -> None:
        state: HandState = game.state
        wants = action.kind is Kind.ALONE
        if seat == state.bidder:
            if wants:
                state.lone = seat
                if self.going_alone == "maker_and_defender":
                    state.to_ask = [(seat + 1) % 4, (seat + 3) % 4]
        elif wants:
            state.lone_defender = seat
            state.to_ask = []
        else:
            state.to_ask.pop(0)
        if state.to_ask and state.lone_defender is None:
            game.to_move = state.to_ask[0]
        else:
            self._start_play(game)

    def _start_play(self, game: Game) -> None:
        state: HandState = game.state
        if state.lone is not None:  # the lone players' partners sit the hand out
            out = [(s + 2) % 4 for s in (state.lone, state.lone_defender) if s is not None]
            game.set_active(s for s in range(4) if s not in out)
        game.start_play(self._leader(game, state), TRICKS)

    def _leader(self, game: Game, state: HandState) -> int:
        assert state.bidder is not None
        if state.lone is not None:
            if self.o["lone_lead"] == "lone_player":
                return state.lone
            if state.lone_defender is not None:
                return state.lone_defender
            return game.next_active(state.lone)
        return state.bidder if self.o["first_lead"] == "bidder" else (game.dealer + 1) % 4

    # -- scoring -------------------------------------------------------------------------------

    def score_hand(self, game: Game) -> HandResult:
        state: HandState = game.state
        bidder = state.bidder
        assert bidder is not None
        side = bidder % 2
        won = game.tricks_won
        taken = won[side] + won[side + 2]
        made, bidders, defenders = self._hand_points(state, taken)
        ledger = game.ledger
        assert isinstance(ledger, TeamLedger)
        ledger.points[side] += bidders
        ledger.points[1 - side] += defenders
        deltas = (bidders, defenders) if side == 0 else (defenders, bidders)
        summary = (
            f"seat {bidder} {'alone ' if state.lone is not None else ''}bid "
            f"{state.contract_text}{' (forced)' if state.forced else ''}, took {taken}: "
            f"{'made' if made else 'set'}, {signed(bidders)} / {signed(defenders)}"
        )
        details = {
            "bidder": bidder,
            "contract": state.contract_text,
            "made": made,
            "taken": taken,
            "forced": state.forced,
            "alone": state.lone,
            "lone_defender": state.lone_defender,
            "trump": _trump_text(game.trump),
        }
        return HandResult(game.deal_number, game.hand_number, game.dealer, tuple(won),
                          deltas * 2, ledger.scores(), summary, details)  # fmt: skip

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
        bidders = win * taken if made else -lose * self._set_penalty(contract, taken)
        return made, bidders, self._defender_points(state, TRICKS - taken)

    def _set_penalty(self, contract: int, taken: int) -> int:
        rule = self.set_penalty
        if rule == "bid":
            return contract
        if rule == "tricks_taken":
            return taken
        if rule == "shortfall":
            return contract - taken
        return TRICKS

    def _defender_points(self, state: HandState, tricks: int) -> int:
        if not self.defenders_score:
            return 0
        value = 2 if state.lone_defender is not None else 1
        if state.big_pepper and self.big_pepper_defenders:
            value *= 2
        return value * tricks

    def is_over(self, game: Game) -> bool:
        points = game.ledger.points  # type: ignore[attr-defined]
        return points[0] >= self.target or points[1] >= self.target  # type: ignore[no-any-return]

    def winners(self, game: Game) -> tuple[int, ...]:
        side = self._winning_side(game)
        return (side, side + 2)

    def _winning_side(self, game: Game) -> int:
        points = game.ledger.points  # type: ignore[attr-defined]
        target = self.r.get_int("target_score")
        bidders = game.results[-1].details["bidder"] % 2
        reached = [side for side in (0, 1) if points[side] >= target]
        if len(reached) == 1:
            return reached[0]
        if self.o["tiebreak"] == "higher_score_then_bidders" and points[0] != points[1]:
            return 0 if points[0] > points[1] else 1
        return int(bidders)

    # -- view ----------------------------------------------------------------------------------

    def view(self, game: Game, seat: int | None) -> HasenpfefferSection:
        state: HandState = game.state
        auction = state.auction
        mine = seat is not None and seat == state.bidder and state.discard
        return HasenpfefferSection(
            auction=tuple(Call(s, c) for s, c in auction.calls),
            high_bid=auction.high_value or None,
            bidder=state.bidder,
            contract=state.contract_text or None,
            forced_bid=state.forced,
            alone=state.lone,
            lone_defender=state.lone_defender,
            widow_size=1,
            widow_taken=self.exchange and state.bidder is not None,
            misdeals=state.misdeals,
            discard=card_texts(state.discard) if mine else None,
        )


def _clockwise_from(seat: int) -> list[int]:
    return [(seat + step) % 4 for step in range(4)]


def _trump_text(trump: int | None) -> str | None:
    if trump is None:
        return None
    return "NT" if trump == NO_TRUMP else "CDHS"[trump]


_ALONE_OR_NOT = (ALONE, NOT_ALONE)
_SUIT_OF_TRUMP: dict[str, int | None] = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": None}

_HANDLERS = {
    Kind.PASS: SingleHasenpfefferFlow._on_pass,
    Kind.BID: SingleHasenpfefferFlow._on_bid,
    Kind.TRUMP: SingleHasenpfefferFlow._on_trump,
    Kind.DISCARD: SingleHasenpfefferFlow._on_discard,
    Kind.ALONE: SingleHasenpfefferFlow._on_alone,
    Kind.NOT_ALONE: SingleHasenpfefferFlow._on_alone,
}

GAME = GameDef(
    name="hasenpfeffer",
    title="Single Hasenpfeffer",
    summary="Four players in partnerships, 25 cards with the Joker as top trump, bid for tricks.",
    options=OPTIONS,
    make_flow=SingleHasenpfefferFlow,
    check=_check,
    aliases=("single-hasenpfeffer", "sh", "pepper"),
)
