"""A game family outside tricktable, for the plug-in tests: a copy of a shipped family's
package (its ``batch/`` kernels too) with its imports of tricktable made absolute and its game
renamed, registered by an entry point of a fake distribution (a ``*.dist-info`` folder) in a
folder put on ``sys.path``."""

from __future__ import annotations

import re
from pathlib import Path

import tricktable as tt

PACKAGE = Path(tt.__file__).resolve().parent


def write_plugin(
    folder: Path, *, family: str = "euchre", game: str = "toy-euchre", entry: str = "toy"
) -> str:
    """Copy the shipped ``family`` into ``folder`` as the package ``toy_family`` whose one
    game is renamed ``game``, and register it as ``entry``; returns the package's name."""
    source_root = PACKAGE / "games" / family
    package = folder / "toy_family"
    for source in sorted(source_root.rglob("*.py")):
        relative = source.relative_to(source_root)
        text = absolute_imports(source.read_text(encoding="utf-8"), depth=len(relative.parts))
        if relative == Path("__init__.py"):
            text = text.replace(f'name="{family}"', f'name="{game}"', 1)
        (package / relative).parent.mkdir(parents=True, exist_ok=True)
        (package / relative).write_text(text, encoding="utf-8")
    info = folder / "toy_family-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-family\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[tricktable.games]\n{entry} = toy_family\n")
    return package.name


def absolute_imports(text: str, depth: int) -> str:
    """``from ...x`` (tricktable's module x, seen from a family's module ``depth`` folders
    down: 1 for the family's own modules) as ``from tricktable.x``."""
    dots = r"\." * (depth + 2)
    pattern = re.compile(rf"^(\s*from ){dots}(\w*)", re.MULTILINE)
    return pattern.sub(lambda m: f"{m[1]}tricktable{'.' if m[2] else ''}{m[2]}", text)
