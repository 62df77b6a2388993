"""Euchre's options, each with the source of its reading (docs/euchre.md lists them all)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from ...errors import RulesError
from ...options import Option, OptionValue

__all__ = ["OPTIONS", "check"]

TRICKS = 5


class LoneDefenderAgainst(StrEnum):
    ANY_MAKER = "any_maker"
    LONE_MAKER = "lone_maker"


class JokerTurnup(StrEnum):
    HEARTS = "hearts"
    SPADES = "spades"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"


STICK_THE_DEALER = Option(
    "stick_the_dealer", "bool", False,
    "When the first three pass in the second round the dealer must name a suit; otherwise a "
    "hand everybody passes twice is thrown in and the deal passes on.",
)  # fmt: skip
LONE_DEFENDER = Option(
    "lone_defender", "bool", False,
    "A defender may go alone too (asked from the dealer's left once the maker has said alone or "
    "not); euchring the makers alone scores 4.",
)  # fmt: skip
LONE_DEFENDER_AGAINST = Option(
    "lone_defender_against", "choice", LoneDefenderAgainst.ANY_MAKER,
    "With lone_defender: the defenders are asked whatever the maker chose, or only when the "
    "maker went alone.",
)  # fmt: skip
TARGET_SCORE = Option("target_score", "int", 10, "Points that win the game.", low=1, high=1000)
DEALER_MAY_DISCARD_TURNUP = Option(
    "dealer_may_discard_turnup", "bool", False,
    "The dealer who takes the turn-up may discard that very card.",
)  # fmt: skip
CUTTHROAT = Option(
    "cutthroat", "bool", False,
    "Three-handed cutthroat: three players, each for himself; the maker plays alone against "
    "the other two (nine cards in the kitty).",
)  # fmt: skip
CUTTHROAT_MARCH = Option(
    "cutthroat_march", "int", 3, "What a cutthroat maker scores for all five tricks.",
    low=1, high=10,
)  # fmt: skip
RAILROAD = Option(
    "railroad", "bool", False,
    "Railroad: a Joker is the highest trump, above the bowers, and a lone player takes his "
    "partner's best card (the partner chooses it) and discards one.",
)  # fmt: skip
JOKER_TURNUP = Option(
    "joker_turnup", "choice", JokerTurnup.HEARTS,
    "In railroad, the suit a turned-up Joker proposes in the first round.",
)  # fmt: skip
DEAL_PACKETS: Option[tuple[int, ...]] = Option(
    "deal_packets", "ints", (3, 2), "Packet sizes of the deal (they add up to 5).", low=1, high=5
)

OPTIONS = (
    STICK_THE_DEALER, LONE_DEFENDER, LONE_DEFENDER_AGAINST, TARGET_SCORE,
    DEALER_MAY_DISCARD_TURNUP, CUTTHROAT, CUTTHROAT_MARCH, RAILROAD, JOKER_TURNUP, DEAL_PACKETS,
)  # fmt: skip


def check(options: Mapping[str, OptionValue]) -> None:
    """The options that cannot go together."""
    packets = DEAL_PACKETS.of(options)
    if sum(packets) != TRICKS:
        text = "+".join(str(p) for p in packets)
        raise RulesError(
            "deal_packets={text} deals {dealt} cards; {needed} are needed",
            text=text,
            dealt=sum(packets),
            needed=TRICKS,
        )
    if CUTTHROAT.of(options):
        for option in (LONE_DEFENDER, RAILROAD):
            if option.of(options):
                raise RulesError(
                    "cutthroat=true has no partners, so {name}=true cannot go with it; "
                    "set cutthroat=false or {name}=false",
                    name=option.name,
                )
