"""The state slots both Hasenpfeffer games' batch auctions share (no numba): who bids, the
high bid and its seat, who passed, how many spoke, the contract and whether it was forced.
:mod:`.kernel_family` works on them for :mod:`.kernel_single` and :mod:`.kernel_double`."""

from __future__ import annotations

from ....jit import layout as L

BIDDER, HIGH_LEVEL, HIGH_SEAT, PASSED, SPOKEN, CONTRACT, FORCED = range(L.GAME, L.GAME + 7)
AUCTION_END = L.GAME + 7
"""The first family slot after the auction's."""
