"""No code outside tricktable/games/ names a game: every name-keyed table derives from the
registry (issue 23). Docstrings (and so doctests) may name games; code may not."""

from __future__ import annotations

import ast
from pathlib import Path

import tricktable as tt

PACKAGE = Path(tt.__file__).resolve().parent
GAMES = PACKAGE / "games"


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (of the module, classes, functions)
    or bare strings standing as statements (attribute docstrings)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for child in body if isinstance(body, list) else ():
            if isinstance(child, ast.Expr) and isinstance(child.value, ast.Constant):
                found.add(id(child.value))
    return found


def named_games(source: str, names: set[str]) -> list[tuple[int, str]]:
    """The (line, text) of every string constant in ``source`` that is a game's name."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and node.value.strip().lower() in names
    ]


def test_no_module_outside_the_games_names_a_game() -> None:
    names = set(tt.GAME_NAMES)
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if GAMES in path.parents:
            continue
        for line, text in named_games(path.read_text(encoding="utf-8"), names):
            found.append(f"{path.relative_to(PACKAGE)}:{line}: {text!r}")
    assert not found, "a game's name outside tricktable/games/:\n" + "\n".join(found)


def test_the_check_finds_a_name_in_code_and_not_in_a_docstring() -> None:
    source = '''"""A module about rams."""

def f() -> str:
    """Returns "rams", in a doctest: >>> f() == "rams" """
    return "rams" if True else "Bierspiel "
'''
    assert named_games(source, {"rams", "bierspiel"}) == [(5, "rams"), (5, "Bierspiel ")]
