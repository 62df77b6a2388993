"""Every background task of one server or worker process, and a shutdown that always ends.

Python 3.11's ``asyncio.wait_for`` returns normally, its cancellation lost, when the cancel
arrives in the loop turn in which the work it waits for finishes; redis-py sends every command
through it (its default ``socket_timeout``), so a task cancelled while it publishes can carry on
as if nothing had happened and wait for ever for its next message. Hence, here:

- a :class:`Supervisor` owns the process's tasks; :func:`end_tasks` cancels each task again
  while it has not ended (a lost cancellation is delivered anew) and waits at most a bound in
  all; a task still running after it is logged by name and left behind;
- a loop that catches ``Exception`` around an await calls :func:`check_cancelled` after it;
- queue consumers end at a sentinel, after the work queued before it;
- :func:`run` replaces ``asyncio.run`` for a whole process: it exits even when a task does not.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, TypeVar

log = logging.getLogger(__name__)

__all__ = ["STOP_SECONDS", "Supervisor", "check_cancelled", "end_tasks", "run"]

T = TypeVar("T")

STOP_SECONDS = 5.0
"""How long a shutdown waits for cancelled tasks to end before it leaves them behind."""
CANCEL_ROUNDS = 3
"""How many times a task that has not ended is cancelled, within the bound."""


def check_cancelled() -> None:
    """Raise ``CancelledError`` if the current task was cancelled, even when the cancellation
    was lost on the way (by ``asyncio.wait_for`` in 3.11, or a library's broad ``except``)."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


async def end_tasks(tasks: Iterable[asyncio.Task[Any]], bound: float, who: str) -> list[str]:
    """Cancel ``tasks`` and wait at most ``bound`` seconds in all for them to end, cancelling
    again each that has not; the names of those still running then (logged, left behind)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + bound
    pending = {task for task in tasks if not task.done()}
    for rounds_left in range(CANCEL_ROUNDS, 0, -1):
        if not pending:
            return []
        for task in pending:
            task.cancel()
        share = max(0.0, deadline - loop.time()) / rounds_left
        _, pending = await asyncio.wait(pending, timeout=share)
    names = sorted(task.get_name() for task in pending)
    for name in names:
        log.error("%s: task %r still running %g s after it was cancelled; left", who, name, bound)
    return names


class Supervisor:
    """Owns the background tasks of one process: started by :meth:`spawn` (each named), ended
    together by :meth:`close` within a bound. A task that fails is logged by name."""

    def __init__(self, who: str) -> None:
        self.who = who
        self.closed = False
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, name: str, work: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Run ``work`` as the task ``name``; once closing, it is cancelled before it starts."""
        task = asyncio.create_task(work, name=name)
        if self.closed:
            task.cancel()
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    @property
    def running(self) -> list[str]:
        """The names of the tasks that have not ended."""
        return sorted(task.get_name() for task in self._tasks if not task.done())

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("%s: task %r failed", self.who, task.get_name(), exc_info=task.exception())

    async def close(self, bound: float = STOP_SECONDS) -> list[str]:
        """Cancel every task and wait for them (at most ``bound`` seconds); the names of those
        still running (logged and left behind)."""
        self.closed = True
        return await end_tasks(list(self._tasks), bound, self.who)


def run(
    main: Coroutine[Any, Any, T],
    *,
    loop_factory: Callable[[], asyncio.AbstractEventLoop] | None = None,
    bound: float = STOP_SECONDS,
) -> T:
    """``asyncio.run(main)`` for a whole process, but tasks left when ``main`` ends are ended
    by :func:`end_tasks`; if one will not end, the process exits at once (status 1) instead of
    waiting for it for ever, as ``asyncio.run`` would."""
    loop = (loop_factory or asyncio.new_event_loop)()
    try:
        return loop.run_until_complete(main)
    finally:
        leftovers = asyncio.all_tasks(loop)
        stuck = loop.run_until_complete(end_tasks(leftovers, bound, "process")) if leftovers else []
        if stuck:
            logging.shutdown()
            os._exit(1)
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()
