"""Euchre's hand: the turn-up, two rounds of making trump, lone hands, five tricks, scoring."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...actions import PASS, Action, Kind, card_actions
from ...cards import DECKS, JOKER_INDEX, Deck
from ...deal import owners_of
from ...flow import Flow, HandResult
from ...flow_game import FlowGame
from ...jsonrecord import CARD_TEXTS, card_texts
from ...options import Rules
from ...phase import Phase
from ...ranking import Ranking
from ...view_parts import calls_shown
from . import heuristic
from .hidden import EuchreHidden
from .ledger import SideLedger
from .options import (
    CUTTHROAT,
    CUTTHROAT_MARCH,
    DEAL_PACKETS,
    DEALER_MAY_DISCARD_TURNUP,
    JOKER_TURNUP,
    LONE_DEFENDER,
    LONE_DEFENDER_AGAINST,
    RAILROAD,
    STICK_THE_DEALER,
    TARGET_SCORE,
    TRICKS,
    LoneDefenderAgainst,
)
from .section import EuchreSection
from .verbs import ALONE, ALONE_CALL, GIVE, NOT_ALONE, NOT_ALONE_CALL, ORDER_UP, ORDER_UP_CALL

if TYPE_CHECKING:
    from ...view import View

__all__ = ["EuchreFlow", "HandState"]

EUCHRE24 = Deck("euchre24", DECKS["joker25"].mask & ~(1 << JOKER_INDEX))
_SUIT_LETTERS = "CDHS"
_JOKER_SUITS = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}
# Enum members read once: each ``Phase.X`` in Python 3.11 goes through EnumType's hook.
_AUCTION, _TRUMP, _DISCARD, _ALONE, _GIVE = (
    Phase.AUCTION, Phase.TRUMP, Phase.DISCARD, Phase.ALONE, Phase.GIVE,
)  # fmt: skip
_ALONE_KIND, _GIVE_KIND, _DISCARD_KIND = ALONE, GIVE, Kind.DISCARD
_FIRST_ROUND = (PASS, ORDER_UP_CALL)
_new = tuple.__new__
_ALONE_OR_NOT = (ALONE_CALL, NOT_ALONE_CALL)


@functools.cache
def _summary(outcome: tuple[int, bool, str, int, int, int]) -> str:
    """A hand's summary line for (maker, alone, trump letter, tricks taken, makers' and
    defenders' points), formatted once for each of its few outcomes: a hand is scored every
    twenty cards, and formatting was a quarter of scoring."""
    maker, alone, trump, taken, makers, defenders = outcome
    result = "made" if taken >= 3 else "euchred"
    lone = " alone" if alone else ""
    return (f"seat {maker}{lone} made {trump} trump, took {taken}: "
            f"{result}, {makers:+d} / {defenders:+d}")  # fmt: skip


@dataclass(slots=True)
class HandState:
    """One hand of Euchre: the calls so far, the maker and the lone hands."""

    turnup: int
    proposed: int
    passes: int = 0
    maker: int | None = None
    ordered_up: bool = False
    lone: int | None = None
    lone_defender: int | None = None
    to_ask: list[int] = field(default_factory=list)
    swaps: list[int] = field(default_factory=list)
    """Lone players still to take their partner's best card (railroad), in order."""
    calls: list[tuple[int, str]] = field(default_factory=list)
    discards: dict[int, int] = field(default_factory=dict)
    gifts: list[tuple[int, int, int]] = field(default_factory=list)
    """Railroad gifts: (giver, receiver, card bit)."""

    def copy(self) -> HandState:
        return HandState(self.turnup, self.proposed, self.passes, self.maker, self.ordered_up,
                         self.lone, self.lone_defender, self.to_ask[:], self.swaps[:],
                         self.calls[:], dict(self.discards), self.gifts[:])  # fmt: skip


