"""A PettingZoo ``ParallelEnv`` on the batched engine: one hand, every seat an agent.

At every step each live agent gets its observation (only what its seat may see, from
:meth:`tricktable.batch.Batch.observe`) with an ``action_mask``; the mask is all zeros for the
agents not to move, whose actions are ignored. The agent to move acts with a number of the
action codec. The hand is the episode: when it ends every agent receives its change of score
(negated for counters, so more is always better) and is terminated.

>>> from tricktable.envs.parallel_env import BatchParallelEnv
>>> env = BatchParallelEnv("hasenpfeffer")
>>> observations, infos = env.reset(seed=2)
>>> sorted(observations) == env.possible_agents
True
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ..errors import IllegalActionError
from ..games import rules as make_rules
from ..options import Rules

try:
    from gymnasium import spaces
    from pettingzoo import ParallelEnv
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError('tricktable.envs needs PettingZoo: pip install "tricktable[rl]"') from exc

__all__ = ["BatchParallelEnv"]


class BatchParallelEnv(ParallelEnv):  # type: ignore[misc]
    """Every seat of one hand of ``game`` is an agent (``seat_0`` …)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tricktable_batch_parallel_v0",
        "render_modes": [],
    }

    def __init__(self, game: str | Rules, *, seed: int | None = None, **options: Any) -> None:
        from ..batch import Batch

        self.rules = make_rules(game, **options) if isinstance(game, str) else game
        self.batch = Batch(self.rules, 1, seed=seed)
        players = self.rules.flow.players
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        self.sign = self.rules.flow.score_sign()
        size = self.batch.observation_size
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 2.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.batch.actions,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.batch.actions)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            from ..batch import Batch

            self.batch = Batch(self.rules, 1, seed=seed)
        self.batch.deal()
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        if not self.agents:
            raise IllegalActionError("the hand is over; call reset()")
        mover = f"seat_{int(self.batch.to_move[0])}"
        action = int(actions[mover])
        mask = self.batch.legal_masks()[0]
        if not 0 <= action < len(mask) or not mask[action]:
            raise IllegalActionError(
                f"action {action} is not legal for {mover}; take it from its action_mask"
            )
        self.batch.step(np.array([action]))
        observations = self._observations()
        done = bool(self.batch.done[0])
        deltas = self.batch.deltas[0]
        rewards = {
            agent: float(self.sign * deltas[seat]) if done else 0.0
            for seat, agent in enumerate(self.possible_agents)
            if agent in self.agents
        }
        terminated = dict.fromkeys(self.agents, done)
        truncated = dict.fromkeys(self.agents, False)
        infos: dict[str, Any] = {agent: {} for agent in self.agents}
        if done:
            self.agents = []
        return observations, rewards, terminated, truncated, infos

    def _observations(self) -> dict[str, Any]:
        mask = self.batch.legal_masks()[0]
        mover = int(self.batch.to_move[0])
        out = {}
        for seat, agent in enumerate(self.possible_agents):
            out[agent] = {
                "observation": self.batch.observe(seat)[0],
                "action_mask": mask if seat == mover else np.zeros_like(mask),
            }
        return out
