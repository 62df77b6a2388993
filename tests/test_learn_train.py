"""The numpy MLP: it fits values that depend on the observation, deterministically."""

from __future__ import annotations

import numpy as np

from tricktable.learn.train import TrainConfig, regret, train


def synthetic(n: int, seed: int) -> dict[str, np.ndarray]:
    """Three actions whose values depend on the observation; one is sometimes illegal."""
    rng = np.random.default_rng(seed)
    obs = rng.random((n, 8)).astype(np.float32)
    values = np.stack([obs[:, 0] * 4 - 2, obs[:, 1] * 4 - 2, np.zeros(n)], axis=1)
    legal = np.ones((n, 4), dtype=bool)
    legal[:, 3] = False  # never legal: no column is learned for it
    legal[: n // 3, 0] = False
    values = np.concatenate([values, np.zeros((n, 1))], axis=1) * legal
    return {"obs": obs, "legal": legal, "values": values.astype(np.float32)}


def test_regret_is_what_the_predicted_best_action_gives_up() -> None:
    values = np.array([[1.0, 3.0], [2.0, 0.0]])
    legal = np.array([[True, True], [True, True]])
    assert regret(np.array([[1.0, 0.0], [1.0, 0.0]]), values, legal) == 1.0
    assert regret(values, values, legal) == 0.0


def test_training_beats_ranking_by_the_mean_and_is_deterministic() -> None:
    data = synthetic(3000, 1)
    config = TrainConfig(hidden=(16,), epochs=15, batch_size=64, learning_rate=3e-3, seed=4)
    fit = train(data, config)
    assert list(fit.columns) == [0, 1, 2]
    last = fit.history[-1]
    assert last["held_out_regret"] < 0.5 * last["mean_rank_regret"]
    assert fit.history[0]["held_out_mse"] > last["held_out_mse"]
    again = train(data, config)
    assert np.array_equal(fit.weights[0], again.weights[0])
