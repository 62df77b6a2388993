"""Labelled shards read with today's observation, whatever encoder wrote them.

A label (the teacher's values) does not change when the observation does: a family that
starts to say more of its view (Euchre's maker and lone hand, say) changes every row's
``obs``, not its values. A shard keeps each game's record and each row's game, ply and seat,
so :func:`load_labels` replays the positions of a shard whose observations are not the
current encoder's and encodes them again, instead of labelling anew.

>>> from pathlib import Path
>>> from tempfile import mkdtemp
>>> from tricktable.distil.label import LabelSpec, generate_labels
>>> from tricktable.games import rules
>>> spec = LabelSpec("euchre", Path(mkdtemp()), shards=1, games=1, samples=1, keep=0.3,
...                  worlds="dealt", calls="played")
>>> data = load_labels(generate_labels(spec), rules("euchre"))
>>> bool(is_current(data, ObservationEncoder(rules("euchre"))))
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..encoding import ObservationEncoder
from ..engine import Game
from ..options import Rules
from ..replay import replay
from ..view import View

__all__ = ["encode_again", "is_current", "load_labels", "positions"]


def load_labels(
    paths: Sequence[Path], rules: Rules, say: Callable[[str], None] | None = None
) -> dict[str, np.ndarray]:
    """Every shard's rows concatenated in shard order, each shard's observations encoded
    again where they are not the current encoder's."""
    encoder = ObservationEncoder(rules)
    parts: dict[str, list[np.ndarray]] = {}
    stale = 0
    for path in paths:
        with np.load(path) as stored:
            data = {key: stored[key] for key in stored.files}
        if not is_current(data, encoder):
            data["obs"] = encode_again(data, encoder)
            stale += 1
        for key, value in data.items():
            parts.setdefault(key, []).append(value)
    if stale and say is not None:
        say(f"labels: {stale} of {len(paths)} shards encoded again with today's observation")
    return {key: np.concatenate(value) for key, value in parts.items()}


def is_current(data: Mapping[str, np.ndarray], encoder: ObservationEncoder) -> bool:
    """Whether the shard's first row is what ``encoder`` makes of its position (a shard is
    written by one encoder, so one row tells)."""
    if len(data["obs"]) == 0:
        return True
    _row, view = next(positions(data, encoder.rules))
    again = encoder.encode(view)
    return data["obs"].shape[1] == len(again) and bool(np.allclose(data["obs"][0], again))


def encode_again(data: Mapping[str, np.ndarray], encoder: ObservationEncoder) -> np.ndarray:
    """Every row's observation, by ``encoder``, from the shard's records."""
    out = np.zeros((len(data["best"]), encoder.size), np.float32)
    for row, view in positions(data, encoder.rules):
        encoder.fill(view, out[row])
    return out


def positions(data: Mapping[str, np.ndarray], rules: Rules) -> Iterator[tuple[int, View]]:
    """Each row's number and the view its seat had, replayed from its game's record (a
    shard's rows come game by game, each game's in the order they were played)."""
    records: list[dict[str, Any]] = [json.loads(str(text)) for text in data["records"]]
    game: Game | None = None
    number = -1
    actions: Iterator[str] = iter(())
    for row, (game_no, ply, seat) in enumerate(zip(data["game"], data["ply"], data["seat"],
                                                   strict=True)):  # fmt: skip
        if int(game_no) != number:
            number = int(game_no)
            game, actions = _start(records[number], rules)
        assert game is not None
        while len(game.log) < int(ply):
            game.apply(next(actions))
        yield row, game.view(int(seat))


def _start(record: dict[str, Any], rules: Rules) -> tuple[Game, Iterator[str]]:
    """The record's game before its first action, and its actions in order."""
    game = replay(record, upto=0)
    assert str(game.rules) == str(rules), (str(game.rules), str(rules))
    return game, (str(a["action"]) for d in record["deals"] for a in d["actions"])
