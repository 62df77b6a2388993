"""One command rebuilds a game's learned networks from the solver: label, fit, export.

:func:`rebuild` labels positions (:mod:`.label`, resumable shards, local processes or Ray),
fits one network per decision phase that has enough positions (:mod:`.fit`, resumable
checkpoints), and writes each as ``<game>-<phase>.npz`` with its meta: the command, the rules,
the data's size and the last epoch's figures. ``tricktable learn GAME`` runs it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..action_codec import ActionCodec
from ..games import rules as make_rules
from ..learn.model import PHASE_ORDER, save
from ..learn.shards import Backend
from .fit import FitConfig, fit, rows_of_phase
from .label import LabelSpec, generate_labels
from .observations import load_labels

__all__ = ["MIN_POSITIONS", "RebuildOptions", "command_of", "rebuild"]

MIN_POSITIONS = 200
"""A phase with fewer labelled positions gets no network (too few to learn from)."""


@dataclass(frozen=True)
class RebuildOptions:
    """What a rebuild asks of one network beside its labels and its fit."""

    phases: tuple[str, ...] | None = None
    """The decisions fitted (None: all), as the command said."""
    veto: float | None = None
    """This network's veto (the card network's, where the command gave one)."""
    command_veto: float | None = None
    """The command's ``--veto``, repeated in every network's command line."""


def command_of(spec: LabelSpec, config: FitConfig, phases: tuple[str, ...] | None = None,
               veto: float | None = None) -> str:  # fmt: skip
    """The command line that rebuilds these weights."""
    only = "" if phases is None else f" --phases {','.join(phases)}"
    only += "" if veto is None else f" --veto {veto:g}"
    only += "" if spec.stake is None else f" --stake {spec.stake:g}"
    return (f"tricktable learn {spec.rules!r} --shards {spec.shards} --games {spec.games} "
            f"--samples {spec.samples} --keep {spec.keep} --worlds {spec.worlds} "
            f"--calls {spec.calls} --epochs {config.epochs} --seed {spec.seed}{only}")  # fmt: skip


def rebuild(
    spec: LabelSpec,
    out: Path,
    *,
    config: FitConfig | None = None,
    workers: int = 1,
    backend: Backend = "process",
    say: Callable[[str], None] = print,
    phases: tuple[str, ...] | None = None,
    veto: float | None = None,
) -> dict[str, dict[str, Any]]:
    """Label (or resume) ``spec``'s positions, fit every phase (or those in ``phases``), write
    the weights into the folder ``out``; returns each written phase's meta. With a ``veto``,
    the card-play network only overrules the heuristic's cards it values that many points
    below its best (:attr:`tricktable.learn.model.Evaluator.veto`)."""
    config = config or FitConfig()
    start = time.perf_counter()
    paths = generate_labels(spec, workers=workers, backend=backend,
                            progress=lambda d, n: say(f"labels: {d}/{n} shards"))  # fmt: skip
    data = load_labels(paths, make_rules(spec.rules), say)
    labelled = time.perf_counter() - start
    say(f"labels: {len(data['best']):,} positions in {labelled:.0f} s")
    metas: dict[str, dict[str, Any]] = {}
    for index in np.unique(data["phase"]).tolist():
        rows = rows_of_phase(data, int(index))
        phase = PHASE_ORDER[int(index)]
        if phases is not None and phase not in phases:
            continue
        if len(rows["best"]) < MIN_POSITIONS:
            say(f"{phase}: {len(rows['best'])} positions, too few for a network")
            continue
        options = RebuildOptions(phases, veto if phase == "play" else None, veto)
        metas[phase] = _fit_phase(spec, phase, rows, out=out, config=config, say=say,
                                  options=options)  # fmt: skip
    return metas


def _fit_phase(spec: LabelSpec, phase: str, rows: dict[str, np.ndarray], *, out: Path,
               config: FitConfig, say: Callable[[str], None],
               options: RebuildOptions | None = None) -> dict[str, Any]:  # fmt: skip
    options = options or RebuildOptions()
    rules = make_rules(spec.rules)
    checkpoint = spec.folder / f"fit-{phase}.pt"
    say(f"{phase}: {len(rows['best']):,} positions; training")
    fitted = fit(rows, config, checkpoint=checkpoint, progress=lambda r: say(
        "  epoch {epoch:.0f}: held-out mse {held_out_mse:.3f}, regret {held_out_regret:.3f}, "
        "agreement {agreement:.3f}".format(**r)))  # fmt: skip
    codec = ActionCodec(rules)
    meta = {"game": rules.name, "phase": phase, "rules": str(rules),
            "actions": [str(codec.decode(int(c))) for c in fitted.columns],
            "positions": len(rows["best"]), "teacher": "solver", "features": "encoder",
            "worlds": spec.worlds, "calls": spec.calls, "samples": spec.samples,
            "choose": "value" if spec.worlds == "dealt" else "policy",
            "shards": spec.shards, "games_per_shard": spec.games, "keep": spec.keep,
            "config": asdict(config), "figures": fitted.history[-1] if fitted.history else {},
            "command": command_of(spec, config, options.phases, options.command_veto)}  # fmt: skip
    if options.veto is not None:
        meta["veto"] = options.veto
    target = out / f"{rules.name}-{phase}.npz"
    save(target, fitted.weights, fitted.biases, fitted.columns, meta, half=True)
    say(f"{phase}: weights {target.name} ({target.stat().st_size:,} bytes)")
    return meta
