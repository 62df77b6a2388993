"""A game family outside tricktable, for the plug-in tests: a copy of a shipped family's
package with its imports of tricktable made absolute and its game renamed, registered by an
entry point of a fake distribution (a ``*.dist-info`` folder) in a folder put on ``sys.path``."""

from __future__ import annotations

import re
from pathlib import Path

import tricktable as tt

PACKAGE = Path(tt.__file__).resolve().parent
UP_TO_TRICKTABLE = re.compile(r"^(\s*from )\.\.\.(\w*)", re.MULTILINE)


def write_plugin(
    folder: Path, *, family: str = "euchre", game: str = "toy-euchre", entry: str = "toy"
) -> str:
    """Copy the shipped ``family`` into ``folder`` as the package ``toy_family`` whose one
    game is renamed ``game``, and register it as ``entry``; returns the package's name."""
    package = folder / "toy_family"
    package.mkdir(parents=True)
    for source in sorted((PACKAGE / "games" / family).glob("*.py")):
        text = UP_TO_TRICKTABLE.sub(_absolute, source.read_text(encoding="utf-8"))
        if source.name == "__init__.py":
            text = text.replace(f'name="{family}"', f'name="{game}"', 1)
        (package / source.name).write_text(text, encoding="utf-8")
    info = folder / "toy_family-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-family\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[tricktable.games]\n{entry} = toy_family\n")
    return package.name


def _absolute(match: re.Match[str]) -> str:
    """``from ...x`` (tricktable's module x seen from a family's) as ``from tricktable.x``."""
    return f"{match.group(1)}tricktable{'.' if match.group(2) else ''}{match.group(2)}"
