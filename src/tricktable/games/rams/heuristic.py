"""A rule-based player for the Rams family (Rams, Bierspiel, Rounce), from the view alone.

It values a hand by the tricks it can expect (high trumps nearly a trick each, lower trumps a
little, plain aces and guarded kings some), declares from that value and the pot, takes the
widow with a poor hand, and takes the turn-up when the best discard improves the hand. In play
the obligations have already narrowed ``view.legal``: it wins as cheaply as it can (a player
without a trick yet is at risk of being looed), otherwise throws its least useful card and
keeps its trumps; leading, it draws trumps only when its top trump is the best one left.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ...actions import Action, Kind
from ...cards import indices_of, parse_card
from ...ranking import TrumpTable
from ...view import View
from .section import RamsSection
from .verbs import DECLINE, EXCHANGE, GENERAL, IN, WIDOW

__all__ = ["choose", "hand_value"]

GENERAL_VALUE = 4.5
WIDOW_BELOW = 0.9
WIDOW_VALUE = 0.8
"""What an unseen widow is worth: five random cards."""
CROWDED_TABLE = 0.15
"""Extra value needed per player already in: more rivals, fewer tricks to go round."""
EXCHANGE_GAIN = 0.05


def choose(view: View, rng: random.Random) -> Action:
    """One of ``view.legal`` for a Rams-family view."""
    kind = view.legal[0].kind
    table = _table(view)
    if kind is Kind.PLAY:
        return _play(view, table)
    if kind is Kind.DISCARD:
        return min(view.legal, key=lambda a: _card_value(a.cards[0], table, _hand(view)))
    if kind in (EXCHANGE, DECLINE):
        return _exchange(view, table)
    return _declare(view, table, rng)


def _table(view: View) -> TrumpTable:
    return view.rules.flow.ranking.table(view.trump)


def _hand(view: View) -> list[int]:
    return indices_of(view.hand.mask)


def _section(view: View) -> RamsSection:
    section = view.section
    assert isinstance(section, RamsSection), "a Rams-family view"
    return section


def _legal(view: View, kind: Kind) -> Action | None:
    return next((a for a in view.legal if a.kind is kind), None)


# -- valuing a hand ---------------------------------------------------------------------------


def hand_value(cards: Iterable[int], table: TrumpTable) -> float:
    """The tricks a hand can expect to take."""
    hand = list(cards)
    return sum(_card_value(card, table, hand) for card in hand)


def _card_value(card: int, table: TrumpTable, hand: list[int]) -> float:
    suit = table.suit_of[card]
    above = (table.above[card] & ~_mask(hand)).bit_count()
    if suit == table.trump:
        return max(0.25, 1.0 - 0.25 * above)
    if above == 0:
        return 0.75
    length = sum(1 for other in hand if table.suit_of[other] == suit)
    return 0.35 if above == 1 and length >= 2 else 0.0


def _mask(cards: Iterable[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


# -- declarations and exchanges ---------------------------------------------------------------


def _declare(view: View, table: TrumpTable, rng: random.Random) -> Action:
    value = hand_value(_hand(view), table)
    players_in = sum(1 for d in _section(view).declarations if d.call != "pass")
    general, widow, passing = (_legal(view, k) for k in (GENERAL, WIDOW, Kind.PASS))
    if general is not None and value >= GENERAL_VALUE:
        return general
    if _worth_playing(view, value - CROWDED_TABLE * players_in):
        return _legal(view, IN) or rng.choice(view.legal)
    if widow is not None and value < WIDOW_BELOW:
        return widow if passing is None or _worth_playing(view, WIDOW_VALUE) else passing
    return passing or _legal(view, IN) or rng.choice(view.legal)


def _worth_playing(view: View, tricks: float) -> bool:
    """Whether the tricks a hand expects pay more than the loo it risks.

    A trick is worth a fifth of the pot (one counter in countdown); the chance of taking none
    falls off quickly as the expected tricks grow.
    """
    pot = _section(view).pot
    share = pot / 5 if pot is not None else 1.0
    risk = max(0.0, 1.0 - tricks) ** 2
    return tricks * share > risk * _option(view, "loo_penalty")


def _option(view: View, name: str) -> int:
    value = view.rules.options.get(name, 5)
    return value if isinstance(value, int) else 5


def _exchange(view: View, table: TrumpTable) -> Action:
    hand = _hand(view)
    turnup = [_index(text) for text in _section(view).turnup]
    best: Action | None = None
    best_value = hand_value(hand, table) + EXCHANGE_GAIN
    for action in view.legal:
        if action.kind is not EXCHANGE:
            continue
        kept = [c for c in hand if c not in action.cards] + turnup[-len(action.cards) :]
        value = hand_value(kept, table)
        if value > best_value:
            best, best_value = action, value
    return best or _legal(view, DECLINE) or view.legal[0]


# -- card play --------------------------------------------------------------------------------


def _play(view: View, table: TrumpTable) -> Action:
    plays = view.trick.plays if view.trick is not None else ()
    options = [a for a in view.legal if a.kind is Kind.PLAY]
    if not plays:
        return _lead(view, table, options)
    first = plays[0].card
    led = table.trump if plays[0].face_down or first is None else table.suit_of[_index(first)]
    best = max((table.key(_index(p.card), led) for p in plays if p.card and not p.face_down),
               default=-1)  # fmt: skip
    winners = [a for a in options if table.key(a.cards[0], led) > best]
    if winners:
        return min(winners, key=lambda a: table.key(a.cards[0], led))
    return _cheapest(options, table, _hand(view))


def _lead(view: View, table: TrumpTable, options: list[Action]) -> Action:
    hand = _hand(view)
    if _is_blind_lead(view, table, hand):
        return _cheapest(options, table, hand)
    trumps = [a for a in options if table.suit_of[a.cards[0]] == table.trump]
    top = max(trumps, key=lambda a: table.strength[a.cards[0]], default=None)
    if top is not None and not table.above[top.cards[0]] & ~_seen(view, hand):
        return top
    masters = [a for a in options if a not in trumps and _card_value(a.cards[0], table, hand) > 0.5]
    if masters:
        return masters[0]
    if len(trumps) == len(options):
        return min(trumps, key=lambda a: table.strength[a.cards[0]])
    return _cheapest([a for a in options if a not in trumps], table, hand)


def _is_blind_lead(view: View, table: TrumpTable, hand: list[int]) -> bool:
    """Whether this lead goes face down: a forced trump lead without a trump (Bierspiel)."""
    section = _section(view)
    if not section.blind_lead or len(view.tricks) not in (section.trump_lead_tricks or ()):
        return False
    return not any(table.suit_of[c] == table.trump for c in hand)


def _seen(view: View, hand: list[int]) -> int:
    """Cards this seat knows are out of play or its own (its own discards among them)."""
    seen = _mask(hand) | _mask(_index(text) for text in view.section.discarded)
    for trick in view.tricks:
        seen |= _mask(_index(p.card) for p in trick.plays if p.card)
    return seen


def _cheapest(options: list[Action], table: TrumpTable, hand: list[int]) -> Action:
    def cost(action: Action) -> tuple[float, int]:
        card = action.cards[0]
        is_trump = table.suit_of[card] == table.trump
        return (_card_value(card, table, hand) + (1.0 if is_trump else 0.0), table.strength[card])

    return min(options, key=cost)


def _index(text: str) -> int:
    return parse_card(text).index
