"""The batch kernel's observations against a reference encoder written in plain Python from the
observing seat's view alone (the reference engine's ``view(seat)``), on random positions: the
common block for every game, and the whole vector for Single and Double Hasenpfeffer."""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("numba")

import tricktable as tt
from tricktable.batch import Batch
from tricktable.batch import layout as L
from tricktable.cards import COPY_STRIDE, parse_card
from tricktable.envs.encoding import ActionCodec, card_slots, max_tricks, slot_of
from tricktable.games.hasenpfeffer.single import PEPPER_LEVELS
from tricktable.phase import Phase
from tricktable.view import View


def common_block(view: View, batch: Batch) -> np.ndarray:
    """What :func:`tricktable.batch.kernel_obs.observe` writes before the family's block."""
    players, seat = view.players, view.seat or 0
    slots = slot_of(card_slots(view.rules.flow.deck))
    distinct = len(slots)

    def slot(card: object) -> int:
        return slots[parse_card(str(card)).index % COPY_STRIDE]

    def rel(other: int) -> int:
        return (other - seat) % players

    hand = np.zeros(distinct)
    for card in view.hand:
        hand[slot(card)] += 1
    trick = np.zeros((players, distinct))
    played = np.zeros(distinct)
    for done in view.tricks:
        for play in done.plays:
            if play.card is not None and not play.face_down:
                played[slot(play.card)] += 1
    for play in view.trick.plays if view.trick else ():
        if play.card is not None:
            trick[rel(play.seat), slot(play.card)] += 1
            played[slot(play.card)] += 0 if play.face_down else 1
    trump = np.zeros(5)
    trump[4 if view.trump is None else view.trump] = 1
    phase = np.zeros(len(L.PHASE_NAMES))
    phase[batch.family.PHASES[view.phase]] = 1
    tricks_per_hand = getattr(view.section, "tricks_per_hand", 0) or (
        max(view.hand_sizes[s] for s in view.active) + len(view.tricks)
    )
    scale = 5.0 * max_tricks(view.rules)
    seats = np.zeros((6, players))
    for other in range(players):
        seats[0, rel(other)] = view.tricks_won[other] / tricks_per_hand
        seats[1, rel(other)] = math.tanh(view.scores[other] / scale)
        seats[2, rel(other)] = other in view.active
    leader = view.trick.leader if view.trick else None
    for row, who in ((3, leader), (4, view.dealer), (5, view.to_move)):
        if who is not None:
            seats[row, rel(who)] = 1
    parts = (hand, trick.ravel(), played, trump, phase, seats.ravel())
    return np.concatenate(parts).astype(np.float32)


def hasenpfeffer_block(view: View) -> np.ndarray:
    """Single Hasenpfeffer's public facts (``batch/sh.py``'s ``PUBLIC``) from the view."""
    section = view.section
    players, seat = view.players, view.seat or 0
    levels = {str(n): n for n in range(1, 7)} | PEPPER_LEVELS
    high_seat = next((c.seat for c in reversed(section.auction) if c.call.startswith("bid ")), None)
    passed = [c.seat for c in section.auction if c.call == "pass"]
    contract = 0
    if section.contract is not None:
        contract = 6 if section.contract in PEPPER_LEVELS else int(section.contract)

    def one(who: int | None) -> list[float]:
        out = [0.0] * players
        if who is not None:
            out[(who - seat) % players] = 1.0
        return out

    many = [0.0] * players
    for who in passed:
        many[(who - seat) % players] = 1.0
    high = levels[section.high_bid] if section.high_bid else 0
    scalars = [contract, section.forced_bid, section.contract == "big-pepper"]
    values = [*one(section.bidder), math.tanh(high / 10), *one(high_seat), *many]
    values += [math.tanh(float(x) / 10) for x in scalars]
    values += [*one(section.alone), *one(section.lone_defender)]
    return np.array(values, dtype=np.float32)


def random_positions(name: str, seed: int, count: int) -> list[tt.Game]:
    """Games of ``name`` stopped after a random number of random legal actions."""
    rng = np.random.default_rng(seed)
    out = []
    for n in range(count):
        game = tt.new_game(name, seed=seed * 1000 + n)
        for _ in range(int(rng.integers(0, 40))):
            if game.to_move is None or game.results:
                break
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
        if not game.results:
            out.append(game)
    return out


@pytest.mark.parametrize("name", tt.GAME_NAMES)
def test_the_common_block_equals_the_reference_encoder(name: str) -> None:
    rules = tt.rules(name)
    batch = Batch(rules, 1)
    checked = 0
    for game in random_positions(name, seed=7, count=30):
        batch.load(game)
        for seat in range(rules.flow.players):
            expected = common_block(game.view(seat), batch)
            got = batch.observe(seat)[0][: len(expected)]
            assert np.allclose(got, expected, atol=1e-6), (name, seat, game.log[-3:])
            checked += 1
    assert checked >= 40


def test_single_hasenpfeffer_observations_equal_the_reference_encoder() -> None:
    rules = tt.rules("hasenpfeffer")
    batch = Batch(rules, 1)
    phases = set()
    for game in random_positions("hasenpfeffer", seed=3, count=60):
        batch.load(game)
        phases.add(game.phase)
        for seat in range(4):
            view = game.view(seat)
            expected = np.concatenate([common_block(view, batch), hasenpfeffer_block(view)])
            got = batch.observe(seat)[0]
            assert got.shape == expected.shape
            assert np.allclose(got, expected, atol=1e-6), (seat, [str(a) for *_x, a in game.log])
    assert {Phase.AUCTION, Phase.PLAY} <= phases


def test_observation_size_matches_the_codec_pack() -> None:
    rules = tt.rules("hasenpfeffer")
    distinct = len(ActionCodec(rules).cards)
    block = hasenpfeffer_block(tt.new_game(rules, seed=1).view(0))
    assert Batch(rules, 1).observation_size == 2 * distinct + 4 * distinct + 5 + 9 + 24 + len(block)
