"""The batched engine's arrays: the slots of a game's state row, its configuration vector and
the per-trump card tables, all on the compact card numbering.

A game is one row of an int64 matrix (:data:`WIDTH` slots, named below); hands, the widow and
the discards are 64-bit masks over *compact* cards: the pack's cards numbered 0..n-1 in
the order of the codec's card slots (so the 48-card pinochle pack's first copies are 0..23
and their twins 24..47, and the 52-card pack fits). Actions are numbers of the environments'
action codec (:class:`~tricktable.encoding.ActionCodec`): a legal mask is a codec mask.

This module imports no numba; the kernels import their slot numbers from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..action_codec import ActionCodec
from ..actions import Action, Kind, card_action
from ..cards import COPY_STRIDE, indices_of
from ..options import Rules

__all__ = ["WIDTH", "CodecLayout", "Tables", "codec_layout", "tables_for"]

# -- the state row --------------------------------------------------------------------------
PHASE, TO_MOVE, DEALER, TRUMP, DONE_TRICKS, TRICK_COUNT, LEADER, LED = range(8)
BEST_KEY, BEST_SEAT, BEST_CARD, ACTIVE, ACTIVE_COUNT, LAST_WINNER, HAND_TRICKS, WIDOW = range(8, 16)
MAX_SEATS = 10
HANDS = 16  # one mask per seat
WON = HANDS + MAX_SEATS  # tricks won per seat
DELTA = WON + MAX_SEATS  # the hand's score change per seat, once it is scored
LEDGER = DELTA + MAX_SEATS  # the running score per seat
TRICK_CARDS = LEDGER + MAX_SEATS  # the cards of the trick in play, in play order
TRICK_SEATS = TRICK_CARDS + MAX_SEATS
PLAYED = TRICK_SEATS + MAX_SEATS  # the cards played face up this hand
GAME = PLAYED + 2  # the family's own slots start here
WIDTH = GAME + 48

# Phases (the family kernels use the ones they need).
P_AUCTION, P_TRUMP, P_DISCARD, P_ALONE, P_PLAY, P_DONE, P_GIVE, P_DECLARE, P_EXCHANGE = range(9)
PHASE_NAMES = ("auction", "trump", "discard", "alone", "play", "done", "give", "declare",
               "exchange")  # fmt: skip

NO_CARD = -1

# -- the configuration vector: codec offsets (-1 where the rules have no such action) ---------
# The core's verbs are found here; a family's own verbs (A_ALONE … A_PARTNER: the slots its
# kernels read) are written by the family's ``configure`` (:func:`set_verb_slots`), and the
# blocks of a verb of several cards by their sizes (A_EXCHANGE1, A_EXCHANGE2).
N_PLAYERS, N_CARDS, DISTINCT, TRICKS, JOKER = range(5)
A_SIZE, A_PLAY, A_BID, A_TRUMP, A_PASS, A_ALONE, A_NOT_ALONE, A_DISCARD = range(5, 13)
A_GIVE, A_IN, A_WIDOW, A_GENERAL, A_DECLINE, A_EXCHANGE1, A_EXCHANGE2 = range(13, 20)
A_PARTNER = 20  # ``partner 0``; seat s is A_PARTNER + s
OPTIONS = 24  # the family's option slots start here
CONFIG_LENGTH = 64


@dataclass(frozen=True)
class CodecLayout:
    """Where each block of the action codec starts, for the kernels' configuration vector."""

    size: int
    offsets: dict[int, int]


def codec_layout(rules: Rules) -> CodecLayout:
    """The codec's block offsets of the core's verbs and of the blocks of a verb of several
    cards (bids are numbered ``bid 1`` … then the flow's named bids)."""
    codec = ActionCodec(rules)
    offsets = dict.fromkeys(range(A_SIZE + 1, A_PARTNER + 1), -1)
    first_card = codec.cards[0]
    probes = {
        A_PLAY: card_action(Kind.PLAY, first_card),
        A_BID: Action.bid(1),
        A_TRUMP: Action(Kind.TRUMP, value="C"),
        A_PASS: Action(Kind.PASS),
        A_DISCARD: card_action(Kind.DISCARD, first_card),
    }
    offsets.update(_encoded(codec, probes))
    for label, start, _size in codec.blocks:
        size = label.partition(" ")[2]  # only a verb of several cards has a block per size
        if size in ("1", "2"):
            offsets[A_EXCHANGE1 if size == "1" else A_EXCHANGE2] = start
    return CodecLayout(codec.size, offsets)


def _encoded(codec: ActionCodec, probes: Mapping[int, Action]) -> dict[int, int]:
    """Each slot's action's number in ``codec`` (-1 where these rules have no such action)."""
    offsets = {}
    for slot, action in probes.items():
        try:
            offsets[slot] = codec.encode(action)
        except ValueError:
            offsets[slot] = -1
    return offsets


def set_verb_slots(cfg: Any, rules: Rules, verbs: Mapping[int, Kind]) -> None:
    """Write the number of each of a family's verbs (by the slot its kernels read) into the
    configuration vector ``cfg``: of its bare action, of its first card's or of seat 0's;
    -1 where these rules have no such action."""
    codec = ActionCodec(rules)
    probes = {slot: _probe(kind, codec.cards[0]) for slot, kind in verbs.items()}
    for slot, offset in _encoded(codec, probes).items():
        cfg[slot] = offset


