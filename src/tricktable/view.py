"""A seat's view: everything that seat may see, and nothing else.

The view is the only thing that crosses to a seat, a bot, a browser, an RL agent or a
spectator. Other seats' cards, the widow, discards, passed hands, cards given between partners
and face-down leads never appear in it, except in the view of the seat that holds or held them.

:class:`View` is a frozen, typed record: the part every game shares, and ``view.section``, the
part its family's flow declares (:mod:`tricktable.view_parts`). :meth:`View.to_dict` is
generated from those fields, and :func:`view_schema` describes that JSON.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Action, Kind
from .cards import COPY_STRIDE, CardSet, indices_of
from .fair import deal_commitment
from .flow import Contract, HandResult
from .jsonrecord import (
    CARD_TEXTS,
    described,
    encoded,
    json_fields,
    json_schema,
    key,
    record_dict,
)
from .options import Rules
from .phase import Phase
from .ranking import TrumpTable
from .trick import Trick
from .view_parts import CardFacts, DoneTrick, Play, SeatAction, Section, TrickView

if TYPE_CHECKING:
    from .engine import Game

__all__ = ["View", "build_view", "build_views", "view_schema_of"]

_TRUMP_LETTERS = ("C", "D", "H", "S", "NT")


def _trump_letter(trump: int) -> str:
    return _TRUMP_LETTERS[trump]


_RULES_TEXTS: dict[int, tuple[Rules, str]] = {}


def _rules_text(rules: Rules) -> str:
    """``str(rules)``, remembered per rules object (frozen): a view is encoded per state sent."""
    known = _RULES_TEXTS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    if len(_RULES_TEXTS) >= 1024:
        _RULES_TEXTS.clear()
    text = str(rules)
    _RULES_TEXTS[id(rules)] = (rules, text)  # the rules are kept, so their id is not reused
    return text


@json_fields(
    rules=encoded(_rules_text, {"type": "string"}),
    legal=key("legal_actions"),
    trump=encoded(_trump_letter, {"enum": [*_TRUMP_LETTERS, None]}),
    section=described({"type": "object"}),  # each game's, beside the common keys
)
class View(NamedTuple):
    """What one seat (or a spectator, ``seat=None``) sees of a game at one moment.

    ``hand`` is this seat's own cards (empty for a spectator); ``legal`` the legal actions when
    this seat is to move, else empty; ``trump`` the trump suit index (0..3 = C D H S, 4 for no
    trump), ``None`` before it is fixed; ``trick`` the trick in play (``None`` outside the play
    phase); ``actions`` this deal's actions as this seat saw them; ``declared`` the hand's
    contract once made (who, the call, the tricks needed, who plays alone; ``None`` in games
    without one); ``cards`` every card the view shows (hand, tricks, section) with its effective
    suit and sort rank under the current trump; ``deal_commitment`` the SHA-256
    the deal's secret is committed to (:mod:`tricktable.fair`); ``section`` the family's part.
    """

    game: str
    rules: Rules
    players: int
    seat: int | None
    phase: Phase
    to_move: int | None
    dealer: int
    hand_number: int
    hand: CardSet
    hand_sizes: tuple[int, ...]
    legal: tuple[Action, ...]
    scores: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    trump: int | None
    active: tuple[int, ...]
    trick: TrickView | None
    tricks: tuple[DoneTrick, ...]
    tricks_won: tuple[int, ...]
    last_trick: DoneTrick | None
    last_result: HandResult | None
    history: tuple[HandResult, ...]
    is_over: bool
    winners: tuple[int, ...]
    actions: tuple[SeatAction, ...]
    declared: Contract | None
    cards: tuple[CardFacts, ...]
    deal_commitment: str
    section: Section

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready, independent copy: the common keys and the section's beside them."""
        out = record_dict(self)
        section: dict[str, Any] = out.pop("section")
        out.update(section)
        return out

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s side (itself alone in individual games)."""
        return next((side for side in self.sides if seat in side), (seat,))

    def all_tricks(self) -> tuple[TrickView | DoneTrick, ...]:
        """This hand's complete tricks, then the trick in play if it has begun."""
        return (*self.tricks, self.trick) if self.trick is not None else self.tricks


