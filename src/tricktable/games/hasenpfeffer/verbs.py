"""Hasenpfeffer's own verbs: going alone or not, asking a partner for the cards, giving one.

``alone``, ``not-alone`` and ``give`` are declared as Euchre declares them (a word names one
verb, whichever family declares it); ``partner N`` is Double Hasenpfeffer's lone player asking
seat ``N`` for the cards. Their words are said from these registrations
(:mod:`tricktable.verbs`).
"""

from __future__ import annotations

from typing import Final

from ...actions import Action
from ...i18n import N_
from ...verbs import Kind, VerbWords, verb

__all__ = ["ALONE", "GIVE", "NOT_ALONE", "PARTNER", "VERBS"]

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
PARTNER: Final = verb(
    "partner",
    VerbWords(
        N_("partner {value}"),
        N_("You ask {seat} for the cards."),
        N_("{name} asks {seat} for the cards."),
        N_("{name} asks you for the cards."),
        table={
            # {k}: how many cards a lone player exchanges (the table's words say it per rules)
            "offer": [
                N_("Ask {name}"),
                N_(
                    "{name}{where} gives you all {k} cards you ask for; your other partner"
                    " gives none"
                ),
            ],
            "call": N_("Asks {name}"),
        },
    ),
    takes="seat",
)
"""``partner N``: the lone player asks seat ``N`` for the cards."""

VERBS: Final[tuple[Kind, ...]] = (ALONE, NOT_ALONE, GIVE, PARTNER)

ALONE_CALL: Final = Action(ALONE)
NOT_ALONE_CALL: Final = Action(NOT_ALONE)
