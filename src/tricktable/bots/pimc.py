"""Perfect-information Monte Carlo: sample the hidden cards, solve each deal, pick the best.

For every decision the bot draws worlds consistent with its view (:mod:`tricktable.resample`),
weights each by how well it explains the other seats' bids, declarations and cards
(:mod:`.inference`), and scores each legal action (a few, when there are many) on every deal:

* **card play**, once few enough cards are left for the double-dummy solver: the tricks the
  bot's side takes with that card under best play by all (:func:`tricktable.solver.solve`);
* **everything else** (bids, trump, going alone, the widow, exchanges, discards) and card play
  early in big hands: the value of the hand after a playout in which every seat plays on as
  the heuristic bot would (:mod:`.playout`), i.e. the points the bot's side gains relative to
  the others. One step of search over a sound policy improves on that policy; greedy playouts
  with random leads (``heuristic_playouts=False``) are faster but valued hands too noisily.

The action with the best weighted mean wins (ties: the first legal). When fewer than
``min_samples`` playouts fit in the time (Double Hasenpfeffer's twelve-card hands), a mean over
so few deals is mostly noise and the heuristic's own choice is taken instead. Budgets are a
number of samples with a time cap; under the cap the bot is deterministic for its seed and the
view.
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
from ..resample import Resampler, SamplingError
from ..solver import Backend, fast, solve
from ..view import View
from ..view_parts import DoubleSection, HasenpfefferSection
from .base import decision_random
from .heuristic import HeuristicBot
from .inference import model_judge
from .playout import hand_values, playout
from .random_bot import require_legal

__all__ = ["Analysis", "PimcBot"]

SAMPLE_ATTEMPTS = 200
PINOCHLE_MARGIN = 4
KERNEL_MARGIN = 8
MAX_CANDIDATES = 4


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
        *,
        heuristic_playouts: bool = True,
        infer: int = 2,
        min_samples: int = 10,
    ) -> None:
        self.seed = seed
        self.samples = samples
        self.time_limit = time_limit
        self.solve_cards = solve_cards
        self.search_bids = search_bids
        self.heuristic_playouts = heuristic_playouts
        self.judge = model_judge(cards=infer > 1) if infer else None
        self.min_samples = min_samples

    def choose(self, view: View) -> Action:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        if not self.search_bids and legal[0].kind is not Kind.PLAY:
            return HeuristicBot(self.seed).choose(view)
        analysis = self.analyse(view)
        if analysis.unit == "points" and analysis.samples < self._wanted():
            # Too few playouts fit in the time to beat the heuristic's judgement (long hands).
            return HeuristicBot(self.seed).choose(view)
        return analysis.best

    def analyse(self, view: View) -> Analysis:
        """Score every legal action of ``view`` over the sampled deals."""
        legal = require_legal(view)
        rng = decision_random(self.seed, view)
        worlds = Resampler(view, SAMPLE_ATTEMPTS)
        clock = _Clock(self.time_limit)
        candidates = self._candidates(view, legal)
        totals = dict.fromkeys((str(a) for a in legal), 0.0)
        shown = dict(totals)  # what a hint reports: tricks without the contract bonus
        done, unit, mass = 0, "points", 0.0
        while done < self.samples and not clock.full():
            try:
                game, weight = worlds.sample_weighted(rng, self.judge)
            except SamplingError:
                break
            unit = self._score_deal(game, candidates, (totals, shown), rng, weight)
            done += 1
            mass += weight
            clock.lap()
            if unit == "points" and done == 1 and clock.fits() < self._wanted():
                break  # the heuristic will decide: stop spending time
        mass = mass or 1.0
        scored = legal if unit == "tricks" else candidates
        utility = {str(a): totals[str(a)] / mass for a in scored}
        best = max(scored, key=lambda a: utility[str(a)])
        values = {str(a): shown[str(a)] / mass for a in scored}
        return Analysis(values, done, unit, best)

    def _wanted(self) -> int:
        """The fewest playout samples a decision needs to be taken from its playouts."""
        return min(self.min_samples, self.samples)

    def _candidates(self, view: View, legal: tuple[Action, ...]) -> tuple[Action, ...]:
        """The actions worth a playout: all of them when few, else the heuristic's choice,
        its neighbours in the legal order (the next bids up and down, the cards beside it)
        and the first legal action (a pass). Playouts are the dear part of a decision: four
        actions on ten deals tell more than seven on six."""
        if len(legal) <= MAX_CANDIDATES:
            return legal
        pick = legal.index(HeuristicBot(self.seed).choose(view))
        keep = {0, *range(max(pick - 1, 0), min(pick + 2, len(legal)))}
        return tuple(legal[i] for i in sorted(keep))

    def _score_deal(
        self,
        game: Game,
        candidates: tuple[Action, ...],
        sums: tuple[dict[str, float], dict[str, float]],
        rng: random.Random,
        weight: float = 1.0,
    ) -> str:
        """Add one deal's utility and shown value of every candidate (times ``weight``);
        return the unit."""
        totals, shown = sums
        if game.phase is Phase.PLAY and self._solvable(game):
            utility = card_utility(game)
            for text, tricks in solve(game, backend=solver_backend()).items():
                totals[text] += weight * utility(tricks)
                shown[text] += weight * tricks
            return "tricks"
        seat = game.to_move
        assert seat is not None
        for action in candidates:
            value = playout_value(game, action, seat, rng, self.heuristic_playouts)
            totals[str(action)] += weight * value
            shown[str(action)] += weight * value
        return "points"

    def _solvable(self, game: Game) -> bool:
        """Few enough cards left for the solver (pinochle packs, with their long suits of
        twin cards, search several times slower: they get ``PINOCHLE_MARGIN`` cards less;
        the numba kernel, some twenty times faster, ``KERNEL_MARGIN`` cards more)."""
        cards = sum(game.hands[s].bit_count() for s in range(game.player_count) if game.active[s])
        twins = game.flow.deck.mask >> COPY_STRIDE != 0
        margin = KERNEL_MARGIN if solver_backend() == "numba" else 0
        return cards <= self.solve_cards + margin - (PINOCHLE_MARGIN if twins else 0)


def solver_backend() -> Backend:
    """The numba kernel once it is compiled (a bot solves thousands of deals, so loading it
    pays at once; compiling it, a minute after an install, is left to a first big solve),
    else the Python search. Both give the same values."""
    return "numba" if fast.is_compiled() else "python"


@dataclass
class _Clock:
    """A decision's time cap: one more sample is started only if the longest so far fits."""

    limit: float
    start: float = field(default_factory=time.monotonic)
    mark: float = 0.0
    longest: float = 0.0

    def __post_init__(self) -> None:
        self.mark = self.start

    def lap(self) -> None:
        now = time.monotonic()
        self.longest = max(self.longest, now - self.mark)
        self.mark = now

    def full(self) -> bool:
        """Whether a sample as long as the longest so far would pass the cap (the longest,
        not the mean: samples late in a hand or unlucky draws take several times the mean)."""
        return self.longest > 0 and self.mark - self.start + self.longest > self.limit

    def fits(self) -> float:
        """How many samples as long as the longest so far fit in the whole cap."""
        return self.limit / self.longest if self.longest > 0 else float("inf")


