"""The hook interface between the engine and a game family.

The engine (:mod:`tricktable.engine`) owns what every game shares: seats, hands as bitmasks,
tricks, the action log, undo, views and records. A :class:`Flow` supplies what differs: how the
pack is dealt, the decisions before play (auction, declarations, exchanges), which cards may be
led or played, how a hand scores and when the game is over. Games differ by options and by
these hooks, never by tests of the game's name in the engine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .actions import Action, Kind
from .cards import CARD_TEXT, COPY_STRIDE, Deck
from .deal import Deal, deal_by_owners
from .errors import NotationError
from .hidden import HiddenModel
from .jsonrecord import JsonObject, record_dict
from .options import Rules
from .ranking import Ranking, TrumpTable
from .trick import Trick
from .verbs import CORE_VERBS
from .view_parts import Section

if TYPE_CHECKING:
    import random

    from .flow_game import FlowGame
    from .view import View

__all__ = ["Contract", "Flow", "HandResult", "Ledger", "signed"]


class Ledger(Protocol):
    """The running score of a game (team points, chips and pot, counters …)."""

    def scores(self) -> tuple[int, ...]: ...

    def copy(self) -> Ledger: ...

    def to_dict(self) -> dict[str, Any]: ...

    def restore(self, saved: Mapping[str, Any]) -> None:
        """Become the ledger whose :meth:`to_dict` was ``saved``."""


class HandResult(NamedTuple):
    """How one hand ended: tricks per seat, score changes per seat and a readable summary.

    ``details`` is the family's account of the hand (contract, bidder, who was looed …).
    A named tuple: one is made at the end of every hand, and it is never changed.
    """

    deal_number: int
    hand_number: int
    dealer: int
    tricks: tuple[int, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    summary: str
    details: JsonObject = MappingProxyType({})

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready, independent copy."""
        return record_dict(self)


class Contract(NamedTuple):
    """A hand's contract once made: who made it, the tricks his side needs, the call as the
    game names it (``"4"``, ``"little-pepper"``) and the seat playing alone, if one does.
    Views state it (``declared``); search bots weigh the trick that makes or sets it."""

    maker: int
    tricks: int
    call: str
    alone: int | None
    all_tricks: bool = False
    """The contract is for every trick of the hand (a pepper bid, a lone hand for all)."""


def signed(points: int) -> str:
    """``points`` with its sign, as in a hand's summary (``+3``, ``+0``, ``-2``)."""
    return f"+{points}" if points >= 0 else str(points)


