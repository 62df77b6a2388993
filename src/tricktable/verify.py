"""Checking a game record's fairness: every deal from its secret, every action by the rules.

:func:`verify_record` rebuilds the game of a record from nothing but its rules, its first dealer
and the secrets it reveals (:mod:`tricktable.fair`): each deal is dealt from its secret, must be
the deal the record shows, and its secret must hash to the commitment the seats were shown;
each action must be the turn of its seat and legal at that point. The first hand that fails is
named by its place in the record (1 is the first, as ``tricktable replay --hand`` counts).
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import Game
from .errors import RecordError, TricktableError, said
from .fair import commitment
from .games import rules
from .i18n import N_
from .record import FORMAT, deal_limit_of

__all__ = ["Mismatch", "RevealedDeals", "verify_record"]


@dataclass(frozen=True)
class Mismatch:
    """Why a record does not verify: the hand (1 is the first in the record) and the reason,
    an English template with its values (so a terminal can say it in the reader's language)."""

    hand: int
    template: str
    values: Mapping[str, object] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The reason in English."""
        return self.template.format(**self.values)

    def __str__(self) -> str:
        return f"hand {self.hand}: {self.reason}"

    def said(self, gettext: Callable[[str], str]) -> str:
        """``hand 2: …`` in the language of ``gettext`` (an error among the values too)."""
        reason = said(self.template, self.values, gettext)
        return gettext("hand {hand}: {reason}").format(hand=self.hand, reason=reason)


@dataclass(frozen=True)
class RevealedDeals:
    """The deals of a record, dealt from the secrets it reveals (a :class:`~tricktable.fair.
    DealSource`)."""

    label: str
    secrets: tuple[bytes, ...]
    numbers: tuple[int, ...]

    def secret(self, deal_number: int) -> bytes:
        if not 0 <= deal_number < len(self.secrets):
            raise RecordError(f"the record reveals no secret for a hand {deal_number + 1}")
        return self.secrets[deal_number]

    def commitment_number(self, deal_number: int) -> int:
        return self.numbers[deal_number]

    def commitment(self, deal_number: int) -> str:
        return commitment(self.label, self.numbers[deal_number], self.secret(deal_number))


class _Failed(Exception):
    def __init__(self, mismatch: Mismatch) -> None:
        super().__init__(str(mismatch))
        self.mismatch = mismatch


def verify_record(record: object) -> Mismatch | None:
    """``None`` if every deal of ``record`` follows from its revealed secret and matches its
    commitment and every action is legal; else the first hand that does not, and why."""
    try:
        deals = _deal_entries(record)
        source = _revealed(record, deals)  # type: ignore[arg-type]
        _replay_checked(record, deals, source)  # type: ignore[arg-type]
    except _Failed as failed:
        return failed.mismatch
    return None


_AS_IT_SAYS = "{problem}"
"""The template of a reason that is an error's own (a name: the catalogs take the error's)."""


def _fail(hand: int, template: str, **values: object) -> _Failed:
    return _Failed(Mismatch(hand, template, values))


def _deal_entries(record: object) -> list[Mapping[str, Any]]:
    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        raise _fail(1, "{record} is not a tricktable record", record=reprlib.repr(record))
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise _fail(1, "the record has no deals")
    if "table_label" not in record:
        raise _fail(1, "the record reveals no secrets (it was written before deals were "
                       "committed to)")  # fmt: skip
    for number, entry in enumerate(deals):
        if not isinstance(entry, Mapping):
            raise _fail(number + 1, "{entry} is not a deal of a record", entry=reprlib.repr(entry))
    return deals


def _revealed(record: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]) -> RevealedDeals:
    """The record's secrets, each checked against its commitment."""
    label = str(record["table_label"])
    secrets: list[bytes] = []
    numbers: list[int] = []
    for number, entry in enumerate(deals):
        hand = number + 1
        secret = _secret_bytes(entry.get("secret"), hand)
        committed_as = entry.get("commitment_number", number)
        if not isinstance(committed_as, int):
            raise _fail(
                hand, "its commitment number {number} is not a number", number=repr(committed_as)
            )
        expected = commitment(label, committed_as, secret)
        if entry.get("commitment") != expected:
            raise _fail(hand, "its secret hashes to {expected}, but the commitment shown was "
                              "{shown}", expected=expected,
                        shown=repr(entry.get("commitment")))  # fmt: skip
        secrets.append(secret)
        numbers.append(committed_as)
    return RevealedDeals(label, tuple(secrets), tuple(numbers))


