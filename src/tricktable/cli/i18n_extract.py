"""The message template of tricktable, and the command that brings every catalog up to date.

Two sources feed the template: the ``_()``/``gettext``/``ngettext`` calls of the modules named in
``babel.cfg`` (found by Babel's extractor), and the registry's words (each game's title and
summary, its options' descriptions, names and values), read from the games themselves so their
English stays where it is written. ``python -m tricktable.cli.i18n_extract`` (``scripts/i18n``)
updates the ``.po`` of every language (new messages untranslated, changed ones fuzzy) and
reports what each language still lacks.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from ..games import REGISTRY
from ..games import rules as tt_rules
from ..i18n import DOMAIN, LANGUAGES, PLACEHOLDER, catalog_path

__all__ = ["command_messages", "game_messages", "missing", "read_catalog", "template", "update"]

PACKAGE_DIR = Path(__file__).resolve().parents[1]
MAPPING = PACKAGE_DIR / "locale" / "babel.cfg"


def game_messages() -> Iterator[tuple[str, str]]:
    """(message, where) for every game's title, summary and option descriptions."""
    for game in REGISTRY.values():
        yield game.title, f"game {game.name}: title"
        yield game.summary, f"game {game.name}: summary"
        for option in game.options:
            where = f"game {game.name}: option {option.name}"
            yield option.description, where
            # the lobby's label and the values as the pages show them (words, not identifiers)
            yield option.name.replace("_", " "), f"{where}: its name"
            for choice in option.choices:
                yield str(choice).replace("_", " "), f"{where}: a value"
        for label, _options in game.presets:
            yield label, f"game {game.name}: preset"
        yield from table_messages(game)


def table_messages(game: Any) -> Iterator[tuple[str, str]]:
    """The words of a game's table descriptor (its ``table`` hook) under its standard rules and
    each preset: the browser table's how-to-play, choices and summaries, said by the server in
    the page's language."""
    if game.table is None:
        return
    for label, options in ((None, {}), *game.presets):
        rules = tt_rules(game.name, **dict(options))
        for text in descriptor_words(game.table(rules)):
            yield text, f"game {game.name}: table words" + (f" ({label})" if label else "")


def descriptor_words(node: Any, key: str | None = None) -> Iterator[str]:
    """Every word of a descriptor, as ``server.listing.worded`` translates them."""
    if isinstance(node, str):
        if node and key not in ("maker_key", "less", "less_own"):
            yield node
    elif isinstance(node, dict):
        for name, value in node.items():
            if name != "verbs":  # marked where they are written (N_, Nn_), plurals among them
                yield from descriptor_words(value, name)
    elif isinstance(node, list):
        for item in node:
            yield from descriptor_words(
                item[1:] if key == "summary" else item, key if key != "summary" else None
            )


def template() -> Catalog:
    """Every message the product translates, with English as the message id."""
    catalog = Catalog(domain=DOMAIN, project="tricktable")
    with MAPPING.open() as mapping:
        # Babel ships this reader of its own config format without annotations.
        method_map, options_map = parse_mapping_cfg(mapping)  # type: ignore[no-untyped-call]
    # a server's refusal, TableError(code, message, ...), is a message too
    keywords = {
        "_": None,
        "N_": None,
        "Nn_": (1, 2),
        "gettext": None,
        "ngettext": (1, 2),
        "TableError": (2,),
        # the engine's refusals of rules are English templates the server and terminal translate
        "RulesError": (1,),
        # a record's mismatch (verify.py): _fail(hand, "English template", **values)
        "_fail": (2,),
        "worded": (3,),
    }
    for filename, line, message, comments, _context in extract_from_dir(
        PACKAGE_DIR, method_map, options_map, keywords=keywords
    ):
        catalog.add(message, locations=[(filename, line)], auto_comments=comments)
    for message, where in game_messages():
        catalog.add(message, auto_comments=[where])
    for message, location in web_messages():
        catalog.add(message, locations=[location])
    for message, where in command_messages():
        catalog.add(message, auto_comments=[where])
    return catalog


