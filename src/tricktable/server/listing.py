"""The lobby's list of tables: public descriptions read from the database, and the presets.

The list is read from the database (not from one process's memory) so that every server
process sharing a database shows the same tables. Private tables never appear.
"""

from __future__ import annotations

import asyncio
import functools
from collections import defaultdict
from collections.abc import Sequence
from typing import Annotated, Any, Literal

import sqlalchemy as sa
from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, WithJsonSchema

import tricktable as tt

from ..i18n import Translator
from . import db as store
from .languages import words_of
from .schemas import GameName
from .table import TableError, hash_token


def account_of(request: Request) -> int | None:
    """The signed-in account's id, if the request carries a valid session (see accounts)."""
    account: int | None = getattr(request.state, "account_id", None)
    return account


__all__ = ["PRESETS", "list_tables", "router", "rules_in_words", "table_descriptor", "worded"]

router = APIRouter(prefix="/api")

Status = Literal["open", "playing", "over"]
STATUSES: tuple[str, ...] = ("open", "playing", "over")

PRESETS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    name: [(label, dict(options)) for label, options in game.presets]
    for name, game in tt.REGISTRY.items()
}
"""Common starting points per game: a label and the options that differ from the defaults."""


def rules_in_words(rules: tt.Rules) -> list[dict[str, str]]:
    """The options that differ from the game's defaults, each with its description."""
    words = []
    for option in rules.game.options:
        value = rules.options[option.name]
        if value == option.default:
            continue
        shown = "+".join(map(str, value)) if isinstance(value, tuple) else str(value)
        if isinstance(value, bool):
            shown = "yes" if value else "no"
        words.append(
            {
                "name": option.name.replace("_", " "),
                "value": shown.replace("_", " "),
                "description": option.description,
            }
        )
    return words


def table_descriptor(rules: tt.Rules, words: Translator | None = None) -> dict[str, Any]:
    """What a table's page needs to know of the game under these rules (the game's ``table``
    hook; empty for a game without one, whose words the page still keeps itself), its words in
    the reader's language when ``words`` is given."""
    describe = rules.game.table
    descriptor = describe(rules) if describe is not None else {}
    return worded(descriptor, words) if words is not None else descriptor


@functools.cache
def every_games_verbs() -> dict[str, Any]:
    """Every registered game's own verbs as its table words offer them under its standard rules
    (of a word two games declare, the first game's), for a page before a table's words come."""
    verbs: dict[str, Any] = {}
    for game in tt.REGISTRY.values():
        described = game.table(tt.rules(game.name)) if game.table is not None else {}
        for word, entry in described.get("verbs", {}).items():
            verbs.setdefault(word, entry)
    return verbs


# The descriptor's values that are names the page looks up, not words: kept as they are.
_NAMES = frozenset({"maker_key", "less", "less_own"})


def worded(node: Any, words: Translator, key: str | None = None) -> Any:
    """A game's table descriptor with every word translated (its templates keep their
    ``{key:kind}`` fields); a summary entry's first item names a detail and is kept."""
    if isinstance(node, str):
        return words.gettext(node) if node and key not in _NAMES else node
    if key == "verbs":  # English message ids the page translates itself (plurals among them)
        return node
    if isinstance(node, dict):
        return {k: worded(v, words, k) for k, v in node.items()}
    if isinstance(node, list):
        if key == "summary":
            return [[item[0], *worded(item[1:], words)] for item in node]
        return [worded(item, words, key) for item in node]
    return node


@functools.lru_cache(maxsize=512)
def _rules_facts(
    text: str,
) -> tuple[str, str, int, tuple[dict[str, str], ...], tuple[tuple[int, ...], ...]]:
    """Name, title, players, words and sides of a rules string (building a flow is not cheap)."""
    rules = tt.rules(text)
    sides = tuple(tuple(side) for side in rules.flow.sides())
    return rules.name, rules.game.title, rules.flow.players, tuple(rules_in_words(rules)), sides


