"""Euchre against OpenSpiel's ``euchre``, move by move, from the same deals.

Each game is one hand in both engines. tricktable deals it; OpenSpiel's chance outcomes are set
to that deal (its dealer, then each card to the seat OpenSpiel deals it to, then the turn-up).
At every decision both engines must have the same player to move and the same set of legal
actions; the action chosen (uniformly at random, or the heuristic bot's, on alternate games) is
applied to both. At the end the hand's points must match OpenSpiel's returns, which are zero-sum:
a seat's return is its side's points minus the other side's.

    python bench/euchre_differential.py [--games 10000] [--seed 1]

runs ``--games`` games for every value of both OpenSpiel options (``stick_the_dealer``,
``allow_lone_defender``, tricktable's ``lone_defender``) and prints the games and differences.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Callable
from typing import Any

import pyspiel

import tricktable as tt
from tricktable.bots import HeuristicBot

PASS, TRUMP_CLUBS, ALONE, WITH_PARTNER = 24, 25, 29, 30
OPTION_SETS = [
    {"stick_the_dealer": stick, "lone_defender": lone}
    for stick, lone in itertools.product((False, True), repeat=2)
]


def openspiel_card(index: int) -> int:
    """OpenSpiel's number of a card (rank * 4 + suit, ranks 9 T J Q K A) from a card bit."""
    suit, rank = divmod(index, 16)
    return (rank - 9) * 4 + suit


def openspiel_action(action: tt.Action, first_round: bool, upsuit: int) -> int:
    """OpenSpiel's action for a tricktable action (``order-up`` names the turn-up's suit)."""
    kind = action.kind
    if kind is tt.Kind.PASS:
        return PASS
    if kind == "order-up":
        return TRUMP_CLUBS + upsuit
    if kind is tt.Kind.TRUMP:
        return TRUMP_CLUBS + "CDHS".index(action.value)
    if kind == "alone":
        return ALONE
    if kind == "not-alone":
        return WITH_PARTNER
    return openspiel_card(action.cards[0])


def openspiel_deal(game: Any, deal: tt.Deal, dealer: int) -> Any:
    """OpenSpiel's state after the chance outcomes that deal ``deal`` with ``dealer``."""
    state = game.new_initial_state()
    state.apply_action(dealer)
    cards = [sorted(card.index for card in tt.CardSet(hand)) for hand in deal.hands]
    for position in range(20):
        seat = (dealer + position) % 4  # OpenSpiel deals one card at a time from the dealer
        state.apply_action(openspiel_card(cards[seat].pop()))
    state.apply_action(openspiel_card(deal.stock[0]))
    return state


Chooser = Callable[[tt.Game, random.Random], tt.Action]


def random_choice(game: tt.Game, rng: random.Random) -> tt.Action:
    return rng.choice(game.legal_actions())


def heuristic_choice(game: tt.Game, rng: random.Random) -> tt.Action:
    return HeuristicBot(seed=rng.randrange(1 << 30)).choose(game.view(game.to_move))


def play_one(options: dict[str, bool], seed: int, choose: Chooser) -> list[str]:
    """Play one hand in both engines; the differences found (empty: none)."""
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    game = tt.new_game("euchre", seed=seed, dealer=dealer, target_score=1000, **options)
    spiel = pyspiel.load_game(
        "euchre",
        {
            "stick_the_dealer": options["stick_the_dealer"],
            "allow_lone_defender": options["lone_defender"],
        },
    )
    state = openspiel_deal(spiel, game.deals[-1], dealer)
    upsuit = game.deals[-1].stock[0] // 16
    while not game.results:
        problem = compare_position(game, state, upsuit)
        if problem:
            return [f"seed {seed} {options}: {problem} after {[str(a) for *_, a in game.log]}"]
        action = choose(game, rng)
        state.apply_action(openspiel_action(action, game.phase == "auction", upsuit))
        game.apply(action)
    return compare_result(game, state, seed, options)


def compare_position(game: tt.Game, state: Any, upsuit: int) -> str:
    if state.is_terminal():
        return "OpenSpiel's hand is over, tricktable's is not"
    if state.current_player() != game.to_move:
        return f"OpenSpiel has seat {state.current_player()} to move, tricktable {game.to_move}"
    ours = {openspiel_action(a, game.phase == "auction", upsuit) for a in game.legal_actions()}
    theirs = set(state.legal_actions())
    if ours != theirs:
        names = sorted(state.action_to_string(a) for a in theirs)
        return f"legal actions {sorted(map(str, game.legal_actions()))} against {names}"
    return ""


def compare_result(game: tt.Game, state: Any, seed: int, options: dict[str, bool]) -> list[str]:
    if not state.is_terminal():
        return [f"seed {seed} {options}: tricktable's hand is over, OpenSpiel's is not"]
    deltas = game.results[0].deltas
    ours = [deltas[seat] - deltas[(seat + 1) % 4] for seat in range(4)]
    theirs = [int(r) for r in state.returns()]
    if ours != theirs:
        return [f"seed {seed} {options}: points {list(deltas)} (as returns {ours}) "
                f"against OpenSpiel's {theirs}"]  # fmt: skip
    return []


def run(games: int, seed: int = 1) -> tuple[int, list[str]]:
    """``games`` games for every option set, random and heuristic actions alternating."""
    played, differences = 0, []
    for options in OPTION_SETS:
        for number in range(games):
            choose = heuristic_choice if number % 2 else random_choice
            differences += play_one(options, seed * 1_000_003 + number, choose)
            played += 1
    return played, differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per option set")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    played, differences = run(args.games, args.seed)
    for line in differences[:20]:
        print(line)
    print(f"{played} games ({args.games} for each of {len(OPTION_SETS)} option sets), "
          f"{len(differences)} differences")  # fmt: skip


if __name__ == "__main__":
    main()
