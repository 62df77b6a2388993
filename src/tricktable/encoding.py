"""A flat action encoding and fixed-shape observation tensors, both computed from the rules.

:class:`ActionCodec` (:mod:`tricktable.action_codec`) numbers every action the rules can ever
make legal, the same numbering the batched engine uses.

:class:`ObservationEncoder` turns one seat's :class:`~tricktable.view.View` — and nothing else —
into a float32 vector of named fields (:attr:`ObservationEncoder.fields`; docs/envs.md lists
them). Seats in it are relative: ``0`` is the observing seat, ``1`` the next clockwise, …

>>> import tricktable as tt
>>> codec = ActionCodec(tt.rules("hasenpfeffer"))
>>> codec.decode(codec.encode(tt.parse_action("play JH")))
Action('play JH')
>>> game = tt.new_game("hasenpfeffer", seed=1)
>>> encoder = ObservationEncoder(game.rules)
>>> encoder.encode(game.view(0)).shape == (encoder.size,)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .action_codec import TRUMP_VALUES, ActionCodec, card_slots, max_tricks
from .cards import parse_card
from .hidden import knowledge
from .options import Rules
from .phase import Phase
from .view import View
from .view_parts import DoneTrick, SectionFields, TrickView

__all__ = ["ActionCodec", "Field", "ObservationEncoder", "card_slots", "max_tricks"]

PHASES = tuple(Phase)
OBS_LOW, OBS_HIGH = -1.0, 2.0


def slot_of(slots: tuple[int, ...]) -> dict[int, int]:
    """Copy-0 card index -> slot number."""
    return {index: n for n, index in enumerate(slots)}


@dataclass
class Knowledge:
    """One seat's card knowledge as the observation lays it out: per *relative* seat (``0`` is
    the viewer, ``1`` the next clockwise …), cards as slots (a pinochle pair shares one).

    Where the cards lie comes from :func:`tricktable.hidden.knowledge`; the tricks from the
    view itself.
    """

    players: int
    seat: int
    hand: list[int]
    played: list[list[int]]
    """Per relative seat, slots it played face up in the completed tricks of this hand."""
    trick: list[list[int]]
    """Per relative seat, the slot it played face up to the trick in progress."""
    face_down: list[int]
    """Per relative seat, how many cards it played face down this hand (unseen by others)."""
    history: list[list[int | None]]
    """Per completed trick, per relative seat: the slot played face up there (or ``None``)."""
    thrown: list[int]
    """Slots the viewer itself discarded, threw in or laid face down (gone from its hand)."""
    pinned: list[list[int]]
    """Per relative seat, slots the viewer knows that seat still holds."""
    voids: list[frozenset[int]]
    """Per relative seat, effective suits (0..3 under the current trump) it showed void in."""

    def relative(self, seat: int) -> int:
        return (seat - self.seat) % self.players

    def out_of_play(self) -> list[int]:
        """Slots no hidden hand can hold any more: played face up or thrown by the viewer."""
        out = [slot for seat in self.played for slot in seat]
        out += [slot for seat in self.trick for slot in seat]
        return out + self.thrown


def read_knowledge(view: View, slot: dict[int, int]) -> Knowledge:
    """The card knowledge of ``view``'s seat, laid out for the observation."""
    seen = knowledge(view)
    players, seat = view.players, view.seat or 0
    order = [(seat + step) % players for step in range(players)]

    def slots(cards: Iterable[str]) -> list[int]:
        return [slot[parse_card(card).index] for card in cards]

    know = Knowledge(
        players=players,
        seat=seat,
        hand=[slot[card.first_copy.index] for card in view.hand],
        played=[[] for _ in range(players)],
        trick=[[] for _ in range(players)],
        face_down=[0] * players,
        history=[],
        thrown=slots(seen.thrown),
        pinned=[slots(seen.pinned[s]) for s in order],
        voids=[seen.voids[s] for s in order],
    )
    for done in view.tricks:
        know.history.append(_read_trick(know, done, slot, know.played))
    if view.trick is not None:
        _read_trick(know, view.trick, slot, know.trick)
    return know


