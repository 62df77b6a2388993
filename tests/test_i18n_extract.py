"""The catalogs are complete: every English message translated, placeholders kept, in de/fr/ms."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from tricktable.cli.i18n_extract import game_messages, missing, read_catalog, template
from tricktable.games import REGISTRY
from tricktable.i18n import LANGUAGES


@pytest.fixture(scope="module")
def source() -> Catalog:
    return template()


@pytest.mark.parametrize("code", LANGUAGES[1:])
def test_every_message_is_translated_with_its_placeholders(code: str, source: Catalog) -> None:
    assert missing(code, read_catalog(code), source) == []


def test_the_template_holds_the_marked_calls_and_every_games_words(source: Catalog) -> None:
    ids = {message.id for message in source}
    assert "values and meaning" in ids
    assert ("{count} option", "{count} options") in ids
    for game in REGISTRY.values():
        assert {game.title, game.summary} <= ids
        assert {option.description for option in game.options} <= ids
    assert {message for message, _where in game_messages()} <= ids


def test_a_missing_fuzzy_or_misplaced_message_is_reported(source: Catalog) -> None:
    catalog = read_catalog("de")
    catalog.delete("values and meaning")
    catalog["The lowest bid."].flags.add("fuzzy")
    catalog["values: {values}"].string = "Werte: {werte}"
    catalog["{count} option"].string = ("{count} Option", "Optionen")
    assert sorted(missing("de", catalog, source)) == [
        "de: placeholders differ in 'Optionen'",
        "de: placeholders differ in 'Werte: {werte}'",
        "de: untranslated 'The lowest bid.'",
        "de: untranslated 'values and meaning'",
    ]


def test_the_template_holds_the_browser_pages_words_and_each_games_table_words(
    source: Catalog,
) -> None:
    ids = {message.id for message in source}
    assert "Start a game" in ids  # a data-i18n mark of index.html
    assert "Score sheet" in ids  # a t() inside a Preact template literal
    assert ("{n} free seat", "{n} free seats") in ids  # a tn() call
    assert "Turn-up: order it up to make its suit trump" in ids  # Euchre's table words
    assert "Stick the dealer" in ids  # a preset's name


def test_every_module_that_marks_words_is_extracted() -> None:
    """A module calling ``N_``/``Nn_`` outside ``locale/babel.cfg`` has its words dropped from
    every catalog by the next ``scripts/i18n`` (as the core's verbs once were)."""
    import fnmatch
    import re
    from pathlib import Path

    import tricktable

    package = Path(tricktable.__file__).parent
    config = (package / "locale" / "babel.cfg").read_text(encoding="utf-8")
    patterns = re.findall(r"^\[python: (.+)\]$", config, flags=re.MULTILINE)
    marking = re.compile(r"\bNn?_\(")
    read_otherwise = {"i18n.py", "cli/help_words.py"}  # the markers; --help's words (help_messages)
    unlisted = [
        str(path.relative_to(package))
        for path in sorted(package.rglob("*.py"))
        if str(path.relative_to(package)) not in read_otherwise
        and marking.search(path.read_text(encoding="utf-8"))
        and not any(fnmatch.fnmatch(str(path.relative_to(package)), p) for p in patterns)
    ]  # fmt: skip
    assert unlisted == []
