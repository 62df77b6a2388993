"""No code outside tricktable/games/ names a game: every name-keyed table derives from the
registry (issue 23). Docstrings (and so doctests) may name games; code may not."""

from __future__ import annotations

import ast
import re
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


WEB = PACKAGE / "web"
_JS_STRING = re.compile(r"""(["'`])((?:\\.|(?!\1).)*?)\1""")


def js_named_games(source: str, names: set[str]) -> list[tuple[int, str]]:
    """The (line, text) of every JavaScript string literal in ``source`` that is a game's name
    (comments are not strings; a name inside a longer text is not a switch on it)."""
    found = []
    for number, line in enumerate(source.splitlines(), 1):
        code = line.split("//", 1)[0] if not line.lstrip().startswith("*") else ""
        found += [(number, m.group(2)) for m in _JS_STRING.finditer(code)
                  if m.group(2).strip().lower() in names]  # fmt: skip
    return found


def test_no_browser_script_switches_on_a_games_name() -> None:
    """The browser learns each game's words from the server's descriptor (issue 23)."""
    names = set(tt.GAME_NAMES)
    found = []
    for path in sorted(WEB.rglob("*.js")):
        if "vendor" in path.relative_to(WEB).parts:
            continue
        for line, text in js_named_games(path.read_text(encoding="utf-8"), names):
            found.append(f"{path.relative_to(WEB)}:{line}: {text!r}")
    assert not found, "a game's name in the browser's code:\n" + "\n".join(found)


def test_the_browser_check_finds_a_quoted_name_and_not_a_comment() -> None:
    source = """// rams and "bierspiel" in a comment
if (view.game === "rams" || game === 'bierspiel') return `Rounce`;
const title = "Rams for up to nine";"""
    assert js_named_games(source, {"rams", "bierspiel", "rounce"}) == [
        (2, "rams"), (2, "bierspiel"), (2, "Rounce"),
    ]  # fmt: skip
