"""Rich rendering of one seat's view: the hand by suit, the auction, the trick and the scores.

Everything here reads a :class:`~tricktable.view.View` only, so it works for every game: keys a
game adds to its views that this module does not know are shown as plain ``name: value`` lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console

from ..actions import Action, Kind
from ..cards import COPY_STRIDE, Card, Suit, parse_card
from ..games.hasenpfeffer.section import (
    AuctionSection,
    DoubleSection,
    HasenpfefferSection,
    auction_of,
)
from ..games.rams.section import RamsSection, rams_of
from ..ranking import NO_TRUMP
from ..view import View
from ..view_parts import DoneTrick, TrickView
from .narrate import SeatNames

__all__ = [
    "SeatNames",
    "card_markup",
    "grouped_hand",
    "hand_ante",
    "ordered_moves",
    "print_lines",
    "render_hand",
    "render_legal",
    "render_status",
    "render_trick",
    "standing_scores",
]

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_TRUMP_LETTERS = ("C", "D", "H", "S", "NT")
PHASE_WORDS = {
    "auction": "bidding", "trump": "naming trump", "discard": "discarding",
    "alone": "alone or not", "give": "giving cards to the lone player",
    "declare": "in, pass or widow", "exchange": "the turn-up exchange", "play": "card play",
    "over": "game over",
}  # fmt: skip


def card_markup(text: str | None) -> str:
    """A card with its suit symbol, red suits in red; ``None`` is a face-down card."""
    if text is None:
        return "[dim]▒▒[/dim]"
    card = parse_card(text)
    symbol = card.symbol()
    if card.suit is not None and card.suit.is_red:
        return f"[red]{symbol}[/red]"
    return f"[bold]{symbol}[/bold]"


def suit_markup(letter: str) -> str:
    """A suit's symbol, red suits in red."""
    suit = Suit.parse(letter)
    return f"[red]{suit.symbol}[/red]" if suit.is_red else f"[bold]{suit.symbol}[/bold]"


def _trump_name(letter: str | None) -> str:
    if letter is None:
        return "not named yet"
    if letter == "NT":
        return "no trump"
    return f"{SUIT_NAMES['CDHS'.index(letter)]} {suit_markup(letter)}"


def _effective_suit(view: View, card: Card) -> int:
    trump = view.trump
    if trump is None:
        return -1 if card.suit is None else int(card.suit)
    return view.rules.flow.ranking.table(trump).suit_of[card.index]


def grouped_hand(view: View) -> list[tuple[str, list[Card]]]:
    """The hand by effective suit, trumps first (the Joker first before trump is named),
    strongest card first within a suit."""
    trump = view.trump
    groups: dict[int, list[Card]] = {}
    for card in view.hand:
        groups.setdefault(_effective_suit(view, card), []).append(card)
    strength = _strength_key(view, trump)
    order = sorted(groups, key=lambda s: (s != trump, s >= 0, -s))
    return [
        ("trump" if suit == trump and trump != NO_TRUMP else _suit_label(suit),
         sorted(groups[suit], key=strength))
        for suit in order
    ]  # fmt: skip


def render_hand(view: View) -> str:
    """The hand grouped by suit, the trump group labelled ``trump``."""
    parts = [
        f"[bold]{label}[/bold]: " + " ".join(card_markup(str(c)) for c in cards)
        for label, cards in grouped_hand(view)
    ]
    return "   ".join(parts) if parts else "(no cards)"


def ordered_moves(view: View) -> tuple[Action, ...]:
    """The legal moves in the order they are shown and numbered: card moves as in the hand."""
    position = {
        card.index % COPY_STRIDE: n
        for n, card in enumerate(c for _, cards in grouped_hand(view) for c in cards)
    }
    return tuple(sorted(view.legal, key=lambda a: position.get(a.cards[0], -1) if a.cards else -1))


def _suit_label(suit: int) -> str:
    return "joker" if suit < 0 or suit >= NO_TRUMP else SUIT_NAMES[suit]


def _strength_key(view: View, trump: int | None) -> Any:
    if trump is None:
        return lambda card: -card.rank
    table = view.rules.flow.ranking.table(trump)
    return lambda card: -table.strength[card.index]


def render_trick(trick: TrickView | DoneTrick | None, names: SeatNames) -> str:
    """The cards of a trick in play order, and who won it once it is complete."""
    if trick is None:
        return "(none yet)"
    if not trick.plays:
        return "(no cards yet)"
    plays = ", ".join(f"{names[p.seat]} {card_markup(p.card)}" for p in trick.plays)
    if isinstance(trick, DoneTrick) and trick.winner is not None:
        plays += f" — won by {names[trick.winner]}"
    return plays


def hand_ante(view: View) -> int:
    """The chips this hand's dealer put in the pot when it was dealt (0: no ante, or the hand
    is over). A hand's change counts its ante, so the scores shown beside it come before it."""
    rams = rams_of(view)
    if rams is None or rams.scoring != "chips" or view.is_over:
        return 0
    ante = view.rules.options.get("ante", 0)
    return ante if isinstance(ante, int) else 0


def standing_scores(view: View) -> tuple[int, ...]:
    """The scores as the last hand left them (before this hand's ante): the totals the hand
    summaries and the score sheet show, so "Change:" added to them gives the next totals."""
    scores = list(view.scores)
    scores[view.dealer] += hand_ante(view)
    return tuple(scores)


