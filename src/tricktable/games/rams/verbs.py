"""The Rams family's own verbs: in, the widow, a general, and taking the turn-up or not.

Their words are said from these registrations (:mod:`tricktable.verbs`); the table's words
(``table_words``) give the values the browser's explanations name under the table's rules.
"""

from __future__ import annotations

from typing import Final

from ...actions import Action
from ...i18n import N_, Nn_
from ...verbs import Kind, VerbWords, verb

__all__ = ["DECLINE", "EXCHANGE", "GENERAL", "IN", "VERBS", "WIDOW"]

IN: Final = verb(
    "in",
    VerbWords(
        N_("in"),
        N_("You are in."),
        N_("{name} is in."),
        table={
            # the explanation names the table's share of the pot and its loo ({share}, {loo})
            "offer": [
                N_("In"),
                N_("Play this hand: each trick wins {share}; no trick costs {loo}"),
            ],
            "call": N_("In"),
            "review": N_("{name} plays"),
            "prompt": N_("Your turn to declare: play, pass, take the widow…"),
        },
    ),
)
WIDOW: Final = verb(
    "widow",
    VerbWords(
        N_("widow"),
        N_("You take the widow."),
        N_("{name} takes the widow."),
        table={
            "offer": [
                N_("Widow"),
                N_("Swap your hand for the {size} face-down cards{discard}; you must play"),
            ],
            "call": N_("Widow"),
            "review": N_("{name} takes the widow"),
        },
    ),
)
GENERAL: Final = verb(
    "general",
    VerbWords(
        N_("general"),
        N_("You declare general rams: every trick or pay."),
        N_("{name} declares general rams: every trick or pay."),
        table={
            "offer": [N_("General"), N_("You must take every trick; everyone else must play")],
            "call": N_("General"),
            "review": N_("{name} declares a general"),
        },
    ),
)
EXCHANGE: Final = verb(
    "exchange",
    VerbWords(
        N_("exchange {value}"),
        N_("You take the turn-up and discard {cards}."),
        N_("{name} takes the turn-up and discards {cards}."),
        table={
            "offer": [N_("Exchange {cards}"), N_("Take the turn-up {up}; put {cards} face down")],
            "call": N_("Takes the turn-up"),
            "review": N_("{name} takes the turn-up for {cards}"),
            "choice": {
                "word": N_("Exchange"),
                "prompt": Nn_(
                    "Take the turn-up {up}? Choose the card to put face down",
                    "Take the turn-up {up}? Choose {n} cards to put face down",
                ),
                "explain": Nn_(
                    "Exchange: the turn-up {up} comes into your hand, the card you choose goes"
                    " face down",
                    "Exchange: the turn-up {up} comes into your hand, the cards you choose go"
                    " face down",
                ),
            },
        },
    ),
    takes="cards",
    most_cards=2,
    hidden=True,
    thrown=True,
)
"""Taking the turn-up (or both turned cards) and putting as many cards face down."""
DECLINE: Final = verb(
    "decline",
    VerbWords(
        N_("decline"),
        N_("You leave the turn-up."),
        N_("{name} leaves the turn-up."),
        table={
            "offer": [N_("Keep my hand"), N_("Leave the turn-up where it is")],
            "call": N_("Keeps hand"),
            "review": N_("{name} keeps the hand"),
        },
    ),
)

VERBS: Final[tuple[Kind, ...]] = (IN, WIDOW, GENERAL, EXCHANGE, DECLINE)

IN_CALL: Final = Action(IN)
WIDOW_CALL: Final = Action(WIDOW)
GENERAL_CALL: Final = Action(GENERAL)
DECLINE_CALL: Final = Action(DECLINE)
