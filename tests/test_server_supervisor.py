"""The supervisor of a process's background tasks: a shutdown that always ends."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import subprocess
import sys
import textwrap

import pytest

from tricktable.server.supervisor import Supervisor, check_cancelled, end_tasks


async def absorbs_one_cancellation(started: asyncio.Event) -> None:
    """Loses the first cancellation, as a library may; waits again for the next."""
    started.set()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.Event().wait()
    await asyncio.Event().wait()


async def never_ends(started: asyncio.Event) -> None:
    started.set()
    while True:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            continue


def test_a_task_that_lost_its_cancellation_is_cancelled_again_and_ends() -> None:
    async def main() -> tuple[list[str], bool]:
        started = asyncio.Event()
        task = asyncio.create_task(absorbs_one_cancellation(started), name="absorber")
        await started.wait()
        async with asyncio.timeout(30):
            left = await end_tasks([task], 3.0, "test")
        return left, task.cancelled()

    left, cancelled = asyncio.run(main())
    assert left == []
    assert cancelled


def test_a_task_that_will_not_end_is_named_and_left_after_the_bound(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def main() -> tuple[list[str], bool]:
        started = asyncio.Event()
        supervisor = Supervisor("test process")
        task = supervisor.spawn("stubborn loop", never_ends(started))
        await started.wait()
        async with asyncio.timeout(30):
            left = await supervisor.close(0.3)
        still_running = not task.done()
        task.get_coro().close()  # the test ends it the only way left
        return left, still_running

    with caplog.at_level(logging.ERROR):
        left, still_running = asyncio.run(main())
    assert left == ["stubborn loop"]
    assert still_running
    assert "'stubborn loop' still running" in caplog.text


def test_a_task_spawned_after_close_never_starts() -> None:
    async def main() -> tuple[bool, bool]:
        supervisor = Supervisor("test")
        await supervisor.close()
        ran = False

        async def work() -> None:
            nonlocal ran
            ran = True

        task = supervisor.spawn("late", work())
        await asyncio.wait({task}, timeout=5)
        return ran, task.cancelled()

    ran, cancelled = asyncio.run(main())
    assert not ran
    assert cancelled


def test_a_failed_task_is_logged_by_name(caplog: pytest.LogCaptureFixture) -> None:
    async def fails() -> None:
        raise ValueError("broken on purpose")

    async def main() -> list[str]:
        supervisor = Supervisor("test")
        task = supervisor.spawn("fragile", fails())
        await asyncio.wait({task}, timeout=5)
        return supervisor.running

    with caplog.at_level(logging.ERROR):
        running = asyncio.run(main())
    assert running == []
    assert "'fragile' failed" in caplog.text
    assert "broken on purpose" in caplog.text


def test_check_cancelled_raises_a_cancellation_a_library_swallowed() -> None:
    async def swallows_then_checks(started: asyncio.Event) -> str:
        started.set()
        with contextlib.suppress(asyncio.CancelledError):  # what the library did
            await asyncio.sleep(30)
        check_cancelled()
        return "carried on"

    async def main() -> bool:
        started = asyncio.Event()
        task = asyncio.create_task(swallows_then_checks(started))
        await started.wait()
        task.cancel()
        await asyncio.wait({task}, timeout=5)
        return task.cancelled()

    assert asyncio.run(main())


def test_check_cancelled_lets_an_uncancelled_task_go_on() -> None:
    async def main() -> str:
        check_cancelled()
        return "went on"

    assert asyncio.run(main()) == "went on"


STUCK_PROCESS = """
import asyncio, logging
from tricktable.server.supervisor import run

async def never_ends():
    while True:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            continue

async def main():
    asyncio.create_task(never_ends(), name="stuck listener")
    await asyncio.sleep(0.05)

logging.basicConfig()
run(main(), bound=0.3)
print("not reached")
"""


def test_a_process_whose_task_will_not_end_exits_anyway_and_names_it() -> None:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(STUCK_PROCESS)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert "'stuck listener' still running" in done.stderr
    assert "not reached" not in done.stdout


def test_run_returns_the_result_when_every_task_ends() -> None:
    from tricktable.server.supervisor import run

    async def main() -> int:
        leftover = asyncio.create_task(asyncio.sleep(30))  # ends when cancelled
        return 42 if not leftover.done() else 0

    assert run(main(), bound=5.0) == 42
