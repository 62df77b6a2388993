"""What happens at the terminal table, told in sentences: "Cleo bids 3.", "You win the trick."

Everything is told from the human's seat: other seats' hidden cards (discards, gifts, the card
taken in an exchange, face-down leads) are never named, because only that seat's view is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..actions import Action, Kind
from ..cards import parse_card
from ..flow import HandResult
from ..jsonrecord import JsonObject
from ..view_parts import DoneTrick, TrickView
from .payments import payment_sentences

__all__ = ["COMPUTER_NAMES", "SeatNames", "action_sentence", "card_words", "result_sentences"]

# Computer players get names, so the table reads like a table and never like "seat 3".
COMPUTER_NAMES = ("Ada", "Bruno", "Cleo", "Dmitri", "Esme", "Farid", "Greta", "Hugo", "Ines")
SUIT_WORDS = {"C": "clubs ♣", "D": "diamonds ♦", "H": "hearts ♥", "S": "spades ♠"}
_IRREGULAR = {"pass": "passes", "go": "goes", "are": "is", "take": "takes", "have": "has"}
# the engine's messages name seats in the third person: these verbs change for "you"
_YOU_VERBS = {"does": "do", "is": "are", "has": "have", "was": "were", "holds": "hold",
              "leaves": "leave", "shows": "show", "fits": "fit", "plays": "play"}  # fmt: skip
_SEAT_IN_TEXT = re.compile(r"\bseat (\d+)(?: (" + "|".join(_YOU_VERBS) + r")\b)?")


class SeatNames:
    """The seats as the human sees them: "you", partners marked, computer players named."""

    def __init__(self, me: int, sides: Sequence[Sequence[int]], players: int) -> None:
        self.me = me
        self.players = players
        self.partners = next((set(side) for side in sides if me in side), {me}) - {me}
        self.names = ["you" if s == me else COMPUTER_NAMES[s % len(COMPUTER_NAMES)]
                      for s in range(players)]  # fmt: skip

    def __getitem__(self, seat: int | None) -> str:
        """The name inside a sentence: "you" or "Cleo"."""
        return "nobody" if seat is None else self.names[seat]

    def title(self, seat: int | None) -> str:
        """The name at the start of a sentence: "You" or "Cleo"."""
        name = self[seat]
        return name[0].upper() + name[1:]

    def label(self, seat: int) -> str:
        """The name in a list of seats: "you", "Cleo (partner)" or "Bruno"."""
        return f"{self.names[seat]} (partner)" if seat in self.partners else self.names[seat]

    def does(self, seat: int, verb: str) -> str:
        """Subject and verb agreeing: ``does(me, "pass")`` is "You pass", else "Cleo passes"."""
        if seat == self.me:
            return f"You {verb}"
        return f"{self.title(seat)} {_IRREGULAR.get(verb, verb + 's')}"

    def listed(self, seats: Sequence[int]) -> str:
        """Seats as words: "you", "you and Cleo", "Ada, Bruno and you"."""
        words = [self.names[s] for s in seats]
        if len(words) <= 1:
            return "".join(words) or "nobody"
        return f"{', '.join(words[:-1])} and {words[-1]}"

    def in_text(self, text: str) -> str:
        """Engine text with every "seat N" replaced by that seat's name, and a verb after it
        agreeing with "you" ("seat 0 does not hold AH" is "you do not hold AH")."""
        return _SEAT_IN_TEXT.sub(self._seat_words, text)

    def _seat_words(self, found: re.Match[str]) -> str:
        seat, verb = int(found.group(1)), found.group(2)
        name = self.names[seat]
        if verb is None:
            return name
        return f"{name} {_YOU_VERBS.get(verb, verb) if seat == self.me else verb}"


def card_words(text: str | None) -> str:
    """A card for a sentence: "the J♥", "the Joker", or "a card face down"."""
    if text is None:
        return "a card face down"
    if text == "JK":
        return "the Joker"
    return f"the {parse_card(text).symbol()}"


def _cards(action: Action) -> str:
    return " and ".join(card_words(text) for text in str(action).split()[1:])


def _bid(action: Action) -> str:
    return action.value.replace("-", " ")


def _trump(action: Action) -> str:
    if action.value == "NT":
        return "no trump"
    return f"{SUIT_WORDS[action.value]} trump"


_SentenceRule = Callable[[SeatNames, int, Action, bool], str]

# One rule per kind of action; ``hidden`` is True when the seat's cards must not be named.
_SENTENCES: dict[Kind, _SentenceRule] = {
    Kind.PASS: lambda n, s, a, h: f"{n.does(s, 'pass')}.",
    Kind.BID: lambda n, s, a, h: f"{n.does(s, 'bid')} {_bid(a)}.",
    Kind.TRUMP: lambda n, s, a, h: f"{n.does(s, 'call')} {_trump(a)}.",
    Kind.DISCARD: lambda n, s, a, h: f"{n.does(s, 'discard')} {'a card' if h else _cards(a)}.",
    Kind.ALONE: lambda n, s, a, h: f"{n.does(s, 'go')} alone.",
    Kind.NOT_ALONE: lambda n, s, a, h: f"{n.does(s, 'play')} with a partner.",
    Kind.PARTNER: lambda n, s, a, h: f"{n.does(s, 'ask')} {n[int(a.value)]} for the cards.",
    Kind.GIVE: lambda n, s, a, h: (
        f"{n.does(s, 'give')} {'a card' if h else _cards(a)} to the lone player."
    ),
    Kind.IN: lambda n, s, a, h: f"{n.does(s, 'are')} in.",
    Kind.WIDOW: lambda n, s, a, h: f"{n.does(s, 'take')} the widow.",
    Kind.GENERAL: lambda n, s, a, h: f"{n.does(s, 'declare')} general rams: every trick or pay.",
    Kind.EXCHANGE: lambda n, s, a, h: (
        f"{n.does(s, 'take')} the turn-up and "
        f"{'discards' if s != n.me else 'discard'} {'a card' if h else _cards(a)}."
    ),
    Kind.DECLINE: lambda n, s, a, h: f"{n.does(s, 'leave')} the turn-up.",
}


def action_sentence(names: SeatNames, seat: int, action: Action) -> str:
    """A decision other than a card play, told without cards the human may not see."""
    hidden = seat != names.me
    rule = _SENTENCES.get(action.kind)
    if rule is None:
        return f"{names.title(seat)}: {action}."
    return rule(names, seat, action, hidden)


def play_sentence(names: SeatNames, trick: TrickView | DoneTrick) -> list[str]:
    """The last card of ``trick`` (a view's trick), and who won it when it is complete."""
    play = trick.plays[-1]
    verb = "lead" if len(trick.plays) == 1 else "play"
    lines = [f"{names.does(play.seat, verb)} {card_words(play.card)}."]
    winner = trick.winner if isinstance(trick, DoneTrick) else None
    if winner is not None:
        lines.append(f"{names.does(winner, 'win')} the trick.")
    return lines


def result_sentences(
    names: SeatNames, result: HandResult, sides: Sequence[Sequence[int]]
) -> list[str]:
    """How a hand ended, in sentences: the contract or each player's tricks, then who gained.

    ``result.details`` is the family's account of the hand (its keys are the record's).
    """
    details = result.details
    lines: list[str] = []
    if details.get("bidder") is not None:
        lines.append(_contract_sentence(names, details))
    else:
        lines.extend(_tricks_sentences(names, result, details))
        lines.extend(payment_sentences(names, result))
    lines.append(_gains_sentence(names, result.deltas, sides))
    return lines


def _contract_sentence(names: SeatNames, details: JsonObject) -> str:
    bidder = details["bidder"]
    alone = " alone" if details.get("alone") is not None else ""
    forced = " (a forced bid)" if details.get("forced") else ""
    verdict = "made it" if details.get("made") else "was set"
    verb = "You" if bidder == names.me else names.title(bidder)
    tricks = "trick" if details.get("taken") == 1 else "tricks"
    return (f"{verb} bid {str(details['contract']).replace('-', ' ')}{alone}{forced}, "
            f"took {details.get('taken')} {tricks} and {verdict}.")  # fmt: skip


def _tricks_sentences(names: SeatNames, result: HandResult, details: JsonObject) -> list[str]:
    active = details.get("active") or range(len(result.tricks))
    counts = ", ".join(f"{names[s]} {result.tricks[s]}" for s in active)
    lines = [f"Tricks taken: {counts}."]
    looed = details.get("looed") or []
    if looed and not details.get("payments"):  # else each loo is a payment's sentence
        verb = "were" if len(looed) > 1 or names.me in looed else "was"
        who = names.listed(looed)
        lines.append(f"{who[0].upper()}{who[1:]} {verb} looed.")
    if details.get("general") is not None:
        made = "made" if details.get("general_made") else "lost"
        lines.append(f"{names.title(details['general'])} {made} the general.")
    return lines


def _gains_sentence(names: SeatNames, deltas: Sequence[int], sides: Sequence[Sequence[int]]) -> str:
    if all(len(side) == 1 for side in sides):
        parts = [f"{names[s]} {deltas[s]:+d}" for s in range(len(deltas))]
    else:
        parts = [f"{names.listed(side)} {deltas[side[0]]:+d}" for side in sides]
    return "Change: " + ", ".join(parts) + "."
