"""Information-set Monte Carlo tree search (single observer).

One tree over the *bot's* information: nodes are action sequences from the current decision,
shared by every determinization. Each iteration takes a world consistent with the view
(:mod:`tricktable.resample`; a small pool is drawn once and cycled), walks the tree choosing
among the actions legal in that world by UCB with availability counts (an action only
competes in the iterations where it was possible), adds one node, plays the hand out fast
(:mod:`.playout`) and credits every node with the hand's value to the seat that chose it. The
most visited action at the root wins. Playouts are greedy by default; with
``heuristic_rollouts=True`` every seat plays them as the heuristic bot would (slower, fewer
iterations in the time, but each values a line as a sound player would finish it).

Budgets are iterations with a time cap; under the cap the bot is deterministic for its seed and
the view.
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action
from ..engine import Game
from ..resample import Resampler, SamplingError
from ..view import View
from .base import decision_random
from .playout import hand_values, playout
from .random_bot import require_legal

__all__ = ["IsmctsBot", "Node"]

SAMPLE_ATTEMPTS = 200


class Node:
    """A tree node: reached by ``seat``'s action; statistics from that seat's point of view."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 1
        self.total = 0.0

    def ucb(self, explore: float, scale: float) -> float:
        exploit = self.total / (self.visits * scale)
        return exploit + explore * math.sqrt(math.log(self.available) / self.visits)


class IsmctsBot:
    """Single-observer ISMCTS over determinizations sampled from the view."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 600,
        time_limit: float = 0.9,
        determinizations: int = 24,
        explore: float = 0.7,
        *,
        heuristic_rollouts: bool = False,
    ) -> None:
        self.seed = seed
        self.iterations = iterations
        self.time_limit = time_limit
        self.determinizations = determinizations
        self.explore = explore
        self.heuristic_rollouts = heuristic_rollouts

    def choose(self, view: View) -> Action:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        root = self.search(view)
        return max(legal, key=lambda a: _visits(root, str(a)))

    def search(self, view: View) -> Node:
        """The search tree after the budget is spent (the root's children: legal actions)."""
        rng = decision_random(self.seed, view)
        pool = self._pool(view, rng)
        root = Node(-1)
        deadline = time.monotonic() + self.time_limit
        scale = [1.0]
        for done in range(self.iterations):
            if done and time.monotonic() > deadline:
                break
            self._iterate(pool[done % len(pool)], root, rng, scale)
        return root

    def _pool(self, view: View, rng: random.Random) -> list[Game]:
        worlds = Resampler(view, SAMPLE_ATTEMPTS)
        pool = []
        for _ in range(max(1, self.determinizations)):
            try:
                pool.append(worlds.sample(rng))
            except SamplingError:
                break
        if not pool:
            raise SamplingError(f"no deal fits the view of seat {view.seat}")
        return pool

    def _iterate(self, game: Game, root: Node, rng: random.Random, scale: list[float]) -> None:
        before, mark, hand = game.scores, len(game.log), game.hand_number
        path = self._descend(game, root, rng, scale[0], hand)
        playout(game, rng, hand, heuristic=self.heuristic_rollouts)
        values = hand_values(game, before)
        scale[0] = max(scale[0], *(abs(v) for v in values))
        for node in path:
            node.visits += 1
            node.total += values[node.seat]
        while len(game.log) > mark:
            game.pop()

    def _descend(
        self, game: Game, node: Node, rng: random.Random, scale: float, hand: int
    ) -> list[Node]:
        path: list[Node] = []
        while not game.is_over and game.hand_number == hand:
            legal = game.legal_actions()
            seat = game.to_move
            assert seat is not None
            untried = [a for a in legal if str(a) not in node.children]
            for action in legal:
                child = node.children.get(str(action))
                if child is not None:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                node.children[str(action)] = child = Node(seat)
                game.push(action)
                path.append(child)
                return path
            action = max(legal, key=lambda a: node.children[str(a)].ucb(self.explore, scale))
            node = node.children[str(action)]
            game.push(action)
            path.append(node)
        return path


def _visits(root: Node, text: str) -> int:
    child = root.children.get(text)
    return child.visits if child is not None else -1
