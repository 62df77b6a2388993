"""Learned evaluators at play time: the shipped weights, run in plain numpy (no torch, no numba).

An :class:`Evaluator` scores every action column its decision allows from a seat's observation
(:class:`~tricktable.encoding.ObservationEncoder`, computed from the view alone) and picks the
best legal one. A game's weights live in its family package, ``games/<family>/weights/
<game>-<phase>.npz``, each beside the command that rebuilt it (in the file's ``meta``);
:func:`evaluators` loads them once.

>>> import tricktable as tt
>>> bid, *_ = evaluators("hasenpfeffer")
>>> game = tt.new_game("hasenpfeffer", seed=4)
>>> str(bid.choose(game.view(game.to_move))) in {str(a) for a in game.legal_actions()}
True
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ..actions import Action
from ..encoding import ObservationEncoder
from ..errors import RulesError
from ..games import family_of
from ..options import Rules
from ..view import View

__all__ = ["PHASE_ORDER", "Evaluator", "evaluators", "save", "weights_folder", "weights_path"]

PHASE_ORDER = ("auction", "trump", "discard", "alone", "play", "done", "give", "declare",
               "exchange")  # fmt: skip
"""The decisions a game's networks are found by (``<game>-<phase>.npz``), in the order of the
phase number a labelled row stores (the batch layout's order)."""


def weights_folder(game: str) -> Path:
    """Where ``game``'s family package keeps its learned weights (a plug-in family's too)."""
    return Path(str(resources.files(family_of(game).__name__) / "weights"))


def weights_path(decision_name: str, game: str) -> Path:
    """Where ``game``'s family keeps the weights of the decision ``decision_name``."""
    return weights_folder(game) / f"{decision_name}.npz"


class Evaluator:
    """A small MLP: observation -> value of each of ``columns`` (codec action numbers, whose
    notations ``meta["actions"]`` lists, so that play time needs no codec)."""

    def __init__(self, weights: list[np.ndarray], biases: list[np.ndarray],
                 columns: np.ndarray, meta: dict[str, Any]) -> None:  # fmt: skip
        self.weights, self.biases = weights, biases
        self.columns = np.asarray(columns, dtype=np.int64)
        self.meta = meta
        self.phase = str(meta.get("phase", ""))
        self.labels = [str(label) for label in meta.get("actions", [])]
        if meta.get("features", "encoder") != "encoder":
            raise RulesError(
                "these weights read the {features!r} observation, which is no longer built; "
                "rebuild them with tricktable learn (the environments' observation)",
                features=meta["features"],
            )

    @classmethod
    def load(cls, path: Path) -> Evaluator:
        with np.load(path, allow_pickle=False) as data:
            layers = sum(1 for name in data.files if name.startswith("w"))
            weights = [data[f"w{i}"].astype(np.float32) for i in range(layers)]
            biases = [data[f"b{i}"].astype(np.float32) for i in range(layers)]
            meta = json.loads(str(data["meta"]))
            return cls(weights, biases, data["columns"], meta)

    def outputs(self, obs: np.ndarray) -> np.ndarray:
        """(n, outputs) the network's outputs for the observations ``obs`` (n, size)."""
        x = np.asarray(obs, dtype=np.float32)
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            x = x @ w + b
            if i < len(self.weights) - 1:
                x = np.maximum(x, 0.0)
        return x

    @property
    def has_policy(self) -> bool:
        """Whether the network has a policy head beside its values (the solver's networks:
        two outputs a column)."""
        return int(self.biases[-1].shape[0]) == 2 * len(self.columns)

    def values(self, obs: np.ndarray) -> np.ndarray:
        """(n, len(columns)) predicted values of the observations ``obs`` (n, size)."""
        return self.outputs(obs)[:, : len(self.columns)]

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """(n, len(columns)) the policy's logits (the values where there is no policy head)."""
        out = self.outputs(obs)
        return out[:, len(self.columns) :] if self.has_policy else out

    def observe(self, view: View) -> np.ndarray:
        """The observation vector this evaluator was trained on, of ``view``'s seat."""
        return _encoder(view.rules).encode(view)

    def applies(self, view: View) -> bool:
        """Whether ``view`` is at this evaluator's decision."""
        same_rules = str(view.rules) == self.meta.get("rules", str(view.rules))
        return view.phase.value == self.phase and bool(view.legal) and same_rules

    def ranked(self, view: View) -> list[tuple[Action, float]]:
        """The legal actions the evaluator knows, in the policy's order (best first), each
        with its predicted value."""
        out = self.outputs(self.observe(view)[None])
        values, logits = self.values_and_logits(out)
        value_of = dict(zip(self.labels, values[0].tolist(), strict=True))
        order = values if self.chooses_by_value else logits
        rank_of = dict(zip(self.labels, order[0].tolist(), strict=True))
        known = [a for a in view.legal if str(a) in value_of]
        return [(a, value_of[str(a)]) for a in sorted(known, key=lambda a: -rank_of[str(a)])]

    @property
    def chooses_by_value(self) -> bool:
        """Whether the best action is the one of highest predicted value rather than of the
        highest logit: so for labels from the dealt world, whose best action is the best with
        every card known (the policy would learn how often an action is best, not its worth)."""
        return not self.has_policy or self.meta.get("choose") == "value"

    def values_and_logits(self, out: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        width = len(self.columns)
        return out[:, :width], (out[:, width:] if self.has_policy else out[:, :width])

    def probabilities(self, view: View) -> dict[str, float]:
        """The policy at ``view``: a softmax of its logits over the legal actions it knows
        (of the values, a logit a point, where the network has no policy head)."""
        _, logits = self.values_and_logits(self.outputs(self.observe(view)[None]))
        logit_of = dict(zip(self.labels, logits[0].tolist(), strict=True))
        known = [str(a) for a in view.legal if str(a) in logit_of]
        if not known:
            return {}
        top = max(logit_of[a] for a in known)
        weights = {a: math.exp(logit_of[a] - top) for a in known}
        total = sum(weights.values())
        return {a: w / total for a, w in weights.items()}

    def choose(self, view: View) -> Action | None:
        """The legal action with the best predicted value (None if it knows none of them)."""
        ranked = self.ranked(view)
        return ranked[0][0] if ranked else None

    @property
    def veto(self) -> float | None:
        """Where set (the meta's ``veto``, in points), the network does not choose but only
        overrules a choice it values that much below its best: the heuristic's card play
        keeps its conventions (partners read each other's cards) and loses its blunders."""
        found = self.meta.get("veto")
        return None if found is None else float(found)

    def overrule(self, view: View, proposed: Action) -> Action:
        """``proposed``, unless the network values its best action more than :attr:`veto`
        points above it."""
        value_of = {str(a): v for a, v in self.ranked(view)}
        if str(proposed) not in value_of:
            return proposed
        best = max(value_of, key=lambda a: value_of[a])
        if value_of[best] - value_of[str(proposed)] <= (self.veto or 0.0):
            return proposed
        return next(a for a in view.legal if str(a) == best)


@cache
def _encoder(rules: Rules) -> ObservationEncoder:
    return ObservationEncoder(rules)


def save(path: Path, weights: list[np.ndarray], biases: list[np.ndarray], columns: np.ndarray,
         meta: dict[str, Any], *, half: bool = False) -> None:  # fmt: skip
    """Write an evaluator's weights and its ``meta`` (JSON) to ``path``: float32, or float16
    with ``half`` (half the size: a game's networks within 2 MB; played in float32)."""
    stored = np.float16 if half else np.float32
    arrays: dict[str, np.ndarray] = {"columns": np.asarray(columns, dtype=np.int64)}
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        arrays[f"w{i}"], arrays[f"b{i}"] = w.astype(stored), b.astype(np.float32)
    arrays["meta"] = np.array(json.dumps(meta, sort_keys=True))
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


@cache
def evaluators(game: str, folder: str | None = None) -> tuple[Evaluator, ...]:
    """Every evaluator of ``game``'s decisions (``<game>-<phase>.npz``: its bid, trump,
    discard, cards...), shipped in the package or found in ``folder``."""
    where = weights_folder(game) if folder is None else Path(folder)
    paths = (where / f"{game}-{phase}.npz" for phase in PHASE_ORDER)
    return tuple(Evaluator.load(path) for path in paths if path.exists())
