"""Rams: five cards each, a widow, a turned-up trump; play or pass, and never be looed.

Three to six players (two with ``allow_two_players``) each play for himself with 32 cards,
A K Q J 10 9 8 7 in each suit. Five cards each, dealt 3+2 from the dealer's left; a widow hand
receives its packet just before the dealer's in each round; the next card is turned up and
names trump. With six players the dealer deals himself no hand.

Each player in turn (eldest first, the dealer last) declares ``in``, ``pass``, ``widow`` (throw
in his hand and play the widow) or ``general`` (undertake all five tricks; everybody then plays,
passers with the hands they kept). A dealer who plays may take the turn-up, discarding a card
face down (``exchange 9C``, or ``decline``). The first active player on the dealer's left leads
(the declarer of a general leads it). Players must follow suit and win the trick if able, else
trump (overtrumping if able, still trumping if not), else discard.

Defaults (rules.md §6 with the decisions of §0.5):

* chips: the dealer antes 5; each trick wins a fifth of the pot; an active player who takes no
  trick is looed and pays 5 into the next pot; a remainder stays in the pot;
* simple pot (nothing carried in): nobody may pass; a pass is never allowed if fewer than two
  would play;
* widow first come; general rams on any turn, no widow after it; a failed general divides the
  pot, the declarer pays 5 to each other player and matches the pot into the next one;
* a session is one complete round (every player deals once), then on until a hand ends with an
  empty pot; the highest balance wins.

Counters (``scoring=countdown``): start at 10, -1 per trick, +5 when looed; players at 0 drop
out and the last one left loses (or ``countdown_end=first_out_wins``).

The family flow here is also Bierspiel's and Rounce's; they differ by options and by the hooks
:meth:`RamsFlow.turn_up`, :meth:`RamsFlow.exchange_offer`, :meth:`RamsFlow.exchange_actions` and
:meth:`RamsFlow.play_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...actions import Action, Kind, card_action
from ...cards import CARD_TEXT, DECKS, display_key, indices_of
from ...deal import WIDOW, Deal, owners_of
from ...errors import NotationError
from ...flow import Flow, HandResult
from ...jsonrecord import card_texts, texts_of
from ...options import GameDef, OptionValue, Rules
from ...phase import Phase
from ...ranking import Ranking
from ...trick import PlayRules, Policy, Trick
from ...view_parts import Call
from . import heuristic
from .batch import rams_part
from .declare import HandState, declaration_actions, next_to_declare
from .hand_end import counters_after_hand, final_winners, hand_summary, penalised
from .hidden import RamsHidden
from .ledgers import ChipLedger, CounterLedger, Payment, merged
from .options import (
    ACE_RANK,
    ANTE,
    COUNTDOWN_START,
    DEAL_PACKETS,
    DEALER_TURNUP_EXCHANGE,
    DEALER_WIDOW_AND_TURNUP,
    HAND_SIZE,
    HANDLESS_DEALER_TURNUP,
    HEADING,
    PLAYERS,
    SCORING,
    SIX_PLAYER_DEALER_SITS_OUT,
    AceRank,
    HandlessDealerTurnup,
    Scoring,
    family_check,
    family_options,
    widow_packets,
)
from .scoring import TRICKS, Outcome, settle_chips, settle_counters
from .section import (
    ChipLedgerView,
    CounterLedgerView,
    RamsSection,
    dealer_ante,
    encoding_fields,
)
from .table_words import rams_words
from .terminal import terminal_lines
from .verbs import DECLINE, DECLINE_CALL, EXCHANGE, GENERAL, IN, VERBS
from .verbs import WIDOW as TAKE_WIDOW

if TYPE_CHECKING:
    from ...flow_game import FlowGame
    from ...view import View

__all__ = ["GAME", "RamsFlow"]

FamilyLedger = ChipLedger | CounterLedger


def ledger_of(game: FlowGame) -> FamilyLedger:
    ledger = game.ledger
    assert isinstance(ledger, ChipLedger | CounterLedger)
    return ledger


class RamsFlow(Flow):
    VIEW_SECTION = RamsSection
    HIDDEN = RamsHidden()
    """The hand flow of the Rams family."""

    CALLS: tuple[Kind, ...] = (Kind.PASS, IN, TAKE_WIDOW, GENERAL, DECLINE)
    ACTION_KINDS = frozenset({Kind.PASS, IN, TAKE_WIDOW, GENERAL, EXCHANGE, DECLINE, Kind.DISCARD,
                              Kind.PLAY})  # fmt: skip
    LARGEST_EXCHANGE = 1

    has_widow = True
    deck_name = "piquet32"

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.players = rules.value(PLAYERS)
        self.deck = DECKS[self.deck_name]
        self.ranking = self.make_ranking()
        self.widow_size = self.widow_size_of(rules.options)
        self.chips = rules.value(SCORING) is Scoring.CHIPS
        self.packets = rules.value(DEAL_PACKETS)
        self.widow_packets = widow_packets(rules.options, self.widow_size)

    def dealer_ante(self, view: View) -> int:
        return dealer_ante(view)

    # -- hooks the family's games override -----------------------------------------------------

    def make_ranking(self) -> Ranking:
        ecarte = self.rules.value(ACE_RANK) is AceRank.ECARTE
        return Ranking(self.deck.mask, ace="ecarte" if ecarte else "high")

    @staticmethod
    def widow_size_of(options: Mapping[str, OptionValue]) -> int:
        return HAND_SIZE

    def turn_up(self, stock: Sequence[int]) -> tuple[tuple[int, ...], int]:
        """The turned-up card(s) and the trump they name."""
        if not stock:
            raise NotationError("the deal has no card left to turn up for trump")
        return (stock[0],), suit_of(stock[0])

    def exchange_offer(self, game: FlowGame, state: HandState) -> int | None:
        """The seat that may take the turn-up, or ``None``."""
        if not self.rules.value(DEALER_TURNUP_EXCHANGE):
            return None
        dealer = game.dealer
        if dealer not in state.seated:
            turnup = self.rules.value(HANDLESS_DEALER_TURNUP)
            if turnup is HandlessDealerTurnup.FIRST_ACTIVE_LEFT:
                return state.players_in()[0]
            return None
        return dealer if self.dealer_may_exchange(state, dealer) else None

    def dealer_may_exchange(self, state: HandState, dealer: int) -> bool:
        if dealer not in state.players_in():
            return False
        return state.widow_taker != dealer or self.rules.value(DEALER_WIDOW_AND_TURNUP)

    def exchange_actions(self, game: FlowGame, seat: int) -> list[Action]:
        """``exchange`` discarding as many cards as are turned up, or ``decline``."""
        hand = sorted(indices_of(game.hands[seat]), key=display_key)
        size = len(game.state.turnup)
        actions = [card_action(EXCHANGE, *cards) for cards in combinations(hand, size)]
        return [*actions, DECLINE_CALL]

    def play_rules(self, game: FlowGame, state: HandState) -> PlayRules:
        return self.hand_play_rules(len(state.players_in()))

    def hand_play_rules(self, playing: int) -> PlayRules:
        """The play rules of a hand that ``playing`` players play (the batch engine reads them
        for every count, so that its kernel derives none itself)."""
        return PlayRules(Policy.LOO_STRICT, self.rules.value(HEADING))

    # -- dealing -------------------------------------------------------------------------------

    def seating(self, ledger: FamilyLedger, dealer: int) -> tuple[int, ...]:
        """The seats dealt a hand, eldest first and the dealer (if dealt in) last."""
        remaining = ledger.remaining()
        order = sorted(remaining, key=lambda seat: (seat - dealer - 1) % self.players)
        if len(remaining) == 6 and self.rules.value(SIX_PLAYER_DEALER_SITS_OUT):
            order.remove(dealer)
        return tuple(order)

    def hand_sizes(self, dealer: int) -> tuple[int, ...]:
        seated = self.seating(self.new_ledger(), dealer)
        return tuple(HAND_SIZE if seat in seated else 0 for seat in range(self.players))

    def dealt_to(self, game: FlowGame | None, dealer: int) -> tuple[int, ...]:
        ledger = self.new_ledger() if game is None else ledger_of(game)
        return self._dealt_to(dealer, self.seating(ledger, dealer))

    def _dealt_to(self, dealer: int, seated: tuple[int, ...]) -> tuple[int, ...]:
        schedule: list[tuple[int, int]] = []
        for size, widow in zip(self.packets, self.widow_packets, strict=True):
            for seat in seated:
                if seat == dealer:
                    schedule.append((WIDOW, widow))
                schedule.append((seat, size))
            if dealer not in seated:
                schedule.append((WIDOW, widow))
        return owners_of(schedule)

    def verify_game_deal(self, game: FlowGame, deal: Deal, dealer: int) -> None:
        self._verify(deal, self.seating(ledger_of(game), dealer))

    def verify_deal(self, deal: Deal, dealer: int) -> None:
        self._verify(deal, self.seating(self.new_ledger(), dealer))

    def _verify(self, deal: Deal, seated: tuple[int, ...]) -> None:
        self._verify_pack(deal.all_cards())  # a duplicate or foreign card is named first
        for seat, hand in enumerate(deal.hands):
            size = HAND_SIZE if seat in seated else 0
            if hand.bit_count() != size:
                raise NotationError(
                    f"seat {seat} holds {hand.bit_count()} cards in the deal; it must hold {size}"
                )
        if (deal.widow or 0).bit_count() != self.widow_size:
            got = (deal.widow or 0).bit_count()
            raise NotationError(f"the widow has {got} cards; it must have {self.widow_size}")
        cards = deal.all_cards()
        count = len(seated) * HAND_SIZE + self.widow_size + len(deal.stock)
        if cards & ~self.deck.mask or cards.bit_count() != count:
            raise NotationError(f"the deal uses cards that are not in the {self.deck.name} pack")
        self.turn_up(deal.stock)

    # -- the hand ------------------------------------------------------------------------------

    def new_ledger(self) -> FamilyLedger:
        if self.chips:
            return ChipLedger(self.players)
        return CounterLedger(self.players, self.rules.value(COUNTDOWN_START))

    def next_dealer(self, game: FlowGame) -> int:
        remaining = ledger_of(game).remaining()
        step = 1
        while (game.dealer + step) % self.players not in remaining:
            step += 1
        return (game.dealer + step) % self.players

    def start_hand(self, game: FlowGame) -> None:
        ledger = ledger_of(game)
        seated = self.seating(ledger, game.dealer)
        before = ledger.scores()
        simple = isinstance(ledger, ChipLedger) and ledger.is_simple_pot
        carried = ledger.carry if isinstance(ledger, ChipLedger) else 0
        if isinstance(ledger, ChipLedger):
            ledger.open_pot(game.dealer, self.rules.value(ANTE))
        turned, trump = self.turn_up(game.stock)
        game.set_trump(trump)
        state = HandState(seated, simple, turned, before, list(before), [0] * self.players)
        state.carried = carried
        game.begin_hand(state, Phase.DECLARE, seated[0])

    # -- decisions -----------------------------------------------------------------------------

    def legal_actions(self, game: FlowGame) -> list[Action]:
        seat = game.to_move
        assert seat is not None
        if game.phase is Phase.DECLARE:
            return declaration_actions(self.rules, self.chips, game.state)
        if game.phase is Phase.DISCARD:
            return [card_action(Kind.DISCARD, c) for c in indices_of(game.hands[seat])]
        return self.exchange_actions(game, seat)

    def apply(self, game: FlowGame, seat: int, action: Action) -> None:
        if action.kind is Kind.DISCARD:
            self._on_discard(game, seat, action)
        elif action.kind in (EXCHANGE, DECLINE):
            self._on_exchange(game, seat, action)
        else:
            self._on_declare(game, seat, action)

    def _on_declare(self, game: FlowGame, seat: int, action: Action) -> None:
        state: HandState = game.state
        state.calls.append((seat, str(action)))
        if action.kind is not Kind.PASS:
            state.active.append(seat)
        if action.kind is GENERAL:
            state.general = seat
        elif action.kind is TAKE_WIDOW:
            self._take_widow(game, seat)
            if game.hands[seat].bit_count() > HAND_SIZE:
                game.move_to(seat, Phase.DISCARD)
                return
        self._next_declarer(game)

    def _take_widow(self, game: FlowGame, seat: int) -> None:
        state: HandState = game.state
        state.widow_taker = seat
        state.dead[seat] |= game.hands[seat]
        game.set_hand(seat, game.widow or 0)
        game.set_widow(0)

    def _on_discard(self, game: FlowGame, seat: int, action: Action) -> None:
        card = action.cards[0]
        game.set_hand(seat, game.hands[seat] & ~(1 << card))
        game.state.dead[seat] |= 1 << card
        if game.hands[seat].bit_count() <= HAND_SIZE:
            game.move_to(seat, Phase.DECLARE)
            self._next_declarer(game)

    def _next_declarer(self, game: FlowGame) -> None:
        seat = next_to_declare(self.rules, game.state)
        if seat is None:
            self._end_declarations(game)
        else:
            game.move_to(seat)

    def _end_declarations(self, game: FlowGame) -> None:
        state: HandState = game.state
        state.offer = self.exchange_offer(game, state)
        if state.offer is None:
            self._start_play(game)
        else:
            game.move_to(state.offer, Phase.EXCHANGE)

    def _on_exchange(self, game: FlowGame, seat: int, action: Action) -> None:
        state: HandState = game.state
        if action.kind is EXCHANGE:
            taken = state.turnup[-len(action.cards) :]
            discards = sum(1 << card for card in action.cards)
            hand = game.hands[seat] & ~discards
            for card in taken:
                hand |= 1 << card
            game.set_hand(seat, hand)
            state.dead[seat] |= discards
            game.set_stock(card for card in game.stock if card not in taken)
            state.exchanger = seat
        state.offer = None
        self._start_play(game)

    def _start_play(self, game: FlowGame) -> None:
        state: HandState = game.state
        playing = state.players_in()
        game.set_active(playing)
        leader = playing[0] if state.general is None else state.general
        game.start_play(leader, TRICKS, self.play_rules(game, state))

    def trick_done(self, game: FlowGame, trick: Trick) -> None:
        state: HandState = game.state
        winner = trick.winner
        if self.chips or winner < 0 or winner == state.general:
            return
        state.running[winner] -= 1
        if state.running[winner] <= 0 and winner not in state.reached:
            state.reached.append(winner)

    # -- scoring -------------------------------------------------------------------------------

    def score_hand(self, game: FlowGame) -> HandResult:
        state: HandState = game.state
        out = Outcome(state.seated, state.players_in(), tuple(t.winner for t in game.tricks),
                      state.general)  # fmt: skip
        ledger = ledger_of(game)
        ledger.journal = self._opening(game, state)
        self._settle(ledger, out)
        payments, ledger.journal = merged(ledger.journal), None
        dropped: list[int] = []
        if isinstance(ledger, CounterLedger):
            dropped = counters_after_hand(self.rules, ledger, state, out)
        scores = ledger.scores()
        deltas = tuple(a - b for a, b in zip(scores, state.before, strict=True))
        final = final_winners(
            self.rules, self.players, len(game.results) + 1, ledger=ledger, state=state, out=out
        )
        details = self._details(game, out, dropped, final)
        details["payments"] = payments
        return HandResult(
            deal_number=game.deal_number, hand_number=game.hand_number, dealer=game.dealer,
            tricks=tuple(game.tricks_won), deltas=deltas, scores=scores,
            summary=hand_summary(self.rules, out, deltas), details=details,
        )  # fmt: skip

    def gain_if(self, game: FlowGame, seat: int, tricks: int) -> float | None:
        state: HandState = game.state
        done = [trick.winner for trick in game.tricks]
        left = TRICKS - len(done)
        more = min(max(tricks - done.count(seat), 0), left)
        others = [s for s in state.players_in() if s != seat]
        rest = others[0] if others else seat
        winners = tuple(done + [seat] * more + [rest] * (left - more))
        ledger = ledger_of(game).copy()
        before = ledger.scores()[seat]
        self._settle(ledger, Outcome(state.seated, state.players_in(), winners, state.general))
        return float(self.score_sign() * (ledger.scores()[seat] - before))

    def _opening(self, game: FlowGame, state: HandState) -> list[Payment]:
        """The hand's first movements, made when it was dealt: the carry goes into the pot,
        and the dealer antes (chips scoring; counters have none)."""
        if not self.chips:
            return []
        carried = {"for": "carried", "from": "carry", "to": "pot", "chips": state.carried}
        ante = {"for": "ante", "from": game.dealer, "to": "pot", "chips": self.rules.value(ANTE)}
        return [carried, ante] if state.carried else [ante]

    def _settle(self, ledger: FamilyLedger, out: Outcome) -> None:
        if isinstance(ledger, ChipLedger):
            settle_chips(ledger, self.rules, out)
        else:
            settle_counters(ledger, self.rules, out)

    def _details(
        self, game: FlowGame, out: Outcome, dropped: list[int], final: tuple[int, ...] | None
    ) -> dict[str, Any]:
        """The hand's facts for the record and the views (all of them public)."""
        state: HandState = game.state
        return {
            "trump": "CDHS"[game.table.trump] if game.table else None,
            "turnup": [CARD_TEXT[c] for c in state.turnup],
            "calls": [[seat, call] for seat, call in state.calls],
            "general": state.general,
            "general_made": out.general_made,
            "active": list(out.active),
            "looed": penalised(self.rules, out),
            "reached_zero": state.reached[:],
            "dropped": dropped,
            "ledger": ledger_of(game).to_dict(),
            "final_winners": None if final is None else list(final),
        }

    def is_over(self, game: FlowGame) -> bool:
        return game.results[-1].details["final_winners"] is not None

    def winners(self, game: FlowGame) -> tuple[int, ...]:
        return tuple(game.results[-1].details["final_winners"])

    def can_go_on(self, game: FlowGame) -> bool:
        """A session of so many deals goes on while two players at least are left in it."""
        return len(ledger_of(game).remaining()) > 1

    # -- view ----------------------------------------------------------------------------------

    def view(self, game: FlowGame, seat: int | None) -> RamsSection:
        state: HandState = game.state
        ledger = ledger_of(game)
        playing = game.phase is Phase.PLAY
        dead = state.dead[seat] if seat is not None else 0
        return RamsSection(
            scoring=str(self.rules.value(SCORING)),
            seated=tuple(state.seated),
            turnup=texts_of(state.turnup),
            turnup_taken_by=state.exchanger,
            exchange_offer=state.offer,
            declarations=tuple(Call(s, c) for s, c in state.calls),
            widow_size=self.widow_size,
            widow_taker=state.widow_taker,
            general=state.general,
            simple_pot=state.simple_pot,
            ledger=_ledger_view(ledger),
            pot=ledger.pot if isinstance(ledger, ChipLedger) else None,
            out=tuple(s for s in range(self.players) if s not in ledger.remaining()),
            trump_lead_tricks=tuple(sorted(game.play_rules.trump_leads)) if playing else None,
            blind_lead=game.play_rules.blind_lead if playing else None,
            discards=card_texts(dead) if dead else None,
        )  # fmt: skip


def _ledger_view(ledger: ChipLedger | CounterLedger) -> ChipLedgerView | CounterLedgerView:
    if isinstance(ledger, ChipLedger):
        return ChipLedgerView(tuple(ledger.balances), ledger.pot, ledger.carry)
    out = tuple(seat for seat, gone in enumerate(ledger.out) if gone)
    return CounterLedgerView(tuple(ledger.counters), out)


def suit_of(card: int) -> int:
    return card % 64 // 16


OPTIONS = family_options(max_players=6)

GAME = GameDef(
    name="rams",
    title="Rams",
    summary="Three to six players, 32 cards, a widow and a turned-up trump; chips or counters.",
    options=OPTIONS,
    make_flow=RamsFlow,
    check=family_check(32, 1, RamsFlow.widow_size_of),
    aliases=("ramscheln",),
    presets=(
        ("Four players, chips", {}),
        ("Five players, chips", {"players": 5}),
        ("Four players, counting down", {"scoring": "countdown"}),
    ),
    heuristic=heuristic.choose,
    encoding=encoding_fields,
    terminal=terminal_lines,
    verbs=VERBS,
    table=rams_words,
    batch=rams_part,
)
