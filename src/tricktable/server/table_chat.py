"""A table's chat: a message stored, announced to the other processes and sent to everyone
at the table; each seat's rate of messages is bounded."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from . import db as store
from .refusals import TableError
from .schemas import ChatOut

if TYPE_CHECKING:
    from .table import TableRuntime

__all__ = ["add"]


async def add(runtime: TableRuntime, seat: int, text: str) -> None:
    """Store and send ``seat``'s message ``text``; TableError if it chats too fast."""
    _check_rate(runtime, seat)
    name = runtime.seats[seat].name or f"Seat {seat}"
    message = ChatOut(seat=seat, name=name, text=text.strip(), at=store.now().isoformat())
    row = {
        "table_id": runtime.table_id,
        "seat": seat,
        "name": name,
        "text": message.text,
        "created_at": store.now(),
    }
    await runtime.database.execute_all([(store.chat.insert(), row)])
    runtime.chat = [*runtime.chat, message][-runtime.settings.chat_history :]
    services = runtime.services
    services.announce(services.message(runtime.table_id, "chat", c=message.model_dump(mode="json")))
    text_out = message.model_dump_json()
    for client in list(runtime.clients):
        client.push(text_out)


def _check_rate(runtime: TableRuntime, seat: int) -> None:
    now = asyncio.get_running_loop().time()
    window = runtime.settings.chat_window
    recent = [t for t in runtime.chat_times.get(seat, []) if now - t < window]
    if len(recent) >= runtime.settings.chat_burst:
        raise TableError("chat_too_fast", "please wait a moment before chatting again")
    runtime.chat_times[seat] = [*recent, now]
