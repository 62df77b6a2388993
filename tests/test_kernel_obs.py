"""The batch kernel's observations against the reference encoder written in plain Python from
the observing seat's view alone (``kernel_obs_reference``), on random positions: the
common block for every game, and the whole vector for Single Hasenpfeffer."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

import kernel_obs_reference as features
import tricktable as tt
from kernel_obs_reference import common_block, hasenpfeffer_block
from tricktable.batch import Batch, supported
from tricktable.batch import layout as L
from tricktable.encoding import ActionCodec
from tricktable.games.hasenpfeffer.single import PEPPER_LEVELS
from tricktable.learn.model import PHASE_ORDER
from tricktable.phase import Phase


def random_positions(name: str, seed: int, count: int) -> list[tt.Game]:
    """Games of ``name`` stopped after a random number of random legal actions."""
    rng = np.random.default_rng(seed)
    out = []
    for n in range(count):
        game = tt.new_game(name, seed=seed * 1000 + n)
        for _ in range(int(rng.integers(0, 40))):
            if game.to_move is None or game.results:
                break
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
        if not game.results:
            out.append(game)
    return out


@pytest.mark.parametrize("name", [name for name in tt.GAME_NAMES if supported(name)])
def test_the_common_block_equals_the_reference_encoder(name: str) -> None:
    rules = tt.rules(name)
    batch = Batch(rules, 1)
    checked = 0
    for game in random_positions(name, seed=7, count=30):
        batch.load(game)
        for seat in range(rules.flow.players):
            expected = common_block(game.view(seat))
            got = batch.observe(seat)[0][: len(expected)]
            assert np.allclose(got, expected, atol=1e-6), (name, seat, game.log[-3:])
            checked += 1
    assert checked >= 40


def test_single_hasenpfeffer_observations_equal_the_reference_encoder() -> None:
    rules = tt.rules("hasenpfeffer")
    batch = Batch(rules, 1)
    phases = set()
    for game in random_positions("hasenpfeffer", seed=3, count=60):
        batch.load(game)
        phases.add(game.phase)
        for seat in range(4):
            view = game.view(seat)
            expected = features.observation(view)
            assert np.array_equal(expected[: len(common_block(view))], common_block(view))
            got = batch.observe(seat)[0]
            assert got.shape == expected.shape
            assert np.allclose(got, expected, atol=1e-6), (seat, [str(a) for *_x, a in game.log])
    assert {Phase.AUCTION, Phase.PLAY} <= phases


def test_the_phase_order_and_pepper_levels_are_the_engines() -> None:
    assert PHASE_ORDER == L.PHASE_NAMES
    assert features.PEPPER_LEVELS == PEPPER_LEVELS


def test_observation_size_matches_the_codec_pack() -> None:
    rules = tt.rules("hasenpfeffer")
    distinct = len(ActionCodec(rules).cards)
    block = hasenpfeffer_block(tt.new_game(rules, seed=1).view(0))
    assert Batch(rules, 1).observation_size == 2 * distinct + 4 * distinct + 5 + 9 + 24 + len(block)
