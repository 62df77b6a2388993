"""The bit helpers the solver's and the batch's kernels share: population count, the lowest
set bit (64 for none) and the n-th set bit, compiled."""

from __future__ import annotations

import pytest

bits = pytest.importorskip("tricktable.jit.bits", reason="the kernels need numba")


@pytest.mark.parametrize("value", [0, 1, 0b1011_0000, (1 << 63) - 1, 1 << 47 | 1 << 3])
def test_popcount_and_lowest_agree_with_python(value: int) -> None:
    assert bits.popcount(value) == bin(value).count("1")
    assert bits.lowest(value) == (64 if value == 0 else (value & -value).bit_length() - 1)


def test_nth_bit_counts_the_set_bits_from_the_lowest() -> None:
    mask = 1 << 2 | 1 << 9 | 1 << 40
    assert [bits.nth_bit(mask, n) for n in range(3)] == [2, 9, 40]
