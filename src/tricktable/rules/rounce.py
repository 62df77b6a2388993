"""Rounce: Rams with 52 cards, up to nine players, a six-card widow and no general rams.

Played like Rams (five cards each, a widow, a turned-up trump, ``in``/``pass``/``widow``, the
dealer may take the turn-up, chips and a pot) except:

* the full 52-card pack, ace high; three to nine players (two with ``allow_two_players``), and
  the dealer always has a hand;
* the widow has six cards: its taker throws in his hand, takes all six and discards one face
  down (``widow``, then ``discard 9C``);
* no general rams, and no simple-pot compulsion: passing is allowed even when the pot holds
  only the ante (``simple_pot_all_play=false``);
* players need only follow suit: no heading, no duty to trump (``play_policy=follow_only``);
* the winner of the first trick must lead a trump to the second if he has one; without one he
  leads any card face up (``trick2_no_trump=any``; ``face_down`` is the Bierspiel device).

The widow's last packet carries the extra card (3+3 with a 3+2 deal; ``widow_packets``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..errors import RulesError
from ..ranking import Ranking
from ..trick import PlayRules
from .options import GameDef, Option, OptionValue
from .rams import RamsFlow
from .rams_declare import HandState
from .rams_options import HAND_SIZE, family_check, family_options, option_int

if TYPE_CHECKING:
    from ..engine import Game

__all__ = ["GAME", "RounceFlow"]

SECOND_TRICK = 1
NOT_IN_ROUNCE = frozenset(
    {"ace_rank", "general_timing", "widow_after_general", "general_fail_pot",
     "general_loo_penalty", "general_success_wins_game"}
)  # fmt: skip


class RounceFlow(RamsFlow):
    """Rams on 52 cards: the big widow with a discard, follow-only play, trick-two trump lead."""

    deck_name = "full52"

    def make_ranking(self) -> Ranking:
        return Ranking(self.deck.mask)

    @staticmethod
    def widow_size_of(options: Mapping[str, OptionValue]) -> int:
        return option_int(options, "widow_size")

    def play_rules(self, game: Game, state: HandState) -> PlayRules:
        leads = frozenset({SECOND_TRICK}) if self.o["trick2_trump_lead"] else frozenset()
        return PlayRules(
            self.rules.get_str("play_policy"),  # type: ignore[arg-type]
            self.rules.get_str("heading"),  # type: ignore[arg-type]
            trump_leads=leads,
            blind_lead=bool(leads) and self.o["trick2_no_trump"] == "face_down",
        )


OPTIONS = (
    *family_options(
        max_players=9, drop=NOT_IN_ROUNCE, six_player_dealer_sits_out=False,
        simple_pot_all_play=False, general_rams=False,
    ),
    Option("widow_size", "int", 6, "Cards in the widow.", low=HAND_SIZE, high=10),
    Option("widow_discard", "int", 1, "Cards the widow's taker discards.", low=0, high=5),
    Option("widow_packets", "ints", (),
           "The widow's packet in each round of the deal (default: as the deal's, the last one "
           "carrying the extra cards).", low=1, high=10),
    Option("play_policy", "choice", "follow_only",
           "Only follow suit, or the strict Rams obligations (head, trump, overtrump).",
           choices=("follow_only", "loo_strict")),
    Option("trick2_trump_lead", "bool", True,
           "The winner of the first trick must lead a trump to the second if able."),
    Option("trick2_no_trump", "choice", "any",
           "That leader without a trump leads any card face up, or face down (it cannot win).",
           choices=("any", "face_down")),
)  # fmt: skip


def _widow_fits(options: Mapping[str, OptionValue]) -> int:
    size = RounceFlow.widow_size_of(options)
    if options["general_rams"]:
        raise RulesError("general_rams=true: Rounce has no general rams; it is always false")
    discard = option_int(options, "widow_discard")
    if size - discard != HAND_SIZE:
        raise RulesError(
            f"widow_size={size} with widow_discard={discard} leaves the taker {size - discard} "
            f"cards; it must leave {HAND_SIZE} (widow_discard={size - HAND_SIZE})"
        )
    return size


GAME = GameDef(
    name="rounce",
    title="Rounce",
    summary="Rams on 52 cards for up to nine, a six-card widow, follow-only play, no general.",
    options=OPTIONS,
    make_flow=RounceFlow,
    check=family_check(52, 1, _widow_fits),
    aliases=(),
)
