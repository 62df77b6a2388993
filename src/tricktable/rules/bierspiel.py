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

from typing import TYPE_CHECKING

from ..actions import Action, Kind, card_action
from ..cards import card_index, indices_of
from ..errors import NotationError
from ..ranking import Ranking
from ..trick import PlayRules
from .options import GameDef, Option
from .rams import RamsFlow, suit_of
from .rams_declare import HandState
from .rams_options import family_check, family_options

if TYPE_CHECKING:
    from ..engine import Game

__all__ = ["GAME", "BierspielFlow"]

SEVEN_OF_DIAMONDS = card_index(7, 1)
MOST_FORCED_LEADS = 3


class BierspielFlow(RamsFlow):
    """Rams with the 7♦ turn-up procedure and forced trump leads."""

    LARGEST_EXCHANGE = 2  # both turned cards when the 7♦ is turned up

    def make_ranking(self) -> Ranking:
        plain = super().make_ranking()
        return Ranking(
            plain.deck_mask,
            seven_diamonds=bool(self.o["seven_diamonds_second_trump"]),
            ace=plain.ace,
        )

    def is_seven_case(self, stock: tuple[int, ...] | list[int]) -> bool:
        return bool(self.o["seven_diamonds_second_trump"]) and stock[0] == SEVEN_OF_DIAMONDS

    def turn_up(self, stock: tuple[int, ...] | list[int]) -> tuple[tuple[int, ...], int]:
        if not stock or not self.is_seven_case(stock):
            return super().turn_up(stock)
        if len(stock) < 2:
            raise NotationError("the 7D is turned up, so the deal needs a second card for trump")
        return (stock[0], stock[1]), suit_of(stock[1])

    def exchange_offer(self, game: Game, state: HandState) -> int | None:
        transfer = len(state.turnup) == 2 or self.o["turnup_transfer"] == "always"
        if not transfer:
            return super().exchange_offer(game, state)
        if not self.o["dealer_turnup_exchange"]:
            return None
        dealer = game.dealer
        if dealer in state.players_in():
            return dealer if self.dealer_may_exchange(state, dealer) else None
        return state.players_in()[0]

    def exchange_actions(self, game: Game, seat: int) -> list[Action]:
        actions = super().exchange_actions(game, seat)
        if len(game.state.turnup) == 2 and self.o["seven_turnup_partial"]:
            singles = [card_action(Kind.EXCHANGE, c) for c in indices_of(game.hands[seat])]
            actions[-1:-1] = singles
        return actions

    def play_rules(self, game: Game, state: HandState) -> PlayRules:
        forced = 0
        if self.o["forced_trump_leads"] == "up_to_three":
            forced = min(len(state.players_in()) - 1, MOST_FORCED_LEADS)
        return PlayRules(
            "loo_strict",
            self.rules.get_str("heading"),  # type: ignore[arg-type]
            trump_leads=frozenset(range(forced)),
            blind_lead=forced > 0,
            blind_unanswered=self.rules.get_str("blind_lead_no_trump"),  # type: ignore[arg-type]
        )


OPTIONS = (
    *family_options(
        max_players=6, scoring="countdown", simple_pot_all_play=False, countdown_start=15,
        countdown_end="first_out_wins",
    ),
    Option("seven_diamonds_second_trump", "bool", True,
           "The 7D is the second-highest trump whatever suit is trump."),
    Option("forced_trump_leads", "choice", "up_to_three",
           "The first min(active - 1, 3) leads must be trumps (a leader without one leads face "
           "down), or no forced leads.", choices=("up_to_three", "off")),
    Option("blind_lead_no_trump", "choice", "leader_wins",
           "A face-down lead that nobody trumps: the leader wins, the trick is void, or the card "
           "is revealed and the trick played as if it were led face up.",
           choices=("leader_wins", "trick_void", "reveal_and_follow")),
    Option("turnup_transfer", "choice", "seven_case_only",
           "A dealer without a hand or who passes gives the turn-up exchange to the first "
           "active player on his left: only when the 7D was turned, or always.",
           choices=("seven_case_only", "always")),
    Option("seven_turnup_partial", "bool", False,
           "With the 7D turned the exchanger may take only the card naming trump."),
    Option("general_scoring", "choice", "s2_counters",
           "A general in countdown: made, declarer -5 and others +5; failed, declarer +5 and "
           "others -1 per trick.", choices=("s2_counters",)),
)  # fmt: skip

GAME = GameDef(
    name="bierspiel",
    title="Bierspiel",
    summary="Rams with the 7 of diamonds as second trump, forced trump leads and 15 points.",
    options=OPTIONS,
    make_flow=BierspielFlow,
    check=family_check(32, 2, BierspielFlow.widow_size_of),
    aliases=("beer-play", "bier"),
)