def view_schema_of(games: Mapping[type[Section], Sequence[str]]) -> dict[str, Any]:
    """The JSON schema of :meth:`View.to_dict`: the common keys with one section, for each
    section the games (names) whose views carry it.

    The registry's :func:`tricktable.games.view_schema` gives every registered game's.
    """
    defs: dict[str, Any] = {}
    common = json_schema(View, defs, closed=False)
    del common["properties"]["section"]
    common["required"].remove("section")
    variants = []
    for section, names in games.items():
        defs[section.__name__] = json_schema(section, defs, closed=False)
        variants.append({
            "title": f"{section.__name__}: {', '.join(names)}",
            "allOf": [{"$ref": "#/$defs/View"}, {"$ref": f"#/$defs/{section.__name__}"}],
            "properties": {"game": {"enum": list(names)}},
            "unevaluatedProperties": False,
        })  # fmt: skip
    defs["View"] = common
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "A seat's view: game.view(seat).to_dict()",
        "oneOf": variants,
        "$defs": dict(sorted(defs.items())),
    }


_SUIT_LETTERS = ("C", "D", "H", "S", None)
_FIRST_COPY = (1 << COPY_STRIDE) - 1
_CARD_BIT: dict[str, int] = {text: 1 << (index % COPY_STRIDE) for index, text in CARD_TEXTS.items()}
"""Each card's text: the bit of its first copy (both copies of a card read alike)."""
_REMEMBERED = 1024
"""Tables and sections whose cards are remembered; past that the memory starts afresh."""
_TABLE_FACTS: dict[int, tuple[TrumpTable, tuple[tuple[int, CardFacts], ...]]] = {}
_FACTS_BY_RANKING: dict[tuple[Any, ...], tuple[tuple[int, CardFacts], ...]] = {}
_SECTION_CARDS: dict[object, int] = {}
_FACTS_BY_MASK: dict[tuple[int, int], tuple[object, tuple[CardFacts, ...]]] = {}


def card_facts(table: TrumpTable, shown: Iterable[object]) -> tuple[CardFacts, ...]:
    """The effective suit and sort rank, under the table's trump, of each card in ``shown``
    (the view's pieces: its hand, this hand's tricks and the section, searched for cards), in
    rank order. The last trick of a hand before is left out: it was played under its trump."""
    mask = 0
    for piece in shown:
        mask |= cards_mask(piece)
    return facts_of(table, mask)


def facts_of(table: TrumpTable, mask: int) -> tuple[CardFacts, ...]:
    """The facts of the cards of ``mask`` (bits of first copies; see :func:`cards_mask`),
    remembered: a card played moves from a hand to a trick, so a seat's cards mostly stay
    the same from move to move, and the same tuple lets the state messages reuse its JSON."""
    pack = _pack_facts(table)
    key = (id(pack), mask)
    known = _FACTS_BY_MASK.get(key)
    if known is not None and known[0] is pack:
        return known[1]
    if len(_FACTS_BY_MASK) >= _REMEMBERED * 16:
        _FACTS_BY_MASK.clear()
    facts = tuple([fact for bit, fact in pack if mask & bit])
    _FACTS_BY_MASK[key] = (pack, facts)  # the pack is kept, so its id is not reused
    return facts


def tricks_mask(trick: TrickView | None, done: tuple[DoneTrick, ...]) -> int:
    """The cards shown in the trick in play and this hand's complete tricks (as
    :func:`cards_mask` finds them, without searching every number of every play)."""
    bits = _CARD_BIT
    mask = 0
    shown: tuple[TrickView | DoneTrick, ...] = (*done, trick) if trick is not None else done
    for each in shown:
        for play in each.plays:
            if play.card is not None:
                mask |= bits.get(play.card, 0)
    return mask


def cards_mask(value: object) -> int:
    """The cards found in a view's piece (a card's text, a CardSet, tuples of them at any
    depth) as a mask of their first copies' bits."""
    if isinstance(value, str):
        return _CARD_BIT.get(value, 0)
    if isinstance(value, CardSet):
        mask = value.mask
        return (mask | mask >> COPY_STRIDE) & _FIRST_COPY
    if isinstance(value, tuple):
        mask = 0
        for item in value:
            mask |= cards_mask(item)
        return mask
    return 0


def section_cards(section: object) -> int:
    """:func:`cards_mask` of a family's section, remembered by its value (a section is
    immutable and mostly the same for every seat and from one move to the next)."""
    try:
        known = _SECTION_CARDS.get(section)
    except TypeError:  # a section holding something unhashable is searched every time
        return cards_mask(section)
    if known is None:
        if len(_SECTION_CARDS) >= _REMEMBERED:
            _SECTION_CARDS.clear()
        known = _SECTION_CARDS[section] = cards_mask(section)
    return known


