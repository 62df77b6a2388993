"""Research environments: PettingZoo, Gymnasium and OpenSpiel over every registered game.

Part of the ``rl`` extra (``pip install "tricktable[rl]"``). Observations come from a seat's
view alone; actions are numbers of a flat encoding computed from the rules
(:mod:`tricktable.encoding`). ``tricktable.envs.openspiel`` registers the games with
``pyspiel`` when imported.
"""

from __future__ import annotations

from typing import Any

try:
    import numpy  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError('tricktable.envs needs numpy: pip install "tricktable[rl]"') from exc

from ..encoding import ActionCodec, Field, ObservationEncoder
from .episodes import EpisodeSpec

__all__ = [
    "ActionCodec",
    "EpisodeSpec",
    "Field",
    "ObservationEncoder",
    "gymnasium_env",
    "pettingzoo_env",
]


def pettingzoo_env(game: Any, **options: Any) -> Any:
    """A PettingZoo AEC environment (see :mod:`tricktable.envs.aec_env`)."""
    from .aec_env import pettingzoo_env as make

    return make(game, **options)


def gymnasium_env(game: Any, **options: Any) -> Any:
    """A single-agent Gymnasium environment (see :mod:`tricktable.envs.gym_env`)."""
    from .gym_env import TricktableGymEnv

    return TricktableGymEnv(game, **options)
