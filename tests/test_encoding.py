"""The action codec, the observation encoder and the resampler, on every registered game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip(
    "numpy", reason='the rl extra is not installed: pip install "tricktable[rl]"'
)

import tricktable as tt  # noqa: E402
from tricktable.actions import Kind  # noqa: E402
from tricktable.encoding import ActionCodec, ObservationEncoder  # noqa: E402
from tricktable.resample import resample  # noqa: E402

GAMES = sorted(tt.REGISTRY)
DOCS = Path(__file__).resolve().parent.parent / "docs" / "envs.md"


def random_positions(name: str, games: int, seed: int = 0) -> list[tt.Game]:
    """Games stopped at random points of random play (never over)."""
    rng = random.Random(seed)
    out = []
    for number in range(games):
        game = tt.new_game(name, seed=seed * 1000 + number)
        for _ in range(rng.randrange(0, 45)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            out.append(game)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_round_trips_through_the_codec(name: str) -> None:
    rules = tt.rules(name)
    codec = ActionCodec(rules)
    rng = random.Random(1)
    seen: dict[int, str] = {}
    for number in range(15):
        game = tt.new_game(rules, seed=number)
        while not game.is_over and len(game.results) < 2:
            legal = game.legal_actions()
            indices = [codec.encode(a) for a in legal]
            assert len(set(indices)) == len(legal)
            for action, index in zip(legal, indices, strict=True):
                assert str(codec.decode(index)).split()[0] == str(action).split()[0]
                assert codec.encode(codec.decode(index)) == index
                assert codec.pick(index, legal) is action
                assert seen.setdefault(index, str(action)) == str(action)
            assert int(codec.mask(legal).sum()) == len(legal)
            game.apply(rng.choice(legal))
    assert codec.size == ActionCodec(tt.rules(name)).size


def test_the_codec_puts_cards_first_then_calls() -> None:
    codec = ActionCodec(tt.rules("hasenpfeffer"))
    labels = [label for label, _, _ in codec.blocks]
    assert labels[:4] == ["play", "bid", "trump", "call"]
    assert str(codec.decode(0)) == "play 9C"
    assert str(codec.decode(24)) == "play JK"
    assert str(codec.decode(25)) == "bid 1"


def test_the_codec_honours_the_flows_action_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tt.rules("hasenpfeffer", min_bid=2)
    full = ActionCodec(rules).size
    narrow = frozenset({Kind.PLAY, Kind.BID, Kind.PASS, Kind.TRUMP, Kind.DISCARD})
    monkeypatch.setattr(rules.flow, "action_kinds", lambda: narrow)
    codec = ActionCodec(rules)
    assert codec.size < full
    assert {label for label, _, _ in codec.blocks} == {"play", "bid", "trump", "call", "discard"}
    game = tt.Game(rules, seed=4)
    while not game.is_over and not game.results:
        codec.mask(game.legal_actions())  # every legal action still has a number
        game.apply(game.legal_actions()[0])


def test_codec_errors_quote_the_input() -> None:
    codec = ActionCodec(tt.rules("hasenpfeffer"))
    with pytest.raises(tt.IllegalActionError, match="'play 7C'"):
        codec.encode("play 7C")
    with pytest.raises(tt.IllegalActionError, match="9999"):
        codec.decode(9999)


@pytest.mark.parametrize("name", GAMES)
def test_observations_see_nothing_hidden(name: str) -> None:
    """Re-dealing every card a seat cannot see leaves its observation (and view) unchanged."""
    rng = random.Random(2)
    for game in random_positions(name, 12):
        for perfect_recall in (False, True):
            encoder = ObservationEncoder(game.rules, perfect_recall=perfect_recall)
            for seat in range(game.player_count):
                other = resample(game.view(seat), rng)
                mine = encoder.encode(game.view(seat))
                assert mine.shape == (encoder.size,)
                assert mine.dtype == np.float32
                assert np.array_equal(mine, encoder.encode(other.view(seat)))
                assert mine.min() >= -1.0
                assert mine.max() <= 2.0


@pytest.mark.parametrize("name", GAMES)
def test_resampled_games_conserve_cards_and_play_on(name: str) -> None:
    rng = random.Random(3)
    for game in random_positions(name, 10, seed=5):
        for seat in range(game.player_count):
            other = resample(game.view(seat), rng)
            assert [h.bit_count() for h in other.hands] == [h.bit_count() for h in game.hands]
            seen = 0
            for hand in other.hands:
                assert not seen & hand
                seen |= hand
            assert other.view(seat).to_dict() == game.view(seat).to_dict()
            hands = len(game.results)
            while not other.is_over and len(other.results) == hands:
                other.apply(rng.choice(other.legal_actions()))


def test_hand_trick_and_voids_are_read_from_the_view() -> None:
    deal = "JK JH AH KH QH 10H / AS KS QS JS 10S 9S / AD KD QD JD 10D 9D / AC KC QC JC 10C 9H | 9C"
    game = tt.new_game("hasenpfeffer", dealer=3, deal=deal)
    for text in ("bid 6", "trump H", "discard 9C", "play JK", "play AS"):
        game.apply(text)
    encoder = ObservationEncoder(game.rules)
    vector = encoder.encode(game.view(0))
    hand = encoder.field(vector, "hand")
    assert hand.sum() == 5
    assert hand[encoder.slot[tt.parse_card("JH").index]] == 1
    assert encoder.field(vector, "own_discards")[encoder.slot[tt.parse_card("9C").index]] == 1
    trick = encoder.field(vector, "trick")
    assert trick[0].sum() == 1 and trick[1].sum() == 1  # me and the seat on my left
    voids = encoder.field(vector, "voids")
    assert voids[1, 2] == 1  # seat 1 could not follow hearts
    assert voids[0].sum() == 0
    assert encoder.field(vector, "trump")[2] == 1
    assert encoder.field(vector, "bidder")[0] == 1
    assert encoder.field(vector, "to_move")[2] == 1


def test_the_docs_describe_every_observation_field() -> None:
    text = DOCS.read_text(encoding="utf-8")
    encoder = ObservationEncoder(tt.rules("rams"), perfect_recall=True)
    missing = [f.name for f in encoder.fields if f"`{f.name}`" not in text]
    assert missing == []


def test_euchre_s_calls_and_turn_up_are_in_the_observation() -> None:
    """Every game's calls come from the view's public actions, the turn-up from its section:
    Euchre's first-round pass and its turned-up card were missing before."""
    game = tt.new_game("euchre", seed=3, dealer=0)
    turnup = game.view(1).to_dict()["turnup"]
    game.apply("pass")
    encoder = ObservationEncoder(game.rules)
    vector = encoder.encode(game.view(2))
    calls = encoder.field(vector, "calls")
    assert calls.sum() == 1.0 and calls[3].sum() == 1.0, "seat 1 is seat 2's third on its left"
    slot = encoder.slot[tt.parse_card(turnup).index]
    assert encoder.field(vector, "turnup")[slot] == 1.0
