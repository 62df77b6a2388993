"""The WebSocket of one connection: typed messages in, views and events out.

Each connection has its own outbound queue and writer task, so a slow client never delays the
broadcast to the others; one that falls too far behind is disconnected and resyncs on return.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from ..i18n import Translator, translator
from .config import CHAT_PRESETS, Settings
from .edge import Bucket, Rate, clip, origin_allowed, refused
from .fanout import reload_seats
from .hub import Hub
from .languages import words_of
from .problems import said
from .schemas import CLIENT_MESSAGE, ActionIn, ChatIn, ErrorOut, HelloOut
from .supervisor import end_tasks
from .table import TableError, TableRuntime

log = logging.getLogger(__name__)

router = APIRouter()

CLOSE_POLICY = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_TOO_SLOW = 4408
WRITER_STOP_SECONDS = 2.0
CLOSE_REPLACED = 4409


ENGLISH = translator("en")


class SocketClient:
    """One WebSocket as a table client: a seat and a bounded outbound queue.

    The queue is a deque and a future the writer waits on while it is empty, not an
    :class:`asyncio.Queue`: every state of a move goes through it, and the queue's bookkeeping
    (unfinished tasks, waiting putters) cost more than the deque's append and pop."""

    def __init__(
        self,
        socket: WebSocket,
        seat: int | None,
        limit: int,
        token: str | None = None,
        words: Translator = ENGLISH,
    ) -> None:
        self.socket = socket
        self.seat = seat
        self.words = words
        """This player's language (its socket's ``lang`` or ``Accept-Language``): what the
        table refuses it is said in it, and only to it."""
        self.token = token if seat is not None else None
        """The seat's token, kept only in this connection's memory (a rematch derives the
        seat's next token from it)."""
        self.outbox: collections.deque[str | None] = collections.deque()
        self.limit = limit
        self.overflowed = False
        self.retired = False
        """Its seat is played from a newer connection: it may not act, and it is closed."""
        self._waiting: asyncio.Future[None] | None = None

    def push(self, text: str) -> None:
        self._put(text)

    def retire(self, code: str, message: str) -> None:
        self.retired = True
        self._put(error_text(code, self.words.gettext(message)))
        self._put(None)

    def finish(self) -> None:
        """Let the writer end after what is queued."""
        self._put(None)

    def _put(self, text: str | None) -> None:
        if len(self.outbox) >= self.limit:
            self.overflowed = True
        else:
            self.outbox.append(text)
        waiting = self._waiting
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    async def pump(self) -> None:
        outbox = self.outbox
        while True:
            if not outbox and not self.overflowed:
                self._waiting = asyncio.get_running_loop().create_future()
                await self._waiting
                continue
            if self.overflowed:
                await self.socket.close(CLOSE_TOO_SLOW, "too far behind; reconnect to resync")
                return
            text = outbox.popleft()
            if text is None:
                if self.retired:
                    await self.socket.close(CLOSE_REPLACED, "replaced")
                return
            await self.socket.send_text(text)


def error_text(code: str, message: str) -> str:
    return ErrorOut(code=code, message=message).model_dump_json()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(socket: WebSocket, table_id: str, token: str | None = None) -> None:
    hub: Hub = socket.app.state.hub
    await socket.accept()
    try:
        _check_origin(socket, hub)
        runtime = await hub.get(table_id)
        seat = await _seat_or_refuse(runtime, token)
    except TableError as exc:
        await socket.send_text(error_text(exc.code, exc.detail(words_of(socket))))
        await socket.close(CLOSE_NOT_FOUND if exc.status == 404 else CLOSE_POLICY, exc.code)
        return
    client = SocketClient(socket, seat, hub.settings.send_queue, token, words_of(socket))
    client.push(_hello(runtime, seat))
    client.push(runtime.state_text(seat))
    runtime.attach(client)
    writer = asyncio.create_task(client.pump())
    # a task of its own: each message received then resumes the read loop alone, not the
    # twenty frames of middleware this handler runs under (a cancellation of the handler
    # cancels the task it awaits)
    reader = asyncio.create_task(_read_loop(socket, runtime, client, hub.settings))
    try:
        await reader
    except WebSocketDisconnect:
        pass
    finally:
        reader.cancel()
        runtime.detach(client)
        client.finish()
        # the socket is gone or closing: the writer has nothing to wait for (a cancellation
        # the send loses is delivered again, and a writer that still will not end is left)
        await end_tasks([writer], WRITER_STOP_SECONDS, "websocket")


