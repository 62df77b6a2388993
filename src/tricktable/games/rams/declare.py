"""The Rams family's hand state and its declarations: ``in``, ``pass``, ``widow``, ``general``.

Seats declare once each, eldest first and the dealer last (a handless dealer has no turn).
``pass`` follows the forced-play rule of rules.md §6.5 in its general form — it is illegal when
the players already in plus those still to declare after this one would be fewer than two —
and, with chips, nobody may pass on a simple pot. A general rams stops the declarations and
brings every seated player in, passers with the hands they kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...actions import PASS, Action
from ...options import Rules
from .options import (
    GENERAL_RAMS,
    GENERAL_TIMING,
    PASS_REQUIRES_WIDOW_TAKEN,
    SIMPLE_POT_ALL_PLAY,
    WIDOW_AFTER_GENERAL,
    WIDOW_RULE,
    GeneralTiming,
    WidowRule,
)
from .verbs import GENERAL_CALL, IN_CALL, WIDOW_CALL

__all__ = ["HandState", "declaration_actions", "next_to_declare"]


@dataclass
class HandState:
    """One hand of the Rams family, from the deal to the last trick."""

    seated: tuple[int, ...]
    """Seats dealt a hand, in declaring order: eldest first, the dealer (if dealt in) last."""
    simple_pot: bool
    turnup: tuple[int, ...]
    """The turned-up card(s); with Bierspiel's 7♦ turned, the 7♦ and the card naming trump."""
    before: tuple[int, ...]
    """The scores before this hand (before the ante)."""
    running: list[int]
    """Counters as the tricks fall (countdown scoring), to know who reaches 0 first."""
    dead: list[int]
    """Per seat, the cards that seat threw away (old hand for the widow, discards)."""
    calls: list[tuple[int, str]] = field(default_factory=list)
    turn: int = 0
    active: list[int] = field(default_factory=list)
    widow_taker: int | None = None
    general: int | None = None
    offer: int | None = None
    """The seat now offered the turn-up exchange."""
    exchanger: int | None = None
    """The seat that took the turn-up."""
    reached: list[int] = field(default_factory=list)
    """Seats whose counter reached 0 this hand, in trick order."""
    carried: int = 0
    """Chips carried into this hand's pot from the last (chips scoring)."""

    def copy(self) -> HandState:
        return HandState(
            self.seated, self.simple_pot, self.turnup, self.before, self.running[:],
            self.dead[:], self.calls[:], self.turn, self.active[:], self.widow_taker,
            self.general, self.offer, self.exchanger, self.reached[:], self.carried,
        )  # fmt: skip

    def players_in(self) -> tuple[int, ...]:
        """The seats that play the tricks, in seating order."""
        if self.general is not None:
            return self.seated
        return tuple(seat for seat in self.seated if seat in self.active)

    @property
    def still_to_declare(self) -> int:
        """Seats after the one whose turn it is."""
        return len(self.seated) - self.turn - 1


def declaration_actions(rules: Rules, chips: bool, state: HandState) -> list[Action]:
    """The declarations open to the seat whose turn it is."""
    if state.general is not None:
        return [IN_CALL, WIDOW_CALL] if can_take_widow(rules, state) else [IN_CALL]
    actions = [IN_CALL]
    if can_pass(rules, chips, state):
        actions.append(PASS)
    if can_take_widow(rules, state):
        actions.append(WIDOW_CALL)
    if can_announce_general(rules, state):
        actions.append(GENERAL_CALL)
    return actions


def can_pass(rules: Rules, chips: bool, state: HandState) -> bool:
    if chips and state.simple_pot and rules.value(SIMPLE_POT_ALL_PLAY):
        return False
    if rules.value(PASS_REQUIRES_WIDOW_TAKEN) and state.widow_taker is None:
        return False
    return len(state.active) + state.still_to_declare >= 2


def can_take_widow(rules: Rules, state: HandState) -> bool:
    if state.widow_taker is not None:
        return False
    rule = rules.value(WIDOW_RULE)
    if rule is WidowRule.ELDEST_ONLY:
        return state.turn == 0
    if rule is WidowRule.BEFORE_ANY_PLAY:
        return not state.active
    return True


def can_announce_general(rules: Rules, state: HandState) -> bool:
    if not rules.value(GENERAL_RAMS) or state.general is not None:
        return False
    return rules.value(GENERAL_TIMING) is GeneralTiming.ANY_TURN or not state.calls


def next_to_declare(rules: Rules, state: HandState) -> int | None:
    """Move the turn on; the next seat to declare, or ``None`` when declarations are over.

    After a general only a widow still untaken (with ``widow_after_general``) keeps them going.
    """
    state.turn += 1
    if state.general is not None and not (
        rules.value(WIDOW_AFTER_GENERAL) and can_take_widow(rules, state)
    ):
        return None
    if state.turn >= len(state.seated):
        return None
    return state.seated[state.turn]
