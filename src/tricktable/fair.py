"""Deals anyone can verify: each deal comes from a secret, committed to before the first card.

Every deal of a game is a function of one byte string, its *secret*: the pack is put in the
order that the 512-bit BLAKE2b digest of the secret picks (:func:`tricktable.deal.shuffled`
reads such a digest) and dealt by the game's schedule. Before the first call each seat's view
shows the deal's *commitment*, and once the hand is over the record reveals the secret, so
anyone can recompute the deal and check it against the commitment (``tricktable verify``).

The commitment of deal ``n`` (0-based; a misdeal's redeal is a deal of its own) at table
``T`` is the lowercase hex SHA-256 of these bytes, in this order::

    b"tricktable-deal/1"   the tag (17 bytes, ASCII)
    0x00
    T                      the table's label, UTF-8 (no zero byte in it)
    0x00
    n                      8 bytes, unsigned, big-endian
    secret                 the secret's bytes (all the rest)

Where the secrets come from:

- a game dealt from a seed (the library's games, with no table): deal ``n``'s secret is the
  ASCII text ``"{seed}:{n}"`` and the label is empty, so every seeded game deals exactly as it
  always did;
- a table of the server (:class:`KeyedDeals`): a 32-byte key drawn with :mod:`secrets` when
  the table is made, kept at the server, and deal ``n``'s secret is HMAC-SHA256(key, the 8
  bytes of ``n``): revealing one deal's secret tells nothing of another's;
- a duplicate board (:class:`BoardDeals`): one secret drawn for the board, shared by every
  table that plays it under the board's label, so every table shows the same commitment;
- a table of a duplicate round (:class:`RoundDeals`): the round's boards (its game is a
  session of them, ``Game(deal_limit=…)``, over after the last); a table stored before
  sessions, whose game went on past them, dealt on from the table's own key, numbered from
  :data:`AFTER_BOARDS` so that no commitment number is a board's.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .deal import Deal, deal_from_number
from .errors import RecordError

if TYPE_CHECKING:
    from .engine import Game

__all__ = [
    "AFTER_BOARDS",
    "COMMITMENT_TAG",
    "KEY_BYTES",
    "BoardDeals",
    "DealSource",
    "KeyedDeals",
    "RoundDeals",
    "WorldDeals",
    "commitment",
    "deal_commitment",
    "deal_from_secret",
    "new_key",
    "secret_number",
    "secret_of",
    "seed_secret",
    "table_label",
]

COMMITMENT_TAG = b"tricktable-deal/1"
KEY_BYTES = 32
AFTER_BOARDS = 1 << 32
"""The commitment number of a duplicate table's first deal after the round's boards."""


class DealSource(Protocol):
    """Where a game's deals come from, when not from its seed."""

    @property
    def label(self) -> str:
        """The table's label in the commitments."""
        ...

    def secret(self, deal_number: int) -> bytes:
        """The secret of deal ``deal_number`` (kept until that hand is over)."""
        ...

    def commitment_number(self, deal_number: int) -> int:
        """The number the commitment of deal ``deal_number`` names."""
        ...

    def commitment(self, deal_number: int) -> str:
        """The commitment of deal ``deal_number`` the seats are shown."""
        ...

    def __hash__(self) -> int:
        """Sources are immutable values (their commitments are remembered by them)."""
        ...


def new_key() -> bytes:
    """A fresh table key, drawn with :mod:`secrets`."""
    return secrets.token_bytes(KEY_BYTES)


@dataclass(frozen=True)
class KeyedDeals:
    """A server table's deals: each deal's secret derived one-way from the table's key."""

    key: bytes
    label: str

    def secret(self, deal_number: int) -> bytes:
        return hmac.new(self.key, _number_bytes(deal_number), hashlib.sha256).digest()

    def commitment_number(self, deal_number: int) -> int:
        return deal_number

    def commitment(self, deal_number: int) -> str:
        return _remembered_commitment(self, deal_number)


@dataclass(frozen=True)
class BoardDeals:
    """The boards of a duplicate round: deal ``n`` of every table is board ``first + n``,
    whose secret and commitment every table of the board shares."""

    board_secrets: tuple[bytes, ...]
    label: str
    first: int = 1

    def secret(self, deal_number: int) -> bytes:
        if not 0 <= deal_number < len(self.board_secrets):
            raise RecordError(
                f"deal {deal_number} is past the {len(self.board_secrets)} boards of the round"
            )
        return self.board_secrets[deal_number]

    def commitment_number(self, deal_number: int) -> int:
        return self.first + deal_number

    def commitment(self, deal_number: int) -> str:
        return _remembered_commitment(self, deal_number)