def card_utility(game: Game) -> Callable[[int], float]:
    """What taking ``tricks`` more tricks is worth to the seat to move, in the hand's terms.

    Where a seat's score follows from its own tricks (the Rams family: a share of the pot per
    trick, the loo penalty for none, the general's stake) that is the score itself: a card
    that keeps one sure trick beats one that gambles for two against a loo. Elsewhere the
    side's tricks, with the contract bonus of :func:`contract_worth`.
    """
    seat = game.to_move
    assert seat is not None
    have, left = game.tricks_won[seat], game.tricks_per_hand - len(game.tricks)
    gains = [game.flow.gain_if(game, seat, have + more) for more in range(left + 1)]
    if all(gain is not None for gain in gains):
        # a trick's own worth breaks ties between cards whose scores are equal
        table = [float(gain or 0.0) + 0.01 * more for more, gain in enumerate(gains)]
        return lambda tricks: table[min(tricks, left)]
    worth = contract_worth(game)
    return lambda tricks: tricks + worth(tricks)


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
    section = game.flow.view(game, None)
    if not isinstance(section, HasenpfefferSection | DoubleSection) or section.contract is None:
        return None
    contract, alone = section.contract, section.alone
    all_tricks = game.rules.options.get("lone_contract") == "all_tricks"
    if str(contract).isdigit() and not (alone is not None and all_tricks):
        return int(contract)
    return game.tricks_per_hand


def playout_value(
    game: Game, action: Action, seat: int, rng: random.Random, heuristic: bool = False
) -> float:
    """What ``action`` is worth to ``seat`` after one playout of the hand (game unchanged)."""
    before, mark, hand = game.scores, len(game.log), game.hand_number
    game.push(action)
    playout(game, rng, hand, heuristic=heuristic)
    value = hand_values(game, before)[seat]
    while len(game.log) > mark:
        game.pop()
    return value
