"""Episodes and rewards shared by the PettingZoo, Gymnasium and OpenSpiel adapters.

An episode is one hand (``episode="hand"``, the default) or a whole game (``episode="game"``).
Rewards are ``"points"`` — each seat's score change of every hand that ends, turned by the
rules' :meth:`~tricktable.flow.Flow.score_sign` so that more is always better; partners
share their side's change — or ``"win"`` (whole games only): +1 to every winner and -1 to every
other seat when the game ends.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..engine import Game
from ..errors import RulesError
from ..options import Rules

__all__ = ["EpisodeSpec", "new_seed"]

EPISODES = ("hand", "game")
REWARDS = ("points", "win")
SEED_BOUND = 2**62


@dataclass(frozen=True)
class EpisodeSpec:
    """What an episode is and how it is rewarded."""

    episode: str = "hand"
    reward: str = "points"

    def __post_init__(self) -> None:
        if self.episode not in EPISODES:
            raise RulesError(f"episode={self.episode!r} is not valid; choose 'hand' or 'game'")
        if self.reward not in REWARDS:
            raise RulesError(f"reward={self.reward!r} is not valid; choose 'points' or 'win'")
        if self.reward == "win" and self.episode == "hand":
            raise RulesError("reward='win' needs episode='game': a single hand has no winner")

    def is_done(self, game: Game, hands_before: int) -> bool:
        """Whether the episode that began after ``hands_before`` finished hands is over."""
        return game.is_over or (self.episode == "hand" and len(game.results) > hands_before)

    def rewards(self, game: Game, hands_seen: int) -> list[float]:
        """Per seat: the reward earned since ``hands_seen`` hands had been scored."""
        players = game.player_count
        if self.reward == "win":
            if not game.is_over:
                return [0.0] * players
            return [1.0 if seat in game.winners else -1.0 for seat in range(players)]
        sign = game.flow.score_sign()
        out = [0.0] * players
        for result in game.results[hands_seen:]:
            for seat, delta in enumerate(result.deltas):
                out[seat] += float(sign * delta)
        return out


def new_seed(rng: np.random.Generator) -> int:
    """A game seed drawn from an injected generator."""
    return int(rng.integers(SEED_BOUND))


def new_game(rules: Rules, rng: np.random.Generator) -> Game:
    """A fresh game of ``rules`` whose deals (and first dealer) come from ``rng``."""
    return Game(rules, seed=new_seed(rng))
