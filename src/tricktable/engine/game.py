"""The game: a whole game of any registered game, hand after hand until it is over.

:class:`Game` is the public face of the game's state (:class:`~.state.GameState`, with its trick
play and undo, :class:`~.play.CardPlay`): it deals, checks and explains actions, and gives
views, copies and records, and asks its rules' :class:`~tricktable.flow.Flow` for what differs.
``apply`` checks and explains; ``push``/``pop`` skip the checks for search code.

Every deal comes from the game's seed and the deal's number (or from a secret of its
``deal_source``, :mod:`tricktable.fair`), so a game never carries a random generator's state,
and a record (which also stores every deal explicitly) replays exactly.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeGuard

from ..actions import PLAY_HALVES, Action, Kind, card_actions, parse_action
from ..cards import COPY_STRIDE
from ..deal import Deal, parse_deal, shuffle_and_deal
from ..errors import IllegalActionError, NotationError, RulesError, SeatError
from ..explain import explain_illegal
from ..fair import deal_from_secret
from ..flow import Flow
from ..phase import Phase
from ..ranking import TrumpTable
from ..record import make_record
from ..trick import FOLLOW_ONLY, Trick
from ..view import View, build_view
from .play import CardPlay
from .state import seating

if TYPE_CHECKING:
    from ..fair import DealSource
    from ..flow import HandResult, Ledger
    from ..options import Rules

__all__ = ["Game", "Phase"]

_PLAY_KIND = Kind.PLAY
_CLUBS_DIAMONDS, _HEARTS_SPADES = PLAY_HALVES
_HALF = (1 << 32) - 1
_BIT = tuple(1 << bit for bit in range(2 * COPY_STRIDE))
_LOW_COPY = (1 << COPY_STRIDE) - 1
_PLAY = Phase.PLAY
_OVER = Phase.OVER
_AUCTION = Phase.AUCTION


class Game(CardPlay):
    """A whole game: hands are dealt, bid, played and scored until the game is over."""

    __slots__ = ()

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int | None = None,
        dealer: object = None,
        deal: str | Deal | None = None,
        deals: Iterable[str | Deal] = (),
        deal_source: DealSource | None = None,
        deal_limit: object = None,
        _copy_of: Game | None = None,
    ) -> None:
        # dealer and deal_limit are objects, checked here: a bad one is a RulesError (a
        # compiled signature typed int would raise TypeError, and take True for 1)
        if _copy_of is not None:  # copy(): a compiled class cannot be made without __init__
            self._copy_from(_copy_of)
            return
        self.rules = rules
        self.deal_source = deal_source  # None: every deal from the seed (tricktable.fair)
        if deal_limit is not None and (not _is_seat_number(deal_limit) or deal_limit < 1):
            raise RulesError(f"deal_limit {deal_limit!r} is not a number of deals of 1 or more")
        self.deal_limit = deal_limit  # a session of so many deals (None: to the game's end)
        self.flow = rules.flow
        self.player_count = self.flow.players
        self.seed = secrets.randbits(62) if seed is None else seed
        if dealer is None:
            dealer = random.Random(self.seed).randrange(self.player_count)
        if not _is_seat_number(dealer) or not 0 <= dealer < self.player_count:
            raise RulesError(f"dealer {dealer!r} is not a seat of 0..{self.player_count - 1}")
        self.first_dealer = self.dealer = dealer
        explicit = [deal] if deal is not None else list(deals)
        self._explicit: list[Deal] = [self._read_deal(d) for d in explicit]
        self.ledger: Ledger = self.flow.new_ledger()
        self.log: list[tuple[int, int, Action]] = []
        self.deals: list[Deal] = []
        self.dealers: list[int] = []
        self.results: list[HandResult] = []
        self.last_tricks: list[Trick] = []
        self.hand_number = 0
        self.is_over = False
        self._undo: list[tuple[Any, ...]] = []
        self._trick_hook = type(self.flow).trick_done is not Flow.trick_done
        self._single_copy = not self.flow.deck.mask >> COPY_STRIDE
        self._everyone = seating(self.player_count, frozenset(range(self.player_count)))
        self._deal(dealer)

    # -- public state --------------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        return self.ledger.scores()

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        return self.flow.winners(self) if self.deal_limit is None else self.flow.best_seats(self)

    @property
    def deal_text(self) -> str:
        """The current hand's deal as deal text."""
        return str(self.deals[-1])

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase is _PLAY or phase is _OVER:
                legal = self._find_legal()
            else:  # the flow is asked here, not in _find_legal: a call less for every call
                found = self.flow.legal_actions(self)
                legal = self._legal = found if type(found) is tuple else tuple(found)
        return [*legal]

    def legal_mask(self) -> int:
        """The cards (as a bitmask of card bits) the player to move may play now.

        Only meaningful in the play phase. With :meth:`push_card` and :meth:`pop` it is the
        integer path for search code; a pinochle hand holding both copies of a card shows both
        bits.
        """
        mask = self._mask
        if not mask:  # not found yet (a player to move always holds a card)
            hand = self.hands[self.to_move]  # type: ignore[index]
            table: TrumpTable = self.table  # type: ignore[assignment]
            obliged = self.play_rules.obligation
            mask = self._mask = obliged(hand, self.trick, table, len(self.tricks))
        return mask

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    # -- acting --------------------------------------------------------------------------------

    def apply(self, action: Action | str) -> Action:
        """Check and carry out an action of the player to move; return it.

        Raises :class:`IllegalActionError` naming the action, the phase and what is legal, and
        changes nothing, if the action is not legal now.
        """
        if (
            not self._simple
            or action.__class__ is not Action
            or action.kind is not _PLAY_KIND
            or not self._mask >> (card := action.cards[0]) & 1
        ):
            if self.phase is not _PLAY and action.__class__ is Action:
                return self._apply_call(action)  # a call of the auction, trump, discard …
            return self._apply_any(action)
        # A legal card of a hand played by the plain follow-suit rule with one copy of each
        # card (the most common case by far): played, and the next player's cards found, in
        # this one frame, since it runs for every card of every hand and a call costs more
        # than most of the work done here.
        seat: int = self.to_move  # type: ignore[assignment]
        following = self.next_seat[seat]
        self.log.append((self.deal_number, seat, action))
        hands = self.hands
        hands[seat] ^= _BIT[card]
        trick = self.trick
        cards = trick.cards
        if cards:
            trick.seats.append(seat)
            cards.append(card)
            key = trick.keys[card]
            if key > trick.best_key:
                trick.best_key, trick.best_card, trick.winner = key, card, seat
            if following == trick.leader:  # every seat in has played to it
                self._simple_trick_done(trick)
                return action
        else:  # Trick.lead in line (the leader already holds the trick)
            table: TrumpTable = self.table  # type: ignore[assignment]
            led = trick.led_suit = table.suit_of[card]
            keys = trick.keys = table.led_keys[led]
            trick.follow = table.suit_mask[led]
            trick.seats.append(seat)
            cards.append(card)
            trick.best_key, trick.best_card = keys[card], card
        self.to_move = following
        hand = hands[following]
        mask = self._mask = hand & trick.follow or hand
        try:  # card_actions(PLAY, mask) in line, for one copy of each card
            self._legal = _CLUBS_DIAMONDS[mask & _HALF] + _HEARTS_SPADES[mask >> 32]
        except KeyError:  # a set of cards not seen yet
            self._legal = card_actions(_PLAY_KIND, mask)
        return action

    def _apply_any(self, action: object) -> Action:
        """:meth:`apply` for what its quick path leaves: calls, other card rules, bad input."""
        if type(action) is not Action:
            action = self._coerce(action)
        assert isinstance(action, Action)
        if self.phase is not _PLAY or action.kind is not _PLAY_KIND:
            return self._apply_call(action)
        mask = self.legal_mask()
        card = action.cards[0]
        if not mask >> card & 1:
            card += COPY_STRIDE  # the second copy of a pinochle card
            if not mask >> card & 1:
                raise IllegalActionError(explain_illegal(self, action))
        self.play_card(card, action)
        return action

    def _simple_trick_done(self, trick: Trick) -> None:
        """A trick of a plain hand is complete (:meth:`_trick_complete`, without face-down
        cards): count it, then lead the next one or score the hand."""
        tricks = self.tricks
        tricks.append(trick)
        winner = trick.winner
        self.tricks_won[winner] += 1
        if self._trick_hook:
            self.flow.trick_done(self, trick)
        if len(tricks) == self.tricks_per_hand:
            self._legal, self._mask = None, 0
            self.finish_hand()
            return
        self.trick = Trick(winner)
        self.to_move = winner
        mask = self._mask = self.hands[winner]
        try:
            self._legal = _CLUBS_DIAMONDS[mask & _HALF] + _HEARTS_SPADES[mask >> 32]
        except KeyError:
            self._legal = card_actions(_PLAY_KIND, mask)

    def _apply_call(self, action: Action) -> Action:
        """:meth:`apply` for every action but a card played in the play phase."""
        legal = self._legal
        if legal is None:
            legal = self._find_legal()
        for found in legal:
            if found is action:
                break
        else:  # not one of the legal actions' own objects: compare by value
            found = self._equal_legal(action, legal)
        seat: int = self.to_move  # type: ignore[assignment]
        self.log.append((self.deal_number, seat, found))
        self._legal = None
        self._mask = 0
        self.flow.apply(self, seat, found)
        return found

    def _equal_legal(self, action: Action, legal: tuple[Action, ...]) -> Action:
        for found in legal:
            if found == action:
                return found
        raise IllegalActionError(explain_illegal(self, action))

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (never raises)."""
        if not isinstance(action, Action):
            return False
        if self.phase is _PLAY:
            if action.kind is not _PLAY_KIND:
                return False
            mask = self.legal_mask()
            card = action.cards[0]
            return bool((mask >> card | mask >> (card + COPY_STRIDE)) & 1)
        legal = self._legal
        if legal is None:
            legal = self._find_legal()
        return action in legal

    def copy(self) -> Game:
        """An independent copy of the game (without the undo stack of :meth:`push`)."""
        return Game(self.rules, _copy_of=self)

    def _copy_from(self, other: Game) -> None:
        self.copy_rules_of(other)
        self.restore(other.snapshot(), full=True)

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator, who sees no hidden card).

        Raises :class:`SeatError` for anything but ``None`` or a seat of this game.
        """
        if seat is not None and (not _is_seat_number(seat) or not 0 <= seat < self.player_count):
            raise SeatError(
                f"{seat!r} is not a seat: give a seat number of 0..{self.player_count - 1}, "
                "or None for a spectator"
            )

        return build_view(self, seat)

    def record(self) -> dict[str, Any]:
        """The game record: JSON-ready, replayable with :func:`tricktable.replay`."""
        return make_record(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._identity() == other._identity()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Game {self.rules} hand {self.hand_number} {self.phase} to_move={self.to_move}>"

    def redeal(self) -> None:
        """Throw the hand in and deal again with the same dealer (a misdeal).

        In a session of so many deals (``deal_limit``) every deal is a board of its own: a
        thrown-in one is over as a scored one is, and the deal passes on (so that each board
        has the same dealer at every table of a duplicate event), or the session ends.
        """
        if self.deal_limit is None:
            self._deal(self.dealer, same_hand=True)
        elif self._session_over():
            self._end()
        else:
            self._deal(self.flow.next_dealer(self))

    def start_after(
        self, history: Sequence[HandResult], last_trick: Trick | None, deals: Sequence[Deal]
    ) -> None:
        """Make this game one whose earlier hands ended as ``history`` and deal ``deals[0]``
        now with the current dealer (the rest as redeals or later hands ask for deals).

        For tools that rebuild a position from a view (the resampler): the earlier hands'
        deals and actions are unknown, only their results, so the ledger is restored from the
        last one (:meth:`~tricktable.flow.Flow.ledger_after`) and ``last_trick`` is the
        previous hand's last trick as it is shown. The current hand is thrown in, as a
        misdeal would be.
        """
        self.results = list(history)
        self.ledger = self.flow.ledger_after(history[-1]) if history else self.flow.new_ledger()
        self.last_tricks = [last_trick] if last_trick is not None else []
        self.hand_number = history[-1].hand_number if history else 0
        self._explicit = [self._read_deal(d) for d in deals]
        self._deal(self.dealer)

    def finish_hand(self) -> None:
        """Score the hand; then end the game or deal the next hand."""
        result = self.flow.score_hand(self)
        self.results.append(result)
        self.last_tricks = self.tricks
        if self.flow.is_over(self) if self.deal_limit is None else self._session_over():
            self._end()
        else:
            self._deal(self.flow.next_dealer(self))

    def _session_over(self) -> bool:
        """Whether a session's last deal was just played (its target, if any, is not asked:
        the deals are the session) or it cannot go on (too few players left)."""
        limit: int = self.deal_limit  # type: ignore[assignment]
        return len(self.deals) >= limit or not self.flow.can_go_on(self)

    def _end(self) -> None:
        self.phase = _OVER
        self._simple = False
        self.is_over = True
        self.to_move = None

    # -- internals -----------------------------------------------------------------------------

    def _read_deal(self, deal: str | Deal) -> Deal:
        if isinstance(deal, Deal):
            return deal
        if not isinstance(deal, str):
            raise NotationError(
                f"deal {deal!r} is not deal text such as 'JK JH AH KH QH 10H / … | 9C'"
            )
        return parse_deal(deal, self.player_count, self.flow.has_widow)

    def _deal(self, dealer: int, same_hand: bool = False) -> None:
        self.dealer = dealer
        if self._explicit:
            deal = self._explicit.pop(0)
            self.flow.verify_game_deal(self, deal, dealer)
        else:
            flow = self.flow
            owners = flow.dealt_to(self, dealer)
            if self.deal_source is None:
                deal = shuffle_and_deal(flow.deck.indices, self.seed, len(self.deals), owners,
                                        self.player_count)  # fmt: skip
            else:  # a secret of the server's, committed to in the views (tricktable.fair)
                secret = self.deal_source.secret(len(self.deals))
                deal = deal_from_secret(flow.deck.indices, secret, owners, self.player_count)
        if not same_hand:
            self.hand_number += 1
        self.deal_number = len(self.deals)
        self.deals.append(deal)
        self.dealers.append(dealer)
        self.hands = list(deal.hands)
        self.widow = deal.widow
        self.stock = list(deal.stock)
        self.table = None
        self.tricks = []
        self.tricks_won = [0] * self.player_count
        self.tricks_per_hand = 0
        self.play_rules = FOLLOW_ONLY
        self._simple = False
        self._legal = None
        self._mask = 0
        self.active, self.active_count, self.next_seat = self._everyone
        self.trick = Trick(dealer)
        self.phase = _AUCTION
        self.to_move = None
        self.flow.start_hand(self)

    def _coerce(self, action: object) -> Action:
        if isinstance(action, Action):
            return action
        return _as_action(action)

    def _find_legal(self) -> tuple[Action, ...]:
        if self.phase is _PLAY:
            mask = self.legal_mask()
            legal = card_actions(_PLAY_KIND, mask)
        elif self.phase is _OVER:
            legal = ()
        else:
            found = self.flow.legal_actions(self)
            legal = found if type(found) is tuple else tuple(found)
        self._legal = legal
        return legal

    def _identity(self) -> tuple[Any, ...]:
        return (str(self.rules), self.seed, self.first_dealer, self.deal_limit,
                [str(d) for d in self.deals],
                [(d, s, str(a)) for d, s, a in self.log])  # fmt: skip


def _is_seat_number(seat: object) -> TypeGuard[int]:
    return isinstance(seat, int) and not isinstance(seat, bool)


def _as_action(action: object) -> Action:
    """A ``str`` subclass read as text; anything else that is not an Action is refused."""
    if isinstance(action, str):
        return parse_action(str(action))
    raise NotationError(
        f"{action!r} is not an action: give an Action or its text, such as 'pass' or 'play JH'"
    )
