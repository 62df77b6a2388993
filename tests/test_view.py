"""Views (view.py): what one seat sees, and nothing else."""

from __future__ import annotations

import json
import random

import tricktable as tt
from support import cards_in, check_views, observe, random_playout, sh_known

DEAL = "JK JH 9S 9C 10D KC / AH KH QS JS AD 9D / JD QH AS KS AC QC / 10H 9H 10S KD QD JC | 10C"


def test_view_contract_keys_and_json() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    view = game.view(1)
    data = view.to_dict()
    for key in ("seat", "phase", "to_move", "hand", "legal_actions", "scores"):
        assert key in data
    assert json.loads(json.dumps(data)) == data
    assert data["seat"] == 1 and data["to_move"] == 1 and data["phase"] == "auction"
    assert data["hand"] == ["QS", "JS", "AH", "KH", "AD", "9D"]  # canonical order
    assert data["legal_actions"] == [str(a) for a in game.legal_actions()]
    assert [str(a) for a in view.legal] == data["legal_actions"]
    assert view.hand == tt.CardSet("AH KH QS JS AD 9D")
    assert view.phase == "auction" and view.to_move == 1 and view.trump is None
    assert game.view(2).to_dict()["legal_actions"] == []


def test_to_dict_is_an_independent_copy() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    view = game.view(0)
    data = view.to_dict()
    data["hand"].clear()
    data["scores"][0] = 99
    assert view.to_dict()["hand"] == game.view(0).to_dict()["hand"] != []
    assert view.to_dict() == game.view(0).to_dict()


def test_spectator_sees_no_hand_and_no_legal_actions() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    data = game.view(None).to_dict()
    assert data["seat"] is None and data["hand"] == [] and data["legal_actions"] == []
    assert not cards_in(data)


def test_trump_and_trick_in_the_view() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    for text in ("pass", "pass", "pass", "bid 3", "trump D", "discard 10C", "play 9C"):
        game.apply(text)
    view = game.view(2)
    data = view.to_dict()
    assert view.trump == 1 and data["trump"] == "D"
    assert data["trick"] == {"leader": 0, "plays": [{"seat": 0, "card": "9C", "face_down": False}]}
    assert data["contract"] == "3" and data["bidder"] == 0
    assert "discard" not in data and game.view(0).to_dict()["discard"] == ["10C"]


def test_G06_views_never_leak_over_random_games() -> None:
    for seed in range(25):
        game = tt.new_game("hasenpfeffer", seed=seed, target_score=3, going_alone="maker")
        rng = random.Random(seed)
        for _ in range(8):
            random_playout(game, rng, max_actions=6)
            check_views(game, observe(game), sh_known)


def test_G06_action_history_hides_the_discard_from_other_seats() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    for text in ("pass", "pass", "pass", "bid 3", "trump D", "discard JK", "play 9C"):
        game.apply(text)
    mine = [a["action"] for a in game.view(0).to_dict()["actions"]]
    assert mine == ["pass", "pass", "pass", "bid 3", "trump D", "discard JK", "play 9C"]
    for seat in (1, 2, 3, None):
        theirs = [a["action"] for a in game.view(seat).to_dict()["actions"]]
        assert theirs == ["pass", "pass", "pass", "bid 3", "trump D", "discard ?", "play 9C"]
        assert "JK" not in cards_in(game.view(seat).to_dict())


GAMES_FOR_VIEWS = [
    ("hasenpfeffer", {"going_alone": "maker"}),
    ("double-hasenpfeffer", {}),
    ("double-hasenpfeffer", {"players": 6}),
    ("rams", {}),
    ("rams", {"players": 5, "scoring": "countdown"}),
    ("bierspiel", {}),
    ("rounce", {}),
]


def test_build_views_of_several_seats_equal_each_seats_own_view() -> None:
    from tricktable.view import build_views

    for name, options in GAMES_FOR_VIEWS:
        for seed in range(3):
            game = tt.new_game(name, seed=seed, **options)
            rng = random.Random(seed)
            while not game.is_over and len(game.log) < 150:
                seats = [None, *range(game.player_count)]
                views = build_views(game, seats)
                for seat in seats:
                    alone = game.view(seat)
                    assert views[seat] == alone, (name, seed, len(game.log), seat)
                    assert json.dumps(views[seat].to_dict()) == json.dumps(alone.to_dict())
                game.apply(rng.choice(game.legal_actions()))


