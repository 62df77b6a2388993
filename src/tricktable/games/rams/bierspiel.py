"""Bierspiel: Rams with the 7♦ as second trump, forced trump leads and a 15-point countdown.

Played like Rams (three to six players, 32 cards, five each, a widow, a turned-up trump; ``in``,
``pass``, ``widow``, ``general``; follow and head, else trump and overtrump) except:

* the 7♦ is always the second-highest trump, below the top trump of whatever suit is trump, and
  a trump for every purpose (a player whose only diamond is the 7♦ is void in diamonds);
* if the 7♦ is turned up, the next card is turned and names trump, and the dealer may take both
  cards discarding two (``exchange 9C 8H``); if he has no hand or passes, the first active
  player on his left may; a dealer who plays but declines forfeits it;
* the first ``min(active - 1, 3)`` leads must be trumps; a leader without a trump lays any card
  face down — it never wins and nobody else ever sees it; the others must play trumps
  (overtrumping if able), and if nobody does the leader wins the trick;
* every player starts at 15 points; each trick cancels one, a player in who takes none adds 5;
  the first to cancel all his points wins (several in one hand: the earliest in trick order).

Defaults (rules.md §7 with §0.5.17): no ante and no pot (``scoring=countdown``), so passing is
allowed on the first hand; ``countdown_end=first_out_wins``; ``countdown_start=15``; the 7♦
exchange passes to the left only when the 7♦ is turned (``turnup_transfer``), both cards or
neither (``seven_turnup_partial``). With ``seven_turnup_partial`` the one-card exchange
(``exchange 9C``) takes the card that named trump.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from ...actions import Action, card_action
from ...cards import card_index, indices_of
from ...errors import NotationError
from ...options import GameDef, Option
from ...ranking import Ranking
from ...trick import BlindUnanswered, PlayRules, Policy
from . import heuristic
from .batch import rams_part
from .declare import HandState
from .options import (
    DEALER_TURNUP_EXCHANGE,
    HEADING,
    CountdownEnd,
    Scoring,
    family_check,
    family_options,
)
from .rams import RamsFlow, suit_of
from .section import encoding_fields
from .table_words import bierspiel_words
from .terminal import terminal_lines
from .verbs import EXCHANGE, VERBS

if TYPE_CHECKING:
    from ...flow_game import FlowGame

__all__ = ["GAME", "BierspielFlow"]

SEVEN_OF_DIAMONDS = card_index(7, 1)
MOST_FORCED_LEADS = 3


class ForcedTrumpLeads(StrEnum):
    UP_TO_THREE = "up_to_three"
    OFF = "off"


class TurnupTransfer(StrEnum):
    SEVEN_CASE_ONLY = "seven_case_only"
    ALWAYS = "always"


class GeneralScoring(StrEnum):
    S2_COUNTERS = "s2_counters"


SEVEN_DIAMONDS_SECOND_TRUMP = Option(
    "seven_diamonds_second_trump", "bool", True,
    "The 7D is the second-highest trump whatever suit is trump.",
)  # fmt: skip
FORCED_TRUMP_LEADS = Option(
    "forced_trump_leads", "choice", ForcedTrumpLeads.UP_TO_THREE,
    "The first min(active - 1, 3) leads must be trumps (a leader without one leads face down), "
    "or no forced leads.",
)  # fmt: skip
BLIND_LEAD_NO_TRUMP = Option(
    "blind_lead_no_trump", "choice", BlindUnanswered.LEADER_WINS,
    "A face-down lead that nobody trumps: the leader wins, the trick is void, or the card is "
    "revealed and the trick played as if it were led face up.",
)  # fmt: skip
TURNUP_TRANSFER = Option(
    "turnup_transfer", "choice", TurnupTransfer.SEVEN_CASE_ONLY,
    "A dealer without a hand or who passes gives the turn-up exchange to the first active "
    "player on his left: only when the 7D was turned, or always.",
)  # fmt: skip
SEVEN_TURNUP_PARTIAL = Option(
    "seven_turnup_partial", "bool", False,
    "With the 7D turned the exchanger may take only the card naming trump.",
)  # fmt: skip
GENERAL_SCORING = Option(
    "general_scoring", "choice", GeneralScoring.S2_COUNTERS,
    "A general in countdown: made, declarer -5 and others +5; failed, declarer +5 and others "
    "-1 per trick.",
)  # fmt: skip


class BierspielFlow(RamsFlow):
    """Rams with the 7♦ turn-up procedure and forced trump leads."""

    LARGEST_EXCHANGE = 2  # both turned cards when the 7♦ is turned up

    def make_ranking(self) -> Ranking:
        plain = super().make_ranking()
        return Ranking(
            plain.deck_mask,
            seven_diamonds=self.rules.value(SEVEN_DIAMONDS_SECOND_TRUMP),
            ace=plain.ace,
        )

    def is_seven_case(self, stock: Sequence[int]) -> bool:
        return self.rules.value(SEVEN_DIAMONDS_SECOND_TRUMP) and stock[0] == SEVEN_OF_DIAMONDS

    def turn_up(self, stock: Sequence[int]) -> tuple[tuple[int, ...], int]:
        if not stock or not self.is_seven_case(stock):
            return super().turn_up(stock)
        if len(stock) < 2:
            raise NotationError("the 7D is turned up, so the deal needs a second card for trump")
        return (stock[0], stock[1]), suit_of(stock[1])

    def exchange_offer(self, game: FlowGame, state: HandState) -> int | None:
        always = self.rules.value(TURNUP_TRANSFER) is TurnupTransfer.ALWAYS
        transfer = len(state.turnup) == 2 or always
        if not transfer:
            return super().exchange_offer(game, state)
        if not self.rules.value(DEALER_TURNUP_EXCHANGE):
            return None
        dealer = game.dealer
        if dealer in state.players_in():
            return dealer if self.dealer_may_exchange(state, dealer) else None
        return state.players_in()[0]

    def exchange_actions(self, game: FlowGame, seat: int) -> list[Action]:
        actions = super().exchange_actions(game, seat)
        if len(game.state.turnup) == 2 and self.rules.value(SEVEN_TURNUP_PARTIAL):
            singles = [card_action(EXCHANGE, c) for c in indices_of(game.hands[seat])]
            actions[-1:-1] = singles
        return actions

    def hand_play_rules(self, playing: int) -> PlayRules:
        forced = 0
        if self.rules.value(FORCED_TRUMP_LEADS) is ForcedTrumpLeads.UP_TO_THREE:
            forced = min(playing - 1, MOST_FORCED_LEADS)
        return PlayRules(
            Policy.LOO_STRICT,
            self.rules.value(HEADING),
            trump_leads=frozenset(range(forced)),
            blind_lead=forced > 0,
            blind_unanswered=self.rules.value(BLIND_LEAD_NO_TRUMP),
        )


OPTIONS = (
    *family_options(
        max_players=6, scoring=Scoring.COUNTDOWN, simple_pot_all_play=False, countdown_start=15,
        countdown_end=CountdownEnd.FIRST_OUT_WINS,
    ),
    SEVEN_DIAMONDS_SECOND_TRUMP, FORCED_TRUMP_LEADS, BLIND_LEAD_NO_TRUMP, TURNUP_TRANSFER,
    SEVEN_TURNUP_PARTIAL, GENERAL_SCORING,
)  # fmt: skip

GAME = GameDef(
    name="bierspiel",
    title="Bierspiel",
    summary="Rams with the 7 of diamonds as second trump, forced trump leads and 15 points.",
    options=OPTIONS,
    make_flow=BierspielFlow,
    check=family_check(32, 2, BierspielFlow.widow_size_of),
    aliases=("beer-play", "bier"),
    presets=(("Four players", {}), ("Five players", {"players": 5})),
    heuristic=heuristic.choose,
    encoding=encoding_fields,
    terminal=terminal_lines,
    verbs=VERBS,
    table=bierspiel_words,
    batch=rams_part,
)
