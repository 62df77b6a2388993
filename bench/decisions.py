"""A bot's decisions in CPU time: mean, median, 99th percentile and worst, per phase.

Wall-clock decision times (the arena's) say more about the machine's load than about the bot;
this times each decision with ``time.process_time`` (the process's own CPU), over whole games in
which the bot takes every seat, and loads the bot's weights before the first timed decision.

    python bench/decisions.py [--games hasenpfeffer,rams] [--bot learned] [--count 40]
                              [--seed 900000]

Prints one markdown row per game and phase.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from tricktable.bots import make_bot
from tricktable.engine import Game
from tricktable.games import GAME_NAMES
from tricktable.games import rules as make_rules


def time_games(game: str, bot_name: str, count: int, seed: int) -> dict[str, list[float]]:
    """Each phase's decision CPU times (seconds) over ``count`` whole games of ``game``."""
    rules = make_rules(game)
    bots = [make_bot(bot_name, seed=seed + seat) for seat in range(rules.flow.players)]
    times: dict[str, list[float]] = defaultdict(list)
    for number in range(count):
        state = Game(rules, seed=seed + number)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            start = time.process_time()
            action = bots[seat].choose(view)
            times[view.phase.value].append(time.process_time() - start)
            state.apply(action)
    return times


def row(game: str, phase: str, found: list[float]) -> str:
    ordered = sorted(found)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"| {game} | {phase} | {len(found)} | {statistics.fmean(found) * 1000:.2f} ms | "
            f"{statistics.median(found) * 1000:.2f} ms | {p99 * 1000:.2f} ms | "
            f"{ordered[-1] * 1000:.1f} ms |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    parser.add_argument("--bot", default="learned")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=900_000)
    args = parser.parse_args()
    print("| game | phase | decisions | mean | median | p99 | worst |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for game in args.games.split(","):
        times = time_games(game, args.bot, args.count, args.seed)
        everything = [t for found in times.values() for t in found]
        for phase, found in sorted(times.items()):
            print(row(game, phase, found), flush=True)
        print(row(game, "all", everything), flush=True)


if __name__ == "__main__":
    main()
