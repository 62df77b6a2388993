"""tricktable: the Euchre/Rams family of trick-taking card games.

Euchre, Single and Double Hasenpfeffer, Rams, Bierspiel and Rounce: an engine with every rule
option, a players' table, bots, a double-dummy solver and research environments.

>>> import tricktable as tt
>>> game = tt.new_game("hasenpfeffer", seed=7)
>>> str(game.phase), len(game.view(game.to_move).hand)
('auction', 6)
"""

from __future__ import annotations

from typing import Any

from .actions import Action, Kind, parse_action
from .cards import DECKS, Card, CardSet, Deck, Suit, format_cards, parse_card, parse_cards
from .compiled import warn_if_stale
from .deal import Deal
from .engine import Game, Phase
from .errors import (
    IllegalActionError,
    NotationError,
    RecordError,
    RulesError,
    SeatError,
    TricktableError,
)
from .games import GAME_NAMES, REGISTRY, Rules, find_game, rules
from .record import hand_text, load_record, save_record
from .replay import replay
from .version import __version__
from .view import View

__all__ = [
    "DECKS",
    "GAME_NAMES",
    "REGISTRY",
    "Action",
    "Card",
    "CardSet",
    "Deal",
    "Deck",
    "Game",
    "IllegalActionError",
    "Kind",
    "NotationError",
    "Phase",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatError",
    "Suit",
    "TricktableError",
    "View",
    "__version__",
    "find_game",
    "format_cards",
    "hand_text",
    "load_record",
    "new_game",
    "parse_action",
    "parse_card",
    "parse_cards",
    "replay",
    "rules",
    "save_record",
]


def new_game(
    rules_or_name: str | Rules,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deal: str | Deal | None = None,
    **options: Any,
) -> Game:
    """A new game of the named rules (options as keywords), dealt from ``seed``.

    ``deal`` sets up the first hand exactly in deal text; later hands come from the seed.
    """
    return Game(rules(rules_or_name, **options), seed=seed, dealer=dealer, deal=deal)


warn_if_stale()  # a compiled build older than its sources would run the old code
