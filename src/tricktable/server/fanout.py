"""What the other processes announce, taken up by the tables this process holds.

Each server announces the rows it stores (``actions``), chat, seat changes and its own
connections per seat (``presence``), and every few seconds that it is ``alive``. A process that
stops announcing is forgotten after a few heartbeats, and so are the connections it reported
(its players reconnect to another process).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from tricktable import TricktableError

from . import db as store
from .broker import Message
from .schemas import ChatOut
from .table import TableError

if TYPE_CHECKING:
    from .hub import Hub
    from .table import TableRuntime

log = logging.getLogger(__name__)

__all__ = ["HEARTBEAT", "Peers", "reload_seats"]

HEARTBEAT = 2.0
"""Seconds between a process's ``alive`` messages; silent for three of them, it is gone."""


class Peers:
    """The other processes as this one hears them."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.seen: dict[str, float] = {}

    def take(self, message: Message) -> None:
        process = message.get("p")
        services = self.hub.services
        if not isinstance(process, str) or process == services.process_id:
            return
        self.seen[process] = time.monotonic()
        kind = message.get("k")
        table_id = message.get("t")
        hub = self.hub
        runtime = (
            (hub.tables.get(table_id) or hub.finished.get(table_id))
            if isinstance(table_id, str)
            else None
        )
        if runtime is None:
            return
        if kind == "actions":
            rows, moved_by = message["rows"], message.get("m")
            if not take_rows_now(runtime, message["n"], rows, moved_by):
                self._spawn(take_rows(runtime, message["n"], rows, moved_by))
        elif kind == "reload":
            self._spawn(_reload(runtime))
        elif kind == "presence":
            take_presence(runtime, process, [int(c) for c in message["c"]])
        elif kind == "hello":
            counts = [seat.connections for seat in runtime.seats]
            if any(counts):
                services.announce(services.message(runtime.table_id, "presence", c=counts))
        elif kind == "chat":
            _chat(runtime, message["c"])
        elif kind == "seats":
            self._spawn(reload_seats(runtime))
        elif kind == "rematch":
            from .rematch import tell_here

            self._spawn(tell_here(self.hub, runtime, str(message["n"])))

    def _spawn(self, work: Any) -> None:
        # owned by the process's supervisor: ended at shutdown, a failure logged by name
        self.hub.services.tasks.spawn("taking up a broker message", work)

    async def heartbeat(self) -> None:
        """Say this process is alive and forget the processes that went quiet (runs forever)."""
        services = self.hub.services
        while True:
            services.announce(services.message(None, "alive"))
            await asyncio.sleep(HEARTBEAT)
            self.forget_quiet()

    def forget_quiet(self) -> None:
        """Forget processes silent for three heartbeats, and the connections they reported."""
        now = time.monotonic()
        for process in [p for p, at in self.seen.items() if now - at > 3 * HEARTBEAT]:
            del self.seen[process]
            log.info("broker: process %s went quiet; its connections are forgotten", process)
            for runtime in list(self.hub.tables.values()):
                if process in runtime.remote:
                    take_presence(runtime, process, None)


def take_rows_now(
    runtime: TableRuntime, first: int, rows: list[list[Any]], moved_by: dict[str, Any] | None
) -> bool:
    """Play on rows that follow the runtime's log at once, when nothing holds its lock (the
    common case: no task and no lock per announcement); False if :func:`take_rows` must."""
    if runtime.lock.locked() or first != runtime.info.stored_actions:
        return False
    return _played_on(runtime, rows, moved_by)


async def take_rows(
    runtime: TableRuntime, first: int, rows: list[list[Any]], moved_by: dict[str, Any] | None
) -> None:
    """Rows of the action log another process stored (``[deal, seat, action, actor]`` from
    row ``first`` on): played on if they follow the runtime's log, else the log is read."""
    async with runtime.lock:
        known = runtime.info.stored_actions
        if first + len(rows) <= known:
            return  # taken up already (a resync got there first)
        if first != known or not _played_on(runtime, rows, moved_by):
            await runtime.resync()


def _played_on(
    runtime: TableRuntime, rows: list[list[Any]], moved_by: dict[str, Any] | None
) -> bool:
    """Play ``rows`` (which follow the stored log) on the runtime's game; False, and the game
    unchanged, if they cannot be (an undo, or out of step: the stored log is read instead)."""
    if any(row[2] == store.UNDO for row in rows):
        return False
    game = runtime.game
    if len(rows) > 1:  # a failure halfway must leave the game as it was
        game = game.copy()
    try:
        for _, seat, action, _ in rows:
            if game.to_move != seat:
                raise TableError("out_of_step", "seat {seat} is not to move", seat=seat)
            game.apply(action)  # checked: no change if refused
    except (TricktableError, TableError):
        return False
    runtime.info.stored_actions += len(rows)
    runtime.info.stored_deals = max(runtime.info.stored_deals, len(game.deals))
    runtime.take(game, moved_by)
    return True


def take_presence(runtime: TableRuntime, process: str, counts: list[int] | None) -> None:
    """Another server's connections per seat (None: that process is gone)."""
    if counts is None:
        runtime.remote.pop(process, None)
    else:
        runtime.remote[process] = counts
    for seat in runtime.seats:
        seat.remote = sum(c[seat.seat] for c in runtime.remote.values() if seat.seat < len(c))
    runtime.settle_presence(mark_away=counts is None and process != "")


async def _reload(runtime: TableRuntime) -> None:
    async with runtime.lock:
        await runtime.resync()


async def reload_seats(runtime: TableRuntime) -> None:
    """Take up the stored seats (names, tokens, and bots given an empty seat) and tell the
    clients."""
    stored = await runtime.database.load_seats(runtime.table_id)
    was_waiting = runtime.waiting
    for row in stored:
        seat = runtime.seats[row.seat]
        seat.name, seat.token_hash = row.name, row.token_hash
        seat.kind, seat.level = row.kind, row.level
    if was_waiting and not runtime.waiting:
        runtime.broadcast_state()
    runtime.retire_stale()
    take_presence(runtime, "", None)  # settle presence and tell the clients


def _chat(runtime: TableRuntime, data: dict[str, Any]) -> None:
    message = ChatOut.model_validate(data)
    runtime.chat = [*runtime.chat, message][-runtime.settings.chat_history :]
    text = message.model_dump_json()
    for client in list(runtime.clients):
        client.push(text)
