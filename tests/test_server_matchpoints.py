"""Matchpoints against the field: 2 a result beaten, 1 a tie, percentages of the top."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tricktable.server.matchpoints import (
    board_matchpoints,
    percentages,
    result_value,
    standings,
)


def test_a_board_scores_each_result_against_the_others() -> None:
    results = {"A": 4, "B": 2, "C": 2, "D": -4}
    assert board_matchpoints(results) == {"A": 6, "B": 3, "C": 3, "D": 0}
    assert percentages(results) == {"A": 100.0, "B": 50.0, "C": 50.0, "D": 0.0}
    assert percentages({"alone": 3}) == {"alone": 50.0}


def test_countdown_counts_counters_taken_off_as_better() -> None:
    assert result_value(-3, countdown=True) > result_value(5, countdown=True)
    assert result_value(5, countdown=False) == 5


def test_standings_average_the_boards_best_first() -> None:
    boards = {1: {"A": 4, "B": 0}, 2: {"A": 0, "B": 1}, 3: {"A": 2, "B": 2}}
    assert standings(boards) == [("A", 50.0), ("B", 50.0)]
    assert standings({1: {"A": 1, "B": 0, "C": 0}}) == [("A", 100.0), ("B", 25.0), ("C", 25.0)]


@given(st.dictionaries(st.integers(0, 30), st.integers(-20, 20), min_size=2, max_size=12))
def test_a_boards_matchpoints_add_up_to_every_comparison_once(results: dict[int, int]) -> None:
    points = board_matchpoints(results)
    tables = len(results)
    assert sum(points.values()) == tables * (tables - 1)  # each pair shares 2 points
    best = max(results.values())
    assert all(points[k] == 2 * (tables - 1) for k, v in results.items() if v == best and
               list(results.values()).count(best) == 1)  # fmt: skip
    assert all(0.0 <= share <= 100.0 for share in percentages(results).values())
