"""The turn timer a player controls (WCAG 2.2, 2.2.1): at a table with a turn timer any seated
player may switch it off for the table, and the player to move may take more time for this
turn (the countdown starts again from the full time, as often as needed).

Switching off is stored with the table (its ``turn_seconds`` becomes 0, so it stays off after a
restart) and the pending timer job, if any, is dropped; more time replaces the pending timer job
by one due a whole turn from now. Every client gets the table's description again, with
``turn_seconds`` and ``turn_extended`` (how many times this turn was extended), so the bar
restarts or disappears.
"""

from __future__ import annotations

from typing import Any, Literal

import sqlalchemy as sa
from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import SQLAlchemyError

from . import db as store
from . import jobs
from .table import TableError, TableRuntime

__all__ = ["router"]

router = APIRouter(prefix="/api")


class TimerIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=100)
    action: Literal["extend", "off"]


def _seat_of(runtime: TableRuntime, token: str) -> int:
    seat = runtime.seat_for_token(token)
    if seat is None:
        raise TableError("bad_token", "that token holds no seat at this table", 403)
    return seat


def _timer_jobs(table_id: str) -> Any:
    """The table's pending timer move (a bot's pending move is left alone)."""
    table = jobs.jobs
    return table.delete().where(
        table.c.table_id == table_id, table.c.kind == jobs.MOVE, table.c.actor == "timer"
    )


async def _store(runtime: TableRuntime, statements: list[Any]) -> None:
    try:
        await runtime.database.execute_all(statements)
    except SQLAlchemyError:
        raise TableError("not_stored", "the timer could not be changed; try again", 503) from None


async def switch_off(runtime: TableRuntime) -> None:
    """No turn timer at this table from now on."""
    off = (
        sa.update(store.tables).where(store.tables.c.id == runtime.table_id).values(turn_seconds=0)
    )
    await _store(runtime, [(off, None), (_timer_jobs(runtime.table_id), None)])
    runtime.info.turn_seconds = 0
    runtime.settings_changed()


async def extend(runtime: TableRuntime, seat: int) -> None:
    """A whole turn more for ``seat``, which is to move."""
    seconds = runtime.info.turn_seconds
    if not seconds:
        raise TableError("no_timer", "this table has no turn timer")
    if runtime.game.to_move != seat:
        raise TableError(
            "not_your_turn", "more time is for the player to move; it is not your turn"
        )
    if runtime.services.uses_jobs:  # the worker's job for this turn is due a turn from now
        number = runtime.info.stored_actions
        again = jobs.add_move(runtime.table_id, number, seat, "timer", float(seconds))
        await _store(runtime, [(_timer_jobs(runtime.table_id), None), again])
    runtime.info.turn_extended += 1
    runtime.settings_changed()


@router.post("/tables/{table_id}/timer")
async def timer(table_id: str, body: TimerIn, request: Request) -> dict[str, Any]:
    """``{"token", "action": "extend"}``: more time for your turn; ``"off"``: no turn timer
    at this table any more. Answers the table's timer as it now is."""
    runtime = await request.app.state.hub.get(table_id)
    seat = _seat_of(runtime, body.token)
    if runtime.game.is_over:
        raise TableError("game_over", "the game is over")
    async with runtime.lock:
        if body.action == "off":
            await switch_off(runtime)
        else:
            await extend(runtime, seat)
    return {"turn_seconds": runtime.info.turn_seconds, "turn_extended": runtime.info.turn_extended}
