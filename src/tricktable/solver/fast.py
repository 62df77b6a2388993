"""The numba path of the solver: packs a position into arrays and runs the kernel.

:func:`available` says whether numba is installed (the ``[fast]`` extra). The kernel gives the
same trick counts as the pure-Python search; the tests run both when numba is there.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from types import ModuleType
from typing import Any

from ..cards import indices_of
from ..ranking import TRUMP_BONUS
from ..trick import best_of_led
from .position import Position
from .search import Searcher

__all__ = ["TT_BITS", "available", "cache_dir", "fits", "is_compiled", "values", "worthwhile"]

TT_BITS = 19
"""The kernel's transposition table has 2**TT_BITS slots (about 65 MB for four seats, kept
between solves) for positions with more than :data:`SMALL_CARDS` cards in play."""

SMALL_TT_BITS = 15
SMALL_CARDS = 32
"""Positions with at most this many cards in play (every game but Double Hasenpfeffer, and
the ends of its hands) use a table of 2**SMALL_TT_BITS slots, a few megabytes: enough for
their searches, and light for the bots that solve thousands of them."""

MAX_CARDS = 63


@cache
def available() -> bool:
    """Whether the numba kernel can run here."""
    return importlib.util.find_spec("numba") is not None


PYTHON_CARDS = 28
"""Up to this many cards in play (a Hasenpfeffer deal) pure Python is quick enough that
loading the kernel (a second or two a process; its compilation, once after an install, is
kept on disk) does not pay."""


@cache
def _kernel() -> tuple[ModuleType, ModuleType]:
    """The kernel's modules, imported with numba's on-disk cache in a directory of its own
    for this exact kernel source (:func:`cache_dir`)."""
    import numba

    folder = cache_dir()
    if folder is not None:
        if not folder.exists():
            _forget_older_kernels(folder)
        numba.config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
    from . import kernel, kernel_search

    _LOADED[:] = [True]
    return kernel, kernel_search


@cache
def cache_dir() -> Path | None:
    """Where the compiled kernel is kept: a directory per kernel source and numba version
    under the user's cache (numba checks only the file of each function it caches, so code
    compiled before another kernel file changed would be used otherwise). None when
    ``NUMBA_CACHE_DIR`` is set: numba's own layout there is honoured."""
    if os.environ.get("NUMBA_CACHE_DIR") or not available():
        return None
    from importlib.metadata import version

    digest = hashlib.blake2b(version("numba").encode(), digest_size=8)
    for name in _SOURCES:
        digest.update((Path(__file__).parent / name).read_bytes())
    for name in _RULE_SOURCES:  # the trick rules' constants, and the bit helpers
        digest.update((Path(__file__).parent.parent / name).read_bytes())
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "tricktable" / f"kernel-{digest.hexdigest()}"


_SOURCES = ("kernel.py", "kernel_tt.py", "kernel_bounds.py", "kernel_search.py")
_RULE_SOURCES = ("ranking.py", "trick.py", "jit/bits.py")
_LOADED: list[bool] = []


def _forget_older_kernels(folder: Path) -> None:
    """Remove the machine code of earlier kernel versions (ours alone, by name)."""
    for old in folder.parent.glob("kernel-*"):
        if old != folder and old.is_dir():
            shutil.rmtree(old, ignore_errors=True)


def is_compiled() -> bool:
    """Whether the kernel is loaded in this process or compiled on disk, so using it costs a
    second or two at most (a first compilation takes about a minute)."""
    if _LOADED:
        return True
    folder = cache_dir()
    if folder is None and available() and os.environ.get("NUMBA_CACHE_DIR"):
        folder = Path(os.environ["NUMBA_CACHE_DIR"])  # numba's own layout below it
    return folder is not None and any(folder.rglob("kernel_search.search-*.nbi"))


def fits(position: Position) -> bool:
    """Whether the kernel can take this position (at most 63 cards in play)."""
    return _cards(position) <= MAX_CARDS and available()


def worthwhile(position: Position) -> bool:
    """Whether ``auto`` should use the kernel: it fits, and it is loaded in this process or
    the position is big enough to be worth loading (or compiling) it. Callers that solve
    many small positions (the search bots) ask :func:`is_compiled` and choose the kernel."""
    return fits(position) and (bool(_LOADED) or _cards(position) > PYTHON_CARDS)


def _cards(position: Position) -> int:
    return sum(h.bit_count() for h in position.hands) + len(position.trick.cards)


class _Tables:
    """The kernel's reusable arrays: the table survives solves, told apart by a generation.
    :attr:`arrays` is what the kernel takes (layout in :mod:`.kernel_tt`)."""

    def __init__(self, seats: int, bits: int) -> None:
        import numpy as np

        size = 1 << bits
        # Filled rather than np.zeros: touching every page now spares the first solves the
        # page faults of a lazily mapped table.
        shapes = ((size, seats + 1), (size, 5), (size,), (size,), (size, 2 + _planes(seats)))
        kinds = (np.int64, np.int64, np.int32, np.int64, np.int64)
        pairs = zip(shapes, kinds, strict=True)
        self.arrays = tuple(np.empty(shape, dtype=kind) for shape, kind in pairs)
        for array in self.arrays:
            array.fill(0)
        self.generation = 0


