"""Euchre against OpenSpiel's ``euchre`` (the ``rl`` extra): the same legal actions at every
step and the same points at the end, from the same deals, for both values of both options.

The bench form (bench/euchre_differential.py) runs the same comparison on 10,000 games.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import tricktable as tt
from support import perft

pyspiel = pytest.importorskip("pyspiel")

BENCH = Path(__file__).resolve().parent.parent / "bench" / "euchre_differential.py"


def _differential() -> ModuleType:
    spec = importlib.util.spec_from_file_location("euchre_differential", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


differential = _differential()


@pytest.mark.parametrize("options", differential.OPTION_SETS, ids=str)
def test_random_and_heuristic_hands_agree_with_openspiel(options: dict[str, bool]) -> None:
    differences: list[str] = []
    for number in range(60):
        choose = differential.heuristic_choice if number % 3 == 0 else differential.random_choice
        differences += differential.play_one(options, 7_000 + number, choose)
    assert differences == []


def test_a_difference_is_found_when_the_rules_differ() -> None:
    """The comparison can fail: tricktable with stick_the_dealer against OpenSpiel without."""
    options = {"stick_the_dealer": True, "lone_defender": False}
    game = tt.new_game("euchre", seed=3, dealer=0, target_score=1000, **options)
    spiel = pyspiel.load_game("euchre", {"stick_the_dealer": False})
    state = differential.openspiel_deal(spiel, game.deals[-1], 0)
    upsuit = game.deals[-1].stock[0] // 16
    for _ in range(7):
        assert differential.compare_position(game, state, upsuit) == ""
        state.apply_action(differential.PASS)
        game.apply("pass")
    assert "legal actions" in differential.compare_position(game, state, upsuit)


def openspiel_perft(state: object, depth: int) -> int:
    if depth == 0 or state.is_terminal():  # type: ignore[attr-defined]
        return 1
    total = 0
    for action in state.legal_actions():  # type: ignore[attr-defined]
        child = state.clone()  # type: ignore[attr-defined]
        child.apply_action(action)
        total += openspiel_perft(child, depth - 1)
    return total


@pytest.mark.parametrize("stick", [False, True])
def test_perft_of_the_calls_equals_openspiels(stick: bool) -> None:
    rng = random.Random(5)
    for seed in range(3):
        dealer = rng.randrange(4)
        game = tt.new_game("euchre", seed=seed, dealer=dealer, stick_the_dealer=stick)
        spiel = pyspiel.load_game("euchre", {"stick_the_dealer": stick})
        state = differential.openspiel_deal(spiel, game.deals[-1], dealer)
        for depth in (1, 4, 8):
            assert perft(game, depth) == openspiel_perft(state, depth)
