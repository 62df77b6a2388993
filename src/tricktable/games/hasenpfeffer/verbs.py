"""Hasenpfeffer's own verbs: going alone or not, asking a partner for the cards, giving one.

``alone``, ``not-alone`` and ``give`` are the lone hand's verbs Euchre shares
(:mod:`tricktable.games.lone_hands`); ``partner N`` is Double Hasenpfeffer's lone player asking
seat ``N`` for the cards. Their words are said from these registrations
(:mod:`tricktable.verbs`).
"""

from __future__ import annotations

from typing import Final

from ...actions import Action
from ...i18n import N_
from ...verbs import Kind, VerbWords, verb
from ..lone_hands import ALONE, GIVE, NOT_ALONE

__all__ = ["ALONE", "GIVE", "NOT_ALONE", "PARTNER", "VERBS"]

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