def _secret_bytes(text: object, hand: int) -> bytes:
    if text is None:
        raise _fail(hand, "its secret is not revealed (the hand has not ended)")
    try:
        return bytes.fromhex(str(text))
    except ValueError:
        raise _fail(
            hand, "its secret {secret} is not hexadecimal", secret=reprlib.repr(text)
        ) from None


def _replay_checked(
    record: Mapping[str, Any], deals: Sequence[Mapping[str, Any]], source: RevealedDeals
) -> None:
    game = _new_game(record, source)
    for number, entry in enumerate(deals):
        _check_deal(game, number, entry)
        _play_deal(game, number, entry)
        if number < len(deals) - 1 and len(game.deals) != number + 2:
            raise _fail(number + 1, "its actions do not finish the hand")
    _check_end(game, record, len(deals))


def _new_game(record: Mapping[str, Any], source: RevealedDeals) -> Game:
    try:
        return Game(rules(str(record["rules"])), seed=int(record["seed"]),
                    dealer=int(record["first_dealer"]), deal_source=source,
                    deal_limit=deal_limit_of(record))  # fmt: skip
    except (KeyError, TypeError, ValueError) as exc:
        reason = N_(
            "the record's rules, seed, first dealer or deal limit do not make a game: {problem}"
        )
        raise _fail(
            1, reason, problem=exc if isinstance(exc, TricktableError) else str(exc)
        ) from None


def _check_deal(game: Game, number: int, entry: Mapping[str, Any]) -> None:
    hand = number + 1
    dealt = str(game.deals[number])
    if str(entry.get("deal")) != dealt:
        raise _fail(hand, "its secret deals {dealt}, but the record shows {shown}",
                    dealt=repr(dealt), shown=repr(entry.get("deal")))  # fmt: skip
    if entry.get("dealer") != game.dealers[number]:
        raise _fail(hand, "seat {dealer} deals it by the rules, but the record says seat {shown}",
                    dealer=game.dealers[number], shown=repr(entry.get("dealer")))  # fmt: skip


def _play_deal(game: Game, number: int, entry: Mapping[str, Any]) -> None:
    hand = number + 1
    actions = entry.get("actions")
    if not isinstance(actions, list):
        raise _fail(hand, "its actions {actions} are not a list", actions=reprlib.repr(actions))
    for index, item in enumerate(actions):
        seat, text = (item.get("seat"), item.get("action")) if isinstance(item, Mapping) else (
            None, None)  # fmt: skip
        where = {"index": index + 1, "seat": repr(seat), "action": repr(text)}
        if game.is_over or game.deal_number != number:
            raise _fail(hand, "action {index} ({seat}: {action}) comes after the hand is over",
                        **where)  # fmt: skip
        if seat != game.to_move:
            raise _fail(hand, "action {index} ({seat}: {action}) is not that seat's turn: seat "
                              "{to_move} is to move", to_move=game.to_move, **where)  # fmt: skip
        try:
            game.apply(str(text))
        except RecordError as exc:  # the game wants a deal the record does not reveal
            raise _fail(hand + 1, _AS_IT_SAYS, problem=exc) from None
        except TricktableError as exc:
            raise _fail(hand, "action {index} ({seat}: {action}) is not legal: {problem}",
                        problem=exc, **where) from None  # fmt: skip


def _check_end(game: Game, record: Mapping[str, Any], count: int) -> None:
    if list(game.scores) != record.get("scores"):
        raise _fail(count, "the hands score {scores}, but the record says {shown}",
                    scores=list(game.scores), shown=repr(record.get("scores")))  # fmt: skip
    if bool(record.get("is_over")) != game.is_over:
        over = N_("the game is over after it, but the record says otherwise")
        not_over = N_("the game is not over after it, but the record says otherwise")
        raise _fail(count, over if game.is_over else not_over)