def render_scores(view: View, names: SeatNames, scores: Sequence[int] | None = None) -> str:
    """Each player's (or side's) score: ``scores``, else the standing scores."""
    scores = standing_scores(view) if scores is None else scores
    sides = view.sides
    if all(len(side) == 1 for side in sides):
        return ", ".join(f"{names.label(s)} {scores[s]}" for s in range(len(scores)))
    return ", ".join(f"{names.listed(side)} {scores[side[0]]}" for side in sides)


def render_status(view: View, names: SeatNames) -> list[str]:
    """Lines describing the table: hand, dealer, scores, auction, contract, trump, trick."""
    lines = [
        f"[bold]Hand {view.hand_number}[/bold] · {names.does(view.dealer, 'deal')} · "
        f"{PHASE_WORDS.get(view.phase, view.phase)}",
        f"Scores: {render_scores(view, names)}",
    ]
    auction = auction_of(view)
    if auction is not None and auction.auction:
        calls = ", ".join(f"{names[c.seat]} {c.call}" for c in auction.auction)
        lines.append(f"Auction: {calls}")
    lines.extend(_contract_lines(view, auction, names))
    rams = rams_of(view)
    if rams is not None:
        lines.extend(_rams_lines(view, rams, names))
    if isinstance(auction, DoubleSection):
        lines.extend(_lone_lines(auction, names))
    family_lines = getattr(view.section, "status_lines", None)  # a family that says its own
    if family_lines is not None:
        lines.extend(family_lines(names.__getitem__, card_markup))
    if view.trick is not None:
        lines.append(f"Trick: {render_trick(view.trick, names)}")
        lines.append("Tricks won: " + _tricks_won(view, names))
    return lines


def _contract_lines(view: View, auction: AuctionSection | None, names: SeatNames) -> list[str]:
    lines = []
    if auction is not None and auction.bidder is not None:
        contract = auction.contract or "?"
        forced = " (forced)" if auction.forced_bid else ""
        lines.append(f"Contract: {names[auction.bidder]} bid {contract.replace('-', ' ')}{forced}")
    if view.trump is not None:
        lines.append(f"Trump: {_trump_name(_TRUMP_LETTERS[view.trump])}")
    if auction is None:
        return lines
    if auction.alone is not None:
        lines.append(f"{names.title(auction.alone)} plays alone")
    if isinstance(auction, HasenpfefferSection):
        if auction.lone_defender is not None:
            lines.append(f"{names.title(auction.lone_defender)} defends alone")
        if auction.discard:
            lines.append("Your discard: " + " ".join(card_markup(c) for c in auction.discard))
    return lines


def _rams_lines(view: View, rams: RamsSection, names: SeatNames) -> list[str]:
    """The facts of the Rams family that the common lines do not cover."""
    lines = []
    if rams.declarations:
        said = ", ".join(f"{names[c.seat]} {c.call}" for c in rams.declarations)
        lines.append(f"Calls: {said}")
    if rams.turnup:
        taken = rams.turnup_taken_by
        by = f" (taken by {names[taken]})" if taken is not None else ""
        lines.append("Turn-up: " + " ".join(card_markup(c) for c in rams.turnup) + by)
    if rams.widow_taker is not None:
        lines.append(f"{names.does(rams.widow_taker, 'take')} the widow.")
    if rams.general is not None:
        lines.append(f"{names.does(rams.general, 'play')} general rams: every trick or pay.")
    if rams.pot is not None:
        lines.append(f"Pot: {rams.pot} chips ({_pot_words(view, rams, names)})")
    if rams.out:
        lines.append(f"Out of the game: {names.listed(rams.out)}.")
    if rams.blind_lead and view.trick is not None and view.trick.plays:
        lines.append("The lead of this trick is face down until the trick is complete.")
    return lines


def _pot_words(view: View, rams: RamsSection, names: SeatNames) -> str:
    """Where the pot's chips came from: the dealer's ante and what the last hand left."""
    ante = hand_ante(view)
    carried = (rams.pot or 0) - ante
    words = f"{names[view.dealer]} put in {ante}" if ante else "no ante"
    return words + (f", {carried} carried over" if carried else "")


def _lone_lines(double: DoubleSection, names: SeatNames) -> list[str]:
    lines = []
    if double.dead:
        lines.append(f"Sitting out this hand: {names.listed(double.dead)}.")
    if double.gave:
        lines.append("Cards given: " + " ".join(card_markup(c) for c in double.gave))
    return lines


def _tricks_won(view: View, names: SeatNames) -> str:
    won = view.tricks_won
    return ", ".join(f"{names[s]} {won[s]}" for s in view.active)


def render_legal(legal: Sequence[Action]) -> str:
    """The legal moves: while bidding, the bids to type as numbers and the other calls by name;
    otherwise every move numbered from 1, in the notation that can also be typed."""
    bids = [a.value for a in legal if a.kind is Kind.BID and a.value.isdigit()]
    if bids:
        others = [str(a) for a in legal if a.kind is not Kind.BID or not a.value.isdigit()]
        typed = ", ".join(f"[cyan]{b}[/cyan]" for b in bids)
        also = f" — or type {', '.join(f'[cyan]{o}[/cyan]' for o in others)}" if others else ""
        return f"Your bid: type {typed}{also}"
    return "Moves: " + "  ".join(f"[cyan]{n})[/cyan] {action}" for n, action in enumerate(legal, 1))


def print_lines(console: Console, lines: Sequence[str]) -> None:
    for line in lines:
        console.print(line)
