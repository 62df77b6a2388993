"""Actions and their notation (actions.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable as tt
from tricktable.actions import Action, Kind

CARDS = sorted({str(c) for c in tt.DECKS["full52"].cards} | {"JK"})


def vary(card: str, draw: st.DrawFn) -> str:
    text = card.replace("10", "T") if draw(st.booleans()) else card
    return text.lower() if draw(st.booleans()) else text


@st.composite
def written_actions(draw: st.DrawFn) -> tuple[str, str]:
    """(canonical text, a way of writing it)."""
    kind = draw(st.sampled_from(list(Kind)))
    card = st.sampled_from(CARDS)
    if kind is Kind.BID:
        value = draw(st.sampled_from(["1", "4", "12", "little-pepper", "big-pepper"]))
        canonical, written = f"bid {value}", f"BID {value.upper()}"
    elif kind is Kind.TRUMP:
        suit = draw(st.sampled_from("CDHS"))
        canonical = f"trump {suit}"
        written = f"Trump {draw(st.sampled_from([suit, suit.lower(), '♣♦♥♠'['CDHS'.index(suit)]]))}"
    elif kind.most_cards > 1:
        cards = draw(st.lists(card, min_size=1, max_size=kind.most_cards))
        canonical = f"{kind} " + tt.format_cards(tt.parse_cards(" ".join(cards)))  # any order
        written = f"{kind.value.upper()} " + " ".join(vary(c, draw) for c in cards)
    elif kind.takes == "seat":
        seat = draw(st.integers(0, 8))
        canonical, written = f"{kind} {seat}", f" {kind.value.title()}  {seat} "
    elif kind.takes == "cards":
        chosen = draw(card)
        canonical, written = f"{kind.value} {chosen}", f"{kind.value.upper()}  {vary(chosen, draw)}"
    else:
        canonical, written = kind.value, f"  {kind.value.upper()} "
    return canonical, written


@settings(deadline=None)
@given(written_actions())
def test_action_notation_round_trip(pair: tuple[str, str]) -> None:
    canonical, written = pair
    action = tt.parse_action(written)
    assert str(action) == canonical
    assert tt.parse_action(str(action)) == action
    assert Action.parse(canonical) == action


def test_action_constructors_and_values() -> None:
    assert str(Action.bid(4)) == "bid 4" and Action.bid(4).bid_value == 4
    assert Action.bid("big-pepper").bid_value == "big-pepper"
    assert str(Action.name_trump(2)) == "trump H"
    assert str(Action.name_trump(None)) == "trump NT"
    assert str(tt.parse_action("play t♥").card) == "10H"
    assert tt.parse_action("pass") == Action(Kind.PASS)
    assert repr(tt.parse_action("play JH")) == "Action('play JH')"


@pytest.mark.parametrize(
    "text",
    ["", "   ", "jump", "bid", "bid 4x", "bid 4 5", "play", "play JH QH", "play XX",
     "exchange 9C 8H 7D", "trump X", "trump", "pass now", "discard", "give 1H"],
)  # fmt: skip
def test_malformed_action_raises_notation_error_quoting_the_text(text: str) -> None:
    with pytest.raises(tt.NotationError) as info:
        tt.parse_action(text)
    message = str(info.value)
    assert repr(text) in message or (not text.strip() and "empty" in message)


def test_partner_names_a_seat() -> None:
    partner = Kind("partner")  # Double Hasenpfeffer's verb, found by its word
    assert tt.parse_action("partner 3") == Action.seat(partner, 3)
    assert str(Action.seat(partner, 5)) == "partner 5"
    for text in ("partner", "partner x", "partner 3 4"):
        with pytest.raises(tt.NotationError, match="partner 3"):
            tt.parse_action(text)


def test_a_named_bid_is_any_word_and_the_game_says_which_it_has() -> None:
    assert tt.parse_action("bid Little-Pepper") == Action(Kind.BID, value="little-pepper")
    game = tt.new_game("hasenpfeffer", seed=1, pepper_bidding=True)
    with pytest.raises(tt.IllegalActionError, match="bid grand"):
        game.apply("bid grand")
