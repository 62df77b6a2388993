"""Perfect-information Monte Carlo: sample the hidden cards, solve each deal, pick the best.

For every decision the bot draws worlds consistent with its view (:mod:`tricktable.resample`),
weights each by how well it explains the other seats' bids, declarations and cards
(:mod:`.inference`), and scores each legal action (a few, when there are many) on every deal:

* **card play**, once few enough cards are left for the double-dummy solver: the tricks the
  bot's side takes with that card under best play by all (:func:`tricktable.solver.solve`);
* **everything else** (bids, trump, going alone, the widow, exchanges, discards): where the
  solver can take the whole hand and a side's score follows from its tricks (the
  Hasenpfeffers' contracts), the contract the action leads to, solved double dummy
  (:mod:`.outcome`: the heuristic finishes the auction, the hand is solved and settled by its
  own scoring); elsewhere, and for card play early in big hands, the value of the hand after
  a playout in which every seat plays on as the heuristic bot would (:mod:`.playout`), i.e.
  the points the bot's side gains relative to the others. One step of search over a sound
  policy improves on that policy; greedy playouts with random leads
  (``heuristic_playouts=False``) are faster but valued hands too noisily.

The action with the best weighted mean wins (ties: the first legal). When fewer than
``min_samples`` playouts fit in the time (Double Hasenpfeffer's twelve-card hands), a mean over
so few deals is mostly noise and a prior choice is taken instead: the learned evaluator's where
one exists for the decision (Single Hasenpfeffer's bid and trump, :mod:`tricktable.learn`), else the
heuristic's. Budgets are a
number of samples with a time cap; under the cap the bot is deterministic for its seed and the
view.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from ..actions import Action, Kind
from ..cards import COPY_STRIDE
from ..engine import Game
from ..errors import RulesError
from ..phase import Phase
from ..resample import Judge, Resampler, SamplingError
from ..solver import Backend, fast, solve, whist_position
from ..view import View
from .base import decision_random
from .heuristic import HeuristicBot, Strategy
from .inference import MISMATCH, model_judge, policy_judge
from .learned import learned_choice, learned_strategy
from .outcome import Shortfall, SolveCache, contract_value, game_stake, outcome_values, values_if
from .playout import playout
from .race import Race
from .random_bot import require_legal

__all__ = ["Analysis", "PimcBot"]

SAMPLE_ATTEMPTS = 200
PINOCHLE_MARGIN = 4
KERNEL_MARGIN = 12
MAX_CANDIDATES = 4
TIE = 1e-9
"""Utilities closer than this are equal (they are means of the same weights)."""
MAX_SOLVED_CANDIDATES = 8
"""Candidates valued by solved contracts: most of them reach a contract already solved."""
OWN_SHORTFALL = 0.0
RIVAL_SHORTFALL = 0.4
"""Tricks a declaring side is counted short of double dummy in a solved contract: not the
bot's own side (its card play took 0.1 of a trick fewer than double dummy, and a flat
shortfall would cost a hand of six sure tricks its top bid), the others' 0.4 (the heuristic
declaring took half a trick fewer; :mod:`.outcome`)."""


@dataclass
class Analysis:
    """A search bot's findings for one decision: the mean value of every legal action."""

    values: dict[str, float]
    samples: int
    unit: str
    """``tricks`` (double-dummy, from here on) or ``points`` (the hand's value to the side)."""
    best: Action
    counts: dict[str, int] = field(default_factory=dict)
    """Deals each action was played out on (``points``): fewer for those dropped early."""
    utility: dict[str, float] = field(default_factory=dict)
    """What the choice was made on, for every action scored: ``values`` where the unit is
    ``points``; for ``tricks``, the tricks as the hand's score values them (a label's
    target: :mod:`tricktable.learn.label`)."""

    def ranked(self) -> list[tuple[str, float]]:
        """(action, value), best value first; the chosen action first among equals (ties are
        broken by the heuristic, not by the order of the legal actions)."""
        best = str(self.best)
        return sorted(self.values.items(), key=lambda item: (-item[1], item[0] != best))


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
        mismatch: float = MISMATCH,
        min_samples: int = 10,
        solve_contracts: bool = True,
        play_to_win: bool = True,
        settle_cards: bool = False,
        heuristic_ties: bool = True,
        own_shortfall: float = OWN_SHORTFALL,
        rival_shortfall: float = RIVAL_SHORTFALL,
        inference: str = "model",
        weights: str | None = None,
        continuation: str = "heuristic",
        stake: float | None = None,
    ) -> None:
        self.seed = seed
        self.samples = samples
        self.time_limit = time_limit
        self.solve_cards = solve_cards
        self.search_bids = search_bids
        self.heuristic_playouts = heuristic_playouts
        self.judge = _judge(inference, infer, mismatch, weights)
        self.strategy = _continuation(continuation, weights)
        self.min_samples = min_samples
        self.solve_contracts = solve_contracts
        self.play_to_win = play_to_win
        self.stake = stake
        """What winning the game is worth, in points, where the rules name no target score
        (Bierspiel's race to cancel one's counters); None: the rules' own stake."""
        self.settle_cards = settle_cards
        self.heuristic_ties = heuristic_ties
        self.shortfall = Shortfall(own_shortfall, rival_shortfall)
        self._stake = 0.0
        warm_solver()

    def choose(self, view: View) -> Action:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        if not self.search_bids and legal[0].kind is not Kind.PLAY:
            return HeuristicBot(self.seed).choose(view)
        analysis = self.analyse(view)
        if analysis.unit == "points" and analysis.samples < self._wanted(view):
            # Too few playouts fit in the time to beat a prior judgement (long hands, a busy
            # machine): the learned evaluator's where one applies, else the heuristic's.
            heuristic = HeuristicBot(self.seed)
            return learned_choice(view, heuristic=heuristic) or heuristic.choose(view)
        return analysis.best

    def _game_stake(self, view: View) -> float:
        if not self.play_to_win:
            return 0.0
        return game_stake(view.rules) if self.stake is None else self.stake

    def analyse(self, view: View) -> Analysis:
        """Score every legal action of ``view`` over the sampled deals."""
        rng = decision_random(self.seed, view)
        return self.analyse_worlds(view, self._draws(view, rng), rng)

    def _draws(self, view: View, rng: random.Random) -> Iterator[tuple[Game, float]]:
        """Worlds consistent with ``view``, each with its inference weight, while they last."""
        worlds = Resampler(view, SAMPLE_ATTEMPTS)
        while True:
            try:
                yield worlds.sample_weighted(rng, self.judge)
            except SamplingError:
                return

    def analyse_worlds(
        self, view: View, worlds: Iterable[tuple[Game, float]], rng: random.Random
    ) -> Analysis:
        """Score every legal action of ``view`` over ``worlds`` (full states consistent with
        the view, with their weights), up to the bot's samples and time: :meth:`analyse` draws
        them; a labeller may give the one true deal (:mod:`tricktable.distil.label`)."""
        legal = require_legal(view)
        clock = _Clock(self.time_limit)
        candidates = self._candidates(view, legal)
        race = Race.of(candidates)
        self._solved: SolveCache = {}
        self._stake = self._game_stake(view)
        wanted = self._wanted(view)
        totals = dict.fromkeys((str(a) for a in legal), 0.0)
        shown = dict(totals)  # what a hint reports: tricks without the contract bonus
        done, unit, mass = 0, "points", 0.0
        for game, weight in worlds:
            unit = self._score_deal(game, race, (totals, shown), rng, weight)
            done += 1
            mass += weight
            clock.lap()
            if done >= self.samples or clock.full():
                break
            if unit == "points" and done == 1 and clock.fits() < wanted:
                break  # the heuristic will decide: stop spending time
        mass = mass or 1.0
        if unit == "tricks":
            utility = {str(a): totals[str(a)] / mass for a in legal}
            values = {str(a): shown[str(a)] / mass for a in legal}
        else:
            utility = values = {str(a): race.mean(str(a)) for a in candidates}
        scored = legal if unit == "tricks" else candidates
        counts = {text: len(deals) for text, deals in race.values.items()}
        best = self._best(view, scored, utility)
        return Analysis(values, done, unit, best, counts, {str(a): utility[str(a)] for a in scored})

    def _best(self, view: View, scored: tuple[Action, ...], utility: dict[str, float]) -> Action:
        """The action of highest utility; among equals, the heuristic's choice if it is one.

        Double-dummy values often tie (a nine or a ten of the same suit, ruffing a partner's
        winner or throwing a loser when either keeps the same tricks); the heuristic's
        conventions (play low behind a winning partner, keep trumps) then decide, as a player
        would expect, instead of the order of the legal actions."""
        top = max(utility[str(a)] for a in scored)
        tied = [a for a in scored if utility[str(a)] >= top - TIE]
        if len(tied) > 1 and self.heuristic_ties:
            pick = HeuristicBot(self.seed).choose(view)
            if pick in tied:
                return pick
        return tied[0]

    def _wanted(self, view: View) -> int:
        """The fewest samples a decision valued in points needs to be taken from them: half as
        many where contracts are solved (a world's value is then exact, where a playout adds
        the noise of its own card play; on a busy machine a third of the Single Hasenpfeffer
        bids and discards fell back to the heuristic with the full count)."""
        wanted = min(self.min_samples, self.samples)
        return max(1, wanted // 2) if self._solves_contracts(view) else wanted

    def _candidates(self, view: View, legal: tuple[Action, ...]) -> tuple[Action, ...]:
        """The actions worth a playout: all of them when few, else the heuristic's choice,
        its neighbours in the legal order (the next bids up and down, the cards beside it)
        and the first legal action (a pass). Playouts are the dear part of a decision: four
        actions on ten deals tell more than seven on six. Solved contracts are cheaper (most
        actions reach a contract solved already): up to eight are all valued."""
        limit = MAX_SOLVED_CANDIDATES if self._solves_contracts(view) else MAX_CANDIDATES
        if len(legal) <= limit:
            return legal
        pick = legal.index(HeuristicBot(self.seed).choose(view))
        keep = {0, *range(max(pick - 1, 0), min(pick + 2, len(legal)))}
        return tuple(legal[i] for i in sorted(keep))

    def _score_deal(
        self,
        game: Game,
        race: Race,
        sums: tuple[dict[str, float], dict[str, float]],
        rng: random.Random,
        weight: float = 1.0,
    ) -> str:
        """Add one deal's utility and shown value of every legal card (times ``weight``) to
        ``sums``, or the value of every candidate still in the ``race``; return the unit."""
        totals, shown = sums
        if game.phase is Phase.PLAY and self._solvable(game):
            utility = card_utility(game, self._stake if self.settle_cards else None)
            for text, tricks in solve(game, backend=solver_backend()).items():
                totals[text] += weight * utility(tricks)
                shown[text] += weight * tricks
            return "tricks"
        seat = game.to_move
        assert seat is not None
        race.add({str(a): self._action_value(game, a, seat, rng) for a in race.alive}, weight)
        return "points"

    def _action_value(self, game: Game, action: Action, seat: int, rng: random.Random) -> float:
        if game.phase is not Phase.PLAY and self.solve_contracts:
            return contract_value(game, action, seat, rng, cache=self._solved,
                                  solvable=self._solvable, backend=solver_backend(),
                                  stake=self._stake, shortfall=self.shortfall,
                                  strategy=self.strategy)  # fmt: skip
        return playout_value(game, action, seat, rng, self.heuristic_playouts, stake=self._stake,
                             strategy=self.strategy)  # fmt: skip

    def _solves_contracts(self, view: View) -> bool:
        """Whether pre-play decisions of this view are valued by solved contracts: sides of
        partners, and the whole hand fits the solver (a view's hand sizes, or what was dealt
        where a bidder holds a widow or turn-up card it will put back)."""
        partners = any(len(side) > 1 for side in view.sides)
        if not self.solve_contracts or view.phase is Phase.PLAY or not partners:
            return False
        dealt = sum(view.rules.flow.hand_sizes(view.dealer))
        cards = min(sum(view.hand_sizes), dealt)
        return cards <= self._solve_limit(view.rules.flow.deck.mask)

    def _solvable(self, game: Game) -> bool:
        """Few enough cards left for the solver (pinochle packs, with their long suits of
        twin cards, search several times slower: they get ``PINOCHLE_MARGIN`` cards less;
        the numba kernel, far faster, ``KERNEL_MARGIN`` cards more)."""
        cards = sum(game.hands[s].bit_count() for s in range(game.player_count) if game.active[s])
        return cards <= self._solve_limit(game.flow.deck.mask)

    def _solve_limit(self, deck: int) -> int:
        twins = deck >> COPY_STRIDE != 0
        margin = KERNEL_MARGIN if solver_backend() == "numba" else 0
        return self.solve_cards + margin - (PINOCHLE_MARGIN if twins else 0)


def _judge(inference: str, infer: int, mismatch: float, weights: str | None) -> Judge | None:
    """How sampled worlds are weighted: not at all (``infer=0``), by the heuristic model of
    the others (``model``) or by the learned policy's probability of what they did
    (``policy``); ``infer=2`` judges their cards too."""
    if not infer:
        return None
    if inference == "policy":
        return policy_judge(cards=infer > 1, weights=weights)
    if inference == "model":
        return model_judge(cards=infer > 1, mismatch=mismatch)
    raise RulesError(f"inference={inference!r} is not one of 'model', 'policy'")


def _continuation(name: str, weights: str | None) -> Strategy | None:
    """Who takes the other decisions of a world played on: the heuristic (None), or the
    learned networks' calls (``learned``)."""
    if name == "learned":
        return learned_strategy(weights)
    if name == "heuristic":
        return None
    raise RulesError(f"continuation={name!r} is not one of 'heuristic', 'learned'")


def solver_backend() -> Backend:
    """The numba kernel once it is compiled (a bot solves thousands of deals, so loading it
    pays at once; compiling it, a minute after an install, is left to a first big solve),
    else the Python search. Both give the same values."""
    return "numba" if fast.is_compiled() else "python"


_WARM: list[bool] = []


def warm_solver() -> None:
    """Load the compiled kernel now, once a process (a second or two), so that no decision
    pays for it: bots are made before they are asked (a table seats them at the start)."""
    if _WARM or solver_backend() != "numba":
        return
    _WARM.append(True)
    fast.values(whist_position(["AS", "KS", "QS", "JS"], trump="S", leader=0))


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


def card_utility(game: Game, stake: float | None = None) -> Callable[[int], float]:
    """What taking ``tricks`` more tricks is worth to the seat to move, in the hand's terms.

    Where a seat's score follows from its own tricks (the Rams family: a share of the pot per
    trick, the loo penalty for none, the general's stake) that is the score itself: a card
    that keeps one sure trick beats one that gambles for two against a loo. Elsewhere, with a
    ``stake`` (0 for points only), the hand settled by its own scoring for the side's tricks
    (:func:`~.outcome.values_if`: a trick that makes or sets the contract is worth the bid, and
    a hand that ends the game is worth winning it); without, the side's tricks with the
    contract bonus of :func:`contract_worth`.
    """
    seat = game.to_move
    assert seat is not None
    have, left = game.tricks_won[seat], game.tricks_per_hand - len(game.tricks)
    gains = [game.flow.gain_if(game, seat, have + more) for more in range(left + 1)]
    if all(gain is not None for gain in gains):
        # a trick's own worth breaks ties between cards whose scores are equal
        table = [float(gain or 0.0) + 0.01 * more for more, gain in enumerate(gains)]
        return lambda tricks: table[min(tricks, left)]
    if stake is not None:
        settled = [values_if(game, more, stake)[seat] + 0.01 * more for more in range(left + 1)]
        return lambda tricks: settled[min(tricks, left)]
    worth = contract_worth(game)
    return lambda tricks: tricks + worth(tricks)


def contract_worth(game: Game) -> Callable[[int], float]:
    """The bonus, in tricks, of making (or setting) the contract with ``tricks`` more tricks.

    Raw trick counts treat every trick alike; in the Hasenpfeffers the trick that makes or
    sets the contract is worth far more (a set costs the bid), so card play weighs it by twice
    the contract. Games without a contract (the Rams family) get no bonus.
    """
    contract = game.flow.contract(game)
    seat = game.to_move
    if contract is None or not contract.tricks or seat is None:
        return lambda tricks: 0.0
    # a contract for every trick counts the hand's tricks as the engine has them: none before
    # the play, so pre-play valuations get no bonus for it (as they were measured)
    target = game.tricks_per_hand if contract.all_tricks else contract.tricks
    bidder = contract.maker
    side = game.flow.sides()[game.flow.side_of(bidder)]
    won = sum(game.tricks_won[s] for s in side)
    left = game.tricks_per_hand - len(game.tricks)
    on_side = seat in side
    bonus = 2.0 * target

    def worth(tricks: int) -> float:
        made = won + (tricks if on_side else left - tricks) >= target
        return bonus if made == on_side else 0.0

    return worth


def playout_value(
    game: Game,
    action: Action,
    seat: int,
    rng: random.Random,
    heuristic: bool = False,
    *,
    stake: float = 0.0,
    strategy: Strategy | None = None,
) -> float:
    """What ``action`` is worth to ``seat`` after one playout of the hand (game unchanged);
    with a ``stake``, a hand that ends the game is worth winning or losing it."""
    before, mark, hand = game.scores, len(game.log), game.hand_number
    game.push(action)
    playout(game, rng, hand, heuristic=heuristic, strategy=strategy)
    value = outcome_values(game, before, stake)[seat]
    while len(game.log) > mark:
        game.pop()
    return value