def _describe(row: sa.Row[Any], seat_rows: Sequence[sa.Row[Any]]) -> dict[str, Any]:
    name, title, players, words, sides = _rules_facts(row.rules)
    seats = [
        {
            "seat": s.seat,
            "kind": s.kind,
            "level": s.level,
            "name": s.name,
            "connected": s.kind == "bot",
            "substituted": False,
        }
        for s in seat_rows
    ]
    free = sum(1 for s in seat_rows if s.kind == "human" and s.name is None)
    return {
        "table_id": row.id,
        "game": name,
        "title": title,
        "rules": row.rules,
        "rules_words": [dict(w) for w in words],
        "players": players,
        "sides": [list(side) for side in sides],
        "seats": seats,
        "free_seats": free,
        "status": row.status,
        "listing": "over" if row.status == "over" else "open" if free else "playing",
        "allow_spectators": row.allow_spectators,
        "turn_seconds": row.turn_seconds,
        "created_at": row.created_at.isoformat(),
        "result": row.result,
    }


def _free_seat_exists() -> sa.ColumnElement[bool]:
    seats = store.seats
    return (
        sa.select(seats.c.seat)
        .where(seats.c.table_id == store.tables.c.id)
        .where(seats.c.kind == "human")
        .where(seats.c.name.is_(None))
        .exists()
    )


def _someone_seated() -> sa.ColumnElement[bool]:
    seats = store.seats
    return (
        sa.select(seats.c.seat)
        .where(seats.c.table_id == store.tables.c.id)
        .where(seats.c.name.is_not(None))
        .exists()
    )


def table_query(status: str | None, game: str | None, limit: int) -> sa.Select[Any]:
    tables = store.tables
    query = sa.select(tables).where(tables.c.private.is_(False))
    if game is not None:
        query = query.where(tables.c.game == game)
    if status == "over":
        query = query.where(tables.c.status == "over")
    elif status == "open":
        # a table is open once someone sits there waiting (so nobody takes a creator's seat
        # in the moment between creating the table and sitting down)
        query = query.where(tables.c.status != "over").where(_free_seat_exists())
        query = query.where(_someone_seated())
    elif status == "playing":
        query = query.where(tables.c.status != "over").where(~_free_seat_exists())
    return query.order_by(tables.c.created_at.desc(), tables.c.id).limit(limit)


def read_tables(conn: sa.Connection, query: sa.Select[Any]) -> list[dict[str, Any]]:
    """The public descriptions of the tables ``query`` selects (rows of ``tables``)."""
    rows = conn.execute(query).all()
    if not rows:
        return []
    ids = [r.id for r in rows]
    seat_query = (
        store.seats.select()
        .where(store.seats.c.table_id.in_(ids))
        .order_by(store.seats.c.table_id, store.seats.c.seat)
    )
    by_table: dict[str, list[sa.Row[Any]]] = defaultdict(list)
    for seat in conn.execute(seat_query):
        by_table[seat.table_id].append(seat)
    return [_describe(r, by_table[r.id]) for r in rows]


async def list_tables(
    database: store.Database, status: str | None, game: str | None, limit: int = 50
) -> list[dict[str, Any]]:
    query = table_query(status, game, limit)
    return await database.read(lambda conn: read_tables(conn, query))


def with_presence(described: list[dict[str, Any]], live: dict[str, Any]) -> list[dict[str, Any]]:
    """Fill in who is connected from the tables this process holds in memory."""
    for table in described:
        runtime = live.get(table["table_id"])
        if runtime is not None:
            table["seats"] = [s.public() for s in runtime.seats]
    return described


