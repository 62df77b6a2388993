"""Training positions of one non-card decision, valued by playouts in the batch engine.

A position is a seat's turn at the decision (:class:`Decision`: Single Hasenpfeffer's bid so
far), reached by dealing a hand at random and letting the compiled heuristic play every seat
until then. Each legal action there is *forced* in ``playouts`` copies of the hand, whose rest
the compiled heuristic plays; the action's value is the mean of what the hand was worth to the
seat (its side's points minus the other sides' mean, :func:`tricktable.bots.playout.hand_values`'
definition). The hidden cards are the dealt ones, so a model that regresses on many positions
learns the value *given what the seat sees*: the mean over the hands it cannot tell apart.

Data are written in shards (``shard-00000.npz`` …), each deterministic for ``(seed, index)``
and written atomically, so an interrupted run resumes where it stopped: shards already on disk
are kept. Shards run in local worker processes or as Ray tasks (``backend="ray"``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import RulesError
from ..games import rules as make_rules
from .decisions import DECISIONS, Decision
from .shards import Backend, load_shards, run_shards, write_atomically

__all__ = ["DECISIONS", "Decision", "Shards", "generate", "load_shards", "positions"]


def side_values(deltas: np.ndarray, seats: np.ndarray, sides: tuple[tuple[int, ...], ...],
                sign: int) -> np.ndarray:  # fmt: skip
    """(n,) what each hand was worth to ``seats[i]``: its side's gain minus the mean gain of
    the other sides (``deltas``: (n, players), each seat's score change)."""
    gains = sign * deltas.astype(np.float64)
    side_gain = np.stack([gains[:, side[0]] for side in sides], axis=1)
    side_of = np.zeros(deltas.shape[1], dtype=np.int64)
    for index, side in enumerate(sides):
        side_of[list(side)] = index
    own = side_gain[np.arange(len(seats)), side_of[seats]]
    if len(sides) == 1:
        return np.asarray(own, dtype=np.float64)
    rest = (side_gain.sum(axis=1) - own) / (len(sides) - 1)
    return np.asarray(own - rest, dtype=np.float64)


def positions(
    decision: Decision, count: int, seed: int, playouts: int = 2, prefix: str = "heuristic"
) -> dict[str, np.ndarray]:
    """``count`` (about: deals without the decision are dropped) valued positions:
    ``obs`` (n, size) float32, ``legal`` (n, actions) bool, ``values`` (n, actions) float32
    (0 where illegal), ``seats`` (n,). The other seats reach the decision by the compiled
    ``prefix`` policy (``heuristic`` or ``random``: the latter covers histories a different
    opponent makes); the continuation is always the heuristic's."""
    from ..batch import Batch
    from ..batch import layout as L

    rules = make_rules(decision.rules_text())
    phase = L.PHASE_NAMES.index(decision.phase)
    batch = Batch(rules, max(count, 1), seed=seed)
    batch.deal()
    seats = batch.random.integers(0, rules.flow.players, size=batch.games)
    _reach(batch, prefix, seats, phase)
    if decision.phase == "play":  # a card at any trick, not only the seat's first
        _skip_turns(batch, prefix, seats, batch.random.integers(0, int(batch.cfg[L.TRICKS]),
                                                                size=batch.games))  # fmt: skip
    keep = (batch.states[:, L.PHASE] == phase) & (batch.to_move == seats)
    if decision.phase == "play":  # a card forced by the rules teaches nothing
        keep &= batch.legal_masks().sum(axis=1) > 1
    rows = np.flatnonzero(keep)
    obs = batch.observe(seats)[rows]
    legal = batch.legal_masks()[rows].astype(bool)
    states, seats = batch.states[rows], seats[rows]
    values = np.zeros(legal.shape, dtype=np.float64)
    rollout = Batch(rules, max(1, len(rows) * playouts), seed=seed + 1)
    sides, sign = rules.flow.sides(), rules.flow.score_sign()
    for action in np.flatnonzero(legal.any(axis=0)):
        where = np.flatnonzero(legal[:, action])
        values[where, action] = _forced_value(rollout, states[where], seats[where], int(action),
                                              playouts=playouts, sides=sides,
                                              sign=sign)  # fmt: skip
    return {"obs": obs, "legal": legal, "values": values.astype(np.float32), "seats": seats}


def _reach(batch: Any, prefix: str, seats: np.ndarray, phase: int) -> None:
    """Play until each game's ``seats[g]`` is to move at ``phase`` or later (or the hand is
    over). Where the seat is to move earlier (its bid, before the trump it names), the
    ``prefix`` policy takes its turn too."""
    from ..batch import layout as L

    batch.advance(prefix, seats)
    while True:
        early = (batch.states[:, L.PHASE] < phase) & (batch.to_move == seats)
        if not early.any():
            return
        _policy_step(batch, prefix, np.flatnonzero(early))
        batch.advance(prefix, seats)


def _skip_turns(batch: Any, prefix: str, seats: np.ndarray, turns: np.ndarray) -> None:
    """Let the ``prefix`` policy take ``turns[g]`` more of the seat's own turns in game ``g``
    (each followed by the others' turns up to the seat's next one)."""
    left = turns.copy()
    while True:
        rows = np.flatnonzero((left > 0) & (batch.to_move == seats) & ~batch.done)
        if len(rows) == 0:
            return
        _policy_step(batch, prefix, rows)
        left[rows] -= 1
        batch.advance(prefix, seats)


def _policy_step(batch: Any, prefix: str, rows: np.ndarray) -> None:
    """One action of the compiled ``prefix`` policy in each game of ``rows`` (the
    Hasenpfeffer kernels' heuristic, or a uniformly random legal action)."""
    actions = np.full(batch.games, -1, dtype=np.int64)
    if prefix == "random":
        legal = batch.legal_masks()[rows].astype(np.float64)
        pick = batch.random.random(legal.shape) * legal
        actions[rows] = pick.argmax(axis=1)
    else:
        for g in rows.tolist():
            actions[g] = batch.kernel.heuristic(batch.states[g], batch.rng, g, batch.cfg,
                                                batch._tables, batch._actions)  # fmt: skip
    batch.step(actions)


def _forced_value(rollout: Any, states: np.ndarray, seats: np.ndarray, action: int, *,
                  playouts: int, sides: tuple[tuple[int, ...], ...],
                  sign: int) -> np.ndarray:  # fmt: skip
    """The mean value to ``seats`` of ``action`` forced in ``states``, over ``playouts``
    heuristic continuations each."""
    n = len(states) * playouts
    rollout.states = np.repeat(states, playouts, axis=0)
    rollout.rng = rollout.random.integers(0, 2**64 - 1, size=n, dtype=np.uint64, endpoint=True)
    rollout._buffer = np.empty((n, rollout.actions), dtype=np.int8)
    rollout.step(np.full(n, action, dtype=np.int64))
    rollout.play_out("heuristic")
    worth = side_values(rollout.deltas, np.repeat(seats, playouts), sides, sign)
    means: np.ndarray = worth.reshape(len(states), playouts).mean(axis=1)
    return means


@dataclass(frozen=True)
class Shards:
    """Where a data set lives and how it is cut: ``shards`` files of ``per_shard`` deals."""

    folder: Path
    shards: int
    per_shard: int
    seed: int = 0
    playouts: int = 2
    prefix: str = "heuristic"
    """How the other seats reach the decision: ``heuristic``, ``random``, or ``mixed`` (odd
    shards random, even ones heuristic)."""

    def prefix_of(self, index: int) -> str:
        if self.prefix == "mixed":
            return "random" if index % 2 else "heuristic"
        return self.prefix

    def path(self, index: int) -> Path:
        return self.folder / f"shard-{index:05d}.npz"

    def missing(self) -> list[int]:
        return [i for i in range(self.shards) if not self.path(i).exists()]


def make_shard(decision_key: str, spec: Shards, index: int) -> str:
    """Generate and write one shard (atomically: a finished file is always whole)."""
    decision = DECISIONS[decision_key]
    data = positions(decision, spec.per_shard, seed=spec.seed * 1_000_003 + index,
                     playouts=spec.playouts, prefix=spec.prefix_of(index))  # fmt: skip
    return write_atomically(spec.path(index), data)


def generate(
    decision_key: str,
    spec: Shards,
    *,
    workers: int = 1,
    backend: Backend = "process",
    progress: Callable[[int, int], None] | None = None,
) -> list[Path]:
    """Write the shards of ``spec`` not yet on disk; returns every shard's path. ``progress``
    is called with (shards done, shards in all)."""
    if decision_key not in DECISIONS:
        known = ", ".join(DECISIONS)
        raise RulesError(f"no learned decision for {decision_key!r}; there are: {known}")
    if spec.shards < 1 or spec.per_shard < 1 or workers < 1:
        raise RulesError(f"shards, per_shard and workers must be at least 1; got {spec}")
    spec.folder.mkdir(parents=True, exist_ok=True)
    todo = spec.missing()
    done = spec.shards - len(todo)
    if progress is not None:
        progress(done, spec.shards)
    make = partial(make_shard, decision_key, spec)
    for _path in run_shards(make, todo, workers=workers, backend=backend):
        done += 1
        if progress is not None:
            progress(done, spec.shards)
    return [spec.path(i) for i in range(spec.shards)]
