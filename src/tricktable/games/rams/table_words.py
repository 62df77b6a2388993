"""What the table's browser says about Rams, Bierspiel and Rounce under given rules: how each
goes and, for Rounce, how many cards the widow's taker puts away.

The descriptor's keys and its templates are described in docs/lobby.md (*Table words*). The
family's own verbs (in, widow, general, exchange, decline) are offered as registered
(``verbs.py``), with the values their explanations name under the table's rules.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ...options import Rules
from ...verbs import offered
from .verbs import VERBS

__all__ = ["bierspiel_words", "rams_words", "rounce_words"]


def rams_words(rules: Rules) -> dict[str, Any]:
    """The descriptor of a Rams table under ``rules``."""
    return {
        "bidding": False,
        "how_to_play": ["Three to six players with 32 cards, 7 to ace.", *_common(rules)],
        "verbs": _verbs(rules),
    }


def bierspiel_words(rules: Rules) -> dict[str, Any]:
    """The descriptor of a Bierspiel table under ``rules``."""
    return {
        "bidding": False,
        "how_to_play": [
            "Rams for three to six players with 32 cards, with two twists.",
            "The 7 of diamonds is always the second-highest trump, whatever suit is trump.",
            "The first leads of a hand must be trumps; a leader without one plays a card face"
            " down, which cannot win.",
            *_common(rules),
        ],
        "verbs": _verbs(rules),
    }


def rounce_words(rules: Rules) -> dict[str, Any]:
    """The descriptor of a Rounce table under ``rules``."""
    options = rules.options
    return {
        "bidding": False,
        "how_to_play": [
            "Rams for up to nine players with all 52 cards; the widow's taker puts cards away to"
            " keep five.",
            *_common(rules),
        ],
        "choices": {
            "discard": {
                "why": "You took the widow: put your extra cards away face down",
                "count": options["widow_discard"],
                "less_own": "discard",
            }
        },
        "verbs": _verbs(rules),
    }


def _verbs(rules: Rules) -> dict[str, Any]:
    """The family's verbs as the page offers them: ``in`` names the pot's share per trick and
    the loo (or, counting down, what a trick takes off), ``widow`` its size and what its taker
    puts away."""
    options = rules.options
    share = N_("1 chip") if options["pot_share"] == "one_per_trick" else N_("a fifth of the pot")
    playing: dict[str, Any] = {"values": {"share": share, "loo": options["loo_penalty"]}}
    if options["scoring"] != "chips":
        explained = N_("Play this hand: each trick takes 1 off your count; no trick adds {loo}")
        playing["offer"] = [N_("In"), explained]
    put_away = options.get("widow_discard", 0)
    discard = N_(", then put {count} face down") if put_away else ""
    widow = {"values": {"size": rules.flow.widow_size, "discard": discard, "count": put_away}}
    return offered(VERBS, {"in": playing, "widow": widow})


def _common(rules: Rules) -> list[str]:
    options = rules.options
    general = (
        "."
        if options["general_rams"] is False
        else " or General (promise to take all five tricks; everyone must then play)."
    )
    follow_only = options.get("play_policy") not in (None, "loo_strict")
    return [
        f"Everyone gets 5 cards and a spare hand, the widow ({rules.flow.widow_size} cards),"
        " lies face down; the next card is turned up and its suit is trump.",
        "In turn each player says In (play the hand), Pass (sit it out), Widow (swap your hand for"
        " the widow, then you must play)" + general,
        "You only have to follow suit."
        if follow_only
        else "You must follow suit and beat the best card so far if you can; if you can't follow,"
        " you must trump (and overtrump if you can).",
        _scoring(rules),
    ]


def _scoring(rules: Rules) -> str:
    options = rules.options
    loo = options["loo_penalty"]
    if options["scoring"] == "chips":
        share = "1 chip" if options["pot_share"] == "one_per_trick" else "a fifth of the pot"
        return (
            f"The dealer puts {options['ante']} chips in the pot; each trick wins {share}, and a"
            f" player who plays and takes no trick is looed and pays {loo} into the next pot."
        )
    end = (
        "The first to reach 0 wins."
        if options["countdown_end"] == "first_out_wins"
        else "Players at 0 drop out; the last one left loses."
    )
    return (
        f"Everyone starts with {options['countdown_start']} points; each trick takes 1 off, and"
        f" playing without taking a trick adds {loo}. {end}"
    )
