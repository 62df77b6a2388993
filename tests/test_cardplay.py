"""Card play from a view (cardplay.py): what is still out, read from the typed view."""

from __future__ import annotations

import random

import tricktable as tt
from double_support import LONE_4_MADE, go_alone_4
from tricktable.actions import Kind
from tricktable.cardplay import PlayContext
from tricktable.cards import COPY_STRIDE, parse_card
from tricktable.games.rams.section import RamsSection


def outstanding_of(view: tt.View, text: str) -> int:
    return PlayContext.of(view).outstanding[parse_card(text).index % COPY_STRIDE]


def test_a_lone_hands_own_discards_are_not_outstanding() -> None:
    # Seat 1 goes alone and discards both 9C; only it saw them go, and it knows neither is out.
    game = go_alone_4(LONE_4_MADE)
    lone = game.view(1)
    assert lone.section.discarded == ("9C", "9C")
    assert outstanding_of(lone, "9C") == 0
    assert outstanding_of(game.view(2), "9C") == 2  # the others cannot know where they are


def test_a_rams_hand_given_up_for_the_widow_is_not_outstanding() -> None:
    for seed in range(40):
        game = tt.new_game("rams", seed=seed)
        while game.phase.value != "play":
            legal = game.legal_actions()
            game.apply(next((a for a in legal if a.kind is Kind("widow")), legal[0]))
        taker = game.view(None).section
        assert isinstance(taker, RamsSection)
        if taker.widow_taker is None:
            continue
        view = game.view(taker.widow_taker)
        assert len(view.section.discarded) >= 5
        for card in view.section.discarded:
            assert outstanding_of(view, card) == 0
        return
    raise AssertionError("no seed of 40 had a widow taken")


def test_a_turn_up_exchange_discard_is_not_outstanding() -> None:
    for seed in range(40):
        game = tt.new_game("rams", seed=seed)
        while game.phase.value != "play":
            legal = game.legal_actions()
            game.apply(next((a for a in legal if a.kind is Kind("exchange")), legal[-1]))
        section = game.view(None).section
        assert isinstance(section, RamsSection)
        dealer = section.turnup_taken_by
        if dealer is None or section.widow_taker == dealer:
            continue
        view = game.view(dealer)
        (card,) = view.section.discarded
        assert outstanding_of(view, card) == 0
        return
    raise AssertionError("no seed of 40 had the turn-up taken")


def test_the_bots_read_the_voids_the_observations_read() -> None:
    """One inference of voids (tricktable.hidden.voids_shown), face-down leads included."""
    from tricktable.hidden import knowledge

    checked = 0
    for game_name, options in (("bierspiel", {}), ("rounce", {"trick2_no_trump": "face_down"}),
                               ("euchre", {})):  # fmt: skip
        for seed in range(6):
            game = tt.new_game(game_name, seed=seed, **options)
            rng = random.Random(seed)
            while not game.is_over and game.hand_number < 3:
                if game.phase.value == "play":
                    view = game.view(game.to_move)
                    known = knowledge(view).voids
                    context = PlayContext.of(view).voids
                    assert {s: set(v) for s, v in enumerate(known) if v} == context
                    checked += bool(context)
                game.apply(rng.choice(game.legal_actions()))
    assert checked > 0