def _read_trick(
    know: Knowledge, trick: TrickView | DoneTrick, slot: dict[int, int], into: list[list[int]]
) -> list[int | None]:
    """Record a trick's face-up cards; the slot each relative seat played face up there."""
    row: list[int | None] = [None] * know.players
    for play in trick.plays:
        rel = know.relative(play.seat)
        card = None if play.card is None else slot[parse_card(play.card).index]
        if play.face_down:
            know.face_down[rel] += 1
            if rel == 0 and card is not None:
                know.thrown.append(card)
        elif card is not None:
            into[rel].append(card)
            row[rel] = card
    return row


@dataclass(frozen=True)
class Field:
    """One named part of an observation vector."""

    name: str
    shape: tuple[int, ...]
    description: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class ObservationEncoder:
    """Fixed-shape float32 observations of one seat, built from that seat's view alone.

    With ``perfect_recall`` the vector also holds every completed trick of the hand card by card
    (OpenSpiel's information-state tensor).
    """

    def __init__(self, rules: Rules, *, perfect_recall: bool = False) -> None:
        self.rules = rules
        self.codec = ActionCodec(rules)
        self.players = rules.flow.players
        self.cards = self.codec.cards
        self.slot = slot_of(self.cards)
        self.tricks = self.codec.tricks
        self.score_scale = 5.0 * self.tricks
        self.calls = [a for a in self.codec.actions if not a.cards]
        self.call_slot = {str(a): n for n, a in enumerate(self.calls)}
        self.perfect_recall = perfect_recall
        self.fields = self._fields()
        self.size = sum(f.size for f in self.fields)
        offsets, start = {}, 0
        for f in self.fields:
            offsets[f.name] = (start, start + f.size)
            start += f.size
        self.offsets = offsets

    def _fields(self) -> list[Field]:
        p, c, t, b = self.players, len(self.cards), self.tricks, len(self.calls)
        fields = [
            Field("hand", (c,), "own cards (2 where both pinochle copies are held)"),
            Field("trick", (p, c), "the trick in progress: the card each seat played face up"),
            Field("trick_face_down", (p,), "seats that played face down to the trick in progress"),
            Field("leader", (p,), "the seat that led (or leads) the trick in progress"),
            Field("played", (p, c), "cards each seat played face up in this hand's done tricks"),
            Field("face_down_played", (p,), "face-down cards each seat played this hand, / tricks"),
            Field("out_of_play", (c,), "cards known out of play: played face up, or own discards"),
            Field("own_discards", (c,), "cards this seat discarded, threw in or laid face down"),
            Field("known_held", (p, c), "cards this seat knows another seat still holds"),
            Field("voids", (p, 4), "effective suits (C D H S under the trump) a seat showed void"),
            Field("turnup", (c,), "the turned-up card(s)"),
            Field("hand_sizes", (p,), "cards in each seat's hand, / tricks per hand"),
            Field("tricks_won", (p,), "tricks each seat won this hand, / tricks per hand"),
            Field("trick_number", (1,), "finished tricks of this hand, / tricks per hand"),
            Field("phase", (len(PHASES),), "the phase, one-hot: " + " ".join(PHASES)),
            Field("to_move", (p,), "the seat to move"),
            Field("dealer", (p,), "the dealer"),
            Field("active", (p,), "seats playing the tricks of this hand"),
            Field("seated", (p,), "seats dealt a hand this hand"),
            Field("out_of_game", (p,), "seats that have dropped out of the game"),
            Field("dead", (p,), "lone player's partners whose cards are dead"),
            Field("calls", (p, b), "auction bids and declarations each seat made this hand "
                  "(columns: the non-card actions of the action encoding)"),
            Field("trump", (5,), "trump, one-hot: C D H S NT (zeros before it is fixed)"),
            Field("bidder", (p,), "the high bidder / maker"),
            Field("contract", (b,), "the contract as its bid, one-hot over the call columns"),
            Field("forced_bid", (1,), "1 if the contract was forced"),
            Field("alone", (p,), "the seat playing alone"),
            Field("lone_defender", (p,), "the defender playing alone"),
            Field("general", (p,), "the seat that announced general rams"),
            Field("widow_taker", (p,), "the seat that took the widow"),
            Field("widow_taken", (1,), "1 once the widow has been taken"),
            Field("turnup_taker", (p,), "the seat that took the turn-up"),
            Field("exchange_offer", (p,), "the seat offered the turn-up now"),
            Field("received", (c,), "cards a lone player received from partners"),
            Field("gave", (c,), "cards this seat gave to its lone partner"),
            Field("scores", (p,), f"tanh(score / {self.score_scale:g}) per seat"),
            Field("last_deltas", (p,), f"tanh(last hand's score change / {self.score_scale:g})"),
            Field("pot", (1,), f"tanh(chips in the pot / {self.score_scale:g})"),
        ]  # fmt: skip
        if self.perfect_recall:
            fields.append(
                Field(
                    "trick_history",
                    (t, p, c),
                    "each finished trick of the hand: the card each seat played",
                )
            )
        return fields  # fmt: skip

    # -- encoding ------------------------------------------------------------------------------

    def encode(self, view: View) -> np.ndarray:
        """The observation vector of ``view``'s seat."""
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(view, out)
        return out

    def fill(self, view: View, out: np.ndarray) -> None:
        """Write the observation of ``view`` into ``out`` (zeroed by the caller)."""
        know = read_knowledge(view, self.slot)
        parts = {name: out[a:b] for name, (a, b) in self.offsets.items()}
        self._cards(know, parts)
        shown = self.section_fields(view)
        self._seats(view, shown, know, parts)
        self._contract(view, shown, know, parts)
        self._scores(view, shown, know, parts)
        if self.perfect_recall:
            self._history(know, parts["trick_history"])

    def _cards(self, know: Knowledge, parts: dict[str, np.ndarray]) -> None:
        p, c = self.players, len(self.cards)
        _count(parts["hand"], know.hand)
        trick, played = parts["trick"].reshape(p, c), parts["played"].reshape(p, c)
        held = parts["known_held"].reshape(p, c)
        voids = parts["voids"].reshape(p, 4)
        for rel in range(p):
            _count(trick[rel], know.trick[rel])
            _count(played[rel], know.played[rel])
            _count(held[rel], know.pinned[rel])
            for suit in know.voids[rel]:
                voids[rel, suit] = 1.0
        parts["face_down_played"][:] = np.asarray(know.face_down) / self.tricks
        _count(parts["out_of_play"], know.out_of_play())
        _count(parts["own_discards"], know.thrown)
        parts["trick_number"][0] = len(know.history) / self.tricks

    def _seats(
        self, view: View, shown: SectionFields, know: Knowledge, parts: dict[str, np.ndarray]
    ) -> None:
        trick = view.trick
        if trick is not None:
            self._one(parts["leader"], know, trick.leader)
            for play in trick.plays:
                parts["trick_face_down"][know.relative(play.seat)] = float(play.face_down)
        self._one(parts["to_move"], know, view.to_move)
        self._one(parts["dealer"], know, view.dealer)
        self._many(parts["active"], know, view.active)
        self._many(parts["seated"], know, shown.seats.get("seated", range(self.players)))
        for name in ("out_of_game", "dead"):
            self._many(parts[name], know, shown.seats.get(name, ()))
        for seat in range(self.players):
            rel = know.relative(seat)
            parts["hand_sizes"][rel] = view.hand_sizes[seat] / self.tricks
            parts["tricks_won"][rel] = view.tricks_won[seat] / self.tricks
        parts["phase"][PHASES.index(view.phase)] = 1.0
        _count(parts["turnup"], [self.slot[parse_card(t).index] for t in _turnup(view)])

    def _contract(
        self, view: View, shown: SectionFields, know: Knowledge, parts: dict[str, np.ndarray]
    ) -> None:
        calls = parts["calls"].reshape(self.players, len(self.calls))
        for said in view.actions:  # every game's calls, in the order they were made
            column = self.call_slot.get(said.action)
            if column is not None:
                calls[know.relative(said.seat), column] = 1.0
        if view.trump is not None:
            parts["trump"][view.trump] = 1.0
        for name, seat in shown.seat.items():
            self._one(parts[name], know, seat)
        for name, flag in shown.flags.items():
            parts[name][0] = float(flag)
        for name, cards in shown.cards.items():
            _count(parts[name], [self.slot[parse_card(text).index] for text in cards])
        contract = shown.contract
        if contract is not None and f"bid {contract}" in self.call_slot:
            parts["contract"][self.call_slot[f"bid {contract}"]] = 1.0

    def _scores(
        self, view: View, shown: SectionFields, know: Knowledge, parts: dict[str, np.ndarray]
    ) -> None:
        last = view.last_result.deltas if view.last_result else ()
        for seat, score in enumerate(view.scores):
            parts["scores"][know.relative(seat)] = math.tanh(score / self.score_scale)
        for seat, delta in enumerate(last):
            parts["last_deltas"][know.relative(seat)] = math.tanh(delta / self.score_scale)
        parts["pot"][0] = math.tanh((shown.pot or 0) / self.score_scale)

    def _history(self, know: Knowledge, out: np.ndarray) -> None:
        history = out.reshape(self.tricks, self.players, len(self.cards))
        for number, row in enumerate(know.history[: self.tricks]):
            for rel, card in enumerate(row):
                if card is not None:
                    history[number, rel, card] = 1.0

    def _one(self, part: np.ndarray, know: Knowledge, seat: int | None) -> None:
        if seat is not None:
            part[know.relative(seat)] = 1.0

    def _many(self, part: np.ndarray, know: Knowledge, seats: Iterable[int]) -> None:
        for seat in seats:
            part[know.relative(int(seat))] = 1.0

    def section_fields(self, view: View) -> SectionFields:
        """What the view's family section adds to the observation (its game's hook)."""
        hook = view.rules.game.encoding
        return SectionFields() if hook is None else hook(view)

    def field(self, vector: np.ndarray, name: str) -> np.ndarray:
        """The part of an observation vector that holds field ``name``, in its shape."""
        start, stop = self.offsets[name]
        shape = next(f.shape for f in self.fields if f.name == name)
        return vector[start:stop].reshape(shape)

    def text(self, view: View) -> str:
        """A short readable summary of the view (OpenSpiel's observation string)."""
        plays = (
            " ".join(f"{p.seat}:{p.card or '??'}" for p in view.trick.plays) if view.trick else ""
        )
        trump = TRUMP_VALUES[view.trump] if view.trump is not None else None
        contract = self.section_fields(view).contract
        return (f"seat {view.seat} phase {view.phase.value} to_move {view.to_move} "
                f"hand {' '.join(str(c) for c in view.hand) or '-'} trump {trump} "
                f"contract {contract} trick [{plays}] "
                f"tricks_won {list(view.tricks_won)} scores {list(view.scores)}")  # fmt: skip


def _turnup(view: View) -> tuple[str, ...]:
    """The turned-up card(s) a family's section shows (one card, several, or none)."""
    shown = getattr(view.section, "turnup", None)
    if shown is None:
        return ()
    return (shown,) if isinstance(shown, str) else tuple(shown)


def _count(part: np.ndarray, slots: Iterable[int]) -> None:
    for slot in slots:
        part[slot] += 1.0
