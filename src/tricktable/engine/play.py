"""Trick play on the game's state, and undo for search: ``push``, ``push_card`` and ``pop``.

A card played within a hand keeps for undo only what it changes (its seat and bit, the trick's
led suit and leader so far, and the flow's hand state when a trick ends and the flow counts
tricks); any other action, and the card that ends a hand, keeps a whole snapshot
(:meth:`~.state.GameState.snapshot`). These are methods of the state, not functions over it:
they run for every card of a search, where a call more costs as much as the work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import PLAY, Action, Kind
from ..cards import COPY_STRIDE
from ..phase import Phase
from ..trick import Trick, is_blind_lead, resolve_winner
from .state import GameState

if TYPE_CHECKING:
    from ..ranking import TrumpTable

__all__ = ["CardPlay"]

_PLAY = Phase.PLAY
_PLAY_KIND = Kind.PLAY


class CardPlay(GameState):
    """The state with its trick play: cards played, tricks completed, and their undo."""

    __slots__ = ()

    def finish_hand(self) -> None:
        """Score the hand; then end the game or deal the next one (:class:`~.game.Game`)."""
        raise NotImplementedError

    def redeal(self) -> None:
        """Throw the hand in and deal again (:class:`~.game.Game`)."""
        raise NotImplementedError

    def carry_out(self, action: Action) -> None:
        """Carry out a legal ``action`` of the player to move, unchecked and logged."""
        seat: int = self.to_move  # type: ignore[assignment]
        if self.phase is _PLAY:
            card = action.cards[0]
            self.play_card(card if self.hands[seat] >> card & 1 else card + COPY_STRIDE, action)
            return
        self.log.append((self.deal_number, seat, action))
        self._legal = None
        self._mask = 0
        self.flow.apply(self, seat, action)

    def play_card(
        self, card: int, action: Action, undo: list[tuple[Any, ...]] | None = None
    ) -> None:
        """Log ``action`` and play its ``card`` (the exact bit) for the player to move; with
        ``undo`` (:meth:`push`), first keep there what :meth:`pop` needs to take it back.

        Push's record is taken here, not in a frame of its own: this runs for every card of
        a search, where a call more costs as much as the work.
        """
        seat: int = self.to_move  # type: ignore[assignment]
        trick = self.trick
        cards = trick.cards
        if undo is not None:
            completes = len(cards) + 1 == self.active_count
            if completes and len(self.tricks) + 1 == self.tricks_per_hand:
                # the hand's last card scores the hand and deals the next one: keep everything
                undo.append((None, self.snapshot()))
            else:
                hook = completes and self._trick_hook
                state = self.flow.hand_state_copy(self.state) if hook else None
                undo.append((seat, card, trick.led_suit, trick.best_key, trick.best_card,
                             trick.winner, state))  # fmt: skip
        self.log.append((self.deal_number, seat, action))
        self._legal = None
        self._mask = 0
        hands = self.hands
        hand = hands[seat]
        hands[seat] = hand ^ 1 << card
        if not cards:
            self._lead(trick, seat, hand, card)
        else:
            # Trick.add for a card played face up to a led trick, inlined: the hot path
            trick.seats.append(seat)
            cards.append(card)
            key = trick.keys[card]
            if key > trick.best_key:
                trick.best_key, trick.best_card, trick.winner = key, card, seat
        if len(cards) < self.active_count:
            self.to_move = self.next_seat[seat]
        else:
            self._trick_complete(trick)

    def _lead(self, trick: Trick, seat: int, hand: int, card: int) -> None:
        """``seat`` leads ``card`` from ``hand`` (before the card left it) to ``trick``."""
        table: TrumpTable = self.table  # type: ignore[assignment]
        rules = self.play_rules
        blind = rules.blind_lead and is_blind_lead(rules, hand, table, len(self.tricks))
        trick.lead(seat, card, table, blind)

    def _trick_complete(self, trick: Trick) -> None:
        self.tricks.append(trick)
        winner = trick.winner
        if trick.down & 1:
            resolved = resolve_winner(self.play_rules, trick, self.table)  # type: ignore[arg-type]
            winner = trick.winner = -1 if resolved is None else resolved
        if winner >= 0:
            self.tricks_won[winner] += 1
        if self._trick_hook:
            self.flow.trick_done(self, trick)
        if len(self.tricks) == self.tricks_per_hand:
            self.finish_hand()
        else:
            leader = trick.leader if winner < 0 else winner
            self.trick = Trick(leader)
            self.to_move = leader
            if self.play_rules.plain:  # a lead may be any card
                self._mask = self.hands[leader]

    # -- undo for search -----------------------------------------------------------------------

    def push(self, action: Action) -> None:
        """Carry out ``action`` without checking it, keeping what :meth:`pop` needs to undo it.

        For search code that only pushes actions taken from ``legal_actions``; an illegal
        action leaves the game in an undefined state. A card played within a hand records only
        what it changes; other actions, and the card that ends a hand, keep a whole snapshot.
        """
        if self.phase is _PLAY and action.kind is _PLAY_KIND:
            seat: int = self.to_move  # type: ignore[assignment]
            card = action.cards[0]
            if not self.hands[seat] >> card & 1:
                card += COPY_STRIDE  # the second copy of a pinochle card
            self.play_card(card, action, self._undo)
        else:
            self._undo.append((None, self.snapshot()))
            self.carry_out(action)

    def push_card(self, bit: int) -> None:
        """Play the card with bit index ``bit`` for the player to move, undoably; unchecked.

        The integer path for search: ``bit`` must be a bit of ``legal_mask`` (the exact copy
        of a pinochle card). Nothing is checked: any other bit, or a call outside the play
        phase, leaves the game in an undefined state. Undo it with :meth:`pop`.
        """
        self.play_card(bit, PLAY[bit % COPY_STRIDE], self._undo)

    def pop(self) -> Action:
        """Undo the last :meth:`push` or :meth:`push_card`; return its action."""
        entry = self._undo.pop()
        self._legal = None
        self._mask = 0
        seat = entry[0]
        if seat is None:
            action: Action = self.log[-1][2]
            self.restore(entry[1])
            return action
        _, card, led, best_key, best_card, winner, state = entry
        trick = self.trick
        if not trick.cards:  # the card completed a trick and a new one was begun
            trick = self.trick = self.tricks.pop()
            if trick.winner >= 0:
                self.tricks_won[trick.winner] -= 1
            if state is not None:
                self.state = state
        del trick.seats[-1], trick.cards[-1]
        trick.down &= (1 << len(trick.cards)) - 1
        trick.led_suit, trick.best_key, trick.best_card, trick.winner = (
            led, best_key, best_card, winner)  # fmt: skip
        self.hands[seat] |= 1 << card
        self.to_move = seat
        return self.log.pop()[2]
