"""A Rams-family hand's payments told as sentences at the terminal, as the browser's summary
tells them: "Cleo antes 5.", "You were looed: you pay 5 to the pot for the next hand."

The payments are the engine's own account (``result.details["payments"]``, see
:mod:`tricktable.games.rams.ledgers`): every chip or point the hand moved, with its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..i18n import N_

if TYPE_CHECKING:
    from ..flow import HandResult
    from .narrate import SeatNames

__all__ = ["payment_sentences"]

Payment = dict[str, Any]


def _sentences(names: SeatNames, result: HandResult) -> dict[str, Callable[[Payment], str]]:
    def chips_or(chips: Callable[[Payment], str], points: Callable[[Payment], str]) -> Any:
        return lambda p: chips(p) if "chips" in p else points(p)

    def won(seat: int) -> str:
        return names.tricks(result.tricks[seat])

    _ = names._
    return {
        "carried": lambda p: _("{chips} carried into the pot from the last hand").format(
            chips=names.chips(p["chips"])
        ),
        "ante": lambda p: names.says(
            p["from"], N_("You ante {count}"), N_("{name} antes {count}"), count=p["chips"]
        ),
        "tricks": chips_or(
            lambda p: names.says(
                p["to"],
                N_("You win {count} from the pot for {tricks}"),
                N_("{name} wins {count} from the pot for {tricks}"),
                count=p["chips"],
                tricks=won(p["to"]),
            ),
            lambda p: _("{name}: {change} for {tricks}").format(
                name=names.title(p["seat"]), change=f"{p['change']:+d}", tricks=won(p["seat"])
            ),
        ),
        "remainder": lambda p: names.says(
            p["to"],
            N_("You take the {chips} left over in the pot"),
            N_("{name} takes the {chips} left over in the pot"),
            chips=names.chips(p["chips"]),
        ),
        "looed": chips_or(
            lambda p: names.says(
                p["from"],
                N_("You were looed: you pay {count} to the pot for the next hand"),
                N_("{name} was looed: pays {count} to the pot for the next hand"),
                count=p["chips"],
            ),
            lambda p: names.says(
                p["seat"],
                N_("You were looed: {change}"),
                N_("{name} was looed: {change}"),
                change=f"{p['change']:+d}",
            ),
        ),
        "general_pot": lambda p: names.says(
            p["to"],
            N_("You take the pot, {chips}, for the general"),
            N_("{name} takes the pot, {chips}, for the general"),
            chips=names.chips(p["chips"]),
        ),
        "general": chips_or(
            lambda p: _general_paid(names, p),
            lambda p: _("{name}: {change} for the general").format(
                name=names.title(p["seat"]), change=f"{p['change']:+d}"
            ),
        ),
        "general_failed": lambda p: names.says(
            p["from"],
            N_("You pay {count} to the pot for the next hand: the general failed"),
            N_("{name} pays {count} to the pot for the next hand: the general failed"),
            count=p["chips"],
        ),
        "left": lambda p: names.words.ngettext(
            "{count} chip stays in the pot for the next hand",
            "{count} chips stay in the pot for the next hand",
            p["chips"],
        ).format(count=p["chips"]),
    }


def _general_paid(names: SeatNames, payment: Payment) -> str:
    """A payment to the general, said with "you" as payer or as payee where it is you."""
    payer, payee, count = payment["from"], payment["to"], payment["chips"]
    if payee == names.me:
        return names._("{name} pays you {count} for the general").format(
            name=names.title(payer), count=count
        )
    return names.says(
        payer,
        N_("You pay {payee} {count} for the general"),
        N_("{name} pays {payee} {count} for the general"),
        payee=names[payee],
        count=count,
    )


def payment_sentences(names: SeatNames, result: HandResult) -> list[str]:
    """One sentence per payment of the hand (none for a game without them)."""
    payments: Sequence[Payment] = result.details.get("payments") or ()
    told = _sentences(names, result)
    return [f"{told[p['for']](p)}." for p in payments if p["for"] in told]
