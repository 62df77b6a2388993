"""Differential play of the batch engine against the reference engine, for the batch tests.

Both engines start from the same position and take the same actions; after every action the
legal masks, the seat to move, the hands, the tricks won and the last trick's winner must agree,
and once the hand is scored its deltas and the running scores.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import tricktable as tt
from tricktable.batch import Batch
from tricktable.batch import layout as L
from tricktable.encoding import ActionCodec


def play_both(
    rules: tt.Rules, seed: int, dealer: int, choose: Any, limit: int = 400
) -> dict[str, Any]:
    """Play one hand of ``rules`` in both engines; ``choose(legal codec numbers)`` picks each
    action. Returns what the hand came to, for the caller's own checks."""
    game = tt.new_game(rules, seed=seed, dealer=dealer)
    batch = Batch(rules, 1, seed=seed)
    batch.load(game)
    return check_from(game, batch, choose, limit)


def check_from(game: tt.Game, batch: Batch, choose: Any, limit: int = 400) -> dict[str, Any]:
    """Play on from ``game``'s position, loaded in ``batch`` row 0, comparing as it goes."""
    rules = game.rules
    codec = ActionCodec(rules)
    deals, results = len(game.deals), len(game.results)
    tricks_seen = 0
    for _ in range(limit):
        expected = codec.mask(game.legal_actions())
        got = batch.legal_masks()[0]
        where = f"{game!r} after {[str(a) for _d, _s, a in game.log]}"
        assert np.array_equal(got, expected), (
            f"legal masks differ at {where}: batch {codec_texts(codec, got)}, "
            f"reference {codec_texts(codec, expected)}"
        )
        assert int(batch.to_move[0]) == game.to_move, where
        assert batch.hands(0) == list(game.hands), where
        action = int(choose(np.flatnonzero(expected)))
        game.apply(codec.decode(action))
        batch.step(np.array([action]))
        if len(game.results) > results:
            result = game.results[-1]
            assert batch.done[0], where
            assert list(batch.tricks_won[0]) == list(result.tricks), where
            assert list(batch.deltas[0]) == list(result.deltas), (where, result.summary)
            assert list(batch.scores[0]) == list(result.scores), where
            return {"result": result, "game": game}
        if len(game.deals) > deals:  # a misdeal: the reference redealt from its own seed
            assert int(batch.states[0, L.PHASE]) == L.P_AUCTION, where
            deals = len(game.deals)
            batch.load(game)
            continue
        assert list(batch.tricks_won[0]) == list(game.tricks_won), where
        if len(game.tricks) > tricks_seen:
            tricks_seen = len(game.tricks)
            assert int(batch.states[0, L.LAST_WINNER]) == game.tricks[-1].winner, where
    raise AssertionError(f"the hand did not end within {limit} actions")


def codec_texts(codec: ActionCodec, mask: np.ndarray) -> list[str]:
    return [str(codec.decode(int(i))) for i in np.flatnonzero(mask)]
