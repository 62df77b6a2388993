"""``--help`` in the player's language (tricktable.cli.help_words)."""

from __future__ import annotations

import pytest

pytest.importorskip("typer", reason='needs the cli extra: pip install "tricktable[cli]"')

import typer.main
from typer.testing import CliRunner

from tricktable.cli import app
from tricktable.cli.help_words import help_language, help_messages

runner = CliRunner()


def shown(args: list[str], lang: str) -> str:
    result = runner.invoke(app, args, env={"LANG": lang, "COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def test_a_commands_help_is_in_the_locales_language() -> None:
    german = shown(["play", "--help"], "de_DE.UTF-8")
    for words in ("Aufruf:", "Argumente", "Optionen", "Ein Spielname oder eine Regelzeile.",
                  "[Standard: heuristic]", "Diese Hilfe zeigen und beenden."):  # fmt: skip
        assert words in german
    assert "A game name or rules string." not in german


def test_the_command_list_is_in_the_locales_language_and_english_comes_back() -> None:
    french = shown(["--help"], "fr_FR.UTF-8")
    assert "Commandes" in french and "Lister les jeux, ou les options d'un jeu" in french
    english = shown(["--help"], "C.UTF-8")  # the English is kept, not the last translation
    assert "Commands" in english and "List the games, or the options of one game" in english
    assert "Show this message and exit." in english and "Optionen" not in english


def test_the_lang_flag_as_typed_comes_before_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert help_language(["play", "--lang", "ms", "--help"]).code == "ms"
    assert help_language(["play", "--lang=fr", "--help"]).code == "fr"
    assert help_language(["play", "--help"]).code == "de"
    assert help_language(["play", "--lang", "tlh", "--help"]).code == "en"


def test_the_catalogs_take_every_help_text_from_the_command_tree() -> None:
    pairs = list(help_messages(typer.main.get_command(app)))
    assert ("A game name or rules string.", "tricktable play --help: game_name") in pairs
    assert ("Seed of the deals.", "tricktable arena --help: seed") in pairs
    found = {english for english, _where in pairs}
    assert {"Options", "Usage:", "Show this message and exit."} <= found
    assert len(found) > 60
