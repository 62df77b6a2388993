"""Inference: how well each model of the other seats predicts what players really did.

Plays ``--games`` whole games of held-out deals with ``--players`` at every seat and, at every
call (bids, trump, discards, declarations, exchanges; with ``--cards`` the cards too) where a
seat had a choice, scores the action actually taken under three models of that seat, each as
a probability distribution over its legal actions:

* ``uniform``: every legal action alike (no inference);
* ``model``: the heuristic strategy's choice weighted 1, every other ``MISMATCH`` (today's
  weighting of sampled worlds, normalised);
* ``policy``: the learned policy's softmax (floored as the judge floors it, normalised).

Prints the mean log-likelihood per action (higher is better) for each, per phase and in all.

    python bench/inference.py [--game hasenpfeffer] [--weights DIR] [--games 20]
                              [--players pimc:samples=8:time_limit=1e9] [--cards]
                              [--seed 700000]
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict

from tricktable.actions import Kind
from tricktable.bots import make_bot
from tricktable.bots.heuristic import strategy_for
from tricktable.bots.inference import FLOOR, MISMATCH
from tricktable.bots.learned import evaluator_for
from tricktable.engine import Game
from tricktable.games import rules as make_rules
from tricktable.view import View


def model_probability(view: View, taken: str) -> float:
    own = str(strategy_for(view.rules.name)(view, random.Random(0)))
    total = 1.0 + MISMATCH * (len(view.legal) - 1)
    return (1.0 if taken == own else MISMATCH) / total


def policy_probability(view: View, taken: str, weights: str | None) -> float | None:
    evaluator = evaluator_for(view, weights)
    if evaluator is None:
        return None
    floored = {a: max(p, FLOOR) for a, p in evaluator.probabilities(view).items()}
    return floored.get(taken, FLOOR) / sum(floored.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hasenpfeffer")
    parser.add_argument("--weights", default=None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", default="pimc:samples=8:time_limit=1e9")
    parser.add_argument("--cards", action="store_true")
    parser.add_argument("--seed", type=int, default=700_000)
    args = parser.parse_args()
    from tricktable.arena import parse_bot_spec

    rules = make_rules(args.game)
    name, params = parse_bot_spec(args.players)
    sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for number in range(args.games):
        game = Game(rules, seed=args.seed + number)
        bots = [make_bot(name, seed=args.seed + 10 * number + s, **params)
                for s in range(rules.flow.players)]  # fmt: skip
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            action = bots[seat].choose(view)
            if len(view.legal) > 1 and (args.cards or action.kind is not Kind.PLAY):
                score(sums, view, str(action), args.weights)
            game.apply(action)
    report(sums)


def score(sums: dict[str, dict[str, float]], view: View, taken: str, weights: str | None) -> None:
    policy = policy_probability(view, taken, weights)
    if policy is None:
        return  # no network takes this decision: nothing to compare
    for key in (view.phase.value, "all"):
        row = sums[key]
        row["n"] += 1
        row["uniform"] += -math.log(len(view.legal))
        row["model"] += math.log(model_probability(view, taken))
        row["policy"] += math.log(policy)


def report(sums: dict[str, dict[str, float]]) -> None:
    print("| phase | actions | uniform | model | policy |")
    print("|---|---:|---:|---:|---:|")
    for phase, row in sorted(sums.items(), key=lambda item: item[0] == "all"):
        n = row["n"]
        print(f"| {phase} | {n:.0f} | {row['uniform'] / n:.3f} | {row['model'] / n:.3f} | "
              f"{row['policy'] / n:.3f} |")  # fmt: skip


if __name__ == "__main__":
    main()
