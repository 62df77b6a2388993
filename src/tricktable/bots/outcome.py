"""What a decision before the play is worth: the contract it leads to, played double dummy.

A bid, a trump, a discard or a lone hand is worth what the hand then scores. Playing the hand
out with the heuristic's cards (:mod:`.playout`) values it by how the heuristic would play it,
not by how the search bot will; its card play is close to double dummy once the solver takes
over. So where the solver can take a whole hand, a pre-play decision is valued like a bridge
program values a bid in simulation: on each sampled world the action is taken, the rest of the
auction and the exchanges go as the heuristic would (every seat), and the hand that results is
solved double dummy; its trick count is settled by the hand's own scoring
(:func:`values_if`). Solutions are cached per position, so actions that lead to the same
contract cost one solve between them.

This needs a side's score to follow from its tricks (partnership contracts); where a seat's
score is its own tricks' (the Rams family: :meth:`Flow.gain_if
<tricktable.flow.Flow.gain_if>` answers) the play is paranoid from the mover's point of
view, not the deciding seat's, and the hand is played out instead.

Double dummy is the best both sides can do; at the table a declarer who cannot see the cards
falls short of it. Measured on Single Hasenpfeffer (400 deals, the heuristic's auction): the
heuristic declaring against double-dummy defence took 0.3 to 0.6 of a trick fewer than double
dummy in every contract (4.38 tricks at a contract of 4 against 4.88; made 77 % against 90 %),
while the search bot declaring against the heuristic took 0.1 fewer. Valued at double dummy,
the opponents' contracts look safer than they are and the bot outbids them into contracts it
goes set in; so a contract's value can count the declaring side a fraction of a trick short
(:class:`Shortfall`).

Points are what a hand is worth while the game goes on; a hand that ends the game is worth
winning it or losing it, whatever the margin (:func:`game_stake`). A side at 9 of 10 whose
opponents will reach 10 on defence is not helped by losing by less: only a bid that can win
the game before they do is.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from ..actions import Action
from ..engine import Game
from ..games import Rules
from ..phase import Phase
from ..solver import solve
from .heuristic import Strategy
from .playout import hand_values, playout, policy_action

__all__ = [
    "NO_SHORTFALL", "Shortfall", "SolveCache", "contract_value", "decided", "game_stake",
    "outcome_values", "shortfall_value", "values_if",
]  # fmt: skip


SolveCache = dict[tuple[object, ...], int]
"""Tricks the side to move takes double dummy, by position at the start of play."""


class Shortfall(NamedTuple):
    """Tricks a declaring side is expected to take fewer than double dummy (0 to 1): ``own``
    when the deciding seat's side declares, ``rivals`` when the other side does."""

    own: float = 0.0
    rivals: float = 0.0


NO_SHORTFALL = Shortfall()


def game_stake(rules: Rules) -> float:
    """What winning the game is worth against losing it, in the game's points: its target
    score, in games played to one (the Hasenpfeffers); else 0, points only.

    A Rams-family session is won by the best balance (or the last counters) among several
    players, and valuing its last hand by who wins it measured worse than points (Rams, 60
    games on the same deals: 59 % of games won against 64 %, +0.6 chips a game against +3.0).
    """
    target = rules.flow.target_score()
    return float(target) if target is not None else 0.0


def decided(winners: tuple[int, ...], players: int, stake: float) -> list[float]:
    """The value of a finished game to every seat: ``stake`` for a winner, ``-stake`` else."""
    return [stake if seat in winners else -stake for seat in range(players)]


def outcome_values(game: Game, before: tuple[int, ...], stake: float) -> list[float]:
    """Every seat's value of a hand that has been played out: the points it brought since
    ``before``, or, if it ended the game (``stake`` > 0), who won it."""
    if stake and game.is_over:
        return decided(game.winners, game.player_count, stake)
    return hand_values(game, before)


