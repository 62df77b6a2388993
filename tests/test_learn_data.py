"""Training positions: valued by forced playouts, deterministic, resumable by shard."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from tricktable.errors import RulesError
from tricktable.learn.data import DECISIONS, Shards, generate, load_shards, positions, side_values


def test_side_values_are_own_side_minus_the_other_sides_mean() -> None:
    deltas = np.array([[3, -3, 3, -3], [0, 4, 0, 4]])
    sides = ((0, 2), (1, 3))
    assert list(side_values(deltas, np.array([0, 0]), sides, 1)) == [6.0, -4.0]
    alone = np.array([[5, -1, -2]])
    assert side_values(alone, np.array([1]), ((0,), (1,), (2,)), 1)[0] == -1 - 1.5


def test_positions_value_each_legal_bid_and_only_those() -> None:
    data = positions(DECISIONS["hasenpfeffer"], 300, seed=2)
    n = len(data["obs"])
    assert 150 < n <= 300  # some deals reach the seat's turn only after the auction ended
    assert data["legal"].any(axis=1).all()
    assert (data["values"][~data["legal"]] == 0).all()
    assert data["values"][data["legal"]].std() > 0.5
    again = positions(DECISIONS["hasenpfeffer"], 300, seed=2)
    assert all(np.array_equal(data[k], again[k]) for k in data)


def test_generation_resumes_and_keeps_the_shards_it_has(tmp_path: Path) -> None:
    spec = Shards(tmp_path, shards=3, per_shard=40, seed=1)
    paths = generate("hasenpfeffer", spec)
    first = load_shards(paths)
    kept = paths[0].stat().st_mtime_ns
    paths[1].unlink()
    seen: list[tuple[int, int]] = []
    generate("hasenpfeffer", spec, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(2, 3), (3, 3)]  # only the missing shard was made
    assert paths[0].stat().st_mtime_ns == kept
    again = load_shards(paths)
    assert all(np.array_equal(first[k], again[k]) for k in first)


def test_unknown_decisions_and_empty_runs_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="no learned decision for 'euchre'"):
        generate("euchre", Shards(tmp_path, 1, 10))
    with pytest.raises(RulesError, match="at least 1"):
        generate("hasenpfeffer", Shards(tmp_path, 0, 10))


def test_a_random_prefix_reaches_other_auction_histories() -> None:
    decision = DECISIONS["hasenpfeffer"]
    usual = positions(decision, 200, seed=5)
    wild = positions(decision, 200, seed=5, prefix="random")
    assert wild["legal"].any(axis=1).all()
    assert not np.array_equal(usual["obs"][:50], wild["obs"][:50])
    mixed = Shards(Path("."), 4, 10, prefix="mixed")
    assert [mixed.prefix_of(i) for i in range(4)] == ["heuristic", "random"] * 2


@pytest.mark.parametrize(("key", "choices"), [("hasenpfeffer-trump", 4),
                                              ("hasenpfeffer-discard", 7)])  # fmt: skip
def test_the_bidders_later_decisions_are_reached_and_valued(key: str, choices: int) -> None:
    """The trump and the discard are the high bidder's: the seat bids by the prefix policy on
    the way there, and each of its four suits or seven cards (widow taken) is valued."""
    data = positions(DECISIONS[key], 400, seed=3)
    assert 60 < len(data["obs"]) < 200  # about one deal in four: the seat won the bid
    assert (data["legal"].sum(axis=1) == choices).all()
    assert (data["obs"][:, :25].sum(axis=1) == 7).all()  # the hand, with the widow in it
    assert (data["values"][~data["legal"]] == 0).all()
    assert data["values"][data["legal"]].std() > 0.5


def test_card_positions_come_from_every_trick_and_offer_a_choice() -> None:
    data = positions(DECISIONS["hasenpfeffer-play"], 400, seed=4)
    assert (data["legal"].sum(axis=1) >= 2).all()  # a forced card is no position
    hand_sizes = set(data["obs"][:, :25].sum(axis=1).astype(int).tolist())
    assert {6, 5, 4, 3} <= hand_sizes  # not only the seat's first card
    assert (data["values"][~data["legal"]] == 0).all()
