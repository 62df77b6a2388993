"""The solver's labeller: every row is a real position of the seat, valued from its view, and a
data set is deterministic and resumes where it stopped."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tricktable as tt
from tricktable.action_codec import ActionCodec
from tricktable.distil.label import Labeller, LabelSpec, generate_labels, label_games
from tricktable.encoding import ObservationEncoder
from tricktable.errors import RulesError
from tricktable.learn.model import PHASE_ORDER
from tricktable.solver import solve


def small(tmp_path, **changes) -> LabelSpec:
    values = {"shards": 2, "games": 1, "samples": 2, "keep": 0.15, "seed": 3} | changes
    return LabelSpec("hasenpfeffer", tmp_path / "labels", **values)


def test_a_row_values_the_legal_actions_and_its_best_is_the_highest(tmp_path) -> None:
    game = tt.new_game("hasenpfeffer", seed=11)
    view = game.view(game.to_move)
    row = Labeller(game.rules, samples=3, seed=1).row(view)
    codec = ActionCodec(game.rules)
    assert np.array_equal(row["legal"], codec.mask(view.legal).astype(bool))
    assert np.array_equal(row["obs"], ObservationEncoder(game.rules).encode(view))
    assert row["valued"].any() and not (row["valued"] & ~row["legal"]).any()
    best = int(row["best"])
    assert row["valued"][best]
    assert row["values"][best] == row["values"][row["valued"]].max()
    assert PHASE_ORDER[int(row["phase"])] == "auction" and int(row["seat"]) == view.seat


def test_a_shard_is_the_same_for_the_same_seed_and_index(tmp_path) -> None:
    spec = small(tmp_path)
    first, again = label_games(spec, 0), label_games(spec, 0)
    assert len(first["best"]) > 0
    for key in first:
        assert np.array_equal(first[key], again[key]), key
    other = label_games(spec, 1)
    assert not np.array_equal(first["obs"][:1], other["obs"][:1])


def test_a_shard_keeps_its_games_records_to_rebuild_each_position(tmp_path) -> None:
    data = label_games(small(tmp_path, keep=0.3), 0)
    record = json.loads(str(data["records"][int(data["game"][-1])]))
    game = tt.replay(record, upto=int(data["ply"][-1]))
    view = game.view(game.to_move)
    assert np.array_equal(ObservationEncoder(game.rules).encode(view), data["obs"][-1])


def test_dealt_worlds_value_the_actions_on_the_cards_dealt(tmp_path) -> None:
    game = tt.new_game("hasenpfeffer", seed=11)
    while game.phase.value != "play":
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_move)
    row = Labeller(game.rules, samples=1, seed=1, worlds="dealt").row(view, game)
    codec = ActionCodec(game.rules)
    solved = solve(game)
    best_tricks = max(solved.values())
    assert {str(codec.decode(int(c))) for c in np.flatnonzero(row["valued"])} == set(solved)
    assert solved[str(codec.decode(int(row["best"])))] == best_tricks
    with pytest.raises(RulesError, match="needs the game"):
        Labeller(game.rules, samples=1, worlds="dealt").row(view)


def test_card_labels_come_from_every_phase_of_play(tmp_path) -> None:
    data = label_games(small(tmp_path, keep=0.5), 0)
    phases = {PHASE_ORDER[p] for p in data["phase"].tolist()}
    assert {"auction", "play"} <= phases
    assert data["legal"].sum(axis=1).min() > 1, "a forced action is no position"


def test_generate_makes_only_the_missing_shards(tmp_path) -> None:
    spec = small(tmp_path)
    paths = generate_labels(spec)
    assert [p.name for p in paths] == ["shard-00000.npz", "shard-00001.npz"]
    kept = paths[0].stat().st_mtime_ns
    paths[1].unlink()
    seen: list[tuple[int, int]] = []
    generate_labels(spec, progress=lambda done, total: seen.append((done, total)))
    assert paths[1].exists() and paths[0].stat().st_mtime_ns == kept
    assert seen == [(1, 2), (2, 2)]


def test_a_bad_spec_is_refused_before_any_work(tmp_path) -> None:
    with pytest.raises(RulesError, match="keep"):
        generate_labels(small(tmp_path, keep=0.0))
    with pytest.raises(RulesError, match="no game"):
        generate_labels(LabelSpec("whist", tmp_path, 1, 1))
    assert not (tmp_path / "labels").exists()


def test_calls_may_be_valued_by_heuristic_playouts_instead_of_solved_contracts(tmp_path) -> None:
    game = tt.new_game("euchre", seed=4)
    view = game.view(game.to_move)
    played = Labeller(game.rules, samples=1, seed=1, worlds="dealt", calls="played")
    assert not played.search.solve_contracts
    row = played.row(view, game)
    assert row["valued"].sum() == len(view.legal) == 2
    with pytest.raises(RulesError, match="calls='guessed'"):
        generate_labels(small(tmp_path, calls="guessed"))


def test_a_stake_values_the_hand_that_ends_a_race_by_who_wins_it(tmp_path) -> None:
    """Bierspiel is won by the first to cancel his counters, not by the most points: with a
    stake, the last hand's actions are worth winning or losing the game (the points of every
    other hand are unchanged: the same game, the same labels)."""
    labels = {}
    for stake in (None, 100.0):
        spec = LabelSpec("bierspiel", tmp_path, 1, games=1, samples=1, keep=1.0, seed=2,
                         worlds="dealt", calls="played", stake=stake)  # fmt: skip
        labels[stake] = label_games(spec, 0)
    plain, staked = labels[None], labels[100.0]
    assert np.array_equal(plain["obs"], staked["obs"])  # the same positions
    plain_top = np.abs(np.where(plain["valued"], plain["values"], 0)).max(axis=1)
    staked_top = np.abs(np.where(staked["valued"], staked["values"], 0)).max(axis=1)
    assert plain_top.max() < 20 and staked_top.max() == 100.0
    ends = staked_top == 100.0
    assert np.array_equal(plain["values"][~ends], staked["values"][~ends])
