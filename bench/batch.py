"""Batched engine speed: random full hands per second on one core, beside OpenSpiel.

For each game the batch engine deals and plays out batches of hands with uniformly random legal
actions (misdeals redealt, as in the reference engine); OpenSpiel's ``euchre`` is driven from
Python exactly as in ``bench/engine.py`` (a random legal action at every decision, chance nodes
sampled). Rates are per second of this process's CPU time, as in ``bench/engine.py``, so that
other processes on a shared machine count against neither side. Rounds alternate between the
two so both see the same machine load; the medians and their ratio are printed. The first call
of each game compiles its kernel (kept on disk), and is not timed. Last, the Gymnasium vector
env's steps per second (256 sub-environments, the learner choosing uniformly among its legal
actions, the other seats played by the random policy).

    python bench/batch.py [--seconds 2] [--rounds 3] [--game hasenpfeffer ...] [--option k=v]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from engine import openspiel_hands

import tricktable as tt
from tricktable.batch import Batch, supported

BATCH = 1 << 14


def batch_hands(batch: Batch, seconds: float) -> float:
    """Random hands per second: deal and play out whole batches until ``seconds`` pass."""
    hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        batch.deal()
        batch.play_out("random")
        hands += batch.games
    return hands / (time.process_time() - start)


def vector_steps(game: str, seconds: float, envs: int = 256) -> float | None:
    """Learner steps per second of the vector env (every sub-environment steps once a step)."""
    try:
        from tricktable.envs.vector_env import BatchVectorEnv
    except ImportError:
        return None
    env = BatchVectorEnv(game, num_envs=envs, seed=1)
    env.reset(seed=1)
    rng = np.random.default_rng(0)

    def step() -> None:
        masks = env.action_masks()
        env.step(np.argmax(rng.random(masks.shape) * masks, axis=1))

    step()  # compiles the env's kernels (or loads them from the disk cache) before the clock
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        step()
        steps += envs
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", default=[])
    parser.add_argument("--option", action="append", default=[], metavar="K=V")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    games = args.game or [name for name in tt.GAME_NAMES if supported(name)]
    batches = {name: Batch(tt.rules(name, **options), BATCH, seed=1) for name in games}
    for batch in batches.values():  # compile (or load) every kernel before timing
        batch.deal()
        batch.play_out("random")
    ours: dict[str, list[float]] = {name: [] for name in games}
    theirs: list[float] = []
    for _ in range(args.rounds):
        for name, batch in batches.items():
            ours[name].append(batch_hands(batch, args.seconds))
        value = openspiel_hands(args.seconds)
        if value is not None:
            theirs.append(value)
    anchor = statistics.median(theirs) if theirs else None
    if anchor is None:
        print("OpenSpiel not installed (pip install open-spiel): no ratio")
    else:
        print(f"OpenSpiel euchre from Python: {anchor:12,.0f} random hands/s")
    for name in games:
        mine = statistics.median(ours[name])
        ratio = f"  {mine / anchor:6.1f}x OpenSpiel" if anchor else ""
        print(f"batch {name:<22} {mine:12,.0f} random hands/s{ratio}")
    if anchor:
        print("target: >= 10x for hasenpfeffer")
    for name in games:
        rate = vector_steps(name, args.seconds)
        if rate is None:
            print("Gymnasium not installed (pip install tricktable[rl]): no vector env figure")
            break
        print(f"vector env {name:<17} {rate:12,.0f} learner steps/s (256 envs)")


if __name__ == "__main__":
    main()
