"""Swiss pairing on generated fields: everyone seated once, no repeated meeting while one can
be avoided (checked against every possible seating), byes fair, refusals for bad input."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tricktable.server.swiss import History, pair_round, repeats


def _seatings(entrants: tuple[int, ...], size: int) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat ``entrants`` at tables of ``size``."""
    if not entrants:
        yield []
        return
    top, others = entrants[0], entrants[1:]
    for companions in combinations(others, size - 1):
        left = tuple(e for e in others if e not in companions)
        for rest in _seatings(left, size):
            yield [(top, *companions), *rest]


def _random_history(entrants: int, meetings: int, seed: int) -> History:
    rng = random.Random(seed)
    history = History()
    for _ in range(meetings):
        history.met.add(frozenset(rng.sample(range(entrants), 2)))
    return history


@settings(max_examples=80, deadline=None)
@given(
    size=st.sampled_from([2, 3, 4, 5]),
    entrants=st.integers(2, 10),
    meetings=st.integers(0, 25),
    seed=st.integers(0, 10_000),
)
def test_no_meeting_repeats_while_it_can_be_avoided(
    size: int, entrants: int, meetings: int, seed: int
) -> None:
    history = _random_history(entrants, meetings, seed)
    ranking = list(range(entrants))
    random.Random(seed).shuffle(ranking)
    pairing = pair_round(ranking, size, history)
    seated = [e for table in pairing.tables for e in table] + list(pairing.bye)
    assert sorted(seated) == sorted(ranking)  # everyone once
    assert all(len(table) == size for table in pairing.tables)
    assert len(pairing.bye) == entrants % size
    rest = tuple(e for e in ranking if e not in pairing.bye)
    fewest = min(repeats(seating, history.met) for seating in _seatings(rest, size))
    assert repeats(pairing.tables, history.met) == fewest


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([2, 4, 5]), entrants=st.integers(3, 23), rounds=st.integers(1, 7))
def test_byes_are_fair_round_after_round(size: int, entrants: int, rounds: int) -> None:
    history = History()
    ranking = list(range(entrants))
    for number in range(rounds):
        pairing = pair_round(ranking, size, history, budget=2_000)  # the byes are the point
        history.record(pairing.tables, pairing.bye)
        counts = [history.byes.get(e, 0) for e in ranking]
        assert max(counts) - min(counts) <= 1, (number, counts)
        random.Random(number).shuffle(ranking)  # the standings change between rounds


def test_the_bye_goes_to_the_lowest_ranked_and_the_leaders_meet() -> None:
    pairing = pair_round(["a", "b", "c", "d", "e"], 2)
    assert pairing.tables == (("a", "b"), ("c", "d")) and pairing.bye == ("e",)
    history = History()
    history.record(pairing.tables, pairing.bye)
    again = pair_round(["a", "b", "c", "d", "e"], 2, history)
    assert again.bye == ("d",)  # e has had a bye: the lowest-ranked without one
    assert repeats(again.tables, history.met) == 0 and ("a", "b") not in again.tables


def test_a_hundred_players_at_tables_of_four_without_repeats_in_five_rounds() -> None:
    history = History()
    ranking = list(range(100))
    for number in range(5):
        pairing = pair_round(ranking, 4, history)
        assert len(pairing.tables) == 25 and pairing.bye == ()
        assert repeats(pairing.tables, history.met) == 0, number
        history.record(pairing.tables, pairing.bye)
        random.Random(number).shuffle(ranking)


def test_bad_fields_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        pair_round([1, 2, 3], 1)
    with pytest.raises(ValueError, match="listed twice"):
        pair_round([1, 2, 2], 2)
