"""Double Hasenpfeffer: Euchre ranking on the 48-card pinochle pack, an auction from six up.

Four players (0 & 2 against 1 & 3) or six (0, 2, 4 against 1, 3, 5: partners alternate) play
with two copies each of A K Q J 10 9 in every suit, no Joker and no widow. The right bowers
(both jacks of trump) and the left bowers (both jacks of its colour) top the trumps; of two
identical cards the one played first wins. The whole pack is dealt four at a time: N cards each
(12 with four players, 8 with six), and a hand is N tricks.

Defaults (rules.md §5 with the decisions of §0.5):

* one chance each to bid, from the dealer's left (the dealer last); bids 6..N; all pass: the
  dealer must play the minimum bid (6);
* the high bidder names trump and leads; follow the led effective suit if able, else anything;
* made: +1 per trick taken; set: minus the bid; the other side always scores 1 per trick;
* lone hand: after naming trump the bidder may say ``alone``; he discards two cards face down
  (``discard X`` twice), his partner gives him two cards (``give X``; at six, each partner gives
  one, clockwise from him); the partners' other cards are dead. The lone hand contracts for all
  N tricks: +2N made, -N failed, and then the opponents score 2 per trick. The player on the
  lone player's left leads;
* first side to 62 wins; if both reach it on the same hand, the bidding side wins.

Individual play (``individual=true``, 2-6 players, each for himself, no lone hands): five players
use 45 cards (one 9 each of clubs, diamonds and hearts removed), nine each in packets 4, 4, 1;
the bidder scores as above and every other player 1 per trick.

Options: the multi-round auction, the dealer's half penalty, bowers off, the lone-hand rules
(allowed, its contract, only on a bid of N, cards exchanged, the six-hand transfer, opponents'
trick value, its lead), the first lead, the packet size, the five-player pack, set penalties,
opponents' scoring, individual scoring, target and tie-break.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...actions import PASS, Action, Kind, card_action
from ...cards import COPY_STRIDE, DECKS, Deck, indices_of, parse_card, pinochle45
from ...deal import owners_of
from ...flow import HandResult, signed
from ...flow_game import FlowGame
from ...jsonrecord import CARD_TEXTS, texts_of
from ...options import GameDef, Rules
from ...phase import Phase
from ...ranking import Ranking
from ...view_parts import calls_shown
from . import heuristic
from .auction import Auction, TeamLedger
from .auction_flow import (
    AuctionFlow,
    ContractState,
)
from .batch import double_part
from .double_hidden import DoubleHidden
from .double_lone import SixHandTransfer, Transfer
from .double_options import (
    BIDDING_MODE,
    BOWERS,
    DEAL_PACKET,
    FIVE_PLAYER_REMOVED,
    INDIVIDUAL,
    INDIVIDUAL_SCORING,
    LONE_CARDS_EXCHANGED,
    LONE_HAND,
    LONE_REQUIRES_MAX_BID,
    MIN_BID,
    OPTIONS,
    PLAYERS,
    SIX_HAND_TRANSFER,
    BiddingMode,
    IndividualScoring,
    check,
    tricks_per_hand,
)
from .double_scoring import (
    Contract,
    score_contract,
)
from .section import DoubleSection, Gift, GiftCount, encoding_fields
from .table_words import double_words
from .terminal import terminal_lines
from .verbs import ALONE, ALONE_CALL, GIVE, NOT_ALONE, NOT_ALONE_CALL, PARTNER, VERBS

__all__ = ["GAME", "DoubleHasenpfefferFlow", "tricks_per_hand"]


@dataclass(slots=True)
class HandState(ContractState):
    """Double Hasenpfeffer's state of one hand."""

    discards: list[int] = field(default_factory=list)
    transfer: Transfer | None = None

    def copy(self) -> HandState:
        transfer = None if self.transfer is None else self.transfer.copy()
        return HandState(self.auction.copy(), self.bidder, self.contract, self.forced,
                         self.lone, self.lone_defender, self.discards[:], transfer)  # fmt: skip


def _take(hand: int, card: int) -> int:
    """The bit of a card with ``card``'s notation in ``hand`` (the first copy if both)."""
    return 1 << card if hand >> card & 1 else 1 << (card + COPY_STRIDE)


