"""Rule options and the registry (options.py, games/__init__.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable as tt
from tricktable.games import FAMILIES, find_game
from tricktable.games.hasenpfeffer.auction_flow import (
    FIRST_LEAD,
    LONE_CONTRACT,
    LONE_LEAD,
    SET_PENALTY,
    TARGET_SCORE,
    TIEBREAK,
    SetPenalty,
)
from tricktable.games.hasenpfeffer.double_lone import SixHandTransfer
from tricktable.games.hasenpfeffer.double_options import SIX_HAND_TRANSFER
from tricktable.options import Option

SH_VALUES: dict[str, list[Any]] = {
    "bidding_mode": ["until_three_passed", "single_round"],
    "min_bid": [1, 2, 3],
    "max_bid": [4, 5, 6],
    "widow_mode": ["bidder_exchange", "dead"],
    "first_lead": ["bidder", "eldest"],
    "set_penalty": ["bid", "tricks_taken", "shortfall", "fixed6"],
    "defenders_score_tricks": [True, False],
    "target_score": [1, 10, 25],
    "tiebreak": ["bidding_team", "higher_score_then_bidders"],
    "pepper_bidding": [False, True],
    "big_pepper_multiplier": [2, 3],
    "double_defender_tricks_in_big_pepper": [False, True],
    "going_alone": ["off", "maker", "maker_and_defender"],
    "lone_contract": ["all_tricks", "bid_doubled"],
    "lone_lead": ["left_of_lone", "lone_player"],
    "deal_packets": [(3, 3), (2, 2, 2), (1, 2, 3)],
    "allow_no_trump": [False, True],
}

sh_options = st.dictionaries(
    st.sampled_from(sorted(SH_VALUES)), st.none(), max_size=len(SH_VALUES)
).flatmap(lambda keys: st.fixed_dictionaries({k: st.sampled_from(SH_VALUES[k]) for k in keys}))


@settings(deadline=None)
@given(sh_options)
def test_canonical_string_round_trip(options: dict[str, Any]) -> None:
    rules = tt.rules("hasenpfeffer", **options)
    text = str(rules)
    assert tt.rules(text) == rules
    assert str(tt.rules(text)) == text
    assert hash(tt.rules(text)) == hash(rules)
    for name, value in options.items():
        assert rules.options[name] == value
    changed = {k: v for k, v in options.items() if v != tt.rules("hasenpfeffer").options[k]}
    assert rules.changed() == {k: changed[k] for k in rules.changed()}
    assert set(rules.changed()) == set(changed)
    assert (text == "hasenpfeffer") == (not changed)


@pytest.mark.parametrize("name", tt.GAME_NAMES)
def test_every_registered_game_has_a_canonical_default(name: str) -> None:
    rules = tt.rules(name)
    assert str(rules) == name
    assert tt.rules(str(rules)) == rules
    assert set(rules.options) == {o.name for o in rules.game.options}


def test_options_list_every_default() -> None:
    rules = tt.rules("hasenpfeffer")
    assert rules.options["set_penalty"] == "bid"
    assert rules.options["target_score"] == 10
    assert rules.options["deal_packets"] == (3, 3)
    assert len(rules.options) == len(SH_VALUES)


def test_text_values_keywords_and_aliases() -> None:
    from_text = tt.rules("hasenpfeffer(pepper_bidding=yes, deal_packets=2+2+2, min_bid=2)")
    from_keywords = tt.rules("hasenpfeffer", pepper_bidding=True, deal_packets=[2, 2, 2],
                             min_bid="2")  # fmt: skip
    assert from_text == from_keywords
    assert str(from_text) == "hasenpfeffer(min_bid=2,pepper_bidding=true,deal_packets=2+2+2)"
    assert tt.rules("SH") == tt.rules("single-hasenpfeffer") == tt.rules("hasenpfeffer")
    dashed = tt.rules("hasenpfeffer(set-penalty=Shortfall)")
    assert dashed.options["set_penalty"] == "shortfall"
    assert set(dashed.options) == set(SH_VALUES)  # no stray "set-penalty" option
    assert dashed == tt.rules("hasenpfeffer", set_penalty="shortfall")
    assert tt.rules(from_text, target_score=5).options["target_score"] == 5
    assert tt.rules(from_text) is from_text
    assert from_text.replace(min_bid=1) == tt.rules("hasenpfeffer(pepper_bidding=true,"
                                                    "deal_packets=2+2+2)")  # fmt: skip


@pytest.mark.parametrize(
    ("call", "quoted"),
    [
        (lambda: tt.rules("whist"), "'whist'"),
        (lambda: tt.rules("hasenpfeffer(colour=red)"), "'colour'"),
        (lambda: tt.rules("hasenpfeffer", colour="red"), "'colour'"),
        (lambda: tt.rules("hasenpfeffer(min_bid=9)"), "'9'"),
        (lambda: tt.rules("hasenpfeffer", min_bid=0), "min_bid=0"),
        (lambda: tt.rules("hasenpfeffer", set_penalty="half"), "'half'"),
        (lambda: tt.rules("hasenpfeffer", pepper_bidding="maybe"), "'maybe'"),
        (lambda: tt.rules("hasenpfeffer", target_score=True), "True"),
        (lambda: tt.rules("hasenpfeffer(min_bid)"), "'min_bid'"),
        (lambda: tt.rules("hasenpfeffer(((("), "'hasenpfeffer(((('"),
        (lambda: tt.rules("hasenpfeffer", min_bid=5, max_bid=4), "min_bid=5"),
        (lambda: tt.rules("hasenpfeffer", deal_packets="3+2"), "3+2"),
    ],
)
def test_bad_rules_raise_rules_error_quoting_the_input(call: Any, quoted: str) -> None:
    with pytest.raises(tt.RulesError) as info:
        call()
    assert quoted in str(info.value)
    assert isinstance(info.value, ValueError)


def test_the_game_names_are_the_registrys_in_order_and_name_every_family() -> None:
    names = tt.GAME_NAMES
    assert tuple(tt.REGISTRY) == names
    assert names[:5] == ("hasenpfeffer", "double-hasenpfeffer", "rams", "bierspiel", "rounce")
    for family in FAMILIES:
        assert all(tt.REGISTRY[game.name] is game for game in family.GAMES)


def test_an_unknown_game_names_the_registered_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(tt.REGISTRY, "rounce")
    with pytest.raises(tt.RulesError, match="there is no game 'rounce'; the games are: h") as info:
        tt.rules("rounce")
    assert "rounce" not in str(info.value).partition(";")[2]


def test_find_game_and_option_descriptions() -> None:
    game = find_game("Hasenpfeffer")
    assert game.name == "hasenpfeffer"
    option = game.option("set_penalty")
    assert option.describe_values() == "bid, tricks_taken, shortfall, fixed6"
    assert game.option("min_bid").describe_values() == "1..6"
    assert game.option("pepper_bidding").format(True) == "true"
    with pytest.raises(tt.RulesError, match="'nope'"):
        game.option("nope")


def test_a_choice_is_read_as_its_enum_member_and_written_as_its_word() -> None:
    rules = tt.rules("double-hasenpfeffer(players=6,six_hand_transfer=one_partner_two)")
    transfer = rules.value(SIX_HAND_TRANSFER)
    assert transfer is SixHandTransfer.ONE_PARTNER_TWO
    assert rules.value(SET_PENALTY) is SetPenalty.BID
    assert rules.value(TARGET_SCORE) == 62  # the shared option with this game's default
    assert rules.options["six_hand_transfer"] == "one_partner_two"
    assert str(rules) == "double-hasenpfeffer(players=6,six_hand_transfer=one_partner_two)"
    assert json.loads(json.dumps(dict(rules.options)))["set_penalty"] == "bid"


def test_the_hasenpfeffers_share_one_declaration_of_their_common_options() -> None:
    single, double = find_game("hasenpfeffer"), find_game("double-hasenpfeffer")
    for option in (SET_PENALTY, TARGET_SCORE, TIEBREAK, FIRST_LEAD, LONE_LEAD, LONE_CONTRACT):
        assert single.option(option.name).choices == double.option(option.name).choices
        assert single.option(option.name).kind == option.kind


def test_a_choice_option_must_have_an_enum_default() -> None:
    with pytest.raises(TypeError, match="StrEnum"):
        Option("set_penalty", "choice", "bid", "What a set costs.")
    with pytest.raises(TypeError, match="StrEnum"):
        Option("target_score", "int", SetPenalty.BID, "Points that win.")


@pytest.mark.parametrize("name", sorted(tt.REGISTRY))
def test_every_option_as_json_rebuilds_the_same_rules(name: str) -> None:
    """A table's description lists every option in JSON (lists for tuples, words for
    choices); given back, they build the same rules, every preset included (Rounce's empty
    widow_packets, "as the deal", among them), while an empty list is still refused where the
    option has no empty default."""
    game = tt.REGISTRY[name]
    for _, preset in game.presets:
        rules = tt.rules(name, **preset)
        listed = {k: list(v) if isinstance(v, tuple) else v for k, v in rules.options.items()}
        assert tt.rules(name, **json.loads(json.dumps(listed))) == rules
    with pytest.raises(tt.RulesError, match="the list is empty"):
        tt.rules("hasenpfeffer", deal_packets=[])