def _planes(seats: int) -> int:
    """Owner planes a table entry needs: bit ``k`` of each kept card's seat, for every ``k``."""
    return max(1, (seats - 1).bit_length())


_TABLES: dict[tuple[int, int], _Tables] = {}
LAST_NODES: list[int] = [0, 0]
"""Nodes the kernel visited in the last solve, and of them those at the start of a trick
(the nodes DDS counts), for benchmarks."""


def _tables(seats: int, bits: int) -> _Tables:
    """The table for this seat count and size: one of each size is kept, for the seat count
    last solved."""
    for key in [key for key in _TABLES if key[1] == bits and key[0] != seats]:
        del _TABLES[key]
    if (seats, bits) not in _TABLES:
        _TABLES[seats, bits] = _Tables(seats, bits)
    return _TABLES[seats, bits]


def _table_bits(position: Position) -> int:
    return SMALL_TT_BITS if _cards(position) <= SMALL_CARDS else TT_BITS


def values(position: Position) -> dict[int, int]:
    """{card: tricks of the side to move from the current trick on} for every legal card."""
    import numpy as np

    kernel, kernel_search = _kernel()
    packed = _pack(position)
    for i, card in enumerate(position.trick.cards):
        packed["played"][i] = packed["compact"][card]
    cfg, compact = packed["cfg"], packed["compact"]
    tables = _tables(position.players, _table_bits(position))
    tables.generation += 1
    cfg[kernel.GENERATION] = tables.generation
    reps, classes = Searcher(position)._classes(_trick_mask(position))
    legal = position.legal_cards()
    root = (position.to_move, len(position.trick.cards), position.trick_number,
            *_root_state(position, compact))  # fmt: skip
    state = tuple(int(x) for x in root)
    static = tuple(packed[name] for name in _STATIC)
    work = tuple(packed[name] for name in _WORK)
    out: dict[int, int] = {}
    remaining = position.tricks - position.trick_number
    stats = np.zeros(2, dtype=np.int64)

    def test(alpha: int, beta: int, card: int) -> int:
        """A fail-soft search with ``card`` played first (-1: any legal card)."""
        return int(kernel_search.search(
            len(position.trick.cards), state, alpha, beta, card, static,
            (packed["hands"], *work, tables.arrays, stats),
        ))  # fmt: skip

    # The best card's value first; every card that reaches it then needs one test only.
    best = zero_window_value(partial(test, card=-1), remaining // 2, remaining)
    # The strongest cards first: they reach the best value most often, at one test each, and
    # leave the table their lines for the weaker cards' tests.
    strength = position.table.strength
    for card in sorted(indices_of(legal & reps[position.to_move]), key=lambda c: -strength[c]):
        value = best if best == 0 else test(best - 1, best, compact[card])
        if value < best:
            value = zero_window_value(partial(test, card=compact[card]), value, value)
        for twin in indices_of(classes[card] & legal):
            out[twin] = min(value, best)
    LAST_NODES[:] = [int(stats[0]), int(stats[1])]
    return out


_STATIC = ("cfg", "next_seat", "ours", "suit_of", "strength", "power", "level_lo", "level_hi",
           "above", "below", "suit_mask")  # fmt: skip
_WORK = ("played", "moves", "keys", "rows", "relevant", "found", "frame")


def zero_window_value(test: Callable[[int, int], int], guess: int, most: int) -> int:
    """The exact value in [0, most] by zero-window tests around ``guess`` (MTD(f)).

    ``test(alpha, beta)`` is a fail-soft search; each window of width one settles whether the
    value reaches a target, and the transposition table makes the repeated tests cheap.
    """
    low, high = 0, most
    while low < high:
        target = min(max(guess, low + 1), high)
        value = test(target - 1, target)
        if value >= target:
            low = value
        else:
            high = value
        guess = low if value >= target else high
    return low


def _trick_mask(position: Position) -> int:
    mask = 0
    for card in position.trick.cards:
        mask |= 1 << card
    return mask


def _order_cards(position: Position) -> list[int]:
    """The cards in play by effective suit, then strength (weakest first), then index."""
    table = position.table
    cards = indices_of(_trick_mask(position) | _union(position.hands))
    return sorted(cards, key=lambda c: (table.suit_of[c], table.strength[c], c))


def _pack(position: Position) -> dict[str, Any]:
    """The position as the kernel's arrays, cards renumbered in :func:`_order_cards` order."""
    import numpy as np

    kernel, kernel_search = _kernel()
    table, rules = position.table, position.rules
    order = _order_cards(position)
    compact = {card: i for i, card in enumerate(order)}
    n_cards, n_seats = len(order), position.players
    # The trick rules' tables, from the trump table itself, on the compact numbering.
    tables = table.compact(order)
    suit_of = np.array(tables.suit_of, dtype=np.int64)
    strength = np.array(tables.strength, dtype=np.int64)
    power = strength + np.where(suit_of == table.trump, TRUMP_BONUS, 0)
    level_lo, level_hi = _levels(suit_of, strength)
    suit_mask = np.array([_signed(m) for m in tables.suit_mask], dtype=np.int64)
    above = np.array([_signed(m) for m in tables.above] or [0], dtype=np.int64)
    below = np.array([_signed((1 << k) - 1) for k in range(65)], dtype=np.int64)
    cfg = np.zeros(kernel.CONFIG_LENGTH, dtype=np.int64)
    cfg[kernel.N_SEATS], cfg[kernel.SIZE] = n_seats, position.active_count
    cfg[kernel.TRICKS], cfg[kernel.TRUMP] = position.tricks, table.trump
    codes = rules.codes()
    cfg[kernel.POLICY], cfg[kernel.HEADING] = codes.policy, codes.heading
    cfg[kernel.BLIND], cfg[kernel.UNANSWERED] = codes.blind_lead, codes.unanswered
    cfg[kernel.TRUMP_LEADS] = codes.trump_leads
    cfg[kernel.TT_MASK] = (1 << _table_bits(position)) - 1
    cfg[kernel.PLANES] = _planes(n_seats)
    cfg[kernel.TIES] = _signed(sum(1 << i for i in range(n_cards) if level_lo[i] < i))
    cfg[kernel.PARTITION] = int(rules.policy != "loo_strict" and not rules.blind_lead)
    cfg[kernel.QUICK] = int(not rules.trump_leads)
    for suit in range(5):
        block = [i for i in range(n_cards) if suit_of[i] == suit]
        cfg[kernel.SUIT_LO + suit] = block[0] if block else 0
        cfg[kernel.SUIT_HI + suit] = block[-1] if block else -1
    ours = position.side_of(position.to_move)
    cfg[kernel.SIDES] = sum(1 << s for s in ours)
    depth = position.active_count * (position.tricks - position.trick_number) + 1
    return {
        "cfg": cfg, "compact": compact, "suit_of": suit_of, "strength": strength,
        "power": power.astype(np.int64), "level_lo": level_lo, "level_hi": level_hi,
        "above": above, "below": below, "suit_mask": suit_mask,
        "hands": np.array([_signed(_squeeze(h, compact)) for h in position.hands],
                          dtype=np.int64),
        "next_seat": np.array([position.next_seat(s) for s in range(n_seats)], dtype=np.int64),
        "ours": np.array([int(s in ours) for s in range(n_seats)], dtype=np.int64),
        "played": np.zeros(depth + 1, dtype=np.int64),
        "moves": np.zeros((depth + 1, 64), dtype=np.int64),
        "keys": np.zeros((depth + 1, 64), dtype=np.int64),
        "rows": np.zeros((position.tricks + 1, n_seats + 8 + _planes(n_seats)), dtype=np.int64),
        "relevant": np.zeros(depth + 1, dtype=np.int64),
        "found": np.zeros(5, dtype=np.int64),
        "frame": np.zeros((depth + 1, kernel_search.FRAME_WIDTH), dtype=np.int64),
    }  # fmt: skip


def _levels(suit_of: Any, strength: Any) -> tuple[Any, Any]:
    """For each card the first and last compact index of its strength level (ties)."""
    import numpy as np

    n = len(suit_of)
    lo, hi = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    for i in range(n):
        same = i > 0 and suit_of[i - 1] == suit_of[i] and strength[i - 1] == strength[i]
        lo[i] = lo[i - 1] if same else i
    for i in range(n - 1, -1, -1):
        same = i < n - 1 and suit_of[i + 1] == suit_of[i] and strength[i + 1] == strength[i]
        hi[i] = hi[i + 1] if same else i
    return lo, hi


def _root_state(position: Position, compact: dict[int, int]) -> tuple[Any, ...]:
    """leader, led, best key, best, winner, blind, first, best led, its strength, trick cards."""
    trick, table = position.trick, position.table
    if not trick.cards:
        return (trick.leader, -1, -1, -1, trick.leader, False, -1, -1, -1, 0)
    led_card = best_of_led(trick, table)
    best_led = compact[led_card] if led_card >= 0 else -1
    best_led_str = table.strength[led_card] if led_card >= 0 else -1
    best = compact[trick.best_card] if trick.best_card >= 0 else -1
    cards = _signed(sum(1 << compact[c] for c in trick.cards))
    return (trick.leader, trick.led_suit, trick.best_key, best, trick.winner,
            trick.face_down[0], compact[trick.cards[0]], best_led, best_led_str, cards)  # fmt: skip


def _squeeze(mask: int, compact: dict[int, int]) -> int:
    return sum(1 << compact[c] for c in indices_of(mask))


def _signed(mask: int) -> int:
    """A 64-bit mask as the signed int numba's int64 holds."""
    mask &= (1 << 64) - 1
    return mask - (1 << 64) if mask >> 63 else mask


def _union(hands: tuple[int, ...]) -> int:
    out = 0
    for hand in hands:
        out |= hand
    return out
