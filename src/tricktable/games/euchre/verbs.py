"""Euchre's own verbs: ordering up the turn-up, going alone or not, and a partner's given card.

Their words are said from these registrations by the terminal, the narration and the browser
table (:mod:`tricktable.verbs`); the lone hand's verbs are shared with Hasenpfeffer
(:mod:`tricktable.games.lone_hands`).
"""

from __future__ import annotations

from typing import Final

from ...actions import Action
from ...i18n import N_
from ...verbs import Kind, VerbWords, verb
from ..lone_hands import ALONE, GIVE, NOT_ALONE

__all__ = ["ALONE", "GIVE", "NOT_ALONE", "ORDER_UP", "VERBS"]

ORDER_UP: Final = verb(
    "order-up", VerbWords(N_("order-up"), N_("You order it up."), N_("{name} orders it up."))
)
"""The first round's call: the turn-up's suit is trump and the dealer takes the card."""

VERBS: Final[tuple[Kind, ...]] = (ORDER_UP, ALONE, NOT_ALONE, GIVE)

ORDER_UP_CALL: Final = Action(ORDER_UP)
ALONE_CALL: Final = Action(ALONE)
NOT_ALONE_CALL: Final = Action(NOT_ALONE)