def _probe(kind: Kind, first_card: int) -> Action:
    if kind.takes == "cards":
        return card_action(kind, first_card)
    return Action.seat(kind, 0) if kind.takes == "seat" else Action(kind)


@dataclass(frozen=True)
class Tables:
    """Per-trump card tables on the compact numbering (trump 4: no trump).

    ``suit_of[t, c]`` effective suit, ``strength[t, c]``, ``suit_mask[t, s]`` the compact mask
    of effective suit ``s``, ``above[t, c]`` the cards of ``c``'s suit that beat it;
    ``slot[c]`` the codec card slot of compact card ``c``; ``index[c]`` its bit index.
    """

    suit_of: np.ndarray
    strength: np.ndarray
    suit_mask: np.ndarray
    above: np.ndarray
    slot: np.ndarray
    index: np.ndarray

    @property
    def cards(self) -> int:
        return len(self.index)

    def compact(self, mask: int) -> int:
        """A card mask in bit indices as a compact mask."""
        position = {int(i): n for n, i in enumerate(self.index) if i >= 0}
        out = 0
        for i in indices_of(mask):
            out |= 1 << position[i]
        return out

    def compact_card(self, index: int) -> int:
        """The compact number of the card with bit index ``index``."""
        return self.compact(1 << index).bit_length() - 1

    def expand(self, mask: int) -> int:
        """A compact mask as a card mask in bit indices."""
        out = 0
        for n in indices_of(mask):
            out |= 1 << int(self.index[n])
        return out


def tables_for(rules: Rules) -> Tables:
    """The card tables of ``rules``' pack and ranking.

    Compact card ``copy * distinct + slot``: the codec slot of a card's notation, its pinochle
    twin ``distinct`` above (the 45-card pack leaves the slots of its three missing twins empty).
    """
    flow = rules.flow
    indices = sorted(indices_of(flow.deck.mask))
    distinct = sorted({index % COPY_STRIDE for index in indices})
    slot_of = {index: n for n, index in enumerate(distinct)}
    copies = 2 if flow.deck.has_duplicates() else 1
    count = copies * len(distinct)
    position = {i: (i // COPY_STRIDE) * len(distinct) + slot_of[i % COPY_STRIDE] for i in indices}
    index = np.full(count, -1, dtype=np.int64)
    for i, n in position.items():
        index[n] = i
    suit_of = np.full((5, count), -1, dtype=np.int64)
    strength = np.full((5, count), -1, dtype=np.int64)
    suit_mask = np.zeros((5, 5), dtype=np.int64)
    above = np.zeros((5, count), dtype=np.int64)
    order = [int(i) for i in index]
    for trump in range(5):  # the trick rules' tables, from the trump table itself
        table = flow.ranking.table(trump).compact(order)
        suit_of[trump], strength[trump] = table.suit_of, table.strength
        suit_mask[trump], above[trump] = table.suit_mask, table.above
    slot = np.array([n % len(distinct) for n in range(count)], dtype=np.int64)
    return Tables(suit_of, strength, suit_mask, above, slot, index)


def load_common(game: Any, row: np.ndarray, tables: Tables, phases: dict[Any, int]) -> None:
    """Write what every family shares of the reference game's position into ``row``."""
    if game.phase not in phases:
        raise ValueError(f"the batch cannot start from a game in the {game.phase} phase")
    players = game.player_count
    row[PHASE] = phases[game.phase]
    row[TO_MOVE] = -1 if game.to_move is None else game.to_move
    row[DEALER] = game.dealer
    row[TRUMP] = 4 if game.trump is None else game.trump
    for seat in range(players):
        row[HANDS + seat] = tables.compact(game.hands[seat])
        row[WON + seat] = game.tricks_won[seat]
        row[LEDGER + seat] = game.scores[seat]
    row[WIDOW] = tables.compact(game.widow or 0)
    row[DONE_TRICKS] = len(game.tricks)
    row[HAND_TRICKS] = max(game.hands[s].bit_count() for s in range(players)) + len(game.tricks)
    if game.tricks_per_hand:
        row[HAND_TRICKS] = game.tricks_per_hand
    row[ACTIVE] = sum(1 << seat for seat, on in enumerate(game.active) if on)
    row[ACTIVE_COUNT] = game.active_count
    row[LAST_WINNER] = game.tricks[-1].winner if game.tricks else -1
    trick = game.trick
    played = 0
    for done in [*game.tricks, trick]:
        for card, down in zip(done.cards, done.face_down, strict=True):
            played |= 0 if down else 1 << card
    row[PLAYED] = tables.compact(played)
    row[LEADER] = trick.leader
    row[TRICK_COUNT] = len(trick.cards)
    row[LED] = trick.led_suit
    row[BEST_KEY] = trick.best_key
    row[BEST_SEAT] = trick.winner
    row[BEST_CARD] = tables.compact_card(trick.best_card) if trick.best_card >= 0 else -1
    for n, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
        row[TRICK_SEATS + n] = seat
        row[TRICK_CARDS + n] = tables.compact_card(card)
