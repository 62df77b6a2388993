"""The race of playout candidates: clearly beaten actions stop being played out."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import tricktable as tt
from tricktable.actions import Action, Kind
from tricktable.bots import race
from tricktable.bots.pimc import PimcBot
from tricktable.bots.race import Race

IN, PASS, GENERAL = Action(Kind("in")), Action(Kind.PASS), Action(Kind("general"))


def _run(deals: list[dict[str, float]], weights: list[float] | None = None) -> Race:
    out = Race.of([IN, PASS, GENERAL])
    for index, deal in enumerate(deals):
        out.add(deal, 1.0 if weights is None else weights[index])
    return out


def test_a_candidate_far_behind_on_every_deal_is_dropped_after_the_first_deals():
    rng = random.Random(3)
    deals = []
    for _ in range(race.MIN_DEALS):
        luck = rng.uniform(-10, 10)  # the deal's luck moves every candidate alike
        deals.append({"in": luck + 1, "pass": luck + rng.uniform(-1, 1), "general": luck - 30})
    before = _run(deals[:-1])
    assert before.alive == [IN, PASS, GENERAL]  # nothing dropped before MIN_DEALS deals
    after = _run(deals)
    assert GENERAL not in after.alive
    assert IN in after.alive


def test_level_candidates_all_stay_in():
    rng = random.Random(4)
    deals = [{"in": v, "pass": v + rng.choice((-2, 2)), "general": v + rng.choice((-2, 2))}
             for v in (rng.uniform(-5, 5) for _ in range(40))]  # fmt: skip
    assert _run(deals).alive == [IN, PASS, GENERAL]


def test_a_dropped_candidate_keeps_the_mean_of_its_own_deals():
    deals = [{"in": 1.0, "pass": 0.0, "general": -30.0} for _ in range(race.MIN_DEALS)]
    deals += [{"in": 3.0, "pass": 0.0} for _ in range(4)]
    out = _run(deals)
    assert out.alive == [IN]
    assert out.mean("general") == -30.0
    assert out.mean("pass") == 0.0
    assert out.mean("in") == (race.MIN_DEALS * 1.0 + 4 * 3.0) / (race.MIN_DEALS + 4)


def test_deals_of_almost_no_weight_do_not_drop_anything():
    deals = [{"in": 1.0, "pass": 0.0, "general": -30.0}] + [
        {"in": 0.0, "pass": 0.0, "general": 0.0} for _ in range(race.MIN_DEALS)
    ]
    out = _run(deals, [1.0] + [1e-9] * race.MIN_DEALS)
    # one deal of weight carries the means, but one deal is no evidence of a difference
    assert out.alive == [IN, PASS, GENERAL]


@given(st.lists(st.tuples(st.floats(-20, 20), st.floats(-20, 20), st.floats(0.01, 1)),
                min_size=1, max_size=30))  # fmt: skip
def test_the_best_candidate_is_never_dropped(rows: list[tuple[float, float, float]]):
    out = Race.of([IN, PASS])
    for a, b, weight in rows:
        out.add({"in": a, "pass": b}, weight)
        assert out.alive
    best = max(("in", "pass"), key=out.mean)
    assert best in [str(a) for a in out.alive]


def test_pimc_declarations_give_the_race_losers_fewer_deals():
    game = tt.new_game("rams", seed=5, dealer=0)
    while game.hand_number == 1 or game.legal_actions()[0].kind not in (Kind("in"), Kind.PASS):
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_move)
    analysis = PimcBot(seed=2, samples=30, time_limit=60.0).analyse(view)
    assert analysis.samples == 30
    assert str(analysis.best) != "general"
    assert set(analysis.values) == {str(a) for a in view.legal}
    assert analysis.counts[str(analysis.best)] == 30
    assert analysis.counts["general"] < 30
