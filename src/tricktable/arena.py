"""The arena: bots against each other on duplicate deals, with confidence intervals.

Every deal is played once per *rotation*: the bots' seats are shifted round the table so that
each bot holds each seat's cards (in partnerships with two bots: both sides). Luck of the cards
cancels out, which makes small differences in strength measurable with far fewer deals.

A deal is one hand (``mode="hand"``, the default: value per hand, hands won) or a whole game
from that deal on (``mode="game"``: games won). A bot's *value* in a hand is its side's points
gained minus the mean gain of the other sides (:func:`tricktable.bots.playout.hand_values`);
a bot *wins* a hand when its value beats the other bots' (ties count half), a game when it
holds a winning seat. Every decision a bot takes is timed: the summaries give each bot's
longest and mean decision, the figures a time cap is checked against.

Runs go to local worker processes (:func:`run_arena`, ``backend="process"``) or to a Ray
cluster (``backend="ray"``, the ``[ray]`` extra). Everything here is deterministic for a seed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from statistics import mean, stdev
from typing import Any, Literal

from .bots import make_bot
from .bots.base import Bot
from .bots.playout import hand_values
from .engine import Game
from .errors import RulesError
from .games import rules as make_rules

__all__ = [
    "ArenaResult",
    "BotSummary",
    "DealOutcome",
    "mean_ci",
    "parse_bot_spec",
    "play_deal",
    "rotations",
    "run_arena",
    "wilson_ci",
]

Z95 = 1.959963984540054
Mode = Literal["hand", "game"]
Backend = Literal["process", "ray"]
MAX_GAME_HANDS = 200
"""A game played in the arena stops after this many hands (it counts as no win for anyone)."""


# -- statistics --------------------------------------------------------------------------------


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its 95 % normal-approximation confidence interval."""
    if not values:
        return (0.0, 0.0, 0.0)
    centre = mean(values)
    if len(values) < 2:
        return (centre, centre, centre)
    half = Z95 * stdev(values) / math.sqrt(len(values))
    return (centre, centre - half, centre + half)


def wilson_ci(wins: float, n: int) -> tuple[float, float, float]:
    """(rate, low, high): a win rate with its 95 % Wilson score interval (half wins allowed)."""
    if n == 0:
        return (0.0, 0.0, 1.0)
    rate = wins / n
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (rate, max(0.0, centre - half), min(1.0, centre + half))


# -- bots and seats ----------------------------------------------------------------------------


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"pimc:samples=8:time_limit=0.2"`` → ``("pimc", {"samples": 8, "time_limit": 0.2})``."""
    name, *pairs = spec.strip().split(":")
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise RulesError(f"bot parameter {pair!r} in {spec!r} is not key=value")
        params[key.strip()] = _number(value.strip())
    return name, params


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def rotations(players: int, bots: int) -> list[tuple[int, ...]]:
    """Distinct seat→bot assignments: each alternating pattern, shifted round the table.

    When the bots cannot share the seats evenly (two bots at five seats), the patterns that
    start with each bot are all used, so over the rotations every bot holds every seat and
    every bot holds as many seats in all: a whole game's winner is then not favoured by the
    bot that happens to hold three seats of five.
    """
    out: list[tuple[int, ...]] = []
    for start in range(bots):
        base = [(seat + start) % bots for seat in range(players)]
        for shift in range(players):
            assignment = tuple(base[(seat + shift) % players] for seat in range(players))
            if assignment not in out:
                out.append(assignment)
    return out


# -- one deal ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealOutcome:
    """One deal played under one rotation: each bot's value and win share."""

    deal: int
    rotation: int
    values: tuple[float, ...]
    wins: tuple[float, ...]
    hands: int
    seconds: float
    slowest: tuple[float, ...] = ()
    """Each bot's longest decision (seconds); decisions with one legal action are not timed."""
    thinking: tuple[float, ...] = ()
    """Each bot's time spent on its decisions (seconds)."""
    decisions: tuple[int, ...] = ()
    """How many decisions each bot took (with more than one legal action)."""


def deal_seed(seed: int, deal: int) -> int:
    return (seed * 1_000_003 + deal) % (1 << 62)


