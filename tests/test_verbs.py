"""The verb registry (verbs.py): the core's verbs, a family's own, and how each is declared."""

from __future__ import annotations

import pickle

import pytest

import tricktable as tt
from tricktable.actions import Action
from tricktable.games import REGISTRY
from tricktable.verbs import CORE_VERBS, Kind, VerbWords, all_verbs, verb


def test_the_core_knows_only_the_shared_verbs() -> None:
    assert [kind.value for kind in CORE_VERBS] == ["pass", "bid", "trump", "discard", "play"]
    assert Kind.PLAY is Kind("play") and Kind.PLAY == "play"


def test_each_family_verb_is_registered_by_its_game_and_parsed_by_its_word() -> None:
    family_verbs = {kind for game in REGISTRY.values() for kind in game.verbs}
    assert {"order-up", "alone", "partner", "in", "exchange"} <= family_verbs
    assert not family_verbs & set(CORE_VERBS)
    for kind in family_verbs:
        assert Kind(kind.value) is kind and kind in all_verbs()
        assert kind.words.move.split()[0] == kind.value  # the terminal's label starts with it


def test_a_verb_declared_again_alike_is_the_same_object_and_differently_is_refused() -> None:
    alone = Kind("alone")
    again = verb(
        "alone", alone.words, takes=alone.takes, most_cards=alone.most_cards, hidden=alone.hidden
    )
    assert again is alone
    with pytest.raises(tt.NotationError, match="'alone' is registered already"):
        verb("alone", VerbWords("alone"), takes="seat")


def test_an_unknown_word_is_no_verb_and_the_notation_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match="'jump'"):
        Kind("jump")
    with pytest.raises(tt.NotationError, match="order-up"):
        tt.parse_action("jump")


def test_a_kind_and_an_action_survive_pickling_as_the_registered_verb() -> None:
    action = tt.parse_action("exchange 9C 8H")
    copied = pickle.loads(pickle.dumps(action))
    assert copied == action and copied.kind is action.kind and hash(copied) == hash(action)


def test_shapes_decide_what_follows_the_word() -> None:
    assert Kind("exchange").most_cards == 2 and Kind("exchange").thrown
    assert Kind("give").hidden and not Kind("give").thrown
    assert Action.seat(Kind("partner"), 2).value == "2"
    with pytest.raises(tt.NotationError, match="'give' takes one card"):
        tt.parse_action("give 9C 8H")
