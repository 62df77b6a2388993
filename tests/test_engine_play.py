"""Trick play and undo (engine/play.py): push/push_card then pop restore the exact state of every
game (a full snapshot)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktable as tt
from tricktable.cards import CARD_TEXT, COPY_STRIDE
from tricktable.trick import Trick


def _trick(trick: Trick) -> tuple[Any, ...]:
    return (trick.leader, tuple(trick.seats), tuple(trick.cards), tuple(trick.face_down),
            trick.led_suit, trick.best_key, trick.best_card, trick.winner)  # fmt: skip


def full_state(game: tt.Game) -> tuple[Any, ...]:
    """Everything the engine holds about a game, as plain comparable values."""
    return (
        game.phase, game.to_move, tuple(game.hands), game.widow, tuple(game.stock), game.table,
        _trick(game.trick), tuple(_trick(t) for t in game.tricks), tuple(game.tricks_won),
        game.tricks_per_hand, game.play_rules, game.active, game.active_count, game.next_seat,
        game.dealer, game.hand_number, game.deal_number, tuple(game.log),
        tuple(str(d) for d in game.deals), tuple(game.dealers),
        tuple(r.to_dict().__repr__() for r in game.results), repr(game.ledger.to_dict()),
        repr(game.state), tuple(_trick(t) for t in game.last_tricks),
        tuple(game.legal_actions()), game.legal_mask() if game.phase == "play" else None,
        game.scores, game.is_over,
    )  # fmt: skip


GAMES = [
    ("hasenpfeffer", {"going_alone": "maker_and_defender", "target_score": 6}),
    ("double-hasenpfeffer", {"target_score": 20}),
    ("double-hasenpfeffer", {"players": 6, "target_score": 20}),
    ("rams", {"players": 4}),
    ("bierspiel", {}),
    ("rounce", {}),
]


def _push_random(game: tt.Game, rng: random.Random) -> None:
    """One undoable step: a card by its bit (the integer path) or any action. Of two legal
    copies of a pinochle card the first is pushed, as ``apply`` would play it."""
    if game.phase == "play" and rng.random() < 0.5:
        mask = game.legal_mask()
        mask &= ~(mask << COPY_STRIDE)
        bits = [bit for bit in range(mask.bit_length()) if mask >> bit & 1]
        game.push_card(rng.choice(bits))
    else:
        game.push(rng.choice(game.legal_actions()))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    case=st.sampled_from(GAMES),
    seed=st.integers(0, 2**32),
    before=st.integers(0, 80),
    depth=st.integers(1, 40),
)
def test_push_then_pop_restores_the_exact_state(
    case: tuple[str, dict[str, Any]], seed: int, before: int, depth: int
) -> None:
    name, options = case
    game = tt.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(before):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    states = []
    for _ in range(depth):
        if game.is_over:
            break
        states.append(full_state(game))
        twin = game.copy()
        _push_random(game, rng)
        twin.apply(game.log[-1][2])
        assert full_state(game) == full_state(twin)
    while states:
        game.pop()
        assert full_state(game) == states.pop()


def test_push_card_plays_the_copy_it_names_and_pop_gives_its_action_back() -> None:
    game = tt.new_game("double-hasenpfeffer", seed=5)
    rng = random.Random(5)
    while game.phase != "play":
        game.apply(rng.choice(game.legal_actions()))
    seat, mask = game.to_move, game.legal_mask()
    assert seat is not None
    bit = mask.bit_length() - 1  # the highest bit: a second copy if the seat holds one
    before = full_state(game)
    game.push_card(bit)
    assert not game.hands[seat] >> bit & 1
    assert str(game.pop()) == f"play {CARD_TEXT[bit % COPY_STRIDE]}"
    assert full_state(game) == before
