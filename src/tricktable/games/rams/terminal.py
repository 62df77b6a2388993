"""The Rams family's lines of a table's status at the terminal (``GameDef.terminal``): the
declarations, the turn-up, the widow, general rams, the pot and who is out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_
from ...telling import Teller
from .section import RamsSection, dealer_ante, rams_of

if TYPE_CHECKING:
    from ...view import View

__all__ = ["terminal_lines"]


def terminal_lines(view: View, tell: Teller) -> list[str]:
    """The facts of the Rams family that the lines every game has do not cover."""
    rams = rams_of(view)
    if rams is None:
        return []
    _ = tell.gettext
    lines = _calls_and_turnup(rams, tell)
    if rams.widow_taker is not None:
        lines.append(
            tell.says(rams.widow_taker, N_("You take the widow."), N_("{name} takes the widow."))
        )
    if rams.general is not None:
        lines.append(tell.says(rams.general, N_("You play general rams: every trick or pay."),
                               N_("{name} plays general rams: every trick or pay.")))  # fmt: skip
    if rams.pot is not None:
        pot = _("Pot: {chips} ({where})")
        lines.append(pot.format(chips=tell.chips(rams.pot), where=_pot_words(view, rams, tell)))
    if rams.out:
        lines.append(_("Out of the game: {names}.").format(names=tell.listed(rams.out)))
    if rams.blind_lead and view.trick is not None and view.trick.plays:
        lines.append(_("The lead of this trick is face down until the trick is complete."))
    return lines


def _calls_and_turnup(rams: RamsSection, tell: Teller) -> list[str]:
    _ = tell.gettext
    lines = []
    if rams.declarations:
        said = " ".join(tell.said(call.seat, call.call) for call in rams.declarations)
        lines.append(_("Calls: {calls}").format(calls=said))
    if rams.turnup:
        turnup = tell.cards(rams.turnup)
        taken = rams.turnup_taken_by
        if taken is not None:
            turnup += " " + tell.says(taken, N_("(taken by you)"), N_("(taken by {name})"))
        lines.append(_("Turn-up: {cards}").format(cards=turnup))
    return lines


def _pot_words(view: View, rams: RamsSection, tell: Teller) -> str:
    """Where the pot's chips came from: the dealer's ante and what the last hand left."""
    _ = tell.gettext
    ante = dealer_ante(view)
    carried = (rams.pot or 0) - ante
    if ante:
        words = tell.says(
            view.dealer, N_("you put in {count}"), N_("{name} put in {count}"), count=ante
        )
    else:
        words = _("no ante")
    if carried:
        words = _("{words}, {count} carried over").format(words=words, count=carried)
    return words
