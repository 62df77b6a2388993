"""The trick in play: its cards in play order, the led suit and the card winning it so far.

Apart from the rules of :mod:`tricktable.trick` because its functions are also compiled by the
numba kernels, while this class runs with the engine (and is compiled with it by ``tricktable
compile``); :mod:`tricktable.trick` re-exports it.
"""

from __future__ import annotations

from .cards import CARD_TEXT
from .ranking import TrumpTable

__all__ = ["Trick"]


class Trick:
    """The cards played to one trick so far, in play order.

    ``winner`` is the seat currently winning (``-1`` once a void blind trick is resolved);
    ``follow`` the cards of the led effective suit, which a follower must play if he can;
    ``down`` the positions of the cards played face down, as bits (``face_down`` as a list).
    """

    __slots__ = (
        "best_card",
        "best_key",
        "cards",
        "down",
        "follow",
        "keys",
        "leader",
        "led_suit",
        "seats",
        "winner",
    )

    def __init__(self, leader: int) -> None:
        self.leader = leader
        self.seats: list[int] = []
        self.cards: list[int] = []
        self.down = 0
        self.led_suit = -1
        self.winner = leader
        self.best_key = -1
        self.best_card = -1
        self.keys: tuple[int, ...] = ()
        self.follow = 0

    def add(self, seat: int, card: int, table: TrumpTable, face_down: bool = False) -> None:
        """Play ``card`` (a bit index) for ``seat`` and update the winner."""
        if not self.cards:
            self.lead(seat, card, table, face_down)
            return
        # the strict > keeps an earlier identical card ahead; a face-down card never wins
        if face_down:
            self.down |= 1 << len(self.cards)
        self.seats.append(seat)
        self.cards.append(card)
        if not face_down:
            key = self.keys[card]
            if key > self.best_key:
                self.best_key = key
                self.best_card = card
                self.winner = seat

    def lead(self, seat: int, card: int, table: TrumpTable, face_down: bool = False) -> None:
        """Play the first card: it fixes the led effective suit (trump for a face-down lead,
        which never wins) and, face up, wins the trick so far."""
        led = self.led_suit = table.trump if face_down else table.suit_of[card]
        self.keys = table.led_keys[led]
        self.follow = table.suit_mask[led]
        self.seats.append(seat)
        self.cards.append(card)
        self.down = int(face_down)
        if not face_down:
            self.best_key = self.keys[card]
            self.best_card = card
            self.winner = seat

    def copy(self) -> Trick:
        other = Trick(self.leader)  # not Trick.__new__: a compiled class runs __init__ anyway
        other.led_suit, other.keys = self.led_suit, self.keys
        other.follow = self.follow
        other.winner, other.best_key, other.best_card = self.winner, self.best_key, self.best_card
        other.seats, other.cards, other.down = self.seats[:], self.cards[:], self.down
        return other

    def __len__(self) -> int:
        return len(self.cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trick) and (
            self.leader,
            self.seats,
            self.cards,
            self.down,
            self.winner,
        ) == (other.leader, other.seats, other.cards, other.down, other.winner)

    def __repr__(self) -> str:
        plays = ", ".join(f"{s}:{'??' if d else CARD_TEXT[c]}" for s, c, d in self.plays())
        return f"Trick(leader={self.leader}, [{plays}], winner={self.winner})"

    __hash__ = None  # type: ignore[assignment]

    def plays(self) -> list[tuple[int, int, bool]]:
        """(seat, card index, face down) in play order."""
        return list(zip(self.seats, self.cards, self.face_down, strict=True))

    @property
    def face_down(self) -> list[bool]:
        """Whether each card, in play order, was played face down."""
        down = self.down
        return [bool(down >> position & 1) for position in range(len(self.cards))]

    def mask(self) -> int:
        out = 0
        for card in self.cards:
            out |= 1 << card
        return out
