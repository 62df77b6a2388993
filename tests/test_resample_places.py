"""Where hidden cards may lie: the places a view leaves and what a seat's plays rule out."""

from __future__ import annotations

import tricktable as tt
from tricktable.cards import parse_card
from tricktable.hidden import Place, knowledge
from tricktable.resample.places import Seen, allowed_places, hidden_places
from tricktable.trick import FOLLOW_ONLY

RAMS_DEAL = (
    "7S 8S 9S 7D 8D / AS 10S 7C 8C 9C / KS QS JS 9D 10D / AC KC QC JC 10C"
    " | AD KD QD JD AH | 7H 8H 9H 10H JH QH KH"
)  # hearts are trump (7H turned up)
BIERSPIEL_DEAL = (
    "AD KD QD JD 10D / AS KS QS JS 10S / AH KH QH JH 10H / AC KC QC JC 10C"
    " | 9S 8S 7S 9C 8C | 7D 9H 8H 7H 9D 8D 7C"
)


def rams_after_one_trick() -> tt.Game:
    game = tt.new_game("rams", dealer=0, deal=RAMS_DEAL)
    for text in ("in", "in", "in", "in", "decline", "play 10S", "play QS", "play AC", "play 7S"):
        game.apply(text)
    return game


def places_of(view: tt.View) -> tuple[Seen, dict[Place, int]]:
    seen = Seen(view, knowledge(view))
    return seen, hidden_places(view, seen)


def cards(text: str) -> set[int]:
    return {parse_card(t).index for t in text.split()}


def test_the_places_hold_every_hidden_card_and_the_stock_the_rest() -> None:
    game = rams_after_one_trick()
    seen, places = places_of(game.view(1))
    assert places == {
        Place("hand", 0): 4, Place("hand", 2): 4, Place("hand", 3): 4,
        Place("widow"): 5, Place("stock"): 6,  # the 7H lies face up on the stock
    }  # fmt: skip
    assert sum(places.values()) == len(seen.pool) == 32 - 4 - 4 - 1


def test_a_widow_taker_threw_his_dealt_hand_and_a_bidder_his_discard() -> None:
    rams = tt.new_game("rams", dealer=0, deal=RAMS_DEAL)
    rams.apply("widow")  # seat 1 throws in his hand for the widow
    _, places = places_of(rams.view(2))
    assert places[Place("thrown", 1)] == 5 and Place("widow") not in places
    single = tt.new_game(
        "hasenpfeffer",
        dealer=3,
        deal="JK JH AH KH QH 10H / AS KS QS JS 10S 9S / AD KD QD JD 10D 9D / AC KC QC JC 10C 9H"
        " | 9C",
    )
    for text in ("bid 6", "trump H", "discard 9C"):
        single.apply(text)
    _, places = places_of(single.view(1))
    assert places[Place("thrown", 0)] == 1 and Place("widow") not in places
    _, before = places_of(tt.new_game("hasenpfeffer", seed=1).view(0))
    assert before[Place("widow")] == 1


def test_following_suit_rules_out_the_led_suit_for_a_seat_that_did_not() -> None:
    game = rams_after_one_trick()
    view = game.view(1)
    seen, places = places_of(view)
    allowed = allowed_places(view, seen, places, FOLLOW_ONLY)
    spades, hearts = cards("KS JS 8S 9S"), cards("8H 9H 10H JH QH KH AH")
    assert all(Place("hand", 3) not in allowed[c] for c in spades)  # seat 3 played AC
    assert all(Place("hand", 3) in allowed[c] for c in hearts)  # follow-only: trumping is free
    assert Place("hand", 0) in allowed[parse_card("KS").index]


def test_the_rams_duties_rule_out_what_would_have_headed_or_trumped() -> None:
    game = rams_after_one_trick()
    view = game.view(1)
    seen, places = places_of(view)
    allowed = allowed_places(view, seen, places, game.play_rules)
    # seat 0 followed 7S under the QS: with the KS it would have had to head the trick
    assert Place("hand", 0) not in allowed[parse_card("KS").index]
    assert Place("hand", 0) in allowed[parse_card("8S").index]
    # seat 3 threw the AC on a spade lead: it held no spade and no trump
    hearts = cards("8H 9H 10H JH QH KH AH")
    assert all(Place("hand", 3) not in allowed[c] for c in hearts)
    assert Place("widow") in allowed[parse_card("KS").index]


def test_a_face_down_lead_shows_no_trump_in_the_card_or_the_hand() -> None:
    game = tt.new_game("bierspiel", dealer=0, deal=BIERSPIEL_DEAL)
    for text in ("in", "in", "in", "in", "exchange JD 10D", "play AS"):
        game.apply(text)  # seat 1 has no trump (hearts): his AS goes face down
    view = game.view(2)
    seen, places = places_of(view)
    assert places[Place("face_down", 1, 0)] == 1
    allowed = allowed_places(view, seen, places, game.play_rules)
    trumps = [c for c in seen.pool if game.table is not None and game.table.trump_mask >> c & 1]
    assert trumps
    for card in trumps:
        assert Place("face_down", 1, 0) not in allowed[card]
        assert Place("hand", 1) not in allowed[card]
    assert Place("face_down", 1, 0) in allowed[parse_card("AS").index]
