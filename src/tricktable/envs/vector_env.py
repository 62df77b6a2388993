"""A Gymnasium ``VectorEnv`` on the batched engine: many hands at once, one learning seat each.

Every sub-environment is one hand of the game (an episode); the learner's seat is fixed or
drawn per hand, and the compiled ``random`` or ``heuristic`` policy plays the other seats inside
the kernel between the learner's decisions. Observations come from the batch
(:meth:`tricktable.batch.Batch.observe`: only what the learner's seat may see), actions are
numbers of the action codec (:class:`~tricktable.encoding.ActionCodec`) and
:meth:`BatchVectorEnv.action_masks` gives the legal ones. The reward, at the end of the hand,
is the learner's change of score (negated for counters, so more is always better). An illegal
action ends that hand with ``illegal_reward`` (``illegal="terminate"``, the default, so samplers
that ignore the masks cannot crash it) or raises (``illegal="raise"``). A finished
sub-environment deals its next hand in the same step (``AutoresetMode.SAME_STEP``); its last
observation is then in ``infos["final_obs"]`` (the rows marked in ``infos["_final_obs"]``).

A step costs a fixed handful of kernel calls whatever ``num_envs`` is
(:mod:`tricktable.batch.kernel_vector`): the new hands come from a pool dealt and played up to
the learners' first decisions ahead of time, a whole batch at once.

:class:`BatchGymEnv` is one such game as a plain ``gymnasium.Env`` (Gymnasium's checker runs
on it), and :func:`sb3_vec_env` adapts the vector env to stable-baselines3's ``VecEnv`` so that
sb3-contrib's ``MaskablePPO`` trains on it.

>>> from tricktable.envs.vector_env import BatchVectorEnv
>>> env = BatchVectorEnv("hasenpfeffer", num_envs=4)
>>> obs, infos = env.reset(seed=1)
>>> obs.shape == (4, env.single_observation_space.shape[0])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import IllegalActionError, RulesError
from ..games import rules as make_rules
from ..options import Rules

try:
    import gymnasium as gym
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError('tricktable.envs needs Gymnasium: pip install "tricktable[rl]"') from exc

__all__ = ["BatchGymEnv", "BatchVectorEnv", "sb3_vec_env"]

MOST_SKIPPED_DEALS = 100
POOL = 256
"""Hands dealt ahead of time at least (a pool is refilled in one batch when used up)."""


class BatchVectorEnv(VectorEnv):
    """``num_envs`` hands of one game at once; ``seat`` learns (``None``: a random seat each
    hand), ``opponents`` (``random`` or ``heuristic``, or one per seat) play the others."""

    def __init__(
        self,
        game: str | Rules,
        num_envs: int = 16,
        *,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        seed: int | None = None,
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        from ..batch import Batch
        from ..batch.engine import _kernel

        if illegal not in ("terminate", "raise"):
            raise RulesError(f"illegal={illegal!r} is not valid; use 'terminate' or 'raise'")
        self.illegal, self.illegal_reward = illegal, float(illegal_reward)
        self.rules = make_rules(game, **options) if isinstance(game, str) else game
        players = self.rules.flow.players
        if seat is not None and not 0 <= seat < players:
            raise RulesError(f"seat={seat!r} is not a seat of 0..{players - 1}")
        self.batch = Batch(self.rules, num_envs, seed=seed)
        self.opponents = opponents
        self._codes = self.batch._policy_codes(opponents)  # checks the names now
        self.fixed_seat = seat
        self.num_envs = num_envs
        self.sign = self.rules.flow.score_sign()
        size = self.batch.observation_size
        self.single_observation_space = spaces.Box(-1.0, 2.0, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.batch.actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "rules": str(self.rules)}
        self.seats = np.zeros(num_envs, dtype=np.int64)
        self._rng = np.random.default_rng(seed)
        self._vector = _kernel("kernel_vector")
        self.pool = Batch(self.rules, max(num_envs, POOL), seed=None if seed is None else seed + 1)
        self._pool_seats = np.zeros(self.pool.games, dtype=np.int64)
        self._cursor = np.zeros(1, dtype=np.int64)
        self._masks = np.zeros((num_envs, self.batch.actions), dtype=np.int8)
        self._chosen = np.zeros(num_envs, dtype=np.int64)
        self._legal = np.zeros(num_envs, dtype=np.bool_)
        self._ready = False

    # -- the Gymnasium protocol ----------------------------------------------------------------

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is not None:
            first = seed if isinstance(seed, int) else int(seed[0])
            self._rng = np.random.default_rng(first)
            self.batch.rng = self._rng.integers(0, 2**64 - 1, size=self.num_envs,
                                                dtype=np.uint64, endpoint=True)  # fmt: skip
            self.pool.random = np.random.default_rng([first, 1])
            self.pool.rng = self.pool.random.integers(0, 2**64 - 1, size=self.pool.games,
                                                      dtype=np.uint64, endpoint=True)  # fmt: skip
            self._fill_pool()
        elif not self._ready:
            self._fill_pool()
        self._new_hands(np.ones(self.num_envs, dtype=bool))
        self._ready = True
        return self._observe(), {}

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._ready:
            raise IllegalActionError("the environment has not been reset")
        actions = np.ascontiguousarray(actions, dtype=np.int64).reshape(self.num_envs)
        kernel, batch = self._vector, self.batch
        illegal = kernel.check_actions(actions, self._masks, self._chosen, self._legal)
        if illegal and self.illegal == "raise":
            bad = int(np.flatnonzero(~self._legal)[0])
            raise IllegalActionError(
                f"action {int(actions[bad])} is not legal in sub-environment {bad}; take the "
                "actions from action_masks()"
            )
        batch.kernel.step_all(batch.states, batch.rng, self._chosen, batch.cfg, batch._tables,
                              batch._actions)  # fmt: skip
        batch.kernel.play_until(batch.states, batch.rng, batch.cfg, batch._tables, self._codes,
                                self.seats, batch._actions)  # fmt: skip
        rewards = np.empty(self.num_envs, dtype=np.float64)
        done = np.empty(self.num_envs, dtype=np.bool_)
        final = np.zeros((self.num_envs, batch.observation_size), dtype=np.float32)
        ended = kernel.settle(batch.states, self.seats, self._legal, float(self.sign),
                              self.illegal_reward, batch.cfg, batch._spec, rewards, done,
                              final)  # fmt: skip
        infos: dict[str, Any] = {}
        if ended:
            infos["final_obs"] = final
            infos["_final_obs"] = done.copy()
            self._new_hands(done)
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self._observe(), rewards, done, truncated, infos

    def action_masks(self) -> np.ndarray:
        """(num_envs, actions) bool: the legal actions of every sub-environment's learner."""
        return self._masks.view(np.bool_).copy()

    def close_extras(self, **kwargs: Any) -> None:
        self._ready = False

    # -- helpers -------------------------------------------------------------------------------

    def _observe(self) -> np.ndarray:
        """The learners' observations; the masks of their legal actions into ``_masks``."""
        batch = self.batch
        out = np.empty((self.num_envs, batch.observation_size), dtype=np.float32)
        batch._observe.observe_all(batch.states, self.seats, batch.cfg, batch._spec, out)
        batch.kernel.legal_masks(batch.states, batch.cfg, batch._tables, self._masks,
                                 batch._actions)  # fmt: skip
        return out

    def _new_hands(self, rows: np.ndarray) -> None:
        """Give the sub-environments ``rows`` (a boolean mask) the pool's next hands."""
        start = 0
        while True:
            start = self._vector.swap_in(self.batch.states, self.seats, rows, start,
                                         self.pool.states, self._pool_seats,
                                         self._cursor)  # fmt: skip
            if start < 0:
                return
            self._fill_pool()

    def _fill_pool(self) -> None:
        """Deal the pool afresh and play every pool hand up to its learner's first decision;
        a pool in which no learner gets a decision is dealt again."""
        pool = self.pool
        for _ in range(MOST_SKIPPED_DEALS):
            if self.fixed_seat is None:
                self._pool_seats[:] = self._rng.integers(0, self.rules.flow.players,
                                                         size=pool.games)  # fmt: skip
            else:
                self._pool_seats[:] = self.fixed_seat
            pool.deal()
            pool.advance(self.opponents, self._pool_seats)
            self._cursor[0] = 0
            if not pool.done.all():
                return
        raise IllegalActionError(
            f"a learner had no decision in {MOST_SKIPPED_DEALS * pool.games} deals of {self.rules}"
        )


