"""Persistence: tables, seats, deals, actions and chat, event-sourced in SQL.

A game is its rules, seed, deals and actions; the actions table has one row per accepted action
with the table's running action number as part of its key, so an action can never be stored
twice. SQLite (default) and PostgreSQL are supported through SQLAlchemy's async engine.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

import tricktable as tt
from tricktable.fair import BoardDeals, DealSource, KeyedDeals, RoundDeals
from tricktable.record import FORMAT

from .fastpath import MoveWriter, SqliteMoveWriter

T = TypeVar("T")
POOL_SIZE = 20
"""Connections each process keeps to PostgreSQL (as many again may open for a burst)."""
Statement = tuple[sa.Executable, dict[str, Any] | list[dict[str, Any]] | None]

metadata = sa.MetaData()

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("first_dealer", sa.Integer, nullable=False),
    sa.Column("allow_spectators", sa.Boolean, nullable=False),
    sa.Column("turn_seconds", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false()),
    # a solo player's bot speed (fast or slow; none: normal), shared by every process
    sa.Column("bot_speed", sa.String(8), nullable=True),
    # every player has left this table: no automatic move until one is back (see TableState)
    sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()),
    # the table the rematch of this finished table started
    sa.Column("rematch_id", sa.String(32), nullable=True),
    # a hash of the client that created the table: its live tables are capped
    sa.Column("creator", sa.String(64), nullable=True),
    sa.Column("bot_only", sa.Boolean, nullable=False, server_default=sa.false()),
    # once the game is over: {"scores": [...], "winners": [...]}, for lists without a replay
    sa.Column("result", sa.JSON, nullable=True),
    # the key every deal's secret comes from (tricktable.fair.KeyedDeals), hex; never sent
    sa.Column("deal_key", sa.String(64), nullable=True),
    # a duplicate event's table: the round's boards it deals first (tricktable.fair.RoundDeals)
    # as {"label", "first", "secrets": [hex]}; never sent
    sa.Column("boards", sa.JSON, nullable=True),
    sa.Index("ix_tables_status_created", "status", "created_at"),
    sa.Index("ix_tables_creator_status", "creator", "status"),
    sa.Index("ix_tables_bot_only_status", "bot_only", "status"),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("level", sa.String(16), nullable=True),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("account_id", sa.Integer, nullable=True, index=True),
)

deals = sa.Table(
    "deals",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("dealer", sa.Integer, nullable=False),
    sa.Column("deal", sa.Text, nullable=False),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("deal_number", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(64), nullable=False),
    sa.Column("actor", sa.String(16), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

chat = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("text", sa.String(200), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)


INSERT_ACTIONS = actions.insert()
"""The action log's insert (a statement is immutable: built once, not per move)."""

UNDO = "undo"
"""The action of a log row that takes back its seat's last action and everything after it."""


def deal_rows(table_id: str, game: tt.Game, start: int) -> list[dict[str, Any]]:
    """The rows of the game's deals from number ``start`` on."""
    return [
        {"table_id": table_id, "number": n, "dealer": game.dealers[n], "deal": str(game.deals[n])}
        for n in range(start, len(game.deals))
    ]


def effective_actions(rows: Iterable[Any]) -> list[tuple[int, int, str]]:
    """``(deal number, seat, action)`` of the stored action rows once every undo is applied."""
    out: list[tuple[int, int, str]] = []
    for row in rows:
        if row.action != UNDO:
            out.append((row.deal_number, row.seat, row.action))
            continue
        while out:
            _, seat, _ = out.pop()
            if seat == row.seat:
                break
    return out


def has_undo(rows: Iterable[Any]) -> bool:
    return any(row.action == UNDO for row in rows)


def table_rows(conn: sa.Connection, table_id: str) -> tuple[Sequence[Any], Sequence[Any]]:
    """A stored table's rows of deals and of actions, each in order."""
    dealt = conn.execute(
        deals.select().where(deals.c.table_id == table_id).order_by(deals.c.number)
    ).all()
    logged = conn.execute(
        actions.select().where(actions.c.table_id == table_id).order_by(actions.c.number)
    ).all()
    return dealt, logged


def game_of_rows(table: Any, deals: Sequence[Any], actions: Sequence[Any]) -> tt.Game:
    """The game of a stored table (its rows of tables, deals and actions), by replay."""
    by_deal: dict[int, list[dict[str, Any]]] = {d.number: [] for d in deals}
    for deal_number, seat, action in effective_actions(actions):
        by_deal.setdefault(deal_number, []).append({"seat": seat, "action": action})
    record = {
        "format": FORMAT,
        "rules": table.rules,
        "seed": table.seed,
        "first_dealer": table.first_dealer,
        "deals": [{"deal": d.deal, "actions": by_deal[d.number]} for d in deals],
        "deal_limit": deal_limit_of_table(table),
    }
    return tt.replay(record, deal_source=deal_source_of(table))


