"""Doctest collection: leave out the modules whose part of the ``rl`` extra is not installed."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "__init__.py": ("numpy",),
    "encoding.py": ("numpy",),
    "episodes.py": ("numpy",),
    "knowledge.py": ("numpy",),
    "resample.py": ("numpy",),
    "aec_env.py": ("numpy", "pettingzoo", "gymnasium"),
    "gym_env.py": ("numpy", "gymnasium"),
    "openspiel.py": ("numpy", "pyspiel"),
}

collect_ignore = [
    module
    for module, needs in _NEEDS.items()
    if any(importlib.util.find_spec(name) is None for name in needs)
]
