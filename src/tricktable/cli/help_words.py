"""``--help`` in the player's language.

The commands' help (their docstrings, each option's ``help=``) is written in English where the
command is; it is translated when the help is shown, in the language ``--lang`` names (read from
the command line as typed: ``--help`` is answered before any other option is parsed) else the
locale's (``LANG``). The catalogs take these words from the live command tree
(:func:`help_messages`), so a new command brings its help without marking it. The framework's
own words (typer's panel titles and "Usage:") are translated too.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import typer
import typer.rich_utils

from ..i18n import N_, LanguageError, Translator, choose_language, translator

__all__ = [
    "command_words",
    "help_language",
    "help_messages",
    "say_command",
    "say_params",
    "say_usage",
]

FRAMEWORK = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEFAULT_STRING": N_("[default: {}]"),
}
"""typer's words in its help panels: module constants it reads when it draws the help."""
USAGE = N_("Usage:")
HELP_OPTION = N_("Show this message and exit.")


def help_language(argv: Sequence[str] | None = None) -> Translator:
    """The words of the language the help is shown in (English for a language not known)."""
    args = list(sys.argv[1:] if argv is None else argv)
    flag = None
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            flag = args[index + 1]
        elif arg.startswith("--lang="):
            flag = arg.partition("=")[2]
    try:
        return translator(choose_language(flag, os.environ))
    except LanguageError:  # the command itself refuses the flag, once it runs
        return translator("en")


def command_words(lang: str | None) -> Translator:
    """The words a command speaks: ``--lang`` if given, else the locale's; an unknown language
    is the option's refusal."""
    try:
        return translator(choose_language(lang, os.environ))
    except LanguageError as exc:
        raise typer.BadParameter(str(exc), param_hint="--lang") from None


def _say(thing: Any, attribute: str, words: Translator) -> None:
    """Set ``thing.attribute`` to its English said in ``words`` (the English is kept, so a
    second help in another language translates the English, not the first translation)."""
    kept = f"_english_{attribute}"
    if not hasattr(thing, kept):
        setattr(thing, kept, getattr(thing, attribute, None))
    english = getattr(thing, kept)
    setattr(thing, attribute, words.gettext(english) if english else english)


def say_command(command: Any, words: Translator) -> None:
    """A command's help and short help, and typer's panel words, in ``words``' language."""
    _say(command, "help", words)
    _say(command, "short_help", words)
    for name, english in FRAMEWORK.items():
        setattr(typer.rich_utils, name, words.gettext(english))


def say_params(params: Sequence[Any], words: Translator) -> None:
    for param in params:
        if hasattr(param, "help"):
            _say(param, "help", words)


def say_usage(usage: str, words: Translator) -> str:
    return usage.replace(USAGE, words.gettext(USAGE), 1)


def help_messages(command: Any) -> Iterator[tuple[str, str]]:
    """(English, where) for every help text of a command tree and the framework's words."""
    yield from ((english, "the help's frame") for english in (*FRAMEWORK.values(), USAGE))
    yield HELP_OPTION, "the help's frame"
    yield from _tree_words(command, command.name or "tricktable")


def _english(thing: Any, attribute: str) -> str | None:
    english: str | None = getattr(thing, f"_english_{attribute}", getattr(thing, attribute, None))
    return english


def _tree_words(command: Any, path: str) -> Iterator[tuple[str, str]]:
    for text in (_english(command, "help"), _english(command, "short_help")):
        if text:
            yield text, f"{path} --help"
    for param in command.params:
        text = _english(param, "help")
        if text:
            yield text, f"{path} --help: {param.name}"
    for name, sub in getattr(command, "commands", {}).items():
        yield from _tree_words(sub, f"{path} {name}")