def _pack_facts(table: TrumpTable) -> tuple[tuple[int, CardFacts], ...]:
    """Every distinct card of the table's pack with its bit, effective suit and sort rank,
    remembered per table object and, for a table built afresh (each game's flow builds its
    own), by the ranking it holds."""
    known = _TABLE_FACTS.get(id(table))
    if known is not None and known[0] is table:
        return known[1]
    ranking = (table.trump, table.suit_of, table.strength, table.suit_mask)
    facts = _FACTS_BY_RANKING.get(ranking)
    if facts is None:
        if len(_FACTS_BY_RANKING) >= _REMEMBERED:
            _FACTS_BY_RANKING.clear()
        facts = _FACTS_BY_RANKING[ranking] = _ranked_facts(table)
    if len(_TABLE_FACTS) >= _REMEMBERED:
        _TABLE_FACTS.clear()
    _TABLE_FACTS[id(table)] = (table, facts)  # the table is kept, so its id is not reused
    return facts


def _ranked_facts(table: TrumpTable) -> tuple[tuple[int, CardFacts], ...]:
    cards = sorted(
        {index % COPY_STRIDE for index in indices_of(sum(table.suit_mask))},
        key=lambda card: (_group(table, card), table.strength[card]),
    )
    return tuple(
        (1 << card, CardFacts(CARD_TEXTS[card], _SUIT_LETTERS[table.suit_of[card]], rank))
        for rank, card in enumerate(cards)
    )


def _group(table: TrumpTable, card: int) -> int:
    """Where a card's effective suit is shown: the plain suits in order, trump (or, without
    trump, the Joker's suit of its own) last."""
    suit = table.suit_of[card]
    return len(_SUIT_LETTERS) if suit == table.trump else suit


def trick_view(trick: Trick, seat: int | None) -> TrickView:
    return _new(TrickView, (trick.leader, _plays(trick, seat)))


def done_trick(trick: Trick, seat: int | None) -> DoneTrick:
    winner = None if trick.winner < 0 else trick.winner
    return _new(DoneTrick, (trick.leader, _plays(trick, seat), winner))


def _plays(trick: Trick, seat: int | None) -> tuple[Play, ...]:
    # tuple.__new__ skips the named tuple's Python-level __new__: views are built often
    return tuple(
        _new(Play, (s, None if down and s != seat else CARD_TEXTS[c], down))
        for s, c, down in trick.plays()
    )


_new = tuple.__new__


def build_view(game: Game, seat: int | None) -> View:
    """The view of ``seat`` (``None``: a spectator)."""
    legal = tuple(game.legal_actions()) if seat is not None and seat == game.to_move else ()
    playing = game.phase is Phase.PLAY
    results = game.results
    hand = CardSet(game.hands[seat]) if seat is not None else CardSet()
    trick = trick_view(game.trick, seat) if playing else None
    tricks = tuple(done_trick(t, seat) for t in game.tricks)
    last = _last_trick(game, seat)
    section = game.flow.view(game, seat)
    table = game.flow.trump_table(game.trump)
    return View(
        game=game.rules.name,
        rules=game.rules,
        players=game.player_count,
        seat=seat,
        phase=game.phase,
        to_move=game.to_move,
        dealer=game.dealer,
        hand_number=game.hand_number,
        hand=hand,
        hand_sizes=tuple(h.bit_count() for h in game.hands),
        legal=legal,
        scores=tuple(game.scores),
        sides=tuple(game.flow.sides()),
        trump=game.trump,
        active=tuple(s for s in range(game.player_count) if game.active[s]),
        trick=trick,
        tricks=tricks,
        tricks_won=tuple(game.tricks_won),
        last_trick=last,
        last_result=results[-1] if results else None,
        history=tuple(results),
        is_over=game.is_over,
        winners=tuple(game.winners),
        actions=public_actions(game, seat),
        declared=game.flow.contract(game),
        cards=facts_of(table, cards_mask((hand, trick, tricks)) | section_cards(section)),
        deal_commitment=deal_commitment(game),
        section=section,
    )


