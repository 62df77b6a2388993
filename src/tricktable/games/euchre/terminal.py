"""Euchre's lines of a table's status at the terminal (``GameDef.terminal``): the turn-up,
the calls as sentences, the maker, lone hands and the dealer's discard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_
from ...telling import Teller
from .section import EuchreSection

if TYPE_CHECKING:
    from ...view import View

__all__ = ["terminal_lines"]


def terminal_lines(view: View, tell: Teller) -> list[str]:
    """What Euchre's section shows, told to the reader."""
    section = view.section
    if not isinstance(section, EuchreSection):
        return []
    _ = tell.gettext
    turnup = tell.cards([section.turnup])
    taken = " " + _("(taken by the dealer)") if section.turnup_taken else ""
    lines = [_("Turn-up: {cards}").format(cards=turnup) + taken]
    if section.calls:
        calls = " ".join(tell.said(call.seat, call.call) for call in section.calls)
        lines.append(_("Calls: {calls}").format(calls=calls))
    if section.maker is not None:
        lines.append(_("Maker: {name}").format(name=tell.name(section.maker)))
    if section.alone is not None:
        lines.append(tell.says(section.alone, N_("You play alone"), N_("{name} plays alone")))
    if section.lone_defender is not None:
        defends = (N_("You defend alone"), N_("{name} defends alone"))
        lines.append(tell.says(section.lone_defender, *defends))
    if section.discards:
        lines.append(_("Your discard: {cards}").format(cards=tell.cards(section.discards)))
    return lines
