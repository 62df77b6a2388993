"""Solver speed: the same seeded bridge deals solved by DDS and by tricktable, in one run.

Bridge deals (whist rules, every card of the player on lead scored) go to DDS through the
``endplay`` package and to :func:`tricktable.solver.solve`; every trick count must agree. Then
full Double Hasenpfeffer deals (48-card pinochle pack with bowers, 4 hands of 12, 12 tricks) and
Single Hasenpfeffer and Rams-family deals (Rams, Rounce, Bierspiel: from a random auction,
through the game, at the first card of the hand) are timed on their own.

    python bench/solver.py [--bridge 40] [--cards 13] [--dh 10] [--dh-cards 12] [--dh-games N]
                           [--sh 40] [--rams 20]
                           [--backend auto|python|numba]

Prints per-deal times, the median and worst ratio tricktable / DDS and the median and worst
time per game. ``--cards`` and ``--dh-cards`` give shorter deals for quick comparisons.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import tricktable as tt
from tricktable.cards import DECKS, format_cards, indices_of
from tricktable.ranking import Ranking
from tricktable.solver import Backend, Position, position_from_deal, solve, whist_position

_RANKS = "23456789TJQKA"
PINOCHLE = Ranking(DECKS["pinochle48"].mask, bowers=True)


def bridge_deal(rng: random.Random, size: int) -> tuple[str, list[str]]:
    """A random deal of ``size`` cards a hand: PBN for DDS, card lists for tricktable."""
    pack = [(suit, rank) for suit in "SHDC" for rank in _RANKS]
    rng.shuffle(pack)
    hands = [pack[i * size : (i + 1) * size] for i in range(4)]

    def pbn(hand: list[tuple[str, str]]) -> str:
        ranked = sorted(hand, key=lambda c: -_RANKS.index(c[1]))
        return ".".join("".join(r for s, r in ranked if s == suit) for suit in "SHDC")

    ours = [" ".join(("10" if r == "T" else r) + s for s, r in h) for h in hands]
    return "N:" + " ".join(pbn(h) for h in hands), ours


def dds_solve(pbn: str, trump: str | None, leader: int) -> dict[str, int]:
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    deal = Deal(pbn)
    names = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", None: "nt"}
    deal.trump = getattr(Denom, names[trump])
    deal.first = Player(leader)
    out = {}
    for card, tricks in solve_board(deal):
        text = str(card)
        suit = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[text[0]]
        out[f"play {text[1:].replace('T', '10')}{suit}"] = tricks
    return out


def timed(call: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def bench_bridge(count: int, size: int, backend: Backend) -> None:
    rng = random.Random(2026)
    ratios, ours_times, dds_times = [], [], []
    dds_solve(bridge_deal(random.Random(0), size)[0], None, 0)  # DDS allocates its table once
    for number in range(count):
        pbn, hands = bridge_deal(rng, size)
        trump, leader = rng.choice(["S", "H", "D", "C", None]), rng.randrange(4)
        dds_time, expected = timed(lambda: dds_solve(pbn, trump, leader))  # noqa: B023
        position = whist_position(hands, trump=trump, leader=leader)
        our_time, got = timed(lambda: solve(position, backend=backend))  # noqa: B023
        assert isinstance(expected, dict) and isinstance(got, dict)
        agree = all(got[card] == tricks for card, tricks in expected.items())
        if not agree:
            sys.exit(f"deal {number}: tricktable {got} but DDS {expected} ({pbn}, {trump})")
        ratios.append(our_time / dds_time)
        ours_times.append(our_time)
        dds_times.append(dds_time)
        print(f"bridge {number:3d}: DDS {dds_time * 1000:8.1f} ms  tricktable "
              f"{our_time * 1000:9.1f} ms  ratio {our_time / dds_time:7.1f}",
              flush=True)  # fmt: skip
    print(f"bridge {size} cards a hand, {count} deals, every card equal to DDS: median DDS "
          f"{statistics.median(dds_times) * 1000:.1f} ms, tricktable "
          f"{statistics.median(ours_times) * 1000:.1f} ms (worst "
          f"{max(ours_times) * 1000:.1f} ms); ratio tricktable/DDS median "
          f"{statistics.median(ratios):.1f}, worst {max(ratios):.1f}")  # fmt: skip


def double_hasenpfeffer_position(rng: random.Random, size: int = 12) -> Position:
    """Four hands of ``size`` cards from the 48-card pack (12: a full deal)."""
    pack = indices_of(PINOCHLE.deck_mask)
    rng.shuffle(pack)
    text = " / ".join(format_cards(sum(1 << c for c in pack[i * 12 : i * 12 + size]))
                      for i in range(4))  # fmt: skip
    return position_from_deal(text, ranking=PINOCHLE, trump=rng.randrange(4),
                              leader=rng.randrange(4), sides=((0, 2), (1, 3)))  # fmt: skip


def game_in_play(name: str, seed: int) -> tt.Game:
    rng = random.Random(seed)
    game = tt.new_game(name, seed=seed)
    while game.phase is not tt.Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    return game


def bench_medians(label: str, count: int, make: Callable[[int], object], backend: Backend) -> None:
    times = []
    for seed in range(count):
        target = make(seed)
        assert isinstance(target, (Position, tt.Game))
        elapsed, _ = timed(lambda: solve(target, backend=backend))  # noqa: B023
        times.append(elapsed)
        print(f"{label} {seed:3d}: {elapsed * 1000:9.1f} ms", flush=True)
    print(f"{label}, {count} deals: median {statistics.median(times) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.1f} ms")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bridge", type=int, default=40, help="bridge deals (0: skip)")
    parser.add_argument("--cards", type=int, default=13, help="cards a hand in the bridge deals")
    parser.add_argument("--dh", type=int, default=10, help="Double Hasenpfeffer deals")
    parser.add_argument("--dh-cards", type=int, default=12, help="cards a hand in those deals")
    parser.add_argument(
        "--dh-games",
        type=int,
        default=None,
        help="full Double Hasenpfeffer games through the engine (default: --dh)",
    )
    parser.add_argument("--sh", type=int, default=40, help="Single Hasenpfeffer deals")
    parser.add_argument(
        "--rams",
        type=int,
        default=20,
        help="deals of each Rams-family game (Rams, Rounce, Bierspiel)",
    )
    parser.add_argument("--backend", default="auto", choices=("auto", "python", "numba"))
    args = parser.parse_args()
    backend: Backend = args.backend
    if backend != "python":
        # Load (or compile) the kernel and allocate its tables, small and big, as DDS does its
        # own before the first deal.
        solve(whist_position(["AS KS", "QS 2S", "JS 3S", "4S 5S"]), backend=backend)
        solve(whist_position(bridge_deal(random.Random(1), 9)[1]), backend=backend)
    if args.bridge:
        bench_bridge(args.bridge, args.cards, backend)
    if args.dh:
        rng = random.Random(48)
        bench_medians(f"double-hasenpfeffer ({args.dh_cards} cards a hand)", args.dh,
                      lambda _: double_hasenpfeffer_position(rng, args.dh_cards),
                      backend)  # fmt: skip
    games = args.dh if args.dh_games is None else args.dh_games
    if games and "double-hasenpfeffer" in tt.REGISTRY:
        bench_medians("double-hasenpfeffer (tt.new_game)", games,
                      lambda s: game_in_play("double-hasenpfeffer", s), backend)  # fmt: skip
    if args.sh:
        bench_medians("hasenpfeffer", args.sh, lambda s: game_in_play("hasenpfeffer", s),
                      backend)  # fmt: skip
    for name in ("rams", "rounce", "bierspiel"):
        if args.rams and name in tt.REGISTRY:
            bench_medians(name, args.rams, lambda s: game_in_play(name, s), backend)  # noqa: B023


if __name__ == "__main__":
    main()
