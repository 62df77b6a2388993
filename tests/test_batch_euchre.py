"""The batch engine against the reference engine: Euchre (the partnership game and the option
sets its kernel plays), the compiled heuristic against the game's own, and the refusals."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktable as tt
from batch_support import play_both
from tricktable.batch import Batch, play_random, supported
from tricktable.encoding import ActionCodec

OPTION_SETS = [
    {},
    {"stick_the_dealer": True},
    {"dealer_may_discard_turnup": True, "deal_packets": (2, 3)},
    {"stick_the_dealer": True, "target_score": 5},
]
FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@FAST
@given(seed=st.integers(0, 2**40), dealer=st.integers(0, 3), data=st.data())
def test_same_hand_as_the_reference(options: dict[str, object], seed: int, dealer: int,
                                    data: st.DataObject) -> None:  # fmt: skip
    """Every legal mask, seat to move, hand, trick and the hand's scores agree."""
    rules = tt.rules("euchre", **options)
    play_both(rules, seed, dealer, lambda legal: data.draw(st.sampled_from(list(legal))))


def test_every_way_a_hand_ends_is_reached() -> None:
    """The differential runs see each scoring branch: thrown in, made, march, lone march, euchre;
    and stick-the-dealer's forced call."""
    rng = np.random.default_rng(5)
    seen = set()
    for options in ({}, {"stick_the_dealer": True}):
        rules = tt.rules("euchre", **options)
        pass_ = ActionCodec(rules).encode("pass")
        for seed in range(150):

            def choose(legal: np.ndarray, pass_: int = pass_) -> int:
                passing = pass_ in legal and rng.random() < 0.85  # to reach the second round
                return int(pass_ if passing else rng.choice(legal))

            details = play_both(rules, seed, seed % 4, choose)["result"].details
            if details.get("thrown_in"):
                seen.add("thrown in")
                continue
            taken, alone = details["taken"], details["alone"] is not None
            seen.add("euchred" if taken < 3 else "made" if taken < 5 else f"march {alone}")
            seen.add(("ordered up", details["ordered_up"]))
    assert {"thrown in", "made", "euchred", "march False", "march True",
            ("ordered up", True), ("ordered up", False)} <= seen  # fmt: skip


def test_stick_the_dealer_never_throws_a_hand_in() -> None:
    rules = tt.rules("euchre", stick_the_dealer=True)
    codec = ActionCodec(rules)
    batch = Batch(rules, 64, seed=2)
    batch.deal()
    passes = np.full(64, codec.encode("pass"))
    for _ in range(7):
        batch.step(passes)
    masks = batch.legal_masks()
    assert not masks[:, codec.encode("pass")].any()
    assert (masks.sum(axis=1) == 3).all()  # the three suits but the turn-up's


def test_random_hands_score_as_the_reference_does() -> None:
    """The distribution of the first hand's scores under random play: each outcome's share
    within five standard errors of the reference engine's, seat by seat."""
    rules = tt.rules("euchre")
    batch = play_random(rules, 20000, seed=3)
    rng = random.Random(4)
    reference = []
    for seed in range(600):
        game = tt.new_game(rules, seed=seed)
        while not game.results:
            game.apply(rng.choice(game.legal_actions()))
        reference.append(game.results[0].deltas)
    ours, theirs = batch[:, 0], np.array(reference)[:, 0]
    for value in (0, 1, 2, 4):
        p, q = (ours == value).mean(), (theirs == value).mean()
        error = np.sqrt(p * (1 - p) / len(ours) + q * (1 - q) / len(theirs))
        assert abs(p - q) < 5 * error + 1e-3, (value, p, q)
    assert set(np.unique(batch)) <= {0, 1, 2, 4}
    assert (batch[:, 0] == batch[:, 2]).all() and (batch[:, 1] == batch[:, 3]).all()


def test_the_compiled_heuristic_chooses_as_the_games_heuristic() -> None:
    """At every decision of hands the reference plays with the game's heuristic, the kernel's
    heuristic on the same position picks the same action."""
    for options in ({}, {"stick_the_dealer": True}):
        rules = tt.rules("euchre", **options)
        codec = ActionCodec(rules)
        batch = Batch(rules, 1, seed=0)
        t = batch.tables
        for seed in range(40):
            game = tt.new_game(rules, seed=seed, dealer=seed % 4)
            while not game.results:
                seat = game.to_move
                assert seat is not None
                expected = rules.flow.heuristic(game.view(seat), random.Random(0))
                batch.load(game)
                row, scratch = batch.states[0], batch._actions
                got = batch.kernel.heuristic_action(
                    row, batch.cfg, t.suit_of, t.strength, t.suit_mask, scratch
                )
                assert codec.decode(int(got)) == expected, (game, [str(a) for *_, a in game.log])
                game.apply(expected)


def test_the_heuristic_beats_random_play() -> None:
    batch = Batch(tt.rules("euchre"), 4000, seed=8)
    batch.deal()
    batch.play_out(["heuristic", "random", "heuristic", "random"])
    deltas = batch.deltas
    assert deltas[:, 0].mean() > deltas[:, 1].mean() + 0.5


def test_rollouts_from_a_position_of_the_reference() -> None:
    game = tt.new_game("euchre", seed=21, dealer=1)
    rng = np.random.default_rng(0)
    while game.phase.value != "play" or len(game.tricks) < 2:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
        if game.results:
            game = tt.new_game("euchre", seed=int(rng.integers(1000)), dealer=1)
    batch = Batch(game.rules, 300, seed=1)
    batch.load(game)
    batch.play_out("random")
    assert batch.done.all()
    won = batch.tricks_won
    assert all((won[:, s] >= game.tricks_won[s]).all() for s in range(4))
    assert (won.sum(axis=1) == 5).all()


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"cutthroat": True}, "cutthroat=true"),
        ({"railroad": True}, "railroad=true"),
        ({"lone_defender": True}, "lone_defender=true"),
        ({"railroad": True, "lone_defender": True}, "railroad=true, lone_defender=true"),
    ],
)
def test_option_sets_without_a_kernel_are_refused_by_name(
    options: dict[str, object], named: str
) -> None:
    rules = tt.rules("euchre", **options)
    assert not supported(rules)
    with pytest.raises(ValueError, match=f"plays euchre without {named}: ") as refused:
        Batch(rules, 2)
    assert "stick_the_dealer" in str(refused.value)  # what it would play
    with pytest.raises(ValueError, match="plays euchre without"):
        play_random(rules, 10)
    assert supported("euchre") and supported(tt.rules("euchre", stick_the_dealer=True))
