"""The torch networks: trained on a few hundred labelled positions, exported to numpy with the
same outputs, deterministic, resumed after a stop as if never stopped."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from tricktable.distil.fit import FitConfig, fit, fit_network, rows_of_phase  # noqa: E402
from tricktable.distil.label import LabelSpec, label_games  # noqa: E402
from tricktable.learn.model import (  # noqa: E402
    PHASE_ORDER,
    Evaluator,
    save,
)

CONFIG = FitConfig(hidden=(32, 16), epochs=4, batch_size=32, seed=2)


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> dict[str, np.ndarray]:
    """A few hundred card positions of Single Hasenpfeffer, labelled with two worlds each."""
    spec = LabelSpec("hasenpfeffer", tmp_path_factory.mktemp("labels"), 1, games=6, samples=2,
                     keep=1.0, seed=5)  # fmt: skip
    rows = rows_of_phase(label_games(spec, 0), PHASE_ORDER.index("play"))
    assert len(rows["best"]) >= 200
    return rows


def test_the_numpy_evaluator_gives_the_torch_network_s_outputs(cards) -> None:
    fitted, net = fit_network(cards, CONFIG)
    evaluator = Evaluator(fitted.weights, fitted.biases, fitted.columns, {})
    with torch.no_grad():
        expected = net(torch.as_tensor(cards["obs"])).numpy()
    assert evaluator.has_policy
    assert np.allclose(evaluator.outputs(cards["obs"]), expected, atol=1e-5)
    assert list(fitted.columns) == sorted(set(np.flatnonzero(cards["legal"].any(axis=0))))


def test_the_shipped_half_precision_network_chooses_as_the_torch_network(cards, tmp_path) -> None:
    """Weights are stored in float16 (a game's networks within 2 MB) and played in float32:
    the outputs move by rounding only, and the choices stay the same."""
    fitted, net = fit_network(cards, CONFIG)
    save(tmp_path / "half.npz", fitted.weights, fitted.biases, fitted.columns, {}, half=True)
    loaded = Evaluator.load(tmp_path / "half.npz")
    with torch.no_grad():
        expected = net(torch.as_tensor(cards["obs"])).numpy()
    got = loaded.outputs(cards["obs"])
    assert got.dtype == np.float32 and loaded.weights[0].dtype == np.float32
    assert np.allclose(got, expected, atol=0.05 * (1 + np.abs(expected).max()))
    width = len(fitted.columns)
    same = got[:, :width].argmax(1) == expected[:, :width].argmax(1)
    assert same.mean() >= 0.98
    assert (tmp_path / "half.npz").stat().st_size < 0.6 * _full_size(fitted, tmp_path)


def _full_size(fitted, tmp_path) -> int:
    save(tmp_path / "full.npz", fitted.weights, fitted.biases, fitted.columns, {})
    return (tmp_path / "full.npz").stat().st_size


def _regret(fitted, cards, head: str) -> float:
    """The teacher's value given up, on average, by the network's choices (its value head's
    or its policy's) on the positions it was trained on."""
    evaluator = Evaluator(fitted.weights, fitted.biases, fitted.columns, {})
    scores = getattr(evaluator, head)(cards["obs"])
    legal = cards["legal"][:, fitted.columns]
    picks = fitted.columns[np.where(legal, scores, -np.inf).argmax(1)]
    top = np.where(cards["valued"], cards["values"], -np.inf).max(axis=1)
    return float(np.mean(top - cards["values"][np.arange(len(picks)), picks]))


def test_training_learns_the_teacher_s_values_and_choices(cards) -> None:
    config = FitConfig(hidden=(64,), epochs=80, batch_size=32, learning_rate=3e-3, seed=2)
    trained, barely = fit(cards, config), fit(cards, replace(config, epochs=1))
    top = np.where(cards["valued"], cards["values"], -np.inf).max(axis=1, keepdims=True)
    lost = np.where(cards["valued"], top - cards["values"], 0.0).sum(axis=1)
    by_chance = float(np.mean(lost / cards["valued"].sum(axis=1)))
    for head in ("values", "logits"):
        assert _regret(trained, cards, head) < 0.6 * by_chance, head
        assert _regret(trained, cards, head) < _regret(barely, cards, head), head


def test_a_run_is_deterministic_and_resumes_where_it_stopped(cards, tmp_path) -> None:
    whole = fit(cards, CONFIG)
    checkpoint = tmp_path / "fit.pt"

    class Stop(Exception):
        pass

    def stop_after_two(record: dict[str, float]) -> None:
        if record["epoch"] == 2:
            raise Stop

    with pytest.raises(Stop):
        fit(cards, CONFIG, checkpoint=checkpoint, progress=stop_after_two)
    epochs: list[float] = []
    resumed = fit(
        cards, CONFIG, checkpoint=checkpoint, progress=lambda r: epochs.append(r["epoch"])
    )
    assert epochs == [3.0, 4.0]
    assert [r["epoch"] for r in resumed.history] == [1.0, 2.0, 3.0, 4.0]
    for mine, theirs in zip(resumed.weights, whole.weights, strict=True):
        assert np.allclose(mine, theirs, atol=1e-6)
