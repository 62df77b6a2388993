"""Inference at play time: the weights file round trip, the shipped evaluator's choices, and
the learned bot that uses it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tricktable as tt
from tricktable.bots import make_bot
from tricktable.encoding import ActionCodec
from tricktable.learn.features import observation
from tricktable.learn.model import Evaluator, evaluators, for_game, save
from tricktable.learn.train import TrainConfig, train
from tricktable.phase import Phase


def test_saved_weights_load_to_the_same_values(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    data = {"obs": rng.random((200, 6)).astype(np.float32), "legal": np.ones((200, 3), bool),
            "values": rng.random((200, 3)).astype(np.float32)}  # fmt: skip
    fit = train(data, TrainConfig(hidden=(8, 4), epochs=2, seed=1))
    save(tmp_path / "x.npz", fit.weights, fit.biases, fit.columns, {"phase": "auction"})
    loaded = Evaluator.load(tmp_path / "x.npz")
    assert np.allclose(loaded.values(data["obs"]), fit.predict(data["obs"]), atol=1e-6)
    assert loaded.meta == {"phase": "auction"}


def shipped() -> Evaluator:
    evaluator = for_game("hasenpfeffer")
    if evaluator is None:
        pytest.fail("the package ships no hasenpfeffer weights: run tricktable train hasenpfeffer")
    return evaluator


def test_the_shipped_evaluator_bids_legally_and_knows_its_rules() -> None:
    evaluator = shipped()
    assert "tricktable train hasenpfeffer" in evaluator.meta["command"]
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


def test_a_strong_hand_is_valued_above_a_weak_one() -> None:
    """Trump-rich hands should be worth bidding high; the Joker and both jacks of hearts
    promise more than a hand of nines and tens."""
    evaluator = shipped()
    rest = "AS KS QS JS AD KD / AC KC QC JC QD 9H | 10H"
    strong = f"JK JH JD AH KH QH / 9C 10C 9S 10S 9D 10D / {rest}"
    weak = f"9C 10C 9S 10S 9D 10D / JK JH JD AH KH QH / {rest}"
    best = []
    for deal in (strong, weak):
        game = tt.new_game("hasenpfeffer", dealer=3, deal=deal)
        best.append(max(v for _a, v in evaluator.ranked(game.view(0))))
    assert best[0] > best[1] + 1.0


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
            assert observation(view).shape == (evaluator.weights[0].shape[0],)
        game.apply(action)


def test_the_learned_bot_takes_every_decision_it_has_weights_for() -> None:
    """Each decision with shipped weights (the bid and the high bidder's trump) comes from its
    evaluator; the others are the heuristic's."""
    bot = make_bot("learned", seed=3)
    by_phase = {e.phase: e for e in evaluators("hasenpfeffer")}
    assert {"auction", "trump"} <= set(by_phase)
    seen: set[str] = set()
    for seed in range(4):
        game = tt.new_game("hasenpfeffer", seed=seed)
        while not game.results:
            view = game.view(game.to_move)
            action = bot.choose(view)
            evaluator = by_phase.get(view.phase.value)
            if evaluator is not None:
                assert "tricktable train hasenpfeffer" in evaluator.meta["command"]
                assert action == evaluator.choose(view)
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
