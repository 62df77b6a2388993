"""One live table: its game (the authority), its seats, its connections and its automatic moves.

Every state change goes through :meth:`TableRuntime.commit` (a move through
:meth:`TableRuntime.submit`, which first checks it against the engine): the action log's rows are
committed to the database and only then is the new state taken up and broadcast, in one step
that a cancelled caller cannot split; should the database already hold rows this runtime missed,
the stored log is taken up instead. Bots, substitutes for
absent players and expired turn timers are all "automatic moves" scheduled after each change.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import sqlalchemy as sa
from sqlalchemy.exc import SQLAlchemyError

from tricktable import Game, TricktableError
from tricktable.i18n import N_, Translator

from . import automatic, states
from . import db as store
from .config import BOT_SPEEDS, BotFactory, Settings
from .schemas import ChatOut, TableOut
from .services import Services
from .supervisor import STOP_SECONDS, end_tasks

log = logging.getLogger(__name__)

__all__ = [
    "Client",
    "SeatState",
    "TableError",
    "TableRuntime",
    "Term",
    "hash_token",
    "run_to_end",
]

T = TypeVar("T")


class Term(str):
    """A value of a :class:`TableError` that is itself words to translate ("undo")."""

    __slots__ = ()


class TableError(Exception):
    """A request the table refuses: ``code`` is machine-readable, the message is for people.

    The message is an English template (its ``{name}`` fields in ``values``), so each receiver
    reads it in its own language (:meth:`detail`) and nothing shared holds a translated text;
    ``message`` is the English, for logs.
    """

    def __init__(self, code: str, message: str, status: int = 409, **values: object) -> None:
        self.template = message
        self.values = values
        self.message = message.format(**values) if values else message
        super().__init__(self.message)
        self.code = code
        self.status = status

    @classmethod
    def engine(cls, code: str, error: TricktableError, status: int = 400) -> TableError:
        """A refusal that is the engine's own explanation (a bad option, an unknown game),
        said in each reader's language as the engine's template is."""
        return cls(code, _ENGINE_SAYS, status, reason=error)

    @classmethod
    def worded(
        cls, code: str, english: str, template: str, status: int = 409, **values: object
    ) -> TableError:
        """A refusal whose English is another's full text (the engine's explanation of an
        illegal move) and which the other languages say as ``template``."""
        refusal = cls(code, template, status, **values)
        refusal.message = english
        refusal.args = (english,)
        return refusal

    def detail(self, words: Translator) -> str:
        """The message in the reader's language (a text the catalogs lack stays English)."""
        if words.code == "en":
            return self.message
        said = words.gettext(self.template)
        if not self.values:
            return said
        return said.format(**{name: _said(value, words) for name, value in self.values.items()})


_ENGINE_SAYS = "{reason}"
"""The template of an engine error's refusal (a name, so the catalogs do not take it as a
message: the engine's own template is the one translated)."""


def _said(value: object, words: Translator) -> object:
    if isinstance(value, Term):
        return words.gettext(value)
    if isinstance(value, TricktableError):
        return value.said(words.gettext)
    return value


class Client(Protocol):
    """A connection as the table sees it: a seat (None: spectator) with the token it came
    with, and a way to send text."""

    seat: int | None
    token: str | None

    def push(self, text: str) -> None: ...

    def retire(self, code: str, message: str) -> None:
        """Tell the client why it may no longer play its seat, then close it."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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


@dataclass
class SeatState:
    seat: int
    kind: str
    level: str | None
    name: str | None = None
    token_hash: str | None = None
    connections: int = 0
    """Connections to this seat in this process."""
    remote: int = 0
    """Connections to this seat in the other server processes (as they announced them)."""
    substituted: bool = False
    left_at: float | None = None

    @property
    def present(self) -> bool:
        return self.connections + self.remote > 0

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "connected": self.kind == "bot" or self.present,
            "substituted": self.substituted,
        }


@dataclass
class TableInfo:
    """What is fixed when a table is created."""

    table_id: str
    allow_spectators: bool
    turn_seconds: int
    created_at: str
    stored_deals: int
    private: bool = False
    stored_actions: int = 0
    """Rows in the action log (actions and undos): the next row's number."""
    rematch_id: str | None = None
    """The table this one's rematch started (once the game is over)."""
    turn_extended: int = 0
    """How often the player to move took more time on this turn (0 again at the next move)."""


