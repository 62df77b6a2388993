"""The vector env's kernels: actions checked against the masks, hands settled, new hands
swapped in from the pool (skipping pool hands already over), and whole runs reproducible."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from tricktable.batch import layout as L
from tricktable.batch.engine import _kernel
from tricktable.envs.vector_env import BatchVectorEnv

kernel = _kernel("kernel_vector")


def test_check_actions_marks_what_the_masks_refuse() -> None:
    masks = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 1]], dtype=np.int8)
    chosen = np.zeros(3, dtype=np.int64)
    legal = np.zeros(3, dtype=np.bool_)
    illegal = kernel.check_actions(np.array([2, 0, 7]), masks, chosen, legal)
    assert illegal == 2
    assert list(chosen) == [2, -1, -1]
    assert list(legal) == [True, False, False]


def test_swap_in_skips_pool_hands_that_are_over_and_asks_for_a_refill() -> None:
    states = np.zeros((3, L.WIDTH), dtype=np.int64)
    seats = np.zeros(3, dtype=np.int64)
    pool = np.zeros((3, L.WIDTH), dtype=np.int64)
    pool[:, L.DEALER] = [7, 8, 9]
    pool[1, L.PHASE] = L.P_DONE
    cursor = np.zeros(1, dtype=np.int64)
    done = np.array([True, True, True])
    resume = kernel.swap_in(states, seats, done, 0, pool, np.array([1, 2, 3]), cursor)
    assert resume == 2  # rows 0 and 1 took pool rows 0 and 2; row 2 waits for a refill
    assert list(states[:2, L.DEALER]) == [7, 9]
    assert list(seats[:2]) == [1, 3]
    assert cursor[0] == 3


def run(seed: int, steps: int) -> tuple[np.ndarray, float, int]:
    env = BatchVectorEnv("rams", num_envs=300, seat=None, seed=seed)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(0)
    total, ended = 0.0, 0
    for _ in range(steps):
        masks = env.action_masks()
        obs, rewards, done, _truncated, infos = env.step(
            np.argmax(rng.random(masks.shape) * masks, 1)
        )
        total += float(rewards.sum())
        ended += int(done.sum())
        if done.any():
            assert infos["_final_obs"].sum() == done.sum()
    return obs, total, ended


def test_a_run_is_reproducible_from_its_seed_across_pool_refills() -> None:
    first, second, other = run(3, 40), run(3, 40), run(4, 40)
    assert first[2] > 600  # more hands ended than the pool holds: it was refilled
    assert np.array_equal(first[0], second[0]) and first[1:] == second[1:]
    assert not np.array_equal(first[0], other[0])
