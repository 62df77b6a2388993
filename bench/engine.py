"""Engine speed: random full hands per second through the public API, beside OpenSpiel.

Both engines are driven the same way from Python: at every decision take the legal actions and
apply a uniformly random one (OpenSpiel's chance nodes — the deal — are sampled the same way).
One OpenSpiel ``euchre`` game is one hand, read to its returns (the score); for tricktable we
count hands completed in a long game, each dealt, bid, played and scored (misdeals and
thrown-in hands included): a row for Euchre (the same game on both sides) and one for Single
Hasenpfeffer. Rates are per second of this process's CPU time, so that other processes
on a shared machine do not count against either engine.

    python bench/engine.py [--seconds 3] [--rounds 3] [--game euchre --game hasenpfeffer]
                           [--option k=v]

The engine runs as built: pure Python, or compiled after ``tricktable compile`` (the first
line says which). Prints hands/s for each engine (median of alternating rounds) and each row's
ratio tricktable / OpenSpiel,
then the cost of undoable card play for search: push + pop of one card played within a hand,
through push(action) and through the integer path push_card(bit).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import tricktable as tt
from tricktable.compiled import compiled_modules


def tricktable_hands(seconds: float, game_name: str, options: dict[str, str]) -> float:
    """Random hands per second of ``game_name`` through apply() and legal_actions()."""
    rng = random.Random(1)
    hands = 0
    start = time.process_time()
    deadline = start + seconds
    seed = 0
    while time.process_time() < deadline:
        seed += 1
        game = tt.new_game(game_name, seed=seed, **options)
        legal, apply, choice = game.legal_actions, game.apply, rng.choice
        while not game.is_over and len(game.results) < 200:
            apply(choice(legal()))
        hands += len(game.results)
    return hands / (time.process_time() - start)


def push_pop_microseconds(
    seconds: float, game_name: str, options: dict[str, str]
) -> tuple[float, float]:
    """Microseconds per card for push(action) + pop() and for push_card(bit) + pop().

    Random positions at the first lead of a hand; each plays a random line of the hand's cards
    but the last (which scores the hand and deals the next one) and takes them all back. The
    line is chosen beforehand, so only pushing and popping are timed.
    """
    rng = random.Random(2)
    lines: list[tuple[tt.Game, list[tt.Action], list[int]]] = []
    for seed in range(1, 41):
        game = tt.new_game(game_name, seed=seed, **options)
        while game.phase != "play":
            game.apply(rng.choice(game.legal_actions()))
        start = game.copy()
        actions, bits = [], []
        while True:
            action = rng.choice(game.legal_actions())
            hand_before = game.hand_number
            twin = game.copy()
            twin.apply(action)
            if twin.hand_number != hand_before or twin.is_over:
                break
            seat = game.to_move
            assert seat is not None
            card = action.cards[0]
            bits.append(card if game.hands[seat] >> card & 1 else card + 64)
            actions.append(action)
            game.apply(action)
        lines.append((start, actions, bits))
    per_action = _timed(seconds / 2, lines, lambda game, line: [game.push(a) for a in line[0]])
    per_bit = _timed(seconds / 2, lines, lambda game, line: [game.push_card(b) for b in line[1]])
    return per_action, per_bit


def _timed(
    seconds: float,
    lines: list[tuple[tt.Game, list[tt.Action], list[int]]],
    push_all: Callable[[tt.Game, tuple[list[tt.Action], list[int]]], object],
) -> float:
    cards = 0
    elapsed = 0.0
    while elapsed < seconds:
        for game, actions, bits in lines:
            start = time.perf_counter()
            push_all(game, (actions, bits))
            for _ in actions:
                game.pop()
            elapsed += time.perf_counter() - start
            cards += len(actions)
    return elapsed / cards * 1e6


def openspiel_hands(seconds: float) -> float | None:
    """Random euchre games (one hand each) per second through pyspiel, or None without it."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    rng = random.Random(1)
    hands = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        state.returns()  # the hand's score, as tricktable scores every hand
        hands += 1
    return hands / (time.process_time() - start)


TARGETS = {"euchre": 1.0, "hasenpfeffer": 0.9}
"""The ratio each row must reach in pure Python (design.md; compiled: 1.3 both): Euchre is the
same game on both sides."""
COMPILED_TARGET = 1.3
PUSH_POP_TARGET = {False: 1.5, True: 0.8}
"""Microseconds a card for push + pop (design.md), pure Python and compiled."""


def interleaved_medians(
    rounds: int, ours: dict[str, Callable[[], float]], theirs: Callable[[], float | None]
) -> tuple[dict[str, float], float | None]:
    """Medians of alternating rounds (each of our games, then OpenSpiel), so every engine sees
    the same machine load."""
    mine: dict[str, list[float]] = {name: [] for name in ours}
    other: list[float] = []
    for _ in range(rounds):
        for name, measure in ours.items():
            mine[name].append(measure())
        value = theirs()
        if value is not None:
            other.append(value)
    medians = {name: statistics.median(values) for name, values in mine.items()}
    return medians, statistics.median(other) if other else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", default=[], metavar="NAME",
                        help="a row (repeatable; default: euchre and hasenpfeffer)")  # fmt: skip
    parser.add_argument("--option", action="append", default=[], metavar="K=V")
    args = parser.parse_args()
    games = args.game or ["euchre", "hasenpfeffer"]
    options = dict(item.split("=", 1) for item in args.option)
    options.setdefault("target_score", "1000")
    ours, theirs = interleaved_medians(
        args.rounds,
        {name: _measure(args.seconds, name, options) for name in games},
        lambda: openspiel_hands(args.seconds),
    )
    built = compiled_modules()
    print(f"engine: compiled, {len(built)} modules" if built else "engine: pure Python")
    for name, rate in ours.items():
        print(f"tricktable {name}: {rate:,.0f} random hands/s")
    if theirs is None:
        print("OpenSpiel not installed (pip install open-spiel): no ratio")
    else:
        print(f"OpenSpiel euchre: {theirs:,.0f} random hands/s")
        for name, rate in ours.items():
            wanted = COMPILED_TARGET if built else TARGETS.get(name)
            target = f" (target >= {wanted}x)" if wanted is not None else ""
            print(f"ratio tricktable {name} / OpenSpiel euchre: {rate / theirs:.2f}x{target}")
    for name in games:
        by_action, by_bit = push_pop_microseconds(args.seconds, name, options)
        print(f"{name} push+pop per card: {by_action:.2f} us (push_card+pop: {by_bit:.2f} us; "
              f"target <= {PUSH_POP_TARGET[bool(built)]} us)")  # fmt: skip


def _measure(seconds: float, name: str, options: dict[str, str]) -> Callable[[], float]:
    return lambda: tricktable_hands(seconds, name, options)


if __name__ == "__main__":
    main()