class BatchGymEnv(gym.Env[np.ndarray, np.int64]):
    """One game of :class:`BatchVectorEnv` as a plain Gymnasium environment."""

    def __init__(self, game: str | Rules, **kwargs: Any) -> None:
        self.metadata = {"render_modes": []}
        self.vector = BatchVectorEnv(game, 1, **kwargs)
        self.observation_space = self.vector.single_observation_space
        self.action_space = self.vector.single_action_space

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None and not self.vector._ready:
            seed = int(self.np_random.integers(2**31))
        obs, _ = self.vector.reset(seed=seed)
        return obs[0], {}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        obs, rewards, done, truncated, infos = self.vector.step(np.array([int(action)]))
        if done[0]:
            final: np.ndarray = infos["final_obs"][0]
            return final, float(rewards[0]), True, False, {}
        return obs[0], float(rewards[0]), False, bool(truncated[0]), {}

    def action_masks(self) -> np.ndarray:
        mask: np.ndarray = self.vector.action_masks()[0]
        return mask


def sb3_vec_env(env: BatchVectorEnv) -> Any:
    """``env`` as a stable-baselines3 ``VecEnv`` (with ``action_masks`` for MaskablePPO)."""
    from stable_baselines3.common.vec_env import VecEnv

    class _Adapter(VecEnv):
        def __init__(self) -> None:
            super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)
            self._actions = np.zeros(env.num_envs, dtype=np.int64)

        def reset(self) -> np.ndarray:
            obs, _ = env.reset(seed=self._seeds[0] if self._seeds else None)
            self._reset_seeds()
            return obs

        def step_async(self, actions: np.ndarray) -> None:
            self._actions = np.asarray(actions, dtype=np.int64)

        def step_wait(self) -> Any:
            obs, rewards, done, _truncated, infos = env.step(self._actions)
            out: list[dict[str, Any]] = [{} for _ in range(env.num_envs)]
            for g in np.flatnonzero(done):
                out[g]["terminal_observation"] = infos["final_obs"][g]
                out[g]["TimeLimit.truncated"] = False
            return obs, rewards.astype(np.float32), done, out

        def close(self) -> None:
            env.close()

        def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
            return [getattr(env, attr_name)] * len(self._indices(indices))

        def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
            setattr(env, attr_name, value)

        def env_method(self, method_name: str, *args: Any, indices: Any = None,
                       **kwargs: Any) -> list[Any]:  # fmt: skip
            if method_name == "action_masks":
                masks = env.action_masks()
                return [masks[g] for g in self._indices(indices)]
            result = getattr(env, method_name)(*args, **kwargs)
            return [result] * len(self._indices(indices))

        def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
            return [False] * len(self._indices(indices))

        def _indices(self, indices: Any) -> list[int]:
            if indices is None:
                return list(range(env.num_envs))
            return [indices] if isinstance(indices, int) else list(indices)

    return _Adapter()
