"""What a seat knows about where the cards lie, and the families' hidden-information hooks."""

from __future__ import annotations

import random

import tricktable as tt
from tricktable.cards import COPY_STRIDE, JOKER_INDEX, parse_card
from tricktable.hidden import Place, World, bit_of, knowledge, mask_of, voids_shown
from tricktable.phase import Phase
from tricktable.view_parts import Play, TrickView

SINGLE_DEAL = (
    "JK JH AH KH QH 10H / AS KS QS JS 10S 9S / AD KD QD JD 10D 9D / AC KC QC JC 10C 9H | 9C"
)
RAMS_DEAL = (
    "7S 8S 9S 7D 8D / AS 10S 7C 8C 9C / KS QS JS 9D 10D / AC KC QC JC 10C"
    " | AD KD QD JD AH | 7H 8H 9H 10H JH QH KH"
)
BIERSPIEL_DEAL = (
    "AD KD QD JD 10D / AS KS QS JS 10S / AH KH QH JH 10H / AC KC QC JC 10C"
    " | 9S 8S 7S 9C 8C | 7D 9H 8H 7H 9D 8D 7C"
)
DOUBLE_DEAL = (
    "9H AC AC KC KC QC AS AS KS KS QS QS"
    " / JH JH JD JD AH AH KH KH QH QH 9C 9C"
    " / 9H QC JC JC 10C 10C JS JS 10S 10S 9S 9S"
    " / 10H 10H AD AD KD KD QD QD 10D 10D 9D 9D"
)


def test_voids_and_own_discards_are_read_from_the_view() -> None:
    game = tt.new_game("hasenpfeffer", dealer=3, deal=SINGLE_DEAL)
    for text in ("bid 6", "trump H", "discard 9C", "play JK", "play AS"):
        game.apply(text)
    mine, theirs = knowledge(game.view(0)), knowledge(game.view(1))
    assert mine.voids[1] == {2} and mine.voids == theirs.voids  # seat 1 failed to follow trump
    assert mine.thrown == ("9C",) and theirs.thrown == ()
    assert mine.hand == game.view(0).hand.mask and mine.public_stock == ()
    assert all(not cards for cards in mine.pinned)


def test_a_taken_turn_up_is_pinned_to_its_taker_until_he_plays_it() -> None:
    game = tt.new_game("rams", dealer=0, deal=RAMS_DEAL)
    for text in ("in", "in", "in", "in"):
        game.apply(text)
    assert knowledge(game.view(1)).public_stock == ("7H",)
    game.apply("exchange 8D")  # the dealer takes the 7H
    seen = knowledge(game.view(1))
    assert seen.pinned[0] == ("7H",) and seen.public_stock == ()
    assert knowledge(game.view(0)).pinned[0] == ()  # his own hand is no pin
    tricks = ("play 10S", "play QS", "play AC", "play 7S", "play 9D", "play KC", "play 7D",
              "play 7C", "play 10D", "play QC")  # fmt: skip
    for text in tricks:
        game.apply(text)
    assert knowledge(game.view(1)).pinned[0] == ("7H",)
    game.apply("play 7H")  # out of diamonds, the dealer must trump
    assert knowledge(game.view(1)).pinned[0] == ()


def test_bierspiel_partial_exchange_takes_only_the_card_that_named_trump() -> None:
    game = tt.new_game("bierspiel", dealer=0, deal=BIERSPIEL_DEAL, seven_turnup_partial=True)
    for text in ("in", "in", "in", "in", "exchange 10D"):
        game.apply(text)
    seen = knowledge(game.view(2))
    assert seen.pinned[0] == ("9H",) and seen.public_stock == ("7D",)


def test_a_giver_knows_his_gifts_are_in_the_lone_hand() -> None:
    game = tt.new_game("double-hasenpfeffer", dealer=0, deal=DOUBLE_DEAL)
    for text in ("bid 6", "pass", "pass", "pass", "trump H", "alone", "discard 9C", "discard 9C"):
        game.apply(text)
    game.apply("give 10H")
    game.apply("give 10H")
    assert knowledge(game.view(3)).pinned[1] == ("10H", "10H")
    assert knowledge(game.view(0)).pinned[1] == ()
    assert knowledge(game.view(1)).thrown == ("9C", "9C")


