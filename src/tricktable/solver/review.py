"""Hand review: what every card played in a game record cost, double dummy.

For each card a player played, the solver scores every card he could have played at that
moment; the cost is how many fewer tricks his side (in the Rams family: he) could then still
take than with his best card. A cost of 0 is a double-dummy best card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..actions import Kind
from ..engine import Game, Phase
from ..replay import replay
from . import solve

__all__ = ["CardReview", "review_record", "total_cost"]


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card played: where, by whom, what it was worth and what the best card was worth."""

    deal_number: int
    trick: int
    seat: int
    action: str
    tricks: int
    best: int
    best_actions: tuple[str, ...]

    @property
    def cost(self) -> int:
        return self.best - self.tricks


def review_record(record: Mapping[str, Any], *, deal_number: int | None = None) -> list[CardReview]:
    """Review every card played in ``record`` (or only in one deal of it)."""
    game = replay(record, upto=0)
    actions = [(int(a["seat"]), str(a["action"])) for d in record["deals"] for a in d["actions"]]
    out: list[CardReview] = []
    for seat, text in actions:
        wanted = deal_number is None or game.deal_number == deal_number
        if wanted and game.phase is Phase.PLAY and game.parse_action(text).kind is Kind.PLAY:
            out.append(_review_card(game, seat, text))
        game.apply(text)
    return out


def _review_card(game: Game, seat: int, text: str) -> CardReview:
    values = solve(game)
    best = max(values.values())
    chosen = str(game.parse_action(text))
    return CardReview(
        deal_number=game.deal_number, trick=len(game.tricks) + 1, seat=seat, action=chosen,
        tricks=values[chosen], best=best,
        best_actions=tuple(a for a, v in values.items() if v == best),
    )  # fmt: skip


def total_cost(reviews: list[CardReview], players: int) -> list[int]:
    """Tricks lost per seat over the reviewed cards."""
    totals = [0] * players
    for review in reviews:
        totals[review.seat] += review.cost
    return totals
