"""Rams (rules.md §6, §0.5 decisions 9-16): every RA situation of §10, and family invariants."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable as tt
from rams_support import (
    DEAL_C,
    LOO,
    all_in,
    assert_view_hides,
    cards_of,
    new,
    play_first_legal,
    play_session,
    strings_in,
    texts,
    to_play,
)
from tricktable.cards import CARD_TEXT, DECKS, card_index, parse_card
from tricktable.games.rams.declare import HandState

# -- deal, players, ante ----------------------------------------------------------------------


def test_RA01_six_players_dealer_deals_himself_nothing() -> None:
    game = tt.new_game("rams", seed=5, players=6, dealer=2)
    assert game.hands[2] == 0
    assert [h.bit_count() for h in game.hands] == [5, 5, 0, 5, 5, 5]
    assert (game.widow or 0).bit_count() == 5
    assert game.state.seated == (3, 4, 5, 0, 1)
    seats = []
    while game.phase == "declare":
        seats.append(game.to_move)
        game.apply("in")
    assert 2 not in seats


def test_RA01_six_players_need_the_dealer_to_sit_out() -> None:
    with pytest.raises(tt.RulesError, match="six_player_dealer_sits_out"):
        tt.rules("rams", players=6, six_player_dealer_sits_out=False)


def test_RA02_packets_three_then_two_widow_before_dealer_then_turnup() -> None:
    flow = tt.rules("rams").flow
    pack = list(DECKS["piquet32"].indices)
    deal = flow.deal(pack, 0)

    def mask(*positions: int) -> int:
        return sum(1 << pack[p] for p in positions)

    assert deal.hands[1] == mask(0, 1, 2, 15, 16)
    assert deal.hands[3] == mask(6, 7, 8, 19, 20)
    assert deal.widow == mask(9, 10, 11, 21, 22)
    assert deal.hands[0] == mask(12, 13, 14, 23, 24)
    assert deal.stock[0] == pack[25]
    game = tt.new_game("rams", dealer=0, deal=str(deal))
    assert game.trump == pack[25] // 16
    assert game.view(1).to_dict()["turnup"] == [CARD_TEXT[pack[25]]]


def test_RA02_packets_two_then_three_option() -> None:
    flow = tt.rules("rams", deal_packets="2+3").flow
    pack = list(DECKS["piquet32"].indices)
    deal = flow.deal(pack, 0)
    assert deal.hands[1] == sum(1 << pack[p] for p in (0, 1, 10, 11, 12))


def test_RA03_dealer_antes_five() -> None:
    game = new()
    assert game.ledger.pot == 5 and game.scores == (-5, 0, 0, 0)
    assert game.view(2).to_dict()["pot"] == 5


# -- declarations -----------------------------------------------------------------------------


def test_RA04_simple_pot_nobody_may_pass() -> None:
    game = new()
    assert game.state.simple_pot
    while game.phase == "declare":
        assert "pass" not in texts(game)
        game.apply("in")


def test_RA05_double_pot_pass_is_legal() -> None:
    game = new()
    play_first_legal(game)
    assert game.ledger.pot == 15 + 5  # three looed players carried 15, plus the new ante
    assert not game.state.simple_pot
    assert "pass" in texts(game)


def test_RA06_widow_first_come_then_not_offered() -> None:
    game = new(scoring="countdown")
    assert "widow" in texts(game)
    game.apply("pass")
    game.apply("widow")
    assert "widow" not in texts(game)
    game.apply("in")
    assert "widow" not in texts(game)


def test_RA07_widow_taker_plays_the_widow_and_his_hand_is_dead_and_hidden() -> None:
    game = new(scoring="countdown")
    old = cards_of(game.hands[1])
    game.apply("widow")
    assert cards_of(game.hands[1]) == {"AC", "KC", "QC", "JC", "10C"}
    assert set(game.view(1).to_dict()["discards"]) == old
    for seat in (0, 2, 3, None):
        assert not strings_in(game.view(seat).to_dict()) & old
    all_in(game)
    game.apply("decline")
    assert game.active[1]


def test_RA08_all_pass_up_to_rho_then_rho_and_dealer_cannot_pass() -> None:
    game = new(scoring="countdown")
    game.apply("pass")
    game.apply("pass")
    assert "pass" not in texts(game)  # seat 3, the dealer's right
    game.apply("in")
    assert "pass" not in texts(game)  # the dealer


def test_RA09_one_non_dealer_active_dealer_cannot_pass() -> None:
    game = new(scoring="countdown")
    game.apply("in")
    game.apply("pass")
    game.apply("pass")
    assert game.to_move == 0 and "pass" not in texts(game)


def test_RA10_two_active_before_dealer_dealer_may_pass() -> None:
    game = new(scoring="countdown")
    game.apply("in")
    game.apply("in")
    game.apply("pass")
    assert game.to_move == 0 and "pass" in texts(game)


SIX = (
    "- / AS KS QS JS 10S / AH KH QH JH 10H / AD KD QD JD 10D / AC KC QC JC 10C / 9S 9H 9D 9C 8S"
    " | 8H 8D 8C 7S 7H | 7D 7C"
)


def test_RA11_handless_dealer_last_two_forced_if_nobody_played() -> None:
    game = tt.new_game("rams", dealer=0, deal=SIX, players=6, scoring="countdown")
    for _ in range(3):
        assert "pass" in texts(game)
        game.apply("pass")
    assert game.to_move == 4 and "pass" not in texts(game)
    game.apply("in")
    assert game.to_move == 5 and "pass" not in texts(game)


def test_RA11_handless_dealer_only_last_forced_if_one_played() -> None:
    game = tt.new_game("rams", dealer=0, deal=SIX, players=6, scoring="countdown")
    game.apply("in")
    game.apply("pass")
    game.apply("pass")
    assert game.to_move == 4 and "pass" in texts(game)
    game.apply("pass")
    assert game.to_move == 5 and "pass" not in texts(game)


def test_RA12_two_players_both_always_play() -> None:
    deal = "AS KS QS JS 10S / AH KH QH JH 10H | AD KD QD JD 10D | 9H 8H"
    game = tt.new_game("rams", dealer=0, deal=deal, players=2, allow_two_players=True,
                       scoring="countdown")  # fmt: skip
    assert "pass" not in texts(game)
    game.apply("in")
    assert "pass" not in texts(game)
    with pytest.raises(tt.RulesError, match="allow_two_players"):
        tt.rules("rams", players=2)


def test_RA13_dealer_takes_the_turnup_and_discards_one_face_down() -> None:
    game = new()
    all_in(game)
    assert game.phase == "exchange" and game.to_move == 0
    assert "exchange 10S" in texts(game) and "decline" in texts(game)
    game.apply("exchange 10S")
    assert "9H" in cards_of(game.hands[0]) and "10S" not in cards_of(game.hands[0])
    assert game.view(0).to_dict()["discards"] == ["10S"]
    assert game.view(1).to_dict()["turnup_taken_by"] == 0
    for seat in (1, 2, 3):
        assert "10S" not in strings_in(game.view(seat).to_dict())
    assert game.phase == "play"


def test_RA14_dealer_passes_no_exchange() -> None:
    game = new(scoring="countdown")
    game.apply("in")
    game.apply("in")
    game.apply("in")
    game.apply("pass")
    assert game.phase == "play"
    assert not game.active[0]


def test_RA15_dealer_widow_then_turnup_allowed_by_default() -> None:
    game = new(scoring="countdown")
    game.apply("in")
    game.apply("in")
    game.apply("in")
    game.apply("widow")
    assert game.phase == "exchange" and game.to_move == 0


def test_RA15_dealer_widow_then_turnup_illegal_with_option() -> None:
    game = new(scoring="countdown", dealer_widow_and_turnup=False)
    for call in ("in", "in", "in", "widow"):
        game.apply(call)
    assert game.phase == "play"


def test_RA16_general_after_passes_brings_passers_back() -> None:
    game = new(scoring="countdown")
    game.apply("pass")
    assert "general" in texts(game)
    game.apply("general")
    assert game.phase == "exchange"  # declarations stopped: seat 3 never declared
    assert [c["seat"] for c in game.view(0).to_dict()["declarations"]] == [1, 2]
    game.apply("decline")
    assert all(game.active)
    assert game.hands[1].bit_count() == 5  # the passer plays the hand he kept


def test_RA16_no_widow_and_no_pass_after_general_by_default() -> None:
    game = new(scoring="countdown", widow_after_general=True)
    game.apply("general")
    assert texts(game) == {"in", "widow"}
    game.apply("in")
    game.apply("widow")
    assert game.phase == "exchange"


def test_RA17_general_declarer_leads() -> None:
    game = new(scoring="countdown")
    game.apply("in")
    game.apply("general")
    game.apply("decline")
    assert game.to_move == 2


def test_RA18_first_lead_skips_passed_eldest() -> None:
    game = new(scoring="countdown")
    for call in ("pass", "in", "in", "in"):
        game.apply(call)
    game.apply("decline")
    assert game.to_move == 2


# -- chips ------------------------------------------------------------------------------------


def test_RA27_active_without_trick_pays_five_passer_pays_nothing() -> None:
    game = new(simple_pot_all_play=False)
    for call in ("in", "in", "pass", "in"):
        game.apply(call)
    game.apply("decline")
    play_first_legal(game)
    result = game.results[-1]
    assert result.tricks == (0, 5, 0, 0)
    assert result.deltas == (-10, 5, -5, 0)  # dealer: ante and loo; seat 3 passed
    assert game.ledger.pot == 10 + 5 and result.details["looed"] == [2, 0]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6))
def test_RA28_pot_always_a_multiple_of_five(seed: int, players: int) -> None:
    game = tt.new_game("rams", seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(300):
        if game.is_over:
            break
        assert game.ledger.pot % 5 == 0 and game.ledger.carry % 5 == 0
        game.apply(rng.choice(game.legal_actions()))


def test_RA32_ecarte_ranking() -> None:
    ranking = tt.rules("rams", ace_rank="ecarte").flow.ranking
    table = ranking.table(3)
    order = [table.strength[parse_card(c).index] for c in ("KC", "QC", "JC", "AC", "10C", "7C")]
    assert order == sorted(order, reverse=True)
    game = new(DEAL_C, ace_rank="ecarte")
    to_play(game)
    game.apply("play 10S")
    assert texts(game) == {"play KS"}


# -- counters ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_RA38_chips_conserved_over_random_sessions(players: int) -> None:
    for seed in range(4):
        game = tt.new_game("rams", seed=seed, players=players)
        play_session(game, random.Random(seed), 1500, deep=120 if seed == 0 else 0)


def test_RA39_dealer_may_take_widow_then_turnup() -> None:
    game = new(scoring="countdown")
    for call in ("in", "pass", "in", "widow"):
        game.apply(call)
    assert game.phase == "exchange"
    game.apply("exchange 10C")
    assert "9H" in cards_of(game.hands[0])


def test_RA40_general_in_simple_pot_takes_pot_and_five_from_each() -> None:
    game = new()
    assert "general" in texts(game)
    game.apply("general")
    game.apply("decline")
    play_first_legal(game)
    result = game.results[-1]
    assert result.details["general_made"]
    assert result.deltas == (-10, 20, -5, -5) and game.ledger.carry == 0


def test_RA41_widow_eldest_only() -> None:
    game = new(scoring="countdown", widow_rule="eldest_only")
    assert "widow" in texts(game)
    game.apply("in")
    assert "widow" not in texts(game)


def test_RA41_widow_before_any_play() -> None:
    game = new(scoring="countdown", widow_rule="before_any_play")
    game.apply("pass")
    assert "widow" in texts(game)
    game.apply("in")
    assert "widow" not in texts(game)


def test_RA42_general_only_before_declarations() -> None:
    game = new(scoring="countdown", general_timing="before_declarations")
    assert "general" in texts(game)
    game.apply("in")
    assert "general" not in texts(game)


# -- §0.5 decisions and the rest --------------------------------------------------------------


def test_pass_requires_widow_taken() -> None:
    game = new(scoring="countdown", pass_requires_widow_taken=True)
    assert "pass" not in texts(game)
    game.apply("widow")
    assert "pass" in texts(game)


def test_handless_dealer_turnup_to_first_active_left() -> None:
    game = tt.new_game("rams", dealer=0, deal=SIX, players=6, scoring="countdown",
                       handless_dealer_turnup="first_active_left")  # fmt: skip
    for call in ("pass", "in", "in", "in", "in"):
        game.apply(call)
    assert game.phase == "exchange" and game.to_move == 2
    plain = tt.new_game("rams", dealer=0, deal=SIX, players=6, scoring="countdown")
    all_in(plain)
    assert plain.phase == "play"


def test_general_success_wins_game_option() -> None:
    game = new(scoring="countdown", general_success_wins_game=True)
    game.apply("general")
    game.apply("decline")
    play_first_legal(game)
    assert game.is_over and game.winners == (1,)


def test_turnup_and_views_are_json_and_hide_hands() -> None:
    game = new()
    assert json.loads(json.dumps(game.view(1).to_dict()))["turnup"] == ["9H"]
    assert_view_hides(game)
    assert game.view(2).to_dict()["hand"] == ["AD", "KD", "QD", "JD", "10D"]


def test_bad_deal_and_bad_action_are_refused_without_change() -> None:
    with pytest.raises(tt.NotationError, match="seat 0 holds 4"):
        new("AS KS QS JS / AH KH QH JH 10H / AD KD QD JD 10D / 7C 8C 9C 7S 8S"
            " | AC KC QC JC 10C | 9H")  # fmt: skip
    game = new()
    before = game.record()
    with pytest.raises(tt.IllegalActionError, match="'pass' is not legal"):
        game.apply("pass")
    assert game.record() == before


def test_state_copy_is_independent() -> None:
    state = HandState((1, 2), False, (card_index(9, 2),), (0, 0), [0, 0], [0, 0])
    other = state.copy()
    other.calls.append((1, "in"))
    other.dead[0] = 1
    assert state.calls == [] and state.dead == [0, 0]


@pytest.mark.parametrize(
    "options",
    [
        {"scoring": "countdown", "players": 5},
        {"scoring": "countdown", "countdown_end": "first_out_wins", "players": 6},
        {"heading": "always_head_led_suit", "widow_rule": "before_any_play"},
        {
            "heading": "beat_led_card",
            "general_fail_pot": "double_and_carry",
            "ante": 3,
            "remainder_rule": "most_tricks",
        },
        {"players": 2, "allow_two_players": True, "pot_share": "one_per_trick"},
        {"widow_after_general": True, "general_loo_penalty": True, "ace_rank": "ecarte"},
    ],
)
def test_invariants_over_option_sets(options: dict[str, Any]) -> None:
    for seed in range(3):
        game = tt.new_game("rams", seed=seed, **options)
        play_session(game, random.Random(seed), 1500, deep=120 if seed == 0 else 0)
        assert str(tt.rules(str(game.rules))) == str(game.rules)


def option_values(game: str) -> dict[str, st.SearchStrategy[Any]]:
    out: dict[str, st.SearchStrategy[Any]] = {}
    for option in tt.find_game(game).options:
        if option.kind == "bool":
            out[option.name] = st.booleans()
        elif option.kind == "choice":
            out[option.name] = st.sampled_from(option.choices)
    out["players"] = st.integers(3, 6 if game != "rounce" else 9)
    return out


@settings(max_examples=30, deadline=None)
@given(data=st.data(), game=st.sampled_from(["rams", "bierspiel", "rounce"]))
def test_random_option_combinations_round_trip_and_play(data: st.DataObject, game: str) -> None:
    strategies = option_values(game)
    names = data.draw(st.lists(st.sampled_from(sorted(strategies)), max_size=6, unique=True))
    chosen = {name: data.draw(strategies[name]) for name in names}
    try:
        rules = tt.rules(game, **chosen)
    except tt.RulesError as error:
        assert str(chosen.get("players")) in str(error) or "general" in str(error)
        return
    assert tt.rules(str(rules)) == rules
    seed = data.draw(st.integers(0, 10**6))
    play_session(tt.new_game(rules, seed=seed), random.Random(seed), 250)


# Rams, Bierspiel (the 32-card pack) and Rounce (52 cards, a widow of six): each deal is legal.
FAMILY_DEALS = {
    "rams": (LOO, "32-card"),
    "bierspiel": (LOO, "32-card"),
    "rounce": (LOO.replace("10C |", "10C 6H |"), "52-card"),
}


@pytest.mark.parametrize("name", sorted(FAMILY_DEALS))
def test_deal_text_with_a_duplicate_or_a_foreign_card_names_the_card(name: str) -> None:
    deal, pack = FAMILY_DEALS[name]
    tt.new_game(name, dealer=0, deal=deal)  # as given, the deal is legal
    with pytest.raises(tt.NotationError, match=f"^AS appears twice in the deal; the {pack} pack"):
        tt.new_game(name, dealer=0, deal=deal.replace("10S", "AS"))
    with pytest.raises(tt.NotationError, match=f"^JK is not in the {pack} pack$"):
        tt.new_game(name, dealer=0, deal=deal.replace("8D", "JK"))
    if pack == "32-card":
        with pytest.raises(tt.NotationError, match=r"^6S is not in the 32-card pack$"):
            tt.new_game(name, dealer=0, deal=deal.replace("10S", "6S"))