def values_if(game: Game, more: int, stake: float = 0.0) -> list[float]:
    """Every seat's value of the hand (:func:`~.playout.hand_values`) if the side to move
    takes ``more`` of the tricks left (the current one included) and the others the rest;
    with a ``stake``, a hand that would end the game is worth :func:`decided`.

    The hand is settled by the flow's own scoring on a spare ledger; the game is unchanged.
    """
    seat = game.to_move
    assert seat is not None
    flow = game.flow
    mine = flow.side_of(seat)
    rival = next(s for s in range(game.player_count) if game.active[s] and flow.side_of(s) != mine)
    left = game.tricks_per_hand - len(game.tricks)
    won, ledger = game.tricks_won, game.ledger
    before = ledger.scores()
    game.tricks_won = won[:]
    game.tricks_won[seat] += more
    game.tricks_won[rival] += left - more
    game.ledger = ledger.copy()
    try:
        game.results.append(flow.score_hand(game))
        if stake and flow.is_over(game):
            return decided(flow.winners(game), game.player_count, stake)
        return hand_values(game, before)
    finally:
        game.results.pop()
        game.tricks_won, game.ledger = won, ledger


def contract_value(
    game: Game,
    action: Action,
    seat: int,
    rng: random.Random,
    *,
    cache: SolveCache,
    solvable: Callable[[Game], bool],
    backend: str = "auto",
    stake: float = 0.0,
    shortfall: Shortfall = NO_SHORTFALL,
    strategy: Strategy | None = None,
) -> float:
    """What ``action`` is worth to ``seat``: the heuristic (or ``strategy``) goes on to the
    start of play, then
    the hand is solved double dummy if ``solvable`` (its declarers counted ``shortfall`` short,
    :func:`shortfall_value`; else it is played out by the heuristic); with a ``stake``, a hand
    that ends the game is worth winning or losing it.

    The game is left as it was.
    """
    before, mark, hand = game.scores, len(game.log), game.hand_number
    game.push(action)
    try:
        while not game.is_over and game.hand_number == hand and game.phase is not Phase.PLAY:
            game.push(policy_action(game, rng, heuristic=True, strategy=strategy))
        if game.phase is Phase.PLAY and game.hand_number == hand and _settles(game, solvable):
            tricks = _solved(game, cache, backend)
            return shortfall_value(game, tricks, seat, stake, shortfall)
        playout(game, rng, hand, heuristic=True, strategy=strategy)
        return outcome_values(game, before, stake)[seat]
    finally:
        while len(game.log) > mark:
            game.pop()


def shortfall_value(
    game: Game, tricks: int, seat: int, stake: float, shortfall: Shortfall
) -> float:
    """What the hand is worth to ``seat`` if the side to move takes ``tricks`` (its double-dummy
    result) and the declaring side falls short of it by ``shortfall``: one trick fewer with that
    chance (:func:`values_if` of both, mixed)."""
    exact = values_if(game, tricks, stake)[seat]
    contract = game.flow.contract(game)
    mover = game.to_move
    if contract is None or mover is None:
        return exact
    declarer = contract.maker
    flow = game.flow
    own = flow.side_of(declarer) == flow.side_of(seat)
    chance = shortfall.own if own else shortfall.rivals
    short = tricks - 1 if flow.side_of(declarer) == flow.side_of(mover) else tricks + 1
    if not chance or not 0 <= short <= game.tricks_per_hand - len(game.tricks):
        return exact
    return (1.0 - chance) * exact + chance * values_if(game, short, stake)[seat]


def _settles(game: Game, solvable: Callable[[Game], bool]) -> bool:
    """Whether the play from here can be solved and settled by the side's tricks."""
    seat = game.to_move
    return seat is not None and game.flow.gain_if(game, seat, 0) is None and solvable(game)


def _solved(game: Game, cache: SolveCache, backend: str) -> int:
    key = (tuple(game.hands), game.trump, game.to_move, tuple(game.active), len(game.tricks))
    tricks = cache.get(key)
    if tricks is None:
        tricks = cache[key] = max(solve(game, backend=backend).values())  # type: ignore[arg-type]
    return tricks
