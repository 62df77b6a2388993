"""The rule options the Rams family shares (rules.md §6.11 with the decisions of §0.5).

Rams, Bierspiel and Rounce declare the same family options with their own defaults
(:func:`family_options`) and add a few of their own; :func:`family_check` validates the
combinations once, when the rules are built.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from enum import StrEnum
from typing import Any

from ...errors import RulesError
from ...i18n import N_
from ...options import Option, OptionValue
from ...trick import Heading

__all__ = [
    "HAND_SIZE",
    "AceRank",
    "CountdownEnd",
    "GeneralFailPot",
    "GeneralTiming",
    "HandlessDealerTurnup",
    "PotShare",
    "RemainderRule",
    "Scoring",
    "SessionEnd",
    "Tiebreak",
    "WidowRule",
    "family_check",
    "family_options",
    "widow_packets",
]

HAND_SIZE = 5


class AceRank(StrEnum):
    HIGH = "high"
    ECARTE = "ecarte"


class Scoring(StrEnum):
    CHIPS = "chips"
    COUNTDOWN = "countdown"


class PotShare(StrEnum):
    FIFTH_OF_POT = "fifth_of_pot"
    ONE_PER_TRICK = "one_per_trick"


class RemainderRule(StrEnum):
    CARRY = "carry"
    FIRST_TRICK_WINNER = "first_trick_winner"
    MOST_TRICKS = "most_tricks"


class WidowRule(StrEnum):
    FIRST_COME = "first_come"
    ELDEST_ONLY = "eldest_only"
    BEFORE_ANY_PLAY = "before_any_play"


class GeneralTiming(StrEnum):
    ANY_TURN = "any_turn"
    BEFORE_DECLARATIONS = "before_declarations"


class GeneralFailPot(StrEnum):
    DIVIDE_THEN_MATCH = "divide_then_match"
    DOUBLE_AND_CARRY = "double_and_carry"


class HandlessDealerTurnup(StrEnum):
    NONE = "none"
    FIRST_ACTIVE_LEFT = "first_active_left"


class CountdownEnd(StrEnum):
    LAST_IN_LOSES = "last_in_loses"
    FIRST_OUT_WINS = "first_out_wins"


class Tiebreak(StrEnum):
    TRICK_ORDER = "trick_order"
    LOWEST_SCORE = "lowest_score"


class SessionEnd(StrEnum):
    HANDS_THEN_NO_CARRY = "hands_then_no_carry"


PLAYERS = Option("players", "int", 4, "Number of players.", low=2, high=9)
ALLOW_TWO_PLAYERS = Option(
    "allow_two_players", "bool", False, "Allow a two-player game (both must always play)."
)
SIX_PLAYER_DEALER_SITS_OUT = Option(
    "six_player_dealer_sits_out", "bool", True, "With six players the dealer deals himself no hand."
)
ACE_RANK = Option(
    "ace_rank", "choice", AceRank.HIGH, "Aces high, or the old Écarté order K Q J A 10 9 8 7."
)
DEAL_PACKETS: Option[tuple[int, ...]] = Option(
    "deal_packets", "ints", (3, 2), "Packet sizes of the deal (they add up to 5).",
    low=1, high=HAND_SIZE,
)  # fmt: skip
SCORING = Option(
    "scoring", "choice", Scoring.CHIPS, "Chips with a pot, or counters that count down."
)
ANTE = Option("ante", "int", 5, "Chips the dealer puts in the pot each hand.", low=1, high=1000)
LOO_PENALTY = Option(
    "loo_penalty", "int", 5,
    "What a player who played and took no trick pays into the next pot (chips) or adds to his "
    "counter (countdown).", low=1, high=1000,
)  # fmt: skip
POT_SHARE = Option(
    "pot_share", "choice", PotShare.FIFTH_OF_POT,
    "Each trick wins a fifth of the pot, or exactly one chip.",
)  # fmt: skip
REMAINDER_RULE = Option(
    "remainder_rule", "choice", RemainderRule.CARRY,
    "Where the chips a fifth-of-pot division leaves over go: to the next pot, to the winner of "
    "the first trick, or to the player with most tricks.",
)  # fmt: skip
SIMPLE_POT_ALL_PLAY = Option(
    "simple_pot_all_play", "bool", True,
    "With chips, when nothing was carried into the pot nobody may pass.",
)  # fmt: skip
WIDOW_RULE = Option(
    "widow_rule", "choice", WidowRule.FIRST_COME,
    "Who may take the widow: the first to ask, only eldest, or anyone before somebody has "
    "declared to play.",
)  # fmt: skip
GENERAL_RAMS = Option(
    "general_rams", "bool", True, "A player may announce general rams (all five tricks)."
)
GENERAL_TIMING = Option(
    "general_timing", "choice", GeneralTiming.ANY_TURN,
    "General rams on any turn, or only before the first declaration.",
)  # fmt: skip
WIDOW_AFTER_GENERAL = Option(
    "widow_after_general", "bool", False,
    "After a general, players still to declare may take the widow.",
)  # fmt: skip
GENERAL_FAIL_POT = Option(
    "general_fail_pot", "choice", GeneralFailPot.DIVIDE_THEN_MATCH,
    "A failed general: divide the pot as usual and the declarer pays its former size into the "
    "next pot, or no division and the declarer doubles the pot.",
)  # fmt: skip
GENERAL_LOO_PENALTY = Option(
    "general_loo_penalty", "bool", False,
    "In a general, players who take no trick pay the loo penalty too.",
)  # fmt: skip
DEALER_TURNUP_EXCHANGE = Option(
    "dealer_turnup_exchange", "bool", True,
    "A dealer who plays may take the turn-up, discarding a card face down.",
)  # fmt: skip
DEALER_WIDOW_AND_TURNUP = Option(
    "dealer_widow_and_turnup", "bool", True,
    "A dealer who took the widow may also take the turn-up.",
)  # fmt: skip
HANDLESS_DEALER_TURNUP = Option(
    "handless_dealer_turnup", "choice", HandlessDealerTurnup.NONE,
    "With a handless dealer: nobody takes the turn-up, or the first active player on his left "
    "may.",
)  # fmt: skip
HEADING = Option(
    "heading", "choice", Heading.WIN_IF_POSSIBLE,
    "A follower must win the trick if able; or always beat the best card of the led suit; or "
    "only beat the card led.",
)  # fmt: skip
PASS_REQUIRES_WIDOW_TAKEN = Option(
    "pass_requires_widow_taken", "bool", False,
    "A player may pass only once somebody has taken the widow.",
)  # fmt: skip
COUNTDOWN_START = Option(
    "countdown_start", "int", 10, "Counters each player starts with (countdown scoring).",
    low=1, high=100,
)  # fmt: skip
COUNTDOWN_END = Option(
    "countdown_end", "choice", CountdownEnd.LAST_IN_LOSES,
    "Countdown: players at 0 drop out and the last one left loses, or the first to reach 0 "
    "wins.",
)  # fmt: skip
TIEBREAK = Option(
    "tiebreak", "choice", Tiebreak.TRICK_ORDER,
    "Several reach 0 in one hand when the first to 0 wins: the earliest in trick order wins, "
    "or the lowest counter (then trick order).",
)  # fmt: skip
GENERAL_SUCCESS_WINS_GAME = Option(
    "general_success_wins_game", "bool", False,
    "Countdown: a successful general rams wins the whole game.",
)  # fmt: skip
SESSION_END = Option(
    "session_end", "choice", SessionEnd.HANDS_THEN_NO_CARRY,
    "Chips: play the set number of hands, then on until a hand ends with an empty pot.",
)  # fmt: skip
SESSION_HANDS = Option(
    "session_hands", "int", 0,
    "Chips: hands in a session before it may end (0: one complete round, every player deals "
    "once).", low=0, high=1000,
)  # fmt: skip

FAMILY_OPTIONS: tuple[Option[Any], ...] = (
    PLAYERS, ALLOW_TWO_PLAYERS, SIX_PLAYER_DEALER_SITS_OUT, ACE_RANK, DEAL_PACKETS, SCORING, ANTE,
    LOO_PENALTY, POT_SHARE, REMAINDER_RULE, SIMPLE_POT_ALL_PLAY, WIDOW_RULE, GENERAL_RAMS,
    GENERAL_TIMING, WIDOW_AFTER_GENERAL, GENERAL_FAIL_POT, GENERAL_LOO_PENALTY,
    DEALER_TURNUP_EXCHANGE, DEALER_WIDOW_AND_TURNUP, HANDLESS_DEALER_TURNUP, HEADING,
    PASS_REQUIRES_WIDOW_TAKEN, COUNTDOWN_START, COUNTDOWN_END, TIEBREAK,
    GENERAL_SUCCESS_WINS_GAME, SESSION_END, SESSION_HANDS,
)  # fmt: skip
"""The options every game of the family has, in the order its games list them."""


def family_options(
    *, max_players: int, drop: frozenset[str] = frozenset(), **defaults: OptionValue
) -> tuple[Option[Any], ...]:
    """The family's options with ``defaults`` overridden, leaving out the names in ``drop``."""
    players = replace(
        PLAYERS, high=max_players,
        description=f"Number of players: 3-{max_players} (2 where two-player games are allowed).",
    )  # fmt: skip
    options = (players, *FAMILY_OPTIONS[1:])
    return tuple(
        option.with_default(defaults[option.name]) if option.name in defaults else option
        for option in options
        if option.name not in drop
    )


