"""Fit a small MLP to the valued positions of :mod:`.data`, in numpy (no torch needed).

The network maps an observation to one value per action column the decision ever allows
(two ReLU layers); the loss is the squared error on the legal actions of each position only.
Adam, mini-batches, a held-out tenth: every epoch reports the held-out error and the held-out
*regret* (the value given up by taking the network's best legal action instead of the best
one), beside the regret of always ranking the actions by their mean value.
Deterministic for a seed; ``OMP_NUM_THREADS=1`` keeps it on one core.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import numpy as np

__all__ = ["Fit", "TrainConfig", "regret", "train"]


@dataclass(frozen=True)
class TrainConfig:
    hidden: tuple[int, ...] = (128, 64)
    epochs: int = 12
    batch_size: int = 256
    learning_rate: float = 1e-3
    seed: int = 0
    held_out: float = 0.1


@dataclass
class Fit:
    """The trained weights and what the run measured."""

    weights: list[np.ndarray]
    biases: list[np.ndarray]
    columns: np.ndarray
    history: list[dict[str, float]] = field(default_factory=list)

    def predict(self, obs: np.ndarray) -> np.ndarray:
        return forward(self.weights, self.biases, obs)[-1]


def forward(weights: list[np.ndarray], biases: list[np.ndarray], x: np.ndarray) -> list[np.ndarray]:
    """Every layer's output (the last is linear)."""
    outs = [x]
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        z = outs[-1] @ w + b
        outs.append(np.maximum(z, 0.0) if i < len(weights) - 1 else z)
    return outs


def regret(pred: np.ndarray, values: np.ndarray, legal: np.ndarray) -> float:
    """Mean value lost by picking the best-predicted legal action instead of the best one."""
    rows = np.arange(len(values))
    chosen = np.where(legal, pred, -np.inf).argmax(axis=1)
    best = np.where(legal, values, -np.inf).max(axis=1)
    return float((best - values[rows, chosen]).mean())


def _init(sizes: list[int], rng: np.random.Generator) -> tuple[list[np.ndarray], list[np.ndarray]]:
    weights = [rng.normal(0, np.sqrt(2.0 / a), (a, b)).astype(np.float32)
               for a, b in pairwise(sizes)]  # fmt: skip
    return weights, [np.zeros(b, dtype=np.float32) for b in sizes[1:]]


Layers = tuple[list[np.ndarray], list[np.ndarray]]


def _gradients(weights: list[np.ndarray], biases: list[np.ndarray], x: np.ndarray,
               y: np.ndarray, mask: np.ndarray) -> Layers:  # fmt: skip
    outs = forward(weights, biases, x)
    delta = 2.0 * (outs[-1] - y) * mask / max(1.0, float(mask.sum()))
    grads_w: list[np.ndarray] = [np.empty(0)] * len(weights)
    grads_b: list[np.ndarray] = [np.empty(0)] * len(weights)
    for i in range(len(weights) - 1, -1, -1):
        grads_w[i] = outs[i].T @ delta
        grads_b[i] = delta.sum(axis=0)
        if i:
            delta = (delta @ weights[i].T) * (outs[i] > 0)
    return grads_w, grads_b


class _Adam:
    def __init__(self, params: list[np.ndarray], rate: float) -> None:
        self.params, self.rate, self.t = params, rate, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[np.ndarray]) -> None:
        self.t += 1
        for i, g in enumerate(grads):
            self.m[i] = 0.9 * self.m[i] + 0.1 * g
            self.v[i] = 0.999 * self.v[i] + 0.001 * g * g
            m_hat = self.m[i] / (1 - 0.9**self.t)
            v_hat = self.v[i] / (1 - 0.999**self.t)
            self.params[i] -= (self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)


