"""The Rams family's part of the batch engine (the ``fast`` extra): its state slots, options,
exchange table and loading (:mod:`.rams`, no numba) and its compiled steps
(:mod:`.kernel_rams` with :mod:`.kernel_rams_declare` and :mod:`.kernel_rams_settle`), which
:mod:`tricktable.jit.drivers` drives over a whole batch (Rams, Bierspiel and Rounce alike)."""

from __future__ import annotations

from types import ModuleType


def rams_part() -> ModuleType:
    """The Rams family's part of the batch (the ``GameDef.batch`` of its three games)."""
    from . import rams

    return rams
