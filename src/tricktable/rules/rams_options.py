"""The rule options the Rams family shares (rules.md §6.11 with the decisions of §0.5).

Rams, Bierspiel and Rounce declare the same family options with their own defaults
(:func:`family_options`) and add a few of their own; :func:`family_check` validates the
combinations once, when the rules are built.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..errors import RulesError
from .options import Option, OptionValue

__all__ = ["HAND_SIZE", "family_check", "family_options", "option_int", "widow_packets"]

HAND_SIZE = 5


def family_options(
    *, max_players: int, drop: frozenset[str] = frozenset(), **defaults: OptionValue
) -> tuple[Option, ...]:
    """The family's options with ``defaults`` overridden, leaving out the names in ``drop``."""

    def d(name: str, value: OptionValue) -> OptionValue:
        return defaults.get(name, value)

    options = (
        Option("players", "int", d("players", 4),
               f"Number of players: 3-{max_players} (2 with allow_two_players).",
               low=2, high=max_players),
        Option("allow_two_players", "bool", False,
               "Allow a two-player game (both must always play)."),
        Option("six_player_dealer_sits_out", "bool", d("six_player_dealer_sits_out", True),
               "With six players the dealer deals himself no hand."),
        Option("ace_rank", "choice", "high",
               "Aces high, or the old Écarté order K Q J A 10 9 8 7.", choices=("high", "ecarte")),
        Option("deal_packets", "ints", (3, 2), "Packet sizes of the deal (they add up to 5).",
               low=1, high=HAND_SIZE),
        Option("scoring", "choice", d("scoring", "chips"),
               "Chips with a pot, or counters that count down.",
               choices=("chips", "countdown")),
        Option("ante", "int", 5, "Chips the dealer puts in the pot each hand.", low=1, high=1000),
        Option("loo_penalty", "int", 5,
               "What a player who played and took no trick pays into the next pot (chips) or "
               "adds to his counter (countdown).", low=1, high=1000),
        Option("pot_share", "choice", "fifth_of_pot",
               "Each trick wins a fifth of the pot, or exactly one chip.",
               choices=("fifth_of_pot", "one_per_trick")),
        Option("remainder_rule", "choice", "carry",
               "Where the chips a fifth-of-pot division leaves over go: to the next pot, to the "
               "winner of the first trick, or to the player with most tricks.",
               choices=("carry", "first_trick_winner", "most_tricks")),
        Option("simple_pot_all_play", "bool", d("simple_pot_all_play", True),
               "With chips, when nothing was carried into the pot nobody may pass."),
        Option("widow_rule", "choice", "first_come",
               "Who may take the widow: the first to ask, only eldest, or anyone before somebody "
               "has declared to play.", choices=("first_come", "eldest_only", "before_any_play")),
        Option("general_rams", "bool", d("general_rams", True),
               "A player may announce general rams (all five tricks)."),
        Option("general_timing", "choice", "any_turn",
               "General rams on any turn, or only before the first declaration.",
               choices=("any_turn", "before_declarations")),
        Option("widow_after_general", "bool", False,
               "After a general, players still to declare may take the widow."),
        Option("general_fail_pot", "choice", "divide_then_match",
               "A failed general: divide the pot as usual and the declarer pays its former size "
               "into the next pot, or no division and the declarer doubles the pot.",
               choices=("divide_then_match", "double_and_carry")),
        Option("general_loo_penalty", "bool", False,
               "In a general, players who take no trick pay the loo penalty too."),
        Option("dealer_turnup_exchange", "bool", True,
               "A dealer who plays may take the turn-up, discarding a card face down."),
        Option("dealer_widow_and_turnup", "bool", True,
               "A dealer who took the widow may also take the turn-up."),
        Option("handless_dealer_turnup", "choice", "none",
               "With a handless dealer: nobody takes the turn-up, or the first active player on "
               "his left may.", choices=("none", "first_active_left")),
        Option("heading", "choice", "win_if_possible",
               "A follower must win the trick if able; or always beat the best card of the led "
               "suit; or only beat the card led.",
               choices=("win_if_possible", "always_head_led_suit", "beat_led_card")),
        Option("pass_requires_widow_taken", "bool", False,
               "A player may pass only once somebody has taken the widow."),
        Option("countdown_start", "int", d("countdown_start", 10),
               "Counters each player starts with (countdown scoring).", low=1, high=100),
        Option("countdown_end", "choice", d("countdown_end", "last_in_loses"),
               "Countdown: players at 0 drop out and the last one left loses, or the first to "
               "reach 0 wins.", choices=("last_in_loses", "first_out_wins")),
        Option("tiebreak", "choice", "trick_order",
               "Several reach 0 in one hand (first_out_wins): the earliest in trick order wins, "
               "or the lowest counter (then trick order).",
               choices=("trick_order", "lowest_score")),
        Option("general_success_wins_game", "bool", False,
               "Countdown: a successful general rams wins the whole game."),
        Option("session_end", "choice", "hands_then_no_carry",
               "Chips: play session_hands hands, then on until a hand ends with an empty pot.",
               choices=("hands_then_no_carry",)),
        Option("session_hands", "int", 0,
               "Chips: hands in a session before it may end (0: one complete round, every "
               "player deals once).", low=0, high=1000),
    )  # fmt: skip
    return tuple(o for o in options if o.name not in drop)


def option_int(options: Mapping[str, OptionValue], name: str) -> int:
    value = options[name]
    assert isinstance(value, int)
    return value


def widow_packets(options: Mapping[str, OptionValue], widow_size: int) -> tuple[int, ...]:
    """The widow's packet per round: as the deal's, the last one carrying any extra cards."""
    given = options.get("widow_packets", ())
    if given:
        assert isinstance(given, tuple)
        return tuple(int(p) for p in given)
    packets = [int(p) for p in options["deal_packets"]]  # type: ignore[union-attr]
    packets[-1] += widow_size - HAND_SIZE
    return tuple(packets)


def family_check(
    deck_size: int, turnups: int, widow_size: Callable[[Mapping[str, OptionValue]], int]
) -> Callable[[Mapping[str, OptionValue]], None]:
    """The cross-option check of a family game with this pack and turn-up need."""

    def check(options: Mapping[str, OptionValue]) -> None:
        players = option_int(options, "players")
        if players == 2 and not options["allow_two_players"]:
            raise RulesError("players=2 needs allow_two_players=true; otherwise 3 or more play")
        packets = options["deal_packets"]
        assert isinstance(packets, tuple)
        if sum(int(p) for p in packets) != HAND_SIZE:
            text = "+".join(str(p) for p in packets)
            dealt = sum(int(p) for p in packets)
            raise RulesError(f"deal_packets={text} deals {dealt} cards; 5 are needed")
        size = widow_size(options)
        _check_capacity(options, players, deck_size, size + turnups)
        _check_widow_packets(options, packets, size)

    return check


def _check_capacity(
    options: Mapping[str, OptionValue], players: int, deck_size: int, extra: int
) -> None:
    hands = players - (1 if players == 6 and options["six_player_dealer_sits_out"] else 0)
    needed = hands * HAND_SIZE + extra
    if needed > deck_size:
        hint = " (set six_player_dealer_sits_out=true)" if players == 6 else ""
        raise RulesError(
            f"players={players} needs {needed} cards (hands, widow and turn-up) but the pack "
            f"has {deck_size}{hint}"
        )


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
            f"widow_packets={text} must have one packet per round of the deal "
            f"({len(packets)}) adding up to the widow's {size} cards"
        )