def play_deal(
    rules_text: str,
    specs: Sequence[str],
    seed: int,
    deal: int,
    mode: Mode = "hand",
) -> list[DealOutcome]:
    """Play deal number ``deal`` once per rotation; one outcome per rotation."""
    rules = make_rules(rules_text)
    players = rules.flow.players
    out = []
    for index, assignment in enumerate(rotations(players, len(specs))):
        start = time.perf_counter()
        game = Game(rules, seed=deal_seed(seed, deal), dealer=deal % players)
        seats = _seat_bots(specs, assignment, deal_seed(seed, deal))
        clocks = [_Timing() for _ in seats]
        values, hands = _play(game, seats, mode, clocks)
        wins = _wins(game, assignment, values, len(specs), mode)
        per_bot = _per_bot(values, assignment, len(specs))
        took = time.perf_counter() - start
        slowest, thinking, decisions = _bot_timings(clocks, assignment, len(specs))
        out.append(DealOutcome(deal, index, per_bot, wins, hands, took, slowest, thinking,
                               decisions))  # fmt: skip
    return out


@dataclass
class _Timing:
    """One seat's decision times in a deal."""

    longest: float = 0.0
    total: float = 0.0
    count: int = 0

    def add(self, seconds: float) -> None:
        self.longest = max(self.longest, seconds)
        self.total += seconds
        self.count += 1


def _bot_timings(
    clocks: list[_Timing], assignment: tuple[int, ...], bots: int
) -> tuple[tuple[float, ...], tuple[float, ...], tuple[int, ...]]:
    mine = [[c for c, b in zip(clocks, assignment, strict=True) if b == i] for i in range(bots)]
    return (
        tuple(max(c.longest for c in seats) for seats in mine),
        tuple(sum(c.total for c in seats) for seats in mine),
        tuple(sum(c.count for c in seats) for seats in mine),
    )


def _seat_bots(specs: Sequence[str], assignment: tuple[int, ...], seed: int) -> list[Bot]:
    bots = []
    for seat, bot_index in enumerate(assignment):
        name, params = parse_bot_spec(specs[bot_index])
        bots.append(make_bot(name, seed=seed + seat, **params))
    return bots


def _play(
    game: Game, seats: list[Bot], mode: Mode, clocks: list[_Timing]
) -> tuple[list[float], int]:
    before = game.scores
    first_hand = game.hand_number
    while not game.is_over and game.hand_number - first_hand < MAX_GAME_HANDS:
        if mode == "hand" and game.hand_number != first_hand:
            break
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        start = time.perf_counter()
        action = seats[seat].choose(view)
        if len(view.legal) > 1:
            clocks[seat].add(time.perf_counter() - start)
        game.apply(action)
    return hand_values(game, before), game.hand_number - first_hand + (1 if game.is_over else 0)


def _per_bot(values: list[float], assignment: tuple[int, ...], bots: int) -> tuple[float, ...]:
    return tuple(
        mean([v for v, b in zip(values, assignment, strict=True) if b == index])
        for index in range(bots)
    )


def _wins(
    game: Game, assignment: tuple[int, ...], values: list[float], bots: int, mode: Mode
) -> tuple[float, ...]:
    if mode == "game":
        holders = {assignment[seat] for seat in game.winners}
    else:
        per_bot = _per_bot(values, assignment, bots)
        top = max(per_bot)
        holders = {i for i, v in enumerate(per_bot) if v == top}
    return tuple(1 / len(holders) if i in holders else 0.0 for i in range(bots))


# -- many deals --------------------------------------------------------------------------------


@dataclass
class BotSummary:
    """One bot's results over a run."""

    spec: str
    mean_value: float
    value_ci: tuple[float, float]
    win_rate: float
    win_ci: tuple[float, float]
    plays: int
    worst_decision: float = 0.0
    """The longest decision in the run (seconds)."""
    mean_decision: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.spec,
            "mean_value": self.mean_value,
            "value_ci95": list(self.value_ci),
            "win_rate": self.win_rate,
            "win_ci95": list(self.win_ci),
            "plays": self.plays,
            "worst_decision_s": self.worst_decision,
            "mean_decision_s": self.mean_decision,
        }


