"""How a Rams-family hand ends: who is looed and pays, its one-line summary, who drops out
of a countdown, and whether the game ends with it and who wins (rules.md §6.8, §6.9, §7.6)."""

from __future__ import annotations

from ...flow import signed
from ...options import Rules
from .declare import HandState
from .ledgers import ChipLedger, CounterLedger
from .options import (
    COUNTDOWN_END,
    GENERAL_LOO_PENALTY,
    GENERAL_SUCCESS_WINS_GAME,
    SESSION_HANDS,
    TIEBREAK,
    CountdownEnd,
    Tiebreak,
)
from .scoring import Outcome

__all__ = ["counters_after_hand", "final_winners", "hand_summary", "penalised"]


def penalised(rules: Rules, out: Outcome) -> list[int]:
    """The looed players who pay (or add) the loo penalty this hand."""
    if out.general is None:
        return out.looed()
    if rules.value(GENERAL_LOO_PENALTY) and not out.general_made:
        return [seat for seat in out.looed() if seat != out.general]
    return []


def hand_summary(rules: Rules, out: Outcome, deltas: tuple[int, ...]) -> str:
    """The hand in one line: each seat's tricks and change, the general, the looed."""
    parts = [f"seat {s}: {_tricks_text(out.tricks(s))} {signed(deltas[s])}" for s in out.seated]
    head = ""
    if out.general is not None:
        word = "made" if out.general_made else "failed"
        head = f"general rams by seat {out.general} {word}; "
    looed = penalised(rules, out)
    tail = f"; looed: {', '.join(f'seat {s}' for s in looed)}" if looed else ""
    return head + ", ".join(parts) + tail


def _tricks_text(count: int) -> str:
    return "1 trick" if count == 1 else f"{count} tricks"


def counters_after_hand(
    rules: Rules, ledger: CounterLedger, state: HandState, out: Outcome
) -> list[int]:
    """Counters: a made general at zero has reached it; the seats that drop out now."""
    general = state.general
    if out.general_made and general is not None and ledger.counters[general] <= 0:
        state.reached.append(general)
    if rules.value(COUNTDOWN_END) is not CountdownEnd.LAST_IN_LOSES:
        return []
    return ledger.drop_finished()


def final_winners(
    rules: Rules,
    players: int,
    hands: int,
    *,
    ledger: ChipLedger | CounterLedger,
    state: HandState,
    out: Outcome,
) -> tuple[int, ...] | None:
    """The winners if the game ends with this hand (the ``hands``-th), else ``None``."""
    if isinstance(ledger, ChipLedger):
        if hands < (rules.value(SESSION_HANDS) or players) or ledger.carry:
            return None
        best = max(ledger.balances)
        return tuple(s for s, b in enumerate(ledger.balances) if b == best)
    if out.general_made and rules.value(GENERAL_SUCCESS_WINS_GAME):
        assert out.general is not None
        return (out.general,)
    if rules.value(COUNTDOWN_END) is CountdownEnd.FIRST_OUT_WINS:
        return _first_out(rules, ledger, state)
    return _last_in(players, ledger, state)


def _first_out(rules: Rules, ledger: CounterLedger, state: HandState) -> tuple[int, ...] | None:
    out = [seat for seat in state.reached if ledger.counters[seat] <= 0]
    if not out:
        return None
    if rules.value(TIEBREAK) is Tiebreak.LOWEST_SCORE:
        return (min(out, key=lambda seat: ledger.counters[seat]),)
    return (out[0],)


def _last_in(players: int, ledger: CounterLedger, state: HandState) -> tuple[int, ...] | None:
    remaining = ledger.remaining()
    if len(remaining) > 1:
        return None
    if remaining:
        loser = remaining[0]
    else:
        order = [seat for seat in state.reached if ledger.out[seat]]
        loser = order[-1] if order else state.seated[-1]
    return tuple(seat for seat in range(players) if seat != loser)
