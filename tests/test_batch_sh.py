"""The batch engine against the reference engine: Single Hasenpfeffer and its options."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktable as tt
from batch_support import play_both
from tricktable.batch import Batch, play_random

OPTION_SETS = [
    {},
    {"bidding_mode": "single_round", "min_bid": 2, "max_bid": 5},
    {"pepper_bidding": True, "double_defender_tricks_in_big_pepper": True},
    {"widow_mode": "dead", "first_lead": "eldest", "set_penalty": "shortfall"},
    {"set_penalty": "tricks_taken", "defenders_score_tricks": False, "allow_no_trump": True},
    {"going_alone": "maker", "lone_contract": "bid_doubled", "set_penalty": "fixed6"},
    {"going_alone": "maker_and_defender", "lone_lead": "lone_player", "pepper_bidding": True},
    {"going_alone": "maker_and_defender", "big_pepper_multiplier": 3, "pepper_bidding": True},
]
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@FAST
@given(seed=st.integers(0, 2**40), dealer=st.integers(0, 3), data=st.data())
def test_same_hand_as_the_reference(options: dict[str, object], seed: int, dealer: int,
                                    data: st.DataObject) -> None:  # fmt: skip
    rules = tt.rules("hasenpfeffer", **options)
    play_both(rules, seed, dealer, lambda legal: data.draw(st.sampled_from(list(legal))))


def test_bids_and_lone_hands_are_reached() -> None:
    """The differential runs above see the rare branches: pepper bids and both lone hands."""
    rules = tt.rules("hasenpfeffer", going_alone="maker_and_defender", pepper_bidding=True)
    rng = np.random.default_rng(5)
    seen = set()
    for seed in range(60):

        def choose(legal: np.ndarray) -> int:
            return int(legal[-1] if rng.random() < 0.5 else rng.choice(legal))

        outcome = play_both(rules, seed, seed % 4, choose)
        details = outcome["result"].details
        seen.add(("lone", details["alone"] is not None))
        seen.add(("defender", details["lone_defender"] is not None))
        seen.add(("contract", details["contract"]))
    assert {("lone", True), ("defender", True), ("contract", "big-pepper")} <= seen


def test_a_misdeal_redeals_in_the_batch() -> None:
    rules = tt.rules("hasenpfeffer")
    deal = "JH AH KH QH 10H 9H / JD AD KD QD 10D 9D / JC AC KC QC 10C 9C / JS AS KS QS 10S 9S | JK"
    game = tt.new_game(rules, dealer=0, deal=deal)
    batch = Batch(rules, 4, seed=3)
    batch.load(game)
    passes = np.full(4, ActionNumbers(rules).pass_)
    for _ in range(4):
        batch.step(passes)
    assert (batch.states[:, 0] == 0).all()  # the auction again, with a new deal
    assert all(sum(h.bit_count() for h in batch.hands(g)) == 24 for g in range(4))
    assert any(batch.hands(g) != list(game.hands) for g in range(4))


class ActionNumbers:
    def __init__(self, rules: tt.Rules) -> None:
        from tricktable.encoding import ActionCodec

        self.pass_ = ActionCodec(rules).encode("pass")


def test_the_heuristic_beats_random_play() -> None:
    batch = Batch(tt.rules("hasenpfeffer"), 4000, seed=8)
    batch.deal()
    batch.play_out(["heuristic", "random", "heuristic", "random"])
    deltas = batch.deltas
    assert deltas[:, 0].mean() > deltas[:, 1].mean() + 1.0


def test_rollouts_from_a_position_of_the_reference() -> None:
    """Search code loads a sampled world and plays it out many times."""
    game = tt.new_game("hasenpfeffer", seed=21, dealer=1)
    rng = np.random.default_rng(0)
    while game.phase.value != "play" or len(game.tricks) < 2:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    batch = Batch(game.rules, 500, seed=1)
    batch.load(game)
    batch.play_out("random")
    assert batch.done.all()
    won = batch.tricks_won
    for seat in range(4):
        assert (won[:, seat] >= game.tricks_won[seat]).all()
    assert (won.sum(axis=1) == 6).all()


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="policy"):
        Batch("hasenpfeffer", 2).play_out("clever")
    with pytest.raises(ValueError, match="games=0"):
        Batch("hasenpfeffer", 0)
    with pytest.raises(ValueError, match="hands=-1"):
        play_random("hasenpfeffer", -1)
