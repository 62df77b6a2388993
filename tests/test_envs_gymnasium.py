"""The single-agent Gymnasium environment: Gymnasium's checker, bots, rewards, MaskablePPO."""

from __future__ import annotations

import importlib.util
import warnings

import pytest

gymnasium = pytest.importorskip(
    "gymnasium", reason='the rl extra is not installed: pip install "tricktable[rl]"'
)

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import tricktable as tt  # noqa: E402
from tricktable.envs import gymnasium_env  # noqa: E402

HAS_SB3 = importlib.util.find_spec("sb3_contrib") is not None


@pytest.mark.parametrize("name", sorted(tt.REGISTRY))
def test_gymnasium_checker_passes(name: str) -> None:
    env = gymnasium_env(name, opponents="heuristic", seat=None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no registered spec: it cannot try other render modes
        check_env(env, skip_render_check=True)


def run_episode(env: gymnasium.Env, seed: int) -> tuple[float, dict[str, object]]:
    obs, info = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        mask = env.action_masks()
        assert mask.any()
        obs, reward, done, _, info = env.step(int(np.flatnonzero(mask)[-1]))
        assert env.observation_space.contains(obs)
        total += reward
    return total, info


def test_the_reward_is_the_learners_side_score_change() -> None:
    env = gymnasium_env("hasenpfeffer", opponents=["random"] * 4, seat=1)
    total, _ = run_episode(env, seed=5)
    result = env.game.results[0]
    assert total == result.deltas[1] == result.deltas[3]
    assert not env.action_masks().any()


def test_countdown_rewards_favour_fewer_counters() -> None:
    env = gymnasium_env("bierspiel", opponents="heuristic", seat=0)
    for seed in range(6):
        total, _ = run_episode(env, seed=seed)
        assert total == -env.game.results[0].deltas[0]


def test_deals_where_the_learner_sits_out_are_skipped() -> None:
    env = gymnasium_env("rams", players=6, opponents="random", seat=None)
    seats = set()
    for seed in range(8):
        run_episode(env, seed=seed)  # every decision it is asked for has a legal action
        seats.add(env.seat)
    assert len(seats) > 1


def test_whole_game_episodes_end_with_the_game() -> None:
    env = gymnasium_env("rams", opponents="random", episode="game", reward="win", players=3,
                        scoring="countdown", countdown_start=2)  # fmt: skip
    total, _ = run_episode(env, seed=1)
    assert env.game.is_over
    assert total == (1.0 if 0 in env.game.winners else -1.0)


def test_illegal_actions_end_the_episode_or_raise() -> None:
    env = gymnasium_env("rounce", opponents="random")
    env.reset(seed=3)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done) == (-1.0, True)
    assert "illegal_action" in info
    strict = gymnasium_env("rounce", opponents="random", illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(tt.IllegalActionError, match="not legal"):
        strict.step(illegal)


def test_bad_settings_are_refused_with_the_value_quoted() -> None:
    with pytest.raises(tt.RulesError, match="'nobody'"):
        gymnasium_env("rams", opponents="nobody")
    with pytest.raises(tt.RulesError, match="seat=7"):
        gymnasium_env("hasenpfeffer", seat=7)
    with pytest.raises(tt.RulesError, match="'sometimes'"):
        gymnasium_env("hasenpfeffer", illegal="sometimes")


@pytest.mark.skipif(not HAS_SB3, reason='sb3-contrib is not installed: pip install ".[train]"')
def test_maskable_ppo_trains_a_few_steps_and_plays_legally() -> None:
    from sb3_contrib import MaskablePPO

    env = gymnasium_env("hasenpfeffer", opponents="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=16, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [32]}, device="cpu")  # fmt: skip
    model.learn(total_timesteps=64)
    obs, _ = env.reset(seed=11)
    done = False
    while not done:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, _, done, _, info = env.step(int(action))
        assert "illegal_action" not in info
