"""Inference at play time: the weights file round trip, the shipped evaluator's choices, and
the learned bot that uses it."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest

import tricktable as tt
from tricktable.bots import HeuristicBot, make_bot
from tricktable.encoding import ActionCodec
from tricktable.errors import RulesError
from tricktable.learn.model import Evaluator, evaluators, save
from tricktable.phase import Phase


def random_layers(sizes: list[int], seed: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    rng = np.random.default_rng(seed)
    weights = [rng.normal(size=(a, b)).astype(np.float32) for a, b in pairwise(sizes)]
    biases = [rng.normal(size=b).astype(np.float32) for b in sizes[1:]]
    return weights, biases


def reference_forward(weights: list[np.ndarray], biases: list[np.ndarray],
                      x: np.ndarray) -> np.ndarray:  # fmt: skip
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        x = x @ w + b
        x = np.maximum(x, 0.0) if i < len(weights) - 1 else x
    return x


@pytest.mark.parametrize("half", [False, True])
def test_saved_weights_load_to_the_same_values(tmp_path: Path, half: bool) -> None:
    weights, biases = random_layers([6, 8, 4, 3], seed=1)
    obs = np.random.default_rng(0).random((200, 6)).astype(np.float32)
    save(tmp_path / "x.npz", weights, biases, np.arange(3), {"phase": "auction"}, half=half)
    loaded = Evaluator.load(tmp_path / "x.npz")
    expected = reference_forward(weights, biases, obs)
    assert np.allclose(loaded.values(obs), expected, atol=2e-2 if half else 1e-5)
    assert loaded.meta == {"phase": "auction"}


def test_weights_of_another_observation_are_refused(tmp_path: Path) -> None:
    weights, biases = random_layers([6, 3], seed=1)
    save(tmp_path / "x.npz", weights, biases, np.arange(3), {"features": "batch"})
    with pytest.raises(RulesError, match="'batch' observation"):
        Evaluator.load(tmp_path / "x.npz")


def shipped() -> Evaluator:
    found = [e for e in evaluators("hasenpfeffer") if e.phase == "auction"]
    if not found:
        pytest.fail("the package ships no hasenpfeffer weights: see docs/train.md")
    return found[0]


def test_the_shipped_evaluator_bids_legally_and_knows_its_rules() -> None:
    evaluator = shipped()
    assert evaluator.meta["command"].startswith("tricktable learn 'hasenpfeffer'")
    assert evaluator.chooses_by_value  # labels from the dealt cards
    codec = ActionCodec(tt.rules("hasenpfeffer"))
    for seed in range(20):
        game = tt.new_game("hasenpfeffer", seed=seed)
        view = game.view(game.to_move)
        assert evaluator.applies(view)
        choice = evaluator.choose(view)
        assert choice in view.legal
        ranked = evaluator.ranked(view)
        assert [v for _a, v in ranked] == sorted((v for _a, v in ranked), reverse=True)
        assert codec.encode(ranked[0][0]) in evaluator.columns
    other = tt.new_game(tt.rules("hasenpfeffer", pepper_bidding=True), seed=1)
    assert not evaluator.applies(other.view(other.to_move))  # trained on other options


def test_a_strong_hand_bids_high_and_a_weak_one_passes() -> None:
    """The Joker and both jacks of hearts are worth a high bid, and passing them is the worst
    choice; a hand of nines and tens passes, and a high bid is the worst choice there."""
    evaluator = shipped()
    rest = "AS KS QS JS AD KD / AC KC QC JC QD 9H | 10H"
    strong = f"JK JH JD AH KH QH / 9C 10C 9S 10S 9D 10D / {rest}"
    weak = f"9C 10C 9S 10S 9D 10D / JK JH JD AH KH QH / {rest}"
    ranked = []
    for deal in (strong, weak):
        game = tt.new_game("hasenpfeffer", dealer=3, deal=deal)
        ranked.append([str(a) for a, _v in evaluator.ranked(game.view(0))])
    assert ranked[0][0] in {"bid 4", "bid 5", "bid 6"} and ranked[0][-1] == "pass"
    assert ranked[1][0] == "pass" and ranked[1][-1] == "bid 6"


def test_the_learned_bot_plays_whole_hands_and_bids_by_the_evaluator() -> None:
    bot = make_bot("learned", seed=3)
    evaluator = shipped()
    game = tt.new_game("hasenpfeffer", seed=9)
    while not game.results:
        view = game.view(game.to_move)
        action = bot.choose(view)
        assert action in view.legal
        if view.phase is Phase.AUCTION:
            assert action == evaluator.choose(view)
            assert evaluator.observe(view).shape == (evaluator.weights[0].shape[0],)
        game.apply(action)


def test_the_learned_bot_takes_every_decision_it_has_weights_for() -> None:
    """Each decision with shipped weights (the bid, the high bidder's trump and discard) comes
    from its network, and each card is the heuristic's unless the card network vetoes it."""
    bot = make_bot("learned", seed=3)
    by_phase = {e.phase: e for e in evaluators("hasenpfeffer")}
    assert {"auction", "trump", "discard", "play"} <= set(by_phase)
    seen: set[str] = set()
    for seed in range(4):
        game = tt.new_game("hasenpfeffer", seed=seed)
        while not game.results:
            view = game.view(game.to_move)
            action = bot.choose(view)
            evaluator = by_phase.get(view.phase.value)
            if evaluator is not None:
                assert "tricktable learn 'hasenpfeffer'" in evaluator.meta["command"]
                if evaluator.veto is None:
                    assert action == evaluator.choose(view)
                else:  # the card network overrules the heuristic's worst cards only
                    proposed = HeuristicBot(seed=3).choose(view)
                    assert action == evaluator.overrule(view, proposed)
                seen.add(view.phase.value)
            game.apply(action)
    assert seen == set(by_phase)


@pytest.mark.parametrize(("choose", "first"), [("value", 0), ("policy", 1)])
def test_dealt_world_networks_choose_by_value_and_others_by_their_policy(
    choose: str, first: int
) -> None:
    """A label from the dealt world says which action was best with every card known, so its
    network picks the highest value (the policy head learns how often an action is best)."""
    game = tt.new_game("hasenpfeffer", seed=1)
    view = game.view(game.to_move)
    codec = ActionCodec(game.rules)
    legal = view.legal[:2]
    size = len(Evaluator([], [], np.zeros(0), {"features": "encoder"}).observe(view))
    # one linear layer: zero weights, so the biases are the outputs (values, then logits)
    bias = np.array([1.0, 0.0, 0.0, 5.0], np.float32)
    meta = {"features": "encoder", "phase": view.phase.value, "choose": choose,
            "actions": [str(a) for a in legal]}  # fmt: skip
    columns = np.array([codec.encode(str(a)) for a in legal])
    evaluator = Evaluator([np.zeros((size, 4), np.float32)], [bias], columns, meta)
    assert evaluator.choose(view) == legal[first]


@pytest.mark.parametrize(("veto", "kept"), [(0.5, False), (2.0, True)])
def test_a_veto_network_overrules_only_a_choice_it_values_far_below_its_best(
    veto: float, kept: bool
) -> None:
    game = tt.new_game("hasenpfeffer", seed=1)
    view = game.view(game.to_move)
    codec = ActionCodec(game.rules)
    legal = view.legal[:2]
    size = len(Evaluator([], [], np.zeros(0), {"features": "encoder"}).observe(view))
    meta = {"features": "encoder", "phase": view.phase.value, "choose": "value", "veto": veto,
            "actions": [str(a) for a in legal]}  # fmt: skip
    columns = np.array([codec.encode(str(a)) for a in legal])
    bias = np.array([1.0, 0.0, 0.0, 0.0], np.float32)  # the first is worth a point more
    evaluator = Evaluator([np.zeros((size, 4), np.float32)], [bias], columns, meta)
    assert evaluator.overrule(view, legal[1]) == (legal[1] if kept else legal[0])
    assert evaluator.overrule(view, legal[0]) == legal[0]
