"""The Hasenpfeffer family's part of the batch engine (the ``fast`` extra): for each game a
module of its state slots, options and loading (:mod:`.single`, :mod:`.double`, no numba) and
its compiled steps (:mod:`.kernel_single`, :mod:`.kernel_double`), which
:mod:`tricktable.jit.drivers` drives over a whole batch."""

from __future__ import annotations

from types import ModuleType


def single_part() -> ModuleType:
    """Single Hasenpfeffer's part of the batch (its ``GameDef.batch``)."""
    from . import single

    return single


def double_part() -> ModuleType:
    """Double Hasenpfeffer's part of the batch (its ``GameDef.batch``)."""
    from . import double

    return double