class EuchreFlow(Flow):
    """The hooks of Euchre and its variants (cutthroat, railroad, lone defenders)."""

    VIEW_SECTION = EuchreSection
    HIDDEN = EuchreHidden()
    CALLS: tuple[Kind, ...] = (Kind.PASS, ALONE, NOT_ALONE, ORDER_UP)
    ONE_CARD_KINDS: tuple[Kind, ...] = (Kind.DISCARD, GIVE)
    ACTION_KINDS = frozenset({Kind.PASS, ORDER_UP, Kind.TRUMP, Kind.DISCARD, ALONE, NOT_ALONE,
                              GIVE, Kind.PLAY})  # fmt: skip
    LARGEST_EXCHANGE = 0

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.cutthroat = rules.value(CUTTHROAT)
        self.players = 3 if self.cutthroat else 4
        self.railroad = rules.value(RAILROAD)
        self.deck = DECKS["joker25"] if self.railroad else EUCHRE24
        self.ranking = Ranking(self.deck.mask, joker_top=self.railroad, bowers=True)
        self.stick = rules.value(STICK_THE_DEALER)
        self.lone_defenders = rules.value(LONE_DEFENDER)
        self.only_against_lone = (
            rules.value(LONE_DEFENDER_AGAINST) is LoneDefenderAgainst.LONE_MAKER
        )
        self.target = rules.value(TARGET_SCORE)
        self.march_alone = rules.value(CUTTHROAT_MARCH)
        self.discard_turnup = rules.value(DEALER_MAY_DISCARD_TURNUP)
        self.joker_suit = _JOKER_SUITS[rules.value(JOKER_TURNUP).value]
        packets = rules.value(DEAL_PACKETS)
        self.owners = [
            owners_of([(seat, size) for size in packets for seat in self._clockwise(dealer + 1)])
            for dealer in range(self.players)
        ]
        self.second_round = [
            tuple(Action.name_trump(s) for s in range(4) if s != upsuit) for upsuit in range(4)
        ]
        self.second_round_passable = [(PASS, *calls) for calls in self.second_round]
        self.seat_sides = tuple(self.side_of(seat) for seat in range(self.players))
        self.handlers = {kind: handler.__get__(self) for kind, handler in _HANDLERS.items()}

    def _clockwise(self, seat: int) -> list[int]:
        return [(seat + step) % self.players for step in range(self.players)]

    # -- seats and dealing ---------------------------------------------------------------------

    def sides(self) -> tuple[tuple[int, ...], ...]:
        return ((0,), (1,), (2,)) if self.cutthroat else ((0, 2), (1, 3))

    def side_of(self, seat: int) -> int:
        return seat if self.cutthroat else seat % 2

    def partner(self, seat: int) -> int:
        return (seat + 2) % 4

    def hand_sizes(self, dealer: int) -> tuple[int, ...]:
        return (TRICKS,) * self.players

    def dealt_to(self, game: FlowGame | None, dealer: int) -> tuple[int, ...]:
        return self.owners[dealer]

    def new_ledger(self) -> SideLedger:
        if self.cutthroat:
            return SideLedger((0, 1, 2), 3)
        return SideLedger((0, 1, 0, 1), 2)

    def start_hand(self, game: FlowGame) -> None:
        turnup = game.stock[0]
        proposed = self.joker_suit if turnup == JOKER_INDEX else turnup // 16
        game.begin_hand(HandState(turnup, proposed), _AUCTION, (game.dealer + 1) % self.players)

    # -- the making of trump -------------------------------------------------------------------

    def legal_actions(self, game: FlowGame) -> tuple[Action, ...]:
        phase = game.phase
        state: HandState = game.state
        if phase is _AUCTION:
            return _FIRST_ROUND
        if phase is _TRUMP:
            last = self.stick and state.passes == 2 * self.players - 1
            table = self.second_round if last else self.second_round_passable
            return table[state.proposed]
        if phase is _ALONE:
            return _ALONE_OR_NOT
        hand = game.hands[game.to_move]  # type: ignore[index]
        if phase is _GIVE:
            return card_actions(_GIVE_KIND, hand)
        if not state.swaps and not self.discard_turnup:
            hand &= ~(1 << state.turnup)
        return card_actions(_DISCARD_KIND, hand)

    def apply(self, game: FlowGame, seat: int, action: Action) -> None:
        self.handlers[action.kind](game, seat, action)

    def _on_pass(self, game: FlowGame, seat: int, action: Action) -> None:
        state: HandState = game.state
        state.calls.append((seat, "pass"))
        state.passes += 1
        if state.passes == 2 * self.players:
            game.finish_hand()  # thrown in: nobody made trump, the deal passes on
        elif state.passes == self.players:
            game.move_to((seat + 1) % self.players, _TRUMP)
        else:
            game.move_to((seat + 1) % self.players)

    def _on_order_up(self, game: FlowGame, seat: int, action: Action) -> None:
        state: HandState = game.state
        state.calls.append((seat, "order-up"))
        state.maker, state.ordered_up = seat, True
        game.set_trump(state.proposed)
        dealer = game.dealer
        game.set_hand(dealer, game.hands[dealer] | 1 << state.turnup)
        game.set_stock(game.stock[1:])
        game.move_to(dealer, _DISCARD)

    def _on_trump(self, game: FlowGame, seat: int, action: Action) -> None:
        game.state.calls.append((seat, action.text))
        game.state.maker = seat
        game.set_trump(_SUIT_LETTERS.index(action.value))
        self._ask_maker(game)

    def _on_discard(self, game: FlowGame, seat: int, action: Action) -> None:
        state: HandState = game.state
        card = 1 << action.cards[0]
        game.set_hand(seat, game.hands[seat] & ~card)
        state.discards[seat] = state.discards.get(seat, 0) | card
        if state.swaps:
            state.swaps.pop(0)
            self._next_swap(game)
        else:
            self._ask_maker(game)

    def _ask_maker(self, game: FlowGame) -> None:
        if self.cutthroat:
            self._start_play(game)
        else:
            game.move_to(game.state.maker, _ALONE)

    def _on_alone(self, game: FlowGame, seat: int, action: Action) -> None:
        state: HandState = game.state
        wants = action.kind is _ALONE_KIND
        state.calls.append((seat, action.text))
        if seat == state.maker:
            state.lone = seat if wants else None
            if not self.lone_defenders and not self.railroad:  # the usual case, in short
                self._start_play(game)
                return
            state.to_ask = self._defenders_to_ask(game, state)
        elif wants:
            state.lone_defender, state.to_ask = seat, []
        else:
            state.to_ask.pop(0)
        if state.to_ask:
            game.move_to(state.to_ask[0])
            return
        if self.railroad:
            state.swaps = [s for s in (state.lone, state.lone_defender) if s is not None]
        self._next_swap(game)

    def _defenders_to_ask(self, game: FlowGame, state: HandState) -> list[int]:
        if not self.lone_defenders or (self.only_against_lone and state.lone is None):
            return []
        maker = state.maker
        assert maker is not None
        return [s for s in self._clockwise(game.dealer + 1) if (s - maker) % 2]

    def _next_swap(self, game: FlowGame) -> None:
        state: HandState = game.state
        if state.swaps:
            game.move_to(self.partner(state.swaps[0]), _GIVE)
        else:
            self._start_play(game)

    def _on_give(self, game: FlowGame, seat: int, action: Action) -> None:
        state: HandState = game.state
        card = 1 << action.cards[0]
        receiver = state.swaps[0]
        game.set_hand(seat, game.hands[seat] & ~card)
        game.set_hand(receiver, game.hands[receiver] | card)
        state.gifts.append((seat, receiver, action.cards[0]))
        game.move_to(receiver, _DISCARD)

    def _start_play(self, game: FlowGame) -> None:
        state: HandState = game.state
        if state.lone is None and state.lone_defender is None:
            game.start_play((game.dealer + 1) % self.players, TRICKS)
            return
        out = {self.partner(s) for s in (state.lone, state.lone_defender) if s is not None}
        game.set_active(s for s in range(self.players) if s not in out)
        game.start_play(game.next_active(game.dealer), TRICKS)

    # -- scoring -------------------------------------------------------------------------------

    def score_hand(self, game: FlowGame) -> HandResult:
        state: HandState = game.state
        ledger: SideLedger = game.ledger  # type: ignore[assignment]
        won = tuple(game.tricks_won)
        maker = state.maker
        if maker is None:
            return HandResult(game.deal_number, game.hand_number, game.dealer, won,
                              (0,) * self.players, ledger.scores(), "thrown in: all passed",
                              {"maker": None, "thrown_in": True})  # fmt: skip
        maker_side = self.seat_sides[maker]
        taken = won[maker] if self.cutthroat else won[maker] + won[(maker + 2) % 4]
        made = taken >= 3
        makers = self.makers_points(state, taken) if made else 0
        defenders = 0 if made else 4 if state.lone_defender is not None else 2
        points = ledger.points
        for side in range(len(points)):
            points[side] += makers if side == maker_side else defenders
        trump = _SUIT_LETTERS[game.trump]  # type: ignore[index]
        summary = _summary((maker, state.lone is not None, trump, taken, makers, defenders))
        details = {"maker": maker, "trump": trump, "ordered_up": state.ordered_up,
                   "alone": state.lone, "lone_defender": state.lone_defender, "taken": taken,
                   "euchred": not made}  # fmt: skip
        deltas = tuple([makers if side == maker_side else defenders for side in self.seat_sides])
        # tuple.__new__ skips the named tuple's Python-level __new__: one result a hand
        return _new(HandResult, (game.deal_number, game.hand_number, game.dealer, won, deltas,
                                 ledger.scores(), summary, details))  # fmt: skip

    def makers_points(self, state: HandState, taken: int) -> int:
        """What the makers score for ``taken`` (three or more) tricks."""
        if taken < TRICKS:
            return 1
        if self.cutthroat:
            return self.march_alone
        return 4 if state.lone is not None else 2

    def is_over(self, game: FlowGame) -> bool:
        ledger = game.ledger
        assert isinstance(ledger, SideLedger)
        return max(ledger.points) >= self.target

    def target_score(self) -> int:
        return self.target

    def winners(self, game: FlowGame) -> tuple[int, ...]:
        """The side with the most points (only the makers or only the defenders score in a
        hand; two cutthroat defenders level on the target share the win)."""
        ledger = game.ledger
        assert isinstance(ledger, SideLedger)
        best = max(ledger.points)
        return tuple(s for s in range(self.players) if ledger.points[self.side_of(s)] == best)

    def heuristic(self, view: View, rng: random.Random) -> Action | None:
        return heuristic.choose(view, rng)

    # -- view ----------------------------------------------------------------------------------

    def view(self, game: FlowGame, seat: int | None) -> EuchreSection:
        state: HandState = game.state
        gave = [c for giver, _, c in state.gifts if giver == seat]
        received = [c for _, receiver, c in state.gifts if receiver == seat]
        discards = state.discards.get(seat, 0) if seat is not None else 0
        return EuchreSection(
            turnup=CARD_TEXTS[state.turnup],
            proposed=_SUIT_LETTERS[state.proposed],
            turnup_taken=state.ordered_up,
            calls=calls_shown(tuple(state.calls)),
            maker=state.maker,
            ordered_up=state.ordered_up,
            alone=state.lone,
            lone_defender=state.lone_defender,
            kitty_size=len(self.deck) - TRICKS * self.players - 1,
            discards=card_texts(discards) if discards else None,
            gave=tuple(CARD_TEXTS[c] for c in gave) if gave else None,
            received=tuple(CARD_TEXTS[c] for c in received) if received else None,
        )


_HANDLERS = {
    Kind.PASS: EuchreFlow._on_pass,
    ORDER_UP: EuchreFlow._on_order_up,
    Kind.TRUMP: EuchreFlow._on_trump,
    Kind.DISCARD: EuchreFlow._on_discard,
    ALONE: EuchreFlow._on_alone,
    NOT_ALONE: EuchreFlow._on_alone,
    GIVE: EuchreFlow._on_give,
}
