"""Verbs: the first word of an action's notation, what follows it, and how it is said.

The core knows only the verbs every trick-taking family shares: ``pass``, ``bid``, ``trump``,
``discard`` and ``play`` (each family passes, and every one of them plays cards; bidding, naming
trump and putting cards away face down are what the action codec, the terminal and the hidden
-card sampling reason about by themselves). Every other verb belongs to a family, which declares
it with :func:`verb` in its own package (``ORDER_UP = verb("order-up", ...)``) and lists it in its
``GameDef.verbs``; the notation, the terminal, the narration and the browser table read its
registration and never its word.

A :class:`Kind` is a ``str`` (its word), one object per word: actions compare their kinds by
identity, and a declaration repeated with the same registration (a family's copy, two families
sharing ``alone``) returns the kind already registered.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal

from .errors import NotationError
from .i18n import N_

__all__ = ["CORE_VERBS", "Kind", "Takes", "VerbWords", "all_verbs", "offered", "verb"]

Takes = Literal["nothing", "cards", "seat", "bid", "suit"]
"""What follows a verb's word: nothing, one or more cards, a seat's number, a bid's value or a
suit."""


@dataclass(frozen=True)
class VerbWords:
    """How a verb is said. ``move`` is its label in the terminal's list of moves (``{value}``:
    the cards, seat or value after it); ``you``/``other`` the narration's sentence in both
    persons (``{cards}``: its cards, or "a card" to those who may not see them; ``{seat}``: the
    seat it names), ``to_you`` the sentence when that seat is the reader's. ``table`` is what the
    browser table is told of it (JSON-ready, its words translated by the server)."""

    move: str
    you: str = ""
    other: str = ""
    to_you: str = ""
    table: Mapping[str, Any] = field(default_factory=dict)


class _Verbs(type):
    """Iterating :class:`Kind` gives every registered verb, in the order they were declared."""

    def __iter__(cls) -> Iterator[Kind]:
        return iter(tuple(_REGISTRY.values()))


class Kind(str, metaclass=_Verbs):
    """A verb (its word in notation). ``Kind("play")`` is the registered verb of that word."""

    PASS: ClassVar[Kind]
    BID: ClassVar[Kind]
    TRUMP: ClassVar[Kind]
    DISCARD: ClassVar[Kind]
    PLAY: ClassVar[Kind]

    takes: Takes
    most_cards: int
    """The most cards it names (0 unless it takes cards)."""
    hidden: bool
    """Its cards are hidden from the other seats (put away, given or exchanged face down)."""
    thrown: bool
    """Its cards leave the hand face down for the rest of the hand (put away, not given)."""
    words: VerbWords

    def __new__(cls, word: str) -> Kind:
        try:
            return _REGISTRY[word]
        except KeyError:
            raise ValueError(f"{word!r} is not a registered verb") from None

    @property
    def value(self) -> str:
        """The verb's word."""
        return str.__str__(self)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return Kind, (self.value,)

    def __repr__(self) -> str:
        return f"Kind({self.value!r})"

    def _facts(self) -> tuple[object, ...]:
        return self.takes, self.most_cards, self.hidden, self.thrown, self.words


_REGISTRY: Final[dict[str, Kind]] = {}


def verb(
    word: str,
    words: VerbWords,
    *,
    takes: Takes = "nothing",
    most_cards: int = 0,
    hidden: bool = False,
    thrown: bool = False,
) -> Kind:
    """Register the verb ``word`` (or find it, registered alike already) and return it."""
    if takes == "cards" and most_cards < 1:
        most_cards = 1
    made = str.__new__(Kind, word)
    made.takes, made.most_cards, made.words = takes, most_cards, words
    made.hidden, made.thrown = hidden, thrown
    known = _REGISTRY.get(word)
    if known is None:
        _REGISTRY[word] = made
        return made
    if known._facts() != made._facts():
        raise NotationError(f"the verb {word!r} is registered already, and differently")
    return known


def offered(
    kinds: Iterable[Kind], changes: Mapping[str, Mapping[str, Any]] | None = None
) -> dict[str, dict[str, Any]]:
    """What a table's browser is told of a game's own verbs (its table words' ``verbs``): by
    word, how each is offered (``offer``: a button's label and explanation), said in a seat's
    bubble (``call``) and chosen from the hand (``choice``), as registered; ``changes`` adds
    to a verb's entry what the table's rules say (``values`` its explanation names, or
    another ``offer``). The texts are English message ids the page translates itself."""
    changes = changes or {}
    return {
        kind.value: {**kind.words.table, **changes.get(kind.value, {})}
        for kind in kinds
        if kind.words.table
    }


def all_verbs() -> tuple[Kind, ...]:
    """Every registered verb, the core's first."""
    return tuple(_REGISTRY.values())


# The core's own verbs. A bid's and a trump's sentences name a contract and a suit in the
# terminal's words, so the narration says those two itself; a card play is told with its trick.
Kind.PASS = verb("pass", VerbWords(N_("pass"), N_("You pass."), N_("{name} passes.")))
Kind.BID = verb("bid", VerbWords(N_("bid {value}")), takes="bid")
Kind.TRUMP = verb("trump", VerbWords(N_("trump {value}")), takes="suit")
Kind.DISCARD = verb(
    "discard",
    VerbWords(N_("discard {value}"), N_("You discard {cards}."), N_("{name} discards {cards}.")),
    takes="cards",
    hidden=True,
    thrown=True,
)
Kind.PLAY = verb("play", VerbWords(N_("play {value}")), takes="cards")

CORE_VERBS: Final = all_verbs()