def _distinct(kind: Kind, hand: int) -> list[Action]:
    """One action per notation of the cards in ``hand``."""
    folded = (hand | hand >> COPY_STRIDE) & ((1 << COPY_STRIDE) - 1)
    return [card_action(kind, c) for c in indices_of(folded)]


class DoubleHasenpfefferFlow(AuctionFlow):
    """The hand flow of every form: auction, trump, the lone hand's exchange, then play."""

    VIEW_SECTION = DoubleSection
    HIDDEN = DoubleHidden()
    ACTION_KINDS = frozenset({Kind.PASS, Kind.BID, Kind.TRUMP, ALONE, NOT_ALONE, Kind.DISCARD,
                              GIVE, Kind.PLAY})  # fmt: skip

    has_widow = False

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.players = rules.value(PLAYERS)
        self.individual = rules.value(INDIVIDUAL)
        self.tricks = tricks_per_hand(self.players)
        self.deck = self._deck()
        self.ranking = Ranking(self.deck.mask, bowers=rules.value(BOWERS))
        self.min_bid = rules.value(MIN_BID)
        self.single_round = rules.value(BIDDING_MODE) is BiddingMode.SINGLE_ROUND
        self.calls_after = [(PASS, *self._bids_above(level)) for level in range(self.tricks + 1)]
        self.trump_actions = tuple(Action.name_trump(s) for s in range(4))
        self.exchanged = rules.value(LONE_CARDS_EXCHANGED)
        self.lone_allowed = rules.value(LONE_HAND) and not self.individual
        self.lone_needs_all = rules.value(LONE_REQUIRES_MAX_BID)
        self.transfer_mode = rules.value(SIX_HAND_TRANSFER)
        self.owners = [self._dealt_to(dealer) for dealer in range(self.players)]

    def action_kinds(self) -> frozenset[Kind]:
        """``partner N`` only where a lone player names the partner who gives: six players,
        ``six_hand_transfer=one_partner_two`` and cards to give."""
        names = (self.lone_allowed and self.players == 6 and self.exchanged > 0
                 and self.transfer_mode is SixHandTransfer.ONE_PARTNER_TWO)  # fmt: skip
        return self.ACTION_KINDS | {PARTNER} if names else self.ACTION_KINDS

    def _deck(self) -> Deck:
        if self.players != 5:
            return DECKS["pinochle48"]
        return pinochle45(parse_card(c) for c in self.rules.value(FIVE_PLAYER_REMOVED))

    def _bids_above(self, level: int) -> list[Action]:
        low = max(self.min_bid, level + 1)
        return [Action.bid(n) for n in range(low, self.tricks + 1)]

    # -- seats ---------------------------------------------------------------------------------

    def sides(self) -> tuple[tuple[int, ...], ...]:
        if self.individual:
            return tuple((seat,) for seat in range(self.players))
        return tuple(tuple(range(side, self.players, 2)) for side in (0, 1))

    def side_of(self, seat: int) -> int:
        return seat if self.individual else seat % 2

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """``seat``'s partners, clockwise from him."""
        if self.individual:
            return ()
        return tuple((seat + step) % self.players for step in range(2, self.players, 2))

    # -- dealing -------------------------------------------------------------------------------

    def hand_sizes(self, dealer: int) -> tuple[int, ...]:
        return (self.tricks,) * self.players

    def packets(self) -> list[int]:
        size, left, out = self.rules.value(DEAL_PACKET), self.tricks, []
        while left:
            out.append(min(size, left))
            left -= out[-1]
        return out

    def dealt_to(self, game: FlowGame | None, dealer: int) -> tuple[int, ...]:
        return self.owners[dealer]

    def _dealt_to(self, dealer: int) -> tuple[int, ...]:
        order = [(dealer + step) % self.players for step in range(1, self.players + 1)]
        return owners_of([(seat, size) for size in self.packets() for seat in order])

    def start_hand(self, game: FlowGame) -> None:
        eldest = (game.dealer + 1) % self.players
        state = HandState(Auction(self.players, eldest, self.single_round, self.tricks))
        game.begin_hand(state, Phase.AUCTION, eldest)

    # -- decisions -----------------------------------------------------------------------------

    def legal_actions(self, game: FlowGame) -> tuple[Action, ...] | list[Action]:
        state: HandState = game.state
        seat = game.to_move
        assert seat is not None
        if game.phase is Phase.AUCTION:
            return self.calls_after[state.auction.high_level]
        if game.phase is Phase.TRUMP:
            return self.trump_actions
        if game.phase is Phase.ALONE:
            if state.transfer is not None:  # alone: he names the partner who gives
                return tuple(Action.seat(PARTNER, p) for p in state.transfer.partners)
            return _ALONE_OR_NOT
        if game.phase is Phase.DISCARD:
            return _distinct(Kind.DISCARD, game.hands[seat])
        transfer = state.transfer
        assert transfer is not None
        gifts = _distinct(GIVE, game.hands[seat])
        return [PASS, *gifts] if transfer.may_pass else gifts

    def apply(self, game: FlowGame, seat: int, action: Action) -> None:
        _HANDLERS[action.kind](self, game, seat, action)

    def _on_pass(self, game: FlowGame, seat: int, action: Action) -> None:
        if game.phase is not Phase.GIVE:
            self.on_call(game, seat, action)
            return
        transfer = game.state.transfer
        assert transfer is not None
        transfer.pass_turn(seat)
        game.move_to(transfer.giver)

    def bid_level(self, action: Action) -> int:
        return int(action.value)

    def all_passed(self, game: FlowGame) -> None:
        self.set_contract(game, game.dealer, str(self.min_bid), forced=True)

    def set_contract(self, game: FlowGame, bidder: int, value: str, forced: bool) -> None:
        state: HandState = game.state
        state.bidder, state.contract, state.forced = bidder, int(value), forced
        game.move_to(bidder, Phase.TRUMP)

    def _on_trump(self, game: FlowGame, seat: int, action: Action) -> None:
        game.set_trump("CDHS".index(action.value))
        state: HandState = game.state
        may_go_alone = self.lone_allowed and (
            not self.lone_needs_all or state.contract == self.tricks
        )
        if may_go_alone:
            game.move_to(seat, Phase.ALONE)
        else:
            self._start_play(game)

    def _on_alone(self, game: FlowGame, seat: int, action: Action) -> None:
        if action.kind is NOT_ALONE:
            self._start_play(game)
            return
        state: HandState = game.state
        state.lone = seat
        partners = self.partners_of(seat)
        state.transfer = Transfer(self.transfer_mode, partners, self.exchanged)
        game.set_active(s for s in range(self.players) if s not in partners)
        if not state.transfer.giver_to_name:
            self._after_alone(game, seat)

    def _on_partner(self, game: FlowGame, seat: int, action: Action) -> None:
        transfer = game.state.transfer
        assert transfer is not None
        transfer.name_giver(int(action.value))
        self._after_alone(game, seat)

    def _after_alone(self, game: FlowGame, seat: int) -> None:
        if self.exchanged:
            game.move_to(seat, Phase.DISCARD)
        else:
            self._start_play(game)

    def _on_discard(self, game: FlowGame, seat: int, action: Action) -> None:
        state: HandState = game.state
        bit = _take(game.hands[seat], action.cards[0])
        game.set_hand(seat, game.hands[seat] & ~bit)
        state.discards.append(bit.bit_length() - 1)
        if len(state.discards) == self.exchanged:
            assert state.transfer is not None
            game.move_to(state.transfer.giver, Phase.GIVE)

    def _on_give(self, game: FlowGame, seat: int, action: Action) -> None:
        state: HandState = game.state
        transfer = state.transfer
        assert transfer is not None and state.lone is not None
        bit = _take(game.hands[seat], action.cards[0])
        game.set_hand(seat, game.hands[seat] & ~bit)
        game.set_hand(state.lone, game.hands[state.lone] | bit)
        transfer.give(seat, bit.bit_length() - 1)
        if transfer.done:
            self._start_play(game)
        else:
            game.move_to(transfer.giver)

    def _start_play(self, game: FlowGame) -> None:
        game.start_play(self.leader(game, game.state), self.tricks)

    # -- scoring -------------------------------------------------------------------------------

    def score_hand(self, game: FlowGame) -> HandResult:
        state: HandState = game.state
        assert state.bidder is not None
        bidder_side = self.side_of(state.bidder)
        tricks = [sum(game.tricks_won[seat] for seat in seats) for seats in self.sides()]
        contract = Contract(state.contract, self.tricks, tricks[bidder_side], state.forced,
                            state.lone is not None)  # fmt: skip
        score = score_contract(self.rules, contract)
        per_trick = score.per_opponent_trick
        if (
            self.individual
            and self.rules.value(INDIVIDUAL_SCORING) is IndividualScoring.BIDDER_ONLY
        ):
            per_trick = 0
        points = [per_trick * taken for taken in tricks]
        points[bidder_side] = score.bidders
        ledger = game.ledger
        assert isinstance(ledger, TeamLedger)
        for side, gained in enumerate(points):
            ledger.add(side, gained)
        deltas = tuple(points[self.side_of(seat)] for seat in range(self.players))
        return self._result(game, contract, score.made, deltas)

    def _result(self, game: FlowGame, contract: Contract, made: bool,
                deltas: tuple[int, ...]) -> HandResult:  # fmt: skip
        state: HandState = game.state
        alone = "alone " if contract.lone else ""
        forced = " (forced)" if contract.forced else ""
        summary = (f"seat {state.bidder} {alone}bid {contract.bid}{forced}, took "
                   f"{contract.taken}: {'made' if made else 'set'}, "
                   f"{signed(deltas[state.bidder or 0])}")  # fmt: skip
        return HandResult(
            deal_number=game.deal_number, hand_number=game.hand_number, dealer=game.dealer,
            tricks=tuple(game.tricks_won), deltas=deltas, scores=game.ledger.scores(),
            summary=summary,
            details={"bidder": state.bidder, "contract": str(contract.bid), "made": made,
                     "taken": contract.taken, "forced": contract.forced, "alone": state.lone,
                     "trump": "CDHS"[game.trump] if game.trump is not None else None},
        )  # fmt: skip

    # -- view ----------------------------------------------------------------------------------

    def view(self, game: FlowGame, seat: int | None) -> DoubleSection:
        state: HandState = game.state
        transfer = state.transfer
        auction = state.auction
        lone = seat is not None and transfer is not None and seat == state.lone
        gave = seat is not None and transfer is not None and not lone and seat in transfer.partners
        return DoubleSection(
            auction=calls_shown(tuple(auction.calls)),
            high_bid=auction.high_value or None,
            bidder=state.bidder,
            contract=str(state.contract) if state.contract else None,
            forced_bid=state.forced,
            alone=state.lone,
            tricks_per_hand=self.tricks,
            lone_discard_count=len(state.discards),
            gifts=tuple(GiftCount(p, len(transfer.given_by(p))) for p in transfer.partners)
            if transfer else (),
            dead=transfer.partners if transfer else (),
            # the hidden cards a seat itself handled: nobody else ever sees them
            discards=texts_of(state.discards) if lone else None,
            received=tuple(Gift(g, CARD_TEXTS[c]) for g, c in transfer.gifts)
            if lone and transfer else None,
            gave=texts_of(transfer.given_by(seat))
            if gave and transfer and seat is not None else None,
        )  # fmt: skip


