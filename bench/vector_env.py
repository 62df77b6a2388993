"""The Gymnasium vector env's learner steps per second on one core, beside the batch engine.

For each game: a fixed number of vector steps (every sub-environment steps once a step), the
learner choosing uniformly among its legal actions (drawn in one numpy call a step), the other
seats played by the compiled random policy. Reported per second of *this process's CPU time*
(``time.process_time``) as well as of wall-clock time, so a loaded machine changes the second
figure far more than the first; and, in the same run, the batch engine's random full hands per
CPU second (``Batch.play_out``) as the anchor. ``env.step`` alone is timed apart from the
sampler, which is the learner's cost, not the environment's.

    python bench/vector_env.py [--steps 2000] [--envs 256] [--game hasenpfeffer ...]
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

import tricktable as tt
from tricktable.batch import Batch, supported
from tricktable.envs.vector_env import BatchVectorEnv


def vector_rates(game: str, envs: int, steps: int) -> tuple[float, float, float]:
    """(env.step steps per CPU second, per wall second, whole loop steps per CPU second)."""
    env = BatchVectorEnv(game, num_envs=envs, seed=1)
    env.reset(seed=1)
    rng = np.random.default_rng(0)

    def choose() -> np.ndarray:
        masks = env.action_masks()
        return np.argmax(rng.random(masks.shape) * masks, axis=1)

    env.step(choose())  # compiles the kernels (or loads them from the disk cache)
    in_step_cpu = in_step_wall = 0.0
    loop_start = time.process_time()
    for _ in range(steps):
        actions = choose()
        cpu, wall = time.process_time(), time.perf_counter()
        env.step(actions)
        in_step_cpu += time.process_time() - cpu
        in_step_wall += time.perf_counter() - wall
    loop_cpu = time.process_time() - loop_start
    total = steps * envs
    return total / in_step_cpu, total / in_step_wall, total / loop_cpu


def batch_rate(game: str, hands: int, size: int = 1 << 12) -> float:
    """Random full hands per CPU second of the batch engine (deal + play out)."""
    batch = Batch(tt.rules(game), size, seed=1)
    batch.deal()
    batch.play_out("random")
    start = time.process_time()
    for _ in range(max(1, hands // size)):
        batch.deal()
        batch.play_out("random")
    return max(1, hands // size) * size / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="vector steps per game")
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--hands", type=int, default=1 << 18, help="batch-engine anchor hands")
    parser.add_argument("--game", action="append", default=[])
    args = parser.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    games = args.game or [name for name in tt.GAME_NAMES if supported(name)]
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for name in games:
        step_cpu, step_wall, loop_cpu = vector_rates(name, args.envs, args.steps)
        anchor = batch_rate(name, args.hands)
        print(f"vector env {name:<20} {step_cpu:11,.0f} steps/CPU-s in env.step "
              f"({step_wall:,.0f}/wall-s; {loop_cpu:,.0f}/CPU-s with the sampler); "
              f"batch engine {anchor:,.0f} random hands/CPU-s")  # fmt: skip
    print(f"load average after: {os.getloadavg()[0]:.2f}; target >= 100,000 steps/s on one core")


if __name__ == "__main__":
    main()
