"""Duplicate events of a club: created by an admin, registered for by players, played in rounds
of the same boards at every table and scored by matchpoints (:mod:`.event_rounds` keeps them).

Every refusal is a JSON error with a ``code`` and changes nothing. An event starts when its
admin starts it or, once its start time has passed, at the next look at it (a read of the event,
or each server's background check every ``event_seconds``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import secrets
from typing import TYPE_CHECKING, Any, Literal

import sqlalchemy as sa
from fastapi import APIRouter, Request
from pydantic import Field

from . import db as store
from . import event_rounds as rounds
from .accounts import require_account
from .clubs import ADMIN, _role, _visible_club, clubs
from .event_rounds import event_boards, event_players, event_scores, event_tables, events
from .hub import Hub, rules_from
from .languages import words_of
from .people import accounts
from .schemas import Level, OptionInput, Strict
from .supervisor import check_cancelled
from .table import TableError

if TYPE_CHECKING:
    from tricktable.i18n import Translator

log = logging.getLogger(__name__)

__all__ = ["advance", "advance_loop", "router"]

router = APIRouter(prefix="/api")


class NewEvent(Strict):
    name: str = Field(min_length=1, max_length=60)
    game: str = Field(min_length=1, max_length=40)
    options: dict[str, OptionInput] = Field(default_factory=dict, max_length=64)
    kind: Literal["individuals", "pairs"] = "individuals"
    rounds: int = Field(default=2, ge=1, le=12)
    boards: int = Field(default=2, ge=1, le=12)
    """Boards per round."""
    max_players: int = Field(default=40, ge=1, le=400)
    bot_level: Level = "medium"
    starts_at: dt.datetime | None = None


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _account(request: Request) -> int | None:
    found = getattr(request.state, "account_id", None)
    return None if found is None else int(found)


def _event(conn: sa.Connection, event_id: str, account_id: int | None) -> sa.Row[Any]:
    """The event, if the asker may see its club (a private club's events are hidden)."""
    row = conn.execute(events.select().where(events.c.id == event_id)).first()
    if row is None:
        raise TableError("not_found", "there is no event {event_id}", 404, event_id=repr(event_id))
    try:
        _visible_club(conn, row.club_id, account_id)
    except TableError:
        raise TableError(
            "not_found", "there is no event {event_id}", 404, event_id=repr(event_id)
        ) from None
    return row


def _require_admin(conn: sa.Connection, row: sa.Row[Any], account_id: int) -> None:
    if _role(conn, row.club_id, account_id) != ADMIN:
        raise TableError(
            "not_admin", "only an admin of the club may run {event}", 403, event=repr(row.name)
        )


def _not_started(row: sa.Row[Any]) -> None:
    if row.status != rounds.REGISTERING:
        raise TableError(
            "event_started", "{event} has started: registration is closed", event=repr(row.name)
        )


async def advance(hub: Hub, event_id: str) -> None:
    """The event's next step if it is due, and the tables it opened loaded here (so their
    bots and substitutes play in a single-process server)."""
    opened = await hub.database.run(lambda conn: rounds.advance(conn, hub, event_id))
    for table_id in opened:
        await hub.get(table_id)


async def adopt(hub: Hub, event_id: str) -> None:
    """Load the event's live tables here: with several servers, a table whose server was
    stopped or killed goes on (this one asks the workers for its substitutes)."""
    live = await hub.database.read(lambda conn: rounds.live_tables(conn, event_id))
    for table_id in live:
        if table_id not in hub.tables:
            await hub.get(table_id)


async def advance_loop(hub: Hub) -> None:
    """Every ``event_seconds``: start the events whose time has come, score finished rounds."""
    query = sa.select(events.c.id).where(events.c.status != rounds.OVER)
    while True:
        await asyncio.sleep(hub.settings.event_seconds)
        try:
            ids = await hub.database.read(lambda conn: list(conn.execute(query).scalars()))
            for event_id in ids:
                await advance(hub, event_id)
                await adopt(hub, event_id)
        except Exception:
            log.exception("duplicate events: a step failed (tried again at the next look)")
        check_cancelled()


@router.post("/clubs/{club_id}/events", status_code=201)
async def create_event(club_id: str, spec: NewEvent, request: Request) -> dict[str, Any]:
    """A new event of the club (admins only): its game and options checked as a table's."""
    account_id = require_account(request)
    rules = rules_from(spec.game, dict(spec.options))
    rounds.places_of(rules, spec.kind)  # pairs need partnerships of two
    event_id = secrets.token_urlsafe(6)
    starts = spec.starts_at
    if starts is not None and starts.tzinfo is None:
        starts = starts.replace(tzinfo=dt.UTC)

    def work(conn: sa.Connection) -> None:
        club = _visible_club(conn, club_id, account_id)
        if _role(conn, club_id, account_id) != ADMIN:
            raise TableError(
                "not_admin", "only an admin of {name} may hold events", 403, name=repr(club.name)
            )
        conn.execute(events.insert(), {
            "id": event_id, "club_id": club_id, "name": spec.name.strip() or rules.name,
            "game": rules.name, "rules": str(rules), "options": dict(spec.options),
            "kind": spec.kind, "rounds": spec.rounds, "boards": spec.boards,
            "max_players": spec.max_players, "bot_level": spec.bot_level, "starts_at": starts,
            "status": rounds.REGISTERING, "current_round": 0, "created_by": account_id,
            "created_at": store.now(),
        })  # fmt: skip

    await _hub(request).database.run(work)
    return await _describe(request, event_id)


@router.get("/events/{event_id}")
async def describe_event(event_id: str, request: Request) -> dict[str, Any]:
    """The event: its settings, players, rounds with their tables, boards and (once it is
    over) its winners."""
    await advance(_hub(request), event_id)
    return await _describe(request, event_id)


async def _describe(request: Request, event_id: str) -> dict[str, Any]:
    account_id = _account(request)

    def work(conn: sa.Connection) -> dict[str, Any]:
        row = _event(conn, event_id, account_id)
        club = conn.execute(sa.select(clubs.c.name).where(clubs.c.id == row.club_id)).scalar()
        names = _player_names(conn, event_id)
        standing = rounds.standings(conn, event_id)
        top = standing[0][1] if standing else None
        winners = [e for e, share, _ in standing if share == top] if row.status == "over" else []
        return {
            "event_id": row.id, "club_id": row.club_id, "club_name": club, "name": row.name,
            "game": row.game, "rules": row.rules, "options": row.options, "kind": row.kind,
            "rounds": row.rounds, "boards": row.boards, "max_players": row.max_players,
            "bot_level": row.bot_level, "status": row.status, "round": row.current_round,
            "starts_at": None if row.starts_at is None else rounds.aware(row.starts_at).isoformat(),
            "players": [name for name, _ in names.values()],
            "registered": account_id in names,
            "your_role": _role(conn, row.club_id, account_id),
            "schedule": _schedule(conn, event_id),
            "board_list": _boards(conn, event_id),
            "winners": [_entrant_names(conn, event_id, e) for e in winners],
            "warning": _warning(row, names, words),
        }  # fmt: skip

    words = words_of(request)
    return await _hub(request).database.read(work)


def _warning(
    row: sa.Row[Any], names: dict[int, tuple[str, str | None]], words: Translator
) -> dict[str, str] | None:
    """What the creator is told of an event too small to compare anyone (None: nothing):
    while registering, of the players so far; once started, of its entrants."""
    if row.status == rounds.REGISTERING:
        size = 1 if row.kind == rounds.INDIVIDUALS else 2
        entrants = -(-len(names) // size)
    else:
        entrants = len({entrant for _, entrant in names.values() if entrant is not None})
    found = rounds.too_few(entrants)
    return None if found is None else {"code": found.code, "message": found.detail(words)}


def _player_names(conn: sa.Connection, event_id: str) -> dict[int, tuple[str, str | None]]:
    query = (
        sa.select(accounts.c.id, accounts.c.name, event_players.c.entrant)
        .join(accounts, accounts.c.id == event_players.c.account_id)
        .where(event_players.c.event_id == event_id)
        .order_by(event_players.c.registered_at, event_players.c.account_id)
    )
    return {int(i): (name, entrant) for i, name, entrant in conn.execute(query)}


def _entrant_names(conn: sa.Connection, event_id: str, entrant: str) -> str:
    names = [n for n, e in _player_names(conn, event_id).values() if e == entrant]
    return " & ".join(names) if names else "bot"


def _schedule(conn: sa.Connection, event_id: str) -> list[dict[str, Any]]:
    """The rounds so far, each with its tables: who sits where and how far the game is."""
    query = (
        sa.select(event_tables, store.tables.c.status)
        .join(store.tables, store.tables.c.id == event_tables.c.table_id)
        .where(event_tables.c.event_id == event_id)
        .order_by(event_tables.c.round, event_tables.c.number)
    )
    states = dict(
        conn.execute(
            sa.select(rounds.event_rounds.c.number, rounds.event_rounds.c.status).where(
                rounds.event_rounds.c.event_id == event_id
            )
        ).all()
    )
    out: dict[int, dict[str, Any]] = {}
    for row in conn.execute(query):
        entry = out.setdefault(row.round, {"number": row.round, "status": states.get(row.round),
                                           "tables": []})  # fmt: skip
        names = [None if e is None else _entrant_names(conn, event_id, e) for e in row.entrants]
        entry["tables"].append({"table_id": row.table_id, "number": row.number,
                                "entrants": names, "status": row.status})  # fmt: skip
    return list(out.values())


def _boards(conn: sa.Connection, event_id: str) -> list[dict[str, Any]]:
    query = (
        sa.select(event_boards.c.number, event_boards.c.round, event_boards.c.commitment)
        .where(event_boards.c.event_id == event_id)
        .order_by(event_boards.c.number)
    )
    return [{"number": n, "round": r, "commitment": c} for n, r, c in conn.execute(query)]


@router.post("/events/{event_id}/register")
async def register(event_id: str, request: Request) -> dict[str, Any]:
    """Register the signed-in player (until the event starts, while it has room)."""
    account_id = require_account(request)

    def work(conn: sa.Connection) -> None:
        row = _event(conn, event_id, account_id)
        _not_started(row)
        names = _player_names(conn, event_id)
        if account_id in names:
            raise TableError(
                "already_registered", "you are registered for {event} already", event=repr(row.name)
            )
        if len(names) >= row.max_players:
            raise TableError(
                "event_full",
                "{event} has its {max_players} players",
                event=repr(row.name),
                max_players=row.max_players,
            )
        conn.execute(event_players.insert(), {"event_id": event_id, "account_id": account_id,
                                              "registered_at": store.now()})  # fmt: skip

    await _hub(request).database.run(work)
    return await _describe(request, event_id)


@router.delete("/events/{event_id}/register")
async def unregister(event_id: str, request: Request) -> dict[str, Any]:
    """Withdraw the signed-in player's registration (until the event starts)."""
    account_id = require_account(request)

    def work(conn: sa.Connection) -> None:
        row = _event(conn, event_id, account_id)
        _not_started(row)
        gone = conn.execute(
            event_players.delete().where(
                event_players.c.event_id == event_id, event_players.c.account_id == account_id
            )
        )
        if gone.rowcount != 1:
            raise TableError(
                "not_registered", "you are not registered for {event}", 404, event=repr(row.name)
            )

    await _hub(request).database.run(work)
    return await _describe(request, event_id)


@router.post("/events/{event_id}/start")
async def start_event(event_id: str, request: Request) -> dict[str, Any]:
    """Start the event now (an admin of its club): its players seated for round 1."""
    account_id = require_account(request)
    hub = _hub(request)

    def work(conn: sa.Connection) -> list[str]:
        row = _event(conn, event_id, account_id)
        _require_admin(conn, row, account_id)
        _not_started(row)
        if not _player_names(conn, event_id):
            raise TableError(
                "no_players", "nobody has registered for {event} yet", event=repr(row.name)
            )
        return rounds.start(conn, hub, row)

    for table_id in await hub.database.run(work):
        await hub.get(table_id)
    return await _describe(request, event_id)


@router.get("/events/{event_id}/standings")
async def event_standings(event_id: str, request: Request) -> dict[str, Any]:
    """Live standings: each entrant's average matchpoint percentage over its boards scored."""
    account_id = _account(request)
    await advance(_hub(request), event_id)

    def work(conn: sa.Connection) -> dict[str, Any]:
        row = _event(conn, event_id, account_id)
        rows, out, last = rounds.standings(conn, event_id), [], None
        for index, (entrant, share, boards) in enumerate(rows, start=1):
            rank = out[-1]["rank"] if last == share and out else index
            last = share
            out.append({"rank": rank, "entrant": entrant, "boards": boards,
                        "names": _entrant_names(conn, event_id, entrant),
                        "percent": round(share, 2)})  # fmt: skip
        return {"event_id": event_id, "status": row.status, "round": row.current_round,
                "standings": out}  # fmt: skip

    return await _hub(request).database.read(work)


@router.get("/events/{event_id}/seat")
async def my_seat(event_id: str, request: Request) -> dict[str, Any]:
    """The signed-in player's table of the current round (a token for it: ``POST
    /api/tables/{table_id}/resume``)."""
    account_id = require_account(request)

    def work(conn: sa.Connection) -> dict[str, Any]:
        row = _event(conn, event_id, account_id)
        query = (
            sa.select(store.seats.c.table_id, store.seats.c.seat)
            .join(event_tables, event_tables.c.table_id == store.seats.c.table_id)
            .where(event_tables.c.event_id == event_id)
            .where(event_tables.c.round == row.current_round)
            .where(store.seats.c.account_id == account_id)
        )
        found = conn.execute(query).first()
        if found is None:
            raise TableError(
                "no_seat", "you have no table in {event} now", 404, event=repr(row.name)
            )
        return {"event_id": event_id, "round": row.current_round,
                "table_id": found.table_id, "seat": found.seat}  # fmt: skip

    return await _hub(request).database.read(work)


@router.get("/events/{event_id}/boards/{number}")
async def board(event_id: str, number: int, request: Request) -> dict[str, Any]:
    """How every table played board ``number`` (once its round is scored): the hands, each
    table's result and matchpoints, and where the solver's review of each table is."""
    account_id = _account(request)
    await advance(_hub(request), event_id)

    def work(conn: sa.Connection) -> dict[str, Any]:
        _event(conn, event_id, account_id)
        found = conn.execute(
            event_boards.select().where(
                event_boards.c.event_id == event_id, event_boards.c.number == number
            )
        ).first()
        if found is None:
            raise TableError(
                "not_found", "the event has no board {number} (yet)", 404, number=number
            )
        scored = conn.execute(
            sa.select(rounds.event_rounds.c.status).where(
                rounds.event_rounds.c.event_id == event_id,
                rounds.event_rounds.c.number == found.round,
            )
        ).scalar()
        if scored != rounds.SCORED:
            raise TableError("board_not_scored", "board {number} is shown once round {round} "
                             "is over", number=number, round=found.round)  # fmt: skip
        return _board_page(conn, event_id, found)

    return await _hub(request).database.read(work)


def _board_page(conn: sa.Connection, event_id: str, found: sa.Row[Any]) -> dict[str, Any]:
    row = conn.execute(events.select().where(events.c.id == event_id)).one()
    deal_number = found.number - ((found.round - 1) * row.boards + 1)
    places = rounds.places_of(rules_from(row.game, dict(row.options)), row.kind)
    tables = []
    query = (
        sa.select(event_tables)
        .where(event_tables.c.event_id == event_id, event_tables.c.round == found.round)
        .order_by(event_tables.c.number)
    )
    for table in conn.execute(query):
        tables.append(_board_table(conn, event_id, table, (found.number, deal_number), places))
    return {"event_id": event_id, "number": found.number, "round": found.round,
            "commitment": found.commitment, "secret": found.secret, "tables": tables}  # fmt: skip


def _board_table(
    conn: sa.Connection,
    event_id: str,
    table: sa.Row[Any],
    numbers: tuple[int, int],
    places: tuple[tuple[int, ...], ...],
) -> dict[str, Any]:
    """One table's play of a board (``numbers``: the board's, and the deal's at the table):
    its hands, and each place's result with the seats it holds (so a bot's place is named by
    the bot in that seat)."""
    board, deal_number = numbers
    deal = conn.execute(
        sa.select(store.deals.c.deal, store.deals.c.dealer).where(
            store.deals.c.table_id == table.table_id, store.deals.c.number == deal_number
        )
    ).first()
    scores = conn.execute(
        event_scores.select()
        .where(event_scores.c.event_id == event_id, event_scores.c.board == board)
        .where(event_scores.c.table_id == table.table_id)
        .order_by(event_scores.c.place)
    ).all()
    return {
        "table_id": table.table_id, "number": table.number,
        "deal": None if deal is None else deal.deal,
        "dealer": None if deal is None else deal.dealer,
        "scores": [{"place": s.place, "seats": list(places[s.place]), "value": s.value,
                    "matchpoints": s.matchpoints,
                    "percent": round(s.percent, 2),
                    "names": "bot" if s.entrant.startswith(rounds.BOT)
                    else _entrant_names(conn, event_id, s.entrant)} for s in scores],
        "review_url": f"/api/tables/{table.table_id}/review",
        "deal_number": deal_number,
        "players": _players_at(conn, table.table_id),
    }  # fmt: skip


def _players_at(conn: sa.Connection, table_id: str) -> list[dict[str, Any]]:
    """Who sat where at a table: each seat's kind, player's name, and a bot's level."""
    query = (
        sa.select(store.seats.c.seat, store.seats.c.kind, store.seats.c.name, store.seats.c.level)
        .where(store.seats.c.table_id == table_id)
        .order_by(store.seats.c.seat)
    )
    return [
        {"seat": seat, "kind": kind, "name": name, "level": level if kind == "bot" else None}
        for seat, kind, name, level in conn.execute(query)
    ]
