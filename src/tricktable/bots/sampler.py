"""Deals consistent with a seat's view: the hidden-information core of the search bots.

:func:`sample_game` builds a full :class:`~tricktable.engine.Game` whose view for the observing
seat is *exactly* the view it was given: the other seats' hands, the widow and the stock are
drawn at random from the unseen cards, and the hand so far is replayed on the engine from the
view's public action list, so every bid, exchange and trick happened as the seat saw it.

What the view reveals is used to place cards before they are drawn, so few attempts fail:

* every card a seat played face up was in its hand (in the widow, for a Rams widow taker; the
  turn-up stays on the stock for whoever took it);
* a seat that did not follow the led effective suit holds none of it (and, under the strict
  Rams obligations, no trump either when it did not trump); a face-down lead shows no trump;
* a forced Joker bid in Single Hasenpfeffer reveals the Joker's holder; a misdeal shows the
  Joker was the widow;
* the observer's own deal hand, widow and discards are rebuilt from its perfect recall.

Anything subtler (heading duties, the cards a seat had to give) is enforced by the engine while
replaying: an attempt that does not reproduce the view is thrown away and drawn again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, Kind, parse_action
from ..cards import CARD_TEXT, COPY_STRIDE, JOKER_INDEX, parse_card
from ..deal import Deal
from ..engine import Game
from ..errors import IllegalActionError, TricktableError
from ..rules.base import HandResult
from ..trick import Trick
from ..view import View
from ..view_parts import DoneTrick, DoubleSection, HasenpfefferSection, RamsSection

__all__ = ["Judge", "SamplingError", "ViewFacts", "sample_game", "sample_weighted"]

RAMS_HAND_SIZE = 5
DEFAULT_ATTEMPTS = 400


class SamplingError(TricktableError):
    """No deal consistent with a view was found (the view is inconsistent, or very unlucky)."""


def card_index(text: str) -> int:
    return parse_card(text).index


@dataclass
class ViewFacts:
    """What a view says about where each card was at the deal."""

    view: View
    seat: int
    players: int
    actions: list[tuple[int, str]]
    my_deal: int = 0
    widow_known: list[int] = field(default_factory=list)
    required: list[list[int]] = field(default_factory=list)
    widow_required: list[int] = field(default_factory=list)
    stock_top: list[int] = field(default_factory=list)
    voids: list[set[int]] = field(default_factory=list)
    """Suits a seat cannot have been dealt (it showed out, and threw nothing away)."""
    shown_out: list[set[int]] = field(default_factory=list)
    widow_voids: set[int] = field(default_factory=set)
    future: list[list[int]] = field(default_factory=list)
    givers: list[int] = field(default_factory=list)
    """Seats whose gift to another seat's lone hand the observer did not see."""
    lone: int | None = None
    expected: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_view(cls, view: View) -> ViewFacts:
        if view.seat is None:
            raise SamplingError("a spectator's view (seat None) has no hand to sample around")
        players = view.players
        actions = [(a.seat, a.action) for a in view.actions]
        facts = cls(view, view.seat, players, actions, expected=view.to_dict())
        facts.required = [[] for _ in range(players)]
        facts.voids = [set() for _ in range(players)]
        facts.shown_out = [set() for _ in range(players)]
        facts.future = [[] for _ in range(players)]
        rams = view.rams
        facts.stock_top = [card_index(t) for t in rams.turnup] if rams else []
        _rebuild_own_deal(facts)
        _place_played_cards(facts)
        _find_voids(facts)
        return facts

    @property
    def family(self) -> str:
        section = self.view.section
        if isinstance(section, RamsSection):
            return "rams"
        return "double" if isinstance(section, DoubleSection) else "single"

    @property
    def double(self) -> DoubleSection | None:
        section = self.view.section
        return section if isinstance(section, DoubleSection) else None


# -- the observer's own deal --------------------------------------------------------------------