def command_messages() -> Iterator[tuple[str, str]]:
    """The command line's ``--help`` words, from the live command tree."""
    import typer.main

    from . import app
    from .help_words import help_messages

    return help_messages(typer.main.get_command(app))


WEB_DIR = PACKAGE_DIR / "web"
# the browser's calls: t("English", {values}) and tn("one", "many", n, {values})
WEB_KEYWORDS = {"t": None, "tn": (1, 2)}
# the calls inside template literals too: the table's Preact templates are html`...${t("...")}`
WEB_OPTIONS = {"**.js": {"parse_template_string": "true"}}


def web_messages() -> Iterator[tuple[str | tuple[str, ...], tuple[str, int]]]:
    """The browser pages' words: the ``t``/``tn`` calls of their scripts (Babel's JavaScript
    extractor) and the text and marked attributes of their elements marked ``data-i18n``."""
    for filename, line, message, _comments, _context in extract_from_dir(
        WEB_DIR, [("**.js", "javascript")], WEB_OPTIONS, keywords=WEB_KEYWORDS
    ):
        yield message, (f"web/{filename}", line)
    for page in sorted(WEB_DIR.glob("*.html")):
        for line, message in page_words(page.read_text(encoding="utf-8")):
            yield message, (f"web/{page.name}", line)


class _PageWords(HTMLParser):
    """The words of a page: the title, each ``data-i18n`` element's text, and each attribute
    named by ``data-i18n-title``, ``data-i18n-placeholder`` or ``data-i18n-aria-label``."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []
        self._open: list[int] = []
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        line = self.getpos()[0]
        for attribute in ("title", "placeholder", "aria-label"):
            if f"data-i18n-{attribute}" in named and named.get(attribute):
                self.found.append((line, str(named[attribute])))
        if "data-i18n" in named or tag == "title":
            self._open.append(line)
            self._text = []

    def handle_data(self, data: str) -> None:
        self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            text = " ".join("".join(self._text).split())
            if text:
                self.found.append((self._open.pop(), text))
            else:
                self._open.pop()
            self._text = []


def page_words(html: str) -> list[tuple[int, str]]:
    """(line, English) for each marked word of a page (a marked element holds plain text only)."""
    parser = _PageWords()
    parser.feed(html)
    return parser.found


def read_catalog(code: str) -> Catalog:
    """The catalog of one language as its ``.po`` file holds it."""
    with catalog_path(code).open("rb") as file:
        return read_po(file, locale=code)


def missing(code: str, catalog: Catalog, source: Catalog) -> list[str]:
    """The messages of ``source`` that the catalog lacks, is unsure of (fuzzy) or changes the
    placeholders of; empty when it is complete."""
    problems = []
    for message in source:
        if not message.id:
            continue
        found = catalog.get(message.id)
        if found is None or found.fuzzy or not _translated(found.string or ()):
            problems.append(f"{code}: untranslated {message.id!r}")
            continue
        translations = _forms(found.string or ())
        for english, translated in zip(
            _english(message.id, len(translations)), translations, strict=True
        ):
            if sorted(PLACEHOLDER.findall(english)) != sorted(PLACEHOLDER.findall(translated)):
                problems.append(f"{code}: placeholders differ in {translated!r}")
    return problems


def _forms(text: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else tuple(text)


def _english(message_id: str | tuple[str, ...] | list[str], count: int) -> list[str]:
    """The English form each of a language's ``count`` forms translates (plural from the 2nd)."""
    singular, *plural = _forms(message_id)
    return [singular, *(plural[-1:] * (count - 1) if plural else [])]


def _translated(text: str | tuple[str, ...] | list[str]) -> bool:
    forms = _forms(text)
    return bool(forms) and all(form.strip() for form in forms)


def update() -> list[str]:
    """Merge the template into every language's catalog; return what each still lacks."""
    source = template()
    problems: list[str] = []
    for code in LANGUAGES[1:]:
        catalog = read_catalog(code)
        catalog.update(source)
        with catalog_path(code).open("wb") as file:
            write_po(file, catalog, sort_output=True, ignore_obsolete=True, width=100)
        problems += missing(code, catalog, source)
    return problems


def main() -> None:
    problems = update()
    print("\n".join(problems) or "every catalog is complete")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
