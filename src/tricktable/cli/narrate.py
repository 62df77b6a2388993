"""What happens at the terminal table, told in sentences: "Cleo bids 3.", "You win the trick."

Everything is told from the human's seat: other seats' hidden cards (discards, gifts, the card
taken in an exchange, face-down leads) are never named, because only that seat's view is read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..actions import Action, Kind
from ..cards import Suit, parse_card
from ..flow import HandResult
from ..i18n import N_, Translator, translator
from ..jsonrecord import JsonObject
from ..verbs import VerbWords
from ..view_parts import DoneTrick, TrickView
from .payments import payment_sentences

__all__ = [
    "COMPUTER_NAMES",
    "SeatNames",
    "action_sentence",
    "bid_words",
    "card_symbol",
    "card_words",
    "result_sentences",
    "suit_words",
]

# Computer players get names, so the table reads like a table and never like "seat 3".
COMPUTER_NAMES = ("Ada", "Bruno", "Cleo", "Dario", "Edda", "Finn", "Greta", "Hugo", "Ilse")
SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
ENGLISH = translator("en")
_IRREGULAR = {"pass": "passes", "go": "goes", "are": "is", "take": "takes", "have": "has"}
# the engine's messages name seats in the third person: these verbs change for "you"
_YOU_VERBS = {"does": "do", "is": "are", "has": "have", "was": "were", "holds": "hold",
              "leaves": "leave", "shows": "show", "fits": "fit", "plays": "play"}  # fmt: skip
_SEAT_IN_TEXT = re.compile(r"\bseat (\d+)(?: (" + "|".join(_YOU_VERBS) + r")\b)?")


class SeatNames:
    """The seats as the human sees them: "you", partners marked, computer players named.

    It also carries the human's language (``words``): every sentence is said in it.
    """

    def __init__(
        self, me: int, sides: Sequence[Sequence[int]], players: int, words: Translator = ENGLISH
    ) -> None:
        self.me = me
        self.players = players
        self.words = words
        self.partners = next((set(side) for side in sides if me in side), {me}) - {me}
        you = words.gettext("you")
        self.names = [you if s == me else COMPUTER_NAMES[s % len(COMPUTER_NAMES)]
                      for s in range(players)]  # fmt: skip

    def _(self, message: str) -> str:
        return self.words.gettext(message)

    def __getitem__(self, seat: int | None) -> str:
        """The name inside a sentence: "you" or "Cleo"."""
        return self._("nobody") if seat is None else self.names[seat]

    def title(self, seat: int | None) -> str:
        """The name at the start of a sentence: "You" or "Cleo"."""
        name = self[seat]
        return name[0].upper() + name[1:]

    def label(self, seat: int) -> str:
        """The name in a list of seats: "you", "Cleo (partner)" or "Bruno"."""
        if seat in self.partners:
            return self._("{name} (partner)").format(name=self.names[seat])
        return self.names[seat]

    def does(self, seat: int, verb: str) -> str:
        """English subject and verb agreeing: ``does(me, "pass")`` is "You pass", else "Cleo
        passes" (the sentences use :meth:`says`, whose whole sentences every language has)."""
        if seat == self.me:
            return f"You {verb}"
        return f"{self.title(seat)} {_IRREGULAR.get(verb, verb + 's')}"

    def says(self, seat: int | None, you: str, other: str, **values: object) -> str:
        """A sentence about ``seat`` in the human's language: ``you`` when it is the human's
        own seat, else ``other`` with ``{name}`` the seat's name (a language conjugates each)."""
        text = self._(you if seat == self.me else other)
        return text.format(name=self.title(seat), **values)

    def listed(self, seats: Sequence[int]) -> str:
        """Seats as words: "you", "you and Cleo", "Ada, Bruno and you"."""
        words = [self.names[s] for s in seats]
        if len(words) <= 1:
            return "".join(words) or self._("nobody")
        return self._("{names} and {last}").format(names=", ".join(words[:-1]), last=words[-1])

    def chips(self, count: int) -> str:
        return self.words.ngettext("{count} chip", "{count} chips", count).format(count=count)

    def tricks(self, count: int) -> str:
        return self.words.ngettext("{count} trick", "{count} tricks", count).format(count=count)

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


def rank_letters(words: Translator) -> dict[int, str]:
    """The letters cards show for jack, queen, king and ace (and the Joker) in a language."""
    # TRANSLATORS: the letters of jack, queen, king, ace and the Joker as your players write
    # them on a card, in this order, separated by spaces (German: B D K A JK).
    letters = words.gettext("J Q K A JK").strip("⟦⟧").split()
    if len(letters) != 5:
        letters = ["J", "Q", "K", "A", "JK"]
    return dict(zip((11, 12, 13, 14, 0), letters, strict=True))


def card_symbol(text: str, words: Translator = ENGLISH) -> str:
    """A card as its players write it, with its suit symbol: "J♥" in English, "B♥" in German."""
    card = parse_card(text)
    letters = rank_letters(words)
    if card.suit is None:
        return letters[0]
    return letters.get(card.rank, str(card.rank)) + card.suit.symbol


def card_words(text: str | None, words: Translator = ENGLISH) -> str:
    """A card for a sentence: "the J♥", "the Joker", or "a card face down"."""
    _ = words.gettext
    if text is None:
        return _("a card face down")
    if text == "JK":
        return _("the Joker")
    return _("the {card}").format(card=card_symbol(text, words))