def widow_packets(options: Mapping[str, OptionValue], widow_size: int) -> tuple[int, ...]:
    """The widow's packet per round: as the deal's, the last one carrying any extra cards."""
    given = options.get("widow_packets", ())
    if given:
        assert isinstance(given, tuple)
        return tuple(int(p) for p in given)
    packets = list(DEAL_PACKETS.of(options))
    packets[-1] += widow_size - HAND_SIZE
    return tuple(packets)


def family_check(
    deck_size: int, turnups: int, widow_size: Callable[[Mapping[str, OptionValue]], int]
) -> Callable[[Mapping[str, OptionValue]], None]:
    """The cross-option check of a family game with this pack and turn-up need."""

    def check(options: Mapping[str, OptionValue]) -> None:
        players = PLAYERS.of(options)
        if players == 2 and not ALLOW_TWO_PLAYERS.of(options):
            raise RulesError("players=2 needs allow_two_players=true; otherwise 3 or more play")
        packets = DEAL_PACKETS.of(options)
        if sum(int(p) for p in packets) != HAND_SIZE:
            text = "+".join(str(p) for p in packets)
            dealt = sum(int(p) for p in packets)
            raise RulesError(
                "deal_packets={text} deals {dealt} cards; {needed} are needed",
                text=text,
                dealt=dealt,
                needed=HAND_SIZE,
            )
        size = widow_size(options)
        _check_capacity(options, players, deck_size, size + turnups)
        _check_widow_packets(options, packets, size)

    return check


def _check_capacity(
    options: Mapping[str, OptionValue], players: int, deck_size: int, extra: int
) -> None:
    hands = players - (1 if players == 6 and SIX_PLAYER_DEALER_SITS_OUT.of(options) else 0)
    needed = hands * HAND_SIZE + extra
    if needed > deck_size:
        message = N_(
            "players={players} needs {needed} cards (hands, widow and turn-up) but the pack "
            "has {size}"
        )
        if players == 6:
            message = N_(
                "players={players} needs {needed} cards (hands, widow and turn-up) but the pack "
                "has {size} (set six_player_dealer_sits_out=true)"
            )
        raise RulesError(message, players=players, needed=needed, size=deck_size)


def _check_widow_packets(
    options: Mapping[str, OptionValue], packets: tuple[object, ...], size: int
) -> None:
    given = options.get("widow_packets", ())
    if not given:
        return
    assert isinstance(given, tuple)
    if len(given) != len(packets) or sum(int(p) for p in given) != size:
        text = "+".join(str(p) for p in given)
        raise RulesError(
            "widow_packets={text} must have one packet per round of the deal ({rounds}) "
            "adding up to the widow's {size} cards",
            text=text,
            rounds=len(packets),
            size=size,
        )
