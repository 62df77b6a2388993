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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..actions import ALONE, NOT_ALONE, PASS, Action, Kind, card_action
from ..cards import COPY_STRIDE, DECKS, Deck, indices_of, parse_card, pinochle45
from ..deal import owners_of
from ..errors import NotationError, RulesError
from ..jsonrecord import CARD_TEXTS, texts_of
from ..phase import Phase
from ..ranking import Ranking
from ..view_parts import Call, DoubleSection, Gift, GiftCount
from .auction import Auction, TeamLedger
from .base import Flow, HandResult, signed
from .double_hidden import DoubleHidden
from .double_lone import Transfer
from .double_scoring import Contract, int_option, score_contract, winning_seats, winning_side
from .options import GameDef, Option, OptionValue, Rules

if TYPE_CHECKING:
    from ..engine import Game

__all__ = ["GAME", "DoubleHasenpfefferFlow", "tricks_per_hand"]

PACK = 48
FIVE_PLAYER_PACK = 45
NINE = 9

OPTIONS = (
    Option("players", "int", 4,
           "Players: 4 or 6 in two partnerships, or 2-6 each for himself with individual=true.",
           low=2, high=6),
    Option("individual", "bool", False, "Every player plays for himself (no lone hands)."),
    Option("bowers", "bool", True,
           "Euchre ranking: both jacks of trump, then both jacks of its colour, top the trumps. "
           "Without bowers every suit ranks A K Q J 10 9."),
    Option("min_bid", "int", 6, "The lowest bid; the dealer must play it when all pass.",
           low=1, high=24),
    Option("bidding_mode", "choice", "single_round",
           "One chance each to bid (dealer last), or round and round until all but one have "
           "passed (a pass is final).", choices=("single_round", "until_all_but_one_passed")),
    Option("forced_dealer_half_penalty", "bool", False,
           "A dealer forced to bid loses only half the penalty (rounded up) when set."),
    Option("lone_hand", "bool", True,
           "The bidder may play alone with his partners' help (partnerships only)."),
    Option("lone_contract", "choice", "all_tricks",
           "A lone hand contracts for all N tricks (+2N / -N), or plays the bid at double "
           "stakes.", choices=("all_tricks", "bid_doubled")),
    Option("lone_requires_max_bid", "bool", False,
           "Only a bid of all N tricks may be played alone."),
    Option("lone_cards_exchanged", "int", 2,
           "Cards the lone player discards and receives from his partners.", low=0, high=4),
    Option("six_hand_transfer", "choice", "each_partner_one",
           "With six players: each partner gives one card in turn clockwise from the lone "
           "player; or one partner gives them all (the first may pass it to the other); or the "
           "partners give between them, each turn a card or a pass.",
           choices=("each_partner_one", "one_partner_two", "partners_jointly_two")),
    Option("lone_opponent_trick_value", "int", 2,
           "Points per trick for the opponents of a lone hand.", low=1, high=2),
    Option("first_lead", "choice", "bidder", "Who leads the first trick without a lone hand.",
           choices=("bidder", "eldest")),
    Option("lone_lead", "choice", "left_of_lone",
           "Who leads a lone hand: the player on the lone player's left, or the lone player.",
           choices=("left_of_lone", "lone_player")),
    Option("deal_packet", "int", 4, "Cards per packet of the deal (the last may be smaller).",
           low=1, high=24),
    Option("five_player_removed", "cards", ("9C", "9D", "9H"),
           "The three 9s taken out of the pack for five players.", ),
    Option("set_penalty", "choice", "bid",
           "What a set costs the bidders: the bid, the tricks they took, the tricks they were "
           "short, or 6.", choices=("bid", "tricks_taken", "shortfall", "fixed6")),
    Option("defenders_score_tricks", "bool", True,
           "The bidders' opponents score their tricks."),
    Option("individual_scoring", "choice", "others_by_tricks",
           "Individual play: every player but the bidder scores 1 per trick, or only the bidder "
           "scores.", choices=("others_by_tricks", "bidder_only")),
    Option("target_score", "int", 62, "Points that win the game.", low=1, high=10**6),
    Option("tiebreak", "choice", "bidding_team",
           "Several reach the target on one hand: the bidding side wins, or the higher score "
           "(the bidders on equal scores).", choices=("bidding_team", "higher_score_then_bidders")),
)  # fmt: skip


