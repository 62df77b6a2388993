"""Every Python example in the README and in docs/ runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
OPTIONAL_EXTRAS = {"torch", "sb3_contrib", "ray", "matplotlib"}
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def examples() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        for number, match in enumerate(BLOCK.finditer(page.read_text(encoding="utf-8"))):
            found.append((f"{page.name}#{number}", match.group(1)))
    return found


@pytest.mark.parametrize(("where", "code"), examples(), ids=[w for w, _ in examples()])
def test_documented_example_runs(where: str, code: str) -> None:
    namespace: dict[str, object] = {"__name__": "docs_example"}
    try:
        exec(compile(code, where, "exec"), namespace)
    except ModuleNotFoundError as exc:
        if exc.name not in OPTIONAL_EXTRAS:
            raise
        pytest.skip(f"{where} needs {exc.name}, from an optional extra that is not installed")
    assert namespace, where


def test_every_page_has_an_example_or_is_a_tool_page() -> None:
    assert examples(), "the docs lost all their examples"
