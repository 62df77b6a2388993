"""A game family outside tricktable, for the plug-in tests: a copy of a shipped family's
package (its ``batch/`` kernels and its weights too, named after the renamed games) with its
imports of tricktable made absolute and its games renamed, registered by an entry point of a
fake distribution (a ``*.dist-info`` folder) in a folder put on ``sys.path``."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import numpy as np

import tricktable as tt
from tricktable.games import FAMILIES

PACKAGE = Path(tt.__file__).resolve().parent

PREFIX = "toy-"
"""What each copied game's name starts with: Euchre's copy plays as ``toy-euchre``."""


def write_plugin(folder: Path, *, family: str = "euchre", entry: str = "toy") -> str:
    """Copy the shipped ``family`` into ``folder`` as the package ``toy_family`` whose games
    are renamed (:func:`renamed`) and have no aliases, and register it as ``entry``; returns
    the package's name."""
    source_root = PACKAGE / "games" / family
    package = folder / "toy_family"
    names = game_names(family)
    for source in sorted(source_root.rglob("*")):
        relative = source.relative_to(source_root)
        if source.is_dir() or "__pycache__" in relative.parts:
            continue
        (package / relative).parent.mkdir(parents=True, exist_ok=True)
        if source.suffix != ".py":  # weights and other data, named after their game
            copy_data(source, package / relative.with_name(renamed_file(source.name, names)), names)
            continue
        text = absolute_imports(source.read_text(encoding="utf-8"), depth=len(relative.parts))
        (package / relative).write_text(rename_games(text, names), encoding="utf-8")
    info = folder / "toy_family-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-family\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[tricktable.games]\n{entry} = toy_family\n")
    return package.name


def game_names(family: str) -> tuple[str, ...]:
    """The names of the games of a shipped family."""
    (package,) = [f for f in FAMILIES if f.__name__ == f"tricktable.games.{family}"]
    return tuple(game.name for game in package.GAMES)


def renamed(game: str) -> str:
    """The name a shipped game has in the plug-in's copy."""
    return PREFIX + game


def renamed_file(name: str, games: tuple[str, ...], separators: str = "-") -> str:
    """A data file's name in the copy: ``hasenpfeffer-auction.npz``, a file of the game
    ``hasenpfeffer``, as ``toy-hasenpfeffer-auction.npz`` (with ``separators="("``, a rules
    text: ``hasenpfeffer(pepper_bidding=true)`` or a game's name alone)."""

    def owns(game: str) -> bool:
        return name == game or any(name.startswith(game + mark) for mark in separators)

    owner = max((game for game in games if owns(game)), key=len, default=None)
    return name if owner is None else renamed(owner) + name[len(owner) :]


def copy_data(source: Path, target: Path, games: tuple[str, ...]) -> None:
    """A data file of the copy; a network's meta names the renamed game and its rules, as a
    family that trained its own networks would."""
    if source.suffix != ".npz":
        shutil.copyfile(source, target)
        return
    with np.load(source, allow_pickle=False) as data:
        arrays = {name: data[name] for name in data.files}
    meta = json.loads(str(arrays["meta"]))
    for key in ("game", "rules"):
        if key in meta:
            meta[key] = renamed_file(meta[key], games, separators="(")
    arrays["meta"] = np.array(json.dumps(meta, sort_keys=True))
    np.savez_compressed(target, **arrays)  # type: ignore[arg-type]


def rename_games(text: str, names: tuple[str, ...]) -> str:
    """A module's text with its GameDefs' names renamed and their aliases dropped (so that
    nothing the copy registers clashes with the shipped family)."""
    for name in names:
        text = text.replace(f'name="{name}"', f'name="{renamed(name)}"')
    return re.sub(r"aliases=\([^)]*\)", "aliases=()", text)


def absolute_imports(text: str, depth: int) -> str:
    """``from ...x`` (tricktable's module x, seen from a family's module ``depth`` folders
    down: 1 for the family's own modules) as ``from tricktable.x``, and ``from ..x`` (a module
    the families share, beside them in ``tricktable.games``) as ``from tricktable.games.x``."""
    for extra, package in ((2, "tricktable"), (1, "tricktable.games")):
        dots = r"\." * (depth + extra)
        pattern = re.compile(rf"^(\s*from ){dots}(?!\.)(\w*)", re.MULTILINE)
        text = pattern.sub(lambda m, p=package: f"{m[1]}{p}{'.' if m[2] else ''}{m[2]}", text)
    return text