def _rebuild_own_deal(facts: ViewFacts) -> None:
    """Walk the observer's own actions backwards from its hand to the hand it was dealt."""
    me = facts.seat
    hand = [card.first_copy.index for card in facts.view.hand]
    mine = [parse_action(text) for seat, text in facts.actions if seat == me]
    hand += [a.cards[0] for a in mine if a.kind is Kind.PLAY]
    family, double = facts.family, facts.double
    if family == "rams":
        hand = _rams_own_deal(facts, hand, mine)
    elif double is not None:
        hand += [card_index(t) for t in double.discards or ()]
        hand += [card_index(t) for t in double.gave or ()]
        for gift in double.received or ():
            hand.remove(card_index(gift.card))
    else:
        hand = _single_own_deal(facts, hand, mine)
    facts.my_deal = _as_mask(hand)


def _single_own_deal(facts: ViewFacts, hand: list[int], mine: list[Any]) -> list[int]:
    """The bidder's widow card: the one he discarded, or (before that) any card he holds."""
    facts.widow_known = [a.cards[0] for a in mine if a.kind is Kind.DISCARD]
    section = facts.view.section
    assert isinstance(section, HasenpfefferSection)
    took = section.widow_taken and section.bidder == facts.seat
    if took and not facts.widow_known:
        widow = min(c for c in hand if c != JOKER_INDEX)
        facts.widow_known = [widow]
        hand.remove(widow)
    return hand


def _rams_own_deal(facts: ViewFacts, hand: list[int], mine: list[Any]) -> list[int]:
    thrown: list[int] = []
    for action in mine:
        if action.kind is Kind.EXCHANGE:
            taken = facts.stock_top[-len(action.cards) :]
            hand = [c for c in hand if c not in taken] + list(action.cards)
            thrown += action.cards
        elif action.kind is Kind.DISCARD:
            hand.append(action.cards[0])
            thrown += action.cards
    if not any(a.kind is Kind.WIDOW for a in mine):
        return hand
    facts.widow_known = hand
    dead = [card_index(t) for t in facts.view.section.discarded]
    for card in thrown:
        dead.remove(card)
    return dead


def _as_mask(cards: Iterable[int]) -> int:
    """A mask of card indices; a second identical card takes the pinochle second copy."""
    mask = 0
    for card in cards:
        mask |= 1 << (card + COPY_STRIDE if mask >> card & 1 else card)
    return mask


# -- the other seats ---------------------------------------------------------------------------


def _place_played_cards(facts: ViewFacts) -> None:
    me, rams, double = facts.seat, facts.view.rams, facts.double
    taker = rams.widow_taker if rams else None
    exchanger = rams.turnup_taken_by if rams else None
    gifts_from_me = [card_index(t) for t in (double.gave or ())] if double else []
    alone = double.alone if double else None
    for seat, text in facts.actions:
        action = parse_action(text) if "?" not in text else None
        if seat == me or action is None or action.kind is not Kind.PLAY:
            continue
        card = action.cards[0]
        if card in gifts_from_me and seat == alone:
            gifts_from_me.remove(card)
            continue
        facts.future[seat].append(card)
        if seat == exchanger and card in facts.stock_top:
            continue
        if seat == taker:
            facts.widow_required.append(card)
        else:
            facts.required[seat].append(card)
    _place_revealed(facts)


def _place_revealed(facts: ViewFacts) -> None:
    me, double, section = facts.seat, facts.double, facts.view.section
    if double is not None and double.alone is not None and double.alone != me:
        facts.lone = double.alone
        facts.givers = [s for s, text in facts.actions if text == "give ?"]
    for gift in (double.received or ()) if double else ():
        facts.required[gift.seat].append(card_index(gift.card))
    single = section if isinstance(section, HasenpfefferSection) else None
    bidder = single.bidder if single else None
    forced_joker = single is not None and single.forced_bid and bidder != me
    if forced_joker and bidder is not None and JOKER_INDEX not in facts.required[bidder]:
        facts.required[bidder].append(JOKER_INDEX)  # only the Joker's holder is forced to bid


def _find_voids(facts: ViewFacts) -> None:
    """Suits a seat showed out of (effective suits under this hand's trump)."""
    view = facts.view
    if view.trump is None:
        return
    table = view.rules.flow.ranking.table(view.trump)
    rams = view.rams
    strict = rams is not None and view.rules.options.get("play_policy") != "follow_only"
    taker = rams.widow_taker if rams else None
    for trick in view.all_tricks():
        plays = trick.plays
        if not plays:
            continue
        lead = plays[0]
        if lead.face_down:
            _void(facts, lead.seat, table.trump, taker)  # a blind lead shows no trump
            led = table.trump  # ... and the others follow it as a trump lead
        elif lead.card is not None:
            led = table.suit_of[card_index(lead.card)]
        for play in plays[1:]:
            suit = table.suit_of[card_index(play.card)] if play.card else None
            if suit is None or suit == led:
                continue
            _void(facts, play.seat, led, taker)
            if strict and suit != table.trump:
                _void(facts, play.seat, table.trump, taker)