def _cards(action: Action, words: Translator) -> str:
    said = [card_words(text, words) for text in str(action).split()[1:]]
    if len(said) == 1:
        return said[0]
    return words.gettext("{cards} and {last}").format(cards=", ".join(said[:-1]), last=said[-1])


def bid_words(value: str, words: Translator) -> str:
    """A bid as said: a number as it is, a named contract in the language (each game's
    contract names are in its own package's messages: "little pepper" in Hasenpfeffer)."""
    if value.isdigit():
        return value
    return words.gettext(value.replace("-", " "))


def suit_words(letter: str, words: Translator) -> str:
    """A suit's name and symbol, "hearts ♥"; ``NT`` is "no trump"."""
    _ = words.gettext
    if letter == "NT":
        return _("no trump")
    return f"{_(SUIT_WORDS[letter])} {Suit.parse(letter).symbol}"


def _trump(action: Action, words: Translator) -> str:
    if action.value == "NT":
        return words.gettext("no trump")
    return words.gettext("{suit} trump").format(suit=suit_words(action.value, words))


def _hidden_cards(names: SeatNames, action: Action, hidden: bool) -> str:
    return names._("a card") if hidden else _cards(action, names.words)


def action_sentence(names: SeatNames, seat: int, action: Action) -> str:
    """A decision other than a card play, told without cards the human may not see: a bid and
    a trump in the core's words, every other verb by the sentences registered with it (whole
    in both persons, so every language conjugates them its own way)."""
    kind = action.kind
    if kind is Kind.BID:
        bid = bid_words(action.value, names.words)
        return names.says(seat, N_("You bid {bid}."), N_("{name} bids {bid}."), bid=bid)
    if kind is Kind.TRUMP:
        trump = _trump(action, names.words)
        return names.says(seat, N_("You call {trump}."), N_("{name} calls {trump}."), trump=trump)
    said = kind.words
    if not said.you:
        return f"{names.title(seat)}: {action}."
    if kind.takes == "seat":
        return _seat_sentence(names, seat, said, int(action.value))
    cards = _hidden_cards(names, action, seat != names.me) if action.cards else ""
    return names.says(seat, said.you, said.other, cards=cards)


def _seat_sentence(names: SeatNames, seat: int, said: VerbWords, named: int) -> str:
    """The sentence of a verb naming a seat: its own when that seat is the reader's."""
    if named == names.me and said.to_you:
        return names._(said.to_you).format(name=names.title(seat))
    text = names._(said.you if seat == names.me else said.other)
    return text.format(name=names.title(seat), seat=names[named])


def play_sentence(names: SeatNames, trick: TrickView | DoneTrick) -> list[str]:
    """The last card of ``trick`` (a view's trick), and who won it when it is complete."""
    play = trick.plays[-1]
    card = card_words(play.card, names.words)
    if len(trick.plays) == 1:
        lines = [
            names.says(play.seat, N_("You lead {card}."), N_("{name} leads {card}."), card=card)
        ]
    else:
        lines = [
            names.says(play.seat, N_("You play {card}."), N_("{name} plays {card}."), card=card)
        ]
    winner = trick.winner if isinstance(trick, DoneTrick) else None
    if winner is not None:
        lines.append(names.says(winner, N_("You win the trick."), N_("{name} wins the trick.")))
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
    _ = names._
    bidder = details["bidder"]
    contract = bid_words(str(details["contract"]), names.words)
    if details.get("alone") is not None:
        contract = _("{contract} alone").format(contract=contract)
    if details.get("forced"):
        contract = _("{contract} (a forced bid)").format(contract=contract)
    taken = names.tricks(int(details.get("taken") or 0))
    if details.get("made"):
        return names.says(
            bidder,
            N_("You bid {contract}, took {tricks} and made it."),
            N_("{name} bid {contract}, took {tricks} and made it."),
            contract=contract,
            tricks=taken,
        )
    return names.says(
        bidder,
        N_("You bid {contract}, took {tricks} and were set."),
        N_("{name} bid {contract}, took {tricks} and was set."),
        contract=contract,
        tricks=taken,
    )


def _tricks_sentences(names: SeatNames, result: HandResult, details: JsonObject) -> list[str]:
    _ = names._
    active = details.get("active") or range(len(result.tricks))
    counts = ", ".join(f"{names[s]} {result.tricks[s]}" for s in active)
    lines = [_("Tricks taken: {counts}.").format(counts=counts)]
    looed = details.get("looed") or []
    if looed and not details.get("payments"):  # else each loo is a payment's sentence
        lines.append(_looed_sentence(names, looed))
    general = details.get("general")
    if general is not None:
        if details.get("general_made"):
            lines.append(
                names.says(general, N_("You made the general."), N_("{name} made the general."))
            )
        else:
            lines.append(
                names.says(general, N_("You lost the general."), N_("{name} lost the general."))
            )
    return lines


def _looed_sentence(names: SeatNames, looed: Sequence[int]) -> str:
    if len(looed) == 1:
        return names.says(looed[0], N_("You were looed."), N_("{name} was looed."))
    who = names.listed(looed)
    return names._("{names} were looed.").format(names=who[0].upper() + who[1:])


def _gains_sentence(names: SeatNames, deltas: Sequence[int], sides: Sequence[Sequence[int]]) -> str:
    if all(len(side) == 1 for side in sides):
        parts = [f"{names[s]} {deltas[s]:+d}" for s in range(len(deltas))]
    else:
        parts = [f"{names.listed(side)} {deltas[side[0]]:+d}" for side in sides]
    return names._("Change: {changes}.").format(changes=", ".join(parts))
