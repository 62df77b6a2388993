"""No game's verb in the core or the web client: every verb a family declares (its GameDef's
``verbs``) is used only in its own folder, ``games/<family>/``. The core and the page read a
verb's registration (its shape and words, tricktable.verbs) and never its word.

The check looks for a family verb *used as a verb*: in Python, ``Kind.ALONE``, ``Kind("alone")``
or ``parse_action("alone")``, a comparison of a kind or a verb with ``"alone"``, ``startswith``
a verb's word, or notation with an argument (``"partner 3"``); in the page's scripts, a verb
compared with the word, ``verbs.has("alone")``, ``startsWith("exchange ...")`` or notation with
an argument. The same words as a phase's name, a view's key or a place (``phase == "give"``,
``details.general``, the widow) are not verbs and pass."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tricktable
from tricktable.games import REGISTRY
from tricktable.verbs import CORE_VERBS

PACKAGE = Path(tricktable.__file__).resolve().parent
FAMILY_WORDS = sorted(
    {kind.value for game in REGISTRY.values() for kind in game.verbs}
    - {kind.value for kind in CORE_VERBS}
)
_READERS = frozenset({"Kind", "parse_action", "parse", "verb", "startswith"})


def _core_modules() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if p.relative_to(PACKAGE).parts[0] != "games"]


def _is_verb_text(value: object, words: list[str]) -> bool:
    """A family verb's word, or notation starting with one and an argument."""
    return isinstance(value, str) and any(
        value == word or value.startswith(word + " ") for word in words
    )


def _mentions_a_kind(node: ast.AST) -> bool:
    """Whether an action's kind or a verb takes part (a hidden place's ``place.kind`` is no
    verb: "widow" is a place too)."""
    names = {
        n.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Attribute)
        and not (isinstance(n.value, ast.Name) and n.value.id == "place")
    }
    names |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    return bool(names & {"kind", "verb"})


def verb_uses(source: str, words: list[str]) -> list[int]:
    """The lines of Python ``source`` that use one of ``words`` as a verb."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "Kind" and node.attr.lower().replace("_", "-") in words:
                found.append(node.lineno)
        elif isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else None
            called = node.func.id if isinstance(node.func, ast.Name) else called
            texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if called in _READERS and any(_is_verb_text(t, words) for t in texts):
                found.append(node.lineno)
        elif isinstance(node, ast.Compare) and _mentions_a_kind(node):
            sides = [node.left, *node.comparators]
            constants = [s.value for s in sides if isinstance(s, ast.Constant)]
            if any(_is_verb_text(c, words) for c in constants):
                found.append(node.lineno)
        elif isinstance(node, ast.Constant) and _is_notation_of(node.value, words):
            found.append(node.lineno)
    return sorted(set(found))


_NOTATION = re.compile(r"[a-z-]+( [0-9A-Z?♣♦♥♠]{1,3})+")


def _is_notation_of(value: object, words: list[str]) -> bool:
    """Notation of one of ``words`` with its arguments: ``partner 3``, ``exchange 9C 8H``."""
    notation = isinstance(value, str) and _NOTATION.fullmatch(value) is not None
    return notation and _is_verb_text(value, words)


def js_verb_uses(source: str, words: list[str]) -> list[int]:
    """The lines of a page script that use one of ``words`` as a verb."""
    alternatives = "|".join(re.escape(w) for w in words)
    quoted = rf"[\"'`](?:{alternatives})[\"'`]"
    patterns = [
        rf"verb\w*\s*[!=]==?\s*{quoted}",
        rf"{quoted}\s*[!=]==?\s*\w*verb",
        rf"\.has\(\s*{quoted}\s*\)",
        rf"startsWith\(\s*[\"'`](?:{alternatives})[ \"'`]",
        rf"[\"'`](?:{alternatives}) [0-9A-Z?][^\"'`]*[\"'`]",
    ]
    found = re.compile("|".join(f"(?:{p})" for p in patterns))
    return [n for n, line in enumerate(source.splitlines(), 1) if found.search(line)]


def test_the_families_declare_verbs_of_their_own() -> None:
    assert {"order-up", "alone", "partner", "in", "widow", "exchange"} <= set(FAMILY_WORDS)


@pytest.mark.parametrize("path", _core_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_core_module_uses_a_game_verb(path: Path) -> None:
    assert verb_uses(path.read_text(encoding="utf-8"), FAMILY_WORDS) == []


def test_no_page_script_uses_a_game_verb() -> None:
    scripts = [p for p in sorted((PACKAGE / "web").rglob("*.js")) if "vendor" not in p.parts]
    assert scripts
    used = {
        str(p.relative_to(PACKAGE)): js_verb_uses(p.read_text(encoding="utf-8"), FAMILY_WORDS)
        for p in scripts
    }
    assert {name: lines for name, lines in used.items() if lines} == {}


def test_the_checks_find_a_verb_where_one_is_used() -> None:
    python = (
        "if action.kind is Kind.ALONE: pass\n"
        "x = Kind('widow')\n"
        "if kind.value == 'in': pass\n"
        "a = parse_action('partner 3')\n"
        "phase = 'give'\n"  # a phase's name is no verb
    )
    assert verb_uses(python, FAMILY_WORDS) == [1, 2, 3, 4]
    script = (
        'if (verb === "alone") x();\n'
        'if (verbs.has("in")) y();\n'
        'legal.filter((a) => a.startsWith("exchange "));\n'
        'if (view.phase === "give") z();\n'  # a phase
        'const tag = t("partner");\n'  # a word a player reads
    )
    assert js_verb_uses(script, FAMILY_WORDS) == [1, 2, 3]
