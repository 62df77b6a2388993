"""Euchre: four players in partnerships, 24 cards, a turn-up and two rounds of making trump.

Seats 0 and 2 play against 1 and 3 with A K Q J 10 9 of each suit. Five cards each, dealt 3+2
from the dealer's left; the next card is turned up on the four-card kitty. Trump ranks right
bower (its jack), left bower (the other jack of its colour, a trump for every purpose), then
A K Q 10 9; plain suits A K Q J 10 9. Follow the led effective suit if able, else play anything.

Defaults (docs/euchre.md gives each reading with its source):

* first round, from the dealer's left: ``order-up`` (the turn-up's suit is trump; the dealer
  takes the card and discards one of his others face down) or ``pass``;
* second round: ``trump S`` (any suit but the turn-up's) or ``pass``; four more passes throw
  the hand in and the deal passes on (``stick_the_dealer`` makes the dealer name a suit);
* the maker says ``alone`` (his partner sits the hand out) or ``not-alone``;
* the player on the dealer's left (the next one playing) leads the first trick;
* makers: 1 point for 3 or 4 tricks, 2 for all five, 4 for all five alone; euchred makers
  give the defenders 2 (4 to a lone defender with ``lone_defender``);
* the first side to 10 points wins.

Options: ``stick_the_dealer`` and ``lone_defender`` (named as OpenSpiel's euchre names them),
whom a lone defender may go against, the dealer's discarding of the turn-up, the target,
three-handed ``cutthroat`` and ``railroad`` (a Joker above the bowers; a lone player takes his
partner's best card), the Joker turn-up's suit and the deal's packets.
"""

from __future__ import annotations

from typing import Final

from ...options import GameDef
from .batch import euchre_part
from .flow import EuchreFlow
from .options import OPTIONS, check
from .section import encoding_fields
from .table_words import table_words
from .terminal import terminal_lines
from .verbs import VERBS

__all__ = ["COMPILED", "GAME", "GAMES", "EuchreFlow"]

COMPILED: Final = ("flow", "ledger")
"""The modules of this package that ``tricktable compile`` compiles (the rules' hot paths)."""

GAME = GameDef(
    name="euchre",
    title="Euchre",
    summary="Four players in partnerships, 24 cards, a turn-up; order it up or name trump.",
    options=OPTIONS,
    make_flow=EuchreFlow,
    check=check,
    presets=(
        ("Euchre", {}),
        ("Stick the dealer", {"stick_the_dealer": True}),
        ("Three-handed cutthroat", {"cutthroat": True}),
        ("Railroad", {"railroad": True, "lone_defender": True}),
    ),
    table=table_words,
    encoding=encoding_fields,
    terminal=terminal_lines,
    verbs=VERBS,
    batch=euchre_part,
)

GAMES: Final[tuple[GameDef, ...]] = (GAME,)
