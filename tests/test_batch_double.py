"""The batch engine against the reference engine: Double Hasenpfeffer and its options."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktable as tt
from batch_support import play_both
from tricktable.batch import Batch

OPTION_SETS = [
    {},
    {"players": 6, "six_hand_transfer": "partners_jointly_two", "lone_lead": "lone_player"},
    {"players": 6, "six_hand_transfer": "one_partner_two", "lone_contract": "bid_doubled"},
    {"players": 6, "lone_cards_exchanged": 3, "lone_opponent_trick_value": 1},
    {"bowers": False, "bidding_mode": "until_all_but_one_passed", "set_penalty": "shortfall",
     "forced_dealer_half_penalty": True},
    {"lone_requires_max_bid": True, "first_lead": "eldest", "lone_cards_exchanged": 0},
    {"individual": True, "players": 5, "set_penalty": "tricks_taken"},
    {"individual": True, "players": 3, "individual_scoring": "bidder_only", "min_bid": 3},
    {"individual": True, "players": 2, "defenders_score_tricks": False},
]  # fmt: skip
FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@FAST
@given(seed=st.integers(0, 2**40), dealer=st.integers(0, 5), data=st.data())
def test_same_hand_as_the_reference(
    options: dict[str, object], seed: int, dealer: int, data: st.DataObject
) -> None:
    rules = tt.rules("double-hasenpfeffer", **options)
    players = rules.flow.players
    play_both(rules, seed, dealer % players, lambda legal: data.draw(st.sampled_from(list(legal))))


def test_lone_hands_and_gifts_are_reached() -> None:
    """Lone hands with every six-hand transfer are played through in both engines."""
    for mode in ("each_partner_one", "one_partner_two", "partners_jointly_two"):
        rules = tt.rules("double-hasenpfeffer", players=6, six_hand_transfer=mode)
        lone = 0
        for seed in range(12):
            outcome = play_both(rules, seed, seed % 6, AloneWhenOffered(seed))
            lone += outcome["result"].details["alone"] is not None
        assert lone >= 3, mode


class AloneWhenOffered:
    """Random choices, but 'alone' (the first of two actions) nine times in ten."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, legal: np.ndarray) -> int:
        if len(legal) == 2 and self.rng.random() < 0.9:
            return int(legal[0])
        return int(self.rng.choice(legal))


def test_the_heuristic_beats_random_play() -> None:
    batch = Batch(tt.rules("double-hasenpfeffer"), 3000, seed=8)
    batch.deal()
    batch.play_out(["heuristic", "random", "heuristic", "random"])
    deltas = batch.deltas
    assert deltas[:, 0].mean() > deltas[:, 1].mean() + 1.0
