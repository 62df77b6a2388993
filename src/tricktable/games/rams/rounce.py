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
from enum import StrEnum

from ...errors import RulesError
from ...options import GameDef, Option, OptionValue
from ...ranking import Ranking
from ...trick import PlayRules, Policy
from . import heuristic
from .batch import rams_part
from .options import GENERAL_RAMS, HAND_SIZE, HEADING, family_check, family_options
from .rams import RamsFlow
from .section import encoding_fields
from .table_words import rounce_words
from .terminal import terminal_lines
from .verbs import VERBS

__all__ = ["GAME", "RounceFlow"]

SECOND_TRICK = 1


class Trick2NoTrump(StrEnum):
    ANY = "any"
    FACE_DOWN = "face_down"


WIDOW_SIZE = Option("widow_size", "int", 6, "Cards in the widow.", low=HAND_SIZE, high=10)
WIDOW_DISCARD = Option(
    "widow_discard", "int", 1, "Cards the widow's taker discards.", low=0, high=5
)
WIDOW_PACKETS: Option[tuple[int, ...]] = Option(
    "widow_packets", "ints", (),
    "The widow's packet in each round of the deal (default: as the deal's, the last one "
    "carrying the extra cards).", low=1, high=10,
)  # fmt: skip
PLAY_POLICY = Option(
    "play_policy", "choice", Policy.FOLLOW_ONLY,
    "Only follow suit, or the strict Rams obligations (head, trump, overtrump).",
)  # fmt: skip
TRICK2_TRUMP_LEAD = Option(
    "trick2_trump_lead", "bool", True,
    "The winner of the first trick must lead a trump to the second if able.",
)  # fmt: skip
TRICK2_NO_TRUMP = Option(
    "trick2_no_trump", "choice", Trick2NoTrump.ANY,
    "That leader without a trump leads any card face up, or face down (it cannot win).",
)  # fmt: skip
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
        return WIDOW_SIZE.of(options)

    def hand_play_rules(self, playing: int) -> PlayRules:
        leads = frozenset({SECOND_TRICK}) if self.rules.value(TRICK2_TRUMP_LEAD) else frozenset()
        face_down = self.rules.value(TRICK2_NO_TRUMP) is Trick2NoTrump.FACE_DOWN
        return PlayRules(
            self.rules.value(PLAY_POLICY),
            self.rules.value(HEADING),
            trump_leads=leads,
            blind_lead=bool(leads) and face_down,
        )


OPTIONS = (
    *family_options(
        max_players=9, drop=NOT_IN_ROUNCE, six_player_dealer_sits_out=False,
        simple_pot_all_play=False, general_rams=False,
    ),
    WIDOW_SIZE, WIDOW_DISCARD, WIDOW_PACKETS, PLAY_POLICY, TRICK2_TRUMP_LEAD, TRICK2_NO_TRUMP,
)  # fmt: skip


def _widow_fits(options: Mapping[str, OptionValue]) -> int:
    size = RounceFlow.widow_size_of(options)
    if GENERAL_RAMS.of(options):
        raise RulesError("general_rams=true: Rounce has no general rams; it is always false")
    discard = WIDOW_DISCARD.of(options)
    if size - discard != HAND_SIZE:
        raise RulesError(
            "widow_size={size} with widow_discard={discard} leaves the taker {left} cards; "
            "it must leave {hand} (widow_discard={fits})",
            size=size,
            discard=discard,
            left=size - discard,
            hand=HAND_SIZE,
            fits=size - HAND_SIZE,
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
    presets=(("Four players", {}), ("Six players", {"players": 6})),
    heuristic=heuristic.choose,
    encoding=encoding_fields,
    terminal=terminal_lines,
    verbs=VERBS,
    table=rounce_words,
    batch=rams_part,
)