@dataclass
class TableRuntime:
    info: TableInfo
    game: Game
    seats: list[SeatState]
    services: Services
    chat: list[ChatOut] = field(default_factory=list)
    clients: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    remote: dict[str, list[int]] = field(default_factory=dict)
    """Connections per seat in each other server process holding this table."""
    chat_times: dict[int, list[float]] = field(default_factory=dict)
    _timer: asyncio.Task[None] | None = None
    _generation: int = 0
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    on_idle: Callable[[TableRuntime], None] | None = None
    """Called when a finished table loses its last connection (so memory can be freed)."""
    moved_by: dict[str, Any] | None = None
    """Who made the latest action: its seat and actor (human, bot, substitute or timer)."""
    on_over: Callable[[TableRuntime], None] | None = None
    """Called once the game has ended (statistics and ratings are settled from there)."""
    bot_speed: str = "normal"
    """A solo player's bot speed (a key of :data:`BOT_SPEEDS`), as last read from the table's
    row: the row is the truth, so that a change through any server process counts."""
    closed: bool = False
    """Set when the server stops: nothing more is planned."""
    _announced: list[int] | None = None
    """The connections per seat (0 or 1) this process last announced."""
    _asked: tuple[int, int] | None = None
    """The (log row, seat) of the last substitute job this process asked the workers for."""

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
    def bot_factory(self) -> BotFactory:
        return self.services.bot_factory

    @property
    def seq(self) -> int:
        return len(self.game.log)

    @property
    def waiting(self) -> bool:
        """Whether a person's seat is still empty: until it is taken (or given to a bot) the
        table waits — its views show nothing dealt, and nobody moves, bot or timer."""
        if self.game.is_over:
            return False
        return any(s.kind == "human" and s.name is None for s in self.seats)

    @property
    def host_seat(self) -> int | None:
        """The creator's seat: the table's first person's seat (the lobby sits the creator
        there, and a join without a seat number takes the lowest free one); its token is how
        the creator is recognised."""
        return next((s.seat for s in self.seats if s.kind == "human"), None)

    # -- descriptions ------------------------------------------------------------------------

    def public(self) -> dict[str, Any]:
        rules = self.game.rules
        return {
            "table_id": self.table_id,
            "game": rules.name,
            "title": rules.game.title,
            "rules": str(rules),
            "options": {
                k: list(v) if isinstance(v, tuple) else v for k, v in rules.options.items()
            },
            "players": self.game.player_count,
            "seats": [s.public() for s in self.seats],
            "status": "over" if self.game.is_over else "playing",
            "waiting": self.waiting,
            "host_seat": self.host_seat,
            "result": store.result_of(self.game) if self.game.is_over else None,
            "allow_spectators": self.info.allow_spectators,
            "private": self.info.private,
            "turn_seconds": self.info.turn_seconds,
            "turn_extended": self.info.turn_extended,
            "bot_speed": self.bot_speed,
            "rematch_id": self.info.rematch_id,
            "seq": self.seq,
            "created_at": self.info.created_at,
        }

    def state_text(self, seat: int | None) -> str:
        return states.state_text(self.game, seat, self.seq, self.moved_by, self.waiting)

    # -- connections -------------------------------------------------------------------------

    def seat_for_token(self, token: str) -> int | None:
        digest = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        return None

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
        self.settle_presence()

    def settle_presence(self) -> None:
        now = asyncio.get_running_loop().time()
        for seat in self.seats:
            if seat.present:
                if seat.substituted and self.services.uses_jobs:
                    self._spawn(automatic.cancel_substitute(self))
                seat.left_at, seat.substituted = None, False
            elif seat.left_at is None and seat.name is not None:
                seat.left_at = now
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
        seats = {client.seat for client in clients}
        texts = states.state_texts(self.game, seats, self.seq, self.moved_by, self.waiting)
        for client in clients:
            client.push(texts[client.seat])

    # -- joining and chat --------------------------------------------------------------------

    async def join(self, name: str, wanted: int | None) -> tuple[int, str]:
        async with self.lock:
            seat = self._free_seat(name, wanted)
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
            asking = self.seat_for_token(token)
            if asking is None:
                raise TableError("bad_token", "that token holds no seat at this table", 403)
            if asking != self.host_seat:
                raise TableError("not_host", "only the table's creator may seat a bot", 403)
            if self.game.is_over:
                raise TableError("game_over", "the game at this table is over")
            if not 0 <= seat_number < len(self.seats):
                raise TableError(
                    "no_such_seat", "seat {seat} is not a seat of this table", 400, seat=seat_number
                )
            seat = self.seats[seat_number]
            if seat.kind != "human" or seat.name is not None:
                raise TableError(
                    "seat_taken", "seat {seat} is a bot's or already taken", seat=seat_number
                )
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
        claim = (
            sa.update(store.seats)
            .where(store.seats.c.table_id == self.table_id)
            .where(store.seats.c.seat == seat.seat)
            .values(**values)
        )
        statements: list[store.Statement] = [(claim, None)]
        if was_waiting and not self.waiting and self.services.uses_jobs:
            statements += automatic.stored_plan(self, None, self.game, self.info.stored_actions)
        try:
            await self.database.execute_all(statements)
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

    def _free_seat(self, name: str, wanted: int | None) -> SeatState:
        if self.game.is_over:
            raise TableError("game_over", "the game at this table is over")
        if any(s.name is not None and s.name.casefold() == name.casefold() for s in self.seats):
            raise TableError(
                "name_taken", "someone at this table is already called {name}", name=repr(name)
            )
        free = [s for s in self.seats if s.kind == "human" and s.name is None]
        if wanted is None:
            if not free:
                raise TableError("table_full", "every human seat at this table is taken")
            return free[0]
        if not 0 <= wanted < len(self.seats):
            raise TableError(
                "no_such_seat", "seat {wanted} is not a seat of this table", 400, wanted=wanted
            )
        seat = self.seats[wanted]
        if seat not in free:
            raise TableError(
                "seat_taken", "seat {wanted} is a bot's or already taken", wanted=wanted
            )
        return seat

    async def add_chat(self, seat: int, text: str) -> None:
        self._check_chat_rate(seat)
        name = self.seats[seat].name or f"Seat {seat}"
        message = ChatOut(seat=seat, name=name, text=text.strip(), at=store.now().isoformat())
        row = {
            "table_id": self.table_id,
            "seat": seat,
            "name": name,
            "text": message.text,
            "created_at": store.now(),
        }
        await self.database.execute_all([(store.chat.insert(), row)])
        self.chat = [*self.chat, message][-self.settings.chat_history :]
        self.services.announce(
            self.services.message(self.table_id, "chat", c=message.model_dump(mode="json"))
        )
        text_out = message.model_dump_json()
        for client in list(self.clients):
            client.push(text_out)

    def _check_chat_rate(self, seat: int) -> None:
        now = asyncio.get_running_loop().time()
        recent = [t for t in self.chat_times.get(seat, []) if now - t < self.settings.chat_window]
        if len(recent) >= self.settings.chat_burst:
            raise TableError("chat_too_fast", "please wait a moment before chatting again")
        self.chat_times[seat] = [*recent, now]

    # -- actions -----------------------------------------------------------------------------

    async def submit(self, seat: int, text: str, seq: int, actor: str = "human") -> None:
        """Apply, commit, then broadcast one action of ``seat``; :class:`TableError` if refused."""
        async with self.lock:
            self._check_turn(seat, seq, actor)
            candidate = self.game.copy()
            try:
                candidate.apply(text)
            except TricktableError as exc:
                legal = ", ".join(str(a) for a in self.game.legal_actions())
                raise TableError.worded(
                    "illegal_action",
                    str(exc),
                    "{action} is not a legal move now; legal now: {moves}",
                    action=repr(text),
                    moves=legal,
                ) from None
            deal_number, _, action = candidate.log[-1]
            row = {"deal_number": deal_number, "seat": seat, "action": str(action), "actor": actor}
            await self.commit(candidate, [row], {"seat": seat, "actor": actor})

    def finished(self) -> None:
        """Tell the end-of-game hook (it queues work; it must not delay the table)."""
        if self.on_over is not None:
            self.on_over(self)

    def _check_turn(self, seat: int, seq: int, actor: str) -> None:
        if seq != self.seq:
            raise TableError(
                "stale_seq",
                "seq {seq} is not the current state {current}",
                seq=seq,
                current=self.seq,
            )
        if self.game.is_over:
            raise TableError("game_over", "the game is over")
        if self.waiting:
            raise TableError("waiting", "the table waits for a player to take the empty seat")
        if self.game.to_move != seat:
            raise TableError(
                "not_your_turn",
                "seat {mover} is to move, not {seat}",
                mover=self.game.to_move,
                seat=seat,
            )
        if actor == "substitute" and self._has_player_back(seat):
            raise TableError("returned", "seat {seat} has its player back", seat=seat)

    def _has_player_back(self, seat: int) -> bool:
        # a worker knows nobody's presence: the servers drop the job of a returning player
        return self.services.role != "worker" and not self.seats[seat].substituted

    async def commit(
        self, game: Game, rows: list[dict[str, Any]], moved_by: dict[str, Any] | None
    ) -> None:
        """Store ``rows`` (each a row of the action log without its number) and make ``game``
        the table's state, then broadcast it and plan the next automatic move. Call it holding
        :attr:`lock`.

        This is one step that a cancelled caller cannot split: once the rows are stored the
        state follows, so the log's next number is never handed out twice.
        """
        step = asyncio.ensure_future(self._store_then_apply(game, rows, moved_by))
        await run_to_end(step)

    async def _store_then_apply(
        self, game: Game, rows: list[dict[str, Any]], moved_by: dict[str, Any] | None
    ) -> None:
        first = self.info.stored_actions
        news = self._news(first, rows, moved_by)
        broker = self.services.broker
        notify = broker.statement(news) if news and broker.in_transaction else None
        try:
            await self.database.store(self._statements(game, rows), notify)
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
        self.info.stored_actions += len(rows)
        self.info.turn_extended = 0
        # after an undo the game may hold fewer deals than are stored; they deal again alike
        self.info.stored_deals = max(self.info.stored_deals, len(game.deals))
        self.services.metrics.moves.labels(actor=rows[0]["actor"]).inc(len(rows))
        if news is not None and not broker.in_transaction:
            self.services.announce(news)
        self.take(game, moved_by)
        if game.is_over:
            self.finished()

    def _news(
        self, first: int, rows: list[dict[str, Any]], moved_by: dict[str, Any] | None
    ) -> dict[str, Any] | None:
        """The message telling the other processes of these rows (None: there are none)."""
        if self.services.role == "single":
            return None
        shown = [[r["deal_number"], r["seat"], r["action"], r["actor"]] for r in rows]
        return self.services.message(self.table_id, "actions", n=first, rows=shown, m=moved_by)

    def _statements(self, game: Game, rows: list[dict[str, Any]]) -> list[store.Statement]:
        first, at = self.info.stored_actions, store.now()
        numbered = [
            {"table_id": self.table_id, "number": first + n, "created_at": at, **row}
            for n, row in enumerate(rows)
        ]
        # one row (a move) as a plain execute: cheaper than an executemany of one
        batch = numbered[0] if len(numbered) == 1 else numbered
        statements: list[store.Statement] = [(store.INSERT_ACTIONS, batch)]
        new_deals = store.deal_rows(self.table_id, game, self.info.stored_deals)
        if new_deals:
            statements.append((store.deals.insert(), new_deals))
        if game.is_over:
            finished = (
                sa.update(store.tables)
                .where(store.tables.c.id == self.table_id)
                .values(status="over", result=store.result_of(game))
            )
            statements.append((finished, None))
        if self.services.uses_jobs:
            statements += automatic.stored_plan(self, self.game, game, first + len(rows))
        return statements

    def take(self, game: Game, moved_by: dict[str, Any] | None) -> None:
        self.game = game
        if moved_by is not None:
            self.moved_by = moved_by
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
        seat_number = self.game.to_move
        if seat_number is None or self.waiting:
            return None
        seat = self.seats[seat_number]
        if seat.kind == "bot":
            return self.bot_delay(), "bot"
        if seat.substituted:
            return self.settings.bot_delay, "substitute"
        if seat.name is not None and seat.left_at is not None:
            waited = asyncio.get_running_loop().time() - seat.left_at
            return max(0.0, self.settings.grace_seconds - waited), "grace"
        if self.info.turn_seconds and seat.name is not None:
            return float(self.info.turn_seconds), "timer"
        return None

    def solo_seat(self) -> int | None:
        """The one person's seat at a table where every other seat is a bot (else None)."""
        people = [s.seat for s in self.seats if s.kind != "bot"]
        return people[0] if len(people) == 1 else None

    def bot_delay(self) -> float:
        chosen = BOT_SPEEDS.get(self.bot_speed)
        return self.settings.bot_delay if chosen is None else chosen

    async def set_bot_speed(self, speed: str) -> None:
        """Store a solo player's bot speed (every process driving this table reads it)."""
        query = (
            sa.update(store.tables)
            .where(store.tables.c.id == self.table_id)
            .values(bot_speed=None if speed == "normal" else speed)
        )
        try:
            await self.database.execute_all([(query, None)])
        except SQLAlchemyError:
            raise TableError("not_stored", "the speed could not be saved; try again", 503) from None
        self.bot_speed = speed
        self.schedule()

    async def stored_bot_delay(self) -> float:
        """The pause before a bot move at a solo table, with the speed read from its row."""

        def work(conn: sa.Connection) -> str | None:
            query = sa.select(store.tables.c.bot_speed).where(store.tables.c.id == self.table_id)
            found: str | None = conn.execute(query).scalar()
            return found

        try:
            stored = await self.database.run(work)
            self.bot_speed = stored or "normal"
        except SQLAlchemyError as exc:  # the speed last read will do for this move
            log.info("table %s: bot speed not read: %s", self.table_id, exc)
        return self.bot_delay()

    async def _automatic_move(self, generation: int, delay: float, actor: str) -> None:
        if actor == "bot" and self.solo_seat() is not None:
            delay = await self.stored_bot_delay()
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
            await self.submit(seat, str(choice), seq, actor)
        except TableError as exc:
            log.info("table %s: automatic move refused: %s", self.table_id, exc.message)
            if exc.code == "not_stored":  # a database hiccup must not stall the table
                loop.call_later(self.settings.retry_seconds, self.schedule)

    async def close(self) -> None:
        self.closed = True
        self._generation += 1
        await end_tasks(list(self._tasks), STOP_SECONDS, f"table {self.table_id}")
