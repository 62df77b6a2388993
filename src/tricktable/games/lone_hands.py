"""The lone hand's verbs, shared by every family that has one (Euchre, the Hasenpfeffers):
going ``alone`` or ``not-alone``, and a partner's ``give`` of a card to the lone player.

A word names one verb (:mod:`tricktable.verbs`), so the families declare these once, here,
rather than each its own copy; a family lists them in its ``GameDef.verbs`` beside its own.
"""

from __future__ import annotations

from typing import Final

from ..i18n import N_
from ..verbs import VerbWords, verb

__all__ = ["ALONE", "GIVE", "NOT_ALONE"]

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