def deal_limit_of_table(table: Any) -> int | None:
    """The deals of a table's session (a duplicate event's table: its round's boards), kept
    with its boards; ``None`` for any other table, and for one stored before sessions (it
    replays as it was played, on past its boards)."""
    boards = getattr(table, "boards", None)
    limit = None if boards is None else boards.get("deal_limit")
    return None if limit is None else int(limit)


def deal_source_of(table: Any) -> DealSource | None:
    """Where a stored table's deals come from: its key (a table stored before keys: its seed),
    and a duplicate event's table its round's boards first."""
    key = getattr(table, "deal_key", None)
    if key is None:
        return None
    boards = getattr(table, "boards", None)
    if boards is None:
        return KeyedDeals(bytes.fromhex(key), table.id)
    secrets = tuple(bytes.fromhex(s) for s in boards["secrets"])
    board_deals = BoardDeals(secrets, str(boards["label"]), int(boards["first"]))
    return RoundDeals(board_deals, bytes.fromhex(key))


def deal_key_of(game: tt.Game) -> str | None:
    """The hex key a table stores for its game's deals (``None``: dealt from the seed)."""
    source = game.deal_source
    return source.key.hex() if isinstance(source, KeyedDeals | RoundDeals) else None


def boards_of(game: tt.Game) -> dict[str, Any] | None:
    """What a duplicate event's table stores of its round's boards (``None``: not one)."""
    source = game.deal_source
    if not isinstance(source, RoundDeals):
        return None
    boards = source.boards
    return {"label": boards.label, "first": boards.first, "deal_limit": game.deal_limit,
            "secrets": [s.hex() for s in boards.board_secrets]}  # fmt: skip


def result_of(game: tt.Game) -> dict[str, list[int]]:
    """What a finished table stores as its result."""
    return {"scores": list(game.scores), "winners": list(game.winners)}


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def async_url(url: str) -> str:
    """The async driver's URL for a database URL given by a user."""
    if url.startswith("sqlite://"):
        return "sqlite+aiosqlite://" + url.removeprefix("sqlite://")
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def sync_url(url: str) -> str:
    """The sync driver's URL (for migrations) for a database URL given by a user."""
    if url.startswith("sqlite+aiosqlite://"):
        return "sqlite://" + url.removeprefix("sqlite+aiosqlite://")
    return async_url(url) if url.startswith("postgres") else url


@dataclass(frozen=True)
class StoredTable:
    """Everything stored about one table, enough to rebuild its game by replay."""

    row: sa.Row[Any]
    seats: Sequence[sa.Row[Any]]
    deals: Sequence[sa.Row[Any]]
    actions: Sequence[sa.Row[Any]]
    chat: Sequence[sa.Row[Any]]

    def game(self) -> tt.Game:
        return game_of_rows(self.row, self.deals, self.actions)


