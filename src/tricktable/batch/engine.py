"""The batch of games: numpy arrays and the calls into a game family's compiled kernel.

:class:`Batch` holds N games of one rules object, one state row each
(:mod:`tricktable.jit.layout`); each game's compiled steps are in its family's package, named by
its ``GameDef.batch``.
Hands start from random deals (:meth:`Batch.deal`) or from positions of the reference engine
(:meth:`Batch.load`, for rollouts from a sampled world); actions are codec numbers, chosen by
the caller (:meth:`Batch.step` with :meth:`Batch.legal_masks`) or by a compiled policy
(:meth:`Batch.play_out`). A batch plays one hand per game; :attr:`Batch.deltas` is then each
seat's score change, as the reference engine's hand result reports it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import RulesError
from ..games import FAMILIES, REGISTRY
from ..games import rules as make_rules
from ..jit import layout as L
from ..options import Rules

if TYPE_CHECKING:
    from ..engine import Game

__all__ = ["POLICIES", "Batch", "play_random", "supported"]

POLICIES = ("random", "heuristic")
CHUNK = 1 << 14
"""Games per batch inside :func:`play_random` (about 16 MB of state)."""


def _part(rules: Rules) -> ModuleType | None:
    """The game's part of the batch, as its ``GameDef.batch`` gives it (None: it has none)."""
    give = rules.game.batch
    return None if give is None else give()


def _refusal(rules: Rules) -> str | None:
    """Why the batch does not play these rules (None: it does). A game's part may refuse some
    option sets of its game with a ``refusal(rules)`` of its own."""
    part = _part(rules)
    if part is None:
        known = ", ".join(name for name, game in REGISTRY.items() if game.batch is not None)
        return f"the batch engine does not play {rules.name!r} yet; it plays {known}"
    refuse = getattr(part, "refusal", None)
    message: str | None = None if refuse is None else refuse(rules)
    return message


def supported(rules: Rules | str) -> bool:
    """Whether the batch plays these rules (their game, and these options of it)."""
    return _refusal(rules if isinstance(rules, Rules) else make_rules(rules)) is None


@cache
def cache_dir() -> Path | None:
    """Where the compiled kernels are kept: one directory per version of the kernel sources
    and numba (numba checks only the file of each function it caches). None when
    ``NUMBA_CACHE_DIR`` is set: numba's own layout there is honoured."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    from importlib.metadata import version

    digest = hashlib.blake2b(version("numba").encode(), digest_size=8)
    for path in _kernel_sources():
        digest.update(path.read_bytes())
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "tricktable" / f"batch-{digest.hexdigest()}"


def _kernel_sources() -> list[Path]:
    """The batch's modules, the ones it is built from (:mod:`tricktable.jit`), the two core
    modules the kernels take TRUMP_BONUS and the trick rules' codes from, and each registered
    family's kernels (its ``batch/`` folder) and the heuristic module a compiled heuristic
    takes its thresholds from."""
    here = Path(__file__).parent
    sources = [*sorted(here.glob("*.py")), *sorted((here.parent / "jit").glob("*.py"))]
    sources += [here.parent / "ranking.py", here.parent / "trick.py"]
    for family in FAMILIES:
        folder = Path(str(family.__file__)).parent
        sources += [*sorted((folder / "batch").glob("*.py")), *sorted(folder.glob("heuristic.py"))]
    return sources


@contextmanager
def _numba_cache() -> Iterator[None]:
    """Numba's disk cache in :func:`cache_dir` while kernels are imported (it is read when a
    kernel function is defined)."""
    import numba

    folder = cache_dir()
    config: Any = numba.config
    before = config.CACHE_DIR
    if folder is not None:
        config.CACHE_DIR = str(folder)
    try:
        yield
    finally:
        config.CACHE_DIR = before


@cache
def _kernel(name: str) -> ModuleType:
    """One of the batch's own kernel modules (``kernel_obs``, ``kernel_vector``)."""
    with _numba_cache():
        return import_module(f"{__package__}.{name}")


@cache
def _family_kernel(part: ModuleType) -> ModuleType:
    """A game's compiled steps and drivers, as its part of the batch imports them."""
    with _numba_cache():
        kernel: ModuleType = part.kernel()
        return kernel


def _aux(part: ModuleType, rules: Rules, tables: L.Tables) -> np.ndarray:
    """The game's extra table for its kernel (a part without ``aux`` has none)."""
    make = getattr(part, "aux", None)
    return np.zeros((1, 1), dtype=np.int64) if make is None else make(rules, tables)


def _initial_scores(part: ModuleType, rules: Rules) -> list[int]:
    """Every seat's score at the start of a game (0 unless the part says otherwise)."""
    scores = getattr(part, "initial_scores", None)
    return [0] * rules.flow.players if scores is None else list(scores(rules))


