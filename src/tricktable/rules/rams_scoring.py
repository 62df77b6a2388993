"""Settling a Rams-family hand: chips and pot (rules.md §6.8) or counters (§6.9, §7.6).

An :class:`Outcome` says what happened in the tricks; :func:`settle_chips` and
:func:`settle_counters` move chips or counters in a ledger accordingly. Both follow §0.5:
a failed general divides the pot and the declarer matches it (``divide_then_match``) by
default, and the general's stake — what each other player pays or receives — is five.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .options import OptionValue
from .rams_ledgers import ChipLedger, CounterLedger
from .rams_options import option_int

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


def settle_chips(ledger: ChipLedger, options: Mapping[str, OptionValue], out: Outcome) -> None:
    """Pay out the pot, collect loo penalties, and carry the rest to the next pot."""
    if out.general is None:
        _divide(ledger, options, out)
        _collect_loo(ledger, options, out)
    elif out.general_made:
        _general_made_chips(ledger, out, out.general)
    else:
        _general_failed_chips(ledger, options, out, out.general)
    ledger.close_pot()


def _divide(ledger: ChipLedger, options: Mapping[str, OptionValue], out: Outcome) -> None:
    fifths = options["pot_share"] == "fifth_of_pot"
    share = ledger.pot // TRICKS if fifths else 1
    for winner in out.winners:
        if winner >= 0:
            ledger.pay_from_pot(winner, min(share, ledger.pot))
    if fifths and ledger.pot and options["remainder_rule"] != "carry":
        taker = _remainder_taker(str(options["remainder_rule"]), out)
        if taker is not None:
            ledger.pay_from_pot(taker, ledger.pot)


def _remainder_taker(rule: str, out: Outcome) -> int | None:
    won = [w for w in out.winners if w >= 0]
    if not won:
        return None
    if rule == "first_trick_winner":
        return won[0]
    most = max(out.tricks(seat) for seat in won)
    return next(seat for seat in won if out.tricks(seat) == most)


def _collect_loo(ledger: ChipLedger, options: Mapping[str, OptionValue], out: Outcome) -> None:
    penalty = option_int(options, "loo_penalty")
    for seat in out.looed():
        if seat != out.general:
            ledger.pay_to_carry(seat, penalty)


def _general_made_chips(ledger: ChipLedger, out: Outcome, declarer: int) -> None:
    ledger.pay_from_pot(declarer, ledger.pot)
    for seat in out.seated:
        if seat != declarer:
            ledger.transfer(seat, declarer, GENERAL_STAKE)


def _general_failed_chips(
    ledger: ChipLedger, options: Mapping[str, OptionValue], out: Outcome, declarer: int
) -> None:
    pot_before = ledger.pot
    if options["general_fail_pot"] == "divide_then_match":
        _divide(ledger, options, out)
    for seat in out.seated:
        if seat != declarer:
            ledger.transfer(declarer, seat, GENERAL_STAKE)
    ledger.pay_to_carry(declarer, pot_before)
    if options["general_loo_penalty"]:
        _collect_loo(ledger, options, out)


def settle_counters(
    ledger: CounterLedger, options: Mapping[str, OptionValue], out: Outcome
) -> None:
    """Counters: -1 per trick, the loo penalty for an active player without a trick, and the
    general's settlement of §6.9 (made: declarer -5, others +5; failed: declarer +5, others -1
    per trick, those without a trick exempt)."""
    penalty = option_int(options, "loo_penalty")
    if out.general is None:
        for seat in out.active:
            ledger.add(seat, -out.tricks(seat) or penalty)
        return
    made = out.general_made
    for seat in out.seated:
        if seat == out.general:
            ledger.add(seat, -TRICKS if made else GENERAL_STAKE)
        elif made:
            ledger.add(seat, GENERAL_STAKE)
        elif out.tricks(seat):
            ledger.add(seat, -out.tricks(seat))
        elif options["general_loo_penalty"]:
            ledger.add(seat, penalty)