class Database:
    """The engine and the few queries the server makes; every use is one transaction.

    SQLite runs synchronously on the event loop's thread: in WAL mode a commit takes a fraction
    of a millisecond, less than handing each statement to a driver thread and back would cost.
    Other databases use SQLAlchemy's async engine.
    """

    def __init__(self, url: str) -> None:
        self.url = async_url(url)
        self.sync_engine: sa.Engine | None = None
        self.engine: AsyncEngine | None = None
        self.moves: MoveWriter | None = None
        self.sqlite_moves: SqliteMoveWriter | None = None
        """SQLite's writer of a single action row without SQLAlchemy's compiling."""
        """PostgreSQL's one-round-trip writer of a single action row (see :mod:`.fastpath`)."""
        self.wake_channel: str | None = None
        """On PostgreSQL with workers: the channel a transaction that writes a job notifies
        (in the same transaction), so that idle workers wait for it instead of polling."""
        # Every use is a begin() block that commits or rolls back, so the pool's extra
        # rollback when a connection returns would only cost another round trip.
        if self.url.startswith("sqlite"):
            self.sync_engine = sa.create_engine(
                sync_url(self.url), pool_size=1, max_overflow=0, pool_reset_on_return=None
            )
            event.listen(self.sync_engine, "connect", _sqlite_pragmas)
            self.sqlite_moves = SqliteMoveWriter(self.sync_engine, actions)
        else:
            # enough connections kept open for a busy process: a pool that overflows opens
            # and closes a connection (a PostgreSQL backend) per transaction past its size
            self.engine = create_async_engine(
                self.url, pool_reset_on_return=None, pool_size=POOL_SIZE, max_overflow=POOL_SIZE
            )
            if self.url.startswith("postgresql"):
                self.moves = MoveWriter(self.url)

    async def run(self, work: Callable[[sa.Connection], T]) -> T:
        """Run ``work`` in one transaction: committed if it returns, rolled back if it raises."""
        if self.sync_engine is not None:
            with self.sync_engine.begin() as conn:
                return work(conn)
        assert self.engine is not None
        async with self.engine.begin() as conn:
            return await conn.run_sync(work)

    async def read(self, work: Callable[[sa.Connection], T]) -> T:
        """Run read-only ``work`` on one snapshot of the database, so that the queries of one
        answer agree with each other (PostgreSQL's default, READ COMMITTED, gives each query a
        snapshot of its own: a game settled between two queries showed in one, not the other)."""

        def snapshot(conn: sa.Connection) -> T:
            if conn.dialect.name == "postgresql":
                conn.execute(sa.text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY"))
            return work(conn)

        return await self.run(snapshot)

    async def store(self, statements: list[Statement], notify: Statement | None) -> None:
        """Execute ``statements`` and the ``notify`` statement (LISTEN/NOTIFY) in one
        transaction; a single action row on PostgreSQL in one round trip (:mod:`.fastpath`)."""
        row = statements[0][1] if len(statements) == 1 else None
        if self.moves is not None and isinstance(row, dict):
            sent = None if notify is None else notify[1]
            pair = (sent["channel"], sent["payload"]) if isinstance(sent, dict) else None
            await self.moves.store(row, pair)
            return
        if self.sqlite_moves is not None and isinstance(row, dict) and notify is None:
            self.sqlite_moves.store(row)
            return
        await self.execute_all(statements if notify is None else [*statements, notify])

    async def execute_all(self, statements: Sequence[Statement]) -> None:
        """Execute ``(statement, parameters or None)`` pairs in one transaction (which wakes
        the workers if it writes a job)."""

        await self.run(lambda conn: self.execute_in(conn, statements))

    def execute_in(self, conn: sa.Connection, statements: Sequence[Statement]) -> None:
        """Execute ``statements`` in the transaction of ``conn`` (waking the workers if they
        write a job), as part of a larger piece of work."""
        for statement, parameters in statements:
            conn.execute(statement, parameters)
        if self.wake_channel is not None and any(map(_writes_job, statements)):
            conn.execute(_WAKE, {"channel": self.wake_channel})

    async def close(self) -> None:
        if self.moves is not None:
            await self.moves.close()
        if self.engine is not None:
            await self.engine.dispose()
        if self.sqlite_moves is not None:
            self.sqlite_moves.close()
        if self.sync_engine is not None:
            self.sync_engine.dispose()

    async def load(self, table_id: str) -> StoredTable | None:
        def work(conn: sa.Connection) -> StoredTable | None:
            row = conn.execute(tables.select().where(tables.c.id == table_id)).first()
            if row is None:
                return None

            def rows(table: sa.Table, order: sa.ColumnElement[Any]) -> Sequence[Any]:
                query = table.select().where(table.c.table_id == table_id).order_by(order)
                return conn.execute(query).all()

            return StoredTable(
                row,
                rows(seats, seats.c.seat),
                rows(deals, deals.c.number),
                rows(actions, actions.c.number),
                rows(chat, chat.c.id),
            )

        return await self.run(work)

    async def load_seats(self, table_id: str) -> Sequence[sa.Row[Any]]:
        def work(conn: sa.Connection) -> Sequence[sa.Row[Any]]:
            query = seats.select().where(seats.c.table_id == table_id).order_by(seats.c.seat)
            return conn.execute(query).all()

        return await self.run(work)

    async def action_count(self, table_id: str) -> int:
        """Rows in the table's action log (the next row's number)."""

        def work(conn: sa.Connection) -> int:
            query = sa.select(sa.func.count()).where(actions.c.table_id == table_id)
            return int(conn.execute(query).scalar() or 0)

        return await self.run(work)

    async def away(self, table_id: str) -> bool:
        """Whether the table is marked as left by every player (a worker plays nothing)."""

        def work(conn: sa.Connection) -> bool:
            query = sa.select(tables.c.away).where(tables.c.id == table_id)
            return bool(conn.execute(query).scalar())

        return await self.run(work)

    async def unfinished_ids(self) -> list[str]:
        def work(conn: sa.Connection) -> list[str]:
            query = sa.select(tables.c.id).where(tables.c.status != "over")
            return [str(r[0]) for r in conn.execute(query)]

        return await self.run(work)


_WAKE = sa.text("SELECT pg_notify(:channel, '')")


def _writes_job(statement: Statement) -> bool:
    """Whether a statement inserts or updates a row of the jobs table (a job becomes due)."""
    query = statement[0]
    table = getattr(query, "table", None)
    return isinstance(query, sa.Insert | sa.Update) and getattr(table, "name", None) == "jobs"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL survives a killed process (not a power cut) at a far lower
    # cost per commit than the default rollback journal.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
