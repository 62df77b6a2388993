"""Bot strength: our best bot against OpenSpiel's Python ISMCTS on our games, duplicate deals.

OpenSpiel's ``ISMCTSBot`` runs on tricktable through the OpenSpiel adapter
(:mod:`tricktable.envs.openspiel`: the python-game registration and its resampler), with random
rollouts. Time per move is made equal: OpenSpiel's simulation budget is calibrated to
``--seconds`` a move first, and our bot gets the same ``--seconds`` as its time cap. Every deal
is played twice with the sides swapped (every seat once per bot in individual games). With
``--mode hand`` (the default) a deal is one hand and a bot wins it when its side's points beat
the other side's (ties count half); with ``--mode game`` a deal is a whole game from that deal on
and a bot wins when it holds a winning seat. OpenSpiel's ISMCTS then still searches the hand in
play, with the hand's points as its reward (random rollouts of whole games can run for hundreds of
hands): each of its decisions gets a one-hand state at the game's position
(:func:`tricktable.envs.openspiel.state_at`).

    python bench/strength.py [--game hasenpfeffer] [--deals 10] [--seconds 0.5]
                             [--ismcts-seconds S] [--mode hand|game] [--ours hard]
                             [--baseline heuristic] [--option k=v] [--workers 2]

``--ismcts-seconds`` gives OpenSpiel's ISMCTS another time a move than ours (e.g. ten times
ours). Prints hands (games) won with 95 % Wilson intervals for ours vs OpenSpiel ISMCTS, our
longest and mean decision, and, with ``--baseline``, ours vs that bot (the arena's duplicate
deals). Needs the [rl] extra.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from tricktable.arena import rotations, run_arena, wilson_ci
from tricktable.bots import make_bot
from tricktable.bots.playout import hand_values
from tricktable.envs import openspiel as tos
from tricktable.games import rules as make_rules

UCT_C = 2.0


def openspiel_bot(spiel_game: Any, simulations: int, seed: int) -> Any:
    state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, state)
    bot = ismcts.ISMCTSBot(spiel_game, evaluator, UCT_C, simulations, random_state=state)
    bot.set_resampler(tos.make_resampler(seed))
    return bot


def calibrate(spiel_game: Any, seconds: float) -> int:
    """Simulations that take about ``seconds`` at a first decision of a few deals."""
    trial, spent, moves = 50, 0.0, 0
    for deal in range(3):
        state = spiel_game.new_initial_state()
        state.apply_action(deal)
        bot = openspiel_bot(spiel_game, trial, deal)
        start = time.perf_counter()
        bot.step(state)
        spent += time.perf_counter() - start
        moves += 1
    per_simulation = spent / (moves * trial)
    return max(10, int(seconds / per_simulation))


def play_duplicate(
    spiel_game: Any, ours: str, seconds: float, sims: int, deal: int, *, whole_game: bool = False
) -> tuple[list[float], list[float]]:
    """Our share of wins in each rotation of one deal (1, 0.5 or 0), and the time of each of
    our decisions that had a choice."""
    players = spiel_game.num_players()
    codec = spiel_game.config.codec
    shares, times = [], []
    for assignment in rotations(players, 2):
        state = spiel_game.new_initial_state()
        state.apply_action(deal)
        engine = state.engine
        before, hand = engine.scores, engine.hand_number
        ours_bot = make_bot(ours, seed=deal, time_limit=seconds)
        theirs = openspiel_bot(spiel_game, sims, deal)
        while not engine.is_over and (whole_game or engine.hand_number == hand):
            seat = engine.to_move
            if assignment[seat] == 0:
                view = engine.view(seat)
                start = time.perf_counter()
                action = ours_bot.choose(view)
                if len(view.legal) > 1:
                    times.append(time.perf_counter() - start)
                engine.apply(action)
            else:
                number = int(theirs.step(tos.state_at(spiel_game, engine)))
                engine.apply(codec.pick(number, engine.legal_actions()))
        if whole_game:
            shares.append(_game_share(engine.winners, assignment))
        else:
            shares.append(_share(hand_values(engine, before), assignment))
    return shares, times


def _deal_job(job: tuple[str, str, float, int, int, bool]) -> tuple[list[float], list[float]]:
    """One deal in a worker process (the OpenSpiel game is rebuilt there)."""
    rules_text, ours, seconds, sims, deal, whole_game = job
    spiel_game = tos.load_game(make_rules(rules_text), episode="hand", deal_seeds=100_000)
    return play_duplicate(spiel_game, ours, seconds, sims, deal, whole_game=whole_game)


def _game_share(winners: tuple[int, ...], assignment: tuple[int, ...]) -> float:
    holders = {assignment[seat] for seat in winners}
    return 0.5 if len(holders) != 1 else 1.0 if holders == {0} else 0.0


def _share(values: list[float], assignment: tuple[int, ...]) -> float:
    mine = [v for v, b in zip(values, assignment, strict=True) if b == 0]
    other = [v for v, b in zip(values, assignment, strict=True) if b == 1]
    ours, theirs = sum(mine) / len(mine), sum(other) / len(other)
    return 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0


def report(label: str, wins: float, plays: int, unit: str = "hands") -> None:
    rate, low, high = wilson_ci(wins, plays)
    print(f"{label}: {rate:.1%} of {plays} {unit} won (95 % CI {low:.1%} - {high:.1%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hasenpfeffer")
    parser.add_argument("--option", "-o", action="append", default=[])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--ismcts-seconds", type=float, default=None)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ours", default="hard")
    parser.add_argument("--baseline", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mode", choices=["hand", "game"], default="hand")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    rules = make_rules(args.game, **options)
    whole_game = args.mode == "game"
    spiel_game = tos.load_game(rules, episode="hand", deal_seeds=100_000)
    theirs = args.seconds if args.ismcts_seconds is None else args.ismcts_seconds
    sims = calibrate(spiel_game, theirs)
    print(f"{rules}: {args.ours} ({args.seconds} s cap) vs OpenSpiel ISMCTS "
          f"({sims} simulations ≈ {theirs} s)")  # fmt: skip
    deals = random.Random(args.seed).sample(range(100_000), args.deals)
    jobs = [(str(rules), args.ours, args.seconds, sims, deal, whole_game) for deal in deals]
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        results = list(pool.map(_deal_job, jobs))
    shares = [share for deal_shares, _ in results for share in deal_shares]
    times = [t for _, deal_times in results for t in deal_times]
    unit = f"{args.mode}s"
    report(f"{args.ours} vs OpenSpiel ISMCTS", sum(shares), len(shares), unit)
    if times:
        print(f"{args.ours}: worst decision {max(times):.2f} s, "
              f"mean {sum(times) / len(times):.3f} s over {len(times)} decisions")  # fmt: skip
    if args.baseline:
        result = run_arena(str(rules), [args.ours, args.baseline], args.deals, seed=args.seed,
                           mode=args.mode, workers=args.workers)  # fmt: skip
        ours = result.summaries()[0]
        report(f"{args.ours} vs {args.baseline}", ours.win_rate * ours.plays, ours.plays, unit)
        print(f"{args.ours}: worst decision {ours.worst_decision:.2f} s")


if __name__ == "__main__":
    main()
