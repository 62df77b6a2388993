"""Automatic moves: bots, substitutes for absent players and expired turn timers.

One process alone (role ``single``) plans them as tasks and plays the bot in its pool. With
workers, a move that depends only on the stored game (a bot's turn, a turn timer) is a job the
storing transaction writes itself; a substitute, which depends on who is connected (something
only the servers know), is written as a job by the servers that hold the table.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import sqlalchemy as sa

from . import db as store
from . import jobs
from .db import Statement
from .pool import bot_seed, choose_action
from .refusals import TableError

if TYPE_CHECKING:
    from tricktable import Game
    from tricktable.actions import Action

    from .table import TableRuntime
    from .table_state import TableState

log = logging.getLogger(__name__)

__all__ = [
    "level_for",
    "play_here",
    "set_bot_speed",
    "stands_for",
    "store_away",
    "stored_bot_delay",
    "stored_plan",
    "substitute_job",
]


def level_for(state: TableState, seat: int) -> str:
    spec = state.seats[seat]
    if spec.kind == "bot" and spec.level:
        return spec.level
    return state.settings.substitute_level


def stored_plan(state: TableState, was_automatic: bool, game: Game, number: int) -> list[Statement]:
    """The job statements that go with storing ``game`` as the table's state at log row
    ``number`` (``was_automatic``: whether a job may have stood for the state before it): the
    next bot turn or turn timer, or none. No statement at all when neither state has an
    automatic move (a job is written only for one)."""
    seat_number = game.to_move
    table_id = state.table_id
    if not stands_for(state, game) and not was_automatic:
        return []
    if seat_number is None or state.paused:
        return jobs.move_job(table_id, number, None, "bot", None)
    seat = state.seats[seat_number]
    if seat.kind == "bot":
        return jobs.move_job(table_id, number, seat_number, "bot", state.bot_delay())
    if seat.substituted and state.role == "server":
        delay = state.settings.bot_delay
        return jobs.move_job(table_id, number, seat_number, "substitute", delay)
    if state.info.turn_seconds and seat.name is not None:
        delay = float(state.info.turn_seconds)
        return jobs.move_job(table_id, number, seat_number, "timer", delay)
    return jobs.move_job(table_id, number, None, "bot", None)


def stands_for(state: TableState, game: Game) -> bool:
    """Whether a job may stand for ``game``'s next move (a bot, a substitute or a timer)."""
    seat = game.to_move
    if seat is None or state.waiting:
        return False
    spec = state.seats[seat]
    return spec.kind == "bot" or spec.substituted or bool(state.info.turn_seconds)


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


async def play_here(runtime: TableRuntime, seat: int) -> Action:
    """The bot's choice for ``seat`` now, computed in this process's pool from the view the
    table built for its state message (not built again)."""
    services, state = runtime.services, runtime.state
    seed = bot_seed(state.game.seed, seat, state.info.stored_actions)
    view = state.view_of(seat)
    return await services.compute.run(
        choose_action, services.bot_factory, level_for(state, seat), seed, view
    )


async def cancel_substitute(runtime: TableRuntime) -> None:
    """The absent player is back: drop a substitute's pending move (a timer's stays)."""
    table = jobs.jobs
    query = table.delete().where(
        table.c.table_id == runtime.table_id,
        table.c.kind == jobs.MOVE,
        table.c.actor == "substitute",
    )
    runtime.forget_asked()
    try:
        await runtime.database.execute_all([(query, None)])
    except sa.exc.SQLAlchemyError as exc:
        log.warning("table %s: substitute job not dropped: %s", runtime.table_id, exc)


async def set_bot_speed(runtime: TableRuntime, speed: str) -> None:
    """Store a solo player's bot speed (every process driving this table reads it)."""
    query = (
        sa.update(store.tables)
        .where(store.tables.c.id == runtime.table_id)
        .values(bot_speed=None if speed == "normal" else speed)
    )
    try:
        await runtime.database.execute_all([(query, None)])
    except sa.exc.SQLAlchemyError:
        raise TableError("not_stored", "the speed could not be saved; try again", 503) from None
    runtime.bot_speed = speed
    runtime.schedule()


async def stored_bot_delay(runtime: TableRuntime) -> float:
    """The pause before a bot move at a solo table, with the speed read from its row."""
    table_id = runtime.table_id

    def work(conn: sa.Connection) -> str | None:
        query = sa.select(store.tables.c.bot_speed).where(store.tables.c.id == table_id)
        found: str | None = conn.execute(query).scalar()
        return found

    try:
        stored = await runtime.database.run(work)
        runtime.bot_speed = stored or "normal"
    except sa.exc.SQLAlchemyError as exc:  # the speed last read will do for this move
        log.info("table %s: bot speed not read: %s", table_id, exc)
    return runtime.bot_delay()


async def store_away(runtime: TableRuntime) -> None:
    """Store whether every player has left the table (:attr:`TableState.paused`) if that
    changed: writes are made one at a time, each of the presence as it is when it is made.

    With workers, presence is known only to the servers: leaving drops the pending move (a
    worker also drops the job of a table marked away, should one be written meanwhile), and
    coming back writes the job of the move due now, so it is played at once."""
    state = runtime.state
    async with runtime.away_lock:
        away = state.paused
        if away == state.away_stored:
            return
        mark = (
            sa.update(store.tables).where(store.tables.c.id == runtime.table_id).values(away=away)
        )
        try:
            # the mark first: a worker that finds the table marked drops the job it claimed
            await runtime.database.execute_all([(mark, None)])
            state.away_stored = away
            if state.uses_jobs:
                await _rewrite_move(runtime, away)
        except sa.exc.SQLAlchemyError as exc:
            log.warning("table %s: its players' absence not stored: %s", runtime.table_id, exc)


async def _rewrite_move(runtime: TableRuntime, away: bool) -> None:
    """Drop the table's pending move (everyone left), or write the one due now (one is back)
    unless a job for this move or a later one stands (this server may be behind)."""
    state, number = runtime.state, runtime.state.info.stored_actions
    if away:
        await runtime.database.execute_all([jobs.clear_move(runtime.table_id)])
        return
    wanted = [s for s in stored_plan(state, True, state.game, number) if s[1] is not None]
    table = jobs.jobs
    older = table.delete().where(
        table.c.table_id == runtime.table_id, table.c.kind == jobs.MOVE, table.c.number < number
    )
    with contextlib.suppress(sa.exc.IntegrityError):  # a job for this move stands already
        await runtime.database.execute_all([(older, None), *wanted])
