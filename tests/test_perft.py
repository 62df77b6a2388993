"""Perft counts (tests/data/perft/*.perft): legal action sequences to a depth from fixed deals.

A changed count means the legal actions changed somewhere below that position; a failure
prints the count per first action so the branch can be found.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import tricktable as tt
from support import perft

DATA = Path(__file__).parent / "data" / "perft"


@dataclass
class Position:
    name: str
    rules: str = ""
    seed: int = 0
    dealer: int = 0
    deal: str = ""
    setup: list[str] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)

    def game(self) -> tt.Game:
        game = tt.new_game(self.rules, seed=self.seed, dealer=self.dealer, deal=self.deal)
        for text in self.setup:
            game.apply(text)
        return game


def read_positions(path: Path) -> Iterator[Position]:
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = [ln for ln in block.splitlines() if ln.strip() and not ln.startswith("#")]
        if not lines:
            continue
        fields = dict(line.split(": ", 1) for line in lines if ": " in line)
        position = Position(fields["name"], fields["rules"], int(fields["seed"]),
                            int(fields["dealer"]), fields["deal"])  # fmt: skip
        position.setup = [t.strip() for t in fields.get("setup", "").split(";") if t.strip()]
        for line in lines:
            if line.startswith("perft "):
                _, depth, count = line.split()
                position.counts[int(depth)] = int(count)
        yield position


def perft_by_copy(game: tt.Game, depth: int) -> int:
    """The same count through copy() and the checked apply()."""
    if depth == 0 or game.is_over:
        return 1
    total = 0
    for action in game.legal_actions():
        child = game.copy()
        child.apply(action)
        total += perft_by_copy(child, depth - 1)
    return total


def divide(game: tt.Game, depth: int) -> dict[str, int]:
    out = {}
    for action in game.legal_actions():
        game.push(action)
        out[str(action)] = perft(game, depth - 1)
        game.pop()
    return out


POSITIONS = [p for path in sorted(DATA.glob("*.perft")) for p in read_positions(path)]


def _named(name: str) -> Position:
    return next(p for p in POSITIONS if p.name == name)


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_perft_counts(position: Position) -> None:
    assert position.counts, f"{position.name}: no counts pinned"
    game = position.game()
    before = game.record()
    for depth, expected in sorted(position.counts.items()):
        got = perft(game, depth)
        assert got == expected, f"depth {depth}: {got} != {expected}; per first action: " \
            f"{divide(game, depth)}"  # fmt: skip
    assert game.record() == before  # push/pop left the game as it was
    shallow = min(3, max(position.counts))
    assert perft_by_copy(game, shallow) == position.counts[shallow]


def test_perft_by_hand_small_counts() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0,
                       deal=_named("auction from the deal").deal)  # fmt: skip
    assert perft(game, 1) == 7  # pass, bid 1..6
    # pass -> 7; bid n -> pass + bids above n (bid 6 ends the auction: 4 trump choices)
    assert perft(game, 2) == 7 + sum(1 + (6 - n) for n in range(1, 6)) + 4


def test_every_registered_game_has_perft_positions() -> None:
    covered = {tt.rules(p.rules).name for p in POSITIONS}
    assert covered == set(tt.GAME_NAMES)


def test_euchre_perft_by_hand_small_counts() -> None:
    game = _named("euchre: the first round from the deal").game()
    assert perft(game, 1) == 2  # pass, order-up
    assert perft(game, 2) == 2 + 5  # the next seat's pass or order-up; the dealer's 5 discards
