"""A trick-play position: everything the solver needs, and nothing of any game's name.

A :class:`Position` is the cards each seat holds, the trick on the table, the trump table, the
play obligations (:class:`~tricktable.trick.PlayRules`), which seats play, who plays with whom
and how many tricks are left. It comes from a running game (:func:`position_from_game`), from
deal text (:func:`position_from_deal`) or from four bridge hands
(:func:`tricktable.solver.whist.whist_position`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..cards import CARD_TEXT, COPY_STRIDE
from ..deal import parse_deal
from ..errors import IllegalActionError, NotationError
from ..ranking import Ranking, TrumpTable
from ..trick import FOLLOW_ONLY, PlayRules, Trick, is_blind_lead, legal_mask, resolve_winner

__all__ = ["Position", "position_from_deal", "position_from_game"]


@dataclass(frozen=True)
class Position:
    """A trick-play position with every card known (double dummy).

    ``hands`` holds one bitmask per seat (0 for a seat that does not play), ``trick`` the cards
    already played to the current trick (never mutated), ``trick_number`` how many tricks are
    complete and ``tricks`` how many the hand has. ``sides`` are the partnerships; in games
    where every seat plays for itself each side is one seat.
    """

    hands: tuple[int, ...]
    active: tuple[bool, ...]
    sides: tuple[tuple[int, ...], ...]
    table: TrumpTable
    rules: PlayRules
    trick: Trick
    trick_number: int
    tricks: int
    to_move: int

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def active_count(self) -> int:
        return sum(self.active)

    def next_seat(self, seat: int) -> int:
        """The next seat clockwise that plays in this hand."""
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if self.active[other]:
                return other
        return seat

    def side_of(self, seat: int) -> tuple[int, ...]:
        for side in self.sides:
            if seat in side:
                return side
        return (seat,)

    def legal_cards(self) -> int:
        """The cards the seat to move may play (the engine's own obligation rules)."""
        hand = self.hands[self.to_move]
        return legal_mask(self.rules, hand, self.trick, self.table, self.trick_number)

    def after(self, card: int) -> Position:
        """The position after the seat to move plays ``card`` (a bit index it holds).

        Built on the engine's own trick rules, so tests can check the search against it.
        """
        seat, hand = self.to_move, self.hands[self.to_move]
        hands = list(self.hands)
        hands[seat] = hand & ~(1 << card)
        trick = self.trick.copy()
        blind = not trick.cards and is_blind_lead(self.rules, hand, self.table, self.trick_number)
        trick.add(seat, card, self.table, blind)
        if len(trick.cards) < self.active_count:
            return replace(self, hands=tuple(hands), trick=trick, to_move=self.next_seat(seat))
        winner = trick.winner
        if trick.face_down[0]:
            resolved = resolve_winner(self.rules, trick, self.table)
            winner = trick.leader if resolved is None else resolved
        return replace(self, hands=tuple(hands), trick=Trick(winner),
                       trick_number=self.trick_number + 1, to_move=winner)  # fmt: skip

    def trick_winner(self, card: int) -> int | None:
        """Who wins the current trick if the seat to move completes it with ``card``."""
        trick = self.trick.copy()
        hand = self.hands[self.to_move]
        blind = not trick.cards and is_blind_lead(self.rules, hand, self.table, self.trick_number)
        trick.add(self.to_move, card, self.table, blind)
        return resolve_winner(self.rules, trick, self.table) if trick.face_down[0] else trick.winner

    def __str__(self) -> str:
        hands = " / ".join(_hand_text(h) if a else "-" for h, a in zip(
            self.hands, self.active, strict=True))  # fmt: skip
        played = " ".join(f"{s}:{CARD_TEXT[c]}" for s, c in zip(
            self.trick.seats, self.trick.cards, strict=True))  # fmt: skip
        return f"{hands} | trick {self.trick_number + 1} [{played}] | seat {self.to_move} to move"


def _hand_text(mask: int) -> str:
    from ..cards import format_cards

    return format_cards(mask)


def position_from_game(game: object) -> Position:
    """The position of a game in its play phase (the game is read, never changed)."""
    from ..engine import Game, Phase

    assert isinstance(game, Game)
    if game.phase is not Phase.PLAY or game.to_move is None or game.table is None:
        raise IllegalActionError(
            f"the solver needs a hand in the play phase; the game is in the {game.phase} phase"
        )
    active = tuple(game.active)
    hands = tuple(h if a else 0 for h, a in zip(game.hands, active, strict=True))
    return Position(
        hands=hands, active=active, sides=game.flow.sides(), table=game.table,
        rules=game.play_rules, trick=game.trick.copy(), trick_number=len(game.tricks),
        tricks=game.tricks_per_hand, to_move=game.to_move,
    )  # fmt: skip


def position_from_deal(
    text: str,
    *,
    ranking: Ranking,
    trump: int | None,
    leader: int,
    sides: Sequence[Sequence[int]] | None = None,
    rules: PlayRules = FOLLOW_ONLY,
    has_widow: bool = False,
    trick_number: int = 0,
) -> Position:
    """A position at the start of a trick from deal text (the hands separated by ``/``).

    Seats written ``-`` do not play (a lone hand's partner, a passed hand). Every playing seat
    must hold the same number of cards; that number is the number of tricks left, and
    ``trick_number`` says how many were played before (it matters for forced trump leads).
    """
    players = text.split("|", maxsplit=1)[0].count("/") + 1
    deal = parse_deal(text, players, has_widow)
    active = tuple(h != 0 for h in deal.hands)
    sizes = {h.bit_count() for h in deal.hands if h}
    if len(sizes) != 1:
        raise NotationError(f"the playing hands of {text!r} must hold the same number of cards")
    if deal.all_cards() & ~ranking.deck_mask:
        raise NotationError(f"{text!r} uses cards that are not in this game's pack")
    if not 0 <= leader < players or not active[leader]:
        raise NotationError(f"leader {leader!r} is not a seat holding cards in {text!r}")
    size = sizes.pop()
    groups = tuple(tuple(s) for s in sides) if sides else tuple((s,) for s in range(players))
    return Position(
        hands=deal.hands, active=active, sides=groups, table=ranking.table(trump), rules=rules,
        trick=Trick(leader), trick_number=trick_number, tricks=trick_number + size,
        to_move=leader,
    )  # fmt: skip


def first_copy_text(card: int) -> str:
    """The action text of playing ``card`` (identical pinochle copies share it)."""
    return "play " + CARD_TEXT[card % COPY_STRIDE]