def test_the_single_hasenpfeffer_widow_and_a_forced_jokers_places() -> None:
    model = tt.rules("hasenpfeffer").flow.HIDDEN
    game = tt.new_game("hasenpfeffer", dealer=3, deal=SINGLE_DEAL)
    assert model.widow_hidden(game.view(1)) == 1
    for _ in range(4):
        game.apply("pass")  # the Joker's holder, seat 0, must bid 3
    view = game.view(2)
    assert model.widow_hidden(view) == 0  # the bidder took it
    assert model.confined(view) == {JOKER_INDEX: (Place("hand", 0), Place("thrown", 0))}
    assert model.confined(game.view(0)) == {}
    dead = tt.new_game("hasenpfeffer", seed=2, widow_mode="dead")
    while dead.phase.value != "play":
        dead.apply(dead.legal_actions()[-1])
    assert tt.rules("hasenpfeffer", widow_mode="dead").flow.HIDDEN.widow_hidden(dead.view(0)) == 1


def test_the_rams_widow_taker_threw_his_dealt_hand_unseen() -> None:
    game = tt.new_game("rams", dealer=0, deal=RAMS_DEAL)
    model = game.flow.HIDDEN
    assert model.widow_hidden(game.view(2)) == 5 and model.thrown_unseen(game.view(2)) == {}
    game.apply("widow")
    assert model.widow_hidden(game.view(2)) == 0
    assert model.thrown_unseen(game.view(2)) == {1: 5}


def test_a_rebuilt_rams_deal_puts_the_widow_back_and_the_turn_up_on_top() -> None:
    game = tt.new_game("rams", dealer=0, deal=RAMS_DEAL)
    game.apply("widow")  # seat 1 takes AD KD QD JD AH; his hand lies face down
    view = game.view(1)
    hands = [game.hands[s] for s in range(4)]
    world = World(
        hands=hands,
        played=[0] * 4,
        thrown=[0, mask_of(["AS", "10S", "7C", "8C", "9C"]), 0, 0],
        stock=game.stock[1:],
        public_stock=[game.stock[0]],
    )
    rebuilt = game.flow.HIDDEN.rebuild(view, world, random.Random(0))
    assert rebuilt.deal == game.deals[-1] and not rebuilt.texts  # the deal as it was dealt


def test_card_bits_give_each_copy_of_a_pinochle_card_its_own_bit() -> None:
    nine = parse_card("9C").index
    assert mask_of(["9C", "9C"]) == 1 << nine | 1 << (nine + COPY_STRIDE)
    assert mask_of(["9C"], taken=1 << nine) == 1 << (nine + COPY_STRIDE)
    assert bit_of(1 << (nine + COPY_STRIDE), "9C") == nine + COPY_STRIDE
    assert bit_of(1 << nine | 1 << (nine + COPY_STRIDE), nine + COPY_STRIDE) == nine


def test_voids_a_face_down_lead_shows_no_suit_of_its_own() -> None:
    """rules.md §3.3: a face-down lead makes the trick trump-led, whatever its card. Shown
    card or not, a follower without trump is void in trump (not in the hidden card's suit),
    and so is the leader, who may lead face down only without trump."""
    table = tt.rules("bierspiel").flow.trump_table(2)  # hearts
    blind = TrickView(0, (Play(0, "AS", True), Play(1, "KD", False), Play(2, "QS", False)))
    assert voids_shown([blind], table, 3) == ({2}, {2}, {2})
    hidden = TrickView(0, (Play(0, None, True), Play(1, "KD", False), Play(2, "9H", False)))
    assert voids_shown([hidden], table, 3) == ({2}, {2}, set())
    face_up = TrickView(0, (Play(0, "AS", False), Play(1, "KD", False), Play(2, "9H", False)))
    assert voids_shown([face_up], table, 3) == (set(), {3}, {3})


def _a_face_down_lead_answered() -> tt.Game:
    """A Bierspiel game (seeded random play) just after a trick led face down to which some
    follower played no trump."""
    for seed in range(200):
        game = tt.new_game("bierspiel", seed=seed)
        rng = random.Random(seed)
        while not game.is_over and game.hand_number < 3:
            game.apply(rng.choice(game.legal_actions()))
            if game.phase is not Phase.PLAY or game.trick.cards or not game.tricks:
                continue
            done, table = game.tricks[-1], game.table
            assert table is not None
            if done.down & 1 and any(not table.trump_mask >> c & 1 for c in done.cards[1:]):
                return game
    raise AssertionError("no face-down lead answered without trump in 200 seeded games")


def test_every_seat_infers_the_same_voids_from_a_face_down_lead() -> None:
    game = _a_face_down_lead_answered()
    trick, table = game.tricks[-1], game.table
    assert table is not None
    voids = [knowledge(game.view(seat)).voids for seat in range(game.player_count)]
    assert all(v == voids[0] for v in voids)  # the leader, who saw his card, infers the same
    assert table.trump in voids[0][trick.leader]
    for seat, card in zip(trick.seats[1:], trick.cards[1:], strict=True):
        assert (table.trump in voids[0][seat]) or bool(table.trump_mask >> card & 1)
