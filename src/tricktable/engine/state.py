"""The one record of a game's state, and the ways a flow and the engine's helpers change it.

:class:`GameState` declares every field a game has, what each holds, and the methods that change
them: the few a flow may call (:class:`~tricktable.flow_game.FlowGame`), the caches of the
player to move's legal actions, and whole-state snapshots (what ``push`` keeps to undo a call,
what ``copy`` copies). Card play and undo (:mod:`.play`) and the public game
(:mod:`.game`) build on it and change it only through these methods and its fields.

A snapshot keeps lists that only grow during a hand (the log, the deals, the results) by length
and cuts them back on restore; lists that change in place are copied; the rest are immutable.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..phase import Phase
from ..trick import FOLLOW_ONLY, PlayRules, Trick

if TYPE_CHECKING:
    from ..actions import Action
    from ..deal import Deal
    from ..fair import DealSource
    from ..flow import Flow, HandResult, Ledger
    from ..options import Rules
    from ..ranking import TrumpTable

__all__ = ["GameState", "Snapshot", "seating"]

Snapshot = tuple[Any, ...]
Seating = tuple[tuple[bool, ...], int, tuple[int, ...]]

_LIST_FIELDS = ("hands", "stock", "tricks", "tricks_won")
_APPEND_FIELDS = ("log", "deals", "dealers", "results")
_SCALAR_FIELDS = (
    "phase", "to_move", "is_over", "table", "dealer", "hand_number", "widow",
    "tricks_per_hand", "active", "active_count", "next_seat", "last_tricks", "play_rules",
)  # fmt: skip
_PLAY = Phase.PLAY


class GameState:
    """Every field of a game, and the changes a flow or the engine makes to them."""

    __slots__ = (
        "_everyone", "_explicit", "_legal", "_mask", "_simple", "_single_copy", "_trick_hook",
        "_undo",
        "active", "active_count", "deal_limit", "deal_number", "deal_source", "dealer", "dealers",
        "deals", "first_dealer", "flow", "hand_number", "hands", "is_over", "last_tricks", "ledger",
        "log", "next_seat", "phase", "play_rules", "player_count", "results", "rules", "seed",
        "state", "stock", "table", "to_move", "trick", "tricks", "tricks_per_hand", "tricks_won",
        "widow",
    )  # fmt: skip

    # -- what the rules fix for the whole game -------------------------------------------------
    rules: Rules
    flow: Flow
    player_count: int
    seed: int
    first_dealer: int
    deal_source: DealSource | None
    """None: every deal from the seed; else a secret of the server's (tricktable.fair)."""
    deal_limit: int | None
    """A session of so many deals (None: to the game's end)."""
    _trick_hook: bool
    """Whether the flow wants to hear of every trick (it overrides ``Flow.trick_done``)."""
    _single_copy: bool
    """Whether the deck holds one copy of each card (not a pinochle pack)."""
    _everyone: Seating
    """The seating of a hand every seat plays (:func:`seating`)."""

    # -- the game so far -----------------------------------------------------------------------
    phase: Phase
    to_move: int | None
    is_over: bool
    """Whether the game has ended (an attribute, not a property: drivers read it every move)."""
    ledger: Ledger
    log: list[tuple[int, int, Action]]
    """Every action: (deal number, seat, action)."""
    deals: list[Deal]
    dealers: list[int]
    results: list[HandResult]
    hand_number: int
    deal_number: int
    """The number of the current deal (misdeals count): the index of :attr:`deals`."""
    dealer: int
    _explicit: list[Deal]
    """Deals given as text, dealt before any from the seed."""

    # -- the current hand ----------------------------------------------------------------------
    state: Any
    """The flow's state of the current hand (auction, contract, exchanges …)."""
    hands: list[int]
    widow: int | None
    stock: list[int]
    table: TrumpTable | None
    trick: Trick
    tricks: list[Trick]
    last_tricks: list[Trick]
    tricks_won: list[int]
    tricks_per_hand: int
    play_rules: PlayRules
    active: tuple[bool, ...]
    active_count: int
    next_seat: tuple[int, ...]

    # -- caches and undo -----------------------------------------------------------------------
    _legal: tuple[Action, ...] | None
    """The legal actions of the player to move, once found (None: not yet)."""
    _mask: int
    """The cards the player to move may play, once found (0: not yet)."""
    _simple: bool
    """Whether a card now is played by the plain follow-suit rule with one copy of each card
    (``Game.apply``'s quick path)."""
    _undo: list[tuple[Any, ...]]
    """What each ``push`` keeps for ``pop``."""

    @property
    def trump(self) -> int | None:
        """The trump suit (0..3 = C D H S), ``4`` for no trump, ``None`` before it is fixed."""
        return None if self.table is None else self.table.trump

    # -- what flows may do (tricktable.flow_game.FlowGame) -------------------------------------

    def begin_hand(self, state: Any, phase: Phase, seat: int) -> None:
        self.state, self.phase, self.to_move = state, phase, seat
        self._simple = False

    def move_to(self, seat: int, phase: Phase | None = None) -> None:
        self.to_move = seat
        if phase is not None:
            self.phase = phase
            self._simple = False

    def set_hand(self, seat: int, cards: int) -> None:
        self.hands[seat] = cards

    def set_widow(self, cards: int) -> None:
        self.widow = cards

    def set_stock(self, cards: Iterable[int]) -> None:
        self.stock = list(cards)

    def set_trump(self, suit: int | None) -> None:
        self.table = self.flow.trump_table(suit)

    def set_active(self, seats: Iterable[int]) -> None:
        """Which seats take part in the tricks of this hand (lone hands, passes, drop-outs)."""
        self.active, self.active_count, self.next_seat = seating(
            self.player_count, frozenset(seats)
        )

    def next_active(self, seat: int) -> int:
        return self.next_seat[seat]

    def start_play(self, leader: int, tricks: int, rules: PlayRules = FOLLOW_ONLY) -> None:
        """Begin trick play: ``leader`` leads the first of ``tricks`` tricks under ``rules``."""
        self.phase = _PLAY
        self.play_rules = rules
        self._simple = rules.plain and self._single_copy
        self._mask = 0
        self.tricks_per_hand = tricks
        trick = self.trick
        if trick.cards:
            self.trick = Trick(leader)
        else:  # the empty trick of the deal leads off: a trick object less per hand
            trick.leader = trick.winner = leader
        self.to_move = leader

    # -- snapshots -----------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """Everything about the game that play can change, as it stands."""
        lists = tuple(getattr(self, name)[:] for name in _LIST_FIELDS)
        appends = tuple(getattr(self, name) for name in _APPEND_FIELDS)
        lengths = tuple(len(a) for a in appends)
        scalars = tuple(getattr(self, name) for name in _SCALAR_FIELDS)
        state = self.flow.hand_state_copy(self.state)
        return (lists, appends, lengths, scalars, self.trick.copy(), state, self.ledger.copy(),
                self._explicit[:])  # fmt: skip

    def restore(self, snap: Snapshot, full: bool = False) -> None:
        """Be again what ``snap`` found (``full``: copy everything, for a new game)."""
        lists, appends, lengths, scalars, trick, state, ledger, explicit = snap
        for name, value in zip(_LIST_FIELDS, lists, strict=True):
            setattr(self, name, value[:] if full else value)
        for name, value, length in zip(_APPEND_FIELDS, appends, lengths, strict=True):
            if full:
                setattr(self, name, value[:length])
            else:
                del value[length:]
        for name, value in zip(_SCALAR_FIELDS, scalars, strict=True):
            setattr(self, name, value)
        self.trick = trick.copy() if full else trick
        self.state = self.flow.hand_state_copy(state) if full else state
        self.ledger = ledger.copy() if full else ledger
        self._explicit = explicit[:]
        self.deal_number = len(self.deals) - 1
        self._legal, self._mask = None, 0
        self._simple = self.phase is _PLAY and self.play_rules.plain and self._single_copy

    def copy_rules_of(self, other: GameState) -> None:
        """Take ``other``'s rules, seed and session (a copy's first step; no undo stack)."""
        self.rules, self.flow, self.player_count = other.rules, other.flow, other.player_count
        self.seed, self.first_dealer = other.seed, other.first_dealer
        self.deal_source, self.deal_limit = other.deal_source, other.deal_limit
        self._explicit = other._explicit[:]
        self._undo = []
        self._trick_hook, self._everyone = other._trick_hook, other._everyone
        self._single_copy = other._single_copy


@functools.cache
def seating(players: int, seats: frozenset[int]) -> Seating:
    """Who plays, how many, and for each seat the next one clockwise that plays (itself if no
    other does)."""
    active = tuple(seat in seats for seat in range(players))
    following = [
        next((o for o in ((seat + step) % players for step in range(1, players + 1)) if active[o]),
             seat)
        for seat in range(players)
    ]  # fmt: skip
    return active, len(seats), tuple(following)