class Flow(ABC):
    """Base hand flow; subclasses override the hooks their game needs."""

    players: int
    deck: Deck
    ranking: Ranking
    has_widow: bool = False
    widow_size: int = 0
    ACTION_KINDS: frozenset[Kind] = frozenset(CORE_VERBS)
    CALLS: tuple[Kind, ...] = (Kind.PASS,)
    """The game's calls that take nothing after them, in the order the action encoding numbers
    them (the family's verbs: the core lists none)."""
    ONE_CARD_KINDS: tuple[Kind, ...] = (Kind.DISCARD,)
    """The game's actions of one card other than a play, in the action encoding's order."""
    NAMED_BIDS: tuple[str, ...] = ()
    """The words a bid may be besides a number (``bid WORD``), in the order the action encoding
    numbers them after the numbers; a game's named contracts come from its family."""
    VIEW_SECTION: type[Section]
    """The class of the family's part of a view (:mod:`tricktable.view_parts`)."""
    HIDDEN: HiddenModel = HiddenModel()
    """The family's hidden places and how a deal is rebuilt (:mod:`tricktable.hidden`)."""
    LARGEST_EXCHANGE = 2

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._tables: dict[int | None, TrumpTable] = {}

    def trump_table(self, suit: int | None) -> TrumpTable:
        """The ranking's table for trump ``suit`` (``None``: no trump), kept by the flow."""
        table = self._tables.get(suit)
        if table is None:
            table = self._tables[suit] = self.ranking.table(suit)
        return table

    # -- seats ---------------------------------------------------------------------------------

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The partnerships (or one side per seat in individual games)."""
        return tuple((seat,) for seat in range(self.players))

    def side_of(self, seat: int) -> int:
        for index, side in enumerate(self.sides()):
            if seat in side:
                return index
        raise ValueError(f"no seat {seat}")

    # -- dealing -------------------------------------------------------------------------------

    @abstractmethod
    def dealt_to(self, game: FlowGame | None, dealer: int) -> tuple[int, ...]:
        """Who is dealt each card of the pack when ``dealer`` deals, top card first: a seat or
        :data:`~tricktable.deal.WIDOW`; the cards after the last are the stock.

        ``game`` is the game being dealt for, for flows whose seating depends on the score;
        ``None`` asks for the seating at the start of a game.
        """

    def deal(self, pack: list[int], dealer: int) -> Deal:
        """Deal a pack (top first) for ``dealer`` as at the start of a game."""
        return deal_by_owners(pack, self.dealt_to(None, dealer), self.players)

    @abstractmethod
    def hand_sizes(self, dealer: int) -> tuple[int, ...]:
        """How many cards each seat is dealt when ``dealer`` deals."""

    def verify_deal(self, deal: Deal, dealer: int) -> None:
        """Raise :class:`NotationError` unless ``deal`` fits these rules for this dealer."""
        self._verify_pack(deal.all_cards())
        sizes = self.hand_sizes(dealer)
        for seat, (hand, size) in enumerate(zip(deal.hands, sizes, strict=True)):
            if hand.bit_count() != size:
                raise NotationError(
                    f"seat {seat} holds {hand.bit_count()} cards in the deal; it must hold {size}"
                )
        if self.has_widow and (deal.widow or 0).bit_count() != self.widow_size:
            got = (deal.widow or 0).bit_count()
            raise NotationError(f"the widow has {got} cards; it must have {self.widow_size}")
        cards = deal.all_cards()
        if cards & ~self.deck.mask or cards.bit_count() != sum(sizes) + self.widow_size + len(
            deal.stock
        ):
            raise NotationError(f"the deal uses cards that are not in the {self.deck.name} pack")

    def _verify_pack(self, cards: int) -> None:
        """Name the first card of a deal that the pack does not have (or not that often)."""
        foreign = cards & ~self.deck.mask
        if not foreign:
            return
        bit = (foreign & -foreign).bit_length() - 1
        card, pack = CARD_TEXT[bit % COPY_STRIDE], f"{len(self.deck)}-card pack"
        if bit >= COPY_STRIDE and self.deck.mask >> (bit - COPY_STRIDE) & 1:
            raise NotationError(f"{card} appears twice in the deal; the {pack} has one")
        raise NotationError(f"{card} is not in the {pack}")

    def verify_game_deal(self, game: FlowGame, deal: Deal, dealer: int) -> None:
        """Check an explicit deal for ``game`` (by default: :meth:`verify_deal`)."""
        self.verify_deal(deal, dealer)

    # -- the hand ------------------------------------------------------------------------------

    def next_dealer(self, game: FlowGame) -> int:
        """The dealer of the next hand (by default the seat to the dealer's left)."""
        return (game.dealer + 1) % self.players

    @abstractmethod
    def new_ledger(self) -> Ledger:
        """The score ledger at the start of a game."""

    def ledger_after(self, result: HandResult) -> Ledger:
        """The ledger as the hand of ``result`` left it (where a rebuilt game goes on).

        A result that carries its ledger (``details["ledger"]``, the Rams family's) restores
        it; otherwise the result's scores are the sides' points (a team ledger).
        """
        ledger = self.new_ledger()
        saved = result.details.get("ledger")
        if not isinstance(saved, Mapping):
            saved = {"sides": [result.scores[side[0]] for side in self.sides()]}
        ledger.restore(saved)
        return ledger

    @abstractmethod
    def start_hand(self, game: FlowGame) -> None:
        """Set phase, player to move and the flow's hand state after a deal."""

    @abstractmethod
    def legal_actions(self, game: FlowGame) -> Sequence[Action]:
        """The legal actions outside the play phase (a tuple is kept as it is, without a copy,
        so a flow may hand out the same tuple again and again)."""

    @abstractmethod
    def apply(self, game: FlowGame, seat: int, action: Action) -> None:
        """Carry out a legal action outside the play phase."""

    def trick_done(self, game: FlowGame, trick: Trick) -> None:
        """Called after each trick is complete and recorded (``game.tricks[-1]``).

        Most games need nothing here; counter games note who reached zero first.
        """
        return

    @abstractmethod
    def score_hand(self, game: FlowGame) -> HandResult:
        """Score the finished hand into the ledger and describe it."""

    @abstractmethod
    def is_over(self, game: FlowGame) -> bool:
        """Whether the game ends after the hand just scored."""

    @abstractmethod
    def winners(self, game: FlowGame) -> tuple[int, ...]:
        """The winning seats of a finished game."""

    def best_seats(self, game: FlowGame) -> tuple[int, ...]:
        """The winners of a session of so many deals (``Game(deal_limit=…)``), which no target
        ends: every seat with the best score, in the family's direction (:meth:`score_sign`)."""
        sign = self.score_sign()
        scores = [sign * score for score in game.ledger.scores()]
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def can_go_on(self, game: FlowGame) -> bool:
        """Whether a session of so many deals can deal another hand after the one just over
        (by default it can; a family whose players drop out says when too few are left)."""
        return True

    @abstractmethod
    def view(self, game: FlowGame, seat: int | None) -> Section:
        """The family's part of a seat's view (``None``: a spectator): a ``VIEW_SECTION``."""

    def hand_state_copy(self, state: Any) -> Any:
        return state.copy()

    # -- facts for research environments (tricktable.envs) ------------------------------------

    def action_kinds(self) -> frozenset[Kind]:
        """Every kind of action these rules can ever make legal.

        Flat action encodings size themselves from it: a flow lists its kinds in
        ``ACTION_KINDS`` (the default, every kind, is always safe).
        """
        return self.ACTION_KINDS

    def largest_exchange(self) -> int:
        """The most cards one action of several cards (a family's verb, e.g. an exchange) can
        name here (``LARGEST_EXCHANGE``); 0 where the rules have no such verb."""
        several = any(kind.most_cards > 1 for kind in self.ACTION_KINDS)
        return self.LARGEST_EXCHANGE if several else 0

    def gain_if(self, game: FlowGame, seat: int, tricks: int) -> float | None:
        """What ``seat`` alone gains this hand (``score_sign`` applied) if it ends the hand
        with ``tricks`` tricks, the rest going to others; ``None`` where a seat's gain is not
        a function of its own tricks (partnership contracts: the bots weigh those by the
        contract). Search bots value card play with it, so that, say, a safe first trick
        against a loo counts for what the loo would cost."""
        return None

    def heuristic(self, view: View, rng: random.Random) -> Action | None:
        """The family's heuristic decision for ``view`` (``None``: the bots' generic choice).

        A family whose knowledge lives with it (Euchre's) answers here what the heuristic bot
        would otherwise decide at random: its calls, discards and lone hands.
        """
        return None

    def trump_maker(self, view: View) -> int | None:
        """The seat that named trump this hand, as ``view`` shows it (``None``: nobody has,
        or the game has no such seat). Card play (:mod:`tricktable.cardplay`) counts its
        side as the makers."""
        return None

    def lone_seats(self, view: View) -> tuple[int, ...]:
        """The seats playing alone this hand, as ``view`` shows it (the maker first). Card
        play does not lead into a lone opponent's strength."""
        return ()

    def dealer_ante(self, view: View) -> int:
        """The chips this hand's dealer put in the pot when it was dealt, as ``view`` shows it
        (0: none). A hand's change counts its ante, so a table shows the scores before it."""
        return 0

    def contract(self, game: FlowGame) -> Contract | None:
        """This hand's contract once one is made (its maker and the tricks his side must
        take), ``None`` in games without one. Search bots weigh the trick that makes or sets
        it."""
        return None

    def target_score(self) -> int | None:
        """The score that ends the game where one does (games played to a target), else
        ``None`` (sessions such as the Rams family's). Search bots value a game-ending hand by
        who wins the game, at this stake."""
        return None

    def score_sign(self) -> int:
        """``1`` where a higher score is better, ``-1`` where lower is (counters counting down).

        Environments multiply score changes by it to turn them into rewards. The default reads
        the starting scores: every seat starting above zero means counters that count down.
        """
        start = self.new_ledger().scores()
        return -1 if start and min(start) > 0 else 1
