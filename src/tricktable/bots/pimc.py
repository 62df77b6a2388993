"""Perfect-information Monte Carlo: sample the hidden cards, solve each deal, pick the best.

For every decision the bot draws deals consistent with its view (:mod:`.sampler`) and scores
each legal action on every deal:

* **card play**, once few enough cards are left for the double-dummy solver: the tricks the
  bot's side takes with that card under best play by all (:func:`tricktable.solver.solve`);
* **everything else** (bids, trump, going alone, the widow, exchanges, discards) and card play
  early in big hands: the value of the hand after a fast playout (:mod:`.playout`), i.e. the
  points the bot's side gains relative to the others.

The action with the best mean wins (ties: the first legal). Budgets are a number of samples
with a time cap; under the cap the bot is deterministic for its seed and the view.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..actions import Action, Kind
from ..cards import COPY_STRIDE
from ..engine import Game
from ..phase import Phase
from ..solver import solve
from ..view import View
from .base import decision_random
from .heuristic import HeuristicBot
from .playout import hand_values, playout
from .random_bot import require_legal
from .sampler import SamplingError, ViewFacts, sample_from_facts

__all__ = ["Analysis", "PimcBot"]

SAMPLE_ATTEMPTS = 200
PINOCHLE_MARGIN = 4


@dataclass
class Analysis:
    """A search bot's findings for one decision: the mean value of every legal action."""

    values: dict[str, float]
    samples: int
    unit: str
    """``tricks`` (double-dummy, from here on) or ``points`` (the hand's value to the side)."""
    best: Action
    counts: dict[str, int] = field(default_factory=dict)

    def ranked(self) -> list[tuple[str, float]]:
        return sorted(self.values.items(), key=lambda item: -item[1])


class PimcBot:
    """Samples deals consistent with the view and solves (or plays out) each of them."""

    name = "pimc"

    def __init__(
        self,
        seed: int = 0,
        samples: int = 24,
        time_limit: float = 0.9,
        solve_cards: int = 20,
        search_bids: bool = True,
    ) -> None:
        self.seed = seed
        self.samples = samples
        self.time_limit = time_limit
        self.solve_cards = solve_cards
        self.search_bids = search_bids

    def choose(self, view: View) -> Action:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        if not self.search_bids and legal[0].kind is not Kind.PLAY:
            return HeuristicBot(self.seed).choose(view)
        return self.analyse(view).best

    def analyse(self, view: View) -> Analysis:
        """Score every legal action of ``view`` over the sampled deals."""
        legal = require_legal(view)
        rng = decision_random(self.seed, view)
        facts = ViewFacts.from_view(view)
        start = time.monotonic()
        totals = dict.fromkeys((str(a) for a in legal), 0.0)
        shown = dict(totals)  # what a hint reports: tricks without the contract bonus
        done, unit = 0, "points"
        while done < self.samples and not self._out_of_time(start, done):
            try:
                game = sample_from_facts(facts, rng, SAMPLE_ATTEMPTS)
            except SamplingError:
                break
            unit = self._score_deal(game, legal, (totals, shown), rng)
            done += 1
        utility = {text: total / max(done, 1) for text, total in totals.items()}
        best = max(legal, key=lambda a: utility[str(a)])
        values = {text: total / max(done, 1) for text, total in shown.items()}
        return Analysis(values, done, unit, best)

    def _score_deal(
        self,
        game: Game,
        legal: tuple[Action, ...],
        sums: tuple[dict[str, float], dict[str, float]],
        rng: random.Random,
    ) -> str:
        """Add one deal's utility and shown value of every legal action; return the unit."""
        totals, shown = sums
        if game.phase is Phase.PLAY and self._solvable(game):
            worth = contract_worth(game)
            for text, tricks in solve(game, backend="python").items():
                totals[text] += tricks + worth(tricks)
                shown[text] += tricks
            return "tricks"
        seat = game.to_move
        assert seat is not None
        for action in legal:
            value = playout_value(game, action, seat, rng)
            totals[str(action)] += value
            shown[str(action)] += value
        return "points"

    def _out_of_time(self, start: float, done: int) -> bool:
        """Whether one more sample (as long as the average so far) would pass the time cap."""
        if done == 0:
            return False
        spent = time.monotonic() - start
        return spent + spent / done > self.time_limit

    def _solvable(self, game: Game) -> bool:
        """Few enough cards left for the solver (pinochle packs, with their long suits of
        twin cards, search several times slower: they get ``PINOCHLE_MARGIN`` cards less)."""
        cards = sum(game.hands[s].bit_count() for s in range(game.player_count) if game.active[s])
        twins = game.flow.deck.mask >> COPY_STRIDE != 0
        return cards <= self.solve_cards - (PINOCHLE_MARGIN if twins else 0)


def contract_worth(game: Game) -> Callable[[int], float]:
    """The bonus, in tricks, of making (or setting) the contract with ``tricks`` more tricks.

    Raw trick counts treat every trick alike; in the Hasenpfeffers the trick that makes or
    sets the contract is worth far more (a set costs the bid), so card play weighs it by twice
    the contract. Games without a contract (the Rams family) get no bonus.
    """
    state = game.state
    bidder = getattr(state, "bidder", None)
    target = _contract_tricks(game)
    seat = game.to_move
    if bidder is None or target is None or seat is None:
        return lambda tricks: 0.0
    side = game.flow.sides()[game.flow.side_of(bidder)]
    won = sum(game.tricks_won[s] for s in side)
    left = game.tricks_per_hand - len(game.tricks)
    on_side = seat in side
    bonus = 2.0 * target

    def worth(tricks: int) -> float:
        made = won + (tricks if on_side else left - tricks) >= target
        return bonus if made == on_side else 0.0

    return worth


def _contract_tricks(game: Game) -> int | None:
    view = game.flow.view(game, None)
    contract, alone = view.get("contract"), view.get("alone")
    if contract is None:
        return None
    all_tricks = game.rules.options.get("lone_contract") == "all_tricks"
    if str(contract).isdigit() and not (alone is not None and all_tricks):
        return int(contract)
    return game.tricks_per_hand


def playout_value(game: Game, action: Action, seat: int, rng: random.Random) -> float:
    """What ``action`` is worth to ``seat`` after one playout of the hand (game unchanged)."""
    before, mark, hand = game.scores, len(game.log), game.hand_number
    game.push(action)
    playout(game, rng, hand)
    value = hand_values(game, before)[seat]
    while len(game.log) > mark:
        game.pop()
    return value
