"""``tricktable learn GAME``: labels, fits and writes each phase's weights; refusals."""

from __future__ import annotations

import pytest

pytest.importorskip("typer")
pytest.importorskip("torch")

from typer.testing import CliRunner

from tricktable.cli import app
from tricktable.learn.model import Evaluator

runner = CliRunner()


def test_learn_labels_fits_and_writes_the_weights(tmp_path):
    args = ["learn", "hasenpfeffer", "--shards", "1", "--games", "6", "--samples", "1",
            "--keep", "1", "--epochs", "1", "--data", str(tmp_path / "labels"),
            "--out", str(tmp_path / "weights")]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "labels: 1/1 shards" in result.output and "epoch 1: held-out mse" in result.output
    evaluator = Evaluator.load(tmp_path / "weights" / "hasenpfeffer-play.npz")
    assert evaluator.meta["command"].startswith("tricktable learn 'hasenpfeffer' --shards 1")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["learn", "whist"], "there is no game 'whist'"),
        (["learn", "rams", "--backend", "mpi"], "backend 'mpi' is not one of"),
        (["learn", "rams", "--keep", "0"], "keep in (0, 1]"),
        (["learn", "rams", "--worlds", "all"], "worlds 'all' is not one of"),
        (["learn", "rams", "--calls", "guessed"], "calls 'guessed' is not one of"),
        (["learn", "rams", "--phases", "auction,bidding"], "phase 'bidding' is not one of"),
        (["learn", "rams", "--veto", "-1"], "veto -1.0 is not a number of points >= 0"),
        (["learn", "bierspiel", "--stake", "-2"], "stake -2.0 is not a number of points >= 0"),
    ],
)
def test_learn_refuses_bad_input_before_any_work(tmp_path, args, says):
    result = runner.invoke(app, [*args, "--data", str(tmp_path / "labels")])
    assert result.exit_code == 2
    assert says in result.output
    assert not (tmp_path / "labels").exists()


def test_learn_fits_only_the_phases_asked_for(tmp_path):
    args = ["learn", "hasenpfeffer", "--shards", "1", "--games", "6", "--samples", "1",
            "--keep", "1", "--epochs", "1", "--worlds", "dealt", "--phases", "play",
            "--veto", "0.8", "--data", str(tmp_path / "labels"),
            "--out", str(tmp_path / "weights")]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "weights").iterdir()) == ["hasenpfeffer-play.npz"]
    meta = Evaluator.load(tmp_path / "weights" / "hasenpfeffer-play.npz").meta
    assert meta["command"].endswith("--phases play --veto 0.8") and meta["choose"] == "value"
    assert Evaluator.load(tmp_path / "weights" / "hasenpfeffer-play.npz").veto == 0.8


def test_a_staked_rebuild_keeps_its_labels_apart_and_says_the_stake(tmp_path, monkeypatch):
    monkeypatch.setattr("tricktable.cli.learn_cmd.user_data_dir", lambda: tmp_path / "data")
    args = ["learn", "hasenpfeffer", "--shards", "1", "--games", "6", "--samples", "1",
            "--keep", "1", "--epochs", "1", "--worlds", "dealt", "--phases", "play",
            "--stake", "12", "--out", str(tmp_path / "weights")]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    labels = tmp_path / "data" / "tricktable" / "labels"
    assert [p.name for p in labels.iterdir()] == ["hasenpfeffer-dealt-solved-stake12-k1-s0"]
    meta = Evaluator.load(tmp_path / "weights" / "hasenpfeffer-play.npz").meta
    assert meta["command"].endswith("--phases play --stake 12")
