"""The Hasenpfeffers' lines of a table's status at the terminal (``GameDef.terminal``): the
auction, the contract, lone hands and the lone hand's exchange."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_
from ...telling import Teller
from .section import AuctionSection, DoubleSection, HasenpfefferSection, auction_of

if TYPE_CHECKING:
    from ...view import View

__all__ = ["terminal_lines"]


def terminal_lines(view: View, tell: Teller) -> list[str]:
    """The auction so far, the contract and who plays or defends alone."""
    auction = auction_of(view)
    if auction is None:
        return []
    _ = tell.gettext
    lines = []
    if auction.auction:
        calls = ", ".join(f"{tell.name(c.seat)} {tell.call(c.call)}" for c in auction.auction)
        lines.append(_("Auction: {calls}").format(calls=calls))
    lines.extend(_contract_lines(auction, tell))
    if isinstance(auction, DoubleSection):
        lines.extend(_lone_lines(auction, tell))
    return lines


def _contract_lines(auction: AuctionSection, tell: Teller) -> list[str]:
    _ = tell.gettext
    lines = []
    if auction.bidder is not None:
        contract = tell.bid(auction.contract) if auction.contract else "?"
        if auction.forced_bid:
            contract = _("{contract} (forced)").format(contract=contract)
        bidder = tell.name(auction.bidder)
        lines.append(_("Contract: {name} bid {contract}").format(name=bidder, contract=contract))
    if auction.alone is not None:
        lines.append(tell.says(auction.alone, N_("You play alone"), N_("{name} plays alone")))
    if isinstance(auction, HasenpfefferSection):
        if auction.lone_defender is not None:
            defends = (N_("You defend alone"), N_("{name} defends alone"))
            lines.append(tell.says(auction.lone_defender, *defends))
        if auction.discard:
            lines.append(_("Your discard: {cards}").format(cards=tell.cards(auction.discard)))
    return lines


def _lone_lines(double: DoubleSection, tell: Teller) -> list[str]:
    _ = tell.gettext
    lines = []
    if double.dead:
        lines.append(_("Sitting out this hand: {names}.").format(names=tell.listed(double.dead)))
    if double.gave:
        lines.append(_("Cards given: {cards}").format(cards=tell.cards(double.gave)))
    return lines
