"""The bots' ladder: every game, each level against the one below, with 95 % intervals.

Rows, per game: ``medium`` vs ``easy``, ``learned`` vs ``heuristic``, ``hard`` vs ``medium``,
``expert`` vs ``hard`` (the arena: whole games on duplicate deals, seats rotated), and ``hard``
vs OpenSpiel's ISMCTS at equal time (``bench/strength.py``'s duel, hands). Search levels play
with **fixed sample budgets** (their time caps lifted), so a figure does not depend on the
machine's load; the time columns are each bot's mean and longest decision in the run.

    python bench/ladder.py [--games hasenpfeffer,rams] [--deals 50] [--ismcts-deals 20]
                           [--rows learned,hard,expert,medium,ismcts] [--workers 2]
                           [--seed 500000] [--markdown FILE]

Deals come from ``--seed`` on (keep them apart from the seeds labels are made from). Prints a
markdown table (also written to ``--markdown``), the one ``docs/bots.md`` shows.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from strength import calibrate, play_duplicate  # type: ignore[import-not-found]

from tricktable.arena import run_arena, wilson_ci
from tricktable.envs import openspiel as tos
from tricktable.games import GAME_NAMES
from tricktable.games import rules as make_rules

FIXED = "time_limit=1e9"
"""Lifts a search level's time cap: its budget is its samples alone."""
PAIRS: dict[str, tuple[str, str]] = {
    "medium": ("medium", "easy"),
    "learned": ("learned", "heuristic"),
    "hard": (f"hard:{FIXED}", "medium"),
    "expert": (f"expert:{FIXED}", f"hard:{FIXED}"),
}
Row = tuple[str, str, int, float, float, float, float, float]


def arena_row(game: str, row: str, deals: int, seed: int, workers: int) -> Row:
    ours, theirs = PAIRS[row]
    result = run_arena(game, [ours, theirs], deals, seed=seed, mode="game", workers=workers)
    summary = result.summaries()[0]
    rate, low, high = wilson_ci(summary.win_rate * summary.plays, summary.plays)
    label = f"{ours.split(':')[0]} vs {theirs.split(':')[0]}"
    return (game, label, summary.plays, rate, low, high, summary.mean_decision,
            summary.worst_decision)  # fmt: skip


def _duel(job: tuple[str, int, int, float]) -> tuple[list[float], list[float]]:
    rules_text, sims, deal, seconds = job
    spiel_game = tos.load_game(make_rules(rules_text), episode="hand", deal_seeds=100_000)
    shares, times = play_duplicate(spiel_game, f"hard:{FIXED}", seconds, sims, deal)
    return shares, times


def ismcts_row(game: str, deals: int, seed: int, workers: int, seconds: float) -> Row:
    """``hard`` (fixed samples) against OpenSpiel ISMCTS given the time ``hard`` spends."""
    spiel_game = tos.load_game(make_rules(game), episode="hand", deal_seeds=100_000)
    sims = calibrate(spiel_game, seconds)
    chosen = random.Random(seed).sample(range(100_000), deals)
    jobs = [(game, sims, deal, seconds) for deal in chosen]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(_duel, jobs))
    shares = [s for deal_shares, _ in results for s in deal_shares]
    times = [t for _, deal_times in results for t in deal_times] or [0.0]
    rate, low, high = wilson_ci(sum(shares), len(shares))
    return (game, f"hard vs ISMCTS ({sims} sims, hands)", len(shares), rate, low, high,
            sum(times) / len(times), max(times))  # fmt: skip


def table(rows: list[Row]) -> str:
    lines = ["| game | pair | plays | won | 95 % CI | mean decision | worst |",
             "|---|---|---:|---:|---|---:|---:|"]  # fmt: skip
    for game, label, plays, rate, low, high, mean, worst in rows:
        lines.append(f"| {game} | {label} | {plays} | {rate:.1%} | {low:.1%} – {high:.1%} | "
                     f"{mean * 1000:.1f} ms | {worst:.2f} s |")  # fmt: skip
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    parser.add_argument("--rows", default="medium,learned,hard,expert,ismcts")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--ismcts-deals", type=int, default=20)
    parser.add_argument("--ismcts-seconds", type=float, default=0.5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=500_000)
    parser.add_argument("--markdown", type=Path, default=None)
    args = parser.parse_args()
    rows: list[Row] = []
    start = time.perf_counter()
    for game in args.games.split(","):
        for row in args.rows.split(","):
            if row == "ismcts":
                found = ismcts_row(game, args.ismcts_deals, args.seed, args.workers,
                                   args.ismcts_seconds)  # fmt: skip
            else:
                found = arena_row(game, row, args.deals, args.seed, args.workers)
            rows.append(found)
            print(table(rows[-1:]).splitlines()[-1], flush=True)
    text = table(rows)
    print(f"\n{text}\n\n{time.perf_counter() - start:.0f} s")
    if args.markdown is not None:
        args.markdown.write_text(text + "\n")


if __name__ == "__main__":
    main()
