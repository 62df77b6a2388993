"""The batched engine: many games of one rules object as arrays, stepped by numba kernels.

Part of the ``fast`` extra (``pip install "tricktable[fast]"``). Hands are 64-bit masks on a
compact card numbering, actions are numbers of the environments' action codec, and every game
has its own random stream. The reference engine (:class:`tricktable.Game`) is the definition;
the tests play both from the same deals and the same actions and compare every legal mask,
trick winner and score. ``tricktable.batch.layout`` is the state row's slots
(:mod:`tricktable.jit.layout`, below the games so that each family's kernel can use them).

>>> import tricktable as tt
>>> from tricktable.batch import play_random
>>> play_random(tt.rules("hasenpfeffer"), 3, seed=1).shape
(3, 4)
"""

from __future__ import annotations

import importlib.util

if importlib.util.find_spec("numba") is None:  # pragma: no cover - exercised only without numba
    raise ImportError(
        'tricktable.batch needs numba (the fast extra): pip install "tricktable[fast]"'
    )

from ..jit import layout
from .engine import Batch, play_random, supported

__all__ = ["Batch", "layout", "play_random", "supported"]
