"""The PettingZoo AEC environment: PettingZoo's own API and seed tests on every game."""

from __future__ import annotations

import importlib
import sys
import warnings

import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason='the rl extra is not installed: pip install "tricktable[rl]"'
)

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import tricktable as tt  # noqa: E402
from tricktable.envs import pettingzoo_env  # noqa: E402

OPTION_SETS = [(name, {}) for name in sorted(tt.REGISTRY)] + [
    ("hasenpfeffer", {"pepper_bidding": True, "going_alone": "maker_and_defender"}),
    ("double-hasenpfeffer", {"players": 6}),
    ("double-hasenpfeffer", {"players": 5, "individual": True}),
    ("bierspiel", {"players": 3, "seven_turnup_partial": True}),
    ("rams", {"players": 5, "scoring": "countdown"}),
    ("rams", {"players": 6}),
    ("rounce", {"players": 7}),
    ("euchre", {"cutthroat": True}),
    ("euchre", {"railroad": True, "lone_defender": True, "stick_the_dealer": True}),
]


@pytest.mark.parametrize(("name", "options"), OPTION_SETS)
def test_api_and_seed_tests_pass(name: str, options: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns about every Dict observation space
        api_test(pettingzoo_env(name, **options), num_cycles=60)
        seed_test(lambda: pettingzoo_env(name, **options), num_cycles=40)


def test_whole_game_episodes_with_win_rewards() -> None:
    env = pettingzoo_env("hasenpfeffer", episode="game", reward="win", target_score=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=200)
    totals = play_out(env, seed=9)
    assert sorted(totals.values()) == [-1.0, -1.0, 1.0, 1.0]
    assert totals["player_0"] == totals["player_2"]


def play_out(env: pettingzoo.AECEnv, seed: int) -> dict[str, float]:
    """Play one episode with the first legal action; the rewards each agent collected."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
        env.step(action)
    return totals


@pytest.mark.parametrize("name", sorted(tt.REGISTRY))
def test_hand_rewards_are_the_hands_score_changes(name: str) -> None:
    env = pettingzoo_env(name)
    totals = play_out(env, seed=4)
    game = env.unwrapped.game
    sign = game.flow.score_sign()
    deltas = game.results[0].deltas
    assert [totals[f"player_{s}"] for s in range(len(deltas))] == [sign * d for d in deltas]
    for side in game.flow.sides():
        assert len({totals[f"player_{s}"] for s in side}) == 1


def test_masks_are_zero_off_turn_and_illegal_actions_raise() -> None:
    env = pettingzoo_env("rams")
    env.reset(seed=2)
    mover = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert (mask.sum() > 0) == (agent == mover)
    illegal = int(np.flatnonzero(env.observe(mover)["action_mask"] == 0)[0])
    with pytest.raises(tt.IllegalActionError, match="not legal"):
        env.step(illegal)


def test_bad_episode_options_are_refused() -> None:
    with pytest.raises(tt.RulesError, match="'round'"):
        pettingzoo_env("rams", episode="round")
    with pytest.raises(tt.RulesError, match="needs episode='game'"):
        pettingzoo_env("rams", reward="win")


def test_ansi_render_describes_the_table() -> None:
    env = pettingzoo_env("rounce", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "phase" in text


def test_a_missing_extra_names_the_pip_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, "tricktable.envs.aec_env", raising=False)
    with pytest.raises(ImportError, match=r'pip install "tricktable\[rl\]"'):
        importlib.import_module("tricktable.envs.aec_env")
