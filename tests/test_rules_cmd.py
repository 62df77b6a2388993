"""``tricktable rules`` in the player's language: German, French and Malay words, and no English
left behind (the pseudo-locale run)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tricktable.cli import app
from tricktable.games import GAME_NAMES, REGISTRY

runner = CliRunner()
# No locale variable of the machine running the tests may choose the language.
ENGLISH_MACHINE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def rules(*args: str, width: int = 1000, **environ: str) -> str:
    env = {**ENGLISH_MACHINE, "COLUMNS": str(width), **environ}
    result = runner.invoke(app, ["rules", *args], env=env)
    assert result.exit_code == 0, result.output
    return result.output


def test_hasenpfeffer_in_german_has_german_headings_and_descriptions() -> None:
    out = rules("hasenpfeffer", "--lang", "de")
    assert "Optionen von Einfacher Hasenpfeffer (hasenpfeffer)" in out
    for heading in ("Option", "Vorgabe", "Werte und Bedeutung", "17 Optionen"):
        assert heading in out
    assert "Das niedrigste Gebot." in out
    assert "Punkte, die das Spiel gewinnen." in out
    assert "Werte: 1..1.000.000" in out  # numbers as German writes them
    assert "Auch genannt: single-hasenpfeffer, sh, pepper" in out
    assert "The lowest bid." not in out and "values and meaning" not in out


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (
            "fr",
            ["Les jeux de tricktable", "jouable", "oui", "Hasenpfeffer simple : Quatre joueurs"],
        ),
        ("ms", ["Permainan tricktable", "boleh dimainkan", "ya", "Hasenpfeffer Tunggal: Empat"]),
        ("en", ["tricktable games", "playable", "yes", "Single Hasenpfeffer: Four players"]),
    ],
)
def test_the_games_table_in_each_language(code: str, words: list[str]) -> None:
    out = rules("--lang", code)
    for word in words:
        assert word in out


def test_lang_is_taken_from_the_environment_and_the_flag_wins() -> None:
    assert "valeurs et sens" in rules("rams", LANG="fr_FR.UTF-8")
    assert "nilai dan maksud" in rules("rams", "--lang", "ms", LANG="fr_FR.UTF-8")
    assert "values and meaning" in rules("rams")


def test_card_words_are_the_players_own() -> None:
    assert "A K D B 10 9" in rules("double-hasenpfeffer", "--lang", "de")
    assert "R D V A 10 9 8 7" in rules("rams", "--lang", "fr")
    assert "7 daiman (7D)" in rules("bierspiel", "--lang", "ms")


def test_an_unknown_language_is_refused() -> None:
    result = runner.invoke(
        app, ["rules", "--lang", "tlh"], env={**ENGLISH_MACHINE, "COLUMNS": "200"}
    )
    assert result.exit_code == 2
    assert "'tlh' is not known; use one of en, de, fr, ms" in result.output


def _typed_words() -> set[str]:
    """The words a player types (game, alias, option and value names): never translated."""
    words = {"true", "false", *GAME_NAMES}
    for game in REGISTRY.values():
        words |= {game.name, *game.aliases}
        for option in game.options:
            words |= {option.name, *option.choices, option.format(option.default)}
    return words


@pytest.mark.parametrize("game", [None, *sorted(REGISTRY)])
def test_the_pseudo_locale_finds_no_english_left(game: str | None) -> None:
    out = rules(*([game] if game else []), "--lang", "xx")
    assert "⟦" in out
    typed = _typed_words()
    tokens = re.split(r"[\s,│┃┏┓┗┛┡┩━─└┘┌┐├┤┼╇╈┳┻╋]+", out)
    words = (token.strip("⟦⟧():.'") for token in tokens)
    english = [word for word in words if re.search(r"[A-Za-z]", word) and word not in typed]
    assert english == []


def test_the_examples_of_docs_languages_run_as_written() -> None:
    page = (Path(__file__).parents[1] / "docs" / "languages.md").read_text(encoding="utf-8")
    examples = re.findall(r"^\$ tricktable rules (.+)\n(.+)$", page, flags=re.MULTILINE)
    assert len(examples) == 3
    for command, first_line in examples:
        assert first_line.strip() in rules(*command.split())
