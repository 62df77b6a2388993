"""What the table's browser says about Euchre under given rules: how it goes, what each call
means, the contract line and the hand summary's headline.

Templates name view (or hand-result detail) keys: ``{key}`` is the value, ``{key:seat}`` that
seat's name, ``{key:suit}`` a suit in words, ``{key:card}`` a card, and ``{key|text}`` the text
when the value is set (neither null nor false). Action entries are looked up by
``"PHASE VERB"`` first, then by ``VERB``; an entry with ``maker`` and ``other`` keys says one
thing to the maker and another to everyone else.
"""

from __future__ import annotations

from typing import Any

from ...options import Rules
from ...verbs import offered
from .options import CUTTHROAT, RAILROAD, STICK_THE_DEALER, TARGET_SCORE
from .verbs import VERBS

__all__ = ["table_words"]

_MADE = "{maker:seat} made {trump:suit} trump{alone| alone}"


def table_words(rules: Rules) -> dict[str, Any]:
    """The descriptor of a Euchre table under ``rules`` (see the module's docstring)."""
    cutthroat = rules.value(CUTTHROAT)
    return {
        "bidding": False,
        "tricks_per_hand": 5,
        "maker_key": "maker",
        "how_to_play": _how_to_play(rules, cutthroat),
        "actions": _actions(rules, cutthroat),
        "calls": {"order-up": "Orders up", "alone": "Alone", "pass": "Pass"},
        "prompts": {
            "auction": "Order up the turn-up, or pass:",
            "trump": "Name a suit for trump, or pass:",
            "alone": "Play this hand alone, or with your partner?",
        },
        "choices": {"discard": {"why": "Put one card away face down: you keep five"}},
        "verbs": offered(VERBS),
        "turnup": "Turn-up: order it up to make its suit trump",
        "facts": [
            ["Maker", "{maker:seat}"],
            ["Alone", "{alone:seat}"],
            ["Defends alone", "{lone_defender:seat}"],
            ["Game", f"to {_points(rules.value(TARGET_SCORE))}"],
        ],
        "summary": [
            ["thrown_in", "Everyone passed twice: the hand is thrown in"],
            [
                "euchred",
                "{maker:seat} made {trump:suit} trump{alone| alone}, took {taken}: euchred",
            ],
            [None, "{maker:seat} made {trump:suit} trump{alone| alone} and took {taken}"],
        ],
    }


def _how_to_play(rules: Rules, cutthroat: bool) -> list[str]:
    railroad = rules.value(RAILROAD)
    lines = [
        "Three players, each for himself."
        if cutthroat
        else "Four players in two partnerships; partners sit opposite.",
        "The pack is 24 cards, 9 to ace"
        + (" and a Joker" if railroad else "")
        + "; everyone gets 5 and the next card is turned up.",
        ("The Joker is the highest trump, then the jack" if railroad else "The jack")
        + " of trumps (right bower) and the other jack of the same colour (left bower),"
        " then A K Q 10 9.",
        "In turn each player may order up the turn-up: its suit is trump and the dealer takes"
        " it, putting a card away. If all pass, each may name another suit"
        + (", and the dealer must." if rules.value(STICK_THE_DEALER) else "."),
        "Follow suit if you can. The maker's side scores 1 for 3 or 4 tricks, 2 for all 5"
        " (4 alone); if it takes fewer than 3 it is euchred and the others score 2.",
        f"The first {'player' if cutthroat else 'side'} to {_points(rules.value(TARGET_SCORE))}"
        " wins.",
    ]
    if not cutthroat:
        lines.insert(4, "The maker may go alone: his partner sits the hand out.")
    return lines


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _actions(rules: Rules, cutthroat: bool) -> dict[str, Any]:
    side = "you" if cutthroat else "your side"
    return {
        "order-up": [
            "Order up",
            f"Make {{proposed:suit}} trump: the dealer takes the {{turnup:card}}; {side}"
            " must then take 3 tricks",
        ],
        "auction pass": ["Pass", "Leave the turn-up; the next player may order it up"],
        "trump pass": ["Pass", "Name no suit; the next player may"],
        "trump": [
            "{arg:suit}",
            f"Make {{arg:suit}} trump (its jacks rank highest); {side} must then take 3 tricks",
        ],
        "alone": {
            "maker": ["Alone", "Your partner sits out: all 5 tricks alone score 4"],
            "other": ["Alone", "Defend alone: your partner sits out; a euchre alone scores 4"],
        },
        "not-alone": ["With partner", "Play this hand with your partner as usual"],
    }
