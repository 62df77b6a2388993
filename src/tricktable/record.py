"""Game records: JSON with the rules, the seed, every deal written out and every action.

A record replays exactly even if the shuffler changes, because each deal is stored explicitly
as deal text. :func:`hand_text` writes one hand for people and bug reports, in the spirit of
PBN: tags, the deal, the calls and the tricks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import CARD_TEXT
from .errors import RecordError
from .fair import deal_record, table_label
from .version import __version__

if TYPE_CHECKING:
    from .engine import Game

__all__ = ["FORMAT", "deal_limit_of", "hand_text", "load_record", "make_record", "save_record"]

FORMAT = "tricktable-record"
VERSION = 1


def make_record(game: Game) -> dict[str, Any]:
    """The JSON-ready record of ``game`` as it stands (finished or not)."""
    deals: list[dict[str, Any]] = []
    results = {r.deal_number: r.to_dict() for r in game.results}
    for number, (deal, dealer) in enumerate(zip(game.deals, game.dealers, strict=True)):
        actions = [{"seat": s, "action": str(a)} for d, s, a in game.log if d == number]
        deals.append({"deal_number": number, "dealer": dealer, "deal": str(deal),
                      "actions": actions, "result": results.get(number),
                      **deal_record(game, number)})  # fmt: skip
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "engine_version": __version__,
        "game": game.rules.name,
        "rules": str(game.rules),
        "options": {k: _jsonable(v) for k, v in game.rules.options.items()},
        "seed": game.seed,
        "first_dealer": game.first_dealer,
        "table_label": table_label(game),
        "deals": deals,
        "scores": list(game.scores),
        "is_over": game.is_over,
        "winners": list(game.winners),
    }
    if game.deal_limit is not None:  # only a session has it: older records read as before
        out["deal_limit"] = game.deal_limit
    return out


def deal_limit_of(record: Mapping[str, Any]) -> int | None:
    """A record's ``deal_limit`` (a session of so many deals), ``None`` if it has none."""
    limit = record.get("deal_limit")
    if limit is None:
        return None
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise RecordError(f"the record's deal_limit {limit!r} is not a number of deals, 1 or more")
    return limit


def _jsonable(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def save_record(game: Game, path: str | Path) -> Path:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(make_record(game), indent=1) + "\n", encoding="utf-8")
    return target


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read a record from {str(path)!r}: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{str(path)!r} does not hold a record object")
    return data


def hand_text(game: Game, deal_number: int, *, first_seat: int = 0) -> str:
    """One deal of a game as readable text: tags, the deal, the calls and the tricks.

    Seats are numbered from ``first_seat``: 0 as in the engine, 1 for people to read (the
    text then says so in a ``Seats`` tag, and the result's "seat N" follow).
    """
    if not 0 <= deal_number < len(game.deals):
        raise RecordError(f"there is no deal {deal_number}; the game has {len(game.deals)}")
    lines = [
        f'[Game "{game.rules.name}"]',
        f'[Rules "{game.rules}"]',
        f'[Seed "{game.seed}"]',
        f'[DealNumber "{deal_number}"]',
        f'[Dealer "{game.dealers[deal_number] + first_seat}"]',
        f'[Deal "{game.deals[deal_number]}"]',
    ]
    if first_seat:
        lines.insert(4, f'[Seats "numbered from {first_seat}"]')
    calls = [(s, a) for d, s, a in game.log if d == deal_number and a.kind.value != "play"]
    plays = [(s, a) for d, s, a in game.log if d == deal_number and a.kind.value == "play"]
    lines.append("Calls: " + "; ".join(f"{s + first_seat}: {a}" for s, a in calls))
    per_trick = max(1, _trick_size(game, deal_number))
    for start in range(0, len(plays), per_trick):
        chunk = plays[start : start + per_trick]
        lines.append(
            f"Trick {start // per_trick + 1}: "
            + "  ".join(f"{s + first_seat}:{CARD_TEXT[a.cards[0]]}" for s, a in chunk)
        )
    for result in game.results:
        if result.deal_number == deal_number:
            summary = _SEAT_NUMBER.sub(
                lambda m: f"seat {int(m.group(1)) + first_seat}", result.summary
            )
            lines.append(f'[Result "{summary}"]')
            lines.append(f'[Scores "{" ".join(str(s) for s in result.scores)}"]')
    return "\n".join(lines) + "\n"


_SEAT_NUMBER = re.compile(r"\bseat (\d+)")


def _trick_size(game: Game, deal_number: int) -> int:
    if deal_number == len(game.deals) - 1:
        return game.active_count
    result = next((r for r in game.results if r.deal_number == deal_number), None)
    if result is None:
        return game.player_count
    plays = sum(1 for d, _, a in game.log if d == deal_number and a.kind.value == "play")
    return plays // max(1, sum(result.tricks)) if sum(result.tricks) else game.player_count
