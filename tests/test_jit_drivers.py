"""The drivers written once for every family's kernel: each family gets its own compiled copy
over its own steps, named after its kernel module; a kernel that names the wrong steps is told
which."""

from __future__ import annotations

import pytest

drivers = pytest.importorskip("tricktable.jit.drivers", reason="the kernels need numba")

import tricktable as tt  # noqa: E402
from tricktable.batch import Batch  # noqa: E402


def test_each_family_has_its_own_drivers_named_after_its_kernel() -> None:
    single = Batch(tt.rules("hasenpfeffer"), 2, seed=1).kernel
    rams = Batch(tt.rules("rams"), 2, seed=1).kernel
    assert single.play_out is not rams.play_out
    for kernel in (single, rams):
        for name in drivers.Drivers._fields:
            compiled = getattr(kernel, name)
            assert compiled.py_func.__qualname__.startswith(f"{kernel.__name__}.")
            assert compiled.py_func.__qualname__.endswith(f".{name}")
            assert compiled.py_func.__code__ is getattr(drivers, name).__code__


def test_a_kernel_naming_other_steps_is_told_which() -> None:
    with pytest.raises(TypeError, match="playable, random is wrong or missing") as info:
        drivers.make_drivers(__name__, deal=0, legal=0, apply=0, random=0, heuristic=0)
    assert "takes the steps deal, legal, apply, playable, heuristic" in str(info.value)
