"""Rich rendering of one seat's view: the hand by suit, the auction, the trick and the scores.

Everything here reads a :class:`~tricktable.view.View` only, so it works for every game: keys a
game adds to its views that this module does not know are shown as plain ``name: value`` lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console

from ..actions import Action, Kind, parse_action
from ..cards import CARD_TEXT, COPY_STRIDE, Card, Suit, parse_card
from ..errors import NotationError
from ..i18n import N_, Translator
from ..ranking import NO_TRUMP
from ..view import View
from ..view_parts import DoneTrick, TrickView
from .narrate import ENGLISH, SeatNames, action_sentence, bid_words, card_symbol, suit_words

__all__ = [
    "SeatNames",
    "call_words",
    "card_markup",
    "grouped_hand",
    "hand_ante",
    "move_words",
    "ordered_moves",
    "print_lines",
    "render_hand",
    "render_legal",
    "render_status",
    "render_trick",
    "standing_scores",
]

SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
_TRUMP_LETTERS = ("C", "D", "H", "S", "NT")
PHASE_WORDS = {
    "auction": N_("bidding"), "trump": N_("naming trump"), "discard": N_("discarding"),
    "alone": N_("alone or not"), "give": N_("giving cards to the lone player"),
    "declare": N_("in, pass or widow"), "exchange": N_("the turn-up exchange"),
    "play": N_("card play"), "over": N_("game over"),
}  # fmt: skip


def card_markup(text: str | None, words: Translator = ENGLISH) -> str:
    """A card with its suit symbol as the language writes it, red suits in red; ``None`` is a
    face-down card."""
    if text is None:
        return "[dim]▒▒[/dim]"
    card = parse_card(text)
    symbol = card_symbol(text, words)
    if card.suit is not None and card.suit.is_red:
        return f"[red]{symbol}[/red]"
    return f"[bold]{symbol}[/bold]"


def suit_markup(letter: str) -> str:
    """A suit's symbol, red suits in red."""
    suit = Suit.parse(letter)
    return f"[red]{suit.symbol}[/red]" if suit.is_red else f"[bold]{suit.symbol}[/bold]"


def _trump_name(letter: str | None, words: Translator) -> str:
    if letter is None:
        return words.gettext("not named yet")
    if letter == "NT":
        return words.gettext("no trump")
    return f"{words.gettext(SUIT_NAMES['CDHS'.index(letter)])} {suit_markup(letter)}"


def _card_facts(view: View) -> dict[str, tuple[int, int]]:
    """Each shown card's effective suit (0..3 = C D H S; -1 for the Joker while there is no
    trump) and sort rank under the current trump, as the view states them (its ``cards``)."""
    return {f.card: (-1 if f.suit is None else "CDHS".index(f.suit), f.rank) for f in view.cards}


def grouped_hand(view: View) -> list[tuple[str, list[Card]]]:
    """The hand by effective suit, trumps first (the Joker first before trump is named),
    strongest card first within a suit; the labels are English messages to translate."""
    trump = view.trump
    facts = _card_facts(view)
    groups: dict[int, list[Card]] = {}
    for card in view.hand:
        groups.setdefault(facts[str(card)][0], []).append(card)
    order = sorted(groups, key=lambda s: (s != trump, s >= 0, -s))
    return [
        (N_("trump") if suit == trump and trump != NO_TRUMP else _suit_label(suit),
         sorted(groups[suit], key=lambda card: -facts[str(card)][1]))
        for suit in order
    ]  # fmt: skip


def render_hand(view: View, words: Translator = ENGLISH) -> str:
    """The hand grouped by suit, the trump group labelled ``trump``."""
    parts = [
        f"[bold]{words.gettext(label)}[/bold]: "
        + " ".join(card_markup(str(c), words) for c in cards)
        for label, cards in grouped_hand(view)
    ]
    return "   ".join(parts) if parts else words.gettext("(no cards)")


def ordered_moves(view: View) -> tuple[Action, ...]:
    """The legal moves in the order they are shown and numbered: card moves as in the hand."""
    position = {
        card.index % COPY_STRIDE: n
        for n, card in enumerate(c for _, cards in grouped_hand(view) for c in cards)
    }
    return tuple(sorted(view.legal, key=lambda a: position.get(a.cards[0], -1) if a.cards else -1))


def _suit_label(suit: int) -> str:
    return N_("joker") if suit < 0 or suit >= NO_TRUMP else SUIT_NAMES[suit]