@dataclass
class ArenaResult:
    """Everything a run produced: per-deal outcomes, per-bot summaries and the pace."""

    rules: str
    specs: list[str]
    mode: Mode
    seed: int
    deals: int
    workers: int
    backend: str
    seconds: float
    outcomes: list[DealOutcome] = field(default_factory=list)

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    def summaries(self) -> list[BotSummary]:
        out = []
        for index, spec in enumerate(self.specs):
            values = [o.values[index] for o in self.outcomes]
            wins = sum(o.wins[index] for o in self.outcomes)
            centre, low, high = mean_ci(values)
            rate, wlow, whigh = wilson_ci(wins, len(self.outcomes))
            worst, average = self._decision_times(index)
            out.append(BotSummary(spec, centre, (low, high), rate, (wlow, whigh), len(values),
                                  worst, average))  # fmt: skip
        return out

    def _decision_times(self, index: int) -> tuple[float, float]:
        """(longest, mean) decision of bot ``index`` over the run."""
        timed = [o for o in self.outcomes if o.decisions]
        worst = max((o.slowest[index] for o in timed), default=0.0)
        count = sum(o.decisions[index] for o in timed)
        total = sum(o.thinking[index] for o in timed)
        return worst, total / count if count else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "bots": self.specs,
            "mode": self.mode,
            "seed": self.seed,
            "deals": self.deals,
            "workers": self.workers,
            "backend": self.backend,
            "seconds": self.seconds,
            "deals_per_second": self.deals_per_second,
            "summary": [s.to_dict() for s in self.summaries()],
            "outcomes": [_outcome_dict(o)
                         for o in sorted(self.outcomes, key=lambda o: (o.deal, o.rotation))],
        }  # fmt: skip


def _outcome_dict(outcome: DealOutcome) -> dict[str, Any]:
    lists = ("values", "wins", "slowest", "thinking", "decisions")
    return outcome.__dict__ | {name: list(getattr(outcome, name)) for name in lists}


def run_arena(
    rules_text: str,
    specs: Sequence[str],
    deals: int,
    *,
    seed: int = 0,
    workers: int = 1,
    mode: Mode = "hand",
    backend: Backend = "process",
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play ``deals`` duplicate deals of ``rules_text`` between the bots ``specs``.

    ``progress`` is called with the number of deals finished so far. Raises
    :class:`~tricktable.errors.RulesError` for bad rules, bot names or parameters.
    """
    _check(rules_text, specs, deals, workers)
    start = time.perf_counter()
    jobs = _jobs(rules_text, specs, seed, deals, mode)
    if backend == "ray":
        results = _on_ray(jobs, workers)
    elif workers <= 1:
        results = (play_deal(*job) for job in jobs)
    else:
        results = _in_processes(jobs, workers)
    outcomes: list[DealOutcome] = []
    for done, batch in enumerate(results, start=1):
        outcomes.extend(batch)
        if progress is not None:
            progress(done)
    took = time.perf_counter() - start
    return ArenaResult(str(make_rules(rules_text)), list(specs), mode, seed, deals, workers,
                       backend, took, outcomes)  # fmt: skip


Job = tuple[str, tuple[str, ...], int, int, Mode]


def _jobs(rules_text: str, specs: Sequence[str], seed: int, deals: int, mode: Mode) -> list[Job]:
    return [(rules_text, tuple(specs), seed, deal, mode) for deal in range(deals)]


def _in_processes(jobs: list[Job], workers: int) -> Iterator[list[DealOutcome]]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_deal, *job) for job in jobs]
        for future in as_completed(futures):
            yield future.result()


def _on_ray(jobs: list[Job], workers: int) -> Iterator[list[DealOutcome]]:
    """The same jobs as Ray tasks (on the cluster ``ray.init`` connects to, or a local one)."""
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise RulesError(
            "backend 'ray' needs the [ray] extra: pip install 'tricktable[ray]'"
        ) from None
    if not ray.is_initialized():
        ray.init(num_cpus=workers, include_dashboard=False)
    remote: Any = ray.remote(num_cpus=1)(play_deal)
    pending = [remote.remote(*job) for job in jobs]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        yield ray.get(ready[0])


def _check(rules_text: str, specs: Sequence[str], deals: int, workers: int) -> None:
    make_rules(rules_text)
    if len(specs) < 2:
        raise RulesError(f"an arena needs at least two bots; got {list(specs)!r}")
    for spec in specs:
        name, params = parse_bot_spec(spec)
        try:
            make_bot(name, seed=0, **params)
        except TypeError as error:
            raise RulesError(f"bot {spec!r} does not take those parameters: {error}") from None
    if deals < 1:
        raise RulesError(f"deals={deals!r}: play at least one deal")
    if workers < 1:
        raise RulesError(f"workers={workers!r}: use at least one worker")