@router.get("/tables")
async def tables_list(
    request: Request,
    status: Annotated[str, WithJsonSchema({"type": "string", "enum": list(STATUSES)})]
    | None = None,
    game: GameName | None = None,
    limit: int = Query(default=50, ge=1, le=200),
) -> dict[str, Any]:
    """Public tables, newest first: ``open`` (someone waits, a seat is free), ``playing``, ``over``.

    One answer per query is reused for ``list_seconds``, however many lobbies poll.
    """
    if status is not None and status not in STATUSES:
        raise TableError(
            "bad_status",
            "status {given} is not one of {statuses}",
            400,
            given=repr(status),
            statuses=", ".join(STATUSES),
        )
    name = None
    if game is not None:
        try:
            name = tt.find_game(game).name
        except tt.RulesError as exc:
            raise TableError.engine("bad_game", exc) from None
    hub = request.app.state.hub
    key = (status, name, limit)
    cache: dict[tuple[Any, ...], tuple[float, dict[str, Any]]] = (
        request.app.state.__dict__.setdefault("table_lists", {})
    )
    now = asyncio.get_running_loop().time()
    cached = cache.get(key)
    if cached is not None and now - cached[0] < hub.settings.list_seconds:
        return titled(cached[1], words_of(request))
    described = await list_tables(hub.database, status, name, limit)
    answer = {"tables": with_presence(described, hub.tables)}
    if len(cache) > 64:
        cache.clear()
    cache[key] = (now, answer)
    return titled(answer, words_of(request))


class HeldTokens(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tokens: list[Annotated[str, StringConstraints(min_length=1, max_length=100)]] = Field(
        default_factory=list, max_length=200
    )


def seats_query(hashes: list[str], account_id: int | None) -> sa.Select[Any]:
    seats = store.seats
    held: sa.ColumnElement[bool] = seats.c.token_hash.in_(hashes)
    if account_id is not None:
        held = sa.or_(held, seats.c.account_id == account_id)
    return sa.select(seats.c.table_id, seats.c.seat).where(held)


async def my_tables(
    hub: Any, tokens: list[str], account_id: int | None, limit: int = 100
) -> list[dict[str, Any]]:
    """The tables where ``tokens`` (or the account) hold a seat, newest first."""
    hashes = [hash_token(t) for t in tokens]

    def work(conn: sa.Connection) -> list[dict[str, Any]]:
        yours = {r.table_id: r.seat for r in conn.execute(seats_query(hashes, account_id))}
        if not yours:
            return []
        query = (
            sa.select(store.tables)
            .where(store.tables.c.id.in_(list(yours)))
            .order_by(store.tables.c.created_at.desc(), store.tables.c.id)
            .limit(limit)
        )
        described = read_tables(conn, query)
        for table in described:
            table["your_seat"] = yours[table["table_id"]]
        return described

    described = with_presence(await hub.database.read(work), hub.tables)
    for table in described:
        runtime = hub.tables.get(table["table_id"])
        table["to_move"] = runtime.game.to_move if runtime is not None else None
    return described


@router.post("/my-tables")
async def held_tables(body: HeldTokens, request: Request) -> dict[str, Any]:
    """The tables whose seat tokens the browser sent (and, signed in, the account's seats)."""
    hub = request.app.state.hub
    tables = await my_tables(hub, body.tokens, account_of(request))
    return titled({"tables": tables}, words_of(request))


def titled(answer: dict[str, Any], words: Translator) -> dict[str, Any]:
    """A list of tables with each game's title in the reader's language (the shared, cached
    answer itself is left in English)."""
    return {
        **answer,
        "tables": [{**table, "title": words.gettext(table["title"])} for table in answer["tables"]],
    }


@router.get("/presets")
async def presets(request: Request) -> dict[str, Any]:
    """Common rule presets per game, for the lobby's quick start, named in the reader's language."""
    say = words_of(request).gettext
    return {
        "presets": {
            game: [{"label": say(label), "options": options} for label, options in entries]
            for game, entries in PRESETS.items()
            if game in tt.REGISTRY
        }
    }
