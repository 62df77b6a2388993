"""Policy and value networks fit with torch to the solver's labels, exported for numpy.

One network per decision (a phase of a game): observation → two outputs per action column the
phase ever allows. The first half is each action's *value beside the others* (points, as the
teacher measured them, less their mean at the position), the second its *policy* logit. The
loss is both: the squared error on the actions the teacher valued, plus a cross-entropy to the
teacher's choice. The choice is not simply the best value: double-dummy values often tie, and
the teacher breaks ties by the heuristic's conventions (play low behind a partner's winner),
which a policy taught the values alone would play at random.
Training needs the ``[train]`` extra (torch, CPU); play needs only numpy
(:class:`~tricktable.learn.model.Evaluator` reads the exported weights).

Every epoch reports the held-out error, the held-out *regret* (the teacher's value given up by
the value head's choice among the valued actions), the policy's *agreement* (how often its
choice is one the teacher values best, ties included) and how often it is the teacher's very
choice. A
checkpoint after each epoch lets a stopped run resume where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["Fit", "FitConfig", "fit", "fit_network", "rows_of_phase"]

TIE = 1e-4
"""Teacher values closer than this are equally good (double-dummy ties are common)."""


@dataclass
class Fit:
    """A trained network's weights, oriented for ``x @ w + b``, the codec columns it scores,
    and what each epoch measured."""

    weights: list[np.ndarray]
    biases: list[np.ndarray]
    columns: np.ndarray
    history: list[dict[str, float]] = field(default_factory=list)


@dataclass(frozen=True)
class FitConfig:
    hidden: tuple[int, ...] = (256, 256)
    epochs: int = 30
    batch_size: int = 256
    learning_rate: float = 1e-3
    weight_decay: float = 1e-5
    policy_weight: float = 1.0
    held_out: float = 0.1
    seed: int = 0


def rows_of_phase(data: dict[str, np.ndarray], phase: int) -> dict[str, np.ndarray]:
    """The labelled rows of one phase (by its index in the observation's phase order); a
    shard's per-game arrays (its records) are left out."""
    keep = data["phase"] == phase
    return {key: value[keep] for key, value in data.items() if len(value) == len(keep)}


def _network(sizes: list[int], seed: int) -> Any:
    import torch
    from torch import nn

    torch.manual_seed(seed)
    layers: list[nn.Module] = []
    for i, (size_in, size_out) in enumerate(pairwise(sizes)):
        layers.append(nn.Linear(size_in, size_out))
        if i < len(sizes) - 2:
            layers.append(nn.ReLU())
    return nn.Sequential(*layers)


def _tensors(data: dict[str, np.ndarray], columns: np.ndarray) -> dict[str, Any]:
    import torch

    values = data["values"][:, columns]
    best = np.searchsorted(columns, data["best"])
    return {
        "x": torch.as_tensor(data["obs"], dtype=torch.float32),
        "y": torch.as_tensor(values, dtype=torch.float32),
        "valued": torch.as_tensor(data["valued"][:, columns]),
        "legal": torch.as_tensor(data["legal"][:, columns]),
        "best": torch.as_tensor(best, dtype=torch.int64),
    }


def _centred(values: Any, valued: Any) -> Any:
    """``values`` less their mean over the valued actions of each row: what one action is
    worth *beside the others* at the same position. In a label from one dealt world the
    world's luck moves every action alike; the difference between actions is what the seat
    can choose (and what the policy needs)."""
    weight = valued.float()
    mean = (values * weight).sum(dim=1, keepdim=True) / weight.sum(dim=1, keepdim=True).clamp(min=1)
    return values - mean


def _heads(out: Any) -> tuple[Any, Any]:
    """The network's two halves: each action's value, and its policy logit."""
    half = out.shape[1] // 2
    return out[:, :half], out[:, half:]


def _loss(net: Any, batch: dict[str, Any], config: FitConfig) -> Any:
    import torch

    value, logits = _heads(net(batch["x"]))
    valued = batch["valued"]
    weight = valued.float()
    error = _centred(value, valued) - _centred(batch["y"], valued)
    mse = ((error**2) * weight).sum() / weight.sum().clamp(min=1.0)
    cross = torch.nn.functional.cross_entropy(logits.masked_fill(~batch["legal"], -1e9),
                                              batch["best"])  # fmt: skip
    return mse + config.policy_weight * cross


def _measure(net: Any, held: dict[str, Any]) -> dict[str, float]:
    import torch

    with torch.no_grad():
        value, logits = _heads(net(held["x"]))
    valued = held["valued"]
    error = _centred(value, valued) - _centred(held["y"], valued)
    mse = float(((error**2) * valued).sum() / valued.sum().clamp(min=1))
    policy_pick = logits.masked_fill(~held["legal"], -1e9).argmax(dim=1)
    value_pick = value.masked_fill(~valued, -1e9).argmax(dim=1)
    teacher = held["y"].masked_fill(~valued, -1e9)
    top = teacher.max(dim=1).values
    got = held["y"].gather(1, value_pick[:, None])[:, 0]
    picked = teacher.gather(1, policy_pick[:, None])[:, 0]
    return {
        "held_out_mse": mse,
        "held_out_regret": float((top - got).mean()),
        "agreement": float((picked >= top - TIE).float().mean()),
        "same_choice": float((policy_pick == held["best"]).float().mean()),
    }


def fit(
    data: dict[str, np.ndarray],
    config: FitConfig = FitConfig(),
    *,
    checkpoint: Path | None = None,
    progress: Callable[[dict[str, float]], None] | None = None,
) -> Fit:
    """Train on ``data`` (one phase's rows, as :mod:`.label` writes them); the weights come
    back as numpy arrays oriented for ``x @ w + b``."""
    return fit_network(data, config, checkpoint=checkpoint, progress=progress)[0]


def fit_network(
    data: dict[str, np.ndarray],
    config: FitConfig = FitConfig(),
    *,
    checkpoint: Path | None = None,
    progress: Callable[[dict[str, float]], None] | None = None,
) -> tuple[Fit, Any]:
    """:func:`fit`, with the trained torch network beside its exported weights."""
    import torch

    torch.set_num_threads(1)
    columns = np.flatnonzero(data["legal"].any(axis=0))
    rng = np.random.default_rng(config.seed)
    order = rng.permutation(len(data["obs"]))
    cut = max(1, int(len(order) * config.held_out))
    train_rows = {k: v[order[cut:]] for k, v in data.items()}
    held = _tensors({k: v[order[:cut]] for k, v in data.items()}, columns)
    tensors = _tensors(train_rows, columns)
    net = _network([data["obs"].shape[1], *config.hidden, 2 * len(columns)], config.seed)
    adam = torch.optim.AdamW(net.parameters(), lr=config.learning_rate,
                             weight_decay=config.weight_decay)  # fmt: skip
    history, first = _resume(checkpoint, net, adam, config)
    generator = torch.Generator().manual_seed(config.seed)
    for _ in range(first):  # the orders the finished epochs drew
        torch.randperm(len(tensors["x"]), generator=generator)
    for epoch in range(first, config.epochs):
        _epoch(net, adam, tensors, config, torch.randperm(len(tensors["x"]), generator=generator))
        record = {"epoch": float(epoch + 1), **_measure(net, held)}
        history.append(record)
        _save_checkpoint(checkpoint, net, adam, config, history)
        if progress is not None:
            progress(record)
    weights, biases = _exported(net)
    return Fit(weights, biases, columns, history), net


def _epoch(net: Any, adam: Any, tensors: dict[str, Any], config: FitConfig, order: Any) -> None:
    for start in range(0, len(order), config.batch_size):
        rows = order[start : start + config.batch_size]
        adam.zero_grad()
        _loss(net, {k: v[rows] for k, v in tensors.items()}, config).backward()
        adam.step()


def _exported(net: Any) -> tuple[list[np.ndarray], list[np.ndarray]]:
    linear = [layer for layer in net if hasattr(layer, "weight")]
    weights = [layer.weight.detach().numpy().T.copy() for layer in linear]
    biases = [layer.bias.detach().numpy().copy() for layer in linear]
    return weights, biases


def _resume(checkpoint: Path | None, net: Any, adam: Any,
            config: FitConfig) -> tuple[list[dict[str, float]], int]:  # fmt: skip
    """The history so far and the next epoch: from ``checkpoint`` when it is of this very
    configuration (the generator is replayed up to there, so a resumed run ends as a whole one
    would), else from the start."""
    import torch

    if checkpoint is None or not checkpoint.exists():
        return [], 0
    saved = torch.load(checkpoint, weights_only=False)
    if saved["config"] != asdict(config):
        return [], 0
    net.load_state_dict(saved["net"])
    adam.load_state_dict(saved["adam"])
    history: list[dict[str, float]] = saved["history"]
    return history, len(history)


def _save_checkpoint(checkpoint: Path | None, net: Any, adam: Any, config: FitConfig,
                     history: list[dict[str, float]]) -> None:  # fmt: skip
    import torch

    if checkpoint is None:
        return
    checkpoint.parent.mkdir(parents=True, exist_ok=True)
    partial = checkpoint.with_suffix(".part")
    torch.save({"net": net.state_dict(), "adam": adam.state_dict(), "config": asdict(config),
                "history": history}, partial)  # fmt: skip
    partial.replace(checkpoint)