def test_to_dict_keeps_the_field_order_with_and_without_the_keys_left_out() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    for text in ("pass", "pass", "pass", "bid 3", "trump D", "discard 10C"):
        game.apply(text)
    bidder, other = list(game.view(0).to_dict()), list(game.view(1).to_dict())
    assert bidder[: len(other)] == other and bidder[len(other) :] == ["discard"]
    assert other[:4] == ["game", "rules", "players", "seat"] and other[-1] == "misdeals"


def test_the_view_states_the_contract_once_made() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    assert game.view(1).declared is None
    for text in ("pass", "pass", "pass", "bid 3"):
        game.apply(text)
    data = game.view(2).to_dict()
    assert data["declared"] == {
        "maker": 0,
        "tricks": 3,
        "call": "3",
        "alone": None,
        "all_tricks": False,
    }
    assert game.view(None).declared == game.view(1).declared
    assert tt.new_game("rams", seed=1).view(0).to_dict()["declared"] is None


def test_a_pepper_contract_names_its_call_and_needs_every_trick() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL, pepper_bidding=True)
    while game.phase.value == "auction":
        legal = [str(a) for a in game.legal_actions()]
        game.apply("bid little-pepper" if "bid little-pepper" in legal else "pass")
    declared = game.view(0).declared
    assert declared is not None and declared.call == "little-pepper" and declared.tricks == 6


def test_cards_give_each_shown_card_its_effective_suit_and_sort_rank_under_trump() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    before = {c.card: c for c in game.view(0).cards}
    assert set(before) == {"JK", "JH", "9S", "9C", "10D", "KC"}  # the hand: nothing more
    assert before["JK"].suit is None and before["JH"].suit == "H"  # no trump yet
    for text in ("pass", "pass", "pass", "bid 3", "trump H"):
        game.apply(text)
    mine = game.view(0).to_dict()
    assert {c["card"] for c in mine["cards"]} == set(mine["hand"])
    assert [c["rank"] for c in mine["cards"]] == sorted(c["rank"] for c in mine["cards"])
    shown = [c["card"] for c in mine["cards"]]
    assert shown[-2:] == ["JH", "JK"] and shown[0] == "9C"  # clubs first, trump last
    right = {c.card: c for c in game.view(0).cards}["JH"]
    left = {c.card: c for c in game.view(2).cards}["JD"]
    assert left.suit == right.suit == "H" and left.rank == right.rank - 1
    assert game.view(None).cards == ()  # a spectator sees no card before the play


def test_pinochle_twins_are_listed_once_and_bierspiels_seven_is_trump() -> None:
    for seed in range(3):
        double = tt.new_game("double-hasenpfeffer", seed=seed).view(0)
        assert {c.card for c in double.cards} == set(double.to_dict()["hand"])
        assert len(double.cards) == len({c.card for c in double.cards})
    deal = (
        "AD KD QD JD 10D / AS KS QS JS 10S / AH KH QH JH 10H / AC KC QC JC 10C"
        " | 9S 8S 7S 9C 8C | 7D 9H 8H 7H 9D 8D 7C"
    )
    view = tt.new_game("bierspiel", dealer=0, deal=deal).view(2)
    facts = {c.card: c for c in view.cards}
    assert view.trump == 2 and facts["7D"].suit == "H"  # the turn-up, shown to all
    assert facts["7D"].rank == facts["AH"].rank - 1  # below the trump ace only


def test_cards_only_repeat_cards_the_view_shows_elsewhere() -> None:
    for name in tt.GAME_NAMES:
        game = tt.new_game(name, seed=4)
        rng = random.Random(4)
        for _ in range(60):
            if game.is_over:
                break
            for seat in (None, *range(game.player_count)):
                data = game.view(seat).to_dict()
                listed = {c["card"] for c in data["cards"]}
                elsewhere = cards_in({k: v for k, v in data.items() if k != "cards"})
                assert listed <= elsewhere, (name, seat, listed - elsewhere)
            game.apply(rng.choice(game.legal_actions()))
