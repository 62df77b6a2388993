"""The game engine: a whole game of any registered game, hand after hand until it is over.

:class:`Game` owns what every game shares — seats, hands as bitmasks, the trick, the action log,
undo, views and records — and asks its rules' :class:`~tricktable.rules.base.Flow` for what
differs. ``apply`` checks and explains; ``push``/``pop`` skip the checks for search code.

Every deal comes from the game's seed and the deal's number, so a game never carries a random
generator's state, and a record (which also stores every deal explicitly) replays exactly.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import random
import secrets
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .actions import PLAY, Action, Kind, parse_action
from .cards import CARD_TEXT, COPY_STRIDE
from .deal import Deal, parse_deal
from .errors import IllegalActionError, RulesError
from .phase import Phase
from .ranking import NO_TRUMP, TrumpTable
from .trick import FOLLOW_ONLY, PlayRules, Trick, is_blind_lead, legal_mask, resolve_winner

if TYPE_CHECKING:
    from .rules.base import HandResult, Ledger
    from .rules.options import Rules
    from .view import View

__all__ = ["Game", "Phase"]

_LOW_COPY = (1 << COPY_STRIDE) - 1
_PLAY_KIND = Kind.PLAY
_STAMPS = itertools.count(1)  # 0 is every new game's own stamp


_PLAY = Phase.PLAY
_OVER = Phase.OVER


def shuffled(pack: Sequence[int], seed: int, deal_number: int) -> list[int]:
    """Deal ``deal_number`` of a game with ``seed``: ``pack`` in a uniformly random order.

    The order comes from a 512-bit BLAKE2b digest of the seed and the deal number read as a
    mixed-radix number (bias below 2**-280 for 52 cards), so no generator state is carried
    and every deal of a game can be reproduced on its own.
    """
    digest = hashlib.blake2b(f"{seed}:{deal_number}".encode(), digest_size=64).digest()
    number = int.from_bytes(digest, "big")
    cards = list(pack)
    out = []
    for remaining in range(len(cards), 0, -1):
        number, pick = divmod(number, remaining)
        out.append(cards.pop(pick))
    return out


class Game:
    """A whole game: hands are dealt, bid, played and scored until the game is over."""

    table: TrumpTable | None
    to_move: int | None
    state: Any

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        deal: str | Deal | None = None,
        deals: Iterable[str | Deal] = (),
    ) -> None:
        self.rules = rules
        self.flow = rules.flow
        self.player_count = self.flow.players
        self.seed = secrets.randbits(62) if seed is None else seed
        if dealer is None:
            dealer = random.Random(self.seed).randrange(self.player_count)
        if not 0 <= dealer < self.player_count:
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
        self._undo: list[tuple[Any, ...]] = []
        self._stamp, self._mask_stamp, self._mask = 0, -1, 0
        self._legal_stamp = -1
        self._legal: list[Action] = []
        self._deal(dealer)

    # -- public state --------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    @property
    def scores(self) -> tuple[int, ...]:
        return self.ledger.scores()

    @property
    def winners(self) -> tuple[int, ...]:
        return self.flow.winners(self) if self.is_over else ()

    @property
    def trump(self) -> int | None:
        """The trump suit (0..3 = C D H S), ``4`` for no trump, ``None`` before it is fixed."""
        return None if self.table is None else self.table.trump

    @property
    def deal_number(self) -> int:
        return len(self.deals) - 1

    @property
    def deal_text(self) -> str:
        """The current hand's deal as deal text."""
        return str(self.deals[-1])

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty when the game is over)."""
        if self.phase is _PLAY:
            return _play_actions(self.play_mask())
        if self._legal_stamp != self._stamp:
            self._legal = [] if self.phase is _OVER else self.flow.legal_actions(self)
            self._legal_stamp = self._stamp
        return self._legal[:]

    def play_mask(self) -> int:
        """The cards (as a bitmask) the player to move may play now."""
        if self._mask_stamp == self._stamp:
            return self._mask
        seat = self.to_move
        assert seat is not None and self.table is not None
        trick, rules, hand = self.trick, self.play_rules, self.hands[seat]
        if trick.cards and rules.policy == "follow_only":
            # legal_mask() inlined for the commonest case: this runs at every card played
            mask = hand & self.table.suit_mask[trick.led_suit] or hand
        else:
            mask = legal_mask(rules, hand, trick, self.table, len(self.tricks))
        self._mask, self._mask_stamp = mask, self._stamp
        return mask

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    # -- acting --------------------------------------------------------------------------------

    def apply(self, action: Action | str) -> Action:
        """Check and carry out an action of the player to move; return it.

        Raises :class:`IllegalActionError` naming the action, the phase and what is legal, and
        changes nothing, if the action is not legal now.
        """
        if action.__class__ is str:
            action = parse_action(action)
        assert isinstance(action, Action)
        if self.phase is _PLAY and action.kind is _PLAY_KIND:
            mask = self._mask if self._mask_stamp == self._stamp else self.play_mask()
            card = action.cards[0]
            legal = (mask >> card | mask >> (card + COPY_STRIDE)) & 1
        else:
            legal = self.is_legal(action)
        if not legal:
            raise IllegalActionError(self._explain(action))
        self._do(action)
        return action

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (never raises)."""
        if self.phase is _PLAY:
            if action.kind is not _PLAY_KIND:
                return False
            mask = self.play_mask()
            card = action.cards[0]
            return bool((mask >> card | mask >> (card + COPY_STRIDE)) & 1)
        if self._legal_stamp != self._stamp:
            self.legal_actions()
        return action in self._legal

    def push(self, action: Action) -> None:
        """Carry out ``action`` without checking it, keeping what :meth:`pop` needs to undo it.

        For search code that only pushes actions taken from :meth:`legal_actions`; an illegal
        action leaves the game in an undefined state.
        """
        self._undo.append(self._snapshot())
        self._do(action)

    def pop(self) -> Action:
        """Undo the last :meth:`push` and return its action."""
        action = self.log[-1][2]
        self._restore(self._undo.pop())
        return action

    def copy(self) -> Game:
        """An independent copy of the game (without the undo stack of :meth:`push`)."""
        other = Game.__new__(Game)
        other.rules, other.flow, other.player_count = self.rules, self.flow, self.player_count
        other.seed, other.first_dealer = self.seed, self.first_dealer
        other._explicit = self._explicit[:]
        other._undo = []
        other._mask_stamp, other._mask = -1, 0
        other._legal_stamp, other._legal = -1, []
        other._restore(self._snapshot(), full=True)
        return other

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator, who sees no hidden card)."""
        from .view import build_view

        return build_view(self, seat)

    def record(self) -> dict[str, Any]:
        """The game record: JSON-ready, replayable with :func:`tricktable.replay`."""
        from .record import make_record

        return make_record(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._identity() == other._identity()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Game {self.rules} hand {self.hand_number} {self.phase} to_move={self.to_move}>"

    # -- helpers for flows ---------------------------------------------------------------------

    def set_trump(self, suit: int | None) -> None:
        self.table = self.flow.ranking.table(suit)

    def set_active(self, seats: Iterable[int]) -> None:
        """Which seats take part in the tricks of this hand (lone hands, passes, drop-outs)."""
        active = [False] * self.player_count
        for seat in seats:
            active[seat] = True
        self.active = active
        self.active_count = sum(active)
        self.next_seat = _next_seats(tuple(active))[:]

    def next_active(self, seat: int) -> int:
        return self.next_seat[seat]

    def start_play(self, leader: int, tricks: int, rules: PlayRules = FOLLOW_ONLY) -> None:
        """Begin trick play: ``leader`` leads the first of ``tricks`` tricks under ``rules``."""
        self.phase = Phase.PLAY
        self.play_rules = rules
        self.tricks_per_hand = tricks
        self.trick = Trick(leader)
        self.to_move = leader

    def redeal(self) -> None:
        """Throw the hand in and deal again with the same dealer (a misdeal)."""
        self._deal(self.dealer, same_hand=True)

    def restart_hand(self, deal: str | Deal, *later: str | Deal) -> None:
        """Throw in the current hand and deal ``deal`` instead (same dealer and hand number).

        ``later`` are the deals that follow it. For tools that rebuild a position, such as the
        search bots' sampler; the thrown-in deal stays in :attr:`deals`, as a misdeal would.
        """
        self._explicit = [self._read_deal(d) for d in (deal, *later)]
        self._deal(self.dealer, same_hand=True)

    def finish_hand(self) -> None:
        """Score the hand; then end the game or deal the next hand."""
        result = self.flow.score_hand(self)
        self.results.append(result)
        self.last_tricks = self.tricks
        if self.flow.is_over(self):
            self.phase = Phase.OVER
            self.to_move = None
        else:
            self._deal(self.flow.next_dealer(self))

    # -- internals -----------------------------------------------------------------------------

    def _read_deal(self, deal: str | Deal) -> Deal:
        if isinstance(deal, Deal):
            return deal
        return parse_deal(deal, self.player_count, self.flow.has_widow)

    def _deal(self, dealer: int, same_hand: bool = False) -> None:
        self.dealer = dealer
        if self._explicit:
            deal = self._explicit.pop(0)
            self.flow.verify_game_deal(self, deal, dealer)
        else:
            pack = shuffled(self.flow.deck.indices, self.seed, len(self.deals))
            deal = self.flow.deal_game(self, pack, dealer)
        if not same_hand:
            self.hand_number += 1
        self.deals.append(deal)
        self.dealers.append(dealer)
        self.hands = list(deal.hands)
        self.widow = deal.widow
        self.stock = list(deal.stock)
        self.table = None
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * self.player_count
        self.tricks_per_hand = 0
        self.play_rules = FOLLOW_ONLY
        self.set_active(range(self.player_count))
        self.trick = Trick(dealer)
        self.phase = Phase.AUCTION
        self.to_move = None
        self.flow.start_hand(self)

    def _do(self, action: Action) -> None:
        seat = self.to_move
        assert seat is not None
        self._stamp = next(_STAMPS)
        self.log.append((len(self.deals) - 1, seat, action))
        if self.phase is _PLAY:
            self._play(seat, action.cards[0])
        else:
            self.flow.apply(self, seat, action)

    def _play(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        if not hand >> card & 1:
            card += COPY_STRIDE
        self.hands[seat] = hand & ~(1 << card)
        trick = self.trick
        table = self.table
        assert table is not None
        rules = self.play_rules
        blind = (
            rules.blind_lead
            and not trick.cards
            and is_blind_lead(rules, hand, table, len(self.tricks))
        )
        trick.add(seat, card, table, blind)
        if len(trick.cards) < self.active_count:
            self.to_move = self.next_seat[seat]
            return
        self.tricks.append(trick)
        winner: int | None = trick.winner
        if trick.face_down[0]:
            winner = resolve_winner(self.play_rules, trick, table)
            trick.winner = -1 if winner is None else winner
        if winner is not None:
            self.tricks_won[winner] += 1
        self.flow.trick_done(self, trick)
        if len(self.tricks) == self.tricks_per_hand:
            self.finish_hand()
        else:
            leader = trick.leader if winner is None else winner
            self.trick = Trick(leader)
            self.to_move = leader

    def _explain(self, action: Action) -> str:
        seat = self.to_move
        if self.phase is Phase.OVER:
            return f"{str(action)!r} is not legal: the game is over"
        legal = ", ".join(str(a) for a in self.legal_actions())
        head = f"{str(action)!r} is not legal for seat {seat} in the {self.phase.value} phase"
        if action.kind is Kind.PLAY and self.phase is Phase.PLAY and seat is not None:
            card = action.cards[0]
            if not (self.hands[seat] >> card | self.hands[seat] >> (card + COPY_STRIDE)) & 1:
                head += f": seat {seat} does not hold {CARD_TEXT[card]}"
            elif self.trick.cards:
                head += f": {self._follow_reason()}"
        return f"{head}; legal now: {legal}"

    def _follow_reason(self) -> str:
        assert self.table is not None
        led = self.trick.led_suit
        name = "trump" if led == self.table.trump else "CDHS"[led] if led < NO_TRUMP else "?"
        return f"the trick was led in {name} and the rules oblige you as listed"

    _LIST_FIELDS = ("hands", "stock", "tricks", "tricks_won", "active", "next_seat")
    _APPEND_FIELDS = ("log", "deals", "dealers", "results")
    _SCALAR_FIELDS = (
        "phase", "to_move", "table", "dealer", "hand_number", "widow",
        "tricks_per_hand", "active_count", "last_tricks", "play_rules",
    )  # fmt: skip

    def _snapshot(self) -> tuple[Any, ...]:
        lists = tuple(getattr(self, name)[:] for name in self._LIST_FIELDS)
        appends = tuple(getattr(self, name) for name in self._APPEND_FIELDS)
        lengths = tuple(len(a) for a in appends)
        scalars = tuple(getattr(self, name) for name in self._SCALAR_FIELDS)
        state = self.flow.hand_state_copy(self.state)
        return (lists, appends, lengths, scalars, self.trick.copy(), state, self.ledger.copy(),
                self._explicit[:])  # fmt: skip

    def _restore(self, snap: tuple[Any, ...], full: bool = False) -> None:
        lists, appends, lengths, scalars, trick, state, ledger, explicit = snap
        self._stamp = next(_STAMPS)
        for name, value in zip(self._LIST_FIELDS, lists, strict=True):
            setattr(self, name, value[:] if full else value)
        for name, value, length in zip(self._APPEND_FIELDS, appends, lengths, strict=True):
            if full:
                setattr(self, name, value[:length])
            else:
                del value[length:]
        for name, value in zip(self._SCALAR_FIELDS, scalars, strict=True):
            setattr(self, name, value)
        self.trick = trick.copy() if full else trick
        self.state = self.flow.hand_state_copy(state) if full else state
        self.ledger = ledger.copy() if full else ledger
        self._explicit = explicit[:]

    def _identity(self) -> tuple[Any, ...]:
        return (str(self.rules), self.seed, self.first_dealer, [str(d) for d in self.deals],
                [(d, s, str(a)) for d, s, a in self.log])  # fmt: skip


def replay_actions(game: Game, actions: Sequence[tuple[int, str]]) -> None:
    """Apply (seat, action text) pairs, checking each seat is the one to move."""
    for seat, text in actions:
        if game.to_move != seat:
            raise IllegalActionError(
                f"the record has seat {seat} play {text!r}, but seat {game.to_move} is to move"
            )
        game.apply(text)


@functools.cache
def _next_seats(active: tuple[bool, ...]) -> list[int]:
    """For each seat, the next active seat clockwise (itself if no other is active)."""
    count = len(active)
    out = []
    for seat in range(count):
        following = [(seat + step) % count for step in range(1, count + 1)]
        out.append(next((o for o in following if active[o]), seat))
    return out


def _play_actions(mask: int) -> list[Action]:
    """The play actions of a legal mask: one per notation, lowest card index first."""
    if mask >> COPY_STRIDE:
        mask = (mask | mask >> COPY_STRIDE) & _LOW_COPY
    actions = []
    while mask:
        low = mask & -mask
        actions.append(PLAY[low.bit_length() - 1])
        mask ^= low
    return actions