_ALONE_OR_NOT = (ALONE_CALL, NOT_ALONE_CALL)

_HANDLERS = {
    Kind.PASS: DoubleHasenpfefferFlow._on_pass,
    Kind.BID: DoubleHasenpfefferFlow.on_call,
    Kind.TRUMP: DoubleHasenpfefferFlow._on_trump,
    ALONE: DoubleHasenpfefferFlow._on_alone,
    NOT_ALONE: DoubleHasenpfefferFlow._on_alone,
    PARTNER: DoubleHasenpfefferFlow._on_partner,
    Kind.DISCARD: DoubleHasenpfefferFlow._on_discard,
    GIVE: DoubleHasenpfefferFlow._on_give,
}

GAME = GameDef(
    name="double-hasenpfeffer",
    title="Double Hasenpfeffer",
    summary="Four or six in partnerships (or 2-6 each for himself) with the 48-card pinochle "
    "pack, Euchre ranking, bids from six up and a lone hand with the partners' best cards.",
    options=OPTIONS,
    make_flow=DoubleHasenpfefferFlow,
    check=check,
    aliases=("double", "dh"),
    presets=(
        ("Four in partnerships", {}),
        ("Six in partnerships", {"players": 6}),
        ("Three, each for himself", {"players": 3, "individual": True}),
    ),
    table=double_words,
    heuristic=heuristic.choose,
    encoding=encoding_fields,
    terminal=terminal_lines,
    verbs=VERBS,
    batch=double_part,
)
