"""Positions labelled by the solver: every legal action valued over sampled worlds.

A *position* is a seat's turn with more than one legal action, met while the current policy
(the ``heuristic`` bot at first, later the ``learned`` one: expert iteration) plays whole games
through the reference engine; a fraction ``keep`` of them is labelled, so that a shard covers
many games rather than every turn of a few. The *teacher* values each legal action from the
seat's view alone, as the ``pimc`` bot does with a fixed budget and no clock:

* it draws ``samples`` worlds consistent with the view, each weighted by how well it explains
  the other seats' calls and cards (the resampler with inference);
* in each world a card is worth the hand's score once the rest of the play is double dummy
  (the solver), a call the contract it leads to, finished by the policy and solved; where the
  hand is too big to solve, a playout by the heuristic.

A row holds the seat's observation (:class:`~tricktable.encoding.ObservationEncoder`, every
game's), the legal actions and each scored action's mean value in points (``valued``: the
actions the teacher scored; a crowded auction scores a few), the teacher's choice and the
phase. A shard also keeps each game's record (``records``) and each row's game and ply, so
that other features can be computed later from the positions themselves. Shards are
deterministic for ``(seed, index)`` and resume (:mod:`tricktable.learn.shards`).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Literal

import numpy as np

from ..action_codec import ActionCodec
from ..bots import make_bot
from ..bots.pimc import PimcBot, warm_solver
from ..encoding import ObservationEncoder
from ..engine import Game
from ..errors import RulesError
from ..games import rules as make_rules
from ..learn.model import PHASE_ORDER
from ..learn.shards import Backend, run_shards, write_atomically
from ..options import Rules
from ..phase import Phase
from ..solver import fast, whist_position
from ..view import View

__all__ = ["Calls", "LabelSpec", "Labeller", "Worlds", "generate_labels", "label_games",
           "teacher"]  # fmt: skip

SEED_STRIDE = 1_000_003
Worlds = Literal["sampled", "dealt"]
Calls = Literal["solved", "played"]


def teacher(samples: int, seed: int = 0, continuation: str = "heuristic",
            calls: Calls = "solved", stake: float | None = None) -> PimcBot:  # fmt: skip
    """The search that labels: PIMC with ``samples`` worlds a decision and no time cap (the
    labels do not depend on the machine's load), cards valued in the hand's points, the
    others' later calls taken by ``continuation`` (``heuristic`` or ``learned``), a call
    valued by its contract ``solved`` double dummy or ``played`` out by the heuristic, a hand
    that ends the game by who wins it (at ``stake`` points where the rules name none)."""
    return PimcBot(seed=seed, samples=samples, time_limit=math.inf, min_samples=1,
                   settle_cards=True, continuation=continuation,
                   solve_contracts=calls == "solved", stake=stake)  # fmt: skip


@dataclass(frozen=True)
class LabelSpec:
    """A labelled data set: ``shards`` files of the positions of ``games`` games each."""

    rules: str
    folder: Path
    shards: int
    games: int
    samples: int = 16
    keep: float = 0.3
    seed: int = 0
    policy: str = "heuristic"
    """Who plays the games the positions come from; ``learned`` (expert iteration) also
    takes the others' later calls in the teacher's worlds."""
    worlds: Worlds = "sampled"
    """``sampled``: ``samples`` worlds drawn from the seat's view, a label close to the mean
    value over what the seat cannot tell apart; ``dealt``: the one world of the dealt cards,
    a label as noisy as a single deal but twenty times cheaper and drawn from the true
    distribution of the hidden cards (regression over many of them learns the same mean)."""
    calls: Calls = "solved"
    """How a call is valued: its contract ``solved`` double dummy, or ``played`` out by the
    heuristic. Double-dummy defenders know where every card is, which makes contracts look
    worse than they play (Euchre's order-ups most); a bot that plays its cards by the
    heuristic gets what the playouts measure."""
    stake: float | None = None
    """What winning the game is worth in a label, in points, where the rules name no target
    score: a race such as Bierspiel's is won by the first out, not by the most points, so a
    hand that ends it is worth who wins it. None: the rules' own (Euchre's and the
    Hasenpfeffers' target; none in the Rams family's sessions)."""

    def path(self, index: int) -> Path:
        return self.folder / f"shard-{index:05d}.npz"

    def missing(self) -> list[int]:
        return [i for i in range(self.shards) if not self.path(i).exists()]


@dataclass
class Labeller:
    """Labels the positions of one rules object (its action numbering and the teacher)."""

    rules: Rules
    samples: int
    seed: int = 0
    worlds: Worlds = "sampled"
    continuation: str = "heuristic"
    calls: Calls = "solved"
    stake: float | None = None
    encoder: ObservationEncoder = field(init=False)
    search: PimcBot = field(init=False)

    def __post_init__(self) -> None:
        self.encoder = ObservationEncoder(self.rules)
        self.search = teacher(self.samples, self.seed, self.continuation, self.calls,
                              self.stake)  # fmt: skip

    @property
    def codec(self) -> ActionCodec:
        return self.encoder.codec

    def row(self, view: View, game: Game | None = None) -> dict[str, np.ndarray]:
        """One labelled position: observation, legal and valued actions, values, best
        (``game``: the full state behind ``view``, which ``dealt`` worlds value)."""
        if self.worlds == "dealt":
            if game is None:
                raise RulesError("a label from the dealt cards needs the game behind the view")
            # seeded by the position's place in the game, not by the whole view: serialising
            # a view to seed a generator was a sixth of a label's time
            rng = random.Random(self.seed * SEED_STRIDE + len(game.log))
            analysis = self.search.analyse_worlds(view, [(game.copy(), 1.0)], rng)
        else:
            analysis = self.search.analyse(view)
        size = self.codec.size
        values, valued = np.zeros(size, np.float32), np.zeros(size, bool)
        for text, value in analysis.utility.items():
            column = self.codec.encode(text)
            values[column], valued[column] = value, True
        return {
            "obs": self.encoder.encode(view),
            "legal": self.codec.mask(view.legal).astype(bool),
            "values": values,
            "valued": valued,
            "best": np.array(self.codec.encode(analysis.best), np.int64),
            "phase": np.array(PHASE_ORDER.index(view.phase.value), np.int64),
            "seat": np.array(view.seat or 0, np.int64),
        }


def label_games(spec: LabelSpec, index: int,
                step: Callable[[int], None] | None = None) -> dict[str, np.ndarray]:  # fmt: skip
    """The labelled positions of shard ``index``'s games (``step`` is told of each row)."""
    rules = make_rules(spec.rules)
    seed = spec.seed * SEED_STRIDE + index
    rng = random.Random(seed)
    # expert iteration: the learned policy plays the positions and the teacher's continuation
    continuation = "learned" if spec.policy == "learned" else "heuristic"
    labeller = Labeller(rules, spec.samples, seed, spec.worlds, continuation, spec.calls,
                        spec.stake)  # fmt: skip
    rows: list[dict[str, np.ndarray]] = []
    records: list[str] = []
    for number in range(spec.games):
        game = Game(rules, seed=rng.randrange(2**31))
        policy = [
            make_bot(spec.policy, seed=rng.randrange(2**31)) for _ in range(rules.flow.players)
        ]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if len(view.legal) > 1 and view.phase is not Phase.OVER and rng.random() < spec.keep:
                row = labeller.row(view, game)
                row["game"], row["ply"] = np.array(number), np.array(len(game.log))
                rows.append(row)
                if step is not None:
                    step(len(rows))
            game.apply(policy[seat].choose(view))
        records.append(json.dumps(game.record(), separators=(",", ":")))
    return {**_stack(rows, labeller.codec.size), "records": np.array(records)}


def _stack(rows: list[dict[str, np.ndarray]], size: int) -> dict[str, np.ndarray]:
    if not rows:
        return {"obs": np.zeros((0, 0), np.float32), "legal": np.zeros((0, size), bool),
                "values": np.zeros((0, size), np.float32), "valued": np.zeros((0, size), bool),
                "best": np.zeros(0, np.int64), "phase": np.zeros(0, np.int64),
                "seat": np.zeros(0, np.int64), "game": np.zeros(0, np.int64),
                "ply": np.zeros(0, np.int64)}  # fmt: skip
    return {key: np.stack([row[key] for row in rows]) for key in rows[0]}


def make_label_shard(spec: LabelSpec, index: int) -> str:
    """Label and write shard ``index`` (atomically)."""
    load_solver()
    return write_atomically(spec.path(index), label_games(spec, index))


def load_solver() -> None:
    """Load (or compile, the first time) the numba solver in this process, so that every
    label is solved by it rather than by the Python search: a label then costs tens of ms."""
    if fast.available():
        fast.values(whist_position(["AS", "KS", "QS", "JS"], trump="S", leader=0))
        warm_solver()


def generate_labels(
    spec: LabelSpec,
    *,
    workers: int = 1,
    backend: Backend = "process",
    progress: Callable[[int, int], None] | None = None,
) -> list[Path]:
    """Write the shards of ``spec`` not yet on disk; returns every shard's path."""
    if spec.calls not in ("solved", "played"):
        raise RulesError(f"calls={spec.calls!r} is not one of 'solved', 'played'")
    if spec.worlds not in ("sampled", "dealt"):
        raise RulesError(f"worlds={spec.worlds!r} is not one of 'sampled', 'dealt'")
    if spec.shards < 1 or spec.games < 1 or spec.samples < 1 or not 0 < spec.keep <= 1:
        raise RulesError(f"shards, games and samples must be at least 1 and keep in (0, 1]; "
                         f"got {spec}")  # fmt: skip
    make_rules(spec.rules)  # an unknown game or option fails here, before any worker starts
    todo = spec.missing()
    done = spec.shards - len(todo)
    if progress is not None:
        progress(done, spec.shards)
    for _path in run_shards(partial(make_label_shard, spec), todo, workers=workers,
                            backend=backend):  # fmt: skip
        done += 1
        if progress is not None:
            progress(done, spec.shards)
    return [spec.path(i) for i in range(spec.shards)]