def build_views(game: Game, seats: Iterable[int | None]) -> dict[int | None, View]:
    """The views of several seats (``None``: a spectator) of one state, each equal to
    :func:`build_view`'s. What every seat sees alike is built once and shared (the very same
    objects), what a seat sees of its own (its hand, its legal actions, its own hidden cards
    in tricks, actions and the family's section) per seat: a server sends every seat a view
    after each move, and may encode the shared parts once."""
    playing = game.phase is Phase.PLAY
    results = game.results
    tricks = game.tricks or game.last_tricks
    face_down = any(t.down for t in (*game.tricks, *tricks[-1:], *([game.trick] * playing)))
    shared_tricks = None if face_down else _tricks_seen(game, None, playing)
    shared_cards = 0 if shared_tricks is None else tricks_mask(*shared_tricks[:2])
    to_move, rules = game.to_move, game.rules
    seats = tuple(seats)
    legal = tuple(game.legal_actions()) if to_move is not None and to_move in seats else ()
    hand_sizes = tuple(h.bit_count() for h in game.hands)
    scores, sides = tuple(game.scores), tuple(game.flow.sides())
    active = tuple(s for s in range(game.player_count) if game.active[s])
    tricks_won, history, winners = tuple(game.tricks_won), tuple(results), tuple(game.winners)
    last_result = results[-1] if results else None
    deal = _deal_actions(game)
    hidden_by = {actor for actor, _, hidden in deal if hidden}
    public = _actions_seen(deal, None)  # what a seat without hidden cards of its own saw
    declared, table = game.flow.contract(game), game.flow.trump_table(game.trump)
    committed = deal_commitment(game)
    views = {}
    for seat in seats:
        trick, done, last = shared_tricks or _tricks_seen(game, seat, playing)
        hand = CardSet(game.hands[seat]) if seat is not None else CardSet()
        section = game.flow.view(game, seat)
        seen = shared_cards if shared_tricks is not None else tricks_mask(trick, done)
        seen |= cards_mask(hand) | section_cards(section)
        views[seat] = View(
            game=rules.name,
            rules=rules,
            players=game.player_count,
            seat=seat,
            phase=game.phase,
            to_move=to_move,
            dealer=game.dealer,
            hand_number=game.hand_number,
            hand=hand,
            hand_sizes=hand_sizes,
            legal=legal if seat is not None and seat == to_move else (),
            scores=scores,
            sides=sides,
            trump=game.trump,
            active=active,
            trick=trick,
            tricks=done,
            tricks_won=tricks_won,
            last_trick=last,
            last_result=last_result,
            history=history,
            is_over=game.is_over,
            winners=winners,
            actions=_actions_seen(deal, seat) if seat in hidden_by else public,
            declared=declared,
            cards=facts_of(table, seen),
            deal_commitment=committed,
            section=section,
        )
    return views


def _tricks_seen(
    game: Game, seat: int | None, playing: bool
) -> tuple[TrickView | None, tuple[DoneTrick, ...], DoneTrick | None]:
    """The trick in play, this hand's complete tricks and the last trick as ``seat`` sees
    them (face-down cards shown only to whoever played them)."""
    trick = trick_view(game.trick, seat) if playing else None
    return trick, tuple(done_trick(t, seat) for t in game.tricks), _last_trick(game, seat)


def public_actions(game: Game, seat: int | None) -> tuple[SeatAction, ...]:
    """This deal's actions as ``seat`` saw them, in order.

    Cards another seat discarded, gave, exchanged away or led face down are ``?``: the seat saw
    that the action happened, not the card. Search bots replay this to rebuild the hand.
    """
    return _actions_seen(_deal_actions(game), seat)


def _deal_actions(game: Game) -> list[tuple[int, Action, bool]]:
    """This deal's actions: each one's seat, the action and whether its cards are hidden from
    the other seats."""
    log = game.log
    start = bisect.bisect_left(log, len(game.deals) - 1, key=_deal_of)
    face_down = iter([down for t in (*game.tricks, game.trick) for down in t.face_down])
    out = []
    play = Kind.PLAY
    for index in range(start, len(log)):
        _, actor, action = log[index]
        kind = action.kind
        down = next(face_down, False) if kind is play else False
        out.append((actor, action, down or kind.hidden))
    return out


def _actions_seen(
    actions: list[tuple[int, Action, bool]], seat: int | None
) -> tuple[SeatAction, ...]:
    known = _SEAT_ACTIONS
    out = []
    for actor, action, hidden in actions:
        masked = hidden and actor != seat
        key = (actor, action.text, masked)
        found = known.get(key)
        if found is None:
            if len(known) >= _REMEMBERED * 16:
                known.clear()
            text = _hidden_text(action) if masked else action.text
            found = known[key] = _new(SeatAction, (actor, text))
        out.append(found)
    return tuple(out)


_SEAT_ACTIONS: dict[tuple[int, str, bool], SeatAction] = {}
"""Each seat's action as shown, kept: a deal's actions are shown again after every move, and
the same objects let the state messages reuse their JSON."""


def _hidden_text(action: Action) -> str:
    return " ".join([action.kind.value] + ["?"] * len(action.cards))


def _deal_of(entry: tuple[int, int, Action]) -> int:
    return entry[0]


def _last_trick(game: Game, seat: int | None) -> DoneTrick | None:
    tricks = game.tricks or game.last_tricks
    return done_trick(tricks[-1], seat) if tricks else None
