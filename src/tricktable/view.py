"""A seat's view: everything that seat may see, and nothing else.

The view is the only thing that crosses to a seat, a bot, a browser, an RL agent or a
spectator. Other seats' cards, the widow, discards, passed hands, cards given between partners
and face-down leads never appear in it, except in the view of the seat that holds or held them.
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Action, Kind
from .cards import CARD_BY_INDEX, CARD_TEXT, CardSet, format_cards
from .ranking import NO_TRUMP
from .trick import Trick

if TYPE_CHECKING:
    from .engine import Game
    from .rules.options import Rules

__all__ = ["View", "build_view"]


@dataclass(frozen=True, eq=False)
class View:
    """What one seat (or a spectator, ``seat=None``) sees of a game at one moment."""

    rules: Rules
    seat: int | None
    data: dict[str, Any]
    legal: tuple[Action, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready copy: cards as canonical notation strings."""
        return copy.deepcopy(self.data)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def phase(self) -> str:
        return str(self.data["phase"])

    @property
    def to_move(self) -> int | None:
        return self.data["to_move"]  # type: ignore[no-any-return]

    @property
    def hand(self) -> CardSet:
        return CardSet(" ".join(self.data["hand"]))

    @property
    def trump(self) -> int | None:
        """The trump suit index (4 for no trump), ``None`` before trump is fixed."""
        letter = self.data["trump"]
        if letter is None:
            return None
        return NO_TRUMP if letter == "NT" else "CDHS".index(letter)


def trick_dict(trick: Trick, seat: int | None, done: bool) -> dict[str, Any]:
    plays = [
        {"seat": s, "card": None if down and s != seat else CARD_TEXT[c], "face_down": down}
        for s, c, down in trick.plays()
    ]
    out: dict[str, Any] = {"leader": trick.leader, "plays": plays}
    if done:
        out["winner"] = None if trick.winner < 0 else trick.winner
    return out


def _trump_letter(game: Game) -> str | None:
    trump = game.trump
    if trump is None:
        return None
    return "NT" if trump == NO_TRUMP else "CDHS"[trump]


def build_view(game: Game, seat: int | None) -> View:
    """The view of ``seat`` (``None``: a spectator)."""
    legal = tuple(game.legal_actions()) if seat is not None and seat == game.to_move else ()
    hand = format_cards(game.hands[seat]).split() if seat is not None else []
    data: dict[str, Any] = {
        "game": game.rules.name,
        "rules": str(game.rules),
        "players": game.player_count,
        "seat": seat,
        "phase": game.phase.value,
        "to_move": game.to_move,
        "dealer": game.dealer,
        "hand_number": game.hand_number,
        "hand": [] if hand == ["-"] else hand,
        "hand_sizes": [h.bit_count() for h in game.hands],
        "legal_actions": [str(a) for a in legal],
        "scores": list(game.scores),
        "sides": [list(side) for side in game.flow.sides()],
        "trump": _trump_letter(game),
        "active": [s for s in range(game.player_count) if game.active[s]],
        "trick": trick_dict(game.trick, seat, False) if game.phase.value == "play" else None,
        "tricks": [trick_dict(t, seat, True) for t in game.tricks],
        "tricks_won": list(game.tricks_won),
        "last_trick": _last_trick(game, seat),
        "last_result": game.results[-1].to_dict() if game.results else None,
        "history": [r.to_dict() for r in game.results],
        "is_over": game.is_over,
        "winners": list(game.winners),
        "actions": public_actions(game, seat),
    }
    data.update(game.flow.view(game, seat))
    return View(game.rules, seat, data, legal)


_HIDDEN_CARD_KINDS = frozenset({Kind.DISCARD, Kind.GIVE, Kind.EXCHANGE})


def public_actions(game: Game, seat: int | None) -> list[dict[str, Any]]:
    """This deal's actions as ``seat`` saw them, in order.

    Cards another seat discarded, gave, exchanged away or led face down are ``?``: the seat saw
    that the action happened, not the card. Search bots replay this to rebuild the hand.
    """
    current = len(game.deals) - 1
    entries = list(itertools.takewhile(lambda e: e[0] == current, reversed(game.log)))[::-1]
    plays = [t.face_down for t in game.tricks] + [game.trick.face_down]
    face_down = iter([down for trick in plays for down in trick])
    out = []
    for _, actor, action in entries:
        down = next(face_down, False) if action.kind is Kind.PLAY else False
        text = str(action)
        if actor != seat and (down or action.kind in _HIDDEN_CARD_KINDS):
            text = " ".join([action.kind.value] + ["?"] * len(action.cards))
        out.append({"seat": actor, "action": text})
    return out


def _last_trick(game: Game, seat: int | None) -> dict[str, Any] | None:
    tricks = game.tricks or game.last_tricks
    return trick_dict(tricks[-1], seat, True) if tricks else None


def card_text(index: int) -> str:
    return str(CARD_BY_INDEX[index])
