"""``tricktable compile``: the compiled build answers exactly as the pure-Python engine does.

A copy of the package is compiled once (about a minute and a half of a C compiler); every
game with many options is then played in both builds and their digests compared (see
``compiled_digest.py``). The copy also shows the build's status, its warning once a source
changes and its removal.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("typer", reason='needs the cli extra: pip install "tricktable[cli]"')
pytest.importorskip("mypyc", reason='needs mypy: pip install "tricktable[compiled]"')
pytest.importorskip("setuptools", reason='needs setuptools: pip install "tricktable[compiled]"')
if shutil.which("cc") is None and shutil.which("gcc") is None:
    pytest.skip("needs a C compiler", allow_module_level=True)

import compiled_digest
import tricktable
from tricktable.cli.compile_cmd import modules_to_compile

TESTS = Path(__file__).parent
GAMES_PER_CASE = 3


def run(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """Python with ``root`` (holding a copy of the package) first on its path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(TESTS)])}
    return subprocess.run(
        [sys.executable, *args], env=env, cwd=root, capture_output=True, text=True, check=check
    )


def cli(root: Path, *args: str) -> str:
    return run(root, "-c", "from tricktable.cli import main; main()", *args).stdout


@pytest.fixture(scope="module")
def compiled_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a compiled copy of the tricktable package."""
    root = tmp_path_factory.mktemp("compiled")
    ignored = shutil.ignore_patterns("__pycache__", "*.so", "_compiled.json")
    shutil.copytree(Path(tricktable.__file__).parent, root / "tricktable", ignore=ignored)
    log = root / "compile.log"
    said = cli(root, "compile", "--log", str(log)).splitlines()
    modules = modules_to_compile()
    assert said == [
        *(f"compiled {m}" for m in modules),
        f"compiled {len(modules)} modules; restart Python to use them (log: {log})",
    ]
    assert log.stat().st_size > 0, "the compilers' output went to the log"
    return root


def test_a_failed_build_shows_the_log_s_end_and_where_it_is(tmp_path, monkeypatch, capsys):
    """The compilers write to the file descriptors: their words go to the log, not the
    screen, and a failure shows the log's end."""
    from tricktable.cli import compile_cmd

    def failing_build() -> list[str]:
        subprocess.run(["sh", "-c", "echo 'cc: error: boom' >&2; echo building"], check=False)
        raise RuntimeError("command 'cc' failed")

    monkeypatch.setattr(compile_cmd, "build", failing_build)
    log = tmp_path / "compile.log"
    with pytest.raises(compile_cmd.typer.Exit) as stopped:
        compile_cmd.compile_command(log=log)
    assert stopped.value.exit_code == 1
    shown = capsys.readouterr()
    assert "cc: error: boom" in shown.err and f"the whole log: {log}" in shown.err
    assert "building" not in shown.out
    assert "building" in log.read_text()


@pytest.mark.timeout(1500)
def test_the_compiled_build_answers_as_the_pure_engine_in_every_game(compiled_root: Path) -> None:
    answered = json.loads(
        run(compiled_root, str(TESTS / "compiled_digest.py"), str(GAMES_PER_CASE)).stdout
    )
    expected, steps = compiled_digest.digest(GAMES_PER_CASE)
    assert answered["compiled"] == sorted(modules_to_compile())
    assert (answered["digest"], answered["steps"]) == (expected, steps)
    assert steps > 10_000


@pytest.mark.timeout(1500)
def test_status_names_the_compiled_modules(compiled_root: Path) -> None:
    shown = cli(compiled_root, "compile", "--status")
    assert f"compiled: {len(modules_to_compile())} modules" in shown
    assert "tricktable.engine" in shown and "out of date" not in shown


@pytest.mark.timeout(1500)
def test_a_changed_source_is_named_as_out_of_date_then_removal_goes_back_to_python(
    compiled_root: Path, tmp_path: Path
) -> None:
    root = tmp_path / "copy"
    shutil.copytree(compiled_root, root)
    with (root / "tricktable" / "deal.py").open("a") as source:
        source.write("# changed after the build\n")
    warned = run(root, "-W", "error::RuntimeWarning", "-c", "import tricktable", check=False)
    assert warned.returncode != 0 and "tricktable.deal" in warned.stderr
    assert "out of date, compile again: tricktable.deal" in cli(root, "compile", "--status")
    assert "removed the compiled build" in cli(root, "compile", "--remove")
    assert cli(root, "compile", "--status").strip() == "pure Python (no compiled build)"
    assert not list(root.rglob("*.so"))
