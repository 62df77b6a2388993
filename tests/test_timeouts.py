"""The test run's bounds (pytest-timeout and conftest.py's backstop): no test can hang it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

STUCK = """
import threading
import time

import pytest


@pytest.mark.timeout(1)
def test_sleeps_past_its_bound():
    time.sleep(60)


def test_after_it_runs():
    assert True


@pytest.fixture
def unwinds_forever():
    yield
    threading.Event().wait()  # a teardown that hangs again after the test was failed


@pytest.mark.timeout(1)
def test_hangs_again_while_unwinding(unwinds_forever):
    time.sleep(60)


def test_never_reached():
    assert True
"""


def _run_stuck_tests(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\ntimeout = 1\ntimeout_method = signal\ntimeout_backstop = 2\n"
    )
    (tmp_path / "test_stuck.py").write_text(textwrap.dedent(STUCK))
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-v", "test_stuck.py"]
    return subprocess.run(
        command, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
    )


def test_a_stuck_test_fails_and_one_stuck_twice_ends_the_run(tmp_path: Path) -> None:
    done = _run_stuck_tests(tmp_path)
    assert "test_sleeps_past_its_bound FAILED" in done.stdout
    assert "test_after_it_runs PASSED" in done.stdout
    assert "test_never_reached" not in done.stdout
    assert done.returncode == 1
    assert "test_hangs_again_while_unwinding FAILED" in done.stdout
    assert "still running past its timeout" in done.stderr
    assert "in unwinds_forever" in done.stderr  # the backstop printed every thread's stack
