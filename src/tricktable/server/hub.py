"""The live tables of one server: created, loaded from the database by replay, restored."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import weakref
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

import tricktable as tt
from tricktable.fair import KEY_BYTES, KeyedDeals

from . import automatic, fanout, jobs, ratings
from . import db as store
from .broker import Message
from .config import BotFactory, Settings
from .schemas import ChatOut, CreateTable, SeatSpec
from .services import Services
from .supervisor import check_cancelled
from .table import SeatState, TableError, TableInfo, TableRuntime
from .table_state import TableState

__all__ = ["Hub", "NewTable", "record_with_seats", "rules_from"]

log = logging.getLogger(__name__)


def rules_from(game: str, options: dict[str, Any]) -> tt.Rules:
    """Validated rules, or :class:`TableError` quoting the rules' own explanation."""
    try:
        return tt.rules(game, **options)
    except tt.RulesError as exc:
        raise TableError.engine("bad_rules", exc) from None


@dataclass
class NewTable:
    """A table not stored yet: what :meth:`statements` store and :meth:`Hub.open` runs."""

    info: TableInfo
    game: tt.Game
    seats: list[SeatState]
    accounts: dict[int, int] = field(default_factory=dict)
    """The account id of each seat given to a signed-up player."""
    creator: str | None = None
    """A hash of the client that asked for the table (its live tables are capped)."""

    @property
    def table_id(self) -> str:
        return self.info.table_id

    def statements(self) -> list[store.Statement]:
        rules = self.game.rules
        table_row = {
            "id": self.table_id,
            "game": rules.name,
            "rules": str(rules),
            "options": _options_json(rules),
            "seed": self.game.seed,
            "first_dealer": self.game.first_dealer,
            "allow_spectators": self.info.allow_spectators,
            "turn_seconds": self.info.turn_seconds,
            "status": "playing",
            "created_at": store.now(),
            "private": self.info.private,
            "creator": self.creator,
            "bot_only": all(s.kind == "bot" for s in self.seats),
            "deal_key": store.deal_key_of(self.game),
            "boards": store.boards_of(self.game),
        }
        seat_rows = [
            {
                "table_id": self.table_id,
                "seat": s.seat,
                "kind": s.kind,
                "level": s.level,
                "name": s.name,
                "token_hash": s.token_hash,
                "account_id": self.accounts.get(s.seat),
            }
            for s in self.seats
        ]
        return [
            (store.tables.insert(), table_row),
            (store.seats.insert(), seat_rows),
            (store.deals.insert(), store.deal_rows(self.table_id, self.game, 0)),
        ]


