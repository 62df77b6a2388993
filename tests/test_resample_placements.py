"""Uniform placements: the count is the brute-force count, every draw keeps the rules, and draws
are uniform where drawing place by place from what is left would not be."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from resample_support import chi2_sf
from tricktable.resample.placements import NoPlacement, Placements

Placement = tuple[tuple[str, tuple[int, ...]], ...]


def brute_force(sizes: dict[str, int], allowed: dict[int, frozenset[str]]) -> set[Placement]:
    """Every placement, by trying every order of the cards."""
    seen: set[Placement] = set()
    for order in permutations(sorted(allowed)):
        out, start = [], 0
        for place, size in sizes.items():
            out.append((place, tuple(sorted(order[start : start + size]))))
            start += size
        if all(place in allowed[card] for place, cards in out for card in cards):
            seen.add(tuple(out))
    return seen


def as_key(drawn: dict[str, list[int]], sizes: dict[str, int]) -> Placement:
    return tuple((place, tuple(sorted(drawn[place]))) for place in sizes)


@st.composite
def problems(draw: st.DrawFn) -> tuple[dict[str, int], dict[int, frozenset[str]]]:
    names = ["a", "b", "c", "d"][: draw(st.integers(1, 4))]
    sizes = {name: draw(st.integers(0, 2)) for name in names}
    total = sum(sizes.values())
    allowed = {
        card: frozenset(draw(st.sets(st.sampled_from(names), min_size=1))) for card in range(total)
    }
    return sizes, allowed


@settings(max_examples=60, deadline=None)
@given(problem=problems(), seed=st.integers(0, 2**32))
def test_the_count_is_the_brute_force_count_and_draws_keep_the_rules(
    problem: tuple[dict[str, int], dict[int, frozenset[str]]], seed: int
) -> None:
    sizes, allowed = problem
    truth = brute_force(sizes, allowed)
    if not truth:
        with pytest.raises(NoPlacement):
            Placements(sizes, allowed)
        return
    placements = Placements(sizes, allowed)
    assert placements.count() == len(truth)
    drawn = placements.draw(random.Random(seed))
    assert {p: len(cards) for p, cards in drawn.items()} == sizes
    assert all(place in allowed[card] for place, cards in drawn.items() for card in cards)


def test_draws_are_uniform_where_filling_place_by_place_is_not() -> None:
    # "a" takes two of cards 0-3; "b" and "c" take one each but card 3 may only go to "a":
    # filling "b" first from what is left would favour the placements where "a" has card 3
    sizes = {"b": 1, "c": 1, "a": 2}
    allowed = {0: frozenset("abc"), 1: frozenset("abc"), 2: frozenset("ab"), 3: frozenset("a")}
    truth = brute_force(sizes, allowed)
    placements = Placements(sizes, allowed)
    rng = random.Random(4)
    draws = 200 * len(truth)
    seen = Counter(as_key(placements.draw(rng), sizes) for _ in range(draws))
    assert set(seen) == set(truth)
    expected = draws / len(truth)
    statistic = sum((seen[key] - expected) ** 2 / expected for key in truth)
    assert chi2_sf(statistic, len(truth) - 1) > 0.001


def test_identical_places_share_one_group_and_split_at_random() -> None:
    sizes = {"left": 2, "right": 2, "stock": 3}
    allowed = {card: frozenset(sizes) for card in range(7)}
    placements = Placements(sizes, allowed)
    assert len(placements.groups) == 1 and placements.count() == 210  # 7! / (2! 2! 3!)
    rng = random.Random(1)
    assert len({as_key(placements.draw(rng), sizes) for _ in range(400)}) > 150


def test_sizes_must_match_the_cards() -> None:
    with pytest.raises(NoPlacement, match="3 cards cannot fill places of 2"):
        Placements({"a": 2}, {0: frozenset("a"), 1: frozenset("a"), 2: frozenset("a")})
    with pytest.raises(NoPlacement, match="no placement"):
        Placements({"a": 1, "b": 1}, {0: frozenset("a"), 1: frozenset("a")})
