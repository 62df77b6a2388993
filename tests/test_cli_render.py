"""The terminal's hand: grouped and ordered by the view's card facts (its ``cards``), so the
terminal keeps no trump ranking of its own."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("rich", reason='needs the cli extra: pip install "tricktable[cli]"')

import tricktable as tt
from tricktable.cli.narrate import SeatNames
from tricktable.cli.render import grouped_hand, render_status
from tricktable.i18n import translator

# Seat 1 holds both black jacks and three spades; the 9S is turned up (dealer 0).
STRONG = "9H 10H AH KH QH / JS JC AS KS QS / AD KD QD JD 10D / AC KC QC 10C 9C | 9S JH 10S 9D"


def shown(view: tt.View) -> list[tuple[str, list[str]]]:
    return [(label, [str(card) for card in cards]) for label, cards in grouped_hand(view)]


def test_the_left_bower_joins_the_trumps_once_they_are_made() -> None:
    game = tt.new_game("euchre", dealer=0, deal=STRONG)
    assert shown(game.view(1)) == [("spades", ["AS", "KS", "QS", "JS"]), ("clubs", ["JC"])]
    game.apply("order-up")  # spades are trump: the right bower, the left bower, then A K Q
    assert shown(game.view(1)) == [("trump", ["JS", "JC", "AS", "KS", "QS"])]


@pytest.mark.parametrize("name", sorted(tt.REGISTRY))
def test_every_group_is_one_effective_suit_high_to_low_trumps_first(name: str) -> None:
    rng = random.Random(5)
    game = tt.new_game(name, seed=5)
    for _ in range(40):
        if game.is_over:
            break
        view = game.view(game.to_move)
        facts = {f.card: f for f in view.cards}
        groups = grouped_hand(view)
        for _label, cards in groups:
            texts = [str(card) for card in cards]
            assert len({facts[c].suit for c in texts}) == 1
            assert [facts[c].rank for c in texts] == sorted((facts[c].rank for c in texts),
                                                           reverse=True)  # fmt: skip
        trump = "CDHS"[view.trump] if view.trump is not None and view.trump < 4 else None
        if trump and any(facts[str(c)].suit == trump for c in view.hand):
            assert groups[0][0] == "trump"
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(
    ("code", "partner"),
    [("en", "Cleo plays with a partner."), ("de", "Cleo spielt mit Partner."),
     ("fr", "Cleo joue avec son partenaire."), ("ms", "Cleo bermain dengan rakan.")],
)  # fmt: skip
def test_euchres_calls_are_told_as_sentences_in_every_language(code: str, partner: str) -> None:
    game = tt.new_game("euchre", seed=1, dealer=1)
    assert game.to_move == 2
    game.apply("order-up")  # Cleo orders it up, the dealer discards, Cleo plays with a partner
    game.apply(game.legal_actions()[0])
    game.apply("not-alone")
    view = game.view(0)
    names = SeatNames(0, view.sides, view.players, translator(code))
    (calls,) = [line for line in render_status(view, names) if partner in line]
    assert "order-up" not in calls and "not-alone" not in calls
