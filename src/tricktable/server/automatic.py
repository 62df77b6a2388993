"""Automatic moves: bots, substitutes for absent players and expired turn timers.

One process alone (role ``single``) plans them as tasks and plays the bot in its pool. With
workers, a move that depends only on the stored game (a bot's turn, a turn timer) is a job the
storing transaction writes itself; a substitute, which depends on who is connected (something
only the servers know), is written as a job by the servers that hold the table.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import sqlalchemy as sa

from . import jobs
from .db import Statement
from .pool import bot_seed, choose_action

if TYPE_CHECKING:
    from tricktable import Game

    from .table import TableRuntime

log = logging.getLogger(__name__)

__all__ = ["level_for", "stored_plan", "substitute_job"]


def level_for(runtime: TableRuntime, seat: int) -> str:
    spec = runtime.seats[seat]
    if spec.kind == "bot" and spec.level:
        return spec.level
    return runtime.settings.substitute_level


def stored_plan(
    runtime: TableRuntime, before: Game | None, game: Game, number: int
) -> list[Statement]:
    """The job statements that go with storing ``game`` (which follows ``before``; None: a new
    table) as the table's state at log row ``number``: the next bot turn or turn timer, or
    none. No statement at all when neither state has an automatic move (a job is written only
    for one)."""
    seat_number = game.to_move
    table_id = runtime.table_id
    if not _automatic(runtime, game) and (before is None or not _automatic(runtime, before)):
        return []
    if seat_number is None:
        return jobs.move_job(table_id, number, None, "bot", None)
    seat = runtime.seats[seat_number]
    if seat.kind == "bot":
        return jobs.move_job(table_id, number, seat_number, "bot", runtime.bot_delay())
    if seat.substituted and runtime.services.role == "server":
        delay = runtime.settings.bot_delay
        return jobs.move_job(table_id, number, seat_number, "substitute", delay)
    if runtime.info.turn_seconds and seat.name is not None:
        delay = float(runtime.info.turn_seconds)
        return jobs.move_job(table_id, number, seat_number, "timer", delay)
    return jobs.move_job(table_id, number, None, "bot", None)


def _automatic(runtime: TableRuntime, game: Game) -> bool:
    """Whether a job may stand for ``game``'s next move (a bot, a substitute or a timer)."""
    seat = game.to_move
    if seat is None or runtime.waiting:
        return False
    spec = runtime.seats[seat]
    return spec.kind == "bot" or spec.substituted or bool(runtime.info.turn_seconds)


async def substitute_job(runtime: TableRuntime, seat: int) -> None:
    """Ask the workers to play for the absent player at ``seat`` (unless a job for this very
    move or a later one is pending already: several servers may ask at once, and a timer's job
    gives way).

    Only an older move's job is replaced. A server that is behind (it has not yet heard of the
    move just stored) asks for a move already made; were it to replace the job another server
    wrote for the next move, the worker would drop the stale job and nobody would ask again."""
    number = runtime.info.stored_actions
    table = jobs.jobs
    older = sa.or_(
        table.c.number < number, sa.and_(table.c.number == number, table.c.actor == "timer")
    )
    stale = table.delete().where(
        table.c.table_id == runtime.table_id, table.c.kind == jobs.MOVE, older
    )
    delay = runtime.settings.bot_delay
    wanted = jobs.add_move(runtime.table_id, number, seat, "substitute", delay)
    try:
        await runtime.database.execute_all([(stale, None), wanted])
    except sa.exc.IntegrityError:
        pass  # another server asked first: that job stands
    except sa.exc.SQLAlchemyError as exc:
        log.warning("table %s: substitute job not stored: %s", runtime.table_id, exc)


async def play_here(runtime: TableRuntime, seat: int) -> str:
    """The bot's choice for ``seat`` now, computed in this process's pool."""
    services = runtime.services
    seed = bot_seed(runtime.game.seed, seat, runtime.info.stored_actions)
    view = runtime.game.view(seat)
    return await services.compute.run(
        choose_action, services.bot_factory, level_for(runtime, seat), seed, view
    )


async def cancel_substitute(runtime: TableRuntime) -> None:
    """The absent player is back: drop a substitute's pending move (a timer's stays)."""
    table = jobs.jobs
    query = table.delete().where(
        table.c.table_id == runtime.table_id,
        table.c.kind == jobs.MOVE,
        table.c.actor == "substitute",
    )
    runtime._asked = None
    try:
        await runtime.database.execute_all([(query, None)])
    except sa.exc.SQLAlchemyError as exc:
        log.warning("table %s: substitute job not dropped: %s", runtime.table_id, exc)
