"""The compiled build's bookkeeping: the digests of the sources it compiled, and the warning
when a source has changed since (the build itself: test_cli_compile.py)."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from tricktable import compiled


def fake_package(tmp_path: Path, stamped: dict[str, str]) -> Path:
    """A package folder with the sources of ``stamped`` and a stamp of their digests."""
    package = tmp_path / "tricktable"
    for module, text in stamped.items():
        path = package.joinpath(*module.split(".")[1:]).with_suffix(".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    digests = {module: compiled.source_digest(module, package) for module in stamped}
    (package / compiled.STAMP).write_text(json.dumps(digests))
    return package


def test_a_package_without_a_build_has_nothing_stale(tmp_path: Path) -> None:
    (tmp_path / "tricktable").mkdir()
    assert compiled.stale_modules(tmp_path / "tricktable") == []


def test_a_build_is_current_until_a_source_changes_or_goes(tmp_path: Path) -> None:
    package = fake_package(tmp_path, {"tricktable.engine": "A = 1\n", "tricktable.x.y": "B = 2\n"})
    assert compiled.stale_modules(package) == []
    (package / "engine.py").write_text("A = 2\n")
    assert compiled.stale_modules(package) == ["tricktable.engine"]
    (package / "x" / "y.py").unlink()
    assert compiled.stale_modules(package) == ["tricktable.engine", "tricktable.x.y"]


def test_a_stale_build_warns_naming_its_modules(tmp_path: Path) -> None:
    package = fake_package(tmp_path, {"tricktable.deal": "C = 3\n"})
    (package / "deal.py").write_text("C = 4\n")
    with pytest.warns(RuntimeWarning, match=r"tricktable\.deal is older than its source"):
        compiled.warn_if_stale(package)


def test_the_pure_package_warns_of_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compiled.warn_if_stale()


def test_extension_files_are_told_from_sources() -> None:
    assert compiled.is_extension("engine.cpython-311-x86_64-linux-gnu.so")
    assert not compiled.is_extension("engine.py") and not compiled.is_extension(None)
