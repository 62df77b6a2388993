"""Throwaway PostgreSQL and Redis servers for the test run: started on free loopback ports in
temporary folders when the binaries are installed and no URL is given, stopped at the end."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

QUIET: dict[str, int] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
START_SECONDS = 60.0


class Unavailable(Exception):
    """The server cannot be started here (the reason says what is missing)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian's layout), or one on the PATH."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name)
    if found and (found[-1] / "initdb").exists():
        return found[-1]
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@contextmanager
def throwaway_postgres(folder: Path) -> Iterator[str]:
    """A PostgreSQL cluster in ``folder`` on a free loopback port: the URL of its empty
    ``tricktable_test`` database. As root, the cluster runs as the ``postgres`` user."""
    binaries = postgres_binaries()
    if binaries is None:
        raise Unavailable("PostgreSQL is not installed (no initdb)")
    as_owner: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            raise Unavailable("running as root without runuser to start PostgreSQL as postgres")
        as_owner = ["runuser", "-u", "postgres", "--"]
        shutil.chown(folder, "postgres", "postgres")
    data, port = folder / "data", free_port()
    initdb = [str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust"]
    _run([*as_owner, *initdb, "-E", "UTF8", "--no-locale"])
    control = [*as_owner, str(binaries / "pg_ctl"), "-D", str(data), "-w", "-t", "60"]
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    _run([*control, "-o", options, "-l", str(folder / "log"), "start"])
    try:
        createdb = [str(binaries / "createdb"), "-h", "127.0.0.1", "-p", str(port)]
        _run([*as_owner, *createdb, "-U", "postgres", "tricktable_test"])
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/tricktable_test"
    finally:
        subprocess.run([*control, "-m", "immediate", "stop"], check=False, timeout=60, **QUIET)


@contextmanager
def throwaway_redis(folder: Path) -> Iterator[str]:
    """A Redis server in ``folder`` on a free loopback port, saving nothing: its URL."""
    if shutil.which("redis-server") is None:
        raise Unavailable("Redis is not installed (no redis-server)")
    port = free_port()
    options = ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(folder)]
    process = subprocess.Popen(["redis-server", "--port", str(port), *options], **QUIET)
    try:
        _wait_for_port(port, process)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        raise Unavailable(f"{' '.join(command)} failed: {done.stderr.strip()}")


def _wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise Unavailable(f"redis-server exited at once (status {process.returncode})")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise Unavailable(f"redis-server did not listen on port {port} within {START_SECONDS} s")
