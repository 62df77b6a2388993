"""One command from labels to shipped weights: each phase with enough positions gets its
network and a meta that says how to rebuild it; the learned bot then plays with it."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")

import tricktable as tt
from tricktable.distil.fit import FitConfig
from tricktable.distil.label import LabelSpec
from tricktable.distil.rebuild import MIN_POSITIONS, rebuild
from tricktable.learn.model import Evaluator


def test_rebuild_writes_a_network_per_phase_with_enough_positions(tmp_path) -> None:
    spec = LabelSpec("hasenpfeffer", tmp_path / "labels", 1, games=6, samples=1, keep=1.0,
                     seed=5)  # fmt: skip
    said: list[str] = []
    metas = rebuild(spec, tmp_path / "weights", config=FitConfig(hidden=(16,), epochs=2),
                    say=said.append)  # fmt: skip
    assert "play" in metas and metas["play"]["positions"] >= MIN_POSITIONS
    assert any("too few for a network" in line for line in said)
    meta = metas["play"]
    assert meta["command"].startswith("tricktable learn 'hasenpfeffer' --shards 1 --games 6")
    assert meta["teacher"] == "solver" and meta["rules"] == "hasenpfeffer"
    evaluator = Evaluator.load(tmp_path / "weights" / "hasenpfeffer-play.npz")
    game = tt.new_game("hasenpfeffer", seed=2)
    while game.phase.value != "play":
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_move)
    assert evaluator.applies(view) and evaluator.choose(view) in view.legal
    again: list[str] = []
    rebuild(spec, tmp_path / "weights", config=FitConfig(hidden=(16,), epochs=2),
            say=again.append)  # fmt: skip
    assert again[0] == "labels: 1/1 shards", "the labels were kept"
    assert not any("epoch" in line for line in again), "the finished fit was resumed, not redone"
