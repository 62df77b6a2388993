"""The batch engine against the reference engine: Rams, Bierspiel, Rounce and their options."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktable as tt
from batch_support import check_from, play_both
from tricktable.batch import Batch

OPTION_SETS = [
    ("rams", {}),
    ("rams", {"players": 6, "handless_dealer_turnup": "first_active_left",
              "heading": "always_head_led_suit", "remainder_rule": "most_tricks"}),
    ("rams", {"players": 3, "scoring": "countdown", "general_loo_penalty": True,
              "widow_after_general": True, "heading": "beat_led_card"}),
    ("rams", {"players": 5, "pot_share": "one_per_trick", "widow_rule": "eldest_only",
              "general_fail_pot": "double_and_carry", "ace_rank": "ecarte",
              "simple_pot_all_play": False, "remainder_rule": "first_trick_winner"}),
    ("rams", {"players": 2, "allow_two_players": True, "widow_rule": "before_any_play",
              "general_timing": "before_declarations", "dealer_widow_and_turnup": False,
              "pass_requires_widow_taken": True, "simple_pot_all_play": False}),
    ("bierspiel", {}),
    ("bierspiel", {"players": 5, "blind_lead_no_trump": "trick_void",
                   "seven_turnup_partial": True, "turnup_transfer": "always"}),
    ("bierspiel", {"players": 3, "blind_lead_no_trump": "reveal_and_follow",
                   "scoring": "chips", "heading": "always_head_led_suit"}),
    ("bierspiel", {"forced_trump_leads": "off", "seven_diamonds_second_trump": False}),
    ("rounce", {}),
    ("rounce", {"players": 9, "trick2_no_trump": "face_down", "play_policy": "loo_strict"}),
    ("rounce", {"players": 3, "scoring": "countdown", "trick2_trump_lead": False,
                "widow_size": 7, "widow_discard": 2, "dealer_turnup_exchange": False}),
]  # fmt: skip
FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("game", "options"), OPTION_SETS, ids=lambda o: str(o) if o else "-")
@FAST
@given(seed=st.integers(0, 2**40), dealer=st.integers(0, 8), data=st.data())
def test_same_hand_as_the_reference(
    game: str, options: dict[str, object], seed: int, dealer: int, data: st.DataObject
) -> None:
    rules = tt.rules(game, **options)
    players = rules.flow.players
    play_both(rules, seed, dealer % players, lambda legal: data.draw(st.sampled_from(list(legal))))


def test_the_seven_of_diamonds_turned_up() -> None:
    """Bierspiel's 7D turn-up: both cards are offered and taken in both engines."""
    rules = tt.rules("bierspiel")
    deal = (
        "AS KS QS JS 10S / AH KH QH JH 10H / AC KC QC JC 10C / AD KD QD JD 10D"
        " | 9S 9H 9C 9D 8S | 7D 8H"
    )
    rng = np.random.default_rng(3)
    for dealer in range(4):
        game = tt.new_game(rules, dealer=dealer, deal=deal)
        assert len(game.state.turnup) == 2
        batch = Batch(rules, 1, seed=1)
        batch.load(game)
        check_from(game, batch, lambda legal: int(rng.choice(legal)))


def test_the_heuristic_beats_random_play() -> None:
    for name in ("rams", "rounce"):
        batch = Batch(tt.rules(name, scoring="countdown"), 3000, seed=8)
        batch.deal()
        batch.play_out(["heuristic", "random", "random", "random"])
        deltas = batch.deltas  # counters: lower is better
        assert deltas[:, 0].mean() < deltas[:, 1:].mean() - 0.5, name
