"""One live table's actor: the lock, the store, the connections and the timers.

What the table is and what a move does is the pure :class:`~.table_state.TableState`; this
async part serialises the changes under :attr:`TableRuntime.lock`, stores each move's rows (the
state's own statements) and only then broadcasts the state messages the state builds, in one
step that a cancelled caller cannot split; should the database already hold rows this runtime
missed, the stored log is taken up instead. Bots, substitutes for absent players and expired
turn timers are all "automatic moves" scheduled after each change; a table every player has
left (:attr:`~.table_state.TableState.paused`) makes none until one is back.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import sqlalchemy as sa
from sqlalchemy.exc import SQLAlchemyError

from tricktable import Game
from tricktable.actions import Action
from tricktable.i18n import N_

from . import automatic, table_chat
from . import db as store
from .config import Settings
from .refusals import TableError, Term, hash_token
from .schemas import ChatOut, TableOut
from .services import Services
from .supervisor import STOP_SECONDS, end_tasks
from .table_state import Move, SeatState, TableInfo, TableState

log = logging.getLogger(__name__)

__all__ = [
    "Client",
    "SeatState",
    "TableError",
    "TableInfo",
    "TableRuntime",
    "Term",
    "hash_token",
    "run_to_end",
]

T = TypeVar("T")


class Client(Protocol):
    """A connection as the table sees it: a seat (None: spectator) with the token it came
    with, and a way to send text."""

    seat: int | None
    token: str | None

    def push(self, text: str) -> None: ...

    def retire(self, code: str, message: str) -> None:
        """Tell the client why it may no longer play its seat, then close it."""


async def run_to_end(step: asyncio.Future[T]) -> T:
    """Await ``step`` to its end even if the caller is cancelled meanwhile; the caller's
    cancellation is raised once the step is done."""
    interrupted = False
    while not step.done():
        try:
            await asyncio.shield(step)
        except asyncio.CancelledError:
            interrupted = True
    if interrupted:
        raise asyncio.CancelledError
    return step.result()


class TableRuntime:
    """The actor of one live table (see the module's description)."""

    def __init__(
        self,
        info: TableInfo,
        game: Game,
        seats: list[SeatState],
        services: Services,
        chat: list[ChatOut] | None = None,
    ) -> None:
        self.services = services
        self.state = TableState(info, game, seats, services.settings, services.role)
        self.chat: list[ChatOut] = chat or []
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.remote: dict[str, list[int]] = {}
        """Connections per seat in each other server process holding this table."""
        self.chat_times: dict[int, list[float]] = {}
        self.on_idle: Callable[[TableRuntime], None] | None = None
        """Called when a finished table loses its last connection (so memory can be freed)."""
        self.on_over: Callable[[TableRuntime], None] | None = None
        """Called once the game has ended (statistics and ratings are settled from there)."""
        self.closed = False
        """Set when the server stops: nothing more is planned."""
        self._timer: asyncio.Task[None] | None = None
        self._generation = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._announced: list[int] | None = None
        """The connections per seat (0 or 1) this process last announced."""
        self._asked: tuple[int, int] | None = None
        """The (log row, seat) of the last substitute job this process asked the workers for."""
        self.away_lock = asyncio.Lock()
        """Held while whether everyone has left is stored: one write at a time, each of the
        table's presence as it is then."""

    # the state's parts, as the other modules know them

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def info(self) -> TableInfo:
        return self.state.info

    @property
    def seats(self) -> list[SeatState]:
        return self.state.seats

    @property
    def moved_by(self) -> dict[str, Any] | None:
        return self.state.moved_by

    @moved_by.setter
    def moved_by(self, moved_by: dict[str, Any] | None) -> None:
        self.state.moved_by = moved_by

    @property
    def bot_speed(self) -> str:
        return self.state.bot_speed

    @bot_speed.setter
    def bot_speed(self, speed: str) -> None:
        self.state.bot_speed = speed

    @property
    def table_id(self) -> str:
        return self.info.table_id

    @property
    def settings(self) -> Settings:
        return self.services.settings

    @property
    def database(self) -> store.Database:
        return self.services.database

    @property
    def seq(self) -> int:
        return self.state.seq

    @property
    def waiting(self) -> bool:
        return self.state.waiting

    @property
    def host_seat(self) -> int | None:
        return self.state.host_seat

    def public(self) -> dict[str, Any]:
        return self.state.public()

    def state_text(self, seat: int | None) -> str:
        return self.state.state_texts({seat})[seat]

    def seat_for_token(self, token: str) -> int | None:
        return self.state.seat_for_token(token)

    def bot_delay(self) -> float:
        return self.state.bot_delay()

    def forget_asked(self) -> None:
        self._asked = None

    # -- connections -------------------------------------------------------------------------

    def attach(self, client: Client) -> None:
        if client.seat is not None:  # the newest connection of a seat wins
            for other in [c for c in self.clients if c.seat == client.seat]:
                self._retire(other)
        self.clients.add(client)
        if client.seat is not None:
            self.seats[client.seat].connections += 1
            self._connections_changed()

    def _retire(self, client: Client) -> None:
        """Take ``client``'s seat from it (it stays counted until it is detached)."""
        client.retire("replaced", N_("this seat is now played from another page"))

    def retire_stale(self) -> None:
        """Retire the connections whose token no longer holds their seat (it was given back
        to its player elsewhere: a signed-in player resumed it)."""
        for client in list(self.clients):
            if client.seat is None or client.token is None:
                continue
            if self.seats[client.seat].token_hash != hash_token(client.token):
                self._retire(client)

    def detach(self, client: Client) -> None:
        if client not in self.clients:
            return
        self.clients.discard(client)
        if client.seat is not None:
            self.seats[client.seat].connections -= 1
            self._connections_changed()
        if self.game.is_over and not self.clients and self.on_idle is not None:
            self.on_idle(self)

    def _connections_changed(self) -> None:
        # the other processes need to know whether a seat has someone here, not how many
        here = [min(seat.connections, 1) for seat in self.seats]
        if here != self._announced:
            self._announced = here
            self.services.announce(self.services.message(self.table_id, "presence", c=here))
        self.settle_presence(mark_away=True)

    def settle_presence(self, mark_away: bool = False) -> None:
        """Take up who is connected; ``mark_away``: this process saw the change (a connection
        of its own came or went, or another process died), so it stores whether everyone has
        left (see :func:`.automatic.store_away`): a process that only heard of a change from
        another does not, or a late write of its could undo the other's."""
        now = asyncio.get_running_loop().time()
        if self.state.settle_presence(now) and self.services.uses_jobs:
            self._spawn(automatic.cancel_substitute(self))
        if mark_away and self.services.role != "worker":
            self._spawn(automatic.store_away(self))
        self._presence_changed()

    def _presence_changed(self) -> None:
        self._broadcast_table()
        self.schedule()

    def settings_changed(self) -> None:
        """A setting of the table changed (its timer): tell every client, plan again."""
        self._presence_changed()

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _broadcast_table(self) -> None:
        text = TableOut(table=self.public()).model_dump_json()
        for client in list(self.clients):
            client.push(text)

    def broadcast_state(self) -> None:
        clients = list(self.clients)
        texts = self.state.state_texts({client.seat for client in clients})
        for client in clients:
            client.push(texts[client.seat])

    # -- joining and chat --------------------------------------------------------------------

    async def join(self, name: str, wanted: int | None) -> tuple[int, str]:
        async with self.lock:
            seat = self.state.free_seat(name, wanted)
            token = secrets.token_urlsafe(24)
            was_waiting = self.waiting
            await self._store_seat(seat, {"name": name, "token_hash": hash_token(token)})
            seat.left_at = asyncio.get_running_loop().time()
        self.services.announce(self.services.message(self.table_id, "seats"))
        self.seats_changed(was_waiting)
        return seat.seat, token

    async def seat_bot(self, token: str, seat_number: int, level: str) -> None:
        """Give the empty person's seat ``seat_number`` to a bot of ``level``: the creator's
        choice alone (recognised by the token of :attr:`host_seat`). Refusals change nothing."""
        async with self.lock:
            seat = self.state.seat_for_bot(token, seat_number)
            was_waiting = self.waiting
            await self._store_seat(seat, {"kind": "bot", "level": level})
        self.services.announce(self.services.message(self.table_id, "seats"))
        self.seats_changed(was_waiting)

    def seats_changed(self, was_waiting: bool) -> None:
        """Tell the clients of new seats; the first deal's views too if the wait is over."""
        if was_waiting and not self.waiting:
            self.broadcast_state()
        self._presence_changed()

    async def _store_seat(self, seat: SeatState, values: dict[str, Any]) -> None:
        """Store new ``values`` of ``seat``'s row (its attributes of the same names) and take
        them up; if the table stops waiting with them, the job of its first automatic move
        goes in the same transaction. Should the database refuse, the seat is as it was."""
        was_waiting = self.waiting
        before = {key: getattr(seat, key) for key in values}
        for key, value in values.items():
            setattr(seat, key, value)
        try:
            await self.database.execute_all(self.state.seat_statements(seat, was_waiting))
        except BaseException:
            for key, value in before.items():
                setattr(seat, key, value)
            raise

    async def reissue(self, seat_number: int) -> str:
        """A new token for an occupied seat (its player signed in elsewhere); the old one ends."""
        token = secrets.token_urlsafe(24)
        await self.assign_token(seat_number, token)
        return token

    async def assign_token(self, seat_number: int, token: str) -> None:
        """Make ``token`` the one credential of an occupied seat (stored as its hash)."""
        async with self.lock:
            seat = self.seats[seat_number]
            if seat.name is None:
                raise TableError(
                    "no_seat", "seat {seat} has nobody to give it back to", seat=seat_number
                )
            digest = hash_token(token)
            if seat.token_hash == digest:
                return
            claim = (
                sa.update(store.seats)
                .where(store.seats.c.table_id == self.table_id)
                .where(store.seats.c.seat == seat_number)
                .values(token_hash=digest)
            )
            await self.database.execute_all([(claim, None)])
            seat.token_hash = digest
        self.retire_stale()
        self.services.announce(self.services.message(self.table_id, "seats"))

    async def add_chat(self, seat: int, text: str) -> None:
        await table_chat.add(self, seat, text)

    # -- actions -----------------------------------------------------------------------------

    async def submit(self, seat: int, action: Action | str, seq: int, actor: str = "human") -> None:
        """Apply, commit, then broadcast one action of ``seat`` (an ``Action``, or its text
        from a client); :class:`TableError` if refused."""
        async with self.lock:
            self.state.check_turn(seat, seq, actor)
            await self._commit(self.state.play(seat, action, actor))

    def finished(self) -> None:
        """Tell the end-of-game hook (it queues work; it must not delay the table)."""
        if self.on_over is not None:
            self.on_over(self)

    async def commit(
        self, game: Game, rows: list[dict[str, Any]], moved_by: dict[str, Any] | None
    ) -> None:
        """Store ``rows`` (each a row of the action log without its number) and make ``game``
        the table's state, then broadcast it and plan the next automatic move. Call it holding
        :attr:`lock`."""
        await self._commit(self.state.replacing(game, rows, moved_by))

    async def _commit(self, move: Move) -> None:
        """Store ``move``: one step that a cancelled caller cannot split (once the rows are
        stored the state follows, so the log's next number is never handed out twice)."""
        await run_to_end(asyncio.ensure_future(self._store_then_apply(move)))

    async def _store_then_apply(self, move: Move) -> None:
        news = self._news(self.info.stored_actions, move.rows, move.moved_by)
        broker = self.services.broker
        notify = broker.statement(news) if news and broker.in_transaction else None
        try:
            await self.database.store(move.statements, notify)
        except sa.exc.IntegrityError:
            # the log already holds these numbers: an earlier commit whose answer was lost
            # (or another writer); the stored log is the truth, so take it up and refuse
            await self.resync()
            raise TableError("stale_seq", "the table had moved on; here is its state") from None
        except SQLAlchemyError as exc:
            log.warning("table %s: action not stored: %s", self.table_id, exc)
            raise TableError(
                "not_stored", "the action could not be saved; try again", 503
            ) from None
        after = self.state.stored(move)
        self.services.metrics.moves.labels(actor=move.rows[0]["actor"]).inc(len(move.rows))
        if news is not None and not broker.in_transaction:
            self.services.announce(news)
        self.take(after, move.moved_by)
        if after.is_over:
            self.finished()

    def _news(
        self, first: int, rows: list[dict[str, Any]], moved_by: dict[str, Any] | None
    ) -> dict[str, Any] | None:
        """The message telling the other processes of these rows (None: there are none)."""
        if self.services.role == "single":
            return None
        shown = [[r["deal_number"], r["seat"], r["action"], r["actor"]] for r in rows]
        return self.services.message(self.table_id, "actions", n=first, rows=shown, m=moved_by)

    def take(self, game: Game, moved_by: dict[str, Any] | None) -> None:
        self.state.take(game, moved_by)
        self.broadcast_state()
        self.schedule()

    async def resync(self) -> None:
        """Take up the stored log as the table's state (it holds what this runtime missed)."""
        stored = await self.database.load(self.table_id)
        if stored is None:
            return
        self.info.stored_actions = len(stored.actions)
        self.info.stored_deals = len(stored.deals)
        last = stored.actions[-1] if stored.actions else None
        moved_by = None if last is None else {"seat": last.seat, "actor": last.actor}
        log.warning(
            "table %s: took up the stored log at row %d", self.table_id, len(stored.actions)
        )
        self.take(stored.game(), moved_by)

    # -- automatic moves ---------------------------------------------------------------------

    def schedule(self) -> None:
        """Plan the next automatic move (bot, substitute or timer) after any change."""
        if self.closed:
            return
        self._generation += 1
        if self._timer is not None and not self._timer.done():
            self._timer.cancel()
        self._timer = None
        plan = self._automatic_plan() if self.services.role != "worker" else None
        if plan is None:
            return
        delay, actor = plan
        if self.services.uses_jobs and actor != "grace":
            # bots and timers: the storing transaction wrote the job; a substitute: ask once
            seat, number = self.game.to_move, self.info.stored_actions
            if actor == "substitute" and seat is not None and self._asked != (number, seat):
                self._asked = (number, seat)
                self._spawn(automatic.substitute_job(self, seat))
            return
        task = asyncio.create_task(self._automatic_move(self._generation, delay, actor))
        self._timer = task
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: automatic move failed", self.table_id, exc_info=task.exception())

    def _automatic_plan(self) -> tuple[float, str] | None:
        return self.state.automatic_plan(lambda: asyncio.get_running_loop().time())

    async def set_bot_speed(self, speed: str) -> None:
        await automatic.set_bot_speed(self, speed)

    async def stored_bot_delay(self) -> float:
        return await automatic.stored_bot_delay(self)

    async def _automatic_move(self, generation: int, delay: float, actor: str) -> None:
        if actor == "bot" and self.state.solo_seat() is not None:
            delay = await automatic.stored_bot_delay(self)
        await asyncio.sleep(delay)
        seat = self.game.to_move
        if generation != self._generation or seat is None:
            return
        if actor == "grace":
            self.seats[seat].substituted = True
            self._presence_changed()
            return
        seq = self.seq
        choice = await automatic.play_here(self, seat)
        loop = asyncio.get_running_loop()
        if generation != self._generation:
            return
        self._timer = None  # from here on the move must not be cancelled half-stored
        try:
            await self.submit(seat, choice, seq, actor)
        except TableError as exc:
            log.info("table %s: automatic move refused: %s", self.table_id, exc.message)
            if exc.code == "not_stored":  # a database hiccup must not stall the table
                loop.call_later(self.settings.retry_seconds, self.schedule)

    async def close(self) -> None:
        self.closed = True
        self._generation += 1
        await end_tasks(list(self._tasks), STOP_SECONDS, f"table {self.table_id}")
