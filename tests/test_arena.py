"""The arena: duplicate rotations, statistics, a seeded run with exact results, backends."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import tempfile

import pytest

from tricktable.arena import (
    mean_ci,
    parse_bot_spec,
    play_deal,
    rotations,
    run_arena,
    wilson_ci,
)
from tricktable.errors import RulesError


def test_rotations_give_every_bot_every_seat():
    assert rotations(4, 2) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert rotations(3, 3) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    for assignment_seat in range(5):
        held = {r[assignment_seat] for r in rotations(5, 2)}
        assert held == {0, 1}


def test_rotations_give_every_bot_as_many_seats_when_the_seats_do_not_divide():
    for players, bots in [(5, 2), (3, 2), (5, 3), (4, 2)]:
        seats = [sum(r.count(bot) for r in rotations(players, bots)) for bot in range(bots)]
        assert len(set(seats)) == 1, (players, bots, seats)
    assert len(rotations(5, 2)) == 10


def test_mean_ci_on_known_data():
    centre, low, high = mean_ci([1, 2, 3, 4, 5])
    assert centre == 3
    assert high - centre == pytest.approx(1.959964 * 1.5811388 / 5**0.5, rel=1e-6)
    assert centre - low == pytest.approx(high - centre)
    assert mean_ci([2.0]) == (2.0, 2.0, 2.0)


def test_wilson_interval_matches_the_textbook_value():
    rate, low, high = wilson_ci(7, 10)
    assert rate == 0.7
    assert low == pytest.approx(0.3968, abs=1e-4)
    assert high == pytest.approx(0.8922, abs=1e-4)
    assert wilson_ci(0, 0) == (0.0, 0.0, 1.0)


def test_bot_specs_carry_typed_parameters():
    assert parse_bot_spec("pimc:samples=8:time_limit=0.5") == (
        "pimc",
        {"samples": 8, "time_limit": 0.5},
    )
    with pytest.raises(RulesError, match="'samples'"):
        parse_bot_spec("pimc:samples")


def test_a_seeded_run_gives_exact_results():
    # the same random bot on both sides: duplicate deals mirror each other exactly
    result = run_arena("hasenpfeffer", ["random", "random"], 3, seed=1)
    values = [(o.deal, o.rotation, o.values) for o in result.outcomes]
    assert values == [
        (0, 0, (-8.0, 8.0)),
        (0, 1, (8.0, -8.0)),
        (1, 0, (-11.0, 11.0)),
        (1, 1, (11.0, -11.0)),
        (2, 0, (-12.0, 12.0)),
        (2, 1, (12.0, -12.0)),
    ]
    first, second = result.summaries()
    assert first.mean_value == second.mean_value == 0.0
    assert first.value_ci[1] == pytest.approx(1.959964 * 11.4717043 / 6**0.5, rel=1e-6)
    assert first.win_rate == 0.5
    assert first.win_ci == pytest.approx((0.1876163, 0.8123837), abs=1e-6)


def test_the_heuristic_bot_beats_the_random_one():
    random_bot, heuristic = run_arena(
        "hasenpfeffer", ["random", "heuristic"], 3, seed=1
    ).summaries()
    assert heuristic.mean_value > 0 > random_bot.mean_value
    assert heuristic.plays == random_bot.plays == 6


def test_worker_processes_give_the_same_outcomes():
    one = run_arena("rams(players=3)", ["random", "heuristic"], 2, seed=4)
    two = run_arena("rams(players=3)", ["random", "heuristic"], 2, seed=4, workers=2)
    key = lambda o: (o.deal, o.rotation, o.values, o.wins)  # noqa: E731
    assert sorted(map(key, one.outcomes)) == sorted(map(key, two.outcomes))
    assert len(one.outcomes) == 2 * len(rotations(3, 2)) == 2 * 6


def test_game_mode_plays_to_the_end_and_counts_games_won():
    outcomes = play_deal("hasenpfeffer(target_score=3)", ["random", "heuristic"], 0, 0, "game")
    assert len(outcomes) == 2
    assert all(sum(o.wins) == pytest.approx(1.0) for o in outcomes)
    assert all(o.hands >= 1 for o in outcomes)


def test_every_bot_decision_is_timed():
    result = run_arena("hasenpfeffer", ["random", "heuristic"], 2, seed=3)
    for outcome in result.outcomes:
        assert all(count > 0 for count in outcome.decisions)
        pairs = zip(outcome.slowest, outcome.thinking, strict=True)
        assert all(0 < slow <= total for slow, total in pairs)
    for summary in result.summaries():
        assert 0 < summary.mean_decision <= summary.worst_decision
        assert summary.worst_decision == max(
            o.slowest[result.specs.index(summary.spec)] for o in result.outcomes
        )


def test_results_are_json_ready():
    result = run_arena("bierspiel", ["random", "random"], 1, seed=2)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["bots"] == ["random", "random"]
    assert len(data["outcomes"]) == len(rotations(4, 2))
    assert data["summary"][0]["worst_decision_s"] > 0
    assert len(data["outcomes"][0]["slowest"]) == 2


@pytest.mark.parametrize(
    ("rules", "bots", "deals", "message"),
    [
        ("nonsense", ["random", "random"], 1, "nonsense"),
        ("rams", ["random"], 1, "at least two bots"),
        ("rams", ["random", "wizard"], 1, "wizard"),
        ("rams", ["random", "pimc:colour=red"], 1, "colour"),
        ("rams", ["random", "random"], 0, "deals=0"),
    ],
)
def test_bad_arguments_raise_rules_errors(rules, bots, deals, message):
    with pytest.raises(RulesError, match=message):
        run_arena(rules, bots, deals)


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_the_ray_backend_gives_the_same_outcomes():
    import ray

    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    short = tempfile.mkdtemp(prefix="ray")  # Ray's socket paths must stay short
    ray.init(num_cpus=2, include_dashboard=False, _temp_dir=short,
             object_store_memory=80 * 1024 * 1024)  # fmt: skip
    try:
        on_ray = run_arena("rams(players=3)", ["random", "heuristic"], 2, seed=4, backend="ray")
    finally:
        ray.shutdown()
        shutil.rmtree(short, ignore_errors=True)
    local = run_arena("rams(players=3)", ["random", "heuristic"], 2, seed=4)
    key = lambda o: (o.deal, o.rotation, o.values)  # noqa: E731
    assert sorted(map(key, on_ray.outcomes)) == sorted(map(key, local.outcomes))


def test_euchre_in_the_arena_rotates_the_sides_over_each_duplicate_deal():
    """Euchre's partnerships: two bots, each deal played with the sides swapped; a hand's
    points go to one side only, so the two bots' values are opposite in every outcome."""
    result = run_arena("euchre", ["heuristic", "random"], 8, seed=3)
    outcomes = result.to_dict()["outcomes"]
    assert sorted((o["deal"], o["rotation"]) for o in outcomes) == [
        (deal, rotation) for deal in range(8) for rotation in range(len(rotations(4, 2)))
    ]
    assert all(o["values"][0] == -o["values"][1] for o in outcomes)
    heuristic, rand = result.summaries()
    assert heuristic.mean_value > rand.mean_value
    whole = run_arena("euchre", ["heuristic", "random"], 1, seed=3, mode="game").to_dict()
    assert all(sorted(o["wins"]) == [0.0, 1.0] and o["hands"] >= 3 for o in whole["outcomes"])
