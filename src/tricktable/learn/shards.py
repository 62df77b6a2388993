"""Resumable data sets cut into shards, made in local processes or as Ray tasks.

A shard is one ``.npz`` file, deterministic for its index and written atomically (a finished
file is always whole), so a run that was stopped makes only the shards still missing. The
maker of a shard is any picklable callable ``make(index) -> path`` (a module-level function
bound with :func:`functools.partial`), such as the solver's labeller
(:mod:`tricktable.distil.label`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Literal

import numpy as np

from ..errors import RulesError

__all__ = ["Backend", "load_shards", "run_shards", "write_atomically"]

Backend = Literal["process", "ray"]
Maker = Callable[[int], str]


def write_atomically(target: Path, arrays: dict[str, np.ndarray]) -> str:
    """Save ``arrays`` compressed to ``target`` through a temporary file of this process."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".part-{os.getpid()}.npz")
    np.savez_compressed(partial, **arrays)  # type: ignore[arg-type]
    partial.replace(target)
    return str(target)


def run_shards(
    make: Maker,
    todo: Sequence[int],
    *,
    workers: int = 1,
    backend: Backend = "process",
) -> Iterator[str]:
    """Make the shards ``todo``, yielding each one's path as it is finished."""
    if workers < 1:
        raise RulesError(f"workers={workers!r}: at least one worker is needed")
    if backend == "ray":
        yield from _on_ray(make, todo, workers)
    elif workers == 1:
        for index in todo:
            yield make(index)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(make, index) for index in todo]
            for future in as_completed(futures):
                yield future.result()


def _on_ray(make: Maker, todo: Sequence[int], workers: int) -> Iterator[str]:
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise RulesError(
            "backend 'ray' needs the [ray] extra: pip install 'tricktable[ray]'"
        ) from None
    if not ray.is_initialized():
        ray.init(num_cpus=workers, include_dashboard=False)
    remote: Any = ray.remote(num_cpus=1)(make)
    pending = [remote.remote(index) for index in todo]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        yield str(ray.get(ready[0]))


def load_shards(paths: Sequence[Path]) -> dict[str, np.ndarray]:
    """Every shard's arrays, concatenated in shard order."""
    parts: dict[str, list[np.ndarray]] = {}
    for path in paths:
        with np.load(path) as data:
            for key in data.files:
                parts.setdefault(key, []).append(data[key])
    return {key: np.concatenate(value) for key, value in parts.items()}
