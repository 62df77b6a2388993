"""Euchre's part of the batch engine (the ``fast`` extra): its state slots, options and loading
(:mod:`.euchre`, no numba) and its compiled steps (:mod:`.kernel_euchre`), which
:mod:`tricktable.jit.drivers` drives over a whole batch."""

from __future__ import annotations

from types import ModuleType


def euchre_part() -> ModuleType:
    """Euchre's part of the batch (its ``GameDef.batch``)."""
    from . import euchre

    return euchre