def tricks_per_hand(players: int) -> int:
    """N: the cards each player holds, which is also the number of tricks of a hand."""
    return (FIVE_PLAYER_PACK if players == 5 else PACK) // players


def _check(options: Mapping[str, OptionValue]) -> None:
    players = int_option(options, "players")
    if not options["individual"] and players not in (4, 6):
        raise RulesError(
            f"players={players} cannot play in two partnerships; use 4 or 6, or individual=true "
            "for 2-6 players each for himself"
        )
    tricks = tricks_per_hand(players)
    if int_option(options, "min_bid") > tricks:
        raise RulesError(
            f"min_bid={options['min_bid']} is more than the {tricks} tricks of a hand with "
            f"{players} players; use 1..{tricks}"
        )
    _check_removed(options["five_player_removed"])


def _check_removed(removed: OptionValue) -> None:
    """The five-player pack leaves out three 9s (the same one at most twice)."""
    assert isinstance(removed, tuple)
    if len(removed) != 3 or any(parse_card(str(c)).rank != NINE for c in removed):
        raise RulesError(
            f"five_player_removed={'+'.join(str(c) for c in removed)} must name three 9s, "
            "e.g. 9C+9D+9H"
        )
    try:
        pinochle45(parse_card(str(c)) for c in removed)
    except NotationError as exc:
        raise RulesError(f"five_player_removed: {exc}") from None


@dataclass
class HandState:
    """Double Hasenpfeffer's state of one hand."""

    auction: Auction
    bidder: int | None = None
    contract: int = 0
    forced: bool = False
    lone: int | None = None
    discards: list[int] = field(default_factory=list)
    transfer: Transfer | None = None

    def copy(self) -> HandState:
        transfer = None if self.transfer is None else self.transfer.copy()
        return HandState(self.auction.copy(), self.bidder, self.contract, self.forced,
                         self.lone, self.discards[:], transfer)  # fmt: skip


def _take(hand: int, card: int) -> int:
    """The bit of a card with ``card``'s notation in ``hand`` (the first copy if both)."""
    return 1 << card if hand >> card & 1 else 1 << (card + COPY_STRIDE)


def _distinct(kind: Kind, hand: int) -> list[Action]:
    """One action per notation of the cards in ``hand``."""
    folded = (hand | hand >> COPY_STRIDE) & ((1 << COPY_STRIDE) - 1)
    return [card_action(kind, c) for c in indices_of(folded)]


