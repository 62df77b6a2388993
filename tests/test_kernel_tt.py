"""The kernel's transposition table: which of several bounds a node keeps."""

from __future__ import annotations

import pytest

from tricktable.solver import fast

pytestmark = pytest.mark.skipif(not fast.available(), reason="numba (the [fast] extra) is needed")


def test_a_bound_that_settles_the_window_wins_and_then_the_one_reading_fewer_cards() -> None:
    from tricktable.solver.kernel_tt import better

    few, many = 0b1, 0b111
    # Neither settles the window: the tighter bound, whatever it reads.
    assert better(3, many, 2, few, False, False)
    assert not better(2, few, 3, many, False, False)
    # One settles it: that one.
    assert better(2, many, 3, few, True, False)
    assert not better(3, few, 2, many, False, True)
    # Both settle it: the one that reads fewer cards, even if it is looser.
    assert better(4, few, 5, many, True, True)
    assert not better(5, many, 4, few, True, True)


def test_relative_ranks_by_the_parallel_compress_and_back() -> None:
    import random

    import numpy as np
    from numba import njit

    from tricktable.solver.kernel_tt import compress, compress_steps, expand

    @njit(cache=False)  # type: ignore[misc]
    def there_and_back(cards: int, present: int) -> tuple[int, int]:
        steps = compress_steps(present)
        relative = compress(cards, steps)
        return relative, expand(relative, steps)

    rng = random.Random(7)
    for _ in range(2000):
        present = rng.getrandbits(63)
        cards = rng.getrandbits(63) & present
        relative, back = there_and_back(np.int64(cards), np.int64(present))
        ranks = [i for i in range(63) if present >> i & 1]
        assert relative == sum(1 << k for k, i in enumerate(ranks) if cards >> i & 1)
        assert back == cards