def train(
    data: dict[str, np.ndarray],
    config: TrainConfig = TrainConfig(),
    progress: Callable[[dict[str, float]], None] | None = None,
) -> Fit:
    """Fit the network to ``data`` (``obs``, ``legal``, ``values`` as :mod:`.data` writes)."""
    rng = np.random.default_rng(config.seed)
    columns = np.flatnonzero(data["legal"].any(axis=0))
    x = data["obs"].astype(np.float32)
    y = data["values"][:, columns].astype(np.float32)
    mask = data["legal"][:, columns].astype(np.float32)
    order = rng.permutation(len(x))
    cut = max(1, int(len(x) * config.held_out))
    test, fit_rows = order[:cut], order[cut:]
    weights, biases = _init([x.shape[1], *config.hidden, len(columns)], rng)
    adam = _Adam([*weights, *biases], config.learning_rate)
    means = (y * mask).sum(axis=0) / np.maximum(mask.sum(axis=0), 1)
    baseline = regret(np.broadcast_to(means, y[test].shape), y[test], mask[test] > 0)
    result = Fit(weights, biases, columns)
    for epoch in range(config.epochs):
        shuffled = rng.permutation(fit_rows)
        for start in range(0, len(shuffled), config.batch_size):
            rows = shuffled[start : start + config.batch_size]
            gw, gb = _gradients(weights, biases, x[rows], y[rows], mask[rows])
            adam.step([*gw, *gb])
        pred = result.predict(x[test])
        error = float((((pred - y[test]) ** 2) * mask[test]).sum() / mask[test].sum())
        record = {"epoch": float(epoch + 1), "held_out_mse": error,
                  "held_out_regret": regret(pred, y[test], mask[test] > 0),
                  "mean_rank_regret": baseline}  # fmt: skip
        result.history.append(record)
        if progress is not None:
            progress(record)
    return result


def describe(fit: Fit) -> dict[str, Any]:
    """The last epoch's figures."""
    return dict(fit.history[-1]) if fit.history else {}


def rebuild(
    game: str,
    folder: Any,
    *,
    deals: int = 400_000,
    shards: int = 40,
    workers: int = 1,
    backend: str = "process",
    prefix: str = "heuristic",
    config: TrainConfig = TrainConfig(),
    out: Any = None,
    say: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Generate (or resume) ``game``'s data in ``folder``, train, and write the weights to the
    package (or ``out``). Returns the weights' ``meta``: sizes, figures, the command."""
    import time
    from pathlib import Path

    from ..action_codec import ActionCodec
    from ..games import rules as make_rules
    from . import data as learn_data
    from .model import save, weights_path

    decision = learn_data.DECISIONS.get(game)
    if decision is None:
        known = ", ".join(learn_data.DECISIONS)
        from ..errors import RulesError

        raise RulesError(f"no learned decision for {game!r}; there are: {known}")
    spec = learn_data.Shards(Path(folder), shards, max(1, deals // shards), seed=config.seed,
                             prefix=prefix)  # fmt: skip
    start = time.perf_counter()
    paths = learn_data.generate(game, spec, workers=workers, backend=backend,  # type: ignore[arg-type]
                                progress=lambda d, n: say(f"data: {d}/{n} shards"))  # fmt: skip
    generated = time.perf_counter() - start
    loaded = learn_data.load_shards(paths)
    say(f"data: {len(loaded['obs']):,} positions in {generated:.0f} s; training")
    fit = train(loaded, config, progress=lambda r: say("epoch {epoch:.0f}: held-out mse "
                "{held_out_mse:.3f}, regret {held_out_regret:.3f} (mean ranking "
                "{mean_rank_regret:.3f})".format(**r)))  # fmt: skip
    codec = ActionCodec(make_rules(decision.rules_text()))
    meta = {"game": decision.game, "phase": decision.phase, "rules": decision.rules_text(),
            "actions": [str(codec.decode(int(c))) for c in fit.columns],
            "positions": len(loaded["obs"]), "deals": deals, "shards": shards,
            "seed": config.seed, "hidden": list(config.hidden), "epochs": config.epochs,
            "figures": describe(fit), "seconds_data": round(generated, 1),
            "seconds_total": round(time.perf_counter() - start, 1),
            "prefix": prefix,
            "command": f"tricktable train {game} --deals {deals} --shards {shards} --epochs "
                       f"{config.epochs} --seed {config.seed} --prefix {prefix}"}  # fmt: skip
    target = Path(out) if out is not None else weights_path(decision.name, decision.game)
    save(target, fit.weights, fit.biases, fit.columns, meta)
    say(f"weights: {target} ({target.stat().st_size:,} bytes)")
    return meta
