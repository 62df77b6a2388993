"""The numba decorator and bit helpers of every kernel, the solver's and the batch's.

A hand (a set of cards) is one int64; these are its one-instruction questions. This module
imports numba (the ``fast`` extra): load it only where numba is there.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.core.extending import intrinsic
from numba.cpython.unsafe.numbers import trailing_zeros

__all__ = ["kernel_function", "lowest", "nth_bit", "popcount"]


def kernel_function(*, inline: bool = False) -> Any:
    """The decorator of every kernel function: numba, cached on disk, without reference
    counting (the kernels allocate nothing, and counting the references of the arrays passed
    between their functions cost more than the work itself), without the GIL (a bot's search
    in a server's thread leaves the others running). ``inline``: inlined by numba itself,
    for the hottest small helpers."""
    options: dict[str, Any] = {"cache": True, "_nrt": False, "nogil": True}
    if inline:
        options["inline"] = "always"
    return njit(**options)


@intrinsic
def _ctpop(typingctx, value):  # type: ignore[no-untyped-def]
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@kernel_function(inline=True)
def popcount(value):  # type: ignore[no-untyped-def]
    """The number of bits set in an int64 (one machine instruction)."""
    return _ctpop(np.int64(value))  # type: ignore[call-arg]  # numba supplies the typing context


@kernel_function()
def lowest(value):  # type: ignore[no-untyped-def]
    """The index of the lowest bit set in ``value`` (64 for 0)."""
    return trailing_zeros(np.int64(value))  # type: ignore[call-arg]


@kernel_function()
def nth_bit(mask, n):  # type: ignore[no-untyped-def]
    """The index of the ``n``-th (from 0, lowest first) bit set in ``mask``."""
    for _ in range(n):
        mask &= mask - 1
    return lowest(mask)
