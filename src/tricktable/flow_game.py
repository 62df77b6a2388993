"""The game as a flow sees it: what a :class:`~tricktable.flow.Flow` may read, and the
few ways it may change the game.

A flow reads the position (hands, widow, stock, tricks, the ledger …) and its own hand state,
and changes the game only through these methods: it never assigns the engine's attributes, so
the engine keeps its caches (the legal actions of the player to move) and its undo records
right. :class:`~tricktable.engine.Game` is the one implementation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .flow import HandResult, Ledger
    from .phase import Phase
    from .ranking import TrumpTable
    from .trick import PlayRules, Trick

__all__ = ["FlowGame"]


class FlowGame(Protocol):
    """What a flow may see of a game and do to it."""

    @property
    def player_count(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def hands(self) -> Sequence[int]: ...
    @property
    def widow(self) -> int | None: ...
    @property
    def stock(self) -> Sequence[int]: ...
    @property
    def state(self) -> Any:
        """The flow's own state of the hand (it changes that object as it likes)."""

    @property
    def ledger(self) -> Ledger: ...
    @property
    def results(self) -> Sequence[HandResult]: ...
    @property
    def tricks(self) -> Sequence[Trick]: ...
    @property
    def tricks_won(self) -> Sequence[int]: ...
    @property
    def tricks_per_hand(self) -> int: ...
    @property
    def table(self) -> TrumpTable | None: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def play_rules(self) -> PlayRules: ...

    def begin_hand(self, state: Any, phase: Phase, seat: int) -> None:
        """Start the decisions of a freshly dealt hand: the flow's ``state``, the first
        ``phase`` and the ``seat`` to move."""

    def move_to(self, seat: int, phase: Phase | None = None) -> None:
        """``seat`` is to move next (in ``phase``, if the phase changes)."""

    def set_hand(self, seat: int, cards: int) -> None:
        """``seat`` now holds ``cards`` (card bits)."""

    def set_widow(self, cards: int) -> None:
        """The widow now holds ``cards``."""

    def set_stock(self, cards: Iterable[int]) -> None:
        """The undealt rest of the pack is now ``cards``, top first."""

    def set_trump(self, suit: int | None) -> None:
        """Trump is ``suit`` (0..3 = C D H S; ``None``: no trump)."""

    def set_active(self, seats: Iterable[int]) -> None:
        """Only ``seats`` take part in the tricks of this hand."""

    def next_active(self, seat: int) -> int:
        """The next seat clockwise from ``seat`` that takes part in the tricks."""

    def start_play(self, leader: int, tricks: int, rules: PlayRules = ...) -> None:
        """Begin trick play: ``leader`` leads the first of ``tricks`` tricks under ``rules``."""

    def redeal(self) -> None:
        """Throw the hand in and deal again with the same dealer (a misdeal)."""

    def finish_hand(self) -> None:
        """End the hand now (its :meth:`~tricktable.rules.base.Flow.score_hand` is asked for
        the result), then end the game or deal the next hand: a hand thrown in without play
        that still passes the deal on."""
