"""A digest of what the engine answers over random games of every game and many options: the
legal actions at every step, the phase and the player to move, every hand's result, the
record, push/pop and copy round trips and the words of refusals. Two builds of the engine
(pure Python and compiled) must give the same digest.

    python tests/compiled_digest.py GAMES_PER_CASE   (prints the digest, the steps and
                                                     whether the engine ran compiled)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import tricktable as tt
from tricktable.compiled import compiled_modules

CASES: list[tuple[str, dict[str, Any]]] = [
    ("hasenpfeffer", {}),
    ("hasenpfeffer", {"allow_no_trump": True, "going_alone": "maker_and_defender"}),
    ("hasenpfeffer", {"deal_packets": "2,2,2", "bidding_mode": "until_three_passed"}),
    ("double-hasenpfeffer", {}),
    ("double-hasenpfeffer", {"players": 6, "bowers": False}),
    ("double-hasenpfeffer", {"players": 3, "individual": True}),
    ("double-hasenpfeffer", {"players": 5, "individual": True}),
    ("euchre", {}),
    ("euchre", {"lone_defender": True, "stick_the_dealer": True}),
    ("euchre", {"cutthroat": True}),
    ("euchre", {"railroad": True}),
    ("rams", {}),
    ("rams", {"players": 3, "heading": "always_head_led_suit"}),
    ("rams", {"players": 5, "heading": "beat_led_card", "scoring": "countdown"}),
    ("bierspiel", {}),
    ("bierspiel", {"blind_lead_no_trump": "trick_void", "heading": "beat_led_card"}),
    ("bierspiel", {"players": 3, "forced_trump_leads": "off"}),
    ("rounce", {}),
    ("rounce", {"play_policy": "loo_strict", "trick2_no_trump": "face_down"}),
    ("rounce", {"trick2_no_trump": "face_down", "players": 7}),
]

MAX_STEPS = 400


def play(name: str, options: dict[str, Any], seed: int, out: list[str]) -> int:
    """Play one random game, writing what the engine answers to ``out``; the steps taken."""
    rng = random.Random(seed)
    game = tt.new_game(name, seed=seed, **options)
    steps = 0
    while not game.is_over and steps < MAX_STEPS:
        legal = game.legal_actions()
        out.append(f"{game.phase}|{game.to_move}|{' '.join(map(str, legal))}")
        if steps % 7 == 3:
            round_trips(game, legal, rng, out)
        if steps % 11 == 5:
            refusal(game, out)
        game.apply(rng.choice(legal))
        steps += 1
    out.extend(f"{r.summary}|{r.deltas}|{r.scores}" for r in game.results)
    out.append(json.dumps(game.record(), sort_keys=True, default=str))
    out.append(f"{game.scores}|{game.is_over and game.winners}")
    return steps


def round_trips(game: tt.Game, legal: list[tt.Action], rng: random.Random, out: list[str]) -> None:
    """A copy equals its game; a push and a pop leave the game as it was."""
    twin = game.copy()
    out.append(f"copy {twin == game}")
    game.push(rng.choice(legal))
    out.append(f"pushed {game.phase}|{game.to_move}|{len(game.legal_actions())}")
    game.pop()
    out.append(f"popped {twin == game}")


def refusal(game: tt.Game, out: list[str]) -> None:
    """The words of an illegal action's refusal (and that it changed nothing)."""
    legal = {str(action) for action in game.legal_actions()}
    wrong = next(text for text in ("play 2C", "play AS", "play 9H") if text not in legal)
    before = game.copy()
    try:
        game.apply(wrong)
    except tt.IllegalActionError as error:
        out.append(f"refused {error}")
    out.append(f"unchanged {before == game}")


def digest(games_per_case: int) -> tuple[str, int]:
    """The digest of every case's games and the number of steps played."""
    out: list[str] = []
    steps = sum(
        play(name, options, seed, out) for name, options in CASES for seed in range(games_per_case)
    )
    for limit in (0, True, "3", 2.0):
        try:
            tt.Game(tt.rules("hasenpfeffer"), seed=1, deal_limit=limit)  # type: ignore[arg-type]
        except tt.RulesError as error:
            out.append(f"bad deal_limit {error}")
    return hashlib.sha256("\n".join(out).encode()).hexdigest(), steps


if __name__ == "__main__":
    found, steps = digest(int(sys.argv[1]))
    print(json.dumps({"digest": found, "steps": steps, "compiled": compiled_modules()}))
