"""Every mirror of the trick rules against the engine, on random play of every game.

The trick rules (rules.md §3.3, §3.4: follow, head, trump and overtrump under Loo's
obligations, forced trump leads, face-down leads and what becomes of them) are described once,
by :class:`tricktable.trick.PlayRules` and the trump tables of :mod:`tricktable.ranking`; the
engine plays by them (its in-line fast path for plain follow-suit hands included). Each copy
that search code keeps for speed must agree with it at every card of random hands:
:func:`tricktable.trick.legal_mask` and :func:`~tricktable.trick.resolve_winner`, the Python
solver's move generation and trick winner (:mod:`tricktable.solver.search`), the solver's numba
kernel (:mod:`tricktable.solver.kernel`, :mod:`tricktable.solver.kernel_search`) and the batch
engine's kernels (:mod:`tricktable.batch`). The kernel cases skip without numba.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tricktable as tt
from tricktable.action_codec import ActionCodec
from tricktable.cards import COPY_STRIDE
from tricktable.engine import Game
from tricktable.phase import Phase
from tricktable.solver.position import position_from_game
from tricktable.solver.search import Searcher
from tricktable.trick import is_blind_lead, legal_mask, resolve_winner

CASES: list[tuple[str, dict[str, Any]]] = [
    ("hasenpfeffer", {}),
    ("hasenpfeffer", {"allow_no_trump": True, "going_alone": "maker_and_defender"}),
    ("double-hasenpfeffer", {}),
    ("double-hasenpfeffer", {"players": 6, "bowers": False}),
    ("double-hasenpfeffer", {"players": 3, "individual": True}),
    ("euchre", {}),
    ("euchre", {"lone_defender": True}),
    ("rams", {}),
    ("rams", {"players": 3, "heading": "always_head_led_suit"}),
    ("rams", {"players": 5, "heading": "beat_led_card"}),
    ("bierspiel", {}),
    ("bierspiel", {"blind_lead_no_trump": "trick_void", "heading": "beat_led_card"}),
    ("bierspiel", {"blind_lead_no_trump": "reveal_and_follow", "heading": "always_head_led_suit"}),
    ("bierspiel", {"players": 3, "forced_trump_leads": "off"}),
    ("rounce", {}),
    ("rounce", {"play_policy": "loo_strict", "trick2_no_trump": "face_down"}),
    ("rounce", {"play_policy": "loo_strict", "heading": "beat_led_card", "players": 5}),
    ("rounce", {"trick2_trump_lead": False, "heading": "always_head_led_suit", "players": 3}),
    ("rounce", {"trick2_no_trump": "face_down", "players": 7}),
]
SEEDS = range(8)
HANDS = 4
IDS = [f"{game}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'defaults'}"
       for game, options in CASES]  # fmt: skip


class Mirrors:
    """The mirrors of one game, following its current trick card by card."""

    def __init__(self, game: Game, kernels: bool) -> None:
        self.game = game
        self.kernels = kernels
        self.codec = ActionCodec(game.rules)
        self.batch: Any = None
        if kernels:
            from tricktable.batch import Batch, supported

            if supported(game.rules):
                self.batch = Batch(game.rules, 1, seed=0)

    def start_trick(self) -> None:
        """A new trick: each mirror takes the position from the engine."""
        game = self.game
        position = position_from_game(game)
        self.searcher = Searcher(position, tt_bits=1)
        self.state = self.searcher._root_state()
        if self.kernels:
            self.solver_kernel = SolverKernel(position)
            if self.batch is not None:
                self.batch.load(game)

    def check_card(self, mask: int) -> None:
        """The seat to move may play ``mask`` (the engine's legal cards): so say the mirrors."""
        game = self.game
        hand, index = game.hands[game.to_move], len(game.tricks)
        count = len(game.trick.cards)
        assert legal_mask(game.play_rules, hand, game.trick, game.table, index) == mask
        assert self.searcher._legal(hand, count, self.state, index) == mask
        if self.kernels:
            assert self.solver_kernel.legal(hand) == mask
            if self.batch is not None:
                legal = {self.codec.encode(a) for a in game.legal_actions()}
                assert set(np.flatnonzero(self.batch.legal_masks()[0])) == legal

    def play(self, action: tt.Action, card: int, hand: int) -> int | None:
        """Play ``card`` (the exact bit, from ``hand``) in every mirror; at the end of the
        trick, the winner each says (None while the trick goes on)."""
        game = self.game
        seat, count, index = game.to_move, len(game.trick.cards), len(game.tricks)
        assert seat is not None
        searcher = self.searcher
        self.state = searcher._add(seat, card, count, self.state, hand, index)
        searcher.played.append(card)
        winners: set[int] = set()
        done = count + 1 == searcher.size
        if done:
            winners.add(searcher._winner(self.state))
        if self.kernels:
            taken = self.solver_kernel.play(card, hand)
            if done:
                winners.add(taken)
            if self.batch is not None:
                from tricktable.batch import layout

                self.batch.step(np.array([self.codec.encode(action)]))
                if done:
                    winners.add(int(self.batch.states[0][layout.LAST_WINNER]))
        if not done:
            return None
        assert len(winners) == 1, winners
        return winners.pop()


class SolverKernel:
    """The solver kernel's own play of one trick: its move generation (``_legal``) and its
    card play and trick winner (``_play``, ``_taker``), on the frames the search uses."""

    def __init__(self, position: Any) -> None:
        from tricktable.solver import fast

        self.kernel, self.search = fast._kernel()
        self.position = position
        packed = fast._pack(position)
        self.compact = packed["compact"]
        self.static = tuple(packed[name] for name in fast._STATIC)
        tables = fast._tables(position.players, fast._table_bits(position))
        self.work = (packed["hands"], *(packed[name] for name in fast._WORK), tables.arrays,
                     np.zeros(2, dtype=np.int64))  # fmt: skip
        self.frame = packed["frame"]
        root = (position.to_move, len(position.trick.cards), position.trick_number,
                *fast._root_state(position, self.compact))  # fmt: skip
        self.depth = 0
        for i, value in enumerate(root):
            self.frame[0, i] = int(value)

    def _squeeze(self, mask: int) -> int:
        from tricktable.solver import fast

        return fast._signed(fast._squeeze(mask, self.compact))

    def legal(self, hand: int) -> int:
        s, f, d = self.search, self.frame, self.depth
        legal = self.kernel._legal(
            self._squeeze(hand), f[d, s.COUNT], f[d, s.LED], f[d, s.BEST], f[d, s.FIRST],
            f[d, s.BLIND_LEAD] != 0, f[d, s.BEST_LED], f[d, s.TRICK], self.static[0],
            self.static[10], self.static[3], self.static[8],
        )  # fmt: skip
        cards = [card for card, n in self.compact.items() if int(legal) >> n & 1]
        return sum(1 << card for card in cards)

    def play(self, card: int, hand: int) -> int:
        """Play ``card``; the seat that takes the trick if it is complete now."""
        s, f, d = self.search, self.frame, self.depth
        self.work[0][f[d, s.SEAT]] = self._squeeze(hand)
        f[d, s.HAND] = self._squeeze(hand)
        self.work[2][d, 0] = self.compact[card]
        f[d, s.J] = 0
        self.search._play(d, self.static, self.work)
        self.depth += 1
        return int(self.search._taker(d, d + 1, self.static, self.work))


def _played_bit(game: Game, action: tt.Action) -> int:
    """The exact card an action plays: the first copy of a pinochle card if the hand holds it
    (as the engine plays it), else the second."""
    card = action.cards[0]
    return card if game.hands[game.to_move] >> card & 1 else card + COPY_STRIDE  # type: ignore[index]


def _engine_winner(game: Game, action: tt.Action, card: int, hand: int) -> tuple[int | None, bool]:
    """Apply ``action`` in the engine; (the winner of the trick it completed, or None while
    it goes on; whether the trick was led face down). The winner is the engine's own, read
    from the finished trick (-1: a void trick), and checked against resolve_winner."""
    tricks, before = game.tricks, len(game.tricks)
    rules, table = game.play_rules, game.table
    assert table is not None
    blind = not game.trick.cards and is_blind_lead(rules, hand, table, before)
    game.apply(action)
    if len(tricks) == before:
        return None, blind
    trick = tricks[before]
    resolved = resolve_winner(rules, trick, table) if trick.down & 1 else trick.winner
    assert trick.winner == (-1 if resolved is None else resolved)
    assert trick.cards[-1] == card
    return trick.winner, bool(trick.down & 1)


def run(name: str, options: dict[str, Any], seed: int, kernels: bool) -> dict[str, int]:
    """Random play of ``HANDS`` hands with every mirror checked; counts of what was seen."""
    game = tt.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    mirrors = Mirrors(game, kernels)
    seen = {"cards": 0, "tricks": 0, "face_down": 0}
    last = game.hand_number + HANDS
    while not game.is_over and game.hand_number < last:
        if game.phase is not Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
            continue
        if not game.trick.cards:
            mirrors.start_trick()
        mask = game.legal_mask()  # found by the engine's quick path where it applies
        mirrors.check_card(mask)
        action = rng.choice(game.legal_actions())
        card, hand = _played_bit(game, action), game.hands[game.to_move]  # type: ignore[index]
        assert mask >> card & 1
        said = mirrors.play(action, card, hand)
        winner, down = _engine_winner(game, action, card, hand)
        assert said == winner
        seen["cards"] += 1
        seen["tricks"] += winner is not None
        seen["face_down"] += down and winner is not None
    return seen


def _numba() -> bool:
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_python_mirrors_agree_with_the_engine(name: str, options: dict[str, Any]) -> None:
    for seed in SEEDS:
        seen = run(name, options, seed, kernels=False)
        assert seen["tricks"] > 0


@pytest.mark.skipif(not _numba(), reason="numba is not installed (the [fast] extra)")
@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_kernel_mirrors_agree_with_the_engine(name: str, options: dict[str, Any]) -> None:
    for seed in SEEDS:
        seen = run(name, options, seed, kernels=True)
        assert seen["tricks"] > 0


def test_the_face_down_leads_are_played() -> None:
    """Bierspiel's forced trump leads and Rounce's second trick are led face down by a leader
    without trump often enough for random play to check them."""
    blind = ("leader_wins", "trick_void", "reveal_and_follow")
    down = sum(
        run("bierspiel", {"blind_lead_no_trump": b}, seed, kernels=False)["face_down"]
        for b in blind
        for seed in range(6)
    )
    rounce = sum(
        run("rounce", {"trick2_no_trump": "face_down"}, seed, kernels=False)["face_down"]
        for seed in range(6)
    )
    assert down > 0 and rounce > 0
