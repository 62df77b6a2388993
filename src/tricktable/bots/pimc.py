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
from dataclasses import dataclass, field

from ..actions import Action
from ..engine import Game
from ..phase import Phase
from ..solver import solve
from ..view import View
from .base import decision_random
from .playout import hand_values, playout
from .random_bot import require_legal
from .sampler import SamplingError, ViewFacts, sample_from_facts

__all__ = ["Analysis", "PimcBot"]

SAMPLE_ATTEMPTS = 200


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
        solve_cards: int = 24,
    ) -> None:
        self.seed = seed
        self.samples = samples
        self.time_limit = time_limit
        self.solve_cards = solve_cards

    def choose(self, view: View) -> Action:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        return self.analyse(view).best

    def analyse(self, view: View) -> Analysis:
        """Score every legal action of ``view`` over the sampled deals."""
        legal = require_legal(view)
        rng = decision_random(self.seed, view)
        facts = ViewFacts.from_view(view)
        deadline = time.monotonic() + self.time_limit
        totals = dict.fromkeys((str(a) for a in legal), 0.0)
        done, unit = 0, "points"
        while done < self.samples and (done == 0 or time.monotonic() < deadline):
            try:
                game = sample_from_facts(facts, rng, SAMPLE_ATTEMPTS)
            except SamplingError:
                break
            unit = self._score_deal(game, legal, totals, rng)
            done += 1
        values = {text: total / max(done, 1) for text, total in totals.items()}
        best = max(legal, key=lambda a: values[str(a)])
        return Analysis(values, done, unit, best)

    def _score_deal(
        self, game: Game, legal: tuple[Action, ...], totals: dict[str, float], rng: random.Random
    ) -> str:
        if game.phase is Phase.PLAY and self._solvable(game):
            for text, tricks in solve(game, backend="python").items():
                totals[text] += tricks
            return "tricks"
        seat = game.to_move
        assert seat is not None
        for action in legal:
            totals[str(action)] += playout_value(game, action, seat, rng)
        return "points"

    def _solvable(self, game: Game) -> bool:
        cards = sum(game.hands[s].bit_count() for s in range(game.player_count) if game.active[s])
        return cards <= self.solve_cards


def playout_value(game: Game, action: Action, seat: int, rng: random.Random) -> float:
    """What ``action`` is worth to ``seat`` after one playout of the hand (game unchanged)."""
    before, mark, hand = game.scores, len(game.log), game.hand_number
    game.push(action)
    playout(game, rng, hand)
    value = hand_values(game, before)[seat]
    while len(game.log) > mark:
        game.pop()
    return value
