"""``play_random`` against random play through the reference engine, for every game: the mean
change of every seat over first hands agrees, and a batch of games is reproducible."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

import tricktable as tt
from tricktable.batch import play_random

GAMES = [
    ("hasenpfeffer", {}),
    ("double-hasenpfeffer", {}),
    ("rams", {}),
    ("rams", {"scoring": "countdown", "players": 5}),
    ("bierspiel", {}),
    ("rounce", {"players": 6}),
    ("euchre", {}),
    ("euchre", {"stick_the_dealer": True}),
]


def reference_first_hands(rules: tt.Rules, hands: int) -> np.ndarray:
    rng = np.random.default_rng(2)
    out = []
    for seed in range(hands):
        game = tt.new_game(rules, seed=seed)
        while not game.results:
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
        out.append(game.results[0].deltas)
    return np.array(out, dtype=float)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda o: str(o) if o else "-")
def test_play_random_matches_random_play_through_the_reference(
    name: str, options: dict[str, object]
) -> None:
    """Within four and a half standard errors, seat by seat; the batch is played in chunks
    smaller than itself, so every chunk must start new games."""
    rules = tt.rules(name, **options)
    batch = play_random(rules, 6000, seed=11, chunk=1500).astype(float)
    reference = reference_first_hands(rules, 400)
    assert batch.shape == (6000, rules.flow.players)
    for seat in range(rules.flow.players):
        error = np.hypot(
            reference[:, seat].std() / np.sqrt(len(reference)),
            batch[:, seat].std() / np.sqrt(len(batch)),
        )
        gap = abs(reference[:, seat].mean() - batch[:, seat].mean())
        assert gap < 4.5 * error + 1e-9, (seat, reference[:, seat].mean(), batch[:, seat].mean())


def test_play_random_is_reproducible_from_its_seed() -> None:
    rules = tt.rules("rams")
    assert np.array_equal(play_random(rules, 300, seed=4), play_random(rules, 300, seed=4))
    assert not np.array_equal(play_random(rules, 300, seed=4), play_random(rules, 300, seed=5))


def test_importing_without_numba_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib
    import importlib.util
    import sys

    real = importlib.util.find_spec

    def without_numba(name: str, *args: object, **kwargs: object) -> object:
        return None if name == "numba" else real(name, *args, **kwargs)  # type: ignore[arg-type]

    saved = {k: v for k, v in sys.modules.items() if k.startswith("tricktable.batch")}
    for name in saved:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(importlib.util, "find_spec", without_numba)
    with pytest.raises(ImportError, match=r"pip install \"tricktable\[fast\]\""):
        importlib.import_module("tricktable.batch")
    monkeypatch.undo()
    sys.modules.update(saved)


def test_the_kernel_cache_follows_every_familys_kernel_sources() -> None:
    """numba checks only the file a cached function is in: the cache folder's digest covers
    the drivers, the building blocks and each registered family's kernels and heuristic."""
    from pathlib import Path

    from tricktable.batch.engine import _kernel_sources

    package = Path(tt.__file__).resolve().parent
    names = {path.resolve().relative_to(package).as_posix() for path in _kernel_sources()}
    assert {"jit/drivers.py", "jit/bits.py", "jit/rows.py", "batch/kernel_obs.py"} <= names
    assert {
        "games/hasenpfeffer/batch/kernel_single.py", "games/hasenpfeffer/batch/kernel_double.py",
        "games/rams/batch/kernel_rams_settle.py", "games/euchre/batch/kernel_euchre.py",
        "games/euchre/heuristic.py", "games/rams/heuristic.py",
    } <= names  # fmt: skip