class Hub:
    """Every table this server has in memory, keyed by id."""

    def __init__(self, services: Services, rng: random.Random) -> None:
        self.services = services
        self.rng = rng
        self.tables: dict[str, TableRuntime] = {}
        # finished tables are not kept, but while someone is connected to one it is found here,
        # so everyone at it shares one runtime (and hears of a rematch)
        self.finished: weakref.WeakValueDictionary[str, TableRuntime] = (
            weakref.WeakValueDictionary()
        )
        self.settling: asyncio.Queue[str] = asyncio.Queue()
        self._loading = asyncio.Lock()
        self.peers = fanout.Peers(self)

    @property
    def database(self) -> store.Database:
        return self.services.database

    @property
    def settings(self) -> Settings:
        return self.services.settings

    @property
    def bot_factory(self) -> BotFactory:
        return self.services.bot_factory

    async def queue_depth(self) -> int:
        """Bot moves and analysis waiting: due jobs (with workers) or this pool's tasks."""
        if not self.services.uses_jobs:
            return self.services.compute.pending
        return await self.database.run(jobs.queue_depth)

    def on_message(self, message: Message) -> None:
        """A message of another process (see :mod:`.broker`)."""
        self.peers.take(message)

    async def create(self, spec: CreateTable, creator: str | None = None) -> TableRuntime:
        """A new table (``creator``: a hash of the client that asked, for the caps)."""
        table = self.new_table(spec)
        table.creator = creator
        await self.database.execute_all(self.storing(table))
        return self.open(table)

    def storing(self, table: NewTable) -> list[store.Statement]:
        """The statements that store a new table, with its first bot turn's job (workers)."""
        statements = table.statements()
        if self.services.uses_jobs:
            state = TableState(
                table.info, table.game, table.seats, self.settings, self.services.role
            )
            statements += automatic.stored_plan(state, False, table.game, 0)
        return statements

    def new_table(self, spec: CreateTable) -> NewTable:
        """A table to store, then open: its rules checked, its seed and its deals' key drawn
        (every deal's secret comes from the key: tricktable.fair), its seats laid out."""
        rules = rules_from(spec.game, spec.options)
        table_id = secrets.token_urlsafe(9)
        seed = self.rng.getrandbits(62)
        # the hub's generator is secrets.SystemRandom unless a test injects a seeded one, so
        # a table's key is a secret in service and reproducible in a test
        deals = KeyedDeals(self.rng.randbytes(KEY_BYTES), table_id)
        game = tt.Game(rules, seed=seed, deal_source=deals)
        seat_specs = self._seat_specs(spec.seats, game.player_count)
        info = TableInfo(
            table_id,
            spec.allow_spectators,
            spec.turn_seconds,
            store.now().isoformat(),
            len(game.deals),
            spec.private,
        )
        seats = [
            SeatState(n, s.kind, s.level if s.kind == "bot" else None)
            for n, s in enumerate(seat_specs)
        ]
        return NewTable(info, game, seats)

    def open(self, table: NewTable) -> TableRuntime:
        """The live table of a :class:`NewTable` just stored; its first automatic move planned."""
        now = asyncio.get_running_loop().time()
        for seat in table.seats:
            if seat.name is not None:  # a seat given to someone who is not here yet
                seat.left_at = now
        runtime = self._runtime(table.info, table.game, table.seats, [])
        runtime.schedule()
        return runtime

    @staticmethod
    def _seat_specs(given: list[SeatSpec] | None, players: int) -> list[SeatSpec]:
        if given is None:
            return [SeatSpec(kind="human")] + [SeatSpec(kind="bot")] * (players - 1)
        if len(given) != players:
            raise TableError(
                "bad_seats",
                "these rules seat {players} players; {given} seats were given",
                400,
                players=players,
                given=len(given),
            )
        return given

    def _runtime(
        self, info: TableInfo, game: tt.Game, seats: list[SeatState], chat: list[ChatOut]
    ) -> TableRuntime:
        runtime = TableRuntime(info, game, seats, self.services, chat=chat)
        runtime.on_idle = self._forget
        runtime.on_over = self._settle
        self.tables[info.table_id] = runtime
        return runtime

    def _settle(self, runtime: TableRuntime) -> None:
        self.settling.put_nowait(runtime.table_id)

    async def settle_loop(self) -> None:
        """Settle statistics and ratings of ended games, one at a time, in the background.

        Runs as a task of the server's lifespan (not of the request whose move ended the
        game, which may be torn down first); first it settles games a stopped server left.
        """
        for table_id in await self.database.run(ratings.unsettled_ids):
            self.settling.put_nowait(table_id)
        while True:
            table_id = await self.settling.get()
            try:
                await ratings.settle(self.database, table_id)
            except Exception:
                log.exception("table %s: statistics and ratings not settled", table_id)
            check_cancelled()

    def _forget(self, runtime: TableRuntime) -> None:
        # a finished table is reloaded from the database if anyone asks for it again
        if self.tables.get(runtime.table_id) is runtime:
            del self.tables[runtime.table_id]

    async def get(self, table_id: str) -> TableRuntime:
        """The live table, loaded from the database if need be; TableError if there is none."""
        runtime = self.tables.get(table_id) or self.finished.get(table_id)
        if runtime is not None:
            return runtime
        async with self._loading:
            runtime = self.tables.get(table_id) or self.finished.get(table_id)
            if runtime is None:
                runtime = await self._load(table_id)
        return runtime

    async def _load(self, table_id: str) -> TableRuntime:
        stored = await self.database.load(table_id) if len(table_id) <= 32 else None
        if stored is None:
            raise TableError(
                "not_found", "there is no table {table_id}", 404, table_id=repr(table_id)
            )
        game = stored.game()
        row = stored.row
        info = TableInfo(
            row.id,
            row.allow_spectators,
            row.turn_seconds,
            row.created_at.isoformat(),
            len(stored.deals),
            row.private,
            len(stored.actions),
            row.rematch_id,
        )
        now = asyncio.get_running_loop().time()
        seats = [
            SeatState(
                s.seat,
                s.kind,
                s.level,
                s.name,
                s.token_hash,
                left_at=now if s.name is not None else None,
            )
            for s in stored.seats
        ]
        chat = [
            ChatOut(seat=c.seat, name=c.name, text=c.text, at=c.created_at.isoformat())
            for c in stored.chat[-self.settings.chat_history :]
        ]
        if row.boards is not None:  # a duplicate event's table
            info.event = await self.database.run(lambda conn: event_of(conn, table_id))
        runtime = self._runtime(info, game, seats, chat)
        runtime.bot_speed = row.bot_speed or "normal"
        runtime.state.away_stored = bool(row.away)
        if stored.actions:
            last = stored.actions[-1]
            runtime.moved_by = {"seat": last.seat, "actor": last.actor}
        if game.is_over:  # read-only from now on: serve it without keeping it in memory
            self._forget(runtime)
            self.finished[table_id] = runtime
        elif self.services.role == "server":  # who is connected elsewhere?
            self.services.announce(self.services.message(table_id, "hello"))
        runtime.schedule()
        return runtime

    async def restore_all(self) -> int:
        """Load every unfinished table (so bots and timers resume); the number restored."""
        ids = await self.database.unfinished_ids()
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    async def close(self) -> None:
        """Close every live table at once (each ends its tasks within a bound)."""
        await asyncio.gather(*(runtime.close() for runtime in list(self.tables.values())))


_EVENT_OF = sa.text(
    "SELECT t.event_id, t.round, e.boards, e.name FROM event_tables t"
    " JOIN events e ON e.id = t.event_id WHERE t.table_id = :table_id"
)


def event_of(conn: sa.Connection, table_id: str) -> dict[str, Any] | None:
    """The event, round, boards per round and event name of an event's table (else None)."""
    found = conn.execute(_EVENT_OF, {"table_id": table_id}).first()
    if found is None:
        return None
    event_id, number, boards, name = found
    return {"event_id": event_id, "round": int(number), "boards": int(boards), "name": name}


def _options_json(rules: tt.Rules) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in rules.options.items()}


def record_with_seats(runtime: TableRuntime) -> dict[str, Any]:
    """The game record plus the table: seat names and kinds, table options."""
    record = runtime.game.record()
    record["table"] = {
        "table_id": runtime.table_id,
        "allow_spectators": runtime.info.allow_spectators,
        "turn_seconds": runtime.info.turn_seconds,
        "created_at": runtime.info.created_at,
    }
    record["seats"] = [
        {"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name} for s in runtime.seats
    ]
    return record