class DoubleHasenpfefferFlow(Flow):
    VIEW_SECTION = DoubleSection
    HIDDEN = DoubleHidden()
    """The hand flow of every form: auction, trump, the lone hand's exchange, then play."""

    ACTION_KINDS = frozenset({Kind.PASS, Kind.BID, Kind.TRUMP, Kind.ALONE, Kind.NOT_ALONE,
                              Kind.DISCARD, Kind.GIVE, Kind.PLAY})  # fmt: skip

    has_widow = False

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.o = rules.options
        self.r = rules
        self.players = rules.get_int("players")
        self.individual = rules.get_bool("individual")
        self.tricks = tricks_per_hand(self.players)
        self.deck = self._deck()
        self.ranking = Ranking(self.deck.mask, bowers=rules.get_bool("bowers"))
        self.min_bid = rules.get_int("min_bid")
        self.calls_after = [[PASS, *self._bids_above(level)] for level in range(self.tricks + 1)]
        self.trump_actions = [Action.name_trump(s) for s in range(4)]
        self.exchanged = rules.get_int("lone_cards_exchanged")
        self.lone_allowed = rules.get_bool("lone_hand") and not self.individual

    def _deck(self) -> Deck:
        if self.players != 5:
            return DECKS["pinochle48"]
        return pinochle45(parse_card(c) for c in self.r.get_strs("five_player_removed"))

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
        size, left, out = self.r.get_int("deal_packet"), self.tricks, []
        while left:
            out.append(min(size, left))
            left -= out[-1]
        return out

    def dealt_to(self, game: Game | None, dealer: int) -> tuple[int, ...]:
        order = [(dealer + step) % self.players for step in range(1, self.players + 1)]
        return owners_of([(seat, size) for size in self.packets() for seat in order])

    def new_ledger(self) -> TeamLedger:
        side_of = tuple(self.side_of(seat) for seat in range(self.players))
        return TeamLedger(side_of, len(self.sides()))

    def start_hand(self, game: Game) -> None:
        eldest = (game.dealer + 1) % self.players
        single = self.o["bidding_mode"] == "single_round"
        game.state = HandState(Auction(self.players, eldest, single, self.tricks))
        game.phase, game.to_move = Phase.AUCTION, eldest

    # -- decisions -----------------------------------------------------------------------------

    def legal_actions(self, game: Game) -> list[Action]:
        state: HandState = game.state
        seat = game.to_move
        assert seat is not None
        if game.phase is Phase.AUCTION:
            return self.calls_after[state.auction.high_level][:]
        if game.phase is Phase.TRUMP:
            return self.trump_actions[:]
        if game.phase is Phase.ALONE:
            return [ALONE, NOT_ALONE]
        if game.phase is Phase.DISCARD:
            return _distinct(Kind.DISCARD, game.hands[seat])
        transfer = state.transfer
        assert transfer is not None
        gifts = _distinct(Kind.GIVE, game.hands[seat])
        return [PASS, *gifts] if transfer.may_pass else gifts

    def apply(self, game: Game, seat: int, action: Action) -> None:
        _HANDLERS[action.kind](self, game, seat, action)

    def _on_pass(self, game: Game, seat: int, action: Action) -> None:
        state: HandState = game.state
        if game.phase is Phase.GIVE:
            assert state.transfer is not None
            state.transfer.pass_turn(seat)
            game.to_move = state.transfer.giver
            return
        state.auction.call_pass(seat)
        self._after_call(game)

    def _on_bid(self, game: Game, seat: int, action: Action) -> None:
        game.state.auction.call_bid(seat, int(action.value), action.value)
        self._after_call(game)

    def _after_call(self, game: Game) -> None:
        auction: Auction = game.state.auction
        if not auction.is_over:
            game.to_move = auction.to_speak
        elif auction.high_seat is None:
            self._set_contract(game, game.dealer, self.min_bid, forced=True)
        else:
            self._set_contract(game, auction.high_seat, auction.high_level, forced=False)

    def _set_contract(self, game: Game, bidder: int, bid: int, forced: bool) -> None:
        state: HandState = game.state
        state.bidder, state.contract, state.forced = bidder, bid, forced
        game.phase, game.to_move = Phase.TRUMP, bidder

    def _on_trump(self, game: Game, seat: int, action: Action) -> None:
        game.set_trump("CDHS".index(action.value))
        state: HandState = game.state
        may_go_alone = self.lone_allowed and (
            not self.o["lone_requires_max_bid"] or state.contract == self.tricks
        )
        if may_go_alone:
            game.phase = Phase.ALONE
        else:
            self._start_play(game)

    def _on_alone(self, game: Game, seat: int, action: Action) -> None:
        if action.kind is Kind.NOT_ALONE:
            self._start_play(game)
            return
        state: HandState = game.state
        state.lone = seat
        mode = str(self.o["six_hand_transfer"])
        state.transfer = Transfer(mode, self.partners_of(seat), self.exchanged)
        game.set_active(s for s in range(self.players) if s not in self.partners_of(seat))
        if self.exchanged:
            game.phase = Phase.DISCARD
        else:
            self._start_play(game)

    def _on_discard(self, game: Game, seat: int, action: Action) -> None:
        state: HandState = game.state
        bit = _take(game.hands[seat], action.cards[0])
        game.hands[seat] &= ~bit
        state.discards.append(bit.bit_length() - 1)
        if len(state.discards) == self.exchanged:
            assert state.transfer is not None
            game.phase, game.to_move = Phase.GIVE, state.transfer.giver

    def _on_give(self, game: Game, seat: int, action: Action) -> None:
        state: HandState = game.state
        transfer = state.transfer
        assert transfer is not None and state.lone is not None
        bit = _take(game.hands[seat], action.cards[0])
        game.hands[seat] &= ~bit
        game.hands[state.lone] |= bit
        transfer.give(seat, bit.bit_length() - 1)
        if transfer.done:
            self._start_play(game)
        else:
            game.to_move = transfer.giver

    def _start_play(self, game: Game) -> None:
        game.start_play(self._leader(game), self.tricks)

    def _leader(self, game: Game) -> int:
        state: HandState = game.state
        assert state.bidder is not None
        if state.lone is not None:
            if self.o["lone_lead"] == "lone_player":
                return state.lone
            return game.next_active(state.lone)
        if self.o["first_lead"] == "bidder":
            return state.bidder
        return (game.dealer + 1) % self.players

    # -- scoring -------------------------------------------------------------------------------

    def score_hand(self, game: Game) -> HandResult:
        state: HandState = game.state
        assert state.bidder is not None
        bidder_side = self.side_of(state.bidder)
        tricks = [sum(game.tricks_won[seat] for seat in seats) for seats in self.sides()]
        contract = Contract(state.contract, self.tricks, tricks[bidder_side], state.forced,
                            state.lone is not None)  # fmt: skip
        score = score_contract(self.o, contract)
        per_trick = score.per_opponent_trick
        if self.individual and self.o["individual_scoring"] == "bidder_only":
            per_trick = 0
        points = [per_trick * taken for taken in tricks]
        points[bidder_side] = score.bidders
        ledger = game.ledger
        assert isinstance(ledger, TeamLedger)
        for side, gained in enumerate(points):
            ledger.add(side, gained)
        deltas = tuple(points[self.side_of(seat)] for seat in range(self.players))
        return self._result(game, contract, score.made, deltas)

    def _result(self, game: Game, contract: Contract, made: bool,
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

    def is_over(self, game: Game) -> bool:
        target = self.r.get_int("target_score")
        return any(p >= target for p in game.ledger.points)  # type: ignore[attr-defined]

    def winners(self, game: Game) -> tuple[int, ...]:
        points = game.ledger.points  # type: ignore[attr-defined]
        target = self.r.get_int("target_score")
        bidder = int(game.results[-1].details["bidder"])
        tiebreak = str(self.o["tiebreak"])
        if self.individual:
            return winning_seats(points, target, bidder, tiebreak)
        return self.sides()[winning_side(points, target, bidder % 2, tiebreak)]

    # -- view ----------------------------------------------------------------------------------

    def view(self, game: Game, seat: int | None) -> DoubleSection:
        state: HandState = game.state
        transfer = state.transfer
        auction = state.auction
        lone = seat is not None and transfer is not None and seat == state.lone
        gave = seat is not None and transfer is not None and not lone and seat in transfer.partners
        return DoubleSection(
            auction=tuple(Call(s, c) for s, c in auction.calls),
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


_HANDLERS = {
    Kind.PASS: DoubleHasenpfefferFlow._on_pass,
    Kind.BID: DoubleHasenpfefferFlow._on_bid,
    Kind.TRUMP: DoubleHasenpfefferFlow._on_trump,
    Kind.ALONE: DoubleHasenpfefferFlow._on_alone,
    Kind.NOT_ALONE: DoubleHasenpfefferFlow._on_alone,
    Kind.DISCARD: DoubleHasenpfefferFlow._on_discard,
    Kind.GIVE: DoubleHasenpfefferFlow._on_give,
}

GAME = GameDef(
    name="double-hasenpfeffer",
    title="Double Hasenpfeffer",
    summary="Four or six in partnerships (or 2-6 each for himself) with the 48-card pinochle "
    "pack, Euchre ranking, bids from six up and a lone hand with the partners' best cards.",
    options=OPTIONS,
    make_flow=DoubleHasenpfefferFlow,
    check=_check,
    aliases=("double", "dh"),
)
