"""A Rams-family hand's payments told as sentences at the terminal, as the browser's summary
tells them: "Cleo antes 5.", "You were looed: you pay 5 to the pot for the next hand."

The payments are the engine's own account (``result.details["payments"]``, see
:mod:`tricktable.games.rams.ledgers`): every chip or point the hand moved, with its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..flow import HandResult
    from .narrate import SeatNames

__all__ = ["payment_sentences"]

Payment = dict[str, Any]


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _tricks(result: HandResult, seat: int) -> str:
    n = result.tricks[seat]
    return f"{n} trick" if n == 1 else f"{n} tricks"


def _sentences(names: SeatNames, result: HandResult) -> dict[str, Callable[[Payment], str]]:
    def chips_or(chips: Callable[[Payment], str], points: Callable[[Payment], str]) -> Any:
        return lambda p: chips(p) if "chips" in p else points(p)

    looed = chips_or(
        lambda p: (
            f"{_was(names, p['from'])} looed: {_pays(names, p['from'])} {p['chips']}"
            " to the pot for the next hand"
        ),
        lambda p: f"{_was(names, p['seat'])} looed: {p['change']:+d}",
    )
    return {
        "carried": lambda p: f"{_chips(p['chips'])} carried into the pot from the last hand",
        "ante": lambda p: f"{names.does(p['from'], 'ante')} {p['chips']}",
        "tricks": chips_or(
            lambda p: (
                f"{names.does(p['to'], 'win')} {p['chips']} from the pot for "
                f"{_tricks(result, p['to'])}"
            ),
            lambda p: (
                f"{names.title(p['seat'])}: {p['change']:+d} for {_tricks(result, p['seat'])}"
            ),
        ),
        "remainder": lambda p: (
            f"{names.does(p['to'], 'take')} the {_chips(p['chips'])} left over in the pot"
        ),
        "looed": looed,
        "general_pot": lambda p: (
            f"{names.does(p['to'], 'take')} the pot, {_chips(p['chips'])}, for the general"
        ),
        "general": chips_or(
            lambda p: (
                f"{names.does(p['from'], 'pay')} {names[p['to']]} {p['chips']} for the general"
            ),
            lambda p: f"{names.title(p['seat'])}: {p['change']:+d} for the general",
        ),
        "general_failed": lambda p: (
            f"{names.does(p['from'], 'pay')} {p['chips']} to the pot for "
            "the next hand: the general failed"
        ),
        "left": lambda p: f"{_chips(p['chips'])} stay in the pot for the next hand",
    }


def _was(names: SeatNames, seat: int) -> str:
    return "You were" if seat == names.me else f"{names.title(seat)} was"


def _pays(names: SeatNames, seat: int) -> str:
    return "you pay" if seat == names.me else "pays"


def payment_sentences(names: SeatNames, result: HandResult) -> list[str]:
    """One sentence per payment of the hand (none for a game without them)."""
    payments: Sequence[Payment] = result.details.get("payments") or ()
    told = _sentences(names, result)
    return [f"{told[p['for']](p)}." for p in payments if p["for"] in told]
