"""Doctest collection of the package: leave out modules whose optional extra is not installed."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "src/tricktable/envs/__init__.py": ("numpy",),
    "src/tricktable/envs/encoding.py": ("numpy",),
    "src/tricktable/envs/episodes.py": ("numpy",),
    "src/tricktable/envs/knowledge.py": ("numpy",),
    "src/tricktable/envs/resample.py": ("numpy",),
    "src/tricktable/envs/aec_env.py": ("numpy", "pettingzoo", "gymnasium"),
    "src/tricktable/envs/gym_env.py": ("numpy", "gymnasium"),
    "src/tricktable/envs/openspiel.py": ("numpy", "pyspiel"),
}

collect_ignore = [
    module
    for module, needs in _NEEDS.items()
    if any(importlib.util.find_spec(name) is None for name in needs)
]