def _void(facts: ViewFacts, seat: int, suit: int, taker: int | None) -> None:
    if seat == facts.seat:
        return
    facts.shown_out[seat].add(suit)
    if seat != taker and any(s == seat and "?" in text for s, text in facts.actions):
        return  # a seat that threw cards away may have held the suit at the deal
    (facts.widow_voids if seat == taker else facts.voids[seat]).add(suit)


# -- drawing a deal ----------------------------------------------------------------------------


class _Pool:
    """The cards not yet placed, by bit index (pinochle copies are separate bits)."""

    def __init__(self, mask: int) -> None:
        self.mask = mask

    def take(self, card: int) -> int:
        for bit in (card, card + COPY_STRIDE):
            if self.mask >> bit & 1:
                self.mask &= ~(1 << bit)
                return 1 << bit
        raise SamplingError(f"card {card} is not available")

    def take_all(self, cards: Iterable[int]) -> int:
        out = 0
        for card in cards:
            out |= self.take(card)
        return out

    def bits(self) -> list[int]:
        return [b for b in range(self.mask.bit_length()) if self.mask >> b & 1]


def plan_gifts(facts: ViewFacts, rng: random.Random) -> dict[int, list[int]]:
    """Which of the lone player's played cards came from which unseen gift (any may have)."""
    if facts.lone is None or not facts.givers:
        return {}
    played = facts.required[facts.lone]
    chosen = rng.sample(played, min(len(facts.givers), len(played)))
    plan: dict[int, list[int]] = {}
    for giver, card in zip(facts.givers, chosen, strict=False):
        plan.setdefault(giver, []).append(card)
    return plan


def draw_deal(
    facts: ViewFacts, rng: random.Random, dealer: int, gifts: dict[int, list[int]]
) -> Deal:
    """One deal agreeing with the placements; raises :class:`SamplingError` if it cannot."""
    flow = facts.view.rules.flow
    pool = _Pool(flow.deck.mask & ~facts.my_deal)
    hands = _placed_hands(facts, pool, gifts)
    widow = pool.take_all(facts.widow_known or facts.widow_required)
    stock_top = [pool.take(c).bit_length() - 1 for c in facts.stock_top]
    table = flow.ranking.table(facts.view.trump) if facts.view.trump is not None else None
    sizes = _hand_sizes(facts, dealer)
    for seat in sorted(range(facts.players), key=lambda s: -len(facts.voids[s])):
        if seat != facts.seat:  # the most constrained seats draw first
            need = sizes[seat] - hands[seat].bit_count()
            hands[seat] |= _fill(pool, need, facts.voids[seat], table, rng)
    if flow.has_widow:
        widow |= _fill(pool, flow.widow_size - widow.bit_count(), facts.widow_voids, table, rng)
    rest = pool.bits()
    rng.shuffle(rest)
    return Deal(tuple(hands), widow if flow.has_widow else None, tuple(stock_top + rest))


def _placed_hands(facts: ViewFacts, pool: _Pool, gifts: dict[int, list[int]]) -> list[int]:
    """The observer's deal hand, and every card known to have been in another seat's."""
    required = [list(cards) for cards in facts.required]
    for giver, cards in gifts.items():
        required[giver] += cards
        for card in cards:
            required[facts.lone or 0].remove(card)
    hands = [pool.take_all(required[seat]) for seat in range(facts.players)]
    hands[facts.seat] = facts.my_deal
    return hands


def _fill(pool: _Pool, need: int, voids: set[int], table: Any, rng: random.Random) -> int:
    if need < 0:
        raise SamplingError("more cards are placed in a hand than it holds")
    free = pool.bits()
    if voids and table is not None:
        free = [b for b in free if table.suit_of[b] not in voids]
    if len(free) < need:
        raise SamplingError("not enough unseen cards outside the suits a seat showed out of")
    out = 0
    for bit in rng.sample(free, need):
        pool.mask &= ~(1 << bit)
        out |= 1 << bit
    return out


