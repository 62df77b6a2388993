"""A PettingZoo AEC environment for every registered game.

Agents are ``player_0`` … ``player_{n-1}`` (the seats). Each observation is a dict
``{"observation": float32 vector, "action_mask": int8 vector}`` built from that seat's view
alone; the mask is all zeros unless the agent is to move. Actions are numbers of the rules'
:class:`~tricktable.encoding.ActionCodec`.

>>> from tricktable.envs import pettingzoo_env
>>> env = pettingzoo_env("hasenpfeffer")
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum()) == len(info["legal_actions"])
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..encoding import OBS_HIGH, OBS_LOW, ActionCodec, ObservationEncoder
from ..engine import Game
from ..errors import IllegalActionError
from ..games import rules as make_rules
from ..options import Rules
from .episodes import EpisodeSpec, new_game

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        'tricktable.envs needs PettingZoo and Gymnasium: pip install "tricktable[rl]"'
    ) from exc

__all__ = ["TricktableAEC", "pettingzoo_env"]


def pettingzoo_env(
    game: str | Rules,
    *,
    episode: str = "hand",
    reward: str = "points",
    render_mode: str | None = None,
    **options: Any,
) -> AECEnv:
    """The AEC environment of a game (name, rules string or :class:`Rules`, options as keywords).

    Wrapped in PettingZoo's order-enforcing and out-of-bounds wrappers.
    """
    env = TricktableAEC(make_rules(game, **options), episode=episode, reward=reward,
                        render_mode=render_mode)  # fmt: skip
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env))


class TricktableAEC(AECEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """The raw AEC environment (see :func:`pettingzoo_env` for the wrapped one)."""

    def __init__(
        self,
        rules: Rules,
        *,
        episode: str = "hand",
        reward: str = "points",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise IllegalActionError(f"render_mode={render_mode!r} is not valid; use 'ansi'")
        self.rules = rules
        self.spec_ = EpisodeSpec(episode, reward)
        self.render_mode = render_mode
        self.codec = ActionCodec(rules)
        self.encoder = ObservationEncoder(rules)
        players = rules.flow.players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agent_seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(OBS_LOW, OBS_HIGH, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        })  # fmt: skip
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {
            agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents
        }
        self.metadata = {"render_modes": ["ansi"], "name": f"tricktable_{rules.name}_v0",
                         "is_parallelizable": False, "rules": str(rules)}  # fmt: skip
        self._rng = np.random.default_rng()
        self.game: Game | None = None
        self._done = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC protocol ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = new_game(self.rules, self._rng)
        self._hands_before = 0
        self._done = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select_mover()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self._game()
        view = game.view(self.agent_seat[agent])
        mask = self.codec.mask(() if self._done else view.legal)
        return {"observation": self.encoder.encode(view), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        chosen = self.codec.pick(int(action), game.legal_actions())
        if chosen is None:
            legal = ", ".join(str(a) for a in game.legal_actions())
            raise IllegalActionError(
                f"action number {action!r} ({self.codec.decode(int(action))}) is not legal for "
                f"{agent}; legal now: {legal}"
            )
        self._cumulative_rewards[agent] = 0.0
        game.apply(chosen)
        earned = self.spec_.rewards(game, self._hands_before)
        self._hands_before = len(game.results)
        self.rewards = {name: earned[self.agent_seat[name]] for name in self.agents}
        if self.spec_.is_done(game, 0):
            self._done = True
            self.terminations = dict.fromkeys(self.agents, True)
        self._select_mover()
        self._accumulate_rewards()
        if any(self.terminations.values()):
            self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        text = self.encoder.text(self.game.view(None))
        if self.game.results:
            text += f"; last hand: {self.game.results[-1].summary}"
        return text

    def close(self) -> None:
        self.game = None

    # -- helpers -------------------------------------------------------------------------------

    def _game(self) -> Game:
        if self.game is None:
            raise IllegalActionError("the environment has not been reset")
        return self.game

    def _select_mover(self) -> None:
        game = self._game()
        if game.to_move is not None:
            self.agent_selection = self.possible_agents[game.to_move]
        for agent in self.agents:
            seat = self.agent_seat[agent]
            legal = game.legal_actions() if seat == game.to_move and not self._done else []
            self.infos[agent] = {"legal_actions": [str(a) for a in legal]}
