"""``tricktable train``: a tiny rebuild writes loadable weights with their command; errors."""

from __future__ import annotations

import pytest

pytest.importorskip("typer")
pytest.importorskip("numba")

from typer.testing import CliRunner

from tricktable.cli import app
from tricktable.learn.model import Evaluator

runner = CliRunner()


def test_train_writes_weights_that_carry_their_command(tmp_path):
    out = tmp_path / "w.npz"
    args = ["train", "hasenpfeffer", "--deals", "600", "--shards", "2", "--epochs", "2",
            "--data", str(tmp_path / "data"), "--out", str(out)]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "data: 2/2 shards" in result.output and "epoch 2: held-out mse" in result.output
    evaluator = Evaluator.load(out)
    assert evaluator.meta["command"].startswith("tricktable train hasenpfeffer --deals 600")
    assert evaluator.meta["positions"] > 200
    again = runner.invoke(app, args)  # the data are on disk: nothing is generated again
    assert "data: 2/2 shards" in again.output.splitlines()[0]


def test_train_refuses_a_game_without_a_learned_decision(tmp_path):
    result = runner.invoke(app, ["train", "rams", "--data", str(tmp_path), "--out", "x.npz"])
    assert result.exit_code == 2
    assert "no learned decision for 'rams'" in result.output
