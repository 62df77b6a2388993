"""Euchre's own verbs: ordering up the turn-up, going alone or not, and a partner's given card.

Their words are said from these registrations by the terminal, the narration and the browser
table (:mod:`tricktable.verbs`); Hasenpfeffer declares ``alone``, ``not-alone`` and ``give``
alike (a word names one verb, whichever family declares it).
"""

from __future__ import annotations

from typing import Final

from ...actions import Action
from ...i18n import N_
from ...verbs import Kind, VerbWords, verb

__all__ = ["ALONE", "GIVE", "NOT_ALONE", "ORDER_UP", "VERBS"]

ORDER_UP: Final = verb(
    "order-up", VerbWords(N_("order-up"), N_("You order it up."), N_("{name} orders it up."))
)
"""The first round's call: the turn-up's suit is trump and the dealer takes the card."""
ALONE: Final = verb(
    "alone",
    VerbWords(
        N_("alone"),
        N_("You go alone."),
        N_("{name} goes alone."),
        table={
            "offer": [N_("Alone"), N_("Your partner sits out this hand")],
            "call": N_("Alone"),
            "review": N_("{name} goes alone"),
            "prompt": N_("Play this hand alone, or with your partner?"),
        },
    ),
)
NOT_ALONE: Final = verb(
    "not-alone",
    VerbWords(
        N_("not-alone"),
        N_("You play with a partner."),
        N_("{name} plays with a partner."),
        table={
            "offer": [N_("With partner"), N_("Play this hand with your partner as usual")],
            "call": N_("With partner"),
            "review": N_("{name} plays with partner"),
        },
    ),
)
GIVE: Final = verb(
    "give",
    VerbWords(
        N_("give {value}"),
        N_("You give {cards} to the lone player."),
        N_("{name} gives {cards} to the lone player."),
        table={
            "offer": [N_("Give {card}"), N_("This card goes into your lone partner's hand")],
            "call": N_("Gives a card"),
            "review": N_("{name} gives {cards}"),
            "choice": {
                "word": N_("Give"),
                "prompt": N_("Choose a card to give your lone partner"),
                "explain": N_("Give: the card goes into your partner's hand for the lone hand"),
            },
        },
    ),
    takes="cards",
    hidden=True,
)
"""A card given to the lone player by his partner."""

VERBS: Final[tuple[Kind, ...]] = (ORDER_UP, ALONE, NOT_ALONE, GIVE)

ORDER_UP_CALL: Final = Action(ORDER_UP)
ALONE_CALL: Final = Action(ALONE)
NOT_ALONE_CALL: Final = Action(NOT_ALONE)
