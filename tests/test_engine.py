"""The game (engine/game.py): determinism, apply/push/pop/copy, phases and errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktable as tt
from support import (
    check_copy_independence,
    check_invariants,
    check_push_pop,
    check_record_round_trip,
    observe,
    random_actions,
    sh_known,
    sh_out_of_play,
)

DEAL = "JK JH 9S 9C 10D KC / AH KH QS JS AD 9D / JD QH AS KS AC QC / 10H 9H 10S KD QD JC | 10C"


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    a = tt.new_game("hasenpfeffer", seed=42)
    b = tt.new_game("hasenpfeffer", seed=42)
    assert a == b and a.deal_text == b.deal_text and a.dealer == b.dealer
    assert tt.new_game("hasenpfeffer", seed=43, dealer=a.dealer).deal_text != a.deal_text
    assert tt.new_game("hasenpfeffer").seed != tt.new_game("hasenpfeffer").seed


def test_public_state_of_a_new_game() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=3, deal=DEAL)
    assert game.phase is tt.Phase.AUCTION
    assert str(game.phase) == "auction"
    assert (game.to_move, game.dealer, game.player_count) == (0, 3, 4)
    assert game.scores == (0, 0, 0, 0) and game.winners == () and not game.is_over
    assert game.trump is None
    assert "hand 1" in repr(game)
    with pytest.raises(TypeError):
        hash(game)


def test_bad_dealer_is_refused() -> None:
    with pytest.raises(tt.RulesError, match="dealer 4"):
        tt.new_game("hasenpfeffer", seed=1, dealer=4)


def test_push_pop_stack_several_levels() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    start = observe(game)
    texts = ["pass", "pass", "pass", "bid 2", "trump S", "discard 10C", "play 9S"]
    snapshots = []
    for text in texts:
        snapshots.append(observe(game))
        game.push(tt.parse_action(text))
    assert game.trump == 3 and game.phase == "play"
    for text, snapshot in zip(reversed(texts), reversed(snapshots), strict=True):
        assert str(game.pop()) == text
        assert observe(game) == snapshot
    assert observe(game) == start


def test_copy_has_no_undo_history_and_is_independent() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    game.push(tt.parse_action("bid 1"))
    twin = game.copy()
    assert twin == game
    twin.apply("pass")
    assert game.to_move == 2 and twin.to_move == 3
    assert str(game.pop()) == "bid 1"
    assert twin.view(None).to_dict()["auction"][0] == {"seat": 1, "call": "bid 1"}


def test_is_legal_and_legal_actions_agree() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    for text in ("pass", "pass", "pass", "bid 2", "trump S", "discard 10C"):
        game.apply(text)
    legal = game.legal_actions()
    hand = game.view(0).hand
    assert {str(a) for a in legal} == {f"play {c}" for c in hand}
    for card in tt.DECKS["joker25"].cards:
        action = tt.parse_action(f"play {card}")
        assert game.is_legal(action) == (action in legal)
    assert not game.is_legal(tt.parse_action("pass"))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), going_alone=st.sampled_from(["off", "maker_and_defender"]))
def test_push_pop_copy_and_replay_at_random_positions(seed: int, going_alone: str) -> None:
    game = tt.new_game("hasenpfeffer", seed=seed, target_score=4, going_alone=going_alone)
    rng = random.Random(seed)
    for step, _ in enumerate(random_actions(game, rng, max_actions=40)):
        if step % 7 == 0 and not game.is_over:
            check_invariants(game, out_of_play=sh_out_of_play, known=sh_known)
            check_push_pop(game)
            check_copy_independence(game, rng.choice(game.legal_actions()))
            check_record_round_trip(game)


def test_the_game_ends_and_then_nothing_is_legal() -> None:
    game = tt.new_game("hasenpfeffer", seed=2, target_score=2)
    rng = random.Random(2)
    for _ in random_actions(game, rng, max_actions=2000):
        pass
    assert game.is_over and game.phase is tt.Phase.OVER and game.to_move is None
    assert game.legal_actions() == [] and game.view(0).to_dict()["legal_actions"] == []
    assert len(game.winners) == 2 and max(game.scores) >= 2
    with pytest.raises(tt.IllegalActionError, match="over"):
        game.apply("pass")


JOKER_WIDOW = (
    "AH JH 9S 9C 10D KC / 10C KH QS JS AD 9D / JD QH AS KS AC QC / 10H 9H 10S KD QD JC | JK"
)


def test_push_pop_across_a_misdeal() -> None:
    game = tt.new_game("hasenpfeffer", seed=3, dealer=0, deal=JOKER_WIDOW)
    for text in ("pass", "pass", "pass"):
        game.apply(text)
    check_push_pop(game)
    check_copy_independence(game, tt.parse_action("pass"))
    game.push(tt.parse_action("pass"))
    assert game.view(None).to_dict()["misdeals"] == 1 and len(game.record()["deals"]) == 2
    game.pop()
    assert game.view(None).to_dict()["misdeals"] == 0 and len(game.record()["deals"]) == 1


def test_push_pop_across_the_end_of_a_hand_and_of_the_game() -> None:
    game = tt.new_game("hasenpfeffer", seed=3, dealer=0, deal=DEAL, target_score=3)
    for text in ("pass", "pass", "pass", "bid 3", "trump H", "discard 10C"):
        game.apply(text)
    rng = random.Random(0)
    while len(game.view(None).tricks) < 5 or len(game.trick.cards) < 3:
        game.apply(rng.choice(game.legal_actions()))
    last = game.legal_actions()
    check_push_pop(game, last)
    game.push(last[0])
    assert game.is_over  # with target 3 one side always reaches it: 6 tricks are shared
    assert game.winners == (0, 2)
    game.pop()
    assert not game.is_over and game.winners == ()
    check_invariants(game, out_of_play=sh_out_of_play, known=sh_known)


def _session(limit: int, seed: int = 5, **options: object) -> tt.Game:
    return tt.Game(tt.rules("hasenpfeffer", **options), seed=seed, dealer=0, deal_limit=limit)


def test_a_session_ends_right_after_its_last_deal_and_not_at_the_target() -> None:
    game = _session(3, target_score=1)  # one side reaches the target on the first hand
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        if game.results and len(game.deals) < 3:
            assert max(game.scores) >= 1 and not game.is_over and game.winners == ()
    assert len(game.deals) == 3 and game.deal_number == 2 and game.phase is tt.Phase.OVER
    assert game.legal_actions() == [] and game.to_move is None
    best = max(game.scores)
    assert game.winners == tuple(s for s in range(4) if game.scores[s] == best)


def test_a_thrown_in_deal_of_a_session_passes_the_deal_on_or_ends_it() -> None:
    game = tt.Game(tt.rules("hasenpfeffer"), seed=3, dealer=0, deals=[JOKER_WIDOW],
                   deal_limit=2)  # fmt: skip
    for _ in range(4):
        game.apply("pass")  # the Joker is the widow card: a misdeal
    assert (game.deal_number, game.dealer, game.hand_number) == (1, 1, 2)
    assert game.view(None).to_dict()["misdeals"] == 0 and not game.results
    last = tt.Game(tt.rules("hasenpfeffer"), seed=3, dealer=0, deals=[JOKER_WIDOW],
                   deal_limit=1)  # fmt: skip
    for _ in range(3):
        last.apply("pass")
    check_push_pop(last, [tt.parse_action("pass")])
    last.apply("pass")
    assert last.is_over and len(last.deals) == 1 and last.winners == (0, 1, 2, 3)


def test_push_pop_and_copy_across_the_end_of_a_session() -> None:
    game = _session(1)
    rng = random.Random(1)
    while not (game.phase is tt.Phase.PLAY and len(game.tricks) == 5 and game.trick.cards):
        game.apply(rng.choice(game.legal_actions()))
    while len(game.trick.cards) < game.active_count - 1:
        game.apply(rng.choice(game.legal_actions()))
    last = game.legal_actions()
    check_push_pop(game, last)
    other = game.copy()
    assert other == game and other.deal_limit == 1
    other.apply(last[0])
    assert other.is_over and not game.is_over


@pytest.mark.parametrize("limit", [0, -1, True, "3", 2.0])
def test_a_bad_deal_limit_is_refused(limit: object) -> None:
    with pytest.raises(tt.RulesError, match="deal_limit"):
        tt.Game(tt.rules("hasenpfeffer"), seed=1, deal_limit=limit)  # type: ignore[arg-type]


def test_a_countdown_session_ends_when_too_few_players_are_left() -> None:
    rules = tt.rules("rams", scoring="countdown")  # players at 0 drop out, the last one loses
    game = tt.Game(rules, seed=0, dealer=0, deal_limit=400)
    rng = random.Random(0)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.deals) < 400 and len(game.ledger.remaining()) == 1  # type: ignore[attr-defined]
    lowest = min(game.scores)  # counters count down: the fewest left is best
    assert game.winners == tuple(s for s in range(game.player_count) if game.scores[s] == lowest)