def _check_origin(socket: WebSocket, hub: Hub) -> None:
    origin = socket.headers.get("origin")
    if not origin_allowed(origin, socket.headers.get("host"), hub.settings.allowed_origins):
        who = socket.client.host if socket.client else "unknown"
        refused(socket.app.state, "bad_origin", f"a WebSocket from {clip(origin or '', 80)}", who)
        raise TableError("bad_origin", "this site's tables are played from its own pages", 403)


async def _seat_or_refuse(runtime: TableRuntime, token: str | None) -> int | None:
    if token:
        seat = runtime.seat_for_token(token)
        if seat is None and runtime.services.role == "server":
            # another process may have given the seat a moment ago (a join, a rematch): the
            # stored seats are the truth, and its announcement may not have arrived yet
            await reload_seats(runtime)
            seat = runtime.seat_for_token(token)
        if seat is None:
            raise TableError("bad_token", "that token holds no seat at this table", 403)
        return seat
    if not runtime.info.allow_spectators:
        raise TableError("no_watching", "this table does not allow spectators", 403)
    return None


def _hello(runtime: TableRuntime, seat: int | None) -> str:
    return HelloOut(
        seat=seat, table=runtime.public(), chat=runtime.chat, presets=list(CHAT_PRESETS)
    ).model_dump_json()


async def _read_loop(
    socket: WebSocket, runtime: TableRuntime, client: SocketClient, settings: Settings
) -> None:
    limited = settings.limits
    bucket = Bucket(Rate(*settings.rates["message"]), keep=1)
    while True:
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            data = message.get("bytes") or b""
            raw = data.decode("utf-8", errors="replace")
        wait = bucket.take("") if limited else 0.0
        if wait > 0:
            who = socket.client.host if socket.client else "unknown"
            refused(socket.app.state, "rate_limited", "WebSocket messages too fast", who)
            refusal: str | None = error_text(
                "rate_limited", f"too many messages; wait {wait:.1f} s before the next"
            )
        else:
            refusal = await _handle(runtime, client, raw, settings.max_frame)
        if refusal is not None:
            client.push(refusal)


async def _handle(
    runtime: TableRuntime, client: SocketClient, raw: str, max_frame: int
) -> str | None:
    """Carry out one client message; the error to send back, or None."""
    if len(raw) > max_frame:
        most = client.words.gettext("a message may have at most {count} characters")
        return error_text("too_large", most.format(count=max_frame))
    try:  # parsed and validated in one pass of pydantic's core
        parsed = CLIENT_MESSAGE.validate_json(raw)
    except ValidationError as exc:
        problem = exc.errors(include_input=False)[0]
        if problem["type"] == "json_invalid":
            reason = clip(str(problem.get("ctx", {}).get("error", problem["msg"])), 80)
            not_json = client.words.gettext("the message is not JSON: {reason}")
            return error_text("bad_json", not_json.format(reason=reason))
        return error_text("bad_message", _first_problem(problem, client.words))
    try:
        if isinstance(parsed, ActionIn):
            started = time.perf_counter()
            await runtime.submit(_seated(client), parsed.action, parsed.seq)
            runtime.services.metrics.latency.observe(time.perf_counter() - started)
        elif isinstance(parsed, ChatIn):
            await runtime.add_chat(_seated(client), parsed.text)
        else:
            client.push(runtime.state_text(client.seat))
    except TableError as exc:
        return error_text(exc.code, clip(exc.detail(client.words)))
    return None


def _seated(client: SocketClient) -> int:
    if client.seat is None:
        raise TableError("spectator", "spectators watch; join the table to play or chat")
    if client.retired:
        raise TableError("replaced", "this seat is now played from another page")
    return client.seat


def _first_problem(problem: ErrorDetails, words: Translator) -> str:
    sentence = words.gettext("{problem} (a message's types: action, chat, resync)")
    return sentence.format(problem=said(problem, words))