def render_trick(trick: TrickView | DoneTrick | None, names: SeatNames) -> str:
    """The cards of a trick in play order, and who won it once it is complete."""
    _ = names._
    if trick is None:
        return _("(none yet)")
    if not trick.plays:
        return _("(no cards yet)")
    plays = ", ".join(f"{names[p.seat]} {card_markup(p.card, names.words)}" for p in trick.plays)
    if isinstance(trick, DoneTrick) and trick.winner is not None:
        won = names.says(trick.winner, N_("won by you"), N_("won by {name}"))
        plays += f" — {won}"
    return plays


def hand_ante(view: View) -> int:
    """The chips this hand's dealer put in the pot when it was dealt (0: no ante, or the hand
    is over). A hand's change counts its ante, so the scores shown beside it come before it."""
    return view.rules.flow.dealer_ante(view)


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
    _ = names._
    hand = _("Hand {number}").format(number=view.hand_number)
    dealer = names.says(view.dealer, N_("You deal"), N_("{name} deals"))
    phase = _(PHASE_WORDS[view.phase]) if view.phase in PHASE_WORDS else str(view.phase)
    lines = [
        f"[bold]{hand}[/bold] · {dealer} · {phase}",
        _("Scores: {scores}").format(scores=render_scores(view, names)),
    ]
    family_lines = view.rules.game.terminal
    if family_lines is not None:
        lines.extend(family_lines(view, _Teller(names)))
    if view.trump is not None:
        trump = _trump_name(_TRUMP_LETTERS[view.trump], names.words)
        lines.append(_("Trump: {trump}").format(trump=trump))
    if view.trick is not None:
        lines.append(_("Trick: {trick}").format(trick=render_trick(view.trick, names)))
        lines.append(_("Tricks won: {counts}").format(counts=_tricks_won(view, names)))
    return lines


class _Teller:
    """The terminal's words for a family's status lines (:class:`tricktable.telling.Teller`)."""

    def __init__(self, names: SeatNames) -> None:
        self.names = names
        self.gettext = names.words.gettext
        self.name = names.__getitem__
        self.says = names.says
        self.listed = names.listed
        self.chips = names.chips

    def cards(self, texts: Sequence[str | None]) -> str:
        return " ".join(card_markup(text, self.names.words) for text in texts)

    def call(self, call: str) -> str:
        return call_words(call, self.names)

    def said(self, seat: int, call: str) -> str:
        return action_sentence(self.names, seat, parse_action(call))

    def bid(self, value: str) -> str:
        return bid_words(value, self.names.words)


def call_words(call: str, names: SeatNames) -> str:
    """A call of an auction as the language says it: "bid 4", "pass", "trump ♥"."""
    try:
        action = parse_action(call)
    except NotationError:
        return call
    return move_words(action, names.words)


def move_words(action: Action, words: Translator) -> str:
    """A move as the language says it ("bid little pepper", "play the B♥" in German); English
    shows the notation itself, which is also what a player types."""
    if words.code == "en":
        return str(action)
    _ = words.gettext
    cards = " ".join(card_symbol(CARD_TEXT[c % COPY_STRIDE], words) for c in action.cards)
    label = _(action.kind.words.move)  # each verb's label is registered with it
    takes = action.kind.takes
    if takes == "bid":
        value = bid_words(action.value, words)
    elif takes == "suit":
        value = suit_words(action.value, words)
    else:
        value = cards or action.value  # the cards, or the seat a verb names
    return label.format(value=value)


def _tricks_won(view: View, names: SeatNames) -> str:
    won = view.tricks_won
    return ", ".join(f"{names[s]} {won[s]}" for s in view.active)


def render_legal(legal: Sequence[Action], words: Translator = ENGLISH) -> str:
    """The legal moves: while bidding, the bids to type as numbers and the other calls by name;
    otherwise every move numbered from 1 (English shows the notation that can also be typed)."""
    _ = words.gettext
    bids = [a.value for a in legal if a.kind is Kind.BID and a.value.isdigit()]
    if bids:
        others = [str(a) for a in legal if a.kind is not Kind.BID or not a.value.isdigit()]
        typed = ", ".join(f"[cyan]{b}[/cyan]" for b in bids)
        if others:
            also = ", ".join(f"[cyan]{o}[/cyan]" for o in others)
            return _("Your bid: type {bids} — or type {others}").format(bids=typed, others=also)
        return _("Your bid: type {bids}").format(bids=typed)
    moves = "  ".join(
        f"[cyan]{n})[/cyan] {move_words(action, words)}" for n, action in enumerate(legal, 1)
    )
    return _("Moves: {moves}").format(moves=moves)


def print_lines(console: Console, lines: Sequence[str]) -> None:
    for line in lines:
        console.print(line)
