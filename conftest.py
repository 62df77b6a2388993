"""Root of the test run: leave out doctests whose optional extra is missing, and bound every
test so that none can hang the run."""

from __future__ import annotations

import faulthandler
import importlib.util
import os
import sys
import threading
from collections.abc import Iterator
from typing import IO

import pytest

_NEEDS = {
    "src/tricktable/envs/__init__.py": ("numpy",),
    "src/tricktable/envs/encoding.py": ("numpy",),
    "src/tricktable/envs/episodes.py": ("numpy",),
    "src/tricktable/envs/knowledge.py": ("numpy",),
    "src/tricktable/envs/resample.py": ("numpy",),
    "src/tricktable/envs/aec_env.py": ("numpy", "pettingzoo", "gymnasium"),
    "src/tricktable/envs/gym_env.py": ("numpy", "gymnasium"),
    "src/tricktable/envs/openspiel.py": ("numpy", "pyspiel"),
}

collect_ignore = [
    module
    for module, needs in _NEEDS.items()
    if any(importlib.util.find_spec(name) is None for name in needs)
]

BACKSTOP_SECONDS = "60"
"""How long after its pytest-timeout bound a test may still run before the whole run ends.
pytest-timeout's signal fails the test, but a test stuck again while it unwinds (a TestClient
joining its server thread, ``asyncio.run`` gathering a task that swallowed its cancellation)
would hang the run: then every thread's stack is printed and the run exits with status 1."""

_backstop_file: list[IO[str]] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        "timeout_backstop",
        "seconds past a test's timeout before the run ends",
        default=BACKSTOP_SECONDS,
    )


def pytest_configure(config: pytest.Config) -> None:
    # a copy of the real standard error, taken before pytest captures file descriptor 2
    _backstop_file.append(os.fdopen(os.dup(sys.__stderr__.fileno()), "w"))


def _bound_of(item: pytest.Item) -> float:
    marker = item.get_closest_marker("timeout")
    if marker is not None and marker.args:
        return float(marker.args[0])
    return float(item.config.getini("timeout") or 0)


def _end_the_run(item: pytest.Item, out: IO[str]) -> None:
    out.write(f"\n{item.nodeid} still running past its timeout and the backstop: ending the run\n")
    out.flush()
    faulthandler.dump_traceback(file=out, all_threads=True)
    out.flush()
    os._exit(1)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    # a timer thread of its own: pytest cancels faulthandler's timer when a test fails
    bound = _bound_of(item)
    backstop = None
    if bound > 0 and _backstop_file:
        seconds = bound + float(item.config.getini("timeout_backstop"))
        backstop = threading.Timer(seconds, _end_the_run, (item, _backstop_file[0]))
        backstop.daemon = True
        backstop.start()
    try:
        yield
    finally:
        if backstop is not None:
            backstop.cancel()