def _hand_sizes(facts: ViewFacts, dealer: int) -> tuple[int, ...]:
    rams = facts.view.rams
    if rams is not None:
        return tuple(RAMS_HAND_SIZE if s in rams.seated else 0 for s in range(facts.players))
    return facts.view.rules.flow.hand_sizes(dealer)


def _misdeal(facts: ViewFacts, rng: random.Random, dealer: int) -> Deal:
    """A Single Hasenpfeffer deal thrown in: the Joker is the widow card."""
    flow = facts.view.rules.flow
    rest = [c for c in range(flow.deck.mask.bit_length()) if flow.deck.mask >> c & 1]
    rest.remove(JOKER_INDEX)
    rng.shuffle(rest)
    hands = []
    for size in flow.hand_sizes(dealer):
        hands.append(_as_mask(rest[:size]))
        rest = rest[size:]
    return Deal(tuple(hands), 1 << JOKER_INDEX, tuple(rest))


# -- the game ----------------------------------------------------------------------------------


def sample_game(view: View, rng: random.Random, attempts: int = DEFAULT_ATTEMPTS) -> Game:
    """A full game whose ``view(view.seat)`` equals ``view``, hidden cards drawn from ``rng``.

    Raises :class:`SamplingError` (a ``ValueError``) for a spectator's view, or when no
    consistent deal turns up in ``attempts`` tries.
    """
    facts = ViewFacts.from_view(view)
    return sample_from_facts(facts, rng, attempts)


def sample_from_facts(facts: ViewFacts, rng: random.Random, attempts: int) -> Game:
    """As :func:`sample_game`, reusing the facts worked out from the view once."""
    return sample_weighted(facts, rng, attempts)[0]


Judge = Callable[[Game, int, Action], float]
"""How likely (0–1, relative) a seat was to take an action in a position of a sampled deal."""


def sample_weighted(
    facts: ViewFacts, rng: random.Random, attempts: int, judge: Judge | None = None
) -> tuple[Game, float]:
    """A deal as :func:`sample_from_facts`, with its weight: the product of ``judge`` over the
    other seats' visible actions of this hand (1.0 without a judge).

    Drawing deals uniformly ignores what the others' choices say about their cards (a pass
    shows a weak hand); weighting each deal by how well it explains those choices puts that
    back without rejecting deals outright.
    """
    for _ in range(attempts):
        weight = [1.0]
        game = _attempt(facts, rng, _weigher(facts, judge, weight))
        # compared as JSON: identical pinochle cards may swap copies between worlds
        if game is not None and game.view(facts.seat).to_dict() == facts.expected:
            return game, weight[0]
    raise SamplingError(
        f"no deal consistent with the view of seat {facts.seat} in {attempts} attempts "
        f"(hand {facts.view.hand_number}, actions {[a for _, a in facts.actions]!r})"
    )


Observer = Callable[[Game, int, Action], None]


def _weigher(facts: ViewFacts, judge: Judge | None, weight: list[float]) -> Observer | None:
    if judge is None:
        return None

    def observe(game: Game, seat: int, action: Action) -> None:
        if seat != facts.seat:
            weight[0] *= judge(game, seat, action)

    return observe


def _attempt(facts: ViewFacts, rng: random.Random, observe: Observer | None = None) -> Game | None:
    dealer = facts.view.dealer
    section = facts.view.section
    try:
        misdeals = section.misdeals if isinstance(section, HasenpfefferSection) else 0
        deals = [_misdeal(facts, rng, dealer) for _ in range(misdeals)]
        gifts = plan_gifts(facts, rng)
        deals.append(draw_deal(facts, rng, dealer, gifts))
        game = _start(facts, rng, dealer, deals)
        _replay_misdeals(game, misdeals)
        _replay(game, facts, rng, gifts, observe)
    except (SamplingError, IllegalActionError):
        return None
    return game


