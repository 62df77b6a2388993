"""Settling a Rams-family hand: chips and pot (rules.md §6.8) or counters (§6.9, §7.6).

An :class:`Outcome` says what happened in the tricks; :func:`settle_chips` and
:func:`settle_counters` move chips or counters in a ledger accordingly. Both follow §0.5:
a failed general divides the pot and the declarer matches it (``divide_then_match``) by
default, and the general's stake — what each other player pays or receives — is five.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...options import Rules
from .ledgers import ChipLedger, CounterLedger
from .options import (
    GENERAL_FAIL_POT,
    GENERAL_LOO_PENALTY,
    LOO_PENALTY,
    POT_SHARE,
    REMAINDER_RULE,
    GeneralFailPot,
    PotShare,
    RemainderRule,
)

__all__ = ["GENERAL_STAKE", "TRICKS", "Outcome", "settle_chips", "settle_counters"]

TRICKS = 5
GENERAL_STAKE = 5


@dataclass(frozen=True)
class Outcome:
    """What one hand's tricks came to."""

    seated: tuple[int, ...]
    active: tuple[int, ...]
    winners: tuple[int, ...]
    """The winner of each trick in order (-1: a void blind trick)."""
    general: int | None

    def tricks(self, seat: int) -> int:
        return self.winners.count(seat)

    @property
    def general_made(self) -> bool:
        return self.general is not None and self.tricks(self.general) == TRICKS

    def looed(self) -> list[int]:
        """Active players who took no trick."""
        return [seat for seat in self.active if self.tricks(seat) == 0]


def settle_chips(ledger: ChipLedger, rules: Rules, out: Outcome) -> None:
    """Pay out the pot, collect loo penalties, and carry the rest to the next pot."""
    if out.general is None:
        _divide(ledger, rules, out)
        _collect_loo(ledger, rules, out)
    elif out.general_made:
        _general_made_chips(ledger, out, out.general)
    else:
        _general_failed_chips(ledger, rules, out, out.general)
    ledger.close_pot()


def _divide(ledger: ChipLedger, rules: Rules, out: Outcome) -> None:
    fifths = rules.value(POT_SHARE) is PotShare.FIFTH_OF_POT
    share = ledger.pot // TRICKS if fifths else 1
    for winner in out.winners:
        if winner >= 0:
            ledger.pay_from_pot(winner, min(share, ledger.pot))
    remainder = rules.value(REMAINDER_RULE)
    if fifths and ledger.pot and remainder is not RemainderRule.CARRY:
        taker = _remainder_taker(remainder, out)
        if taker is not None:
            ledger.pay_from_pot(taker, ledger.pot, "remainder")


def _remainder_taker(rule: RemainderRule, out: Outcome) -> int | None:
    won = [w for w in out.winners if w >= 0]
    if not won:
        return None
    if rule is RemainderRule.FIRST_TRICK_WINNER:
        return won[0]
    most = max(out.tricks(seat) for seat in won)
    return next(seat for seat in won if out.tricks(seat) == most)


def _collect_loo(ledger: ChipLedger, rules: Rules, out: Outcome) -> None:
    penalty = rules.value(LOO_PENALTY)
    for seat in out.looed():
        if seat != out.general:
            ledger.pay_to_carry(seat, penalty)


def _general_made_chips(ledger: ChipLedger, out: Outcome, declarer: int) -> None:
    ledger.pay_from_pot(declarer, ledger.pot, "general_pot")
    for seat in out.seated:
        if seat != declarer:
            ledger.transfer(seat, declarer, GENERAL_STAKE)


def _general_failed_chips(ledger: ChipLedger, rules: Rules, out: Outcome, declarer: int) -> None:
    pot_before = ledger.pot
    if rules.value(GENERAL_FAIL_POT) is GeneralFailPot.DIVIDE_THEN_MATCH:
        _divide(ledger, rules, out)
    for seat in out.seated:
        if seat != declarer:
            ledger.transfer(declarer, seat, GENERAL_STAKE)
    ledger.pay_to_carry(declarer, pot_before, "general_failed")
    if rules.value(GENERAL_LOO_PENALTY):
        _collect_loo(ledger, rules, out)


def settle_counters(ledger: CounterLedger, rules: Rules, out: Outcome) -> None:
    """Counters: -1 per trick, the loo penalty for an active player without a trick, and the
    general's settlement of §6.9 (made: declarer -5, others +5; failed: declarer +5, others -1
    per trick, those without a trick exempt)."""
    penalty = rules.value(LOO_PENALTY)
    if out.general is None:
        for seat in out.active:
            tricks = out.tricks(seat)
            ledger.add(seat, -tricks or penalty, "tricks" if tricks else "looed")
        return
    made = out.general_made
    for seat in out.seated:
        if seat == out.general:
            ledger.add(seat, -TRICKS if made else GENERAL_STAKE, "general")
        elif made:
            ledger.add(seat, GENERAL_STAKE, "general")
        elif out.tricks(seat):
            ledger.add(seat, -out.tricks(seat))
        elif rules.value(GENERAL_LOO_PENALTY):
            ledger.add(seat, penalty, "looed")