class Batch:
    """``games`` games of one rules object, each playing one hand."""

    def __init__(self, rules: Rules | str, games: int, *, seed: int | None = None) -> None:
        self.rules = rules if isinstance(rules, Rules) else make_rules(rules)
        refusal = _refusal(self.rules)
        if refusal is not None:
            raise RulesError(refusal)
        part = _part(self.rules)
        assert part is not None
        if games < 1:
            raise RulesError(f"games={games!r}: a batch holds at least one game")
        self.family = part
        self.kernel = _family_kernel(part)
        self.players = self.rules.flow.players
        self.tables = L.tables_for(self.rules)
        codec = L.codec_layout(self.rules)
        self.actions = codec.size
        cfg = np.zeros(L.CONFIG_LENGTH, dtype=np.int64)
        cfg[L.N_PLAYERS] = self.players
        cfg[L.N_CARDS] = self.tables.cards
        cfg[L.DISTINCT] = int(self.tables.slot.max()) + 1
        from ..action_codec import max_tricks

        cfg[L.TRICKS] = max_tricks(self.rules)
        cfg[L.JOKER] = _joker(self.tables)
        cfg[L.A_SIZE] = codec.size
        for slot, offset in codec.offsets.items():
            cfg[slot] = offset
        self.family.configure(self.rules, cfg)
        self.cfg = cfg
        t = self.tables
        self._tables = (t.suit_of, t.strength, t.suit_mask, t.above, _aux(part, self.rules, t))
        """The card tables the kernels take, as one tuple of int64 matrices."""
        self._observe = _kernel("kernel_obs")
        spec = [self.family.FACE_DOWN, 0]
        for slot, kind in self.family.PUBLIC:
            spec += [slot, kind]
        self._spec = np.array(spec, dtype=np.int64)
        distinct = int(cfg[L.DISTINCT])
        fixed = 2 * distinct + self.players * distinct + 5 + len(L.PHASE_NAMES) + 6 * self.players
        public = sum(1 if k == 0 else distinct if k == 3 else self.players
                     for _slot, k in self.family.PUBLIC)  # fmt: skip
        self._observation_size = fixed + public
        self.random = np.random.default_rng(seed)
        self.states = np.zeros((games, L.WIDTH), dtype=np.int64)
        self.rng = self.random.integers(0, 2**64 - 1, size=games, dtype=np.uint64, endpoint=True)
        self._buffer = np.empty((games, self.actions), dtype=np.int8)
        self._actions = np.empty(64 + max(64, self.actions), dtype=np.int64)
        """The kernels' scratch: legal actions in the first 64, a shuffled pack after them."""

    @property
    def games(self) -> int:
        return int(self.states.shape[0])

    # -- starting hands ------------------------------------------------------------------------

    def deal(self, dealers: np.ndarray | int | None = None, rows: np.ndarray | None = None) -> None:
        """Start a new game in every row (or the rows ``rows``, indices or a boolean mask) and
        deal its first hand at random; ``dealers`` one per game dealt, or one for all (default:
        random)."""
        if rows is None:
            picked = np.arange(self.games)
        else:
            chosen = np.asarray(rows)
            picked = np.flatnonzero(chosen) if chosen.dtype == bool else chosen.astype(np.int64)
        count = len(picked)
        if count == 0:
            return
        if dealers is None:
            dealers = self.random.integers(0, self.players, size=count)
        elif isinstance(dealers, int):
            dealers = np.full(count, dealers)
        dealers = np.asarray(dealers, dtype=np.int64)
        fresh = np.zeros(L.WIDTH, dtype=np.int64)
        fresh[L.LEDGER : L.LEDGER + self.players] = _initial_scores(self.family, self.rules)
        if rows is None:
            self.states[:] = fresh
            self.kernel.deal_all(self.states, self.rng, self.cfg, self._tables, dealers,
                                 self._actions)  # fmt: skip
            return
        states, rng = self.states[picked], self.rng[picked]
        states[:] = fresh
        self.kernel.deal_all(states, rng, self.cfg, self._tables, dealers, self._actions)
        self.states[picked], self.rng[picked] = states, rng

    def load(self, game: Game, games: range | None = None) -> None:
        """Start ``games`` (default: all) from the reference game's current position."""
        if str(game.rules) != str(self.rules):
            raise RulesError(f"the game plays {game.rules}, the batch {self.rules}")
        row = np.zeros(L.WIDTH, dtype=np.int64)
        self.family.load(game, row, self.tables)
        for g in games if games is not None else range(self.games):
            self.states[g] = row

    # -- acting --------------------------------------------------------------------------------

    def legal_masks(self) -> np.ndarray:
        """(games, actions) int8: 1 at the codec number of every legal action (none when done)."""
        self.kernel.legal_masks(self.states, self.cfg, self._tables, self._buffer, self._actions)
        return self._buffer.copy()

    def step(self, actions: np.ndarray) -> None:
        """Carry out one legal action (a codec number) per game; a negative number or a game
        whose hand is done is left alone. Actions are not checked: take them from
        :meth:`legal_masks`."""
        self.kernel.step_all(
            self.states, self.rng, np.asarray(actions, dtype=np.int64), self.cfg, self._tables,
            self._actions,
        )  # fmt: skip

    def play_out(self, policy: str | Sequence[str] = "random") -> None:
        """Play every game's hand to its end with a compiled policy: one name for every seat,
        or one per seat (``random`` or ``heuristic``)."""
        codes = self._policy_codes(policy)
        self.kernel.play_out(self.states, self.rng, self.cfg, self._tables, codes, self._actions)

    def advance(self, policy: str | Sequence[str], learners: np.ndarray) -> None:
        """Let the compiled ``policy`` play every seat but ``learners[g]`` in game ``g`` until
        that seat is to move or the hand is over (for single-agent environments)."""
        codes = self._policy_codes(policy)
        self.kernel.play_until(self.states, self.rng, self.cfg, self._tables, codes,
                               np.asarray(learners, dtype=np.int64), self._actions)  # fmt: skip

    @property
    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vectors."""
        return self._observation_size

    def observe(self, seats: np.ndarray | int) -> np.ndarray:
        """(games, observation_size) float32: each game as seat ``seats[g]`` sees it (only
        what that seat may see; seats relative to it)."""
        seats = np.broadcast_to(np.asarray(seats, dtype=np.int64), (self.games,)).copy()
        out = np.empty((self.games, self._observation_size), dtype=np.float32)
        self._observe.observe_all(self.states, seats, self.cfg, self._spec, out)
        return out

    def _policy_codes(self, policy: str | Sequence[str]) -> np.ndarray:
        names = [policy] * self.players if isinstance(policy, str) else list(policy)
        if len(names) != self.players or any(n not in POLICIES for n in names):
            raise RulesError(
                f"policy={policy!r}: give one of {', '.join(POLICIES)}, or one per seat"
            )
        return np.array([POLICIES.index(n) for n in names], dtype=np.int64)

    # -- reading -------------------------------------------------------------------------------

    @property
    def done(self) -> np.ndarray:
        """(games,) bool: whose hand is over."""
        done: np.ndarray = self.states[:, L.PHASE] == L.P_DONE
        return done

    @property
    def to_move(self) -> np.ndarray:
        return self.states[:, L.TO_MOVE].copy()

    @property
    def deltas(self) -> np.ndarray:
        """(games, players): each seat's change for the hand (0 while it goes on)."""
        return self.states[:, L.DELTA : L.DELTA + self.players].copy()

    @property
    def scores(self) -> np.ndarray:
        """(games, players): the running score per seat, as the reference's ``scores``."""
        return self.states[:, L.LEDGER : L.LEDGER + self.players].copy()

    @property
    def tricks_won(self) -> np.ndarray:
        return self.states[:, L.WON : L.WON + self.players].copy()

    def hands(self, game: int) -> list[int]:
        """Game ``game``'s hands as card masks in bit indices (as the reference holds them)."""
        row = self.states[game]
        return [self.tables.expand(int(row[L.HANDS + s])) for s in range(self.players)]

    def describe(self, game: int) -> dict[str, Any]:
        """A readable summary of one game's row, for debugging and tests."""
        row = self.states[game]
        return {
            "phase": L.PHASE_NAMES[int(row[L.PHASE])],
            "to_move": int(row[L.TO_MOVE]),
            "trump": int(row[L.TRUMP]),
            "hands": self.hands(game),
            "tricks_won": [int(x) for x in self.tricks_won[game]],
            "deltas": [int(x) for x in self.deltas[game]],
        }


def _joker(tables: L.Tables) -> int:
    from ..cards import JOKER_INDEX

    matches = np.flatnonzero(tables.index == JOKER_INDEX)
    return int(matches[0]) if len(matches) else -1


def play_random(
    rules: Rules | str, hands: int, seed: int | None = None, *, chunk: int = CHUNK
) -> np.ndarray:
    """(hands, players) int64: each seat's score change over ``hands`` independent first hands
    played with uniformly random legal actions (random dealers), as the reference engine's
    hand result reports it. ``chunk`` games are played at a time."""
    if hands < 0:
        raise RulesError(f"hands={hands!r} is negative")
    batch = Batch(rules, min(max(hands, 1), chunk), seed=seed)
    out = np.zeros((hands, batch.players), dtype=np.int64)
    done = 0
    while done < hands:
        size = min(chunk, hands - done)
        if size < batch.games:
            batch.states = batch.states[:size]
            batch.rng = batch.rng[:size]
        batch.deal()
        batch.play_out("random")
        out[done : done + size] = batch.deltas
        done += size
    return out
