"""Work for ``tricktable worker`` processes: bot turns and analysis, claimed with leases.

A table has at most one pending automatic move (kind ``move``): the action number it is for,
the seat, the actor (``bot``, ``substitute``, ``timer``) and when it is due. Whoever stores an
action writes the table's next move job in the same transaction, so a process killed right
after a commit leaves the job behind for any worker. A worker claims due jobs with
``FOR UPDATE SKIP LOCKED`` (two workers never claim one job) and a lease: if it dies holding
the job, the lease runs out and another worker takes it. A job is only ever a reminder: the
worker checks it against the stored log, and the unique action number refuses a move that
came too late. Reviews of finished games are jobs of kind ``review``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from . import db as store
from .db import Statement, metadata

__all__ = [
    "MOVE",
    "REVIEW",
    "Job",
    "add_move",
    "claim",
    "clear_move",
    "jobs",
    "move_job",
    "queue_depth",
]

MOVE = "move"
REVIEW = "review"

jobs = sa.Table(
    "jobs",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("kind", sa.String(16), primary_key=True),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("actor", sa.String(16), nullable=False),
    sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
    sa.Column("owner", sa.String(64), nullable=True),
    sa.Index("ix_jobs_due_at", "due_at"),
)


@dataclass(frozen=True)
class Job:
    table_id: str
    kind: str
    number: int
    seat: int | None
    actor: str


def clear_move(table_id: str) -> Statement:
    return jobs.delete().where(jobs.c.table_id == table_id, jobs.c.kind == MOVE), None


def add_move(table_id: str, number: int, seat: int, actor: str, delay: float) -> Statement:
    """The table's pending move ``(number, seat, actor)``, due in ``delay`` seconds."""
    row = {
        "table_id": table_id,
        "kind": MOVE,
        "number": number,
        "seat": seat,
        "actor": actor,
        "due_at": store.now() + dt.timedelta(seconds=delay),
        "lease_until": None,
        "owner": None,
    }
    return jobs.insert(), row


def move_job(
    table_id: str, number: int, seat: int | None, actor: str, delay: float | None
) -> list[Statement]:
    """Statements that replace the table's pending move by ``(number, seat, actor)`` due in
    ``delay`` seconds; ``seat=None`` clears it (nobody automatic is to move)."""
    if seat is None or delay is None:
        return [clear_move(table_id)]
    return [clear_move(table_id), add_move(table_id, number, seat, actor, delay)]


def drop_claimed(job: Job, owner: str) -> Statement:
    """Remove ``job`` if ``owner`` still holds it (a job written again since, unclaimed, stays)."""
    query = jobs.delete().where(
        jobs.c.table_id == job.table_id,
        jobs.c.kind == job.kind,
        jobs.c.number == job.number,
        jobs.c.owner == owner,
    )
    return query, None


def review_job(table_id: str) -> Statement:
    row = {
        "table_id": table_id,
        "kind": REVIEW,
        "number": 0,
        "seat": None,
        "actor": REVIEW,
        "due_at": store.now(),
        "lease_until": None,
        "owner": None,
    }
    return jobs.insert(), row


def done(job: Job) -> Statement:
    """Remove ``job`` if it is still the one claimed (a newer job of the table stays)."""
    query = jobs.delete().where(
        jobs.c.table_id == job.table_id, jobs.c.kind == job.kind, jobs.c.number == job.number
    )
    return query, None


def claim(conn: sa.Connection, owner: str, lease: float, limit: int) -> list[Job]:
    """Lease up to ``limit`` due jobs to ``owner`` for ``lease`` seconds (call in a transaction)."""
    now = store.now()
    free = sa.or_(jobs.c.lease_until.is_(None), jobs.c.lease_until < now)
    due = (
        sa.select(jobs.c.table_id, jobs.c.kind, jobs.c.number, jobs.c.seat, jobs.c.actor)
        .where(jobs.c.due_at <= now, free)
        .order_by(jobs.c.due_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    found = [Job(*row) for row in conn.execute(due)]
    until = now + dt.timedelta(seconds=lease)
    for job in found:
        conn.execute(
            jobs.update()
            .where(jobs.c.table_id == job.table_id, jobs.c.kind == job.kind)
            .values(lease_until=until, owner=owner)
        )
    return found


def seconds_to_next(conn: sa.Connection) -> float | None:
    """Seconds until the earliest job may be claimed: due, and its lease (if any) run out;
    None when there is no job at all."""
    lease = sa.func.coalesce(jobs.c.lease_until, jobs.c.due_at)
    free_at = sa.case((lease > jobs.c.due_at, lease), else_=jobs.c.due_at)
    earliest = conn.execute(sa.select(sa.func.min(free_at))).scalar()
    if earliest is None:
        return None
    return float((earliest - store.now()).total_seconds())


def queue_depth(conn: sa.Connection) -> int:
    """Jobs due now, claimed or not."""
    query = sa.select(sa.func.count()).select_from(jobs).where(jobs.c.due_at <= store.now())
    return int(conn.execute(query).scalar() or 0)


def release(job: Job) -> Statement:
    """Give ``job`` back at once (its worker is stopping)."""
    query = (
        jobs.update()
        .where(jobs.c.table_id == job.table_id, jobs.c.kind == job.kind)
        .where(jobs.c.number == job.number)
        .values(lease_until=None, owner=None)
    )
    return query, None


def row_of(job: Job) -> dict[str, Any]:
    return {"table_id": job.table_id, "kind": job.kind, "number": job.number}
