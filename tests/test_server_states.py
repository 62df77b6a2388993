"""State messages (server/states.py): each seat's view, the shared parts serialised once."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("orjson", reason='needs the server extra: pip install "tricktable[server]"')

import orjson

import tricktable as tt
from support import cards_in
from tricktable.server.schemas import StateOut
from tricktable.server.states import state_text, state_texts

GAMES = [
    ("hasenpfeffer", {"going_alone": "maker"}),
    ("double-hasenpfeffer", {}),
    ("rams", {"players": 5}),
    ("rounce", {}),
]


def expected(game: tt.Game, seat: int | None, seq: int, moved_by: Any) -> bytes:
    view = game.view(seat).to_dict()
    return orjson.dumps({"type": "state", "seq": seq, "view": view, "moved_by": moved_by})


def test_each_seats_message_is_exactly_its_own_view_as_the_protocol_says() -> None:
    for name, options in GAMES:
        game = tt.new_game(name, seed=5, **options)
        rng = random.Random(5)
        while not game.is_over and len(game.log) < 120:
            seats = [None, *range(game.player_count)]
            moved_by = {"seat": 0, "actor": "human"} if game.log else None
            texts = state_texts(game, seats, len(game.log), moved_by)
            assert set(texts) == set(seats)
            for seat in seats:
                assert texts[seat].encode() == expected(game, seat, len(game.log), moved_by)
                typed = StateOut.model_validate_json(texts[seat])
                assert typed.view == game.view(seat).to_dict() and typed.seq == len(game.log)
            game.apply(rng.choice(game.legal_actions()))


def test_no_seats_hand_reaches_another_seats_message() -> None:
    game = tt.new_game("hasenpfeffer", seed=2)
    texts = state_texts(game, [None, 0, 1, 2, 3], 0, None)
    for seat in range(4):
        mine = set(game.view(seat).to_dict()["hand"])
        for other, text in texts.items():
            seen = cards_in(json.loads(text)["view"])
            assert (mine <= seen) == (other == seat), (seat, other)


def test_one_seats_message_alone_is_the_same_as_among_others() -> None:
    game = tt.new_game("rams", seed=3)
    for _ in range(6):
        game.apply(game.legal_actions()[-1])
    together = state_texts(game, [2, None, 0], 6, None)
    for seat in (2, None, 0):
        assert state_text(game, seat, 6, None) == together[seat]
