"""What the table's browser says about the Hasenpfeffers under given rules: how each goes, what
a bid, a pass, naming trump and going alone mean, and how many cards a lone hand discards.

The descriptor's keys and its templates are described in docs/lobby.md (*Table words*).
"""

from __future__ import annotations

from typing import Any

from ...options import Rules
from ...verbs import offered
from .verbs import ALONE, NOT_ALONE, VERBS

__all__ = ["double_words", "single_words"]


def _pass(rules: Rules) -> list[str]:
    final = str(rules.options.get("bidding_mode", "")).startswith("until")
    said = "out of the bidding for this hand" if final else "no bid from you this hand"
    return ["Pass", f"Say {said}"]


def _bid(side: str, tricks: str, widow: str) -> list[str]:
    # the rule every bid shares is said once beside the bid box (the third element)
    return [
        "Bid {arg}",
        f"{side} {{arg}} of {tricks} tricks",
        f"A bid promises that many tricks; the high bidder names trump{widow}.",
    ]


def single_words(rules: Rules) -> dict[str, Any]:
    """The descriptor of a Single Hasenpfeffer table under ``rules``."""
    options = rules.options
    dead = options["widow_mode"] == "dead"
    stakes = (
        "your bid counts double"
        if options["lone_contract"] == "bid_doubled"
        else "take all 6 tricks for 12, or lose 6"
    )
    return {
        "bidding": True,
        "tricks_per_hand": 6,
        "maker_key": "bidder",
        "how_to_play": _single_how(rules, dead),
        "actions": {
            "bid little-pepper": ["Little pepper", "Promise all 6 tricks for your side"],
            "bid big-pepper": [
                "Big pepper",
                f"All 6 tricks at {options['big_pepper_multiplier'] or 2}× stakes",
            ],
            "bid": _bid("your side takes", "6", "" if dead else " and takes the widow"),
            "pass": _pass(rules),
            "alone": {
                "maker": ["Alone", f"Your partner sits out; {stakes}"],
                "other": ["Alone", "Defend alone: your partner sits out"],
            },
        },
        "trump_top": ": Joker, J{arg:symbol}, J{arg:colour} rank highest",
        "widow_note": " (stays dead)" if dead else "",
        "verbs": offered((ALONE, NOT_ALONE)),
    }


def _single_how(rules: Rules, dead: bool) -> list[str]:
    widow = "" if dead else ", takes the widow and puts a card away"
    return [
        "Four players in two partnerships; partners sit opposite. The pack is 25 cards: 9 to ace"
        " in each suit and the Joker.",
        "The Joker is the highest trump, then the jack of trumps (right bower) and the other jack"
        " of the same colour (left bower), then A K Q 10 9.",
        "Everyone gets 6 cards and one card is the widow. Players bid how many of the 6 tricks"
        f" their side will take; the high bidder names trump{widow}, and leads.",
        "Follow suit if you can. The bidders score their tricks if they make the bid and lose the"
        " bid if they don't; the defenders score their tricks.",
        f"The first side to {rules.options['target_score']} points wins.",
    ]


def double_words(rules: Rules) -> dict[str, Any]:
    """The descriptor of a Double Hasenpfeffer table under ``rules``."""
    options = rules.options
    k = options["lone_cards_exchanged"]
    stakes = (
        "your bid at double stakes"
        if options["lone_contract"] == "bid_doubled"
        else "all {tricks_per_hand} tricks for double"
    )
    side = "you take" if options["individual"] else "your side takes"
    bowers = ": both J{arg:symbol} and both J{arg:colour} rank highest"
    return {
        "bidding": True,
        "maker_key": "bidder",
        "how_to_play": _double_how(rules),
        "actions": {
            "bid": _bid(side, "{tricks_per_hand}", ""),
            "give pass": ["Pass", "Let your other partner give the card"],
            "pass": _pass(rules),
            "alone": [
                "Alone",
                f"Discard {k}, get your partners' {k} best cards and play {stakes}",
            ],
        },
        "trump_top": bowers if options["bowers"] else "",
        "verbs": offered(VERBS, {"partner": {"values": {"k": k}}}),
        "choices": {
            "discard": {
                "why": "Going alone: put these away; your partners give you their best cards",
                "count": k,
                "less": "lone_discard_count",
            }
        },
    }


def _double_how(rules: Rules) -> list[str]:
    options = rules.options
    partners = not options["individual"]
    lines = [
        "Four or six players in two partnerships, partners sitting alternately."
        if partners
        else "Every player plays for himself.",
        "The pack is 48 cards: two of each card from 9 to ace, so two cards can be alike (the"
        " first one played wins a tie).",
        f"Bid how many of the tricks {'your side' if partners else 'you'} will take (at least"
        f" {options['min_bid']}); if everyone passes the dealer must bid. The high bidder names"
        " trump and leads.",
        "Both jacks of trumps and both jacks of the same colour are the highest trumps (the"
        " bowers), then A K Q 10 9."
        if options["bowers"]
        else "Every suit ranks A K Q J 10 9.",
    ]
    if partners and options["lone_hand"]:
        lines.append(
            "The bidder may play alone: he puts cards away and his partners give him their best"
            " ones, for double stakes."
        )
    lines.append(
        f"Make the bid to score it; fail and lose it. First to {options['target_score']} points"
        " wins."
    )
    return lines
