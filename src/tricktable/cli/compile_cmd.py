"""``tricktable compile``: build, check or remove the optional compiled engine.

The build compiles the engine's hot modules (:data:`tricktable.compiled.CORE_MODULES` and each
game family's ``COMPILED``) with mypyc into C extensions beside their sources in the
installed package, and records each source's digest (see :mod:`tricktable.compiled`). It
needs mypy, setuptools and a C compiler (``pip install "tricktable[compiled]"``).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated

import typer

from .. import compiled
from ..games import FAMILIES
from .paths import user_data_dir

__all__ = ["build", "compile_command", "modules_to_compile", "register", "remove"]

GROUP = "tricktable_compiled"
"""The name of the shared library that holds the compiled modules' common code."""

TAIL = 30
"""Lines of the log shown when the build fails."""
MISSING = 'the compiled build needs mypy and setuptools: pip install "tricktable[compiled]"'


def modules_to_compile() -> tuple[str, ...]:
    """The core's hot modules and every family's ``COMPILED`` ones, as module names."""
    games = (f"{family.__name__}.{name}" for family in FAMILIES for name in family.COMPILED)
    return (*compiled.CORE_MODULES, *games)


def build(package: Path = compiled.PACKAGE, modules: Sequence[str] | None = None) -> list[str]:
    """Compile ``modules`` of the tricktable package in folder ``package`` in place; write
    the digests' stamp; return the modules compiled."""
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution  # type: ignore[import-untyped, unused-ignore]
    except ModuleNotFoundError as missing:
        raise typer.BadParameter(f"{MISSING} (missing module: {missing.name})") from None
    chosen = tuple(modules or modules_to_compile())
    root = package.parent
    with tempfile.TemporaryDirectory() as work, contextlib.chdir(root):
        sources = [str(compiled.source_path(m, package).relative_to(root)) for m in chosen]
        extensions = mypycify(sources, opt_level="3",
                              target_dir=os.path.join(work, "c"), group_name=GROUP)  # fmt: skip
        dist = Distribution({"name": GROUP, "ext_modules": extensions})
        # beside the sources (in place); objects and copies in the temporary folder
        here = "tricktable compile"
        dist.command_options["build_ext"] = {
            "inplace": (here, True),
            "build_temp": (here, os.path.join(work, "build")),
            "build_lib": (here, os.path.join(work, "lib")),
        }
        dist.run_command("build_ext")
    stamp = {module: compiled.source_digest(module, package) for module in chosen}
    (package / compiled.STAMP).write_text(json.dumps(stamp, indent=1, sort_keys=True) + "\n")
    return list(chosen)


def _built_files(package: Path) -> list[Path]:
    root = package.parent
    found = [path for path in package.rglob("*") if compiled.is_extension(str(path))]
    return found + [path for path in root.glob(f"{GROUP}__mypyc*") if path.is_file()]


def remove(package: Path = compiled.PACKAGE) -> int:
    """Delete the compiled build (every extension module and the stamp); the files removed."""
    files = _built_files(package)
    stamp = package / compiled.STAMP
    if stamp.exists():
        files.append(stamp)
    for path in files:
        path.unlink()
    return len(files)


def compile_command(
    remove_build: Annotated[
        bool, typer.Option("--remove", help="go back to the pure-Python engine")
    ] = False,
    status: Annotated[
        bool, typer.Option("--status", help="say which build runs, and whether it is current")
    ] = False,
    log: Annotated[
        Path | None, typer.Option(help="Where the compilers' output goes (default: a data file).")
    ] = None,
) -> None:
    """Compile the engine's hot modules with mypyc (same answers, faster), check or remove it."""
    if status:
        _print_status()
    elif remove_build:
        typer.echo(f"removed the compiled build ({remove(compiled.PACKAGE)} files)")
    else:
        _build_logged(log or user_data_dir() / "tricktable" / "compile.log")


def _build_logged(log: Path) -> None:
    """Build with mypyc's and the C compiler's output in ``log``: one line a module here, and
    the log's end if the build fails."""
    log.parent.mkdir(parents=True, exist_ok=True)
    try:
        with _output_to(log):
            done = build()
    except (Exception, SystemExit) as failure:  # a compiler fails in its own ways
        tail = log.read_text(errors="replace").splitlines()[-TAIL:]
        typer.echo("\n".join(tail), err=True)
        typer.echo(f"the build failed ({failure}); the whole log: {log}", err=True)
        raise typer.Exit(1) from None
    for module in done:
        typer.echo(f"compiled {module}")
    typer.echo(f"compiled {len(done)} modules; restart Python to use them (log: {log})")


@contextlib.contextmanager
def _output_to(log: Path) -> Iterator[None]:
    """Send this process's standard output and error, the C compiler's included (it writes
    to the file descriptors, not to ``sys.stdout``), to ``log``."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    with log.open("w") as sink:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)


def _print_status() -> None:
    import tricktable  # noqa: F401  (every compiled module the engine uses, imported)

    running = compiled.compiled_modules()
    stale = compiled.stale_modules()
    if not running:
        typer.echo("pure Python (no compiled build)")
        return
    typer.echo(f"compiled: {len(running)} modules ({', '.join(running)})")
    if stale:
        typer.echo(f"out of date, compile again: {', '.join(stale)}")


def register(app: typer.Typer) -> None:
    app.command("compile")(compile_command)
