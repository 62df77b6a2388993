"""Helpers the Rams-family test modules share: random sessions with the family's invariants.

``play_session`` plays seeded random actions and checks after each one card conservation (G05),
chip conservation (RA38) and, for the first few actions, push/pop identity and that no view
shows a card its seat may not know (G06, §0.5.19); at the end, one winner per trick, the
session's end conditions, the record round trip and copy identity.
"""

from __future__ import annotations

import random
from typing import Any

import tricktable as tt
from tricktable.cards import CARD_TEXT, indices_of
from tricktable.engine import Game
from tricktable.games.rams.ledgers import ChipLedger


def texts(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def cards_of(mask: int) -> set[str]:
    return {CARD_TEXT[i % 64] for i in indices_of(mask)}


def strings_in(value: Any) -> set[str]:
    """Every string anywhere inside a JSON-like value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def public_cards(game: Game) -> set[str]:
    """Cards every seat may know: face-up plays of this and the last hand, every turn-up."""
    out: set[str] = set()
    for trick in [*game.tricks, *game.last_tricks, game.trick]:
        out |= {CARD_TEXT[c % 64] for _, c, down in trick.plays() if not down}
    for result in game.results:
        out |= set(result.details["turnup"])
    out |= {CARD_TEXT[c] for c in game.state.turnup}
    return out


def assert_view_hides(game: Game) -> None:
    """No seat's view shows a card that seat may not know (G06, §0.5.19)."""
    deck = {CARD_TEXT[i] for i in indices_of(game.flow.deck.mask)}
    public = public_cards(game)
    for seat in [*range(game.player_count), None]:
        seen = strings_in(game.view(seat).to_dict()) & deck
        own: set[str] = set()
        if seat is not None:
            own = cards_of(game.hands[seat]) | cards_of(game.state.dead[seat])
            own |= {CARD_TEXT[c % 64] for t in game.tricks for s, c, _ in t.plays() if s == seat}
            own |= {CARD_TEXT[c % 64] for s, c, _ in game.trick.plays() if s == seat}
        leaked = seen - public - own
        assert not leaked, f"seat {seat} sees {leaked}"


def assert_cards_conserved(game: Game) -> None:
    """G05: every card is in exactly one place: hands, tricks, widow, stock, or dead."""
    places = [*game.hands, game.widow or 0, *game.state.dead]
    places += [1 << c for c in game.stock]
    current = [game.trick] if game.phase == "play" else []
    places += [1 << c for t in [*game.tricks, *current] for c in t.cards]
    union = 0
    for mask in places:
        assert not union & mask
        union |= mask
    assert union == game.flow.deck.mask


def assert_trick_winners(game: Game) -> None:
    for trick in game.tricks:
        assert trick.winner in trick.seats or trick.winner == -1
    assert sum(game.tricks_won) == sum(1 for t in game.tricks if t.winner >= 0)


def play_session(game: Game, rng: random.Random, max_actions: int, deep: int = 0) -> None:
    """Random play with the family's invariants after every action; the first ``deep``
    actions also check push/pop identity and that no view leaks a hidden card."""
    chips = isinstance(game.ledger, ChipLedger)
    for step in range(max_actions):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal and game.to_move is not None
        action = rng.choice(legal)
        if step < deep:
            assert_push_pop_identity(game, action)
            assert_view_hides(game)
        game.apply(action)
        assert_cards_conserved(game)
        if chips:
            assert game.ledger.total() == 0  # RA38
    assert_trick_winners(game)
    if game.is_over:
        assert game.winners and game.to_move is None
        if chips:
            assert sum(game.scores) == 0 and game.ledger.carry == 0  # §0.5.9
    assert tt.replay(game.record()) == game
    copy = game.copy()
    assert copy == game and copy.view(0).to_dict() == game.view(0).to_dict()


def assert_push_pop_identity(game: Game, action: tt.Action) -> None:
    mover = game.to_move
    before = (game.copy(), game.view(mover).to_dict(), game.scores, game.legal_actions())
    game.push(action)
    game.pop()
    assert (game, game.view(mover).to_dict(), game.scores, game.legal_actions()) == before


def play_first_legal(game: Game, hands: int = 1) -> None:
    """Finish ``hands`` hands choosing the first legal action (declines and cards)."""
    target = game.hand_number + hands
    while not game.is_over and game.hand_number < target:
        game.apply(game.legal_actions()[0])


def all_in(game: Game) -> None:
    while game.phase == "declare":
        game.apply("in")


# -- deals (dealer 0; hearts trump unless said) ----------------------------------------------

# Play obligations: void-and-trump situations.
DEAL_A = (
    "7H AD KD QD JD / KS 10D 9D 8D 7D / QH 8H 9C 8C 7C / KH 9H QC JC 10C"
    " | AS QS JS 10S 9S | 10H 8S 7S AH JH AC KC"
)
# Play obligations: heading and following.
DEAL_C = (
    "QS 8S AD KD QD / 10S 9H 9D 8D 7D / KS 7S QC JC 10C / KH 7H 9C 8C 7C"
    " | AS JS 9S JD 10D | 8H AH QH JH 10H AC KC"
)
# Seat 1 holds five hearts and wins every trick: everybody else playing is looed.
LOO = (
    "AS KS QS JS 10S / AH KH QH JH 10H / AD KD QD JD 10D / 7C 8C 9C 7S 8S"
    " | AC KC QC JC 10C | 9H 8H 7H 9S 9D 8D 7D"
)


def new(deal: str = LOO, **options: Any) -> Game:
    return tt.new_game("rams", dealer=0, deal=deal, **options)


def to_play(game: Game) -> None:
    """Everyone in, the dealer declines the turn-up."""
    all_in(game)
    if game.phase == "exchange":
        game.apply("decline")