def _start(facts: ViewFacts, rng: random.Random, dealer: int, deals: list[Deal]) -> Game:
    rules, history = facts.view.rules, facts.view.history
    if not history:
        return Game(rules, seed=rng.getrandbits(62), dealer=dealer, deals=deals)
    game = Game(rules, seed=rng.getrandbits(62), dealer=dealer)
    game.ledger = _ledger(game, history[-1])
    game.results = list(history)
    game.hand_number = facts.view.hand_number
    filler = (game.flow.deck.mask & -game.flow.deck.mask).bit_length() - 1
    saved = facts.view.last_trick
    game.last_tricks = [_trick(saved, filler)] if saved else []
    game.restart_hand(*deals)  # this hand's deal, after the history it cannot replay
    return game


def _ledger(game: Game, last: HandResult) -> Any:
    """The score before this hand, from the last hand's result."""
    ledger: Any = game.flow.new_ledger()
    saved = last.details.get("ledger")
    if saved is None:
        scores = last.scores
        for index, side in enumerate(game.flow.sides()):
            ledger.points[index] = scores[side[0]]
        return ledger
    for key, value in saved.items():
        if key == "out":
            setattr(ledger, key, [seat in value for seat in range(game.player_count)])
        else:
            setattr(ledger, key, value[:] if isinstance(value, list) else value)
    return ledger


def _trick(saved: DoneTrick, filler: int) -> Trick:
    """The last trick of the previous hand, as shown (only its display matters now); a card
    led face down and never shown becomes ``filler``, a card of the pack, so that the other
    seats' views of the sampled game can still be drawn."""
    trick = Trick(saved.leader)
    for play in saved.plays:
        trick.seats.append(play.seat)
        trick.cards.append(card_index(play.card) if play.card else filler)
        trick.face_down.append(play.face_down)
    trick.winner = -1 if saved.winner is None else saved.winner
    return trick


def _replay_misdeals(game: Game, misdeals: int) -> None:
    target = game.deal_number + misdeals
    while game.deal_number < target:
        game.apply("pass")
    # the game must be on its last explicit deal now
    if misdeals and game.deal_number != target:
        raise SamplingError("a misdeal did not replay")


def _replay(
    game: Game,
    facts: ViewFacts,
    rng: random.Random,
    gifts: dict[int, list[int]],
    observe: Observer | None = None,
) -> None:
    future = [list(cards) for cards in facts.future]
    double = facts.double
    received = [(g.seat, f"give {g.card}") for g in (double.received or ())] if double else []
    planned = {seat: [f"give {CARD_TEXT[c]}" for c in cards] for seat, cards in gifts.items()}
    for seat, shown in facts.actions:
        if game.to_move != seat:
            raise SamplingError(f"seat {seat} is not to move for {shown!r}")
        text = shown
        if shown.startswith("give ?") and received and received[0][0] == seat:
            text = received.pop(0)[1]  # the observer was the lone player: he saw the gift
        elif shown.startswith("give ?") and planned.get(seat):
            text = planned[seat].pop(0)
        if "?" in text:
            game.apply(_hidden_choice(game, text, future[seat], facts.shown_out[seat], rng))
            continue
        if observe is not None:
            observe(game, seat, parse_action(text))
        action = game.apply(text)
        if seat != facts.seat and action.kind is Kind.PLAY and action.cards[0] in future[seat]:
            future[seat].remove(action.cards[0])


def _copies(hand: int, card: int) -> int:
    return (hand >> card & 1) + (hand >> (card + COPY_STRIDE) & 1)


def _hidden_choice(
    game: Game, text: str, keep: list[int], shown_out: set[int], rng: random.Random
) -> Any:
    """A legal action of the hidden kind that gives away no card the seat plays later.

    Cards of suits the seat later showed out of go first: it cannot have kept them.
    """
    kind = text.split(maxsplit=1)[0]
    count = text.count("?")
    hand = game.hands[game.to_move or 0]
    spare = [c for c in range(COPY_STRIDE) if _copies(hand, c) > keep.count(c)]
    options = [
        a
        for a in game.legal_actions()
        if a.kind.value == kind and len(a.cards) == count and set(a.cards) <= set(spare)
    ]
    if not options:
        raise SamplingError(f"no hidden {text!r} fits the later play")
    table = game.flow.ranking.table(game.trump) if game.trump is not None else None
    if table is not None and shown_out:
        out = [a for a in options if all(table.suit_of[c] in shown_out for c in a.cards)]
        options = out or options
    return rng.choice(options)
