"""A single-agent Gymnasium environment: one learning seat, bots in every other seat.

The learner's partner (in partnership games) is a bot too; the learner's reward is its side's.
Between two of the learner's decisions the bots move, seeing only their own views. The
observation is the learner's observation vector; :meth:`TricktableGymEnv.action_masks` gives the
legal actions (the interface sb3-contrib's ``MaskablePPO`` uses).

An action that is not legal ends the episode with ``illegal_reward`` (``illegal="terminate"``,
the default, so samplers that ignore masks cannot crash it) or raises
:class:`~tricktable.errors.IllegalActionError` (``illegal="raise"``).

>>> from tricktable.envs import gymnasium_env
>>> env = gymnasium_env("hasenpfeffer", opponents="random")
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape and bool(env.action_masks().any())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..bots import Bot, make_bot
from ..encoding import OBS_HIGH, OBS_LOW, ActionCodec, ObservationEncoder
from ..engine import Game
from ..errors import IllegalActionError, RulesError
from ..games import rules as make_rules
from ..options import Rules
from .episodes import EpisodeSpec, new_game

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError('tricktable.envs needs Gymnasium: pip install "tricktable[rl]"') from exc

__all__ = ["TricktableGymEnv"]

MOST_SKIPPED_DEALS = 1000


class TricktableGymEnv(gym.Env[np.ndarray, np.int64]):
    """One seat learns; ``opponents`` (a bot name, or one name per seat) play the others.

    ``seat`` fixes the learner's seat; ``None`` draws it afresh for every episode.
    """

    def __init__(
        self,
        game: str | Rules,
        *,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        episode: str = "hand",
        reward: str = "points",
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        bot_seed: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.rules = make_rules(game, **options)
        self.metadata = {"render_modes": ["ansi"], "rules": str(self.rules)}
        players = self.rules.flow.players
        if seat is not None and not 0 <= seat < players:
            raise RulesError(f"seat={seat!r} is not a seat of 0..{players - 1}")
        if illegal not in ("terminate", "raise"):
            raise RulesError(f"illegal={illegal!r} is not valid; use 'terminate' or 'raise'")
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode={render_mode!r} is not valid; use 'ansi'")
        names = [opponents] * players if isinstance(opponents, str) else list(opponents)
        if len(names) != players:
            raise RulesError(
                f"opponents={opponents!r} names {len(names)} bots; give one name or {players}"
            )
        self.bots: list[Bot] = [make_bot(n, seed=bot_seed + s) for s, n in enumerate(names)]
        self.fixed_seat, self.seat = seat, seat or 0
        self.spec_ = EpisodeSpec(episode, reward)
        self.illegal, self.illegal_reward = illegal, float(illegal_reward)
        self.render_mode = render_mode
        self.codec = ActionCodec(self.rules)
        self.encoder = ObservationEncoder(self.rules)
        self.observation_space = spaces.Box(OBS_LOW, OBS_HIGH, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self.game: Game | None = None
        self._hands_seen = 0
        self._ended = False

    # -- the Gymnasium protocol ----------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        for _ in range(MOST_SKIPPED_DEALS):
            if self.fixed_seat is None:
                self.seat = int(self.np_random.integers(self.rules.flow.players))
            self.game = new_game(self.rules, self.np_random)
            self._hands_seen, self._ended = 0, False
            self._play_bots()
            if not self._episode_done():
                return self._observe(), self._info()
        raise IllegalActionError(
            f"seat {self.seat} had no decision in {MOST_SKIPPED_DEALS} deals of {self.rules}"
        )

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self._game()
        if self._episode_done():
            raise IllegalActionError("the episode is over; call reset()")
        chosen = self.codec.pick(int(action), game.legal_actions())
        if chosen is None:
            return self._illegal(int(action))
        game.apply(chosen)
        self._play_bots()
        reward = self._side_reward()
        done = self._episode_done()
        return self._observe(), reward, done, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Legal actions as booleans (all False once the episode is over)."""
        game = self._game()
        if self._episode_done() or game.to_move != self.seat:
            return np.zeros(self.codec.size, dtype=bool)
        return self.codec.mask(game.legal_actions()).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        return self.encoder.text(self.game.view(self.seat))

    # -- helpers -------------------------------------------------------------------------------

    def _game(self) -> Game:
        if self.game is None:
            raise IllegalActionError("the environment has not been reset")
        return self.game

    def _episode_done(self) -> bool:
        return self._ended or self.spec_.is_done(self._game(), 0)

    def _play_bots(self) -> None:
        game = self._game()
        while not self._episode_done() and game.to_move != self.seat:
            seat = game.to_move
            assert seat is not None
            game.apply(self.bots[seat].choose(game.view(seat)))

    def _side_reward(self) -> float:
        game = self._game()
        earned = self.spec_.rewards(game, self._hands_seen)
        self._hands_seen = len(game.results)
        return earned[self.seat]

    def _illegal(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self._game()
        text = str(self.codec.decode(action)) if 0 <= action < self.codec.size else str(action)
        if self.illegal == "raise":
            legal = ", ".join(str(a) for a in game.legal_actions())
            raise IllegalActionError(f"{text!r} is not legal now; legal now: {legal}")
        info = {**self._info(), "illegal_action": text}
        self._ended = True
        return self._observe(), self.illegal_reward, True, False, info

    def _observe(self) -> np.ndarray:
        return self.encoder.encode(self._game().view(self.seat))

    def _info(self) -> dict[str, Any]:
        game = self._game()
        on_turn = game.to_move == self.seat and not self._episode_done()
        legal = game.legal_actions() if on_turn else []
        return {"seat": self.seat, "legal_actions": [str(a) for a in legal],
                "scores": list(game.scores)}  # fmt: skip
