"""Shards read with today's observation: a shard written by another encoder is encoded again
from its records, row for row, and a current one is read as it is."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tricktable.distil.label import LabelSpec, generate_labels
from tricktable.distil.observations import encode_again, is_current, load_labels, positions
from tricktable.encoding import ObservationEncoder
from tricktable.games import rules as make_rules


@pytest.fixture(scope="module")
def shard(tmp_path_factory: pytest.TempPathFactory) -> Path:
    spec = LabelSpec("euchre", tmp_path_factory.mktemp("labels"), shards=1, games=2, samples=1,
                     keep=0.4, seed=3, worlds="dealt", calls="played")  # fmt: skip
    return generate_labels(spec)[0]


def stored(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as data:
        return {key: data[key] for key in data.files}


def test_every_row_replays_to_the_view_it_was_labelled_at(shard: Path) -> None:
    data = stored(shard)
    encoder = ObservationEncoder(make_rules("euchre"))
    rows = 0
    for row, view in positions(data, encoder.rules):
        assert view.seat == data["seat"][row]
        assert np.array_equal(encoder.encode(view), data["obs"][row])
        rows += 1
    assert rows == len(data["best"]) > 10


def test_a_shard_of_another_encoder_is_encoded_again(shard: Path, tmp_path: Path) -> None:
    data = stored(shard)
    old = dict(data, obs=np.zeros_like(data["obs"]))  # what an encoder that said less wrote
    np.savez(tmp_path / "old.npz", **old)  # type: ignore[arg-type]
    said: list[str] = []
    loaded = load_labels([tmp_path / "old.npz", shard], make_rules("euchre"), said.append)
    assert np.array_equal(loaded["obs"], np.concatenate([data["obs"], data["obs"]]))
    assert np.array_equal(loaded["values"], np.concatenate([data["values"], data["values"]]))
    assert said == ["labels: 1 of 2 shards encoded again with today's observation"]


def test_a_current_shard_is_read_as_written(shard: Path) -> None:
    data = stored(shard)
    encoder = ObservationEncoder(make_rules("euchre"))
    assert is_current(data, encoder)
    assert not is_current(dict(data, obs=data["obs"][:, :-1]), encoder)  # another width
    said: list[str] = []
    assert np.array_equal(load_labels([shard], encoder.rules, said.append)["obs"], data["obs"])
    assert said == []
    assert np.array_equal(encode_again(data, encoder), data["obs"])
