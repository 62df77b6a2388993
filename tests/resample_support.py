"""Test helpers for the resampler: an independent count of the worlds a view allows, and the
constraints every world must keep.

:func:`consistent_worlds` enumerates, by brute force, every way to put the cards hidden from
the observer back into the other seats' hands (the rest to the undealt stock) and keeps those
the engine accepts: the real game's deal with those hands, and its real actions replayed by the
checked ``apply``, must show the observer its view. It uses the real game (which the resampler
never sees), so it is a judge independent of the resampler's own reasoning. Positions are the
first hand of a game and observers who know every other hidden place (the Single Hasenpfeffer
bidder, a Rams widow taker, Double Hasenpfeffer without a lone hand).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

import tricktable as tt
from tricktable.cards import CARD_TEXT, indices_of
from tricktable.deal import Deal
from tricktable.games.hasenpfeffer.section import HasenpfefferSection
from tricktable.games.rams.section import RamsSection
from tricktable.hidden import knowledge

WorldKey = tuple[tuple[str, ...], ...]


def hand_key(hands: Sequence[int], seats: Sequence[int]) -> WorldKey:
    """The other seats' hands as sorted notation: identical pinochle cards are one card."""
    return tuple(tuple(sorted(CARD_TEXT[b] for b in indices_of(hands[s]))) for s in seats)


def consistent_worlds(game: tt.Game, seat: int) -> tuple[list[int], Counter[WorldKey], int]:
    """(the other seats, how many labelled placements give each consistent world, how many
    placements were tried)."""
    others = [s for s in range(game.player_count) if s != seat and game.hands[s]]
    deal = game.deals[-1]
    turnup = set(deal.stock[:1]) if game.flow.has_widow and deal.stock else set()
    hidden_stock = [b for b in game.stock if b not in turnup]
    pool = sorted([b for s in others for b in indices_of(game.hands[s])] + hidden_stock)
    sizes = [game.hands[s].bit_count() for s in others]
    played = _played(game)
    actions = [str(a) for d, _, a in game.log if d == game.deal_number]
    target = game.view(seat)
    counts: Counter[WorldKey] = Counter()
    tried = 0
    for hands in _assignments(pool, sizes):
        tried += 1
        trial = list(deal.hands)
        for s, hand in zip(others, hands, strict=True):
            trial[s] = hand | played[s]
        rest = [b for b in pool if not any(h >> b & 1 for h in hands)]
        stock = [b for b in deal.stock if b in turnup] + rest
        world = _replayed(game, Deal(tuple(trial), deal.widow, tuple(stock)), actions)
        if world is not None and _shown(world.view(seat)) == _shown(target):
            counts[hand_key(world.hands, others)] += 1
    return others, counts, tried


def _shown(view: Any) -> dict[str, Any]:
    """A view's JSON but the deal's commitment: a world rebuilt here is a game of its own,
    whose deal number (and so commitment) need not be the real game's."""
    shown: dict[str, Any] = view.to_dict()
    shown.pop("deal_commitment")
    return shown


def _played(game: tt.Game) -> list[int]:
    out = [0] * game.player_count
    for trick in [*game.tricks, game.trick]:
        for s, card, _ in trick.plays():
            out[s] |= 1 << card
    return out


def _assignments(pool: list[int], sizes: list[int]) -> Iterator[list[int]]:
    """Every way to give ``sizes[i]`` cards of ``pool`` to hand ``i`` (the rest stay out)."""
    if not sizes:
        yield []
        return
    for chosen in combinations(pool, sizes[0]):
        left = [b for b in pool if b not in chosen]
        for tail in _assignments(left, sizes[1:]):
            yield [sum(1 << b for b in chosen), *tail]


def _replayed(game: tt.Game, deal: Deal, actions: list[str]) -> tt.Game | None:
    try:
        world = tt.Game(game.rules, seed=1, dealer=game.dealer, deal=deal)
        for text in actions:
            world.apply(text)
    except ValueError:
        return None
    return world


def chi_square(observed: Counter[WorldKey], expected: Counter[WorldKey], draws: int) -> float:
    """The p-value of the observed counts against ``expected``'s proportions."""
    total = sum(expected.values())
    statistic = sum(
        (observed[key] - draws * weight / total) ** 2 / (draws * weight / total)
        for key, weight in expected.items()
    )
    return chi2_sf(statistic, len(expected) - 1)


def chi2_sf(x: float, k: int) -> float:
    """P(X >= x) for chi-square with ``k`` degrees of freedom (scipy when it is installed,
    else the Wilson-Hilferty normal approximation, close enough for a test threshold)."""
    try:
        from scipy.stats import chi2
    except ImportError:
        z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
        return 0.5 * math.erfc(z / math.sqrt(2))
    return float(chi2.sf(x, k))


def advance(game: tt.Game, rng: random.Random, until: int) -> None:
    """Random legal actions until ``until`` tricks of the hand are complete."""
    while len(game.tricks) < until:
        game.apply(rng.choice(game.legal_actions()))


def check_world(game: tt.Game, seat: int, world: tt.Game) -> None:
    """Everything a world must keep of the view of ``seat`` in ``game``."""
    view = game.view(seat)
    assert world.view(seat).to_dict() == view.to_dict()
    know = knowledge(view)
    table = world.table
    cards: Counter[str] = Counter()
    for s, hand in enumerate(world.hands):
        cards.update(CARD_TEXT[b] for b in indices_of(hand))
        if s != seat and table is not None:
            for suit in know.voids[s]:
                assert not hand & table.suit_mask[suit], f"seat {s} showed a void in {suit}"
        assert not Counter(know.pinned[s]) - Counter(CARD_TEXT[b] for b in indices_of(hand))
    assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in game.hands]
    stock = [CARD_TEXT[b] for b in world.stock]
    assert stock[: len(know.public_stock)] == list(know.public_stock)
    for trick in [*world.tricks, world.trick]:
        cards.update(CARD_TEXT[c] for c in trick.cards)
    cards.update(stock)
    deck = Counter(CARD_TEXT[b] for b in world.flow.deck.indices)
    assert not cards - deck, "a card lies in two places"
    assert sum(deck.values()) - sum(cards.values()) == _out_of_play(game)
    if _widow_untaken(view):  # then it lies apart from everything else, as in the game
        widow = (game.widow or 0).bit_count()
        assert _loose_widow(world) == _loose_widow(game) == widow
    # the world goes on like any game: to the end of the hand
    rng, hand = random.Random(0), world.hand_number
    while not world.is_over and world.hand_number == hand:
        world.apply(rng.choice(world.legal_actions()))


def _out_of_play(game: tt.Game) -> int:
    """How many cards of a game lie out of the hands, the tricks and the stock."""
    inside = sum(h.bit_count() for h in game.hands) + len(game.stock)
    inside += sum(len(t.cards) for t in [*game.tricks, game.trick])
    return len(game.flow.deck) - inside


def _widow_untaken(view: tt.View) -> bool:
    section = view.section
    if isinstance(section, HasenpfefferSection):
        return not section.widow_taken
    return isinstance(section, RamsSection) and section.widow_taker is None


def _loose_widow(game: tt.Game) -> int:
    """How many widow cards lie in no hand, trick or stock."""
    placed = sum(1 << b for b in game.stock)
    for hand in game.hands:
        placed |= hand
    for trick in [*game.tricks, game.trick]:
        placed |= trick.mask()
    return ((game.widow or 0) & ~placed).bit_count()