@dataclass(frozen=True)
class RoundDeals:
    """A table of a duplicate round: deal ``n`` is board ``boards.first + n`` while the round
    has boards; a game that goes on past them (one stored before a table's game was a session
    of its boards) deals from the table's own key (those hands are nobody's board: their
    numbers start at :data:`AFTER_BOARDS`)."""

    boards: BoardDeals
    key: bytes

    @property
    def label(self) -> str:
        return self.boards.label

    def secret(self, deal_number: int) -> bytes:
        past = deal_number - len(self.boards.board_secrets)
        if past < 0:
            return self.boards.secret(deal_number)
        return hmac.new(self.key, _number_bytes(past), hashlib.sha256).digest()

    def commitment_number(self, deal_number: int) -> int:
        past = deal_number - len(self.boards.board_secrets)
        return self.boards.first + deal_number if past < 0 else AFTER_BOARDS + past

    def commitment(self, deal_number: int) -> str:
        return _remembered_commitment(self, deal_number)


@dataclass(frozen=True)
class WorldDeals:
    """A resampled world's deals (:mod:`tricktable.resample`): from the world's own seed, as a
    seeded game's, but the deal in play shows the commitment the view it was drawn from showed,
    so that the world's view is that view exactly."""

    seed: int
    shown: str
    shown_number: int
    label: str = ""

    def secret(self, deal_number: int) -> bytes:
        return seed_secret(self.seed, deal_number)

    def commitment_number(self, deal_number: int) -> int:
        return deal_number

    def commitment(self, deal_number: int) -> str:
        if deal_number == self.shown_number:
            return self.shown
        return _remembered_commitment(self.seed, deal_number)


def seed_secret(seed: int, deal_number: int) -> bytes:
    """The secret of deal ``deal_number`` of a game dealt from ``seed``."""
    return f"{seed}:{deal_number}".encode()


def secret_number(secret: bytes) -> int:
    """The number that puts the pack in order: the secret's 512-bit BLAKE2b digest."""
    return int.from_bytes(hashlib.blake2b(secret, digest_size=64).digest(), "big")


def deal_from_secret(
    pack: Sequence[int], secret: bytes, owners: tuple[int, ...], players: int
) -> Deal:
    """The deal a secret makes: ``pack`` shuffled by it, its ``n``-th card to ``owners[n]``."""
    return deal_from_number(pack, secret_number(secret), owners, players)


def commitment(label: str, deal_number: int, secret: bytes) -> str:
    """The commitment to ``secret`` as deal ``deal_number`` at the table labelled ``label``."""
    if "\x00" in label:
        raise RecordError(f"the table label {label!r} holds a zero byte")
    data = b"".join(
        (COMMITMENT_TAG, b"\x00", label.encode(), b"\x00", _number_bytes(deal_number), secret)
    )
    return hashlib.sha256(data).hexdigest()


def secret_of(game: Game, deal_number: int) -> bytes:
    """The secret of a deal of ``game`` (never to be shown before that hand is over)."""
    source = game.deal_source
    return seed_secret(game.seed, deal_number) if source is None else source.secret(deal_number)


def table_label(game: Game) -> str:
    source = game.deal_source
    return "" if source is None else source.label


def commitment_number(game: Game, deal_number: int) -> int:
    source = game.deal_source
    return deal_number if source is None else source.commitment_number(deal_number)


def deal_commitment(game: Game, deal_number: int | None = None) -> str:
    """The commitment of a deal of ``game`` (default: the current one)."""
    number = game.deal_number if deal_number is None else deal_number
    source = game.deal_source
    return (
        _remembered_commitment(game.seed, number) if source is None else source.commitment(number)
    )


@functools.lru_cache(maxsize=1 << 12)
def _remembered_commitment(source: int | DealSource, deal_number: int) -> str:
    """The commitment of deal ``deal_number`` of a seed's or a source's game, remembered: a
    view is built for every decision a bot takes, and the hashes cost a tenth of a view."""
    if isinstance(source, int):
        return commitment("", deal_number, seed_secret(source, deal_number))
    number = source.commitment_number(deal_number)
    return commitment(source.label, number, source.secret(deal_number))


def _number_bytes(number: int) -> bytes:
    return number.to_bytes(8, "big")


def deal_record(game: Game, deal_number: int) -> dict[str, object]:
    """What a record keeps of a deal's fairness: its commitment, the number the commitment
    names, and the secret (hex) once the hand is over, never before."""
    out: dict[str, object] = {
        "commitment": deal_commitment(game, deal_number),
        "commitment_number": commitment_number(game, deal_number),
    }
    if hand_is_over(game, deal_number):
        out["secret"] = secret_of(game, deal_number).hex()
    return out


def hand_is_over(game: Game, deal_number: int) -> bool:
    """Whether the hand of deal ``deal_number`` has ended (scored, thrown in, or the game over)."""
    return deal_number < len(game.deals) - 1 or game.is_over
